/* SPDX-License-Identifier: MIT
 *
 * test_tick.c -- a tick in progress: killing more static sprites in one
 * tick than a state holds changing ones (the kill list is a bit set over
 * the static layer, not a bounded list), and the sprites killed stay
 * counted until the tick ends; a sprite a rule creates starts with its
 * own type's values (health points); sprites wholly off the map still
 * meet there (the collision pass looks off the map only for the types that
 * have sprites partly off it); the walk over a type's sprites (state.h's
 * sprite_walk): static ones, then the range, then those created in the
 * tick, in GVGAI's order, and a walk started past a sprite; the end of a
 * tick sorts the new sprites in, whatever their order and however many,
 * and every type's range is right, also when only some types changed; a
 * drifting sprite's move does what any move does.
 */
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "tick.h"

/* A 60 x 15 map: the avatar in a corner, six killable static types stacked
 * in every other cell (5,394 sprites). */
static char *stacked_map(void) {
    enum { W = 60, H = 15 };
    char *text = malloc((W + 1) * H + 1), *p = text;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) *p++ = x == 0 && y == 0 ? 'A' : 'x';
        *p++ = '\n';
    }
    *p = '\0';
    return text;
}

static void test_kill_more_static_sprites_than_a_state_holds(void **state) {
    (void)state;
    char *map = stacked_map();
    vg_game *g = load_game_text("tests/fixtures/scripts/kill_all_static.lua", map);
    vg_state *s = vg_state_new(g, 1);
    vg_obs obs[1];
    int s0 = vg_type_find(g, "s0"), s5 = vg_type_find(g, "s5");
    assert_int_equal(vg_sprites_of(g, s, s0, NULL, obs, 1), 60 * 15 - 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    for (int t = s0; t <= s5; t++) assert_int_equal(vg_sprites_of(g, s, t, NULL, obs, 1), 0);
    assert_int_equal(vg_sprites_of(g, s, vg_type_find(g, "avatar"), NULL, obs, 1), 1);
    vg_state_free(s);
    vg_game_free(g);
    free(map);
}

/* A sprite a spawn point creates has its type's health points, not the
 * first type's. */
static void test_created_sprite_takes_its_types_values(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'floor', 'Immovable' }\n"
                             "sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'thug', 'Missile', orientation = 'DOWN', speed = 0, healthPoints = 5 }\n"
                             "sprite { 'spawn', 'SpawnPoint', stype = 'thug', total = 1 }\n"
                             "map { 'A', 'avatar' }\n"
                             "map { 's', 'spawn' }\n"
                             "map { '.', 'floor' }\n"
                             "interaction { 'thug', 'avatar', 'subtractHealthPoints' }\n",
                             "A.s");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    uint32_t from, to;
    state_range(g, s, vg_type_find(g, "thug"), &from, &to);
    assert_int_equal(to - from, 1);
    assert_int_equal(sprite_health(g, state_sprite(s, from))[0], 5);
    vg_state_free(s);
    vg_game_free(g);
}

/* Two missiles flying off the map to the left, the faster one catching up
 * with the slower one there: they meet off the map, and the rule runs. */
static void test_sprites_meet_off_the_map(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'floor', 'Immovable' }\n"
                             "sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'slow', 'Missile', orientation = 'LEFT', speed = 1 }\n"
                             "sprite { 'fast', 'Missile', orientation = 'LEFT', speed = 2 }\n"
                             "map { 'A', 'avatar' }\n"
                             "map { 'm', 'slow' }\n"
                             "map { 'k', 'fast' }\n"
                             "map { '.', 'floor' }\n"
                             "interaction { 'fast', 'slow', 'killSprite' }\n",
                             "A....\n.m..k");
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    vg_obs obs[1];
    int fast = vg_type_find(g, "fast");
    for (int k = 0; k < 2; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(vg_sprites_of(g, s, fast, NULL, obs, 1), 1);
    for (int k = 0; k < 8; k++) assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_OK);
    assert_int_equal(vg_sprites_of(g, s, fast, NULL, obs, 1), 0);
    vg_state_free(s);
    vg_game_free(g);
}

/* The references a walk yields, into out[]; returns how many. */
static int walked(sprite_walk *w, int *out) {
    int n = 0;
    for (int r; walk_next(w, &r);) out[n++] = r;
    return n;
}

