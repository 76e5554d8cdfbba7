/* SPDX-License-Identifier: MIT
 *
 * test_handle.c -- the state handle's methods (engine/lua/handle.c) on
 * small games written for each: what a method reads is what the engine
 * holds, and what it writes is what play then shows from C.
 *
 * 1. Resources: read, set within 0 and the type's limit, refused for a
 *    type that is no resource; carried by transform.
 * 2. Orientation, prev_pos, id and action, as the engine's own effects
 *    see them; set_orientation turns a sprite (grid values only).
 * 3. Speed and health: set_speed moves the sprite further the next tick;
 *    set_health stops at the type's limit and raises the max.
 * 4. Cooldown and timer: a sprite's wait before it moves, and the ticks a
 *    Flicker or a sprite with a timeToLive has left; both set. A type's
 *    parameters (param); step, GVGAI's active movement.
 * 5. Errors: an unknown method gets "did you mean"; setters are read-only
 *    in a heuristic; a setter the script's text does not name has no
 *    field to write (the error says so). (Non-finite numbers: test_bind.c.)
 * 6. Every method in one game, played at random: no error, repeatable.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

/* A row: wall, avatar, oil, lamp, floor, wall (cells 0..5). */
static const char MAP[] = "wwwwwww\nwAolf.w\nwwwwwww\n";

static const char BASE[] =
    "game { square_size = 10 }\n"
    "sprite { 'floor', 'Immovable', hidden = true }\n"
    "sprite { 'wall', 'Immovable' }\n"
    "sprite { 'oil', 'Resource', limit = 3 }\n"
    "sprite { 'lamp', 'Immovable', healthPoints = 2, maxHealthPoints = 4, limitHealthPoints = 6, dynamic = true }\n"
    "sprite { 'fire', 'Flicker', limit = 4 }\n"
    "sprite { 'avatar', 'OrientedAvatar', rotateInPlace = false }\n"
    "map { 'A', 'avatar', 'floor' }\n"
    "map { 'o', 'oil', 'floor' }\n"
    "map { 'l', 'lamp', 'floor' }\n"
    "map { 'f', 'fire', 'floor' }\n"
    "map { '.', 'floor' }\n"
    "map { 'w', 'wall' }\n"
    "interaction { 'avatar', 'wall', 'stepBack' }\n"
    "for k = 1, 8 do variable { 'v' .. k, -99 } end\n";

/* Loads BASE followed by 'more' on MAP. */
static vg_game *game_with(const char *more) {
    char lua[8192];
    snprintf(lua, sizeof lua, "%s%s", BASE, more);
    return load_lua_ok(lua, MAP);
}

static int var(const vg_game *g, const vg_state *s, const char *name) { return vg_var(s, vg_var_find(g, name)); }

static void advance_ok(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    vg_status st = vg_advance(g, s, a, &err);
    if (st != VG_OK) print_error("tick %d: %s:%d: %s\n", vg_tick(s), err.file, err.line, err.msg);
    assert_int_equal(st, VG_OK);
}

/* Advances and expects a script error whose message holds 'words'. */
static void advance_fails(const vg_game *g, vg_state *s, vg_action a, const char *words) {
    vg_error err = {0};
    vg_status st = vg_advance(g, s, a, &err);
    if (st != VG_ERR_SCRIPT || !strstr(err.msg, words))
        print_error("status %d: %s (want '%s')\n", (int)st, err.msg, words);
    assert_int_equal(st, VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, words));
}

/* ---- 1. resources ------------------------------------------------------ */

