/* SPDX-License-Identifier: MIT
 *
 * test_fm.c -- the forward model as agents see it (agents/fm.c, agent.h):
 *
 * 1. fm_play and fm_copy count calls; fm_room says whether more fit in
 *    the call budget; the first error is kept, a later one does not
 *    replace it, and fm_spent is then 1 (fm_room 0).
 * 2. A heuristic(state) or evaluate(state) that raises an error, returns
 *    a non-number, loops or writes through its read-only handle reaches
 *    every agent's report, naming the script and the line (issue 19.7).
 * 3. The solve agent refuses a game too long to search (1,500 rounds) as
 *    too deep instead of overflowing its stack (issue 19.6).
 * 4. 'vgdl run' and 'vgdl decide' exit 2 with FILE:LINE for such hooks.
 * 5. A decision's calls share one window of script work (opened by the
 *    first call that runs the script, closed by agent_act); the moves
 *    fm_action_move and agent_action give by table are those named like
 *    the actions (agent_action_move, agent_move_action), with and without
 *    turns.
 */
#include <string.h>

#include "agent.h"
#include "support.h"
#include "tools/run_vgdl.h"

#define HOOKS       "tests/fixtures/agents/hooks.lua"
#define HOOKS_TURNS "tests/fixtures/agents/hooks_turns.lua"
#define HOOKS_MAP   "wwwwwww\nwA...gw\nwwwwwww\n"

/* ---- 1. Counting and the first error ---------------------------------- */

