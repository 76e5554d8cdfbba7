/* SPDX-License-Identifier: MIT
 *
 * test_solve.c -- the level solver: shortest wins on Bait levels 0-2 as
 * long as GVGAI's breadth-first search found, replayable; unsolvable and
 * undecided levels; a quick win kept when the proof runs out of limits;
 * wins capped at a length; whether the search depended on the seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "solve_level.h"
#include "support.h"

#define SCRIPT "scripts/bait.lua"

static int count_lines(const char *path) {
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[128];
    int n = 0;
    while (fgets(line, sizeof line, f))
        if (line[0] == 'A') n++;
    fclose(f);
    return n;
}

static solve_result solve_capped(const char *map, long max_states, double weight, int max_len) {
    vg_game *g = load_game(SCRIPT, map);
    vg_state *s = vg_state_new(g, 0);
    solve_opts o = {max_states, 0, weight, max_len};
    solve_result r;
    solve_level(g, &(fm){.g = g}, s, &o, &r);
    if (r.status == SOLVE_SOLVED) { /* the plan wins when replayed */
        for (int k = 0; k < r.len; k++) {
            assert_false(vg_is_over(s));
            vg_advance(g, s, r.plan[k], NULL);
        }
        assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    }
    vg_state_free(s);
    vg_game_free(g);
    return r;
}

static solve_result solve_map(const char *map, long max_states, double weight) {
    return solve_capped(map, max_states, weight, 0);
}

static void test_shortest_as_gvgai(void **state) {
    (void)state;
    for (int level = 0; level <= 2; level++) {
        char map[64], golden[96];
        snprintf(map, sizeof map, "levels/bait/lvl%d.txt", level);
        snprintf(golden, sizeof golden, "tests/golden/gvgai/bait/lvl%d_solution.actions", level);
        solve_result r = solve_map(map, 0, 1);
        assert_int_equal(r.status, SOLVE_SOLVED);
        assert_true(r.optimal);
        assert_int_equal(r.len, count_lines(golden)); /* 9, 38, 53 */
        assert_int_equal(r.lower_bound, r.len);
        free(r.plan);
    }
}

static void test_fixtures(void **state) {
    (void)state;
    solve_result r = solve_map("tests/fixtures/agents/fill.txt", 0, 1);
    assert_int_equal(r.status, SOLVE_SOLVED);
    assert_int_equal(r.len, 4);
    free(r.plan);
    r = solve_map("tests/fixtures/agents/detour.txt", 0, 1);
    assert_int_equal(r.len, 6);
    assert_int_equal(r.plan[0], VG_ACTION_DOWN);
    free(r.plan);
    r = solve_map("tests/fixtures/agents/wedge.txt", 0, 1);
    assert_int_equal(r.status, SOLVE_UNSOLVABLE);
    assert_null(r.plan);
    r = solve_map("tests/fixtures/agents/walled.txt", 0, 1);
    assert_int_equal(r.status, SOLVE_UNSOLVABLE);
}

/* The map, two keys: the far one is on the way, 9 moves, proven
 * (the C bound of old took the first key, overestimated, and "proved" 17). */
static void test_two_keys(void **state) {
    (void)state;
    solve_result r = solve_map("tests/fixtures/agents/two_keys.txt", 0, 1);
    assert_int_equal(r.status, SOLVE_SOLVED);
    assert_true(r.optimal);
    assert_int_equal(r.len, 9);
    assert_int_equal(r.lower_bound, 9);
    free(r.plan);
}

/* Out of states: undecided, with a proven lower bound below the answer. */
static void test_undecided(void **state) {
    (void)state;
    solve_result r = solve_map("levels/bait/lvl2.txt", 200, 1);
    assert_int_equal(r.status, SOLVE_UNDECIDED);
    assert_true(r.lower_bound > 0 && r.lower_bound <= 53);
    assert_true(r.expanded <= 200);
    assert_null(r.plan);
}

/* Limits that stop the proof but not the quick search: its win, not
 * claimed shortest, with the lower bound the proof had reached. */
static void test_limited_proof(void **state) {
    (void)state;
    solve_result r = solve_map("levels/bait/lvl3.txt", 50000, 1);
    assert_int_equal(r.status, SOLVE_SOLVED);
    assert_false(r.optimal);
    assert_true(r.len >= 46);
    assert_true(r.lower_bound > 28 && r.lower_bound <= 46); /* above the bound at the start */
    assert_true(r.expanded <= 50000);
    free(r.plan);
}

/* Weighted: a win, maybe longer, never claimed shortest. */
static void test_weighted(void **state) {
    (void)state;
    solve_result r = solve_map("levels/bait/lvl2.txt", 0, 3);
    assert_int_equal(r.status, SOLVE_SOLVED);
    assert_true(r.len >= 53 && r.len <= 3 * 53);
    assert_true(r.lower_bound > 0 && r.lower_bound <= 53 && r.lower_bound * 3 >= r.len);
    free(r.plan);
    r = solve_map("levels/bait/lvl2.txt", 100, 3); /* no win yet: still a proven lower bound */
    assert_int_equal(r.status, SOLVE_UNDECIDED);
    assert_true(r.lower_bound > 0 && r.lower_bound <= 53);
}

