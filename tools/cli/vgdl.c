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
#include <errno.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "agent.h"
#include "cli.h"
#include "commands.h"
#include "match.h"
#include "picture.h"
#include "render.h"

/* ---- run -------------------------------------------------------------- */

/* The moves of a game played turn by turn, space-separated (a list
 * --moves replays). */
typedef struct move_list {
    const vg_game *g;
    char *text;
    size_t len, cap;
} move_list;

/* Adds 'name' to the list; VG_OK, or VG_ERR_NOMEM with 'err' filled. */
static vg_status add_name(move_list *l, const char *name, vg_error *err) {
    size_t n = strlen(name) + 2;
    if (l->len + n > l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        while (cap < l->len + n) cap *= 2;
        char *text = realloc(l->text, cap);
        if (!text) return vg_error_set(err, VG_ERR_NOMEM, NULL, 0, 0, "out of memory");
        l->text = text;
        l->cap = cap;
    }
    l->len += (size_t)sprintf(l->text + l->len, "%s%s", l->len ? " " : "", name);
    return VG_OK;
}

/* What 'run' does after each move or round: the move listed (a game
 * played turn by turn), the state added to the GIF (--gif). */
typedef struct run_hook {
    move_list *moves;
    picture_gif *gif;
    const vg_state *s;
    FILE *actions; /* --actions-out, or NULL */
    const char *actions_path;
} run_hook;

static vg_status after_move(void *ud, int who, int move, vg_error *err) {
    run_hook *h = ud;
    vg_status st = who >= 0 ? add_name(h->moves, vg_move_name(h->moves->g, move), err) : VG_OK;
    if (st != VG_OK) return st;
    if (who < 0 && cli_actions_add(h->actions, (vg_action)move))
        return vg_error_set(err, VG_ERR_IO, h->actions_path, 0, 0, "cannot write: %s", strerror(errno));
    return picture_gif_frame(h->gif, h->s, err);
}

/* One agent's decision figures, each line's key after 'prefix'. */
static void print_costs(const char *prefix, const match_stats *st) {
    double n = st->decisions ? (double)st->decisions : 1;
    printf("%sdecision ms: mean %.3f, max %.3f\n%scalls per decision: %.1f\n%sexpanded per decision: %.1f\n"
           "%soverspent decisions: %ld\n",
           prefix, st->ms_total / n, st->ms_max, prefix, (double)st->calls / n, prefix, (double)st->expanded / n,
           prefix, st->overspent);
}

/* 1 when some agent other than agent 0 takes turns and is not chance, or
 * the game is for several players: a seat --opponent can play. */
static int has_other_player(const vg_game *g) {
    for (int k = 1; vg_game_has_turns(g) && k < vg_num_agents(g, NULL); k++)
        if (!vg_is_chance(g, k)) return 1;
    return vg_num_players(g) > 1;
}

static const char *result_name(vg_winner w) {
    return w == VG_PLAYER_WINS ? "win" : w == VG_PLAYER_LOSES ? "lose" : "none";
}

/* vgdl run: agent 0 is --agent; in a game with turns every other seat but
 * a chance one is --opponent (one agent per seat, seeded --seed + seat),
 * or without it the game's policy; in a game for several players every
 * other player is --opponent, 'random' without it (match.c). */
