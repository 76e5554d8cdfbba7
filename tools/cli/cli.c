/* SPDX-License-Identifier: MIT
 *
 * cli.c -- what every command of the program shares: its options (one
 * table, read with getopt_long), strict numbers, where a game's script and
 * levels are, loading a game with errors that name the real cause,
 * messages, agents built from --config and --set, and the position to
 * start from (--moves).
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "exact.h"

/* ---- Messages --------------------------------------------------------- */

void cli_put(FILE *f, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c < 32 || c == 127) && c != '\t') fprintf(f, "\\x%02x", c);
        else fputc(c, f);
    }
}

int cli_fail(const char *fmt, ...) {
    char msg[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("vgdl: ", stderr);
    cli_put(stderr, msg);
    fputc('\n', stderr);
    return 2;
}

int cli_report(const vg_error *err) {
    cli_put(stderr, err->file[0] ? err->file : "vgdl");
    if (err->file[0] && err->line) fprintf(stderr, ":%d", err->line);
    if (err->file[0] && err->line && err->col) fprintf(stderr, ":%d", err->col);
    fputs(": ", stderr);
    cli_put(stderr, err->msg);
    fputc('\n', stderr);
    return 2;
}

int cli_read_actions(const char *path, vg_action **out, int *n) {
    vg_error err = {0};
    return vg_read_actions(path, out, n, &err) == VG_OK ? 0 : cli_report(&err);
}

int cli_read_plays(const cli_opts *o, const vg_game *g, cli_plays *p) {
    memset(p, 0, sizeof *p);
    p->players = vg_num_players(g);
    if (o->nactions > p->players)
        return cli_fail("'%s' is a game for %d player%s: one --actions FILE a player, not %d", o->game, p->players,
                        p->players == 1 ? "" : "s", o->nactions);
    for (int k = 0; k < o->nactions; k++) {
        int rc = cli_read_actions(o->actions[k], &p->acts[k], &p->n[k]);
        if (rc) return rc;
        if (p->n[k] > p->cycles) p->cycles = p->n[k];
    }
    return 0;
}

void cli_plays_free(cli_plays *p) {
    for (int k = 0; k < VG_MAX_PLAYERS; k++) free(p->acts[k]);
}

vg_status cli_plays_step(const vg_game *g, vg_state *s, const cli_plays *p, int k, int told[VG_MAX_PLAYERS],
                         vg_error *err) {
    vg_action a[VG_MAX_PLAYERS];
    for (int q = 0; q < p->players; q++) {
        a[q] = k < p->n[q] ? p->acts[q][k] : VG_ACTION_NIL;
        told[q] = p->players == 1 || vg_player_alive(g, s, q) ? (int)a[q] : -1;
    }
    return p->players == 1 ? vg_advance(g, s, a[0], err) : vg_advance_multi(g, s, a, err);
}

/* ---- Games and levels ------------------------------------------------- */

const char *cli_root(void) {
    static char root[4096];
    if (root[0]) return root;
    if (access("scripts", F_OK) == 0) return strcpy(root, ".");
    ssize_t n = readlink("/proc/self/exe", root, sizeof root - 1);
    if (n <= 0) return strcpy(root, ".");
    root[n] = '\0';
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(root, '/');
        if (slash) *slash = '\0';
    }
    return root;
}

int cli_is_number(const char *s) {
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

static int ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), k = strlen(tail);
    return n > k && strcmp(s + n - k, tail) == 0;
}

int cli_is_gvgai(const char *path) { return ends_with(path, ".txt"); }

void cli_game_paths(const char *game, const char *level, char *script, char *map, size_t size) {
    vg_game_paths(cli_root(), game, level, script, map, size);
}

int cli_level_files(const char *script, glob_t *gl, char *where, size_t size) {
    vg_level_place places[VG_LEVEL_PLACES];
    int n = vg_level_places(cli_root(), script, places);
    char pattern[4500];
    where[0] = '\0';
    memset(gl, 0, sizeof *gl);
    for (int k = 0; k < n; k++) {
        if (!places[k].folder) { /* GAME_lvlN.txt beside it */
            snprintf(pattern, sizeof pattern, "%s/%s[0-9]*.txt", places[k].dir, places[k].prefix);
            glob(pattern, 0, NULL, gl);
        } else { /* a folder of levels: CS188's layouts, then maps */
            snprintf(pattern, sizeof pattern, "%s/*.lay", places[k].dir);
            glob(pattern, 0, NULL, gl);
            snprintf(pattern, sizeof pattern, "%s/*.txt", places[k].dir);
            glob(pattern, gl->gl_pathc ? GLOB_APPEND : 0, NULL, gl);
        }
        snprintf(where + strlen(where), size - strlen(where), "%s%s", k ? ", " : "", pattern);
        if (gl->gl_pathc) return (int)gl->gl_pathc;
        globfree(gl);
        memset(gl, 0, sizeof *gl);
    }
    return 0;
}

