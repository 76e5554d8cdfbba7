/* SPDX-License-Identifier: MIT
 *
 * overlap.c -- the collision pass's lookups (interact.c): which sprites of
 * a set of types overlap a sprite, in GVGAI's order.
 *
 * A lookup takes the static sprites from the level's per-cell lists, and
 * the changing ones from the state: the cell counts end most lookups at
 * once; past them, the types none of whose sprites covers the sprite's
 * cells are passed over (tick.h's type_cells), and the rest scanned, or
 * taken from the tick's cell lists when those pay (tick.h's cell_lists).
 */
#include <string.h>

#include "overlap.h"

/* Adds to out[n..) the sprites of list 'j' (t->cl) of leaf set 'types'
 * that overlap the square at pixel (x, y), other than 'r1', below index
 * 'n0' and, with 'live', not killed: as keys type << 16 | index (GVGAI's
 * order once sorted); returns the new n. */
static int cells_take(const tick_ctx *t, uint32_t j, int r1, int x, int y, uint64_t types, uint32_t n0, int live,
                      uint32_t *out, int n) {
    for (; j != CELLS_NONE; j = t->cl.next[j]) {
        const sprite *p = tick_sprite(t, j);
        if ((int)j == r1 || j >= n0 || !(types >> p->type & 1) || !physics_intersects(t->b, x, y, p->x, p->y) ||
            (live && (p->flags & SP_KILLED)) || n == MAX_REFS)
            continue;
        out[n++] = (uint32_t)p->type << 16 | j;
    }
    return n;
}

/* Sorts keys[0..n) by insertion: fast when they come nearly sorted. */
static void keys_insertion(uint32_t *keys, int n) {
    for (int i = 1; i < n; i++) {
        uint32_t key = keys[i];
        int k = i;
        for (; k > 0 && keys[k - 1] > key; k--) keys[k] = keys[k - 1];
        keys[k] = key;
    }
}

/* Sorts cells_take's keys[0..n): many (a crowded cell gives thousands,
 * of several types mixed) by type first (counted out into a buffer, last
 * first: a list is mostly descending, as cells_link puts a sprite first),
 * then each type's, now mostly ascending, by insertion. */
#define KEYS_BY_TYPE 32

static __attribute__((noinline)) void keys_sort_many(uint32_t *keys, int n) {
    uint32_t by_type[MAX_REFS];
    int at[65] = {0};
    for (int i = 0; i < n; i++) at[(keys[i] >> 16) + 1]++;
    for (int ty = 0; ty < 64; ty++) at[ty + 1] += at[ty];
    for (int i = n; i-- > 0;) by_type[at[keys[i] >> 16]++] = keys[i];
    for (int ty = 0, from = 0; ty < 64; from = at[ty++]) keys_insertion(by_type + from, at[ty] - from);
    memcpy(keys, by_type, (size_t)n * sizeof keys[0]);
}
static inline void keys_sort(uint32_t *keys, int n) {
    if (n > KEYS_BY_TYPE) keys_sort_many(keys, n);
    else keys_insertion(keys, n);
}

/* overlap_find()'s changing sprites of leaf set 'types' from the cell lists:
 * those under a cell where the corner of a square overlapping (x, y) can
 * be (up to a square left and up of it, moved onto the map as cells_key
 * moves corners off it), sorted. */
static int cells_near(tick_ctx *t, int r1, int x, int y, uint64_t types, uint32_t n0, int live, uint32_t *out) {
    const vg_game *g = t->g;
    int b = t->b, n = 0;
    int x0 = x - b + 1, x1 = x + b - 1, y0 = y - b + 1, y1 = y + b - 1;
    if (!t->cl.on || (types & ~t->cl.listed)) tick_cells_list(t, types);
    int c0 = cells_key(g, x0, 0), c1 = cells_key(g, x1, 0), r0 = cells_key(g, 0, y0), r1end = cells_key(g, 0, y1);
    for (int row = r0; row <= r1end; row += g->w)
        for (int k = c0; k <= c1; k++) n = cells_take(t, t->cl.head[row + k], r1, x, y, types, n0, live, out, n);
    keys_sort(out, n);
    return n;
}

