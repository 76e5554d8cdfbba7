/* SPDX-License-Identifier: MIT
 *
 * bound_walk.c -- measuring the bounds bound.c derives: the avatar's walk
 * distances to every target cell (maps, one per cell), the boxes frozen in
 * a state and the maps with them as walls (a few sets kept), and a state's
 * bound: reach with its spanning tree and key chain, push. The proofs are
 * in bound.c's top comment.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "state.h"

enum { FAR = VG_BOUND_DEAD };

int bound_cell(const struct bound_rules *b, const vg_obs *o) {
    int x = (int)floor(o->x + 0.5), y = (int)floor(o->y + 0.5);
    return x < -1 || y < -1 || x > b->rw - 2 || y > b->rh - 2 ? -1 : (y + 1) * b->rw + x + 1;
}

/* The ring cell of a sprite standing on a whole cell inside the ring, by
 * b->col and b->row; -1 otherwise. */
static inline int sprite_cell(const struct bound_rules *b, int sq, const sprite *p) {
    unsigned px = (unsigned)(p->x + sq), py = (unsigned)(p->y + sq); /* from the ring's corner */
    int cx = px < (unsigned)b->npx ? b->col[px] : -1, cy = py < (unsigned)b->npy ? b->row[py] : -1;
    return cx < 0 || cy < 0 ? -1 : cx + cy;
}

/* The avatar sprite's cell, as bound_cell gives it from its observation. */
static int avatar_cell(const vg_game *g, const struct bound_rules *b, const sprite *p) {
    int c = sprite_cell(b, g->square, p);
    if (c >= 0) return c;
    vg_obs o = {.x = (double)p->x / g->square, .y = (double)p->y / g->square};
    return bound_cell(b, &o);
}

/* bound.h. Read from the state as vg_sprites_of does, without its observations; pixels to cells by b->col and b->row,
 * a fixed sprite's cell from b->fixed_cell. */
int bound_ring_cells(const vg_game *g, const struct bound_rules *b, const vg_state *s, uint64_t types, int *out,
                     int max) {
    int n = 0;
    sprite_walk w;
    walk_start(&w, g, s, types);
    for (int r; walk_next(&w, &r);) {
        const sprite *p = r >= 0 ? state_sprite(s, (uint32_t)r) : NULL;
        if (p && (p->flags & (SP_DISABLED | SP_KILLED))) continue;
        int c = p ? sprite_cell(b, g->square, p) : b->fixed_cell[-r - 1];
        if (c < 0) return -1;
        if (n < max) out[n] = c;
        n++;
    }
    return n;
}

void bound_spread(const struct bound_rules *b, const uint8_t *blocked, const uint64_t *extra, int *dist) {
    int n = b->cells, head = 0, tail = 0, *queue = b->queue;
    for (int c = 0; c < n; c++)
        if (dist[c] == 0) queue[tail++] = c;
    while (head < tail) {
        int c = queue[head++], x = c % b->rw, y = c / b->rw;
        const int nb[4] = {x > 0 ? c - 1 : -1, x + 1 < b->rw ? c + 1 : -1, y > 0 ? c - b->rw : -1,
                           y + 1 < b->rh ? c + b->rw : -1};
        for (int k = 0; k < 4; k++) {
            int d = nb[k];
            if (d >= 0 && dist[d] < 0 && !blocked[d] && !(extra && (extra[d >> 6] >> (d & 63) & 1)))
                dist[d] = dist[c] + 1, queue[tail++] = d;
        }
    }
}

/* nmaps maps to the target cells into 'maps', walls 'extra' (NULL: none) added. */
static void fill_maps(const struct bound_rules *b, const uint64_t *extra, int *maps) {
    for (int c = 0; c < b->cells; c++) {
        int m = b->cellmap[c];
        if (m < 0) continue;
        int *d = maps + (size_t)m * (size_t)b->cells;
        memset(d, -1, (size_t)b->cells * sizeof *d);
        d[c] = 0;
        bound_spread(b, b->blocked, extra, d);
    }
}

