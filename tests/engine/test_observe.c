/* SPDX-License-Identifier: MIT
 *
 * test_observe.c -- what agents read of a state: the avatar, sprite lists
 * by category and type (with and without a reference point), the
 * observation grid and its one-hot planes, the events of the last tick (and forgetting them),
 * the available actions and action names; and the type table they refer to.
 *
 * Bait level 0 (levels/bait/lvl0.txt), x to the right and y down from 0:
 *
 *     wwwww      walls w (21), the goal g at (1,1), the avatar A at (2,1),
 *     wgAww      boxes 1 at (2,3) and (3,3), the key k at (2,4); every
 *     ww..w      cell but the walls has floor (9). The solution is
 *     w.11w      DOWN RIGHT DOWN LEFT DOWN (the key) UP UP UP LEFT (the
 *     wwk.w      goal).
 *     wwwww
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"

#define SCRIPT  "scripts/bait.lua"
#define LVL0    "levels/bait/lvl0.txt"
#define MAX_OBS 256

static int type_of(const vg_game *g, const char *name) {
    int t = vg_type_find(g, name);
    if (t < 0) print_error("Bait has no sprite type '%s'\n", name);
    assert_true(t >= 0);
    return t;
}

static void advance_ok(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    vg_status st = vg_advance(g, s, a, &err);
    if (st != VG_OK) print_error("tick %d: %s:%d: %s\n", vg_tick(s), err.file, err.line, err.msg);
    assert_int_equal(st, VG_OK);
}

/* Advances 's' by one of its available actions, drawn from '*rng'. */
static void advance_random(const vg_game *g, vg_state *s, uint64_t *rng) {
    vg_action acts[VG_MAX_ACTIONS];
    *rng = *rng * 6364136223846793005ULL + 1442695040888963407ULL;
    int na = vg_actions(g, s, acts);
    advance_ok(g, s, acts[(*rng >> 33) % (uint64_t)na]);
}

/* How many of the n entries have type t. */
static int count_type(const vg_obs *o, int n, int t) {
    int c = 0;
    for (int k = 0; k < n; k++) c += o[k].type == t;
    return c;
}

/* Entries come grouped by type (each type one run), each group sorted by
 * squared distance to 'ref' (then id), or by id without one; sqdist is
 * right; ids are unique. */
static void expect_grouped_sorted(const vg_obs *o, int n, const double *ref) {
    for (int k = 0; k < n; k++) {
        double want = 0;
        if (ref) want = (o[k].x - ref[0]) * (o[k].x - ref[0]) + (o[k].y - ref[1]) * (o[k].y - ref[1]);
        assert_true(o[k].sqdist == want);
        for (int j = 0; j < k; j++) {
            assert_int_not_equal(o[j].id, o[k].id);
            if (o[j].type == o[k].type && j < k - 1) assert_int_equal(o[k - 1].type, o[k].type); /* one run */
        }
        if (k > 0 && o[k - 1].type == o[k].type) {
            if (ref && o[k - 1].sqdist != o[k].sqdist) assert_true(o[k - 1].sqdist < o[k].sqdist);
            else assert_true(o[k - 1].id < o[k].id);
        }
    }
}

/* ---- The avatar ------------------------------------------------------- */

static void test_avatar_at_start(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    double x = -1, y = -1;
    assert_int_equal(vg_avatar_pos(g, s, &x, &y), 1);
    assert_true(x == 2 && y == 1);
    assert_int_equal(vg_avatar_type(g, s), type_of(g, "nokey"));
    assert_int_equal(vg_avatar_alive(g, s), 1);
    int dx = 9, dy = 9;
    vg_avatar_orientation(g, s, &dx, &dy);
    assert_int_equal(dx, 0);
    assert_int_equal(dy, 0);

    advance_ok(g, s, VG_ACTION_DOWN);
    assert_int_equal(vg_avatar_pos(g, s, &x, &y), 1);
    assert_true(x == 2 && y == 2);
    vg_state_free(s);
    vg_game_free(g);
}