static void test_resources(void **state) {
    (void)state;
    vg_game *g = game_with("interaction { 'avatar', 'oil', function(s, a, o)\n"
                           "    s:set_var('v1', s:resource(a, 'oil'))\n"
                           "    s:set_var('v2', s:set_resource(a, 'oil', 5))\n" /* the limit: 3 */
                           "    s:set_var('v3', s:resource(o, 'oil'))\n"
                           "    s:kill(o)\n"
                           "end }\n"
                           "interaction { 'avatar', 'lamp', function(s, a, l)\n"
                           "    s:set_var('v4', s:set_resource(a, 'oil', -2))\n" /* not below 0 */
                           "    s:set_resource(a, 'oil', 2)\n"
                           "    local n = s:transform(a, 'avatar')\n"
                           "    s:set_var('v5', s:resource(n, 'oil'))\n" /* carried over */
                           "end }\n");
    vg_state *s = vg_state_new(g, 1);
    advance_ok(g, s, VG_ACTION_RIGHT);
    assert_int_equal(var(g, s, "v1"), 0);
    assert_int_equal(var(g, s, "v2"), 3);
    assert_int_equal(var(g, s, "v3"), 0);
    assert_int_equal(vg_num_resources(g), 1);
    assert_int_equal(vg_avatar_resource(g, s, 0), 3);
    advance_ok(g, s, VG_ACTION_RIGHT);
    assert_int_equal(var(g, s, "v4"), 0);
    assert_int_equal(var(g, s, "v5"), 2);
    assert_int_equal(vg_avatar_resource(g, s, 0), 2);
    vg_state_free(s);
    vg_game_free(g);

    /* a type that is no resource */
    g = game_with("interaction { 'avatar', 'oil', function(s, a, o) s:set_resource(a, 'lamp', 1) end }\n");
    s = vg_state_new(g, 1);
    advance_fails(g, s, VG_ACTION_RIGHT, "'lamp' is not a resource of this game");
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 2. orientation, prev_pos, id, action ---------------------------------- */

static void test_orientation_and_place(void **state) {
    (void)state;
    vg_game *g = game_with("interaction { 'avatar', 'oil', function(s, a, o)\n"
                           "    local x, y = s:prev_pos(a)\n"
                           "    local px, py = s:pos(a)\n"
                           "    local dx, dy = s:orientation(a)\n"
                           "    s:set_var('v1', x * 100 + y)\n"
                           "    s:set_var('v2', px * 100 + py)\n"
                           "    s:set_var('v3', dx * 10 + dy)\n"
                           "    s:set_var('v4', s:id(a))\n"
                           "    s:set_var('v5', s:action() == 'RIGHT' and 1 or 0)\n"
                           "    s:set_orientation(a, 0, 1)\n"
                           "end }\n"
                           "termination { function(s)\n"
                           "    local a = s:avatar()\n"
                           "    local dx, dy = s:orientation(a)\n"
                           "    s:set_var('v6', dx * 10 + dy)\n"
                           "    s:set_var('v7', s:id(a))\n"
                           "    s:set_var('v8', s:action() == 'NIL' and s:tick() or -1)\n"
                           "    return false\n"
                           "end }\n");
    vg_state *s = vg_state_new(g, 1);
    vg_obs av;
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "avatar"), NULL, &av, 1), 1);
    advance_ok(g, s, VG_ACTION_RIGHT);
    assert_int_equal(var(g, s, "v1"), 101);        /* from (1, 1) */
    assert_int_equal(var(g, s, "v2"), 201);        /* to (2, 1) */
    assert_int_equal(var(g, s, "v3"), 10);         /* facing right */
    assert_int_equal(var(g, s, "v4"), (int)av.id); /* GVGAI's obsID */
    assert_int_equal(var(g, s, "v5"), 1);
    assert_int_equal(var(g, s, "v6"), 1); /* (0, 1): down, as set */
    assert_int_equal(var(g, s, "v7"), (int)av.id);
    assert_int_equal(var(g, s, "v8"), -1); /* the action was RIGHT */
    advance_ok(g, s, VG_ACTION_NIL);
    assert_int_equal(var(g, s, "v7"), (int)av.id); /* the same sprite, the same id */
    assert_int_equal(var(g, s, "v8"), 2);
    vg_state_free(s);
    vg_game_free(g);

    g = game_with("interaction { 'avatar', 'oil', function(s, a, o) s:set_orientation(a, 2, 0) end }\n");
    s = vg_state_new(g, 1);
    advance_fails(g, s, VG_ACTION_RIGHT, "must each be -1, 0 or 1");
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 3. speed and health ------------------------------------------------------ */

