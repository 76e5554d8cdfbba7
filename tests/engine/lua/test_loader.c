/* SPDX-License-Identifier: MIT
 *
 * test_loader.c -- game scripts: every way a script can be wrong must be a
 * VG_ERR_SCRIPT naming the script and the offending line, found quickly
 * (endless loops, runaway recursion and memory, pathological patterns);
 * the sandbox must hold; and custom Lua effects, terminations and
 * heuristics must work.
 *
 * Each bad script is a fixture under tests/fixtures/scripts/, built from
 * minimal.lua (which loads) plus one broken line that ends in the comment
 * "-- ERROR": the line the error must name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support.h"

#define SCRIPTS "tests/fixtures/scripts/"
#define TINY_MAP "tests/fixtures/maps/tiny.txt"
#define MUSHROOM_MAP "tests/fixtures/maps/mushroom_row.txt"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int ends_with(const char *s, const char *tail) {
    size_t ls = strlen(s), lt = strlen(tail);
    return ls >= lt && strcmp(s + ls - lt, tail) == 0;
}

/* The 1-based line of 'path' that ends in "-- ERROR"; fails the test if none. */
static int marked_line(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) print_error("cannot open %s\n", path);
    assert_non_null(f);
    char line[1024];
    int n = 0, found = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        size_t len = strcspn(line, "\r\n");
        while (len > 0 && line[len - 1] == ' ') len--;
        line[len] = '\0';
        if (ends_with(line, "-- ERROR")) {
            found = n;
            break;
        }
    }
    fclose(f);
    if (!found) print_error("%s has no line marked '-- ERROR'\n", path);
    assert_int_not_equal(found, 0);
    return found;
}

/* 1 when 'msg' contains one of the '|'-separated alternatives of 'kw'. */
static int has_keyword(const char *msg, const char *kw) {
    char alt[128];
    while (*kw) {
        size_t n = strcspn(kw, "|");
        snprintf(alt, sizeof alt, "%.*s", (int)n, kw);
        if (strstr(msg, alt)) return 1;
        kw += n + (kw[n] == '|');
    }
    return 0;
}

/* Checks that 'err' names 'fixture' and its marked line, and that the
 * message has keyword 'kw1' and, unless NULL, 'kw2'. */
static void expect_error_at(const vg_error *err, const char *fixture, const char *kw1, const char *kw2) {
    char path[512];
    snprintf(path, sizeof path, SCRIPTS "%s", fixture);
    int line = marked_line(path);
    int ok_file = ends_with(err->file, fixture), ok_line = err->line == line;
    int ok_kw = has_keyword(err->msg, kw1) && (!kw2 || has_keyword(err->msg, kw2));
    if (!ok_file || !ok_line || !ok_kw)
        print_error("%s: expected %s:%d with '%s'%s%s%s, got %s:%d: %s\n", fixture, fixture, line, kw1,
                    kw2 ? " and '" : "", kw2 ? kw2 : "", kw2 ? "'" : "", err->file, err->line, err->msg);
    assert_true(ok_file);
    assert_int_equal(err->line, line);
    assert_true(has_keyword(err->msg, kw1));
    if (kw2) assert_true(has_keyword(err->msg, kw2));
}

/* ---- Scripts that must not load --------------------------------------- */

typedef struct bad_script {
    const char *fixture;     /* file under tests/fixtures/scripts/ */
    const char *kw1, *kw2;   /* the message contains both (kw2 may be NULL) */
    double max_seconds;      /* the load must fail within this long */
} bad_script;

static void test_bad_script(void **state) {
    const bad_script *b = *state;
    char path[512];
    snprintf(path, sizeof path, SCRIPTS "%s", b->fixture);
    double t0 = now();
    vg_error err = load_fail(path, TINY_MAP, VG_ERR_SCRIPT);
    double took = now() - t0;
    expect_error_at(&err, b->fixture, b->kw1, b->kw2);
    if (took > b->max_seconds) print_error("%s: failing took %.2f s (limit %.2f s)\n", b->fixture, took, b->max_seconds);
    assert_true(took <= b->max_seconds);
}

