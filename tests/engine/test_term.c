/* SPDX-License-Identifier: MIT
 *
 * test_term.c -- the terminations (engine/term.c), on games built through
 * the builder API (game.h) with no loader:
 *
 * 1. Timeout ends the game on tick limit + 1, as GVGAI's clock (which
 *    starts at 0) has it; 'win' says who won.
 * 2. SpriteCounterMore ends it once there are 'limit' sprites or more
 *    (sprites created by a rule counted).
 * 3. MultiSpriteCounter adds up its types: exactly 'limit', or with 'min'
 *    'limit' or more.
 * 4. MultiSpriteCounterSubTypes: 'limit' sprites of the type spread over
 *    exactly 'subTypesNum' of its leaf types.
 * 5. A count termination counts only in a tick that changed the count
 *    of one of its types (a sprite born or dead).
 * 6. Missing parameters are errors at the termination's line.
 * (The GVGAI games camelRace, clusters, racebet2, waitforbreakfast and
 * zenpuzzle replay their corpus traces through MultiSpriteCounter, and the
 * unit game tests/golden/gvgai/unit/spawn through SpriteCounterMore and
 * Timeout.)
 */
#include <string.h>

#include "support.h"

#include "builder.h"
#include "level.h"

static vg_error err;

/* A game on which the tests add terminations: an avatar, a wall, the
 * leaf types x and y, a parent p with the leaves p1 p2 p3, and a seed
 * that turns into an x when the avatar steps on it. Map characters: the
 * types' own first letters, 1 2 3 for p1 p2 p3, '.' for none. */
static vg_game *base_game(void) {
    vg_game *g = game_new("t.txt");
    static const struct {
        const char *name, *parent, *cls;
        char c;
    } types[] = {{"avatar", NULL, "MovingAvatar", 'A'},
                 {"wall", NULL, "Immovable", 'w'},
                 {"x", NULL, "Immovable", 'x'},
                 {"y", NULL, "Immovable", 'y'},
                 {"seed", NULL, "Immovable", 's'},
                 {"p", NULL, "Immovable", 0},
                 {"p1", "p", NULL, '1'},
                 {"p2", "p", NULL, '2'},
                 {"p3", "p", NULL, '3'}};
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        int t;
        assert_int_equal(game_add_type(g, types[k].name, types[k].parent, types[k].cls, 1, &t, &err), VG_OK);
        if (types[k].c) assert_int_equal(game_add_mapping(g, types[k].c, &types[k].name, 1, 1, &err), VG_OK);
    }
    assert_int_equal(game_add_mapping(g, '.', NULL, 0, 1, &err), VG_OK);
    const char *avatar = "avatar", *wall = "wall";
    int e;
    assert_int_equal(game_add_effect(g, "avatar", &wall, 1, "stepBack", 0, 2, &e, &err), VG_OK);
    assert_int_equal(game_add_effect(g, "seed", &avatar, 1, "transformTo", 0, 3, &e, &err), VG_OK);
    param_value v = {.kind = PV_STRING, .str = "x"};
    assert_int_equal(game_effect_param(g, e, "stype", &v, 3, &err), VG_OK);
    return g;
}

/* Adds termination 'kind' at line 'line' with parameters given as pairs
 * of strings ("limit", "3"), ending with NULL: a number, true/false, or a
 * type name. Returns the termination's index. */
static int add_term(vg_game *g, const char *kind, int line, ...) {
    int d;
    assert_int_equal(game_add_term(g, kind, 0, line, &d, &err), VG_OK);
    va_list ap;
    va_start(ap, line);
    for (const char *key; (key = va_arg(ap, const char *));) {
        param_value v = text_value(va_arg(ap, const char *));
        assert_int_equal(game_term_param(g, d, key, &v, line, &err), VG_OK);
    }
    va_end(ap);
    return d;
}

/* Finishes 'g' on 'map' and plays 'actions' (R: right, else NIL) until
 * the game ends; returns the state (the caller frees it). */
static vg_state *play(vg_game *g, const char *map, const char *actions) {
    vg_status st = game_finish(g, &err);
    if (st == VG_OK) st = level_load(g, map, "map", &err);
    if (st != VG_OK) print_error("%s\n", err.msg);
    assert_int_equal(st, VG_OK);
    vg_state *s = vg_state_new(g, 1);
    for (const char *a = actions; *a && !vg_is_over(s); a++)
        assert_int_equal(vg_advance(g, s, *a == 'R' ? VG_ACTION_RIGHT : VG_ACTION_NIL, &err), VG_OK);
    return s;
}

static void test_timeout_limit_plus_one(void **state) {
    (void)state;
    for (int win = 0; win < 2; win++) {
        vg_game *g = base_game();
        add_term(g, "Timeout", 4, "limit", "3", "win", win ? "true" : "false", NULL);
        vg_state *s = play(g, "wA.w\n", "......");
        assert_true(vg_is_over(s));
        assert_int_equal(vg_tick(s), 4);
        assert_int_equal(vg_winner_of(s), win ? VG_PLAYER_WINS : VG_PLAYER_LOSES);
        vg_state_free(s);
        game_free(g);
    }
}

