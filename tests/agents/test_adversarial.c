/* SPDX-License-Identifier: MIT
 *
 * test_adversarial.c -- minimax, alpha-beta and expectimax (agents/
 * adversarial.h) and the CS188 Pacman they are checked on
 * (scripts/cs188.lua, levels/cs188/).
 *
 * The test of minimax.c, alphabeta.c and expectimax.c: they have no test
 * file of their own.
 *
 * 1. Every GraphGameTreeTest of Berkeley's autograder (q2 minimax, q3
 *    alpha-beta, q4 expectimax; copies in tests/golden/cs188/qN) becomes a
 *    game: the tree as a Lua table followed by
 *    tests/fixtures/cs188/gametree.lua, written to a temporary script. The
 *    search must return the solution's action and generate exactly the
 *    solution's SET of states (the start and every state vg_play returned),
 *    as the autograder checks. The PacmanGameTreeTest cases (q2/q3
 *    8-pacman-game, q4 7-pacman-game) replay games driven by Python's
 *    random module and are not copied or run.
 * 2. minimaxClassic's minimax values from the CS188 text: 9, 8, 7, -492 at
 *    depths 1 to 4; alpha-beta the same with fewer calls.
 * 3. On states reached by random play on every layout, alpha-beta returns
 *    minimax's move and value with no more forward-model calls (fewer in
 *    all), and expectimax's value is never below minimax's.
 * 4. Berkeley's rules, move by move, on small maps in
 *    tests/fixtures/cs188/: scores, catching and being caught, the last
 *    food, capsules, half-speed scared ghosts, legal-move order, ghost
 *    order, the two ghost policies, the layouts as transcribed.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"
#include "adversarial.h"

#define CS188             "scripts/cs188.lua"
#define CS188_DIRECTIONAL "scripts/cs188_directional.lua"

static const char *const layouts[] = {"testClassic",   "minimaxClassic", "trappedClassic", "smallClassic",
                                      "mediumClassic", "openClassic",    "originalClassic"};
#define NUM_LAYOUTS ((int)(sizeof layouts / sizeof layouts[0]))
/* Every layout Berkeley ships: levels/cs188/ has them all, as they are. */
static const char *const all_layouts[] = {"testClassic",    "minimaxClassic", "trappedClassic",  "smallClassic",
                                          "mediumClassic",  "openClassic",    "originalClassic", "capsuleClassic",
                                          "contestClassic", "powerClassic",   "trickyClassic"};

/* ---- Files ------------------------------------------------------------ */

static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) print_error("cannot open %s\n", path);
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Loads 'script' on a map in Berkeley's layout text. Empty cells are
 * spaces there; an engine that does not map ' ' yet gets them as '_'
 * (which cs188.lua maps then). */
static vg_game *load_layout_text(const char *script, const char *text) {
    vg_game *g = NULL;
    vg_error err = {0};
    if (vg_game_load_text(repo_path(script), text, "layout.lay", &g, &err) == VG_OK) return g;
    if (!strstr(err.msg, "0x20")) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_non_null(strstr(err.msg, "0x20"));
    char *copy = strdup(text);
    for (char *p = copy; *p; p++)
        if (*p == ' ') *p = '_';
    g = load_game_text(script, copy);
    free(copy);
    return g;
}

static vg_game *load_layout(const char *script, const char *path) {
    char *text = read_text(path);
    vg_game *g = load_layout_text(script, text);
    free(text);
    return g;
}

static vg_game *load_level(const char *script, const char *name) {
    char path[256];
    snprintf(path, sizeof path, "levels/cs188/%s.lay", name);
    return load_layout(script, path);
}

/* ---- Berkeley's test files (testParser.py) ---------------------------- */

typedef struct doc {
    char *buf;
    int n;
    const char *key[32], *val[32];
} doc;

/* key: "value" lines and key: """ ... """ blocks; '#' lines are comments. */
static void doc_read(const char *path, doc *d) {
    memset(d, 0, sizeof *d);
    d->buf = read_text(path);
    char *p = d->buf;
    while (*p) {
        char *line = p, *end = strchr(p, '\n');
        p = end ? end + 1 : p + strlen(p);
        if (end) *end = '\0';
        if (line[0] == '#' || !strchr(line, ':')) continue;
        char *colon = strchr(line, ':'), *v = colon + 1;
        *colon = '\0';
        while (*v == ' ') v++;
        assert_true(d->n < 32);
        d->key[d->n] = line;
        if (strncmp(v, "\"\"\"", 3) == 0) { /* a block up to a line """ */
            d->val[d->n++] = p;
            char *close = strstr(p, "\n\"\"\"");
            if (strncmp(p, "\"\"\"", 3) == 0) close = p - 1;
            assert_non_null(close);
            *close = '\0';
            p = strchr(close + 1, '\n');
            p = p ? p + 1 : close + 1 + strlen(close + 1);
            continue;
        }
        assert_true(*v == '"');
        char *q = strrchr(v + 1, '"');
        assert_non_null(q);
        *q = '\0';
        d->val[d->n++] = v + 1;
    }
}