/* Adds to out[n..max) the fixed sprites of leaf 'st' in cells[0..ncells)
 * other than 'r1' (with 'live', not killed this tick); returns n. */
static inline int fixed_at(const tick_ctx *t, int r1, int st, const int *cells, int ncells, int live, int *out, int n,
                           int max) {
    const vg_game *g = t->g;
    for (int k = 0; k < ncells; k++)
        for (uint32_t e = g->static_start[cells[k]]; e < g->static_start[cells[k] + 1]; e++) {
            int r = -(int)e - 1;
            if (g->static_ents[e].type == st && r != r1 && fixed_alive(g, t->s, e) && !(live && tick_killed(t, r)) &&
                n < max)
                out[n++] = r;
        }
    return n;
}

/* Whether overlap_find() for sprite 'r1' takes the changing sprites from the
 * cell lists rather than scanning their types: when those of its changing
 * partners are more than LIST_MIN (LIST_MIN_COUNTED on the grid, where a
 * scan stops at the last sprite its cell's count announces), and lists
 * are in use this tick or such scans have visited more sprites than the
 * state holds. */
#define LIST_MIN         64
#define LIST_MIN_COUNTED 128

static inline int lists_pay(tick_ctx *t, int r1, int counted) {
    const vg_game *g = t->g;
    int type = ref_type(g, t->s, r1);
    uint64_t types = g->partners[type] & g->changing;
    if (!(t->cl.sized >> type & 1)) { /* the sprites of r1's changing partners when the tick began */
        const uint16_t *end = state_ranges(t->s);
        uint32_t size = 0;
        for (uint64_t ts = types; ts; ts &= ts - 1) {
            int slot = g->range_slot[__builtin_ctzll(ts)];
            size += end[slot] - (slot ? end[slot - 1] : 0);
        }
        t->cl.size[type] = size;
        t->cl.sized |= 1ULL << type;
    }
    uint32_t size = t->cl.size[type];
    for (uint64_t ts = t->created & types; ts; ts &= ts - 1) size += t->ncreated[__builtin_ctzll(ts)];
    return size > (counted ? LIST_MIN_COUNTED : LIST_MIN) && (t->cl.on || (t->cl.scanned += size) > t->s->n);
}

/* Adds to out[n..max) the sprites of leaf 'st' in its lists (a list per
 * type and cell, by index) of cells near[0..nnear) that overlap the square
 * at pixel (x, y), other than 'r1', below index 'n0' and, with 'live', not
 * killed: by index (the lists merged); returns n. */
static int typed_take(const tick_ctx *t, int st, const int *near, int nnear, int r1, int x, int y, uint32_t n0,
                      int live, int *out, int n, int max) {
    const uint16_t *head = t->cl.head + t->g->cells_block[st], *next = t->cl.next;
    uint32_t at[9]; /* the next sprite of each list not done (below n0) */
    int k = 0;
    for (int c = 0; c < nnear; c++)
        if ((at[k] = head[near[c]]) < n0) k++;
    while (k > 0 && n < max) {
        int m = 0;
        for (int c = 1; c < k; c++) m = at[c] < at[m] ? c : m;
        uint32_t j = at[m];
        if ((at[m] = next[j]) >= n0) at[m] = at[--k]; /* that list is done (CELLS_NONE is past any n0) */
        const sprite *p = tick_sprite(t, j);
        if ((int)j != r1 && physics_intersects(t->b, x, y, p->x, p->y) && !(live && (p->flags & SP_KILLED)))
            out[n++] = (int)j;
    }
    return n;
}

