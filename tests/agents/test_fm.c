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
 */
#include <string.h>

#include "agent.h"
#include "support.h"
#include "tools/run_vgdl.h"

#define HOOKS "tests/fixtures/agents/hooks.lua"
#define HOOKS_TURNS "tests/fixtures/agents/hooks_turns.lua"
#define HOOKS_MAP "wwwwwww\nwA...gw\nwwwwwww\n"

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
    assert_true(fm_room(&f, 1));                            /* one call of the three left */
    assert_false(fm_room(&f, 2));
    int moves[VG_MAX_MOVES];
    assert_int_equal(fm_legal(&f, s, moves), 4);            /* the actions, NIL excluded */
    assert_int_equal(fm_action_move(&f, VG_ACTION_LEFT), VG_ACTION_LEFT);
    fm_failf(&f, VG_ERR_LIMIT, "first %d", 1);
    fm_failf(&f, VG_ERR_NOMEM, "second");
    assert_int_equal(f.status, VG_ERR_LIMIT);
    assert_string_equal(f.error.msg, "first 1");
    assert_true(fm_spent(&f));
    assert_false(fm_room(&f, 1));                           /* no room after an error */
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
        for (size_t j = 0; j < sizeof agents / sizeof agents[0]; j++) expect_reported(lua, HOOKS_MAP, agents[j], NULL, line);
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
    assert_int_equal(sh("%s decide %s --level %s --agent solve", vgdl, repo_path("tests/fixtures/agents/solve_deep.lua"),
                        repo_path("tests/fixtures/agents/one.txt")), 2);
    expect_in(err(), "too deep");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_and_first_error),
        cmocka_unit_test(test_broken_heuristic_reported),
        cmocka_unit_test(test_broken_evaluate_reported),
        cmocka_unit_test(test_solve_too_deep),
        cmocka_unit_test(test_cli_exits_2_with_the_line),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
