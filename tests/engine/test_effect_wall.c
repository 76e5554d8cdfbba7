/* SPDX-License-Identifier: MIT
 *
 * test_effect_wall.c -- the effects of continuous physics (engine/
 * effect_wall.c): a bounce off a wall and off two walls side by side, a
 * sprite stopped on the ground, a wallReverse, bounceDirection's angle,
 * killIfSlow against a static sprite and killIfNotUpright. GVGAI's traces
 * (tests/golden/gvgai/unit/{contball,platform,steer} and the corpus) pin
 * them in whole games.
 */
#include <math.h>

#include "cont.h"

/* A ball going right bounces off the wall: back where it was, facing left. */
static void test_wall_bounce(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'NullAvatar' }\n"
                             "sprite { 'ball', 'Missile', physicstype = 'CONT', orientation = 'RIGHT', speed = 6 }\n"
                             "sprite { 'wall', 'Immovable' }\n"
                             "map { 'A', 'avatar' }\nmap { 'o', 'ball' }\nmap { 'w', 'wall' }\n"
                             "interaction { 'ball', 'wall', 'wallBounce', scoreChange = 1 }\n",
                             "A....\n.o.ww\n.....");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_NIL);
    advance(g, s, VG_ACTION_NIL); /* 16: in no wall yet */
    assert_int_equal(first_of(g, s, "ball")->x, 16);
    advance(g, s, VG_ACTION_NIL); /* at 22 it reaches into the wall at 30 */
    const sprite *p = first_of(g, s, "ball");
    double ox, oy;
    physics_vec(g, p, &ox, &oy);
    assert_int_equal(p->x, 16);
    assert_true(ox == -1 && oy == 0);
    assert_true(vg_score(s) == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* Falling onto two blocks side by side is one wall twice as wide: one
 * bounce, scored twice (GVGAI's batch). */
static void test_wall_bounce_two_blocks(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'NullAvatar' }\n"
                             "sprite { 'ball', 'Missile', physicstype = 'CONT', orientation = 'DOWN', speed = 7 }\n"
                             "sprite { 'block', 'Immovable' }\n"
                             "map { 'A', 'avatar' }\nmap { 'o', 'ball' }\nmap { 'b', 'block' }\n"
                             "interaction { 'ball', 'block', 'wallBounce', scoreChange = 1 }\n",
                             "A....\n..o..\n.....\n..bb.");
    vg_state *s = vg_state_new(g, 1);
    sprite *p = (sprite *)first_of(g, s, "ball");
    p->x = 25; /* over both blocks */
    for (int k = 0; k < 4 && vg_score(s) == 0; k++) advance(g, s, VG_ACTION_NIL);
    double ox, oy;
    physics_vec(g, first_of(g, s, "ball"), &ox, &oy);
    assert_true(vg_score(s) == 2);
    assert_true(ox == 0 && oy == -1);
    vg_state_free(s);
    vg_game_free(g);
}

/* A falling box lands on the ground: put on top of it, sliding on. */
static void test_wall_stop_on_the_ground(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'NullAvatar' }\n"
                             "sprite { 'box', 'Passive', physicstype = 'CONT', gravity = 3, speed = 1 }\n"
                             "sprite { 'ground', 'Immovable' }\n"
                             "map { 'A', 'avatar' }\nmap { 'x', 'box' }\nmap { 'g', 'ground' }\n"
                             "interaction { 'box', 'ground', 'wallStop' }\n",
                             "A.x..\n.....\n.....\nggggg");
    vg_state *s = vg_state_new(g, 1);
    for (int k = 0; k < 12; k++) advance(g, s, VG_ACTION_NIL);
    const sprite *p = first_of(g, s, "box");
    assert_int_equal(p->y, 20);
    assert_int_equal(p->x, 20);
    vg_state_free(s);
    vg_game_free(g);
}

/* bounceDirection: a ball falling on the paddle's right end leaves up and
 * to the right, at most 60 degrees from straight up. */
static void test_bounce_direction(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'NullAvatar', wMult = 3 }\n"
                             "sprite { 'ball', 'Missile', physicstype = 'CONT', orientation = 'DOWN', speed = 6 }\n"
                             "map { 'A', 'avatar' }\nmap { 'o', 'ball' }\n"
                             "interaction { 'ball', 'avatar', 'bounceDirection' }\n",
                             "...o.\n.....\n.A...");
    vg_state *s = vg_state_new(g, 1);
    double ox = 0, oy = 1;
    for (int k = 0; k < 6 && oy > 0; k++) {
        advance(g, s, VG_ACTION_NIL);
        physics_vec(g, first_of(g, s, "ball"), &ox, &oy);
    }
    assert_true(oy < 0 && ox > 0);
    assert_true(ox <= sin(60 / 180.0 * 3.141592653589793) + 1e-12);
    vg_state_free(s);
    vg_game_free(g);
}

/* killIfSlow: the static pad dies when the avatar comes slower than
 * 'limspeed' (2 pixels a tick), not when faster (9). */
static void test_kill_if_slow(void **state) {
    (void)state;
    for (int fast = 0; fast < 2; fast++) {
        char lua[640];
        snprintf(lua, sizeof lua,
                 "game { square_size = 10 }\n"
                 "map { '.' }\n"
                 "sprite { 'avatar', 'HorizontalAvatar', physicstype = 'CONT', orientation = 'RIGHT', speed = %d }\n"
                 "sprite { 'pad', 'Passive', is_static = true }\n"
                 "map { 'A', 'avatar' }\nmap { 'p', 'pad' }\n"
                 "interaction { 'pad', 'avatar', 'killIfSlow', limspeed = 5 }\n",
                 fast ? 9 : 2);
        vg_game *g = load_lua_ok(lua, "A.p..\n.....");
        vg_state *s = vg_state_new(g, 1);
        for (int k = 0; k < 8; k++) advance(g, s, VG_ACTION_NIL);
        vg_obs obs[2];
        assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "pad"), NULL, obs, 2), fast ? 1 : 0);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* killIfNotUpright: a lander that touches down pointing up (rotation
 * between 4.4 and 5 radians) lives; tilted it dies. */
static void test_kill_if_not_upright(void **state) {
    (void)state;
    for (int upright = 0; upright < 2; upright++) {
        vg_game *g =
            load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                        "sprite { 'avatar', 'LanderAvatar', physicstype = 'CONT', speed = 0, angle_diff = 0.3 }\n"
                        "sprite { 'pad', 'Immovable' }\n"
                        "map { 'A', 'avatar' }\nmap { 'p', 'pad' }\n"
                        "interaction { 'avatar', 'pad', 'killIfNotUpright' }\n",
                        "Ap...");
        vg_state *s = vg_state_new(g, 1);
        sprite *p = (sprite *)first_of(g, s, "avatar");
        physics_set_rotation(g, p, upright ? -1.5 : 0.0); /* -1.5 + 2 pi = 4.78 */
        p->x = 5;                                         /* on the pad */
        advance(g, s, VG_ACTION_NIL);
        assert_int_equal(vg_is_over(s) || (first_of(g, s, "avatar")->flags & SP_DISABLED) != 0, !upright);
        vg_state_free(s);
        vg_game_free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wall_bounce),
        cmocka_unit_test(test_wall_bounce_two_blocks),
        cmocka_unit_test(test_wall_stop_on_the_ground),
        cmocka_unit_test(test_bounce_direction),
        cmocka_unit_test(test_kill_if_slow),
        cmocka_unit_test(test_kill_if_not_upright),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
