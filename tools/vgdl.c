/* SPDX-License-Identifier: MIT
 *
 * vgdl.c -- the command-line program: the only code that prints to the
 * user, reads argv or exits.
 *
 *   vgdl run GAME [--level N|FILE] [--moves M] [--agent NAME] [--opponent NAME [--opponent-set k=v]] [--seed S]
 *                 [--budget-ms M] [--budget-calls K] [--set k=v] [--config F] [--max-ticks T]
 *   vgdl decide GAME --level N|FILE [--moves M] --agent NAME [--set k=v] [--config F] [--budget-ms M|--budget-calls K]
 *   vgdl solve GAME --level N|FILE [--moves M] [--max-states N] [--seconds S] [--weight W]
 *   vgdl trace GAME --level N|FILE [--moves M] --actions FILE
 *   vgdl play GAME [--level N|FILE] [--moves M] [--opponent AGENT [--side 1|2] [--set k=v] [--budget-ms M]]
 *   vgdl show GAME [--level N|FILE] [--moves M]
 *   vgdl check GAME
 *   vgdl convert GAME.txt
 *   vgdl bench GAME [--level N|FILE] [--moves M] [--seconds S]
 *   vgdl perft GAME DEPTH [--level N|FILE] [--moves M]
 *   vgdl render GAME [--level N|FILE] [--moves M] [--actions F] -o OUT.png [--cell PX] [--sprites DIR]
 *
 * run, trace, solve and play also take --gif OUT.gif [--cell PX] [--delay MS] [--sprites DIR]
 * (picture.c).
 * GAME is a name (scripts/NAME.lua, else GVGAI's gvgai/NAME.txt), a path to a
 * script, or a path to a GVGAI game (.txt); a level is a number
 * (levels/NAME/lvlN.txt; GAME_lvlN.txt beside a GVGAI game) or a path to a map; --moves M starts from
 * the level after the moves M (agents/exact.h, exact_replay). Exit status:
 * 0 done, 2 on any error (bad arguments, script, map, moves; out of memory).
 */
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "agent.h"
#include "cli.h"

/* ---- Errors and paths ------------------------------------------------- */

int cli_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("vgdl: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

int cli_report(const vg_error *err) {
    if (err->file[0] && err->line && err->col) fprintf(stderr, "%s:%d:%d: %s\n", err->file, err->line, err->col, err->msg);
    else if (err->file[0] && err->line) fprintf(stderr, "%s:%d: %s\n", err->file, err->line, err->msg);
    else if (err->file[0]) fprintf(stderr, "%s: %s\n", err->file, err->msg);
    else fprintf(stderr, "vgdl: %s\n", err->msg);
    return 2;
}

/* The directory holding scripts/ and levels/: the current one if it has
 * them, else the one above the executable's bin/. */
static const char *root_dir(void) {
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

static int is_number(const char *s) {
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

int cli_is_gvgai(const char *path) {
    size_t n = strlen(path);
    return n > 4 && strcmp(path + n - 4, ".txt") == 0;
}

void cli_game_paths(const char *game, const char *level, char *script, char *map, size_t size) {
    const char *slash = strrchr(game, '/');
    const char *base = slash ? slash + 1 : game;
    size_t blen = strcspn(base, ".");
    static const char *const gvgai_dirs[] = {"gvgai", "gvgai/contphysics"};
    if (strchr(game, '/') || strstr(game, ".lua") || cli_is_gvgai(game)) snprintf(script, size, "%s", game);
    else snprintf(script, size, "%s/scripts/%s.lua", root_dir(), game);
    for (size_t k = 0; k < 2 && !strchr(game, '/') && !strchr(game, '.') && access(script, F_OK) != 0; k++) {
        snprintf(map, size, "%s/%s/%s.txt", root_dir(), gvgai_dirs[k], game);   /* no script: GVGAI's game */
        if (access(map, F_OK) == 0) snprintf(script, size, "%s", map);
    }
    if (!level) level = "0";
    if (cli_is_gvgai(script)) {                   /* GVGAI's levels are GAME_lvlN.txt beside the game */
        if (is_number(level)) snprintf(map, size, "%.*s_lvl%s.txt", (int)(strlen(script) - 4), script, level);
        else snprintf(map, size, "%s", level);
        return;
    }
    if (is_number(level)) {
        snprintf(map, size, "%s/levels/%.*s/lvl%s.txt", root_dir(), (int)blen, base, level);
        return;
    }
    snprintf(map, size, "%s", level);             /* a path, or a level's name: levels/GAME/NAME.txt or .lay */
    static const char *const ext[] = {".txt", ".lay"};
    for (int k = 0; k < 2 && access(map, F_OK) != 0 && !strchr(level, '/'); k++)
        snprintf(map, size, "%s/levels/%.*s/%s%s", root_dir(), (int)blen, base, level, ext[k]);
    if (access(map, F_OK) != 0) snprintf(map, size, "%s", level);
}

/* ---- Options ---------------------------------------------------------- */

/* Options only some commands read; the others refuse them. */
static const struct {
    const char *option, *commands;
} only_for[] = {
    {"--moves", "run decide solve trace play show bench perft render"},
    {"--opponent", "run play"},
    {"--opponent-set", "run"},
    {"--side", "play"},
    {"--gif", "run trace solve play"},
    {"--delay", "run trace solve play"},
    {"-o", "render"},
    {"--cell", "render run trace solve play"},
    {"--sprites", "render run trace solve play"},
};

/* 1 when 'word' is one of the space-separated words of 'list'. */
static int has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n])) return 1;
    return 0;
}