static const char *doc_get(const doc *d, const char *key) {
    for (int k = 0; k < d->n; k++)
        if (strcmp(d->key[k], key) == 0) return d->val[k];
    return NULL;
}

/* ---- Game trees as games ---------------------------------------------- */

#define MAX_NODES 256

typedef struct tree_case {
    char name[160]; /* "q2/0-small-tree" */
    char path[256]; /* the .test, without the extension */
} tree_case;

typedef struct tree {
    int n;
    char names[MAX_NODES][32];
    int seen[MAX_NODES];
} tree;

static int node_id(tree *t, const char *name) {
    for (int k = 0; k < t->n; k++)
        if (strcmp(t->names[k], name) == 0) return k;
    assert_true(t->n < MAX_NODES && strlen(name) < 32);
    strcpy(t->names[t->n], name);
    return t->n++;
}

/* Next space-separated word of '*p' into 'out'; 0 at the end. */
static int word(const char **p, char *out, size_t size) {
    while (**p == ' ' || **p == '\n' || **p == '\t' || **p == '\r') (*p)++;
    size_t n = strcspn(*p, " \n\t\r");
    if (n == 0) return 0;
    assert_true(n < size);
    memcpy(out, *p, n);
    out[n] = '\0';
    *p += n;
    return 1;
}

/* Writes the Lua script for the tree in 'd': TREE = {...} and then
 * tests/fixtures/cs188/gametree.lua. Returns the script's path (a
 * temporary file the caller removes). */
