/* SPDX-License-Identifier: MIT
 *
 * test_game.c -- the builder API (engine/game.c) with no loader: a game
 * declared in C, type by type, row by row, then played.
 *
 * 1. A coin game built through game_add_type / game_add_mapping /
 *    game_add_effect / game_add_term / game_set_param plays as its rules
 *    say: walls stop the avatar, coins score, the last coin wins; the type
 *    tree, categories and glyphs read back through vgdl.h.
 * 2. Every builder refuses bad declarations with VG_ERR_SCRIPT (or
 *    VG_ERR_LIMIT) at the declaring line, naming the culprit and, for a
 *    misspelt name, the closest valid one: a type declared twice, an
 *    unknown parent, class, effect, termination or parameter, a parameter
 *    of the wrong kind or out of range, a map character mapped twice or
 *    placing too many types, moves and variables named twice.
 * 3. game_finish checks the rules as a whole (a termination missing its
 *    parameters), and level_load the map against them.
 * 4. Limits: the 65th type is refused with VG_ERR_LIMIT.
 * (The effects' own checks are in test_interact.c, the terminations' in
 * test_term.c, the parameter tables' in test_param.c.)
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#include "builder.h"
#include "level.h"

static vg_error err;

/* Sets 'key' to the value read from 'text' on type, effect, termination
 * or game (which: 't', 'e', 'd', 'g'); returns the status. */
static vg_status set(vg_game *g, char which, int id, const char *key, const char *text, int line) {
    param_value v = text_value(text);
    switch (which) {
    case 't': return game_type_param(g, id, key, &v, line, &err);
    case 'e': return game_effect_param(g, id, key, &v, line, &err);
    case 'd': return game_term_param(g, id, key, &v, line, &err);
    default: return game_set_param(g, key, &v, line, &err);
    }
}

/* Expects status 'st' at 'line' with 'words' in the message. */
static void expect(vg_status got, vg_status st, int line, const char *words) {
    if (got != st || !strstr(err.msg, words)) print_error("got %d '%s', want %d '%s'\n", got, err.msg, st, words);
    assert_int_equal(got, st);
    assert_int_equal(err.line, line);
    assert_string_equal(err.file, "coins.txt");
    assert_non_null(strstr(err.msg, words));
}

/* The coin game: 'avatar' walks, 'wall' stops it, 'treasure' is the
 * parent of 'coin' (2 points) and 'gem' (5 points, and a step back);
 * all coins taken wins, 40 ticks lose. A type takes its parent's
 * parameters as they are when it is declared. Nothing finished yet. */
static vg_game *coin_game(void) {
    vg_game *g = game_new("coins.txt");
    assert_non_null(g);
    static const struct {
        const char *name, *parent, *cls;
        char c;
    } types[] = {{"avatar", NULL, "MovingAvatar", 'A'},
                 {"wall", NULL, "Immovable", 'w'},
                 {"treasure", NULL, "Immovable", 0},
                 {"coin", "treasure", NULL, 'c'},
                 {"gem", "treasure", NULL, 'g'}};
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        int t;
        assert_int_equal(game_add_type(g, types[k].name, types[k].parent, types[k].cls, 1 + (int)k, &t, &err), VG_OK);
        assert_int_equal(t, (int)k);
        if (types[k].c) assert_int_equal(game_add_mapping(g, types[k].c, &types[k].name, 1, 10, &err), VG_OK);
        if (k == 2) assert_int_equal(set(g, 't', 2, "color", "GOLD", 3), VG_OK); /* before its children */
    }
    assert_int_equal(game_add_mapping(g, '.', NULL, 0, 10, &err), VG_OK);
    const char *wall = "wall", *avatar = "avatar";
    int e;
    assert_int_equal(game_add_effect(g, "avatar", &wall, 1, "stepBack", 0, 20, &e, &err), VG_OK);
    assert_int_equal(game_add_effect(g, "coin", &avatar, 1, "killSprite", 0, 21, &e, &err), VG_OK);
    assert_int_equal(set(g, 'e', e, "scoreChange", "2", 21), VG_OK);
    assert_int_equal(game_add_effect(g, "gem", &avatar, 1, "killSprite", 0, 22, &e, &err), VG_OK);
    assert_int_equal(set(g, 'e', e, "scoreChange", "5", 22), VG_OK);
    int d;
    assert_int_equal(game_add_term(g, "SpriteCounter", 0, 30, &d, &err), VG_OK);
    assert_int_equal(set(g, 'd', d, "stype", "treasure", 30), VG_OK);
    assert_int_equal(set(g, 'd', d, "limit", "0", 30), VG_OK);
    assert_int_equal(set(g, 'd', d, "win", "true", 30), VG_OK);
    assert_int_equal(set(g, 'g', 0, "max_ticks", "40", 40), VG_OK);
    return g;
}

