/* SPDX-License-Identifier: MIT
 *
 * test_trace.c -- replays the GVGAI reference traces of Bait and compares
 * every tick with what the engine does.
 *
 * tests/golden/gvgai/<game>/ (Bait; Pacman, with ghosts and on ghost-free maps) holds pairs lvlN_seedS.actions (or
 * lvlN_solution.actions) and the matching .jsonl: one JSON object per
 * tick, the first for the start state, recorded from real GVGAI (see
 * tests/golden/gvgai/SOURCE.md). Each pair becomes one test; new pairs are
 * picked up as they are added. trace_replay (tests/support.c) compares
 * each tick. The unit games, one small game per construct, hold GVGAI's
 * game.txt, the same game as game.lua and the level lvl0.txt beside their
 * traces (tests/golden/gvgai/unit/<case>/).
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

/* The games with reference traces (tests/golden/gvgai/<dir>/), each played
 * both by its Lua script and by GVGAI's own game file. */
static const struct {
    const char *dir, *script, *levels; /* level N: the file levelsN.txt; NULL: script and lvlN.txt beside the trace */
} games[] = {
    {"bait", "scripts/bait.lua", "levels/bait/lvl"},
    {"bait", "gvgai/bait.txt", "gvgai/bait_lvl"},
    {"pacman", "scripts/pacman.lua", "levels/pacman/lvl"},
    {"pacman", "gvgai/pacman.txt", "gvgai/pacman_lvl"},
    {"unit/*", "game.lua", NULL},
    {"unit/*", "game.txt", NULL},
};

typedef struct trace_case {
    char name[128]; /* "bait.lua/lvl0_seed1" */
    char script[128];
    char actions[512];
    char jsonl[512];
    char level[256];    /* levels/bait/lvlN.txt */
    unsigned long seed; /* S of seedS; 0 for a solution */
} trace_case;

/* ---- The tests -------------------------------------------------------- */

static void test_replay(void **state) {
    const trace_case *c = *state;
    vg_action *acts = NULL;
    int nacts = 0;
    assert_true(read_actions(c->actions, &acts, &nacts));
    vg_game *g = load_game(c->script, c->level);
    trace_diff d;
    int rc = trace_replay(g, c->seed, acts, nacts, c->jsonl, 1, &d);
    if (rc < 0) print_error("%s: %s\n", c->jsonl, d.what);
    vg_game_free(g);
    free(acts);
    assert_int_equal(rc, 0);
}

/* Bait's level 0 (seed 1) replayed against its recording with line 'line'
 * changed: its first 'from' replaced by 'to'; returns trace_replay's result. */
