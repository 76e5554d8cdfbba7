/* SPDX-License-Identifier: MIT
 *
 * test_state.c -- states: copies and clones are independent, play is
 * deterministic, reset goes back to the start, hash and equality tell
 * states apart (and do not tell apart the same position reached two ways),
 * and a finished game stays as it is; a count of killable fixed sprites
 * reads their alive bits across words.
 *
 * Bait level 0 (levels/bait/lvl0.txt), x to the right and y down from 0:
 *
 *     wwwww      the avatar A starts at (2,1); left of it is the goal g,
 *     wgAww      which stops it (no key yet); right and up are walls.
 *     ww..w      (2,2) and (3,2) are free floor; the boxes 1 are at
 *     w.11w      (2,3) and (3,3), the key k at (2,4).
 *     wwk.w
 *     wwwww
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#include "state.h"

#define SCRIPT "scripts/bait.lua"
#define LVL0   "levels/bait/lvl0.txt"

#define N VG_ACTION_NIL
#define U VG_ACTION_UP
#define L VG_ACTION_LEFT
#define D VG_ACTION_DOWN
#define R VG_ACTION_RIGHT

/* xorshift64: a fixed stream of actions for the tests. */
static vg_action random_action(uint64_t *rng) {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    return (vg_action)(*rng % VG_NUM_ACTIONS);
}

static void advance_ok(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    vg_status st = vg_advance(g, s, a, &err);
    if (st != VG_OK) print_error("tick %d: %s:%d: %s\n", vg_tick(s), err.file, err.line, err.msg);
    assert_int_equal(st, VG_OK);
}

static void play(const vg_game *g, vg_state *s, const vg_action *acts, int n) {
    for (int k = 0; k < n; k++) advance_ok(g, s, acts[k]);
}

/* The state's trace line (action NIL), in a new buffer. */
static char *trace(const vg_game *g, const vg_state *s) {
    int n = vg_trace_json(g, s, VG_ACTION_NIL, NULL, 0);
    assert_true(n > 0);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(vg_trace_json(g, s, VG_ACTION_NIL, buf, (size_t)n + 1), n);
    return buf;
}

static void expect_avatar_at(const vg_game *g, const vg_state *s, double x, double y) {
    double ax = -1, ay = -1;
    assert_true(vg_avatar_pos(g, s, &ax, &ay));
    if (ax != x || ay != y) print_error("avatar at (%g,%g), expected (%g,%g)\n", ax, ay, x, y);
    assert_true(ax == x && ay == y);
}

/* ---- Copies ----------------------------------------------------------- */

/* Advancing the original does not touch a copy, and the other way round. */
static void test_copy_independence(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl2.txt");
    vg_state *orig = vg_state_new(g, 1), *copy = vg_state_new(g, 99);
    vg_state_copy(copy, orig);
    uint64_t h0 = vg_state_hash(copy);
    char *t0 = trace(g, copy);
    assert_true(vg_state_hash(orig) == h0);

    uint64_t rng = 0x9e3779b97f4a7c15ULL;
    for (int k = 0; k < 100; k++) advance_ok(g, orig, random_action(&rng));
    assert_true(vg_tick(orig) > 0);
    assert_true(vg_state_hash(orig) != h0); /* the original did change */

    char *t1 = trace(g, copy);
    assert_true(vg_state_hash(copy) == h0);
    assert_string_equal(t1, t0);
    assert_int_equal(vg_tick(copy), 0);

    /* ... and the copy moving leaves the original alone. */
    uint64_t ho = vg_state_hash(orig);
    char *to = trace(g, orig);
    for (int k = 0; k < 50; k++) advance_ok(g, copy, random_action(&rng));
    char *t2 = trace(g, orig);
    assert_true(vg_state_hash(orig) == ho);
    assert_string_equal(t2, to);

    free(t0), free(t1), free(t2), free(to);
    vg_state_free(orig);
    vg_state_free(copy);
    vg_game_free(g);
}

