/* SPDX-License-Identifier: MIT
 *
 * test_2048.c -- scripts/2048.lua.
 *
 * 1. Every line of tests/golden/boardgames/2048/row_vectors.tsv (one row
 *    before and after a left or right move, the score gained, whether the
 *    move is legal): the row alone on an otherwise empty board in each of
 *    the 4 rows; and the row as a whole board in all four directions (the
 *    row in every row for LEFT/RIGHT, its mirror image the other way, in
 *    every column for UP/DOWN). The board is read back from the sprites
 *    (vg_render_text), the score from vg_score, legality from vg_legal.
 * 2. The tile spawn: vg_outcomes lists every empty cell with a 2 (0.9) and
 *    a 4 (0.1), normalised; and 100,000 spawns drawn by vg_advance (the
 *    chance agent's move drawn from the state's generator) fit that
 *    distribution (chi-square). Each draw starts from its own seed, and
 *    the seeds are hashed (splitmix64): java.util.Random's first draws for
 *    nearby small seeds are correlated.
 * 3. The start (an empty board: "NIL" until two tiles), the goal (a 2048
 *    tile wins), the end (no move changes the board: a loss, or with goal
 *    0 no winner).
 * 4. Expectimax plays it; mtdf and solve refuse a chance game.
 */
#include <math.h>

#include "support.h"
#include "bg.h"
#include "adversarial.h"
#include "mtdf.h"

#define G2048 "scripts/2048.lua"

static const char GLYPHS[] = "123456789abcdefgh";

static int exponent(int value) {
    int e = 0;
    while (value > 1) value >>= 1, e++;
    return e;
}

/* A map from 16 exponents (row by row, 0: empty). */
static void board_map(const int cells[16], char *map) {
    int p = 0;
    for (int k = 0; k < 16; k++) {
        map[p++] = cells[k] ? GLYPHS[cells[k] - 1] : '.';
        if (k % 4 == 3) map[p++] = '\n';
    }
    map[p] = '\0';
}

/* The board as the sprites show it (exponents, row by row). */
static void read_board(const vg_game *g, const vg_state *s, int cells[16]) {
    char text[64];
    assert_int_equal(vg_render_text(g, s, text, sizeof text), 20);
    int k = 0;
    for (const char *c = text; *c; c++) {
        if (*c == '\n') continue;
        const char *at = strchr(GLYPHS, *c);
        cells[k++] = *c == ' ' || *c == '.' ? 0 : at ? (int)(at - GLYPHS) + 1 : -1;
    }
    assert_int_equal(k, 16);
}

static int tiles(const int cells[16]) {
    int n = 0;
    for (int k = 0; k < 16; k++) n += cells[k] != 0;
    return n;
}

static int is_legal(const vg_game *g, const vg_state *s, const char *name) {
    return strstr(bg_legal(g, s), name) != NULL;
}

/* Loads 'before' (exponents), plays 'move' for the player (legal or not),
 * and checks the board becomes 'after', the score grows by 'gained', and
 * the move is legal exactly when 'moved' (when the board has 2 tiles or
 * more; below that the only move is NIL). */