static void test_walk_static_range_then_new(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'floor', 'Immovable' }\n"
                             "sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'hole', 'Immovable' }\n"
                             "sprite { 'box', 'Passive' }\n"
                             "map { 'A', 'avatar' }\n"
                             "map { 'h', 'hole' }\n"
                             "map { 'b', 'box' }\n"
                             "map { '.', 'floor' }\n"
                             "interaction { 'box', 'avatar', 'bounceForward' }\n"
                             "interaction { 'box', 'hole', 'killBoth' }\n",
                             "Ahb.h\n.b.hb");
    int hole = vg_type_find(g, "hole"), box = vg_type_find(g, "box"), out[16];
    uint64_t both = 1ULL << hole | 1ULL << box;
    assert_true(hole < box && g->types[hole].fixed && !g->types[box].fixed);
    vg_state *s = vg_state_new(g, 1);
    sprite_walk w;
    walk_start(&w, g, s, both); /* the holes (static, id order), then the boxes */
    assert_int_equal(walked(&w, out), 6);
    for (int k = 0; k < 3; k++) assert_int_equal(ref_type(g, s, out[k]), hole), assert_true(out[k] < 0);
    for (int k = 3; k < 6; k++) assert_int_equal(ref_type(g, s, out[k]), box), assert_true(out[k] >= 0);
    for (int k = 1; k < 6; k++)
        if (k != 3) assert_true(ref_id(g, s, out[k - 1]) < ref_id(g, s, out[k]));

    vg_error err = {0};
    tick_ctx *t = malloc(sizeof *t);
    tick_begin(t, g, s, &err);
    uint32_t n0 = s->n;
    int made = tick_create(t, box, 0, 0, 1);
    assert_true(made >= (int)n0);
    tick_walk(&w, t, both, s->n); /* the new box last */
    assert_int_equal(walked(&w, out), 7);
    assert_int_equal(out[6], made);
    tick_walk(&w, t, both, n0); /* a limit before it: not walked */
    assert_int_equal(walked(&w, out), 6);
    tick_walk(&w, t, 1ULL << hole, s->n); /* other types: only their own */
    assert_int_equal(walked(&w, out), 3);
    tick_walk(&w, t, both, s->n); /* past the second box: the third, then the new one */
    int second = out[4];
    walk_skip(&w, (uint64_t)box << 32 | ref_id(g, s, second));
    assert_int_equal(walked(&w, out), 2);
    assert_int_equal(out[0], second + 1);
    assert_int_equal(out[1], made);
    tick_walk(&w, t, both, s->n); /* past a hole: the holes after it first */
    walk_skip(&w, (uint64_t)hole << 32 | ref_id(g, s, -(int)g->fixed_order[g->fixed_first[hole]] - 1));
    assert_int_equal(walked(&w, out), 6);
    tick_end(t);
    free(t);
    vg_state_free(s);
    vg_game_free(g);
}

/* One tick creating 'n' sprites of the types in 'types' (a string of
 * type letters, used in turn) and killing every third of those there (of
 * the types in 'dying' only, when not NULL): when it ends, the survivors
 * and the new sprites are sorted by (type, id), each type's range holding
 * its own (those of the types before and after the ones changed too). */
static void sorted_after_killing(const vg_game *g, const char *types, int n, const char *dying) {
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    tick_ctx *t = malloc(sizeof *t);
    int count[VG_MAX_TYPES] = {0};
    tick_begin(t, g, s, &err);
    uint32_t n0 = s->n;
    for (uint32_t i = 0; i < n0; i++)
        if (i % 3 == 1 && !state_is_avatar(g, state_sprite(s, i)->type) &&
            (!dying || strchr(dying, g->types[state_sprite(s, i)->type].name[0])))
            tick_kill(t, (int)i, 1);
        else count[state_sprite(s, i)->type]++;
    for (int k = 0; k < n; k++) {
        char name[2] = {types[k % (int)strlen(types)], 0};
        int type = vg_type_find(g, name);
        assert_true(tick_create(t, type, 0, 0, 1) >= 0);
        count[type]++;
    }
    tick_end(t);
    for (uint32_t i = 1; i < s->n; i++) {
        const sprite *a = state_sprite(s, i - 1), *b = state_sprite(s, i);
        assert_true(a->type < b->type || (a->type == b->type && a->id < b->id));
    }
    for (int type = 0; type < g->ntypes; type++) {
        uint32_t from, to;
        state_range(g, s, type, &from, &to);
        assert_int_equal(to - from, count[type]);
        for (uint32_t i = from; i < to; i++) assert_int_equal(state_sprite(s, i)->type, type);
    }
    free(t);
    vg_state_free(s);
}
static void sorted_after(const vg_game *g, const char *types, int n) { sorted_after_killing(g, types, n, NULL); }

static void test_tick_end_sorts_new_sprites_in(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n" /* 'a': only replaced, else static */
                             "sprite { 'a', 'Missile', speed = 0, dynamic = true }\n"
                             "sprite { 'b', 'Missile', speed = 0 }\n"
                             "sprite { 'c', 'Missile', speed = 0 }\n"
                             "map { 'A', 'avatar' }\nmap { 'a', 'a' }\nmap { 'b', 'b' }\nmap { 'c', 'c' }\n"
                             "interaction { 'a', 'avatar', 'transformTo', stype = 'b' }\n"
                             "interaction { 'b', 'avatar', 'transformTo', stype = 'c' }\n",
                             "Aaaabbbbbbccccc\nccccccccccccccc\nccccccccccccccc\nccccccccccccccc");
    sorted_after(g, "a", 5);              /* a few, among many */
    sorted_after(g, "b", 200);            /* many of one type, before many */
    sorted_after(g, "c", 200);            /* many, after all */
    sorted_after(g, "a", 200);            /* many, before many (of b and c) */
    sorted_after(g, "ab", 200);           /* many, out of order */
    sorted_after(g, "ba", 200);           /* many, out of order */
    sorted_after(g, "aabc", 300);         /* many, out of order */
    sorted_after_killing(g, "b", 3, "b"); /* b's sprites born and dead: a's range stays, c's moves */
    sorted_after_killing(g, "b", 0, "b"); /* b's dead only: c's moves back */
    sorted_after_killing(g, "a", 2, "");  /* a's born only: b's and c's move on */
    sorted_after_killing(g, "c", 0, "c"); /* the last type's dead only */
    vg_game_free(g);
    g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                    "sprite { 'a', 'Missile', speed = 0, dynamic = true }\n"
                    "sprite { 'b', 'Missile', speed = 0 }\n"
                    "map { 'A', 'avatar' }\nmap { 'a', 'a' }\nmap { 'b', 'b' }\n"
                    "interaction { 'a', 'avatar', 'transformTo', stype = 'b' }\n",
                    "Aaaabbbbbbbbbbbbbbbbbbbb");
    sorted_after(g, "a", 100); /* many, in order, before a few (the 14 b left) */
    sorted_after(g, "b", 100); /* many, after all */
    vg_game_free(g);
}

