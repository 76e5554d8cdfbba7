/* SPDX-License-Identifier: MIT
 *
 * test_interact_geom.c -- the collision pass of a tick that checks every
 * pair (engine/interact_geom.c): moves keep no cell counts there, and
 * the grid is still observed. The whole games are pinned
 * by GVGAI's traces (the corpus's continuous-physics games).
 */
#include <stdio.h>

#include "cont.h"

/* Sprites of several sizes keep no cell counts (overlaps go by their
 * rectangles): the state says so from the start, and the grid still shows
 * a sprite that moved. */
static void test_no_cell_counts(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'HorizontalAvatar', wMult = 2 }\n"
                             "map { 'A', 'avatar' }\n",
                             "A...\n....");
    vg_state *s = vg_state_new(g, 1);
    vg_obs obs[4];
    assert_true(s->occ_full);
    advance(g, s, VG_ACTION_RIGHT);
    assert_int_equal(first_of(g, s, "avatar")->x, 10);
    assert_int_equal(vg_grid_at(g, s, 0, 0, obs, 4), 0);
    assert_int_equal(vg_grid_at(g, s, 1, 0, obs, 4), 1);
    assert_int_equal(obs[0].type, vg_type_find(g, "avatar"));
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_cell_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
