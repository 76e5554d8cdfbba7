/* SPDX-License-Identifier: MIT
 *
 * test_class.c -- the sprite classes beyond what GVGAI's traces show
 * (tests/golden/gvgai/unit/ replays those): each class's observation
 * category, which types stay in the static layer, a timeToLive, the
 * class words a producer needs, type lists (stypeMissile, stypes) and the
 * errors of producers declared wrong.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

#include "class.h"

static int type_of(const vg_game *g, const char *name) {
    int t = vg_type_find(g, name);
    assert_true(t >= 0);
    return t;
}

/* GVGAI's categories: a class's own, 'portal' over all but avatars and resources. */
static void test_categories(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'door', 'Door' }\n"
                             "sprite { 'exit', 'Immovable' }\n"
                             "sprite { 'gate', 'Portal', stype = 'exit' }\n"
                             "sprite { 'bomb', 'Missile' }\n"
                             "sprite { 'nest', 'SpawnPoint', stype = 'bomb' }\n"
                             "sprite { 'hole', 'SpawnPoint', stype = 'bomb', portal = true }\n"
                             "sprite { 'alien', 'Bomber', stype = 'bomb' }\n"
                             "sprite { 'many', 'SpawnPointMultiSprite', stypes = 'bomb' }\n"
                             "sprite { 'gem', 'ResourcePack', portal = true }\n"
                             "sprite { 'belt', 'Conveyor' }\n"
                             "sprite { 'fire', 'Spreader' }\n"
                             "sprite { 'bat', 'RandomNPC', portal = true }\n"
                             "map { 'A', 'avatar' }\n",
                             "A");
    static const struct {
        const char *type;
        vg_category cat;
    } want[] = {{"door", VG_CAT_PORTAL},    {"gate", VG_CAT_PORTAL},  {"bomb", VG_CAT_MOVABLE},
                {"nest", VG_CAT_IMMOVABLE}, {"hole", VG_CAT_PORTAL},  {"alien", VG_CAT_NPC},
                {"many", VG_CAT_NPC},       {"gem", VG_CAT_RESOURCE}, {"belt", VG_CAT_IMMOVABLE},
                {"fire", VG_CAT_MOVABLE},   {"bat", VG_CAT_PORTAL},   {"avatar", VG_CAT_AVATAR}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        if (vg_type_category(g, type_of(g, want[k].type)) != want[k].cat) print_error("%s\n", want[k].type);
        assert_int_equal(vg_type_category(g, type_of(g, want[k].type)), want[k].cat);
    }
    vg_game_free(g);
}

/* A Portal's exits stay static; what a Chaser chases does not; an
 * Immovable with a timeToLive updates and dies after that many ticks and
 * one more (GVGAI counts it down to 0 first). */
