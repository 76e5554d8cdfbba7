/* SPDX-License-Identifier: MIT
 *
 * test_interact.c -- the effects' parameter checks and their scoring, on
 * games built through the builder API (game.h). What each effect does is
 * pinned by traces recorded from GVGAI: the unit games
 * tests/golden/gvgai/unit/kill and unit/spawn (test_trace.c) and the
 * corpus games (test_corpus.c). Here:
 *
 * 1. A row missing what its effect needs, or naming a type with subtypes
 *    where a leaf is created, fails game_finish at the row's line.
 * 2. Effects of two sprites are refused at the edge of the screen (EOS).
 * 3. A conditional effect scores only when it acts (killIfHasLess on a
 *    sprite holding nothing kills and scores; killIfHasMore with limit 1
 *    neither), and shieldFrom stops the rule it names for the tick, not
 *    the pair's next one (which finds its own first sprites, not the last
 *    pair's).
 * 4. An overlap that lasts from tick to tick runs its rule every tick
 *    though nothing moves: its changing side is marked (SP_LINGER,
 *    PERSIST_SOME) and the mark goes when the overlap ends; two static
 *    sprites overlapping make every tick check every pair (PERSIST_ALL).
 * 5. When many sprites moved, they look for no partner type that has no
 *    sprite (lean_find): a type empty as the tick began but created in it
 *    before the collision pass is still looked for; a moved type that then
 *    looks for no type of its own skips only those (not the types of more
 *    moved sprites, which skip it when all of its sprites moved). A lookup
 *    passes over a type with no sprite, not over one with none when the
 *    tick began but one made in it, and finds a type's new sprites made
 *    after others.
 */
#include <string.h>

#include "support.h"

#include "builder.h"
#include "level.h"
#include "state.h"

static vg_error err;

/* Avatar, wall, gem (a parent of ruby and jade), coin; '.' is empty. */
static vg_game *base_game(void) {
    vg_game *g = game_new("t.txt");
    static const struct {
        const char *name, *parent, *cls;
        char c;
    } types[] = {{"avatar", NULL, "MovingAvatar", 'A'},
                 {"wall", NULL, "Immovable", 'w'},
                 {"gem", NULL, "Immovable", 0},
                 {"ruby", "gem", NULL, 'r'},
                 {"jade", "gem", NULL, 'j'},
                 {"coin", NULL, "Immovable", 'c'}};
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        int t;
        assert_int_equal(game_add_type(g, types[k].name, types[k].parent, types[k].cls, 1, &t, &err), VG_OK);
        if (types[k].c) assert_int_equal(game_add_mapping(g, types[k].c, &types[k].name, 1, 1, &err), VG_OK);
    }
    assert_int_equal(game_add_mapping(g, '.', NULL, 0, 1, &err), VG_OK);
    return g;
}

/* Adds effect 'name' for the pair (t1, t2) at 'line', with parameters as
 * pairs of strings ending with NULL: a number, true/false or a name. */
static void add_effect(vg_game *g, const char *t1, const char *t2, const char *name, int line, ...) {
    int e;
    assert_int_equal(game_add_effect(g, t1, &t2, 1, name, 0, line, &e, &err), VG_OK);
    va_list ap;
    va_start(ap, line);
    for (const char *key; (key = va_arg(ap, const char *));) {
        param_value v = text_value(va_arg(ap, const char *));
        assert_int_equal(game_effect_param(g, e, key, &v, line, &err), VG_OK);
    }
    va_end(ap);
}