static void test_counts_and_first_error(void **state) {
    (void)state;
    vg_game *g = load_game(HOOKS, "tests/fixtures/agents/hooks.txt");
    vg_state *s = vg_state_new(g, 0), *c = vg_state_new(g, 0);
    fm f = {.g = g, .max_calls = 3};
    fm_copy(&f, c, s);
    assert_int_equal(fm_play(&f, c, VG_ACTION_RIGHT), VG_OK);
    assert_int_equal(f.calls, 2);
    assert_false(fm_spent(&f));
    assert_true(fm_room(&f, 1)); /* one call of the three left */
    assert_false(fm_room(&f, 2));
    int moves[VG_MAX_MOVES];
    assert_int_equal(fm_legal(&f, s, moves), 4); /* the actions, NIL excluded */
    assert_int_equal(fm_action_move(&f, VG_ACTION_LEFT), VG_ACTION_LEFT);
    fm_failf(&f, VG_ERR_LIMIT, "first %d", 1);
    fm_failf(&f, VG_ERR_NOMEM, "second");
    assert_int_equal(f.status, VG_ERR_LIMIT);
    assert_string_equal(f.error.msg, "first 1");
    assert_true(fm_spent(&f));
    assert_false(fm_room(&f, 1)); /* no room after an error */
    vg_state_free(c);
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- 2. Broken hooks reach the report --------------------------------- */

/* heuristic(state) or evaluate(state) (NAME below), broken four ways, each
 * one line appended to a fixture: the line an error must name. */
static const char *const broken[] = {
    "function NAME(s) error('broken hook') end\n",
    "function NAME(s) return 'high' end\n",
    "function NAME(s) while true do end end\n",
    "function NAME(s) s:add_score(1) return 0 end\n",
};
#define NBROKEN ((int)(sizeof broken / sizeof broken[0]))

/* The fixture 'base' with hook 'k' of 'name' appended, in 'out'; returns
 * the 1-based line of the hook. */
static int with_hook(const char *base, const char *name, int k, char *out, size_t size) {
    FILE *f = fopen(repo_path(base), "r");
    assert_non_null(f);
    size_t n = fread(out, 1, size - 1, f);
    fclose(f);
    out[n] = '\0';
    int line = 1;
    for (const char *p = out; *p; p++) line += *p == '\n';
    const char *at = strstr(broken[k], "NAME");
    snprintf(out + n, size - n, "%.*s%s%s", (int)(at - broken[k]), broken[k], name, at + 4);
    return line;
}

/* Agent 'agent' (with 'set') decides once in the game 'lua' on 'map';
 * its report must carry a script error at 'line'. */
static void expect_reported(const char *lua, const char *map, const char *name, const char *set, int line) {
    vg_game *g = NULL;
    vg_error err = {0};
    assert_int_equal(load_lua_text(lua, map, &g, &err), VG_OK);
    char why[256];
    agent *a = agent_new(name, g, set ? &set : NULL, set ? 1 : 0, 1, why, sizeof why);
    assert_non_null(a);
    vg_state *s = vg_state_new(g, 0);
    agent_budget b = {0, 2000};
    agent_report r;
    agent_act(a, s, &b, &r);
    if (r.status != VG_ERR_SCRIPT || r.error.line != line)
        print_error("%s: status %s, line %d (want %d): %s\n", name, vg_status_name(r.status), r.error.line, line,
                    r.error.msg);
    assert_int_equal(r.status, VG_ERR_SCRIPT);
    assert_int_equal(r.error.line, line);
    assert_true(r.error.file[0] != '\0');
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
}

static void test_broken_heuristic_reported(void **state) {
    (void)state;
    static const char *const agents[] = {"onestep", "ldfs", "rhea", "mcts", "bfs", "astar"};
    char lua[8192];
    for (int k = 0; k < NBROKEN; k++) {
        int line = with_hook(HOOKS, "heuristic", k, lua, sizeof lua);
        for (size_t j = 0; j < sizeof agents / sizeof agents[0]; j++)
            expect_reported(lua, HOOKS_MAP, agents[j], NULL, line);
    }
}

static void test_broken_evaluate_reported(void **state) {
    (void)state;
    static const char *const agents[] = {"minimax", "alphabeta", "expectimax", "mtdf", "mcts"};
    char lua[8192];
    for (int k = 0; k < NBROKEN; k++) {
        int line = with_hook(HOOKS_TURNS, "evaluate", k, lua, sizeof lua);
        for (size_t j = 0; j < sizeof agents / sizeof agents[0]; j++)
            expect_reported(lua, ".", agents[j], j < 3 ? "eval=1" : NULL, line);
    }
}

/* ---- 3. Too deep for the exact solver --------------------------------- */

static void test_solve_too_deep(void **state) {
    (void)state;
    vg_game *g = load_game("tests/fixtures/agents/solve_deep.lua", "tests/fixtures/agents/one.txt");
    char why[256];
    agent *a = agent_new("solve", g, NULL, 0, 1, why, sizeof why);
    assert_non_null(a);
    vg_state *s = vg_state_new(g, 0);
    agent_budget b = {0};
    agent_report r;
    assert_int_equal(agent_act(a, s, &b, &r), -1);
    assert_int_equal(r.status, VG_ERR_LIMIT);
    assert_non_null(strstr(r.error.msg, "too deep"));
    vg_state_free(s);
    agent_free(a);
    vg_game_free(g);
}

/* ---- 4. The command line ---------------------------------------------- */

static void test_cli_exits_2_with_the_line(void **state) {
    (void)state;
    char lua[8192], path[512], want[600];
    int line = with_hook(HOOKS, "heuristic", 0, lua, sizeof lua);
    snprintf(path, sizeof path, "%s/broken.lua", tmp);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(lua, f);
    fclose(f);
    snprintf(want, sizeof want, "%s:%d:", path, line);
    const char *map = repo_path("tests/fixtures/agents/hooks.txt");
    assert_int_equal(sh("%s run %s --level %s --agent onestep --budget-calls 100", vgdl, path, map), 2);
    expect_in(err(), want);
    assert_int_equal(sh("%s decide %s --level %s --agent mcts --budget-calls 100", vgdl, path, map), 2);
    expect_in(err(), want);
    assert_int_equal(sh("%s decide %s --level %s --agent solve", vgdl,
                        repo_path("tests/fixtures/agents/solve_deep.lua"), repo_path("tests/fixtures/agents/one.txt")),
                     2);
    expect_in(err(), "too deep");
}

/* ---- 5. The script window and the move tables -------------------------- */

/* costly_termination.lua spends about 2 M instructions a tick; a call
 * budget of 2 gives the decision a window of 2 M in all: minimax, which
 * searches to its depth whatever the budget, fails "for this decision"
 * by its third look-ahead at the latest. After agent_act the
 * window is closed (the game plays on, 4 ticks, 8 M), as it is after a
 * random agent's decision, which runs no script and opens none. */
static void test_decision_script_window(void **state) {
    (void)state;
    vg_game *g = load_game("tests/fixtures/scripts/costly_termination.lua", "tests/fixtures/maps/tiny.txt");
    vg_state *s = vg_state_new(g, 0);
    char why[256];
    agent_budget b = {0, 2};
    agent_report r;
    static const char *const names[] = {"minimax", "random"};
    for (int k = 0; k < 2; k++) {
        agent *a = agent_new(names[k], g, NULL, 0, 1, why, sizeof why);
        assert_non_null(a);
        agent_act(a, s, &b, &r);
        assert_int_equal(r.status, k == 0 ? VG_ERR_SCRIPT : VG_OK);
        if (k == 0) assert_non_null(strstr(r.error.msg, "for this decision"));
        vg_state *c = vg_state_new(g, 0);
        vg_error err = {0};
        for (int t = 0; t < 4; t++) assert_int_equal(vg_advance(g, c, VG_ACTION_NIL, &err), VG_OK);
        vg_state_free(c);
        agent_free(a);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* Agent 'name' on 'script' and 'map': its tables against the look-ups;
 * returns how many moves name an action. */
static int check_tables(const char *script, const char *map) {
    vg_game *g = load_game(script, map);
    char why[256];
    agent *a = agent_new("random", g, NULL, 0, 1, why, sizeof why);
    assert_non_null(a);
    int named = 0;
    for (int m = -2; m < VG_MAX_MOVES + 2; m++) {
        assert_int_equal(agent_action(a, m), agent_move_action(g, m));
        named += agent_move_action(g, m) != VG_ACTION_NIL;
    }
    fm f = {.g = g};
    int by_name[VG_NUM_ACTIONS];
    for (int k = 0; k < VG_NUM_ACTIONS; k++) by_name[k] = fm_action_move(&f, (vg_action)k); /* no table: looked up */
    for (int k = 0; k < VG_NUM_ACTIONS; k++) assert_int_equal(by_name[k], agent_action_move(g, (vg_action)k));
    agent_free(a);
    vg_game_free(g);
    return named;
}

static void test_move_tables(void **state) {
    (void)state;
    assert_int_equal(check_tables("scripts/bait.lua", "levels/bait/lvl0.txt"), VG_NUM_ACTIONS - 1); /* NIL names none */
    assert_int_equal(check_tables("scripts/connect4.lua", "levels/connect4/lvl0.txt"), 0);          /* "1".."7" */
    assert_int_equal(check_tables("scripts/2048.lua", "levels/2048/lvl0.txt"), 4);                  /* UP ... RIGHT */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_and_first_error),
        cmocka_unit_test(test_broken_heuristic_reported),
        cmocka_unit_test(test_broken_evaluate_reported),
        cmocka_unit_test(test_solve_too_deep),
        cmocka_unit_test(test_cli_exits_2_with_the_line),
        cmocka_unit_test(test_decision_script_window),
        cmocka_unit_test(test_move_tables),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