int cli_parse(int argc, char **argv, cli_opts *o) {
    memset(o, 0, sizeof *o);
    o->agent = "onestep";
    o->seconds = 1;
    if (argc < 3 || argv[2][0] == '-')
        return cli_fail("%s needs a GAME (a name such as 'bait', a script path, or a GVGAI game file)", argv[1]);
    o->game = argv[2];
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        static const char *const with_value[] = {"--level", "--agent", "--seed", "--budget-ms", "--budget-calls",
                                                 "--set", "--actions", "--seconds", "--max-ticks",
                                                 "--config", "--max-states", "--weight", "--moves",
                                                 "--opponent", "--opponent-set", "--side", "--gif", "-o",
                                                 "--cell", "--delay", "--sprites"};
        int takes = 0;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++) takes |= strcmp(a, with_value[k]) == 0;
        if (!takes) return cli_fail("unknown option '%s'", a);
        for (size_t k = 0; k < sizeof only_for / sizeof only_for[0]; k++)
            if (strcmp(a, only_for[k].option) == 0 && !has_word(only_for[k].commands, argv[1]))
                return cli_fail("%s is not an option of '%s' (only of: %s)", a, argv[1], only_for[k].commands);
        if (!v) return cli_fail("option %s needs a value", a);
        i++;
        char *end;
        if (strcmp(a, "--level") == 0) o->level = v;
        else if (strcmp(a, "--agent") == 0) o->agent = v;
        else if (strcmp(a, "--actions") == 0) o->actions = v;
        else if (strcmp(a, "--config") == 0) o->config = v;
        else if (strcmp(a, "--moves") == 0) o->moves = v;
        else if (strcmp(a, "--opponent") == 0) o->opponent = v;
        else if (strcmp(a, "--gif") == 0) o->gif = v;
        else if (strcmp(a, "-o") == 0) o->out = v;
        else if (strcmp(a, "--sprites") == 0) o->sprites = v;
        else if (strcmp(a, "--cell") == 0 || strcmp(a, "--delay") == 0) {
            long d = strtol(v, &end, 10), most = a[2] == 'c' ? 256 : 60000;
            if (end == v || *end || d < 1 || d > most) return cli_fail("option %s needs a whole number from 1 to %ld, not '%s'", a, most, v);
            *(a[2] == 'c' ? &o->cell : &o->delay) = (int)d;
        }
        else if (strcmp(a, "--side") == 0) {
            if (strcmp(v, "1") && strcmp(v, "2")) return cli_fail("option --side needs 1 (first player) or 2 (second), not '%s'", v);
            o->side = v[0] - '0';
        } else if (strcmp(a, "--set") == 0) {
            if (o->nset == CLI_MAX_SET) return cli_fail("too many --set options");
            o->set[o->nset++] = v;
        } else if (strcmp(a, "--opponent-set") == 0) {
            if (o->nopp_set == CLI_MAX_SET) return cli_fail("too many --opponent-set options");
            o->opp_set[o->nopp_set++] = v;
        } else {
            double d = strtod(v, &end);
            if (end == v || *end || d < 0) return cli_fail("option %s needs a number >= 0, not '%s'", a, v);
            if (strcmp(a, "--seed") == 0) o->seed = (uint64_t)d;
            else if (strcmp(a, "--budget-ms") == 0) o->budget.ms = d;
            else if (strcmp(a, "--budget-calls") == 0) o->budget.calls = (long)d;
            else if (strcmp(a, "--seconds") == 0) o->seconds = d;
            else if (strcmp(a, "--max-states") == 0) o->max_states = (long)d;
            else if (strcmp(a, "--weight") == 0) o->weight = d;
            else o->max_ticks = (int)d;
        }
    }
    return 0;
}

