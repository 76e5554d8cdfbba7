/* SPDX-License-Identifier: MIT
 *
 * test_physics.c -- grid movement (engine/physics.c), as GVGAI's
 * GridPhysics moves sprites:
 *
 * 1. An action's direction: one cell up, left, down or right; NIL and USE
 *    do not move.
 * 2. Two sprites overlap when their one-cell squares do (a shared edge is
 *    no overlap).
 * 3. A move is floor(speed x square_size) pixels, so a speed of 0.5 on
 *    10-pixel cells moves 5 pixels a tick and a speed too small for one
 *    pixel does not move at all.
 * 4. A cooldown of N lets a sprite move once every N ticks (GVGAI's
 *    lastmove), counted from the level's start.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#include "physics.h"

static void test_directions(void **state) {
    (void)state;
    static const struct {
        vg_action a;
        int dx, dy;
    } want[] = {{VG_ACTION_UP, 0, -1},   {VG_ACTION_LEFT, -1, 0}, {VG_ACTION_DOWN, 0, 1},
                {VG_ACTION_RIGHT, 1, 0}, {VG_ACTION_NIL, 0, 0},   {VG_ACTION_USE, 0, 0}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        int dx = 9, dy = 9;
        physics_dir(want[k].a, &dx, &dy);
        assert_int_equal(dx, want[k].dx);
        assert_int_equal(dy, want[k].dy);
    }
}

static void test_overlap(void **state) {
    (void)state;
    assert_true(physics_intersects(10, 0, 0, 0, 0));
    assert_true(physics_intersects(10, 0, 0, 9, 9));
    assert_true(physics_intersects(10, 5, 5, -4, 14));
    assert_false(physics_intersects(10, 0, 0, 10, 0)); /* side by side */
    assert_false(physics_intersects(10, 0, 0, 0, -10));
    assert_false(physics_intersects(10, 0, 0, 10, 10)); /* corner to corner */
}

/* The avatar's x, in cells, after pressing RIGHT each tick; 'params' are its own. */
static void walk_right(const char *params, int ticks, double *xs) {
    char lua[512];
    snprintf(lua, sizeof lua,
             "game { square_size = 10 }\n"
             "sprite { 'avatar', 'MovingAvatar'%s }\n"
             "map { 'A', 'avatar' }\nmap { '.' }\n",
             params);
    vg_game *g = load_lua_ok(lua, "A.........");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    for (int k = 0; k < ticks; k++) {
        assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
        double y;
        assert_true(vg_avatar_pos(g, s, &xs[k], &y));
        assert_true(y == 0);
    }
    vg_state_free(s);
    vg_game_free(g);
}

static void test_speed_in_pixels(void **state) {
    (void)state;
    double xs[4];
    walk_right("", 3, xs);
    assert_true(xs[0] == 1 && xs[1] == 2 && xs[2] == 3);
    walk_right(", speed = 0.5", 4, xs);
    assert_true(xs[0] == 0.5 && xs[1] == 1 && xs[2] == 1.5 && xs[3] == 2);
    walk_right(", speed = 0.27", 2, xs); /* floor(2.7) = 2 pixels a tick */
    assert_true(xs[0] == 0.2 && xs[1] == 0.4);
    walk_right(", speed = 0.05", 2, xs); /* under a pixel: no move */
    assert_true(xs[0] == 0 && xs[1] == 0);
}

static void test_cooldown(void **state) {
    (void)state;
    double xs[7];
    walk_right(", cooldown = 3", 7, xs);
    static const double want[7] = {0, 0, 1, 1, 1, 2, 2};
    for (int k = 0; k < 7; k++) {
        if (xs[k] != want[k]) print_error("tick %d: x %g, want %g\n", k + 1, xs[k], want[k]);
        assert_true(xs[k] == want[k]);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directions),
        cmocka_unit_test(test_overlap),
        cmocka_unit_test(test_speed_in_pixels),
        cmocka_unit_test(test_cooldown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
