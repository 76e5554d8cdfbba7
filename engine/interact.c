/* SPDX-License-Identifier: MIT
 *
 * interact.c -- the collision pass of a tick: which effects run on which
 * sprites, in GVGAI's order (the effects themselves are in effect*.c).
 *
 * Called once per tick after every sprite has moved. It visits the pairs of
 * types in the order the script first names them and runs each pair's
 * effects on every overlapping pair of sprites, as GVGAI's eventHandling
 * does: the first sprites are taken as they were when the effect started,
 * the second ones are looked up again for each first sprite, and a first
 * sprite killed on the way takes part in nothing more.
 *
 * Pairs are few (tens) but checks are many, so a per-cell mask of the types
 * present (static ones from the level, changing ones rebuilt per tick)
 * lets most checks end after one lookup.
 *
 * Sprites are named by references (see ref_pos in state.h), so static
 * sprites take part without being copied into the state.
 */
#include <string.h>

#include "class.h"
#include "effect.h"
#include "interact.h"

/* ---- The collision pass ----------------------------------------------- */

#define MAX_REFS (VG_MAX_SPRITES + 64)

static inline uint64_t ref_key(const tick_ctx *t, int r) {
    return (uint64_t)ref_type(t->g, t->s, r) << 32 | ref_id(t->g, t->s, r);
}

/* Adds to 'out' (n of them, sorted) the sprites of list 'j' (t->cl) of
 * leaf set 'types' that overlap the square at pixel (x, y), other than
 * 'r1', below index 'n0' and, with 'live', not killed: as keys type << 16 |
 * index, GVGAI's order. */
static int cells_take(const tick_ctx *t, uint32_t j, int r1, int x, int y, uint64_t types, uint32_t n0, int live,
                      uint32_t *out, int n) {
    for (; j != CELLS_NONE; j = t->cl.next[j]) {
        const sprite *p = tick_sprite(t, j);
        if ((int)j == r1 || j >= n0 || !(types >> p->type & 1) || !physics_intersects(t->b, x, y, p->x, p->y) ||
            (live && (p->flags & SP_KILLED)) || n == MAX_REFS)
            continue;
        uint32_t key = (uint32_t)p->type << 16 | j;
        int k = n++;
        for (; k > 0 && out[k - 1] > key; k--) out[k] = out[k - 1];
        out[k] = key;
    }
    return n;
}

/* overlapping()'s changing sprites of leaf set 'types' from the cell lists:
 * those under a cell where the corner of a square overlapping (x, y) can
 * be (up to a square left and up of it, moved onto the map as cells_key
 * moves corners off it). */