int cli_load(const cli_opts *o, vg_game **g) {
    char script[4096], map[4096];
    vg_error err;
    cli_game_paths(o->game, o->level, script, map, sizeof script);
    if (vg_game_load(script, map, g, &err) != VG_OK) return cli_report(&err);
    return 0;
}

/* ---- run -------------------------------------------------------------- */

/* The moves of a game played turn by turn, space-separated (a list
 * --moves replays). */
typedef struct move_list {
    const vg_game *g;
    char *text;
    size_t len, cap;
} move_list;

/* Adds 'name' to the list; 0, or -1 with 'err' filled. */
static int add_name(move_list *l, const char *name, vg_error *err) {
    size_t n = strlen(name) + 2;
    if (l->len + n > l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        while (cap < l->len + n) cap *= 2;
        char *text = realloc(l->text, cap);
        if (!text) {
            memset(err, 0, sizeof *err);
            snprintf(err->msg, sizeof err->msg, "out of memory");
            return -1;
        }
        l->text = text;
        l->cap = cap;
    }
    l->len += (size_t)sprintf(l->text + l->len, "%s%s", l->len ? " " : "", name);
    return 0;
}

/* What 'run' does after each move or round: the move listed (a game
 * played turn by turn), the state added to the GIF (--gif). */
typedef struct run_hook {
    move_list *moves;
    cli_gif *gif;
    const vg_state *s;
} run_hook;

static int after_move(void *ud, int who, int move, vg_error *err) {
    run_hook *h = ud;
    if (who >= 0 && add_name(h->moves, vg_move_name(h->moves->g, move), err)) return -1;
    return cli_gif_frame(h->gif, h->s, err);
}

/* One agent's decision figures, each line's key after 'prefix'. */
static void print_costs(const char *prefix, const match_stats *st) {
    double n = st->decisions ? (double)st->decisions : 1;
    printf("%sdecision ms: mean %.3f, max %.3f\n%scalls per decision: %.1f\n%sexpanded per decision: %.1f\n"
           "%soverspent decisions: %ld\n",
           prefix, st->ms_total / n, st->ms_max, prefix, (double)st->calls / n, prefix, (double)st->expanded / n, prefix,
           st->overspent);
}

/* 1 when some agent other than agent 0 takes turns and is not chance:
 * a seat --opponent can play. */
static int has_other_player(const vg_game *g) {
    for (int k = 1; vg_game_has_turns(g) && k < vg_num_agents(g, NULL); k++)
        if (!vg_is_chance(g, k)) return 1;
    return 0;
}