static const bad_script bad_scripts[] = {
    {"syntax_error.lua", "expected", NULL, 2},
    {"unknown_effect.lua", "stepBak", "did you mean 'stepBack'", 2},
    {"unknown_sprite_type.lua", "unknown sprite type 'wal'", "did you mean 'wall'", 2},
    {"unknown_sprite_class.lua", "unknown sprite class 'Pasive'", "did you mean 'Passive'", 2},
    {"unknown_parameter.lua", "'colour'", "did you mean 'color'", 2},
    {"wrong_param_type.lua", "'scoreChange'", "number", 2},
    {"transform_without_stype.lua", "transformTo", "stype", 2},
    {"runtime_error.lua", "the script gave up", NULL, 2},
    {"endless_loop.lua", "too long", NULL, 5},
    {"deep_recursion.lua", "stack overflow|memory", NULL, 5},
    {"memory_table.lua", "memory", NULL, 10},
    {"memory_string.lua", "memory", NULL, 5},
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
    {"pcall_budget.lua", "too long", NULL, 5},
    {"xpcall_budget.lua", "too long", NULL, 5},
    {"pcall_memory.lua", "memory", NULL, 10},
    {"gc_finalizer.lua", "__gc", NULL, 2},
    {"xpcall_handler_loop.lua", "too long", NULL, 5},
    {"rep_long.lua", "longer than", NULL, 2},
    {"table_move_huge.lua", "table.move", NULL, 2},
    {"concat_quadratic.lua", "too long", NULL, 5},
    {"pattern_backref.lua", "pattern", NULL, 2},
    {"pattern_long.lua", "pattern", NULL, 2},
    {"error_nil.lua", "nil value", NULL, 2},
    {"error_table.lua", "table value", NULL, 2},
    {"interaction_many_types.lua", "more sprite types", NULL, 2},
    {"turns_many_agents.lua", "'agents'", "64", 2},
};
#define NUM_BAD ((int)(sizeof bad_scripts / sizeof bad_scripts[0]))

/* The place of an error is in err.file and err.line; the message says only
 * what is wrong ("one line"), so it must not repeat the place, as in
 * "x.lua:10: x.lua:10: unknown effect ..." printed by `vgdl`. */