static int cmd_run(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    int rc = cli_parse(argc, argv, &o, 1);
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
    int nseats = match_seats(g), at_once = vg_num_players(g) > 1 && !vg_game_has_turns(g);
    if (at_once && !o.opponent) o.opponent = "random";
    memset(seats, 0, sizeof seats);
    seats[0] = (match_seat){NULL, o.agent, o.budget, &stats[0]};
    rc = cli_agent_new(&o, o.agent, o.set, o.nset, o.seed, g, &seats[0].agent);
    for (int k = 1; k < nseats && o.opponent && !rc; k++) {
        if (vg_is_chance(g, k)) continue;
        seats[k] = (match_seat){NULL, o.opponent, o.budget, &stats[1]};
        rc = cli_agent_new(&o, o.opponent, o.opp_set, o.nopp_set, o.seed + (uint64_t)k, g, &seats[k].agent);
    }
    for (int k = 0; k < nseats && at_once && !rc; k++) agent_set_player(seats[k].agent, k, o.model);
    int by_turns = match_by_turns(g, seats);
    vg_state *s = NULL;
    if (!rc) rc = by_turns ? cli_start(&o, g, &s) : cli_start_round(&o, g, "run", &s);
    move_list moves = {.g = g};
    vg_error err = {0};
    run_hook hook = {&moves, NULL, s, NULL, o.actions_out};
    if (!rc && by_turns && o.actions_out)
        rc = cli_fail("--actions-out: %s is played move by move here: its moves are "
                      "printed (moves:), which --moves replays",
                      o.game);
    if (!rc) rc = cli_actions_open(&o, g, &hook.actions);
    if (!rc && by_turns && o.moves && add_name(&moves, o.moves, &err))
        rc = cli_report(&err); /* replays from the level start */
    if (!rc && (rc = picture_gif_open(&o, g, &hook.gif)) == 0 && picture_gif_frame(hook.gif, s, &err))
        rc = cli_report(&err);
    if (!rc && match_play(g, s, seats, o.max_ticks, after_move, &hook, &err)) rc = cli_report(&err);
    int gif_rc = picture_gif_close(hook.gif, rc == 0), actions_rc = cli_actions_close(hook.actions, &o, rc == 0);
    if (!rc) rc = gif_rc ? gif_rc : actions_rc;
    if (rc == 0) {
        vg_winner w = vg_winner_of(s);
        const char *result = result_name(w);
        if (by_turns && w == VG_NO_WINNER && vg_is_over(s)) result = "draw";
        printf("game: %s\nlevel: %s\nagent: %s\n", o.game, o.level ? o.level : "0", o.agent);
        if ((by_turns || at_once) && has_other_player(g)) printf("opponent: %s\n", o.opponent ? o.opponent : "policy");
        if (at_once) printf("opponent model: %s\n", fm_model_name(o.model));
        printf("seed: %llu\nresult: %s\nscore: %g\n", (unsigned long long)o.seed, result, vg_score(s));
        for (int p = 1; p < vg_num_players(g); p++) { /* the other players' (GVGAI's ids) */
            char who[16] = "opponent";
            if (vg_num_players(g) > 2) snprintf(who, sizeof who, "player %d", p + 1);
            printf("%s result: %s\n%s score: %g\n", who, result_name(vg_player_winner(g, s, p)), who,
                   vg_player_score(g, s, p));
        }
        printf("ticks: %d\n", vg_tick(s));
        if (by_turns) printf("moves: %s\ndecisions: %ld\n", moves.text ? moves.text : "", stats[0].decisions);
        print_costs("", &stats[0]);
        if (o.opponent) {
            printf("opponent decisions: %ld\n", stats[1].decisions);
            print_costs("opponent ", &stats[1]);
        }
        match_warn_overspent(o.agent, stats[0].decisions, stats[0].overspent);
        if (o.opponent) match_warn_overspent(o.opponent, stats[1].decisions, stats[1].overspent);
    }
    free(moves.text);
    vg_state_free(s);
    for (int k = 0; k < nseats; k++) agent_free(seats[k].agent);
    vg_game_free(g);
    return rc;
}

/* ---- trace ------------------------------------------------------------ */

/* One trace line: GVGAI's one-player format, or the format of several
 * players ('acts': each player's action, -1 when it was not asked; NULL
 * at the start). */
static int print_json(const vg_game *g, const vg_state *s, const int *acts) {
    static char buf[1 << 20];
    int n = vg_num_players(g) > 1 ? vg_trace_json_multi(g, s, acts, buf, sizeof buf)
                                  : vg_trace_json(g, s, acts ? acts[0] : -1, buf, sizeof buf);
    if (n < 0 || (size_t)n >= sizeof buf) return cli_fail("trace line too long");
    puts(buf);
    return 0;
}

