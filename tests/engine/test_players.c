/* SPDX-License-Identifier: MIT
 *
 * test_players.c -- games for several players (players.c) beyond what
 * GVGAI's two-player traces show (tests/golden/gvgai/corpus2p replays
 * those): whose avatar is which, one action a player a tick, scores and
 * results a player (lists, what a player past a list's end gets,
 * count_score, StopCounter, the game counters), an avatar that changes
 * type keeping its player, what player 0 sees of an avatar hidden from
 * it, and games of more types than a type set holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "state.h"

/* Two avatars 'a' (player 0) and 'b' (player 1) walking a row; 'c' coins. */
#define TWO \
    "game { players = 2, square_size = 10 }\n" \
    "sprite { 'floor', 'Immovable' }\n" \
    "sprite { 'a', 'MovingAvatar' }\nsprite { 'b', 'MovingAvatar' }\nsprite { 'coin', 'Immovable' }\n" \
    "map { '.', 'floor' }\nmap { 'A', 'floor', 'a' }\nmap { 'B', 'floor', 'b' }\nmap { 'c', 'floor', 'coin' }\n"

static void tick2(const vg_game *g, vg_state *s, vg_action a0, vg_action a1) {
    vg_error err = {0};
    vg_action acts[2] = {a0, a1};
    assert_int_equal(vg_advance_multi(g, s, acts, &err), VG_OK);
}

static double px(const vg_game *g, const vg_state *s, int p) {
    double x = -1, y = -1;
    assert_true(vg_player_pos(g, s, p, &x, &y));
    return x;
}

/* Each player's avatar moves by its own action, player 0's first; a
 * player of the same type as another: the one created last is player 0. */
static void test_moves(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(TWO, "A...B");
    assert_int_equal(vg_num_players(g), 2);
    vg_state *s = vg_state_new(g, 1);
    tick2(g, s, VG_ACTION_RIGHT, VG_ACTION_LEFT);
    assert_true(px(g, s, 0) == 1 && px(g, s, 1) == 3);
    assert_int_equal(vg_player_last_action(g, s, 1), VG_ACTION_LEFT);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK); /* player 1 does nothing */
    assert_true(px(g, s, 0) == 2 && px(g, s, 1) == 3);
    assert_int_equal(vg_player_last_action(g, s, 1), VG_ACTION_NIL);
    vg_action acts[VG_MAX_ACTIONS];
    assert_int_equal(vg_player_actions(g, s, 1, acts), 4);
    vg_state_free(s);
    vg_game_free(g);
    g = load_lua_ok(TWO, "A.A"); /* both of type a: the one created last plays first */
    s = vg_state_new(g, 1);
    assert_true(px(g, s, 0) == 2 && px(g, s, 1) == 0);
    vg_state_free(s);
    vg_game_free(g);
    vg_error e = {0};
    assert_int_not_equal(load_lua_text(TWO, "A..", &g, &e), VG_OK); /* a player without an avatar */
    assert_non_null(strstr(e.msg, "2 players"));
}

/* scoreChange and win name one value a player: a player past a score
 * list's end gets the first, past a win list's end loses. */
static void test_scores_and_results(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(TWO "interaction { 'coin', 'a', 'killSprite', scoreChange = {2, -1} }\n"
                                 "interaction { 'coin', 'b', 'killSprite', scoreChange = 3 }\n"
                                 "termination { 'SpriteCounter', stype = 'coin', limit = 0, win = {false, true} }\n",
                             "Ac.cB");
    vg_state *s = vg_state_new(g, 1);
    tick2(g, s, VG_ACTION_RIGHT, VG_ACTION_NIL);
    assert_true(vg_player_score(g, s, 0) == 2 && vg_player_score(g, s, 1) == -1);
    assert_false(vg_is_over(s));
    tick2(g, s, VG_ACTION_NIL, VG_ACTION_LEFT);
    assert_true(vg_player_score(g, s, 0) == 5 && vg_player_score(g, s, 1) == 2);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_player_winner(g, s, 0), VG_PLAYER_LOSES);
    assert_int_equal(vg_player_winner(g, s, 1), VG_PLAYER_WINS);
    assert_true(vg_score(s) == 5 && vg_winner_of(s) == VG_PLAYER_LOSES); /* player 0's */
    vg_state_free(s);
    vg_game_free(g);
    g = load_lua_ok(TWO "termination { 'Timeout', limit = 1, win = true }\n", "A.B");
    s = vg_state_new(g, 1);
    tick2(g, s, VG_ACTION_NIL, VG_ACTION_NIL);
    tick2(g, s, VG_ACTION_NIL, VG_ACTION_NIL);
    assert_int_equal(vg_player_winner(g, s, 0), VG_PLAYER_WINS);
    assert_int_equal(vg_player_winner(g, s, 1), VG_PLAYER_LOSES); /* 'win = true' is player 0's alone */
    vg_state_free(s);
    vg_game_free(g);
}

