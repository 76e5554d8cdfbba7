/* SPDX-License-Identifier: MIT
 *
 * test_effect_timer.c -- effects that fire by the clock
 * (engine/effect_timer.c), with GVGAI's semantics:
 *
 * 1. A "TIME" row runs in tick 1 and, 'repeating', every 'timer' ticks
 *    after; with 'nextExecution' it first runs in tick 'timer' + 1.
 * 2. addTimer runs its 'ftype' 'timer' ticks after the collision that set
 *    it; its 'scoreChange' counts when it is set and when it runs.
 * 3. Rows that cannot be timed are refused at their line.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

/* The score after each of 'n' ticks of RIGHT into 'scores'. */
static void scores(const char *rules, const char *map, int n, double *out) {
    char lua[1024];
    snprintf(lua, sizeof lua, "sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\nmap { '.' }\n%s", rules);
    vg_game *g = load_lua_ok(lua, map);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    for (int k = 0; k < n; k++) {
        assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
        out[k] = vg_score(s);
    }
    vg_state_free(s);
    vg_game_free(g);
}

static void expect_scores(const double *got, const double *want, int n) {
    for (int k = 0; k < n; k++) {
        if (got[k] != want[k]) print_error("tick %d: score %g, want %g\n", k + 1, got[k], want[k]);
        assert_true(got[k] == want[k]);
    }
}

static void test_timed_rows(void **state) {
    (void)state;
    double got[8];
    scores("interaction { 'avatar', 'TIME', 'scoreChange', scoreChange = 1 }\n", "A....", 3, got);
    expect_scores(got, (const double[]){1, 1, 1}, 3); /* once, in tick 1 */
    scores("interaction { 'avatar', 'TIME', 'scoreChange', scoreChange = 1, timer = 3, repeating = true }\n", "A....",
           8, got);
    expect_scores(got, (const double[]){1, 1, 1, 2, 2, 2, 3, 3}, 8); /* ticks 1, 4, 7 */
    scores("interaction { 'avatar', 'TIME', 'scoreChange', scoreChange = 1, timer = 3, nextExecution = 0 }\n", "A....",
           5, got);
    expect_scores(got, (const double[]){0, 0, 0, 1, 1}, 5); /* tick 4 */
}

/* A timed row runs on every sprite of its type: two coins, two points a time. */
static void test_timed_row_on_every_sprite(void **state) {
    (void)state;
    double got[2];
    scores("sprite { 'coin', 'Immovable' }\nmap { 'c', 'coin' }\n"
           "interaction { 'coin', 'TIME', 'scoreChange', scoreChange = 1 }\n",
           "A.c.c", 2, got);
    expect_scores(got, (const double[]){2, 2}, 2);
}

static void test_add_timer(void **state) {
    (void)state;
    double got[5];
    scores("sprite { 'bell', 'Immovable' }\nmap { 'b', 'bell' }\n"
           "interaction { 'bell', 'avatar', 'addTimer', timer = 2, ftype = 'scoreChange', scoreChange = 5 }\n"
           "interaction { 'bell', 'avatar', 'killSprite' }\n",
           "Ab...", 5, got);
    expect_scores(got, (const double[]){5, 5, 10, 10, 10}, 5); /* set in tick 1, runs in tick 3 */
}

static void test_refused(void **state) {
    (void)state;
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\n"
                   "interaction { 'avatar', 'TIME', 'killBoth' }\n",
                   "A", 3, "cannot be timed (TIME)");
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\n"
                   "interaction { 'avatar', 'TIME', 'scoreChange', repeating = true }\n",
                   "A", 3, "needs 'timer'");
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'bell', 'Immovable' }\nmap { 'A', 'avatar' }\n"
                   "interaction { 'bell', 'avatar', 'addTimer', timer = 2, ftype = 'killSprite' }\n",
                   "A", 4, "addTimer needs 'ftype'");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timed_rows),
        cmocka_unit_test(test_timed_row_on_every_sprite),
        cmocka_unit_test(test_add_timer),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
