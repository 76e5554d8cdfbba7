/* SPDX-License-Identifier: MIT
 *
 * test_rest.c -- sprites at rest (rest.c): a drifting sprite whose move a
 * stepBack would undo at once is not moved, and the play is the same.
 *
 * 1. Which types may rest, and which pairs step them back, from the rules:
 *    a Chaser updating after the Missile, a score or pixelPerfect on the
 *    stepBack, or another rule met first, rule it out.
 * 2. Plays with and without resting are the same state after every tick,
 *    where what resting skips is disturbed in every way rest.c answers:
 *    a bullet updating after the rocks comes under one (the pass's start),
 *    the avatar pushes a box under one before the rocks' pair (an effect
 *    that moves into their cells), a transformToAll of the rocks (an effect
 *    beyond its two sprites), the rock under a rock at rest has to move
 *    (the one on it moves too); and random plays of rocks on walls, dirt
 *    and each other, dogs around them, the avatar digging.
 */
#include "support.h"

#include "state.h"

static int rests(const char *rules, const char *map, const char *type) {
    vg_game *g = load_vgdl_text(rules, map);
    int r = (int)(g->rest_types >> vg_type_find(g, type) & 1);
    vg_game_free(g);
    return r;
}

static void test_which_types(void **state) {
    (void)state;
    const char *map = "r.A\nw..\n";
#define SET "BasicGame\n  SpriteSet\n    wall > Immovable\n    rock > Missile orientation=DOWN speed=0.25\n"
#define MAP "  LevelMapping\n    r > rock\n    w > wall\n"
    assert_true(rests(SET "  InteractionSet\n    rock wall > stepBack\n" MAP, map, "rock"));
    assert_false(rests(SET "  InteractionSet\n    rock wall > stepBack scoreChange=1\n" MAP, map, "rock"));
    assert_false(rests(SET "  InteractionSet\n    rock wall > stepBack pixelPerfect=True\n" MAP, map, "rock"));
    assert_false(
        rests(SET "  InteractionSet\n    rock wall > killSprite\n    rock wall > stepBack\n" MAP, map, "rock"));
    assert_false(
        rests(SET "  InteractionSet\n    wall rock > killSprite\n    rock wall > stepBack\n" MAP, map, "rock"));
    /* a Chaser declared before the rock updates after it, and reads where rocks are */
    assert_false(rests("BasicGame\n  SpriteSet\n    wall > Immovable\n    dog > Chaser stype=rock\n"
                       "    rock > Missile orientation=DOWN speed=0.25\n"
                       "  InteractionSet\n    rock wall > stepBack\n" MAP,
                       map, "rock"));
    assert_true(rests("BasicGame\n  SpriteSet\n    wall > Immovable\n    rock > Missile orientation=DOWN speed=0.25\n"
                      "    dog > Chaser stype=rock\n"
                      "  InteractionSet\n    rock wall > stepBack\n" MAP,
                      map, "rock"));
#undef SET
#undef MAP
}

/* The same sprites, byte for byte but the flags the collision pass keeps
 * for itself (SP_LINGER: which overlaps to look at again; SP_REST). */
static void same_sprites(const vg_state *a, const vg_state *b) {
    assert_int_equal(a->n, b->n);
    for (uint32_t i = 0; i < a->n; i++) {
        sprite p = *state_sprite(a, i), q = *state_sprite(b, i);
        p.flags &= (uint8_t) ~(SP_LINGER | SP_REST), q.flags &= (uint8_t) ~(SP_LINGER | SP_REST);
        assert_memory_equal(&p, &q, sizeof p);
        assert_memory_equal(state_sprite(a, i) + 1, state_sprite(b, i) + 1, a->stride - sizeof p);
    }
}

/* Plays the game with and without resting, 'nil' NILs then 'a', and compares. */
static void same_plays_actions(const char *rules, const char *map, int nil, vg_action a) {
    vg_game *g = load_vgdl_text(rules, map), *plain = load_vgdl_text(rules, map);
    assert_true(g->rest_types != 0);
    plain->rest_types = 0;
    vg_state *s = vg_state_new(g, 1), *p = vg_state_new(plain, 1);
    vg_error err;
    for (int k = 0; k <= nil; k++) {
        assert_int_equal(vg_advance(g, s, k == nil ? a : VG_ACTION_NIL, &err), VG_OK);
        assert_int_equal(vg_advance(plain, p, k == nil ? a : VG_ACTION_NIL, &err), VG_OK);
        assert_true(vg_state_hash(s) == vg_state_hash(p));
        same_sprites(s, p);
    }
    vg_state_free(s), vg_state_free(p);
    vg_game_free(g), vg_game_free(plain);
}

