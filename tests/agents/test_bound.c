/* SPDX-License-Identifier: MIT
 *
 * test_bound.c -- the key-and-door lower bound (agents/bound.c): exact on
 * a corridor, never above the moves left, and its dead states.
 */
#include <stdlib.h>

#include "search.h"
#include "support.h"

#define SCRIPT "scripts/bait.lua"

static void advance_all(const vg_game *g, vg_state *s, const char *moves) {
    for (const char *m = moves; *m; m++) {
        vg_action a = *m == 'U' ? VG_ACTION_UP : *m == 'D' ? VG_ACTION_DOWN : *m == 'L' ? VG_ACTION_LEFT : VG_ACTION_RIGHT;
        assert_int_equal(vg_advance(g, s, a, NULL), VG_OK);
    }
}


/* The bound is exact on a corridor and never above the moves left on
 * a shortest solution of level 0, and it is consistent along it. */
static void test_bound(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "tests/fixtures/agents/corridor.txt");
    vg_state *s = vg_state_new(g, 0);
    sbound *b = sbound_new(g, s);
    assert_true(sbound_active(b));
    assert_int_equal(sbound_of(b, s), 2);
    advance_all(g, s, "R");
    assert_int_equal(sbound_of(b, s), 1);
    sbound_free(b);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game(SCRIPT, "levels/bait/lvl0.txt");
    s = vg_state_new(g, 0);
    b = sbound_new(g, s);
    const char *plan = "DRDLDUUUL";   /* tests/golden/gvgai/bait/lvl0_solution.actions */
    int prev = sbound_of(b, s);
    assert_int_equal(prev, 7);
    for (int i = 0; plan[i]; i++) {
        char one[2] = {plan[i], 0};
        advance_all(g, s, one);
        int h = sbound_of(b, s);
        assert_true(h <= 9 - (i + 1));
        assert_true(prev <= 1 + h);
        prev = h;
    }
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    assert_int_equal(prev, 0);
    sbound_free(b);
    vg_state_free(s);
    vg_game_free(g);
}

/* Dead states: a box wedged on the key, a key behind walls, a lost game. */
static void test_dead_states(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "tests/fixtures/agents/wedge.txt");
    vg_state *s = vg_state_new(g, 0);
    sbound *b = sbound_new(g, s);
    assert_true(sbound_of(b, s) < SBOUND_DEAD);
    advance_all(g, s, "R");   /* the box lands on the key, in the corner */
    assert_int_equal(sbound_of(b, s), SBOUND_DEAD);
    assert_true(vg_heuristic(g, s, NULL) <= -1000);
    sbound_free(b);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game(SCRIPT, "tests/fixtures/agents/walled.txt");
    s = vg_state_new(g, 0);
    b = sbound_new(g, s);
    assert_int_equal(sbound_of(b, s), SBOUND_DEAD);
    sbound_free(b);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game(SCRIPT, "tests/fixtures/agents/detour.txt");
    s = vg_state_new(g, 0);
    b = sbound_new(g, s);
    advance_all(g, s, "R");   /* into the hole */
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_int_equal(sbound_of(b, s), SBOUND_DEAD);
    assert_true(search_value(&(fm){.g = g}, s) < -SEARCH_WIN / 2);
    sbound_free(b);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_dead_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
