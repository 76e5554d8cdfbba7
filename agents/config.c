/* SPDX-License-Identifier: MIT
 *
 * config.c -- agent parameters from an INI file, read with inih. See
 * agent_config_read in agent.h.
 *
 *   [mcts]
 *   c = 1.41
 *   rollout_depth = 10
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "agent.h"

typedef struct cfg {
    const char *name;
    char **settings;
    int n, max;
    char msg[256];        /* the first error, without the place */
} cfg;

/* Keeps the first error; returns 0 (inih: stop counting this line as good). */
static int fail(cfg *c, const char *what, const char *a, const char *b) {
    if (c->msg[0]) return 0;
    if (strcmp(what, "outside") == 0) snprintf(c->msg, sizeof c->msg, "'%s' is outside any [agent] section", a);
    else if (strcmp(what, "section") == 0) snprintf(c->msg, sizeof c->msg, "[%s] is not an agent", a);
    else if (strcmp(what, "key") == 0) snprintf(c->msg, sizeof c->msg, "agent '%s' has no parameter '%s'", a, b);
    else if (strcmp(what, "number") == 0) snprintf(c->msg, sizeof c->msg, "parameter '%s' needs a number, not '%s'", a, b);
    else if (strcmp(what, "many") == 0) snprintf(c->msg, sizeof c->msg, "too many settings for agent '%s'", a);
    else snprintf(c->msg, sizeof c->msg, "out of memory");
    return 0;
}

static int handler(void *user, const char *section, const char *key, const char *value) {
    cfg *c = user;
    if (!section[0]) return fail(c, "outside", key, "");
    const agent_def *def = agent_find(section);
    if (!def) return fail(c, "section", section, "");
    int k = 0;
    while (k < def->nparams && strcmp(def->params[k].key, key) != 0) k++;
    if (k == def->nparams) return fail(c, "key", section, key);
    char *end;
    strtod(value, &end);
    if (end == value || *end) return fail(c, "number", key, value);
    if (strcmp(section, c->name) != 0) return 1;
    if (c->n >= c->max) return fail(c, "many", section, "");
    size_t len = strlen(key) + strlen(value) + 2;
    char *kv = malloc(len);
    if (!kv) return fail(c, "memory", "", "");
    snprintf(kv, len, "%s=%s", key, value);
    c->settings[c->n++] = kv;
    return 1;
}

int agent_config_read(const char *path, const char *name, char **settings, int n, int max, char *why, size_t whysize) {
    cfg c = {name, settings, n, max, ""};
    int line = ini_parse(path, handler, &c);
    if (line == 0) return c.n;
    if (line == -1) snprintf(why, whysize, "%s: cannot open config file", path);
    else if (line == -2) snprintf(why, whysize, "%s: out of memory", path);
    else snprintf(why, whysize, "%s:%d: %s", path, line, c.msg[0] ? c.msg : "not a 'key = value' line");
    agent_config_free(settings + n, c.n - n);
    return -1;
}

void agent_config_free(char **settings, int n) {
    for (int k = 0; k < n; k++) free(settings[k]);
}