static void test_message_has_no_location(void **state) {
    (void)state;
    int bad = 0;
    for (int k = 0; k < NUM_BAD; k++) {
        char path[512], prefix[300];
        snprintf(path, sizeof path, SCRIPTS "%s", bad_scripts[k].fixture);
        snprintf(prefix, sizeof prefix, "%s:", bad_scripts[k].fixture);
        if (bad_scripts[k].max_seconds > 2) continue;     /* the slow ones are checked above */
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
    static const char *const fixtures[] = {"syntax_error.lua", "unknown_effect.lua", "transform_without_stype.lua",
                                           "runtime_error.lua", "memory_table.lua", "binary_chunk.luac"};
    for (size_t k = 0; k < sizeof fixtures / sizeof fixtures[0]; k++) {
        char path[512];
        snprintf(path, sizeof path, SCRIPTS "%s", fixtures[k]);
        vg_game *g = (vg_game *)&g;                  /* not NULL: the call must clear it */
        assert_int_equal(vg_game_load(path, TINY_MAP, &g, NULL), VG_ERR_SCRIPT);
        assert_null(g);
    }
}

/* ---- Custom Lua rules ------------------------------------------------- */

static void advance_ok(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    vg_status st = vg_advance(g, s, a, &err);
    if (st != VG_OK) print_error("tick %d: %s:%d: %s\n", vg_tick(s), err.file, err.line, err.msg);
    assert_int_equal(st, VG_OK);
}

/* custom.lua: eating the mushroom scores 10 and removes it; the game is lost at tick 3. */
static void test_custom_effect_and_termination(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "custom.lua", MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    int mushroom = vg_type_find(g, "mushroom");
    assert_true(mushroom >= 0);
    vg_obs obs[4];
    assert_int_equal(vg_sprites_of(g, s, mushroom, NULL, obs, 4), 1);

    advance_ok(g, s, VG_ACTION_RIGHT);
    double x, y;
    assert_true(vg_avatar_pos(g, s, &x, &y));
    assert_true(x == 2 && y == 1);
    assert_true(vg_score(s) == 10);
    assert_int_equal(vg_sprites_of(g, s, mushroom, NULL, obs, 4), 0);
    assert_false(vg_is_over(s));
    vg_event ev[VG_MAX_EVENTS];
    int nev = vg_events(g, s, ev, VG_MAX_EVENTS), seen = 0;
    for (int k = 0; k < nev && k < VG_MAX_EVENTS; k++) seen |= ev[k].passive_type == mushroom;
    assert_true(seen);

    advance_ok(g, s, VG_ACTION_NIL);
    assert_false(vg_is_over(s));
    advance_ok(g, s, VG_ACTION_NIL);
    assert_int_equal(vg_tick(s), 3);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_true(vg_score(s) == 10);
    vg_state_free(s);
    vg_game_free(g);
}

/* A custom effect raising an error: VG_ERR_SCRIPT naming its line; the state is over with no winner. */
static void test_effect_error(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "effect_error.lua", MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    advance_ok(g, s, VG_ACTION_NIL);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_ERR_SCRIPT);
    expect_error_at(&err, "effect_error.lua", "the mushroom effect failed", NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    /* It stays over: advancing again changes nothing. */
    uint64_t h = vg_state_hash(s);
    int tick = vg_tick(s);
    assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, NULL), VG_OK);
    assert_int_equal(vg_tick(s), tick);
    assert_true(vg_state_hash(s) == h);
    /* The game itself is still usable: a fresh state plays. */
    vg_state *s2 = vg_state_new(g, 1);
    advance_ok(g, s2, VG_ACTION_NIL);
    assert_false(vg_is_over(s2));
    /* ... and a NULL error pointer is allowed. */
    assert_int_equal(vg_advance(g, s2, VG_ACTION_RIGHT, NULL), VG_ERR_SCRIPT);
    assert_true(vg_is_over(s2));
    vg_state_free(s2);
    vg_state_free(s);
    vg_game_free(g);
}

/* A custom effect that never returns is stopped by the per-call budget, quickly. */
static void test_effect_endless_loop(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "effect_loop.lua", MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    double t0 = now();
    assert_int_equal(vg_advance(g, s, VG_ACTION_RIGHT, &err), VG_ERR_SCRIPT);
    assert_true(now() - t0 < 3);
    expect_error_at(&err, "effect_loop.lua", "too long", NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    vg_state_free(s);
    vg_game_free(g);
}

/* A custom termination raising an error fails the first tick. */
static void test_termination_error(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "termination_error.lua", MUSHROOM_MAP);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_ERR_SCRIPT);
    expect_error_at(&err, "termination_error.lua", "no_such_method", NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    vg_state_free(s);
    vg_game_free(g);
}

/* heuristic(state) from the script: 100 * score + 10 * y - x. */
static void test_heuristic(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "heuristic.lua", MUSHROOM_MAP);
    assert_int_equal(vg_game_has_heuristic(g), 1);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    double h = vg_heuristic(g, s, &err);
    if (h != 10 * 1 - 1) print_error("heuristic at the start: %g (%s)\n", h, err.msg);
    assert_true(h == 10 * 1 - 1);
    advance_ok(g, s, VG_ACTION_RIGHT);         /* onto the mushroom: +1 */
    assert_true(vg_score(s) == 1);
    h = vg_heuristic(g, s, &err);
    assert_true(h == 100 * 1 + 10 * 1 - 2);
    vg_state_free(s);
    vg_game_free(g);

    /* A script without one: the score stands in. */
    g = load_game(SCRIPTS "custom.lua", "levels/bait/lvl0.txt");
    assert_int_equal(vg_game_has_heuristic(g), 0);
    s = vg_state_new(g, 1);
    assert_true(vg_heuristic(g, s, NULL) == vg_score(s));
    vg_state_free(s);
    vg_game_free(g);
}

