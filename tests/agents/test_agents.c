/* SPDX-License-Identifier: MIT
 *
 * test_agents.c -- every search agent on tiny Bait maps where the right
 * first move is known, under call budgets (so the runs are repeatable).
 *
 * The test of astar.c, bfs.c, dfs.c, ldfs.c, onestep.c and rhea.c (and of
 * planner.c, which bfs and astar run on): they have no test file of their own.
 */
#include <string.h>

#include "agent.h"
#include "support.h"

#define SCRIPT "scripts/bait.lua"

/* The first action agent 'name' chooses on 'map' with a call budget. */
static vg_action first_move(const char *name, const char *map, long calls, agent_report *r) {
    vg_game *g = load_game(SCRIPT, map);
    char why[256];
    agent *a = agent_new(name, g, NULL, 0, 42, why, sizeof why);
    if (!a) print_error("%s\n", why);
    assert_non_null(a);
    vg_state *s = vg_state_new(g, 0);
    agent_budget b = {0, calls};
    vg_action act = agent_act(a, s, &b, r);
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
    return act;
}

static const char *const searchers[] = {"bfs", "dfs", "ldfs", "astar", "mcts", "rhea"};
#define NSEARCH ((int)(sizeof searchers / sizeof searchers[0]))

/* wAkgw: the key is right of the avatar, the door right of the key. */
static void test_corridor_goes_right(void **state) {
    (void)state;
    for (int k = 0; k < NSEARCH; k++) {
        agent_report r;
        vg_action a = first_move(searchers[k], "tests/fixtures/agents/corridor.txt", 5000, &r);
        if (a != VG_ACTION_RIGHT) print_error("%s chose %s\n", searchers[k], vg_action_name(a));
        assert_int_equal(a, VG_ACTION_RIGHT);
    }
    agent_report r;
    assert_int_equal(first_move("onestep", "tests/fixtures/agents/corridor.txt", 100, &r), VG_ACTION_RIGHT);
}

/* wA0.kgw over w.....w: right is a hole; the way round starts down. */
static void test_detour_avoids_the_hole(void **state) {
    (void)state;
    for (int k = 0; k < NSEARCH; k++) {
        agent_report r;
        vg_action a = first_move(searchers[k], "tests/fixtures/agents/detour.txt", 20000, &r);
        if (a != VG_ACTION_DOWN) print_error("%s chose %s\n", searchers[k], vg_action_name(a));
        assert_int_equal(a, VG_ACTION_DOWN);
    }
}

/* wA10kgw: the box must go into the hole before the avatar can pass. */
static void test_fill_pushes_the_box(void **state) {
    (void)state;
    for (int k = 0; k < NSEARCH; k++) {
        agent_report r;
        vg_action a = first_move(searchers[k], "tests/fixtures/agents/fill.txt", 5000, &r);
        if (a != VG_ACTION_RIGHT) print_error("%s chose %s\n", searchers[k], vg_action_name(a));
        assert_int_equal(a, VG_ACTION_RIGHT);
    }
}

/* Plays 'ticks' decisions; writes the actions. */
static void play(const char *name, const char *map, long calls, uint64_t seed, int ticks, vg_action *out) {
    vg_game *g = load_game(SCRIPT, map);
    char why[256];
    agent *a = agent_new(name, g, NULL, 0, seed, why, sizeof why);
    assert_non_null(a);
    vg_state *s = vg_state_new(g, 0);
    agent_budget b = {0, calls};
    for (int t = 0; t < ticks; t++) {
        out[t] = VG_ACTION_NIL;
        if (vg_is_over(s)) continue;
        agent_report r;
        out[t] = agent_act(a, s, &b, &r);
        assert_int_equal(vg_advance(g, s, out[t], NULL), VG_OK);
    }
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
}

/* Same seed and call budget: the same game, for every agent. */
static void test_deterministic_under_call_budget(void **state) {
    (void)state;
    int n;
    const agent_def *const *all = agent_list(&n);
    for (int k = 0; k < n; k++) {
        vg_action a[12], b[12];
        play(all[k]->name, "levels/bait/lvl1.txt", 2000, 7, 12, a);
        play(all[k]->name, "levels/bait/lvl1.txt", 2000, 7, 12, b);
        if (memcmp(a, b, sizeof a) != 0) print_error("%s is not repeatable\n", all[k]->name);
        assert_memory_equal(a, b, sizeof a);
    }
}

/* Every agent keeps a call budget (those that search to a fixed depth or
 * to the end by default, told 'anytime'): no decision makes more calls
 * than it allows, on Bait and on a GVGAI game with many actions and
 * sprites, with budgets smaller and larger than one play-out. */