/* Gives the cells of the start state's sprites of 'type' maps (and keeps them open). */
static void add_targets(const vg_game *g, struct bound_rules *b, int type) {
    int n = vg_sprites_of(g, g->start, type, NULL, b->buf, b->cap);
    for (int i = 0; i < n && i < b->cap; i++) {
        int c = bound_cell(b, &b->buf[i]);
        if (c < 0) continue;
        if (b->keep) b->keep[c] = 1;
        if (b->cellmap[c] < 0 && b->nmaps < BOUND_MAX_MAPS) b->cellmap[c] = b->nmaps++;
    }
}

vg_status bound_walk_init(const vg_game *g, struct bound_rules *b) {
    int sq = g->square;
    b->npx = b->rw * sq, b->npy = b->rh * sq;
    b->cellmap = malloc((size_t)b->cells * sizeof *b->cellmap);
    b->col = malloc((size_t)(b->npx + b->npy) * sizeof *b->col);
    if (!b->cellmap || !b->col) return VG_ERR_NOMEM;
    b->row = b->col + b->npx;
    size_t nfixed = g->static_start[g->w * g->h];
    b->fixed_cell = malloc((nfixed ? nfixed : 1) * sizeof *b->fixed_cell);
    if (!b->fixed_cell) return VG_ERR_NOMEM;
    for (size_t k = 0; k < nfixed; k++)
        b->fixed_cell[k] = (g->static_ents[k].cy + 1) * b->rw + g->static_ents[k].cx + 1;
    for (int p = 0; p < b->npx; p++) b->col[p] = p % sq ? -1 : p / sq;
    for (int p = 0; p < b->npy; p++) b->row[p] = p % sq ? -1 : p / sq * b->rw;
    memset(b->cellmap, -1, (size_t)b->cells * sizeof *b->cellmap);
    for (int k = 0; k < b->ngoals; k++) {
        const bound_goal *gl = &b->goal[k];
        if (gl->mode != BOUND_REACH) continue;
        add_targets(g, b, gl->type);
        for (int i = 0; i < gl->nkeys; i++) add_targets(g, b, gl->keys[i]);
    }
    b->maps = malloc((size_t)(b->nmaps ? b->nmaps : 1) * (size_t)b->cells * sizeof *b->maps);
    if (!b->maps) return VG_ERR_NOMEM;
    fill_maps(b, NULL, b->maps);
    return VG_OK;
}

/* ---- Frozen boxes ---------------------------------------------------------- */

static int walled(const struct bound_rules *b, int c) { return b->fwall[c] == 1 || b->mark[c]; }

/* The boxes in cells[0..n) that are frozen: the frozen set's cells in
 * b->set (its hash returned, 0 for none), those on targets in b->covered. */
static uint64_t freeze(struct bound_rules *b, const int *cells, int n) {
    for (int i = 0; i < n; i++) b->mark[cells[i]] = 1;
    for (int dropped = 1; dropped;) { /* the largest set of boxes blocked on both axes */
        dropped = 0;
        for (int i = 0; i < n; i++) {
            int c = cells[i];
            if (!b->mark[c] ||
                ((walled(b, c - 1) || walled(b, c + 1)) && (walled(b, c - b->rw) || walled(b, c + b->rw))))
                continue;
            b->mark[c] = 0, dropped = 1;
        }
    }
    uint64_t hash = 0;
    memset(b->set, 0, (size_t)b->words * sizeof *b->set);
    memset(b->covered, 0, (size_t)b->words * sizeof *b->covered);
    for (int i = 0; i < n; i++) {
        int c = cells[i];
        if (b->mark[c] && b->keep[c]) b->covered[c >> 6] |= 1ULL << (c & 63);
        else if (b->mark[c]) b->set[c >> 6] |= 1ULL << (c & 63), hash = state_mix(hash + (uint64_t)c + 1) | 1;
        b->mark[c] = 0;
    }
    return hash;
}

