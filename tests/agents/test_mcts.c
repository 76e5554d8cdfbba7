/* SPDX-License-Identifier: MIT
 *
 * test_mcts.c -- the mcts agent in games with turns (agents/mcts.c), under
 * call budgets so that every run is repeatable:
 *
 * 1. Connect Four (scripts/connect4.lua; positions as move lists through
 *    exact_replay): either player takes an immediate win, and blocks the
 *    other's when it has none; the move comes back in the report (and as
 *    no action: Connect Four's moves are not named like actions); it
 *    beats random moves as either player.
 * 2. 2048 (scripts/2048.lua, the spawn a chance agent): it takes the merge
 *    that makes 2048; on a full board where one move loses to 90% of the
 *    spawns and another to 10% it takes the second (a search that let the
 *    spawn choose, as an opponent, would find both lost; one that drew
 *    the outcomes alike would take the first); and a game
 *    played through vg_advance is the same twice with the same seed, and
 *    differs with another.
 * 3. Under a call budget it spends the budget and never goes over it, in
 *    Bait (without turns, with dead states) and in 2048.
 * Bait's play (one player, no turns) is tested with the other searchers
 * in test_agents.c.
 */
#include <stdio.h>
#include <string.h>

#include "agent.h"
#include "exact.h"
#include "support.h"

#define C4    "scripts/connect4.lua"
#define G2048 "scripts/2048.lua"

/* The move mcts names for the agent to move after 'moves' (a Connect Four
 * move list from the empty board), with a call budget; its name. */
static const char *c4_choice(const char *moves, long calls, uint64_t seed, agent_report *r) {
    vg_game *g = load_game(C4, "levels/connect4/lvl0.txt");
    vg_state *s = vg_state_new(g, 0);
    char why[256];
    vg_error err;
    if (exact_replay(g, s, moves, &err) < 0) print_error("%s\n", err.msg);
    agent *a = agent_new("mcts", g, NULL, 0, seed, why, sizeof why);
    assert_non_null(a);
    agent_budget b = {0, calls};
    int move = agent_act(a, s, &b, r);
    assert_int_equal(agent_move_action(g, move), VG_ACTION_NIL); /* "1".."7" name no action */
    static char name[16];                                        /* the game's names go with it */
    snprintf(name, sizeof name, "%s", move >= 0 ? vg_move_name(g, move) : "none");
    agent_free(a);
    vg_state_free(s);
    vg_game_free(g);
    return name;
}

static void expect_c4(const char *moves, const char *want) {
    for (uint64_t seed = 1; seed <= 3; seed++) {
        agent_report r;
        const char *got = c4_choice(moves, 20000, seed, &r);
        if (strcmp(got, want) != 0) print_error("after %s (seed %d): chose %s, want %s\n", moves, (int)seed, got, want);
        assert_string_equal(got, want);
        assert_true(r.calls <= 20000 + 50);
    }
}

/* X (agent 0) has three in column 1, O three in column 2; X to move wins
 * at 1; with an X disc in 7 first, O to move wins at 2. */
static void test_c4_takes_the_win(void **state) {
    (void)state;
    expect_c4("121212", "1");
    expect_c4("1212127", "2");
}

/* O has three in column 4 and X no win: X must play 4; and the other way
 * round for O. */
static void test_c4_blocks_the_loss(void **state) {
    (void)state;
    expect_c4("142474", "4");
    expect_c4("41414", "4");
}

/* Whole games against itself end, every move legal, and the same seeds
 * give the same game. */
static void c4_selfplay(uint64_t seed, char *out, size_t size) {
    vg_game *g = load_game(C4, "levels/connect4/lvl0.txt");
    vg_state *s = vg_state_new(g, 0);
    char why[256];
    agent *a[2] = {agent_new("mcts", g, NULL, 0, seed, why, sizeof why),
                   agent_new("mcts", g, NULL, 0, seed + 1, why, sizeof why)};
    assert_true(a[0] && a[1]);
    agent_budget b = {0, 3000};
    size_t len = 0;
    while (!vg_is_over(s)) {
        int who = vg_turn(s), moves[VG_MAX_MOVES], n = vg_legal(g, s, who, moves, NULL), legal = 0;
        agent_report r;
        int move = agent_act(a[who], s, &b, &r);
        for (int k = 0; k < n; k++) legal |= moves[k] == move;
        assert_true(legal);
        assert_int_equal(vg_play(g, s, who, move, NULL), VG_OK);
        assert_true(len + 2 < size);
        out[len++] = vg_move_name(g, move)[0];
    }
    out[len] = '\0';
    agent_free(a[0]);
    agent_free(a[1]);
    vg_state_free(s);
    vg_game_free(g);
}

