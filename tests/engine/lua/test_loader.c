/* SPDX-License-Identifier: MIT
 *
 * test_loader.c -- game scripts: every way a script can be wrong must be a
 * VG_ERR_SCRIPT naming the script and the offending line, found quickly
 * (endless loops, runaway recursion and memory, pathological patterns),
 * and the sandbox must hold. (Custom rules during play: test_bind.c.)
 *
 * Each bad script is a fixture under tests/fixtures/scripts/ whose broken
 * line ends in the comment "-- ERROR": the line the error must name. Most
 * are that one line alone (tests/fixtures/scripts/lines/), which the tests
 * append to minimal.lua (see fixture_script in tests/support.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support.h"

#define SCRIPTS      "tests/fixtures/scripts/"
#define TINY_MAP     "tests/fixtures/maps/tiny.txt"
#define MUSHROOM_MAP "tests/fixtures/maps/mushroom_row.txt"

/* ---- Scripts that must not load --------------------------------------- */

typedef struct bad_script {
    const char *fixture;   /* file under tests/fixtures/scripts/ */
    const char *kw1, *kw2; /* the message contains both (kw2 may be NULL) */
    double max_seconds;    /* the load must fail within this long: 12 for the slow ones, the
                              * engine's 10 s load deadline plus slack for a loaded machine */
} bad_script;

static void test_bad_script(void **state) {
    const bad_script *b = *state;
    const char *path = fixture_script(b->fixture);
    double t0 = now_seconds();
    vg_error err = load_fail(path, TINY_MAP, VG_ERR_SCRIPT);
    double took = now_seconds() - t0, most = b->max_seconds * (ASAN ? ASAN_CLOCK_SLOWDOWN : 1);
    expect_error_at(&err, b->fixture, b->kw1, b->kw2);
    if (took > most) print_error("%s: failing took %.2f s (limit %.2f s)\n", b->fixture, took, most);
    assert_true(took <= most);
}

static const bad_script bad_scripts[] = {
    {"syntax_error.lua", "expected", NULL, 2},
    {"unknown_effect.lua", "stepBak", "did you mean 'stepBack'", 2},
    {"unknown_sprite_type.lua", "unknown sprite type 'wal'", "did you mean 'wall'", 2},
    {"unknown_sprite_class.lua", "unknown sprite class 'Pasive'", "did you mean 'Passive'", 2},
    {"unknown_parameter.lua", "'colour'", "did you mean 'color'", 2},
    {"wrong_param_type.lua", "'scoreChange'", "number", 2},
    {"effect_not_a_name.lua", "third entry must be an effect name or a function", NULL, 2},
    {"termination_not_a_name.lua", "first entry must be a termination name or a function", NULL, 2},
    {"transform_without_stype.lua", "transformTo", "stype", 2},
    {"runtime_error.lua", "the script gave up", NULL, 2},
    {"endless_loop.lua", "too long", NULL, 12},
    {"deep_recursion.lua", "stack overflow|memory", NULL, 12},
    {"memory_table.lua", "memory", NULL, 12},
    {"memory_string.lua", "memory", NULL, 12},
    {"slow_pattern.lua", "pattern", NULL, 2},
    {"slow_pattern_method.lua", "pattern", NULL, 2},
    {"sandbox_io.lua", "'io'", NULL, 2},
    {"sandbox_os.lua", "'os'", NULL, 2},
    {"sandbox_require.lua", "'require'", NULL, 2},
    {"sandbox_dofile.lua", "'dofile'", NULL, 2},
    {"sandbox_loadfile.lua", "'loadfile'", NULL, 2},
    {"sandbox_load.lua", "'load'", NULL, 2},
    {"sandbox_debug.lua", "'debug'", NULL, 2},
    {"sandbox_string_dump.lua", "'dump'", NULL, 2},
    {"sandbox_collectgarbage.lua", "'collectgarbage'", NULL, 2},
    {"sandbox_math_random.lua", "'random'", NULL, 2},
    {"pcall_budget.lua", "too long", NULL, 12},
    {"xpcall_budget.lua", "too long", NULL, 12},
    {"pcall_memory.lua", "memory", NULL, 12},
    {"gc_finalizer.lua", "__gc", NULL, 2},
    {"xpcall_handler_loop.lua", "too long", NULL, 12},
    {"rep_long.lua", "longer than", NULL, 2},
    {"table_move_huge.lua", "table.move", NULL, 2},
    {"concat_quadratic.lua", "too long", NULL, 12},
    {"pattern_backref.lua", "pattern", NULL, 2},
    {"pattern_long.lua", "pattern", NULL, 2},
    {"error_nil.lua", "nil value", NULL, 2},
    {"error_table.lua", "table value", NULL, 2},
    {"interaction_many_types.lua", "more sprite types", NULL, 2},
    {"turns_many_agents.lua", "'agents'", "64", 2},
    {"global_index_error.lua", "no global heuristic", NULL, 2}, /* the loader reads globals in a protected call */
};
#define NUM_BAD ((int)(sizeof bad_scripts / sizeof bad_scripts[0]))

