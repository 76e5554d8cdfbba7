/* SPDX-License-Identifier: MIT
 *
 * test_bound.c -- the lower bound on the actions to a win (engine/bound.c,
 * vg_bound): Bait's script bound(state) (exact on a corridor, consistent
 * along a shortest win, right with two keys, its dead states), errors of
 * a script's bound, and the bounds the engine derives from the rules --
 * reach and push, each derived where its proof holds and refused where a
 * rule breaks it; Zen Puzzle's MultiSpriteCounter win and grown walls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define SCRIPT "scripts/bait.lua"

static void advance_all(const vg_game *g, vg_state *s, const char *moves) {
    for (const char *m = moves; *m; m++) {
        vg_action a = *m == 'U'   ? VG_ACTION_UP
                      : *m == 'D' ? VG_ACTION_DOWN
                      : *m == 'L' ? VG_ACTION_LEFT
                                  : VG_ACTION_RIGHT;
        assert_int_equal(vg_advance(g, s, a, NULL), VG_OK);
    }
}

static int bound_of(const vg_game *g, const vg_state *s) {
    vg_error err = {0};
    int h = vg_bound(g, s, &err);
    assert_string_equal(err.msg, "");
    return h;
}

/* Along 'plan' (a shortest win of 'len' actions) the bound never exceeds
 * the actions left and drops by at most one an action; 'h0' at the start. */
static void along(const vg_game *g, const char *plan, int h0) {
    vg_state *s = vg_state_new(g, 0);
    int prev = bound_of(g, s), len = (int)strlen(plan);
    assert_int_equal(prev, h0);
    for (int i = 0; plan[i]; i++) {
        char one[2] = {plan[i], 0};
        advance_all(g, s, one);
        int h = bound_of(g, s);
        assert_true(h <= len - (i + 1));
        assert_true(prev <= 1 + h);
        prev = h;
    }
    assert_int_equal(prev, 0);
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    vg_state_free(s);
}

/* Bait's bound, derived from its rules (a key chain; frozen boxes as
 * walls), and a script's bound(state) (tests/fixtures/scripts/bait/
 * bound.lua, Manhattan distances): exact on a corridor; along a shortest
 * win of level 0 never above the moves left and consistent. */
static void test_bait(void **state) {
    (void)state;
    const char *plan = "DRDLDUUUL"; /* tests/golden/gvgai/bait/lvl0_solution.actions */
    for (int k = 0; k < 2; k++) {
        const char *script = k ? fixture_script("bound.lua") : SCRIPT;
        vg_game *g = load_game(script, "tests/fixtures/agents/corridor.txt");
        const char *note = NULL;
        assert_int_equal(vg_game_bound(g, &note), k ? VG_BOUND_SCRIPT : VG_BOUND_DERIVED);
        if (!k) assert_non_null(strstr(note, "after a key"));
        along(g, "RR", 2);
        vg_game_free(g);
        g = load_game(script, "levels/bait/lvl0.txt");
        along(g, plan, 7);
        vg_game_free(g);
    }
}

/* The issue's map: two keys; the near one is behind the boxes, the far
 * one on the way: 9 moves, which the bound gives exactly (the old C bound
 * took the first key and said 13). */
static void test_two_keys(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "tests/fixtures/agents/two_keys.txt");
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(bound_of(g, s), 9);
    vg_state_free(s);
    vg_game_free(g);
}

/* Dead states: a box wedged on the key, a key behind walls, a lost game. */
static void test_dead(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "tests/fixtures/agents/wedge.txt");
    vg_state *s = vg_state_new(g, 0);
    assert_true(bound_of(g, s) < VG_BOUND_DEAD);
    advance_all(g, s, "R"); /* the box lands on the key, in the corner */
    assert_int_equal(bound_of(g, s), VG_BOUND_DEAD);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game(SCRIPT, "tests/fixtures/agents/walled.txt");
    s = vg_state_new(g, 0);
    assert_int_equal(bound_of(g, s), VG_BOUND_DEAD);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game(SCRIPT, "tests/fixtures/agents/detour.txt");
    s = vg_state_new(g, 0);
    advance_all(g, s, "R"); /* into the hole */
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_int_equal(bound_of(g, s), VG_BOUND_DEAD);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- Games written here ---------------------------------------------------- */

