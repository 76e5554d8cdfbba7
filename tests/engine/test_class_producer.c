/* SPDX-License-Identifier: MIT
 *
 * test_class_producer.c -- the classes that create sprites
 * (engine/class_producer.c), with GVGAI's semantics:
 *
 * 1. A SpawnPoint creates a sprite of 'stype' in its place on the ticks
 *    its cooldown allows, and disappears once it has created 'total'.
 * 2. 'prob' 0 creates nothing; SpawnPointMultiSprite creates one of each
 *    of its 'stypes' at a time.
 * 3. A Bomber drifts along its orientation, dropping what it creates.
 * 4. A Spreader, in its second tick, creates its kind on each of the four
 *    sides of where it is (with 'spreadprob' 1), then dies as a Flicker.
 * (Categories, the class words a producer needs and its errors:
 * test_class.c; GVGAI's traces of producers: the corpus games.)
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

static vg_game *game(const char *rules, const char *map) {
    char lua[1024];
    snprintf(lua, sizeof lua,
             "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'egg', 'Immovable' }\n"
             "map { 'A', 'avatar' }\nmap { '.' }\n%s",
             rules);
    return load_lua_ok(lua, map);
}

static int count(const vg_game *g, const vg_state *s, const char *type) {
    vg_obs o[1];
    return vg_sprites_of(g, s, vg_type_find(g, type), NULL, o, 1);
}

static void wait(const vg_game *g, vg_state *s) {
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
}

static void test_spawn_point_cooldown_and_total(void **state) {
    (void)state;
    vg_game *g =
        game("sprite { 'hen', 'SpawnPoint', stype = 'egg', cooldown = 3, total = 2 }\nmap { 'h', 'hen' }\n", "A.h.");
    vg_state *s = vg_state_new(g, 1);
    static const int eggs[] = {1, 1, 1, 2, 2, 2, 2}, hens[] = {1, 1, 1, 0, 0, 0, 0};
    for (int k = 0; k < 7; k++) {
        wait(g, s);
        if (count(g, s, "egg") != eggs[k]) print_error("tick %d: %d eggs\n", k + 1, count(g, s, "egg"));
        assert_int_equal(count(g, s, "egg"), eggs[k]);
        assert_int_equal(count(g, s, "hen"), hens[k]);
    }
    vg_obs o[2];
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "egg"), NULL, o, 2), 2);
    assert_true(o[0].x == 2 && o[1].x == 2);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_prob_and_multi(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'hen', 'SpawnPoint', stype = 'egg', prob = 0 }\n"
                      "sprite { 'chick', 'Immovable' }\n"
                      "sprite { 'nest', 'SpawnPointMultiSprite', stypes = { 'egg', 'chick' }, cooldown = 2 }\n"
                      "map { 'h', 'hen' }\nmap { 'n', 'nest' }\n",
                      "A.h.n");
    vg_state *s = vg_state_new(g, 1);
    for (int k = 0; k < 4; k++) wait(g, s);
    assert_int_equal(count(g, s, "egg"), 2); /* the nest's, ticks 1 and 3; the hen none */
    assert_int_equal(count(g, s, "chick"), 2);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_bomber_drifts(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'plane', 'Bomber', stype = 'egg', orientation = 'RIGHT', speed = 1 }\n"
                      "map { 'p', 'plane' }\n",
                      "A.....\n"
                      "p.....");
    vg_state *s = vg_state_new(g, 1);
    for (int k = 0; k < 3; k++) wait(g, s);
    vg_obs o[4];
    int n = vg_sprites_of(g, s, vg_type_find(g, "plane"), NULL, o, 4);
    assert_int_equal(n, 1);
    assert_true(o[0].x > 0 && o[0].y == 1); /* it moved right */
    n = vg_sprites_of(g, s, vg_type_find(g, "egg"), NULL, o, 4);
    assert_int_equal(n, 3); /* one a tick, left behind */
    for (int k = 0; k < n; k++) assert_true(o[k].y == 1);
    assert_true(o[0].x != o[2].x);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_spreader(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'fire', 'Spreader', limit = 2 }\nmap { 'f', 'fire' }\n", "A....\n"
                                                                                         ".....\n"
                                                                                         "..f..\n"
                                                                                         ".....");
    vg_state *s = vg_state_new(g, 1);
    wait(g, s);
    assert_int_equal(count(g, s, "fire"), 1);
    wait(g, s);
    assert_int_equal(count(g, s, "fire"), 5); /* the first and one on each side */
    vg_obs o[8];
    int n = vg_sprites_of(g, s, vg_type_find(g, "fire"), (const double[]){2, 2}, o, 8);
    assert_int_equal(n, 5);
    assert_true(o[0].x == 2 && o[0].y == 2);
    for (int k = 1; k < 5; k++) assert_true(o[k].sqdist == 1);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spawn_point_cooldown_and_total),
        cmocka_unit_test(test_prob_and_multi),
        cmocka_unit_test(test_bomber_drifts),
        cmocka_unit_test(test_spreader),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