static void test_static_layer_and_time_to_live(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'exit', 'Immovable' }\n"
                             "sprite { 'gate', 'Portal', stype = 'exit' }\n"
                             "sprite { 'rock', 'Immovable' }\n"
                             "sprite { 'cat', 'Chaser', stype = 'rock' }\n"
                             "sprite { 'mark', 'Immovable', timeToLive = 2 }\n"
                             "sprite { 'box', 'Passive' }\n"
                             "map { 'A', 'avatar' }\n"
                             "map { 'e', 'exit' }\n"
                             "map { 'g', 'gate' }\n"
                             "map { 'r', 'rock' }\n"
                             "map { 'c', 'cat' }\n"
                             "map { 'm', 'mark' }\n"
                             "map { 'b', 'box' }\n",
                             "Aegrcmb");
    assert_true(g->types[type_of(g, "exit")].fixed);
    assert_true(g->types[type_of(g, "gate")].fixed);
    assert_false(g->types[type_of(g, "rock")].fixed);
    assert_false(g->types[type_of(g, "mark")].fixed);
    int updating = 0, mark = type_of(g, "mark"), box = type_of(g, "box");
    for (int k = 0; k < g->nupdate; k++) {
        assert_int_not_equal(g->update_order[k], box); /* a Passive with no speed does nothing */
        updating += g->update_order[k] == mark;
    }
    assert_int_equal(updating, 1);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    for (int tick = 1; tick <= 3; tick++) {
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
        assert_int_equal(state_count(g, s, mark), tick < 3);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* A producer keeps GVGAI's cooldown phase in class words only when 'moved'
 * cannot hold it: it moves (Bomber), a rule moves it, or it has a
 * timeToLive; nor does a cooldown of 1 need one. */
static void test_class_words(void **state) {
    (void)state;
    static const struct {
        const char *sprite, *rule;
        int aux;
    } cases[] = {
        {"sprite { 'p', 'SpawnPoint', stype = 'b', cooldown = 3 }", "", 0},
        {"sprite { 'p', 'SpawnPoint', stype = 'b', cooldown = 3 }", "interaction { 'p', 'avatar', 'bounceForward' }",
         1},
        {"sprite { 'p', 'SpawnPoint', stype = 'b', timeToLive = 9 }", "", 1},
        {"sprite { 'p', 'Bomber', stype = 'b', cooldown = 3 }", "", 1},
        {"sprite { 'p', 'Bomber', stype = 'b' }", "", 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char lua[512];
        snprintf(lua, sizeof lua,
                 "sprite { 'avatar', 'MovingAvatar' }\nsprite { 'b', 'Missile' }\n%s\n%s\n"
                 "map { 'A', 'avatar' }\nmap { 'p', 'p' }\n",
                 cases[k].sprite, cases[k].rule);
        vg_game *g = load_lua_ok(lua, "Ap");
        assert_int_equal(g->ext_off[EXT_AUX] != 0, cases[k].aux);
        vg_game_free(g);
    }
}

/* stypeMissile and stypes: a list or one string "a,b"; names declared later. */
static void test_type_lists(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'a', 'Missile' }\n"
                             "sprite { 'p', 'BomberRandomMissile', stypeMissile = 'a,c,b' }\n"
                             "sprite { 'q', 'SpawnPointMultiSprite', stypes = { 'b', 'a' } }\n"
                             "sprite { 'b', 'Missile' }\n"
                             "sprite { 'c', 'Missile' }\n"
                             "map { 'A', 'avatar' }\n",
                             "A");
    const type_def *p = &g->types[type_of(g, "p")], *q = &g->types[type_of(g, "q")];
    assert_int_equal(p->stypes.n, 3);
    assert_int_equal(p->stypes.t[0], type_of(g, "a"));
    assert_int_equal(p->stypes.t[1], type_of(g, "c"));
    assert_int_equal(p->stypes.t[2], type_of(g, "b"));
    assert_int_equal(q->stypes.n, 2);
    assert_int_equal(q->stypes.t[0], type_of(g, "b"));
    assert_int_equal(q->stypes.t[1], type_of(g, "a"));
    assert_false(g->types[type_of(g, "c")].fixed);
    vg_game_free(g);
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\n"
                   "sprite { 'p', 'BomberRandomMissile', stypeMissile = 'a,a,a,a,a,a,a,a,a' }\n",
                   "A", 3, "names 1 to 8 types");
    load_lua_error("sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\n"
                   "sprite { 'a', 'Missile' }\n"
                   "sprite { 'p', 'SpawnPointMultiSprite', stypes = 'a,bom' }\n",
                   "A", 4, "sprite parameter 'stypes': no sprite type is named 'bom'");
}