int cli_games(char **names, int max) { return vg_game_names(cli_root(), names, max); }

/* An error of vg_game_open: an unknown game gets the program's hint. */
static int open_failed(const vg_error *err, vg_status st) {
    return st == VG_ERR_ARG ? cli_fail("%s ('vgdl list games' lists them)", err->msg) : cli_report(err);
}

int cli_check_script(const char *script) {
    vg_game *g = NULL;
    vg_error err;
    if (vg_game_load_text(script, "", "(no level)", &g, &err) != VG_OK && strcmp(err.file, script) == 0)
        return cli_report(&err);
    vg_game_free(g);
    return 0;
}

int cli_paths(const cli_opts *o, char *script, char *map, size_t size) {
    vg_game *g;
    vg_error err;
    if (o->level && !o->level[0]) return cli_fail("--level needs a number, a level's name or a map file, not ''");
    cli_game_paths(o->game, o->level, script, map, size);
    if (access(script, F_OK) == 0) return 0;
    vg_status st = vg_game_open(cli_root(), o->game, o->level, &g, &err); /* it says why */
    vg_game_free(g);
    return st == VG_OK ? 0 : open_failed(&err, st);
}

int cli_load(const cli_opts *o, vg_game **g) {
    vg_error err;
    *g = NULL;
    if (o->level && !o->level[0]) return cli_fail("--level needs a number, a level's name or a map file, not ''");
    vg_status st = vg_game_open(cli_root(), o->game, o->level, g, &err);
    return st == VG_OK ? 0 : open_failed(&err, st);
}

/* ---- Options ---------------------------------------------------------- */

/* Every option a command of cli_parse may take: one row each, with the
 * commands that read it (the others refuse it). */
