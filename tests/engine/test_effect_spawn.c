/* SPDX-License-Identifier: MIT
 *
 * test_effect_spawn.c -- the effects that create or replace sprites
 * (engine/effect_spawn.c), with GVGAI's semantics, on one-row games of an
 * avatar walking right:
 *
 * 1. transformTo replaces the first sprite (changing, or fixed: the egg and
 *    the nest stay in the static layer) by one of 'stype' in its place;
 *    with killSecond the second sprite dies too; an avatar replaced by an
 *    avatar stays the avatar, keeping what it held.
 * 2. spawn creates a sprite of 'stype' where the first one is, with
 *    probability 'prob' (0: never).
 * 3. spawnRight creates one cell right of the second sprite; cloneSprite
 *    a copy of the first in its place.
 * 4. transformIfCount chooses between 'stype' and 'estype' by how many
 *    sprites of 'stypeCount' there are, and scores only on 'stype'.
 * 5. transformToAll replaces every sprite of 'stype', wherever it is;
 *    spawnIfHasLess creates only while the first sprite holds at most
 *    'limit' of the resource.
 * 6. transformToAll past GVGAI's bound (GV_MAX_SPRITES): the sprites
 *    replaced first (by id) are, until the game holds more than the bound;
 *    the others stay, and the refusals end the game.
 * 7. transformToAll's taking over done a chunk at a time (a game with no
 *    resources) plays as the one-by-one taking over (the same game with a
 *    resource type, which takes that path): the same sprites, ids and
 *    places tick by tick, with and without forceOrientation, the new
 *    sprites stepped back to where those they replaced were, their health
 *    carried over (a car hit by walls dies sooner).
 * (The checks of their parameters are in test_interact.c; GVGAI's traces
 * of spawn and transformTo in tests/golden/gvgai/unit/spawn.)
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

static vg_game *game(const char *rules, const char *map) {
    char lua[2048];
    snprintf(lua, sizeof lua, "sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\nmap { '.' }\n%s", rules);
    return load_lua_ok(lua, map);
}

/* Plays RIGHT 'n' times. */
static vg_state *right(const vg_game *g, int n) {
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    for (int k = 0; k < n; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
    return s;
}

/* Sprites of 'type'; the first one's column in '*x' (when there is one). */
static int count(const vg_game *g, const vg_state *s, const char *type, double *x) {
    vg_obs o[8];
    int n = vg_sprites_of(g, s, vg_type_find(g, type), NULL, o, 8);
    if (n > 0 && x) *x = o[0].x;
    return n;
}

static void test_transform_to(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'egg', 'Immovable' }\nsprite { 'chick', 'Immovable' }\nsprite { 'nest', 'Immovable' }\n"
                      "sprite { 'ghost', 'MovingAvatar' }\nsprite { 'coin', 'Resource' }\n"
                      "map { 'e', 'egg' }\nmap { 'n', 'nest' }\nmap { 'c', 'coin' }\n"
                      "interaction { 'egg', 'avatar', 'transformTo', stype = 'chick', scoreChange = 1 }\n"
                      "interaction { 'nest', 'avatar', 'transformTo', stype = 'chick', killSecond = true }\n"
                      "interaction { 'coin', 'avatar', 'collectResource' }\n"
                      "interaction { 'avatar', 'chick', 'transformTo', stype = 'ghost' }\n",
                      "Ace.n");
    vg_state *s = right(g, 2); /* coin taken, egg hatched under the avatar... */
    double x;
    assert_int_equal(count(g, s, "egg", NULL), 0);
    assert_int_equal(count(g, s, "chick", &x), 1);
    assert_true(x == 2);
    assert_true(vg_score(s) == 1);
    /* ... and the avatar on the chick became a ghost, still the avatar, coin in hand */
    assert_int_equal(vg_avatar_type(g, s), vg_type_find(g, "ghost"));
    assert_true(vg_avatar_alive(g, s));
    assert_int_equal(vg_avatar_resource(g, s, 0), 1);
    vg_state_free(s);
    vg_game_free(g);

    g = game("sprite { 'nest', 'Immovable' }\nsprite { 'chick', 'Immovable' }\nmap { 'n', 'nest' }\n"
             "interaction { 'nest', 'avatar', 'transformTo', stype = 'chick', killSecond = true }\n"
             "termination { 'SpriteCounter', stype = 'avatar', limit = 0, win = false }\n",
             "An.");
    s = right(g, 1);
    assert_int_equal(count(g, s, "chick", &x), 1);
    assert_true(x == 1);
    assert_false(vg_avatar_alive(g, s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_spawn_probability(void **state) {
    (void)state;
    for (int p = 0; p <= 1; p++) {
        char rules[512];
        snprintf(rules, sizeof rules,
                 "sprite { 'pad', 'Immovable' }\nsprite { 'flower', 'Immovable' }\nmap { 'p', 'pad' }\n"
                 "interaction { 'pad', 'avatar', 'spawn', stype = 'flower', prob = %d }\n",
                 p);
        vg_game *g = game(rules, "Ap.p.");
        vg_state *s = right(g, 2);
        double x = -1;
        assert_int_equal(count(g, s, "flower", &x), p ? 1 : 0); /* one pad stepped on */
        if (p) assert_true(x == 1);
        assert_int_equal(count(g, s, "pad", NULL), 2); /* the pad stays */
        vg_state_free(s);
        vg_game_free(g);
    }
}

static void test_spawn_right_and_clone(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'bell', 'Immovable' }\nsprite { 'echo', 'Immovable' }\nsprite { 'cell', 'Immovable' }\n"
                      "map { 'b', 'bell' }\nmap { 'c', 'cell' }\n"
                      "interaction { 'bell', 'avatar', 'spawnRight', stype = 'echo' }\n"
                      "interaction { 'cell', 'avatar', 'cloneSprite' }\n",
                      "Ab..c.");
    vg_state *s = right(g, 1);
    double x;
    assert_int_equal(count(g, s, "echo", &x), 1);
    assert_true(x == 2); /* right of the avatar, at 1 */
    vg_state_free(s);
    s = right(g, 4);
    assert_int_equal(count(g, s, "cell", &x), 2); /* stepped on in tick 4: two in its place */
    assert_true(x == 4);
    vg_state_free(s);
    vg_game_free(g);
}