/* Producers name leaf types to create. */
static void test_producer_errors(void **state) {
    (void)state;
    static const struct {
        const char *sprite, *words;
    } cases[] = {
        {"sprite { 'p', 'SpawnPoint' }", "SpawnPoint 'p' needs 'stype'"},
        {"sprite { 'p', 'Bomber', stype = 'shot' }", "Bomber 'p': stype 'shot' has subtypes; name a leaf type"},
        {"sprite { 'p', 'RandomBomber' }", "RandomBomber 'p' needs 'stype'"},
        {"sprite { 'p', 'BomberRandomMissile' }", "BomberRandomMissile 'p' needs 'stypeMissile'"},
        {"sprite { 'p', 'SpawnPointMultiSprite', stypes = { 'a', 'shot' } }",
         "SpawnPointMultiSprite 'p': stypes 'shot' has subtypes"},
        {"sprite { 'p', 'Spreader', stype = 'shot' }", "Spreader 'p': stype 'shot' has subtypes"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char lua[512];
        snprintf(lua, sizeof lua,
                 "sprite { 'avatar', 'MovingAvatar' }\nmap { 'A', 'avatar' }\n"
                 "sprite { 'shot', 'Missile' }\nsprite { 'a', parent = 'shot' }\n%s\n",
                 cases[k].sprite);
        load_lua_error(lua, "A", 5, cases[k].words);
    }
}

/* A RandomNPC's random direction is not its orientation (GVGAI keeps the
 * two apart): one given 'orientation = "LEFT"' keeps facing left. */
static void test_random_npc_orientation(void **state) {
    (void)state;
    vg_game *g = load_lua_ok(
        "sprite { 'avatar', 'MovingAvatar' }\n"
        "sprite { 'bat', 'RandomNPC', orientation = 'LEFT', cons = 2 }\n"
        "sprite { 'floor', 'Immovable' }\nmap { 'A', 'avatar' }\nmap { 'b', 'bat' }\nmap { '.', 'floor' }\n",
        "A......\n...b...\n.......");
    int bat = type_of(g, "bat");
    vg_state *s = vg_state_new(g, 3);
    vg_error err = {0};
    int moved = 0, x0 = -1;
    for (int tick = 0; tick < 12; tick++) {
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
        for (uint32_t i = 0; i < s->n; i++) {
            const sprite *p = state_sprite(s, i);
            if (p->type != bat) continue;
            assert_int_equal(p->dx, -1);
            assert_int_equal(p->dy, 0);
            moved += x0 >= 0 && p->x != x0;
            x0 = p->x;
        }
    }
    assert_true(moved > 0);
    vg_state_free(s);
    vg_game_free(g);
}

/* Step 2's update of a range of passive sprites at once
 * (class_update_passive_range) does what class_update_passive does sprite
 * by sprite: missiles on their first tick and after, with a speed or a
 * cooldown, dying of a timeToLive, Passives with no speed. */
static void test_passive_range(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'shot', 'Missile', speed = 0.5, orientation = 'LEFT' }\n"
                             "sprite { 'slow', 'Missile', speed = 0.25, cooldown = 2, timeToLive = 5 }\n"
                             "sprite { 'box', 'Passive' }\n"
                             "map { 'A', 'avatar' }\nmap { 's', 'shot' }\nmap { 'w', 'slow' }\nmap { 'b', 'box' }\n"
                             "sprite { 'floor', 'Immovable' }\nmap { '.', 'floor' }\n",
                             "A.sss.s..\nwwww.bbbb\n.........");
    int types[] = {type_of(g, "shot"), type_of(g, "slow"), type_of(g, "box")};
    vg_state *a = vg_state_new(g, 1), *b = vg_state_clone(a);
    vg_error err = {0};
    uint32_t n0 = a->n;
    for (int k = 0; k < 3; k++) assert_true(g->passive_types >> types[k] & 1);
    for (int tick = 0; tick < 8; tick++, a->tick++, b->tick++)
        for (int k = 0; k < 3; k++) {
            tick_ctx ta, tb;
            uint32_t from, to;
            tick_begin(&ta, g, a, &err);
            ta.updating = types[k];
            type_range(&ta, types[k], &from, &to);
            class_update_passive_range(&ta, types[k], from, to);
            tick_end(&ta);
            tick_begin(&tb, g, b, &err);
            tb.updating = types[k];
            for (uint32_t i = from; i < to; i++) class_update_passive(&tb, (int)i, VG_ACTION_NIL);
            tick_end(&tb);
            assert_int_equal(a->n, b->n);
            assert_memory_equal(a, b, STATE_BYTES(a->nwords, a->stride, a->n));
        }
    assert_true(a->n < n0);                 /* the slow ones died */
    assert_true(state_sprite(a, 1)->x < 0); /* the first shot left the map */
    vg_state_free(a);
    vg_state_free(b);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_categories),      cmocka_unit_test(test_static_layer_and_time_to_live),
        cmocka_unit_test(test_class_words),     cmocka_unit_test(test_type_lists),
        cmocka_unit_test(test_producer_errors), cmocka_unit_test(test_random_npc_orientation),
        cmocka_unit_test(test_passive_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
