/* SPDX-License-Identifier: MIT
 *
 * support.c -- see support.h. Tests run from the repository root.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
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

/* ---- Fixture scripts ------------------------------------------------- */

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int ends_with(const char *s, const char *tail) {
    size_t ls = strlen(s), lt = strlen(tail);
    return ls >= lt && strcmp(s + ls - lt, tail) == 0;
}

/* The 1-based line of 'path' that ends in "-- ERROR"; fails the test if none. */
int marked_line(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) print_error("cannot open %s\n", path);
    assert_non_null(f);
    char line[1024];
    int n = 0, found = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        size_t len = strcspn(line, "\r\n");
        while (len > 0 && line[len - 1] == ' ') len--;
        line[len] = '\0';
        if (ends_with(line, "-- ERROR")) {
            found = n;
            break;
        }
    }
    fclose(f);
    if (!found) print_error("%s has no line marked '-- ERROR'\n", path);
    assert_int_not_equal(found, 0);
    return found;
}

/* 1 when 'msg' contains one of the '|'-separated alternatives of 'kw'. */
int has_keyword(const char *msg, const char *kw) {
    char alt[128];
    while (*kw) {
        size_t n = strcspn(kw, "|");
        snprintf(alt, sizeof alt, "%.*s", (int)n, kw);
        if (strstr(msg, alt)) return 1;
        kw += n + (kw[n] == '|');
    }
    return 0;
}

/* Checks that 'err' names 'fixture' and its marked line, and that the
 * message has keyword 'kw1' and, unless NULL, 'kw2'. */
const char *fixture_script(const char *name) {
    static char path[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(path[k], sizeof path[k], "tests/fixtures/scripts/%s", name);
    FILE *f = fopen(path[k], "r");
    if (f) {
        fclose(f);
        return path[k];
    }
    char line_path[512], dir[64];
    snprintf(line_path, sizeof line_path, "tests/fixtures/scripts/lines/%s", name);
    snprintf(dir, sizeof dir, "/tmp/vgdl-fixtures-%d", (int)getpid());
    mkdir(dir, 0700);
    snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
    FILE *out = fopen(path[k], "w"), *parts[2] = {fopen("tests/fixtures/scripts/minimal.lua", "r"), fopen(line_path, "r")};
    assert_non_null(out);
    for (int p = 0; p < 2; p++) {
        if (!parts[p]) print_error("no fixture script %s\n", name);
        assert_non_null(parts[p]);
        char buf[4096];
        for (size_t n; (n = fread(buf, 1, sizeof buf, parts[p])) > 0;) fwrite(buf, 1, n, out);
        fclose(parts[p]);
    }
    fclose(out);
    return path[k];
}

void expect_error_at(const vg_error *err, const char *fixture, const char *kw1, const char *kw2) {
    int line = marked_line(fixture_script(fixture));
    int ok_file = ends_with(err->file, fixture), ok_line = err->line == line;
    int ok_kw = has_keyword(err->msg, kw1) && (!kw2 || has_keyword(err->msg, kw2));
    if (!ok_file || !ok_line || !ok_kw)
        print_error("%s: expected %s:%d with '%s'%s%s%s, got %s:%d: %s\n", fixture, fixture, line, kw1,
                    kw2 ? " and '" : "", kw2 ? kw2 : "", kw2 ? "'" : "", err->file, err->line, err->msg);
    assert_true(ok_file);
    assert_int_equal(err->line, line);
    assert_true(has_keyword(err->msg, kw1));
    if (kw2) assert_true(has_keyword(err->msg, kw2));
}
