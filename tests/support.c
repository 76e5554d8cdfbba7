/* SPDX-License-Identifier: MIT
 *
 * support.c -- see support.h. Tests run from the repository root.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

const char *repo_path(const char *rel) {
    static char buf[4][1024];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s", rel);
    return buf[k];
}

vg_game *load_game(const char *script, const char *level) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load(repo_path(script), repo_path(level), &g, &err);
    if (st != VG_OK) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_int_equal(st, VG_OK);
    return g;
}

vg_game *load_game_text(const char *script, const char *text) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load_text(repo_path(script), text, "text", &g, &err);
    if (st != VG_OK) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_int_equal(st, VG_OK);
    return g;
}

vg_error load_fail(const char *script, const char *level, vg_status status) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load(repo_path(script), repo_path(level), &g, &err);
    assert_null(g);
    if (st != status) print_error("got %s: %s:%d: %s\n", vg_status_name(st), err.file, err.line, err.msg);
    assert_int_equal(st, status);
    return err;
}

int read_actions(const char *path, vg_action **out, int *n) {
    vg_error err = {0};
    if (vg_read_actions(path, out, n, &err) == VG_OK) return 1;
    print_error("%s:%d: %s\n", err.file, err.line, err.msg);
    return 0;
}
