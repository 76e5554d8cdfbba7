/* SPDX-License-Identifier: MIT
 *
 * plan.c -- a batch's plan: the INI file (read by inifile.c, with line
 * numbers) interpreted and checked -- keys, lists of games, levels, agents
 * and seeds, agent sections and their settings -- every game loaded on
 * every level and every agent created once, so that every mistake is
 * found, with its line, before anything runs; then the runs numbered
 * 0..total-1 (seeds outermost, agents innermost) with their seeds and
 * configs. See batch.h.
 */
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "cli.h"

/* ---- Values ------------------------------------------------------------------ */

static char *trim(char *s) {
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

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
    {"opponent_model",
     "games for two players moving at once: what an agent's forward model has the other do (random or nil)"},
    {"shards", "Slurm array tasks"},
    {"slurm_partition", "Slurm partition"},
    {"slurm_time", "Slurm time limit of one array task"},
    {"slurm_args", "more sbatch options"},
};
#define NUM_BATCH_KEYS ((int)(sizeof batch_keys / sizeof batch_keys[0]))

/* A number in [lo, hi]; 'integer' requires a whole number. 0, or -1 after an error. */
static int num_value(batch *b, const inifile_kv *kv, double lo, double hi, int integer, double *out) {
    char *end;
    errno = 0;
    double v = strtod(kv->value, &end);
    if (end == kv->value || *trim(end) || errno || !isfinite(v) || (integer && v != floor(v)) || v < lo || v > hi) {
        if (hi >= 1e18)
            inifile_error_add(&b->ini, kv->line, "'%s' needs %s >= %g, not '%s'", kv->key,
                              integer ? "a whole number" : "a number", lo, kv->value);
        else
            inifile_error_add(&b->ini, kv->line, "'%s' needs %s from %g to %g, not '%s'", kv->key,
                              integer ? "a whole number" : "a number", lo, hi, kv->value);
        return -1;
    }
    *out = v;
    return 0;
}