enum {
    O_LEVEL,
    O_MOVES,
    O_AGENT,
    O_SET,
    O_CONFIG,
    O_SEED,
    O_BUDGET_MS,
    O_BUDGET_CALLS,
    O_MAX_TICKS,
    O_OPPONENT,
    O_OPPONENT_SET,
    O_SIDE,
    O_MODEL,
    O_ACTIONS,
    O_ACTIONS_OUT,
    O_MAX_STATES,
    O_SECONDS,
    O_WEIGHT,
    O_GIF,
    O_OUT,
    O_CELL,
    O_DELAY,
    O_SPRITES,
    O_COUNT,
    O_SIZE,
    O_LENGTH,
    O_GENERATOR,
    O_WORKERS,
    O_AGENTS,
    O_PLAYS,
    O_WINS,
    O_SHEET,
    NUM_OPTIONS
};
static const struct cli_option {
    const char *name, *arg, *commands, *help;
} options[NUM_OPTIONS] = {
    [O_LEVEL] = {"level", "N|FILE", "run decide solve trace play show check bench perft render",
                 "the level: a number (levels/GAME/lvlN.txt), a level's name, or a map file"},
    [O_MOVES] = {"moves", "M", "run decide solve trace play show bench perft render",
                 "start from the level after these moves (space-separated names)"},
    [O_AGENT] = {"agent", "NAME", "run decide", "the agent (default onestep; 'vgdl list agents')"},
    [O_SET] = {"set", "KEY=VALUE", "run decide play", "an agent parameter (repeatable; 'vgdl list params AGENT')"},
    [O_CONFIG] = {"config", "FILE", "run decide play", "agent parameters from an INI file ([AGENT] sections)"},
    [O_SEED] = {"seed", "S", "run decide solve trace play generate",
                "the game's and the agents' seed (a whole number, default 0)"},
    [O_BUDGET_MS] = {"budget-ms", "MS", "run decide play", "wall-clock milliseconds per decision (default 40)"},
    [O_BUDGET_CALLS] = {"budget-calls", "K", "run decide play generate",
                        "forward-model calls per decision (repeatable runs; generate: default 1000)"},
    [O_MAX_TICKS] = {"max-ticks", "T", "run generate", "stop after T ticks (0: no limit; generate: default 1000)"},
    [O_OPPONENT] = {"opponent", "NAME", "run play",
                    "the agent playing the other seats of a game with turns or for two players"},
    [O_OPPONENT_SET] = {"opponent-set", "KEY=VALUE", "run", "a parameter of the opponent (repeatable)"},
    [O_SIDE] = {"side", "1|2", "play decide",
                "the seat: play: yours against --opponent; decide: the agent's (first or second player)"},
    [O_MODEL] = {"opponent-model", "M", "run decide play",
                 "a game for two players: what an agent's forward model has the other do, random (default) or nil"},
    [O_ACTIONS] = {"actions", "FILE", "trace render",
                   "the actions to play, one a line (ACTION_LEFT, ...); once a player"},
    [O_ACTIONS_OUT] = {"actions-out", "FILE", "run play",
                       "write the actions played, one a line, as --actions reads them"},
    [O_MAX_STATES] = {"max-states", "N", "solve generate",
                      "give up after N states (default 10000000; generate: a candidate's proof, default 200000)"},
    [O_SECONDS] =
        {"seconds", "S", "solve bench generate",
         "solve, generate: give up after S seconds (generate: default 60); bench: seconds a measurement (default 1)"},
    [O_WEIGHT] = {"weight", "W", "solve", "weighted A*: W > 1 trades the shortest plan for speed"},
    [O_GIF] = {"gif", "FILE", "run trace solve play", "the game as an animated GIF, one frame a tick"},
    [O_OUT] = {"out", "FILE", "render generate",
               "render: the PNG to write (also -o FILE); generate: the levels' folder"},
    [O_CELL] = {"cell", "PX", "render run trace solve play generate", "pixels a cell (pictures)"},
    [O_DELAY] = {"delay", "MS", "run trace solve play", "milliseconds a GIF frame"},
    [O_SPRITES] = {"sprites", "DIR", "render run trace solve play generate",
                   "where the images named by 'img' are read"},
    [O_COUNT] = {"count", "N", "generate", "levels to write (default 10)"},
    [O_SIZE] = {"size", "WxH", "generate",
                "the inside of a level, within the game's border (default: its first level's)"},
    [O_LENGTH] = {"length", "MIN-MAX", "generate", "keep levels whose proven shortest solution has MIN to MAX moves"},
    [O_GENERATOR] = {"generator", "NAME", "generate", "random, constructive, search or script (default: search)"},
    [O_WORKERS] = {"workers", "K", "generate",
                   "worker processes judging candidates (default: the cores; 0: none, all in this one)"},
    [O_AGENTS] = {"agents", "STRONG,WEAK", "generate",
                  "the agents a level with chance is measured by (default mcts,random)"},
    [O_PLAYS] = {"plays", "N", "generate", "games each agent plays on a level with chance (default 10)"},
    [O_WINS] = {"wins", "S,W", "generate",
                "a level with chance: the strong agent wins at least S, the weak at most W (default 0.5,0.1)"},
    [O_SHEET] = {"sheet", "PNG", "generate", "draw the levels as a contact sheet"},
};
/* The options that also have a one-letter form. */
static const struct {
    char letter;
    int option;
} letters[] = {{'o', O_OUT}};
#define NUM_LETTERS ((int)(sizeof letters / sizeof letters[0]))

/* 1 when 'word' is one of the space-separated words of 'list'. */
static int has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n])) return 1;
    return 0;
}

int cli_print_options(const char *command, FILE *f) {
    int n = 0;
    for (int k = 0; k < NUM_OPTIONS; k++) {
        if (!has_word(options[k].commands, command)) continue;
        char left[64];
        snprintf(left, sizeof left, "--%s %s", options[k].name, options[k].arg);
        fprintf(f, "%s  %-24s %s\n", n++ ? "" : "options:\n", left, options[k].help);
    }
    return n;
}

/* Parses a whole number from 'min' to 'max' into '*out'; 0, or 2 after
 * printing why (no sign, fraction, exponent or overflow accepted). */
static int parse_count(const char *opt, const char *v, unsigned long long min, unsigned long long max,
                       unsigned long long *out) {
    char *end;
    errno = 0;
    unsigned long long n = cli_is_number(v) ? strtoull(v, &end, 10) : 0;
    if (!cli_is_number(v) || errno == ERANGE || n < min || n > max)
        return cli_fail("option --%s needs a whole number from %llu to %llu, not '%s'", opt, min, max, v);
    *out = n;
    return 0;
}

