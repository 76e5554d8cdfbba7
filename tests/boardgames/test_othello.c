/* SPDX-License-Identifier: MIT
 *
 * test_othello.c -- scripts/othello.lua and the agents that play it.
 *
 * 1. Perft through the Lua rules (exact_perft): depths 1-8 equal Aart
 *    Bik's published counts (bik_total, our 'leaves') and Edax's
 *    edax_moves (our 'sequences'), tests/golden/boardgames/othello/
 *    perft.tsv; depth 9 too with VGDL_SLOW=1 (passes first appear there).
 * 2. The rules: the start's moves, flips in all 8 directions at once
 *    (a wipe-out that ends the game with every empty square to the
 *    winner), runs that end at an empty square do not flip, a pass as the
 *    only legal move, the end when neither side can move.
 * 3. The exact solver against a plain full-width negamax on late
 *    endgames (FForum positions played on at random to 7 empty squares):
 *    the value and every move's value. (All 19 FForum positions, every
 *    move, are in tests/bench_boardgames.sh: minutes.)
 * 4. Alpha-beta returns minimax's move and value, MTD(f) alpha-beta's
 *    value, on random positions.
 * 5. evaluate(state): the report's formula on known positions.
 */
#include <math.h>

#include "support.h"
#include "bg.h"
#include "adversarial.h"
#include "mtdf.h"

#define OTHELLO "scripts/othello.lua"
#define START   "levels/othello/lvl0.txt"

/* ---- 1. Perft ----------------------------------------------------------- */

static void test_perft(void **state) {
    (void)state;
    int depth = bg_slow() ? 9 : 8;
    vg_game *g = load_game(OTHELLO, START);
    vg_state *s = vg_state_new(g, 0);
    uint64_t seq[16], leaves[16];
    vg_error err;
    assert_true(exact_perft(g, s, depth, seq, leaves, &err) > 0);
    char *text = bg_read("tests/golden/boardgames/othello/perft.tsv");
    int rows = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int d;
        unsigned long long bik_total, bik_full, bik_higher, edax_moves;
        if (line[0] == '#' ||
            sscanf(line, "%d %llu %llu %llu %llu", &d, &bik_total, &bik_full, &bik_higher, &edax_moves) != 5 ||
            d > depth)
            continue;
        assert_int_equal(leaves[d], bik_total);
        assert_int_equal(seq[d], edax_moves);
        rows++;
    }
    assert_int_equal(rows, depth);
    free(text);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 2. Rules ----------------------------------------------------------- */

static int count(const vg_game *g, const vg_state *s, const char *type) {
    return vg_sprites_of(g, s, vg_type_find(g, type), NULL, NULL, 0);
}

static void test_start(void **state) {
    (void)state;
    vg_game *g = load_game(OTHELLO, START);
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(vg_num_agents(g, s), 2);
    assert_string_equal(bg_legal(g, s), "d3 c4 f5 e6");
    bg_play(g, s, "f5");
    assert_int_equal(count(g, s, "X"), 4);
    assert_int_equal(count(g, s, "O"), 1);
    assert_true(vg_score(s) == 3);
    assert_string_equal(bg_legal(g, s), "f4 d6 f6");
    vg_state_free(s);
    vg_game_free(g);
}

static void test_eight_directions(void **state) {
    (void)state;
    /* X plays c6: a run of O's discs in each of the 8 directions, each
     * closed by an X. Every O flips: a wipe-out, 17 X discs and 47 empty
     * squares, all X's: 64. */
    const char *map = "........\n........\n........\nX.X.X...\n.OOO....\nXO.OX...\n.OOO....\nX.X.X...\n";
    vg_game *g = load_game_text(OTHELLO, map);
    vg_state *s = vg_state_new(g, 0);
    bg_play(g, s, "c6");
    assert_int_equal(count(g, s, "X"), 17);
    assert_int_equal(count(g, s, "O"), 0);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    assert_true(vg_score(s) == 64);
    vg_state_free(s);
    vg_game_free(g);

    /* Runs that end at an empty square or the edge do not flip: d1 flips
     * b1 c1 (closed by a1), not e2 f3 (open at g4) nor d2 (open at d3). */
    map = "XOO.....\n...OO...\n.....O..\n...XO...\n...OX...\n........\n........\n........\n";
    g = load_game_text(OTHELLO, map);
    s = vg_state_new(g, 0);
    bg_play(g, s, "d1");
    assert_int_equal(count(g, s, "X"), 6); /* a1 b1 c1 d1, d4 e5 */
    assert_int_equal(count(g, s, "O"), 5); /* d2 e2 f3 e4 d5 */
    assert_false(vg_is_over(s));
    vg_state_free(s);
    vg_game_free(g);
}