static int cells_near(tick_ctx *t, int r1, int x, int y, uint64_t types, uint32_t n0, int live, uint32_t *out) {
    const vg_game *g = t->g;
    int b = t->b, n = 0;
    int x0 = x - b + 1, x1 = x + b - 1, y0 = y - b + 1, y1 = y + b - 1;
    if (!t->cl.on || (types & ~t->cl.listed)) tick_cells_list(t, types);
    int c0 = cells_key(g, x0, 0), c1 = cells_key(g, x1, 0), r0 = cells_key(g, 0, y0), r1end = cells_key(g, 0, y1);
    for (int row = r0; row <= r1end; row += g->w)
        for (int k = c0; k <= c1; k++) n = cells_take(t, t->cl.head[row + k], r1, x, y, types, n0, live, out, n);
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

/* Whether overlapping() for sprite 'r1' takes the changing sprites from the
 * cell lists rather than scanning their types: when those of its changing
 * partners are more than LIST_MIN (LIST_MIN_COUNTED on the grid, where a
 * scan stops at the last sprite its cell's count announces), and lists
 * are in use this tick or such scans have visited more sprites than the
 * state holds. */
#define LIST_MIN         64
#define LIST_MIN_COUNTED 128

static inline int lists_pay(tick_ctx *t, int r1, uint32_t n0, int counted) {
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
    uint32_t size = t->cl.size[type] + (t->created & types ? n0 - t->settled : 0);
    return size > (counted ? LIST_MIN_COUNTED : LIST_MIN) && (t->cl.on || (t->cl.scanned += size) > t->s->n);
}

/* overlapping() with the changing sprites taken from the cell lists:
 * 'want' the leaf types to look for, 'cells' those r1 (at x, y) covers. */
static __attribute__((noinline)) int overlapping_listed(tick_ctx *t, int r1, int x, int y, uint64_t want,
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
    if (types && ++t->tc.scanned > TYPE_CELLS_LOOKUPS) type_cells_count(t, types);
}

/* The sprites of leaf set 'types' that overlap sprite 'r1' and existed
 * when the effect started (index below 'n0'), in GVGAI's order: by type,
 * then by id. With 'live', sprites killed this tick are left out. */
static int overlapping(tick_ctx *t, int r1, uint64_t types, uint32_t n0, int live, int *out, int max) {
    const vg_game *g = t->g;
    const vg_state *s = t->s;
    const uint8_t *occ = state_occ(s);
    int x, y, n = 0, b = t->b;
    if (g->geom) return physics_overlapping(t, r1, types, n0, live, out, max);
    ref_pos(g, s, r1, &x, &y);
    /* The cells r1 covers (a sprite is one cell square: at most 2 x 2),
     * the fixed types there, and whether changing sprites other than r1
     * may be near: the cell counts tell, unless r1 is partly off the map. */
    int cells[4], ncells = 0, others, cell = cell_exact(g, x, y);
    uint64_t fixed_here = 0;
    if (cell >= 0) {
        cells[ncells++] = cell;
        fixed_here = g->static_mask[cell];
        others = s->occ_full || occ[cell] > (r1 >= 0);
    } else {
        int c[4];
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
    if (known && (cell >= 0 || (x >= 0 && y >= 0 && x + b <= g->pw && y + b <= g->ph))) {
        if (r1 >= 0) known &= ~(1ULL << state_sprite(s, r1)->type);
        want &= ~known | type_cells_near(t, known, cells, ncells);
        if (!want) return 0;
    }
    /* r1 on the grid: a sprite overlaps it only by covering its cell, so the
     * cell's count says how many changing sprites other than r1 are left to
     * find; all on the grid ('grid'): overlapping means being in that cell. */
    int counted = cell >= 0 && !s->occ_full, grid = counted && !s->loose, left = counted ? occ[cell] - (r1 >= 0) : 0;
    if (s->n > (counted ? LIST_MIN_COUNTED : LIST_MIN) && (want & g->changing) && lists_pay(t, r1, n0, counted))
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
            /* While all contacts are collected (lean set), sprites of r1's
             * type below it that all moved list theirs with r1 themselves. */
            if ((t->lean.types >> st & 1) && r1 >= 0 && (int)from <= r1 && r1 < (int)to) from = (uint32_t)r1 + 1;
            scanned |= 1ULL << st;
            for (uint32_t j = from; j < to; j++) {
                const sprite *p = tick_sprite(t, j);
                if (physics_intersects(b, x, y, p->x, p->y) && (int)j != r1 && !(live && (p->flags & SP_KILLED)) &&
                    n < max)
                    out[n++] = (int)j;
            }
        }
        for (uint32_t j = t->settled; j < n0 && (t->created >> st & 1) && (!counted || left > 0);
             j++) { /* then the new ones */
            const sprite *p = tick_sprite(t, j);
            if (p->type != st || !physics_intersects(b, x, y, p->x, p->y) || (int)j == r1) continue;
            left--;
            if (!(live && (p->flags & SP_KILLED)) && n < max) out[n++] = (int)j;
        }
    }
    type_cells_scanned(t, scanned);
    return n;
}

/* 0 when changing sprite 'p', on the grid, overlaps nothing of leaf set
 * 'types' for sure: overlapping()'s first test, made before calling it. */
static inline int overlaps_maybe(const tick_ctx *t, const sprite *p, uint64_t types) {
    const vg_game *g = t->g;
    int cell = g->geom ? -1 : cell_exact(g, p->x, p->y);
    if (cell < 0 || t->s->occ_full) return 1;
    return (types & (g->static_mask[cell] | (state_occ(t->s)[cell] > 1 ? g->changing : 0))) != 0;
}

/* A superset of the leaf types that may overlap sprite 'r' where it is
 * now: the fixed types of its cells, and every changing type if another
 * changing sprite covers one of them. One lookup per cell. */