static int cmd_trace(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    cli_plays plays = {0};
    int rc = cli_parse(argc, argv, &o, 1);
    if (rc) return rc;
    if (!o.nactions) return cli_fail("trace needs --actions FILE (one a player)");
    vg_state *s = NULL;
    if ((rc = cli_load(&o, &g)) || (rc = cli_start_round(&o, g, "trace", &s)) || (rc = cli_read_plays(&o, g, &plays))) {
        cli_plays_free(&plays);
        vg_state_free(s);
        vg_game_free(g);
        return rc;
    }
    vg_error err;
    picture_gif *gif = NULL;
    if ((rc = picture_gif_open(&o, g, &gif)) == 0 && (rc = print_json(g, s, NULL)) == 0 &&
        picture_gif_frame(gif, s, &err))
        rc = cli_report(&err);
    for (int k = 0; k < plays.cycles && !rc && !vg_is_over(s); k++) {
        int told[VG_MAX_PLAYERS];
        if (cli_plays_step(g, s, &plays, k, told, &err) != VG_OK) rc = cli_report(&err);
        else if ((rc = print_json(g, s, told)) == 0 && picture_gif_frame(gif, s, &err)) rc = cli_report(&err);
    }
    int gif_rc = picture_gif_close(gif, rc == 0);
    if (!rc) rc = gif_rc;
    cli_plays_free(&plays);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}

/* ---- show, check ------------------------------------------------------ */

/* For a game with turns: the agent to move and its legal moves, or the
 * result when the game is over. */
static int print_turn(const vg_game *g, const vg_state *s) {
    if (vg_is_over(s)) {
        vg_winner w = vg_winner_of(s);
        printf("result: %s\nscore: %g\n",
               w == VG_PLAYER_WINS    ? "win"
               : w == VG_PLAYER_LOSES ? "lose"
                                      : "draw",
               vg_score(s));
        return 0;
    }
    int who = vg_turn(s), moves[VG_MAX_MOVES], n;
    double probs[VG_MAX_MOVES];
    vg_error err = {0};
    n = vg_is_chance(g, who) ? vg_outcomes(g, s, who, moves, probs, &err) : vg_legal(g, s, who, moves, &err);
    if (n == 0 && err.msg[0]) return cli_report(&err);
    printf("to move: agent %d%s\n%s:", who, vg_is_chance(g, who) ? " (chance)" : "",
           vg_is_chance(g, who) ? "outcomes" : "legal");
    for (int k = 0; k < n; k++) printf(" %s", vg_move_name(g, moves[k]));
    putchar('\n');
    return 0;
}

static int cmd_show(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    vg_state *s = NULL;
    int rc = cli_parse(argc, argv, &o, 1);
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
            printf("%c %-12s %4d  %s\n", vg_type_glyph(g, t), vg_type_name(g, t), count,
                   vg_category_name(vg_type_category(g, t)));
        }
        char status[512];
        if (vg_avatar_status(g, s, status, sizeof status) > 0) printf("avatar: %s\n", status);
        if (vg_game_has_turns(g)) rc = print_turn(g, s);
        for (int p = 0; p < vg_num_players(g) && vg_num_players(g) > 1; p++) { /* each player's avatar and score */
            int t = vg_player_type(g, s, p);
            double x = 0, y = 0;
            vg_player_pos(g, s, p, &x, &y);
            printf("player %d: %s at %g,%g%s, score %g%s%s\n", p + 1, t >= 0 ? vg_type_name(g, t) : "none", x, y,
                   t >= 0 && !vg_player_alive(g, s, p) ? " (dead)" : "", vg_player_score(g, s, p),
                   vg_player_winner(g, s, p) ? ", " : "",
                   vg_player_winner(g, s, p) ? result_name(vg_player_winner(g, s, p)) : "");
        }
    }
    free(buf);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}

/* Prints the warnings of 'g' ("file:line: warning: ..."), and why its
 * pictures cannot be drawn (a missing img); how many. */
static int print_warnings(const vg_game *g, const char *script) {
    vg_error w[64];
    int n = vg_game_warnings(g, w, 64);
    for (int k = 0; k < n && k < 64; k++) fprintf(stderr, "%s:%d: warning: %s\n", w[k].file, w[k].line, w[k].msg);
    if (n > 64) fprintf(stderr, "%s: warning: %d more warnings\n", script, n - 64);
    render_opts ro = {.cell = 1, .script = script};
    render *r = NULL;
    vg_error err;
    if (render_new(g, &ro, &r, &err) != VG_OK) {
        fprintf(stderr, "%s: warning: its pictures cannot be drawn: %s%s%s\n", script, err.file,
                err.file[0] ? ": " : "", err.msg);
        n++;
    }
    render_free(r);
    return n;
}

