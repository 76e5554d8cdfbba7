/* SPDX-License-Identifier: MIT
 *
 * test_bound_block.c -- the derived bound's blocker part (engine/
 * bound_block.c): GVGAI's The Citadel, whose goal lies behind a roundhole
 * only a pushed boulder fills. Along level 1's shortest win (53 actions,
 * replayed to a win in GVGAI) the bound never exceeds the actions left and
 * drops by at most one an action; a boulder that can never reach a
 * roundhole makes the state dead; a rule that breaks the proof refuses it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define GAME "gvgai/thecitadel.txt"

static int bound_of(const vg_game *g, const vg_state *s) {
    vg_error err = {0};
    int h = vg_bound(g, s, &err);
    assert_string_equal(err.msg, "");
    return h;
}

static vg_action action_of(char c) {
    return c == 'U' ? VG_ACTION_UP : c == 'D' ? VG_ACTION_DOWN : c == 'L' ? VG_ACTION_LEFT : VG_ACTION_RIGHT;
}

/* Level 1: the blocker bound is derived, 29 at the start (walk 9 behind
 * the boulder, push 11 left, walk 2, push 2 down, walk 2, push 1 left,
 * walk 2 to the goal; the walk alone says 9), and along the shortest win
 * never above the actions left and consistent. */
static void test_citadel(void **state) {
    (void)state;
    const char *plan = "LLLLLLULDUURRLDDRULURRRRRRRRRURRDLLLLLULDDRDLLLLLLLLL";
    vg_game *g = load_game(GAME, "gvgai/thecitadel_lvl1.txt");
    const char *note = NULL;
    assert_int_equal(vg_game_bound(g, &note), VG_BOUND_DERIVED);
    assert_non_null(strstr(note, "blocker"));
    vg_state *s = vg_state_new(g, 0);
    int prev = bound_of(g, s), len = (int)strlen(plan);
    assert_int_equal(prev, 29);
    for (int i = 0; i < len; i++) {
        assert_int_equal(vg_advance(g, s, action_of(plan[i]), NULL), VG_OK);
        int h = bound_of(g, s);
        if (h > len - (i + 1) || prev > 1 + h)
            fail_msg("action %d: the bound goes from %d to %d, %d left", i + 1, prev, h, len - i - 1);
        prev = h;
    }
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    vg_state_free(s);
    vg_game_free(g);
}

/* The pushes and walks a small map needs, exactly; a boulder in a corner
 * or in a squarehole is dead; with the goal in reach, only the walk. */
static void test_dead(void **state) {
    (void)state;
    static const struct {
        const char *map;
        int h;
    } cases[] = {
        {"wwwwwww\nwg0...w\nwww.b.w\nwA....w\nwwwwwww\n",
         10}, /* walk 3, push up, walk 2, push 2 left, walk 2: 10 exactly */
        {"wwwwwww\nwg0..bw\nwww...w\nwA....w\nwwwwwww\n", VG_BOUND_DEAD}, /* the boulder in a corner */
        {"wwwwwww\nwg0.1bw\nwww...w\nwA....w\nwwwwwww\n", VG_BOUND_DEAD},
        {"wwwwwww\nwg0b1.w\nwww...w\nwA....w\nwwwwwww\n",
         8}, /* walk 5 to push it in from the hole (open: it may be filled), 1 push, walk 2 */
        {"wwwwwww\nwg...bw\nwww...w\nwA....w\nwwwwwww\n", 6}, /* no blocker: the walk */
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        vg_game *g = load_game_text(GAME, cases[k].map);
        vg_state *s = vg_state_new(g, 0);
        int h = bound_of(g, s);
        if (h != cases[k].h) fail_msg("map %zu: bound %d, not %d", k, h, cases[k].h);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* A rule that breaks the proof leaves the walk alone (no blocker). */
static void test_refused(void **state) {
    (void)state;
    static const char *const game_rules = /* then the rule that breaks it, then game_end */
        "BasicGame\n  SpriteSet\n    floor > Immovable\n    hole > Immovable\n    boulder > Passive\n"
        "    avatar > MovingAvatar\n    goal > Immovable\n    wall > Immovable\n"
        "  LevelMapping\n    A > avatar floor\n    b > boulder floor\n    0 > hole floor\n    g > goal floor\n"
        "    . > floor\n  InteractionSet\n    avatar wall hole > stepBack\n    goal avatar > killSprite\n"
        "    boulder boulder wall goal > undoAll\n    boulder hole > killBoth\n";
    static const char *const game_end = "  TerminationSet\n    SpriteCounter stype=goal limit=0 win=True\n";
    static const char *const breaks[] = {
        "    boulder avatar > bounceForward repeat=2\n",                           /* pushed twice a tick */
        "    boulder avatar > bounceForward\n    hole avatar > killSprite\n",      /* the avatar clears holes */
        "    boulder avatar > bounceForward\n    boulder goal > stepBack\n",       /* a box stepped back */
        "    boulder avatar > bounceForward\n    boulder floor > bounceForward\n", /* a box pushed by another */
    };
    const char *map = "wwwwwww\nwg0...w\nwww.b.w\nwA....w\nwwwwwww\n";
    size_t nb = sizeof breaks / sizeof *breaks;
    for (size_t k = 0; k <= nb; k++) {
        char rules[1024];
        snprintf(rules, sizeof rules, "%s%s%s", game_rules, k < nb ? breaks[k] : "    boulder avatar > bounceForward\n",
                 game_end);
        vg_game *g = load_vgdl_text(rules, map);
        const char *note = NULL;
        vg_game_bound(g, &note);
        if ((strstr(note, "blocker") != NULL) != (k == nb)) fail_msg("rule %zu: %s", k, note);
        vg_game_free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_citadel),
        cmocka_unit_test(test_dead),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
