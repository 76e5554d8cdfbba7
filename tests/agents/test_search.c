/* SPDX-License-Identifier: MIT
 *
 * test_search.c -- the positional key and leaf values (agents/search.c),
 * and Bait's heuristic(state).
 */
#include "search.h"
#include "support.h"

#define SCRIPT "scripts/bait.lua"

static void advance_all(const vg_game *g, vg_state *s, const char *moves) {
    for (const char *m = moves; *m; m++) {
        vg_action a = *m == 'U'   ? VG_ACTION_UP
                      : *m == 'D' ? VG_ACTION_DOWN
                      : *m == 'L' ? VG_ACTION_LEFT
                                  : VG_ACTION_RIGHT;
        assert_int_equal(vg_advance(g, s, a, NULL), VG_OK);
    }
}


/* A box pushed away and back is where it was: same key, whatever
 * orientation the push left it with; another place, another key. */
static void test_key_is_positional(void **state) {
    (void)state;
    vg_game *g = load_game_text(SCRIPT, "wwwwwww\nwk...gw\nw.A1..w\nw.....w\nwwwwwww\n");
    vg_state *a = vg_state_new(g, 0), *b = vg_state_new(g, 0);
    advance_all(g, a, "RDRRUL"); /* push right, walk round, push back left */
    advance_all(g, b, "DRRU");   /* walk round without pushing */
    assert_true(vg_state_equal(a, b));
    assert_true(search_key(g, a) == search_key(g, b));
    advance_all(g, b, "D");
    assert_true(search_key(g, a) != search_key(g, b));
    vg_state_free(a);
    vg_state_free(b);
    vg_game_free(g);
}

/* A filled hole changes the key even when the boxes left look alike. */
static void test_key_sees_holes(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "tests/fixtures/agents/fill.txt");
    vg_state *a = vg_state_new(g, 0);
    uint64_t before = search_key(g, a);
    advance_all(g, a, "R");
    assert_true(search_key(g, a) != before);
    vg_state_free(a);
    vg_game_free(g);
}

/* Bait's heuristic: minus the distance avatar -> key -> door, plus the score. */
static void test_bait_heuristic(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "tests/fixtures/agents/corridor.txt");
    assert_true(vg_game_has_heuristic(g));
    vg_state *s = vg_state_new(g, 0);
    vg_error err = {0};
    assert_true(vg_heuristic(g, s, &err) == -2);
    advance_all(g, s, "R"); /* key taken: one step to the door */
    assert_true(vg_heuristic(g, s, &err) == -1);
    advance_all(g, s, "R");
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    assert_true(vg_heuristic(g, s, &err) == vg_score(s));
    assert_true(search_value(&(fm){.g = g}, s) > SEARCH_WIN / 2);
    assert_int_equal(err.msg[0], 0);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game(SCRIPT, "levels/bait/lvl0.txt");
    s = vg_state_new(g, 0);
    assert_true(vg_heuristic(g, s, &err) == -(3 + 4)); /* |(2,1)-(2,4)| + |(2,4)-(1,1)| */
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key_is_positional),
        cmocka_unit_test(test_key_sees_holes),
        cmocka_unit_test(test_bait_heuristic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