/* A key turns into a door when exactly two locks are left, else into a
 * wall; locks go when the avatar walks over them. */
static void test_transform_if_count(void **state) {
    (void)state;
    vg_game *g = game("sprite { 'lock', 'Immovable' }\nsprite { 'key', 'Immovable' }\n"
                      "sprite { 'door', 'Immovable' }\nsprite { 'wall', 'Immovable' }\n"
                      "map { 'l', 'lock' }\nmap { 'k', 'key' }\n"
                      "interaction { 'lock', 'avatar', 'killSprite' }\n"
                      "interaction { 'key', 'avatar', 'transformIfCount', stype = 'door', estype = 'wall',\n"
                      "              stypeCount = 'lock', geq = 2, leq = 2, scoreChange = 10 }\n",
                      "Alkllk");
    vg_state *s = right(g, 2); /* lock taken: two left, the first key a door */
    assert_int_equal(count(g, s, "door", NULL), 1);
    assert_true(vg_score(s) == 10);
    vg_state_free(s);
    s = right(g, 5); /* all locks taken: the second key a wall, no score */
    double x;
    assert_int_equal(count(g, s, "door", NULL), 1);
    assert_int_equal(count(g, s, "wall", &x), 1);
    assert_true(x == 5);
    assert_true(vg_score(s) == 10);
    vg_state_free(s);
    vg_game_free(g);
}

/* transformToAll: every egg, wherever it is, becomes a chick when the
 * avatar presses the button; spawnIfHasLess: a flower grows where the
 * avatar steps on a pad only while it holds no gem. */
static void test_transform_to_all_and_spawn_if_has_less(void **state) {
    (void)state;
    vg_game *g =
        game("sprite { 'egg', 'Immovable' }\nsprite { 'chick', 'Immovable' }\nsprite { 'button', 'Immovable' }\n"
             "map { 'e', 'egg' }\nmap { 'b', 'button' }\n"
             "interaction { 'button', 'avatar', 'transformToAll', stype = 'egg', stypeTo = 'chick' }\n",
             "Ab.e\n"
             "e..e");
    vg_state *s = right(g, 0);
    assert_int_equal(count(g, s, "egg", NULL), 3);
    vg_state_free(s);
    s = right(g, 1);
    assert_int_equal(count(g, s, "egg", NULL), 0);
    assert_int_equal(count(g, s, "chick", NULL), 3);
    vg_state_free(s);
    vg_game_free(g);

    g = game("sprite { 'gem', 'Resource' }\nsprite { 'pad', 'Immovable' }\nsprite { 'flower', 'Immovable' }\n"
             "map { 'g', 'gem' }\nmap { 'p', 'pad' }\n"
             "interaction { 'gem', 'avatar', 'collectResource' }\n"
             "interaction { 'avatar', 'pad', 'spawnIfHasLess', resource = 'gem', limit = 0, stype = 'flower' }\n",
             "Apgp");
    double x;
    s = right(g, 1);
    assert_int_equal(count(g, s, "flower", &x), 1);
    assert_true(x == 1);
    vg_state_free(s);
    s = right(g, 3); /* a gem held: no flower on the second pad */
    assert_int_equal(vg_avatar_resource(g, s, 0), 1);
    assert_int_equal(count(g, s, "flower", &x), 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* 6000 eggs become chicks at once: 3,999 of them do (the egg before each
 * is still there when it is replaced: 6,002 sprites, the avatar and the
 * button counted, and GVGAI creates while it holds at most 10,000), the
 * last 2,001 by id stay eggs, and the 2,001 refusals end the game. */
static void test_transform_to_all_to_the_bound(void **state) {
    (void)state;
    enum { COLS = 100, ROWS = 60 };
    static char map[(ROWS + 1) * (COLS + 1) + 1];
    char *m = map;
    m += sprintf(m, "Ab%*s\n", COLS - 2, "");
    for (int r = 0; r < ROWS; r++) memset(m, 'e', COLS), m[COLS] = r + 1 < ROWS ? '\n' : 0, m += COLS + 1;
    for (char *c = map; *c; c++)
        if (*c == ' ') *c = '.';
    vg_game *g =
        game("sprite { 'egg', 'Immovable' }\nsprite { 'chick', 'Immovable' }\nsprite { 'button', 'Immovable' }\n"
             "map { 'e', 'egg' }\nmap { 'b', 'button' }\n"
             "interaction { 'button', 'avatar', 'transformToAll', stype = 'egg', stypeTo = 'chick' }\n",
             map);
    vg_state *s = right(g, 1);
    static vg_obs o[ROWS * COLS];
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "chick"), NULL, o, ROWS * COLS), 3999);
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "egg"), NULL, o, ROWS * COLS), 2001);
    assert_true(o[0].x == 3999 % COLS && o[0].y == 1 + 3999 / COLS); /* the first egg left: egg 3,999 */
    assert_true(vg_is_over(s));
    vg_state_free(s);
    vg_game_free(g);
}