static void test_checks(void **state) {
    (void)state;
    static const struct {
        const char *t1, *t2, *effect, *key, *val, *msg;
    } cases[] = {
        {"avatar", "coin", "killAll", "scoreChange", "1", "killAll needs 'stype'"},
        {"avatar", "coin", "shieldFrom", "stype", "coin", "shieldFrom needs 'stype' and 'ftype'"},
        {"avatar", "coin", "spawn", "scoreChange", "1", "spawn needs 'stype'"},
        {"ruby", "avatar", "transformToRandomChild", "stype", "ruby",
         "transformToRandomChild: 'stype' ruby has no subtypes"},
        {"coin", "avatar", "transformIfCount", "stype", "ruby", "transformIfCount needs 'stypeCount'"},
        {"coin", "avatar", "transformToSingleton", "stype", "ruby", "transformToSingleton needs 'stype_other'"},
        {"avatar", "coin", "killIfOtherHasMore", "limit", "1", "killIfOtherHasMore needs 'resource' (a sprite type)"},
        {"avatar", "coin", "spawnIfHasMore", "resource", "coin", "spawnIfHasMore needs 'stype'"},
        {"avatar", "coin", "spawnIfCounterSubTypes", "stype", "ruby", "spawnIfCounterSubTypes needs 'estype'"},
        {"avatar", "EOS", "spawnAbove", "stype", "coin",
         "spawnAbove needs two sprites; it cannot happen at the edge (EOS)"},
        {"avatar", "EOS", "killIfFrontal", "scoreChange", "1",
         "killIfFrontal needs two sprites; it cannot happen at the edge (EOS)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = base_game();
        add_effect(g, cases[k].t1, cases[k].t2, cases[k].effect, 9, cases[k].key, cases[k].val, NULL);
        assert_int_equal(game_finish(g, &err), VG_ERR_SCRIPT);
        assert_int_equal(err.line, 9);
        if (strcmp(err.msg, cases[k].msg)) print_error("%s: %s\n", cases[k].effect, err.msg);
        assert_string_equal(err.msg, cases[k].msg);
        game_free(g);
    }
}

/* A type with subtypes may be placed by the map and created by a rule, as
 * in GVGAI (x-racer's avatar): its own sprites are of a leaf type of the
 * same name (game_self_leaf), counted with its subtypes. */
static void test_parent_type_sprites(void **state) {
    (void)state;
    vg_game *g = base_game();
    const char *gem[1] = {"gem"};
    assert_int_equal(game_add_mapping(g, 'g', gem, 1, 1, &err), VG_OK);
    add_effect(g, "coin", "avatar", "transformTo", 2, "stype", "gem", NULL);
    assert_int_equal(game_finish(g, &err), VG_OK);
    assert_int_equal(level_load(g, "wAcgr.w\n", "map", &err), VG_OK);
    int t = game_type_find(g, "gem"), self = g->types[t].self;
    assert_true(self > t && g->types[self].leaf && g->types[self].parent == t);
    assert_string_equal(g->types[self].name, "gem");
    vg_state *s = vg_state_new(g, 1);
    vg_obs obs[4];
    assert_int_equal(vg_sprites_of(g, s, t, NULL, obs, 4), 2);        /* the map's gem and ruby */
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK); /* the coin becomes a gem */
    assert_int_equal(vg_sprites_of(g, s, t, NULL, obs, 4), 3);
    assert_int_equal(vg_sprites_of(g, s, self, NULL, obs, 4), 2);
    vg_state_free(s);
    game_free(g);
}

