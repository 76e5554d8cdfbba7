/* SPDX-License-Identifier: MIT
 *
 * test_effect_move.c -- the effects that move or turn sprites and change
 * speeds (engine/effect_move.c, the speed block of effect_resource.c),
 * and an effect row's 'repeat', with GVGAI's semantics. Each game is an
 * avatar walking right over a row of sprites.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "state.h"

static vg_game *load_ok(const char *rules, const char *map) {
    char lua[2048];
    snprintf(
        lua, sizeof lua,
        "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'floor', 'Immovable' }\nmap { 'A', 'avatar' }\nmap { '.', 'floor' }\n%s",
        rules);
    return load_lua_ok(lua, map);
}

static void advance(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, a, &err), VG_OK);
}

/* The first sprite of type 'name' (a changing one). */
static const sprite *first_of(const vg_game *g, const vg_state *s, const char *name) {
    uint32_t from, to;
    state_range(g, s, vg_type_find(g, name), &from, &to);
    assert_true(from < to);
    return state_sprite(s, from);
}

/* reverseDirection turns sprite 1 around; the avatar stepping on a still missile. */
static void test_reverse_direction(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'rock', 'Missile', orientation = 'LEFT', speed = 0 }\n"
                         "map { 'r', 'rock' }\n"
                         "interaction { 'rock', 'avatar', 'reverseDirection' }\n",
                         "Ar");
    vg_state *s = vg_state_new(g, 1);
    assert_int_equal(first_of(g, s, "rock")->dx, -1);
    advance(g, s, VG_ACTION_RIGHT);
    assert_int_equal(first_of(g, s, "rock")->dx, 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* teleportToExit: onto the portal's exit; with no exit of that type, the sprite dies. */
static void test_teleport_to_exit(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'exit', 'Immovable' }\n"
                         "sprite { 'nowhere', 'Immovable' }\n"
                         "sprite { 'gate', 'Portal', stype = 'exit' }\n"
                         "sprite { 'trap', 'Portal', stype = 'nowhere' }\n"
                         "map { 'g', 'gate' }\n"
                         "map { 't', 'trap' }\n"
                         "map { 'e', 'exit' }\n"
                         "interaction { 'avatar', 'gate', 'teleportToExit', scoreChange = 1 }\n"
                         "interaction { 'avatar', 'trap', 'teleportToExit' }\n",
                         "Ag..e\n"
                         "....t");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_RIGHT);
    const sprite *p = state_sprite(s, (uint32_t)state_avatar(g, s));
    assert_int_equal(p->x, 4 * g->square);
    assert_int_equal(p->y, 0);
    assert_true(vg_score(s) == 1);
    advance(g, s, VG_ACTION_DOWN);
    assert_true(state_sprite(s, (uint32_t)state_avatar(g, s))->flags & SP_DISABLED);
    vg_state_free(s);
    vg_game_free(g);
}

/* stepBack with pixelPerfect: a missile moving straight into a wall stops
 * flush against it; without, it goes back to where it was. */