/* Taking the key makes the avatar a 'withkey'. */
static void test_avatar_type_changes(void **state) {
    (void)state;
    static const vg_action to_key[] = {VG_ACTION_DOWN, VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_LEFT, VG_ACTION_DOWN};
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    for (int k = 0; k < 5; k++) advance_ok(g, s, to_key[k]);
    assert_int_equal(vg_avatar_type(g, s), type_of(g, "withkey"));
    assert_int_equal(vg_avatar_alive(g, s), 1);
    double x, y;
    assert_true(vg_avatar_pos(g, s, &x, &y));
    assert_true(x == 2 && y == 4);
    vg_obs o[4];
    assert_int_equal(vg_sprites_of(g, s, type_of(g, "key"), NULL, o, 4), 0);
    vg_state_free(s);
    vg_game_free(g);
}

/* Level 1: two steps down drop the avatar into a hole. */
static void test_avatar_dies(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl1.txt");
    vg_state *s = vg_state_new(g, 4);
    advance_ok(g, s, VG_ACTION_DOWN);
    assert_int_equal(vg_avatar_alive(g, s), 1);
    advance_ok(g, s, VG_ACTION_DOWN);
    assert_int_equal(vg_avatar_alive(g, s), 0);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_int_equal(vg_avatar_type(g, s), type_of(g, "nokey"));
    vg_obs o[4];
    assert_int_equal(vg_sprites(g, s, VG_CAT_AVATAR, NULL, o, 4), 0); /* no live avatar listed */
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- Sprite lists ----------------------------------------------------- */

static void test_sprites_by_category(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    vg_obs o[MAX_OBS];
    int wall = type_of(g, "wall"), floor = type_of(g, "floor"), goal = type_of(g, "goal");
    int box = type_of(g, "box"), key = type_of(g, "key");

    int n = vg_sprites(g, s, VG_CAT_IMMOVABLE, NULL, o, MAX_OBS);
    assert_int_equal(n, 21 + 9 + 1);
    assert_int_equal(count_type(o, n, wall), 21);
    assert_int_equal(count_type(o, n, floor), 9);
    assert_int_equal(count_type(o, n, goal), 1);
    for (int k = 0; k < n; k++) assert_int_equal(o[k].cat, VG_CAT_IMMOVABLE);
    expect_grouped_sorted(o, n, NULL);

    n = vg_sprites(g, s, VG_CAT_MOVABLE, NULL, o, MAX_OBS);
    assert_int_equal(n, 3);
    assert_int_equal(count_type(o, n, box), 2);
    assert_int_equal(count_type(o, n, key), 1);
    expect_grouped_sorted(o, n, NULL);
    for (int k = 0; k < n; k++) {
        assert_int_equal(o[k].cat, VG_CAT_MOVABLE);
        if (o[k].type == key) assert_true(o[k].x == 2 && o[k].y == 4);
    }
    /* The boxes in id order: (2,3) was placed before (3,3). */
    int first = o[0].type == box ? 0 : 1;
    assert_true(o[first].x == 2 && o[first].y == 3);
    assert_true(o[first + 1].x == 3 && o[first + 1].y == 3);

    assert_int_equal(vg_sprites(g, s, VG_CAT_AVATAR, NULL, o, MAX_OBS), 1);
    assert_int_equal(o[0].type, type_of(g, "nokey"));
    assert_int_equal(vg_sprites(g, s, VG_CAT_NPC, NULL, o, MAX_OBS), 0);
    n = vg_sprites(g, s, VG_NUM_CATS, NULL, o, MAX_OBS); /* everything */
    assert_int_equal(n, 21 + 9 + 1 + 3 + 1);
    expect_grouped_sorted(o, n, NULL);

    /* A short array: the total comes back, 'max' are filled. */
    vg_obs two[3];
    memset(two, 0x5a, sizeof two);
    assert_int_equal(vg_sprites(g, s, VG_CAT_MOVABLE, NULL, two, 2), 3);
    unsigned char guard[sizeof two[2]];
    memset(guard, 0x5a, sizeof guard);
    assert_memory_equal(&two[2], guard, sizeof guard); /* nothing past max */
    vg_state_free(s);
    vg_game_free(g);
}

static void test_sprites_with_reference(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    vg_obs o[MAX_OBS];
    int box = type_of(g, "box");

    /* From (3,4) the box at (3,3) (distance 1) comes before the one at (2,3) (distance 2). */
    const double ref[2] = {3, 4};
    int n = vg_sprites(g, s, VG_CAT_MOVABLE, ref, o, MAX_OBS);
    assert_int_equal(n, 3);
    expect_grouped_sorted(o, n, ref);
    int first = o[0].type == box ? 0 : 1;
    assert_true(o[first].x == 3 && o[first].y == 3);
    assert_true(o[first].sqdist == 1);
    assert_true(o[first + 1].x == 2 && o[first + 1].y == 3);
    assert_true(o[first + 1].sqdist == 2);

    /* Walls from the avatar: nearest first. */
    const double at[2] = {2, 1};
    n = vg_sprites(g, s, VG_CAT_IMMOVABLE, at, o, MAX_OBS);
    assert_int_equal(n, 31);
    expect_grouped_sorted(o, n, at);
    int wall = type_of(g, "wall");
    for (int k = 0; k < n; k++)
        if (o[k].type == wall) {
            assert_true(o[k].sqdist == 1); /* (3,1) or (2,0) */
            break;
        }
    vg_state_free(s);
    vg_game_free(g);
}

/* A short array holds the first entries of the whole sorted list: with a
 * reference point, the nearest sprites, which is what agents ask for. */
static void test_sprites_nearest_when_truncated(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    vg_obs o[1];
    const double ref[2] = {3, 4};
    int n = vg_sprites_of(g, s, type_of(g, "box"), ref, o, 1);
    const double at[2] = {3, 1}; /* (3,1) is a wall */
    vg_obs w[1];
    int nw = vg_sprites_of(g, s, type_of(g, "wall"), at, w, 1);
    vg_state_free(s);
    vg_game_free(g);
    if (o[0].x != 3 || o[0].y != 3) print_error("nearest box to (3,4): (%g,%g), expected (3,3)\n", o[0].x, o[0].y);
    if (w[0].sqdist != 0) print_error("nearest wall to (3,1): (%g,%g), expected (3,1)\n", w[0].x, w[0].y);
    assert_int_equal(n, 2);
    assert_true(o[0].x == 3 && o[0].y == 3 && o[0].sqdist == 1);
    assert_int_equal(nw, 21);
    assert_true(w[0].x == 3 && w[0].y == 1 && w[0].sqdist == 0);
}

static void test_sprites_of_type(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    vg_obs o[MAX_OBS];
    /* 'avatar' is a parent type: its subtypes are listed. */
    int avatar = type_of(g, "avatar");
    assert_int_equal(vg_sprites_of(g, s, avatar, NULL, o, MAX_OBS), 1);
    assert_int_equal(o[0].type, type_of(g, "nokey"));
    assert_int_equal(o[0].cat, VG_CAT_AVATAR);
    assert_true(o[0].x == 2 && o[0].y == 1);
    assert_int_equal(vg_sprites_of(g, s, type_of(g, "withkey"), NULL, o, MAX_OBS), 0);
    assert_int_equal(vg_sprites_of(g, s, type_of(g, "wall"), NULL, o, MAX_OBS), 21);
    assert_int_equal(vg_sprites_of(g, s, type_of(g, "hole"), NULL, o, MAX_OBS), 0);
    const double ref[2] = {3, 4};
    assert_int_equal(vg_sprites_of(g, s, type_of(g, "box"), ref, o, MAX_OBS), 2);
    assert_true(o[0].x == 3 && o[0].y == 3 && o[0].sqdist == 1);
    assert_int_equal(vg_sprites_of(g, s, -1, NULL, o, MAX_OBS), 0);
    assert_int_equal(vg_sprites_of(g, s, vg_game_num_types(g), NULL, o, MAX_OBS), 0);

    /* After the first move down the avatar is listed at (2,2). */
    advance_ok(g, s, VG_ACTION_DOWN);
    assert_int_equal(vg_sprites_of(g, s, avatar, NULL, o, MAX_OBS), 1);
    assert_true(o[0].x == 2 && o[0].y == 2);
    vg_state_free(s);
    vg_game_free(g);
}

/* Counting only: no array (NULL, 0), as `vgdl show` does. Run in a child
 * process, so that a crash there (such as a sanitizer stopping at undefined
 * behaviour) fails this test alone; the child's exit status says which
 * check failed. */
static int count_only_checks(void) {
    vg_game *g = NULL;
    vg_error err;
    if (vg_game_load(SCRIPT, LVL0, &g, &err) != VG_OK) return 20;
    vg_state *s = vg_state_new(g, 1);
    int bad = vg_sprites(g, s, VG_CAT_IMMOVABLE, NULL, NULL, 0) != 31                   ? 21
              : vg_sprites(g, s, VG_CAT_MOVABLE, (const double[2]){3, 4}, NULL, 0) != 3 ? 22
              : vg_sprites_of(g, s, vg_type_find(g, "wall"), NULL, NULL, 0) != 21       ? 23
              : vg_grid_at(g, s, 2, 1, NULL, 0) != 2                                    ? 24
                                                                                        : 0;
    vg_state_free(s);
    vg_game_free(g);
    return bad;
}

static void test_count_only(void **state) {
    (void)state;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) _exit(count_only_checks());
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status)) print_error("counting with no array crashed (signal %d)\n", WTERMSIG(status));
    else if (WEXITSTATUS(status) > 20)
        print_error("counting with no array: check %d gave a wrong count\n", WEXITSTATUS(status) - 20);
    else if (WEXITSTATUS(status) != 0)
        print_error("counting with no array: the child exited with status %d (a sanitizer error?)\n",
                    WEXITSTATUS(status));
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* ---- The grid --------------------------------------------------------- */