static void test_sprite_counter_more(void **state) {
    (void)state;
    vg_game *g = base_game();
    add_term(g, "SpriteCounterMore", 4, "stype", "x", "limit", "3", "win", "true", NULL);
    vg_state *s = play(g, "wxAssw\n", "RRRR"); /* the first seed makes 2 x, the second 3 */
    assert_true(vg_is_over(s));
    assert_int_equal(vg_tick(s), 2);
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    vg_state_free(s);
    game_free(g);
}

static void test_multi_sprite_counter(void **state) {
    (void)state;
    static const struct {
        const char *limit, *min;
        int over;
    } cases[] = {{"3", "false", 1}, {"2", "false", 0}, {"2", "true", 1}, {"4", "true", 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = base_game();
        add_term(g, "MultiSpriteCounter", 4, "stype1", "x", "stype2", "y", "limit", cases[k].limit, "min", cases[k].min,
                 "win", "true", NULL);
        vg_state *s = play(g, "wxyxA.w\n", ".."); /* x x y: 3 */
        assert_int_equal(vg_is_over(s), cases[k].over);
        vg_state_free(s);
        game_free(g);
    }
    vg_game *g = base_game(); /* it counts as sprites come: 2 x, then a third */
    add_term(g, "MultiSpriteCounter", 4, "stype1", "x", "limit", "3", "win", "false", NULL);
    vg_state *s = play(g, "wxxAs.w\n", "RRR");
    assert_true(vg_is_over(s));
    assert_int_equal(vg_tick(s), 1);
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    vg_state_free(s);
    game_free(g);
}

static void test_multi_sprite_counter_subtypes(void **state) {
    (void)state;
    static const struct {
        const char *limit, *kinds;
        int over;
    } cases[] = {{"3", "2", 1}, {"3", "3", 0}, {"2", "2", 0}, {"3", "1", 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = base_game();
        add_term(g, "MultiSpriteCounterSubTypes", 4, "stype1", "p", "limit", cases[k].limit, "subTypesNum",
                 cases[k].kinds, "win", "true", NULL);
        vg_state *s = play(g, "w112A.w\n", ".."); /* p1 p1 p2: 3 sprites of 2 kinds */
        assert_int_equal(vg_is_over(s), cases[k].over);
        vg_state_free(s);
        game_free(g);
    }
}

/* A count termination counts in a tick when a sprite of one of its types
 * (any of stype1 to stype3, or their subtypes) was born or died, killed
 * or replaced: the seed a step replaces by an x ends the game then. */
static void test_counts_when_changed(void **state) {
    (void)state;
    static const char *const t2[] = {"seed", "y"};
    for (int k = 0; k < 2; k++) { /* the seed as stype2 (y and seed: 1 left), and as stype1 */
        vg_game *g = base_game();
        add_term(g, "MultiSpriteCounter", 4, "stype1", k ? "seed" : "y", "stype2", t2[k], "limit", "1", "win", "true",
                 NULL);
        vg_state *s = play(g, "wA.sy.w\n", "RRR"); /* counted at the start, then when the seed goes */
        assert_true(vg_is_over(s));
        assert_int_equal(vg_tick(s), 2);
        vg_state_free(s);
        game_free(g);
    }
}

static void test_missing_parameters(void **state) {
    (void)state;
    static const struct {
        const char *kind, *key, *val, *msg;
    } cases[] = {
        {"SpriteCounterMore", "limit", "1", "SpriteCounterMore needs 'stype'"},
        {"SpriteCounter", "limit", "1", "SpriteCounter needs 'stype'"},
        {"MultiSpriteCounterSubTypes", "stype1", "p", "MultiSpriteCounterSubTypes needs 'stype1' and 'subTypesNum'"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = base_game();
        add_term(g, cases[k].kind, 7, cases[k].key, cases[k].val, NULL);
        assert_int_equal(game_finish(g, &err), VG_ERR_SCRIPT);
        assert_int_equal(err.line, 7);
        assert_string_equal(err.msg, cases[k].msg);
        game_free(g);
    }
    vg_game *g = base_game(); /* a misspelt one gets a suggestion */
    int d;
    assert_int_equal(game_add_term(g, "MultiSpriteCounterSubtypes", 0, 5, &d, &err), VG_ERR_SCRIPT);
    assert_non_null(strstr(err.msg, "did you mean 'MultiSpriteCounterSubTypes'"));
    game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timeout_limit_plus_one), cmocka_unit_test(test_sprite_counter_more),
        cmocka_unit_test(test_multi_sprite_counter),   cmocka_unit_test(test_multi_sprite_counter_subtypes),
        cmocka_unit_test(test_counts_when_changed),    cmocka_unit_test(test_missing_parameters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
