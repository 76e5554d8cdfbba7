/* SPDX-License-Identifier: MIT
 *
 * config.c -- agent parameters from an INI file, read with the shared
 * reader (inifile.h): every section must be an agent, every key one of its
 * parameters with a number; the first error by line is reported. See
 * agent_config_read in agent.h.
 *
 *   [mcts]
 *   c = 1.41
 *   rollout_depth = 10
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "inifile.h"

/* The first error of section 's' (agent 'def', NULL when unknown) by line:
 * its line, with the message in 'msg'; 0 when it has none. */
static int section_error(const inifile_section *s, const agent_def *def, char *msg, size_t size) {
    if (!s->name[0]) return snprintf(msg, size, "'%s' is outside any [agent] section", s->kv[0].key), s->kv[0].line;
    if (!def) return snprintf(msg, size, "[%s] is not an agent", s->name), s->line;
    for (int j = 0; j < s->n; j++) {
        const inifile_kv *kv = &s->kv[j];
        int k = 0;
        while (k < def->nparams && strcmp(def->params[k].key, kv->key) != 0) k++;
        if (k == def->nparams)
            return snprintf(msg, size, "agent '%s' has no parameter '%s'", s->name, kv->key), kv->line;
        char *end;
        strtod(kv->value, &end);
        if (end == kv->value || *end)
            return snprintf(msg, size, "parameter '%s' needs a number, not '%s'", kv->key, kv->value), kv->line;
    }
    return 0;
}

/* The file's first error by line (the reader's or a section's): its line,
 * with the message in 'msg'; 0 when there is none. */
static int first_error(inifile *f, char *msg, size_t size) {
    int line = 0;
    inifile_errors_sort(f);
    if (f->nerrs) line = f->errs[0].line, snprintf(msg, size, "%s", f->errs[0].msg);
    for (int k = 0; k < f->nsecs; k++) {
        char m[256];
        int at = section_error(&f->secs[k], agent_find(f->secs[k].name), m, sizeof m);
        if (at && (!line || at < line)) line = at, snprintf(msg, size, "%s", m);
    }
    return line;
}

int agent_config_read(const char *path, const char *name, char **settings, int n, int max, char *why, size_t whysize) {
    inifile f;
    char msg[256] = "";
    int start = n;
    if (inifile_read(path, &f)) {
        snprintf(why, whysize, "%s: %s", path, f.nerrs ? f.errs[0].msg : "cannot read");
        inifile_free(&f);
        return -1;
    }
    int line = first_error(&f, msg, sizeof msg);
    const inifile_section *s = line ? NULL : inifile_section_of(&f, name);
    for (int j = 0; s && j < s->n && !line; j++) {
        size_t len = strlen(s->kv[j].key) + strlen(s->kv[j].value) + 2;
        if (n >= max) line = s->kv[j].line, snprintf(msg, sizeof msg, "too many settings for agent '%s'", name);
        else if (!(settings[n] = malloc(len))) line = s->kv[j].line, snprintf(msg, sizeof msg, "out of memory");
        else snprintf(settings[n++], len, "%s=%s", s->kv[j].key, s->kv[j].value);
    }
    inifile_free(&f);
    if (!line) return n;
    snprintf(why, whysize, "%s:%d: %s", path, line, msg);
    agent_config_free(settings + start, n - start);
    return -1;
}
void agent_config_free(char **settings, int n) {
    for (int k = 0; k < n; k++) free(settings[k]);
}