/* count_score: the best score wins, unless all are 0; a 0 never counts as
 * the best (GVGAI: player 0's -3 beats player 1's 0). */
static void test_count_score(void **state) {
    (void)state;
    static const struct {
        const char *score0, *score1;
        vg_winner w0, w1;
    } cases[] = {
        {"2", "1", VG_PLAYER_WINS, VG_PLAYER_LOSES},  {"1", "2", VG_PLAYER_LOSES, VG_PLAYER_WINS},
        {"2", "2", VG_PLAYER_WINS, VG_PLAYER_WINS},   {"0", "0", VG_PLAYER_LOSES, VG_PLAYER_LOSES},
        {"-3", "0", VG_PLAYER_WINS, VG_PLAYER_LOSES},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char lua[2048];
        snprintf(lua, sizeof lua,
                 TWO "interaction { 'a', 'floor', 'scoreChange', scoreChange = {%s, %s} }\n"
                     "termination { 'Timeout', limit = 0, count_score = true }\n",
                 cases[k].score0, cases[k].score1);
        vg_game *g = load_lua_ok(lua, "A.B");
        vg_state *s = vg_state_new(g, 1);
        tick2(g, s, VG_ACTION_NIL, VG_ACTION_NIL);
        assert_true(vg_is_over(s));
        assert_int_equal(vg_player_winner(g, s, 0), cases[k].w0);
        assert_int_equal(vg_player_winner(g, s, 1), cases[k].w1);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* StopCounter keeps sprite counters from ending the game while its types
 * number 'limit', in the terminations after it and, the next tick, before
 * it; GVGAI's counters are the variables counter0..., and a Timeout with
 * use_counter and compare gives the first player the win when they differ. */
static void test_stop_counter_and_counters(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(TWO "interaction { 'coin', 'a', 'killSprite' }\n"
                                 "termination { 'StopCounter', stype1 = 'b', limit = 1 }\n"
                                 "termination { 'SpriteCounter', stype = 'coin', limit = 0 }\n",
                             "AcB");
    vg_state *s = vg_state_new(g, 1);
    tick2(g, s, VG_ACTION_RIGHT, VG_ACTION_NIL);
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "coin"), NULL, NULL, 0), 0);
    assert_false(vg_is_over(s)); /* one 'b': the counter is held */
    vg_state_free(s);
    vg_game_free(g);
    g = load_lua_ok(TWO "game { counters = 2 }\n"
                        "interaction { 'coin', 'a', 'killSprite', counter = {1, 0} }\n"
                        "termination { 'Timeout', limit = 1, use_counter = true, compare = true }\n",
                    "AcB");
    s = vg_state_new(g, 1);
    int c0 = vg_var_find(g, "counter0"), c1 = vg_var_find(g, "counter1");
    assert_true(c0 >= 0 && c1 >= 0);
    tick2(g, s, VG_ACTION_RIGHT, VG_ACTION_NIL);
    assert_true(vg_var(s, c0) == 1 && vg_var(s, c1) == 0);
    tick2(g, s, VG_ACTION_NIL, VG_ACTION_NIL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_player_winner(g, s, 0), VG_PLAYER_WINS); /* counters differ */
    assert_int_equal(vg_player_winner(g, s, 1), VG_PLAYER_LOSES);
    vg_state_free(s);
    vg_game_free(g);
}

/* An avatar that changes type stays its player's; a player whose avatar
 * is disabled is not moved. */
