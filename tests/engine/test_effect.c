/* SPDX-License-Identifier: MIT
 *
 * test_effect.c -- the effect table and running one row
 * (engine/effect.c):
 *
 * 1. EFFECT_LIST is the one list: every row has a distinct name that
 *    effect_find finds back, a function, and flags consistent with what
 *    game_finish derives from them; a script effect may do anything.
 * 2. effect_apply adds the row's score each time it runs, and records an
 *    avatar collision as an event with the avatar first, whichever side
 *    of the row it is on; collisions without the avatar record none.
 * (What each family of effects does: test_effect_kill.c,
 * test_effect_spawn.c, test_effect_move.c, test_effect_resource.c,
 * test_effect_timer.c.)
 */
#include <string.h>

#include "support.h"

#include "effect.h"

static void test_table(void **state) {
    (void)state;
    const char *names[NUM_EFFECTS + 1];
    assert_int_equal(effect_names(names, NUM_EFFECTS + 1), NUM_EFFECTS);
    assert_int_equal(effect_names(names, 3), 3);
    effect_names(names, NUM_EFFECTS);
    for (int k = 0; k < NUM_EFFECTS; k++) {
        assert_int_equal(effect_find(names[k]), k);
        assert_string_equal(effect_name(k), names[k]);
        assert_non_null(effect_table[k].fn);
        for (int j = 0; j < k; j++) assert_true(strcmp(names[j], names[k]) != 0);
    }
    assert_int_equal(effect_find("killsprite"), -1);              /* names are case-sensitive, as GVGAI's */
    assert_int_equal(effect_find(""), -1);
    assert_true(effect_flags(effect_find("killBoth")) & FX_KILL2);
    assert_false(effect_flags(effect_find("killSprite")) & (FX_KILL2 | FX_MOVE1 | FX_CREATES));
    assert_true(effect_flags(effect_find("spawn")) & FX_CREATES);
    assert_true(effect_flags(EFFECT_SCRIPT) & FX_CREATES);
    assert_string_equal(effect_name(EFFECT_SCRIPT), "a script effect");
}

/* The avatar walks right onto a coin (the avatar second in its row) and
 * a gem (first in its row, which only scores); below, a still rock lies
 * on a gem (a row without the avatar: it scores, but is no event). */
static void test_score_and_events(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'coin', 'Immovable' }\n"
                             "sprite { 'gem', 'Immovable' }\nsprite { 'rock', 'Missile', speed = 0 }\n"
                             "map { 'A', 'avatar' }\nmap { 'c', 'coin' }\nmap { 'g', 'gem' }\nmap { 'x', 'rock', 'gem' }\n"
                             "map { '.' }\n"
                             "interaction { 'coin', 'avatar', 'killSprite', scoreChange = 2 }\n"
                             "interaction { 'avatar', 'gem', 'scoreChange', scoreChange = -1 }\n"
                             "interaction { 'rock', 'gem', 'scoreChange', scoreChange = 100 }\n",
                             "Acg.\n"
                             "..x.");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    vg_event ev[4];
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
    assert_true(vg_score(s) == 102);
    assert_int_equal(vg_events(g, s, ev, 4), 1);
    assert_int_equal(ev[0].active_type, vg_type_find(g, "avatar"));
    assert_int_equal(ev[0].passive_type, vg_type_find(g, "coin"));
    assert_true(ev[0].x == 1 && ev[0].y == 0);
    assert_int_equal(ev[0].tick, 1);
    for (int k = 0; k < 2; k++) {                       /* on the gem, twice: -1 each tick, the rock 100 */
        assert_int_equal(vg_advance(g, s, k ? VG_ACTION_NIL : VG_ACTION_RIGHT, &err), VG_OK);
        assert_true(vg_score(s) == 102 + (k + 1) * 99);
        assert_int_equal(vg_events(g, s, ev, 4), 1);
        assert_int_equal(ev[0].passive_type, vg_type_find(g, "gem"));
    }
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_score_and_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
