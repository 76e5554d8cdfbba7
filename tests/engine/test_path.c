/* SPDX-License-Identifier: MIT
 *
 * test_path.c -- GVGAI's path finder as path.c computes it at load: its
 * tie-breaking (neighbours up, down, left, right, and Java's priority
 * queue among equally distant cells), which cells are open (the 'obs'
 * types, exactly, where sprites start), cells off the map, a level too
 * large, and games that need no table. Pacman's and the unit games'
 * traces (test_trace.c) pin the rest against GVGAI itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "class.h"
#include "path.h"

enum { UP, LEFT, DOWN, RIGHT }; /* rows of class_base_dirs */

#define RULES(obs) \
    "game { square_size = 10 }\n" \
    "sprite { 'floor', 'Immovable' }\nsprite { 'solid' }\nsprite { 'wall', 'Immovable', parent = 'solid' }\n" \
    "sprite { 'crate', 'Passive' }\nsprite { 'avatar', 'MovingAvatar' }\n" \
    "sprite { 'hunter', 'PathChaser', stype = 'avatar' }\n" \
    "game { obs = " obs " }\n" \
    "map { '.', 'floor' }\nmap { 'w', 'floor', 'wall' }\nmap { 'x', 'floor', 'crate' }\n" \
    "map { 'A', 'floor', 'avatar' }\nmap { 'h', 'floor', 'hunter' }\n" \
    "interaction { 'crate', 'avatar', 'killSprite' }\n"

/* The first step from cell (x, y) to cell (tx, ty). */
static int step(const vg_game *g, int x, int y, int tx, int ty) {
    return path_step(g, x * 10, y * 10, tx * 10, ty * 10);
}

/* An open room: GVGAI tries down before right, and its heap, not a FIFO
 * queue, decides among cells at the same distance. */
static void test_tie_breaking(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(RULES("'wall'"), "A....\n.....\n.....\n.....\n....h");
    assert_int_equal(step(g, 0, 0, 1, 1), DOWN);
    assert_int_equal(step(g, 0, 0, 0, 3), DOWN);
    assert_int_equal(step(g, 0, 0, 3, 0), RIGHT);
    assert_int_equal(step(g, 4, 4, 0, 4), LEFT);
    assert_int_equal(step(g, 4, 4, 3, 3), UP);
    assert_int_equal(step(g, 0, 0, 3, 1), RIGHT); /* a breadth-first queue would go down */
    assert_int_equal(step(g, 0, 1, 2, 0), RIGHT); /* ... and here up */
    assert_int_equal(step(g, 2, 2, 2, 2), -1);    /* GVGAI has no path to where one is */
    vg_game_free(g);
}

/* Every step lies on a shortest path around the walls; no path into a
 * wall, out of one, or to a closed-off cell. */
static void test_shortest_around_walls(void **state) {
    (void)state;
    const char *map = "A..w....\n.w.w.ww.\n.w...w..\n.wwwww.w\n......w.\n.ww.w.wh";
    vg_game *g = load_lua_ok(RULES("'wall'"), map);
    int w = 8, h = 6, dist[48];
    for (int from = 0; from < w * h; from++) {
        for (int c = 0; c < w * h; c++) dist[c] = -1; /* breadth-first distances to 'from' */
        int queue[48], head = 0, tail = 0;
        if (map[from / w * (w + 1) + from % w] != 'w') dist[from] = 0, queue[tail++] = from;
        while (head < tail) {
            int c = queue[head++];
            for (int d = 0; d < 4; d++) {
                int nx = c % w + class_base_dirs[d][0], ny = c / w + class_base_dirs[d][1];
                if (nx < 0 || ny < 0 || nx >= w || ny >= h || map[ny * (w + 1) + nx] == 'w' || dist[ny * w + nx] >= 0)
                    continue;
                dist[ny * w + nx] = dist[c] + 1;
                queue[tail++] = ny * w + nx;
            }
        }
        for (int c = 0; c < w * h; c++) {
            int d = step(g, c % w, c / w, from % w, from / w);
            if (dist[c] <= 0) {
                assert_int_equal(d, -1);
                continue;
            }
            assert_true(d >= 0);
            int nx = c % w + class_base_dirs[d][0], ny = c / w + class_base_dirs[d][1];
            assert_int_equal(dist[ny * w + nx], dist[c] - 1);
        }
    }
    assert_int_equal(step(g, 7, 4, 0, 0), -1); /* (7, 4) and (7, 5) are closed off */
    assert_int_equal(step(g, 7, 4, 7, 5), DOWN);
    vg_game_free(g);
}

/* Open cells are read off the start of the level: a changing sprite of an
 * 'obs' type closes its cell for good, even once it is gone; a parent type
 * named in 'obs' closes nothing (GVGAI compares sprites' own types). */
static void test_open_cells(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(RULES("{ 'wall', 'crate' }"), "Ax.\n...\nw.h");
    assert_int_equal(step(g, 0, 0, 2, 0), DOWN); /* around the crate */
    assert_int_equal(step(g, 0, 0, 1, 0), -1);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK); /* the avatar breaks the crate */
    vg_obs o[4];
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "crate"), NULL, o, 4), 0);
    assert_int_equal(step(g, 0, 0, 1, 0), -1);
    vg_state_free(s);
    vg_game_free(g);
    g = load_lua_ok(RULES("'solid'"), "Aw.\n...\n..h");
    assert_int_equal(step(g, 0, 0, 2, 0), RIGHT); /* straight through the wall */
    vg_game_free(g);
}

/* Positions truncate to cells as Java's (int) does: a sprite up to a cell
 * left of or above the map is in its first column or row. */
static void test_cells_off_the_map(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(RULES("'wall'"), "A..\n...\n..h");
    assert_int_equal(path_cell(g, -9, 0), 0);
    assert_int_equal(path_cell(g, 0, -5), 0);
    assert_int_equal(path_cell(g, -10, 0), -1);
    assert_int_equal(path_cell(g, 30, 0), -1);
    assert_int_equal(path_cell(g, 29, 19), 1 * 3 + 2);
    assert_int_equal(path_step(g, -5, 0, 20, 0), RIGHT);
    assert_int_equal(path_step(g, 0, 0, 0, 30), -1);
    assert_int_equal(path_step_cells(g, -1, 0), -1);
    vg_game_free(g);
}

/* A game without path-finding classes gets no table; a level with more
 * open cells than the table takes is an error naming the map. */
static void test_no_table_and_too_large(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\n", "A");
    assert_int_equal(path_step(g, 0, 0, 0, 0), -1);
    vg_game_free(g);
    int side = 65;
    char *map = malloc((size_t)(side * (side + 1) + 1));
    assert_non_null(map);
    memset(map, '.', (size_t)(side * (side + 1)));
    for (int y = 0; y < side; y++) map[y * (side + 1) + side] = '\n';
    map[side * (side + 1)] = 0;
    map[0] = 'A', map[1] = 'h';
    vg_error err = {0};
    g = NULL;
    assert_int_equal(load_lua_text(RULES("'wall'"), map, &g, &err), VG_ERR_LIMIT);
    assert_null(g);
    assert_non_null(strstr(err.msg, "4225 open cells"));
    assert_string_equal(err.file, "map");
    free(map);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tie_breaking),
        cmocka_unit_test(test_shortest_around_walls),
        cmocka_unit_test(test_open_cells),
        cmocka_unit_test(test_cells_off_the_map),
        cmocka_unit_test(test_no_table_and_too_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