/* overlapping_listed() with a list per type and cell (g->cells_typed):
 * each type wanted read from its own lists, in the cells where the corner
 * of an overlapping square can be (cells_near's), or the sprite's own
 * cell alone when it and every changing sprite are on the grid. */
static __attribute__((noinline)) int overlapping_typed(tick_ctx *t, int r1, int x, int y, uint64_t want,
                                                       const int *cells, int ncells, uint32_t n0, int live, int *out,
                                                       int max) {
    const vg_game *g = t->g;
    int near[9], nnear = 0, b = t->b, n = 0, cell = cell_exact(g, x, y);
    if (!t->cl.on || (want & g->changing & ~t->cl.listed)) tick_cells_list(t, want & g->changing);
    if (cell >= 0 && !t->s->loose) near[nnear++] = cell;
    else {
        int c0 = cells_key(g, x - b + 1, 0), c1 = cells_key(g, x + b - 1, 0);
        for (int row = cells_key(g, 0, y - b + 1), end = cells_key(g, 0, y + b - 1); row <= end; row += g->w)
            for (int k = c0; k <= c1; k++) near[nnear++] = row + k;
    }
    for (uint64_t ts = want; ts && n < max; ts &= ts - 1) {
        int st = __builtin_ctzll(ts);
        n = g->changing >> st & 1 ? typed_take(t, st, near, nnear, r1, x, y, n0, live, out, n, max)
                                  : fixed_at(t, r1, st, cells, ncells, live, out, n, max);
    }
    return n;
}

/* overlapping_listed() with a list per cell. */
static __attribute__((noinline)) int overlapping_cells(tick_ctx *t, int r1, int x, int y, uint64_t want,
                                                       const int *cells, int ncells, uint32_t n0, int live, int *out,
                                                       int max) {
    uint32_t near[MAX_REFS];
    int n = 0, at = 0, nnear = cells_near(t, r1, x, y, want & t->g->changing, n0, live, near);
    for (uint64_t ts = want; ts; ts &= ts - 1) {
        int st = __builtin_ctzll(ts);
        if (!(t->g->changing >> st & 1)) {
            n = fixed_at(t, r1, st, cells, ncells, live, out, n, max);
            continue;
        }
        for (; at < nnear && (int)(near[at] >> 16) == st; at++)
            if (n < max) out[n++] = (int)(near[at] & 0xffff);
    }
    return n;
}

/* overlap_find() with the changing sprites taken from the cell lists:
 * 'want' the leaf types to look for, 'cells' those r1 (at x, y) covers. */
static inline int overlapping_listed(tick_ctx *t, int r1, int x, int y, uint64_t want, const int *cells, int ncells,
                                     uint32_t n0, int live, int *out, int max) {
    return (t->g->cells_typed ? overlapping_typed : overlapping_cells)(t, r1, x, y, want, cells, ncells, n0, live, out,
                                                                       max);
}

/* The changing leaf types among 'types' (indexed in t->tc) with a sprite
 * that may cover one of cells[0..ncells). */
static inline uint64_t type_cells_near(const tick_ctx *t, uint64_t types, const int *cells, int ncells) {
    const type_cells *tc = &t->tc;
    uint64_t near = 0;
    unsigned m = 0;
    for (int k = 0; k < ncells; k++) m |= tc->mask[cells[k]];
    for (; m; m &= m - 1) near |= 1ULL << tc->type_of[__builtin_ctz(m)];
    return types & near;
}

/* Notes that a lookup scanned the changing leaf types 'types' (not
 * indexed). Past TYPE_CELLS_LOOKUPS such lookups in a tick, the scans are
 * counted per type (a scan as its sprites and 4 more: a type costs a
 * lookup something even with none), and a type scanned more than twice
 * over (and a few) is indexed by cell (t->tc): lookups then pass over it
 * where it is not. */
#define TYPE_CELLS_LOOKUPS 16

