/* SPDX-License-Identifier: MIT
 *
 * test_interact_geom.c -- the collision pass of a tick that checks every
 * pair (engine/interact_geom.c): what a leaf type's sprites may meet is
 * known once per version of the tick and read by every pair naming it
 * first, so a move by one pair's effect must reach the next pair; a pair
 * whose first sprites meet nothing is passed over; moves keep no cell
 * counts there, and the grid is still observed. The whole games are pinned
 * by GVGAI's traces (the corpus's continuous-physics games).
 */
#include <stdio.h>

#include "cont.h"

/* The avatar steps right into a block, which steps it back onto a coin:
 * the next pair ("avatar coin") sees it there, in the same tick, though
 * the first pair found it away from the coin. Without the block it stays
 * away. A wide banner makes the game check every pair. */
static void test_move_reaches_the_next_pair(void **state) {
    (void)state;
    for (int block = 0; block < 2; block++) {
        vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                                 "sprite { 'avatar', 'HorizontalAvatar' }\n"
                                 "sprite { 'block', 'Immovable' }\n"
                                 "sprite { 'coin', 'Immovable' }\n"
                                 "sprite { 'banner', 'Immovable', wMult = 2 }\n"
                                 "map { 'A', 'avatar', 'coin' }\nmap { 'b', 'block' }\nmap { 'w', 'banner' }\n"
                                 "interaction { 'avatar', 'block', 'stepBack' }\n"
                                 "interaction { 'avatar', 'coin', 'killSprite', scoreChange = 1 }\n",
                                 block ? "Ab..\n....\n..w." : "A...\n....\n..w.");
        vg_state *s = vg_state_new(g, 1);
        assert_true(g->geom);
        advance(g, s, VG_ACTION_RIGHT);
        assert_true(vg_score(s) == (block ? 1 : 0));
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* Of many rocks, only the one that reaches the avatar meets it, whatever
 * their type's rectangle says; rocks far from it are passed over. */
static void test_only_the_rock_that_meets(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'NullAvatar' }\n"
                             "sprite { 'rock', 'Missile', orientation = 'LEFT', speed = 1, hMult = 2 }\n"
                             "map { 'A', 'avatar' }\nmap { 'r', 'rock' }\n"
                             "interaction { 'rock', 'avatar', 'killSprite', scoreChange = 1 }\n",
                             "A.r...r\n.......\n......r\n.......");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_NIL); /* the rocks stand their first tick */
    advance(g, s, VG_ACTION_NIL); /* then move a cell left: the first is next to the avatar */
    assert_true(vg_score(s) == 0);
    advance(g, s, VG_ACTION_NIL); /* on it */
    assert_true(vg_score(s) == 1);
    int rocks = 0;
    for (uint32_t i = 0; i < s->n; i++) rocks += state_sprite(s, i)->type == vg_type_find(g, "rock");
    assert_int_equal(rocks, 2);
    vg_state_free(s);
    vg_game_free(g);
}

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
        cmocka_unit_test(test_move_reaches_the_next_pair),
        cmocka_unit_test(test_only_the_rock_that_meets),
        cmocka_unit_test(test_no_cell_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
