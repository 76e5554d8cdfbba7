/* SPDX-License-Identifier: MIT
 *
 * test_class_avatar.c -- the avatar classes beyond what GVGAI's traces
 * show (tests/golden/gvgai/unit/{shoot,flak,swing,ongoing,...} replay
 * those): each class's actions, actions it lacks played as NIL, where a
 * shot appears and whom it faces, its from-avatar category, ammo
 * (minAmmo, ammoCost) and the errors of avatars declared wrong.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

#include "state.h"

/* Loads GVGAI rules 'rules' (SpriteSet, LevelMapping, ... under a
 * BasicGame line, written to a temporary .txt file) on map 'map'. */
static vg_status load_vgdl(const char *rules, const char *map, vg_game **out, vg_error *err) {
    char path[] = "/tmp/vgdl_test_avatar_XXXXXX.txt";
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fprintf(f, "BasicGame square_size=10\n%s", rules);
    fclose(f);
    vg_status st = vg_game_load_text(path, map, "map", out, err);
    unlink(path);
    return st;
}

static vg_game *vgdl_ok(const char *rules, const char *map) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = load_vgdl(rules, map, &g, &err);
    if (st != VG_OK) print_error("%d:%d: %s\n", err.line, err.col, err.msg);
    assert_int_equal(st, VG_OK);
    return g;
}

/* A game whose avatar is 'decl' ("ShootAvatar stype=shot ..."), with a
 * 'shot' Missile and a 'gem' Resource, on map 'map'. */
static vg_game *avatar_game(const char *decl, const char *map) {
    char rules[1024];
    snprintf(rules, sizeof rules,
             "    SpriteSet\n"
             "        avatar > %s\n"
             "        shot > Missile\n"
             "        gem > Resource\n"
             "        mark > Immovable\n"
             "    LevelMapping\n"
             "        A > avatar\n"
             "        g > gem\n",
             decl);
    return vgdl_ok(rules, map);
}

static int type_of(const vg_game *g, const char *name) {
    int t = vg_type_find(g, name);
    assert_true(t >= 0);
    return t;
}

/* The avatar sprite of 's'. */
static sprite *avatar_of(const vg_game *g, const vg_state *s) {
    int av = state_find_avatar(g, s);
    assert_true(av >= 0);
    return state_sprite(s, (uint32_t)av);
}

/* Sprites of 'type' in 's', the first one's cell in x, y (when any). */
static int sprites_of(const vg_game *g, const vg_state *s, const char *type, double *x, double *y) {
    vg_obs obs[8];
    int n = vg_sprites_of(g, s, type_of(g, type), NULL, obs, 8);
    if (n > 0 && x) *x = obs[0].x, *y = obs[0].y;
    return n;
}

static void advance(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, a, &err), VG_OK);
}

