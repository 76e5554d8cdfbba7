/* SPDX-License-Identifier: MIT
 *
 * test_game_finish.c -- the last step of loading the rules
 * (engine/game_finish.c), phase by phase:
 *
 * 1. The type tree: leaves, each type's set of leaf subtypes, the avatar
 *    types; a type named before it is declared is found once it is, an
 *    undeclared one is an error at the line naming it, a leaf with no
 *    class is an error at its line. What is not a game is refused.
 * 2. Pairs: the rows of one pair of types run together, in script order.
 * 3. Which types never change (the static layer: still by class, no rule
 *    moves, replaces or creates them), which of those rules can kill (alive bits),
 *    which update by themselves (a Missile of speed 0 does not).
 * 5. Glyphs: the first character that places a type on top draws it;
 *    which rows tally scores for the players (those with one).
 * 6. The layout of a changing sprite: its 16-byte header alone, or with
 *    the extension fields the rules need (health, resources).
 * Warnings: a Chaser with nothing to chase, a rule an earlier stepBack of
 * its pair gets to first.
 */
#include <stdio.h>
#include <string.h>

#include "support.h"

#include "state.h"

static const type_def *type(const vg_game *g, const char *name) {
    int t = vg_type_find(g, name);
    assert_true(t >= 0);
    return &g->types[t];
}

static void test_type_tree(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'hen', 'SpawnPoint', stype = 'egg' }\n" /* 'egg' comes later */
                             "sprite { 'food' }\n"
                             "sprite { 'egg', 'Immovable', parent = 'food' }\n"
                             "sprite { 'corn', 'Immovable', parent = 'food' }\n"
                             "map { 'A', 'avatar' }\nmap { 'h', 'hen' }\n",
                             "Ah");
    int egg = vg_type_find(g, "egg"), corn = vg_type_find(g, "corn");
    assert_int_equal(type(g, "hen")->stype, egg);
    assert_false(type(g, "food")->leaf);
    assert_true(type(g, "egg")->leaf);
    assert_true(type(g, "food")->subtypes == ((1ULL << egg) | (1ULL << corn)));
    assert_true(type(g, "egg")->subtypes == 1ULL << egg);
    assert_true(g->avatar_types == 1ULL << vg_type_find(g, "avatar"));
    vg_game_free(g);
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\n"
                   "sprite { 'hen', 'SpawnPoint', stype = 'eg' }\n"
                   "sprite { 'egg', 'Immovable' }\n"
                   "map { 'A', 'avatar' }\n",
                   "A", 2, "sprite parameter 'stype': no sprite type is named 'eg'");
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\n"
                   "sprite { 'food' }\n"
                   "map { 'A', 'avatar' }\n",
                   "A", 2, "'food' needs a class");
}

static void test_pairs(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'coin', 'Immovable' }\n"
                             "sprite { 'wall', 'Immovable' }\n"
                             "map { 'A', 'avatar' }\nmap { 'c', 'coin' }\nmap { '.' }\n"
                             "interaction { 'coin', 'avatar', 'scoreChange', scoreChange = 1 }\n"
                             "interaction { 'wall', 'avatar', 'scoreChange', scoreChange = 100 }\n"
                             "interaction { 'coin', 'avatar', 'killSprite', scoreChange = 10 }\n"
                             "interaction { 'avatar', 'EOS', 'stepBack' }\n",
                             "Ac.");
    assert_int_equal(g->npairs, 2);
    assert_int_equal(g->neos, 1);
    const pair_def *p = &g->pairs[0];
    assert_int_equal(p->t1, vg_type_find(g, "coin"));
    assert_int_equal(p->count, 2);
    assert_int_equal(g->effects[g->pair_effects[p->first]].score[0], 1);
    assert_int_equal(g->effects[g->pair_effects[p->first + 1]].score[0], 10);
    assert_true(g->partners[vg_type_find(g, "avatar")] ==
                (1ULL << vg_type_find(g, "coin") | 1ULL << vg_type_find(g, "wall")));
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
    assert_true(vg_score(s) == 11); /* both coin rows, in order */
    vg_state_free(s);
    vg_game_free(g);
}

