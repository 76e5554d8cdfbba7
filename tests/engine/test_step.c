/* SPDX-License-Identifier: MIT
 *
 * test_step.c -- vg_play_policy, the move vg_advance makes for an agent
 * other than agent 0 in a game with turns, one turn at a time:
 *
 * 1. Playing agent 0's move with vg_play and then every other agent with
 *    vg_play_policy gives the very state vg_advance gives, round after
 *    round (same hash, score, tick, outcome), on 2048 (a chance agent:
 *    outcomes drawn from the state's RNG), CS188 Pacman (the script's
 *    ghost policy) and Connect Four (no policy: a random legal move).
 * 2. The move it reports is one the agent could make (an outcome, a legal
 *    move); different seeds draw different games.
 * 3. A finished game is left as it is (move -1); a game without turns{}
 *    is refused with VG_ERR_ARG and a message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Agent 0's move for round 'r': a legal move of its own picked by 'rng',
 * and the action named like it (NIL when the move is named otherwise:
 * vg_advance then plays agent 0's first legal move, which 'move' is). */
static int pick_move(const vg_game *g, const vg_state *s, uint64_t *rng, vg_action *act) {
    int moves[VG_MAX_MOVES], n = vg_legal(g, s, 0, moves, NULL);
    assert_true(n > 0);
    *rng ^= *rng << 13, *rng ^= *rng >> 7, *rng ^= *rng << 17;
    int m = moves[*rng % (uint64_t)n];
    if (vg_action_parse(vg_move_name(g, m), act)) return m;
    *act = VG_ACTION_NIL;
    return vg_move_find(g, "NIL") >= 0 ? vg_move_find(g, "NIL") : moves[0];
}

/* Plays up to 'rounds' rounds both ways from the level start with 'seed';
 * returns the rounds played. */
static int same_as_advance(const vg_game *g, uint64_t seed, int rounds) {
    vg_state *a = vg_state_new(g, seed), *b = vg_state_new(g, seed);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    int r = 0;
    for (; r < rounds && !vg_is_over(a); r++) {
        vg_action act;
        vg_error err = {0};
        int move = pick_move(g, a, &rng, &act);
        assert_int_equal(vg_advance(g, a, act, &err), VG_OK);
        assert_int_equal(vg_play(g, b, 0, move, &err), VG_OK);
        while (!vg_is_over(b) && vg_turn(b) != 0) {
            int who = vg_turn(b), played = -2, moves[VG_MAX_MOVES], n, ok = 0;
            double probs[VG_MAX_MOVES];
            vg_state *before = vg_state_clone(b);
            assert_int_equal(vg_play_policy(g, b, &played, &err), VG_OK);
            n = vg_is_chance(g, who) ? vg_outcomes(g, before, who, moves, probs, NULL)
                                     : vg_legal(g, before, who, moves, NULL);
            for (int k = 0; k < n; k++) ok |= moves[k] == played;
            assert_true(ok);
            vg_state_free(before);
        }
        if (vg_state_hash(a) != vg_state_hash(b)) print_error("round %d: the states differ\n", r);
        assert_true(vg_state_hash(a) == vg_state_hash(b));
        assert_true(vg_score(a) == vg_score(b));
        assert_int_equal(vg_tick(a), vg_tick(b));
        assert_int_equal(vg_is_over(a), vg_is_over(b));
        assert_int_equal(vg_winner_of(a), vg_winner_of(b));
    }
    vg_state_free(a);
    vg_state_free(b);
    return r;
}

static void test_2048_chance(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/2048.lua", "levels/2048/lvl0.txt");
    assert_true(vg_is_chance(g, 1));
    for (uint64_t seed = 1; seed <= 3; seed++) assert_true(same_as_advance(g, seed, 150) > 20);
    vg_game_free(g);
}

static void test_cs188_policy(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/cs188.lua", "levels/cs188/smallClassic.lay");
    assert_true(vg_num_agents(g, NULL) > 2);
    for (uint64_t seed = 1; seed <= 3; seed++) assert_true(same_as_advance(g, seed, 60) > 5);
    vg_game_free(g);
}

static void test_connect4_random_legal(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/connect4.lua", "levels/connect4/lvl0.txt");
    for (uint64_t seed = 1; seed <= 3; seed++) assert_true(same_as_advance(g, seed, 30) >= 4);
    /* Agent 1's replies to the same first move differ between seeds. */
    int seen = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        vg_state *s = vg_state_new(g, seed);
        int move = -1;
        assert_int_equal(vg_play(g, s, 0, vg_move_find(g, "4"), NULL), VG_OK);
        assert_int_equal(vg_play_policy(g, s, &move, NULL), VG_OK);
        assert_true(move >= 0 && move < 7);
        assert_int_equal(vg_turn(s), 0);
        seen |= 1 << move;
        vg_state_free(s);
    }
    assert_true(__builtin_popcount((unsigned)seen) >= 4);
    vg_game_free(g);
}

static void test_over_and_no_turns(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/connect4.lua", "levels/connect4/lvl0.txt");
    vg_state *s = vg_state_new(g, 1);
    static const char *const line = "1212121";
    for (const char *p = line; *p; p++) {
        char name[2] = {*p, '\0'};
        assert_int_equal(vg_play(g, s, vg_turn(s), vg_move_find(g, name), NULL), VG_OK);
    }
    assert_true(vg_is_over(s));
    uint64_t h = vg_state_hash(s);
    int move = 5;
    assert_int_equal(vg_play_policy(g, s, &move, NULL), VG_OK);
    assert_int_equal(move, -1);
    assert_true(vg_state_hash(s) == h);
    vg_state_free(s);
    vg_game_free(g);

    g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    s = vg_state_new(g, 1);
    vg_error err = {0};
    move = 5;
    assert_int_equal(vg_play_policy(g, s, &move, &err), VG_ERR_ARG);
    assert_int_equal(move, -1);
    assert_non_null(strstr(err.msg, "no turns{}"));
    assert_int_equal(vg_tick(s), 0);
    vg_state_free(s);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2048_chance),
        cmocka_unit_test(test_cs188_policy),
        cmocka_unit_test(test_connect4_random_legal),
        cmocka_unit_test(test_over_and_no_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