/* vgdl run: agent 0 is --agent; in a game with turns every other seat but
 * a chance one is --opponent (one agent per seat, seeded --seed + seat),
 * or without it the game's policy (match.c). */
static int cmd_run(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    int rc = cli_parse(argc, argv, &o);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    if (o.nopp_set && !o.opponent) rc = cli_fail("--opponent-set needs --opponent");
    else if (o.opponent && !has_other_player(g))
        rc = cli_fail("--opponent: '%s' is a game for one player (%s)", o.game,
                      vg_game_has_turns(g) ? "its other agents are chance" : "it has no turns{}");
    if (rc) {
        vg_game_free(g);
        return rc;
    }
    if (o.budget.ms == 0 && o.budget.calls == 0) o.budget.ms = 40;
    static match_seat seats[MATCH_MAX_SEATS];
    match_stats stats[2] = {{0}};
    int nseats = vg_num_agents(g, NULL);
    memset(seats, 0, sizeof seats);
    seats[0] = (match_seat){NULL, o.agent, o.budget, &stats[0]};
    rc = cli_agent_new(&o, o.agent, o.set, o.nset, o.seed, g, &seats[0].agent);
    for (int k = 1; k < nseats && o.opponent && !rc; k++) {
        if (vg_is_chance(g, k)) continue;
        seats[k] = (match_seat){NULL, o.opponent, o.budget, &stats[1]};
        rc = cli_agent_new(&o, o.opponent, o.opp_set, o.nopp_set, o.seed + (uint64_t)k, g, &seats[k].agent);
    }
    int by_turns = match_by_turns(g, seats);
    vg_state *s = NULL;
    if (!rc) rc = by_turns ? cli_start(&o, g, &s) : cli_start_round(&o, g, "run", &s);
    move_list moves = {.g = g};
    vg_error err = {0};
    run_hook hook = {&moves, NULL, s};
    if (!rc && by_turns && o.moves && add_name(&moves, o.moves, &err)) rc = cli_report(&err);   /* replays from the level start */
    if (!rc && (rc = cli_gif_open(&o, g, &hook.gif)) == 0 && cli_gif_frame(hook.gif, s, &err)) rc = cli_report(&err);
    if (!rc && match_play(g, s, seats, o.max_ticks, after_move, &hook, &err)) rc = cli_report(&err);
    int gif_rc = cli_gif_close(hook.gif, rc == 0);
    if (!rc) rc = gif_rc;
    if (rc == 0) {
        vg_winner w = vg_winner_of(s);
        const char *result = w == VG_PLAYER_WINS ? "win" : w == VG_PLAYER_LOSES ? "lose" : "none";
        if (by_turns && w == VG_NO_WINNER && vg_is_over(s)) result = "draw";
        printf("game: %s\nlevel: %s\nagent: %s\n", o.game, o.level ? o.level : "0", o.agent);
        if (by_turns && has_other_player(g)) printf("opponent: %s\n", o.opponent ? o.opponent : "policy");
        printf("seed: %llu\nresult: %s\nscore: %g\nticks: %d\n", (unsigned long long)o.seed, result, vg_score(s), vg_tick(s));
        if (by_turns) printf("moves: %s\ndecisions: %ld\n", moves.text ? moves.text : "", stats[0].decisions);
        print_costs("", &stats[0]);
        if (o.opponent) {
            printf("opponent decisions: %ld\n", stats[1].decisions);
            print_costs("opponent ", &stats[1]);
        }
    }
    free(moves.text);
    vg_state_free(s);
    for (int k = 0; k < nseats; k++) agent_free(seats[k].agent);
    vg_game_free(g);
    return rc;
}

/* ---- trace ------------------------------------------------------------ */

/* Reads an actions file (vg_read_actions); prints the error. */
int cli_read_actions(const char *path, vg_action **out, int *n) {
    vg_error err = {0};
    return vg_read_actions(path, out, n, &err) == VG_OK ? 0 : cli_report(&err);
}

