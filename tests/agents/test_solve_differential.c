/* SPDX-License-Identifier: MIT
 *
 * test_solve_differential.c -- the level solver (agents/solve_level.c)
 * against a plain breadth-first search, on thousands of small generated
 * maps: Bait (0-3 keys, boxes, holes, mushrooms; the derived bound with
 * its key chain and frozen boxes),
 * GVGAI's Sokoban and Real Sokoban (the engine's derived "push" bound),
 * GVGAI's Labyrinth (the derived "reach" bound), GVGAI's Clusters (the
 * derived "merge" bound) and Zen Puzzle (reach for one type of a
 * MultiSpriteCounter win, with its spanning tree and grown walls; a
 * Flicker whose age decides the win) and The Citadel (reach with a
 * blocker a pushed boulder must remove). For every map the solver's length
 * equals the breadth-first search's, proven shortest, and its plan replays
 * to a win; or both find none. The maps come from a seeded generator, so a
 * failure names a seed and a map that reproduce it.
 *
 * The breadth-first search is written here as simply as it can be: every
 * action from every state, states told apart by vg_state_hash (all of a
 * state but the tick), no bound, no pruning but lost states. It is the
 * reference; the solver merges positions, orders by its bound and prunes
 * dead states, and must still agree.
 *
 * Default: 14,000 maps (4,000 Bait, 1,000 each of Clusters and Zen
 * Puzzle, 2,000 of each other; about a minute); VGDL_SLOW=1: ten times as
 * many, and bigger ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "solve_level.h"
#include "support.h"

/* ---- A plain breadth-first search ------------------------------------------ */

#define BFS_LIMIT 20000     /* states; a map needing more is skipped (counted) */
#define SEEN_CAP  (1 << 17) /* a power of two above 4 BFS_LIMIT */

typedef struct seen {
    uint64_t *slot; /* hash + 1; 0 empty */
    size_t cap;
    size_t *used, n; /* the slots filled, emptied again by seen_clear */
} seen;

/* 1 when 'h' was not in the set (it is now). */
static int seen_add(seen *st, uint64_t h) {
    h += !h;
    for (size_t i = (size_t)((h * 0x9e3779b97f4a7c15ULL) >> 40) & (st->cap - 1);; i = (i + 1) & (st->cap - 1)) {
        if (st->slot[i] == h) return 0;
        if (!st->slot[i]) return (int)(st->slot[i] = h, st->used[st->n++] = i, 1);
    }
}

/* Empties the set: only the slots filled, not the whole table (most maps fill a few). */
static void seen_clear(seen *st) {
    while (st->n) st->slot[st->used[--st->n]] = 0;
}

/* The bound is consistent along the action from a state whose bound is
 * 'h0' to 'to': h0 <= 1 + h(to) (a dead state is never a win's parent). */
static void consistent(const vg_game *g, int h0, const vg_state *to) {
    vg_error err = {0};
    int h1 = vg_bound(g, to, &err);
    if (h0 < VG_BOUND_DEAD ? h0 > 1 + h1 : vg_winner_of(to) == VG_PLAYER_WINS)
        fail_msg("the bound drops from %d to %d along one action", h0, h1);
}

/* States freed by the search, kept for reuse: a child that turns out to be
 * seen already costs a copy, not an allocation (a state's capacity makes it
 * a page-sized block or more). Emptied after each map: the next map is
 * another game, its states another size. */
typedef struct spare {
    vg_state **s;
    int n;
} spare;

static vg_state *spare_take(spare *sp, const vg_game *g) { return sp->n ? sp->s[--sp->n] : vg_state_new(g, 0); }
static void spare_put(spare *sp, vg_state *s) { sp->s[sp->n++] = s; }
static void spare_free(spare *sp) {
    while (sp->n) vg_state_free(sp->s[--sp->n]);
}

/* The fewest actions to a win from the level's start; -1 when no win can
 * be reached; -2 when more than BFS_LIMIT states would have to be seen. */