static char *tree_script(const doc *d, tree *t) {
    char *path = strdup("/tmp/vgdl-gametree-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    char a[64], b[64], c[64];
    const char *p, *start = doc_get(d, "start_state"), *succ = doc_get(d, "successors");
    assert_non_null(start);
    assert_non_null(succ);
    p = start;
    assert_true(word(&p, a, sizeof a));
    node_id(t, a); /* the start is node 0 */
    fprintf(f, "TREE = { agents = %s, moves = {", doc_get(d, "num_agents"));
    char moves[64][64];
    int nmoves = 0;
    for (p = succ; word(&p, a, sizeof a) && word(&p, b, sizeof b) && word(&p, c, sizeof c);) {
        int known = 0;
        for (int k = 0; k < nmoves; k++) known |= strcmp(moves[k], b) == 0;
        if (!known) {
            assert_true(nmoves < 64);
            strcpy(moves[nmoves++], b);
            fprintf(f, " %s\"%s\"", nmoves > 1 ? ", " : "", b);
        }
        node_id(t, a);
        node_id(t, c);
    }
    fprintf(f, " },\n  succ = {\n");
    for (int n = 0; n < t->n; n++) {
        int any = 0;
        for (p = succ; word(&p, a, sizeof a) && word(&p, b, sizeof b) && word(&p, c, sizeof c);) {
            if (strcmp(a, t->names[n]) != 0) continue;
            if (!any++) fprintf(f, "    [%d] = { ", n);
            else fprintf(f, ", ");
            fprintf(f, "{ \"%s\", %d }", b, node_id(t, c));
        }
        if (any) fprintf(f, " },\n");
    }
    fprintf(f, "  },\n  eval = {");
    p = doc_get(d, "evaluation");
    while (p && word(&p, a, sizeof a) && word(&p, b, sizeof b)) fprintf(f, " [%d] = %s,", node_id(t, a), b);
    fprintf(f, " },\n  over = {");
    static const char *const kinds[2][2] = {{"win_states", "win"}, {"lose_states", "lose"}};
    for (int k = 0; k < 2; k++)
        for (p = doc_get(d, kinds[k][0]); p && word(&p, a, sizeof a);)
            fprintf(f, " [%d] = \"%s\",", node_id(t, a), kinds[k][1]);
    fprintf(f, " },\n  name = {");
    for (int n = 0; n < t->n; n++) fprintf(f, " [%d] = \"%s\",", n, t->names[n]);
    fprintf(f, " },\n}\n");
    char *tmpl = read_text("tests/fixtures/cs188/gametree.lua");
    fputs(tmpl, f);
    free(tmpl);
    assert_int_equal(fclose(f), 0);
    return path;
}

static void see_child(const vg_state *child, void *ud) {
    tree *t = ud;
    int id = (int)vg_score(child);
    assert_true(id >= 0 && id < t->n);
    t->seen[id] = 1;
}

static int by_string(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static void run_tree_case(void **state) {
    const tree_case *tc = *state;
    char path[300];
    doc test, sol;
    snprintf(path, sizeof path, "%s.test", tc->path);
    doc_read(path, &test);
    snprintf(path, sizeof path, "%s.solution", tc->path);
    doc_read(path, &sol);
    assert_string_equal(doc_get(&test, "class"), "GraphGameTreeTest");

    static tree t;
    memset(&t, 0, sizeof t);
    char *script = tree_script(&test, &t);
    vg_game *g = NULL;
    vg_error err = {0};
    vg_status st = vg_game_load_text(script, ".", "tree", &g, &err);
    if (st != VG_OK) print_error("%s:%d: %s\n", err.file, err.line, err.msg);
    assert_int_equal(st, VG_OK);
    assert_int_equal(vg_num_agents(g, NULL), atoi(doc_get(&test, "num_agents")));

    const char *alg = doc_get(&test, "alg");
    adv_options o = {.depth = atoi(doc_get(&test, "depth")), .eval = 1, .on_child = see_child, .ud = &t};
    if (strcmp(alg, "MinimaxAgent") == 0) o.kind = ADV_MINIMAX;
    else if (strcmp(alg, "AlphaBetaAgent") == 0) o.kind = ADV_ALPHABETA;
    else if (strcmp(alg, "ExpectimaxAgent") == 0) o.kind = ADV_EXPECTIMAX;
    else fail_msg("unknown alg %s", alg);
    vg_state *s = vg_state_new(g, 0);
    fm f = {.g = g};
    adv_result r;
    int move = adv_search(g, s, &o, &f, &r);
    t.seen[0] = 1;
    if (f.status != VG_OK) print_error("%s: %s\n", tc->name, f.error.msg);
    assert_int_equal(f.status, VG_OK);
    assert_true(move >= 0);
    assert_string_equal(vg_move_name(g, move), doc_get(&sol, "action"));
    assert_int_equal(f.calls, 2 * r.generated);

    /* The generated set, sorted as the solution is (Python's sorted(): byte order). */
    char want[2048] = "", got[2048] = "", name[64];
    for (const char *p = doc_get(&sol, "generated"); word(&p, name, sizeof name);)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", want[0] ? " " : "", name);
    const char *seen[MAX_NODES];
    int nseen = 0;
    for (int k = 0; k < t.n; k++)
        if (t.seen[k]) seen[nseen++] = t.names[k];
    qsort(seen, (size_t)nseen, sizeof seen[0], by_string);
    for (int k = 0; k < nseen; k++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", k ? " " : "", seen[k]);
    int same = strcmp(got, want) == 0;
    if (!same) print_error("%s: generated {%s}, solution {%s}\n", tc->name, got, want);
    assert_true(same);

    vg_state_free(s);
    vg_game_free(g);
    unlink(script);
    free(script);
    free(test.buf);
    free(sol.buf);
}

static int by_name(const void *a, const void *b) {
    return strcmp(((const tree_case *)a)->name, ((const tree_case *)b)->name);
}

/* The GraphGameTreeTest cases under tests/golden/cs188/q2..q4, sorted. */
static int tree_cases(tree_case *out, int max) {
    int n = 0;
    static const char *const qs[] = {"q2", "q3", "q4"};
    for (int q = 0; q < 3; q++) {
        char dir[64];
        snprintf(dir, sizeof dir, "tests/golden/cs188/%s", qs[q]);
        DIR *dp = opendir(dir);
        if (!dp) return 0;
        for (struct dirent *e; (e = readdir(dp));) {
            size_t len = strlen(e->d_name);
            if (len < 6 || strcmp(e->d_name + len - 5, ".test") != 0 || n == max) continue;
            snprintf(out[n].name, sizeof out[n].name, "%s/%.*s", qs[q], (int)(len - 5), e->d_name);
            snprintf(out[n].path, sizeof out[n].path, "%s/%.*s", dir, (int)(len - 5), e->d_name);
            n++;
        }
        closedir(dp);
    }
    qsort(out, (size_t)n, sizeof *out, by_name);
    return n;
}

/* 33 minimax, 33 alpha-beta and 16 expectimax trees: all of them are here. */
static void test_tree_cases_present(void **state) {
    (void)state;
    static tree_case cases[128];
    int n = tree_cases(cases, 128), per[3] = {0};
    for (int k = 0; k < n; k++) per[cases[k].name[1] - '2']++;
    assert_int_equal(per[0], 33);
    assert_int_equal(per[1], 33);
    assert_int_equal(per[2], 16);
}

/* ---- Searching Pacman ------------------------------------------------- */

static adv_result search(const vg_game *g, const vg_state *s, adv_kind kind, int depth, long *calls) {
    adv_options o = {.kind = kind, .depth = depth};
    fm f = {.g = g};
    adv_result r;
    adv_search(g, s, &o, &f, &r);
    if (f.status != VG_OK) print_error("%s\n", f.error.msg);
    assert_int_equal(f.status, VG_OK);
    if (calls) *calls = f.calls;
    return r;
}

/* The CS188 text: "the minimax values of the initial state in the
 * minimaxClassic layout are 9, 8, 7, -492 for depths 1, 2, 3 and 4". */
static void test_minimax_classic_values(void **state) {
    (void)state;
    static const double want[4] = {9, 8, 7, -492};
    vg_game *g = load_level(CS188, "minimaxClassic");
    vg_state *s = vg_state_new(g, 1);
    assert_int_equal(vg_num_agents(g, s), 4);
    for (int d = 1; d <= 4; d++) {
        long mcalls, acalls;
        adv_result m = search(g, s, ADV_MINIMAX, d, &mcalls);
        adv_result a = search(g, s, ADV_ALPHABETA, d, &acalls);
        assert_true(m.value == want[d - 1]);
        assert_true(a.value == want[d - 1]);
        assert_int_equal(a.move, m.move);
        assert_true(acalls < mcalls);
        assert_int_equal(m.depth, d);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* Through the registry, as 'vgdl decide' runs it: --agent minimax --set
 * depth=4, a 40 ms budget. */
static void test_agents_registered(void **state) {
    (void)state;
    vg_game *g = load_level(CS188, "minimaxClassic");
    vg_state *s = vg_state_new(g, 1);
    static const char *const names[] = {"minimax", "alphabeta", "expectimax"};
    const char *settings[] = {"depth=4"};
    long calls[3];
    for (int k = 0; k < 3; k++) {
        char why[256];
        agent *a = agent_new(names[k], g, settings, 1, 0, why, sizeof why);
        assert_non_null(a);
        assert_true(agent_param_value(a, "depth") == 4);
        assert_true(agent_param_value(a, "eval") == 0);
        agent_budget b = {.ms = 40}; /* vgdl's default; depth still rules */
        agent_report r;
        vg_action act = agent_move_action(g, agent_act(a, s, &b, &r));
        assert_true(r.has_value);
        if (k < 2) assert_true(r.value == -492);
        assert_int_equal(act, VG_ACTION_LEFT);
        assert_true(r.expanded > 0);
        calls[k] = r.calls;
        agent_free(a);
    }
    assert_true(calls[1] < calls[0]);
    assert_int_equal(calls[2], calls[0]); /* expectimax never prunes */
    vg_state_free(s);
    vg_game_free(g);
}

/* With 'anytime' and a call budget the search deepens 1, 2, ... and
 * answers from the deepest search that finished: 66 + 422 calls finish
 * depth 2 of minimaxClassic, 500 do not finish depth 3. Without
 * 'anytime' the budget does not cut the search short. */
static void test_budget_deepens(void **state) {
    (void)state;
    vg_game *g = load_level(CS188, "minimaxClassic");
    vg_state *s = vg_state_new(g, 1);
    adv_options o = {.kind = ADV_MINIMAX, .depth = 4, .anytime = 1};
    fm f = {.g = g, .max_calls = 500};
    adv_result r;
    adv_search(g, s, &o, &f, &r);
    assert_int_equal(r.depth, 2);
    assert_true(r.value == 8);
    assert_int_equal(r.move, vg_move_find(g, "LEFT"));
    assert_true(f.calls >= 500 && f.calls <= 502);
    o.anytime = 0;
    f = (fm){.g = g, .max_calls = 500};
    adv_search(g, s, &o, &f, &r);
    assert_int_equal(r.depth, 4);
    assert_true(r.value == -492);
    assert_int_equal(f.calls, 11832);
    vg_state_free(s);
    vg_game_free(g);
}

/* With eval=1 leaves are valued by cs188.lua's evaluate(state). */
static void test_evaluate_leaves(void **state) {
    (void)state;
    vg_game *g = load_level(CS188, "smallClassic");
    vg_state *s = vg_state_new(g, 1);
    assert_true(vg_game_has_evaluate(g));
    adv_options o = {.kind = ADV_EXPECTIMAX, .depth = 1, .eval = 1};
    fm f = {.g = g};
    adv_result r;
    assert_true(adv_search(g, s, &o, &f, &r) >= 0);
    assert_int_equal(f.status, VG_OK);
    adv_result plain = search(g, s, ADV_EXPECTIMAX, 1, NULL);
    assert_true(r.value != plain.value);
    vg_state_free(s);
    vg_game_free(g);
}

static uint64_t next_rand(uint64_t *x) {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* A state reached from the start by up to 'steps' random Pacman actions
 * (the ghosts by their policy), short of the game's end. */
static vg_state *random_state(const vg_game *g, uint64_t seed, int steps) {
    vg_state *s = vg_state_new(g, seed), *next = vg_state_clone(s);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (int k = 0; k < steps; k++) {
        vg_action acts[VG_MAX_ACTIONS];
        int n = vg_actions(g, s, acts);
        vg_state_copy(next, s);
        assert_int_equal(vg_advance(g, next, n ? acts[next_rand(&rng) % (uint64_t)n] : VG_ACTION_NIL, NULL), VG_OK);
        if (vg_is_over(next)) break;
        vg_state_copy(s, next);
    }
    vg_state_free(next);
    return s;
}

/* Alpha-beta = minimax (move and value) with no more calls, and
 * expectimax >= minimax, on random states of every layout. */
static void test_alphabeta_equals_minimax(void **state) {
    (void)state;
    long mtotal = 0, atotal = 0;
    for (int l = 0; l < NUM_LAYOUTS; l++) {
        vg_game *g = load_level(CS188, layouts[l]);
        int big = vg_num_agents(g, NULL) > 3 || vg_game_width(g) * vg_game_height(g) > 300;
        for (uint64_t seed = 1; seed <= 5; seed++) {
            vg_state *s = random_state(g, seed, (int)(seed * 6));
            for (int d = 1; d <= (big ? 2 : 3); d++) {
                long mc, ac;
                adv_result m = search(g, s, ADV_MINIMAX, d, &mc);
                adv_result a = search(g, s, ADV_ALPHABETA, d, &ac);
                adv_result e = search(g, s, ADV_EXPECTIMAX, d, NULL);
                if (a.move != m.move || a.value != m.value)
                    print_error("%s seed %d depth %d: minimax %s %g, alpha-beta %s %g\n", layouts[l], (int)seed, d,
                                vg_move_name(g, m.move), m.value, vg_move_name(g, a.move), a.value);
                assert_int_equal(a.move, m.move);
                assert_true(a.value == m.value);
                assert_true(ac <= mc);
                assert_true(e.value >= m.value);
                mtotal += mc;
                atotal += ac;
            }
            vg_state_free(s);
        }
        vg_game_free(g);
    }
    assert_true(atotal < mtotal);
}

/* A game without turns{} has one agent: minimax is then a plain
 * lookahead over the actions (Bait, level 0: the key is two moves away). */
static void test_game_without_turns(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    vg_state *s = vg_state_new(g, 0);
    assert_int_equal(vg_num_agents(g, s), 1);
    long mc, ac;
    adv_result m = search(g, s, ADV_MINIMAX, 3, &mc);
    adv_result a = search(g, s, ADV_ALPHABETA, 3, &ac);
    assert_true(m.move >= 0);
    assert_int_equal(a.move, m.move);
    assert_true(a.value == m.value);
    assert_int_equal(m.generated, 4 + 16 + 64);
    vg_state_free(s);
    vg_game_free(g);
}

/* A chance agent (turns{ chance }) is a chance node in all three searches,
 * its outcomes weighted by their probabilities. */
static void test_chance_agent(void **state) {
    (void)state;
    vg_game *g = load_game_text("tests/fixtures/cs188/chance.lua", ".");
    vg_state *s = vg_state_new(g, 0);
    assert_true(vg_is_chance(g, 1));
    for (int kind = ADV_MINIMAX; kind <= ADV_EXPECTIMAX; kind++) {
        adv_options o = {.kind = (adv_kind)kind, .depth = 1, .eval = 1};
        fm f = {.g = g};
        adv_result r;
        adv_search(g, s, &o, &f, &r);
        assert_int_equal(f.status, VG_OK);
        assert_string_equal(vg_move_name(g, r.move), "b");
        assert_true(fabs(r.value - 3) < 1e-12);
        assert_int_equal(r.generated, 6);
    }
    vg_state_free(s);
    vg_game_free(g);
}

/* ---- Berkeley's rules ------------------------------------------------- */

static int ghost_type(const vg_game *g) { return vg_type_find(g, "ghost"); }

static void ghost_pos(const vg_game *g, const vg_state *s, int k, double *x, double *y) {
    vg_obs obs[8];
    assert_true(vg_sprites_of(g, s, ghost_type(g), NULL, obs, 8) > k);
    *x = obs[k].x;
    *y = obs[k].y;
}

static void play(const vg_game *g, vg_state *s, int who, const char *move) {
    vg_error err = {0};
    int m = vg_move_find(g, move);
    assert_true(m >= 0);
    assert_int_equal(vg_turn(s), who);
    vg_status st = vg_play(g, s, who, m, &err);
    if (st != VG_OK) print_error("%s\n", err.msg);
    assert_int_equal(st, VG_OK);
}

/* The legal moves of 'agent', space-separated. */
static const char *legal(const vg_game *g, const vg_state *s, int who) {
    static char buf[128];
    int moves[VG_MAX_MOVES], n = vg_legal(g, s, who, moves, NULL);
    buf[0] = '\0';
    for (int k = 0; k < n; k++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", k ? " " : "", vg_move_name(g, moves[k]));
    return buf;
}

/* Legal moves in Berkeley's order West, Stop, East, North, South; ghosts
 * never stop and never reverse unless they must. */
static void test_legal_order(void **state) {
    (void)state;
    vg_game *g = load_layout(CS188, "tests/fixtures/cs188/open.lay");
    vg_state *s = vg_state_new(g, 0);
    assert_string_equal(legal(g, s, 0), "LEFT NIL RIGHT UP DOWN");
    play(g, s, 0, "NIL");
    assert_string_equal(legal(g, s, 1), "LEFT RIGHT UP DOWN");
    play(g, s, 1, "RIGHT"); /* ghost (4,2) -> (5,2), by the wall */
    play(g, s, 0, "NIL");
    assert_string_equal(legal(g, s, 1), "UP DOWN"); /* no Stop, no going back */
    play(g, s, 1, "UP");
    play(g, s, 0, "NIL");
    assert_string_equal(legal(g, s, 1), "LEFT"); /* the corner: only onwards */
    assert_true(vg_score(s) == -3);
    vg_state_free(s);
    vg_game_free(g);
}

/* A ghost walks into Pacman: -500, a loss; time penalty -1 per Pacman move. */
static void test_caught(void **state) {
    (void)state;
    vg_game *g = load_layout(CS188, "tests/fixtures/cs188/caught.lay");
    vg_state *s = vg_state_new(g, 0);
    play(g, s, 0, "RIGHT");
    assert_true(vg_score(s) == -1);
    assert_string_equal(legal(g, s, 1), "LEFT"); /* a dead end: reversing is allowed */
    play(g, s, 1, "LEFT");
    assert_true(vg_is_over(s));
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_true(vg_score(s) == -501);
    vg_state_free(s);
    vg_game_free(g);
}

/* Pacman walks into a ghost: the same. */
static void test_walk_into_ghost(void **state) {
    (void)state;
    vg_game *g = load_layout(CS188, "tests/fixtures/cs188/walk_into.lay");
    vg_state *s = vg_state_new(g, 0);
    play(g, s, 0, "RIGHT");
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_true(vg_score(s) == -501);
    assert_int_equal(vg_legal(g, s, 1, (int[VG_MAX_MOVES]){0}, NULL), 0);
    vg_state_free(s);
    vg_game_free(g);
}

/* The last food: +10, +500 and a win, even with a ghost on it. */
static void test_last_food_wins(void **state) {
    (void)state;
    vg_game *g = load_layout(CS188, "tests/fixtures/cs188/last_food.lay");
    vg_state *s = vg_state_new(g, 0);
    play(g, s, 0, "NIL");
    assert_string_equal(legal(g, s, 1), "LEFT RIGHT");
    play(g, s, 1, "LEFT"); /* onto the food, next to Pacman */
    assert_false(vg_is_over(s));
    play(g, s, 0, "RIGHT");
    assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    assert_true(vg_score(s) == -1 + 10 + 500 - 1);
    vg_state_free(s);
    vg_game_free(g);
}

/* A capsule scares the ghost: it moves half a cell a move, Pacman eats it
 * (+200) and it goes back to its start, no longer scared. */
static void test_capsule(void **state) {
    (void)state;
    vg_game *g = load_layout(CS188, "tests/fixtures/cs188/scared.lay");
    vg_state *s = vg_state_new(g, 0);
    double x, y;
    play(g, s, 0, "RIGHT"); /* the capsule */
    assert_true(vg_score(s) == -1);
    play(g, s, 1, "LEFT");
    ghost_pos(g, s, 0, &x, &y);
    assert_true(x == 6.5 && y == 1);
    play(g, s, 0, "RIGHT");
    assert_string_equal(legal(g, s, 1), "LEFT"); /* between cells: onwards only */
    play(g, s, 1, "LEFT");
    ghost_pos(g, s, 0, &x, &y);
    assert_true(x == 6 && y == 1);
    play(g, s, 0, "RIGHT");
    play(g, s, 1, "LEFT"); /* 5.5: 0.5 from Pacman after his next move */
    play(g, s, 0, "RIGHT");
    assert_false(vg_is_over(s));
    assert_true(vg_score(s) == -4 + 200);
    ghost_pos(g, s, 0, &x, &y);
    assert_true(x == 7 && y == 1); /* back at its start */
    play(g, s, 1, "LEFT");
    ghost_pos(g, s, 0, &x, &y);
    assert_true(x == 6); /* full speed again */
    play(g, s, 0, "RIGHT");
    assert_int_equal(vg_winner_of(s), VG_PLAYER_LOSES);
    assert_true(vg_score(s) == 196 - 501);
    vg_state_free(s);
    vg_game_free(g);
}

/* When the scared time (40 ghost moves) ends between two cells, the ghost
 * goes to the nearest cell (Berkeley's nearestPoint: halves round up in
 * Berkeley's y, which counts from the bottom). A second capsule eaten
 * while the ghost is between cells makes its 40th move end there. */
static void test_scared_time_ends(void **state) {
    (void)state;
    vg_game *g = load_layout(CS188, "tests/fixtures/cs188/ring.lay");
    vg_state *s = vg_state_new(g, 0);
    double x, y;
    play(g, s, 0, "RIGHT");
    assert_string_equal(legal(g, s, 1), "RIGHT UP");
    play(g, s, 1, "UP");    /* (5, 2.5) */
    play(g, s, 0, "RIGHT"); /* the second capsule: 40 again */
    for (int k = 0; k < 40; k++) {
        const char *only = legal(g, s, 1);
        assert_null(strchr(only, ' '));
        play(g, s, 1, only);
        ghost_pos(g, s, 0, &x, &y);
        if (k == 38) assert_true(x == 7 && y == 1); /* 19.5 cells round the ring: on (7,1) */
        play(g, s, 0, "NIL");
    }
    ghost_pos(g, s, 0, &x, &y);
    assert_true(x == 7 && y == 1);                    /* 20.5 cells: (7, 1.5), back to (7, 1) */
    assert_string_equal(legal(g, s, 1), "LEFT DOWN"); /* on a cell again, heading down */
    play(g, s, 1, "DOWN");
    ghost_pos(g, s, 0, &x, &y);
    assert_true(x == 7 && y == 2); /* a whole cell: not scared any more */
    assert_true(vg_score(s) == -42);
    vg_state_free(s);
    vg_game_free(g);
}

/* Ghost agents in Berkeley's order: by start x, then y from the bottom.
 * minimaxClassic's ghosts start at Berkeley (1,1), (5,2), (7,3), which are
 * map cells (1,3), (5,2), (7,1) -- the reverse of their map order. */
static void test_ghost_order(void **state) {
    (void)state;
    vg_game *g = load_level(CS188, "minimaxClassic");
    static const double start[3][2] = {{1, 3}, {5, 2}, {7, 1}};
    for (int who = 1; who <= 3; who++) {
        vg_state *s = vg_state_new(g, 0);
        play(g, s, 0, "NIL");
        for (int a = 1; a < who; a++) { /* the ghosts before it: their first legal move */
            int first[VG_MAX_MOVES];
            assert_true(vg_legal(g, s, a, first, NULL) > 0);
            assert_int_equal(vg_play(g, s, a, first[0], NULL), VG_OK);
        }
        vg_state *before = vg_state_clone(s);
        int moves[VG_MAX_MOVES];
        assert_true(vg_legal(g, s, who, moves, NULL) > 0);
        assert_int_equal(vg_play(g, s, who, moves[0], NULL), VG_OK);
        int moved = 0;
        for (int k = 0; k < 3; k++) {
            double bx, by, x, y;
            ghost_pos(g, before, k, &bx, &by);
            ghost_pos(g, s, k, &x, &y);
            if (bx != x || by != y) {
                moved++;
                assert_true(bx == start[who - 1][0] && by == start[who - 1][1]);
            }
        }
        assert_int_equal(moved, 1);
        vg_state_free(before);
        vg_state_free(s);
    }
    vg_game_free(g);
}

/* vg_advance on a game with turns: Pacman's action, then every ghost by
 * its policy; one tick is one round. */
static void test_advance_plays_a_round(void **state) {
    (void)state;
    vg_game *g = load_layout(CS188, "tests/fixtures/cs188/open.lay");
    vg_state *s = vg_state_new(g, 3);
    assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, NULL), VG_OK);
    assert_int_equal(vg_tick(s), 1);
    assert_int_equal(vg_turn(s), 0);
    double x, y;
    assert_true(vg_avatar_pos(g, s, &x, &y));
    assert_true(x == 1 && y == 2);
    ghost_pos(g, s, 0, &x, &y);
    assert_true(fabs(x - 4) + fabs(y - 2) == 1);
    assert_true(vg_score(s) == -1);
    vg_state_free(s);
    vg_game_free(g);
}

/* How often, over 2000 seeds, the ghost is at x = 'want_x' after one
 * vg_advance(action) on 'map'. */
static double share(const char *script, const char *map, vg_action action, double want_x) {
    vg_game *g = load_layout(script, map);
    vg_state *s = vg_state_new(g, 0);
    int hits = 0, n = 2000;
    for (int seed = 0; seed < n; seed++) {
        vg_state_reset(g, s, (uint64_t)seed * 0x9E3779B97F4A7C15ULL); /* spread: see docs/agents.md */
        assert_int_equal(vg_advance(g, s, action, NULL), VG_OK);
        double x, y;
        ghost_pos(g, s, 0, &x, &y);
        hits += x == want_x;
    }
    vg_state_free(s);
    vg_game_free(g);
    return (double)hits / n;
}

/* RandomGhost: uniform. DirectionalGhost: 0.8 shared by the best moves
 * plus 0.2 / n each. On open.lay the ghost's moves are LEFT RIGHT UP DOWN
 * and LEFT goes towards Pacman: 0.85. On flee.lay Pacman eats the capsule
 * and the scared ghost's moves are LEFT and RIGHT, half a cell: RIGHT
 * goes away from him, 0.9. */
static void test_ghost_policies(void **state) {
    (void)state;
    const char *open = "tests/fixtures/cs188/open.lay", *flee = "tests/fixtures/cs188/flee.lay";
    double r = share(CS188, open, VG_ACTION_NIL, 3), d = share(CS188_DIRECTIONAL, open, VG_ACTION_NIL, 3);
    assert_true(r > 0.21 && r < 0.29);
    assert_true(d > 0.82 && d < 0.88);
    r = share(CS188, flee, VG_ACTION_RIGHT, 4.5);
    d = share(CS188_DIRECTIONAL, flee, VG_ACTION_RIGHT, 4.5);
    assert_true(r > 0.46 && r < 0.54);
    assert_true(d > 0.87 && d < 0.93);
}

/* levels/cs188/X.lay is Berkeley's layout with every line stripped
 * (layout.py reads [line.strip() for line in f]). */
static void test_layouts_transcribed(void **state) {
    (void)state;
    for (int l = 0; l < (int)(sizeof all_layouts / sizeof all_layouts[0]); l++) {
        char path[256];
        snprintf(path, sizeof path, "tests/golden/cs188/layouts/%s.lay", all_layouts[l]);
        char *want = read_text(path);
        snprintf(path, sizeof path, "levels/cs188/%s.lay", all_layouts[l]);
        char *got = read_text(path);
        assert_string_equal(got, want);
        /* read as Berkeley reads it: lines stripped, the first row's width */
        size_t first = strcspn(want, "\n");
        while (first && want[first - 1] == ' ') first--;
        vg_game *g = load_level(CS188, all_layouts[l]);
        assert_int_equal(vg_game_width(g), (int)first);
        vg_state *s = vg_state_new(g, 0);
        int ghosts = vg_sprites_of(g, s, ghost_type(g), NULL, (vg_obs[8]){0}, 8);
        assert_int_equal(vg_num_agents(g, s), 1 + ghosts);
        vg_state_free(s);
        vg_game_free(g);
        free(got);
        free(want);
    }
}

int main(void) {
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_tree_cases_present),
        cmocka_unit_test(test_minimax_classic_values),
        cmocka_unit_test(test_agents_registered),
        cmocka_unit_test(test_budget_deepens),
        cmocka_unit_test(test_evaluate_leaves),
        cmocka_unit_test(test_alphabeta_equals_minimax),
        cmocka_unit_test(test_game_without_turns),
        cmocka_unit_test(test_chance_agent),
        cmocka_unit_test(test_legal_order),
        cmocka_unit_test(test_caught),
        cmocka_unit_test(test_walk_into_ghost),
        cmocka_unit_test(test_last_food_wins),
        cmocka_unit_test(test_capsule),
        cmocka_unit_test(test_scared_time_ends),
        cmocka_unit_test(test_ghost_order),
        cmocka_unit_test(test_advance_plays_a_round),
        cmocka_unit_test(test_ghost_policies),
        cmocka_unit_test(test_layouts_transcribed),
    };
    enum { NFIXED = sizeof fixed / sizeof fixed[0], MAX_CASES = 128 };
    static tree_case cases[MAX_CASES];
    static struct CMUnitTest tests[NFIXED + MAX_CASES];
    int n = tree_cases(cases, MAX_CASES);
    memcpy(tests, fixed, sizeof fixed);
    for (int k = 0; k < n; k++)
        tests[NFIXED + k] = (struct CMUnitTest){cases[k].name, run_tree_case, NULL, NULL, &cases[k]};
    return _cmocka_run_group_tests("adversarial", tests, (size_t)(NFIXED + n), NULL, NULL);
}
