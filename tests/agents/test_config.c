/* SPDX-License-Identifier: MIT
 *
 * test_config.c -- agent parameters: the registry's table, --set style
 * settings, and INI files read with inih (errors name file:line).
 *
 * The test of registry.c and inifile.c (with the regression inputs of
 * tests/fuzz/fuzz_ini.c): they have no test file of their own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent.h"
#include "support.h"

static char path[64];

static const char *write_ini(const char *text) {
    snprintf(path, sizeof path, "/tmp/vgdl_test_cfg_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_every_agent_registered(void **state) {
    (void)state;
    const char *names[] = {"random", "onestep", "bfs", "dfs", "ldfs", "astar", "mcts", "rhea"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const agent_def *d = agent_find(names[k]);
        assert_non_null(d);
        assert_string_equal(d->name, names[k]);
        for (int p = 0; p < d->nparams; p++) assert_non_null(d->params[p].help);
    }
    assert_null(agent_find("nosuch"));
}

static void test_settings(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    char why[256];
    const char *ok[] = {"c=2.5", "rollout_depth=3"};
    agent *a = agent_new("mcts", g, ok, 2, 1, why, sizeof why);
    assert_non_null(a);
    assert_true(agent_param_value(a, "c") == 2.5);
    assert_true(agent_param_value(a, "rollout_depth") == 3);
    assert_true(agent_param_value(a, "heuristic_weight") == 1); /* the default */
    agent_free(a);
    const char *bad[] = {"nosuch=1"};
    assert_null(agent_new("mcts", g, bad, 1, 1, why, sizeof why));
    assert_non_null(strstr(why, "nosuch"));
    const char *nan[] = {"c=abc"};
    assert_null(agent_new("mcts", g, nan, 1, 1, why, sizeof why));
    vg_game_free(g);
}

static void test_ini(void **state) {
    (void)state;
    char *set[8], why[512];
    const char *p = write_ini("; agents\n[mcts]\nc = 1.5\nrollout_depth = 7\n\n[rhea]\nlength = 4\n");
    int n = agent_config_read(p, "mcts", set, 0, 8, why, sizeof why);
    assert_int_equal(n, 2);
    assert_string_equal(set[0], "c=1.5");
    assert_string_equal(set[1], "rollout_depth=7");
    agent_config_free(set, n);
    n = agent_config_read(p, "rhea", set, 0, 8, why, sizeof why);
    assert_int_equal(n, 1);
    assert_string_equal(set[0], "length=4");
    agent_config_free(set, n);
    assert_int_equal(agent_config_read(p, "astar", set, 0, 8, why, sizeof why), 0); /* no section: defaults */
    unlink(p);
}

static void expect_error(const char *text, const char *line, const char *what) {
    char *set[8], why[512], want[128];
    const char *p = write_ini(text);
    assert_int_equal(agent_config_read(p, "mcts", set, 0, 8, why, sizeof why), -1);
    snprintf(want, sizeof want, "%s:%s: ", p, line);
    if (strncmp(why, want, strlen(want)) != 0 || !strstr(why, what)) print_error("got '%s'\n", why);
    assert_int_equal(strncmp(why, want, strlen(want)), 0);
    assert_non_null(strstr(why, what));
    unlink(p);
}

static void test_ini_errors(void **state) {
    (void)state;
    expect_error("[mcts]\nc = 1\nrollout = 3\n", "3", "'rollout'");
    expect_error("[mcts]\nc = 1\n[rhea]\nc = 2\n", "4", "'c'"); /* wrong agent's key */
    expect_error("[nosuch]\nx = 1\n", "1", "[nosuch]");         /* the section header names it */
    expect_error("c = 1\n", "1", "outside");
    expect_error("[mcts]\n\nc = fast\n", "3", "number");
    expect_error("[mcts]\nthis line is not ini\n", "2", "");
    char *set[8], why[256];
    assert_int_equal(agent_config_read("/nonexistent/agents.ini", "mcts", set, 0, 8, why, sizeof why), -1);
    assert_non_null(strstr(why, "/nonexistent/agents.ini"));
}

/* examples/agents.ini lists every parameter of every agent at its default. */
static void test_example_ini(void **state) {
    (void)state;
    int n;
    const agent_def *const *defs = agent_list(&n);
    for (int i = 0; i < n; i++) {
        char *set[32], why[512];
        int got = agent_config_read("examples/agents.ini", defs[i]->name, set, 0, 32, why, sizeof why);
        assert_int_equal(got, defs[i]->nparams);
        for (int k = 0; k < got; k++) {
            const char *eq = strchr(set[k], '=');
            assert_non_null(eq);
            size_t klen = (size_t)(eq - set[k]);
            int p = 0;
            while (p < defs[i]->nparams &&
                   !(strlen(defs[i]->params[p].key) == klen && strncmp(defs[i]->params[p].key, set[k], klen) == 0))
                p++;
            assert_true(p < defs[i]->nparams);
            if (strtod(eq + 1, NULL) != defs[i]->params[p].value)
                fail_msg("[%s] %s: not the default", defs[i]->name, set[k]);
        }
        agent_config_free(set, got);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_agent_registered),
        cmocka_unit_test(test_example_ini),
        cmocka_unit_test(test_settings),
        cmocka_unit_test(test_ini),
        cmocka_unit_test(test_ini_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