/* The maps for frozen set b->set of hash 'fhash' (b->maps for none). */
static const int *slot_maps(struct bound_rules *b, uint64_t fhash) {
    if (!fhash) return b->maps;
    bound_slot *sl = &b->slot[fhash % BOUND_SLOTS];
    size_t bytes = (size_t)b->words * sizeof *b->set;
    if (sl->hash == fhash && !memcmp(sl->set, b->set, bytes)) return sl->maps;
    if (!sl->set)
        sl->set = malloc(bytes),
        sl->maps = malloc((size_t)(b->nmaps ? b->nmaps : 1) * (size_t)b->cells * sizeof *sl->maps);
    if (!sl->set || !sl->maps) return b->maps; /* out of memory: fewer walls, still a lower bound */
    memcpy(sl->set, b->set, bytes);
    sl->hash = fhash;
    fill_maps(b, sl->set, sl->maps);
    return sl->maps;
}

/* The maps with the boxes frozen in 's' as walls (b->maps when none), and
 * b->covered. The layout (the set of the boxes' cells, hashed as the sum
 * of their b->zob) of the last state asked about gives its maps at once,
 * b->covered unchanged (a state's children mostly leave the boxes where
 * they were); a layout seen before (b->seen) gives its frozen set's maps. */
static const int *frozen_maps(const vg_game *g, struct bound_rules *b, const vg_state *s) {
    int *cells = b->cellbuf, nb = bound_ring_cells(g, b, s, b->boxes, cells, b->cap), n = 0;
    uint64_t hash = 0;
    for (int i = 0; i < nb && i < b->cap; i++) {
        int c = cells[i]; /* not on a hole's cell, nor in the ring (fwall 2) */
        if (b->fwall[c] != 2) cells[n++] = c, hash += b->zob[c];
    }
    hash |= 1;
    if (hash == b->last) return b->last_maps;
    bound_seen *e = b->seen && b->cells <= 65536 ? &b->seen[hash % BOUND_SEEN] : NULL;
    if (e && e->hash == hash && (!e->fhash || b->slot[e->fhash % BOUND_SLOTS].hash == e->fhash)) {
        memset(b->covered, 0, (size_t)b->words * sizeof *b->covered);
        for (int i = 0; i < e->ncover; i++) b->covered[e->cover[i] >> 6] |= 1ULL << (e->cover[i] & 63);
        b->last = hash;
        return b->last_maps = e->fhash ? b->slot[e->fhash % BOUND_SLOTS].maps : b->maps;
    }
    uint64_t fhash = freeze(b, cells, n);
    const int *maps = slot_maps(b, fhash);
    b->last = maps != b->maps || !fhash ? hash : 0; /* not when out of memory */
    b->last_maps = maps;
    if (e && b->last) {
        int k = 0;
        for (int i = 0; i < n && k <= 3; i++)
            if (b->covered[cells[i] >> 6] >> (cells[i] & 63) & 1) {
                if (k < 3) e->cover[k] = (uint16_t)cells[i];
                k++;
            }
        if (k <= 3) e->hash = hash, e->fhash = fhash, e->ncover = (int16_t)k;
    }
    return maps;
}

/* ---- Evaluating ------------------------------------------------------------- */

/* 1 when the last state's frozen boxes cover cell c. */
static int covered(const struct bound_rules *b, int c) { return b->boxes && (b->covered[c >> 6] >> (c & 63) & 1); }

static int dist(const struct bound_rules *b, const int *maps, int m, int from) {
    return maps[(size_t)m * (size_t)b->cells + (size_t)from];
}

/* The weight of a minimum spanning tree over the maps 'ms[0..n)' (their
 * cells, none a wall): Prim's, FAR when they are not all connected. */