/* The sprites of types car and van (ids, places) after each of 'ticks'
 * ticks (the avatar on the button every third tick) into obs[]. */
static int play_cars(const char *extra, const char *force, int ticks, vg_obs *obs) {
    char rules[2048];
    snprintf(
        rules, sizeof rules,
        "sprite { 'car', 'Missile', speed = 1, orientation = 'DOWN', healthPoints = 3 }\n"
        "sprite { 'van', 'Missile', speed = 1, orientation = 'RIGHT', healthPoints = 1, limitHealthPoints = 5 }\n"
        "sprite { 'button', 'Immovable' }\nsprite { 'wall', 'Immovable' }\n%s"
        "map { 'c', 'car' }\nmap { 'v', 'van' }\nmap { 'b', 'button' }\nmap { 'w', 'wall' }\n"
        "interaction { 'button', 'avatar', 'transformToAll', stype = 'car', stypeTo = 'van'%s }\n"
        "interaction { 'button', 'avatar', 'transformToAll', stype = 'van', stypeTo = 'car', forceOrientation = true }\n"
        "interaction { 'car', 'wall', 'subtractHealthPoints' }\ninteraction { 'car', 'wall', 'stepBack' }\n"
        "interaction { 'avatar', 'wall', 'stepBack' }\n",
        extra, force);
    vg_game *g = game(rules, "wAb..c..v\n"
                             "w.c..wc.w\n"
                             "w..cw.v.w\n"
                             "wwwwwwwww");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    int n = 0, first = 0;
    for (int k = 0; k < ticks; k++) {
        assert_int_equal(vg_advance(g, s, k % 3 ? VG_ACTION_LEFT : VG_ACTION_RIGHT, &err), VG_OK);
        n += vg_sprites_of(g, s, vg_type_find(g, "car"), NULL, obs + n, 64);
        n += vg_sprites_of(g, s, vg_type_find(g, "van"), NULL, obs + n, 64);
        if (!k) first = n;
    }
    assert_true(first == 6 && n < first * ticks); /* all there after the first tick; cars die in walls later */
    vg_state_free(s);
    vg_game_free(g);
    return n;
}

static void test_transform_to_all_chunks(void **state) {
    (void)state;
    static vg_obs chunks[1024], one[1024];
    for (int f = 0; f < 2; f++) {
        const char *force = f ? ", forceOrientation = true" : "";
        int n = play_cars("", force, 12, chunks);
        const char *coin = "sprite { 'coin', 'Resource' }\ninteraction { 'coin', 'avatar', 'collectResource' }\n";
        assert_int_equal(play_cars(coin, force, 12, one), n);
        for (int k = 0; k < n; k++) {
            assert_int_equal(chunks[k].id, one[k].id);
            assert_true(chunks[k].x == one[k].x && chunks[k].y == one[k].y);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transform_to),
        cmocka_unit_test(test_spawn_probability),
        cmocka_unit_test(test_spawn_right_and_clone),
        cmocka_unit_test(test_transform_if_count),
        cmocka_unit_test(test_transform_to_all_and_spawn_if_has_less),
        cmocka_unit_test(test_transform_to_all_to_the_bound),
        cmocka_unit_test(test_transform_to_all_chunks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
