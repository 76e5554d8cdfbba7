/* SPDX-License-Identifier: MIT
 *
 * batch.c -- 'vgdl batch FILE.ini': every game x level x agent x seed the
 * file lists, played in parallel worker processes, one row per run appended
 * to OUT/runs.csv and OUT/runs.jsonl as each run ends; resumable, shardable
 * (--shard K/N), and printable or submittable as a Slurm job array. A game
 * for two agents taking turns (turns{} with two agents, neither chance) is
 * played round-robin instead: every pair of listed agents, each seed twice,
 * once with each agent moving first.
 *
 * The parent process alone writes results: one write() per row and file,
 * O_APPEND, fdatasync at least every sync_seconds. On start it cuts a torn
 * last line, makes the two files agree, and skips the runs already there.
 * Workers are forked after the games are loaded; each plays runs one after
 * another, creating its agent afresh for each, with its address space
 * limited (RLIMIT_AS). A worker that dies takes only its current run with
 * it (recorded as crashed, timeout, oom or error); the parent starts
 * another. docs/batch.md describes every key and the files.
 */
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <ini.h>
#include <malloc.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "agent.h"
#include "cli.h"
#include "runs.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1           /* ASan reserves terabytes of address space: no RLIMIT_AS */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define MAX_RUNS 10000000LL
#define MAX_ERRORS 64
#define QMAX 32                 /* runs a worker may have queued */

/* ---- The configuration --------------------------------------------------- */

typedef struct ini_kv {
    char key[64];
    char *value;
    int line;
} ini_kv;

typedef struct ini_section {
    char name[ROW_AGENT];
    int line;
    ini_kv *kv;
    int n, cap;
    int used;                   /* an agent refers to it */
} ini_section;

typedef struct agent_spec {
    char label[ROW_AGENT];      /* its name in 'agents' and in the results */
    char impl[ROW_AGENT];       /* the registered agent that plays */
    const char *settings[CLI_MAX_SET * 2];
    int lines[CLI_MAX_SET * 2];
    int nset;
    agent_budget budget;        /* the batch's, or the section's own budget_ms / budget_calls */
    char config[17];
} agent_spec;

typedef struct batch {
    const char *path;           /* the INI file */
    ini_section *secs;
    int nsecs;
    struct { int line; char msg[700]; } errs[MAX_ERRORS];
    int nerrs;

    char (*games)[ROW_GAME];
    char (*scripts)[4096];
    int ngames;
    char (*levels)[ROW_LEVEL];
    int nlevels;
    agent_spec *agents;
    int nagents;
    long long *seeds;
    int nseeds;
    vg_game **loaded;           /* [game * nlevels + level] */
    int *two;                   /* [game]: two agents take turns (round-robin) */
    long long *slots;           /* [game]: runs per level and seed: agents, or ordered pairs of agents */
    long long *offset;          /* [game]: its first run within a seed */
    long long per_seed;         /* runs per seed */
    int self_play;              /* two-player games: also each agent against itself */

    int workers, workers_set;
    char out[4096];
    agent_budget budget;
    int max_ticks;
    unsigned long long seed;
    double time_limit;          /* seconds a run may take, 0: none */
    long memory_mb;             /* per worker process, 0: none */
    long runs_per_worker;       /* 0: any number */
    double sync_seconds;
    int shards;
    const char *slurm_partition, *slurm_time, *slurm_args;
    long long total;            /* runs in the whole batch */
} batch;

static void add_error(batch *b, int line, const char *fmt, ...) {
    if (b->nerrs == MAX_ERRORS) return;
    va_list ap;
    va_start(ap, fmt);
    b->errs[b->nerrs].line = line;
    vsnprintf(b->errs[b->nerrs].msg, sizeof b->errs[b->nerrs].msg, fmt, ap);
    b->nerrs++;
    va_end(ap);
}

static int err_cmp(const void *a, const void *b) {
    const int la = *(const int *)a, lb = *(const int *)b;
    return (la > lb) - (la < lb);
}

/* Prints the errors sorted by line; returns 2. */
static int print_errors(batch *b) {
    qsort(b->errs, (size_t)b->nerrs, sizeof b->errs[0], err_cmp);
    for (int k = 0; k < b->nerrs; k++) {
        if (b->errs[k].line) fprintf(stderr, "%s:%d: %s\n", b->path, b->errs[k].line, b->errs[k].msg);
        else fprintf(stderr, "%s: %s\n", b->path, b->errs[k].msg);
    }
    if (b->nerrs == MAX_ERRORS) fprintf(stderr, "%s: (more errors not shown)\n", b->path);
    return 2;
}

/* ---- Reading the INI file (inih, with line numbers) ------------------------ */

typedef struct reader {
    FILE *f;
    batch *b;
    int lineno, indented;
    ini_section *cur;
    ini_kv *last;
} reader;

static char *trim(char *s) {
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

/* inih's line reader: counts lines, notes section headers and indentation. */
static char *ini_read(char *str, int num, void *stream) {
    reader *r = stream;
    if (!fgets(str, num, r->f)) return NULL;
    r->lineno++;
    size_t n = strlen(str);
    if (n && str[n - 1] != '\n' && !feof(r->f)) {
        int c;
        while ((c = fgetc(r->f)) != EOF && c != '\n') {}
        add_error(r->b, r->lineno, "line longer than %d characters", num - 2);
        str[0] = '\0';
        return str;
    }
    r->indented = str[0] == ' ' || str[0] == '\t';
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", str);
    char *t = trim(tmp);
    if (r->lineno == 1 && (unsigned char)t[0] == 0xef && (unsigned char)t[1] == 0xbb && (unsigned char)t[2] == 0xbf) t += 3;
    char *close = t[0] == '[' ? strchr(t, ']') : NULL;
    if (close) {
        *close = '\0';
        char *name = trim(t + 1);
        batch *b = r->b;
        r->last = NULL;
        for (int k = 0; k < b->nsecs; k++)
            if (strcmp(b->secs[k].name, name) == 0) {
                add_error(b, r->lineno, "section [%s] appears twice (first on line %d)", name, b->secs[k].line);
                r->cur = &b->secs[k];
                return str;
            }
        if (strlen(name) >= ROW_AGENT) {
            add_error(b, r->lineno, "section name longer than %d characters", ROW_AGENT - 1);
            name[ROW_AGENT - 1] = '\0';
        }
        ini_section *ns = realloc(b->secs, (size_t)(b->nsecs + 1) * sizeof *ns);
        if (!ns) return NULL;
        b->secs = ns;
        r->cur = &b->secs[b->nsecs++];
        *r->cur = (ini_section){0};
        snprintf(r->cur->name, sizeof r->cur->name, "%s", name);
        r->cur->line = r->lineno;
    }
    return str;
}

static int ini_handle(void *user, const char *section, const char *name, const char *value) {
    reader *r = user;
    batch *b = r->b;
    (void)section;
    if (!r->cur) {
        add_error(b, r->lineno, "'%s' is outside any section (put the batch's keys under [batch])", name);
        return 1;
    }
    if (r->indented && r->last && strcmp(r->last->key, name) == 0) {   /* a continuation line */
        size_t n = strlen(r->last->value) + strlen(value) + 3;
        char *v = malloc(n);
        if (!v) return 0;
        snprintf(v, n, "%s, %s", r->last->value, value);
        free(r->last->value);
        r->last->value = v;
        return 1;
    }
    ini_section *s = r->cur;
    for (int k = 0; k < s->n; k++)
        if (strcmp(s->kv[k].key, name) == 0) {
            add_error(b, r->lineno, "'%s' is set twice in [%s] (first on line %d)", name, s->name, s->kv[k].line);
            return 1;
        }
    if (strlen(name) >= sizeof s->kv[0].key) {
        add_error(b, r->lineno, "key '%.40s...' is too long", name);
        return 1;
    }
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;
        ini_kv *nk = realloc(s->kv, (size_t)cap * sizeof *nk);
        if (!nk) return 0;
        s->kv = nk;
        s->cap = cap;
    }
    ini_kv *kv = &s->kv[s->n++];
    snprintf(kv->key, sizeof kv->key, "%s", name);
    kv->value = strdup(value);
    kv->line = r->lineno;
    r->last = kv;
    return kv->value ? 1 : 0;
}

/* ---- Values ------------------------------------------------------------------ */

static const struct {
    const char *key, *help;
} batch_keys[] = {
    {"games", "games: names (scripts/NAME.lua) or script paths"},
    {"levels", "levels: indices, ranges A-B, or map paths (globs allowed)"},
    {"agents", "agents: registered names, or names of [sections] with an 'agent' key"},
    {"seeds", "seeds: numbers and ranges A-B"},
    {"workers", "worker processes"},
    {"out", "the results folder"},
    {"budget_ms", "milliseconds per decision"},
    {"budget_calls", "forward-model calls per decision"},
    {"max_ticks", "ticks a run may last"},
    {"seed", "the batch seed"},
    {"time_limit", "seconds one run may take before it is killed"},
    {"memory_mb", "address space of a worker process, MiB"},
    {"runs_per_worker", "runs a worker process plays before it is replaced"},
    {"sync_seconds", "seconds between fdatasync calls"},
    {"self_play", "1: in two-player games, each agent also plays itself"},
    {"shards", "Slurm array tasks"},
    {"slurm_partition", "Slurm partition"},
    {"slurm_time", "Slurm time limit of one array task"},
    {"slurm_args", "more sbatch options"},
};
#define NUM_BATCH_KEYS ((int)(sizeof batch_keys / sizeof batch_keys[0]))

static const ini_kv *find_kv(const ini_section *s, const char *key) {
    for (int k = 0; s && k < s->n; k++)
        if (strcmp(s->kv[k].key, key) == 0) return &s->kv[k];
    return NULL;
}

/* A number in [lo, hi]; 'integer' requires a whole number. 0, or -1 after an error. */
static int num_value(batch *b, const ini_kv *kv, double lo, double hi, int integer, double *out) {
    char *end;
    errno = 0;
    double v = strtod(kv->value, &end);
    if (end == kv->value || *trim(end) || errno || !isfinite(v) || (integer && v != floor(v)) || v < lo || v > hi) {
        if (hi >= 1e18) add_error(b, kv->line, "'%s' needs %s >= %g, not '%s'", kv->key, integer ? "a whole number" : "a number", lo, kv->value);
        else add_error(b, kv->line, "'%s' needs %s from %g to %g, not '%s'", kv->key, integer ? "a whole number" : "a number", lo, hi, kv->value);
        return -1;
    }
    *out = v;
    return 0;
}

