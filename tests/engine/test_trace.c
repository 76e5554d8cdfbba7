/* SPDX-License-Identifier: MIT
 *
 * test_trace.c -- replays the GVGAI reference traces of Bait and compares
 * every tick with what the engine does.
 *
 * tests/golden/gvgai/<game>/ (Bait; Pacman's ghost-free maps) holds pairs lvlN_seedS.actions (or
 * lvlN_solution.actions) and the matching .jsonl: one JSON object per
 * tick, the first for the start state, recorded from real GVGAI (see
 * tests/golden/gvgai/SOURCE.md). Each pair becomes one test; new pairs are
 * picked up as they are added. For each tick the test compares tick,
 * action, score, isGameOver, winner, the avatar's pos, type, alive,
 * orientation and resources,
 * and for every sprite type the reference lists, its positions in order.
 * Replays stop at game over, as the recordings do, so the number of lines
 * must match too.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "support.h"

/* The games with reference traces: tests/golden/gvgai/<game>/, and the
 * unit games, one small game per construct: tests/golden/gvgai/unit/<case>/
 * holds GVGAI's game.txt, the same game as game.lua, its level lvl0.txt and
 * the traces. */
static const char *const games[] = {"bait", "pacman", "unit/*"};

typedef struct trace_case {
    char name[128];          /* "bait/lvl0_seed1" */
    char script[128];        /* scripts/<game>.lua */
    char actions[512];
    char jsonl[512];
    char level[256];         /* levels/bait/lvlN.txt */
    unsigned long seed;      /* S of seedS; 0 for a solution */
} trace_case;

/* ---- Reading the files ------------------------------------------------ */

/* Parses every non-blank line of 'path'; returns the count, -1 on error. */
static int read_jsonl(const char *path, json_object ***out) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char *line = NULL;
    size_t size = 0;
    int n = 0, cap = 0, lineno = 0;
    *out = NULL;
    while (getline(&line, &size, f) >= 0) {
        lineno++;
        if (line[strspn(line, " \t\r\n")] == '\0') continue;
        json_object *j = json_tokener_parse(line);
        if (!j) {
            print_error("%s:%d: not JSON\n", path, lineno);
            n = -1;
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            json_object **nj = realloc(*out, (size_t)cap * sizeof *nj);
            if (!nj) {
                json_object_put(j);
                n = -1;
                break;
            }
            *out = nj;
        }
        (*out)[n++] = j;
    }
    free(line);
    fclose(f);
    return n;
}

/* Our trace line for 's' after action 'a', parsed. */
static json_object *our_line(const vg_game *g, const vg_state *s, int a) {
    static char small[1 << 16];
    char *buf = small;
    int len = vg_trace_json(g, s, a, buf, sizeof small);
    if (len < 0) return NULL;
    if ((size_t)len >= sizeof small) {
        buf = malloc((size_t)len + 1);
        if (!buf) return NULL;
        int again = vg_trace_json(g, s, a, buf, (size_t)len + 1);
        if (again != len) {
            free(buf);
            return NULL;
        }
    }
    json_object *j = json_tokener_parse(buf);
    if (!j) print_error("vg_trace_json wrote something that is not JSON: %.200s\n", buf);
    if (buf != small) free(buf);
    return j;
}

/* ---- Comparing -------------------------------------------------------- */

static int is_number(const json_object *j) {
    return json_object_is_type(j, json_type_int) || json_object_is_type(j, json_type_double);
}

/* Deep equality; numbers compare by value whether written as int or double. */
static int same(json_object *a, json_object *b) {
    if (!a || !b) return a == b;
    if (is_number(a) || is_number(b))
        return is_number(a) && is_number(b) && json_object_get_double(a) == json_object_get_double(b);
    if (json_object_get_type(a) != json_object_get_type(b)) return 0;
    switch (json_object_get_type(a)) {
    case json_type_null: return 1;
    case json_type_boolean: return json_object_get_boolean(a) == json_object_get_boolean(b);
    case json_type_string: return strcmp(json_object_get_string(a), json_object_get_string(b)) == 0;
    case json_type_array: {
        size_t n = json_object_array_length(a);
        if (n != json_object_array_length(b)) return 0;
        for (size_t k = 0; k < n; k++)
            if (!same(json_object_array_get_idx(a, k), json_object_array_get_idx(b, k))) return 0;
        return 1;
    }
    case json_type_object: {
        if (json_object_object_length(a) != json_object_object_length(b)) return 0;
        json_object_object_foreach(a, key, va) {
            json_object *vb;
            if (!json_object_object_get_ex(b, key, &vb) || !same(va, vb)) return 0;
        }
        return 1;
    }
    default: return 0;
    }
}