/* Level 3, which GVGAI's breadth-first search could not win: weighted A*
 * finds a win fast; the 46-action line `vgdl solve` proves shortest (in
 * about 8 s: test_level3_shortest, under make test-slow) replays to a win;
 * the bound at the start
 * counts the two boxes frozen against the east wall as walls. */
static void test_level3(void **state) {
    (void)state;
    solve_result r = solve_map("levels/bait/lvl3.txt", 0, 10);
    assert_int_equal(r.status, SOLVE_SOLVED);
    assert_false(r.optimal);
    assert_true(r.len >= 46);
    free(r.plan);
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl3.txt");
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(vg_bound(g, s, NULL), 18 + 10); /* (1,1)->(11,9), then back round the frozen boxes */
    vg_action *acts;
    int n;
    assert_true(read_actions("tests/fixtures/agents/bait_lvl3_shortest.actions", &acts, &n));
    assert_int_equal(n, 46);
    for (int k = 0; k < n; k++) {
        assert_false(vg_is_over(s));
        int h = vg_bound(g, s, NULL);
        assert_true(h <= 46 - k); /* admissible along a shortest line */
        vg_advance(g, s, acts[k], NULL);
    }
    free(acts);
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    vg_state_free(s);
    vg_game_free(g);
}

/* make test-slow (VGDL_SLOW set): level 3 solved and proven shortest, 46
 * actions, and the plan wins when replayed. */
static void test_level3_shortest(void **state) {
    (void)state;
    if (!getenv("VGDL_SLOW")) skip();
    solve_result r = solve_map("levels/bait/lvl3.txt", 0, 1);
    assert_int_equal(r.status, SOLVE_SOLVED);
    assert_true(r.optimal);
    assert_int_equal(r.len, 46);
    assert_int_equal(r.lower_bound, 46);
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl3.txt");
    vg_state *s = vg_state_new(g, 0);
    for (int k = 0; k < r.len; k++) {
        assert_false(vg_is_over(s));
        vg_advance(g, s, r.plan[k], NULL);
    }
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    free(r.plan);
    vg_state_free(s);
    vg_game_free(g);
}

/* max_len: a win of at most that many actions is found, shortest and
 * proven as without it; none so short is SOLVE_UNSOLVABLE with the lower
 * bound max_len + 1, after fewer states than the whole proof. */
static void test_max_len(void **state) {
    (void)state;
    solve_result full = solve_map("levels/bait/lvl1.txt", 0, 1), r = solve_capped("levels/bait/lvl1.txt", 0, 1, 38);
    assert_int_equal(r.status, SOLVE_SOLVED);
    assert_true(r.optimal);
    assert_int_equal(r.len, 38);
    free(r.plan);
    r = solve_capped("levels/bait/lvl1.txt", 0, 1, 37);
    assert_int_equal(r.status, SOLVE_UNSOLVABLE);
    assert_int_equal(r.lower_bound, 38);
    assert_null(r.plan);
    r = solve_capped("levels/bait/lvl1.txt", 0, 1, 10);
    assert_int_equal(r.status, SOLVE_UNSOLVABLE);
    assert_int_equal(r.lower_bound, 11);
    assert_true(r.expanded < full.expanded);
    free(full.plan);
    r = solve_capped("tests/fixtures/agents/walled.txt", 0, 1, 0); /* without a cap: unsolvable, no bound said */
    assert_int_equal(r.status, SOLVE_UNSOLVABLE);
    assert_int_equal(r.lower_bound, 0);
}

/* 'chance': 0 when no tick the search played depended on the seed (Bait);
 * 1 on a map whose random NPC steps every tick. */
static void test_chance(void **state) {
    (void)state;
    solve_result r = solve_map("levels/bait/lvl0.txt", 0, 1);
    assert_int_equal(r.chance, 0);
    free(r.plan);
    vg_game *g = load_vgdl_text("BasicGame\n"
                                "    SpriteSet\n"
                                "        goal > Immovable\n"
                                "        bug > RandomNPC\n"
                                "    LevelMapping\n"
                                "        g > goal\n"
                                "        b > bug\n"
                                "    InteractionSet\n"
                                "        goal avatar > killSprite\n"
                                "        bug wall > stepBack\n"
                                "        avatar wall > stepBack\n"
                                "    TerminationSet\n"
                                "        SpriteCounter stype=goal limit=0 win=True\n",
                                "wwwwww\nwA.bgw\nwwwwww\n");
    vg_state *s = vg_state_new(g, 0);
    solve_opts o = {0, 0, 1, 0};
    solve_level(g, &(fm){.g = g}, s, &o, &r);
    assert_int_equal(r.chance, 1);
    free(r.plan);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shortest_as_gvgai),
        cmocka_unit_test(test_fixtures),
        cmocka_unit_test(test_two_keys),
        cmocka_unit_test(test_undecided),
        cmocka_unit_test(test_limited_proof),
        cmocka_unit_test(test_weighted),
        cmocka_unit_test(test_level3),
        cmocka_unit_test(test_level3_shortest),
        cmocka_unit_test(test_max_len),
        cmocka_unit_test(test_chance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