/* Parses "A<sep>B", two whole numbers from 'min' to 'max' (with 'single'
 * also a lone "A", then B = A); 0, or 2 after printing why. */
static int parse_two(const char *opt, const char *v, char sep, int single, int min, int max, int *a, int *b) {
    const char *mid = strchr(v, sep);
    char left[32];
    unsigned long long x, y;
    int ok = mid ? (size_t)(mid - v) < sizeof left : single;
    if (ok) snprintf(left, sizeof left, "%.*s", mid ? (int)(mid - v) : (int)sizeof left - 1, v);
    ok = ok && cli_is_number(left) && cli_is_number(mid ? mid + 1 : left);
    if (ok) x = strtoull(left, NULL, 10), y = strtoull(mid ? mid + 1 : left, NULL, 10);
    if (!ok || x < (unsigned)min || y < (unsigned)min || x > (unsigned)max || y > (unsigned)max)
        return cli_fail("option --%s needs %s%c%s, whole numbers from %d to %d, not '%s'", opt,
                        sep == 'x' ? "W" : "MIN", sep, sep == 'x' ? "H" : "MAX", min, max, v);
    *a = (int)x, *b = (int)y;
    return 0;
}

/* Parses a finite number from 0 to 'max'; 0, or 2 after printing why. */
static int parse_real(const char *opt, const char *v, double max, double *out) {
    char *end;
    double d = strtod(v, &end);
    if (end == v || *end || !isfinite(d) || d < 0 || d > max)
        return cli_fail("option --%s needs a number from 0 to %g, not '%s'", opt, max, v);
    *out = d;
    return 0;
}

enum { OPT_BASE = 256 }; /* getopt_long's value for option row k: OPT_BASE + k */

/* Stores the value 'v' of option row 'k'; 0, or 2 after printing why. */
static int set_option(cli_opts *o, int k, const char *v) {
    const char *name = options[k].name;
    unsigned long long n = 0;
    int rc = 0;
    switch (k) {
    case O_LEVEL: o->level = v; break;
    case O_MOVES: o->moves = v; break;
    case O_AGENT: o->agent = v; break;
    case O_SET:
        if (o->nset == CLI_MAX_SET) return cli_fail("too many --set options (at most %d)", CLI_MAX_SET);
        o->set[o->nset++] = v;
        break;
    case O_CONFIG: o->config = v; break;
    case O_SEED: rc = parse_count(name, v, 0, UINT64_MAX, &n), o->seed = n; break;
    case O_BUDGET_MS: rc = parse_real(name, v, 1e9, &o->budget.ms); break;
    case O_BUDGET_CALLS: rc = parse_count(name, v, 0, 1000000000000ULL, &n), o->budget.calls = (long)n; break;
    case O_MAX_TICKS: rc = parse_count(name, v, 0, 2147483647, &n), o->max_ticks = (int)n; break;
    case O_OPPONENT: o->opponent = v; break;
    case O_OPPONENT_SET:
        if (o->nopp_set == CLI_MAX_SET) return cli_fail("too many --opponent-set options (at most %d)", CLI_MAX_SET);
        o->opp_set[o->nopp_set++] = v;
        break;
    case O_SIDE:
        if (strcmp(v, "1") && strcmp(v, "2"))
            return cli_fail("option --side needs 1 (first player) or 2 (second), not '%s'", v);
        o->side = v[0] - '0';
        break;
    case O_MODEL:
        if ((o->model = fm_model_find(v)) < 0)
            return cli_fail("option --opponent-model needs random or nil, not '%s'", v);
        break;
    case O_ACTIONS:
        if (o->nactions == VG_MAX_PLAYERS)
            return cli_fail("too many --actions options (one a player, at most %d)", VG_MAX_PLAYERS);
        o->actions[o->nactions++] = v;
        break;
    case O_ACTIONS_OUT: o->actions_out = v; break;
    case O_MAX_STATES: rc = parse_count(name, v, 1, 1000000000000ULL, &n), o->max_states = (long)n; break;
    case O_SECONDS: rc = parse_real(name, v, 1e7, &o->seconds), o->has_seconds = 1; break;
    case O_WEIGHT: rc = parse_real(name, v, 1e6, &o->weight); break;
    case O_GIF: o->gif = v; break;
    case O_OUT: o->out = v; break;
    case O_CELL: rc = parse_count(name, v, 1, 256, &n), o->cell = (int)n; break;
    case O_DELAY: rc = parse_count(name, v, 1, 60000, &n), o->delay = (int)n; break;
    case O_SPRITES: o->sprites = v; break;
    case O_COUNT: rc = parse_count(name, v, 1, 100000, &n), o->count = (int)n; break;
    case O_SIZE: rc = parse_two(name, v, 'x', 0, 1, VG_MAX_MAP_SIDE, &o->size_w, &o->size_h); break;
    case O_LENGTH:
        rc = parse_two(name, v, '-', 1, 1, 1000000, &o->min_len, &o->max_len);
        if (!rc && o->min_len > o->max_len)
            rc = cli_fail("option --length: MIN %d is more than MAX %d", o->min_len, o->max_len);
        break;
    case O_GENERATOR: o->generator = v; break;
    case O_WORKERS: rc = parse_count(name, v, 0, 256, &n), o->workers = (int)n, o->has_workers = 1; break;
    case O_AGENTS: o->agents = v; break;
    case O_PLAYS: rc = parse_count(name, v, 1, 100000, &n), o->plays = (int)n; break;
    case O_WINS: {
        const char *comma = strchr(v, ',');
        char left[64];
        snprintf(left, sizeof left, "%.*s", comma ? (int)(comma - v) : 0, v);
        if (!comma)
            return cli_fail(
                "option --wins needs S,W: the least share of games the strong agent wins and the most the weak "
                "one does, each from 0 to 1 (0.5,0.1), not '%s'",
                v);
        rc = parse_real(name, left, 1, &o->strong_min);
        if (!rc) rc = parse_real(name, comma + 1, 1, &o->weak_max);
        o->has_wins = 1;
        break;
    }
    case O_SHEET: o->sheet = v; break;
    }
    return rc;
}