static void test_step_back_pixel_perfect(void **state) {
    (void)state;
    for (int pp = 0; pp <= 1; pp++) {
        char rules[512];
        snprintf(rules, sizeof rules,
                 "sprite { 'rock', 'Missile', orientation = 'RIGHT', speed = 0.4 }\n"
                 "sprite { 'wall', 'Immovable' }\n"
                 "map { 'r', 'rock' }\n"
                 "map { 'w', 'wall' }\n"
                 "interaction { 'rock', 'wall', 'stepBack', pixelPerfect = %s }\n",
                 pp ? "true" : "false");
        vg_game *g = load_ok(rules, "A....\nr.w..");
        vg_state *s = vg_state_new(g, 1);
        int step = (int)(0.4 * g->square);
        for (int k = 0; k < 4; k++) advance(g, s, VG_ACTION_NIL); /* still, then the third step runs into the wall */
        assert_int_equal(first_of(g, s, "rock")->x, pp ? g->square : 2 * step);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* pullWithIt: the avatar on a log moves with it, once a tick per
 * declaration even on two logs; with pixelPerfect it is put onto the log. */
static void test_pull_with_it(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'log', 'Missile', orientation = 'LEFT', speed = 0.25 }\n"
                         "sprite { 'log2', 'Missile', orientation = 'LEFT', speed = 0.25 }\n"
                         "map { 'B', 'avatar', 'log', 'log2' }\n"
                         "interaction { 'avatar', { 'log', 'log2' }, 'pullWithIt' }\n",
                         "...B");
    vg_state *s = vg_state_new(g, 1);
    int step = (int)(0.25 * g->square);
    advance(g, s, VG_ACTION_NIL); /* a missile stays still in its first tick */
    advance(g, s, VG_ACTION_NIL);
    assert_int_equal(state_sprite(s, (uint32_t)state_avatar(g, s))->x, 3 * g->square - step);
    advance(g, s, VG_ACTION_NIL);
    assert_int_equal(state_sprite(s, (uint32_t)state_avatar(g, s))->x, 3 * g->square - 2 * step);
    vg_state_free(s);
    vg_game_free(g);
    for (int pp = 0; pp <= 1; pp++) { /* the avatar steps onto the moving pad: its cooldown keeps it from
                                         * being pulled in the tick it moved, pixelPerfect puts it on the pad */
        char rules[512];
        snprintf(rules, sizeof rules,
                 "sprite { 'pad', 'Missile', orientation = 'RIGHT', speed = 0.25 }\n"
                 "map { 'B', 'avatar', 'pad' }\n"
                 "interaction { 'avatar', 'pad', 'pullWithIt', pixelPerfect = %s }\n",
                 pp ? "true" : "false");
        g = load_ok(rules, "B...");
        s = vg_state_new(g, 1);
        advance(g, s, VG_ACTION_NIL);
        advance(g, s, VG_ACTION_RIGHT);
        assert_int_equal(state_sprite(s, (uint32_t)state_avatar(g, s))->x, pp ? step : g->square);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* pullWithIt on many riders in a tick (their contacts wait until a rule
 * needs them: interact.c's need): each rider meets what it is pulled onto
 * in the same tick, under a later pair (the coins: a rider half a cell
 * from one overlaps it), and its overlap with its log lasts into the next
 * tick, which pulls it again. */
static void test_pull_with_it_many(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'log', 'Missile', orientation = 'RIGHT', speed = 0.5 }\n"
                         "sprite { 'rider', 'Passive' }\n"
                         "sprite { 'coin', 'Immovable' }\n"
                         "map { 'L', 'log', 'rider' }\n"
                         "map { 'c', 'coin' }\n"
                         "interaction { 'rider', 'log', 'pullWithIt' }\n"
                         "interaction { 'rider', 'coin', 'killSprite', scoreChange = 1 }\n",
                         "A....\n"
                         "L.c..\n"
                         "L.c..\n"
                         "L..c.\n"
                         "L..c.\n"
                         "L....");
    vg_state *s = vg_state_new(g, 1);
    static const double score[] = {0, 0, 0, 2, 2, 4, 4};
    static const int riders[] = {5, 5, 5, 3, 3, 1, 1}, x2[] = {0, 1, 2, 3, 4, 5, 6}; /* in pulls */
    for (int k = 0; k < 7; k++) {
        advance(g, s, VG_ACTION_NIL); /* a missile stays still in its first tick */
        uint32_t from, to;
        state_range(g, s, vg_type_find(g, "rider"), &from, &to);
        assert_true(vg_score(s) == score[k]);
        assert_int_equal(to - from, riders[k]);
        assert_int_equal(state_sprite(s, to - 1)->x, x2[k] * (int)(0.5 * g->square));
    }
    vg_state_free(s);
    vg_game_free(g);
    /* One rule for all (a sprite of the second type that moved is looked at again at once, one of the
     * first only if not visited yet): the rafts, pulled by their logs, pull the riders in the same walk. */
    g = load_ok("sprite { 'thing' }\n"
                "sprite { 'raft', 'Passive', parent = 'thing' }\n"
                "sprite { 'log', 'Missile', parent = 'thing', orientation = 'RIGHT', speed = 0.9 }\n"
                "sprite { 'rider', 'Passive', parent = 'thing' }\n"
                "map { 'L', 'log', 'raft' }\n"
                "map { 'r', 'rider' }\n"
                "interaction { 'thing', 'thing', 'pullWithIt' }\n",
                "A....\nLr...\nLr...\nLr...\nLr...");
    s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_NIL);
    advance(g, s, VG_ACTION_NIL);
    uint32_t from, to;
    state_range(g, s, vg_type_find(g, "rider"), &from, &to);
    assert_int_equal(to - from, 4);
    for (uint32_t i = from; i < to; i++)              /* where collecting all contacts again after each pull put them */
        assert_int_equal(state_sprite(s, i)->x, 160); /* (304 if the moved rafts' contacts waited) */
    vg_state_free(s);
    vg_game_free(g);
}

