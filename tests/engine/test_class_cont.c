/* SPDX-License-Identifier: MIT
 *
 * test_class_cont.c -- the classes of continuous physics (engine/
 * class_cont.c) beyond what GVGAI's traces show (the corpus and
 * tests/golden/gvgai/unit/{contball,platform,steer} replay those): each
 * avatar's actions, turning and thrust, a car's gear, a bird's flap, a
 * Walker's random way, a WizardAvatar declared without its block.
 */
#include <math.h>
#include <string.h>

#include "cont.h"

/* A game of one avatar declared 'decl' (Lua fields after the class) with
 * a 'shot' Missile, on an open map. */
static vg_game *avatar_game(const char *cls, const char *fields) {
    char lua[512];
    snprintf(lua, sizeof lua,
             "game { square_size = 10 }\nmap { '.' }\n"
             "sprite { 'avatar', '%s', physicstype = 'CONT'%s }\n"
             "sprite { 'shot', 'Missile', physicstype = 'CONT', speed = 5 }\n"
             "map { 'A', 'avatar' }\n",
             cls, fields);
    return load_lua_ok(lua, ".....\n.....\n..A..\n.....\n.....");
}

/* GVGAI's action lists, in its order (NIL ends a list). */
static void test_actions(void **state) {
    (void)state;
    const vg_action U = VG_ACTION_USE, L = VG_ACTION_LEFT, R = VG_ACTION_RIGHT, D = VG_ACTION_DOWN, P = VG_ACTION_UP;
    const struct {
        const char *cls, *fields;
        vg_action want[6];
    } cases[] = {
        {"SpaceshipAvatar", ", stype = 'shot'", {U, L, R, D, P}},
        {"AimedAvatar", ", stype = 'shot'", {U, D, P}},
        {"LanderAvatar", "", {L, R, D, P}},
        {"CarAvatar", "", {L, R, D, P}},
        {"BirdAvatar", "", {U}},
        {"PlatformerAvatar", "", {L, R, U}},
        {"WizardAvatar", ", stype = 'shot'", {L, R, U, P}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = avatar_game(cases[k].cls, cases[k].fields);
        vg_state *s = vg_state_new(g, 1);
        vg_action acts[VG_MAX_ACTIONS];
        int n = vg_actions(g, s, acts), want = 0;
        while (want < 6 && cases[k].want[want] != VG_ACTION_NIL) want++;
        assert_int_equal(n, want);
        for (int a = 0; a < n; a++) assert_int_equal(acts[a], cases[k].want[a]);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* LanderAvatar: LEFT and RIGHT turn it by angle_diff; UP pushes along its
 * rotation (a push of 1 a tick: it moves once its speed passes a pixel). */
static void test_lander_turns_and_thrusts(void **state) {
    (void)state;
    vg_game *g = avatar_game("LanderAvatar", ", angle_diff = 0.5, speed = 0");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_RIGHT);
    advance(g, s, VG_ACTION_RIGHT);
    assert_true(physics_rotation(g, first_of(g, s, "avatar")) == 1.0);
    advance(g, s, VG_ACTION_LEFT);
    assert_true(physics_rotation(g, first_of(g, s, "avatar")) == 0.5);
    advance(g, s, VG_ACTION_UP);
    double ox, oy;
    const sprite *p = first_of(g, s, "avatar");
    physics_vec(g, p, &ox, &oy);
    assert_true(ox == cos(0.5) && oy == sin(0.5));
    assert_true(sprite_speed(g, p) == 1);
    assert_int_equal(p->x, 20);
    for (int k = 0; k < 3; k++) advance(g, s, VG_ACTION_UP);
    advance(g, s, VG_ACTION_NIL);
    assert_true(first_of(g, s, "avatar")->x > 20);
    vg_state_free(s);
    vg_game_free(g);
}

/* CarAvatar: the engine pushes it every tick with a force of 5 times its
 * way, plus one along the gear: DOWN's reverse gear lasts, and slows it. */
static void test_car_gear_lasts(void **state) {
    (void)state;
    for (int reverse = 0; reverse < 2; reverse++) {
        vg_game *g = avatar_game("CarAvatar", ", friction = 0.5");
        vg_state *s = vg_state_new(g, 1);
        advance(g, s, reverse ? VG_ACTION_DOWN : VG_ACTION_UP);
        for (int k = 0; k < 3; k++) advance(g, s, VG_ACTION_NIL);
        assert_true(fabs(sprite_speed(g, first_of(g, s, "avatar")) - (reverse ? 4 : 6)) < 1e-9);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* BirdAvatar: USE flaps it up; gravity then brings it down. */
static void test_bird_flaps(void **state) {
    (void)state;
    vg_game *g = avatar_game("BirdAvatar", ", gravity = 1, jump_strength = 10");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_USE);
    advance(g, s, VG_ACTION_NIL);
    assert_true(first_of(g, s, "avatar")->y < 20);
    for (int k = 0; k < 30; k++) advance(g, s, VG_ACTION_NIL);
    assert_true(first_of(g, s, "avatar")->y > 20);
    vg_state_free(s);
    vg_game_free(g);
}

/* SpaceshipAvatar: USE shoots along its rotation, one body ahead; the shot
 * faces that way. */
static void test_spaceship_shoots_along_its_rotation(void **state) {
    (void)state;
    vg_game *g = avatar_game("SpaceshipAvatar", ", stype = 'shot', angle_diff = 0.25");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_RIGHT);
    advance(g, s, VG_ACTION_USE);
    const sprite *q = first_of(g, s, "shot");
    double ox, oy;
    physics_vec(g, q, &ox, &oy);
    assert_int_equal(q->x, (int)(20 + cos(0.25) * 10));
    assert_int_equal(q->y, (int)(20 + sin(0.25) * 10));
    assert_true(ox == cos(0.25) && oy == sin(0.25));
    vg_state_free(s);
    vg_game_free(g);
}

/* A Walker facing neither way picks one from the game's generator, then
 * keeps walking that way. */
static void test_walker_picks_a_way(void **state) {
    (void)state;
    int went[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 16 * 997; seed += 997) {
        vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                                 "sprite { 'avatar', 'NullAvatar' }\n"
                                 "sprite { 'goomba', 'Walker', physicstype = 'CONT' }\n"
                                 "map { 'A', 'avatar' }\nmap { '1', 'goomba' }\n",
                                 "A..........\n.....1.....");
        vg_state *s = vg_state_new(g, seed);
        for (int k = 0; k < 3; k++) advance(g, s, VG_ACTION_NIL);
        int x = first_of(g, s, "goomba")->x;
        assert_true(x != 50);
        went[x > 50]++;
        vg_state_free(s);
        vg_game_free(g);
    }
    assert_true(went[0] > 0 && went[1] > 0);
}

static void test_wizard_needs_stype(void **state) {
    (void)state;
    load_lua_error("game { square_size = 10 }\nmap { '.' }\n"
                   "sprite { 'avatar', 'WizardAvatar' }\n"
                   "map { 'A', 'avatar' }\n",
                   "A.", 3, "stype");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_actions),
        cmocka_unit_test(test_lander_turns_and_thrusts),
        cmocka_unit_test(test_car_gear_lasts),
        cmocka_unit_test(test_bird_flaps),
        cmocka_unit_test(test_spaceship_shoots_along_its_rotation),
        cmocka_unit_test(test_walker_picks_a_way),
        cmocka_unit_test(test_wizard_needs_stype),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
