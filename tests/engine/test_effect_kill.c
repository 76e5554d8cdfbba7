/* SPDX-License-Identifier: MIT
 *
 * test_effect_kill.c -- the effects that kill (engine/effect_kill.c), with
 * GVGAI's semantics, each on a one-row game of an avatar and a few sprites:
 *
 * 1. killSprite kills the first sprite only, killBoth both (the avatar is
 *    then gone: the game is lost).
 * 2. killAll kills every sprite of its 'stype', wherever they are (of
 *    exactly that type, as in GVGAI: of a parent, only its own sprites).
 * 3. killIfFrontal kills when the two met head on or the first did not
 *    move; killIfNotFrontal when they did not meet head on or the first
 *    did not move.
 * 4. killIfFromAbove kills when the second sprite came down on the first.
 * 5. removeScore sets the score to 0 when the avatar is involved.
 * 6. killIfOtherHasMore kills when the second sprite holds 'limit' of the
 *    resource, and with 'subtract' takes 'limit' of it away.
 * (shieldFrom and killIfHasLess/killIfHasMore's scoring: test_interact.c.)
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

/* The avatar, a floor ('.': empty), and the game's own 'rules'. */
static vg_game *game(const char *rules, const char *map) {
    char lua[2048];
    snprintf(lua, sizeof lua,
             "sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\nmap { '.' }\n"
             "termination { 'SpriteCounter', stype = 'avatar', limit = 0, win = false }\n%s",
             rules);
    return load_lua_ok(lua, map);
}

static vg_state *play(const vg_game *g, const char *actions) {
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    for (const char *a = actions; *a; a++) {
        vg_action act = *a == 'R'   ? VG_ACTION_RIGHT
                        : *a == 'L' ? VG_ACTION_LEFT
                        : *a == 'D' ? VG_ACTION_DOWN
                                    : VG_ACTION_NIL;
        assert_int_equal(vg_advance(g, s, act, &err), VG_OK);
    }
    return s;
}

static int count(const vg_game *g, const vg_state *s, const char *type) {
    vg_obs o[1];
    return vg_sprites_of(g, s, vg_type_find(g, type), NULL, o, 1);
}

