/* SPDX-License-Identifier: MIT
 *
 * test_effect_resource.c -- the resource and health effects
 * (engine/effect_resource.c) with GVGAI's semantics: limits, what scores
 * only when it fires, what dies, and the errors of rows declared wrong.
 * Each game is an avatar walking right over a row of sprites.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#include "state.h"

static const char *const head = "sprite { 'avatar', 'MovingAvatar', healthPoints = 3, limitHealthPoints = 6 }\n"
                                "map { 'A', 'avatar' }\n";

/* Loads 'head' then 'rules' (which may map 'x', 'y' and 'z') on 'map'. */
static vg_game *load_ok(const char *rules, const char *map) {
    char lua[2048];
    snprintf(lua, sizeof lua, "%s%s", head, rules);
    return load_lua_ok(lua, map);
}

/* The error loading 'rules' gives: at 'line' of the script, with 'words'. */
static void load_error(const char *rules, int line, const char *words) {
    char lua[2048];
    snprintf(lua, sizeof lua, "%s%s", head, rules);
    load_lua_error(lua, "A", line, words);
}

/* The avatar's amount of resource type 'name'. */
static int amount(const vg_game *g, const vg_state *s, const char *name) {
    int t = vg_type_find(g, name);
    assert_true(t >= 0 && g->res_slot[t] >= 0);
    return vg_avatar_resource(g, s, g->res_slot[t]);
}

static int hp(const vg_game *g, const vg_state *s) {
    const int16_t *h = sprite_health(g, state_sprite(s, (uint32_t)state_avatar(g, s)));
    assert_non_null(h);
    return h[0];
}

static void right(const vg_game *g, vg_state *s) {
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
}

/* changeResource adds up to the limit and no further; past it the row
 * neither scores nor kills. */