static void test_transform_and_disabled(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(
        TWO "sprite { 'a2', 'MovingAvatar' }\nsprite { 'trap', 'Immovable' }\nmap { 't', 'floor', 'trap' }\n"
            "interaction { 'b', 'coin', 'transformTo', stype = 'a2' }\n"
            "interaction { 'a', 'trap', 'killSprite' }\n",
        "AtcB");
    vg_state *s = vg_state_new(g, 1);
    tick2(g, s, VG_ACTION_RIGHT, VG_ACTION_LEFT);
    assert_int_equal(vg_player_type(g, s, 1), vg_type_find(g, "a2"));
    assert_false(vg_player_alive(g, s, 0)); /* killed: disabled, kept */
    assert_true(vg_player_alive(g, s, 1));
    double x0 = px(g, s, 0);
    tick2(g, s, VG_ACTION_RIGHT, VG_ACTION_LEFT);
    assert_true(px(g, s, 0) == x0 && px(g, s, 1) == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* A type hidden from player 0: the trace (GVGAI's observation, player 0's)
 * shows player 1's avatar as player 0 last saw it; the state has it as it is. */
static void test_hidden_avatar(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { players = 2, square_size = 10 }\n"
                             "sprite { 'floor', 'Immovable' }\nsprite { 'a', 'MovingAvatar' }\n"
                             "sprite { 'b', 'MovingAvatar', hidden = {true, false} }\n"
                             "map { '.', 'floor' }\nmap { 'A', 'floor', 'a' }\nmap { 'B', 'floor', 'b' }\n",
                             "A..B");
    assert_true(vg_type_hidden_from(g, vg_type_find(g, "b"), 0));
    assert_false(vg_type_hidden_from(g, vg_type_find(g, "b"), 1));
    assert_false(vg_type_hidden(g, vg_type_find(g, "b")));
    vg_state *s = vg_state_new(g, 1);
    tick2(g, s, VG_ACTION_NIL, VG_ACTION_LEFT);
    assert_true(px(g, s, 1) == 2);
    char line[4096];
    assert_true(vg_trace_json_multi(g, s, (int[]){0, 2}, line, sizeof line) < (int)sizeof line);
    assert_non_null(strstr(line, "\"avatar\":{\"pos\":[3,0]")); /* as it was at the start */
    vg_state_free(s);
    vg_game_free(g);
}

/* A game of more types than a type set holds: its parents numbered after
 * its leaves, every type keeps its name, its leaves their order; more
 * leaves than that is an error. */
static void test_many_types(void **state) {
    (void)state;
    char *lua = malloc(16384);
    size_t n = (size_t)sprintf(lua, "game { square_size = 10 }\nsprite { 'avatar', 'MovingAvatar' }\n");
    for (int k = 0; k < 40; k++)
        n += (size_t)sprintf(lua + n, "sprite { 'p%d', 'Immovable' }\nsprite { 'k%d', parent = 'p%d' }\n", k, k, k);
    sprintf(lua + n, "map { 'A', 'avatar' }\nmap { 'x', 'k39' }\nmap { 'y', 'p7' }\n"
                     "interaction { 'avatar', 'p39', 'stepBack' }\n");
    vg_game *g = load_lua_ok(lua, "Axy");
    assert_int_equal(vg_game_num_types(g), 82); /* and p7's own leaf */
    assert_true(vg_type_find(g, "k39") < vg_type_find(g, "p0"));
    assert_true(vg_type_find(g, "k0") < vg_type_find(g, "k39"));
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
    double x, y;
    assert_true(vg_avatar_pos(g, s, &x, &y) && x == 0); /* k39 is a p39: stepped back */
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "p7"), NULL, NULL, 0), 1);
    vg_state_free(s);
    vg_game_free(g);
    n = (size_t)sprintf(lua, "sprite { 'avatar', 'MovingAvatar' }\n");
    static const char glyphs[] = "0123456789abcdefghijklmnopqrstuvwxyzBCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&()*+,-./:;<=>?@";
    for (int k = 0; k < 70; k++)
        n += (size_t)sprintf(lua + n, "sprite { 'k%d', 'Immovable' }\nmap { '%c', 'k%d' }\n", k, glyphs[k], k);
    sprintf(lua + n, "map { 'A', 'avatar' }\n");
    vg_error e = {0};
    assert_int_not_equal(load_lua_text(lua, "A", &g, &e), VG_OK);
    assert_non_null(strstr(e.msg, "the limit is 64"));
    free(lua);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_scores_and_results),
        cmocka_unit_test(test_count_score),
        cmocka_unit_test(test_stop_counter_and_counters),
        cmocka_unit_test(test_transform_and_disabled),
        cmocka_unit_test(test_hidden_avatar),
        cmocka_unit_test(test_many_types),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
