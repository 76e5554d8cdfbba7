/* SPDX-License-Identifier: MIT
 *
 * test_physics_cont.c -- continuous physics (engine/physics_cont.c): a
 * sprite's real orientation and speed after its passive movement with
 * gravity and friction (GVGAI's arithmetic, mass as a float), overlaps of
 * sprites wider than a cell, the cells a rectangle reaches, the edge of the
 * screen for them, and a bad physicstype. The whole games are pinned by GVGAI's traces
 * (tests/golden/gvgai/unit/{contball,platform,steer} and the corpus).
 */
#include <math.h>
#include <string.h>

#include "cont.h"

/* A rock thrown right falls: its first tick it stands; then it moves
 * (int)speed pixels along its orientation, gravity bends its way, friction
 * halves its speed. */
static void test_gravity_and_friction(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'rock', 'Missile', physicstype = 'CONT', orientation = 'RIGHT', speed = 4,\n"
                             "         gravity = 1, friction = 0.5 }\n"
                             "sprite { 'avatar', 'NullAvatar' }\n"
                             "map { 'r', 'rock' }\nmap { 'A', 'avatar' }\n",
                             "r.........\n..........\n..........\n.........A");
    vg_state *s = vg_state_new(g, 1);
    double ox, oy;
    advance(g, s, VG_ACTION_NIL);
    const sprite *p = first_of(g, s, "rock");
    assert_int_equal(p->x, 0);
    advance(g, s, VG_ACTION_NIL);
    p = first_of(g, s, "rock");
    physics_vec(g, p, &ox, &oy);
    assert_int_equal(p->x, 4);
    assert_int_equal(p->y, 0);
    assert_true(ox == 4 / sqrt(17) && oy == 1 / sqrt(17));
    assert_true(sprite_speed(g, p) == sqrt(17) * 0.5);
    advance(g, s, VG_ACTION_NIL); /* (int)2.06 = 2 pixels: (int)1.94 right, (int)0.49 down */
    p = first_of(g, s, "rock");
    assert_int_equal(p->x, 5);
    assert_int_equal(p->y, 0);
    vg_state_free(s);
    vg_game_free(g);
}

/* A push divides by the mass as GVGAI's float: mass 0.2 is 0.2f. */
static void test_mass_is_a_float(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'HorizontalAvatar', physicstype = 'CONT', mass = 0.2 }\n"
                             "map { 'A', 'avatar' }\n",
                             "....A....");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_RIGHT);
    const sprite *p = first_of(g, s, "avatar");
    double ox, oy;
    physics_vec(g, p, &ox, &oy);
    assert_true(ox == 1 && oy == 0);
    assert_true(sprite_speed(g, p) == 1 / (double)(float)0.2);
    assert_true(sprite_speed(g, p) != 1 / 0.2);
    vg_state_free(s);
    vg_game_free(g);
}

/* A sprite three cells wide meets a rock two cells to its right; one cell
 * wide, it does not. */
static void test_wide_sprites_overlap(void **state) {
    (void)state;
    for (int wide = 0; wide < 2; wide++) {
        char lua[512];
        snprintf(lua, sizeof lua,
                 "game { square_size = 10 }\nmap { '.' }\n"
                 "sprite { 'avatar', 'NullAvatar', wMult = %d }\n"
                 "sprite { 'rock', 'Immovable' }\n"
                 "map { 'A', 'avatar' }\nmap { 'r', 'rock' }\n"
                 "interaction { 'rock', 'avatar', 'killSprite', scoreChange = 1 }\n",
                 wide ? 3 : 1);
        vg_game *g = load_lua_ok(lua, "A.r.\n....");
        vg_state *s = vg_state_new(g, 1);
        advance(g, s, VG_ACTION_NIL);
        assert_true(vg_score(s) == (wide ? 1 : 0));
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* A sprite two cells tall in the last row reaches past the screen's edge. */
static void test_tall_sprite_at_the_edge(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'NullAvatar' }\n"
                             "sprite { 'post', 'Immovable', hMult = 2, dynamic = true }\n"
                             "map { 'A', 'avatar' }\nmap { 'p', 'post' }\n"
                             "interaction { 'post', 'EOS', 'killSprite', scoreChange = 1 }\n",
                             "A..\n..p");
    vg_state *s = vg_state_new(g, 1);
    advance(g, s, VG_ACTION_NIL);
    assert_true(vg_score(s) == 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* The cells where a static sprite meeting a rectangle can be: from the
 * first whose sprite reaches into it (one a cell wide, two), to the last
 * the rectangle covers, clipped to the map; none off it. */
static void test_cells_under(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("game { square_size = 10 }\nmap { '.' }\n"
                             "sprite { 'avatar', 'NullAvatar', wMult = 2 }\nmap { 'A', 'avatar' }\n",
                             "A...\n....\n....");
    static const struct {
        int32_t box[4];
        int w, c[4];
    } cases[] = {
        {{15, 0, 25, 10}, 10, {1, 2, 0, 0}},  /* [15, 25): cells 1 and 2 */
        {{10, 5, 20, 15}, 10, {1, 1, 0, 1}},  /* [10, 20): cell 1 alone */
        {{25, 0, 30, 10}, 20, {1, 2, 0, 0}},  /* a sprite two cells wide from cell 1 reaches 25 */
        {{-15, -5, 5, 5}, 10, {0, 0, 0, 0}},  /* clipped to the map */
        {{35, 25, 90, 90}, 10, {3, 3, 2, 2}}, /* clipped to the map */
        {{-20, 0, 0, 10}, 10, {0, -1, 0, 0}}, /* left of the map: none */
        {{40, 0, 50, 10}, 10, {4, 3, 0, 0}},  /* right of it: none */
        {{12, 0, 12, 10}, 10, {0, -1, 0, 0}}, /* an empty rectangle: none */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int c[4];
        physics_cells_under(g, cases[k].box, cases[k].w, 10, c);
        if (cases[k].c[0] > cases[k].c[1]) {
            assert_true(c[0] > c[1] || c[2] > c[3]);
            continue;
        }
        assert_memory_equal(c, cases[k].c, sizeof c);
    }
    vg_game_free(g);
}

static void test_bad_physicstype(void **state) {
    (void)state;
    load_lua_error("game { square_size = 10 }\nmap { '.' }\n"
                   "sprite { 'avatar', 'NullAvatar', physicstype = 'FAST' }\n"
                   "map { 'A', 'avatar' }\n",
                   "A.", 3, "physicstype");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gravity_and_friction), cmocka_unit_test(test_mass_is_a_float),
        cmocka_unit_test(test_wide_sprites_overlap), cmocka_unit_test(test_tall_sprite_at_the_edge),
        cmocka_unit_test(test_cells_under),          cmocka_unit_test(test_bad_physicstype),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