/* A maze: the avatar must touch every goal; 'extra' adds rules. */
static vg_game *maze(const char *extra, const char *map) {
    char lua[2048];
    snprintf(lua, sizeof lua,
             "sprite { 'wall', 'Immovable' }\n"
             "sprite { 'goal', 'Immovable' }\n"
             "sprite { 'avatar', 'MovingAvatar' }\n"
             "map { 'w', 'wall' }\nmap { 'g', 'goal' }\nmap { 'A', 'avatar' }\nmap { '.' }\n"
             "interaction { 'avatar', 'wall', 'stepBack' }\n"
             "interaction { 'goal', 'avatar', 'killSprite' }\n"
             "%s\n"
             "termination { 'SpriteCounter', stype = 'goal', limit = 0, win = true }\n",
             extra);
    return load_lua_ok(lua, map);
}

static const char *MAZE = "wwwwwww\n"
                          "wA..wgw\n"
                          "w.w.w.w\n"
                          "w.w...w\n"
                          "wgwwwww\n"
                          "wwwwwww\n";

/* Reach: the walk between the goals (a spanning tree) plus the way to the
 * nearest, over the cells that are not walls. */
static void test_derived_reach(void **state) {
    (void)state;
    vg_game *g = maze("", MAZE);
    const char *note = NULL;
    assert_int_equal(vg_game_bound(g, &note), VG_BOUND_DERIVED);
    assert_non_null(strstr(note, "reach"));
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(bound_of(g, s), 3 + 11); /* (1,4) first, 3 moves, then (5,1) round the walls: exact */
    advance_all(g, s, "RR");
    assert_int_equal(bound_of(g, s), 5 + 11); /* the spanning tree: either order walks between the goals */
    advance_all(g, s, "DDRRUU");              /* the goal at (5,1) taken */
    assert_int_equal(bound_of(g, s), 11);     /* the other one, all the way back */
    vg_state_free(s);
    vg_game_free(g);
}

