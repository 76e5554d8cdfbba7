/* SPDX-License-Identifier: MIT
 *
 * test_connect4.c -- scripts/connect4.lua and the agents that play it.
 *
 * With test_othello.c and tests/agents/test_ttable.c, the test of
 * agents/exact.c, solve.c and mtdf.c: they have no test file of their own.
 *
 * 1. Perft through the Lua rules (exact_perft, as 'vgdl perft'): depths
 *    1-7 (1-8 with VGDL_SLOW=1) equal tests/golden/boardgames/connect4/
 *    perft.tsv, both conventions (exact_sequences, and
 *    leaves_incl_earlier_terminals).
 * 2. The rules: centre-first legal order, full columns, wins across, up
 *    and on both diagonals with Pons' score, a draw on a full board, maps
 *    with the second player to move (written with colours swapped).
 * 3. Move lists (exact_replay): "4453", separators, illegal and unknown
 *    moves.
 * 4. The exact solver ('solve') returns Pons' score for every position of
 *    Test_L3_R1, and for every 50th of Test_L2_R1 (all 1000 with
 *    VGDL_SLOW=1); its move keeps the value.
 * 5. Alpha-beta returns minimax's move and value on random positions, and
 *    MTD(f) alpha-beta's value, depths 1-2 (and 3 for MTD(f)).
 * 6. The agents 'solve' and 'mtdf' through the registry; evaluate(state).
 */
#include <math.h>

#include "support.h"
#include "bg.h"
#include "adversarial.h"
#include "mtdf.h"

#define C4    "scripts/connect4.lua"
#define EMPTY "levels/connect4/lvl0.txt"

static vg_game *empty_board(void) { return load_game(C4, EMPTY); }

/* ---- 1. Perft ----------------------------------------------------------- */

static void test_perft(void **state) {
    (void)state;
    int depth = bg_slow() ? 8 : 7;
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0);
    uint64_t seq[16], leaves[16];
    vg_error err;
    long plays = exact_perft(g, s, depth, seq, leaves, &err);
    assert_true(plays > 0);
    char *text = bg_read("tests/golden/boardgames/connect4/perft.tsv");
    int rows = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int d;
        unsigned long long exact, wins, all;
        if (line[0] == '#' || sscanf(line, "%d %llu %llu %llu", &d, &exact, &wins, &all) != 4 || d > depth) continue;
        assert_int_equal(seq[d], exact);
        assert_int_equal(leaves[d], all);
        rows++;
    }
    assert_int_equal(rows, depth + 1);
    free(text);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 2. Rules ----------------------------------------------------------- */

static void test_legal_order_and_full_columns(void **state) {
    (void)state;
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(vg_num_agents(g, s), 2);
    assert_string_equal(bg_legal(g, s), "4 3 5 2 6 1 7");
    vg_error err;
    assert_int_equal(exact_replay(g, s, "111111222222", &err), 12); /* X O X O X O in each */
    assert_false(vg_is_over(s));
    assert_string_equal(bg_legal(g, s), "4 3 5 6 7");
    vg_state_free(s);
    vg_game_free(g);
}

static vg_state *after(const vg_game *g, const char *moves) {
    vg_state *s = vg_state_new(g, 0);
    vg_error err;
    int n = exact_replay(g, s, moves, &err);
    if (n < 0) print_error("%s: %s\n", moves, err.msg);
    assert_true(n >= 0);
    return s;
}