static __attribute__((noinline)) void type_cells_count(tick_ctx *t, uint64_t types) {
    type_cells *tc = &t->tc;
    if (tc->scanned == TYPE_CELLS_LOOKUPS + 1) memset(tc->visits, 0, sizeof tc->visits); /* the first past the mark */
    for (; types; types &= types - 1) {
        int type = __builtin_ctzll(types);
        uint32_t from, to;
        type_range(t, type, &from, &to);
        if ((tc->visits[type] += to - from + 4) > 2 * (to - from) + 16) tick_type_cells(t, 1ULL << type);
    }
}
static inline void type_cells_scanned(tick_ctx *t, uint64_t types) {
    if ((types &= ~t->tc.types) && ++t->tc.scanned > TYPE_CELLS_LOOKUPS) type_cells_count(t, types);
}

/* In phases: the cells r1 covers (a sprite is one cell square: at most
 * 2 x 2), the fixed types there, and whether changing sprites other than
 * r1 may be near (the cell counts tell, unless r1 is partly off the map);
 * the types the cell index rules out (t->tc); then each type wanted. r1 on
 * the grid: a sprite overlaps it only by covering its cell, so the cell's
 * count says how many changing sprites other than r1 are left to find; all
 * on the grid ('grid'): overlapping means being in that cell. A scan of a
 * changing type that covers r1 (not counted on the grid): while all
 * contacts are collected (lean set), sprites of r1's type below it that
 * all moved list theirs with r1 themselves (the lean types whose sprites
 * did not all move look for no sprite of their own type). Then the type's
 * new sprites: from the first of them (a termination's script may create
 * after tick_end: the new ones then start at t->settled) until all are
 * seen. */