/* Loads 'script' on 'map'; 0, 1 when the map is broken, 2 when the
 * script is (each reported); with 'warn', the game's warnings too. */
static int check_level(const char *script, const char *map, int warn) {
    vg_game *g;
    vg_error err;
    if (vg_game_load(script, map, &g, &err) == VG_OK) {
        if (warn) print_warnings(g, script);
        vg_game_free(g);
        return 0;
    }
    cli_report(&err);
    return err.file[0] && strcmp(err.file, script) == 0 ? 2 : 1;
}

/* vgdl check GAME [--level L]: the game on that level, or on every level
 * beside it (levels/GAME/ *.txt and *.lay; GAME_lvlN.txt for GVGAI's). A
 * script without levels is still checked: loaded on an empty map, its
 * own errors are reported. */
static int cmd_check(int argc, char **argv) {
    cli_opts o;
    char script[4096], map[4096], pattern[4200];
    int rc = cli_parse(argc, argv, &o, 1);
    if (rc || (rc = cli_paths(&o, script, map, sizeof script))) return rc;
    glob_t gl = {0};
    if (o.level) {
        if (access(map, F_OK) != 0) return cli_fail("--level %s: no such map (%s)", o.level, map);
        snprintf(pattern, sizeof pattern, "%s", map);
        glob(pattern, 0, NULL, &gl);
    } else {
        cli_level_files(script, &gl, pattern, sizeof pattern);
    }
    int levels = 0, bad = 0;
    for (size_t k = 0; k < gl.gl_pathc && bad < 2; k++, levels++)
        bad |= check_level(script, gl.gl_pathv[k], levels == 0);
    globfree(&gl);
    if (bad) return 2;
    if (levels) {
        printf("%s: ok, %d level%s\n", script, levels, levels == 1 ? "" : "s");
        return 0;
    }
    if ((rc = cli_check_script(script))) return rc;
    printf("%s: script ok; no levels found (%s); check one with --level FILE\n", script, pattern);
    return 0;
}

/* ---- convert ---------------------------------------------------------- */

/* vgdl convert GAME.txt: the GVGAI game as a Lua script, on stdout. */
static int cmd_convert(int argc, char **argv) {
    cli_opts o;
    int rc = cli_parse(argc, argv, &o, 1);
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
    vg_action acts[VG_MAX_PLAYERS][VG_MAX_ACTIONS]; /* each player's actions at the start */
    int nacts[VG_MAX_PLAYERS], players;
    uint64_t rng;
    vg_error err; /* the last advance that failed */
    long limits;  /* advances that hit a limit of the state's: the play starts again from the level's start */
} bench_loop;

/* One tick of 's': every player a random action of its own. */
static vg_status bench_step(bench_loop *b, vg_state *s) {
    vg_action a[VG_MAX_PLAYERS];
    for (int p = 0; p < b->players; p++) {
        b->rng ^= b->rng << 13, b->rng ^= b->rng >> 7, b->rng ^= b->rng << 17;
        a[p] = b->nacts[p] ? b->acts[p][b->rng % (uint64_t)b->nacts[p]] : VG_ACTION_NIL;
    }
    return b->players > 1 ? vg_advance_multi(b->g, s, a, &b->err) : vg_advance(b->g, s, a[0], &b->err);
}

/* Whether the play starts again from the level: when the game is over, as
 * GVGAI's harness does at isGameOver(); but for one player not when GVGAI's
 * sprite bound ended it (VG_OVER_WARNED): GVGAI's isGameOver() is false
 * then, and its harness goes on copying that state, whose advance does
 * nothing (its speed2, for several players, starts again). */
static int bench_over(const bench_loop *b, const vg_state *s) {
    return vg_is_over(s) && (b->players > 1 || vg_is_over(s) != VG_OVER_WARNED);
}

/* Runs loop 'mode' (0: advance, 1: copy, 2: copy+advance; speed.md) for
 * 'seconds' of thread CPU time; returns its rate per second, or -1 when an
 * advance fails (b->err says why: a rate past an error would be no rate),
 * but for a limit of the state's (VG_ERR_LIMIT: its room for sprites or
 * delayed effects): then the play starts again, counted in b->limits. */