/* Plays 'ticks' random ticks of the game twice, with resting and without,
 * and compares the states after each; returns how many ticks had a sprite
 * at rest (rest_types cleared: none ever rests). */
static void same_plays(const char *rules, const char *map, uint64_t seed, int ticks) {
    vg_game *g = load_vgdl_text(rules, map), *plain = load_vgdl_text(rules, map);
    assert_true(g->rest_types != 0);
    plain->rest_types = 0;
    vg_state *s = vg_state_new(g, seed), *p = vg_state_new(plain, seed);
    vg_error err;
    uint64_t draw = seed * 2654435761u + 1;
    for (int k = 0; k < ticks; k++) {
        vg_action acts[VG_MAX_ACTIONS];
        int n = vg_actions(g, s, acts);
        draw = draw * 6364136223846793005u + 1442695040888963407u;
        vg_action a = n ? acts[(draw >> 33) % (uint64_t)n] : VG_ACTION_NIL;
        assert_int_equal(vg_advance(g, s, a, &err), VG_OK);
        assert_int_equal(vg_advance(plain, p, a, &err), VG_OK);
        assert_true(vg_state_hash(s) == vg_state_hash(p));
        same_sprites(s, p);
        assert_true(vg_score(s) == vg_score(p));
        vg_event es[64], ep[64];
        int ns = vg_events(g, s, es, 64);
        assert_int_equal(ns, vg_events(plain, p, ep, 64));
        assert_memory_equal(es, ep, (size_t)ns * sizeof es[0]);
        if (vg_is_over(s)) {
            vg_state_free(s), vg_state_free(p);
            s = vg_state_new(g, seed + (uint64_t)k), p = vg_state_new(plain, seed + (uint64_t)k);
        }
    }
    vg_state_free(s), vg_state_free(p);
    vg_game_free(g), vg_game_free(plain);
}

/* Rocks fall on walls, dirt and each other; dogs (updating after them)
 * wander under them and step back out of walls into their cells; the
 * avatar digs dirt, pushes dogs, and turns every rock to gold by touching
 * the bell. */
static const char *DIG = "BasicGame\n  SpriteSet\n    wall > Immovable\n    dirt > Immovable\n    bell > Immovable\n"
                         "    dog > RandomNPC speed=1\n"
                         "    rock > Missile orientation=DOWN speed=0.25\n"
                         "    gold > Missile orientation=DOWN speed=0.5\n"
                         "    avatar > MovingAvatar\n"
                         "  InteractionSet\n"
                         "    dirt avatar > killSprite\n"
                         "    dog wall > stepBack\n"
                         "    avatar wall rock > stepBack\n"
                         "    dog avatar > bounceForward\n"
                         "    rock dog > killSprite scoreChange=3\n"
                         "    bell avatar > transformToAll stype=rock stypeTo=gold\n"
                         "    rock wall dirt > stepBack\n"
                         "    rock rock > stepBack\n"
                         "    gold wall dirt rock gold > stepBack\n"
                         "    dog dirt > killSprite scoreChange=1\n"
                         "  LevelMapping\n    w > wall\n    d > dirt\n    b > bell\n    n > dog\n    r > rock\n"
                         "    A > avatar\n";
static const char *DIG_MAP = "wwwwwwwwwwww\n"
                             "wr.r.rrr.r.w\n"
                             "wd.r.d..n.dw\n"
                             "w.dwd..rd..w\n"
                             "w..nw.A.rb.w\n"
                             "wrd..n..d.rw\n"
                             "wd..w.ddw.dw\n"
                             "wwwwwwwwwwww\n";

/* A rock rests on dirt; what comes under it this tick meets it where it
 * would be: a box the avatar pushes there (an effect before the rock's
 * pair), a bullet updating after it (there as the pass starts), or the
 * avatar touching the bell turns every rock to gold where it is
 * (transformToAll: beyond its two sprites). Plays 'moves' and compares. */