static void test_wins(void **state) {
    (void)state;
    vg_game *g = empty_board();
    struct {
        const char *moves;
        vg_winner w;
        double score;
    } cases[] = {
        {"1212121", VG_PLAYER_WINS, 18},    /* up, the 7th disc: (44 - 7) / 2 */
        {"1122334", VG_PLAYER_WINS, 18},    /* across the bottom */
        {"71122334", VG_PLAYER_LOSES, -18}, /* the same by the second player, 8th disc: (44 - 8) / 2 */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_state *s = after(g, cases[k].moves);
        assert_true(vg_is_over(s));
        assert_int_equal(vg_winner_of(s), cases[k].w);
        assert_true(vg_score(s) == cases[k].score);
        vg_state_free(s);
    }
    /* No win before the fourth disc: "121212" then O's "3" leaves the game open. */
    vg_state *s = after(g, "1212123");
    assert_false(vg_is_over(s));
    assert_true(vg_score(s) == 0);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_diagonals_on_maps(void **state) {
    (void)state;
    /* X (to move) has (0,0), (1,1), (2,2) counting rows from the bottom;
     * column 4 completes the diagonal with the 10th disc: 17 points. */
    const char *up = ".......\n.......\n.......\n..XO...\n.XXO...\nXOOX...\n";
    const char *down = ".......\n.......\n.......\n...OX..\n...OXX.\n...XOOX\n";
    const char *maps[] = {up, down};
    for (int k = 0; k < 2; k++) {
        vg_game *g = load_game_text(C4, maps[k]);
        vg_state *s = vg_state_new(g, 0);
        assert_false(vg_is_over(s));
        bg_play(g, s, "4");
        assert_true(vg_is_over(s));
        assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
        assert_true(vg_score(s) == 17);
        vg_state_free(s);
        vg_game_free(g);
    }
}

static void test_draw_and_second_player_maps(void **state) {
    (void)state;
    /* A full board without four in a row, one X missing at the top of
     * column 2: X fills it and the game is drawn. */
    const char *full = "O.XOOXX\nXOOOXXO\nOXXXOOX\nXOOXXOO\nOXXOOXX\nXOOOXXO\n";
    vg_game *g = load_game_text(C4, full);
    vg_state *s = vg_state_new(g, 0);
    assert_string_equal(bg_legal(g, s), "2");
    bg_play(g, s, "2");
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    assert_true(vg_score(s) == 0);
    vg_state_free(s);
    vg_game_free(g);

    /* Positions with the second player to move (Test_L3_R1 lines with an
     * odd number of moves), written as maps with the colours swapped: the
     * player to move is X (agent 0), and the solver gives Pons' value. */
    vg_game *e = empty_board();
    char *text = bg_read("tests/golden/boardgames/connect4/Test_L3_R1");
    int done = 0;
    for (char *p = strtok(text, "\n"); p && done < 10; p = strtok(NULL, "\n")) {
        char moves[64], map[128];
        vg_error err;
        int want;
        if (sscanf(p, "%63s %d", moves, &want) != 2 || strlen(moves) % 2 == 0) continue;
        s = vg_state_new(e, 0);
        assert_true(exact_replay(e, s, moves, &err) > 0);
        assert_int_equal(vg_turn(s), 1);
        int n = vg_render_text(e, s, map, sizeof map);
        assert_true(n > 0 && n < (int)sizeof map);
        for (char *c = map; *c; c++) *c = *c == ' ' ? '.' : *c == 'X' ? 'O' : *c == 'O' ? 'X' : *c;
        g = load_game_text(C4, map);
        vg_state *t = vg_state_new(g, 0);
        assert_string_equal(bg_legal(g, t), bg_legal(e, s));
        assert_true(vg_evaluate(g, t, NULL) == -vg_evaluate(e, s, NULL));
        exact_solver *x = exact_new(g, NULL);
        exact_result r;
        assert_true(exact_solve(x, &(fm){.g = g}, t, &r));
        assert_int_equal(r.value, want);
        exact_free(x);
        vg_state_free(t);
        vg_state_free(s);
        vg_game_free(g);
        done++;
    }
    assert_int_equal(done, 10);
    free(text);
    vg_game_free(e);
}

/* ---- 3. Move lists ------------------------------------------------------ */

static void test_replay(void **state) {
    (void)state;
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0);
    vg_error err;
    assert_int_equal(exact_replay(g, s, "4453", &err), 4);
    assert_int_equal(vg_turn(s), 0);
    vg_state_reset(g, s, 0);
    assert_int_equal(exact_replay(g, s, " 4, 4; 5 3 ", &err), 4);
    vg_state_reset(g, s, 0);
    assert_int_equal(exact_replay(g, s, "4444444", &err), -1);
    assert_non_null(strstr(err.msg, "move 7"));
    assert_non_null(strstr(err.msg, "not legal"));
    vg_state_reset(g, s, 0);
    assert_int_equal(exact_replay(g, s, "48", &err), -1);
    assert_non_null(strstr(err.msg, "no such move"));
    vg_state_reset(g, s, 0);
    assert_int_equal(exact_replay(g, s, "12121212", &err), -1); /* X won with the 7th */
    assert_non_null(strstr(err.msg, "over"));
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 4. The exact solver ------------------------------------------------ */

static void solve_file(const char *path, int every) {
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0), *c = vg_state_new(g, 0);
    exact_opts o = {.tt_bits = 22};
    exact_solver *x = exact_new(g, &o);
    assert_non_null(x);
    char *text = bg_read(path);
    int line = 0, checked = 0;
    for (char *p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
        char moves[64];
        vg_error err;
        int want;
        if (sscanf(p, "%63s %d", moves, &want) != 2 || line++ % every) continue;
        vg_state_reset(g, s, 0);
        assert_true(exact_replay(g, s, moves, &err) > 0);
        exact_result r;
        assert_true(exact_solve(x, &(fm){.g = g}, s, &r));
        if (r.value != want) print_error("%s: solver %d, Pons %d\n", moves, r.value, want);
        assert_int_equal(r.value, want);
        /* The move it gives keeps that value. */
        vg_state_copy(c, s);
        assert_int_equal(vg_play(g, c, vg_turn(c), r.move, NULL), VG_OK);
        exact_result rc;
        assert_true(exact_solve(x, &(fm){.g = g}, c, &rc));
        assert_int_equal(vg_is_over(c) || vg_turn(c) != vg_turn(s) ? -rc.value : rc.value, want);
        checked++;
    }
    assert_true(checked >= 1000 / every);
    free(text);
    exact_free(x);
    vg_state_free(s);
    vg_state_free(c);
    vg_game_free(g);
}