static void test_speed_and_health(void **state) {
    (void)state;
    vg_game *g = game_with("interaction { 'avatar', 'oil', function(s, a, o)\n"
                           "    s:set_var('v1', math.floor(s:speed(a) * 10))\n"
                           "    s:set_speed(a, 2)\n"
                           "    local hp, max = s:health(s:sprites('lamp')[1])\n"
                           "    s:set_var('v2', hp * 10 + max)\n"
                           "    s:set_var('v3', s:set_health(s:sprites('lamp')[1], 5))\n"
                           "    hp, max = s:health(s:sprites('lamp')[1])\n"
                           "    s:set_var('v4', hp * 10 + max)\n"
                           "    s:set_var('v5', s:set_health(s:sprites('lamp')[1], 99))\n" /* the limit: 6 */
                           "end }\n");
    vg_state *s = vg_state_new(g, 1);
    advance_ok(g, s, VG_ACTION_RIGHT);
    assert_int_equal(var(g, s, "v1"), 10);
    assert_int_equal(var(g, s, "v2"), 24); /* 2 points, max 4 */
    assert_int_equal(var(g, s, "v3"), 5);
    assert_int_equal(var(g, s, "v4"), 55); /* the max follows */
    assert_int_equal(var(g, s, "v5"), 6);
    advance_ok(g, s, VG_ACTION_LEFT); /* two cells a move now: from 2 to 0, a wall: back */
    double x, y;
    assert_true(vg_avatar_pos(g, s, &x, &y));
    if (!(x == 2 && y == 1)) print_error("at (%g, %g)\n", x, y);
    assert_true(x == 2 && y == 1);
    advance_ok(g, s, VG_ACTION_RIGHT); /* from 2 to 4 */
    assert_true(vg_avatar_pos(g, s, &x, &y));
    assert_true(x == 4 && y == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 4. cooldown and timer ------------------------------------------------------ */

static void test_cooldown_and_timer(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\n"
                             "sprite { 'floor', 'Immovable', hidden = true }\n"
                             "sprite { 'wall', 'Immovable' }\n"
                             "sprite { 'fire', 'Flicker', limit = 4 }\n"
                             "sprite { 'smoke', 'Immovable', timeToLive = 6 }\n"
                             "sprite { 'avatar', 'MovingAvatar', cooldown = 3 }\n"
                             "map { 'A', 'avatar', 'floor' }\n"
                             "map { 'f', 'fire', 'floor' }\n"
                             "map { 's', 'smoke', 'floor' }\n"
                             "map { '.', 'floor' }\n"
                             "map { 'w', 'wall' }\n"
                             "variable { 'cool' } variable { 'fire' } variable { 'smoke' } variable { 'none' }\n"
                             "termination { function(s)\n"
                             "    local a = s:avatar()\n"
                             "    s:set_var('cool', s:cooldown(a))\n"
                             "    local f = s:sprites('fire')[1]\n"
                             "    s:set_var('fire', f and s:timer(f) or -1)\n"
                             "    local m = s:sprites('smoke')[1]\n"
                             "    s:set_var('smoke', m and s:timer(m) or -1)\n"
                             "    s:set_var('none', s:timer(a) == nil and 1 or 0)\n"
                             "    if s:tick() == 3 then s:set_cooldown(a, 1) s:set_timer(m, 0) end\n"
                             "    return false\n"
                             "end }\n",
                             "wwwwwwww\nwA..fs.w\nwwwwwwww\n");
    vg_state *s = vg_state_new(g, 1);
    int fire = vg_var_find(g, "fire"), smoke = vg_var_find(g, "smoke"), cool = vg_var_find(g, "cool");
    static const int want_x[] = {1, 1, 2, 3}, want_cool[] = {2, 1, 3, 3}; /* tick 3 sets it to 1: it moves in tick 4 */
    static const int want_fire[] = {4, 3, 2, 1},
                     want_smoke[] = {5, 4, 3, -1}; /* tick 3 sets it to 0: it ends in its next update */
    for (int k = 0; k < 4; k++) {
        advance_ok(g, s, VG_ACTION_RIGHT);
        double x, y;
        assert_true(vg_avatar_pos(g, s, &x, &y));
        if (x != want_x[k] || vg_var(s, cool) != want_cool[k] || vg_var(s, fire) != want_fire[k] ||
            vg_var(s, smoke) != want_smoke[k])
            print_error("tick %d: x %g cooldown %d fire %d smoke %d\n", k + 1, x, vg_var(s, cool), vg_var(s, fire),
                        vg_var(s, smoke));
        assert_true(x == want_x[k]);
        assert_int_equal(vg_var(s, cool), want_cool[k]);
        assert_int_equal(vg_var(s, fire), want_fire[k]);
        assert_int_equal(vg_var(s, smoke), want_smoke[k]);
        assert_int_equal(vg_var(s, vg_var_find(g, "none")), 1);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* param reads a type's parameters as sprite{} takes them; step moves as
 * GVGAI's active movement does: by the speed, when the cooldown allows. */
static void test_param_and_step(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(
        "game { square_size = 10 }\n"
        "sprite { 'floor', 'Immovable', hidden = true }\n"
        "sprite { 'wall', 'Immovable' }\n"
        "sprite { 'oil', 'Resource', limit = 3 }\n"
        "sprite { 'rock', 'Missile', orientation = 'LEFT', speed = 0 }\n"
        "sprite { 'avatar', 'MovingAvatar', cooldown = 2 }\n"
        "map { 'A', 'avatar', 'floor' } map { '.', 'floor' } map { 'w', 'wall' } map { 'o', 'oil', 'floor' }\n"
        "map { 'r', 'rock', 'floor' }\n"
        "variable { 'ok' } variable { 'moved' }\n"
        "termination { function(s)\n"
        "    local a = s:avatar()\n"
        "    local ok = s:param('oil', 'limit') == 3 and s:param('oil', 'value') == 1 and s:param('oil', 'class') == 'Resource'\n"
        "        and s:param('rock', 'orientation') == 'LEFT' and s:param('avatar', 'cooldown') == 2\n"
        "        and s:param('avatar', 'stype') == nil and s:param('wall', 'hidden') == false\n"
        "        and s:param('avatar', 'speed') == 1\n"
        "        and not pcall(s.param, s, 'oil', 'limt')\n"
        "    s:set_var('ok', ok and 1 or 0)\n"
        "    if s:tick() == 3 then\n"
        "        local x = s:pos(a)\n"
        "        local first = s:step(a, 1, 0, 2)\n" /* the cooldown allows: two cells */
        "        local second = s:step(a, 1, 0)\n"   /* it must wait now */
        "        s:set_var('moved', (first and 1 or 0) * 100 + (second and 1 or 0) * 10 + (s:pos(a) - x))\n"
        "    end\n"
        "    return false\n"
        "end }\n",
        "wwwwwwww\nwA....ow\nwr.....w\nwwwwwwww\n");
    vg_state *s = vg_state_new(g, 1);
    for (int k = 0; k < 3; k++) advance_ok(g, s, VG_ACTION_NIL);
    assert_int_equal(vg_var(s, vg_var_find(g, "ok")), 1);
    assert_int_equal(vg_var(s, vg_var_find(g, "moved")), 102);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 5. errors -------------------------------------------------------------------- */

static void test_unknown_method(void **state) {
    (void)state;
    vg_game *g = game_with("interaction { 'avatar', 'oil', function(s, a, o) s:sprits('oil') end }\n");
    vg_state *s = vg_state_new(g, 1);
    advance_fails(g, s, VG_ACTION_RIGHT, "unknown state method 'sprits'; did you mean 'sprites'?");
    vg_state_free(s);
    vg_game_free(g);
    g = game_with("interaction { 'avatar', 'oil', function(s, a, o) return s.frobnicate end }\n");
    s = vg_state_new(g, 1);
    advance_fails(g, s, VG_ACTION_RIGHT, "unknown state method 'frobnicate'");
    vg_state_free(s);
    vg_game_free(g);
}

static void test_setters_read_only(void **state) {
    (void)state;
    static const char *const calls[] = {"s:set_speed(a, 1)",           "s:set_health(a, 1)",
                                        "s:set_resource(a, 'oil', 1)", "s:set_orientation(a, 1, 0)",
                                        "s:set_cooldown(a, 0)",        "s:set_timer(a, 1)"};
    for (size_t k = 0; k < sizeof calls / sizeof calls[0]; k++) {
        char lua[512];
        snprintf(lua, sizeof lua, "function heuristic(s) local a = s:avatar() %s return 7 end\n", calls[k]);
        vg_game *g = game_with(lua);
        vg_state *s = vg_state_new(g, 1);
        vg_error err = {0};
        assert_true(vg_heuristic(g, s, &err) == vg_score(s));
        if (!strstr(err.msg, "read-only")) print_error("%s: %s\n", calls[k], err.msg);
        assert_non_null(strstr(err.msg, "read-only"));
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* A setter called by a name made at run time: the loader gave sprites no
 * field for it, and the error says how to get one. */
static void test_setter_not_named(void **state) {
    (void)state;
    vg_game *g = game_with("interaction { 'avatar', 'oil', function(s, a, o) s['set_' .. 'speed'](s, a, 2) end }\n");
    vg_state *s = vg_state_new(g, 1);
    advance_fails(g, s, VG_ACTION_RIGHT, "keep no speed of their own");
    vg_state_free(s);
    vg_game_free(g);
}

/* Every method in one game (tests/fixtures/scripts/handle_all.lua), played
 * at random: no error, and a copy made midway replays to the same state
 * (what the methods keep lives in the state, which stays one flat block). */
static void test_all_methods_play(void **state) {
    (void)state;
    vg_game *g = load_game("tests/fixtures/scripts/handle_all.lua", "tests/fixtures/maps/handle_all.txt");
    for (uint64_t seed = 1; seed <= 4; seed++) {
        vg_state *s = vg_state_new(g, seed), *copy = NULL;
        vg_action acts[400];
        int n = 0;
        uint64_t r = seed * 0x9e3779b97f4a7c15ULL;
        while (!vg_is_over(s) && n < 400) {
            r = r * 6364136223846793005ULL + 1442695040888963407ULL;
            acts[n] = (vg_action)(r >> 33) % VG_NUM_ACTIONS;
            if (n == 40) copy = vg_state_clone(s);
            advance_ok(g, s, acts[n++]);
        }
        assert_non_null(copy);
        for (int k = 40; k < n; k++) advance_ok(g, copy, acts[k]);
        assert_true(vg_state_hash(copy) == vg_state_hash(s));
        assert_true(vg_score(copy) == vg_score(s));
        vg_state_free(copy);
        vg_state_free(s);
    }
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resources),         cmocka_unit_test(test_orientation_and_place),
        cmocka_unit_test(test_speed_and_health),  cmocka_unit_test(test_cooldown_and_timer),
        cmocka_unit_test(test_param_and_step),    cmocka_unit_test(test_unknown_method),
        cmocka_unit_test(test_setters_read_only), cmocka_unit_test(test_setter_not_named),
        cmocka_unit_test(test_all_methods_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