static void test_kill_sprite_and_both(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'coin', 'Immovable' }\nsprite { 'bomb', 'Immovable' }\n"
                      "map { 'c', 'coin' }\nmap { 'b', 'bomb' }\n"
                      "interaction { 'coin', 'avatar', 'killSprite', scoreChange = 1 }\n"
                      "interaction { 'avatar', 'bomb', 'killBoth' }\n",
                      "Acccb");
    vg_state *s = play(g, "RR");
    assert_int_equal(count(g, s, "coin"), 1);
    assert_true(vg_avatar_alive(g, s));
    assert_true(vg_score(s) == 2);
    vg_state_free(s);
    s = play(g, "RRRR");
    assert_int_equal(count(g, s, "bomb"), 0);
    assert_false(vg_avatar_alive(g, s));
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_kill_all(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'rock', 'Immovable' }\nsprite { 'button', 'Immovable' }\n"
                      "map { 'r', 'rock' }\nmap { 'b', 'button' }\n"
                      "interaction { 'button', 'avatar', 'killAll', stype = 'rock' }\n",
                      "Ab.r\n"
                      "r.r.");
    vg_state *s = play(g, "");
    assert_int_equal(count(g, s, "rock"), 3);
    vg_state_free(s);
    s = play(g, "R");
    assert_int_equal(count(g, s, "rock"), 0);
    assert_int_equal(count(g, s, "button"), 1); /* killAll kills no other type */
    vg_state_free(s);
    vg_game_free(g);
    g = game("sprite { 'rock', 'Immovable' }\nsprite { 'pebble', parent = 'rock' }\nsprite { 'button', 'Immovable' }\n"
             "map { 'r', 'pebble' }\nmap { 'b', 'button' }\n"
             "interaction { 'button', 'avatar', 'killAll', stype = 'rock' }\n",
             "Ab.r\n");
    s = play(g, "R"); /* GVGAI: sprites of exactly 'rock', and there are none */
    assert_int_equal(count(g, s, "pebble"), 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* A missile at column 3 flies left from tick 2 on (a sprite moves once
 * its cooldown has passed); the avatar at column 0 walks right (they meet
 * head on in column 2) or waits (the missile comes to it in tick 4). */
static void frontal(const char *effect, int head_on_kills, int waiting_kills) {
    char rules[256];
    snprintf(rules, sizeof rules,
             "sprite { 'shot', 'Missile', orientation = 'LEFT' }\nmap { 's', 'shot' }\n"
             "interaction { 'avatar', 'shot', '%s' }\n",
             effect);
    vg_game *g = game(rules, "A..s.");
    vg_state *s = play(g, "RR");
    assert_int_equal(vg_avatar_alive(g, s), !head_on_kills);
    vg_state_free(s);
    s = play(g, "NNNN");
    assert_int_equal(vg_avatar_alive(g, s), !waiting_kills);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_kill_if_frontal(void **state) {
    (void)state;
    frontal("killIfFrontal", 1, 1);
    frontal("killIfNotFrontal", 0, 1);
}

/* A stone falls (a Missile going down) on a snail below it, or a snail
 * walks into a stone lying still: only the first kills. */
static void test_kill_if_from_above(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'stone', 'Missile', orientation = 'DOWN', speed = 1 }\n"
                      "sprite { 'snail', 'Immovable' }\n"
                      "map { 's', 'stone' }\nmap { 'n', 'snail' }\n"
                      "interaction { 'snail', 'stone', 'killIfFromAbove', scoreChange = 4 }\n",
                      "A.s.\n"
                      "..n.");
    vg_state *s = play(g, "NN");
    assert_int_equal(count(g, s, "snail"), 0);
    assert_true(vg_score(s) == 4);
    vg_state_free(s);
    vg_game_free(g);
    g = game("sprite { 'stone', 'Immovable' }\n"
             "sprite { 'snail', 'Missile', orientation = 'RIGHT' }\n"
             "map { 's', 'stone' }\nmap { 'n', 'snail' }\n"
             "interaction { 'snail', 'stone', 'killIfFromAbove', scoreChange = 4 }\n",
             "A...\n"
             "n.s.");
    s = play(g, "NNN");
    assert_int_equal(count(g, s, "snail"), 1);
    assert_true(vg_score(s) == 0);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_remove_score(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'coin', 'Immovable' }\nsprite { 'tax', 'Immovable' }\n"
                      "map { 'c', 'coin' }\nmap { 't', 'tax' }\n"
                      "interaction { 'coin', 'avatar', 'killSprite', scoreChange = 3 }\n"
                      "interaction { 'avatar', 'tax', 'removeScore' }\n",
                      "Acct");
    vg_state *s = play(g, "RR");
    assert_true(vg_score(s) == 6);
    vg_state_free(s);
    s = play(g, "RRR");
    assert_true(vg_score(s) == 0);
    assert_true(vg_avatar_alive(g, s));
    vg_state_free(s);
    vg_game_free(g);
}

/* The avatar picks up gems (a resource), then meets guards: a guard dies
 * when the avatar holds 2 gems, and with 'subtract' takes 2 away. */
static void test_kill_if_other_has_more(void **state) {
    (void)state;
    for (int subtract = 0; subtract < 2; subtract++) {
        char text[1024];
        snprintf(
            text, sizeof text,
            "sprite { 'gem', 'Resource', limit = 5 }\nsprite { 'guard', 'Immovable' }\n"
            "map { 'g', 'gem' }\nmap { 'x', 'guard' }\n"
            "interaction { 'avatar', 'gem', 'changeResource', resource = 'gem', value = 1 }\n"
            "interaction { 'gem', 'avatar', 'killSprite' }\n"
            "interaction { 'guard', 'avatar', 'killIfOtherHasMore', resource = 'gem', limit = 2, subtract = %s }\n",
            subtract ? "true" : "false");
        vg_game *g = game(text, "Agxggxx");
        vg_state *s = play(g, "RR"); /* one gem: the first guard stays */
        assert_int_equal(count(g, s, "guard"), 3);
        vg_state_free(s);
        s = play(g, "RRRRRR");
        /* three gems: without subtract both later guards die; with it the
         * second takes two of them and the third guard stays */
        assert_int_equal(count(g, s, "guard"), subtract ? 2 : 1);
        assert_int_equal(vg_avatar_resource(g, s, 0), subtract ? 1 : 3);
        vg_state_free(s);
        vg_game_free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kill_sprite_and_both), cmocka_unit_test(test_kill_all),
        cmocka_unit_test(test_kill_if_frontal),      cmocka_unit_test(test_kill_if_from_above),
        cmocka_unit_test(test_remove_score),         cmocka_unit_test(test_kill_if_other_has_more),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