/* GVGAI's action lists, in its order. */
static void test_actions(void **state) {
    (void)state;
    static const struct {
        const char *decl;
        const char *want;
    } cases[] = {
        {"MovingAvatar", "LEFT RIGHT DOWN UP"},
        {"OrientedAvatar", "LEFT RIGHT DOWN UP"},
        {"ShootAvatar stype=shot", "USE LEFT RIGHT DOWN UP"},
        {"OngoingShootAvatar stype=shot", "USE LEFT RIGHT DOWN UP"},
        {"FlakAvatar stype=shot", "USE LEFT RIGHT"},
        {"HorizontalAvatar", "LEFT RIGHT"},
        {"VerticalAvatar", "UP DOWN"},
        {"NullAvatar", ""},
        {"ShootOnlyAvatar stype=shot", "LEFT UP RIGHT DOWN USE"},
        {"MissileAvatar", "LEFT RIGHT DOWN UP"},
        {"OngoingAvatar", "LEFT RIGHT DOWN UP"},
        {"OngoingTurningAvatar", "LEFT RIGHT DOWN UP"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = avatar_game(cases[k].decl, "...\n.A.\n...");
        vg_state *s = vg_state_new(g, 1);
        vg_action acts[VG_MAX_ACTIONS];
        char got[64] = "";
        int n = vg_actions(g, s, acts);
        for (int i = 0; i < n; i++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "", vg_action_name(acts[i]) + 7);
        if (strcmp(got, cases[k].want) != 0) print_error("%s: %s\n", cases[k].decl, got);
        assert_string_equal(got, cases[k].want);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* An action the class lacks is played as NIL: a HorizontalAvatar and a
 * FlakAvatar do not go up, a VerticalAvatar does not go left. */
static void test_missing_action_is_nil(void **state) {
    (void)state;
    static const struct {
        const char *decl;
        vg_action a;
        int dx, dy;
    } cases[] = {
        {"HorizontalAvatar", VG_ACTION_UP, 0, 0},        {"HorizontalAvatar", VG_ACTION_LEFT, -1, 0},
        {"FlakAvatar stype=shot", VG_ACTION_DOWN, 0, 0}, {"FlakAvatar stype=shot", VG_ACTION_RIGHT, 1, 0},
        {"VerticalAvatar", VG_ACTION_LEFT, 0, 0},        {"VerticalAvatar", VG_ACTION_DOWN, 0, 1},
        {"NullAvatar", VG_ACTION_RIGHT, 0, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = avatar_game(cases[k].decl, "...\n.A.\n...");
        vg_state *s = vg_state_new(g, 1);
        advance(g, s, cases[k].a);
        const sprite *p = avatar_of(g, s);
        assert_int_equal(p->x, 10 + 10 * cases[k].dx);
        assert_int_equal(p->y, 10 + 10 * cases[k].dy);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* ShootAvatar: a shot one cell ahead, facing the avatar's way, from the
 * avatar; none when the avatar moved or turned instead. */
static void test_shoot_ahead(void **state) {
    (void)state;
    vg_game *g = avatar_game("ShootAvatar stype=shot", "....\n.A..\n....");
    assert_int_equal(vg_type_category(g, type_of(g, "shot")), VG_CAT_FROM_AVATAR);
    assert_int_equal(vg_type_category(g, type_of(g, "mark")), VG_CAT_IMMOVABLE);
    vg_state *s = vg_state_new(g, 1);
    double x = 0, y = 0;
    advance(g, s, VG_ACTION_USE); /* faces right: the shot at (2, 1), facing right */
    assert_int_equal(sprites_of(g, s, "shot", &x, &y), 1);
    assert_true(x == 2 && y == 1);
    advance(g, s, VG_ACTION_NIL); /* it moves on from its second tick */
    assert_int_equal(sprites_of(g, s, "shot", &x, &y), 1);
    assert_true(x == 3 && y == 1);
    advance(g, s, VG_ACTION_DOWN); /* turns in place: no shot */
    advance(g, s, VG_ACTION_USE);  /* the new one faces down */
    vg_obs obs[4];
    int n = vg_sprites_of(g, s, type_of(g, "shot"), NULL, obs, 4);
    assert_true(n >= 1);
    assert_true(obs[n - 1].x == 1 && obs[n - 1].y == 2);
    vg_state_free(s);
    vg_game_free(g);
}

/* ShootOnlyAvatar never moves: RIGHT, DOWN and UP do nothing, and USE
 * too (GVGAI's fifth weapon; a type here holds one); LEFT (the first
 * weapon) shoots ahead, to the right it faces. GVGAI's trace of it:
 * tests/golden/gvgai/unit/shootonly. */
static void test_shoot_only(void **state) {
    (void)state;
    vg_game *g = avatar_game("ShootOnlyAvatar stype=shot", ".....\n.A...\n.....");
    vg_state *s = vg_state_new(g, 1);
    static const vg_action acts[] = {VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_UP, VG_ACTION_USE};
    for (int k = 0; k < 4; k++) advance(g, s, acts[k]);
    double x = 0, y = 0;
    assert_int_equal(sprites_of(g, s, "shot", NULL, NULL), 0);
    assert_true(vg_avatar_pos(g, s, &x, &y) && x == 1 && y == 1);
    advance(g, s, VG_ACTION_LEFT);
    assert_int_equal(sprites_of(g, s, "shot", &x, &y), 1);
    assert_true(x == 2 && y == 1);
    assert_true(vg_avatar_pos(g, s, &x, &y) && x == 1 && y == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* Ammo: no shot without it; a shot spends one (ShootAvatar), or
 * 'ammoCost' while more than 'minAmmo' is held (FlakAvatar). */
static void test_ammo(void **state) {
    (void)state;
    static const struct {
        const char *decl;
        int held, shots, left;
    } cases[] = {
        {"ShootAvatar stype=shot ammo=gem", 0, 0, 0},
        {"ShootAvatar stype=shot ammo=gem", 2, 1, 1},
        {"FlakAvatar stype=shot ammo=gem", 1, 1, 0},
        {"FlakAvatar stype=shot ammo=gem minAmmo=2 ammoCost=2", 2, 0, 2},
        {"FlakAvatar stype=shot ammo=gem minAmmo=2 ammoCost=2", 3, 1, 1},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = avatar_game(cases[k].decl, "...\n.A.\n...");
        vg_state *s = vg_state_new(g, 1);
        int gem = g->res_slot[type_of(g, "gem")];
        assert_true(gem >= 0);
        if (cases[k].held) sprite_set_resource(g, avatar_of(g, s), gem, cases[k].held);
        advance(g, s, VG_ACTION_USE);
        assert_int_equal(sprites_of(g, s, "shot", NULL, NULL), cases[k].shots);
        assert_int_equal(sprite_resource(g, avatar_of(g, s), gem), cases[k].left);
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* Weapons: a ShootAvatar's 'stype' list is shot by its first weapon whose
 * 'ammo' (the same place in its list; none past its end) it holds; a
 * ShootOnlyAvatar's LEFT, UP, RIGHT, DOWN, USE shoot weapons 0 to 4; a
 * type with subtypes shoots its own sprites (GVGAI's addSprite), which
 * GVGAI counts as its subtypes' sprites too. */
static void test_weapons(void **state) {
    (void)state;
    static const struct {
        const char *decl;
        vg_action a;
        int held, shots, marks, left;
    } cases[] = {
        {"ShootAvatar stype=shot,mark ammo=gem", VG_ACTION_USE, 1, 1, 0, 0},
        {"ShootAvatar stype=shot,mark ammo=gem", VG_ACTION_USE, 0, 0, 1, 0},
        {"ShootOnlyAvatar stype=shot,mark ammo=gem", VG_ACTION_LEFT, 0, 0, 0, 0},
        {"ShootOnlyAvatar stype=shot,mark ammo=gem", VG_ACTION_UP, 1, 0, 1, 1},
        {"ShootOnlyAvatar stype=shot,mark ammo=gem", VG_ACTION_RIGHT, 1, 0, 0, 1},
        {"ShootOnlyAvatar stype=mark,shot ammo=mark,gem", VG_ACTION_UP, 1, 1, 0, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        vg_game *g = avatar_game(cases[k].decl, "...\n.A.\n...");
        vg_state *s = vg_state_new(g, 1);
        int gem = g->res_slot[type_of(g, "gem")];
        if (cases[k].held) sprite_set_resource(g, avatar_of(g, s), gem, cases[k].held);
        advance(g, s, cases[k].a);
        assert_int_equal(sprites_of(g, s, "shot", NULL, NULL), cases[k].shots);
        assert_int_equal(sprites_of(g, s, "mark", NULL, NULL), cases[k].marks);
        assert_int_equal(sprite_resource(g, avatar_of(g, s), gem), cases[k].left);
        vg_state_free(s);
        vg_game_free(g);
    }
    vg_game *g = vgdl_ok("    SpriteSet\n"
                         "        avatar > FlakAvatar stype=shotgroup\n"
                         "        shotgroup > Missile orientation=UP\n"
                         "            shot >\n"
                         "    LevelMapping\n"
                         "        A > avatar\n",
                         "...\n...\n.A.");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_USE);
    vg_obs o;
    assert_int_equal(vg_sprites_of(g, s, type_of(g, "shotgroup"), NULL, &o, 1), 1);
    assert_int_not_equal(o.type, type_of(g, "shot"));
    assert_int_equal(sprites_of(g, s, "shot", NULL, NULL), 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* FlakAvatar shoots where it stands; a singleton shot waits for the last. */
static void test_flak_singleton(void **state) {
    (void)state;
    vg_game *g = vgdl_ok("    SpriteSet\n"
                         "        avatar > FlakAvatar stype=sam\n"
                         "        sam > Missile orientation=UP singleton=True\n"
                         "    LevelMapping\n"
                         "        A > avatar\n",
                         "...\n...\n.A.");
    vg_state *s = vg_state_new(g, 1);
    double x = 0, y = 0;
    advance(g, s, VG_ACTION_USE);
    assert_int_equal(sprites_of(g, s, "sam", &x, &y), 1);
    assert_true(x == 1 && y == 2);
    advance(g, s, VG_ACTION_USE); /* one sam at a time: it moved up, no second */
    assert_int_equal(sprites_of(g, s, "sam", &x, &y), 1);
    assert_true(x == 1 && y == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* Avatars declared wrong: the error names the avatar's line. */
static void test_errors(void **state) {
    (void)state;
    static const struct {
        const char *decl;
        const char *words;
    } cases[] = {
        {"ShootAvatar", "needs 'stype'"},
        {"OngoingTurningAvatar spawnBehind=shotgroup", "has subtypes"},
        {"ShootAvatar stype=shot ammo=nothing", "no sprite type is named 'nothing'"},
        {"FlakAvatar stype=shot,shotgroup", "names one type"},
        {"FlakAvatar stype=shot minAmmo=-2", "minAmmo"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char rules[512];
        snprintf(rules, sizeof rules,
                 "    SpriteSet\n"
                 "        avatar > %s\n"
                 "        shotgroup > Missile\n"
                 "            shot >\n"
                 "    LevelMapping\n"
                 "        A > avatar\n",
                 cases[k].decl);
        vg_game *g = NULL;
        vg_error err = {0};
        assert_int_not_equal(load_vgdl(rules, "A", &g, &err), VG_OK);
        assert_null(g);
        if (!strstr(err.msg, cases[k].words)) print_error("expected '%s' in: %s\n", cases[k].words, err.msg);
        assert_non_null(strstr(err.msg, cases[k].words));
        assert_int_equal(err.line, 3);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_actions),     cmocka_unit_test(test_missing_action_is_nil),
        cmocka_unit_test(test_shoot_ahead), cmocka_unit_test(test_shoot_only),
        cmocka_unit_test(test_ammo),        cmocka_unit_test(test_flak_singleton),
        cmocka_unit_test(test_weapons),     cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
