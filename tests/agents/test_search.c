/* SPDX-License-Identifier: MIT
 *
 * test_search.c -- the positional key, the key-and-door bound and its
 * dead states, and Bait's heuristic(state).
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

/* A box pushed away and back is where it was: same key, whatever
 * orientation the push left it with; another place, another key. */
static void test_key_is_positional(void **state) {
    (void)state;
    vg_game *g = load_game_text(SCRIPT, "wwwwwww\nwk...gw\nw.A1..w\nw.....w\nwwwwwww\n");
    vg_state *a = vg_state_new(g, 0), *b = vg_state_new(g, 0);
    advance_all(g, a, "RDRRUL");   /* push right, walk round, push back left */
    advance_all(g, b, "DRRU");     /* walk round without pushing */
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

/* Packed states come back byte for byte, all along a level 3 solution
 * (boxes fall into holes: the sprites after them move up), and take a
 * fraction of a state's size: under a quarter on average, under half at
 * most. */
static void test_packer(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl3.txt");
    vg_state *s = vg_state_new(g, 0), *back = vg_state_new(g, 0);
    packer *pk = packer_new(g);
    assert_non_null(pk);
    packer_set_ref(pk, &(fm){.g = g}, s);
    vg_action *acts;
    int nacts;
    assert_true(read_actions("tests/fixtures/agents/bait_lvl3_shortest.actions", &acts, &nacts));
    size_t most = 0, sum = 0, n = 0, full = vg_state_used(s);
    for (int k = 0; k < nacts; k++) {
        assert_int_equal(vg_advance(g, s, acts[k], NULL), VG_OK);
        packed *p = packer_pack(pk, s);
        assert_non_null(p);
        packer_unpack(pk, p, back);
        assert_memory_equal(back, s, vg_state_used(s));
        if (packed_bytes(p) > most) most = packed_bytes(p);
        sum += packed_bytes(p), n++;
        packer_release(pk, p);
    }
    free(acts);
    assert_true(vg_winner_of(s) == VG_PLAYER_WINS);
    print_message("packed: mean %zu, most %zu bytes of %zu\n", sum / n, most, full);
    assert_true(most * 2 < full && sum / n * 4 < full);
    packer_free(pk);
    vg_state_free(s);
    vg_state_free(back);
    vg_game_free(g);
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

/* Bait's heuristic: minus the distance avatar -> key -> door, plus the score. */
static void test_bait_heuristic(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "tests/fixtures/agents/corridor.txt");
    assert_true(vg_game_has_heuristic(g));
    vg_state *s = vg_state_new(g, 0);
    vg_error err = {0};
    assert_true(vg_heuristic(g, s, &err) == -2);
    advance_all(g, s, "R");   /* key taken: one step to the door */
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
    assert_true(vg_heuristic(g, s, &err) == -(3 + 4));   /* |(2,1)-(2,4)| + |(2,4)-(1,1)| */
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_key_is_positional),
        cmocka_unit_test(test_key_sees_holes),
        cmocka_unit_test(test_packer),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_dead_states),
        cmocka_unit_test(test_bait_heuristic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
