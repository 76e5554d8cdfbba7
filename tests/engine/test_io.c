/* SPDX-License-Identifier: MIT
 *
 * test_io.c -- a game's text files: only regular files are read, whole,
 * up to a size (a FIFO, /dev/zero or a directory as a map or a script is
 * an error naming it, at once, not a hang); action lists are read line by
 * line whatever a line's length, and a bad line is named.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support.h"

#define BAIT "scripts/bait.lua"

static void expect_io_error(const char *script, const char *level, const char *file, const char *why) {
    vg_game *g = NULL;
    vg_error err = {0};
    assert_int_equal(vg_game_load(script, level, &g, &err), VG_ERR_IO);
    assert_null(g);
    assert_string_equal(err.file, file);
    if (!strstr(err.msg, why)) print_error("%s: %s\n", file, err.msg);
    assert_non_null(strstr(err.msg, why));
}

static void test_not_regular_files(void **state) {
    (void)state;
    char fifo[] = "/tmp/vgdl-test-fifo-XXXXXX";
    int fd = mkstemp(fifo);
    assert_true(fd >= 0);
    close(fd);
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *bait = repo_path(BAIT);
    char bait_copy[512];
    snprintf(bait_copy, sizeof bait_copy, "%s", bait);
    expect_io_error(bait_copy, fifo, fifo, "not a regular file");                         /* a FIFO as the map */
    expect_io_error(fifo, repo_path("levels/bait/lvl0.txt"), fifo, "not a regular file"); /* ... as the script */
    expect_io_error(bait_copy, "/dev/zero", "/dev/zero", "not a regular file");
    expect_io_error(bait_copy, "/tmp", "/tmp", "not a regular file");
    expect_io_error(bait_copy, "", "", "no file name");
    expect_io_error(bait_copy, "/nonexistent/map.txt", "/nonexistent/map.txt", "cannot open");
    unlink(fifo);
}

static void test_actions(void **state) {
    (void)state;
    vg_action *a;
    int n;
    vg_error err = {0};
    assert_int_equal(vg_parse_actions("LEFT\r\n  ACTION_UP \n\n# a comment\nnil\nUse", "a.txt", &a, &n, &err), VG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(a[0], VG_ACTION_LEFT);
    assert_int_equal(a[1], VG_ACTION_UP);
    assert_int_equal(a[2], VG_ACTION_NIL);
    assert_int_equal(a[3], VG_ACTION_USE);
    free(a);
    /* A line longer than any action is one bad line, not several. */
    char text[600];
    memset(text, 'x', 300);
    strcpy(text + 300, "LEFT\nRIGHT\n");
    memcpy(text, "LEFT\n", 5);
    assert_int_equal(vg_parse_actions(text, "long.txt", &a, &n, &err), VG_ERR_PARSE);
    assert_null(a);
    assert_string_equal(err.file, "long.txt");
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, "unknown action 'xxxx"));
    assert_true(strlen(err.msg) < 200);
    assert_int_equal(vg_parse_actions("LEFT\nJUMP\n", "b.txt", &a, &n, &err), VG_ERR_PARSE);
    assert_int_equal(err.line, 2);
    assert_int_equal(vg_read_actions("/dev/zero", &a, &n, &err), VG_ERR_IO);
    assert_int_equal(vg_read_actions(repo_path("tests/golden/gvgai/bait/lvl0_seed1.actions"), &a, &n, &err), VG_OK);
    assert_true(n > 0);
    free(a);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_not_regular_files),
        cmocka_unit_test(test_actions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
