/* SPDX-License-Identifier: MIT
 *
 * test_level.c -- text maps: malformed maps are errors that say where
 * (file, line, column) and what; harmless variations (CRLF line ends,
 * trailing blank lines) load as the plain map does; size limits hold at
 * the edge; and the map reads back through vg_game_width/height and
 * vg_render_text.
 *
 * Bad maps are fixtures under tests/fixtures/maps/, each loaded with
 * scripts/bait.lua and named for what it breaks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define SCRIPT "scripts/bait.lua"
#define MAPS   "tests/fixtures/maps/"

/* levels/bait/lvl0.txt, and how vg_render_text draws its start (floor is hidden). */
#define LVL0_TEXT "wwwww\nwgAww\nww..w\nw.11w\nwwk.w\nwwwww"
static const char lvl0_render[] = "wwwww\n"
                                  "wgAww\n"
                                  "ww  w\n"
                                  "w 11w\n"
                                  "wwk w\n"
                                  "wwwww\n";

/* ---- Bad maps --------------------------------------------------------- */

typedef struct bad_map {
    const char *fixture; /* file under tests/fixtures/maps/ */
    vg_status status;
    int line, col;  /* expected err.line and err.col */
    int col_alt;    /* another acceptable err.col, or -1 */
    const char *kw; /* the message contains this */
} bad_map;

static const bad_map bad_maps[] = {
    /* Row 3 has 4 columns, row 1 has 5: column 5 is missing. */
    {"ragged_short_row.txt", VG_ERR_PARSE, 3, 5, -1, "ragged"},
    /* Row 3 has 6 columns: column 6 is one too many. */
    {"ragged_long_row.txt", VG_ERR_PARSE, 3, 6, -1, "ragged"},
    /* 'X' at line 3, column 4; Bait does not map it. */
    {"unknown_char.txt", VG_ERR_PARSE, 3, 4, -1, "'X'"},
    /* Level 0 without its 'A': no one place is wrong. */
    {"no_avatar.txt", VG_ERR_PARSE, 0, 0, -1, "avatar"},
    {"empty.txt", VG_ERR_PARSE, 1, 0, -1, "empty"},
    {"blank_lines_only.txt", VG_ERR_PARSE, 1, 0, -1, "empty"},
    /* 129 columns: row 1 is too long (column 0: the whole row, or 129: the first one over). */
    {"too_wide.txt", VG_ERR_LIMIT, 1, 0, VG_MAX_MAP_SIDE + 1, "128"},
    /* 129 rows: line 129 is one too many. */
    {"too_tall.txt", VG_ERR_LIMIT, VG_MAX_MAP_SIDE + 1, 0, -1, "128"},
};
#define NUM_BAD ((int)(sizeof bad_maps / sizeof bad_maps[0]))

static void test_bad_map(void **state) {
    const bad_map *b = *state;
    char path[512];
    snprintf(path, sizeof path, MAPS "%s", b->fixture);
    vg_error err = load_fail(SCRIPT, path, b->status);
    int ok_file = ends_with(err.file, b->fixture), ok_line = err.line == b->line;
    int ok_col = err.col == b->col || (b->col_alt >= 0 && err.col == b->col_alt);
    int ok_msg = strstr(err.msg, b->kw) != NULL;
    if (!ok_file || !ok_line || !ok_col || !ok_msg)
        print_error("%s: expected %s:%d:%d with '%s', got %s:%d:%d: %s\n", b->fixture, b->fixture, b->line, b->col,
                    b->kw, err.file, err.line, err.col, err.msg);
    assert_true(ok_file);
    assert_int_equal(err.line, b->line);
    assert_true(ok_col);
    assert_true(ok_msg);
}

static void test_missing_map(void **state) {
    (void)state;
    vg_error err = load_fail(SCRIPT, MAPS "no_such_map.txt", VG_ERR_IO);
    assert_true(ends_with(err.file, "no_such_map.txt"));
}

/* 'err' may be NULL: failures still come back as a status. */
static void test_null_error_pointer(void **state) {
    (void)state;
    vg_game *g = (vg_game *)&g; /* not NULL: the call must clear it */
    assert_int_equal(vg_game_load(SCRIPT, MAPS "unknown_char.txt", &g, NULL), VG_ERR_PARSE);
    assert_null(g);
    assert_int_equal(vg_game_load(SCRIPT, MAPS "no_such_map.txt", &g, NULL), VG_ERR_IO);
    assert_null(g);
    assert_int_equal(vg_game_load_text(SCRIPT, "", "empty", &g, NULL), VG_ERR_PARSE);
    assert_null(g);
}