static void test_call_budget_never_overspent(void **state) {
    (void)state;
    static const char *const maps[][2] = {{SCRIPT, "levels/bait/lvl2.txt"},
                                          {"gvgai/aliens.txt", "gvgai/aliens_lvl0.txt"}};
    static const long budgets[] = {7, 200};
    int n;
    const agent_def *const *all = agent_list(&n);
    for (int k = 0; k < n; k++) {
        const char *anytime[] = {"anytime=1"};
        int nset = 0;
        for (int p = 0; p < all[k]->nparams; p++) nset |= strcmp(all[k]->params[p].key, "anytime") == 0;
        for (int m = 0; m < 2; m++)
            for (int b = 0; b < 2; b++) {
                vg_game *g = load_game(maps[m][0], maps[m][1]);
                char why[256];
                agent *a = agent_new(all[k]->name, g, anytime, nset, 5, why, sizeof why);
                assert_non_null(a);
                vg_state *s = vg_state_new(g, 0);
                agent_budget budget = {0, budgets[b]};
                for (int t = 0; t < 8 && !vg_is_over(s); t++) {
                    agent_report r;
                    vg_action act = agent_act(a, s, &budget, &r);
                    if (r.calls > budgets[b] || r.overspent)
                        print_error("%s on %s: %ld calls of %ld\n", all[k]->name, maps[m][1], r.calls, budgets[b]);
                    assert_true(r.calls <= budgets[b]);
                    assert_false(r.overspent);
                    assert_int_equal(vg_advance(g, s, act, NULL), VG_OK);
                }
                vg_state_free(s);
                agent_free(a);
                vg_game_free(g);
            }
    }
}

/* bfs and astar (planner.c) under a call budget never go over it, and a
 * decision that searches stops at most one expansion short of it (one
 * copy, then per child a copy, an advance and a copy). */
static void test_planners_spend_the_call_budget(void **state) {
    (void)state;
    const char *names[] = {"bfs", "astar"};
    const long calls = 1000;
    for (int k = 0; k < 2; k++) {
        vg_game *g = load_game(SCRIPT, "levels/bait/lvl3.txt");
        char why[256];
        agent *a = agent_new(names[k], g, NULL, 0, 1, why, sizeof why);
        assert_non_null(a);
        vg_state *s = vg_state_new(g, 0);
        agent_budget b = {0, calls};
        for (int t = 0; t < 20 && !vg_is_over(s); t++) {
            agent_report r;
            vg_action act = agent_act(a, s, &b, &r);
            if (r.calls > calls || r.calls < calls - 1 - 3 * VG_MAX_ACTIONS)
                print_error("%s tick %d: %ld calls of %ld\n", names[k], t, r.calls, calls);
            assert_true(r.calls <= calls && r.calls >= calls - 1 - 3 * VG_MAX_ACTIONS);
            assert_false(r.overspent);
            assert_int_equal(vg_advance(g, s, act, NULL), VG_OK);
        }
        vg_state_free(s);
        agent_free(a);
        vg_game_free(g);
    }
}

/* A time budget stops the agent, and the report says what it cost. */
static void test_time_budget(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl3.txt");
    char why[256];
    agent *a = agent_new("mcts", g, NULL, 0, 1, why, sizeof why);
    vg_state *s = vg_state_new(g, 0);
    agent_budget b = {10, 0};
    agent_report r;
    agent_act(a, s, &b, &r);
    assert_true(r.ms > 5 && r.ms < 200);
    assert_true(r.calls > 0 && r.expanded > 0 && r.has_value);
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
}

/* bfs and astar play their plan to a win on Bait level 0 in 9 moves. */
static void test_planners_win_level0(void **state) {
    (void)state;
    const char *names[] = {"bfs", "astar", "dfs"};
    for (int k = 0; k < 3; k++) {
        vg_game *g = load_game(SCRIPT, "levels/bait/lvl0.txt");
        char why[256];
        agent *a = agent_new(names[k], g, NULL, 0, 1, why, sizeof why);
        vg_state *s = vg_state_new(g, 0);
        agent_budget b = {0, 200000};
        for (int t = 0; t < 100 && !vg_is_over(s); t++) {
            agent_report r;
            vg_advance(g, s, agent_act(a, s, &b, &r), NULL);
        }
        assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
        if (k < 2) assert_int_equal(vg_tick(s), 9);
        vg_state_free(s);
        agent_free(a);
        vg_game_free(g);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corridor_goes_right),
        cmocka_unit_test(test_detour_avoids_the_hole),
        cmocka_unit_test(test_fill_pushes_the_box),
        cmocka_unit_test(test_deterministic_under_call_budget),
        cmocka_unit_test(test_call_budget_never_overspent),
        cmocka_unit_test(test_planners_spend_the_call_budget),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_planners_win_level0),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