static void test_static_layer(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'wall', 'Immovable' }\n" /* nothing touches it */
                             "sprite { 'coin', 'Immovable' }\n" /* killed */
                             "sprite { 'box', 'Passive' }\n"    /* pushed */
                             "sprite { 'seed', 'Immovable' }\n" /* replaced: it dies where it stands */
                             "sprite { 'tree', 'Immovable' }\n" /* created by a rule */
                             "sprite { 'post', 'Immovable', dynamic = true }\n"
                             "sprite { 'rock', 'Missile', speed = 0 }\n" /* no speed: it never drifts */
                             "sprite { 'cannon', 'Passive' }\n"          /* an edge rule alone: it never gets there */
                             "sprite { 'bat', 'RandomNPC' }\n"
                             "map { 'A', 'avatar' }\nmap { 'w', 'wall' }\n"
                             "interaction { 'coin', 'avatar', 'killSprite' }\n"
                             "interaction { 'box', 'avatar', 'bounceForward' }\n"
                             "interaction { 'seed', 'avatar', 'transformTo', stype = 'tree' }\n"
                             "interaction { 'cannon', 'EOS', 'killSprite' }\n"
                             "interaction { 'bat', 'EOS', 'stepBack' }\n",
                             "Aw");
    static const struct {
        const char *name;
        int fixed, killable, changing;
    } want[] = {{"avatar", 0, 0, 1}, {"wall", 1, 0, 0}, {"coin", 1, 1, 0}, {"box", 0, 0, 1},    {"seed", 1, 1, 0},
                {"tree", 0, 0, 1},   {"post", 0, 0, 1}, {"rock", 1, 0, 0}, {"cannon", 1, 0, 0}, {"bat", 0, 0, 1}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const type_def *td = type(g, want[k].name);
        if (td->fixed != want[k].fixed || td->killable != want[k].killable) print_error("%s\n", want[k].name);
        assert_int_equal(td->fixed, want[k].fixed);
        assert_int_equal(td->killable, want[k].killable);
        assert_int_equal((int)(g->changing >> vg_type_find(g, want[k].name) & 1), want[k].changing);
    }
    assert_int_equal(g->nupdate, 1); /* the bat; not the still rock, nor the avatar */
    assert_int_equal(g->update_order[0], vg_type_find(g, "bat"));
    vg_game_free(g);
    /* A script whose code may move sprites keeps its drift-less ones changing (it moves its Passives). */
    g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'ghost', 'Passive' }\n"
                    "sprite { 'wall', 'Immovable' }\nmap { 'A', 'avatar' }\nmap { 'g', 'ghost' }\n"
                    "local function push(state, s) return state:step(s, 1, 0) end\n",
                    "Ag");
    assert_int_equal(type(g, "ghost")->fixed, 0);
    assert_int_equal(type(g, "wall")->fixed, 1);
    vg_game_free(g);
}

static void test_glyphs_and_layout(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\nsprite { 'floor', 'Immovable' }\n"
                             "sprite { 'gem', 'Immovable' }\nsprite { 'ghost', 'Immovable' }\n"
                             "map { 'A', 'avatar', 'floor' }\nmap { 'g', 'gem', 'floor' }\nmap { '.', 'floor' }\n"
                             "map { 'x', 'floor', 'ghost' }\n",
                             "Ag.x");
    assert_int_equal(type(g, "avatar")->glyph, 'A');
    assert_int_equal(type(g, "gem")->glyph, 'g');
    assert_int_equal(type(g, "floor")->glyph, '.'); /* on top only under '.' and 'x'; '.' comes first */
    assert_int_equal(type(g, "ghost")->glyph, 'x'); /* never on top: the first that places it */
    assert_int_equal(g->stride, sizeof(sprite));
    assert_int_equal(sizeof(sprite), 16);
    vg_game_free(g);

    g = load_lua_ok("sprite { 'avatar', 'MovingAvatar', healthPoints = 3 }\nsprite { 'coin', 'Resource' }\n"
                    "map { 'A', 'avatar' }\nmap { 'c', 'coin' }\n"
                    "interaction { 'coin', 'avatar', 'collectResource' }\n",
                    "Ac");
    assert_int_equal(g->nres, 1);
    assert_true(g->ext_off[EXT_HEALTH] >= sizeof(sprite));
    assert_true(g->ext_off[EXT_RESOURCES] >= sizeof(sprite));
    assert_int_equal(g->ext_off[EXT_SPEED], 0);
    assert_true(g->stride > sizeof(sprite) && g->stride % 8 == 0);
    vg_game_free(g);
}

