/* SPDX-License-Identifier: MIT
 *
 * test_load.c -- vg_game_load (engine/load.c): the rules go to the loader
 * their file asks for, the level is read first.
 *
 * 1. A .txt file is GVGAI's VGDL, anything else a Lua script: GVGAI's
 *    bait.txt and scripts/bait.lua load to the same game on the same map
 *    (same types, same start state).
 * 2. A level that cannot be read is VG_ERR_IO naming it, before the
 *    rules are read; a level holding a NUL byte is not a text map.
 * 3. A script that does not exist is an error too, whichever loader.
 * 4. Games by name (vg_game_open): a script's name, GVGAI's game, a
 *    numbered, named or Berkeley level; an unknown game suggests the
 *    nearest name; a missing level names the map it looked for.
 * (Each loader's own tests: tests/engine/lua/, tests/engine/gvgai/.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

static void test_dispatch(void **state) {
    (void)state;
    vg_game *lua = load_game("scripts/bait.lua", "levels/bait/lvl1.txt");
    vg_game *txt = load_game("gvgai/bait.txt", "levels/bait/lvl1.txt");
    assert_int_equal(vg_game_num_types(lua), vg_game_num_types(txt));
    assert_int_equal(vg_game_width(lua), vg_game_width(txt));
    vg_state *a = vg_state_new(lua, 1), *b = vg_state_new(txt, 1);
    char ta[2048], tb[2048];
    assert_true(vg_render_text(lua, a, ta, sizeof ta) > 0);
    assert_true(vg_render_text(txt, b, tb, sizeof tb) > 0);
    assert_string_equal(ta, tb);
    vg_state_free(a);
    vg_state_free(b);
    vg_game_free(lua);
    vg_game_free(txt);
}

static void test_level_errors(void **state) {
    (void)state;
    vg_game *g = (vg_game *)1;
    vg_error err = {0};
    /* the level is read first: a missing one is the error even with a missing script */
    assert_int_equal(vg_game_load("no/such/script.lua", "no/such/level.txt", &g, &err), VG_ERR_IO);
    assert_null(g);
    assert_string_equal(err.file, "no/such/level.txt");
    char path[64];
    snprintf(path, sizeof path, "/tmp/vgdl-load-%d.txt", (int)getpid());
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite("A.\0.\n", 1, 5, f);
    fclose(f);
    assert_int_equal(vg_game_load("scripts/bait.lua", path, &g, &err), VG_ERR_PARSE);
    assert_null(g);
    assert_string_equal(err.file, path);
    assert_non_null(strstr(err.msg, "not a text file"));
    unlink(path);
}

static void test_missing_script(void **state) {
    (void)state;
    static const char *scripts[] = {"no/such/game.lua", "no/such/game.txt"};
    for (int k = 0; k < 2; k++) {
        vg_game *g = (vg_game *)1;
        vg_error err = {0};
        vg_status st = vg_game_load(scripts[k], "levels/bait/lvl0.txt", &g, &err);
        assert_int_not_equal(st, VG_OK);
        assert_null(g);
        assert_non_null(strstr(err.file, "no/such/game"));
    }
}

/* Loads GAME at LEVEL by name; the status, the game freed. */
static vg_status open_game(const char *game, const char *level, vg_error *err) {
    vg_game *g = (vg_game *)1;
    vg_status st = vg_game_open(repo_path("."), game, level, &g, err);
    assert_true(st == VG_OK ? g != NULL : g == NULL);
    vg_game_free(g);
    return st;
}

static void test_open_by_name(void **state) {
    (void)state;
    vg_error err = {0};
    assert_int_equal(open_game("bait", "3", &err), VG_OK);
    assert_int_equal(open_game("bait", NULL, &err), VG_OK);
    assert_int_equal(open_game("aliens", "1", &err), VG_OK);           /* gvgai/aliens.txt, aliens_lvl1.txt */
    assert_int_equal(open_game("cs188", "smallClassic", &err), VG_OK); /* levels/cs188/smallClassic.lay */
    assert_int_equal(open_game("cs188", "0", &err), VG_OK);            /* the first layout by name */
    assert_int_equal(open_game(repo_path("scripts/bait.lua"), repo_path("levels/bait/lvl2.txt"), &err), VG_OK);
    assert_int_equal(open_game("bat", "0", &err), VG_ERR_ARG);
    assert_string_equal(err.msg, "unknown game 'bat'; did you mean 'bait'?");
    assert_string_equal(err.file, "");
    assert_int_equal(open_game("zzzzzzzz", "0", &err), VG_ERR_ARG);
    assert_string_equal(err.msg, "unknown game 'zzzzzzzz'");
    assert_int_equal(open_game("no/such/game.lua", "0", &err), VG_ERR_ARG);
    assert_string_equal(err.msg, "no/such/game.lua: no such file (the game's rules)");
    assert_int_equal(open_game("bait", "9", &err), VG_ERR_IO);
    assert_non_null(strstr(err.msg, "bait has no level 9 ("));
    assert_non_null(strstr(err.msg, "levels/bait/lvl9.txt: no such file)"));
    assert_int_equal(open_game("bait", "nosuch", &err), VG_ERR_IO);
    assert_string_equal(err.msg, "level nosuch: no such map (nosuch)");
    assert_int_equal(open_game("bait", "", &err), VG_ERR_ARG);
    char *names[512];
    int n = vg_game_names(repo_path("."), names, 512), bait = 0, aliens = 0;
    for (int k = 0; k < n; k++) {
        bait += strcmp(names[k], "bait") == 0;
        aliens += strcmp(names[k], "aliens") == 0;
        assert_true(k == 0 || strcmp(names[k - 1], names[k]) < 0); /* sorted, each once */
        assert_null(strstr(names[k], "_lvl"));
    }
    for (int k = 0; k < n; k++) free(names[k]);
    assert_int_equal(bait, 1);
    assert_int_equal(aliens, 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dispatch),
        cmocka_unit_test(test_level_errors),
        cmocka_unit_test(test_missing_script),
        cmocka_unit_test(test_open_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
