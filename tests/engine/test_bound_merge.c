/* SPDX-License-Identifier: MIT
 *
 * test_bound_merge.c -- the bound for boxes merged into blocks of their
 * kind (engine/bound_merge.c): derived on GVGAI's Clusters, its value
 * (distances with the discount of the boxes merged before), never above
 * the actions left along a win, its dead states (a box cornered, a broken
 * box), and refused where a rule breaks its proof.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define GAME "gvgai/clusters.txt"

/* Plays 'moves' (U, D, L, R) from 's'; the bound of the state reached. */
static int after(const vg_game *g, vg_state *s, const char *moves) {
    static const char names[] = "UDLR";
    static const vg_action acts[] = {VG_ACTION_UP, VG_ACTION_DOWN, VG_ACTION_LEFT, VG_ACTION_RIGHT};
    for (; *moves; moves++) assert_int_equal(vg_advance(g, s, acts[strchr(names, *moves) - names], NULL), VG_OK);
    vg_error err = {0};
    int h = vg_bound(g, s, &err);
    assert_string_equal(err.msg, "");
    return h;
}

/* Derived on every level of Clusters; on a small map its value along a win
 * is never above the moves left, and each merge makes a new target. */
static void test_derived(void **state) {
    (void)state;
    for (int l = 0; l < 5; l++) {
        char lvl[64];
        snprintf(lvl, sizeof lvl, "gvgai/clusters_lvl%d.txt", l);
        vg_game *g = load_game(GAME, lvl);
        const char *note = NULL;
        if (vg_game_bound(g, &note) != VG_BOUND_DERIVED || !strstr(note, "merge")) fail_msg("level %d: %s", l, note);
        vg_state *s0 = vg_state_new(g, 0);
        print_message("level %d: bound %d\n", l, after(g, s0, ""));
        vg_state_free(s0);
        vg_game_free(g);
    }
    /* two blue boxes, 1 and 3 cells from the block: once the nearer has
     * merged, the farther is 2 from the grown block */
    vg_game *g = load_game_text(GAME, "wwwwwww\n"
                                      "w.....w\n"
                                      "wA1.1aw\n"
                                      "wwwwwww\n");
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(after(g, s, ""), 1 + (3 - 1)); /* D sorted 1, 3: the second discounted by 1 */
    const char *plan = "URRDR"
                       "ULLDRR"; /* the near box merges, then the far one */
    int left = (int)strlen(plan);
    for (int i = 0; plan[i]; i++, left--) {
        char one[2] = {plan[i], 0};
        int h = after(g, s, one);
        assert_true(h <= left - 1);
        if (i == 4) assert_int_equal(h, 2); /* merged: the block grew one cell */
    }
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    vg_state_free(s);
    vg_game_free(g);
}

/* Dead: a box in a corner away from its block; a box broken on a hole. */
static void test_dead(void **state) {
    (void)state;
    vg_game *g = load_game_text(GAME, "wwwwwww\n"
                                      "w1...aw\n"
                                      "w.A...w\n"
                                      "wwwwwww\n");
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(after(g, s, ""), VG_BOUND_DEAD);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game_text(GAME, "wwwwwww\n"
                             "w.....w\n"
                             "w.A1haw\n"
                             "w.....w\n"
                             "wwwwwww\n");
    s = vg_state_new(g, 0);
    assert_int_equal(after(g, s, ""), 4);              /* round the hole */
    assert_int_equal(after(g, s, "R"), VG_BOUND_DEAD); /* pushed onto the hole: broken, lost */
    vg_state_free(s);
    vg_game_free(g);

    /* a red box with the red block walled off by blue blocks */
    g = load_game_text(GAME, "wwwwwwww\n"
                             "w.A2.aaw\n"
                             "w....abw\n"
                             "w....aaw\n"
                             "wwwwwwww\n");
    s = vg_state_new(g, 0);
    assert_int_equal(after(g, s, ""), VG_BOUND_DEAD);
    vg_state_free(s);
    vg_game_free(g);
}

/* A rule that breaks the proof refuses it. */
static void test_refused(void **state) {
    (void)state;
    static const char *const game_rules = /* then the rule that breaks it, then game_end */
        "BasicGame\n  SpriteSet\n    floor > Immovable\n    block > Immovable\n    box > Passive\n"
        "    avatar > MovingAvatar\n    wall > Immovable\n"
        "  LevelMapping\n    A > avatar floor\n    1 > box floor\n    a > block floor\n    . > floor\n"
        "  InteractionSet\n    avatar wall block > stepBack\n    box avatar > bounceForward\n"
        "    box block > transformTo stype=block\n    block block > stepBack\n";
    static const char *const game_end = "  TerminationSet\n    SpriteCounter stype=box limit=0 win=True\n";
    static const char *const breaks[] = {
        "    box wall > undoAll\n",                                       /* no rule keeps boxes apart */
        "    box box wall > undoAll\n    block avatar > bounceForward\n", /* blocks pushed */
        "    box box wall > undoAll\n    box wall > killSprite\n",        /* boxes die otherwise */
    };
    const char *map = "wwwwwww\nwA1..aw\nwwwwwww\n";
    char path[] = "/tmp/vgdl_test_merge_XXXXXX.txt";
    for (size_t k = 0; k <= sizeof breaks / sizeof *breaks; k++) {
        int fd = mkstemps(path, 4);
        assert_true(fd >= 0);
        FILE *f = fdopen(fd, "w");
        fputs(game_rules, f);
        fputs(k < sizeof breaks / sizeof *breaks ? breaks[k] : "    box box wall > undoAll\n", f);
        fputs(game_end, f);
        fclose(f);
        vg_game *g = load_game_text(path, map);
        int want = k < sizeof breaks / sizeof *breaks ? VG_BOUND_NONE : VG_BOUND_DERIVED;
        const char *note = NULL;
        if ((int)vg_game_bound(g, &note) != want) fail_msg("rule %zu: %s", k, note);
        vg_game_free(g);
        remove(path);
        strcpy(path, "/tmp/vgdl_test_merge_XXXXXX.txt");
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_derived),
        cmocka_unit_test(test_dead),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