/* The message for an option getopt_long refused: argv[optind - 1]. */
static int bad_option(const char *command, const char *arg) {
    if (strncmp(arg, "--", 2) != 0) return cli_fail("%s: unknown option '%s' ('vgdl help %s')", command, arg, command);
    size_t len = strcspn(arg + 2, "=");
    for (int k = 0; k < NUM_OPTIONS; k++) {
        if (strlen(options[k].name) != len || strncmp(options[k].name, arg + 2, len) != 0) continue;
        if (!has_word(options[k].commands, command))
            return cli_fail("--%s is not an option of '%s' (only of: %s)", options[k].name, command,
                            options[k].commands);
        return cli_fail("option --%s needs a value (%s)", options[k].name, options[k].arg);
    }
    const char *names[NUM_OPTIONS];
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)(len < 60 ? len : 60), arg + 2);
    for (int k = 0; k < NUM_OPTIONS; k++) names[k] = options[k].name;
    int near = vg_closest_name(word, names, NUM_OPTIONS);
    if (near >= 0) return cli_fail("%s: unknown option '--%s'; did you mean '--%s'?", command, word, names[near]);
    return cli_fail("%s: unknown option '--%s' ('vgdl help %s' lists its options)", command, word, command);
}

int cli_parse(int argc, char **argv, cli_opts *o, int npos) {
    memset(o, 0, sizeof *o);
    o->agent = "onestep";
    o->seconds = 1;
    const char *command = argv[1];
    struct option longs[NUM_OPTIONS + 1];
    int nlong = 0;
    for (int k = 0; k < NUM_OPTIONS; k++)
        if (has_word(options[k].commands, command))
            longs[nlong++] = (struct option){options[k].name, required_argument, NULL, OPT_BASE + k};
    longs[nlong] = (struct option){0};
    char shorts[2 * NUM_LETTERS + 2] = ":";
    for (int k = 0, n = 1; k < NUM_LETTERS; k++)
        if (has_word(options[letters[k].option].commands, command))
            shorts[n++] = letters[k].letter, shorts[n++] = ':', shorts[n] = '\0';
    opterr = 0;
    optind = 0; /* glibc: start afresh, options anywhere */
    for (int c; (c = getopt_long(argc - 1, argv + 1, shorts, longs, NULL)) != -1;) {
        for (int k = 0; k < NUM_LETTERS && c < OPT_BASE; k++)
            if (c == letters[k].letter) c = OPT_BASE + letters[k].option;
        if (c == ':' && optopt < OPT_BASE) return cli_fail("option -%c needs a value", optopt);
        if (c == '?' && optopt) return cli_fail("%s: unknown option '-%c' ('vgdl help %s')", command, optopt, command);
        if (c < OPT_BASE) return bad_option(command, argv[optind]); /* argv + 1 shifts getopt's index by one */
        int rc = set_option(o, c - OPT_BASE, optarg);
        if (rc) return rc;
    }
    int nargs = argc - 1 - optind;
    char **args = argv + 1 + optind;
    if (nargs < 1)
        return cli_fail("%s needs a GAME (a name such as 'bait', a script path, or a GVGAI game file)", command);
    if (nargs < npos) return cli_fail("%s needs %d arguments ('vgdl help %s')", command, npos, command);
    if (nargs > npos) return cli_fail("%s: unexpected argument '%s' ('vgdl help %s')", command, args[npos], command);
    o->game = args[0];
    o->arg = npos > 1 ? args[1] : NULL;
    return 0;
}