static void test_pass_and_end(void **state) {
    (void)state;
    /* X (to move) has a1 and c3 and no move; O can take c3 from c4. */
    const char *map = "XOOOOOOO\n..O.....\n..X.....\n........\n........\n........\n........\n........\n";
    vg_game *g = load_game_text(OTHELLO, map);
    vg_state *s = vg_state_new(g, 0);
    assert_string_equal(bg_legal(g, s), "pass");
    bg_play(g, s, "pass");
    assert_false(vg_is_over(s));
    assert_int_equal(vg_turn(s), 1);
    assert_non_null(strstr(bg_legal(g, s), "c4"));
    bg_play(g, s, "c4");
    /* X has only a1 (a corner, closed by the edge): nobody can move. O has
     * 10 discs, X 1, 53 squares empty: -9 - 53. */
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_true(vg_score(s) == -62);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 3. The exact solver ------------------------------------------------ */

/* An FForum line as a map, the side to move written 'X'. */
static void fforum_map(const char *line, char *map) {
    char side = line[65];
    int p = 0;
    for (int k = 0; k < 64; k++) {
        char c = line[k];
        map[p++] = c == '-' ? '.' : c == side ? 'X' : 'O';
        if (k % 8 == 7) map[p++] = '\n';
    }
    map[p] = '\0';
}

/* Full-width negamax, no table: the value for the agent to move. */
static int negamax(const vg_game *g, const vg_state *s) {
    if (vg_is_over(s)) {
        int v = (int)lround(vg_score(s));
        return vg_turn(s) == 0 ? v : -v;
    }
    int moves[VG_MAX_MOVES], best = -1000;
    int n = vg_legal(g, s, vg_turn(s), moves, NULL);
    assert_true(n > 0);
    vg_state *c = vg_state_new(g, 0);
    for (int k = 0; k < n; k++) {
        vg_state_copy(c, s);
        assert_int_equal(vg_play(g, c, vg_turn(s), moves[k], NULL), VG_OK);
        int v = -negamax(g, c);
        if (v > best) best = v;
    }
    vg_state_free(c);
    return best;
}

static void test_solver_endgames(void **state) {
    (void)state;
    char *text = bg_read("tests/golden/boardgames/othello/fforum-1-19.obf");
    uint64_t rng = 11;
    int done = 0;
    for (char *line = strtok(text, "\n"); line && done < 6; line = strtok(NULL, "\n")) {
        char map[80];
        fforum_map(line, map);
        vg_game *g = load_game_text(OTHELLO, map);
        vg_state *s = vg_state_new(g, 0);
        int empty = 0;
        for (int k = 0; k < 64; k++) empty += line[k] == '-';
        /* Play on at random to 7 empty squares (passes do not fill one). */
        while (empty > 7 && !vg_is_over(s)) {
            int moves[VG_MAX_MOVES], n = vg_legal(g, s, vg_turn(s), moves, NULL);
            int m = moves[bg_rand(&rng) % (uint64_t)n];
            if (strcmp(vg_move_name(g, m), "pass") != 0) empty--;
            assert_int_equal(vg_play(g, s, vg_turn(s), m, NULL), VG_OK);
        }
        if (!vg_is_over(s)) {
            int want = negamax(g, s);
            exact_solver *x = exact_new(g, NULL);
            exact_result r;
            assert_true(exact_solve(x, &(fm){.g = g}, s, &r));
            assert_int_equal(r.value, want);
            int moves[VG_MAX_MOVES], values[VG_MAX_MOVES];
            int n = exact_solve_moves(x, &(fm){.g = g}, s, moves, values, &r);
            assert_true(n > 0);
            vg_state *c = vg_state_new(g, 0);
            int best = -1000;
            for (int k = 0; k < n; k++) {
                vg_state_copy(c, s);
                assert_int_equal(vg_play(g, c, vg_turn(s), moves[k], NULL), VG_OK);
                int v = vg_turn(c) == vg_turn(s) && !vg_is_over(c) ? negamax(g, c) : -negamax(g, c);
                assert_int_equal(values[k], v);
                if (v > best) best = v;
            }
            assert_int_equal(r.value, best);
            assert_int_equal(r.value, want);
            vg_state_free(c);
            exact_free(x);
            done++;
        }
        vg_state_free(s);
        vg_game_free(g);
    }
    assert_int_equal(done, 6);
    free(text);
}

/* ---- 4. Alpha-beta = minimax; MTD(f) = alpha-beta ----------------------- */

static double adv(const vg_game *g, const vg_state *s, adv_kind kind, int depth, int *move) {
    adv_options o = {.kind = kind, .depth = depth, .eval = 1};
    adv_result r;
    fm f = {.g = g};
    *move = adv_search(g, s, &o, &f, &r);
    assert_int_equal(f.status, VG_OK);
    return r.value;
}

static void test_alphabeta_minimax_mtdf(void **state) {
    (void)state;
    vg_game *g = load_game(OTHELLO, START);
    vg_state *s = vg_state_new(g, 0);
    uint64_t rng = 5;
    mtdf_opts mo = {.eval = 1, .tt_bits = 16};
    for (int k = 0; k < 12; k++) {
        vg_state_reset(g, s, 0);
        bg_random_play(g, s, (int)(bg_rand(&rng) % 50), &rng);
        if (vg_is_over(s)) continue;
        for (int depth = 1; depth <= (k < 6 ? 2 : 1); depth++) {
            int m1, m2;
            double v1 = adv(g, s, ADV_MINIMAX, depth, &m1), v2 = adv(g, s, ADV_ALPHABETA, depth, &m2);
            assert_int_equal(m1, m2);
            assert_true(v1 == v2);
        }
        for (int depth = 1; depth <= 2; depth++) {
            int m;
            double v = adv(g, s, ADV_ALPHABETA, depth, &m);
            mo.depth = depth;
            mtdf *mt = mtdf_new(g, &mo);
            fm f = {.g = g};
            mtdf_result r;
            assert_true(mtdf_search(mt, s, &f, &r) >= 0);
            if (r.value != v) print_error("position %d depth %d: mtdf %g, alphabeta %g\n", k, depth, r.value, v);
            assert_true(r.value == v);
            mtdf_free(mt);
        }
    }
    /* A budget stops MTD(f) early with an answer from a finished iteration. */
    vg_state_reset(g, s, 0);
    mo.depth = 30;
    mtdf *mt = mtdf_new(g, &mo);
    fm f = {.g = g, .max_calls = 3000};
    mtdf_result r;
    assert_true(mtdf_search(mt, s, &f, &r) >= 0);
    assert_true(r.depth >= 1 && r.depth < 30);
    assert_true(f.calls < 3000 + 600);
    mtdf_free(mt);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 5. Evaluation ------------------------------------------------------ */

static void test_evaluate(void **state) {
    (void)state;
    vg_game *g = load_game(OTHELLO, START);
    vg_state *s = vg_state_new(g, 0);
    assert_true(vg_evaluate(g, s, NULL) == 0); /* the start is symmetric */
    bg_play(g, s, "f5");
    /* X 4, O 1: discs +3; mobility X 4 (e3 f3 ...)? O 3 (f4 d6 f6); corners 0. */
    double v = vg_evaluate(g, s, NULL);
    assert_true(fabs(v) < 300);
    vg_state_free(s);
    vg_game_free(g);
    /* A lone disc on a corner (no neighbours: mobility and flips stay) is
     * worth 300 + 1; a won game its score + 5000. */
    g = load_game_text(OTHELLO, "X.......\n........\n........\n...OX...\n...XO...\n........\n........\n........\n");
    s = vg_state_new(g, 0);
    assert_true(vg_evaluate(g, s, NULL) == 301);
    vg_state_free(s);
    vg_game_free(g);
    g = load_game_text(OTHELLO, "........\n........\n........\nX.X.X...\n.OOO....\nXO.OX...\n.OOO....\nX.X.X...\n");
    s = vg_state_new(g, 0);
    bg_play(g, s, "c6");
    assert_true(vg_evaluate(g, s, NULL) == 64 + 5000);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_start),
        cmocka_unit_test(test_eight_directions),
        cmocka_unit_test(test_pass_and_end),
        cmocka_unit_test(test_solver_endgames),
        cmocka_unit_test(test_alphabeta_minimax_mtdf),
        cmocka_unit_test(test_evaluate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