static int print_json(const vg_game *g, const vg_state *s, int a) {
    static char buf[1 << 20];
    int n = vg_trace_json(g, s, a, buf, sizeof buf);
    if (n < 0 || (size_t)n >= sizeof buf) return cli_fail("trace line too long");
    puts(buf);
    return 0;
}

static int cmd_trace(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    vg_action *acts = NULL;
    int n = 0, rc = cli_parse(argc, argv, &o);
    if (rc) return rc;
    if (!o.actions) return cli_fail("trace needs --actions FILE");
    vg_state *s = NULL;
    if ((rc = cli_load(&o, &g)) || (rc = cli_start_round(&o, g, "trace", &s)) ||
        (rc = cli_read_actions(o.actions, &acts, &n))) {
        vg_state_free(s);
        vg_game_free(g);
        free(acts);
        return rc;
    }
    vg_error err;
    cli_gif *gif = NULL;
    if ((rc = cli_gif_open(&o, g, &gif)) == 0 && (rc = print_json(g, s, -1)) == 0 && cli_gif_frame(gif, s, &err))
        rc = cli_report(&err);
    for (int k = 0; k < n && !rc && !vg_is_over(s); k++) {
        if (vg_advance(g, s, acts[k], &err) != VG_OK) rc = cli_report(&err);
        else if ((rc = print_json(g, s, acts[k])) == 0 && cli_gif_frame(gif, s, &err)) rc = cli_report(&err);
    }
    int gif_rc = cli_gif_close(gif, rc == 0);
    if (!rc) rc = gif_rc;
    vg_state_free(s);
    vg_game_free(g);
    free(acts);
    return rc;
}

/* ---- show, check ------------------------------------------------------ */

/* For a game with turns: the agent to move and its legal moves, or the
 * result when the game is over. */
static int print_turn(const vg_game *g, const vg_state *s) {
    if (vg_is_over(s)) {
        vg_winner w = vg_winner_of(s);
        printf("result: %s\nscore: %g\n", w == VG_PLAYER_WINS ? "win" : w == VG_PLAYER_LOSES ? "lose" : "draw", vg_score(s));
        return 0;
    }
    int who = vg_turn(s), moves[VG_MAX_MOVES], n;
    double probs[VG_MAX_MOVES];
    vg_error err = {0};
    n = vg_is_chance(g, who) ? vg_outcomes(g, s, who, moves, probs, &err) : vg_legal(g, s, who, moves, &err);
    if (n == 0 && err.msg[0]) return cli_report(&err);
    printf("to move: agent %d%s\n%s:", who, vg_is_chance(g, who) ? " (chance)" : "", vg_is_chance(g, who) ? "outcomes" : "legal");
    for (int k = 0; k < n; k++) printf(" %s", vg_move_name(g, moves[k]));
    putchar('\n');
    return 0;
}

static int cmd_show(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    vg_state *s = NULL;
    int rc = cli_parse(argc, argv, &o);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    if ((rc = cli_start(&o, g, &s))) {
        vg_game_free(g);
        return rc;
    }
    char *buf = malloc(VG_MAX_MAP_SIDE * (VG_MAX_MAP_SIDE + 1) + 1);
    if (!buf) rc = cli_fail("out of memory");
    else {
        vg_render_text(g, s, buf, VG_MAX_MAP_SIDE * (VG_MAX_MAP_SIDE + 1) + 1);
        fputs(buf, stdout);
        printf("size: %d x %d\n", vg_game_width(g), vg_game_height(g));
        for (int t = 0; t < vg_game_num_types(g); t++) {
            if (!vg_type_is_leaf(g, t)) continue;
            int count = vg_sprites_of(g, s, t, NULL, NULL, 0);
            printf("%c %-12s %4d  %s\n", vg_type_glyph(g, t), vg_type_name(g, t), count, vg_category_name(vg_type_category(g, t)));
        }
        if (vg_game_has_turns(g)) rc = print_turn(g, s);
    }
    free(buf);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}