/* Each rule that breaks the reach proof refuses it: h = 0. */
static void test_refused_reach(void **state) {
    (void)state;
    static const char *const breaks[] = {
        "sprite { 'fast', 'MovingAvatar', speed = 2 }", /* faster than a cell a move */
        "sprite { 'belt', 'Immovable' }\nmap { 'b', 'belt' }\ninteraction { 'avatar', 'belt', 'bounceForward' }",
        "sprite { 'rock', 'Missile' }\nmap { 'r', 'rock' }\ninteraction { 'goal', 'rock', 'killSprite' }",
        "termination { 'Timeout', limit = 50, win = true }",       /* wins otherwise */
        "interaction { 'avatar', 'goal', function(s, a, b) end }", /* a script effect */
        "sprite { 'door', 'Immovable' }\nmap { 'd', 'door' }\ninteraction { 'avatar', 'door', 'teleportToExit' }",
    };
    vg_game *two = maze("", "wwwwwww\nwA..wgw\nw.w.w.w\nw.w...w\nwgwwwAw\nwwwwwww\n"); /* two avatars */
    assert_int_equal(vg_game_bound(two, NULL), VG_BOUND_NONE);
    vg_game_free(two);
    for (size_t k = 0; k < sizeof breaks / sizeof *breaks; k++) {
        vg_game *g = maze(breaks[k], MAZE);
        const char *note = NULL;
        if (vg_game_bound(g, &note) != VG_BOUND_NONE) fail_msg("derived despite rule %zu (%s)", k, note);
        vg_state *s = vg_state_new(g, 0);
        assert_int_equal(bound_of(g, s), 0);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* Push: GVGAI's Sokoban; the sum of the boxes' pushes to the nearest hole,
 * never above the moves left along the solver's shortest win. */
static void test_derived_push(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/sokoban.txt", "gvgai/sokoban_lvl2.txt");
    const char *note = NULL;
    assert_int_equal(vg_game_bound(g, &note), VG_BOUND_DERIVED);
    assert_non_null(strstr(note, "push"));
    vg_state *s = vg_state_new(g, 0);
    int h0 = bound_of(g, s);
    assert_true(h0 > 0 && h0 <= 26);
    vg_state_free(s);
    vg_game_free(g);

    /* Real Sokoban: a box on a hole turns into a 'boxin', which turns back
     * into a box off it; both are pushed, the box is what the win counts */
    g = load_game("gvgai/realsokoban.txt", "gvgai/realsokoban_lvl0.txt");
    assert_int_equal(vg_game_bound(g, NULL), VG_BOUND_DERIVED);
    s = vg_state_new(g, 0);
    assert_int_equal(bound_of(g, s), 4); /* four boxes, each next to a hole */
    vg_state_free(s);
    vg_game_free(g);

    /* two boxes pushed along a corridor to the holes at its end */
    const char *lua =
        "sprite { 'wall', 'Immovable' }\nsprite { 'hole', 'Immovable' }\n"
        "sprite { 'box', 'Passive' }\nsprite { 'avatar', 'MovingAvatar' }\n"
        "map { 'w', 'wall' }\nmap { '0', 'hole' }\nmap { '1', 'box' }\nmap { 'A', 'avatar' }\nmap { '.' }\n"
        "interaction { 'avatar', 'wall', 'stepBack' }\n"
        "interaction { 'box', 'avatar', 'bounceForward' }\n"
        "interaction { 'box', { 'wall', 'box' }, 'undoAll' }\n"
        "interaction { 'box', 'hole', 'killSprite' }\n"
        "termination { 'SpriteCounter', stype = 'box', limit = 0, win = true }\n";
    g = load_lua_ok(lua, "wwwwwwww\n"
                         "wA1...0w\n"
                         "w.1..0.w\n"
                         "wwwwwwww\n");
    assert_int_equal(vg_game_bound(g, NULL), VG_BOUND_DERIVED);
    s = vg_state_new(g, 0);
    assert_int_equal(bound_of(g, s), 4 + 3);
    advance_all(g, s, "R");
    assert_int_equal(bound_of(g, s), 3 + 3);
    vg_state_free(s);
    vg_game_free(g);

    /* boxes that push each other on: two may move in one move, refused */
    char chain[1024];
    const char *keep = "interaction { 'box', { 'wall', 'box' }, 'undoAll' }";
    const char *at = strstr(lua, keep);
    snprintf(chain, sizeof chain,
             "%.*sinteraction { 'box', 'wall', 'undoAll' }\ninteraction { 'box', 'box', 'bounceForward' }%s",
             (int)(at - lua), lua, at + strlen(keep));
    g = load_lua_ok(chain, "wwwwwwww\nwA1...0w\nw.1..0.w\nwwwwwwww\n");
    assert_int_equal(vg_game_bound(g, NULL), VG_BOUND_NONE);
    vg_game_free(g);
}

/* GVGAI's Zen Puzzle: a MultiSpriteCounter win (isincenter + ground = 0)
 * bounded by its ground alone (isincenter is created: no proof); a walked
 * tile is a grown wall, so ground cut off from the avatar is dead. */
static void test_derived_zen(void **state) {
    (void)state;
    vg_game *g = NULL;
    vg_error err = {0};
    /* ground at x = 1, 3, 5; the avatar at 4 */
    assert_int_equal(
        vg_game_load_text(repo_path("gvgai/zenpuzzle.txt"), "rrrrrrr\nrg.gAgr\nrrrrrrr\n", "zen", &g, &err), VG_OK);
    assert_int_equal(vg_game_bound(g, NULL), VG_BOUND_DERIVED);
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(bound_of(g, s), 1 + 4); /* the nearest, then a tree over x = 1, 3, 5 */
    advance_all(g, s, "L");                  /* x = 3 walked */
    assert_int_equal(bound_of(g, s), 2 + 4); /* x = 1 (2 away) and x = 5, 4 apart through the avatar's cell */
    advance_all(g, s, "R");                  /* x = 1 is cut off behind the walked tile */
    assert_int_equal(bound_of(g, s), VG_BOUND_DEAD);
    vg_state_free(s);
    vg_game_free(g);
}

/* A script's bound: rounded up; math.huge says never; an error or a
 * negative number or no number fails with the script's line. */
static void test_script_errors(void **state) {
    (void)state;
    static const char *const base = "sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\nmap { '.' }\n"
                                    "termination { 'Timeout', limit = 5, win = true }\n";
    static const struct {
        const char *fn;
        int h;
        const char *err;
    } cases[] = {
        {"function bound(s) return 2.5 end", 3, NULL},
        {"function bound(s) return math.huge end", VG_BOUND_DEAD, NULL},
        {"function bound(s) return -1 end", 0, "bound(state) must return a number"},
        {"function bound(s) return 'x' end", 0, "bound(state) must return a number"},
        {"function bound(s) error('boom') end", 0, "boom"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char lua[512];
        snprintf(lua, sizeof lua, "%s%s\n", base, cases[k].fn);
        vg_game *g = load_lua_ok(lua, "A.\n");
        assert_int_equal(vg_game_bound(g, NULL), VG_BOUND_SCRIPT);
        vg_state *s = vg_state_new(g, 0);
        vg_error err = {0};
        assert_int_equal(vg_bound(g, s, &err), cases[k].h);
        if (cases[k].err) assert_non_null(strstr(err.msg, cases[k].err));
        else assert_string_equal(err.msg, "");
        vg_state_free(s);
        vg_game_free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bait),          cmocka_unit_test(test_two_keys),      cmocka_unit_test(test_dead),
        cmocka_unit_test(test_derived_reach), cmocka_unit_test(test_refused_reach), cmocka_unit_test(test_derived_push),
        cmocka_unit_test(test_script_errors), cmocka_unit_test(test_derived_zen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