/* Field 'key' of 'obj' (NULL for a JSON null); 0 when 'obj' has no such field. */
static int get(json_object *obj, const char *key, json_object **v) {
    *v = NULL;
    return obj && json_object_is_type(obj, json_type_object) && json_object_object_get_ex(obj, key, v);
}

static json_object *field(json_object *obj, const char *key) {
    json_object *v;
    get(obj, key, &v);
    return v;
}

static const char *text(json_object *j) { return json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN); }

/* Compares field 'key' of the reference object and ours ('name' in
 * messages); prints and returns 0 on a mismatch. */
static int check(const char *file, int tick, const char *name, json_object *ref, json_object *ours, const char *key) {
    json_object *want, *got;
    if (!get(ref, key, &want)) {
        print_error("%s: tick %d: %s: missing from the reference\n", file, tick, name);
        return 0;
    }
    if (!get(ours, key, &got)) {
        print_error("%s: tick %d: %s: expected %.300s, ours has no such field\n", file, tick, name, text(want));
        return 0;
    }
    if (same(want, got)) return 1;
    print_error("%s: tick %d: %s: expected %.300s, got %.300s\n", file, tick, name, text(want), text(got));
    return 0;
}

/* Compares our line with the reference line; returns the number of mismatches (all are printed). */
static int compare_line(const char *file, json_object *ref, json_object *ours) {
    int bad = 0;
    json_object *rt = field(ref, "tick");
    int tick = rt ? json_object_get_int(rt) : -1;
    static const char *const top[] = {"tick", "action", "score", "isGameOver", "winner"};
    for (size_t k = 0; k < sizeof top / sizeof top[0]; k++) bad += !check(file, tick, top[k], ref, ours, top[k]);
    json_object *ra = field(ref, "avatar"), *oa = field(ours, "avatar");
    if (!ra) {
        bad += !check(file, tick, "avatar", ref, ours, "avatar");
    } else {
        static const char *const av[] = {"pos", "type", "alive", "orientation", "resources"};
        for (size_t k = 0; k < sizeof av / sizeof av[0]; k++) {
            char name[32];
            snprintf(name, sizeof name, "avatar.%s", av[k]);
            bad += !check(file, tick, name, ra, oa, av[k]);
        }
    }
    json_object *rs = field(ref, "sprites"), *os = field(ours, "sprites");
    if (!rs || !json_object_is_type(rs, json_type_object)) {
        print_error("%s: tick %d: the reference has no \"sprites\" object\n", file, tick);
        return bad + 1;
    }
    json_object_object_foreach(rs, type, want) {
        char name[96];
        snprintf(name, sizeof name, "sprites.%s.pos", type);
        json_object *got = field(os, type), *n = field(want, "n");
        if (!got && n && json_object_get_int(n) == 0) continue;   /* a GVGAI type ours lacks (its default "avatar") */
        if (!got) {
            print_error("%s: tick %d: sprites.%s: ours has no such sprite type\n", file, tick, type);
            bad++;
            continue;
        }
        bad += !check(file, tick, name, want, got, "pos");
    }
    return bad;
}

/* ---- The tests -------------------------------------------------------- */