/* ---- --actions-out ------------------------------------------------------ */

int cli_actions_open(const cli_opts *o, const vg_game *g, FILE **out) {
    *out = NULL;
    if (!o->actions_out) return 0;
    if (vg_game_has_turns(g) && !vg_moves_are_actions(g))
        return cli_fail("--actions-out: %s is played move by move, not by actions: its moves are printed (moves:), "
                        "which --moves replays",
                        o->game);
    if (!(*out = fopen(o->actions_out, "w"))) return cli_fail("%s: cannot write: %s", o->actions_out, strerror(errno));
    return 0;
}

int cli_actions_add(FILE *f, vg_action a) {
    if (!f) return 0;
    fprintf(f, "%s\n", vg_action_name(a) + 7); /* "LEFT": past "ACTION_" */
    return fflush(f) == 0 ? 0 : -1;            /* a game cut short keeps what was played */
}

int cli_actions_close(FILE *f, const cli_opts *o, int report) {
    if (!f) return 0;
    int bad = ferror(f);
    if ((fclose(f) != 0 || bad) && report)
        return cli_fail("%s: cannot write: %s", o->actions_out, strerror(errno ? errno : EIO));
    return 0;
}

/* ---- Agents and start positions ------------------------------------------ */

int cli_agent_new(const cli_opts *o, const char *name, const char *const *set, int nset, uint64_t seed,
                  const vg_game *g, agent **out) {
    char why[512];
    char *owned[64];
    const char *settings[64 + CLI_MAX_SET];
    int nowned = 0;
    *out = NULL;
    if (!agent_find(name)) {
        agent *none = agent_new(name, g, NULL, 0, 0, why, sizeof why); /* for the message */
        agent_free(none);
        return cli_fail("%s", why);
    }
    if (o->config && (nowned = agent_config_read(o->config, name, owned, 0, 64, why, sizeof why)) < 0) {
        fprintf(stderr, "%s\n", why);
        return 2;
    }
    int n = 0;
    for (int k = 0; k < nowned; k++) settings[n++] = owned[k]; /* the file first, */
    for (int k = 0; k < nset; k++) settings[n++] = set[k];     /* then --set wins */
    *out = agent_new(name, g, settings, n, seed, why, sizeof why);
    agent_config_free(owned, nowned);
    if (!*out) return cli_fail("%s", why);
    return 0;
}

int cli_start(const cli_opts *o, const vg_game *g, vg_state **out) {
    vg_error err;
    *out = vg_state_new(g, o->seed);
    if (!*out) return cli_fail("out of memory");
    if (!o->moves) return 0;
    if (exact_replay(g, *out, o->moves, &err) < 0) {
        vg_state_free(*out);
        *out = NULL;
        char what[sizeof err.msg];
        snprintf(what, sizeof what, "%s", err.msg);
        snprintf(err.msg, sizeof err.msg, "--moves: %s", what);
        return cli_report(&err);
    }
    return 0;
}

int cli_start_round(const cli_opts *o, const vg_game *g, const char *cmd, vg_state **out) {
    int rc = cli_start(o, g, out);
    if (rc || !vg_game_has_turns(g) || vg_turn(*out) == 0 || vg_is_over(*out)) return rc;
    rc = cli_fail("--moves: '%s' plays whole rounds from agent 0's turn, but after '%s' agent %d is to move", cmd,
                  o->moves, vg_turn(*out));
    vg_state_free(*out);
    *out = NULL;
    return rc;
}
