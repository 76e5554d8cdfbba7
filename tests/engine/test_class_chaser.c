/* SPDX-License-Identifier: MIT
 *
 * test_class_chaser.c -- the chasers beyond what GVGAI's traces show
 * (tests/golden/gvgai/unit/chaser and unit/pathchaser replay those): the
 * errors of path chasers declared wrong, what a chaser with no target
 * does, a Chaser given an orientation drifting along it, a PathChaser's
 * way around walls, and the memory a PathAltChaser keeps in its sprite.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "state.h"

/* The first sprite of leaf 'type' in 's', or NULL. */
static const sprite *first_of(const vg_game *g, const vg_state *s, const char *type) {
    int t = vg_type_find(g, type);
    for (uint32_t i = 0; i < s->n; i++)
        if (state_sprite(s, i)->type == t) return state_sprite(s, i);
    return NULL;
}

static void test_path_errors(void **state) {
    (void)state;
    load_lua_error(
        "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'wall', 'Immovable' }\nsprite { 'floor', 'Immovable' }\n"
        "sprite { 'h', 'PathChaser', stype = 'avatar' }\nmap { 'A', 'avatar' }\nmap { 'h', 'h' }\n",
        "Ah", 4, "obs");
    load_lua_error(
        "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'wall', 'Immovable' }\nsprite { 'floor', 'Immovable' }\ngame { obs = 'wall' }\n"
        "sprite { 'h', 'RandomPathAltChaser' }\nmap { 'A', 'avatar' }\nmap { 'h', 'h' }\n",
        "Ah", 5, "stype1");
}

/* With nothing to chase, a PathChaser moves as a RandomNPC (standing its
 * first 'cons' ticks, GVGAI's counter), an AlternateChaser steps at
 * random from its first tick. */
static void test_no_target(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(
        "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'wall', 'Immovable' }\nsprite { 'floor', 'Immovable' }\nsprite { 'gem', 'Immovable' }\n"
        "game { obs = 'wall' }\n"
        "sprite { 'p', 'PathChaser', stype = 'gem', cons = 3 }\n"
        "sprite { 'a', 'AlternateChaser', stype1 = 'gem', stype2 = 'gem', cons = 3 }\n"
        "map { 'A', 'avatar' }\nmap { 'p', 'p' }\nmap { 'a', 'a' }\nmap { '.', 'floor' }\n",
        "A......\n.......\n...p...\n.......\n...a...\n.......");
    vg_state *s = vg_state_new(g, 5);
    vg_error err = {0};
    int px = first_of(g, s, "p")->x, ax = first_of(g, s, "a")->x, ay = first_of(g, s, "a")->y;
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_true(first_of(g, s, "a")->x != ax || first_of(g, s, "a")->y != ay);
    for (int tick = 1; tick < 3; tick++) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(first_of(g, s, "p")->x, px);
    vg_state_free(s);
    vg_game_free(g);
}

/* A Chaser given an orientation drifts along it from tick 2 (its passive
 * move, which its update passes over only when it has none), whatever it
 * chases: away from a gem on its right, it is further left each tick. */
static void test_chaser_oriented(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'gem', 'Immovable' }\n"
                             "sprite { 'c', 'Chaser', stype = 'gem', orientation = 'LEFT' }\n"
                             "map { 'A', 'avatar' }\nmap { 'c', 'c' }\nmap { 'g', 'gem' }\nmap { '.' }\n",
                             "A.........\n.......c.g\n..........");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    for (int tick = 2; tick <= 4; tick++) {
        int x = first_of(g, s, "c")->x;
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
        assert_true(first_of(g, s, "c")->x < x);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* A PathChaser goes round a wall to the avatar, cell by cell, and stays. */
static void test_path_chaser_detour(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(
        "game { square_size = 10 }\n"
        "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'wall', 'Immovable' }\nsprite { 'floor', 'Immovable' }\n"
        "game { obs = 'wall' }\nsprite { 'h', 'PathChaser', stype = 'avatar' }\n"
        "map { 'A', 'avatar' }\nmap { 'h', 'h' }\nmap { 'w', 'wall' }\nmap { '.', 'floor' }\n",
        "h.w.A\n..w..\n.....");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    for (int tick = 0; tick < 8; tick++) {
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
        const sprite *h = first_of(g, s, "h");
        assert_false(h->x == 20 && h->y < 20); /* never through the wall */
        if (tick == 7) assert_true(h->x == 40 && h->y == 0);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* A PathAltChaser keeps its target's id and place in its class words, and
 * in 'counter' the cell it last knew the target in. */
static void test_path_alt_memory(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(
        "game { square_size = 10 }\n"
        "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'wall', 'Immovable' }\nsprite { 'floor', 'Immovable' }\n"
        "game { obs = 'wall' }\nsprite { 'h', 'PathAltChaser', stype1 = 'avatar', stype2 = 'avatar' }\n"
        "map { 'A', 'avatar' }\nmap { 'h', 'h' }\nmap { '.', 'floor' }\n",
        "h...A");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_non_null(sprite_aux(g, first_of(g, s, "h")));
    assert_int_equal(sprite_aux(g, first_of(g, s, "h"))[0], 0);
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    const sprite *h = first_of(g, s, "h"), *a = first_of(g, s, "avatar");
    int x, y;
    assert_int_equal((uint32_t)sprite_aux(g, h)[0], a->id + 1);
    sprite_recall(sprite_aux(g, h), &x, &y);
    assert_int_equal(x, 40);
    assert_int_equal(y, 0);
    assert_int_equal(h->counter, 4 + 1);
    assert_int_equal(h->x, 10);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path_errors),     cmocka_unit_test(test_no_target),
        cmocka_unit_test(test_chaser_oriented), cmocka_unit_test(test_path_chaser_detour),
        cmocka_unit_test(test_path_alt_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