static int bfs(const vg_game *g) {
    static vg_state *layer_buf[BFS_LIMIT + 1], *next_buf[BFS_LIMIT + 1], *spare_buf[2 * BFS_LIMIT + 3];
    static uint64_t slots[SEEN_CAP];
    static size_t used[SEEN_CAP];
    vg_state **layer = layer_buf, **next = next_buf;
    seen st = {slots, SEEN_CAP, used, 0};
    spare sp = {spare_buf, 0};
    int n = 1, depth = 0, found = -1, total = 1;
    layer[0] = vg_state_new(g, 0);
    seen_add(&st, vg_state_hash(layer[0]));
    if (vg_winner_of(layer[0]) == VG_PLAYER_WINS) found = 0;
    while (found < 0 && n > 0 && total >= 0) {
        int m = 0;
        depth++;
        for (int i = 0; i < n && found < 0 && total >= 0; i++) {
            vg_action acts[VG_MAX_ACTIONS];
            vg_error err = {0};
            int na = vg_actions(g, layer[i], acts), h0 = vg_bound(g, layer[i], &err);
            for (int k = 0; k < na && found < 0; k++) {
                vg_state *c = spare_take(&sp, g);
                vg_state_copy(c, layer[i]);
                assert_int_equal(vg_advance(g, c, acts[k], NULL), VG_OK);
                if (vg_winner_of(c) == VG_PLAYER_WINS) found = depth;
                consistent(g, h0, c);
                if (vg_is_over(c) || !seen_add(&st, vg_state_hash(c))) {
                    spare_put(&sp, c);
                    continue;
                }
                if (++total > BFS_LIMIT) {
                    spare_put(&sp, c);
                    total = -1;
                    break;
                }
                next[m++] = c;
            }
        }
        for (int i = 0; i < n; i++) spare_put(&sp, layer[i]);
        vg_state **t = layer;
        layer = next, next = t, n = m;
    }
    for (int i = 0; i < n; i++) spare_put(&sp, layer[i]);
    spare_free(&sp);
    seen_clear(&st);
    return found >= 0 ? found : total < 0 ? -2 : -1;
}

/* ---- Generated maps ------------------------------------------------------------- */

typedef struct family {
    const char *script;
    const char *open;    /* what an open cell may hold, by weight: one character a share */
    const char *singles; /* placed once each, in distinct open cells */
    int extra_max;       /* up to this many more of 'extra' */
    char extra;
    int w0, w1, h0, h1; /* interior size ranges */
    char wall;          /* the border's character, 0: 'w' */
    int share;          /* maps: VGDL_DIFF_MAPS (4,000) / share */
    int skip_pct;       /* the most maps that may be skipped, in percent (0: 5) */
    char guard;         /* the goal 'g''s neighbours turned into this, 0: none */
} family;

static const family families[] = {
    /* Bait: 0-3 keys; boxes, holes, mushrooms, walls */
    {"scripts/bait.lua", "..........11100mw", "Ag", 3, 'k', 3, 5, 2, 4, 0, 1, 0, 0},
    /* GVGAI's Sokoban: one or two boxes, as many holes and maybe one more */
    {"gvgai/sokoban.txt", "..............w", "A10", 1, '1', 3, 5, 2, 4, 0, 2, 0, 0},
    /* GVGAI's Real Sokoban: a box on a hole turns into another type, and back off it */
    {"gvgai/realsokoban.txt", "..............w", "Ao*", 1, '*', 3, 5, 2, 4, 0, 2, 0, 0},
    /* GVGAI's Labyrinth: walls, traps, the exit */
    {"gvgai/labyrinth.txt", "......wwt", "Ax", 0, 'x', 4, 7, 3, 5, 0, 2, 0, 0},
    /* GVGAI's Clusters: blue boxes into a blue block (the derived "merge" bound), holes, red ones;
     * its maps are bigger */
    {"gvgai/clusters.txt", "..........................wwh2b", "Aa1", 1, '1', 4, 6, 3, 4, 0, 4, 0, 0},
    /* GVGAI's Zen Puzzle: a MultiSpriteCounter win; ground turns as the avatar walks on it.
     * Every spawn draws from the generator, which vg_state_hash tells apart, so the reference
     * cannot exhaust a map the avatar gets stuck in: more of them are skipped. */
    {"gvgai/zenpuzzle.txt", "...ggrr", "A", 0, 'g', 2, 3, 2, 3, 'r', 4, 25, 0},
    /* GVGAI's The Citadel: the goal behind roundholes only a pushed boulder fills (the derived
     * "blocker" bound), squareholes only crates fill, crates pushing crates */
    {"gvgai/thecitadel.txt", "......ww0c", "Agb", 1, 'b', 4, 6, 3, 4, 0, 2, 0, '0'},
};