static void expect_cell(const vg_game *g, const vg_state *s, int x, int y, const char *a, const char *b) {
    vg_obs o[16];
    int n = vg_grid_at(g, s, x, y, o, 16);
    int want = (a != NULL) + (b != NULL);
    if (n != want) print_error("cell (%d,%d): %d sprites, expected %d\n", x, y, n, want);
    assert_int_equal(n, want);
    if (a) assert_int_equal(count_type(o, n, type_of(g, a)), 1);
    if (b) assert_int_equal(count_type(o, n, type_of(g, b)), 1);
    for (int k = 0; k < n; k++) assert_true(o[k].x == x && o[k].y == y);
}

static void test_grid_at(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    expect_cell(g, s, 2, 1, "nokey", "floor");
    expect_cell(g, s, 1, 1, "goal", "floor");
    expect_cell(g, s, 0, 0, "wall", NULL);
    expect_cell(g, s, 2, 3, "box", "floor");
    expect_cell(g, s, 2, 4, "key", "floor");
    expect_cell(g, s, 3, 2, "floor", NULL);
    vg_obs o[4];
    assert_int_equal(vg_grid_at(g, s, -1, 0, o, 4), 0);
    assert_int_equal(vg_grid_at(g, s, 5, 0, o, 4), 0);
    assert_int_equal(vg_grid_at(g, s, 0, 6, o, 4), 0);
    assert_int_equal(vg_grid_at(g, s, 2, 1, o, 1), 2);

    advance_ok(g, s, VG_ACTION_DOWN); /* the avatar leaves (2,1) for (2,2) */
    expect_cell(g, s, 2, 1, "floor", NULL);
    expect_cell(g, s, 2, 2, "nokey", "floor");
    vg_state_free(s);
    vg_game_free(g);
}