static double bench_rate(bench_loop *b, int mode, double seconds) {
    long done = 0;
    double t0 = thread_cpu(), t1 = t0;
    vg_state_copy(b->cur, b->start);
    while (t1 - t0 < seconds) {
        for (int k = 0; k < 4096; k++) {
            vg_status st = VG_OK;
            if (mode == 0) { /* advance; a copy of the start when it ends */
                st = bench_step(b, b->cur);
                if (bench_over(b, b->cur)) vg_state_copy(b->cur, b->start);
            } else if (mode == 1) { /* copy the start state */
                vg_state_copy(b->next, b->start);
            } else { /* copy the current state, advance the copy, go on from it */
                vg_state_copy(b->next, b->cur);
                st = bench_step(b, b->next);
                vg_state *tmp = b->cur;
                b->cur = b->next;
                b->next = tmp;
                if (bench_over(b, b->cur)) vg_state_copy(b->cur, b->start);
            }
            if (st == VG_ERR_LIMIT) b->limits++, vg_state_copy(b->cur, b->start);
            else if (st != VG_OK) return -1;
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
    int rc = cli_parse(argc, argv, &o, 1);
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
    b.players = vg_num_players(g);
    for (int p = 0; p < b.players && !rc; p++) b.nacts[p] = vg_player_actions(g, b.start, p, b.acts[p]);
    double rates[3];
    for (int mode = 0; mode < 3 && !rc; mode++) {
        double runs[3] = {0};
        int failed = bench_rate(&b, mode, o.seconds / 2) < 0;
        for (int r = 0; r < 3 && !failed; r++) failed = (runs[r] = bench_rate(&b, mode, o.seconds)) < 0;
        if (failed) {
            rc = cli_report(&b.err);
            break;
        }
        qsort(runs, 3, sizeof runs[0], cmp_double);
        rates[mode] = runs[1];
    }
    if (!rc)
        printf("advance/s: %.0f\ncopy/s: %.0f\ncopy+advance/s: %.0f\nstate bytes: %zu\n", rates[0], rates[1], rates[2],
               vg_state_used(b.start));
    if (!rc && b.limits) printf("restarts: %ld (%s)\n", b.limits, b.err.msg);
    vg_state_free(b.start);
    vg_state_free(b.cur);
    vg_state_free(b.next);
    vg_game_free(g);
    return rc;
}

/* ---- list, help, main -------------------------------------------------- */

/* vgdl list games|agents|params AGENT */
static int cmd_list(int argc, char **argv) {
    const char *what = argc > 2 ? argv[2] : "";
    if (strcmp(what, "games") == 0 && argc == 3) {
        char *names[512];
        int n = cli_games(names, 512);
        for (int k = 0; k < n; k++) puts(names[k]), free(names[k]);
        return 0;
    }
    if (strcmp(what, "agents") == 0 && argc == 3) {
        int n;
        const agent_def *const *defs = agent_list(&n);
        for (int k = 0; k < n; k++) printf("%-12s %s\n", defs[k]->name, defs[k]->summary);
        return 0;
    }
    if (strcmp(what, "params") == 0 && argc == 4) {
        const agent_def *d = agent_find(argv[3]);
        if (!d) {
            char why[512];
            agent_new(argv[3], NULL, NULL, 0, 0, why, sizeof why); /* names the agents, with a suggestion */
            return cli_fail("%s", why);
        }
        for (int k = 0; k < d->nparams; k++)
            printf("%-18s %-10g %s\n", d->params[k].key, d->params[k].value, d->params[k].help);
        if (d->nparams == 0) printf("(agent %s has no parameters)\n", d->name);
        return 0;
    }
    return cli_fail("usage: vgdl list games | agents | params AGENT");
}

static int cmd_help(int argc, char **argv);

static const struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *args, *summary;
} commands[] = {
    {"run", cmd_run, "GAME", "play a whole game with an agent; prints the result and the decisions' cost"},
    {"decide", cmd_decide, "GAME", "one decision of an agent at a position"},
    {"solve", cmd_solve, "GAME", "a shortest winning plan (an actions file on stdout)"},
    {"trace", cmd_trace, "GAME", "play an actions file; one JSON line a tick (GVGAI's trace format)"},
    {"play", cmd_play, "GAME", "play in the terminal (arrows or WASD, space to use, q to quit)"},
    {"show", cmd_show, "GAME", "the level as text, with every sprite type and its count"},
    {"check", cmd_check, "GAME", "load the game on each of its levels (or --level); report every error"},
    {"convert", cmd_convert, "GAME.txt", "a GVGAI game file written as a Lua script, on stdout"},
    {"render", cmd_render, "GAME", "the position as a PNG picture (-o OUT.png)"},
    {"bench", cmd_bench, "GAME", "forward-model speed: advance/s, copy/s, copy+advance/s"},
    {"perft", cmd_perft, "GAME DEPTH", "count the move sequences to each depth (games with turns)"},
    {"batch", cmd_batch,
     "FILE.ini [--out DIR] [--workers N] [--shard K/N] [--force] [--dry-run] [--slurm | --submit [--wait]]",
     "games x levels x agents x seeds from an INI file, resumable; runs.csv and runs.jsonl"},
    {"generate", cmd_generate, "GAME",
     "new levels for a game, each with its proven shortest solution or agents' win rates"},
    {"report", cmd_report,
     "[--csv | --markdown | --latex | --runs] [--summary] [--two-player] [--no-timing] [--plot PNG] DIR...",
     "win rates and costs of batch results"},
    {"list", cmd_list, "games | agents | params AGENT", "what can be named: games, agents, an agent's parameters"},
    {"help", cmd_help, "[COMMAND]", "this help, or a command's"},
};
#define NUM_COMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const struct command *find_command(const char *name) {
    for (int k = 0; k < NUM_COMMANDS; k++)
        if (strcmp(name, commands[k].name) == 0) return &commands[k];
    return NULL;
}