static void test_solve_l3(void **state) {
    (void)state;
    solve_file("tests/golden/boardgames/connect4/Test_L3_R1", 1);
}

static void test_solve_l2(void **state) {
    (void)state;
    solve_file("tests/golden/boardgames/connect4/Test_L2_R1", bg_slow() ? 1 : 50);
}

static void test_solve_options(void **state) {
    (void)state;
    /* Full window, MTD(f) and a tiny table agree; a call budget stops it. */
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0);
    vg_error err;
    assert_true(exact_replay(g, s, "2252576253462244111563365343671351441", &err) > 0);
    int values[3];
    for (int k = 0; k < 3; k++) {
        exact_opts o = {.tt_bits = k == 2 ? 4 : 16, .full_window = k == 1};
        exact_solver *x = exact_new(g, &o);
        exact_result r;
        assert_true(exact_solve(x, &(fm){.g = g}, s, &r));
        values[k] = r.value;
        exact_free(x);
    }
    assert_int_equal(values[0], -1);
    assert_int_equal(values[1], -1);
    assert_int_equal(values[2], -1);
    fm f = {.g = g, .max_calls = 10};
    exact_opts o = {.budgeted = 1};
    exact_solver *x = exact_new(g, &o);
    vg_state_reset(g, s, 0);
    exact_result r;
    assert_false(exact_solve(x, &f, s, &r)); /* the empty board: stopped */
    assert_true(r.stopped);
    assert_int_equal(f.status, VG_OK);
    exact_free(x);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 5. Alpha-beta = minimax; MTD(f) = alpha-beta ----------------------- */

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
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0);
    uint64_t rng = 7;
    mtdf_opts mo = {.depth = 3, .eval = 1, .tt_bits = 16};
    for (int k = 0; k < 24; k++) {
        vg_state_reset(g, s, 0);
        bg_random_play(g, s, (int)(bg_rand(&rng) % 24), &rng);
        if (vg_is_over(s)) continue;
        for (int depth = 1; depth <= 2; depth++) {
            int m1, m2;
            double v1 = adv(g, s, ADV_MINIMAX, depth, &m1), v2 = adv(g, s, ADV_ALPHABETA, depth, &m2);
            assert_int_equal(m1, m2);
            assert_true(v1 == v2);
        }
        for (int depth = 1; depth <= 3; depth++) {
            int m;
            double v = adv(g, s, ADV_ALPHABETA, depth, &m);
            mo.depth = depth;
            mtdf *mt = mtdf_new(g, &mo);
            fm f = {.g = g};
            mtdf_result r;
            assert_true(mtdf_search(mt, s, &f, &r) >= 0);
            assert_int_equal(r.depth, depth);
            if (r.value != v) print_error("position %d depth %d: mtdf %g, alphabeta %g\n", k, depth, r.value, v);
            assert_true(r.value == v);
            mtdf_free(mt);
        }
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 6. Agents and evaluation ------------------------------------------ */

static void test_agents(void **state) {
    (void)state;
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0);
    char why[256];
    vg_error err;
    /* Test_L3_R1's first position: -1 for the player to move. */
    assert_true(exact_replay(g, s, "2252576253462244111563365343671351441", &err) > 0);
    const char *names[] = {"solve", "mtdf"};
    for (int k = 0; k < 2; k++) {
        agent *a = agent_new(names[k], g, NULL, 0, 1, why, sizeof why);
        assert_non_null(a);
        agent_budget b = {.ms = k ? 200 : 0};
        agent_report r;
        agent_act(a, s, &b, &r);
        assert_true(r.has_value);
        if (k == 0) assert_true(r.value == -1); /* solve: for the player to move (agent 0 here) */
        assert_true(r.calls > 0);
        agent_free(a);
    }
    vg_state_free(s);
    vg_game_free(g);
}

