/* SPDX-License-Identifier: MIT
 *
 * test_generate.c -- the Lua side of level generation (engine/lua/generate.c)
 * and the constraints it declares (engine/constraint.c, which has no test
 * file of its own):
 *
 * 1. constraints{} keeps what it says (vg_game_constraints); every way to
 *    say it wrong is an error at its line.
 * 2. vg_script_generate: the rows generate(rng, w, h) returns, the same
 *    for the same seed and others for others; rng(n) in 1..n and rng() in
 *    [0, 1); no level needed; a result of the wrong shape, an error in
 *    generate(), a script without one, a GVGAI file: errors naming the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

#define RULES \
    "sprite { 'floor', 'Immovable', hidden = true }\n" \
    "sprite { 'avatar', 'MovingAvatar' }\n" \
    "sprite { 'wall', 'Immovable' }\n" \
    "sprite { 'coin', 'Immovable' }\n" \
    "map { 'A', 'avatar', 'floor' }\n" \
    "map { '.', 'floor' }\n" \
    "map { 'w', 'wall' }\n" \
    "map { 'c', 'coin', 'floor' }\n" \
    "interaction { 'avatar', 'wall', 'stepBack' }\n" \
    "interaction { 'coin', 'avatar', 'killSprite' }\n" \
    "termination { 'SpriteCounter', stype = 'coin', limit = 0, win = true }\n" \
    "termination { 'SpriteCounter', stype = 'avatar', limit = 0, win = false }\n" /* 12 lines */
#define MAP "wwww\nwAcw\nwwww\n"

/* ---- 1. constraints{} ------------------------------------------------------------ */

static void test_constraints_kept(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(
        RULES "constraints { length = {4, 9}, wins = {0.6, 0.2}, sprites = { coin = {1, 3}, wall = 8 } }\n", MAP);
    const vg_constraints *c = vg_game_constraints(g);
    assert_true(c->has_length && c->min_length == 4 && c->max_length == 9);
    assert_true(c->has_wins && c->strong_min == 0.6 && c->weak_max == 0.2);
    assert_int_equal(c->nsprites, 2);
    for (int k = 0; k < 2; k++) {
        int coin = c->sprites[k].type == vg_type_find(g, "coin");
        assert_true(coin || c->sprites[k].type == vg_type_find(g, "wall"));
        assert_int_equal(c->sprites[k].min, coin ? 1 : 8);
        assert_int_equal(c->sprites[k].max, coin ? 3 : 8);
    }
    assert_false(vg_game_has_generate(g));
    vg_game_free(g);
    g = load_lua_ok(RULES "constraints { length = 7 }\nfunction generate(rng, w, h) return {} end\n", MAP);
    c = vg_game_constraints(g);
    assert_true(c->min_length == 7 && c->max_length == 7 && !c->has_wins && c->nsprites == 0);
    assert_true(vg_game_has_generate(g));
    vg_game_free(g);
    g = load_lua_ok(RULES, MAP); /* none said */
    c = vg_game_constraints(g);
    assert_true(!c->has_length && !c->has_wins && c->nsprites == 0);
    vg_game_free(g);
}

static void test_constraints_wrong(void **state) {
    (void)state;
    static const struct {
        const char *line, *says;
    } cases[] = {
        {"constraints { lenght = {4, 9} }", "unknown key 'lenght'; did you mean 'length'?"},
        {"constraints { length = {9, 4} }", "length needs {MIN, MAX}"},
        {"constraints { length = {0, 4} }", "length needs {MIN, MAX}"},
        {"constraints { length = {2.5, 4} }", "length needs {MIN, MAX}"},
        {"constraints { length = 'x' }", "length needs {MIN, MAX}"},
        {"constraints { wins = {1.5, 0} }", "wins needs {S, W}"},
        {"constraints { sprites = { coni = 2 } }", "unknown sprite type 'coni'"},
        {"constraints { sprites = { coin = {3, 1} } }", "sprites.coin needs {MIN, MAX}"},
        {"constraints { sprites = 3 }", "sprites needs a table"},
        {"constraints { sprites = { 3 } }", "sprites are counted by type name"},
        {"constraints { 4 }", "constraints{} takes named entries"},
        {"constraints { length = 4 }\nconstraints { length = 5 }", "says 'length' twice"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char lua[2048];
        snprintf(lua, sizeof lua, "%s%s\n", RULES, cases[k].line);
        load_lua_error(lua, MAP, strchr(cases[k].line, '\n') ? 14 : 13, cases[k].says);
    }
}

/* ---- 2. generate(rng, w, h) ----------------------------------------------------- */

/* The script 'lua' written to a temporary file; its path (a static buffer). */
static const char *script_file(const char *lua) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/vgdl-test-gen-%d.lua", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(lua, f);
    fclose(f);
    return path;
}