static void test_change_resource(void **state) {
    (void)state;
    vg_game *g = load_ok(
        "sprite { 'gem', 'Resource', limit = 1 }\n"
        "sprite { 'coin', 'Immovable' }\n"
        "map { 'x', 'coin' }\n"
        "interaction { 'avatar', 'coin', 'changeResource', resource = 'gem', killResource = true, scoreChange = 1 }\n",
        "Axx");
    vg_state *s = vg_state_new(g, 1);
    int coin = vg_type_find(g, "coin");
    right(g, s);
    assert_int_equal(amount(g, s, "gem"), 1);
    assert_true(vg_score(s) == 1);
    assert_int_equal(state_count(g, s, coin), 1);
    right(g, s);
    assert_int_equal(amount(g, s, "gem"), 1);
    assert_true(vg_score(s) == 1);
    assert_int_equal(state_count(g, s, coin), 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* A loss never goes below 0, and the avatar holds the resource from then on. */
static void test_change_resource_loss(void **state) {
    (void)state;
    vg_game *g =
        load_ok("sprite { 'gem', 'Resource' }\n"
                "sprite { 'thief', 'Immovable' }\n"
                "map { 'x', 'thief' }\n"
                "interaction { 'avatar', 'thief', 'changeResource', resource = 'gem', value = -1, scoreChange = 2 }\n",
                "Ax");
    vg_state *s = vg_state_new(g, 1);
    right(g, s);
    assert_int_equal(amount(g, s, "gem"), 0);
    assert_true(vg_score(s) == 2);
    assert_true(sprite_holds(g, state_sprite(s, (uint32_t)state_avatar(g, s)), 0));
    vg_state_free(s);
    vg_game_free(g);
}

/* collectResource tops up to the limit with part of the 'value'; a full
 * avatar leaves the resource there and scores nothing. */
static void test_collect_resource(void **state) {
    (void)state;
    vg_game *g = load_ok("sprite { 'gem', 'Resource', value = 3, limit = 4 }\n"
                         "map { 'x', 'gem' }\n"
                         "interaction { 'gem', 'avatar', 'collectResource', scoreChange = 1 }\n",
                         "Axxx");
    vg_state *s = vg_state_new(g, 1);
    int gem = vg_type_find(g, "gem");
    right(g, s);
    assert_int_equal(amount(g, s, "gem"), 3);
    right(g, s);
    assert_int_equal(amount(g, s, "gem"), 4);
    assert_int_equal(state_count(g, s, gem), 1);
    right(g, s);
    assert_int_equal(amount(g, s, "gem"), 4);
    assert_true(vg_score(s) == 2);
    assert_int_equal(state_count(g, s, gem), 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* collectResourceIfHeld: nothing without the held resource; with it, the
 * resource is taken. */
static void test_collect_resource_if_held(void **state) {
    (void)state;
    vg_game *g =
        load_ok("sprite { 'key', 'Resource' }\n"
                "sprite { 'cake', 'Resource' }\n"
                "map { 'x', 'cake' }\n"
                "map { 'y', 'key' }\n"
                "interaction { 'cake', 'avatar', 'collectResourceIfHeld', heldResource = 'key', scoreChange = 1 }\n"
                "interaction { 'key', 'avatar', 'collectResource' }\n",
                "Axyx");
    vg_state *s = vg_state_new(g, 1);
    int cake = vg_type_find(g, "cake");
    right(g, s);
    assert_int_equal(amount(g, s, "cake"), 0);
    assert_int_equal(state_count(g, s, cake), 2);
    right(g, s);
    assert_int_equal(amount(g, s, "key"), 1);
    right(g, s);
    assert_int_equal(amount(g, s, "cake"), 1);
    assert_int_equal(state_count(g, s, cake), 1);
    assert_true(vg_score(s) == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* subtractHealthPoints scores 'scoreChange' while the sprite lives and
 * 'scoreChangeIfKilled' (only) when it kills it. */
static void test_subtract_health_points(void **state) {
    (void)state;
    vg_game *g = load_ok(
        "sprite { 'spike', 'Immovable' }\n"
        "map { 'x', 'spike' }\n"
        "interaction { 'avatar', 'spike', 'subtractHealthPoints', value = 2, scoreChange = 1, scoreChangeIfKilled = -5 }\n",
        "Axx");
    vg_state *s = vg_state_new(g, 1);
    right(g, s);
    assert_int_equal(hp(g, s), 1);
    assert_true(vg_score(s) == 1);
    right(g, s);
    assert_true(vg_score(s) == -4);
    assert_true(state_sprite(s, (uint32_t)state_avatar(g, s))->flags & SP_DISABLED);
    vg_state_free(s);
    vg_game_free(g);
}

/* addHealthPoints stays under limitHealthPoints (else does nothing);
 * addHealthPointsToMax stops at it. */
static void test_add_health_points(void **state) {
    (void)state;
    vg_game *g =
        load_ok("sprite { 'potion', 'Immovable' }\n"
                "sprite { 'elixir', 'Immovable' }\n"
                "map { 'x', 'potion' }\n"
                "map { 'y', 'elixir' }\n"
                "interaction { 'avatar', 'potion', 'addHealthPoints', value = 2, killSecond = true, scoreChange = 1 }\n"
                "interaction { 'avatar', 'elixir', 'addHealthPointsToMax', value = 9 }\n",
                "Axxy");
    vg_state *s = vg_state_new(g, 1);
    int potion = vg_type_find(g, "potion");
    right(g, s);
    assert_int_equal(hp(g, s), 5);
    assert_int_equal(state_count(g, s, potion), 1);
    right(g, s);
    assert_int_equal(hp(g, s), 5);
    assert_int_equal(state_count(g, s, potion), 1);
    assert_true(vg_score(s) == 1);
    right(g, s);
    assert_int_equal(hp(g, s), 6);
    vg_state_free(s);
    vg_game_free(g);
}

/* A timed row (GVGAI's TIME; effect_timer.c): a repeating one fires in the
 * first tick and then every 'timer' ticks, scoring each time; one with
 * nextExecution fires once, after 'timer' ticks. */
static void test_timed_health(void **state) {
    (void)state;
    vg_game *g = load_ok(
        "interaction { 'avatar', 'TIME', 'subtractHealthPoints', timer = 2, repeating = true, scoreChange = 1 }\n"
        "interaction { 'avatar', 'TIME', 'addHealthPoints', timer = 3, nextExecution = 3, value = 4 }\n",
        "A");
    vg_state *s = vg_state_new(g, 1);
    static const int want[] = {2, 2, 1, 5, 4}; /* after ticks 1..5 */
    for (int k = 0; k < 5; k++) {
        vg_error err = {0};
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
        assert_int_equal(hp(g, s), want[k]);
    }
    assert_true(vg_score(s) == 3);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_errors(void **state) {
    (void)state;
    load_error("sprite { 'coin', 'Immovable' }\n"
               "interaction { 'avatar', 'coin', 'changeResource' }\n",
               4, "needs 'resource'");
    load_error("sprite { 'coin', 'Resource' }\n"
               "interaction { 'coin', 'avatar', 'collectResourceIfHeld' }\n",
               4, "needs 'heldResource'");
    load_error("sprite { 'coin', 'Immovable' }\n"
               "interaction { 'avatar', 'coin', 'subtractHealthPoints', value = 0.5 }\n",
               4, "whole number");
    load_error("sprite { 'coin', 'Immovable' }\n"
               "interaction { 'avatar', 'EOS', 'changeResource', resource = 'coin' }\n",
               4, "two sprites");
    load_error("sprite { 'coin', 'Resource' }\n"
               "interaction { 'coin', 'TIME', 'collectResource' }\n",
               4, "cannot be timed");
    load_error("interaction { 'avatar', 'TIME', 'subtractHealthPoints', repeating = true }\n", 3, "needs 'timer'");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_change_resource),        cmocka_unit_test(test_change_resource_loss),
        cmocka_unit_test(test_collect_resource),       cmocka_unit_test(test_collect_resource_if_held),
        cmocka_unit_test(test_subtract_health_points), cmocka_unit_test(test_add_health_points),
        cmocka_unit_test(test_timed_health),           cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