/* A heuristic gets a read-only state: changing it is an error, the score is returned, the state is unchanged. */
static void test_heuristic_read_only(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPTS "heuristic_readonly.lua", MUSHROOM_MAP);
    assert_int_equal(vg_game_has_heuristic(g), 1);
    vg_state *s = vg_state_new(g, 1);
    advance_ok(g, s, VG_ACTION_RIGHT);
    uint64_t before = vg_state_hash(s);
    vg_error err = {0};
    double h = vg_heuristic(g, s, &err);
    assert_true(h == vg_score(s));
    assert_true(vg_score(s) == 1);
    assert_true(vg_state_hash(s) == before);
    expect_error_at(&err, "heuristic_readonly.lua", "read-only", NULL);
    assert_true(vg_heuristic(g, s, NULL) == vg_score(s));   /* no error record: still the score */
    assert_true(vg_state_hash(s) == before);
    vg_state_free(s);
    vg_game_free(g);
}

/* Errors that only play can meet: each ends the game with no winner and
 * names the script line, at once (none of them may hang or crash). */
static void expect_play_error(const char *fixture, const char *kw) {
    char path[512];
    snprintf(path, sizeof path, SCRIPTS "%s", fixture);
    vg_game *g = load_game(path, TINY_MAP);
    vg_state *s = vg_state_new(g, 1);
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, &err), VG_ERR_SCRIPT);
    expect_error_at(&err, fixture, kw, NULL);
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_NO_WINNER);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_turn_without_a_legal_move(void **state) {
    (void)state;
    expect_play_error("turns_no_legal.lua", "no move for agent 0");
    expect_play_error("turns_legal_error.lua", "no moves today");
}

static void test_declaration_during_play(void **state) {
    (void)state;
    expect_play_error("declare_in_play.lua", "only while the script loads");
}

/* string.rep of nothing is nothing at once, however many times. */
static void test_rep_of_nothing(void **state) {
    (void)state;
    double t0 = now();
    vg_game *g = load_game(SCRIPTS "rep_empty.lua", TINY_MAP);
    assert_true(now() - t0 < 2);
    vg_game_free(g);
}

/* Handles and positions no sprite can have are errors, not undefined
 * behaviour (UBSan checks the casts). */
static void test_bad_positions(void **state) {
    (void)state;
    static const char *const why[] = {"not a sprite handle", "out of range", "out of range", "out of range",
                                      "out of range"};
    vg_game *g = load_game_text(SCRIPTS "bad_positions.lua", "wwwww\nwAb.w\nwwwww\n");
    for (int c = 1; c <= 5; c++) {
        vg_state *s = vg_state_new(g, 1);
        vg_error err = {0};
        vg_set_var(s, vg_var_find(g, "case"), c);
        assert_int_equal(vg_advance(g, s, VG_ACTION_NIL, &err), VG_ERR_SCRIPT);
        if (!strstr(err.msg, why[c - 1])) print_error("case %d: %s\n", c, err.msg);
        assert_non_null(strstr(err.msg, why[c - 1]));
        vg_state_free(s);
    }
    vg_game_free(g);
}

int main(void) {
    struct CMUnitTest tests[NUM_BAD + 16];
    int n = 0;
    for (int k = 0; k < NUM_BAD; k++)
        tests[n++] = (struct CMUnitTest){.name = bad_scripts[k].fixture, .test_func = test_bad_script,
                                         .initial_state = (void *)&bad_scripts[k]};
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_minimal_script_loads),
        cmocka_unit_test(test_message_has_no_location),
        cmocka_unit_test(test_binary_chunk_refused),
        cmocka_unit_test(test_missing_script),
        cmocka_unit_test(test_null_error_pointer),
        cmocka_unit_test(test_custom_effect_and_termination),
        cmocka_unit_test(test_effect_error),
        cmocka_unit_test(test_effect_endless_loop),
        cmocka_unit_test(test_termination_error),
        cmocka_unit_test(test_heuristic),
        cmocka_unit_test(test_heuristic_read_only),
        cmocka_unit_test(test_turn_without_a_legal_move),
        cmocka_unit_test(test_declaration_during_play),
        cmocka_unit_test(test_rep_of_nothing),
        cmocka_unit_test(test_bad_positions),
    };
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) tests[n++] = fixed[k];
    return _cmocka_run_group_tests("lua/loader", tests, (size_t)n, NULL, NULL);
}