/* The place of an error is in err.file and err.line; the message says only
 * what is wrong ("one line"), so it must not repeat the place, as in
 * "x.lua:10: x.lua:10: unknown effect ..." printed by `vgdl`. */
static void test_message_has_no_location(void **state) {
    (void)state;
    int bad = 0;
    for (int k = 0; k < NUM_BAD; k++) {
        char prefix[300];
        const char *path = fixture_script(bad_scripts[k].fixture);
        snprintf(prefix, sizeof prefix, "%s:", bad_scripts[k].fixture);
        if (bad_scripts[k].max_seconds > 2) continue; /* the slow ones are checked above */
        vg_error err = load_fail(path, TINY_MAP, VG_ERR_SCRIPT);
        if (strstr(err.msg, prefix) || strstr(err.msg, path)) {
            print_error("%s: the message repeats the location: '%s'\n", bad_scripts[k].fixture, err.msg);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

/* The base every bad fixture is made from loads: the errors come from the marked lines. */
static void test_minimal_script_loads(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "minimal.lua", TINY_MAP);
    assert_int_equal(vg_game_width(g), 4);
    assert_int_equal(vg_game_height(g), 3);
    vg_game_free(g);
}

/* A precompiled chunk is refused: scripts are text only. */
static void test_binary_chunk_refused(void **state) {
    (void)state;
    vg_error err = load_fail(SCRIPTS "binary_chunk.luac", TINY_MAP, VG_ERR_SCRIPT);
    if (!strstr(err.msg, "binary")) print_error("binary_chunk.luac: %s:%d: %s\n", err.file, err.line, err.msg);
    assert_true(ends_with(err.file, "binary_chunk.luac"));
    assert_non_null(strstr(err.msg, "binary"));
}

static void test_missing_script(void **state) {
    (void)state;
    vg_error err = load_fail(SCRIPTS "no_such_script.lua", TINY_MAP, VG_ERR_IO);
    assert_true(ends_with(err.file, "no_such_script.lua"));
}

/* 'err' may be NULL: failures still come back as a status. */
static void test_null_error_pointer(void **state) {
    (void)state;
    static const char *const fixtures[] = {"syntax_error.lua",  "unknown_effect.lua", "transform_without_stype.lua",
                                           "runtime_error.lua", "memory_table.lua",   "binary_chunk.luac"};
    for (size_t k = 0; k < sizeof fixtures / sizeof fixtures[0]; k++) {
        vg_game *g = (vg_game *)&g; /* not NULL: the call must clear it */
        assert_int_equal(vg_game_load(fixture_script(fixtures[k]), TINY_MAP, &g, NULL), VG_ERR_SCRIPT);
        assert_null(g);
    }
}

/* string.rep of nothing is nothing at once, however many times. */
static void test_rep_of_nothing(void **state) {
    (void)state;
    double t0 = now_seconds();
    vg_game *g = load_game(fixture_script("rep_empty.lua"), TINY_MAP);
    assert_true(now_seconds() - t0 < 2);
    vg_game_free(g);
}

int main(void) {
    struct CMUnitTest tests[NUM_BAD + 8];
    int n = 0;
    for (int k = 0; k < NUM_BAD; k++)
        tests[n++] = (struct CMUnitTest){
            .name = bad_scripts[k].fixture, .test_func = test_bad_script, .initial_state = (void *)&bad_scripts[k]};
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_minimal_script_loads), cmocka_unit_test(test_message_has_no_location),
        cmocka_unit_test(test_binary_chunk_refused), cmocka_unit_test(test_missing_script),
        cmocka_unit_test(test_null_error_pointer),   cmocka_unit_test(test_rep_of_nothing),
    };
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) tests[n++] = fixed[k];
    return _cmocka_run_group_tests("lua/loader", tests, (size_t)n, NULL, NULL);
}
