/* SPDX-License-Identifier: MIT
 *
 * boardgames.c -- the board games' strength and speed benchmark, driven
 * by tests/bench_boardgames.sh. Without arguments (as make test runs it)
 * it checks itself on one short match of each kind.
 *
 *   boardgames match GAME A B N     N games of GAME (connect4, othello)
 *       between agents A and B, each first in half of them, after 2
 *       (Connect Four) or 4 (Othello) random opening moves drawn per game;
 *       prints one table row: A's wins, draws, losses, and each agent's
 *       mean decision time and decisions per second. Agents:
 *         random          a uniformly random legal move
 *         alphabeta:D     adversarial.h alpha-beta, D plies (one ply: both
 *                         sides move), leaves by the game's evaluate()
 *         mtdf:MS         MTD(f), iterative deepening for MS ms a move
 *         minimax:D       adversarial.h minimax
 *         mcts:MS         the mcts agent (agents/mcts.c), MS ms a move, its
 *                         default parameters; mcts:MS:key=v,key=v sets some
 *   boardgames fforum FIRST LAST    the FForum positions FIRST..LAST of
 *       tests/golden/boardgames/othello/fforum-1-19.obf: every legal move's
 *       exact score from the solver, checked against the file, with time
 *   boardgames pons FILE EVERY      every EVERY-th position of a Pons
 *       test file solved and checked; counts and times
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "adversarial.h"
#include "exact.h"
#include "mtdf.h"

/* ---- Agents --------------------------------------------------------------- */

typedef struct player {
    char spec[64];
    adv_kind kind;
    int type; /* 0 random, 1 adversarial, 2 mtdf, 3 an agent of the registry */
    int depth;
    double ms;
    mtdf *m;
    agent *ag;
    uint64_t rng;
    double seconds;
    long decisions;
} player;

