/* SPDX-License-Identifier: MIT
 *
 * test_random.c -- the random agent (agents/random.c):
 *
 * 1. Without turns it picks among the available actions (NIL excluded),
 *    each often, spending no forward-model call; the same seed repeats
 *    its choices, another seed makes others.
 * 2. In a game with turns (Connect Four) it plays a legal move of the
 *    agent to move.
 */
#include <string.h>

#include "agent.h"
#include "support.h"

#define N 400

/* N decisions of a random agent seeded 'seed' on Bait's level 0 start. */
static void choices(uint64_t seed, int *out) {
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    char why[256];
    agent *a = agent_new("random", g, NULL, 0, seed, why, sizeof why);
    assert_non_null(a);
    vg_state *s = vg_state_new(g, 0);
    agent_budget b = {0, 100};
    for (int k = 0; k < N; k++) {
        agent_report r;
        out[k] = agent_act(a, s, &b, &r);
        assert_true(r.calls == 0);
    }
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
}

static void test_uniform_and_repeatable(void **state) {
    (void)state;
    int a[N], b[N], c[N], seen[VG_NUM_ACTIONS] = {0};
    choices(7, a);
    choices(7, b);
    choices(8, c);
    assert_memory_equal(a, b, sizeof a);
    assert_true(memcmp(a, c, sizeof a) != 0);
    for (int k = 0; k < N; k++) {
        assert_true(a[k] >= 0 && a[k] < VG_NUM_ACTIONS);
        seen[a[k]]++;
    }
    assert_int_equal(seen[VG_ACTION_NIL], 0);
    static const vg_action moves[] = {VG_ACTION_UP, VG_ACTION_DOWN, VG_ACTION_LEFT, VG_ACTION_RIGHT};
    for (int k = 0; k < 4; k++) assert_true(seen[moves[k]] > N / 8); /* 100 expected each */
}

static void test_legal_move_with_turns(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/connect4.lua", "levels/connect4/lvl0.txt");
    char why[256];
    agent *a = agent_new("random", g, NULL, 0, 3, why, sizeof why);
    assert_non_null(a);
    vg_state *s = vg_state_new(g, 0);
    vg_error err = {0};
    agent_budget b = {0, 100};
    for (int ply = 0; ply < 10 && !vg_is_over(s); ply++) {
        int legal[VG_MAX_MOVES], n = vg_legal(g, s, vg_turn(s), legal, &err), ok = 0;
        agent_report r;
        int m = agent_act(a, s, &b, &r);
        for (int k = 0; k < n; k++) ok |= legal[k] == m;
        assert_true(ok);
        assert_int_equal(vg_play(g, s, vg_turn(s), m, &err), VG_OK);
    }
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_and_repeatable),
        cmocka_unit_test(test_legal_move_with_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