static void check_board(const int before[16], const char *move, const int after[16], int gained, int moved) {
    char map[32];
    board_map(before, map);
    vg_game *g = load_game_text(G2048, map);
    vg_state *s = vg_state_new(g, 0);
    if (tiles(before) >= 2) assert_int_equal(is_legal(g, s, move), moved);
    else assert_string_equal(bg_legal(g, s), "NIL");
    vg_error err = {0};
    assert_int_equal(vg_play(g, s, 0, vg_move_find(g, move), &err), VG_OK);
    int got[16];
    read_board(g, s, got);
    for (int k = 0; k < 16; k++) {
        if (got[k] != after[k]) print_error("%s: cell %d is %d, not %d\n", move, k, got[k], after[k]);
        assert_int_equal(got[k], after[k]);
    }
    assert_true(vg_score(s) == gained);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_row_vectors(void **state) {
    (void)state;
    char *text = bg_read("tests/golden/boardgames/2048/row_vectors.tsv");
    int lines = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int b[4], a[4], gained, moved;
        char dir[8];
        if (line[0] == '#' || sscanf(line, "%d %d %d %d %7s %d %d %d %d %d %d", &b[0], &b[1], &b[2], &b[3], dir, &a[0],
                                     &a[1], &a[2], &a[3], &gained, &moved) != 11)
            continue;
        int left = strcmp(dir, "left") == 0;
        assert_true(left || strcmp(dir, "right") == 0);
        int eb[4], ea[4];
        for (int k = 0; k < 4; k++) eb[k] = b[k] ? exponent(b[k]) : 0, ea[k] = a[k] ? exponent(a[k]) : 0;
        /* The row alone, in each row of the board. */
        for (int y = 0; y < 4; y++) {
            int before[16] = {0}, after[16] = {0};
            for (int x = 0; x < 4; x++) before[4 * y + x] = eb[x], after[4 * y + x] = ea[x];
            check_board(before, left ? "LEFT" : "RIGHT", after, gained, moved);
        }
        /* Whole boards: in every row, mirrored, in every column, mirrored. */
        struct {
            const char *move;
            int column, mirror;
        } ways[4] = {{left ? "LEFT" : "RIGHT", 0, 0},
                     {left ? "RIGHT" : "LEFT", 0, 1},
                     {left ? "UP" : "DOWN", 1, 0},
                     {left ? "DOWN" : "UP", 1, 1}};
        for (int w = 0; w < 4; w++) {
            int before[16], after[16];
            for (int line4 = 0; line4 < 4; line4++)
                for (int i = 0; i < 4; i++) {
                    int j = ways[w].mirror ? 3 - i : i; /* position along the line */
                    int cell = ways[w].column ? 4 * j + line4 : 4 * line4 + j;
                    before[cell] = eb[i], after[cell] = ea[i];
                }
            check_board(before, ways[w].move, after, 4 * gained, moved);
        }
        lines++;
    }
    assert_true(lines >= 100);
    free(text);
}

/* ---- 2. The spawn ------------------------------------------------------- */

static uint64_t splitmix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static void test_spawn(void **state) {
    (void)state;
    /* Two 2s on the right; LEFT moves them to column a: 14 empty cells. */
    vg_game *g = load_game_text(G2048, "...1\n....\n....\n...1\n");
    vg_state *s = vg_state_new(g, 0);
    bg_play(g, s, "LEFT");
    int moves[VG_MAX_MOVES];
    double probs[VG_MAX_MOVES];
    int n = vg_outcomes(g, s, 1, moves, probs, NULL);
    assert_int_equal(n, 28);
    for (int k = 0; k < n; k++) {
        const char *name = vg_move_name(g, moves[k]);
        assert_true(name[1] == '@' && !(name[2] == 'a' && (name[3] == '1' || name[3] == '4')));
        assert_true(fabs(probs[k] - (name[0] == '2' ? 0.9 : 0.1) / 14) < 1e-12);
    }
    /* 100,000 spawns drawn by the engine. */
    const int draws = 100000;
    long counts[16][2] = {{0}};
    for (int i = 0; i < draws; i++) {
        vg_state_reset(g, s, splitmix((uint64_t)i));
        assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, NULL), VG_OK);
        int cells[16], found = 0;
        read_board(g, s, cells);
        for (int k = 0; k < 16; k++) {
            if (k == 0 || k == 12) {
                assert_int_equal(cells[k], 1);
                continue;
            }
            if (cells[k]) {
                assert_true(cells[k] == 1 || cells[k] == 2);
                counts[k][cells[k] - 1]++;
                found++;
            }
        }
        assert_int_equal(found, 1);
    }
    double chi2 = 0;
    long fours = 0;
    for (int k = 0; k < 16; k++) {
        if (k == 0 || k == 12) continue;
        for (int v = 0; v < 2; v++) {
            double expect = draws * (v ? 0.1 : 0.9) / 14;
            chi2 += (counts[k][v] - expect) * (counts[k][v] - expect) / expect;
        }
        fours += counts[k][1];
    }
    /* 27 degrees of freedom: P(chi2 > 61.1) = 0.0002. */
    if (chi2 >= 61.1) print_error("chi-square %.1f\n", chi2);
    assert_true(chi2 < 61.1);
    assert_true(fabs((double)fours / draws - 0.1) < 0.004); /* 4 standard deviations */
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 3. Start, goal, end ----------------------------------------------- */

