/* SPDX-License-Identifier: MIT
 *
 * test_param.c -- setting parameters through the builder API (no Lua):
 * kinds and ranges are checked, misspelt names get a suggestion, a
 * child type inherits what its parent set over its class's defaults,
 * directions read as GVGAI names them, and a type named before it is
 * declared is resolved when the game is finished.
 */
#include <math.h>
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
    v = num(1.5);                                        /* cooldown is a whole number */
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
    static const struct { const char *name; int dx, dy; } dirs[] = {
        {"UP", 0, -1}, {"DOWN", 0, 1}, {"LEFT", -1, 0}, {"RIGHT", 1, 0}, {"NONE", 0, 0}};
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
    assert_true(g->types[npc].speed == 1);               /* RandomNPC's default */
    param_value v = num(4);
    assert_int_equal(game_type_param(g, npc, "cooldown", &v, 2, &err), VG_OK);
    assert_int_equal(game_type_param(g, npc, "singleton", &(param_value){.kind = PV_BOOL, .b = 1}, 2, &err), VG_OK);
    assert_int_equal(game_add_type(g, "bat", "npc", NULL, 3, &bat, &err), VG_OK);
    assert_int_equal(g->types[bat].cooldown, 4);
    assert_int_equal(g->types[bat].cls, g->types[npc].cls);
    assert_int_equal(g->types[bat].singleton, 0);          /* a singleton belongs to its own type */
    assert_int_equal(game_add_type(g, "spider", "npc", "Chaser", 4, &spider, &err), VG_OK);
    assert_int_equal(g->types[spider].cooldown, 4);        /* the parent's setting over Chaser's defaults */
    assert_int_equal(game_add_type(g, "ghost", "nobody", NULL, 5, &bat, &err), VG_ERR_SCRIPT);
    assert_string_equal(err.msg, "unknown sprite type 'nobody'");
    game_free(g);
}

/* A sprite may name a type declared later; an unknown one is an error at game_finish. */
static void test_named_before_declared(void **state) {
    (void)state;
    vg_game *g = game_new("t.lua");
    vg_error err;
    int sp, bomb;
    assert_int_equal(game_add_type(g, "spawner", NULL, "SpawnPoint", 1, &sp, &err), VG_OK);
    param_value v = str("bomb");
    assert_int_equal(game_type_param(g, sp, "stype", &v, 2, &err), VG_OK);
    assert_int_equal(game_add_type(g, "bomb", NULL, "Passive", 3, &bomb, &err), VG_OK);
    assert_int_equal(game_finish(g, &err), VG_OK);
    assert_int_equal(g->types[sp].stype, bomb);
    game_free(g);

    g = game_new("t.lua");
    assert_int_equal(game_add_type(g, "spawner", NULL, "SpawnPoint", 1, &sp, &err), VG_OK);
    v = str("bom");
    assert_int_equal(game_type_param(g, sp, "stype", &v, 2, &err), VG_OK);
    assert_int_equal(game_add_type(g, "bomb", NULL, "Passive", 3, &bomb, &err), VG_OK);
    assert_int_equal(game_finish(g, &err), VG_ERR_SCRIPT);
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, "did you mean 'bomb'?"));
    game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kinds_and_ranges),
        cmocka_unit_test(test_directions),
        cmocka_unit_test(test_inheritance),
        cmocka_unit_test(test_named_before_declared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
