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
 * (Each loader's own tests: tests/engine/lua/, tests/engine/gvgai/.)
 */
#include <stdio.h>
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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dispatch),
        cmocka_unit_test(test_level_errors),
        cmocka_unit_test(test_missing_script),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
