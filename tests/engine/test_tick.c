/* SPDX-License-Identifier: MIT
 *
 * test_tick.c -- a tick in progress: killing more static sprites in one
 * tick than a state holds changing ones (the kill list is a bit set over
 * the static layer, not a bounded list), and the sprites killed stay
 * counted until the tick ends; a sprite a rule creates starts with its
 * own type's values (health points); sprites wholly off the map still
 * meet there (the collision pass looks off the map only for the types that
 * have sprites partly off it).
 */
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "state.h"

/* A 60 x 15 map: the avatar in a corner, six killable static types stacked
 * in every other cell (5,394 sprites). */
static char *stacked_map(void) {
    enum { W = 60, H = 15 };
    char *text = malloc((W + 1) * H + 1), *p = text;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) *p++ = x == 0 && y == 0 ? 'A' : 'x';
        *p++ = '\n';
    }
    *p = '\0';
    return text;
}

static void test_kill_more_static_sprites_than_a_state_holds(void **state) {
    (void)state;
    char *map = stacked_map();
    vg_game *g = load_game_text("tests/fixtures/scripts/kill_all_static.lua", map);
    vg_state *s = vg_state_new(g, 1);
    vg_obs obs[1];
    int s0 = vg_type_find(g, "s0"), s5 = vg_type_find(g, "s5");
    assert_int_equal(vg_sprites_of(g, s, s0, NULL, obs, 1), 60 * 15 - 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    for (int t = s0; t <= s5; t++) assert_int_equal(vg_sprites_of(g, s, t, NULL, obs, 1), 0);
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "avatar"), NULL, obs, 1), 1);
    vg_state_free(s);
    vg_game_free(g);
    free(map);
}

/* A sprite a spawn point creates has its type's health points, not the
 * first type's. */
static void test_created_sprite_takes_its_types_values(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'floor', 'Immovable' }\n"
                             "sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'thug', 'Missile', orientation = 'DOWN', speed = 0, healthPoints = 5 }\n"
                             "sprite { 'spawn', 'SpawnPoint', stype = 'thug', total = 1 }\n"
                             "map { 'A', 'avatar' }\n"
                             "map { 's', 'spawn' }\n"
                             "map { '.', 'floor' }\n"
                             "interaction { 'thug', 'avatar', 'subtractHealthPoints' }\n",
                             "A.s");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    uint32_t from, to;
    state_range(g, s, vg_type_find(g, "thug"), &from, &to);
    assert_int_equal(to - from, 1);
    assert_int_equal(sprite_health(g, state_sprite(s, from))[0], 5);
    vg_state_free(s);
    vg_game_free(g);
}

/* Two missiles flying off the map to the left, the faster one catching up
 * with the slower one there: they meet off the map, and the rule runs. */
static void test_sprites_meet_off_the_map(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'floor', 'Immovable' }\n"
                             "sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'slow', 'Missile', orientation = 'LEFT', speed = 1 }\n"
                             "sprite { 'fast', 'Missile', orientation = 'LEFT', speed = 2 }\n"
                             "map { 'A', 'avatar' }\n"
                             "map { 'm', 'slow' }\n"
                             "map { 'k', 'fast' }\n"
                             "map { '.', 'floor' }\n"
                             "interaction { 'fast', 'slow', 'killSprite' }\n",
                             "A....\n.m..k");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    vg_obs obs[1];
    int fast = vg_type_find(g, "fast");
    for (int k = 0; k < 2; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(vg_sprites_of(g, s, fast, NULL, obs, 1), 1);
    for (int k = 0; k < 8; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(vg_sprites_of(g, s, fast, NULL, obs, 1), 0);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kill_more_static_sprites_than_a_state_holds),
        cmocka_unit_test(test_created_sprite_takes_its_types_values),
        cmocka_unit_test(test_sprites_meet_off_the_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