/* Splits a comma-separated list in place; returns the item count, or -1 after an error. */
static int split_list(batch *b, const ini_kv *kv, char *text, char **items, int max) {
    int n = 0;
    char *p = text;
    for (;;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        char *item = trim(p);
        if (!*item) {
            add_error(b, kv->line, "'%s' has an empty item", kv->key);
            return -1;
        }
        if (n == max) {
            add_error(b, kv->line, "'%s' has more than %d items", kv->key, max);
            return -1;
        }
        items[n++] = item;
        if (!comma) return n;
        p = comma + 1;
    }
}

static int all_digits(const char *s) {
    if (!*s) return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return 0;
    return 1;
}

/* "N" or "A-B" (A <= B); 1 and the range when it is one, 0 when it is not
 * numeric at all, -1 when it looks numeric but is bad. */
static int parse_range(const char *item, long long *a, long long *z) {
    const char *dash = strchr(item, '-');
    char left[32], right[32];
    if (!dash) {
        if (!all_digits(item)) return isdigit((unsigned char)item[0]) ? -1 : 0;
        if (strlen(item) > 15) return -1;
        *a = *z = atoll(item);
        return 1;
    }
    size_t ln = (size_t)(dash - item);
    if (ln >= sizeof left || strlen(dash + 1) >= sizeof right) return -1;
    memcpy(left, item, ln);
    left[ln] = '\0';
    snprintf(right, sizeof right, "%s", dash + 1);
    char *l = trim(left), *r = trim(right);
    if (!all_digits(l) || !all_digits(r)) return all_digits(l) || all_digits(r) || !*l ? -1 : 0;
    if (strlen(l) > 15 || strlen(r) > 15) return -1;
    *a = atoll(l), *z = atoll(r);
    return *a <= *z ? 1 : -1;
}

/* ---- Interpreting the file ----------------------------------------------------- */

static uint64_t fnv(uint64_t h, const char *s) {
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return (h ^ 0x1f) * 1099511628211ULL;
}

static const char *decimal(unsigned long long v) {   /* a static buffer */
    static char buf[24];
    char *p = buf + sizeof buf - 1;
    *p = '\0';
    do *--p = (char)('0' + v % 10);
    while (v /= 10);
    return p;
}