/* Against uniformly random moves it wins as either player (values are
 * for the side that moved: agent 1 must not play for agent 0). */
static void test_c4_beats_random(void **state) {
    (void)state;
    vg_game *g = load_game(C4, "levels/connect4/lvl0.txt");
    vg_state *s = vg_state_new(g, 0);
    char why[256];
    uint64_t rng = 99;
    for (int game = 0; game < 4; game++) {
        int side = game % 2;
        agent *a = agent_new("mcts", g, NULL, 0, (uint64_t)game, why, sizeof why);
        assert_non_null(a);
        agent_budget b = {0, 2000};
        vg_state_reset(g, s, 0);
        while (!vg_is_over(s)) {
            int who = vg_turn(s), moves[VG_MAX_MOVES], n = vg_legal(g, s, who, moves, NULL), move;
            if (who == side) {
                agent_report r;
                move = agent_act(a, s, &b, &r);
            } else {
                rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                move = moves[(rng >> 33) % (uint64_t)n];
            }
            assert_int_equal(vg_play(g, s, who, move, NULL), VG_OK);
        }
        vg_winner w = vg_winner_of(s);
        if (w != (side == 0 ? VG_PLAYER_WINS : VG_PLAYER_LOSES))
            print_error("game %d: mcts as agent %d did not win\n", game, side);
        assert_int_equal(w, side == 0 ? VG_PLAYER_WINS : VG_PLAYER_LOSES);
        agent_free(a);
    }
    vg_state_free(s);
    vg_game_free(g);
}

static void test_c4_selfplay_repeatable(void **state) {
    (void)state;
    char x[64], y[64];
    c4_selfplay(5, x, sizeof x);
    c4_selfplay(5, y, sizeof y);
    assert_string_equal(x, y);
    assert_true(strlen(x) >= 7);
}

/* ---- 2048 ------------------------------------------------------------- */

static const char *g2048_choice(const char *map, const char *setting, long calls, uint64_t seed) {
    vg_game *g = load_game_text(G2048, map);
    vg_state *s = vg_state_new(g, 0);
    char why[256];
    agent *a = agent_new("mcts", g, &setting, setting ? 1 : 0, seed, why, sizeof why);
    assert_non_null(a);
    agent_budget b = {0, calls};
    agent_report r;
    int move = agent_act(a, s, &b, &r);
    vg_action act = agent_move_action(g, move);
    assert_true(move >= 0);
    static char name[16];
    strncpy(name, vg_move_name(g, move), sizeof name - 1);
    vg_action named;
    assert_true(vg_action_parse(name, &named));
    assert_int_equal(act, named); /* the player's moves are named like actions */
    agent_free(a);
    vg_state_free(s);
    vg_game_free(g);
    return name;
}

/* Two 1024 tiles in column a: UP or DOWN makes 2048 and wins; RIGHT is
 * legal too and does not. */
static void test_2048_takes_the_win(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        const char *m = g2048_choice("a...\na...\n....\n....\n", NULL, 2000, seed);
        if (strcmp(m, "UP") != 0 && strcmp(m, "DOWN") != 0) print_error("seed %d: chose %s\n", (int)seed, m);
        assert_true(strcmp(m, "UP") == 0 || strcmp(m, "DOWN") == 0);
    }
}