/* The grid against a count by hand: every live sprite whose square
 * overlaps the cell (vg_sprites lists them all, fixed ones included), over
 * random play -- on Bait, and on Pacman, whose ghosts and avatar stand
 * between cells; the count comes back however short the array. */
static void test_grid_at_matches_sprites(void **state) {
    (void)state;
    static const char *games[][2] = {{SCRIPT, "levels/bait/lvl3.txt"},
                                     {"scripts/pacman.lua", "levels/pacman/lvl0.txt"}};
    for (int gi = 0; gi < 2; gi++) {
        vg_game *g = load_game(games[gi][0], games[gi][1]);
        vg_state *s = vg_state_new(g, 7);
        int w = vg_game_width(g), h = vg_game_height(g), cap = 4096;
        vg_obs *all = malloc((size_t)cap * sizeof *all), cell[16];
        assert_non_null(all);
        uint64_t rng = 12345;
        for (int tick = 0; tick < 60 && !vg_is_over(s); tick++) {
            int n = vg_sprites(g, s, VG_NUM_CATS, NULL, all, cap);
            assert_true(n <= cap);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    int want = 0;
                    for (int k = 0; k < n; k++)
                        want += all[k].x > x - 1 && all[k].x < x + 1 && all[k].y > y - 1 && all[k].y < y + 1;
                    int got = vg_grid_at(g, s, x, y, cell, 16);
                    if (got != want)
                        print_error("%s tick %d cell (%d,%d): %d sprites, by hand %d\n", games[gi][1], tick, x, y, got,
                                    want);
                    assert_int_equal(got, want);
                    assert_int_equal(vg_grid_at(g, s, x, y, NULL, 0), want);
                }
            advance_random(g, s, &rng);
        }
        free(all);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* The planes hold what vg_grid_at lists, cell by cell and type by type,
 * on Bait and Pacman (sprites between cells) through 60 random ticks. */
static void test_planes_match_grid(void **state) {
    (void)state;
    static const char *games[][2] = {{SCRIPT, "levels/bait/lvl3.txt"},
                                     {"scripts/pacman.lua", "levels/pacman/lvl0.txt"}};
    for (int gi = 0; gi < 2; gi++) {
        vg_game *g = load_game(games[gi][0], games[gi][1]);
        vg_state *s = vg_state_new(g, 7);
        int w = vg_game_width(g), h = vg_game_height(g), np = vg_planes(g), plane_of[VG_MAX_TYPES];
        for (int t = 0; t < VG_MAX_TYPES; t++) plane_of[t] = -1;
        for (int k = 0; k < np; k++) {
            int t = vg_plane_type(g, k);
            assert_true(vg_type_is_leaf(g, t));
            assert_true(k == 0 || t > vg_plane_type(g, k - 1)); /* type order */
            plane_of[t] = k;
        }
        assert_int_equal(vg_plane_type(g, np), -1);
        uint8_t *planes = malloc((size_t)np * (size_t)w * (size_t)h), want[VG_MAX_TYPES];
        assert_non_null(planes);
        vg_obs cell[16];
        uint64_t rng = 99;
        for (int tick = 0; tick < 60 && !vg_is_over(s); tick++) {
            vg_observe_planes(g, s, planes);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    memset(want, 0, sizeof want);
                    int n = vg_grid_at(g, s, x, y, cell, 16);
                    for (int k = 0; k < n; k++) want[plane_of[cell[k].type]] = 1;
                    for (int k = 0; k < np; k++)
                        assert_int_equal(planes[((size_t)k * (size_t)h + (size_t)y) * (size_t)w + (size_t)x], want[k]);
                }
            advance_random(g, s, &rng);
        }
        free(planes);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* ---- Events ----------------------------------------------------------- */

static void test_events(void **state) {
    (void)state;
    static const vg_action solution[] = {VG_ACTION_DOWN, VG_ACTION_RIGHT, VG_ACTION_DOWN,
                                         VG_ACTION_LEFT, VG_ACTION_DOWN,  VG_ACTION_UP,
                                         VG_ACTION_UP,   VG_ACTION_UP,    VG_ACTION_LEFT};
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 0);
    vg_event ev[VG_MAX_EVENTS];
    int avatar = type_of(g, "avatar"), key = type_of(g, "key"), box = type_of(g, "box"), goal = type_of(g, "goal");
    vg_obs o[4];
    assert_int_equal(vg_sprites_of(g, s, key, NULL, o, 4), 1);
    int key_id = o[0].id;
    assert_int_equal(vg_events(g, s, ev, VG_MAX_EVENTS), 0); /* nothing happened yet */

    /* Ticks 1, 2: walking on floor, nothing to report. */
    advance_ok(g, s, solution[0]);
    assert_int_equal(vg_events(g, s, ev, VG_MAX_EVENTS), 0);
    advance_ok(g, s, solution[1]);
    assert_int_equal(vg_events(g, s, ev, VG_MAX_EVENTS), 0);

    /* Tick 3: the avatar walks into the box at (3,3) and pushes it. */
    advance_ok(g, s, solution[2]);
    int n = vg_events(g, s, ev, VG_MAX_EVENTS);
    assert_true(n >= 1);
    for (int k = 0; k < n && k < VG_MAX_EVENTS; k++) {
        assert_int_equal(ev[k].tick, 3);
        assert_true(vg_type_is_a(g, ev[k].active_type, avatar));
        assert_int_equal(ev[k].passive_type, box);
        assert_int_equal(ev[k].from_avatar, 0);
        assert_true(ev[k].x == 3 && ev[k].y == 3); /* where the avatar is, in cells */
    }

    /* Tick 5: the avatar walks into the key at (2,4) and takes it. */
    advance_ok(g, s, solution[3]);
    advance_ok(g, s, solution[4]);
    n = vg_events(g, s, ev, VG_MAX_EVENTS);
    assert_true(n >= 1 && n <= VG_MAX_EVENTS);
    for (int k = 0; k < n; k++) {
        if (ev[k].passive_type != key || ev[k].x != 2 || ev[k].y != 4)
            print_error("event %d: %s -> %s at (%g,%g)\n", k, vg_type_name(g, ev[k].active_type),
                        vg_type_name(g, ev[k].passive_type), ev[k].x, ev[k].y);
        assert_int_equal(ev[k].tick, 5);
        assert_true(vg_type_is_a(g, ev[k].active_type, avatar));
        assert_int_equal(ev[k].passive_type, key);
        assert_int_equal(ev[k].passive_id, key_id);
        assert_int_equal(ev[k].from_avatar, 0);
        assert_true(ev[k].x == 2 && ev[k].y == 4);
    }
    /* A short array: the count comes back, one entry is filled. */
    vg_event one[2];
    memset(one, 0x5a, sizeof one);
    assert_int_equal(vg_events(g, s, one, 1), n);
    assert_int_equal(one[0].passive_type, key);
    unsigned char guard[sizeof one[1]];
    memset(guard, 0x5a, sizeof guard);
    assert_memory_equal(&one[1], guard, sizeof guard);

    /* Tick 6: walking up on floor: the events are those of the last tick only. */
    advance_ok(g, s, solution[5]);
    assert_int_equal(vg_events(g, s, ev, VG_MAX_EVENTS), 0);

    /* Tick 9: through the door. */
    for (int k = 6; k < 9; k++) advance_ok(g, s, solution[k]);
    assert_true(vg_is_over(s));
    n = vg_events(g, s, ev, VG_MAX_EVENTS);
    int saw_goal = 0;
    for (int k = 0; k < n && k < VG_MAX_EVENTS; k++)
        saw_goal |= ev[k].passive_type == goal && ev[k].active_type == type_of(g, "withkey") && ev[k].tick == 9;
    assert_true(saw_goal);
    vg_state_free(s);
    vg_game_free(g);
}

/* vg_clear_events forgets the events and nothing else: the hash stays,
 * and the next tick is the same with or without them. */
static void test_clear_events(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 0), *kept;
    vg_event ev[VG_MAX_EVENTS];
    advance_ok(g, s, VG_ACTION_DOWN);
    advance_ok(g, s, VG_ACTION_RIGHT);
    advance_ok(g, s, VG_ACTION_DOWN); /* pushes the box: an event */
    assert_true(vg_events(g, s, ev, VG_MAX_EVENTS) >= 1);
    assert_non_null(kept = vg_state_clone(s));
    uint64_t hash = vg_state_hash(s);
    vg_clear_events(s);
    assert_int_equal(vg_events(g, s, ev, VG_MAX_EVENTS), 0);
    assert_true(vg_state_hash(s) == hash);
    assert_int_equal(vg_tick(s), vg_tick(kept));
    advance_ok(g, s, VG_ACTION_LEFT);
    advance_ok(g, kept, VG_ACTION_LEFT);
    assert_int_equal(vg_state_used(s), vg_state_used(kept));
    assert_memory_equal(s, kept, vg_state_used(s)); /* byte for byte: a tick starts by clearing them */
    vg_state_free(kept);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- Actions ---------------------------------------------------------- */

static void test_actions(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    vg_action acts[VG_MAX_ACTIONS];
    int n = vg_actions(g, s, acts);
    assert_int_equal(n, 4);
    int seen[VG_NUM_ACTIONS] = {0};
    for (int k = 0; k < n; k++) {
        assert_true(acts[k] >= 0 && acts[k] < VG_NUM_ACTIONS);
        seen[acts[k]]++;
    }
    assert_int_equal(seen[VG_ACTION_LEFT], 1);
    assert_int_equal(seen[VG_ACTION_RIGHT], 1);
    assert_int_equal(seen[VG_ACTION_UP], 1);
    assert_int_equal(seen[VG_ACTION_DOWN], 1);
    assert_int_equal(seen[VG_ACTION_NIL], 0);
    assert_int_equal(seen[VG_ACTION_USE], 0);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_action_names(void **state) {
    (void)state;
    vg_action a = VG_ACTION_NIL;
    assert_int_equal(vg_action_parse("ACTION_LEFT", &a), 1);
    assert_int_equal(a, VG_ACTION_LEFT);
    a = VG_ACTION_NIL;
    assert_int_equal(vg_action_parse("LEFT", &a), 1);
    assert_int_equal(a, VG_ACTION_LEFT);
    a = VG_ACTION_NIL;
    assert_int_equal(vg_action_parse("left", &a), 1);
    assert_int_equal(a, VG_ACTION_LEFT);
    assert_int_equal(vg_action_parse("use", &a), 1);
    assert_int_equal(a, VG_ACTION_USE);
    assert_int_equal(vg_action_parse("NIL", &a), 1);
    assert_int_equal(a, VG_ACTION_NIL);

    static const char *const bad[] = {"JUMP", "ACTION_JUMP", "", "ACTION_", "LEF", "LEFTX", "LEFT ", " LEFT"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        a = VG_ACTION_DOWN;
        if (vg_action_parse(bad[k], &a)) print_error("'%s' was accepted\n", bad[k]);
        assert_int_equal(vg_action_parse(bad[k], &a), 0);
    }

    /* Every name reads back as its action. */
    for (int k = 0; k < VG_NUM_ACTIONS; k++) {
        const char *name = vg_action_name((vg_action)k);
        assert_non_null(name);
        assert_int_equal(strncmp(name, "ACTION_", 7), 0);
        assert_int_equal(vg_action_parse(name, &a), 1);
        assert_int_equal(a, k);
    }
    assert_string_equal(vg_action_name(VG_ACTION_LEFT), "ACTION_LEFT");
    assert_string_equal(vg_winner_name(VG_PLAYER_WINS), "PLAYER_WINS");
    assert_string_equal(vg_winner_name(VG_NO_WINNER), "NO_WINNER");
    assert_string_equal(vg_category_name(VG_CAT_IMMOVABLE), "immovable");
    assert_string_equal(vg_status_name(VG_OK), "ok");
    assert_true(strcmp(vg_status_name(VG_ERR_SCRIPT), vg_status_name(VG_ERR_PARSE)) != 0);
}

/* ---- Types ------------------------------------------------------------ */

static void test_types(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    assert_int_equal(vg_game_num_types(g), 10);
    int avatar = type_of(g, "avatar"), nokey = type_of(g, "nokey"), withkey = type_of(g, "withkey");
    int wall = type_of(g, "wall"), floor = type_of(g, "floor"), box = type_of(g, "box");
    assert_int_equal(vg_type_find(g, "no such type"), -1);
    assert_string_equal(vg_type_name(g, wall), "wall");
    assert_null(vg_type_name(g, -1));
    assert_null(vg_type_name(g, vg_game_num_types(g)));
    assert_int_equal(vg_type_is_leaf(g, avatar), 0);
    assert_int_equal(vg_type_is_leaf(g, nokey), 1);
    assert_int_equal(vg_type_is_a(g, nokey, avatar), 1);
    assert_int_equal(vg_type_is_a(g, withkey, avatar), 1);
    assert_int_equal(vg_type_is_a(g, avatar, avatar), 1);
    assert_int_equal(vg_type_is_a(g, box, avatar), 0);
    assert_int_equal(vg_type_is_a(g, avatar, nokey), 0);
    assert_int_equal(vg_type_category(g, wall), VG_CAT_IMMOVABLE);
    assert_int_equal(vg_type_category(g, box), VG_CAT_MOVABLE);
    assert_int_equal(vg_type_category(g, nokey), VG_CAT_AVATAR);
    assert_int_equal(vg_type_glyph(g, wall), 'w');
    assert_int_equal(vg_type_glyph(g, nokey), 'A');
    assert_int_equal(vg_type_glyph(g, withkey), 'B');
    assert_int_equal(vg_type_glyph(g, box), '1');
    assert_int_equal(vg_type_hidden(g, floor), 1);
    assert_int_equal(vg_type_hidden(g, wall), 0);
    assert_int_equal(vg_type_color(g, withkey), 0xffff00);
    assert_int_equal(vg_type_color(g, wall), 0x404040);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_avatar_at_start),
        cmocka_unit_test(test_avatar_type_changes),
        cmocka_unit_test(test_avatar_dies),
        cmocka_unit_test(test_sprites_by_category),
        cmocka_unit_test(test_sprites_with_reference),
        cmocka_unit_test(test_sprites_nearest_when_truncated),
        cmocka_unit_test(test_sprites_of_type),
        cmocka_unit_test(test_count_only),
        cmocka_unit_test(test_grid_at),
        cmocka_unit_test(test_grid_at_matches_sprites),
        cmocka_unit_test(test_planes_match_grid),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_clear_events),
        cmocka_unit_test(test_actions),
        cmocka_unit_test(test_action_names),
        cmocka_unit_test(test_types),
    };
    return cmocka_run_group_tests_name("observe", tests, NULL, NULL);
}
