/* SPDX-License-Identifier: MIT
 *
 * test_vec.c -- states stepped together (engine/vec.c, vg_vec): what
 * Python's environments are built on.
 *
 * 1. The action table: NIL then the avatar's actions; a game with turns
 *    offers the actions its moves are named like (2048, NIL among them),
 *    a board game none.
 * 2. Each state of a vec plays what one state advanced by hand plays
 *    (seeded as asked, the reward the score gained, the observation its
 *    planes), and with autoreset begins its next episode at the step after
 *    its end, seeded vg_next_seed of its last (Aliens: random bombs).
 * 3. max_ticks truncates; an action out of range steps no state; outputs
 *    may be left out.
 * 4. Two players (copsNrobbers: 5 and 6 actions): each state plays the
 *    tick vg_advance_multi plays, each player by its own action table,
 *    with its own reward, score and result; a player's action out of its
 *    range steps nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "support.h"

static void test_actions(void **state) {
    (void)state;
    vg_action acts[VG_NUM_ACTIONS];
    vg_game *bait = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    assert_int_equal(vg_env_actions(bait, acts), 5);
    assert_int_equal(acts[0], VG_ACTION_NIL);
    vg_game *t2048 = load_game("scripts/2048.lua", "levels/2048/lvl0.txt");
    int n = vg_env_actions(t2048, acts);
    assert_int_equal(n, 5); /* LEFT RIGHT UP DOWN and NIL: moves named like actions */
    for (int k = 0; k < n; k++) assert_true(vg_move_find(t2048, vg_action_name(acts[k]) + 7) >= 0);
    vg_game *c4 = load_game("scripts/connect4.lua", "levels/connect4/lvl0.txt");
    assert_int_equal(vg_env_actions(c4, acts), 0);
    vg_game_free(bait);
    vg_game_free(t2048);
    vg_game_free(c4);
}

enum { N = 3, STEPS = 400, MAX_TICKS = 70 };

/* Each of N states against one advanced by hand, episode after episode. */
static void test_same_as_by_hand(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/aliens.txt", "gvgai/aliens_lvl0.txt");
    vg_action table[VG_NUM_ACTIONS];
    int nacts = vg_env_actions(g, table), np = vg_planes(g);
    size_t obs_bytes = (size_t)np * (size_t)vg_game_width(g) * (size_t)vg_game_height(g);
    vg_vec *v = vg_vec_new(g, N, MAX_TICKS, 1);
    assert_non_null(v);
    assert_int_equal(vg_vec_size(v), N);
    uint8_t *obs = malloc(N * obs_bytes), *mine = malloc(obs_bytes);
    double reward[N], score[N];
    uint8_t term[N], trunc[N];
    int8_t result[N];
    int32_t tick[N];
    vg_vec_out out = {obs, reward, score, term, trunc, result, tick, NULL};
    uint64_t seeds[N] = {5, 6, 1000};
    vg_vec_reset(v, seeds, &out);
    vg_state *hand[N];
    uint64_t seed[N];
    int ended[N] = {0}, episodes = 0;
    for (int i = 0; i < N; i++) hand[i] = vg_state_new(g, seed[i] = seeds[i]);
    uint64_t rng = 7;
    for (int k = 0; k < STEPS; k++) {
        int64_t acts[N];
        for (int i = 0; i < N; i++)
            acts[i] = (int64_t)((rng = rng * 6364136223846793005ULL + 1442695040888963407ULL) >> 33) % nacts;
        vg_error err;
        assert_int_equal(vg_vec_step(v, acts, &out, &err), VG_OK);
        for (int i = 0; i < N; i++) {
            double before = vg_score(hand[i]);
            if (ended[i]) {
                vg_state_reset(g, hand[i], seed[i] = vg_next_seed(seed[i]));
                before = vg_score(hand[i]), episodes++;
            } else assert_int_equal(vg_advance(g, hand[i], table[acts[i]], NULL), VG_OK);
            assert_int_equal(vg_state_hash(vg_vec_state(v, i)), vg_state_hash(hand[i]));
            assert_true(vg_vec_seed(v, i) == seed[i]);
            assert_true(reward[i] == vg_score(hand[i]) - before);
            assert_true(score[i] == vg_score(hand[i]));
            assert_int_equal(term[i], vg_is_over(hand[i]));
            assert_int_equal(trunc[i], !vg_is_over(hand[i]) && vg_tick(hand[i]) >= MAX_TICKS);
            assert_int_equal(tick[i], vg_tick(hand[i]));
            assert_int_equal(result[i], !vg_is_over(hand[i])    ? 0
                                        : vg_winner_of(hand[i]) ? (int)vg_winner_of(hand[i])
                                                                : 3);
            vg_observe_planes(g, hand[i], mine);
            assert_memory_equal(obs + (size_t)i * obs_bytes, mine, obs_bytes);
            ended[i] = term[i] || trunc[i];
        }
    }
    assert_true(episodes >= N); /* autoreset happened */
    for (int i = 0; i < N; i++) vg_state_free(hand[i]);
    free(obs);
    free(mine);
    vg_vec_free(v);
    vg_game_free(g);
}