/* Each move leaves one empty cell: after LEFT any spawn ends the game,
 * after UP a spawned 2 does (probability 0.9), after DOWN a spawned 4
 * (0.1). The board UP leaves when it survives is the better one by
 * evaluate(), so outcomes drawn alike (not by probability) choose UP;
 * expectimax (eval=1) chooses DOWN at depths 1, 2 and 3. With the
 * default rollouts, and with none (rollout_depth=0: the spawn's weighting
 * alone decides). */
static void test_2048_weighs_the_spawn(void **state) {
    (void)state;
    const char *settings[] = {NULL, "rollout_depth=0"};
    for (int k = 0; k < 2; k++)
        for (uint64_t seed = 1; seed <= 8; seed++) {
            const char *m = g2048_choice("7153\n4547\n.626\n2473\n", settings[k], k ? 300 : 3000, seed);
            if (strcmp(m, "DOWN") != 0)
                print_error("%s, seed %d: chose %s\n", settings[k] ? settings[k] : "default", (int)seed, m);
            assert_string_equal(m, "DOWN");
        }
}

/* 'ticks' decisions from the empty board, played with vg_advance (the
 * spawn drawn from the state's generator, as vgdl run plays). */
static void g2048_game(uint64_t seed, int ticks, vg_action *out) {
    vg_game *g = load_game(G2048, "levels/2048/lvl0.txt");
    vg_state *s = vg_state_new(g, 3);
    char why[256];
    agent *a = agent_new("mcts", g, NULL, 0, seed, why, sizeof why);
    assert_non_null(a);
    agent_budget b = {0, 1500};
    for (int t = 0; t < ticks; t++) {
        agent_report r;
        out[t] = vg_is_over(s) ? VG_ACTION_NIL : agent_act(a, s, &b, &r);
        if (!vg_is_over(s)) assert_int_equal(vg_advance(g, s, out[t], NULL), VG_OK);
    }
    agent_free(a);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_2048_repeatable(void **state) {
    (void)state;
    vg_action x[30], y[30], z[30];
    g2048_game(11, 30, x);
    g2048_game(11, 30, y);
    g2048_game(12, 30, z);
    assert_memory_equal(x, y, sizeof x);
    assert_true(memcmp(x, z, sizeof x) != 0);
}

/* ---- 3. The call budget ------------------------------------------------ */

/* Over 'ticks' decisions of a game played in rounds ('script' on 'level'),
 * mcts under a call budget of 'calls' never goes over it and spends at
 * least 95% of it (a rollout or a descent stops where the budget ends). */
static void expect_budget_spent(const char *script, const char *level, int ticks, long calls) {
    vg_game *g = load_game(script, level);
    vg_state *s = vg_state_new(g, 1);
    char why[256];
    agent *a = agent_new("mcts", g, NULL, 0, 7, why, sizeof why);
    assert_non_null(a);
    agent_budget b = {0, calls};
    for (int t = 0; t < ticks && !vg_is_over(s); t++) {
        agent_report r;
        vg_action act = agent_move_action(g, agent_act(a, s, &b, &r));
        if (r.calls > calls || r.calls < calls * 95 / 100)
            print_error("%s tick %d: %ld calls of %ld\n", level, t, r.calls, calls);
        assert_true(r.calls <= calls && r.calls >= calls * 95 / 100);
        assert_false(r.overspent);
        assert_int_equal(vg_advance(g, s, act, NULL), VG_OK);
    }
    agent_free(a);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_call_budget_never_overspent(void **state) {
    (void)state;
    expect_budget_spent("scripts/bait.lua", "levels/bait/lvl3.txt", 20, 1000); /* dead states, no turns */
    expect_budget_spent("scripts/bait.lua", "levels/bait/lvl4.txt", 20, 333);
    expect_budget_spent(G2048, "levels/2048/lvl0.txt", 20, 1000); /* turns, a chance agent */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_c4_takes_the_win),   cmocka_unit_test(test_c4_blocks_the_loss),
        cmocka_unit_test(test_c4_beats_random),    cmocka_unit_test(test_c4_selfplay_repeatable),
        cmocka_unit_test(test_2048_takes_the_win), cmocka_unit_test(test_2048_weighs_the_spawn),
        cmocka_unit_test(test_2048_repeatable),    cmocka_unit_test(test_call_budget_never_overspent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