#define GENERATE \
    "function generate(rng, w, h)\n" \
    "    local rows = {}\n" \
    "    for y = 1, h do\n" \
    "        local r = {}\n" \
    "        for x = 1, w do r[x] = (x == 1 or y == 1 or x == w or y == h) and 'w' or (rng(4) == 1 and 'c' or '.') end\n" \
    "        rows[y] = table.concat(r)\n" \
    "    end\n" \
    "    local f = rng()\n" \
    "    assert(f >= 0 and f < 1)\n" \
    "    rows[2] = 'wA' .. rows[2]:sub(3)\n" \
    "    return rows\n" \
    "end\n"

static void test_generate_rows(void **state) {
    (void)state;
    const char *path = script_file(RULES GENERATE);
    char *a = NULL, *b = NULL, *c = NULL;
    vg_error err;
    assert_int_equal(vg_script_generate(path, 7, 9, 6, &a, &err), VG_OK);
    assert_int_equal(vg_script_generate(path, 7, 9, 6, &b, &err), VG_OK);
    assert_string_equal(a, b); /* the same seed, the same map */
    int differ = 0;
    for (uint64_t seed = 8; seed < 12 && !differ; seed++) {
        free(c);
        assert_int_equal(vg_script_generate(path, seed, 9, 6, &c, &err), VG_OK);
        differ = strcmp(a, c) != 0;
    }
    assert_true(differ);
    assert_int_equal((int)strlen(a), 10 * 6); /* 6 rows of 9, each ended by '\n' */
    for (int y = 0; y < 6; y++) assert_int_equal(a[y * 10 + 9], '\n');
    assert_memory_equal(a, "wwwwwwwww\nwA", 12);
    vg_game *g = load_lua_ok(RULES GENERATE, a); /* the map loads */
    vg_game_free(g);
    free(a), free(b), free(c);
    unlink(path);
}

static void test_generate_wrong(void **state) {
    (void)state;
    static const struct {
        const char *lua;
        vg_status st;
        int line;
        const char *says;
    } cases[] = {
        {"function generate(rng, w, h) return 'wA.w' end\n", VG_ERR_SCRIPT, 13, "must return a table of h rows"},
        {"function generate(rng, w, h) return {'wAw'} end\n", VG_ERR_SCRIPT, 13, "must return a table of h rows"},
        {"function generate(rng, w, h)\n local r = {} for y = 1, h do r[y] = 'w' end return r end\n", VG_ERR_SCRIPT, 13,
         "h rows of w characters"},
        {"function generate(rng, w, h)\n local r = {} for y = 1, h do r[y] = ('\\1'):rep(w) end return r end\n",
         VG_ERR_SCRIPT, 13, "printable characters"},
        {"function generate(rng, w, h)\n  return rng(0)\nend\n", VG_ERR_SCRIPT, 14,
         "rng(n) needs a whole number n >= 1"},
        {"function generate(rng, w, h)\n  error('no map today')\nend\n", VG_ERR_SCRIPT, 14, "no map today"},
        {"-- no generate\n", VG_ERR_ARG, 0, "defines no generate(rng, w, h)"},
        {"function generate(rng, w, h)\n  return nowhere\nend\n" /* a hostile _G: the read is protected */
         "setmetatable(_G, {__index = function(t, k) if k == 'nowhere' then error('no global ' .. k) end end})\n",
         VG_ERR_SCRIPT, 16, "no global nowhere"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char lua[4096];
        snprintf(lua, sizeof lua, "%s%s", RULES, cases[k].lua);
        const char *path = script_file(lua);
        char *text = (char *)"untouched";
        vg_error err = {0};
        assert_int_equal(vg_script_generate(path, 1, 4, 3, &text, &err), cases[k].st);
        assert_null(text);
        if (!strstr(err.msg, cases[k].says)) print_error("case %zu: expected '%s' in: %s\n", k, cases[k].says, err.msg);
        assert_non_null(strstr(err.msg, cases[k].says));
        assert_int_equal(err.line, cases[k].line);
        assert_string_equal(err.file, path);
        unlink(path);
    }
    char *text;
    vg_error err;
    assert_int_equal(vg_script_generate(repo_path("gvgai/sokoban.txt"), 1, 4, 3, &text, &err), VG_ERR_ARG);
    assert_non_null(strstr(err.msg, "GVGAI game file has no generate"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constraints_kept),
        cmocka_unit_test(test_constraints_wrong),
        cmocka_unit_test(test_generate_rows),
        cmocka_unit_test(test_generate_wrong),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