static uint64_t next_rand(uint64_t *r) {
    uint64_t z = (*r += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int player_init(player *p, const vg_game *g, const char *spec, uint64_t seed) {
    memset(p, 0, sizeof *p);
    snprintf(p->spec, sizeof p->spec, "%s", spec);
    p->rng = seed;
    const char *colon = strchr(spec, ':');
    double arg = colon ? atof(colon + 1) : 0;
    if (strcmp(spec, "random") == 0) return 1;
    if (strncmp(spec, "alphabeta:", 10) == 0 || strncmp(spec, "minimax:", 8) == 0) {
        p->type = 1;
        p->kind = spec[0] == 'a' ? ADV_ALPHABETA : ADV_MINIMAX;
        p->depth = (int)arg;
        return p->depth >= 1;
    }
    if (strncmp(spec, "mtdf:", 5) == 0) {
        mtdf_opts o = {.depth = 64, .eval = 1, .tt_bits = 20};
        p->type = 2;
        p->ms = arg;
        p->m = mtdf_new(g, &o);
        return p->m && p->ms > 0;
    }
    if (strncmp(spec, "mcts:", 5) == 0) { /* mcts:MS or mcts:MS:key=v,key=v */
        char buf[64], *set[8], why[256];
        int n = 0;
        snprintf(buf, sizeof buf, "%s", spec);
        char *extra = strchr(buf + 5, ':');
        for (char *t = extra ? strtok(extra + 1, ",") : NULL; t && n < 8; t = strtok(NULL, ",")) set[n++] = t;
        p->type = 3;
        p->ms = arg;
        p->ag = agent_new("mcts", g, (const char *const *)set, n, seed, why, sizeof why);
        if (!p->ag) fprintf(stderr, "%s\n", why);
        return p->ag && p->ms > 0;
    }
    return 0;
}

static int player_move(player *p, const vg_game *g, const vg_state *s) {
    double t0 = fm_now();
    int move = -1;
    if (p->type == 0) {
        int moves[VG_MAX_MOVES], n = vg_legal(g, s, vg_turn(s), moves, NULL);
        move = n ? moves[next_rand(&p->rng) % (uint64_t)n] : -1;
    } else if (p->type == 1) {
        adv_options o = {.kind = p->kind, .depth = p->depth, .eval = 1};
        adv_result r;
        fm f = {.g = g};
        move = adv_search(g, s, &o, &f, &r);
    } else if (p->type == 2) {
        fm f = {.g = g, .deadline = t0 + p->ms / 1000.0};
        mtdf_result r;
        move = mtdf_search(p->m, s, &f, &r);
    } else {
        agent_budget b = {p->ms, 0};
        agent_report r;
        move = agent_act(p->ag, s, &b, &r);
    }
    p->seconds += fm_now() - t0;
    p->decisions++;
    return move;
}

/* ---- match -------------------------------------------------------------- */

static int cmd_match(const char *game, const char *a, const char *b, int n, int quiet) {
    char script[256], level[256];
    snprintf(script, sizeof script, "scripts/%s.lua", game);
    snprintf(level, sizeof level, "levels/%s/lvl0.txt", game);
    vg_game *g = NULL;
    vg_error err;
    if (vg_game_load(script, level, &g, &err) != VG_OK) {
        fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.msg);
        return 2;
    }
    player pa, pb;
    if (!player_init(&pa, g, a, 1) || !player_init(&pb, g, b, 2)) {
        fprintf(stderr, "bad agent '%s' or '%s' (random, alphabeta:D, minimax:D, mtdf:MS, mcts:MS)\n", a, b);
        return 2;
    }
    int opening = strcmp(game, "othello") == 0 ? 4 : 2;
    int wins = 0, draws = 0, losses = 0;
    vg_state *s = vg_state_new(g, 0);
    uint64_t rng = 12345;
    for (int k = 0; k < n; k++) {
        vg_state_reset(g, s, 0);
        for (int i = 0; i < opening && !vg_is_over(s); i++) {
            int moves[VG_MAX_MOVES], m = vg_legal(g, s, vg_turn(s), moves, NULL);
            vg_play(g, s, vg_turn(s), moves[next_rand(&rng) % (uint64_t)m], NULL);
        }
        int a_side = (k + opening) % 2; /* A is agent 0 in half the games */
        if (pa.m) mtdf_clear(pa.m);
        if (pb.m) mtdf_clear(pb.m);
        while (!vg_is_over(s)) {
            player *p = vg_turn(s) == a_side ? &pa : &pb;
            int move = player_move(p, g, s);
            if (move < 0 || vg_play(g, s, vg_turn(s), move, &err) != VG_OK) {
                fprintf(stderr, "%s could not move\n", p->spec);
                return 2;
            }
        }
        vg_winner w = vg_winner_of(s);
        if (w == VG_NO_WINNER) draws++;
        else if ((w == VG_PLAYER_WINS) == (a_side == 0)) wins++;
        else losses++;
    }
    if (!quiet)
        printf("%-9s %-14s %-14s %5d %5d %5d %5d %10.1f %10.1f %10.1f %10.1f\n", game, a, b, n, wins, draws, losses,
               pa.decisions ? 1000 * pa.seconds / (double)pa.decisions : 0,
               pa.seconds > 0 ? (double)pa.decisions / pa.seconds : 0,
               pb.decisions ? 1000 * pb.seconds / (double)pb.decisions : 0,
               pb.seconds > 0 ? (double)pb.decisions / pb.seconds : 0);
    mtdf_free(pa.m);
    mtdf_free(pb.m);
    agent_free(pa.ag);
    agent_free(pb.ag);
    vg_state_free(s);
    vg_game_free(g);
    return wins + draws + losses == n ? 0 : 1;
}

/* ---- fforum ------------------------------------------------------------- */

static int cmd_fforum(int first, int last, int quiet) {
    FILE *f = fopen("tests/golden/boardgames/othello/fforum-1-19.obf", "r");
    if (!f) {
        fprintf(stderr, "cannot open the FForum file\n");
        return 2;
    }
    char line[1024];
    int idx = 0, bad = 0;
    double total = 0;
    long nodes = 0;
    if (!quiet) printf("%-4s %-6s %8s %10s %6s  %s\n", "pos", "empty", "seconds", "nodes", "ok", "moves (solver)");
    while (fgets(line, sizeof line, f)) {
        if (++idx < first || idx > last) continue;
        char side = line[65], map[80];
        int p = 0, empty = 0;
        for (int k = 0; k < 64; k++) {
            map[p++] = line[k] == '-' ? '.' : line[k] == side ? 'X' : 'O';
            empty += line[k] == '-';
            if (k % 8 == 7) map[p++] = '\n';
        }
        map[p] = '\0';
        vg_game *g = NULL;
        vg_error err;
        if (vg_game_load_text("scripts/othello.lua", map, "fforum", &g, &err) != VG_OK) {
            fprintf(stderr, "%s\n", err.msg);
            return 2;
        }
        vg_state *s = vg_state_new(g, 0);
        exact_opts o = {.tt_bits = 22, .order = 8};
        exact_solver *x = exact_new(g, &o);
        int moves[VG_MAX_MOVES], values[VG_MAX_MOVES];
        exact_result r;
        int n = exact_solve_moves(x, &(fm){.g = g}, s, moves, values, &r);
        /* Check every move against the file: "G8:+18; H1:+12; ..." */
        int ok = n > 0, listed = 0;
        char got[512] = "";
        for (int k = 0; k < n; k++) {
            char want[8];
            snprintf(want, sizeof want, "%s:", vg_move_name(g, moves[k]));
            want[0] = (char)(want[0] - 'a' + 'A');
            const char *at = strstr(line, want);
            if (!at || atoi(at + strlen(want)) != values[k]) ok = 0;
            size_t len = strlen(got);
            snprintf(got + len, sizeof got - len, " %s:%+d", vg_move_name(g, moves[k]), values[k]);
        }
        for (const char *c = strchr(line, ';'); c; c = strchr(c + 1, ';')) listed += c[1] == ' ' && c[2] != '\n';
        if (listed != n) ok = 0;
        bad += !ok;
        total += r.seconds;
        nodes += r.nodes;
        if (!quiet) printf("%-4d %-6d %8.1f %10ld %6s %s\n", idx, empty, r.seconds, r.nodes, ok ? "yes" : "NO", got);
        fflush(stdout);
        exact_free(x);
        vg_state_free(s);
        vg_game_free(g);
    }
    fclose(f);
    if (!quiet)
        printf("fforum %d-%d: %d wrong, %.1f s, %ld nodes, %.0f nodes/s\n", first, last, bad, total, nodes,
               total > 0 ? (double)nodes / total : 0);
    return bad ? 1 : 0;
}

/* ---- pons --------------------------------------------------------------- */

static int cmd_pons(const char *path, int every, int quiet) {
    vg_game *g = NULL;
    vg_error err;
    if (vg_game_load("scripts/connect4.lua", "levels/connect4/lvl0.txt", &g, &err) != VG_OK) return 2;
    FILE *f = fopen(path, "r");
    if (!f) return 2;
    exact_opts o = {.tt_bits = 22};
    exact_solver *x = exact_new(g, &o);
    vg_state *s = vg_state_new(g, 0);
    char line[256];
    int k = 0, n = 0, bad = 0;
    long nodes = 0, max_nodes = 0;
    double total = 0, max_s = 0;
    while (fgets(line, sizeof line, f)) {
        char moves[64];
        int want;
        if (sscanf(line, "%63s %d", moves, &want) != 2 || k++ % every) continue;
        vg_state_reset(g, s, 0);
        if (exact_replay(g, s, moves, &err) < 0) return 2;
        exact_result r;
        exact_solve(x, &(fm){.g = g}, s, &r);
        bad += r.value != want;
        n++;
        total += r.seconds;
        nodes += r.nodes;
        if (r.nodes > max_nodes) max_nodes = r.nodes;
        if (r.seconds > max_s) max_s = r.seconds;
    }
    fclose(f);
    const char *base = strrchr(path, '/');
    if (!quiet)
        printf("%-12s %6d %6d %10.3f %10.1f %10.1f %10.0f %10ld %10.0f\n", base ? base + 1 : path, n, bad, total,
               n ? 1000 * total / n : 0, 1000 * max_s, n ? (double)nodes / n : 0, max_nodes,
               total > 0 ? (double)nodes / total : 0);
    exact_free(x);
    vg_state_free(s);
    vg_game_free(g);
    return bad ? 1 : 0;
}

/* ---- Self-check (make test) --------------------------------------------- */

static void test_match(void **state) {
    (void)state;
    assert_int_equal(cmd_match("connect4", "alphabeta:1", "random", 2, 1), 0);
    assert_int_equal(cmd_match("othello", "mtdf:5", "random", 1, 1), 0);
}

static void test_pons(void **state) {
    (void)state;
    assert_int_equal(cmd_pons("tests/golden/boardgames/connect4/Test_L3_R1", 100, 1), 0);
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "match") == 0 && argc == 6)
        return cmd_match(argv[2], argv[3], argv[4], atoi(argv[5]), 0);
    if (argc >= 2 && strcmp(argv[1], "fforum") == 0 && argc == 4) return cmd_fforum(atoi(argv[2]), atoi(argv[3]), 0);
    if (argc >= 2 && strcmp(argv[1], "pons") == 0 && argc == 4) return cmd_pons(argv[2], atoi(argv[3]), 0);
    if (argc >= 2 && strcmp(argv[1], "header") == 0) {
        printf("%-9s %-14s %-14s %5s %5s %5s %5s %10s %10s %10s %10s\n", "game", "A", "B", "games", "A-win", "draw",
               "A-loss", "A ms/move", "A moves/s", "B ms/move", "B moves/s");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "usage: boardgames [match GAME A B N | fforum FIRST LAST | pons FILE EVERY | header]\n");
        return 2;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_match), cmocka_unit_test(test_pons)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
