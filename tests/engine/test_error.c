/* SPDX-License-Identifier: MIT
 *
 * test_error.c -- filling a vg_error and the one "did you mean" of the
 * project: close misspellings are suggested (case ignored), far ones
 * are not, and a NULL error is allowed everywhere.
 */
#include <string.h>

#include "support.h"

#include "error.h"

static void test_closest_name(void **state) {
    (void)state;
    static const char *const names[] = {"killSprite", "stepBack", "transformTo", "undoAll"};
    assert_int_equal(vg_closest_name("stepback", names, 4), 1);  /* case ignored */
    assert_int_equal(vg_closest_name("killSprit", names, 4), 0); /* one letter short */
    assert_int_equal(vg_closest_name("tranformTo", names, 4), 2);
    assert_int_equal(vg_closest_name("explode", names, 4), -1); /* nothing close */
    assert_int_equal(vg_closest_name("x", names, 0), -1);
}

static void test_set_and_unknown(void **state) {
    (void)state;
    vg_error err;
    memset(&err, 0, sizeof err);
    assert_int_equal(error_set(&err, VG_ERR_PARSE, "map.txt", 3, 7, "bad %s", "cell"), VG_ERR_PARSE);
    assert_string_equal(err.file, "map.txt");
    assert_int_equal(err.line, 3);
    assert_int_equal(err.col, 7);
    assert_string_equal(err.msg, "bad cell");
    static const char *const names[] = {"Immovable", "MovingAvatar"};
    assert_int_equal(error_unknown(&err, "game.lua", 12, "sprite class", "Imovable", names, 2), VG_ERR_SCRIPT);
    assert_string_equal(err.msg, "unknown sprite class 'Imovable'; did you mean 'Immovable'?");
    assert_int_equal(err.line, 12);
    error_unknown(&err, "game.lua", 1, "effect", "zzzzzz", names, 2);
    assert_string_equal(err.msg, "unknown effect 'zzzzzz'");
    assert_int_equal(error_set(NULL, VG_ERR_IO, "f", 0, 0, "x"), VG_ERR_IO); /* no error wanted */
    error_suggest(NULL, "Imovable", names, 2);
}

static void test_status_names(void **state) {
    (void)state;
    assert_string_equal(vg_status_name(VG_OK), "ok");
    assert_string_equal(vg_status_name(VG_ERR_SCRIPT), "script error");
    assert_string_equal(vg_status_name((vg_status)99), "unknown status");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closest_name),
        cmocka_unit_test(test_set_and_unknown),
        cmocka_unit_test(test_status_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