/* A map given as text is named in errors by the name given with it. */
static void test_text_map_error_names_it(void **state) {
    (void)state;
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load_text(SCRIPT, "wwwww\nwAw\nwwwww\n", "my-map", &g, &err);
    assert_int_equal(st, VG_ERR_PARSE);
    assert_null(g);
    assert_string_equal(err.file, "my-map");
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 4);
}

/* game{ gvgai_maps = true } reads a map as GVGAI reads a level: a short row
 * padded with empty cells, a character the script does not map an empty
 * cell; without it the same map is a ragged-map error. */
static void test_gvgai_maps(void **state) {
    (void)state;
    const char *rules = "sprite { 'wall', 'Immovable' }\nsprite { 'avatar', 'MovingAvatar' }\n"
                        "map { 'w', 'wall' }\nmap { 'A', 'avatar' }\nmap { ' ' }\n";
    const char *map = "wwwww\nwA\nw?  w\nwwwww\n";
    char lua[512];
    snprintf(lua, sizeof lua, "%sgame { gvgai_maps = true }\n", rules);
    vg_game *g = load_lua_ok(lua, map);
    assert_int_equal(vg_game_width(g), 5);
    assert_int_equal(vg_game_height(g), 4);
    vg_state *s = vg_state_new(g, 1);
    char buf[128];
    vg_render_text(g, s, buf, sizeof buf);
    assert_string_equal(buf, "wwwww\nwA   \nw   w\nwwwww\n");
    vg_state_free(s);
    vg_game_free(g);
    vg_game *h = NULL;
    vg_error err = {0};
    assert_int_equal(load_lua_text(rules, map, &h, &err), VG_ERR_PARSE);
    assert_null(h);
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.msg, "ragged"));
}

/* ---- Reading liberally ------------------------------------------------ */

/* Loads 'text' and returns the start hash (seed 1); also checks the size and the picture. */
static uint64_t start_hash(const char *text, const char *what) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load_text(SCRIPT, text, what, &g, &err);
    if (st != VG_OK) print_error("%s: %s:%d:%d: %s\n", what, err.file, err.line, err.col, err.msg);
    assert_int_equal(st, VG_OK);
    vg_state *s = vg_state_new(g, 1);
    uint64_t h = vg_state_hash(s);
    char buf[256];
    vg_render_text(g, s, buf, sizeof buf);
    int w = vg_game_width(g), hh = vg_game_height(g);
    vg_state_free(s);
    vg_game_free(g);
    if (strcmp(buf, lvl0_render) != 0) print_error("%s draws as:\n%s", what, buf);
    assert_int_equal(w, 5);
    assert_int_equal(hh, 6);
    assert_string_equal(buf, lvl0_render);
    return h;
}

static void test_liberal_reading(void **state) {
    (void)state;
    uint64_t plain = start_hash(LVL0_TEXT, "plain");
    assert_true(start_hash(LVL0_TEXT "\n", "final newline") == plain);
    assert_true(start_hash(LVL0_TEXT "\n\n\n", "trailing blank lines") == plain);
    assert_true(start_hash("wwwww\r\nwgAww\r\nww..w\r\nw.11w\r\nwwk.w\r\nwwwww", "CRLF") == plain);
    assert_true(start_hash("wwwww\r\nwgAww\r\nww..w\r\nw.11w\r\nwwk.w\r\nwwwww\r\n", "CRLF, final") == plain);
    assert_true(start_hash("wwwww\r\nwgAww\r\nww..w\r\nw.11w\r\nwwk.w\r\nwwwww\r\n\r\n\r\n", "CRLF, blank lines") ==
                plain);

    /* The file itself gives the same start. */
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl0.txt");
    vg_state *s = vg_state_new(g, 1);
    assert_true(vg_state_hash(s) == plain);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- Size limits ------------------------------------------------------ */

/* A side x side map: walls around, the avatar in the top-left corner,
 * floor elsewhere; 'tail' appended. */
static char *square_map(int side, const char *eol, const char *tail) {
    size_t cap = (size_t)side * ((size_t)side + 2) + strlen(tail) + 1;
    char *text = malloc(cap), *p = text;
    assert_non_null(text);
    for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++) {
            int edge = x == 0 || y == 0 || x == side - 1 || y == side - 1;
            *p++ = edge ? 'w' : (x == 1 && y == 1) ? 'A' : '.';
        }
        if (y < side - 1) p += sprintf(p, "%s", eol);
    }
    strcpy(p, tail);
    return text;
}