static uint64_t near_types(const tick_ctx *t, int r) {
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

/* ---- Contacts: what the moved sprites overlap ------------------------- */

/* In a tick that checks only moved sprites, every overlap under a rule
 * involves a sprite that moved, or one whose overlap outlasted the last
 * tick: interact_persist marks those, and tick_begin counts them as moved.
 * So the pass needs only the contacts: each moved sprite with every sprite
 * overlapping it whose type it has rules with, each pair once. They are
 * collected again whenever something has moved since ('stamp' goes up when
 * one is added); a tick with more contacts than fit checks every pair
 * instead. */
static int is_moved(const tick_ctx *t, int r) { return r >= 0 && (t->touched[r >> 6] >> (r & 63) & 1); }

static int is_dirty(const tick_ctx *t, int r) { return r >= 0 && (t->dirty_bits[r >> 6] >> (r & 63) & 1); }

/* The pairs a contact between leaf types 'ta' and 'tb' gives work to, folded
 * into one word (bit p % 64 for pair p): a clear bit rules a pair out. */
static inline uint64_t pairs_of(const vg_game *g, int ta, int tb) {
    if (g->npairs <= 64)
        return (g->pairs_as1[ta][0] & g->pairs_as2[tb][0]) | (g->pairs_as2[ta][0] & g->pairs_as1[tb][0]);
    uint64_t bits = 0;
    for (int w = 0; w < (g->npairs + 63) / 64; w++)
        bits |= (g->pairs_as1[ta][w] & g->pairs_as2[tb][w]) | (g->pairs_as2[ta][w] & g->pairs_as1[tb][w]);
    return bits;
}

/* In a collection of all the contacts, two types whose sprites have all
 * moved need not look for each other both ways: only the one with fewer
 * sprites (the lower type on a tie) looks for the other's. 'types' are
 * those whose sprites have all moved, noscan[x] (x in 'types') the types x
 * does not look for. Worth it only when many sprites moved (LEAN_MIN). */
#define LEAN_MIN 16

static void lean_find(tick_ctx *t, lean *l) {
    int moved[VG_MAX_TYPES], size[VG_MAX_TYPES];
    uint64_t seen = 0;
    l->types = 0;
    for (uint32_t k = 0; k < t->nmoved; k++) {
        int ty = tick_sprite(t, t->moved[k])->type;
        if (!(seen >> ty & 1)) seen |= 1ULL << ty, moved[ty] = size[ty] = 0;
        moved[ty]++;
    }
    for (uint32_t j = t->settled; j < t->s->n; j++) /* new sprites (all moved) */
        if (seen >> tick_sprite(t, j)->type & 1) size[tick_sprite(t, j)->type]++;
    for (uint64_t ts = seen; ts; ts &= ts - 1) {
        int ty = __builtin_ctzll(ts);
        uint32_t from, to;
        type_range(t, ty, &from, &to);
        if (moved[ty] == (int)(to - from) + size[ty]) l->types |= 1ULL << ty;
    }
    for (uint64_t xs = l->types; xs; xs &= xs - 1) {
        int x = __builtin_ctzll(xs);
        l->noscan[x] = 0;
        for (uint64_t ys = l->types & ~(1ULL << x); ys; ys &= ys - 1) {
            int y = __builtin_ctzll(ys);
            if (moved[x] > moved[y] || (moved[x] == moved[y] && x > y)) l->noscan[x] |= 1ULL << y;
        }
    }
}

/* 1 when sprites of type 'x' do not look for those of type 'y' (see lean). */
static int lean_skips(const lean *l, int x, int y) { return (l->types >> x & 1) && (l->noscan[x] >> y & 1); }

/* Adds the contacts of moved sprite 'm': each sprite overlapping it whose
 * type it has rules with, each pair once (a moved other side with a lower
 * index lists it, unless 'skip' says that side's are added too or 'l' says
 * it does not look for m's type; a pair of two moved sprites is kept lower
 * index first). Returns 0 when they do not fit (the tick is then switched
 * to checking every pair). */
static inline __attribute__((always_inline)) int contacts_add(tick_ctx *t, int m, int (*skip)(const tick_ctx *, int)) {
    contacts *c = &t->ct;
    const lean *l = &t->lean;
    const vg_game *g = t->g;
    const sprite *p = tick_sprite(t, m);
    int near[MAX_REFS], tm = p->type;
    uint64_t types = g->partners[tm], km = (uint64_t)tm << 32 | p->id;
    if ((l->types >> tm & 1) && !(types &= ~l->noscan[tm])) return 1;
    /* Back where the tick began and not lingering, it overlapped nothing
     * under a rule then (see interact_persist): now only sprites that moved
     * can (no fixed ones), none when it alone did (a step back into an
     * empty cell). Looked at when collecting one sprite's contacts again,
     * or all of few. */
    if ((skip == is_dirty || t->nmoved == 1) && (uint32_t)m < t->settled && !(p->flags & SP_LINGER) &&
        p->x == t->lx[m] && p->y == t->ly[m] && (t->nmoved == 1 || !(types &= g->changing)))
        return 1;
    if (!overlaps_maybe(t, p, types)) return 1;
    int n = overlapping(t, m, types, t->s->n, 0, near, MAX_REFS);
    for (int j = 0; j < n; j++) {
        int o = near[j], low = is_moved(t, o) && o < m;
        if (low && skip(t, o) && !lean_skips(l, tick_sprite(t, o)->type, tm)) continue; /* listed from its side */
        if (c->n == MAX_CONTACTS) {
            c->valid = 0;
            c->version = t->version - 1;
            t->full = 1;
            return 0;
        }
        struct contact *ct = &c->at[c->n++];
        uint64_t ko = ref_key(t, o);
        ct->a = low ? o : m;
        ct->b = low ? m : o;
        ct->ka = low ? ko : km;
        ct->kb = low ? km : ko;
        ct->pairs = pairs_of(g, tm, (int)(ko >> 32));
    }
    return 1;
}

/* Collects all of t->ct again, each moved sprite's contacts; returns 0
 * when they do not fit. */
static inline __attribute__((always_inline)) int contacts_all(tick_ctx *t) {
    contacts *c = &t->ct;
    if (t->nmoved >= LEAN_MIN) lean_find(t, &t->lean);
    c->n = 0;
    for (uint32_t k = 0; k < t->nmoved; k++)
        if (!contacts_add(t, t->moved[k], is_moved)) return 0;
    t->lean.types = 0;
    c->stamp++;
    return 1;
}

/* While t->track: collects again the contacts of the sprites that changed
 * place since the last time (all of them, when too many did), and forgets
 * which did; returns 0 when they do not fit. */
static int contacts_update(tick_ctx *t) {
    contacts *c = &t->ct;
    for (uint32_t k = c->nmoved; k < t->nmoved; k++) tick_dirty(t, t->moved[k]);
    if (t->ndirty > MAX_DIRTY) {
        if (!contacts_all(t)) return 0;
        memset(t->dirty_bits, 0, (t->s->cap + 63) / 64 * sizeof t->dirty_bits[0]);
        t->ndirty = 0;
        return 1;
    }
    int kept = 0, d = t->ndirty == 1 ? t->dirty[0] : -1;
    if (d >= 0) { /* the common case: one sprite moved (a step back) */
        while (kept < c->n && c->at[kept].a != d && c->at[kept].b != d) kept++; /* kept in place */
        for (int i = kept; i < c->n; i++)
            if (c->at[i].a != d && c->at[i].b != d) c->at[kept++] = c->at[i];
    } else {
        for (int i = 0; i < c->n; i++)
            if (!is_dirty(t, c->at[i].a) && !is_dirty(t, c->at[i].b)) c->at[kept++] = c->at[i];
    }
    c->n = kept;
    for (uint32_t k = 0; k < t->ndirty; k++)
        if (!contacts_add(t, t->dirty[k], is_dirty)) return 0;
    c->stamp += c->n > kept; /* dropping contacts adds no first sprite (see next_first) */
    for (uint32_t k = 0; k < t->ndirty; k++) t->dirty_bits[t->dirty[k] >> 6] &= ~(1ULL << (t->dirty[k] & 63));
    t->ndirty = 0;
    return 1;
}

/* Below this many moved sprites, collecting all contacts again costs less
 * than noting which sprites changed place (t->track) to collect theirs. */
#define TRACK_MIN 4

/* 1 when sprite 'r' was created since the contacts were last collected. */
static int is_new(const tick_ctx *t, int r) { return r >= (int)t->ct.nsprites; }

/* 1 when all that happened since the contacts were last collected is that
 * sprites were created: each creation counts one version and one moved
 * sprite, a move or a touch more (tick.c). */
static int only_created(const tick_ctx *t) {
    const contacts *c = &t->ct;
    uint32_t made = t->s->n - c->nsprites;
    return c->valid && t->version - c->version == made && t->nmoved - c->nmoved == made;
}

/* Collects t->ct: all of them, or while t->track only those of the
 * sprites that changed place since the last time; returns 0 when they do
 * not fit. */
static int contacts_collect(tick_ctx *t) {
    contacts *c = &t->ct;
    if (c->valid && t->track) {
        if (!contacts_update(t)) return 0;
    } else if (t->census && only_created(t)) {
        int before = c->n;
        for (uint32_t j = c->nsprites; j < t->s->n; j++)
            if (!contacts_add(t, (int)j, is_new)) return 0;
        c->stamp += c->n > before;
    } else {
        if (!contacts_all(t)) return 0;
        if (!t->track && t->nmoved >= TRACK_MIN) { /* from now on, note the sprites that change place */
            memset(t->dirty_bits, 0, (t->s->cap + 63) / 64 * sizeof t->dirty_bits[0]);
            t->track = 1;
            t->ndirty = 0;
        }
    }
    c->valid = 1;
    c->version = t->version;
    c->nmoved = t->nmoved;
    c->nsprites = t->s->n;
    return 1;
}

/* Brings t->ct up to date (see contacts_collect). */
static inline int contacts_fresh(tick_ctx *t) {
    const contacts *c = &t->ct;
    return c->version == t->version || contacts_collect(t); /* t->version counts touches too */
}

/* The pairs with work, as a bit set: those with a contact between their sides. */
static void contacts_pairs(tick_ctx *t, uint64_t active[PAIR_WORDS]) {
    const vg_game *g = t->g;
    int words = (g->npairs + 63) / 64;
    active[0] = 0;
    if (words == 1) { /* the folded word is exact */
        for (int i = 0; i < t->ct.n; i++) active[0] |= t->ct.at[i].pairs;
        return;
    }
    memset(active, 0, (size_t)words * sizeof active[0]);
    for (int i = 0; i < t->ct.n; i++) {
        int ta = (int)(t->ct.at[i].ka >> 32), tb = (int)(t->ct.at[i].kb >> 32);
        for (int w = 0; w < words; w++)
            active[w] |= (g->pairs_as1[ta][w] & g->pairs_as2[tb][w]) | (g->pairs_as2[ta][w] & g->pairs_as1[tb][w]);
    }
}

/* 1 when 'r' existed when the effect started (sprites below 'n0'). */
static int existed(int r, uint32_t n0) { return r < 0 || (uint32_t)r < n0; }

/* The first sprites an effect may still visit, in GVGAI's order: each
 * side of a contact whose other side is a second sprite, with a key above
 * the last one visited; taken from the contacts as they were at 'stamp'.
 * Contacts dropped since leave a sprite listed that may have no second
 * left (the caller skips it); one added since changes the stamp, and the
 * list is made again. So an effect's loop reads the contacts about once,
 * not once per first sprite. */
typedef struct firsts {
    int n, at;
    uint32_t stamp;
    uint64_t key[2 * MAX_CONTACTS];
    int ref[2 * MAX_CONTACTS];
    int walking; /* a tick that checks every pair: the first sprites are walk 'w''s, */
    sprite_walk w;
    around box; /* ... but for those that miss the seconds' rectangle (not standing on ground) */
} firsts;

/* Every first sprite, in GVGAI's order (the walk's), from the one after
 * 'after' once 'started', but those that meet no second sprite for sure:
 * those that miss the rectangle around the second sprites (physics.h's
 * around), when these are few and changing and not first sprites too
 * (those all meet it). It is made when a first sprite is to be checked
 * against it, again whenever something has moved since (t->version), at
 * most AROUND_REMAKES times in an effect (then dropped: things keep
 * moving). A fixed type of first sprites is passed over whole when the
 * rectangle around its static sprites misses it. The walk goes on from one
 * call to the next: the sprites do not move in the array during a tick,
 * and those created since the effect started are not walked. */
#define AROUND_REMAKES 4

static int next_any(tick_ctx *t, firsts *f, const pair_def *pd, uint32_t n0, uint64_t after, int started, int *r) {
    const vg_game *g = t->g;
    uint64_t t2 = g->types[pd->t2].subtypes;
    if (!f->walking) {
        tick_walk(&f->w, t, g->types[pd->t1].subtypes, n0);
        if (started) walk_skip(&f->w, after);
        f->walking = 1;
        f->box.remakes = 0;
        f->box.on = (g->types[pd->t1].subtypes & ~t2) != 0; /* to be made when first needed; none when the */
        f->box.version = t->version - 1;                    /* first sprites are seconds too (all meet it) */
    }
    while (walk_next(&f->w, r)) {
        if (!f->box.on || (*r >= 0 && (g->ground_types >> ref_type(g, t->s, *r) & 1))) return 1;
        if (f->box.version != t->version && (f->box.on = f->box.remakes++ <= AROUND_REMAKES))
            physics_around(t, t2, n0, &f->box);
        if (!f->box.on) return 1;
        if (*r < 0 && around_misses_box(&f->box, g->static_box[f->w.type]))
            f->w.k = f->w.end; /* the rest of its type */
        else if (!around_misses(g, t->s, &f->box, *r)) return 1;
    }
    return 0;
}

/* Lists f's candidates from the contacts now: keys above 'after' (any,
 * unless 'started'), sorted, each once. */
static void firsts_list(tick_ctx *t, firsts *f, const pair_def *pd, uint32_t n0, uint64_t after, int started) {
    const vg_game *g = t->g;
    uint64_t t1 = g->types[pd->t1].subtypes, t2 = g->types[pd->t2].subtypes;
    uint64_t bit = 1ULL << ((pd - g->pairs) % 64);
    f->n = f->at = 0;
    f->stamp = t->ct.stamp;
    for (int i = 0; i < t->ct.n; i++) {
        const struct contact *ct = &t->ct.at[i];
        if (!(ct->pairs & bit) || !existed(ct->a, n0) || !existed(ct->b, n0)) continue;
        for (int side = 0; side < 2; side++) {
            uint64_t key = side ? ct->kb : ct->ka, other = side ? ct->ka : ct->kb;
            if (!(t1 >> (key >> 32) & 1) || !(t2 >> (other >> 32) & 1) || (started && key <= after)) continue;
            int k = f->n;
            while (k > 0 && f->key[k - 1] > key) k--;
            if (k > 0 && f->key[k - 1] == key) continue; /* listed already */
            for (int j = f->n; j > k; j--) f->key[j] = f->key[j - 1], f->ref[j] = f->ref[j - 1];
            f->key[k] = key, f->ref[k] = side ? ct->b : ct->a;
            f->n++;
        }
    }
}

/* The next first sprite of the pair after key 'after' (any, unless
 * 'started'), in GVGAI's order: a sprite with a contact whose other side
 * is a second sprite, or had one (see firsts). 'f' holds the candidates
 * ('f->n' -1: none listed yet). Returns 0 when there is none. */
static int next_first(tick_ctx *t, firsts *f, const pair_def *pd, uint32_t n0, uint64_t after, int started, int *r) {
    if (!contacts_fresh(t)) return next_any(t, f, pd, n0, after, started, r);
    if (f->n < 0 || f->stamp != t->ct.stamp) firsts_list(t, f, pd, n0, after, started);
    if (f->at == f->n) return 0;
    *r = f->ref[f->at++];
    return 1;
}

/* The second sprites (leaf set 'types') overlapping first sprite 'a', in
 * GVGAI's order (by type, then id), as overlapping() gives them. */
/* Past this many contacts, seconds() finds a sprite's contacts through
 * lists per sprite (t->ct.head, built once per collection) rather than by
 * reading them all. */
#define CONTACTS_LISTED 32

/* Lists each changing sprite's contacts: node 2i + side is contact i seen
 * from its side 'side' (0: a, 1: b). */
static void contacts_index(tick_ctx *t) {
    contacts *c = &t->ct;
    for (int i = 0; i < c->n; i++) {
        if (c->at[i].a >= 0) c->head[c->at[i].a] = -1;
        if (c->at[i].b >= 0) c->head[c->at[i].b] = -1;
    }
    for (int node = 2 * c->n; node-- > 0;) {
        int r = node & 1 ? c->at[node >> 1].b : c->at[node >> 1].a;
        if (r < 0) continue;
        c->next[node] = c->head[r];
        c->head[r] = (int16_t)node;
    }
    c->indexed = c->version;
    c->nindexed = c->n;
}

/* Adds contact i's other side 'o' (key 'key') to out[0..n), sorted by key,
 * when it existed when the effect started and is of leaf set 'types'. */
static inline int second_add(int o, uint64_t key, uint64_t types, uint32_t n0, int *out, uint64_t *keys, int n) {
    if (!existed(o, n0) || !(types >> (key >> 32) & 1)) return n;
    int k = n++;
    for (; k > 0 && keys[k - 1] > key; k--) out[k] = out[k - 1], keys[k] = keys[k - 1];
    out[k] = o, keys[k] = key;
    return n;
}

static int seconds(tick_ctx *t, int a, uint64_t types, uint32_t n0, int *out) {
    if (t->full || !contacts_fresh(t)) return overlapping(t, a, types, n0, 0, out, MAX_REFS);
    contacts *c = &t->ct;
    uint64_t keys[MAX_REFS];
    int n = 0;
    if (a >= 0 && c->n > CONTACTS_LISTED) {
        if (c->indexed != c->version || c->nindexed != c->n) contacts_index(t);
        for (int node = c->head[a]; node >= 0; node = c->next[node]) {
            const struct contact *ct = &c->at[node >> 1];
            n = node & 1 ? second_add(ct->a, ct->ka, types, n0, out, keys, n)
                         : second_add(ct->b, ct->kb, types, n0, out, keys, n);
        }
        return n;
    }
    for (int i = 0; i < c->n; i++) {
        const struct contact *ct = &c->at[i];
        if (ct->a == a) n = second_add(ct->b, ct->kb, types, n0, out, keys, n);
        else if (ct->b == a) n = second_add(ct->a, ct->ka, types, n0, out, keys, n);
    }
    return n;
}

/* 1 when sprite i is not wholly on the screen (GVGAI's isAtEdge). */
static int off_screen(const tick_ctx *t, int i) {
    const sprite *p = tick_sprite(t, i);
    if (t->g->geom) return physics_off_screen(t, i);
    return p->x < 0 || p->y < 0 || p->x + t->b > t->g->pw || p->y + t->b > t->g->ph;
}

/* 1 when references 'a' and 'b' overlap now. */
static inline int meet(const tick_ctx *t, int a, int b) {
    int ax, ay, bx, by;
    if (t->g->geom) return physics_overlap(t, a, b);
    ref_pos(t->g, t->s, a, &ax, &ay);
    ref_pos(t->g, t->s, b, &bx, &by);
    return physics_intersects(t->b, ax, ay, bx, by);
}

/* Step 2: effects at the edge of the screen, for sprites off it. */
static void run_edges(tick_ctx *t) {
    const vg_game *g = t->g;
    for (int k = 0; k < g->neos && t->status == VG_OK; k++) {
        const effect_def *e = &g->effects[g->eos_effects[k]];
        for (uint64_t ts = g->types[e->t1].subtypes; ts; ts &= ts - 1) {
            int st = __builtin_ctzll(ts);
            if (g->types[st].fixed) continue; /* never off the screen */
            uint32_t from, to, n0 = t->s->n;
            type_range(t, st, &from, &to);
            for (uint32_t i = from; i < to + (n0 - t->settled); i++) { /* as sprite_walk: the range, the new ones */
                uint32_t j = i < to ? i : t->settled + (i - to);
                if (tick_sprite(t, j)->type != st || (tick_sprite(t, j)->flags & (SP_KILLED | SP_DISABLED)) ||
                    !off_screen(t, (int)j))
                    continue;
                effect_apply(t, e, (int)j, REF_NONE);
            }
        }
    }
}

/* 1 when leaf set 'types' has no sprite below index 'n0' (a killed one
 * counts), so that no first sprite of an effect started then meets one. */
static int none_of(const tick_ctx *t, uint64_t types, uint32_t n0) {
    const vg_game *g = t->g;
    for (uint64_t ts = types; ts; ts &= ts - 1) {
        int st = __builtin_ctzll(ts);
        uint32_t from, to;
        if (!(g->changing >> st & 1)) {
            if (g->static_count[st] > 0) return 0;
            continue;
        }
        type_range(t, st, &from, &to);
        if (to > from || ((t->created >> st & 1) && n0 > t->settled)) return 0;
    }
    return 1;
}

/* 1 when a shield raised this tick (shieldFrom) keeps effect 'e' of pair
 * 'pd' from happening: the pair names the shielded leaf type first. */
static int shielded(const tick_ctx *t, const pair_def *pd, const effect_def *e) {
    for (int k = 0; k < t->nshields; k++)
        if (t->shields[k].t1 == pd->t1 && t->shields[k].t2 == pd->t2 && t->shields[k].kind == e->kind) return 1;
    return 0;
}

void interact_run(tick_ctx *t) {
    const vg_game *g = t->g;
    int second[MAX_REFS];
    firsts cand;
    cand.at = 0, cand.stamp = 0; /* set by firsts_list before use (cand.n -1: not listed) */
    uint64_t active[PAIR_WORDS];
    uint32_t seen = 0; /* the contacts 'active' was computed from (stamps start at 1) */
    int words = (g->npairs + 63) / 64;
    if (t->s->timers) effect_run_timers(t);
    if (g->neos) run_edges(t);
    for (int p = 0; p < g->npairs && t->status == VG_OK; p++) {
        if (!t->full && contacts_fresh(t)) { /* skip to the next pair with work; moves since may add some */
            if (seen != t->ct.stamp) {
                contacts_pairs(t, active);
                seen = t->ct.stamp;
            }
            int w = p / 64;
            uint64_t bits = active[w] & (~0ULL << (p % 64));
            while (!bits && ++w < words) bits = active[w];
            if (!bits) break;
            p = w * 64 + __builtin_ctzll(bits);
        }
        const pair_def *pd = &g->pairs[p];
        uint64_t t2 = g->types[pd->t2].subtypes;
        for (int k = 0; k < pd->count && t->status == VG_OK; k++) {
            const effect_def *e = &g->effects[g->pair_effects[pd->first + k]];
            if (t->nshields && shielded(t, pd, e)) continue;
            uint32_t n0 = t->s->n;
            uint64_t after = 0;
            int a, started = 0, batch = effect_flags(e->kind) & FX_BATCH;
            if (t->full && none_of(t, t2, n0)) continue; /* no second sprite: no first sprite has work */
            cand.n = -1, cand.walking = 0;
            while (t->status == VG_OK && (t->full ? next_any(t, &cand, pd, n0, after, started, &a)
                                                  : next_first(t, &cand, pd, n0, after, started, &a))) {
                after = ref_key(t, a);
                started = 1;
                if (tick_killed(t, a)) continue;
                int ground = a >= 0 && (g->ground_types >> ref_type(g, t->s, a) & 1);
                int n2 = seconds(t, a, t2, n0, second);
                if (n2 == 0 && (!ground || !t->full)) continue; /* its contacts are gone (see firsts) */
                if (ground) physics_ground(t, a, t2);
                if (batch) {
                    int m = 0;
                    for (int j = 0; j < n2; j++)
                        if (meet(t, a, second[j])) second[m++] = second[j];
                    if (m > 0) effect_apply_batch(t, e, a, second, m);
                    continue;
                }
                for (int j = 0; j < n2 && !tick_killed(t, a); j++) {
                    if (ground) physics_ground_one(t, a, second[j]);
                    if (meet(t, a, second[j])) effect_apply(t, e, a, second[j]);
                }
            }
        }
    }
}

/* 1 when sprite 'r' overlaps a partner not killed under a rule between
 * their types, the partner among leaf types 'types'. */
static int has_ruled_overlap(tick_ctx *t, int r, uint64_t types) {
    int near[1];
    uint64_t partners = t->g->partners[ref_type(t->g, t->s, r)] & types;
    return (near_types(t, r) & partners) && overlapping(t, r, partners, t->s->n, 1, near, 1) > 0;
}

/* Not killed: a disabled avatar still meets what it overlaps (GVGAI checks pairs of disabled sprites too). */
static int live(const tick_ctx *t, int i) { return !(tick_sprite(t, i)->flags & SP_KILLED); }

/* PERSIST_SOME, with SP_LINGER on a changing side of every overlap under a
 * rule that outlasts the tick (a live sprite, a partner not killed), or
 * PERSIST_NONE: from the contacts, which hold every such overlap. */
static int linger_contacts(tick_ctx *t) {
    int some = PERSIST_NONE;
    for (int i = 0; i < t->ct.n; i++) {
        int x = t->ct.at[i].a, y = t->ct.at[i].b;
        if (live(t, x) && !tick_killed(t, y)) tick_sprite(t, x)->flags |= SP_LINGER, some = PERSIST_SOME;
        if (is_moved(t, y) && live(t, y) && !tick_killed(t, x))
            tick_sprite(t, y)->flags |= SP_LINGER, some = PERSIST_SOME;
    }
    return some;
}

/* As linger_contacts, looking at every sprite: each changing one not killed
 * with such an overlap is marked (a few more than needed, which costs the
 * next tick a little time and nothing else); two static sprites
 * overlapping under a rule make it PERSIST_ALL. */
static int linger_all(tick_ctx *t) {
    const vg_game *g = t->g;
    int some = PERSIST_NONE;
    for (uint32_t i = 0; i < t->s->n; i++)
        if (!(tick_sprite(t, i)->flags & SP_KILLED) && has_ruled_overlap(t, (int)i, ~0ULL))
            tick_sprite(t, i)->flags |= SP_LINGER, some = PERSIST_SOME;
    for (uint32_t e = 0; e < g->static_start[g->w * g->h]; e++)
        if (fixed_alive(g, t->s, e) && !tick_killed(t, -(int)e - 1) &&
            has_ruled_overlap(t, -(int)e - 1, ~g->changing)) {
            for (uint32_t i = 0; i < t->s->n; i++) tick_sprite(t, i)->flags &= (uint8_t)~SP_LINGER;
            return PERSIST_ALL;
        }
    return some;
}

int interact_persist(tick_ctx *t) {
    if (t->g->geom) return PERSIST_ALL; /* such games check every pair every tick */
    for (uint32_t k = 0; t->s->persist == PERSIST_SOME && k < t->nmoved;
         k++) /* the last tick's marks, all on moved sprites */
        tick_sprite(t, t->moved[k])->flags &= (uint8_t)~SP_LINGER;
    return !t->full && contacts_fresh(t) ? linger_contacts(t) : linger_all(t);
}