static void finish(vg_game *g, const char *map) {
    vg_status st = game_finish(g, &err);
    if (st == VG_OK) st = level_load(g, map, "map", &err);
    if (st != VG_OK) print_error("%s:%d: %s\n", err.file, err.line, err.msg);
    assert_int_equal(st, VG_OK);
}

static void test_built_game_plays(void **state) {
    (void)state;
    vg_game *g = coin_game();
    finish(g, "wwwwwww\n"
              "wAc.gcw\n"
              "wwwwwww\n");
    assert_int_equal(vg_game_width(g), 7);
    assert_int_equal(vg_game_height(g), 3);
    int coin = vg_type_find(g, "coin"), treasure = vg_type_find(g, "treasure");
    assert_true(vg_type_is_a(g, coin, treasure));
    assert_false(vg_type_is_leaf(g, treasure));
    assert_int_equal(vg_type_category(g, vg_type_find(g, "avatar")), VG_CAT_AVATAR);
    assert_int_equal(vg_type_category(g, coin), VG_CAT_IMMOVABLE);
    assert_int_equal(vg_type_glyph(g, vg_type_find(g, "gem")), 'g');
    assert_int_equal(vg_type_color(g, coin), 0xffd700); /* inherited from its parent */

    vg_state *s = vg_state_new(g, 1);
    double x0, y0, x, y;
    assert_true(vg_avatar_pos(g, s, &x0, &y0));
    assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, &err), VG_OK); /* into the wall: stepped back */
    assert_true(vg_avatar_pos(g, s, &x, &y));
    assert_true(x == x0 && y == y0);
    assert_true(vg_score(s) == 0);
    static const double scores[] = {2, 2, 7, 9}; /* coin, empty cell, gem, coin */
    for (int k = 0; k < 4; k++) {
        assert_false(vg_is_over(s));
        assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
        assert_true(vg_score(s) == scores[k]);
    }
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    assert_int_equal(vg_tick(s), 5);
    vg_state_free(s);
    game_free(g);
}

static void test_built_game_times_out(void **state) {
    (void)state;
    vg_game *g = coin_game();
    finish(g, "wwwww\nwA.cw\nwwwww\n");
    vg_state *s = vg_state_new(g, 1);
    while (!vg_is_over(s)) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_int_equal(vg_tick(s), 41); /* the tick after the game's max_ticks */
    vg_state_free(s);
    game_free(g);
}