static int cmd_check(int argc, char **argv) {
    cli_opts o;
    int rc = cli_parse(argc, argv, &o);
    if (rc) return rc;
    char script[4096], map[4096], pattern[4200];
    cli_game_paths(o.game, "0", script, map, sizeof script);
    char *slash = strrchr(map, '/');
    if (slash) *slash = '\0';
    if (cli_is_gvgai(script)) snprintf(pattern, sizeof pattern, "%.*s_lvl[0-9]*.txt", (int)(strlen(script) - 4), script);
    else snprintf(pattern, sizeof pattern, "%s/*.txt", slash ? map : ".");
    glob_t gl;
    int levels = 0, bad = 0;
    if (glob(pattern, 0, NULL, &gl) == 0) {
        for (size_t k = 0; k < gl.gl_pathc; k++) {
            vg_game *g;
            vg_error err;
            levels++;
            if (vg_game_load(script, gl.gl_pathv[k], &g, &err) != VG_OK) bad++, cli_report(&err);
            else vg_game_free(g);
            if (bad && err.file[0] && strcmp(err.file, script) == 0) break;   /* the script itself is broken */
        }
        globfree(&gl);
    }
    if (levels == 0) return cli_fail("no levels found (%s)", pattern);
    if (bad) return 2;
    printf("%s: ok, %d levels\n", script, levels);
    return 0;
}

/* ---- convert ---------------------------------------------------------- */

/* vgdl convert GAME.txt: the GVGAI game as a Lua script, on stdout. */
static int cmd_convert(int argc, char **argv) {
    cli_opts o;
    int rc = cli_parse(argc, argv, &o);
    if (rc) return rc;
    char script[4096], map[4096], *lua;
    vg_error err;
    cli_game_paths(o.game, NULL, script, map, sizeof script);
    if (!cli_is_gvgai(script)) return cli_fail("convert reads a GVGAI game file (.txt), not '%s'", script);
    if (vg_game_convert(script, &lua, &err) != VG_OK) return cli_report(&err);
    fputs(lua, stdout);
    free(lua);
    return 0;
}

/* ---- bench ------------------------------------------------------------ */

/* Seconds of CPU time this thread has used (speed.md times by it, so that
 * other processes on the machine count as little as possible). */
static double thread_cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_loop {
    const vg_game *g;
    vg_state *start, *cur, *next;
    vg_action acts[VG_MAX_ACTIONS];
    int nacts;
    uint64_t rng;
} bench_loop;

/* Runs loop 'mode' (0: advance, 1: copy, 2: copy+advance; speed.md) for
 * 'seconds' of thread CPU time; returns its rate per second. */