static void test_evaluate(void **state) {
    (void)state;
    vg_game *g = empty_board();
    vg_state *s = vg_state_new(g, 0);
    assert_true(vg_game_has_evaluate(g));
    assert_true(vg_evaluate(g, s, NULL) == 0);
    bg_play(g, s, "4");
    assert_true(vg_evaluate(g, s, NULL) == 1); /* a centre disc */
    vg_state *t = after(g, "11223");           /* X threatens 4 in the bottom row (in reach) */
    assert_true(vg_evaluate(g, t, NULL) >= 16);
    vg_state_free(t);
    t = after(g, "1212121"); /* over: 100 x the score */
    assert_true(vg_evaluate(g, t, NULL) == 1800);
    vg_state_free(t);
    /* Mirror images evaluate alike. */
    vg_state *a = after(g, "1123"), *b = after(g, "7765");
    assert_true(vg_evaluate(g, a, NULL) == vg_evaluate(g, b, NULL));
    vg_state_free(a);
    vg_state_free(b);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_legal_order_and_full_columns),
        cmocka_unit_test(test_wins),
        cmocka_unit_test(test_diagonals_on_maps),
        cmocka_unit_test(test_draw_and_second_player_maps),
        cmocka_unit_test(test_replay),
        cmocka_unit_test(test_solve_l3),
        cmocka_unit_test(test_solve_l2),
        cmocka_unit_test(test_solve_options),
        cmocka_unit_test(test_alphabeta_minimax_mtdf),
        cmocka_unit_test(test_agents),
        cmocka_unit_test(test_evaluate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