/* The help of 'c' on stdout. */
static void command_help(const struct command *c) {
    printf("usage: vgdl %s %s%s\n\n%s\n", c->name, c->args, strchr(c->args, '[') ? "" : " [options]", c->summary);
    if (strcmp(c->args, "GAME") == 0 || strcmp(c->args, "GAME DEPTH") == 0)
        printf("\nGAME is a name ('vgdl list games'), a Lua script, or a GVGAI game file (.txt).\n");
    putchar('\n');
    if (!cli_print_options(c->name, stdout)) printf("options: see the usage line above\n");
}

static int cmd_help(int argc, char **argv) {
    if (argc > 2) {
        const struct command *c = find_command(argv[2]);
        if (!c) return cli_fail("help: unknown command '%s' (commands: 'vgdl help')", argv[2]);
        command_help(c);
        return 0;
    }
    printf("usage: vgdl COMMAND [ARGS] [OPTIONS]\n\ncommands:\n");
    for (int k = 0; k < NUM_COMMANDS; k++) printf("  %-8s %s\n", commands[k].name, commands[k].summary);
    printf("\n'vgdl help COMMAND' or 'vgdl COMMAND --help' gives a command's options; 'vgdl --version' the version.\n");
    return 0;
}

/* 1 when some argument after the command asks for help. */
static int wants_help(int argc, char **argv) {
    for (int i = 2; i < argc && strcmp(argv[i], "--"); i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) return cli_fail("a command is needed: 'vgdl help' lists them");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) return cmd_help(1, argv);
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("vgdl %s\n", VG_VERSION);
        return 0;
    }
    const struct command *c = find_command(name);
    if (!c) {
        const char *names[NUM_COMMANDS];
        for (int k = 0; k < NUM_COMMANDS; k++) names[k] = commands[k].name;
        int near = vg_closest_name(name, names, NUM_COMMANDS);
        if (near >= 0)
            return cli_fail("unknown command '%s'; did you mean '%s'? ('vgdl help' lists them)", name, names[near]);
        return cli_fail("unknown command '%s' ('vgdl help' lists them)", name);
    }
    if (c->fn != cmd_help && wants_help(argc, argv)) {
        command_help(c);
        return 0;
    }
    return c->fn(argc, argv);
}