/* Plays RIGHT 'n' times on 'map' and returns the score (the state freed). */
static double score_after(vg_game *g, const char *map, int n, int *alive) {
    vg_status st = game_finish(g, &err);
    if (st == VG_OK) st = level_load(g, map, "map", &err);
    if (st != VG_OK) print_error("%s\n", err.msg);
    assert_int_equal(st, VG_OK);
    vg_state *s = vg_state_new(g, 1);
    for (int k = 0; k < n; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
    double score = vg_score(s);
    *alive = vg_avatar_alive(g, s);
    vg_state_free(s);
    return score;
}

static void test_scores_only_when_acting(void **state) {
    (void)state;
    int alive;
    vg_game *g = base_game(); /* holds no coin: at most 0, it dies and scores */
    add_effect(g, "avatar", "coin", "killIfHasLess", 2, "resource", "coin", "limit", "0", "scoreChange", "5", NULL);
    assert_true(score_after(g, "wAc.w\n", 1, &alive) == 5);
    assert_false(alive);
    game_free(g);
    g = base_game(); /* at least 1: no, so neither */
    add_effect(g, "avatar", "coin", "killIfHasMore", 2, "resource", "coin", "limit", "1", "scoreChange", "5", NULL);
    assert_true(score_after(g, "wAc.w\n", 1, &alive) == 0);
    assert_true(alive);
    game_free(g);
}

static void test_shield(void **state) {
    (void)state;
    for (int shielded = 0; shielded < 2; shielded++) {
        int alive;
        vg_game *g = base_game();
        if (shielded) add_effect(g, "avatar", "ruby", "shieldFrom", 2, "stype", "coin", "ftype", "killSprite", NULL);
        add_effect(g, "avatar", "coin", "killSprite", 3, "scoreChange", "-1", NULL);
        const char *both[] = {"ruby", "coin"};
        assert_int_equal(game_add_mapping(g, 'x', both, 2, 1, &err), VG_OK);
        assert_true(score_after(g, "wAx.w\n", 1, &alive) == (shielded ? 0 : -1));
        assert_int_equal(alive, shielded);
        game_free(g);
    }
}

static void test_shield_then_next_effect(void **state) {
    (void)state;
    int alive;
    vg_game *g = base_game(); /* the pair before (avatar, coin) visits the ruby, not the avatar */
    add_effect(g, "avatar", "ruby", "shieldFrom", 2, "stype", "coin", "ftype", "killSprite", NULL);
    add_effect(g, "ruby", "avatar", "scoreChange", 3, "scoreChange", "1", NULL);
    add_effect(g, "avatar", "coin", "killSprite", 4, NULL);
    add_effect(g, "avatar", "coin", "scoreChange", 5, "scoreChange", "10", NULL);
    const char *both[] = {"ruby", "coin"};
    assert_int_equal(game_add_mapping(g, 'x', both, 2, 1, &err), VG_OK);
    assert_true(score_after(g, "wAx.w\n", 1, &alive) == 11);
    assert_true(alive);
    game_free(g);
}

/* Plays 'acts' (one letter each: n NIL, r RIGHT) on 'map', the rule
 * 'avatar coin > scoreChange 1' (and 'coin ruby > scoreChange 10'); checks
 * the score, the persist value and the avatar's mark after each tick. */
static void play_lasting(const char *map, const char *acts, const int *scores, const int *persist) {
    vg_game *g = base_game();
    add_effect(g, "avatar", "coin", "scoreChange", 2, "scoreChange", "1", NULL);
    add_effect(g, "coin", "ruby", "scoreChange", 3, "scoreChange", "10", NULL);
    const char *on_coin[] = {"avatar", "coin"}, *both[] = {"coin", "ruby"};
    assert_int_equal(game_add_mapping(g, 'x', on_coin, 2, 1, &err), VG_OK);
    assert_int_equal(game_add_mapping(g, 'y', both, 2, 1, &err), VG_OK);
    assert_int_equal(game_finish(g, &err), VG_OK);
    assert_int_equal(level_load(g, map, "map", &err), VG_OK);
    vg_state *s = vg_state_new(g, 1), *c = vg_state_new(g, 1);
    for (int k = 0; acts[k]; k++) {
        vg_state_copy(c, s); /* the marks travel with a copy */
        assert_int_equal(vg_advance(g, c, acts[k] == 'r' ? VG_ACTION_RIGHT : VG_ACTION_NIL, &err), VG_OK);
        vg_state *tmp = s;
        s = c, c = tmp;
        assert_int_equal((int)vg_score(s), scores[k]);
        assert_int_equal(s->persist, persist[k]);
        int av = state_avatar(g, s);
        assert_int_equal((state_sprite(s, (uint32_t)av)->flags & SP_LINGER) != 0, persist[k] == PERSIST_SOME);
    }
    vg_state_free(s);
    vg_state_free(c);
    game_free(g);
}

static void test_lasting_overlap(void **state) {
    (void)state;
    static const int scores[] = {1, 2, 3, 3, 3},
                     persist[] = {PERSIST_SOME, PERSIST_SOME, PERSIST_SOME, PERSIST_NONE, PERSIST_NONE};
    play_lasting("wx..w\n", "nnnrn", scores, persist);
    static const int scores2[] = {11, 22, 33}, persist2[] = {PERSIST_ALL, PERSIST_ALL, PERSIST_ALL};
    play_lasting("wxy.w\n", "nnn", scores2, persist2);
}

/* Seventeen bullets fall (and wrap around) onto a row of twenty spawn
 * points, which make a target each in ticks 1 and 5 (target bullet >
 * killSprite; a Missile first moves in tick 2). The first targets are hit
 * in tick 2, the three others flicker out; the second ones are hit in
 * tick 5, as they are made: their type had no sprite as that tick began,
 * and the bullets must look for them (the targets, more, do not look for
 * the bullets). */
static void test_lean_empty_partners(void **state) {
    (void)state;
    vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n"
                                "    bullet > Missile orientation=DOWN speed=1\n"
                                "    target > Flicker limit=2\n"
                                "    spot > SpawnPoint stype=target cooldown=4 total=2\n"
                                "  InteractionSet\n    target bullet > killSprite scoreChange=1\n"
                                "    bullet EOS > wrapAround\n"
                                "  LevelMapping\n    b > bullet\n    p > spot\n",
                                "bbbbbbbbbbbbbbbbb....\npppppppppppppppppppp.\n....................A\n");
    vg_state *s = vg_state_new(g, 1);
    static const int targets[] = {20, 3, -1, 0, 3}, score[] = {0, 17, 17, 17, 34};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
        vg_obs o[32];
        int n = vg_sprites_of(g, s, vg_type_find(g, "target"), NULL, o, 32);
        if (targets[k] >= 0) assert_int_equal(n, targets[k]);
        assert_true(vg_score(s) == score[k]);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* Seventeen bullets fall onto four rocks in tick 2, as a spawn point
 * makes the last of them (rock bullet > killSprite): the rocks look for a
 * type with no sprite (ghost), and only one of them moved (was made), so
 * the bullets, more, must still look for them. */
static void test_lean_some_moved(void **state) {
    (void)state;
    vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n"
                                "    bullet > Missile orientation=DOWN speed=1\n"
                                "    ghost > Missile orientation=UP speed=1\n"
                                "    rock > Immovable\n"
                                "    spot > SpawnPoint stype=rock cooldown=1 total=2\n"
                                "  InteractionSet\n    rock bullet > killSprite scoreChange=1\n"
                                "    rock ghost > killSprite\n    bullet EOS > killSprite\n"
                                "  LevelMapping\n    b > bullet\n    r > rock\n    p > spot\n",
                                "bbbbbbbbbbbbbbbbb\nAr..r..p.........\n.................\n");
    vg_state *s = vg_state_new(g, 1);
    int rock = vg_type_find(g, "rock");
    vg_obs o[8];
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(vg_sprites_of(g, s, rock, NULL, o, 8), 3);
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(vg_sprites_of(g, s, rock, NULL, o, 8), 0);
    assert_true(vg_score(s) == 4);
    vg_state_free(s);
    vg_game_free(g);
}