static int spanning(const struct bound_rules *b, const int *maps, const int *ms, const int *at, int n) {
    int best[BOUND_MAX_MAPS], in[BOUND_MAX_MAPS] = {0}, w = 0;
    for (int i = 0; i < n; i++) best[i] = FAR;
    best[0] = 0;
    for (int round = 0; round < n; round++) {
        int u = -1;
        for (int i = 0; i < n; i++)
            if (!in[i] && (u < 0 || best[i] < best[u])) u = i;
        if (best[u] >= FAR) return FAR;
        in[u] = 1, w += best[u];
        for (int i = 0; i < n; i++) {
            int d = in[i] ? -1 : dist(b, maps, ms[u], at[i]);
            if (d >= 0 && d < best[i]) best[i] = d;
        }
    }
    return w;
}

/* The live targets of a reach goal: their maps in 'ms', the cells of
 * those that are no walls first ('*open' of them, cells in 'at'); how
 * many, -1 when a target is off the map, -2 when one is under a frozen
 * box (t_covered). '*unmapped': targets with none. */
static int targets(const vg_game *g, const struct bound_rules *b, const bound_goal *gl, const vg_state *s, int *ms,
                   int *at, int *open, int *unmapped) {
    int n = bound_ring_cells(g, b, s, g->types[gl->type].subtypes, b->cellbuf, b->cap), k = 0;
    *open = *unmapped = 0;
    if (n < 0 || n > b->cap) return -1;
    for (int i = 0; i < n; i++) {
        int c = b->cellbuf[i];
        if (gl->t_covered && covered(b, c)) return -2;
        int m = b->cellmap[c];
        if (m < 0) {
            ++*unmapped;
            continue;
        }
        if (b->blocked[c]) {
            ms[k] = m, at[k++] = c;
            continue;
        }
        ms[k] = ms[*open], at[k] = at[*open]; /* open ones first */
        ms[*open] = m, at[(*open)++] = c, k++;
    }
    return k;
}

/* Reach's h with the avatar in cell x, 'tree' the spanning tree's weight. */
static int reach_from(const struct bound_rules *b, const int *maps, const int *ms, int n, int open, int tree, int x) {
    int far = 0, near = FAR;
    for (int i = 0; i < n; i++) {
        int d = dist(b, maps, ms[i], x);
        if (d < 0) return FAR;
        if (d > far) far = d;
        if (i < open && d < near) near = d;
    }
    return open && tree + near > far ? tree + near : far;
}

/* Key chain: the least over live keys of d(a, key) + reach's h from it. */
static int via_key(const vg_game *g, const struct bound_rules *b, const bound_goal *gl, const vg_state *s,
                   const int *maps, const int *ms, int n, int open, int tree, int a) {
    int best = FAR;
    for (int i = 0; i < gl->nkeys; i++) { /* the targets' cells are read: cellbuf is free again */
        int nk = bound_ring_cells(g, b, s, g->types[gl->keys[i]].subtypes, b->cellbuf, b->cap);
        if (nk < 0 || nk > b->cap) return 0;
        for (int j = 0; j < nk; j++) {
            int c = b->cellbuf[j], m = b->cellmap[c];
            if (m < 0) return 0; /* a key without a map: no chain bound */
            if (gl->k_covered && covered(b, c)) continue;
            int dk = dist(b, maps, m, a);
            if (dk < 0) continue;
            int h = b->blocked[c] ? dk : dk + reach_from(b, maps, ms, n, open, tree, c);
            if (h < best) best = h;
        }
    }
    return best;
}

/* Grown walls: h raised by the walk from the avatar's cell 'a' round the
 * grown walls in 's' (none in a target's cell), FAR when a target that is
 * no static wall is out of its reach. */