/* A clone is a full copy (mid-game too) and independent of its source. */
static void test_clone(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl2.txt");
    vg_state *s = vg_state_new(g, 3);
    uint64_t rng = 12345;
    for (int k = 0; k < 40; k++) advance_ok(g, s, random_action(&rng));
    vg_state *c = vg_state_clone(s);
    assert_non_null(c);
    assert_true(vg_state_hash(c) == vg_state_hash(s));
    assert_true(vg_state_equal(c, s));
    assert_int_equal(vg_tick(c), vg_tick(s));
    assert_true(vg_score(c) == vg_score(s));
    assert_int_equal(vg_is_over(c), vg_is_over(s));
    assert_int_equal(vg_state_used(c), vg_state_used(s));
    char *ts = trace(g, s), *tc = trace(g, c);
    assert_string_equal(tc, ts);

    /* The clone plays on as the source would. */
    vg_state *c2 = vg_state_clone(s);
    for (int k = 0; k < 30; k++) {
        vg_action a = random_action(&rng);
        advance_ok(g, c, a);
        advance_ok(g, c2, a);
        assert_true(vg_state_hash(c) == vg_state_hash(c2));
    }
    char *ts2 = trace(g, s);
    assert_string_equal(ts2, ts); /* the source did not move */

    /* A clone can be the target of a copy, and copied back. */
    vg_state_copy(c, s);
    assert_true(vg_state_hash(c) == vg_state_hash(s));
    vg_state_copy(s, c2);
    assert_true(vg_state_hash(s) == vg_state_hash(c2));

    free(ts), free(tc), free(ts2);
    vg_state_free(c);
    vg_state_free(c2);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- Determinism ------------------------------------------------------ */

/* The same seed and actions give the same states, tick by tick, on every
 * level, in one game and across two loads of it. */
static void test_determinism(void **state) {
    (void)state;
    for (int lvl = 0; lvl <= 4; lvl++) {
        char path[64];
        snprintf(path, sizeof path, "levels/bait/lvl%d.txt", lvl);
        vg_game *g1 = load_game(SCRIPT, path), *g2 = load_game(SCRIPT, path);
        vg_state *a = vg_state_new(g1, 7), *b = vg_state_new(g1, 7), *c = vg_state_new(g2, 7);
        assert_true(vg_state_hash(a) == vg_state_hash(b));
        assert_true(vg_state_hash(a) == vg_state_hash(c));
        uint64_t rng = 0xdeadbeefULL + (uint64_t)lvl;
        for (int k = 0; k < 200; k++) {
            vg_action act = random_action(&rng);
            advance_ok(g1, a, act);
            advance_ok(g1, b, act);
            advance_ok(g2, c, act);
            if (vg_state_hash(a) != vg_state_hash(b) || vg_state_hash(a) != vg_state_hash(c))
                print_error("level %d: states differ after tick %d\n", lvl, k + 1);
            assert_true(vg_state_hash(a) == vg_state_hash(b));
            assert_true(vg_state_hash(a) == vg_state_hash(c));
        }
        char *ta = trace(g1, a), *tc = trace(g2, c);
        assert_string_equal(ta, tc);
        free(ta), free(tc);
        vg_state_free(a), vg_state_free(b), vg_state_free(c);
        vg_game_free(g1), vg_game_free(g2);
    }
}

/* ---- Reset ------------------------------------------------------------ */

static void test_reset(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl2.txt");
    vg_state *s = vg_state_new(g, 5), *fresh = vg_state_new(g, 5);
    uint64_t rng = 777;
    for (int k = 0; k < 30; k++) advance_ok(g, s, random_action(&rng));
    assert_true(vg_state_hash(s) != vg_state_hash(fresh));
    vg_state_reset(g, s, 5);
    assert_true(vg_state_hash(s) == vg_state_hash(fresh));
    assert_true(vg_state_equal(s, fresh));
    assert_int_equal(vg_tick(s), 0);
    assert_true(vg_score(s) == 0);
    assert_false(vg_is_over(s));
    assert_int_equal(vg_state_used(s), vg_state_used(fresh));
    char *ts = trace(g, s), *tf = trace(g, fresh);
    assert_string_equal(ts, tf);
    free(ts), free(tf);
    vg_state_free(s), vg_state_free(fresh);
    vg_game_free(g);

    /* A finished game resets too. */
    static const vg_action solution[] = {D, R, D, L, D, U, U, U, L};
    g = load_game(SCRIPT, LVL0);
    s = vg_state_new(g, 0);
    fresh = vg_state_new(g, 0);
    play(g, s, solution, 9);
    assert_true(vg_is_over(s));
    vg_state_reset(g, s, 0);
    assert_false(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    assert_true(vg_state_hash(s) == vg_state_hash(fresh));
    vg_state_free(s), vg_state_free(fresh);
    vg_game_free(g);
}

/* ---- Equality and hash ------------------------------------------------ */

static void test_equal(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *a = vg_state_new(g, 1), *b = vg_state_new(g, 1);
    vg_state_copy(b, a);
    assert_true(vg_state_equal(a, b));
    assert_true(vg_state_equal(a, a));
    advance_ok(g, a, D);
    assert_false(vg_state_equal(a, b));
    assert_false(vg_state_equal(b, a));
    advance_ok(g, b, D);
    assert_true(vg_state_equal(a, b));
    assert_true(vg_state_position_hash(a) == vg_state_position_hash(b));
    advance_ok(g, a, R); /* the avatar moves */
    assert_false(vg_state_equal(a, b));
    assert_true(vg_state_position_hash(a) != vg_state_position_hash(b));
    advance_ok(g, b, R);
    advance_ok(g, a, D); /* and pushes a box */
    advance_ok(g, b, N);
    assert_false(vg_state_equal(a, b));
    vg_state_free(a), vg_state_free(b);
    vg_game_free(g);
}

static void test_hash_changes(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    uint64_t h0 = vg_state_hash(s);
    assert_true(vg_state_hash(s) == h0); /* stable */
    advance_ok(g, s, D);                 /* (2,1) -> (2,2) */
    expect_avatar_at(g, s, 2, 2);
    uint64_t h1 = vg_state_hash(s);
    assert_true(h1 != h0);
    advance_ok(g, s, R); /* -> (3,2) */
    uint64_t h2 = vg_state_hash(s);
    assert_true(h2 != h1 && h2 != h0);
    advance_ok(g, s, D); /* -> (3,3), the box to (3,4) */
    uint64_t h3 = vg_state_hash(s);
    assert_true(h3 != h2 && h3 != h1 && h3 != h0);
    vg_state_free(s);

    /* The RNG is part of the state: another seed is another state. */
    vg_state *a = vg_state_new(g, 1), *b = vg_state_new(g, 2);
    assert_true(vg_state_hash(a) != vg_state_hash(b));
    assert_true(vg_state_equal(a, b)); /* ... at the same positions */
    vg_state_free(a), vg_state_free(b);
    vg_game_free(g);
}

/* Plays 'x' and 'y' from the start of level 0; 1 when both end with the
 * avatar at (ex, ey), equal and with the same hash (else prints why).
 * Asserts nothing, so a failing caller can free its game first. */
static int same_hash(const vg_game *g, const vg_action *x, int nx, const vg_action *y, int ny, double ex, double ey,
                     const char *what) {
    vg_state *a = vg_state_new(g, 1), *b = vg_state_new(g, 1);
    int ok = a && b;
    for (int k = 0; ok && k < nx; k++) ok = vg_advance(g, a, x[k], NULL) == VG_OK;
    for (int k = 0; ok && k < ny; k++) ok = vg_advance(g, b, y[k], NULL) == VG_OK;
    double ax = -1, ay = -1, bx = -1, by = -1;
    if (ok) {
        vg_avatar_pos(g, a, &ax, &ay);
        vg_avatar_pos(g, b, &bx, &by);
        if (ax != ex || ay != ey || bx != ex || by != ey) {
            print_error("%s: the avatars are at (%g,%g) and (%g,%g), expected (%g,%g)\n", what, ax, ay, bx, by, ex, ey);
            ok = 0;
        } else if (!vg_state_equal(a, b)) {
            print_error("%s: the states are not equal\n", what);
            ok = 0;
        } else if (vg_state_hash(a) != vg_state_hash(b)) {
            print_error("%s: the hashes differ\n", what);
            ok = 0;
        }
    }
    vg_state_free(a), vg_state_free(b);
    return ok;
}

/* The same position reached by different moves of the same number of ticks. */
static void test_hash_same_position(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    /* LEFT is stopped by the goal, RIGHT by a wall: both orders stay at (2,1). */
    static const vg_action lr[] = {L, R}, rl[] = {R, L};
    int ok1 = same_hash(g, lr, 2, rl, 2, 2, 1, "LEFT RIGHT vs RIGHT LEFT");
    /* Down, right and back, vs. bumping into the wall and the goal, then down. */
    static const vg_action x[] = {D, R, L}, y[] = {U, L, D};
    int ok2 = same_hash(g, x, 3, y, 3, 2, 2, "DOWN RIGHT LEFT vs UP LEFT DOWN");

    /* ... and different positions hash differently. */
    vg_state *a = vg_state_new(g, 1), *b = vg_state_new(g, 1);
    static const vg_action p[] = {D, R}, q[] = {D, L}; /* (3,2) vs (2,2) */
    play(g, a, p, 2);
    play(g, b, q, 2);
    int differ = !vg_state_equal(a, b) && vg_state_hash(a) != vg_state_hash(b);
    vg_state_free(a), vg_state_free(b);
    vg_game_free(g);
    assert_true(ok1);
    assert_true(ok2);
    assert_true(differ);
}

/* The hash covers "everything but the tick", and state.c promises that
 * states "with the same sprites at the same places hash alike however they
 * were reached". In Bait every sprite may move every tick (cooldown 1), so
 * when the avatar waited (NIL) before or after its move, or how many ticks
 * it took to get somewhere, makes no difference to any future of the game:
 * those states must hash alike. */
static void test_hash_ignores_when_waited(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    static const vg_action dn[] = {D, N}, nd[] = {N, D};
    int ok = same_hash(g, dn, 2, nd, 2, 2, 2, "DOWN NIL vs NIL DOWN");
    vg_game_free(g);
    assert_true(ok);
}

static void test_hash_ignores_tick_count(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, LVL0);
    static const vg_action d[] = {D}, ud[] = {U, D}; /* UP bumps into the wall */
    int ok = same_hash(g, d, 1, ud, 2, 2, 2, "DOWN vs UP DOWN");
    vg_game_free(g);
    assert_true(ok);
}

/* ---- Sizes ------------------------------------------------------------ */

static void test_used_within_size(void **state) {
    (void)state;
    for (int lvl = 0; lvl <= 4; lvl++) {
        char path[64];
        snprintf(path, sizeof path, "levels/bait/lvl%d.txt", lvl);
        vg_game *g = load_game(SCRIPT, path);
        size_t size = vg_state_size(g);
        vg_state *s = vg_state_new(g, 1);
        assert_true(vg_state_used(s) > 0);
        assert_true(vg_state_used(s) <= size);
        uint64_t rng = (uint64_t)lvl * 31 + 1;
        for (int k = 0; k < 150 && !vg_is_over(s); k++) {
            advance_ok(g, s, random_action(&rng));
            assert_true(vg_state_used(s) <= size);
            assert_true(vg_state_size(g) == size);
        }
        vg_state_free(s);
        vg_game_free(g);
    }
}

/* Freeing NULL is allowed. */
static void test_free_null(void **state) {
    (void)state;
    vg_state_free(NULL);
    vg_game_free(NULL);
    vg_game *g = load_game(SCRIPT, LVL0);
    assert_true(vg_state_size(g) > 0); /* the calls above did not disturb anything */
    vg_game_free(g);
}

/* ---- Game over -------------------------------------------------------- */

/* Once the game is won, advancing changes nothing at all. */
static void test_finished_game_frozen(void **state) {
    (void)state;
    static const vg_action solution[] = {D, R, D, L, D, U, U, U, L};
    vg_game *g = load_game(SCRIPT, LVL0);
    vg_state *s = vg_state_new(g, 1);
    play(g, s, solution, 8);
    assert_false(vg_is_over(s));
    advance_ok(g, s, solution[8]);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    assert_true(vg_score(s) == 5);
    assert_int_equal(vg_tick(s), 9);

    uint64_t h = vg_state_hash(s);
    size_t used = vg_state_used(s);
    char *t0 = trace(g, s);
    vg_state *before = vg_state_clone(s);
    for (int a = 0; a < VG_NUM_ACTIONS; a++) {
        vg_error err = {0};
        assert_int_equal(vg_advance(g, s, (vg_action)a, &err), VG_OK);
        assert_int_equal(vg_tick(s), 9);
        assert_true(vg_state_hash(s) == h);
        assert_true(vg_score(s) == 5);
        assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
        assert_int_equal(vg_state_used(s), used);
        assert_true(vg_state_equal(s, before));
        char *t = trace(g, s);
        assert_string_equal(t, t0);
        free(t);
    }
    free(t0);
    vg_state_free(before);
    vg_state_free(s);
    vg_game_free(g);
}

/* The search hash tells apart what the position hash merges when it
 * matters: an oriented avatar (GVGAI's Brainman, OrientedAvatar) back on
 * its start cell facing left or facing up; script variables. In Bait, with
 * no oriented type and no variable set, the two hashes are one. */
static void test_search_hash_orientation(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/brainman.txt", "gvgai/brainman_lvl0.txt");
    vg_state *a = vg_state_new(g, 1), *b = vg_state_new(g, 1);
    advance_ok(g, a, R), advance_ok(g, a, L); /* back, facing left */
    advance_ok(g, b, D), advance_ok(g, b, U); /* back, facing up */
    assert_true(vg_state_position_hash(a) == vg_state_position_hash(b));
    assert_true(vg_state_search_hash(g, a) != vg_state_search_hash(g, b));
    advance_ok(g, b, R), advance_ok(g, b, L); /* facing left too */
    assert_true(vg_state_search_hash(g, a) == vg_state_search_hash(g, b));
    vg_state_free(a), vg_state_free(b);
    vg_game_free(g);
    g = load_game(SCRIPT, LVL0);
    a = vg_state_new(g, 1);
    advance_ok(g, a, D);
    assert_true(vg_state_search_hash(g, a) == vg_state_position_hash(a));
    vg_set_var(a, 0, 5); /* a script variable: told apart too */
    assert_true(vg_state_search_hash(g, a) != vg_state_position_hash(a));
    vg_state_free(a);
    vg_game_free(g);
}

/* state_count of a killable fixed type counts its alive bits a word at a
 * time: 7 gems, then 150 coins (bits 7 to 156, over three words), some
 * killed at the words' ends. */
static void test_count_alive_bits(void **state) {
    (void)state;
    char map[4 * 52 + 1], *m = map;
    for (int row = 0; row < 4; row++) {
        for (int col = 0; col < 50; col++) *m++ = row == 0 ? (col == 0 ? 'A' : col < 8 ? 'g' : '.') : 'c';
        *m++ = '\n';
    }
    *m = '\0';
    vg_game *g = load_vgdl_text("BasicGame\n  SpriteSet\n    gem > Immovable\n    coin > Immovable\n"
                                "  InteractionSet\n    gem avatar > killSprite\n    coin avatar > killSprite\n"
                                "  LevelMapping\n    g > gem\n    c > coin\n",
                                map);
    vg_state *s = vg_state_new(g, 1);
    int gem = vg_type_find(g, "gem"), coin = vg_type_find(g, "coin");
    assert_true(g->types[coin].killable && g->bit_first[coin] == 7);
    assert_int_equal(state_count(g, s, gem), 7);
    assert_int_equal(state_count(g, s, coin), 150);
    static const int killed[] = {0, 56, 57, 120, 121, 149};
    for (size_t k = 0; k < sizeof killed / sizeof killed[0]; k++) {
        int bit = g->bit_first[coin] + killed[k];
        s->data[bit >> 6] &= ~(1ULL << (bit & 63));
    }
    assert_int_equal(state_count(g, s, coin), 144);
    assert_int_equal(state_count(g, s, gem), 7);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count_alive_bits),
        cmocka_unit_test(test_copy_independence),
        cmocka_unit_test(test_clone),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_equal),
        cmocka_unit_test(test_hash_changes),
        cmocka_unit_test(test_hash_same_position),
        cmocka_unit_test(test_hash_ignores_when_waited),
        cmocka_unit_test(test_hash_ignores_tick_count),
        cmocka_unit_test(test_used_within_size),
        cmocka_unit_test(test_free_null),
        cmocka_unit_test(test_finished_game_frozen),
        cmocka_unit_test(test_search_hash_orientation),
    };
    return cmocka_run_group_tests_name("state", tests, NULL, NULL);
}