static void test_replay(void **state) {
    const trace_case *c = *state;
    vg_action *acts = NULL;
    json_object **ref = NULL;
    int nacts = 0;
    assert_true(read_actions(c->actions, &acts, &nacts));
    int nref = read_jsonl(c->jsonl, &ref);
    if (nref < 1) {
        free(acts);
        print_error("%s: no reference lines\n", c->jsonl);
        fail();
    }
    vg_game *g = load_game(c->script, c->level);
    vg_state *s = vg_state_new(g, c->seed);
    assert_non_null(s);

    int lines = 0, bad = 0;
    vg_error err = {0};
    json_object *ours = our_line(g, s, -1);
    bad += ours ? compare_line(c->jsonl, ref[0], ours) : 1;
    json_object_put(ours);
    lines++;
    for (int k = 0; k < nacts && !vg_is_over(s) && !bad; k++) {
        vg_status st = vg_advance(g, s, acts[k], &err);
        if (st != VG_OK) {
            print_error("%s: tick %d: vg_advance failed: %s:%d: %s\n", c->jsonl, k + 1, err.file, err.line, err.msg);
            bad++;
            break;
        }
        ours = our_line(g, s, (int)acts[k]);
        lines++;
        if (!ours) bad++;
        else if (lines <= nref) bad += compare_line(c->jsonl, ref[lines - 1], ours);
        json_object_put(ours);
    }
    if (!bad && lines != nref) {
        print_error("%s: our trace has %d lines, the reference %d (%s)\n", c->jsonl, lines, nref,
                    lines < nref ? "ours ended early" : "ours goes on after the reference ends");
        bad++;
    }

    vg_state_free(s);
    vg_game_free(g);
    for (int k = 0; k < nref; k++) json_object_put(ref[k]);
    free(ref);
    free(acts);
    assert_int_equal(bad, 0);
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

/* "tests/golden/gvgai/<game>/lvl3_seed12.actions" -> name, level, seed; 0
 * when the name does not fit. A "noghost_" trace (Pacman) plays the map
 * of the same name beside it rather than a level of the game; a unit
 * game's trace plays the game.lua and the level beside it. */
static int parse_name(const char *game, const char *path, trace_case *c) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    int dir = (int)(base - path), unit = strncmp(game, "unit/", 5) == 0;
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
    const char *rel = path + strlen("tests/golden/gvgai/");
    snprintf(c->name, sizeof c->name, "%.*s", (int)(strlen(rel) - strlen(".actions")), rel);
    if (unit) snprintf(c->script, sizeof c->script, "%.*sgame.lua", dir, path);
    else snprintf(c->script, sizeof c->script, "scripts/%s.lua", game);
    snprintf(c->actions, sizeof c->actions, "%s", path);
    snprintf(c->jsonl, sizeof c->jsonl, "%.*s.jsonl", (int)(strlen(path) - strlen(".actions")), path);
    if (prefix) snprintf(c->level, sizeof c->level, "%.*snoghost_lvl%d.txt", dir, path, lvl);
    else if (unit) snprintf(c->level, sizeof c->level, "%.*slvl%d.txt", dir, path, lvl);
    else snprintf(c->level, sizeof c->level, "levels/%s/lvl%d.txt", game, lvl);
    c->seed = seed;
    return 1;
}

int main(void) {
    glob_t gl[sizeof games / sizeof games[0]];
    size_t n = 0;
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        char pattern[256];
        snprintf(pattern, sizeof pattern, "tests/golden/gvgai/%s/*.actions", games[k]);
        if (glob(pattern, 0, NULL, &gl[k]) != 0) gl[k].gl_pathc = 0, gl[k].gl_pathv = NULL;
        n += gl[k].gl_pathc;
    }
    cases = calloc(n + 1, sizeof *cases);
    struct CMUnitTest *tests = calloc(n + 1, sizeof *tests);
    if (!cases || !tests) return 1;
    tests[0] = (struct CMUnitTest){.name = "test_traces_found", .test_func = test_traces_found};
    size_t nt = 1;
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        for (size_t j = 0; j < gl[k].gl_pathc; j++) {
            if (!parse_name(games[k], gl[k].gl_pathv[j], &cases[ncases])) {
                fprintf(stderr, "test_trace: skipping %s (expected lvlN_seedS.actions or lvlN_solution.actions)\n",
                        gl[k].gl_pathv[j]);
                continue;
            }
            tests[nt++] = (struct CMUnitTest){.name = cases[ncases].name, .test_func = test_replay,
                                              .initial_state = &cases[ncases]};
            ncases++;
        }
        if (gl[k].gl_pathv) globfree(&gl[k]);
    }
    int rc = _cmocka_run_group_tests("trace", tests, nt, NULL, NULL);
    free(tests);
    free(cases);
    return rc;
}