/* The avatar steps onto a spawn point as it makes a target (target avatar
 * > killSprite): the target's type had no sprite as the tick began. */
static void test_lookup_made_this_tick(void **state) {
    (void)state;
    vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n"
                                "    target > Immovable\n"
                                "    spot > SpawnPoint stype=target cooldown=3 total=1\n"
                                "  InteractionSet\n    target avatar > killSprite scoreChange=1\n"
                                "  LevelMapping\n    p > spot\n",
                                "Ap.\n");
    vg_state *s = vg_state_new(g, 1);
    vg_obs o[2];
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_OK);
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "target"), NULL, o, 2), 0);
    assert_true(vg_score(s) == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* Three spawn points make a target, a decoy and a target in one tick, the
 * avatar stepping onto one target's cell (either end: one of the two is
 * made second): a lookup walks a type's new sprites from its first one
 * until it has seen all of them, past the other target and the decoy. */
static void test_lookup_made_after_others(void **state) {
    (void)state;
    static const struct {
        const char *level;
        vg_action a;
    } plays[] = {{"Aa.b.c\n", VG_ACTION_RIGHT}, {"a.b.cA\n", VG_ACTION_LEFT}};
    for (size_t k = 0; k < sizeof plays / sizeof plays[0]; k++) {
        vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n"
                                    "    target > Immovable\n    decoy > Immovable\n"
                                    "    spota > SpawnPoint stype=target cooldown=3 total=1\n"
                                    "    spotb > SpawnPoint stype=decoy cooldown=3 total=1\n"
                                    "    spotc > SpawnPoint stype=target cooldown=3 total=1\n"
                                    "  InteractionSet\n    target avatar > killSprite scoreChange=1\n"
                                    "    decoy avatar > killSprite scoreChange=10\n"
                                    "  LevelMapping\n    a > spota\n    b > spotb\n    c > spotc\n",
                                    plays[k].level);
        vg_state *s = vg_state_new(g, 1);
        vg_obs o[4];
        assert_int_equal(vg_advance(g, s, plays[k].a, &err), VG_OK);
        assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "target"), NULL, o, 4), 1);
        assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "decoy"), NULL, o, 4), 1);
        assert_true(vg_score(s) == 1);
        vg_state_free(s);
        vg_game_free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_parent_type_sprites),
        cmocka_unit_test(test_scores_only_when_acting),
        cmocka_unit_test(test_shield),
        cmocka_unit_test(test_shield_then_next_effect),
        cmocka_unit_test(test_lasting_overlap),
        cmocka_unit_test(test_lean_empty_partners),
        cmocka_unit_test(test_lean_some_moved),
        cmocka_unit_test(test_lookup_made_this_tick),
        cmocka_unit_test(test_lookup_made_after_others),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