static uint64_t mix(uint64_t z) {   /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The seed of one run: from the batch seed and the run's identity only
 * (the opponent too, 'o' >= 0, in a two-player game), below 2^53 so that
 * 'vgdl run --seed' takes it exactly. */
static uint64_t run_seed_of(const batch *b, int g, int l, int a, int o, long long seed) {
    uint64_t h = 1469598103934665603ULL;
    h = fnv(h, decimal(b->seed));
    h = fnv(h, b->games[g]);
    h = fnv(h, b->levels[l]);
    h = fnv(h, b->agents[a].label);
    if (o >= 0) h = fnv(h, b->agents[o].label);
    h = fnv(h, decimal((unsigned long long)seed));
    return mix(h) & ((1ULL << 53) - 1);
}

static int str_cmp(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* The hash of what decides an agent's results besides the run's identity. */
static void agent_config(const batch *b, agent_spec *as) {
    char text[256];
    const char *sorted[CLI_MAX_SET * 2];
    snprintf(text, sizeof text, "budget_ms=%.17g;budget_calls=%ld;max_ticks=%d;seed=%llu;agent=%s", as->budget.ms,
             as->budget.calls, b->max_ticks, b->seed, as->impl);
    uint64_t h = fnv(1469598103934665603ULL, text);
    memcpy(sorted, as->settings, (size_t)as->nset * sizeof *sorted);
    qsort(sorted, (size_t)as->nset, sizeof *sorted, str_cmp);
    for (int k = 0; k < as->nset; k++) h = fnv(h, sorted[k]);
    snprintf(as->config, sizeof as->config, "%016llx", (unsigned long long)mix(h));
}

/* The config of a run: the agent's, or in a two-player game ('o' >= 0) a
 * hash of both players' in their order. */
static void run_config(const batch *b, int a, int o, char out[17]) {
    if (o < 0) {
        memcpy(out, b->agents[a].config, 17);
        return;
    }
    uint64_t h = fnv(fnv(fnv(1469598103934665603ULL, "pair"), b->agents[a].config), b->agents[o].config);
    snprintf(out, 17, "%016llx", (unsigned long long)mix(h));
}

static void parse_games(batch *b, const ini_kv *kv) {
    char *copy = strdup(kv->value), *items[1024];
    int n = copy ? split_list(b, kv, copy, items, 1024) : -1;
    if (n > 0) {
        b->games = calloc((size_t)n, sizeof *b->games);
        b->scripts = calloc((size_t)n, sizeof *b->scripts);
    }
    for (int k = 0; k < n && b->games; k++) {
        char script[4096], map[4096];
        if (strlen(items[k]) >= ROW_GAME) {
            add_error(b, kv->line, "game '%.40s...' is longer than %d characters", items[k], ROW_GAME - 1);
            continue;
        }
        for (int j = 0; j < b->ngames; j++)
            if (strcmp(b->games[j], items[k]) == 0) add_error(b, kv->line, "game '%s' is listed twice", items[k]);
        cli_game_paths(items[k], "0", script, map, sizeof script);
        if (access(script, R_OK) != 0) {
            char known[512] = "", pattern[4200];
            const char *slash = strrchr(script, '/');
            snprintf(pattern, sizeof pattern, "%.*s/*.lua", slash ? (int)(slash - script) : 1, slash ? script : ".");
            glob_t gl;
            if (!strchr(items[k], '/') && glob(pattern, 0, NULL, &gl) == 0) {
                for (size_t j = 0; j < gl.gl_pathc; j++) {
                    const char *base = strrchr(gl.gl_pathv[j], '/');
                    base = base ? base + 1 : gl.gl_pathv[j];
                    size_t len = strlen(known);
                    snprintf(known + len, sizeof known - len, " %.*s", (int)(strlen(base) - 4), base);
                }
                globfree(&gl);
            }
            if (known[0]) add_error(b, kv->line, "unknown game '%s' (no %s; games:%s)", items[k], script, known);
            else add_error(b, kv->line, "unknown game '%s' (cannot read %s)", items[k], script);
            continue;
        }
        snprintf(b->games[b->ngames], ROW_GAME, "%s", items[k]);
        snprintf(b->scripts[b->ngames++], 4096, "%s", script);
    }
    free(copy);
}

static void parse_levels(batch *b, const ini_kv *kv) {
    char *copy = strdup(kv->value), *items[1024];
    int n = copy ? split_list(b, kv, copy, items, 1024) : -1;
    int cap = 0;
    for (int k = 0; k < n; k++) {
        long long a, z;
        int rr = parse_range(items[k], &a, &z);
        char **names = NULL;
        size_t count = 0;
        glob_t gl;
        int globbed = 0;
        if (rr < 0) {
            add_error(b, kv->line, "bad level range '%s' (use N or A-B with A <= B)", items[k]);
            continue;
        }
        if (rr == 0 && strpbrk(items[k], "*?[")) {
            if (glob(items[k], 0, NULL, &gl) != 0 || gl.gl_pathc == 0) {
                add_error(b, kv->line, "no map matches '%s'", items[k]);
                continue;
            }
            globbed = 1;
            names = gl.gl_pathv;
            count = gl.gl_pathc;
        }
        long long items_here = rr ? z - a + 1 : globbed ? (long long)count : 1;
        if (b->nlevels + items_here > 100000) {
            add_error(b, kv->line, "too many levels (at most 100000)");
            if (globbed) globfree(&gl);
            break;
        }
        for (long long j = 0; j < items_here; j++) {
            char id[ROW_LEVEL + 8];
            if (rr) snprintf(id, sizeof id, "%lld", a + j);
            else snprintf(id, sizeof id, "%s", globbed ? names[j] : items[k]);
            if (strlen(id) >= ROW_LEVEL) {
                add_error(b, kv->line, "level path '%.40s...' is longer than %d characters", id, ROW_LEVEL - 1);
                continue;
            }
            int dup = 0;
            for (int i = 0; i < b->nlevels && !dup; i++) dup = strcmp(b->levels[i], id) == 0;
            if (dup) {
                add_error(b, kv->line, "level '%s' is listed twice", id);
                continue;
            }
            if (b->nlevels == cap) {
                cap = cap ? cap * 2 : 16;
                char(*nl)[ROW_LEVEL] = realloc(b->levels, (size_t)cap * sizeof *nl);
                if (!nl) break;
                b->levels = nl;
            }
            snprintf(b->levels[b->nlevels++], ROW_LEVEL, "%s", id);
        }
        if (globbed) globfree(&gl);
    }
    free(copy);
}

static void parse_seeds(batch *b, const ini_kv *kv) {
    char *copy = strdup(kv->value), *items[4096];
    int n = copy ? split_list(b, kv, copy, items, 4096) : -1;
    long long cap = 0;
    for (int k = 0; k < n; k++) {
        long long a, z;
        if (parse_range(items[k], &a, &z) != 1 || z >= (1LL << 53)) {
            add_error(b, kv->line, "bad seed '%s' (use numbers N or ranges A-B with A <= B)", items[k]);
            continue;
        }
        if (b->nseeds + (z - a + 1) > MAX_RUNS) {
            add_error(b, kv->line, "too many seeds (at most %lld)", MAX_RUNS);
            break;
        }
        for (long long s = a; s <= z; s++) {
            if (b->nseeds == cap) {
                cap = cap ? cap * 2 : 64;
                long long *ns = realloc(b->seeds, (size_t)cap * sizeof *ns);
                if (!ns) break;
                b->seeds = ns;
            }
            b->seeds[b->nseeds++] = s;
        }
    }
    free(copy);
}

static int ll_cmp(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static void check_seed_dups(batch *b, const ini_kv *kv) {
    if (b->nseeds < 2) return;
    long long *sorted = malloc((size_t)b->nseeds * sizeof *sorted);
    if (!sorted) return;
    memcpy(sorted, b->seeds, (size_t)b->nseeds * sizeof *sorted);
    qsort(sorted, (size_t)b->nseeds, sizeof *sorted, ll_cmp);
    for (int i = 1; i < b->nseeds; i++)
        if (sorted[i] == sorted[i - 1]) {
            add_error(b, kv->line, "seed %lld is listed twice", sorted[i]);
            break;
        }
    free(sorted);
}

static ini_section *find_section(batch *b, const char *name) {
    for (int k = 0; k < b->nsecs; k++)
        if (strcmp(b->secs[k].name, name) == 0) return &b->secs[k];
    return NULL;
}

static void parse_agents(batch *b, const ini_kv *kv) {
    char *copy = strdup(kv->value), *items[256];
    int n = copy ? split_list(b, kv, copy, items, 256) : -1;
    if (n > 0) b->agents = calloc((size_t)n, sizeof *b->agents);
    for (int k = 0; k < n && b->agents; k++) {
        if (strlen(items[k]) >= ROW_AGENT) {
            add_error(b, kv->line, "agent name '%.40s...' is longer than %d characters", items[k], ROW_AGENT - 1);
            continue;
        }
        if (strcmp(items[k], "batch") == 0) {
            add_error(b, kv->line, "'batch' cannot be an agent's name");
            continue;
        }
        int dup = 0;
        for (int j = 0; j < b->nagents; j++) dup |= strcmp(b->agents[j].label, items[k]) == 0;
        if (dup) {
            add_error(b, kv->line, "agent '%s' is listed twice", items[k]);
            continue;
        }
        agent_spec *as = &b->agents[b->nagents++];
        snprintf(as->label, sizeof as->label, "%s", items[k]);
        snprintf(as->impl, sizeof as->impl, "%s", items[k]);
        as->budget = b->budget;
        ini_section *s = find_section(b, items[k]);
        if (!s) continue;
        s->used = 1;
        const ini_kv *bms = find_kv(s, "budget_ms"), *bcalls = find_kv(s, "budget_calls");
        double v;
        if (bms || bcalls) as->budget = (agent_budget){0, 0};   /* its own budget: what it does not set is none */
        if (bms && !num_value(b, bms, 0, 1e9, 0, &v)) as->budget.ms = v;
        if (bcalls && !num_value(b, bcalls, 0, 1e15, 1, &v)) as->budget.calls = (long)v;
        for (int j = 0; j < s->n; j++) {
            if (strcmp(s->kv[j].key, "agent") == 0) {
                snprintf(as->impl, sizeof as->impl, "%s", s->kv[j].value);
                continue;
            }
            if (&s->kv[j] == bms || &s->kv[j] == bcalls) continue;
            if (as->nset == CLI_MAX_SET) {
                add_error(b, s->kv[j].line, "more than %d settings for agent '%s'", CLI_MAX_SET, as->label);
                break;
            }
            size_t len = strlen(s->kv[j].key) + strlen(s->kv[j].value) + 2;
            char *setting = malloc(len);
            if (!setting) break;
            snprintf(setting, len, "%s=%s", s->kv[j].key, s->kv[j].value);
            as->lines[as->nset] = s->kv[j].line;
            as->settings[as->nset++] = setting;
        }
    }
    free(copy);
}

/* Creates each agent with its settings on a loaded game: unknown agents and
 * bad settings are found here, with the line that causes them. */
static void check_agents(batch *b, const ini_kv *agents_kv) {
    const vg_game *g = NULL;
    for (int k = 0; k < b->ngames * b->nlevels && !g; k++) g = b->loaded[k];
    if (!g) return;
    for (int k = 0; k < b->nagents; k++) {
        agent_spec *as = &b->agents[k];
        char why[512];
        ini_section *s = find_section(b, as->label);
        const ini_kv *impl_kv = find_kv(s, "agent");
        agent *a = agent_new(as->impl, g, NULL, 0, 1, why, sizeof why);
        if (!a) {
            add_error(b, impl_kv ? impl_kv->line : agents_kv->line, "%s", why);
            continue;
        }
        agent_free(a);
        int bad = 0;
        for (int j = 0; j < as->nset; j++) {
            if (!(a = agent_new(as->impl, g, &as->settings[j], 1, 1, why, sizeof why))) {
                add_error(b, as->lines[j], "[%s]: %s", as->label, why);
                bad = 1;
            }
            agent_free(a);
        }
        if (!bad && as->nset) {
            if (!(a = agent_new(as->impl, g, as->settings, as->nset, 1, why, sizeof why)))
                add_error(b, s ? s->line : agents_kv->line, "[%s]: %s", as->label, why);
            agent_free(a);
        }
        agent_config(b, as);
    }
}

/* Loads every game on every level: a missing map or a broken script is an
 * error on the line that names it. */
static void load_games(batch *b, const ini_kv *games_kv, const ini_kv *levels_kv) {
    b->loaded = calloc((size_t)(b->ngames * b->nlevels) + 1, sizeof *b->loaded);
    if (!b->loaded) return;
    for (int g = 0; g < b->ngames; g++) {
        int script_bad = 0;
        for (int l = 0; l < b->nlevels && !script_bad; l++) {
            char script[4096], map[4096];
            vg_error err = {0};
            cli_game_paths(b->games[g], b->levels[l], script, map, sizeof script);
            if (vg_game_load(script, map, &b->loaded[g * b->nlevels + l], &err) == VG_OK) continue;
            char where[800];
            if (err.file[0] && err.line && err.col) snprintf(where, sizeof where, "%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
            else if (err.file[0] && err.line) snprintf(where, sizeof where, "%s:%d: %s", err.file, err.line, err.msg);
            else if (err.file[0]) snprintf(where, sizeof where, "%s: %s", err.file, err.msg);
            else snprintf(where, sizeof where, "%s", err.msg);
            script_bad = strcmp(err.file, script) == 0;
            if (script_bad) add_error(b, games_kv->line, "game '%s': %s", b->games[g], where);
            else add_error(b, levels_kv ? levels_kv->line : games_kv->line, "game '%s' level '%s': %s", b->games[g], b->levels[l], where);
        }
    }
}

/* Which games are for two agents taking turns (turns{} with two agents,
 * neither of them chance; judged on the first level's start), and how many
 * runs a game has per level and seed: one per agent, or one per ordered
 * pair of agents (and per agent against itself with self_play). */
static void plan_runs(batch *b, const ini_kv *games_kv) {
    b->two = calloc((size_t)b->ngames + 1, sizeof *b->two);
    b->slots = calloc((size_t)b->ngames + 1, sizeof *b->slots);
    b->offset = calloc((size_t)b->ngames + 1, sizeof *b->offset);
    if (!b->two || !b->slots || !b->offset) {
        add_error(b, 0, "out of memory");
        return;
    }
    long long pairs = (long long)b->nagents * (b->nagents - 1) + (b->self_play ? b->nagents : 0);
    b->per_seed = 0;
    for (int g = 0; g < b->ngames; g++) {
        const vg_game *game = b->loaded ? b->loaded[g * b->nlevels] : NULL;
        vg_state *s = game ? vg_state_new(game, 0) : NULL;
        b->two[g] = s && vg_game_has_turns(game) && vg_num_agents(game, s) == 2 && !vg_is_chance(game, 0) &&
                    !vg_is_chance(game, 1);
        vg_state_free(s);
        b->slots[g] = b->two[g] ? pairs : b->nagents;
        if (b->two[g] && b->nagents && !pairs)
            add_error(b, games_kv->line, "game '%s' is for two players taking turns: list two agents or more in 'agents' "
                      "(or set self_play = 1)", b->games[g]);
        b->offset[g] = b->per_seed;
        b->per_seed += b->slots[g] * b->nlevels;
    }
}

static int cores(void) {
    const char *slurm = getenv("SLURM_CPUS_PER_TASK");
    if (slurm && atoi(slurm) > 0) return atoi(slurm);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* Reads and checks the whole file; 0, or the number of errors (printed by the caller). */
static int batch_load(batch *b, const char *path) {
    memset(b, 0, sizeof *b);
    b->path = path;
    FILE *f = fopen(path, "r");
    if (!f) {
        add_error(b, 0, "cannot open: %s", strerror(errno));
        return b->nerrs;
    }
    reader r = {f, b, 0, 0, NULL, NULL};
    int rc = ini_parse_stream(ini_read, &r, ini_handle, &r);
    fclose(f);
    if (rc > 0) add_error(b, rc, "syntax error (a line is '[section]', 'key = value', or a comment after ; or #)");
    else if (rc < 0) add_error(b, 0, "out of memory");

    ini_section *bs = find_section(b, "batch");
    if (!bs) {
        add_error(b, 0, "no [batch] section");
        return b->nerrs;
    }
    for (int k = 0; k < bs->n; k++) {
        const char *names[NUM_BATCH_KEYS];
        int known = 0;
        for (int j = 0; j < NUM_BATCH_KEYS; j++) {
            names[j] = batch_keys[j].key;
            known |= strcmp(bs->kv[k].key, names[j]) == 0;
        }
        if (known) continue;
        int bi = vg_closest_name(bs->kv[k].key, names, NUM_BATCH_KEYS);
        if (bi >= 0) add_error(b, bs->kv[k].line, "unknown key '%s' in [batch]; did you mean '%s'?", bs->kv[k].key, names[bi]);
        else {
            char list[1024] = "";
            for (int j = 0; j < NUM_BATCH_KEYS; j++) {
                size_t len = strlen(list);
                snprintf(list + len, sizeof list - len, "%s%s", j ? " " : "", batch_keys[j].key);
            }
            add_error(b, bs->kv[k].line, "unknown key '%s' in [batch] (keys: %s)", bs->kv[k].key, list);
        }
    }
    const ini_kv *games = find_kv(bs, "games"), *levels = find_kv(bs, "levels"), *agents = find_kv(bs, "agents"),
                 *seeds = find_kv(bs, "seeds"), *kv;
    if (!games) add_error(b, bs->line, "[batch] needs 'games' (names such as bait, or script paths)");
    else parse_games(b, games);
    if (levels) parse_levels(b, levels);
    else {
        b->levels = calloc(1, sizeof *b->levels);
        if (b->levels) snprintf(b->levels[0], ROW_LEVEL, "0"), b->nlevels = 1;
    }
    if (seeds) {
        parse_seeds(b, seeds);
        check_seed_dups(b, seeds);
    } else {
        b->seeds = malloc(sizeof *b->seeds);
        if (b->seeds) b->seeds[0] = 1, b->nseeds = 1;
    }
    double v;
    b->workers = cores();
    if ((kv = find_kv(bs, "workers")) && !num_value(b, kv, 1, 1024, 1, &v)) b->workers = (int)v, b->workers_set = 1;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(b->out, sizeof b->out, "results/%.*s", (int)strcspn(base, "."), base);
    if ((kv = find_kv(bs, "out"))) {
        if (!kv->value[0]) add_error(b, kv->line, "'out' needs a folder");
        snprintf(b->out, sizeof b->out, "%s", kv->value);
    }
    int have_ms = 0, have_calls = 0;
    if ((kv = find_kv(bs, "budget_ms")) && !num_value(b, kv, 0, 1e9, 0, &v)) b->budget.ms = v, have_ms = 1;
    if ((kv = find_kv(bs, "budget_calls")) && !num_value(b, kv, 0, 1e15, 1, &v)) b->budget.calls = (long)v, have_calls = 1;
    if (!have_ms && !have_calls) b->budget.ms = 40;
    if ((kv = find_kv(bs, "max_ticks")) && !num_value(b, kv, 0, 1e9, 1, &v)) b->max_ticks = (int)v;
    if ((kv = find_kv(bs, "seed")) && !num_value(b, kv, 0, 9007199254740992.0, 1, &v)) b->seed = (unsigned long long)v;
    b->time_limit = 600;
    if ((kv = find_kv(bs, "time_limit")) && !num_value(b, kv, 0, 1e9, 0, &v)) b->time_limit = v;
    b->memory_mb = 4096;
    if ((kv = find_kv(bs, "memory_mb")) && !num_value(b, kv, 0, 1e9, 1, &v)) {
        b->memory_mb = (long)v;
        if (v > 0 && v < 16) add_error(b, kv->line, "'memory_mb' of %g leaves no room to load a game (use 0 for no limit, or >= 16)", v);
    }
    if ((kv = find_kv(bs, "runs_per_worker")) && !num_value(b, kv, 0, 1e15, 1, &v)) b->runs_per_worker = (long)v;
    b->sync_seconds = 1;
    if ((kv = find_kv(bs, "sync_seconds")) && !num_value(b, kv, 0, 1e9, 0, &v)) b->sync_seconds = v;
    b->shards = 1;
    if ((kv = find_kv(bs, "shards")) && !num_value(b, kv, 1, 100000, 1, &v)) b->shards = (int)v;
    if ((kv = find_kv(bs, "self_play")) && !num_value(b, kv, 0, 1, 1, &v)) b->self_play = (int)v;
    if ((kv = find_kv(bs, "slurm_partition"))) b->slurm_partition = kv->value;
    if ((kv = find_kv(bs, "slurm_time"))) b->slurm_time = kv->value;
    if ((kv = find_kv(bs, "slurm_args"))) b->slurm_args = kv->value;
    for (const char *const *p = (const char *const[]){b->slurm_partition, b->slurm_time, b->slurm_args, NULL}; *p || p[1]; p++)
        if (*p && strpbrk(*p, "\n\r'\"\\$`")) add_error(b, bs->line, "slurm settings may not hold quotes, '$', '`' or '\\'");

    if (!agents) add_error(b, bs->line, "[batch] needs 'agents' (names such as random, onestep)");
    else parse_agents(b, agents);
    for (int k = 0; k < b->nsecs; k++) {
        ini_section *s = &b->secs[k];
        if (s == bs || s->used) continue;
        const char **labels = malloc((size_t)(b->nagents + 1) * sizeof *labels);
        int near = -1;
        for (int j = 0; labels && j < b->nagents; j++) labels[j] = b->agents[j].label;
        if (labels) near = vg_closest_name(s->name, labels, b->nagents);
        free(labels);
        if (near >= 0) add_error(b, s->line, "section [%s] is not in 'agents'; did you mean [%s]?", s->name, b->agents[near].label);
        else add_error(b, s->line, "section [%s] is not in 'agents' (a section holds the settings of one listed agent)", s->name);
    }
    if (b->ngames && b->nlevels) load_games(b, games, levels);
    if (b->nagents && agents) check_agents(b, agents);
    if (games) plan_runs(b, games);
    b->total = b->per_seed * b->nseeds;
    if (b->total > MAX_RUNS) add_error(b, bs->line, "%lld runs is too many for one batch (at most %lld)", b->total, MAX_RUNS);
    return b->nerrs;
}

static void batch_free(batch *b) {
    for (int k = 0; k < b->ngames * b->nlevels && b->loaded; k++) vg_game_free(b->loaded[k]);
    for (int k = 0; k < b->nagents; k++)
        for (int j = 0; j < b->agents[k].nset; j++) free((char *)b->agents[k].settings[j]);
    for (int k = 0; k < b->nsecs; k++) {
        for (int j = 0; j < b->secs[k].n; j++) free(b->secs[k].kv[j].value);
        free(b->secs[k].kv);
    }
    free(b->secs), free(b->games), free(b->scripts), free(b->levels), free(b->agents), free(b->seeds), free(b->loaded);
    free(b->two), free(b->slots), free(b->offset);
}

/* Pairing 'k' of a two-player game: agents x < y play as (x, y) at 2p and
 * (y, x) at 2p + 1 (p: the pair's number), so that the two orders of a
 * pair are neighbours; then, with self_play, each agent against itself. */
static void pair_decode(const batch *b, long long k, int *a, int *o) {
    long long pairs = (long long)b->nagents * (b->nagents - 1);
    if (k >= pairs) {
        *a = *o = (int)(k - pairs);
        return;
    }
    long long p = k / 2;
    int x = 0;
    while (p >= b->nagents - 1 - x) p -= b->nagents - 1 - x, x++;
    int y = x + 1 + (int)p;
    *a = k % 2 ? y : x;
    *o = k % 2 ? x : y;
}

/* Run i of the batch: seeds outermost, agents (or pairings) innermost, so
 * that a batch stopped half-way has every agent on every level for its
 * first seeds. 'o' is the opponent (second player) in a two-player game,
 * else -1. */
static void run_decode(const batch *b, long long i, int *g, int *l, int *a, int *o, int *s) {
    *s = (int)(i / b->per_seed);
    i %= b->per_seed;
    *g = 0;
    while (*g + 1 < b->ngames && b->offset[*g + 1] <= i) (*g)++;
    i -= b->offset[*g];
    *l = (int)(i / b->slots[*g]);
    i %= b->slots[*g];
    *o = -1;
    if (b->two[*g]) pair_decode(b, i, a, o);
    else *a = (int)i;
}

static void run_key(const batch *b, long long i, char *buf, size_t size) {
    int g, l, a, o, s;
    run_decode(b, i, &g, &l, &a, &o, &s);
    run_key_of(b->games[g], b->levels[l], b->agents[a].label, o >= 0 ? b->agents[o].label : "", b->seeds[s], buf, size);
}

/* ---- Worker processes --------------------------------------------------------- */

enum { MSG_RESULT = 1, MSG_CRASH, MSG_BYE };

/* A seat's decisions: the agent's in a one-player game; the first and the
 * second player's in a two-player game. */
typedef struct seat_stats {
    int64_t decisions, calls, overspent;
    double ms_total, ms_max;
} seat_stats;

typedef struct result_msg {
    int32_t kind, status, sig, err_no;
    int64_t run, ticks, vm_kb;
    int32_t result;             /* 0 not over, 1 win, 2 lose, 3 a draw (two-player games) */
    int32_t pad;
    seat_stats seat[2];
    double score, run_ms, cpu_ms;
    char error[ROW_ERROR];
} result_msg;

static volatile sig_atomic_t crash_fd = -1;
static volatile int64_t crash_run = -1;
static long page_kb = 4;

/* Address space in KiB, from /proc (async-signal-safe: open, read, close). */
static int64_t vm_kb(void) {
    char buf[64];
    int fd = open("/proc/self/statm", O_RDONLY);
    if (fd < 0) return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    int64_t pages = 0;
    for (ssize_t k = 0; k < n && buf[k] >= '0' && buf[k] <= '9'; k++) pages = pages * 10 + (buf[k] - '0');
    return pages * page_kb;
}

/* A fatal signal in a worker: tell the parent how big the process was and
 * what errno said (ENOMEM: a failed allocation led here), then die of it. */
static void on_crash(int sig) {
    static result_msg m;
    m.kind = MSG_CRASH;
    m.sig = sig;
    m.err_no = errno;
    m.run = crash_run;
    m.vm_kb = vm_kb();
    if (crash_fd >= 0) {
        ssize_t w = write(crash_fd, &m, sizeof m);
        (void)w;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* VGDL_BATCH_FAULT=KIND:AGENT:SEED[,...] makes a worker misbehave on that
 * run (KIND: crash, abort, hang, oom, exit) -- for testing the machinery. */
static const char *fault_spec;

static void maybe_fault(const agent_spec *as, long long seed) {
    const char *spec = fault_spec;
    if (!spec) return;
    char copy[512];
    snprintf(copy, sizeof copy, "%s", spec);
    for (char *save = NULL, *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char kind[16], who[ROW_AGENT];
        long long s;
        if (sscanf(item, " %15[^:]:%63[^:]:%lld", kind, who, &s) != 3 || strcmp(who, as->label) || s != seed) continue;
        if (strcmp(kind, "crash") == 0) raise(SIGSEGV);
        if (strcmp(kind, "abort") == 0) abort();
        if (strcmp(kind, "exit") == 0) exit(3);
        if (strcmp(kind, "hang") == 0)
            for (;;) sleep(1);
        if (strcmp(kind, "oom") == 0) {   /* grow until malloc fails, then fail as careless code does */
            for (;;) {
                char *p = malloc(1 << 20);
                if (!p) abort();
                p[0] = 1;
            }
        }
    }
}

static double cpu_now(void) {   /* CPU seconds of this (single-threaded) process */
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void script_error(result_msg *m, const vg_error *err) {
    m->status = RUN_ERROR;
    if (err->file[0] && err->line) snprintf(m->error, sizeof m->error, "%s:%d: %s", err->file, err->line, err->msg);
    else snprintf(m->error, sizeof m->error, "%s", err->msg);
}

/* Plays run 'i' in this worker and fills 'm'. In a two-player game the
 * first player's agent and the state are seeded with the run's seed, the
 * second player's agent with the run's seed + 1. */
static void play(const batch *b, long long i, result_msg *m) {
    int g, l, a, o, s;
    run_decode(b, i, &g, &l, &a, &o, &s);
    const agent_spec *seat[2] = {&b->agents[a], o >= 0 ? &b->agents[o] : NULL};
    int nseats = o >= 0 ? 2 : 1;
    const vg_game *game = b->loaded[g * b->nlevels + l];
    uint64_t seed = run_seed_of(b, g, l, a, o, b->seeds[s]);
    memset(m, 0, sizeof *m);
    m->kind = MSG_RESULT;
    m->run = i;
    double t0 = fm_now(), c0 = cpu_now();
    char why[512] = "";
    agent *ag[2] = {NULL, NULL};
    int made = 0;
    for (; made < nseats; made++) {
        const agent_spec *as = seat[made];
        if (!(ag[made] = agent_new(as->impl, game, as->settings, as->nset, seed + (uint64_t)made, why, sizeof why))) break;
    }
    vg_state *st = made == nseats ? vg_state_new(game, seed) : NULL;
    if (!st) {
        m->status = (made < nseats && !strstr(why, "out of memory")) ? RUN_ERROR : RUN_OOM;
        if (made == nseats) snprintf(m->error, sizeof m->error, "out of memory (a new state)");
        else if (nseats == 2) snprintf(m->error, sizeof m->error, "agent '%s': %s", seat[made]->label, why);
        else snprintf(m->error, sizeof m->error, "%s", why);
        agent_free(ag[0]);
        agent_free(ag[1]);
        m->run_ms = (fm_now() - t0) * 1000;
        m->cpu_ms = (cpu_now() - c0) * 1000;
        return;
    }
    maybe_fault(seat[0], b->seeds[s]);
    /* Two agents take turns (match_play asks the one to move, and names
     * the seat in its messages); one agent plays rounds as agent 0. */
    match_stats stats[2] = {{0}};
    static match_seat seats[MATCH_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    for (int k = 0; k < nseats; k++) seats[k] = (match_seat){ag[k], seat[k]->label, seat[k]->budget, &stats[k]};
    vg_error err;
    if (match_play(game, st, seats, b->max_ticks, NULL, NULL, &err)) script_error(m, &err);
    for (int k = 0; k < nseats; k++)
        m->seat[k] = (seat_stats){stats[k].decisions, stats[k].calls, stats[k].overspent, stats[k].ms_total, stats[k].ms_max};
    m->ticks = vg_tick(st);
    m->score = vg_score(st);
    m->result = vg_winner_of(st) == VG_PLAYER_WINS ? 1 : vg_winner_of(st) == VG_PLAYER_LOSES ? 2 : 0;
    if (nseats == 2 && m->result == 0 && vg_is_over(st) && m->status == RUN_OK) m->result = 3;
    vg_state_free(st);
    agent_free(ag[0]);
    agent_free(ag[1]);
    m->run_ms = (fm_now() - t0) * 1000;
    m->cpu_ms = (cpu_now() - c0) * 1000;
}

static size_t heap_in_use(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

static int write_all(int fd, const void *p, size_t n) {
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p = (const char *)p + w;
        n -= (size_t)w;
    }
    return 0;
}

static void worker_main(const batch *b, int in, int out, pid_t parent) {
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) _exit(0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGINT, &sa, NULL);           /* the parent decides what an interrupt means */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &sa, NULL);
    static char altstack[1 << 16];
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
    int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};
    for (size_t k = 0; k < sizeof fatal / sizeof fatal[0]; k++) sigaction(fatal[k], &sa, NULL);
    crash_fd = out;
    fault_spec = getenv("VGDL_BATCH_FAULT");
    if (b->memory_mb > 0 && !UNDER_ASAN) {
        struct rlimit rl = {(rlim_t)b->memory_mb << 20, (rlim_t)b->memory_mb << 20};
        setrlimit(RLIMIT_AS, &rl);
    }
    size_t baseline = heap_in_use();
    long done = 0;
    int64_t runs[QMAX];
    size_t have = 0, at = 0;
    for (;;) {
        if (at == have / sizeof runs[0]) {   /* the next runs, as many as the parent sent */
            memmove(runs, (char *)runs + at * sizeof runs[0], have - at * sizeof runs[0]);
            have -= at * sizeof runs[0];
            at = 0;
            do {
                ssize_t r = read(in, (char *)runs + have, sizeof runs - have);
                if (r < 0 && errno == EINTR) continue;
                if (r <= 0) _exit(0);
                have += (size_t)r;
            } while (have < sizeof runs[0]);
        }
        int64_t i = runs[at++];
        if (i < 0) _exit(0);
        crash_run = i;
        result_msg m;
        play(b, i, &m);
        if (write_all(out, &m, sizeof m)) _exit(0);
        done++;
        /* Leave (the parent starts a fresh worker) after an allocation failed,
         * when runs leaked over 64 MiB, or after runs_per_worker runs. */
        if (m.status == RUN_OOM || heap_in_use() > baseline + (64u << 20) || (b->runs_per_worker && done >= b->runs_per_worker)) {
            memset(&m, 0, sizeof m);
            m.kind = MSG_BYE;
            write_all(out, &m, sizeof m);
            _exit(0);
        }
    }
}

/* ---- The parent: results files ---------------------------------------------- */

typedef struct outfile {
    char path[4200];
    int fd;
    long long size;             /* bytes in the file: we are its only writer */
} outfile;

typedef struct results {
    char dir[4096];             /* where this batch (or shard) writes */
    outfile csv, jsonl;
    double last_sync;
    double sync_seconds;
    char *pend_csv, *pend_json;  /* rows not written yet (whole rows only) */
    size_t pend_csv_n, pend_json_n, pend_cap;
} results;

static int mkdirs(const char *path) {
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    return mkdir(tmp, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* Appends whole lines with one write(); on a short write cuts the file back
 * so that no partial line stays. */
static int append_line(outfile *o, const char *line, size_t n) {
    ssize_t w;
    do w = write(o->fd, line, n);
    while (w < 0 && errno == EINTR);
    if (w == (ssize_t)n) {
        o->size += (long long)n;
        return 0;
    }
    int e = w < 0 ? errno : ENOSPC;
    if (ftruncate(o->fd, (off_t)o->size) != 0) {}
    errno = e;
    return -1;
}

/* Writes 'rows' into a fresh file that replaces 'path' (through path.tmp). */
static int rewrite_file(const char *path, const row_list *rows, int json) {
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) return -1;
    int bad = !json && write_all(fd, runs_csv_header, strlen(runs_csv_header));
    char line[4096];
    for (size_t k = 0; k < rows->n && !bad; k++) {
        int n = json ? row_json(&rows->rows[k], line, sizeof line) : row_csv(&rows->rows[k], line, sizeof line);
        bad = n < 0 || write_all(fd, line, (size_t)n);
    }
    bad |= fsync(fd) != 0;
    bad |= close(fd) != 0;
    if (bad || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* Opens OUT's two files for appending after repairing them: a torn or
 * malformed tail is cut, and when one file holds rows the other lacks (the
 * batch was killed between the two writes) the shorter is rewritten from
 * the longer. 0, or -1 with a reason in 'why'. */
static int results_open(results *res, FILE *warn, char *why, size_t whysize) {
    if (mkdirs(res->dir)) {
        snprintf(why, whysize, "%s: cannot create the folder: %s", res->dir, strerror(errno));
        return -1;
    }
    outfile *files[2] = {&res->csv, &res->jsonl};
    row_list rows[2] = {{0}, {0}};
    snprintf(res->csv.path, sizeof res->csv.path, "%s/%s", res->dir, RUNS_CSV);
    snprintf(res->jsonl.path, sizeof res->jsonl.path, "%s/%s", res->dir, RUNS_JSONL);
    int rc = 0, old_header = 0;
    for (int k = 0; k < 2 && !rc; k++) {
        long long good, size;
        int bad;
        if (runs_read_file(files[k]->path, &rows[k], &good, &size, &bad, k == 0 ? &old_header : NULL, why, whysize) < 0) rc = -1;
        else if (good < size) {
            if (bad) fprintf(warn, "vgdl: %s:%d: malformed line: cut the file there (%lld bytes); those runs are played again\n",
                             files[k]->path, bad, size - good);
            else fprintf(warn, "vgdl: %s: cut a torn last line (%lld bytes) left by an interrupted batch\n", files[k]->path, size - good);
            if (truncate(files[k]->path, (off_t)good) != 0) {
                snprintf(why, whysize, "%s: cannot truncate: %s", files[k]->path, strerror(errno));
                rc = -1;
            }
        }
    }
    if (!rc) {
        int same = rows[0].n == rows[1].n;
        for (size_t k = 0; same && k < rows[0].n; k++) {
            char ka[1024], kb[1024];
            row_key(&rows[0].rows[k], ka, sizeof ka);
            row_key(&rows[1].rows[k], kb, sizeof kb);
            same = strcmp(ka, kb) == 0;
        }
        if (!same) {
            int from = rows[1].n > rows[0].n, to = !from;
            if (rows[to].n) fprintf(warn, "vgdl: %s has %zu rows and %s %zu: rewriting the second from the first\n", files[from]->path,
                                    rows[from].n, files[to]->path, rows[to].n);
            if (rewrite_file(files[to]->path, &rows[from], to == 1)) {
                snprintf(why, whysize, "%s: cannot rewrite: %s", files[to]->path, strerror(errno));
                rc = -1;
            }
            if (to == 0) old_header = 0;
        }
        /* A CSV file from before the opponent columns: its rows again, with today's columns. */
        if (old_header && !rc) {
            fprintf(warn, "vgdl: %s has the columns of an older vgdl: rewriting it with today's\n", files[0]->path);
            if (rewrite_file(files[0]->path, &rows[0], 0)) {
                snprintf(why, whysize, "%s: cannot rewrite: %s", files[0]->path, strerror(errno));
                rc = -1;
            }
        }
    }
    for (int k = 0; k < 2 && !rc; k++) {
        outfile *o = files[k];
        o->fd = open(o->path, O_WRONLY | O_APPEND | O_CREAT, 0666);
        struct stat st;
        if (o->fd < 0 || fstat(o->fd, &st) != 0) {
            snprintf(why, whysize, "%s: %s", o->path, strerror(errno));
            rc = -1;
            break;
        }
        o->size = (long long)st.st_size;
        if (k == 0 && o->size == 0 && append_line(o, runs_csv_header, strlen(runs_csv_header))) {
            snprintf(why, whysize, "%s: %s", o->path, strerror(errno));
            rc = -1;
        }
    }
    rows_free(&rows[0]);
    rows_free(&rows[1]);
    res->last_sync = fm_now();
    return rc;
}

static int results_sync(results *res) {
    res->last_sync = fm_now();
    return (fdatasync(res->csv.fd) != 0) | (fdatasync(res->jsonl.fd) != 0) ? -1 : 0;
}

/* Writes the rows gathered so far: one write() to the CSV file, then one to
 * the JSON lines; a kill between or during them leaves whole rows only
 * (a cut write is cut back), which the next start reconciles. */
static int results_flush(results *res) {
    int rc = 0;
    if (res->pend_csv_n) {
        rc = append_line(&res->csv, res->pend_csv, res->pend_csv_n) || append_line(&res->jsonl, res->pend_json, res->pend_json_n);
        res->pend_csv_n = res->pend_json_n = 0;
    }
    if (!rc && fm_now() - res->last_sync >= res->sync_seconds) rc = results_sync(res);
    return rc;
}

/* Adds a row to the next write. */
static int results_add(results *res, const run_row *r) {
    if (res->pend_cap - res->pend_csv_n < 4096 || res->pend_cap - res->pend_json_n < 4096) {
        if (res->pend_csv_n && results_flush(res)) return -1;
        if (!res->pend_csv) {
            res->pend_cap = 1 << 16;
            res->pend_csv = malloc(res->pend_cap);
            res->pend_json = malloc(res->pend_cap);
            if (!res->pend_csv || !res->pend_json) return errno = ENOMEM, -1;
        }
    }
    int n, m;
    if (row_lines(r, res->pend_csv + res->pend_csv_n, 4096, &n, res->pend_json + res->pend_json_n, 4096, &m))
        return errno = EOVERFLOW, -1;
    res->pend_csv_n += (size_t)n;
    res->pend_json_n += (size_t)m;
    return 0;
}

static void results_close(results *res) {
    if (res->csv.fd > 0) results_flush(res);
    free(res->pend_csv);
    free(res->pend_json);
    res->pend_csv = res->pend_json = NULL;
    if (res->csv.fd > 0) results_sync(res);
    if (res->csv.fd > 0) close(res->csv.fd);
    if (res->jsonl.fd > 0) close(res->jsonl.fd);
}

/* ---- The parent: running ----------------------------------------------------------- */

typedef struct worker {
    pid_t pid;
    int to, from;               /* pipes: run numbers out, messages in */
    long long queue[QMAX];      /* runs sent, the first one playing */
    int nq;
    double started;             /* when queue[0] began */
    int killed, bye, has_note;
    result_msg note;
    char buf[sizeof(result_msg) * 64];
    size_t have;
} worker;

typedef struct runner {
    batch *b;
    results *res;
    worker *w;
    int nw;
    long long *todo;            /* runs to play, in order */
    long long ntodo, next;
    long long *again;           /* runs handed back by workers that left */
    long long nagain;
    long long done, by_status[RUN_NSTATUS];
    double run_s;               /* seconds the runs took, to size the queues */
    int io_error;
    double start, last_progress;
    int progress;               /* stderr is a terminal */
} runner;

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig) { stop_signal = sig; }

/* Fills a row for run 'i' from a message (or from what the parent saw). */
static void make_row(const batch *b, long long i, const result_msg *m, run_row *r) {
    static const char *const outcome[] = {"none", "win", "lose", "draw"};
    int g, l, a, o, s;
    run_decode(b, i, &g, &l, &a, &o, &s);
    memset(r, 0, sizeof *r);
    snprintf(r->game, sizeof r->game, "%s", b->games[g]);
    snprintf(r->level, sizeof r->level, "%s", b->levels[l]);
    snprintf(r->agent, sizeof r->agent, "%s", b->agents[a].label);
    if (o >= 0) snprintf(r->opponent, sizeof r->opponent, "%s", b->agents[o].label);
    r->seed = b->seeds[s];
    r->run_seed = run_seed_of(b, g, l, a, o, b->seeds[s]);
    run_config(b, a, o, r->config);
    r->status = (run_status)m->status;
    if (r->status == RUN_OK || r->status == RUN_ERROR) {
        const seat_stats *p = &m->seat[0], *q = &m->seat[1];
        if (r->status == RUN_OK || p->decisions)
            snprintf(r->result, sizeof r->result, "%s", outcome[m->result >= 0 && m->result <= 3 ? m->result : 0]);
        r->win = m->result == 1 && r->status == RUN_OK;
        r->score = m->score;
        r->ticks = m->ticks;
        r->decisions = p->decisions;
        r->calls = p->calls;
        r->overspent = p->overspent;
        r->ms_mean = p->decisions ? p->ms_total / (double)p->decisions : 0;
        r->ms_max = p->ms_max;
        r->calls_mean = p->decisions ? (double)p->calls / (double)p->decisions : 0;
        r->opp_decisions = q->decisions;
        r->opp_calls = q->calls;
        r->opp_overspent = q->overspent;
        r->opp_ms_mean = q->decisions ? q->ms_total / (double)q->decisions : 0;
        r->opp_ms_max = q->ms_max;
        r->opp_calls_mean = q->decisions ? (double)q->calls / (double)q->decisions : 0;
    }
    r->run_ms = m->run_ms;
    r->cpu_ms = m->cpu_ms;
    snprintf(r->error, sizeof r->error, "%s", m->error);
    for (char *p = r->error; *p; p++)
        if ((unsigned char)*p < 0x20) *p = ' ';
}

static void record(runner *rn, long long i, const result_msg *m) {
    run_row r;
    make_row(rn->b, i, m, &r);
    rn->run_s += m->run_ms / 1000;
    if (results_add(rn->res, &r) && !rn->io_error) {
        rn->io_error = errno ? errno : EIO;
        stop_signal = -1;
    }
    rn->done++;
    rn->by_status[r.status < RUN_NSTATUS ? r.status : RUN_ERROR]++;
}

static int start_worker(runner *rn, worker *w) {
    int to[2], from[2];
    if (pipe(to) != 0) return -1;
    if (pipe(from) != 0) {
        close(to[0]), close(to[1]);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        return -1;
    }
    if (pid == 0) {
        close(to[1]);
        close(from[0]);
        for (int k = 0; k < rn->nw; k++)
            if (rn->w[k].pid > 0) close(rn->w[k].to), close(rn->w[k].from);
        close(rn->res->csv.fd);
        close(rn->res->jsonl.fd);
        worker_main(rn->b, to[0], from[1], parent);
        _exit(0);
    }
    close(to[0]);
    close(from[1]);
    memset(w, 0, sizeof *w);
    w->pid = pid;
    w->to = to[1];
    w->from = from[0];
    return 0;
}

static int next_run(runner *rn, long long *i) {
    if (rn->nagain) return *i = rn->again[--rn->nagain], 1;
    if (rn->next < rn->ntodo) return *i = rn->todo[rn->next++], 1;
    return 0;
}

static int work_left(const runner *rn) { return rn->nagain > 0 || rn->next < rn->ntodo; }

/* Keeps a worker supplied, so that it never waits for the parent: about
 * 50 ms of work queued (at least 2 runs, at most QMAX), sent in one write
 * when half of it is done; long runs stay 2 deep so that no worker holds
 * back runs at the end. */
static void feed(runner *rn, worker *w) {
    if (w->pid <= 0 || w->bye || w->killed) return;
    double mean = rn->done ? rn->run_s / (double)rn->done : 1;
    int depth = mean > 0.025 ? 2 : mean < 0.05 / QMAX ? QMAX : (int)(0.05 / mean);
    long long left = rn->ntodo - rn->next + rn->nagain;   /* near the end, no worker holds back much */
    if (depth > left / rn->nw + 1) depth = (int)(left / rn->nw + 1);
    if (depth < 2) depth = 2;
    if (w->nq > depth / 2) return;
    int64_t msg[QMAX];
    int n = 0;
    long long i;
    while (w->nq + n < depth && next_run(rn, &i)) msg[n++] = i;
    if (!n) return;
    if (write_all(w->to, msg, (size_t)n * sizeof msg[0])) {
        while (n) rn->again[rn->nagain++] = msg[--n];
        return;
    }
    if (w->nq == 0) w->started = fm_now();
    for (int k = 0; k < n; k++) w->queue[w->nq++] = msg[k];
}

/* A worker's pipe closed: reap it, and record the run it was playing. */
static void worker_gone(runner *rn, worker *w) {
    int st = 0;
    while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
    close(w->to);
    close(w->from);
    w->pid = 0;
    int first = 0;
    if (w->nq && !w->bye && !stop_signal) {
        result_msg m;
        memset(&m, 0, sizeof m);
        m.run = w->queue[0];
        m.run_ms = (fm_now() - w->started) * 1000;
        long long limit_kb = rn->b->memory_mb << 10;
        int near_limit = w->has_note && limit_kb > 0 && !UNDER_ASAN && w->note.vm_kb >= limit_kb * 9 / 10;
        if (w->killed) {
            m.status = RUN_TIMEOUT;
            snprintf(m.error, sizeof m.error, "no result after %g s (time_limit): killed", rn->b->time_limit);
        } else if (WIFSIGNALED(st)) {
            int sig = WTERMSIG(st);
            if (sig == SIGKILL) {
                m.status = RUN_OOM;
                snprintf(m.error, sizeof m.error, "killed by SIGKILL, not by the batch (the kernel's out-of-memory killer?)");
            } else if (w->has_note && (w->note.err_no == ENOMEM || near_limit)) {
                m.status = RUN_OOM;
                snprintf(m.error, sizeof m.error, "out of memory: %s with %lld MiB of address space in use (memory_mb %ld)",
                         strsignal(sig), (long long)(w->note.vm_kb >> 10), rn->b->memory_mb);
            } else {
                m.status = RUN_CRASHED;
                snprintf(m.error, sizeof m.error, "killed by signal %d (%s)", sig, strsignal(sig));
            }
        } else {
            m.status = RUN_ERROR;
            snprintf(m.error, sizeof m.error, "the worker process exited with status %d in the middle of the run",
                     WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        }
        record(rn, w->queue[0], &m);
        first = 1;
    }
    for (int k = first; k < w->nq; k++) rn->again[rn->nagain++] = w->queue[k];
    w->nq = 0;
}

static void handle(runner *rn, worker *w, const result_msg *m, double now) {
    if (m->kind == MSG_CRASH) {
        w->note = *m;
        w->has_note = 1;
    } else if (m->kind == MSG_BYE) w->bye = 1;
    else if (m->kind == MSG_RESULT && w->nq && m->run == w->queue[0]) {
        record(rn, m->run, m);
        memmove(w->queue, w->queue + 1, (size_t)--w->nq * sizeof w->queue[0]);
        w->started = now;
    }
}

static void fmt_time(double s, char *buf, size_t size) {
    long t = (long)(s + 0.5);
    if (t >= 3600) snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

static void show_progress(runner *rn, long long before, long long total, int final) {
    double now = fm_now();
    if (!rn->progress || (!final && now - rn->last_progress < 0.2)) return;
    rn->last_progress = now;
    char el[32], left[32] = "?";
    double elapsed = now - rn->start;
    long long remaining = total - before - rn->done;
    if (rn->done) fmt_time(elapsed / (double)rn->done * (double)remaining, left, sizeof left);
    fmt_time(elapsed, el, sizeof el);
    long long failed = rn->done - rn->by_status[RUN_OK];
    fprintf(stderr, "\r%lld/%lld runs", before + rn->done, total);
    if (failed) fprintf(stderr, ", %lld failed", failed);
    fprintf(stderr, ", %s elapsed, %s left\033[K%s", el, left, final ? "\n" : "");
    fflush(stderr);
}

/* Plays rn->todo with rn->nw workers. Returns 0, or the signal that stopped it. */
static int run_all(runner *rn, long long before, long long total) {
    struct pollfd *pfd = calloc((size_t)rn->nw, sizeof *pfd);
    if (!pfd) return -1;
    for (int k = 0; k < rn->nw && work_left(rn); k++)
        if (start_worker(rn, &rn->w[k]) == 0) feed(rn, &rn->w[k]);
    for (;;) {
        int busy = 0, alive = 0;
        for (int k = 0; k < rn->nw; k++) {
            worker *w = &rn->w[k];
            if (w->pid <= 0 && work_left(rn) && !stop_signal) {
                if (start_worker(rn, w) == 0) feed(rn, w);
                else if (alive == 0 && k == rn->nw - 1) {
                    free(pfd);
                    errno = EAGAIN;
                    return -1;
                }
            }
            if (w->pid > 0) alive++, busy += w->nq > 0;
        }
        if ((!busy && !work_left(rn)) || stop_signal) break;
        /* When runs are short, let their results gather for a few
         * milliseconds: one wake-up and one write for many rows, instead
         * of a wake-up per run taking CPU from the workers. */
        if (rn->done && rn->run_s / (double)rn->done < 0.005) {
            struct timespec nap = {0, 4000000};
            nanosleep(&nap, NULL);
        }
        double now = fm_now(), wait = rn->progress ? 0.2 : 5.0;
        for (int k = 0; k < rn->nw; k++) {
            worker *w = &rn->w[k];
            if (w->pid <= 0 || !w->nq || w->killed || rn->b->time_limit <= 0) continue;
            double left = w->started + rn->b->time_limit - now;
            if (left <= 0) {
                kill(w->pid, SIGKILL);
                w->killed = 1;
            } else if (left < wait) wait = left;
        }
        int n = 0;
        for (int k = 0; k < rn->nw; k++) {
            pfd[k].fd = rn->w[k].pid > 0 ? rn->w[k].from : -1;
            pfd[k].events = POLLIN;
            pfd[k].revents = 0;
            n++;
        }
        int ready = poll(pfd, (nfds_t)n, (int)(wait * 1000) + 1);
        if (ready < 0 && errno != EINTR) break;
        now = fm_now();
        for (int k = 0; k < rn->nw && ready > 0; k++) {
            worker *w = &rn->w[k];
            if (!pfd[k].revents || w->pid <= 0) continue;
            ssize_t got = read(w->from, w->buf + w->have, sizeof w->buf - w->have);
            if (got < 0 && errno == EINTR) continue;
            if (got > 0) {
                w->have += (size_t)got;
                size_t off = 0;
                while (w->have - off >= sizeof(result_msg)) {
                    result_msg m;
                    memcpy(&m, w->buf + off, sizeof m);
                    handle(rn, w, &m, now);
                    off += sizeof m;
                }
                memmove(w->buf, w->buf + off, w->have - off);
                w->have -= off;
                feed(rn, w);
            } else worker_gone(rn, w);
        }
        if (results_flush(rn->res) && !rn->io_error) {
            rn->io_error = errno ? errno : EIO;
            stop_signal = -1;
        }
        show_progress(rn, before, total, 0);
    }
    /* Done or stopped: whatever still runs is killed, its runs not recorded. */
    for (int k = 0; k < rn->nw; k++) {
        worker *w = &rn->w[k];
        if (w->pid <= 0) continue;
        int64_t quit = -1;
        if (write_all(w->to, &quit, sizeof quit) || stop_signal) kill(w->pid, SIGKILL);
        int st;
        while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
        close(w->to);
        close(w->from);
        w->pid = 0;
    }
    free(pfd);
    show_progress(rn, before, total, 1);
    return stop_signal;
}

/* ---- Slurm -------------------------------------------------------------------- */

/* 's' in single quotes for sh. */
static void shq(FILE *f, const char *s) {
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'') fputs("'\\''", f);
        else fputc(*s, f);
    }
    fputc('\'', f);
}

static int abs_path(const char *path, char *out, size_t size) {
    if (path[0] == '/') return snprintf(out, size, "%s", path), 0;
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return -1;
    snprintf(out, size, "%s/%s", cwd, path);
    return 0;
}

static void slurm_script(FILE *f, const batch *b, const char *ini) {
    char exe[4096] = "vgdl", ini_abs[4096], out_abs[4096], cwd[4096] = ".";
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) exe[n] = '\0';
    if (!realpath(ini, ini_abs)) abs_path(ini, ini_abs, sizeof ini_abs);
    abs_path(b->out, out_abs, sizeof out_abs);
    if (!getcwd(cwd, sizeof cwd)) snprintf(cwd, sizeof cwd, ".");
    const char *base = strrchr(ini, '/');
    base = base ? base + 1 : ini;
    fprintf(f, "#!/bin/sh\n");
    fprintf(f, "# vgdl batch %s as a Slurm job array: array task K runs shard K of %d.\n", ini, b->shards);
    fprintf(f, "# Written by 'vgdl batch %s --slurm'. Results: %s/shard-K-of-%d/;\n", ini, out_abs, b->shards);
    fprintf(f, "# when the tasks are done: vgdl report %s\n", out_abs);
    fprintf(f, "#SBATCH --job-name=vgdl-%.*s\n", (int)strcspn(base, "."), base);
    fprintf(f, "#SBATCH --array=1-%d\n", b->shards);
    fprintf(f, "#SBATCH --ntasks=1\n");
    fprintf(f, "#SBATCH --cpus-per-task=%d\n", b->workers_set ? b->workers : 1);
    fprintf(f, "#SBATCH --chdir=%s\n", cwd);
    fprintf(f, "#SBATCH --output=%s/slurm-%%A_%%a.out\n", out_abs);
    if (b->slurm_partition) fprintf(f, "#SBATCH --partition=%s\n", b->slurm_partition);
    if (b->slurm_time) fprintf(f, "#SBATCH --time=%s\n", b->slurm_time);
    if (b->slurm_args) {
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", b->slurm_args);
        for (char *save = NULL, *a = strtok_r(copy, " \t", &save); a; a = strtok_r(NULL, " \t", &save))
            fprintf(f, "#SBATCH %s\n", a);
    }
    fprintf(f, "exec ");
    shq(f, exe);
    fprintf(f, " batch ");
    shq(f, ini_abs);
    fprintf(f, " --out ");
    shq(f, out_abs);
    fprintf(f, " --shard \"$SLURM_ARRAY_TASK_ID/%d\"\n", b->shards);
}

static int submit(const batch *b, const char *ini, int wait) {
    char path[4300];
    snprintf(path, sizeof path, "%s/batch.sbatch", b->out);
    FILE *f = fopen(path, "w");
    if (!f) return cli_fail("%s: %s", path, strerror(errno));
    slurm_script(f, b, ini);
    if (fclose(f) != 0) return cli_fail("%s: %s", path, strerror(errno));
    printf("submitting %s (%d array tasks, %lld runs)\n", path, b->shards, b->total);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        if (wait) execlp("sbatch", "sbatch", "--wait", path, (char *)NULL);
        else execlp("sbatch", "sbatch", path, (char *)NULL);
        fprintf(stderr, "vgdl: cannot run sbatch: %s (is Slurm installed, and sbatch on the PATH?)\n", strerror(errno));
        _exit(127);
    }
    int st = 0;
    if (pid < 0) return cli_fail("fork: %s", strerror(errno));
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) return cli_fail("sbatch failed (status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    if (wait) printf("done: vgdl report %s\n", b->out);
    return 0;
}

/* ---- vgdl batch -------------------------------------------------------------- */

typedef struct batch_opts {
    const char *ini, *out;
    int shard_k, shard_n, force, dry_run, slurm, submit, wait, workers;
} batch_opts;

static int parse_opts(int argc, char **argv, batch_opts *o) {
    memset(o, 0, sizeof *o);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--force") == 0) o->force = 1;
        else if (strcmp(a, "--dry-run") == 0) o->dry_run = 1;
        else if (strcmp(a, "--slurm") == 0) o->slurm = 1;
        else if (strcmp(a, "--submit") == 0) o->submit = 1;
        else if (strcmp(a, "--wait") == 0) o->wait = 1;
        else if (strcmp(a, "--out") == 0 || strcmp(a, "--shard") == 0 || strcmp(a, "--workers") == 0) {
            if (!v) return cli_fail("option %s needs a value", a);
            i++;
            char *end;
            if (strcmp(a, "--out") == 0) o->out = v;
            else if (strcmp(a, "--workers") == 0) {
                long n = strtol(v, &end, 10);
                if (*end || n < 1 || n > 1024) return cli_fail("--workers needs a number from 1 to 1024, not '%s'", v);
                o->workers = (int)n;
            } else {
                char tail;
                if (sscanf(v, "%d/%d%c", &o->shard_k, &o->shard_n, &tail) != 2 || o->shard_n < 1 || o->shard_k < 1 ||
                    o->shard_k > o->shard_n)
                    return cli_fail("--shard needs K/N with 1 <= K <= N, not '%s'", v);
            }
        } else if (a[0] == '-') return cli_fail("batch: unknown option '%s'", a);
        else if (o->ini) return cli_fail("batch takes one INI file (got '%s' and '%s')", o->ini, a);
        else o->ini = a;
    }
    if (!o->ini) return cli_fail("batch needs an INI file (see docs/batch.md)");
    if (o->wait && !o->submit) return cli_fail("--wait goes with --submit");
    if ((o->slurm || o->submit) && o->shard_n) return cli_fail("--slurm and --submit make the shards themselves: drop --shard");
    return 0;
}

/* Removes the results files under 'dir' (and its shard folders when 'shards'). */
static void remove_results(const char *dir, int shards) {
    char path[4300];
    const char *names[] = {RUNS_CSV, RUNS_JSONL};
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        unlink(path);
        if (!shards) continue;
        char pattern[4300];
        snprintf(pattern, sizeof pattern, "%s/shard-*/%s", dir, names[k]);
        glob_t gl;
        if (glob(pattern, 0, NULL, &gl) == 0) {
            for (size_t j = 0; j < gl.gl_pathc; j++) unlink(gl.gl_pathv[j]);
            globfree(&gl);
        }
    }
}

static uint64_t key_hash(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return mix(h);
}

typedef struct hashed { uint64_t h; long long i; } hashed;

static int hashed_cmp(const void *a, const void *b) {
    const hashed *x = a, *y = b;
    if (x->h != y->h) return x->h < y->h ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

/* The runs of shard k of n: the batch's runs ordered by a hash of their
 * identity, dealt round-robin, so that shards are equal in size, mix every
 * agent and level, and do not depend on the order of the file's lists. */
static long long *shard_runs(const batch *b, int k, int n, long long *count) {
    hashed *hs = malloc((size_t)(b->total ? b->total : 1) * sizeof *hs);
    long long *runs = malloc((size_t)(b->total / n + 1) * sizeof *runs);
    *count = 0;
    if (!hs || !runs) {
        free(hs), free(runs);
        return NULL;
    }
    for (long long i = 0; i < b->total; i++) {
        char key[1024];
        run_key(b, i, key, sizeof key);
        hs[i] = (hashed){key_hash(key), i};
    }
    qsort(hs, (size_t)b->total, sizeof *hs, hashed_cmp);
    for (long long p = k - 1; p < b->total; p += n) runs[(*count)++] = hs[p].i;
    free(hs);
    qsort(runs, (size_t)*count, sizeof *runs, ll_cmp);   /* play them in the batch's order */
    return runs;
}

int cli_batch(int argc, char **argv) {
    batch_opts o;
    int rc = parse_opts(argc, argv, &o);
    if (rc) return rc;
    batch b;
    if (batch_load(&b, o.ini)) {
        print_errors(&b);
        batch_free(&b);
        return 2;
    }
    if (o.out) snprintf(b.out, sizeof b.out, "%s", o.out);
    if (o.workers) b.workers = o.workers, b.workers_set = 1;
    if (o.slurm) {
        slurm_script(stdout, &b, o.ini);
        if (mkdirs(b.out)) rc = cli_fail("%s: cannot create the folder: %s", b.out, strerror(errno));
        batch_free(&b);
        return rc;
    }
    if (o.submit) {
        if (mkdirs(b.out)) rc = cli_fail("%s: cannot create the folder: %s", b.out, strerror(errno));
        else rc = submit(&b, o.ini, o.wait);
        batch_free(&b);
        return rc;
    }

    /* The runs of this batch or shard, and where they go. */
    results res;
    memset(&res, 0, sizeof res);
    res.csv.fd = res.jsonl.fd = -1;
    res.sync_seconds = b.sync_seconds;
    if (o.shard_n) snprintf(res.dir, sizeof res.dir, "%s/shard-%d-of-%d", b.out, o.shard_k, o.shard_n);
    else snprintf(res.dir, sizeof res.dir, "%s", b.out);
    long long nslice = 0, *slice = NULL;
    if (o.shard_n) slice = shard_runs(&b, o.shard_k, o.shard_n, &nslice);
    else if ((slice = malloc((size_t)(b.total ? b.total : 1) * sizeof *slice)))
        for (nslice = 0; nslice < b.total; nslice++) slice[nslice] = nslice;
    if (!slice) {
        batch_free(&b);
        return cli_fail("out of memory");
    }

    /* What is done already: every results file under OUT (shards too). */
    char why[4400];
    if (o.force && !o.dry_run) remove_results(res.dir, o.shard_n == 0);
    if (!o.dry_run && results_open(&res, stderr, why, sizeof why)) {
        free(slice);
        batch_free(&b);
        return cli_fail("%s", why);
    }
    unsigned char *done = calloc((size_t)(nslice ? nslice : 1), 1);
    key_set mine = {0};
    long long before = 0;
    struct stat st;
    for (long long p = 0; p < nslice && done; p++) {
        char key[1024];
        run_key(&b, slice[p], key, sizeof key);
        if (keys_put(&mine, key, (long)p) < 0) break;
    }
    if (!o.force && stat(b.out, &st) == 0) {
        row_list rows = {0};
        key_set seen = {0};
        long dups = 0;
        if (runs_read_dir(b.out, &rows, &seen, &dups, stderr, why, sizeof why) < 0) rc = cli_fail("%s", why);
        for (size_t k = 0; k < rows.n && !rc; k++) {
            char key[1024];
            row_key(&rows.rows[k], key, sizeof key);
            long p = keys_get(&mine, key);
            if (p < 0) continue;
            int g, l, a, opp, s;
            char config[17];
            run_decode(&b, slice[p], &g, &l, &a, &opp, &s);
            run_config(&b, a, opp, config);
            if (strcmp(rows.rows[k].config, config)) {
                if (opp >= 0)
                    rc = cli_fail("%s holds games of '%s' against '%s' made with other settings (config %s, now %s): use "
                                  "--force to start over, or another out", b.out, b.agents[a].label, b.agents[opp].label,
                                  rows.rows[k].config, config);
                else
                    rc = cli_fail("%s holds runs of agent '%s' made with other settings (config %s, now %s): use --force "
                                  "to start over, or another out", b.out, b.agents[a].label, rows.rows[k].config, config);
                break;
            }
            if (!done[p]) done[p] = 1, before++;
        }
        rows_free(&rows);
        keys_free(&seen);
    }
    keys_free(&mine);
    runner rn;
    memset(&rn, 0, sizeof rn);
    if (!rc && done) {
        rn.todo = malloc((size_t)(nslice - before + 1) * sizeof *rn.todo);
        rn.again = malloc((size_t)(b.workers * QMAX + 1) * sizeof *rn.again);
        rn.w = calloc((size_t)b.workers, sizeof *rn.w);
        if (!rn.todo || !rn.again || !rn.w) rc = cli_fail("out of memory");
        for (long long p = 0; p < nslice && !rc; p++)
            if (!done[p]) rn.todo[rn.ntodo++] = slice[p];
    }
    free(done);
    free(slice);
    if (rc) {
        free(rn.todo), free(rn.again), free(rn.w);
        results_close(&res);
        batch_free(&b);
        return rc;
    }

    int ntwo = 0;
    for (int g = 0; g < b.ngames; g++) ntwo += b.two[g];
    if (!ntwo)
        printf("batch %s: %lld runs (%d games x %d levels x %d agents x %d seeds)", o.ini, b.total, b.ngames, b.nlevels,
               b.nagents, b.nseeds);
    else {
        long long pairs = (long long)b.nagents * (b.nagents - 1) + (b.self_play ? b.nagents : 0);
        printf("batch %s: %lld runs (%d games x %d levels x %d seeds; ", o.ini, b.total, b.ngames, b.nlevels, b.nseeds);
        if (ntwo < b.ngames) printf("%d agents in each of %d one-player games, ", b.nagents, b.ngames - ntwo);
        printf("%lld games between %d agents%s in each of %d two-player games)", pairs, b.nagents,
               b.self_play ? " with self-play" : "", ntwo);
    }
    if (o.shard_n) printf(", shard %d/%d: %lld", o.shard_k, o.shard_n, nslice);
    printf("; %lld done before, %lld to run with %d worker%s; results in %s\n", before, rn.ntodo,
           b.workers, b.workers == 1 ? "" : "s", res.dir);
    fflush(stdout);
    if (o.dry_run) {
        free(rn.todo), free(rn.again), free(rn.w);
        batch_free(&b);
        return 0;
    }

    struct sigaction sa, old_int, old_term, old_hup, old_pipe;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &old_pipe);
    stop_signal = 0;
    page_kb = sysconf(_SC_PAGESIZE) / 1024;
    rn.b = &b;
    rn.res = &res;
    rn.nw = b.workers < rn.ntodo ? b.workers : (int)(rn.ntodo ? rn.ntodo : 1);
    rn.start = rn.last_progress = fm_now();
    rn.progress = isatty(STDERR_FILENO);
    int stopped = rn.ntodo ? run_all(&rn, before, nslice) : 0;
    results_close(&res);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    sigaction(SIGPIPE, &old_pipe, NULL);
    double took = fm_now() - rn.start;
    free(rn.todo), free(rn.again), free(rn.w);

    if (rn.io_error) rc = cli_fail("%s: cannot write results: %s (the runs written so far are kept; run again to resume)",
                                   res.dir, strerror(rn.io_error));
    else if (stopped < 0) rc = cli_fail("cannot start worker processes: %s", strerror(errno));
    else if (stopped > 0) {
        fprintf(stderr, "vgdl: interrupted (%s) after %lld of %lld runs; run the same command to resume\n",
                strsignal(stopped), before + rn.done, nslice);
        rc = 128 + stopped;
    }
    if (!rc) {
        printf("played %lld runs in %.1f s", rn.done, took);
        for (int s = 1; s < RUN_NSTATUS; s++)
            if (rn.by_status[s]) printf(", %lld %s", rn.by_status[s], run_status_name((run_status)s));
        printf("\n\n");
        row_list rows = {0};
        key_set seen = {0};
        long dups = 0;
        report_opts ro = {0};
        if (runs_read_dir(b.out, &rows, &seen, &dups, stderr, why, sizeof why) >= 0) {
            if (o.shard_n) printf("everything in %s so far (every shard there):\n", b.out);
            report_print(stdout, &rows, &ro);
            fflush(stdout);
            match_warn_overspent_rows(&rows);
        }
        rows_free(&rows);
        keys_free(&seen);
    }
    batch_free(&b);
    return rc;
}