/* setSpeedForAll gives every sprite of 'stype' its own speed: a still car starts. */
static void test_set_speed_for_all(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'car', 'Missile', orientation = 'DOWN', speed = 0 }\n"
                         "sprite { 'button', 'Immovable' }\n"
                         "map { 'c', 'car' }\n"
                         "map { 'b', 'button' }\n"
                         "interaction { 'avatar', 'button', 'setSpeedForAll', stype = 'car', value = 1 }\n",
                         "Abc\n"
                         "...\n"
                         "...");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_RIGHT);
    assert_int_equal(first_of(g, s, "car")->y, 0);
    assert_true(sprite_speed(g, first_of(g, s, "car")) == 1);
    advance(g, s, VG_ACTION_NIL);
    assert_int_equal(first_of(g, s, "car")->y, g->square);
    vg_state_free(s);
    vg_game_free(g);
}

/* A row with 'repeat' = 3 runs three times a collision. */
static void test_repeat(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'coin', 'Immovable' }\n"
                         "map { 'c', 'coin' }\n"
                         "interaction { 'avatar', 'coin', 'scoreChange', scoreChange = 1, ['repeat'] = 3 }\n",
                         "Ac");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_RIGHT);
    assert_true(vg_score(s) == 3);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_errors(void **state) {
    (void)state;
    vg_game *g = NULL;
    vg_error err = {0};
    assert_int_equal(load_lua_text("sprite { 'avatar', 'MovingAvatar' }\n"
                                   "map { 'A', 'avatar' }\n"
                                   "interaction { 'avatar', 'avatar', 'setSpeedForAll' }\n",
                                   "A", &g, &err),
                     VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, "needs 'stype'"));
    assert_int_equal(err.line, 3);
    assert_int_equal(load_lua_text("sprite { 'avatar', 'MovingAvatar' }\n"
                                   "map { 'A', 'avatar' }\n"
                                   "interaction { 'avatar', 'EOS', 'teleportToExit' }\n",
                                   "A", &g, &err),
                     VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, "two sprites"));
}

/* flipDirection: a random one of the four directions, drawn from the
 * state's RNG (so the seed decides it). */
static void test_flip_direction(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'vane', 'Missile', orientation = 'LEFT', speed = 0 }\n"
                         "map { 'v', 'vane' }\n"
                         "interaction { 'vane', 'avatar', 'flipDirection' }\n",
                         "Av");
    int seen = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        vg_state *s = vg_state_new(g, seed * 1000003);
        advance(g, s, VG_ACTION_RIGHT);
        const sprite *p = first_of(g, s, "vane");
        assert_true(abs(p->dx) + abs(p->dy) == 1);
        seen |= 1 << ((p->dx + 1) * 3 + p->dy + 1);
        vg_state_free(s);
    }
    assert_int_equal(__builtin_popcount((unsigned)seen), 4); /* all four, over the seeds */
    vg_game_free(g);
}

/* turnAround: a rock flying right into a wall goes back, two cells down,
 * and flies left. */
static void test_turn_around(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'rock', 'Missile', orientation = 'RIGHT' }\n"
                         "sprite { 'wall', 'Immovable' }\n"
                         "map { 'r', 'rock' }\nmap { 'w', 'wall' }\n"
                         "interaction { 'rock', 'wall', 'turnAround' }\n",
                         "A.....\n"
                         "r.w...\n"
                         "......\n"
                         "......");
    vg_state *s = vg_state_new(g, 1);
    for (int k = 0; k < 3; k++) advance(g, s, VG_ACTION_NIL); /* still, (1,1), into the wall */
    const sprite *p = first_of(g, s, "rock");
    assert_int_equal(p->x, 1 * g->square);
    assert_int_equal(p->y, 3 * g->square);
    assert_int_equal(p->dx, -1);
    assert_int_equal(p->dy, 0);
    vg_state_free(s);
    vg_game_free(g);
}