/* Splits a comma-separated list in place; returns the item count, or -1 after an error. */
static int split_list(batch *b, const inifile_kv *kv, char *text, char **items, int max) {
    int n = 0;
    char *p = text;
    for (;;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        char *item = trim(p);
        if (!*item) {
            inifile_error_add(&b->ini, kv->line, "'%s' has an empty item", kv->key);
            return -1;
        }
        if (n == max) {
            inifile_error_add(&b->ini, kv->line, "'%s' has more than %d items", kv->key, max);
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

/* FNV-1a over 's' and a 0x1f separator (runs.h's hash). */
static uint64_t fnv(uint64_t h, const char *s) { return runs_fnv(runs_fnv(h, s), "\x1f"); }

/* The same over 'v' written in decimal. */
static uint64_t fnv_number(uint64_t h, unsigned long long v) {
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", v);
    return fnv(h, buf);
}

/* The seed of one run: from the batch seed and the run's identity only
 * (the opponent too, 'o' >= 0, in a two-player game), below 2^53 so that
 * 'vgdl run --seed' takes it exactly. */
uint64_t batch_run_seed(const batch *b, int g, int l, int a, int o, long long seed) {
    uint64_t h = RUNS_FNV_BASIS;
    h = fnv_number(h, b->seed);
    h = fnv(h, b->games[g]);
    h = fnv(h, b->levels[l]);
    h = fnv(h, b->agents[a].label);
    if (o >= 0) h = fnv(h, b->agents[o].label);
    h = fnv_number(h, (unsigned long long)seed);
    return runs_mix(h) & ((1ULL << 53) - 1);
}

static int str_cmp(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* The hash of what decides an agent's results besides the run's identity. */
static void agent_config(const batch *b, agent_spec *as) {
    char text[256];
    const char *sorted[BATCH_MAX_SET * 2];
    snprintf(text, sizeof text, "budget_ms=%.17g;budget_calls=%ld;max_ticks=%d;seed=%llu;agent=%s", as->budget.ms,
             as->budget.calls, b->max_ticks, b->seed, as->impl);
    uint64_t h = fnv(RUNS_FNV_BASIS, text);
    memcpy(sorted, as->settings, (size_t)as->nset * sizeof *sorted);
    qsort(sorted, (size_t)as->nset, sizeof *sorted, str_cmp);
    for (int k = 0; k < as->nset; k++) h = fnv(h, sorted[k]);
    snprintf(as->config, sizeof as->config, "%016llx", (unsigned long long)runs_mix(h));
}

/* The config of a run: the agent's, or in a two-player game ('o' >= 0) a
 * hash of both players' in their order. */
void batch_run_config(const batch *b, int a, int o, char out[17]) {
    if (o < 0) {
        memcpy(out, b->agents[a].config, 17);
        return;
    }
    uint64_t h = fnv(fnv(fnv(RUNS_FNV_BASIS, "pair"), b->agents[a].config), b->agents[o].config);
    snprintf(out, 17, "%016llx", (unsigned long long)runs_mix(h));
}

static void parse_games(batch *b, const inifile_kv *kv) {
    char *copy = strdup(kv->value), *items[1024];
    int n = copy ? split_list(b, kv, copy, items, 1024) : -1;
    if (n > 0) {
        b->games = calloc((size_t)n, sizeof *b->games);
        b->scripts = calloc((size_t)n, sizeof *b->scripts);
    }
    for (int k = 0; k < n && b->games; k++) {
        char script[4096], map[4096];
        if (strlen(items[k]) >= ROW_GAME) {
            inifile_error_add(&b->ini, kv->line, "game '%.40s...' is longer than %d characters", items[k],
                              ROW_GAME - 1);
            continue;
        }
        for (int j = 0; j < b->ngames; j++)
            if (strcmp(b->games[j], items[k]) == 0)
                inifile_error_add(&b->ini, kv->line, "game '%s' is listed twice", items[k]);
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
            if (known[0])
                inifile_error_add(&b->ini, kv->line, "unknown game '%s' (no %s; games:%s)", items[k], script, known);
            else inifile_error_add(&b->ini, kv->line, "unknown game '%s' (cannot read %s)", items[k], script);
            continue;
        }
        snprintf(b->games[b->ngames], ROW_GAME, "%s", items[k]);
        snprintf(b->scripts[b->ngames++], 4096, "%s", script);
    }
    free(copy);
}

static void parse_levels(batch *b, const inifile_kv *kv) {
    key_set seen = {0}; /* the levels so far: a hash set, as 0-99999 is a list of 100000 */
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
            inifile_error_add(&b->ini, kv->line, "bad level range '%s' (use N or A-B with A <= B)", items[k]);
            continue;
        }
        if (rr == 0 && strpbrk(items[k], "*?[")) {
            if (glob(items[k], 0, NULL, &gl) != 0 || gl.gl_pathc == 0) {
                inifile_error_add(&b->ini, kv->line, "no map matches '%s'", items[k]);
                continue;
            }
            globbed = 1;
            names = gl.gl_pathv;
            count = gl.gl_pathc;
        }
        long long items_here = rr ? z - a + 1 : globbed ? (long long)count : 1;
        if (b->nlevels + items_here > 100000) {
            inifile_error_add(&b->ini, kv->line, "too many levels (at most 100000)");
            if (globbed) globfree(&gl);
            break;
        }
        for (long long j = 0; j < items_here; j++) {
            char id[ROW_LEVEL + 8];
            if (rr) snprintf(id, sizeof id, "%lld", a + j);
            else snprintf(id, sizeof id, "%s", globbed ? names[j] : items[k]);
            if (strlen(id) >= ROW_LEVEL) {
                inifile_error_add(&b->ini, kv->line, "level path '%.40s...' is longer than %d characters", id,
                                  ROW_LEVEL - 1);
                continue;
            }
            int fresh = runs_keys_put(&seen, id, b->nlevels);
            if (fresh < 0) break;
            if (!fresh) {
                inifile_error_add(&b->ini, kv->line, "level '%s' is listed twice", id);
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
    runs_keys_free(&seen);
    free(copy);
}

static void parse_seeds(batch *b, const inifile_kv *kv) {
    char *copy = strdup(kv->value), *items[4096];
    int n = copy ? split_list(b, kv, copy, items, 4096) : -1;
    long long cap = 0;
    for (int k = 0; k < n; k++) {
        long long a, z;
        if (parse_range(items[k], &a, &z) != 1 || z >= (1LL << 53)) {
            inifile_error_add(&b->ini, kv->line, "bad seed '%s' (use numbers N or ranges A-B with A <= B)", items[k]);
            continue;
        }
        if (b->nseeds + (z - a + 1) > BATCH_MAX_RUNS) {
            inifile_error_add(&b->ini, kv->line, "too many seeds (at most %lld)", BATCH_MAX_RUNS);
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

static void check_seed_dups(batch *b, const inifile_kv *kv) {
    if (b->nseeds < 2) return;
    long long *sorted = malloc((size_t)b->nseeds * sizeof *sorted);
    if (!sorted) return;
    memcpy(sorted, b->seeds, (size_t)b->nseeds * sizeof *sorted);
    qsort(sorted, (size_t)b->nseeds, sizeof *sorted, ll_cmp);
    for (int i = 1; i < b->nseeds; i++)
        if (sorted[i] == sorted[i - 1]) {
            inifile_error_add(&b->ini, kv->line, "seed %lld is listed twice", sorted[i]);
            break;
        }
    free(sorted);
}

static void parse_agents(batch *b, const inifile_kv *kv) {
    char *copy = strdup(kv->value), *items[256];
    int n = copy ? split_list(b, kv, copy, items, 256) : -1;
    if (n > 0) b->agents = calloc((size_t)n, sizeof *b->agents);
    for (int k = 0; k < n && b->agents; k++) {
        if (strlen(items[k]) >= ROW_AGENT) {
            inifile_error_add(&b->ini, kv->line, "agent name '%.40s...' is longer than %d characters", items[k],
                              ROW_AGENT - 1);
            continue;
        }
        if (strcmp(items[k], "batch") == 0) {
            inifile_error_add(&b->ini, kv->line, "'batch' cannot be an agent's name");
            continue;
        }
        int dup = 0;
        for (int j = 0; j < b->nagents; j++) dup |= strcmp(b->agents[j].label, items[k]) == 0;
        if (dup) {
            inifile_error_add(&b->ini, kv->line, "agent '%s' is listed twice", items[k]);
            continue;
        }
        agent_spec *as = &b->agents[b->nagents++];
        snprintf(as->label, sizeof as->label, "%s", items[k]);
        snprintf(as->impl, sizeof as->impl, "%s", items[k]);
        as->budget = b->budget;
        inifile_section *s = inifile_section_of(&b->ini, items[k]);
        if (!s) continue;
        s->used = 1;
        const inifile_kv *bms = inifile_get(s, "budget_ms"), *bcalls = inifile_get(s, "budget_calls");
        double v;
        if (bms || bcalls) as->budget = (agent_budget){0, 0}; /* its own budget: what it does not set is none */
        if (bms && !num_value(b, bms, 0, 1e9, 0, &v)) as->budget.ms = v;
        if (bcalls && !num_value(b, bcalls, 0, 1e15, 1, &v)) as->budget.calls = (long)v;
        for (int j = 0; j < s->n; j++) {
            if (strcmp(s->kv[j].key, "agent") == 0) {
                snprintf(as->impl, sizeof as->impl, "%s", s->kv[j].value);
                continue;
            }
            if (&s->kv[j] == bms || &s->kv[j] == bcalls) continue;
            if (as->nset == BATCH_MAX_SET) {
                inifile_error_add(&b->ini, s->kv[j].line, "more than %d settings for agent '%s'", BATCH_MAX_SET,
                                  as->label);
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
static void check_agents(batch *b, const inifile_kv *agents_kv) {
    const vg_game *g = NULL;
    for (int k = 0; k < b->ngames * b->nlevels && !g; k++) g = b->loaded[k];
    if (!g) return;
    for (int k = 0; k < b->nagents; k++) {
        agent_spec *as = &b->agents[k];
        char why[512];
        if (as->bad) continue; /* check_sections said why */
        inifile_section *s = inifile_section_of(&b->ini, as->label);
        const inifile_kv *impl_kv = inifile_get(s, "agent");
        agent *a = agent_new(as->impl, g, NULL, 0, 1, why, sizeof why);
        if (!a) {
            inifile_error_add(&b->ini, impl_kv ? impl_kv->line : agents_kv->line, "%s", why);
            continue;
        }
        agent_free(a);
        int bad = 0;
        for (int j = 0; j < as->nset; j++) {
            if (!(a = agent_new(as->impl, g, &as->settings[j], 1, 1, why, sizeof why))) {
                inifile_error_add(&b->ini, as->lines[j], "[%s]: %s", as->label, why);
                bad = 1;
            }
            agent_free(a);
        }
        if (!bad && as->nset) {
            if (!(a = agent_new(as->impl, g, as->settings, as->nset, 1, why, sizeof why)))
                inifile_error_add(&b->ini, s ? s->line : agents_kv->line, "[%s]: %s", as->label, why);
            agent_free(a);
        }
        agent_config(b, as);
    }
}

/* Loads every game on every level: a missing or broken map is an error on
 * the line that names it. A game whose rules fail to load (a script error)
 * is not: its runs on that level and the ones after it are to be recorded
 * as error rows with the reason (load_err), and the rest of the batch
 * plays. */
static void load_games(batch *b, const inifile_kv *games_kv, const inifile_kv *levels_kv) {
    b->loaded = calloc((size_t)(b->ngames * b->nlevels) + 1, sizeof *b->loaded);
    b->load_err = calloc((size_t)(b->ngames * b->nlevels) + 1, sizeof *b->load_err);
    if (!b->loaded || !b->load_err) {
        inifile_error_add(&b->ini, 0, "out of memory");
        return;
    }
    for (int g = 0; g < b->ngames; g++) {
        int script_bad = 0;
        for (int l = 0; l < b->nlevels && !script_bad; l++) {
            char script[4096], map[4096];
            vg_error err = {0};
            if (b->ini.nerrs == INIFILE_MAX_ERRORS) { /* enough said: 'levels = 0-99999' need not try 99999 maps */
                b->ini.more++;
                return;
            }
            cli_game_paths(b->games[g], b->levels[l], script, map, sizeof script);
            vg_status st = vg_game_load(script, map, &b->loaded[g * b->nlevels + l], &err);
            if (st == VG_OK) continue;
            char where[800];
            if (err.file[0] && err.line && err.col)
                snprintf(where, sizeof where, "%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
            else if (err.file[0] && err.line) snprintf(where, sizeof where, "%s:%d: %s", err.file, err.line, err.msg);
            else if (err.file[0]) snprintf(where, sizeof where, "%s: %s", err.file, err.msg);
            else snprintf(where, sizeof where, "%s", err.msg);
            script_bad = strcmp(err.file, script) == 0 && st != VG_ERR_IO && st != VG_ERR_NOMEM;
            for (int j = l; j < b->nlevels && script_bad; j++)
                if (!(b->load_err[g * b->nlevels + j] = strdup(where))) inifile_error_add(&b->ini, 0, "out of memory");
            if (!script_bad)
                inifile_error_add(&b->ini, levels_kv ? levels_kv->line : games_kv->line, "game '%s' level '%s': %s",
                                  b->games[g], b->levels[l], where);
        }
    }
}

/* Which games are for two agents (turns{} with two agents, neither of
 * them chance, judged on the first level's start; or two players moving
 * at once, GVGAI's two-player games), and how many runs a game has per
 * level and seed: one per agent, or one per ordered pair of agents (and
 * per agent against itself with self_play). */
static void plan_runs(batch *b, const inifile_kv *games_kv) {
    b->two = calloc((size_t)b->ngames + 1, sizeof *b->two);
    b->slots = calloc((size_t)b->ngames + 1, sizeof *b->slots);
    b->offset = calloc((size_t)b->ngames + 1, sizeof *b->offset);
    if (!b->two || !b->slots || !b->offset) {
        inifile_error_add(&b->ini, 0, "out of memory");
        return;
    }
    long long pairs = (long long)b->nagents * (b->nagents - 1) + (b->self_play ? b->nagents : 0);
    b->per_seed = 0;
    for (int g = 0; g < b->ngames; g++) {
        const vg_game *game = b->loaded ? b->loaded[g * b->nlevels] : NULL;
        vg_state *s = game ? vg_state_new(game, 0) : NULL;
        b->two[g] = s && ((vg_game_has_turns(game) && vg_num_agents(game, s) == 2 && !vg_is_chance(game, 0) &&
                           !vg_is_chance(game, 1)) ||
                          (!vg_game_has_turns(game) && vg_num_players(game) == 2));
        vg_state_free(s);
        b->slots[g] = b->two[g] ? pairs : b->nagents;
        if (b->two[g] && b->nagents && !pairs)
            inifile_error_add(&b->ini, games_kv->line,
                              "game '%s' is for two players %s: list two agents or more in 'agents' "
                              "(or set self_play = 1)",
                              b->games[g], vg_game_has_turns(game) ? "taking turns" : "moving at once");
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

/* Every key of [batch] is one batch_keys lists. */
static void check_batch_keys(batch *b, const inifile_section *bs) {
    const char *names[NUM_BATCH_KEYS];
    for (int j = 0; j < NUM_BATCH_KEYS; j++) names[j] = batch_keys[j].key;
    for (int k = 0; k < bs->n; k++) {
        int known = 0;
        for (int j = 0; j < NUM_BATCH_KEYS; j++) known |= strcmp(bs->kv[k].key, names[j]) == 0;
        if (known) continue;
        int bi = vg_closest_name(bs->kv[k].key, names, NUM_BATCH_KEYS);
        if (bi >= 0) {
            inifile_error_add(&b->ini, bs->kv[k].line, "unknown key '%s' in [batch]; did you mean '%s'?", bs->kv[k].key,
                              names[bi]);
            continue;
        }
        char list[1024] = "";
        for (int j = 0; j < NUM_BATCH_KEYS; j++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%s", j ? " " : "", batch_keys[j].key);
        }
        inifile_error_add(&b->ini, bs->kv[k].line, "unknown key '%s' in [batch] (keys: %s)", bs->kv[k].key, list);
    }
}

/* The numeric settings of [batch], with their defaults. */
static void read_numbers(batch *b, const inifile_section *bs) {
    const inifile_kv *kv;
    double v;
    b->workers = cores();
    if ((kv = inifile_get(bs, "workers")) && !num_value(b, kv, 1, 1024, 1, &v)) b->workers = (int)v, b->workers_set = 1;
    int have_ms = 0, have_calls = 0;
    if ((kv = inifile_get(bs, "budget_ms")) && !num_value(b, kv, 0, 1e9, 0, &v)) b->budget.ms = v, have_ms = 1;
    if ((kv = inifile_get(bs, "budget_calls")) && !num_value(b, kv, 0, 1e15, 1, &v))
        b->budget.calls = (long)v, have_calls = 1;
    if (!have_ms && !have_calls) b->budget.ms = 40;
    if ((kv = inifile_get(bs, "max_ticks")) && !num_value(b, kv, 0, 1e9, 1, &v)) b->max_ticks = (int)v;
    if ((kv = inifile_get(bs, "seed")) && !num_value(b, kv, 0, 9007199254740992.0, 1, &v))
        b->seed = (unsigned long long)v;
    b->time_limit = 600;
    if ((kv = inifile_get(bs, "time_limit")) && !num_value(b, kv, 0, 1e9, 0, &v)) b->time_limit = v;
    b->memory_mb = 4096;
    if ((kv = inifile_get(bs, "memory_mb")) && !num_value(b, kv, 0, 1e9, 1, &v)) {
        b->memory_mb = (long)v;
        if (v > 0 && v < 16)
            inifile_error_add(&b->ini, kv->line,
                              "'memory_mb' of %g leaves no room to load a game (use 0 for no limit, or >= 16)", v);
    }
    if ((kv = inifile_get(bs, "runs_per_worker")) && !num_value(b, kv, 0, 1e15, 1, &v)) b->runs_per_worker = (long)v;
    b->sync_seconds = 1;
    if ((kv = inifile_get(bs, "sync_seconds")) && !num_value(b, kv, 0, 1e9, 0, &v)) b->sync_seconds = v;
    b->shards = 1;
    if ((kv = inifile_get(bs, "shards")) && !num_value(b, kv, 1, 100000, 1, &v)) b->shards = (int)v;
    if ((kv = inifile_get(bs, "self_play")) && !num_value(b, kv, 0, 1, 1, &v)) b->self_play = (int)v;
    if ((kv = inifile_get(bs, "opponent_model")) && (b->model = fm_model_find(trim(kv->value))) < 0)
        inifile_error_add(&b->ini, kv->line, "'opponent_model' needs random or nil, not '%s'", kv->value);
}

/* The out folder and the Slurm settings: text that goes into a job script,
 * so none may hold what a shell or sbatch would read as more than text. */
static void read_texts(batch *b, const inifile_section *bs) {
    const char *base = strrchr(b->path, '/');
    base = base ? base + 1 : b->path;
    snprintf(b->out, sizeof b->out, "results/%.*s", (int)strcspn(base, "."), base);
    const inifile_kv *kv = inifile_get(bs, "out");
    if (kv) {
        if (!kv->value[0]) inifile_error_add(&b->ini, kv->line, "'out' needs a folder");
        snprintf(b->out, sizeof b->out, "%s", kv->value);
    }
    static const char *const keys[3] = {"slurm_partition", "slurm_time", "slurm_args"};
    const char **texts[3] = {&b->slurm_partition, &b->slurm_time, &b->slurm_args};
    for (int k = 0; k < 3; k++) {
        if (!(kv = inifile_get(bs, keys[k]))) continue;
        *texts[k] = kv->value;
        if (!b->slurm_line || kv->line < b->slurm_line) b->slurm_line = kv->line;
        if (strpbrk(kv->value, "\n\r'\"\\$`"))
            inifile_error_add(&b->ini, kv->line, "'%s' may not hold quotes, '$', '`' or '\\'", keys[k]);
    }
}

/* Sections that no entry of 'agents' names. When one is close to a listed
 * name that is no agent at all, that name is the misspelling: the error
 * goes on the 'agents' line, pointing from it to the section. */
static void check_sections(batch *b, const inifile_section *bs, const inifile_kv *agents_kv) {
    const char **labels = malloc((size_t)(b->nagents + 1) * sizeof *labels);
    for (int j = 0; labels && j < b->nagents; j++) labels[j] = b->agents[j].label;
    for (int k = 0; k < b->ini.nsecs; k++) {
        inifile_section *s = &b->ini.secs[k];
        if (s == bs || s->used || !s->name[0]) continue;
        int near = labels ? vg_closest_name(s->name, labels, b->nagents) : -1;
        agent_spec *as = near >= 0 ? &b->agents[near] : NULL;
        if (as && !agent_find(as->label) && !inifile_section_of(&b->ini, as->label)) {
            inifile_error_add(&b->ini, agents_kv->line,
                              "unknown agent '%s'; did you mean '%s' (the section [%s] on line %d)?", as->label,
                              s->name, s->name, s->line);
            as->bad = 1;
        } else if (as)
            inifile_error_add(&b->ini, s->line, "section [%s] is not in 'agents'; did you mean [%s]?", s->name,
                              as->label);
        else
            inifile_error_add(&b->ini, s->line,
                              "section [%s] is not in 'agents' (a section holds the settings of one listed agent)",
                              s->name);
    }
    free(labels);
}

/* Keys before any section. */
static void check_outside(batch *b) {
    const inifile_section *top = inifile_section_of(&b->ini, "");
    for (int k = 0; top && k < top->n; k++)
        inifile_error_add(&b->ini, top->kv[k].line, "'%s' is outside any section (put the batch's keys under [batch])",
                          top->kv[k].key);
}

/* The lists: games, levels (default 0), seeds (default 1). */
static void read_lists(batch *b, const inifile_kv *games, const inifile_kv *levels, const inifile_kv *seeds) {
    if (games) parse_games(b, games);
    if (levels) parse_levels(b, levels);
    else if ((b->levels = calloc(1, sizeof *b->levels))) snprintf(b->levels[0], ROW_LEVEL, "0"), b->nlevels = 1;
    if (seeds) {
        parse_seeds(b, seeds);
        check_seed_dups(b, seeds);
    } else if ((b->seeds = malloc(sizeof *b->seeds))) b->seeds[0] = 1, b->nseeds = 1;
}

int batch_load(batch *b, const char *path) {
    memset(b, 0, sizeof *b);
    b->path = path;
    if (inifile_read(path, &b->ini)) return b->ini.nerrs;
    check_outside(b);
    inifile_section *bs = inifile_section_of(&b->ini, "batch");
    if (!bs) {
        inifile_error_add(&b->ini, 0, "no [batch] section");
        return b->ini.nerrs;
    }
    check_batch_keys(b, bs);
    const inifile_kv *games = inifile_get(bs, "games"), *levels = inifile_get(bs, "levels"),
                     *agents = inifile_get(bs, "agents"), *seeds = inifile_get(bs, "seeds");
    if (!games) inifile_error_add(&b->ini, bs->line, "[batch] needs 'games' (names such as bait, or script paths)");
    read_lists(b, games, levels, seeds);
    read_numbers(b, bs);
    read_texts(b, bs);
    if (!agents) inifile_error_add(&b->ini, bs->line, "[batch] needs 'agents' (names such as random, onestep)");
    else {
        parse_agents(b, agents);
        check_sections(b, bs, agents);
    }
    if (b->ngames && b->nlevels) load_games(b, games, levels);
    if (b->nagents && agents) check_agents(b, agents);
    if (games) plan_runs(b, games);
    b->total = b->per_seed * b->nseeds;
    if (b->total > BATCH_MAX_RUNS)
        inifile_error_add(&b->ini, bs->line, "%lld runs is too many for one batch (at most %lld)", b->total,
                          BATCH_MAX_RUNS);
    return b->ini.nerrs + b->ini.more;
}

void batch_print_errors(batch *b, FILE *f) {
    inifile_errors_sort(&b->ini);
    for (int k = 0; k < b->ini.nerrs; k++) {
        cli_put(f, b->path);
        if (b->ini.errs[k].line) fprintf(f, ":%d", b->ini.errs[k].line);
        fputs(": ", f);
        cli_put(f, b->ini.errs[k].msg);
        fputc('\n', f);
    }
    if (b->ini.more) fprintf(f, "%s: (more errors not shown)\n", b->path);
}

void batch_free(batch *b) {
    for (int k = 0; k < b->ngames * b->nlevels && b->loaded; k++) vg_game_free(b->loaded[k]);
    for (int k = 0; k < b->ngames * b->nlevels && b->load_err; k++) free(b->load_err[k]);
    for (int k = 0; k < b->nagents; k++)
        for (int j = 0; j < b->agents[k].nset; j++) free((char *)b->agents[k].settings[j]);
    inifile_free(&b->ini);
    free(b->games), free(b->scripts), free(b->levels), free(b->agents), free(b->seeds), free(b->loaded),
        free(b->load_err);
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
void batch_decode(const batch *b, long long i, int *g, int *l, int *a, int *o, int *s) {
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

void batch_run_key(const batch *b, long long i, char *buf, size_t size) {
    int g, l, a, o, s;
    batch_decode(b, i, &g, &l, &a, &o, &s);
    runs_key_of(b->games[g], b->levels[l], b->agents[a].label, o >= 0 ? b->agents[o].label : "", b->seeds[s], buf,
                size);
}

void batch_row_identity(const batch *b, long long i, run_row *r) {
    int g, l, a, o, s;
    batch_decode(b, i, &g, &l, &a, &o, &s);
    memset(r, 0, sizeof *r);
    snprintf(r->game, sizeof r->game, "%s", b->games[g]);
    snprintf(r->level, sizeof r->level, "%s", b->levels[l]);
    snprintf(r->agent, sizeof r->agent, "%s", b->agents[a].label);
    if (o >= 0) snprintf(r->opponent, sizeof r->opponent, "%s", b->agents[o].label);
    r->seed = b->seeds[s];
    r->run_seed = batch_run_seed(b, g, l, a, o, b->seeds[s]);
    batch_run_config(b, a, o, r->config);
}
