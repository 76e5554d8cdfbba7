/* SPDX-License-Identifier: MIT
 *
 * test_param.c -- setting parameters through the builder API (no Lua):
 * kinds and ranges are checked, misspelt names get a suggestion, a
 * child type inherits what its parent set over its class's defaults,
 * directions read as GVGAI names them, and a type named before it is
 * declared is resolved when the game is finished. A parameter set where
 * it does not apply (its row says which classes or effects) is an error
 * in Lua, a warning in GVGAI's files.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "support.h"

#include "game.h"

static param_value num(double v) { return (param_value){.kind = PV_NUMBER, .num = v}; }
static param_value str(const char *v) { return (param_value){.kind = PV_STRING, .str = v}; }

static void test_kinds_and_ranges(void **state) {
    (void)state;
    vg_game *g = game_new("t.lua");
    vg_error err;
    int wall;
    assert_int_equal(game_add_type(g, "wall", NULL, "Immovable", 1, &wall, &err), VG_OK);
    param_value v = num(2.5);
    assert_int_equal(game_type_param(g, wall, "speed", &v, 2, &err), VG_OK);
    assert_true(g->types[wall].speed == 2.5);
    v = num(1.5); /* cooldown is a whole number */
    assert_int_equal(game_type_param(g, wall, "cooldown", &v, 3, &err), VG_ERR_SCRIPT);
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.msg, "whole number"));
    v = num(-1);
    assert_int_equal(game_type_param(g, wall, "speed", &v, 4, &err), VG_ERR_SCRIPT);
    v = str("fast");
    assert_int_equal(game_type_param(g, wall, "speed", &v, 5, &err), VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, "must be a number"));
    v = num(3);
    assert_int_equal(game_type_param(g, wall, "sped", &v, 6, &err), VG_ERR_SCRIPT);
    assert_string_equal(err.msg, "unknown sprite parameter 'sped'; did you mean 'speed'?");
    v = str("PURPEL");
    assert_int_equal(game_type_param(g, wall, "color", &v, 7, &err), VG_ERR_SCRIPT);
    assert_string_equal(err.msg, "unknown colour 'PURPEL'; did you mean 'PURPLE'?");
    /* not a number (Lua's 0/0) is in no range: refused, never stored (issue 27) */
    v = num(NAN);
    assert_int_equal(game_type_param(g, wall, "speed", &v, 8, &err), VG_ERR_SCRIPT);
    assert_int_equal(game_type_param(g, wall, "cooldown", &v, 9, &err), VG_ERR_SCRIPT);
    v = num(INFINITY);
    assert_int_equal(game_type_param(g, wall, "cooldown", &v, 10, &err), VG_ERR_SCRIPT);
    assert_true(g->types[wall].speed == 2.5);
    game_free(g);
}

static void test_directions(void **state) {
    (void)state;
    vg_game *g = game_new("t.lua");
    vg_error err;
    int m;
    assert_int_equal(game_add_type(g, "m", NULL, "Passive", 1, &m, &err), VG_OK);
    static const struct {
        const char *name;
        int dx, dy;
    } dirs[] = {{"UP", 0, -1}, {"DOWN", 0, 1}, {"LEFT", -1, 0}, {"RIGHT", 1, 0}, {"NONE", 0, 0}};
    for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++) {
        param_value v = str(dirs[k].name);
        assert_int_equal(game_type_param(g, m, "orientation", &v, 2, &err), VG_OK);
        assert_int_equal(g->types[m].dx0, dirs[k].dx);
        assert_int_equal(g->types[m].dy0, dirs[k].dy);
    }
    param_value v = str("NORTH");
    assert_int_equal(game_type_param(g, m, "orientation", &v, 3, &err), VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, "direction"));
    game_free(g);
}

/* A child takes its class's defaults, then what its parent set. */
static void test_inheritance(void **state) {
    (void)state;
    vg_game *g = game_new("t.lua");
    vg_error err;
    int npc, bat, spider;
    assert_int_equal(game_add_type(g, "npc", NULL, "RandomNPC", 1, &npc, &err), VG_OK);
    assert_true(g->types[npc].speed == 1); /* RandomNPC's default */
    param_value v = num(4);
    assert_int_equal(game_type_param(g, npc, "cooldown", &v, 2, &err), VG_OK);
    assert_int_equal(game_type_param(g, npc, "singleton", &(param_value){.kind = PV_BOOL, .b = 1}, 2, &err), VG_OK);
    assert_int_equal(game_add_type(g, "bat", "npc", NULL, 3, &bat, &err), VG_OK);
    assert_int_equal(g->types[bat].cooldown, 4);
    assert_int_equal(g->types[bat].cls, g->types[npc].cls);
    assert_int_equal(g->types[bat].singleton, 0); /* a singleton belongs to its own type */
    assert_int_equal(game_add_type(g, "spider", "npc", "Chaser", 4, &spider, &err), VG_OK);
    assert_int_equal(g->types[spider].cooldown, 4); /* the parent's setting over Chaser's defaults */
    assert_int_equal(game_add_type(g, "ghost", "nobody", NULL, 5, &bat, &err), VG_ERR_SCRIPT);
    assert_string_equal(err.msg, "unknown sprite type 'nobody'");
    game_free(g);
}