static int load_size(const char *text, const char *what, int *w, int *h) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load_text(SCRIPT, text, what, &g, &err);
    if (st != VG_OK) {
        print_error("%s: %s (%s:%d:%d: %s)\n", what, vg_status_name(st), err.file, err.line, err.col, err.msg);
        return 0;
    }
    *w = vg_game_width(g);
    *h = vg_game_height(g);
    vg_game_free(g);
    return 1;
}

/* The largest map allowed loads: 128 x 128. */
static void test_max_size_loads(void **state) {
    (void)state;
    char *text = square_map(VG_MAX_MAP_SIDE, "\n", "\n");
    int w = 0, h = 0, ok = load_size(text, "128x128", &w, &h);
    free(text);
    assert_true(ok);
    assert_int_equal(w, VG_MAX_MAP_SIDE);
    assert_int_equal(h, VG_MAX_MAP_SIDE);
}

/* ... and so does it with CRLF line ends and trailing blank lines, which
 * are harmless anywhere else. */
static void test_max_size_with_trailing_blank_lines(void **state) {
    (void)state;
    char *text = square_map(VG_MAX_MAP_SIDE, "\n", "\n\n");
    int w = 0, h = 0, ok = load_size(text, "128x128 + a blank line", &w, &h);
    free(text);
    text = square_map(VG_MAX_MAP_SIDE, "\r\n", "\r\n\r\n");
    int w2 = 0, h2 = 0, ok2 = load_size(text, "128x128, CRLF + a blank line", &w2, &h2);
    free(text);
    assert_true(ok);
    assert_true(ok2);
    assert_int_equal(h, VG_MAX_MAP_SIDE);
    assert_int_equal(h2, VG_MAX_MAP_SIDE);
}

/* ---- Reading the map back --------------------------------------------- */

static void test_width_height(void **state) {
    (void)state;
    static const struct { int lvl, w, h; } sizes[] = {{0, 5, 6}, {1, 13, 9}, {2, 13, 10}, {3, 13, 11}, {4, 7, 9}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        char path[64];
        snprintf(path, sizeof path, "levels/bait/lvl%d.txt", sizes[k].lvl);
        vg_game *g = load_game(SCRIPT, path);
        assert_int_equal(vg_game_width(g), sizes[k].w);
        assert_int_equal(vg_game_height(g), sizes[k].h);
        vg_game_free(g);
    }
}

static void test_render_text(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl0.txt");
    vg_state *s = vg_state_new(g, 1);
    char buf[256];
    int n = vg_render_text(g, s, buf, sizeof buf);
    assert_int_equal(n, (int)strlen(lvl0_render));
    assert_string_equal(buf, lvl0_render);

    /* Too small a buffer: the length needed, a truncated NUL-terminated prefix. */
    char small[10];
    memset(small, '#', sizeof small);
    assert_int_equal(vg_render_text(g, s, small, sizeof small), n);
    assert_int_equal(small[sizeof small - 1], '\0');
    assert_memory_equal(small, lvl0_render, sizeof small - 1);
    assert_int_equal(vg_render_text(g, s, NULL, 0), n);

    /* The avatar walks down, right, down (pushing a box), left (pushing the
     * other), down onto the key: it becomes 'withkey', drawn 'B'. */
    static const vg_action moves[] = {VG_ACTION_DOWN, VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_LEFT, VG_ACTION_DOWN};
    static const char after[] = "wwwww\n"
                                "wg ww\n"
                                "ww  w\n"
                                "w1  w\n"
                                "wwB1w\n"
                                "wwwww\n";
    for (size_t k = 0; k < sizeof moves / sizeof moves[0]; k++)
        assert_int_equal(vg_advance(g, s, moves[k], NULL), VG_OK);
    vg_render_text(g, s, buf, sizeof buf);
    if (strcmp(buf, after) != 0) print_error("after the moves:\n%s", buf);
    assert_string_equal(buf, after);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    struct CMUnitTest tests[NUM_BAD + 16];
    int n = 0;
    for (int k = 0; k < NUM_BAD; k++)
        tests[n++] = (struct CMUnitTest){
            .name = bad_maps[k].fixture, .test_func = test_bad_map, .initial_state = (void *)&bad_maps[k]};
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_missing_map),
        cmocka_unit_test(test_null_error_pointer),
        cmocka_unit_test(test_text_map_error_names_it),
        cmocka_unit_test(test_liberal_reading),
        cmocka_unit_test(test_max_size_loads),
        cmocka_unit_test(test_max_size_with_trailing_blank_lines),
        cmocka_unit_test(test_width_height),
        cmocka_unit_test(test_render_text),
        cmocka_unit_test(test_gvgai_maps),
    };
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) tests[n++] = fixed[k];
    return _cmocka_run_group_tests("level", tests, (size_t)n, NULL, NULL);
}