static double bench_rate(bench_loop *b, int mode, double seconds) {
    long done = 0;
    double t0 = thread_cpu(), t1 = t0;
    vg_state_copy(b->cur, b->start);
    while (t1 - t0 < seconds) {
        for (int k = 0; k < 4096; k++) {
            b->rng ^= b->rng << 13, b->rng ^= b->rng >> 7, b->rng ^= b->rng << 17;
            vg_action a = b->nacts ? b->acts[b->rng % (uint64_t)b->nacts] : VG_ACTION_NIL;
            if (mode == 0) {                         /* advance; a copy of the start when it ends */
                vg_advance(b->g, b->cur, a, NULL);
                if (vg_is_over(b->cur)) vg_state_copy(b->cur, b->start);
            } else if (mode == 1) {                  /* copy the start state */
                vg_state_copy(b->next, b->start);
            } else {                                 /* copy the current state, advance the copy, go on from it */
                vg_state_copy(b->next, b->cur);
                vg_advance(b->g, b->next, a, NULL);
                vg_state *tmp = b->cur;
                b->cur = b->next;
                b->next = tmp;
                if (vg_is_over(b->cur)) vg_state_copy(b->cur, b->start);
            }
        }
        done += 4096;
        t1 = thread_cpu();
    }
    return (double)done / (t1 - t0);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* speed.md's method: per loop, a warm-up, then the median of 3 runs of
 * --seconds each, timed by the thread's CPU clock. */
static int cmd_bench(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    int rc = cli_parse(argc, argv, &o);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    bench_loop b = {.g = g, .rng = 88172645463325252ULL};
    o.seed = 1;
    if ((rc = cli_start_round(&o, g, "bench", &b.start))) {
        vg_game_free(g);
        return rc;
    }
    b.cur = vg_state_clone(b.start);
    b.next = vg_state_clone(b.start);
    if (!b.cur || !b.next) rc = cli_fail("out of memory");
    b.nacts = rc ? 0 : vg_actions(g, b.start, b.acts);
    double rates[3];
    for (int mode = 0; mode < 3 && !rc; mode++) {
        double runs[3];
        bench_rate(&b, mode, o.seconds / 2);
        for (int r = 0; r < 3; r++) runs[r] = bench_rate(&b, mode, o.seconds);
        qsort(runs, 3, sizeof runs[0], cmp_double);
        rates[mode] = runs[1];
    }
    if (!rc)
        printf("advance/s: %.0f\ncopy/s: %.0f\ncopy+advance/s: %.0f\nstate bytes: %zu\n", rates[0], rates[1], rates[2],
               vg_state_used(b.start));
    vg_state_free(b.start);
    vg_state_free(b.cur);
    vg_state_free(b.next);
    vg_game_free(g);
    return rc;
}

/* ---- main ------------------------------------------------------------- */

static const struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *usage;
} commands[] = {
    {"run",   cmd_run,   "GAME [--level N|FILE] [--moves M] [--agent NAME] [--opponent NAME [--opponent-set k=v]] [--seed S] [--budget-ms M] [--budget-calls K] [--set k=v] [--config F] [--max-ticks T] [--gif F [--cell PX] [--delay MS] [--sprites DIR]]"},
    {"decide", cli_decide, "GAME --level N|FILE [--moves M] --agent NAME [--seed S] [--set k=v] [--config F] [--budget-ms M|--budget-calls K]"},
    {"solve", cli_solve, "GAME --level N|FILE [--moves M] [--max-states N] [--seconds S] [--weight W] [--gif F [--cell PX] [--delay MS] [--sprites DIR]]"},
    {"trace", cmd_trace, "GAME --level N|FILE [--moves M] --actions FILE [--seed S] [--gif F [--cell PX] [--delay MS] [--sprites DIR]]"},
    {"play",  cli_play,  "GAME [--level N|FILE] [--moves M] [--seed S] [--opponent AGENT [--side 1|2] [--set k=v] [--config F] [--budget-ms M|--budget-calls K]] [--gif F [--cell PX] [--delay MS] [--sprites DIR]]"},
    {"show",  cmd_show,  "GAME [--level N|FILE] [--moves M]"},
    {"check", cmd_check, "GAME"},
    {"convert", cmd_convert, "GAME.txt"},
    {"bench", cmd_bench, "GAME [--level N|FILE] [--moves M] [--seconds S]"},
    {"perft", cli_perft, "GAME DEPTH [--level N|FILE] [--moves M]"},
    {"render", cli_render, "GAME [--level N|FILE] [--moves M] [--actions F] -o OUT.png [--cell PX] [--sprites DIR]"},
    {"batch", cli_batch, "FILE.ini [--out DIR] [--workers N] [--shard K/N] [--force] [--dry-run] [--slurm | --submit [--wait]]"},
    {"report", cli_report_cmd, "[--csv | --runs] [--no-timing] DIR..."},
};

int main(int argc, char **argv) {
    for (size_t k = 0; argc > 1 && k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(argv[1], commands[k].name) == 0) return commands[k].fn(argc, argv);
    fprintf(stderr, "usage:\n");
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        fprintf(stderr, "  vgdl %-5s %s\n", commands[k].name, commands[k].usage);
    return 2;
}