int overlap_find(tick_ctx *t, int r1, uint64_t types, uint32_t n0, int live, int *out, int max) {
    const vg_game *g = t->g;
    const vg_state *s = t->s;
    const uint8_t *occ = state_occ(s);
    int x, y, n = 0, b = t->b;
    if (g->geom) return physics_overlapping(t, r1, types, n0, live, out, max);
    ref_pos(g, s, r1, &x, &y);
    int cells[4], ncells = 0, others, on_map = 1, cell = cell_exact(g, x, y);
    uint64_t fixed_here = 0;
    if (cell >= 0) {
        cells[ncells++] = cell;
        fixed_here = g->static_mask[cell];
        others = s->occ_full || occ[cell] > (r1 >= 0);
    } else if ((unsigned)x <= (unsigned)(g->pw - b) &&
               (unsigned)y <= (unsigned)(g->ph - b)) { /* square_on_map, from b at hand (its fields: Bait +0.2%) */
        ncells = square_cells(square_at(g, x, y), cells);
        others = s->occ_full;
        for (int k = 0; k < ncells; k++) {
            fixed_here |= g->static_mask[cells[k]];
            others |= occ[cells[k]] > (r1 >= 0);
        }
    } else {
        int c[4];
        on_map = 0;
        cells_of(g, x, y, c);
        others = s->occ_full || x < 0 || y < 0 || x + b > g->pw || y + b > g->ph;
        if (c[0] > c[1] || c[2] > c[3])
            types &= tick_outside(t); /* off the map: only sprites partly off it can meet it */
        for (int cy = c[2]; cy <= c[3]; cy++)
            for (int cx = c[0]; cx <= c[1]; cx++) {
                cells[ncells++] = cy * g->w + cx;
                fixed_here |= g->static_mask[cy * g->w + cx];
                others |= occ[cy * g->w + cx] > (r1 >= 0);
            }
    }
    uint64_t want = types & (fixed_here | (others ? g->changing : 0));
    if (!want) return 0;
    /* The changing types of sprites other than r1 the counts cannot rule
     * out: those that cover none of its cells, when it is on the map (a
     * sprite off the map is in no cell), are ruled out by t->tc. */
    uint64_t known = want & t->tc.types;
    if (known && on_map) {
        if (r1 >= 0) known &= ~(1ULL << state_sprite(s, r1)->type);
        want &= ~known | type_cells_near(t, known, cells, ncells);
        if (!want) return 0;
    }
    int counted = cell >= 0 && !s->occ_full, grid = counted && !s->loose, left = counted ? occ[cell] - (r1 >= 0) : 0;
    if (s->n > (counted ? LIST_MIN_COUNTED : LIST_MIN) && (want & g->changing) && lists_pay(t, r1, counted))
        return overlapping_listed(t, r1, x, y, want, cells, ncells, n0, live, out, max);
    uint64_t scanned = 0; /* the changing types scanned whole */
    for (uint64_t ts = want; ts; ts &= ts - 1) {
        int st = __builtin_ctzll(ts);
        if (!(g->changing >> st & 1)) {
            n = fixed_at(t, r1, st, cells, ncells, live, out, n, max);
            continue;
        }
        if (counted && left <= 0) continue;
        uint32_t from, to;
        type_range(t, st, &from, &to);
        if (from == to && !(t->created >> st & 1)) { /* none to find (counted as scanned, as before: themole) */
            scanned |= 1ULL << st;
            continue;
        }
        if (counted) {
            uint32_t j = from;
            for (; j < to && left > 0; j++) {
                const sprite *p = tick_sprite(t, j);
                if (grid ? p->x != x || p->y != y : !physics_intersects(b, x, y, p->x, p->y)) continue;
                left -= (int)j != r1;
                if ((int)j != r1 && !(live && (p->flags & SP_KILLED)) && n < max) out[n++] = (int)j;
            }
            if (left <= 0) continue;
            scanned |= 1ULL << st; /* other types crowd its cells */
        } else {
            if ((t->lean.types >> st & 1) && r1 >= 0 && (int)from <= r1 && r1 < (int)to) from = (uint32_t)r1 + 1;
            scanned |= 1ULL << st;
            for (uint32_t j = from; j < to; j++) {
                const sprite *p = tick_sprite(t, j);
                if (physics_intersects(b, x, y, p->x, p->y) && (int)j != r1 && !(live && (p->flags & SP_KILLED)) &&
                    n < max)
                    out[n++] = (int)j;
            }
        }
        if (__builtin_expect(t->created >> st & 1, 0)) {
            uint32_t j = t->new_at[st] > t->settled ? t->new_at[st] : t->settled;
            for (uint32_t k = t->ncreated[st]; j < n0 && k && (!counted || left > 0); j++) {
                const sprite *p = tick_sprite(t, j);
                if (p->type != st) continue;
                k--;
                if (!physics_intersects(b, x, y, p->x, p->y) || (int)j == r1) continue;
                left--;
                if (!(live && (p->flags & SP_KILLED)) && n < max) out[n++] = (int)j;
            }
        }
    }
    type_cells_scanned(t, scanned);
    return n;
}


/* The fixed types of its cells, and every changing type if another
 * changing sprite covers one of them. One lookup per cell. */
uint64_t overlap_near_types(const tick_ctx *t, int r) {
    const vg_game *g = t->g;
    const vg_state *s = t->s;
    int x, y, c[4], b = t->b;
    if (g->geom) return ~0ULL;
    ref_pos(g, s, r, &x, &y);
    if (s->occ_full || x < 0 || y < 0 || x + b > g->pw || y + b > g->ph) return ~0ULL;
    const uint8_t *occ = state_occ(s);
    int cell = cell_exact(g, x, y);
    if (cell >= 0) return g->static_mask[cell] | (occ[cell] > (r >= 0) ? g->changing : 0);
    cells_of(g, x, y, c);
    uint64_t near = 0;
    for (int cy = c[2]; cy <= c[3]; cy++)
        for (int cx = c[0]; cx <= c[1]; cx++) {
            near |= g->static_mask[cy * g->w + cx];
            if (occ[cy * g->w + cx] > (r >= 0)) near |= g->changing;
        }
    return near;
}