static void test_bad_action_and_no_outputs(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    vg_vec *v = vg_vec_new(g, 2, 3, 0);
    vg_vec_out none = {0};
    vg_vec_reset(v, NULL, &none);
    int64_t bad[2] = {1, 5}, neg[2] = {-1, 0}, ok[2] = {0, 0};
    vg_error err;
    assert_int_equal(vg_vec_step(v, bad, &none, &err), VG_ERR_ARG);
    assert_string_equal(err.msg, "action 5 (env 1) is out of range: the game has 5 actions, 0 to 4");
    assert_int_equal(vg_vec_step(v, neg, &none, &err), VG_ERR_ARG);
    assert_int_equal(vg_tick(vg_vec_state(v, 0)), 0); /* nothing was stepped */
    uint8_t trunc[2];
    vg_vec_out out = {.truncated = trunc};
    for (int k = 0; k < 3; k++) assert_int_equal(vg_vec_step(v, ok, &out, &err), VG_OK);
    assert_int_equal(trunc[0], 1); /* max_ticks 3, no autoreset: it stays ended */
    assert_int_equal(vg_vec_step(v, ok, &out, &err), VG_OK);
    assert_int_equal(vg_tick(vg_vec_state(v, 0)), 4);
    assert_null(vg_vec_new(g, 0, 0, 0));
    assert_null(vg_vec_state(v, 2));
    vg_vec_free(v);
    vg_vec_free(NULL);
    vg_game_free(g);
}

static void test_two_players(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/2player/copsNrobbers.txt", "gvgai/2player/copsNrobbers_lvl1.txt");
    vg_action table[2][VG_NUM_ACTIONS];
    int nacts[2] = {vg_env_player_actions(g, 0, table[0]), vg_env_player_actions(g, 1, table[1])};
    assert_int_equal(nacts[0], 5);
    assert_int_equal(nacts[1], 6);
    assert_int_equal(table[1][0], VG_ACTION_NIL);
    vg_action none[VG_NUM_ACTIONS];
    assert_int_equal(vg_env_player_actions(g, 2, none), 1); /* no such player: NIL alone */
    vg_vec *v = vg_vec_new(g, 2, 0, 0);
    double reward[4], score[4];
    int8_t result[4];
    vg_vec_out out = {.reward = reward, .score = score, .result = result};
    uint64_t seeds[2] = {3, 4};
    vg_vec_reset(v, seeds, &out);
    vg_state *hand[2] = {vg_state_new(g, 3), vg_state_new(g, 4)};
    uint64_t rng = 11;
    for (int k = 0; k < 80; k++) {
        int64_t acts[4];
        for (int j = 0; j < 4; j++)
            acts[j] = (int64_t)((rng = rng * 6364136223846793005ULL + 1442695040888963407ULL) >> 33) % nacts[j % 2];
        assert_int_equal(vg_vec_step(v, acts, &out, NULL), VG_OK);
        for (int i = 0; i < 2; i++) {
            double before[2] = {vg_player_score(g, hand[i], 0), vg_player_score(g, hand[i], 1)};
            vg_action a[2] = {table[0][acts[2 * i]], table[1][acts[2 * i + 1]]};
            assert_int_equal(vg_advance_multi(g, hand[i], a, NULL), VG_OK);
            assert_int_equal(vg_state_hash(vg_vec_state(v, i)), vg_state_hash(hand[i]));
            for (int p = 0; p < 2; p++) {
                vg_winner w = vg_player_winner(g, hand[i], p);
                assert_true(score[2 * i + p] == vg_player_score(g, hand[i], p));
                assert_true(reward[2 * i + p] == vg_player_score(g, hand[i], p) - before[p]);
                assert_int_equal(result[2 * i + p], !vg_is_over(hand[i]) ? 0 : w ? (int)w : 3);
            }
        }
    }
    int64_t bad[4] = {0, 5, 5, 0}; /* player 1 may do 5, player 0 may not */
    vg_error err;
    int before = vg_tick(vg_vec_state(v, 0));
    assert_int_equal(vg_vec_step(v, bad, &out, &err), VG_ERR_ARG);
    assert_string_equal(err.msg, "action 5 (env 1) is out of range: player 0 has 5 actions, 0 to 4");
    assert_int_equal(vg_tick(vg_vec_state(v, 0)), before);
    for (int i = 0; i < 2; i++) vg_state_free(hand[i]);
    vg_vec_free(v);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_actions),
        cmocka_unit_test(test_same_as_by_hand),
        cmocka_unit_test(test_bad_action_and_no_outputs),
        cmocka_unit_test(test_two_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
