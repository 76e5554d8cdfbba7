/* SPDX-License-Identifier: MIT
 *
 * test_class_npc.c -- non-player characters and missiles
 * (engine/class_npc.c), with GVGAI's semantics:
 *
 * 1. A Missile flies along its orientation at its speed, from its first
 *    move on (tick 2: a sprite of the level's start moves once its
 *    cooldown has passed); ErraticMissile flies as a Missile.
 * 2. A RandomNPC takes a step in a random base direction (or none) each
 *    tick: the same seed walks the same path, other seeds other paths.
 *    One given an orientation also drifts along it from tick 2 (its
 *    passive move, which its update passes over only when it has none).
 * 3. A RandomMissile draws its orientation once, then flies straight.
 * (The chasers: test_class_chaser.c; categories: test_class.c.)
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#define TICKS 8

/* The positions of the one sprite of 'type' over TICKS ticks of NIL, from
 * a state seeded 'seed', in xs[] and ys[]. */
static void path(const vg_game *g, const char *type, uint64_t seed, double *xs, double *ys) {
    vg_state *s = vg_state_new(g, seed);
    vg_error err = {0};
    vg_obs o[1];
    for (int k = 0; k < TICKS; k++) {
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
        assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, type), NULL, o, 1), 1);
        xs[k] = o[0].x, ys[k] = o[0].y;
    }
    vg_state_free(s);
}

static vg_game *game(const char *sprite) {
    char lua[512];
    snprintf(lua, sizeof lua,
             "sprite { 'avatar', 'MovingAvatar' }\n%s\nmap { 'A', 'avatar' }\nmap { 'n', 'npc' }\nmap { '.' }\n",
             sprite);
    return load_lua_ok(lua, "A.........\n"
                            "..........\n"
                            "..........\n"
                            "..........\n"
                            "....n.....\n"
                            "..........\n"
                            "..........\n"
                            "..........\n"
                            "..........\n"
                            "..........");
}

static void test_missiles(void **state) {
    (void)state;
    static const struct {
        const char *sprite;
        double dx, dy;
    } cases[] = {
        {"sprite { 'npc', 'Missile', orientation = 'DOWN' }", 0, 1},
        {"sprite { 'npc', 'Missile', orientation = 'LEFT', speed = 0.5 }", -0.5, 0},
        {"sprite { 'npc', 'ErraticMissile', orientation = 'UP' }", 0, -1},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        vg_game *g = game(cases[c].sprite);
        double xs[TICKS], ys[TICKS];
        path(g, "npc", 1, xs, ys);
        assert_true(xs[0] == 4 && ys[0] == 4); /* still in tick 1 */
        for (int k = 1; k < 4; k++) {
            if (xs[k] != 4 + cases[c].dx * k || ys[k] != 4 + cases[c].dy * k)
                print_error("%s: tick %d at %g,%g\n", cases[c].sprite, k + 1, xs[k], ys[k]);
            assert_true(xs[k] == 4 + cases[c].dx * k && ys[k] == 4 + cases[c].dy * k);
        }
        vg_game_free(g);
    }
}

static void test_random_npc(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'npc', 'RandomNPC' }");
    double xs[6][TICKS], ys[6][TICKS], again[2][TICKS];
    int differ = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        double *x = xs[seed - 1], *y = ys[seed - 1];
        path(g, "npc", seed, x, y);
        for (int k = 0; k < TICKS; k++) { /* a step of one cell at most, along one axis */
            double px = k ? x[k - 1] : 4, py = k ? y[k - 1] : 4;
            double d = (x[k] - px) * (x[k] - px) + (y[k] - py) * (y[k] - py);
            assert_true(d == 0 || d == 1);
        }
        if (seed > 1) differ += memcmp(x, xs[0], sizeof xs[0]) != 0 || memcmp(y, ys[0], sizeof ys[0]) != 0;
    }
    path(g, "npc", 3, again[0], again[1]);
    assert_memory_equal(again[0], xs[2], sizeof again[0]);
    assert_memory_equal(again[1], ys[2], sizeof again[1]);
    assert_true(differ >= 3);
    vg_game_free(g);
}

static void test_random_npc_oriented(void **state) {
    (void)state;
    vg_game *plain = game("sprite { 'npc', 'RandomNPC' }");
    vg_game *left = game("sprite { 'npc', 'RandomNPC', orientation = 'LEFT' }");
    int differ = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        double xs[TICKS], ys[TICKS], lx[TICKS], ly[TICKS];
        path(plain, "npc", seed, xs, ys);
        path(left, "npc", seed, lx, ly);
        assert_true(lx[0] == xs[0] && ly[0] == ys[0]); /* tick 1: no drift yet */
        for (int k = 1; k < 4; k++) assert_true(lx[k] < lx[k - 1]);
        differ += memcmp(lx, xs, sizeof xs) != 0;
    }
    assert_true(differ > 0);
    vg_game_free(plain);
    vg_game_free(left);
}

static void test_random_missile(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'npc', 'RandomMissile' }");
    int dirs = 0;
    double first[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 8; seed++) {
        double xs[TICKS], ys[TICKS];
        /* seeds far apart: java.util.Random's first draws of nearby seeds agree */
        path(g, "npc", seed * 1000003, xs, ys);
        double dx = xs[1] - xs[0], dy = ys[1] - ys[0];
        assert_true(dx * dx + dy * dy == 1); /* moving from tick 2 */
        for (int k = 2; k < 4; k++) assert_true(xs[k] - xs[k - 1] == dx && ys[k] - ys[k - 1] == dy);
        if (seed == 1) first[0] = dx, first[1] = dy;
        else dirs += dx != first[0] || dy != first[1];
    }
    assert_true(dirs > 0); /* not always the same way */
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missiles),
        cmocka_unit_test(test_random_npc),
        cmocka_unit_test(test_random_npc_oriented),
        cmocka_unit_test(test_random_missile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
