/* SPDX-License-Identifier: MIT
 *
 * test_rules.c -- the rules read back (engine/rules.c) on Bait's script and
 * on a GVGAI game file: what each map character places, the classes, the
 * interaction rows in script order with what their effects may do, the
 * terminations; and vg_state_drew over whole ticks.
 */
#include <string.h>

#include "support.h"

static int type(const vg_game *g, const char *name) {
    int t = vg_type_find(g, name);
    assert_true(t >= 0);
    return t;
}

static void test_glyphs_and_classes(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    int types[8];
    assert_int_equal(vg_glyph_types(g, 'A', types), 2);
    assert_int_equal(types[0], type(g, "nokey"));
    assert_int_equal(types[1], type(g, "floor"));
    assert_int_equal(vg_glyph_types(g, 'w', types), 1);
    assert_int_equal(types[0], type(g, "wall"));
    assert_int_equal(vg_glyph_types(g, 'x', types), -1); /* not mapped */
    assert_int_equal(vg_glyph_types(g, (char)200, types), -1);
    assert_string_equal(vg_type_class(g, type(g, "nokey")), "MovingAvatar"); /* inherited */
    assert_string_equal(vg_type_class(g, type(g, "box")), "Passive");
    assert_string_equal(vg_type_class(g, -1), "");
    assert_int_equal(vg_type_stype(g, type(g, "box")), -1);
    vg_game_free(g);
}

static void test_rules_and_terms(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    vg_rule_info r;
    assert_true(vg_rule_count(g) >= 10);
    assert_true(vg_rule(g, 0, &r)); /* avatar wall > stepBack */
    assert_int_equal(r.t1, type(g, "avatar"));
    assert_int_equal(r.t2, type(g, "wall"));
    assert_string_equal(r.effect, "stepBack");
    assert_int_equal(r.does, VG_DOES_CHANGE1);
    assert_true(vg_rule(g, 1, &r)); /* avatar hole > killSprite */
    assert_int_equal(r.does, VG_DOES_KILL1);
    int found = 0;
    for (int k = 0; vg_rule(g, k, &r); k++)
        if (r.t1 == type(g, "nokey") && strcmp(r.effect, "transformTo") == 0) {
            found = 1;
            assert_int_equal(r.stype, type(g, "withkey"));
            assert_true(r.does & VG_DOES_CREATE);
        } else if (r.t1 == type(g, "goal") && r.t2 == type(g, "withkey")) {
            assert_true(r.score == 5);
        }
    assert_true(found);
    assert_false(vg_rule(g, vg_rule_count(g), &r));
    assert_false(vg_rule(g, -1, &r));
    vg_term_info ti;
    assert_int_equal(vg_term_count(g), 2);
    assert_true(vg_term(g, 0, &ti));
    assert_string_equal(ti.kind, "SpriteCounter");
    assert_int_equal(ti.stype[0], type(g, "goal"));
    assert_int_equal(ti.limit, 0);
    assert_int_equal(ti.win, 1);
    assert_true(vg_term(g, 1, &ti));
    assert_int_equal(ti.win, 0);
    assert_false(vg_term(g, 2, &ti));
    vg_game_free(g);
}

/* GVGAI files: EOS rows say so, as do MultiSpriteCounter's types and a
 * rule's resource and limit. */
static void test_gvgai_rules(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/aliens.txt", "gvgai/aliens_lvl0.txt");
    vg_rule_info r;
    int edge = 0;
    for (int k = 0; vg_rule(g, k, &r); k++) edge |= r.t2 == VG_RULE_EDGE && r.t1 == type(g, "avatar");
    assert_true(edge);
    vg_term_info ti;
    int multi = 0;
    for (int k = 0; vg_term(g, k, &ti); k++)
        multi |= strcmp(ti.kind, "MultiSpriteCounter") == 0 && ti.stype[0] == type(g, "portal") &&
                 ti.stype[1] == type(g, "alien");
    assert_true(multi);
    vg_game_free(g);
    g = load_game("gvgai/boulderdash.txt", "gvgai/boulderdash_lvl0.txt"); /* exitdoor avatar > killIfOtherHasMore */
    int exit = 0;
    for (int k = 0; vg_rule(g, k, &r); k++)
        if (strcmp(r.effect, "killIfOtherHasMore") == 0) {
            exit = 1;
            assert_int_equal(r.t1, type(g, "exitdoor"));
            assert_int_equal(r.resource, type(g, "diamond"));
            assert_int_equal(r.limit, 9);
        } else if (strcmp(r.effect, "stepBack") == 0) {
            assert_int_equal(r.resource, -1);
        }
    assert_true(exit);
    vg_game_free(g);
    g = load_game("gvgai/zelda.txt", "gvgai/zelda_lvl0.txt"); /* nokey key > transformTo killSecond=True */
    for (int k = 0; vg_rule(g, k, &r); k++)
        if (strcmp(r.effect, "transformTo") == 0)
            assert_int_equal(r.does, VG_DOES_CHANGE1 | VG_DOES_CREATE | VG_DOES_KILL2);
    vg_game_free(g);
}

/* vg_state_drew over ticks: Bait never depends on the seed; Aliens'
 * bombers do within a few ticks; a reset clears it. */
static void test_drew(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl1.txt");
    vg_state *s = vg_state_new(g, 3);
    for (int k = 0; k < 40 && !vg_is_over(s); k++) vg_advance(g, s, (vg_action)(1 + k % 4), NULL);
    assert_false(vg_state_drew(s));
    vg_state_free(s);
    vg_game_free(g);
    g = load_game("gvgai/aliens.txt", "gvgai/aliens_lvl0.txt");
    s = vg_state_new(g, 3);
    for (int k = 0; k < 20 && !vg_state_drew(s); k++) vg_advance(g, s, VG_ACTION_NIL, NULL);
    assert_true(vg_state_drew(s));
    vg_state *c = vg_state_clone(s);
    assert_true(vg_state_drew(c));
    vg_state_reset(g, s, 3);
    assert_false(vg_state_drew(s));
    vg_state_free(c);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glyphs_and_classes),
        cmocka_unit_test(test_rules_and_terms),
        cmocka_unit_test(test_gvgai_rules),
        cmocka_unit_test(test_drew),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