static int replay_changed(int line, const char *from, const char *to, trace_diff *d) {
    const char *dir = "tests/golden/gvgai/bait/";
    char path[] = "/tmp/vgdl_test_trace_XXXXXX", src[256], text[8192];
    snprintf(src, sizeof src, "%slvl0_seed1.jsonl", dir);
    FILE *in = fopen(src, "r"), *out = fdopen(mkstemp(path), "w");
    assert_non_null(in);
    assert_non_null(out);
    for (int k = 0; fgets(text, sizeof text, in); k++) {
        char *at = k == line ? strstr(text, from) : NULL;
        if (k == line) assert_non_null(at);
        if (at) fprintf(out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
        else fputs(text, out);
    }
    fclose(in);
    fclose(out);
    vg_action *acts = NULL;
    int nacts = 0;
    assert_true(read_actions("tests/golden/gvgai/bait/lvl0_seed1.actions", &acts, &nacts));
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    int rc = trace_replay(g, 1, acts, nacts, path, 0, d);
    vg_game_free(g);
    free(acts);
    unlink(path);
    return rc;
}

/* The comparison reads numbers by value (2 and 2.0 are the same), and
 * finds a changed number in the avatar or in a sprite list. */
static void test_replay_compares(void **state) {
    (void)state;
    trace_diff d;
    assert_int_equal(replay_changed(3, "\"avatar\":{\"pos\":[2,2]", "\"avatar\":{\"pos\":[2.0,2.000]", &d), 0);
    assert_int_equal(replay_changed(3, "\"avatar\":{\"pos\":[2,2]", "\"avatar\":{\"pos\":[2,3]", &d), 1);
    assert_int_equal(d.tick, 3);
    assert_string_equal(d.what, "avatar.pos");
    assert_int_equal(replay_changed(3, "\"floor\":{\"n\":9,\"pos\":[[1,1]", "\"floor\":{\"n\":9,\"pos\":[[1,1.5]", &d),
                     1);
    assert_string_equal(d.what, "sprites.floor.pos");
    assert_int_equal(replay_changed(5, "\"score\":0", "\"score\":-0.0", &d), 0);
    assert_int_equal(replay_changed(5, "\"score\":0", "\"score\":1e-9", &d), 1);
    assert_string_equal(d.what, "score");
}

static trace_case *cases;
static size_t ncases;

/* Every .actions file has its .jsonl and its level; there are traces at all. */
static void test_traces_found(void **state) {
    (void)state;
    assert_true(ncases >= 1);
    for (size_t k = 0; k < ncases; k++) {
        FILE *f = fopen(cases[k].jsonl, "r");
        if (!f) print_error("%s has no %s\n", cases[k].actions, cases[k].jsonl);
        assert_non_null(f);
        fclose(f);
        f = fopen(cases[k].level, "r");
        if (!f) print_error("%s: no level %s\n", cases[k].actions, cases[k].level);
        assert_non_null(f);
        fclose(f);
    }
}

/* "tests/golden/gvgai/<dir>/lvl3_seed12.actions" of games[g] -> name,
 * level, seed; 0 when the name does not fit. A "noghost_" trace (Pacman)
 * plays the map of the same name beside it rather than a level of the game. */
static int parse_name(size_t g, const char *path, trace_case *c) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    int lvl, used = 0, prefix = strncmp(base, "noghost_", 8) == 0 ? 8 : 0;
    unsigned long seed = 0;
    char kind[32] = "";
    if (sscanf(base + prefix, "lvl%d_%31[a-z]%n", &lvl, kind, &used) != 2) return 0;
    used += prefix;
    if (strcmp(kind, "seed") == 0) {
        int more = 0;
        if (sscanf(base + used, "%lu%n", &seed, &more) != 1) return 0;
        used += more;
    } else if (strcmp(kind, "solution") != 0) {
        return 0;
    }
    if (strcmp(base + used, ".actions") != 0) return 0;
    int dir = (int)(base - path);
    if (games[g].levels) {
        snprintf(c->name, sizeof c->name, "%s/%.*s", strrchr(games[g].script, '/') + 1, used, base);
        snprintf(c->script, sizeof c->script, "%s", games[g].script);
    } else { /* "unit/<case>/game.txt/lvl0_seed1" */
        const char *rel = path + strlen("tests/golden/gvgai/");
        snprintf(c->name, sizeof c->name, "%.*s%s/%.*s", (int)(base - rel), rel, games[g].script, used, base);
        snprintf(c->script, sizeof c->script, "%.*s%s", dir, path, games[g].script);
    }
    snprintf(c->actions, sizeof c->actions, "%s", path);
    snprintf(c->jsonl, sizeof c->jsonl, "%.*s.jsonl", (int)(strlen(path) - strlen(".actions")), path);
    if (access(c->jsonl, R_OK) != 0) /* a long trace is kept compressed */
        snprintf(c->jsonl, sizeof c->jsonl, "%.*s.jsonl.gz", (int)(strlen(path) - strlen(".actions")), path);
    if (prefix) snprintf(c->level, sizeof c->level, "%.*snoghost_lvl%d.txt", dir, path, lvl);
    else if (games[g].levels) snprintf(c->level, sizeof c->level, "%s%d.txt", games[g].levels, lvl);
    else snprintf(c->level, sizeof c->level, "%.*slvl%d.txt", dir, path, lvl);
    c->seed = seed;
    return 1;
}

int main(void) {
    glob_t gl[sizeof games / sizeof games[0]];
    size_t n = 0;
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        char pattern[256];
        snprintf(pattern, sizeof pattern, "tests/golden/gvgai/%s/*.actions", games[k].dir);
        if (glob(pattern, 0, NULL, &gl[k]) != 0) gl[k].gl_pathc = 0, gl[k].gl_pathv = NULL;
        n += gl[k].gl_pathc;
    }
    cases = calloc(n + 1, sizeof *cases);
    struct CMUnitTest *tests = calloc(n + 2, sizeof *tests);
    if (!cases || !tests) return 1;
    tests[0] = (struct CMUnitTest){.name = "test_traces_found", .test_func = test_traces_found};
    tests[1] = (struct CMUnitTest){.name = "test_replay_compares", .test_func = test_replay_compares};
    size_t nt = 2;
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        for (size_t j = 0; j < gl[k].gl_pathc; j++) {
            if (!parse_name(k, gl[k].gl_pathv[j], &cases[ncases])) {
                fprintf(stderr, "test_trace: skipping %s (expected lvlN_seedS.actions or lvlN_solution.actions)\n",
                        gl[k].gl_pathv[j]);
                continue;
            }
            tests[nt++] = (struct CMUnitTest){
                .name = cases[ncases].name, .test_func = test_replay, .initial_state = &cases[ncases]};
            ncases++;
        }
        if (gl[k].gl_pathv) globfree(&gl[k]);
    }
    int rc = _cmocka_run_group_tests("trace", tests, nt, NULL, NULL);
    free(tests);
    free(cases);
    return rc;
}