/* align puts a half-speed cart onto the guide it touches, facing the
 * guide's way, every tick they overlap; attractGaze only turns it. */
static void test_align_and_attract_gaze(void **state) {
    (void)state;
    for (int gaze = 0; gaze <= 1; gaze++) {
        char rules[512];
        snprintf(rules, sizeof rules,
                 "game { square_size = 10 }\n"
                 "sprite { 'cart', 'Missile', orientation = 'RIGHT', speed = 0.5 }\n"
                 "sprite { 'guide', 'Missile', orientation = 'UP', speed = 0 }\n"
                 "map { 'c', 'cart' }\nmap { 'g', 'guide' }\n"
                 "interaction { 'cart', 'guide', '%s' }\n",
                 gaze ? "attractGaze" : "align");
        vg_game *g = load_ok(rules, "A.....\n"
                                    "......\n"
                                    "c.g...");
        vg_state *s = vg_state_new(g, 1);
        for (int k = 0; k < 4; k++) advance(g, s, VG_ACTION_NIL); /* still, then half a cell a tick: touches at 1.5 */
        const sprite *p = first_of(g, s, "cart");
        assert_int_equal(g->square, 10);
        assert_int_equal(p->x, gaze ? 15 : 20);
        assert_int_equal(p->y, 20);
        assert_true(p->dx == 0 && p->dy == -1);
        advance(g, s, VG_ACTION_NIL);
        /* going up; but align holds it on the guide as long as they overlap */
        assert_int_equal(first_of(g, s, "cart")->y, gaze ? 15 : 20);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* increaseSpeedToAll and decreaseSpeedToAll change every car's own
 * speed by 'value' (never below 0); halfSpeed halves the first sprite's. */
static void test_speed_to_all_and_half_speed(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'car', 'Missile', orientation = 'DOWN', speed = 0.5 }\n"
                         "sprite { 'up', 'Immovable' }\nsprite { 'down', 'Immovable' }\nsprite { 'mud', 'Immovable' }\n"
                         "map { 'c', 'car' }\nmap { 'u', 'up' }\nmap { 'd', 'down' }\nmap { 'm', 'mud' }\n"
                         "interaction { 'up', 'avatar', 'increaseSpeedToAll', stype = 'car', value = 0.25 }\n"
                         "interaction { 'down', 'avatar', 'decreaseSpeedToAll', stype = 'car', value = 2 }\n"
                         "interaction { 'avatar', 'mud', 'halfSpeed' }\n",
                         "Aumd\n"
                         "cc..\n"
                         "....");
    vg_state *s = vg_state_new(g, 1);
    uint32_t from, to;
    advance(g, s, VG_ACTION_RIGHT);
    state_range(g, s, vg_type_find(g, "car"), &from, &to);
    assert_int_equal(to - from, 2);
    for (uint32_t i = from; i < to; i++) assert_true(sprite_speed(g, state_sprite(s, i)) == 0.75);
    advance(g, s, VG_ACTION_RIGHT);
    assert_true(sprite_speed(g, state_sprite(s, (uint32_t)state_avatar(g, s))) == 0.5);
    advance(g, s, VG_ACTION_RIGHT); /* half a cell: still on the mud, and past the 'down' pad's edge */
    state_range(g, s, vg_type_find(g, "car"), &from, &to);
    for (uint32_t i = from; i < to; i++) assert_true(sprite_speed(g, state_sprite(s, i)) == 0);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reverse_direction),
        cmocka_unit_test(test_teleport_to_exit),
        cmocka_unit_test(test_step_back_pixel_perfect),
        cmocka_unit_test(test_pull_with_it),
        cmocka_unit_test(test_pull_with_it_many),
        cmocka_unit_test(test_set_speed_for_all),
        cmocka_unit_test(test_repeat),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_flip_direction),
        cmocka_unit_test(test_turn_around),
        cmocka_unit_test(test_align_and_attract_gaze),
        cmocka_unit_test(test_speed_to_all_and_half_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