/* A drifting sprite's move (tick_set_pos_drift, the passive update's) does
 * what tick_set_pos does: random moves of missiles on cells, between them
 * (across and down), partly and wholly off the map, back where they were,
 * with the tick's cell lists and type cells on or off; the states (cell
 * counts, 'loose') and the ticks' moved sprites, versions and indexes the
 * same after each. */
static void test_drift_moves_as_set_pos(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { 'avatar', 'MovingAvatar' }\n"
                             "sprite { 'shot', 'Missile', speed = 0.25, orientation = 'RIGHT' }\n"
                             "sprite { 'rock', 'Missile', speed = 0.5, orientation = 'DOWN' }\n"
                             "map { 'A', 'avatar' }\nmap { 's', 'shot' }\nmap { 'r', 'rock' }\n"
                             "sprite { 'floor', 'Immovable' }\nmap { '.', 'floor' }\n"
                             "interaction { 'shot', 'rock', 'killSprite' }\n",
                             "A.s.r.\nss..rr\n.r.s..\nrs..s.");
    int b = g->square, shot = vg_type_find(g, "shot"), rock = vg_type_find(g, "rock");
    vg_state *a = vg_state_new(g, 1), *d = vg_state_clone(a);
    vg_error err = {0};
    srand(7);
    for (int tick = 0; tick < 200; tick++, a->tick++, d->tick++) {
        tick_ctx ta, td;
        tick_begin(&ta, g, a, &err);
        tick_begin(&td, g, d, &err);
        int index = tick % 4;
        if (index & 1) tick_cells_list(&ta, 1ULL << shot), tick_cells_list(&td, 1ULL << shot);
        if (index & 2) tick_type_cells(&ta, 1ULL << rock), tick_type_cells(&td, 1ULL << rock);
        for (int k = 0; k < 12; k++) {
            int i = 1 + rand() % (int)(a->n - 1), kind = rand() % 6;
            const sprite *p = tick_sprite(&ta, (uint32_t)i);
            int x = (rand() % 8 - 1) * b, y = (rand() % 6 - 1) * b; /* a cell, or one next to the map */
            if (kind == 1) x += b / 4;                              /* between cells */
            if (kind == 2) y += b / 2;
            if (kind == 3) x = -3 * b, y = rand() % 4 * b;                /* wholly off the map */
            if (kind == 4) x = p->x + (rand() % 3 - 1) * b / 4, y = p->y; /* a small step, or none */
            tick_set_pos(&ta, i, x, y);
            tick_set_pos_drift(&td, tick_sprite(&td, (uint32_t)i), i, x, y);
            assert_memory_equal(a, d, STATE_BYTES(a->nwords, a->stride, a->n));
            assert_int_equal(ta.nmoved, td.nmoved);
            assert_int_equal(ta.version, td.version);
            assert_memory_equal(ta.moved, td.moved, ta.nmoved * sizeof ta.moved[0]);
            assert_int_equal(ta.lx[i], td.lx[i]);
            assert_int_equal(ta.ly[i], td.ly[i]);
            assert_int_equal(ta.outside_known ? ta.outside : 0, td.outside_known ? td.outside : 0);
            assert_int_equal(ta.noff, td.noff);
        }
        if (index & 1) assert_memory_equal(ta.cl.head, td.cl.head, (size_t)g->w * g->h * sizeof ta.cl.head[0]);
        if (index & 2) assert_memory_equal(ta.tc.mask, td.tc.mask, (size_t)g->w * g->h * sizeof ta.tc.mask[0]);
    }
    assert_true(a->loose);
    vg_state_free(a);
    vg_state_free(d);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kill_more_static_sprites_than_a_state_holds),
        cmocka_unit_test(test_created_sprite_takes_its_types_values),
        cmocka_unit_test(test_sprites_meet_off_the_map),
        cmocka_unit_test(test_walk_static_range_then_new),
        cmocka_unit_test(test_tick_end_sorts_new_sprites_in),
        cmocka_unit_test(test_drift_moves_as_set_pos),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