static void test_start(void **state) {
    (void)state;
    vg_game *g = load_game(G2048, "levels/2048/lvl0.txt");
    vg_state *s = vg_state_new(g, 3);
    assert_string_equal(bg_legal(g, s), "NIL");
    assert_true(vg_is_chance(g, 1));
    assert_false(vg_is_chance(g, 0));
    for (int k = 0; k < 2; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, NULL), VG_OK);
    int cells[16];
    read_board(g, s, cells);
    assert_int_equal(tiles(cells), 2);
    assert_int_equal(vg_turn(s), 0);
    assert_true(strcmp(bg_legal(g, s), "NIL") != 0);
    assert_true(vg_score(s) == 0);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_goal_and_end(void **state) {
    (void)state;
    /* Two 1024s merge: 2048, a win, 2048 points. */
    vg_game *g = load_game_text(G2048, "aa..\n....\n....\n....\n");
    vg_state *s = vg_state_new(g, 0);
    bg_play(g, s, "LEFT");
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    assert_true(vg_score(s) == 2048);
    vg_state_free(s);
    /* With goal 0 the game goes on. */
    s = vg_state_new(g, 0);
    vg_set_var(s, vg_var_find(g, "goal"), 0);
    bg_play(g, s, "LEFT");
    assert_false(vg_is_over(s));
    vg_state_free(s);
    vg_game_free(g);
    /* RIGHT leaves one empty cell (a4); either tile there and nothing can
     * move: lost (with goal 0: over, no winner). */
    const char *map = "4252\n5635\n6454\n526.\n";
    for (int goal = 0; goal < 2; goal++) {
        g = load_game_text(G2048, map);
        s = vg_state_new(g, 0);
        if (goal == 0) vg_set_var(s, vg_var_find(g, "goal"), 0);
        assert_string_equal(bg_legal(g, s), "RIGHT DOWN");
        bg_play(g, s, "RIGHT"); /* 526. -> .526 */
        assert_false(vg_is_over(s));
        bg_play(g, s, goal ? "4@a4" : "2@a4");
        assert_true(vg_is_over(s));
        assert_int_equal(vg_winner_of(s), goal ? VG_PLAYER_LOSES : VG_NO_WINNER);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* ---- 4. Agents ------------------------------------------------------------ */

static void test_agents(void **state) {
    (void)state;
    vg_game *g = load_game_text(G2048, "1...\n.2..\n..1.\n...3\n");
    vg_state *s = vg_state_new(g, 0);
    assert_true(vg_evaluate(g, s, NULL) > 0);
    adv_options o = {.kind = ADV_EXPECTIMAX, .depth = 1, .eval = 1};
    adv_result r;
    fm f = {.g = g};
    int move = adv_search(g, s, &o, &f, &r);
    assert_int_equal(f.status, VG_OK);
    assert_true(move >= 0);
    assert_true(is_legal(g, s, vg_move_name(g, move)));
    /* A few moves of a game through vg_advance, as 'vgdl run' plays it. */
    char why[256];
    agent *a = agent_new("expectimax", g, (const char *[]){"depth=1", "eval=1"}, 2, 1, why, sizeof why);
    assert_non_null(a);
    for (int k = 0; k < 5 && !vg_is_over(s); k++) {
        agent_budget b = {0};
        agent_report rep;
        vg_action act = agent_move_action(g, agent_act(a, s, &b, &rep));
        assert_true(act != VG_ACTION_NIL);
        assert_int_equal(vg_advance(g, s, act, NULL), VG_OK);
    }
    agent_free(a);
    /* The two-sided agents refuse chance games. */
    mtdf_opts mo = {.depth = 2, .eval = 1};
    mtdf *m = mtdf_new(g, &mo);
    mtdf_result mr;
    vg_state_reset(g, s, 0);
    f = (fm){.g = g};
    mtdf_search(m, s, &f, &mr);
    assert_int_not_equal(f.status, VG_OK);
    assert_non_null(strstr(f.error.msg, "chance"));
    mtdf_free(m);
    exact_solver *x = exact_new(g, NULL);
    exact_result er;
    f = (fm){.g = g};
    assert_false(exact_solve(x, &f, s, &er));
    assert_non_null(strstr(f.error.msg, "chance"));
    exact_free(x);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_row_vectors),  cmocka_unit_test(test_spawn),  cmocka_unit_test(test_start),
        cmocka_unit_test(test_goal_and_end), cmocka_unit_test(test_agents),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