/* A sprite may name a type declared later; an unknown one is an error at game_finish. */
/* A game has an avatar and a map that places it (game_finish refuses others). */
static void add_avatar(vg_game *g) {
    vg_error err;
    int av;
    const char *types[] = {"avatar"};
    assert_int_equal(game_add_type(g, "avatar", NULL, "MovingAvatar", 9, &av, &err), VG_OK);
    assert_int_equal(game_add_mapping(g, 'A', types, 1, 9, &err), VG_OK);
}

static void test_named_before_declared(void **state) {
    (void)state;
    vg_game *g = game_new("t.lua");
    vg_error err;
    int sp, bomb;
    add_avatar(g);
    assert_int_equal(game_add_type(g, "spawner", NULL, "SpawnPoint", 1, &sp, &err), VG_OK);
    param_value v = str("bomb");
    assert_int_equal(game_type_param(g, sp, "stype", &v, 2, &err), VG_OK);
    assert_int_equal(game_add_type(g, "bomb", NULL, "Passive", 3, &bomb, &err), VG_OK);
    assert_int_equal(game_finish(g, &err), VG_OK);
    assert_int_equal(g->types[sp].stype, bomb);
    game_free(g);

    g = game_new("t.lua");
    add_avatar(g);
    assert_int_equal(game_add_type(g, "spawner", NULL, "SpawnPoint", 1, &sp, &err), VG_OK);
    v = str("bom");
    assert_int_equal(game_type_param(g, sp, "stype", &v, 2, &err), VG_OK);
    assert_int_equal(game_add_type(g, "bomb", NULL, "Passive", 3, &bomb, &err), VG_OK);
    assert_int_equal(game_finish(g, &err), VG_ERR_SCRIPT);
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, "did you mean 'bomb'?"));
    game_free(g);
}

/* A parameter set where it does not apply: an error at its line in Lua,
 * a warning in GVGAI's files (GVGAI ignores it), which still load. */
static void test_applies(void **state) {
    (void)state;
    static const char base[] = "sprite { 'floor', 'Immovable', hidden = true }\n"
                               "sprite { 'avatar', 'MovingAvatar' }\n"
                               "map { 'A', 'avatar', 'floor' }\n";
    static const struct {
        const char *lua, *words;
    } cases[] = {
        {"sprite { 'rock', 'Immovable', jump_strength = 3 }\n",
         "sprite 'rock' (Immovable): parameter 'jump_strength' does not apply (only to BirdAvatar, PlatformerAvatar"},
        {"sprite { 'rock', 'Immovable' }\ninteraction { 'avatar', 'rock', 'killSprite', spend = 4 }\n",
         "interaction killSprite: parameter 'spend' does not apply (only to spawnIfHasMore)"},
        {"interaction { 'avatar', 'avatar', function() end, stype = 'avatar' }\n",
         "interaction with a function: parameter 'stype' does not apply"},
        {"sprite { 'npc' }\nsprite { 'bat', 'RandomNPC', parent = 'npc' }\nsprite { 'rock', 'Immovable', parent = 'npc' }\n"
         "sprite { 'egg', parent = 'bat', limit = 3 }\n",
         "sprite 'egg' (RandomNPC): parameter 'limit' does not apply"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char lua[1024];
        snprintf(lua, sizeof lua, "%s%s", base, cases[k].lua);
        int line = 0;
        for (const char *p = lua; *p; p++) line += *p == '\n';
        load_lua_error(lua, "A\n", line, cases[k].words);
    }
    /* what does apply: a parent with no class sets it for subtypes of which one uses it */
    vg_game *g =
        load_lua_ok("sprite { 'floor', 'Immovable', hidden = true }\nsprite { 'avatar', 'MovingAvatar' }\n"
                    "map { 'A', 'avatar', 'floor' }\nsprite { 'npc', cons = 2 }\n"
                    "sprite { 'bat', 'RandomNPC', parent = 'npc' }\nsprite { 'rock', 'Immovable', parent = 'npc' }\n"
                    "interaction { 'avatar', 'TIME', 'subtractHealthPoints', timer = 5, repeating = true }\n",
                    "A\n");
    vg_game_free(g);
    g = load_vgdl_text("BasicGame\n  SpriteSet\n    rock > Immovable jump_strength=3\n"
                       "  InteractionSet\n    avatar rock > killSprite spend=4\n",
                       "A\n");
    vg_error w[4];
    assert_int_equal(vg_game_warnings(g, w, 4), 2);
    assert_non_null(strstr(w[0].msg, "parameter 'jump_strength' does not apply"));
    assert_non_null(strstr(w[0].msg, "GVGAI ignores it"));
    assert_int_equal(w[0].line, 3);
    assert_non_null(strstr(w[1].msg, "parameter 'spend' does not apply"));
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kinds_and_ranges), cmocka_unit_test(test_directions),
        cmocka_unit_test(test_inheritance),      cmocka_unit_test(test_named_before_declared),
        cmocka_unit_test(test_applies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
