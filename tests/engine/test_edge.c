/* SPDX-License-Identifier: MIT
 *
 * test_edge.c -- the effects at the edge of the screen (edge.c). A tick
 * looks only at the sprites moved off the map when none was off it as the
 * tick began; these check that the others still get their effects:
 *
 * 1. A sprite left off the map by its edge effect gets it again in the
 *    ticks it does not move (a Missile with a cooldown).
 * 2. A sprite pushed off the map by a collision effect, after the edge
 *    effects of its tick, gets its edge effect the next tick.
 * 3. A sprite created off the map gets it in the tick of its creation.
 */
#include "support.h"

#include "state.h"

/* The sprites of type 'name' in s, the first one's column in *x. */
static int count_of(const vg_game *g, const vg_state *s, const char *name, double *x) {
    vg_obs o[8];
    int n = vg_sprites_of(g, s, vg_type_find(g, name), NULL, o, 8);
    if (n > 0 && x) *x = o[0].x;
    return n;
}

static void advance(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err;
    assert_int_equal(vg_advance(g, s, a, &err), VG_OK);
}

static void test_left_off(void **state) {
    (void)state;
    vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n"
                                "    rock > Missile orientation=RIGHT speed=1 cooldown=3\n"
                                "  InteractionSet\n    rock EOS > scoreChange scoreChange=1\n"
                                "  LevelMapping\n    r > rock\n",
                                "A.r\n");
    vg_state *s = vg_state_new(g, 1);
    double x = 0;
    int off = 0;
    for (int k = 0; k < 12; k++) {
        double before = vg_score(s);
        advance(g, s, VG_ACTION_NIL);
        assert_int_equal(count_of(g, s, "rock", &x), 1);
        if (x >= 3) off++; /* off the map (3 columns): scored every tick, moved or not */
        assert_true(vg_score(s) == before + (x >= 3));
    }
    assert_true(off >= 9);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_pushed_off(void **state) {
    (void)state;
    vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n    box > Passive\n"
                                "  InteractionSet\n    box avatar > bounceForward\n"
                                "    box EOS > killSprite scoreChange=1\n"
                                "  LevelMapping\n    b > box\n",
                                "..Ab\n");
    vg_state *s = vg_state_new(g, 1);
    double x = 0;
    advance(g, s, VG_ACTION_NIL); /* nothing off the map: the next tick looks at the moved ones only */
    advance(g, s, VG_ACTION_RIGHT);
    assert_int_equal(count_of(g, s, "box", &x), 1);
    assert_true(x >= 4); /* pushed off after the tick's edge effects */
    assert_true(vg_score(s) == 0);
    advance(g, s, VG_ACTION_NIL);
    assert_int_equal(count_of(g, s, "box", NULL), 0);
    assert_true(vg_score(s) == 1);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_created_off(void **state) {
    (void)state;
    vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n"
                                "    spark > Missile orientation=RIGHT speed=1\n"
                                "    gun > SpawnPoint stype=spark prob=1 cooldown=1 total=3\n"
                                "    rock > Missile orientation=RIGHT speed=1\n"
                                "  InteractionSet\n    rock EOS > spawn stype=spark\n"
                                "    spark EOS > killSprite scoreChange=1\n"
                                "    rock EOS > killSprite\n"
                                "  LevelMapping\n    r > rock\n",
                                "Ar..\n");
    vg_state *s = vg_state_new(g, 1);
    double x = 0;
    for (int k = 0; k < 4 && x < 3; k++) { /* to the map's last column */
        advance(g, s, VG_ACTION_NIL);
        assert_int_equal(count_of(g, s, "rock", &x), 1);
    }
    assert_true(x == 3);
    advance(g, s, VG_ACTION_NIL); /* the rock leaves the map, leaves a spark there and dies */
    assert_int_equal(count_of(g, s, "rock", NULL), 0);
    assert_int_equal(count_of(g, s, "spark", NULL), 0);
    assert_true(vg_score(s) == 1);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_left_off),
        cmocka_unit_test(test_pushed_off),
        cmocka_unit_test(test_created_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