#define UNDER \
    "BasicGame\n  SpriteSet\n    wall > Immovable\n    dirt > Immovable\n    bell > Immovable\n" \
    "    box > Passive\n    bullet > Missile orientation=RIGHT speed=1\n" \
    "    rock > Missile orientation=DOWN speed=0.25\n    gold > Immovable\n    avatar > MovingAvatar\n" \
    "  InteractionSet\n    box avatar > bounceForward\n    rock box > killSprite scoreChange=3\n" \
    "    rock bullet > killSprite scoreChange=5\n    bell avatar > transformToAll stype=rock stypeTo=gold\n" \
    "    avatar wall dirt > stepBack\n    bullet wall > killSprite\n    rock dirt wall > stepBack\n    rock rock > stepBack\n" \
    "  LevelMapping\n    w > wall\n    d > dirt\n    b > bell\n    x > box\n    u > bullet\n    r > rock\n" \
    "    A > avatar\n"
static void play_under(const char *map, int nil, vg_action a, double score, double gold_y) {
    same_plays_actions(UNDER, map, nil, a);
    vg_game *g = load_vgdl_text(UNDER, map);
    vg_state *s = vg_state_new(g, 1);
    vg_error err;
    for (int k = 0; k < nil; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK); /* rocks settle */
    assert_int_equal(vg_advance(g, s, a, &err), VG_OK);
    assert_true(vg_score(s) == score);
    vg_obs o[2];
    int n = vg_sprites_of(g, s, vg_type_find(g, "gold"), NULL, o, 2);
    assert_int_equal(n, gold_y >= 0);
    if (n) assert_true(o[0].y > gold_y - 0.1 && o[0].y < gold_y + 0.1); /* pixels: not quite a quarter */
    vg_state_free(s);
    vg_game_free(g);
}

static void test_under(void **state) {
    (void)state;
    play_under("wwwwwww\nw..r..w\nwAxd..w\nwwwwwww\n", 2, VG_ACTION_RIGHT, 3, -1);  /* pushed under it */
    play_under("wwwwwww\nw..r..w\nwu.d.Aw\nwwwwwww\n", 2, VG_ACTION_NIL, 5, -1);    /* a bullet under it */
    play_under("wwwwwww\nw..r..w\nw..dbAw\nwwwwwww\n", 2, VG_ACTION_LEFT, 0, 1.25); /* gold a quarter down */
    /* a rock at rest on one at rest: a bullet kills the lower one where it would be; the upper one falls */
    play_under("wwwwwwww\nw...r..w\nw...r..w\nwu..d.Aw\nwwwwwwww\n", 3, VG_ACTION_NIL, 5, -1);
}

static void test_same_plays(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 8; seed++) same_plays(DIG, DIG_MAP, seed, 300);
}

/* Civilians stand on buildings that missiles turn to empty space
 * (superman): the building under one goes while it rests. */
static void test_ground_replaced(void **state) {
    (void)state;
    same_plays("BasicGame\n  SpriteSet\n    sky > Immovable\n    building > Immovable\n    empty > Immovable\n"
               "    bandit > Bomber prob=0.3 cooldown=2 speed=0.5 stype=missile orientation=LEFT\n"
               "    man > Missile orientation=DOWN speed=0.2\n"
               "    falling > Missile orientation=DOWN speed=0.2\n"
               "    missile > Missile speed=0.6 orientation=UP\n"
               "    avatar > MovingAvatar\n    wall > Immovable\n"
               "  InteractionSet\n    avatar wall EOS > stepBack\n    bandit wall > reverseDirection\n"
               "    bandit wall > stepBack\n    missile EOS > killSprite\n"
               "    building missile > transformTo stype=empty killSecond=True\n"
               "    man building > stepBack\n    man empty > transformTo stype=falling\n"
               "    falling building > transformTo stype=man\n    falling wall > killSprite scoreChange=-1\n"
               "  LevelMapping\n    b > building sky\n    c > man sky\n    l > bandit sky\n    . > sky\n    w > wall\n"
               "    A > avatar sky\n",
               "..c.c.cc..\n..bcbbbb..\n.cbbbbcb..\n.bb.bbbbc.\n.bbcbb.bb.\n..........\n.......l..\nA.........\n"
               "wwwwwwwwww\n",
               3, 400);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_which_types),
        cmocka_unit_test(test_under),
        cmocka_unit_test(test_same_plays),
        cmocka_unit_test(test_ground_replaced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