static int grown_bound(const vg_game *g, const struct bound_rules *b, const vg_state *s, const int *at, int n, int open,
                       int tree, int a, int h) {
    size_t words = (size_t)(b->cells + 63) / 64;
    int ng = bound_ring_cells(g, b, s, b->grown, b->cellbuf, b->cap), far = 0, near = FAR;
    if (ng < 0 || ng > b->cap) return h;
    memset(b->gset, 0, words * sizeof *b->gset);
    for (int i = 0; i < ng; i++) b->gset[b->cellbuf[i] >> 6] |= 1ULL << (b->cellbuf[i] & 63);
    for (int i = 0; i < n; i++) b->gset[at[i] >> 6] &= ~(1ULL << (at[i] & 63));
    b->gset[a >> 6] &= ~(1ULL << (a & 63));
    memset(b->adist, -1, (size_t)b->cells * sizeof *b->adist);
    b->adist[a] = 0;
    bound_spread(b, b->blocked, b->gset, b->adist);
    for (int i = 0; i < n; i++) {
        if (b->blocked[at[i]]) continue; /* touched from next to it: the static maps count it */
        int d = b->adist[at[i]];
        if (d < 0) return FAR;
        if (d > far) far = d;
        if (i < open && d < near) near = d;
    }
    if (open && tree + near > far) far = tree + near;
    return far > h ? far : h;
}

static int reach_bound(const vg_game *g, const struct bound_rules *b, const bound_goal *gl, const vg_state *s,
                       const int *maps) {
    int ms[BOUND_MAX_MAPS], at[BOUND_MAX_MAPS], open, unmapped, i = state_avatar(g, s);
    if (i < 0) return FAR;
    const sprite *av = state_sprite(s, i);
    int a = avatar_cell(g, b, av), n = targets(g, b, gl, s, ms, at, &open, &unmapped);
    if (n == -2) return FAR; /* a T under a frozen box */
    if (a < 0 || n < 0) return 0;
    if (n + unmapped == 0) return 0;
    int tree = open > 1 ? spanning(b, maps, ms, at, open) : 0;
    if (tree >= FAR) return FAR;
    int h = reach_from(b, maps, ms, n, open, tree, a);
    if (h >= FAR) return h;
    if (gl->W == g->avatar_types || (gl->W >> av->type & 1))
        return b->grown ? grown_bound(g, b, s, at, n, open, tree, a, h) : h;
    int k = via_key(g, b, gl, s, maps, ms, n, open, tree, a);
    return k > h ? k : h;
}

static int push_bound(const vg_game *g, const struct bound_rules *b, const bound_goal *gl, const vg_state *s) {
    int n = bound_ring_cells(g, b, s, g->types[gl->type].subtypes, b->cellbuf, b->cap), h = 0;
    if (n < 0 || n > b->cap) return 0;
    for (int i = 0; i < n; i++) {
        int c = b->cellbuf[i];
        int d = gl->holes[c];
        if (d < 0) return FAR;
        h += d;
    }
    return h;
}

int bound_derived(const vg_game *g, const vg_state *s) {
    struct bound_rules *b = g->bound;
    const int *maps = b->boxes ? frozen_maps(g, b, s) : b->maps;
    int best = FAR, win = -1, h = 0;
    for (int k = 0; k <= b->ngoals; k++) {
        if (k == b->ngoals || b->goal[k].win != win) { /* a win's goals are consecutive: its h is their max */
            if (win >= 0 && h < best) best = h;
            if (k == b->ngoals) break;
            win = b->goal[k].win, h = 0;
        }
        const bound_goal *gl = &b->goal[k];
        int hk = gl->mode == BOUND_PUSH ? push_bound(g, b, gl, s) : reach_bound(g, b, gl, s, maps);
        if (hk > h) h = hk;
    }
    if (b->block && best < FAR) { /* one win (bound_block_derive): the larger of the two */
        int hb = bound_block_eval(g, b, s);
        if (hb > best) best = hb;
    }
    return best;
}