/* What is not a game is refused, naming the script: no sprite types (an
 * empty script, one that returns a value, game{} alone), no map{}, no
 * avatar and no turns{}. */
static void test_not_a_game(void **state) {
    (void)state;
    static const struct {
        const char *lua, *words;
    } cases[] = {
        {"", "not a game: it declares no sprite types"},
        {"return 42\n", "not a game: it declares no sprite types"},
        {"game { square_size = 10 }\n", "not a game: it declares no sprite types"},
        {"sprite { 'avatar', 'MovingAvatar' }\n", "no map{} places a sprite"},
        {"sprite { 'rock', 'Immovable' }\nmap { 'r', 'rock' }\n", "it has no avatar type"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) load_lua_error(cases[k].lua, "A\n", 0, cases[k].words);
}

/* Warnings: what plays but is likely a mistake, at its line. */
static void expect_warning(const vg_game *g, int line, const char *words) {
    vg_error w[8];
    int n = vg_game_warnings(g, w, 8), found = 0;
    for (int k = 0; k < n && k < 8; k++) found |= w[k].line == line && strstr(w[k].msg, words) != NULL;
    if (!found)
        print_error("no warning at line %d with '%s' (%d warnings; first: %s)\n", line, words, n, n ? w[0].msg : "");
    assert_true(found);
}

static void test_warnings(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'floor', 'Immovable', hidden = true }\n"
                             "sprite { 'wall', 'Immovable' }\n"
                             "sprite { 'ghost', 'Chaser' }\n"
                             "sprite { 'avatar', 'MovingAvatar' }\n"
                             "map { 'A', 'avatar', 'floor' } map { 'g', 'ghost', 'floor' } map { 'w', 'wall' }\n"
                             "interaction { 'avatar', 'wall', 'stepBack' }\n"
                             "interaction { 'avatar', 'ghost', 'killSprite' }\n"
                             "interaction { 'avatar', 'wall', 'killSprite', scoreChange = -1 }\n",
                             "wwww\nwAgw\nwwww\n");
    expect_warning(g, 3, "sprite 'ghost' (Chaser) has no 'stype': there is nothing to chase");
    expect_warning(g, 8, "killSprite of ('avatar', 'wall') comes after a stepBack of the same pair (line 6)");
    assert_int_equal(vg_game_warnings(g, NULL, 0), 2);
    vg_game_free(g);
}

/* Phase 5: in a game for two players, the rows with a score for a player
 * tally it (players_tally), the rows with none do not. */
static void test_tally_rows(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/2player/accelerator.txt", "gvgai/2player/accelerator_lvl0.txt");
    int scored = 0, unscored = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        int any = e->score[0] != 0 || e->score[1] != 0; /* 'avatarA goal > transformTo ... scoreChange=1,0' */
        assert_int_equal(!!(e->after & AFTER_TALLY), any);
        scored += any, unscored += !any;
    }
    assert_true(scored >= 2 && unscored >= 2);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_type_tree),    cmocka_unit_test(test_pairs),
        cmocka_unit_test(test_static_layer), cmocka_unit_test(test_glyphs_and_layout),
        cmocka_unit_test(test_not_a_game),   cmocka_unit_test(test_warnings),
        cmocka_unit_test(test_tally_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