static void test_declaration_errors(void **state) {
    (void)state;
    vg_game *g = coin_game();
    int t;
    expect(game_add_type(g, "coin", NULL, "Immovable", 50, &t, &err), VG_ERR_SCRIPT, 50, "'coin' is declared twice");
    expect(game_add_type(g, "ruby", "tresure", NULL, 51, &t, &err), VG_ERR_SCRIPT, 51,
           "unknown sprite type 'tresure'; did you mean 'treasure'?");
    expect(game_add_type(g, "ruby", NULL, "Imovable", 52, &t, &err), VG_ERR_SCRIPT, 52,
           "unknown sprite class 'Imovable'; did you mean 'Immovable'?");
    expect(game_add_type(g, "", NULL, "Immovable", 53, &t, &err), VG_ERR_SCRIPT, 53, "1 to 31 characters");
    expect(set(g, 't', 0, "sped", "1", 54), VG_ERR_SCRIPT, 54, "did you mean 'speed'?");
    expect(set(g, 't', 0, "speed", "true", 55), VG_ERR_SCRIPT, 55, "'speed' must be a number");
    expect(set(g, 't', 0, "cooldown", "0", 56), VG_ERR_SCRIPT, 56, "'cooldown' must be a whole number from 1");
    expect(set(g, 't', 0, "color", "GOLDEN", 57), VG_ERR_SCRIPT, 57, "GOLDEN");
    expect(set(g, 'g', 0, "max_tick", "9", 58), VG_ERR_SCRIPT, 58, "did you mean 'max_ticks'?");
    const char *coin = "coin", *nine[9] = {"coin", "coin", "coin", "coin", "coin", "coin", "coin", "coin", "coin"};
    expect(game_add_mapping(g, 'c', &coin, 1, 60, &err), VG_ERR_SCRIPT, 60, "'c' is mapped twice");
    expect(game_add_mapping(g, 'x', nine, 9, 61, &err), VG_ERR_SCRIPT, 61, "0 to 7 sprites");
    expect(game_add_mapping(g, '\t', &coin, 1, 62, &err), VG_ERR_SCRIPT, 62, "printable ASCII");
    const char *unknown = "coins";
    expect(game_add_mapping(g, 'y', &unknown, 1, 63, &err), VG_ERR_SCRIPT, 63, "did you mean 'coin'?");
    int e;
    expect(game_add_effect(g, "avatar", &coin, 1, "killSprit", 0, 70, &e, &err), VG_ERR_SCRIPT, 70,
           "unknown effect 'killSprit'; did you mean 'killSprite'?");
    expect(game_add_effect(g, "avatr", &coin, 1, "killSprite", 0, 71, &e, &err), VG_ERR_SCRIPT, 71, "'avatr'");
    expect(game_add_effect(g, "avatar", &unknown, 1, "killSprite", 0, 72, &e, &err), VG_ERR_SCRIPT, 72, "'coins'");
    expect(game_add_effect(g, "avatar", NULL, 0, "killSprite", 0, 73, &e, &err), VG_ERR_SCRIPT, 73, "two sprite types");
    assert_int_equal(game_add_effect(g, "avatar", &coin, 1, "killSprite", 0, 74, &e, &err), VG_OK);
    expect(set(g, 'e', e, "scorechange", "1", 74), VG_ERR_SCRIPT, 74, "did you mean 'scoreChange'?");
    int d;
    expect(game_add_term(g, "SpriteCountr", 0, 80, &d, &err), VG_ERR_SCRIPT, 80,
           "unknown termination 'SpriteCountr'; did you mean 'SpriteCounter'?");
    assert_int_equal(game_add_term(g, "Timeout", 0, 81, &d, &err), VG_OK);
    expect(set(g, 'd', d, "limit", "-1", 81), VG_ERR_SCRIPT, 81,
           "'limit' must be a whole number from 0 to 1e+09, not -1");
    g->turns = 1; /* as turns{} does before naming its moves */
    assert_int_equal(game_add_move(g, "jump", 90, &err), VG_OK);
    expect(game_add_move(g, "jump", 91, &err), VG_ERR_SCRIPT, 91, "move 'jump' is named twice");
    assert_int_equal(game_add_var(g, "lives", 3, 92, &err), VG_OK);
    expect(game_add_var(g, "lives", 1, 93, &err), VG_ERR_SCRIPT, 93, "variable 'lives' is declared twice");
    game_free(g);
}

static void test_finish_and_level_errors(void **state) {
    (void)state;
    vg_game *g = coin_game();
    int d;
    assert_int_equal(game_add_term(g, "SpriteCounter", 0, 85, &d, &err), VG_OK); /* no stype */
    expect(game_finish(g, &err), VG_ERR_SCRIPT, 85, "SpriteCounter");
    game_free(g);

    g = coin_game();
    assert_int_equal(game_finish(g, &err), VG_OK);
    assert_int_equal(level_load(g, "wwww\nwAzw\nwwww\n", "map", &err), VG_ERR_PARSE);
    assert_string_equal(err.file, "map");
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 3);
    assert_non_null(strstr(err.msg, "unknown map character 'z'"));
    assert_int_equal(level_load(g, "wwww\nw.cw\nwwww\n", "map", &err), VG_ERR_PARSE);
    assert_non_null(strstr(err.msg, "no avatar"));
    game_free(g);
}

static void test_type_limit(void **state) {
    (void)state;
    vg_game *g = game_new("coins.txt");
    char name[16];
    int t, k;
    for (k = 0; k < VG_MAX_TYPES; k++) {
        snprintf(name, sizeof name, "t%d", k);
        assert_int_equal(game_add_type(g, name, NULL, "Immovable", k + 1, &t, &err), VG_OK);
    }
    expect(game_add_type(g, "onemore", NULL, "Immovable", 99, &t, &err), VG_ERR_LIMIT, 99, "too many sprite types");
    assert_int_equal(vg_game_num_types(g), VG_MAX_TYPES);
    game_free(g);
}

/* A class, effect or termination GVGAI has and the engine lacks says so,
 * rather than reading as a typo. */
static void test_gvgai_has_it(void **state) {
    (void)state;
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\ninteraction { 'avatar', 'avatar', 'waterPhysics' }\n", "A\n",
                   2, "effect 'waterPhysics': GVGAI has this effect, vgdl does not yet");
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'fly', 'RandomInertial' }\n", "A\n", 2,
                   "sprite class 'RandomInertial': GVGAI has this sprite class, vgdl does not yet");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_built_game_plays),   cmocka_unit_test(test_built_game_times_out),
        cmocka_unit_test(test_declaration_errors), cmocka_unit_test(test_finish_and_level_errors),
        cmocka_unit_test(test_type_limit),         cmocka_unit_test(test_gvgai_has_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