/* A random map of family 'f' into 'buf'. */
static void generate(const family *f, uint64_t *r, char *buf, int slow) {
    int w = f->w0 + rng_below(r, f->w1 - f->w0 + 1 + slow), h = f->h0 + rng_below(r, f->h1 - f->h0 + 1 + slow);
    char cell[16][16];
    for (int y = 0; y < h + 2; y++)
        for (int x = 0; x < w + 2; x++)
            cell[y][x] = x == 0 || y == 0 || x == w + 1 || y == h + 1 ? (f->wall ? f->wall : 'w')
                                                                      : f->open[rng_below(r, (int)strlen(f->open))];
    int nextra = f->extra_max ? rng_below(r, f->extra_max + 1) : 0;
    if (strstr(f->script, "sokoban") && nextra) { /* Sokoban: a hole for the extra box too */
        int x = 1 + rng_below(r, w), y = 1 + rng_below(r, h);
        cell[y][x] = f->extra == '1' ? '0' : 'o';
    }
    char place[8];
    int np = snprintf(place, sizeof place, "%s", f->singles), free_cells[256], nfree = 0;
    for (int k = 0; k < nextra && np < 7; k++) place[np++] = f->extra;
    for (int y = 1; y <= h; y++)
        for (int x = 1; x <= w; x++) free_cells[nfree++] = y * 16 + x;
    for (int k = 0; k < np && k < nfree; k++) { /* distinct cells: a partial shuffle */
        int j = k + rng_below(r, nfree - k), c = free_cells[j];
        free_cells[j] = free_cells[k], free_cells[k] = c;
        cell[c / 16][c % 16] = place[k];
    }
    for (int c = 17; f->guard && c < (h + 1) * 16; c++) { /* the goal behind guards */
        if (cell[c / 16][c % 16] != 'g') continue;
        const int nb[4] = {c - 1, c + 1, c - 16, c + 16};
        for (int d = 0; d < 4; d++)
            if (cell[nb[d] / 16][nb[d] % 16] != 'w' && cell[nb[d] / 16][nb[d] % 16] != 'A')
                cell[nb[d] / 16][nb[d] % 16] = f->guard;
    }
    char *o = buf;
    for (int y = 0; y < h + 2; y++) {
        memcpy(o, cell[y], (size_t)w + 2);
        o += w + 2;
        *o++ = '\n';
    }
    *o = '\0';
}

/* One map: 2 compared and won, 1 compared and unsolvable, 0 skipped (too
 * big for the reference). */
static int compare(const family *f, const char *map, uint64_t seed) {
    vg_game *g = NULL;
    vg_error err = {0};
    if (vg_game_load_text(repo_path(f->script), map, "generated", &g, &err) != VG_OK)
        return 0; /* no avatar left, say */
    int want = bfs(g);
    if (want == -2) {
        vg_game_free(g);
        return 0;
    }
    vg_state *s = vg_state_new(g, 0);
    int h = vg_bound(g, s, &err);
    if (want >= 0 && h > want)
        fail_msg("%s, seed %llu: the bound %d exceeds the shortest win, %d, on\n%s", f->script,
                 (unsigned long long)seed, h, want, map);
    solve_opts o = {4 * BFS_LIMIT, 0, 1, 0};
    solve_result r;
    fm fmv = {.g = g};
    solve_level(g, &fmv, s, &o, &r);
    int got = r.status == SOLVE_SOLVED ? r.len : r.status == SOLVE_UNSOLVABLE ? -1 : -3;
    if (got != want || (got >= 0 && !r.optimal))
        fail_msg("%s, seed %llu: the solver says %d%s, breadth-first search %d, on\n%s", f->script,
                 (unsigned long long)seed, got, r.optimal ? "" : " (not proven)", want, map);
    for (int k = 0; k < r.len; k++) {
        assert_false(vg_is_over(s));
        assert_int_equal(vg_advance(g, s, r.plan[k], NULL), VG_OK);
    }
    if (got >= 0) assert_int_equal(vg_winner_of(s), VG_PLAYER_WINS);
    free(r.plan);
    vg_state_free(s);
    vg_game_free(g);
    return got >= 0 ? 2 : 1;
}

/* One family's maps, each compared. */
static void test_family(void **state) {
    const family *f = *state;
    int slow = getenv("VGDL_SLOW") != NULL, k = (int)(f - families);
    int per = getenv("VGDL_DIFF_MAPS") ? atoi(getenv("VGDL_DIFF_MAPS")) : slow ? 40000 : 4000;
    double t0 = now_seconds();
    int compared = 0, won = 0, skipped = 0, maps = per / f->share;
    uint64_t r = rng_seed_of(1000 + (uint64_t)k);
    for (int i = 0; i < maps; i++) {
        char map[400];
        uint64_t seed = r;
        generate(f, &r, map, slow);
        int c = compare(f, map, seed);
        compared += c > 0, won += c == 2, skipped += c == 0;
    }
    printf("%s: %d maps compared (%d won), %d skipped, %.1f s\n", f->script, compared, won, skipped,
           now_seconds() - t0);
    int skip_pct = f->skip_pct ? f->skip_pct : 5;
    assert_true(skipped * 100 < maps * skip_pct && won * 10 > maps); /* most compared, many won */
}

int main(int argc, char **argv) {
    enum { NF = sizeof families / sizeof *families };
    struct CMUnitTest tests[NF];
    for (int k = 0; k < NF; k++)
        tests[k] = (struct CMUnitTest){
            .name = families[k].script, .test_func = test_family, .initial_state = (void *)&families[k]};
    return run_group("solve_differential", tests, NF, argc, argv);
}
