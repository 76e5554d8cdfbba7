/* SPDX-License-Identifier: MIT
 *
 * bound_block.c -- the "blocker" part of the derived bound (bound.c): a
 * win the avatar walks to, behind sprites that stop the avatar and that
 * only a box pushed into them removes (GVGAI's The Citadel: the goal's
 * only way in is a roundhole, which only a boulder fills). bound.c asks
 * for it once its reach proof holds; bound_walk.c takes the larger of the
 * two bounds.
 *
 * The rules it needs (bound_block_derive checks each), on top of reach's (one
 * avatar, moved one cell an action at most, up, down, left or right; one
 * win, its type T removed only when an avatar touches it, no key chain).
 * A *blocker* type R is fixed (never moves, never created), stops every
 * avatar type (stepBack, undoAll or a kill), and every rule that removes
 * one (a kill or transform, as either sprite) has as the other sprite a
 * *box* type. The boxes P: never created (by a class or a rule), still
 * (their class never moves them, no timeToLive), not avatars; the only
 * rules that move or change one are bounceForward from an avatar (not
 * repeated), undoAll and the kills; no rule moves or changes one as the
 * second sprite. So a box moves only when the avatar steps into its cell,
 * one cell on in the avatar's direction (or the tick is undone), and an R
 * sprite goes only when a box enters its cell. Neither the avatar nor a
 * box can reach the map's ring from where it starts through the cells
 * open to it (the ring is a wall).
 *
 * The relaxed game. Take only the avatar a and one box p on the level's
 * walls: cells holding a sprite that never goes (fixed, never killed) and
 * stops or kills every avatar (for a) or every box type (for p); every
 * other sprite, other boxes included, is ignored. A move: a steps to a
 * neighbour that is no wall for it, or into p's cell, and then p moves one
 * cell on when that cell is no wall for p (a following it, or left where
 * it was), else neither moves; or nothing moves. The game ends when p
 * enters the cell of a live R sprite, worth then the walk left: the most
 * moves from a to any live T (the walk's maps). V(a, p) is the fewest
 * moves plus that worth: every real action maps onto one relaxed move, so
 * V never overestimates the actions left to a win that needs p to clear
 * an R, and V(s) <= 1 + V(s') along any action (at the end, the walk left
 * is at most reach's bound of the next state).
 *
 * A state *needs* a clearing when some live T cannot be touched from the
 * avatar's cell with the live R sprites as walls (touched: in or next to
 * the region it walks in). Then
 *     h = min over live boxes p of V(a, p)
 * and a state with no box that can clear one is dead. The need goes only
 * with an R sprite, that is when a box enters its cell: that box's V
 * there was at most 1 + the walk left, so h stays consistent; with fewer
 * R sprites V only grows. V is worked out backwards from the ends (a
 * breadth-first search with the ends' worths as start times) once per
 * set of live R and T sprites, and a few sets are kept.
 */
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "class.h"
#include "effect.h"
#include "state.h"

enum {
    SETS = 8,         /* sets of live R and T sprites whose tables are kept */
    MAX_CELLS = 1024, /* ring cells; bigger maps get no blocker bound */
    INF = 0xffff
};

typedef struct block_set {
    uint64_t key;   /* a hash of the live R and T cells; 0: empty */
    uint16_t *v;    /* V(a, p) at a * cells + p, INF: no clearing */
    uint8_t *free_; /* per cell: the avatar there touches every live T without a clearing */
} block_set;

struct bound_block {
    uint64_t R, P;          /* the blocker and box leaf types */
    uint8_t *awall, *pwall; /* per ring cell: a wall for the avatar, for a box */
    block_set set[SETS];
    int *queue, *term, *rcell, *tcell, *comp, *cnt; /* scratch */
    int nr, nt;                                     /* live R and T cells in rcell, tcell */
};

static uint64_t sub(const vg_game *g, int t) { return t >= 0 ? g->types[t].subtypes : 0; }

/* ---- The rules ------------------------------------------------------------ */

/* 1 when leaf 'p' may be a box: see the top comment. */
static int box_ok(const vg_game *g, int p) {
    const type_def *td = &g->types[p];
    uint64_t A = g->avatar_types, bit = 1ULL << p;
    if (!td->leaf || td->cls < 0 || td->fixed || (A & bit) || (bound_class_created(g) & bit) || td->ttl >= 0 ||
        td->force_dynamic)
        return 0;
    unsigned cf = class_table[td->cls].flags;
    if (!((cf & CLASS_STILL) || ((cf & CLASS_SPEED) && td->speed == 0))) return 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2);
        if ((f & FX_CREATES) && (bound_made(g, e) & bit)) return 0;
        if ((s2 & bit) && (f & FX_MOVE2)) return 0;
        if (!(s1 & bit) || !(f & FX_MOVE1)) continue; /* undoAll does not count: it moves no box but back */
        if ((f & FX_PUSH) && s2 && !(s2 & ~A) && e->repeat <= 1) continue;
        return 0;
    }
    return 1;
}

/* The boxes whose meeting removes blocker leaf 'r'; 0 when another rule may remove it. */
static uint64_t clearers(const vg_game *g, int r) {
    uint64_t P = 0, bit = 1ULL << r;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2), other = 0;
        if ((s1 & bit) && (f & (FX_KILL1 | FX_MOVE1 | FX_REPLACES))) other = s2 ? s2 : ~0ULL;
        if ((s2 & bit) && (f & (FX_KILL2 | FX_MOVE2))) other |= s1 ? s1 : ~0ULL;
        if (other == ~0ULL || (other & ~g->changing)) return 0;
        P |= other;
    }
    for (uint64_t ps = P; ps; ps &= ps - 1)
        if (!box_ok(g, __builtin_ctzll(ps))) return 0;
    return P;
}

/* Walls in 'm' per ring cell: the ring, and cells of a fixed, never killed
 * sprite that stops (or kills) every leaf of 'who'. */
static void walls_of(const vg_game *g, const struct bound_rules *b, uint64_t who, uint8_t *m) {
    uint64_t stopper = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && g->types[t].fixed && !g->types[t].killable && bound_stops(g, who, t, 1))
            stopper |= 1ULL << t;
    memset(m, 1, (size_t)b->cells);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) m[(y + 1) * b->rw + x + 1] = (g->static_mask[y * g->w + x] & stopper) != 0;
}

/* 1 when a breadth-first walk from the cells of 'types' in the start
 * state, through cells not in 'wall', reaches the ring. */
static int reaches_ring(const vg_game *g, struct bound_rules *b, struct bound_block *k, uint64_t types,
                        const uint8_t *wall) {
    int n = bound_ring_cells(g, b, g->start, types, b->cellbuf, b->cap), head = 0, tail = 0;
    if (n < 0 || n > b->cap) return 1;
    int *seen = k->comp;
    memset(seen, 0, (size_t)b->cells * sizeof *seen);
    for (int i = 0; i < n; i++)
        if (!seen[b->cellbuf[i]]) seen[b->cellbuf[i]] = 1, k->queue[tail++] = b->cellbuf[i];
    while (head < tail) {
        int c = k->queue[head++], x = c % b->rw, y = c / b->rw;
        if (x == 0 || y == 0 || x == b->rw - 1 || y == b->rh - 1) return 1;
        const int nb[4] = {c - 1, c + 1, c - b->rw, c + b->rw};
        for (int d = 0; d < 4; d++)
            if (!seen[nb[d]] && !wall[nb[d]]) seen[nb[d]] = 1, k->queue[tail++] = nb[d];
    }
    return 0;
}

void bound_block_free(struct bound_block *k) {
    if (!k) return;
    for (int i = 0; i < SETS; i++) free(k->set[i].v), free(k->set[i].free_);
    free(k->awall), free(k->pwall), free(k->queue), free(k->term), free(k->rcell), free(k->tcell), free(k->comp),
        free(k->cnt);
    free(k);
}

vg_status bound_block_derive(const vg_game *g, struct bound_rules *b) {
    uint64_t A = g->avatar_types, R = 0, P = 0;
    if (b->ngoals != 1 || b->goal[0].mode != BOUND_REACH || b->goal[0].W != A || b->cells > MAX_CELLS) return VG_OK;
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (!td->leaf || !td->fixed || !td->killable || !bound_stops(g, A, t, 1)) continue;
        uint64_t c = clearers(g, t);
        if (c) R |= 1ULL << t, P |= c;
    }
    if (!R) return VG_OK;
    struct bound_block *k = calloc(1, sizeof *k);
    size_t n = (size_t)b->cells;
    if (!k || !(k->awall = malloc(n)) || !(k->pwall = malloc(n)) || !(k->queue = malloc(n * n * sizeof *k->queue)) ||
        !(k->term = malloc(n * sizeof *k->term)) || !(k->rcell = malloc(n * sizeof *k->rcell)) ||
        !(k->tcell = malloc(n * sizeof *k->tcell)) || !(k->comp = malloc(n * sizeof *k->comp)) ||
        !(k->cnt = malloc((n + 2) * sizeof *k->cnt))) {
        bound_block_free(k);
        return VG_ERR_NOMEM;
    }
    k->R = R, k->P = P;
    walls_of(g, b, A, k->awall);
    walls_of(g, b, P, k->pwall);
    if (reaches_ring(g, b, k, A, k->awall) || reaches_ring(g, b, k, P, k->pwall)) {
        bound_block_free(k);
        return VG_OK;
    }
    b->block = k;
    return VG_OK;
}

/* ---- The tables of one set of live R and T sprites ---------------------------- */

/* free_[c]: 1 when from cell c every live T is touched without a clearing
 * (the live R cells as walls too). */
static void fill_free(const struct bound_rules *b, struct bound_block *k, uint8_t *free_) {
    int n = b->cells, ncomp = 0, *comp = k->comp, *count = k->term; /* term is free until fill_v */
    for (int c = 0; c < n; c++) comp[c] = k->awall[c] ? -2 : -1;
    for (int i = 0; i < k->nr; i++) comp[k->rcell[i]] = -2;
    for (int c0 = 0; c0 < n; c0++) { /* the regions the avatar walks in */
        if (comp[c0] != -1) continue;
        int head = 0, tail = 0;
        comp[c0] = ncomp, k->queue[tail++] = c0;
        while (head < tail) {
            int c = k->queue[head++];
            const int nb[4] = {c - 1, c + 1, c - b->rw, c + b->rw};
            for (int d = 0; d < 4; d++)
                if (comp[nb[d]] == -1) comp[nb[d]] = ncomp, k->queue[tail++] = nb[d];
        }
        count[ncomp++] = 0;
    }
    for (int i = 0; i < k->nt; i++) { /* each region counts the T it touches, once */
        int t = k->tcell[i], seen[5], ns = 0;
        const int nb[5] = {t, t - 1, t + 1, t - b->rw, t + b->rw};
        for (int d = 0; d < 5; d++) {
            int r = nb[d] >= 0 && nb[d] < n ? comp[nb[d]] : -2, dup = r < 0;
            for (int j = 0; j < ns && !dup; j++) dup = seen[j] == r;
            if (!dup) seen[ns++] = r, count[r]++;
        }
    }
    for (int c = 0; c < n; c++) free_[c] = comp[c] < 0 || count[comp[c]] == k->nt;
}

/* Pushes state (a, p) with value 'v' when it improves V. */
static void relax(uint16_t *v, int *queue, int *tail, int n, int a, int p, int val) {
    size_t i = (size_t)a * (size_t)n + (size_t)p;
    if (val > INF - 1) val = INF - 1; /* never on these maps; lower is still a bound */
    if (val < v[i]) v[i] = (uint16_t)val, queue[(*tail)++] = (int)i;
}

/* V for the live R and T cells in k (see the top comment): backwards from
 * the ends, which are taken in order of their worth (term[a]) merged with
 * the breadth-first queue. */
static void fill_v(const struct bound_rules *b, struct bound_block *k, uint16_t *v) {
    int n = b->cells, *term = k->term, head = 0, tail = 0, nend = 0;
    size_t nn = (size_t)n * (size_t)n;
    uint8_t *isend = (uint8_t *)k->comp; /* per cell: a live R there */
    memset(isend, 0, (size_t)n);
    for (int i = 0; i < k->nr; i++) isend[k->rcell[i]] = 1;
    for (int a = 0; a < n; a++) { /* the walk left: the most moves to a live T */
        int far = 0;
        for (int i = 0; i < k->nt && far < INF; i++) {
            int m = b->cellmap[k->tcell[i]], d = m < 0 ? 0 : b->maps[(size_t)m * (size_t)n + (size_t)a];
            far = d < 0 ? INF : d > far ? d : far;
        }
        term[a] = k->awall[a] ? INF : far;
    }
    for (size_t i = 0; i < nn; i++) v[i] = INF;
    int *ends = k->queue + nn - (size_t)n * (size_t)k->nr, *q = k->queue,
        *cnt = k->cnt; /* the ends at the queue's far end */
    memset(cnt, 0, (size_t)(n + 2) * sizeof *cnt);
    for (int a = 0; a < n; a++) /* by worth: a counting sort */
        for (int i = 0; i < k->nr && term[a] < n; i++) cnt[term[a] + 1] += a != k->rcell[i];
    for (int w = 1; w <= n; w++) cnt[w] += cnt[w - 1];
    for (int a = 0; a < n; a++)
        for (int i = 0; i < k->nr && term[a] < n; i++) {
            int r = k->rcell[i];
            if (a == r) continue;
            ends[cnt[term[a]]++] = a * n + r, v[(size_t)a * (size_t)n + (size_t)r] = (uint16_t)term[a];
            nend++;
        }
    int e = 0;
    while (head < tail || e < nend) {
        int s = e < nend && (head == tail || v[ends[e]] <= v[q[head]]) ? ends[e++] : q[head++];
        int a = s / n, p = s % n, val = v[s] + 1;
        if (k->awall[a] || k->pwall[p]) continue;
        const int dir[4] = {-1, 1, -b->rw, b->rw};
        for (int d = 0; d < 4; d++) {
            int from = a - dir[d];
            if (!k->awall[from] && from != p && !isend[p]) relax(v, q, &tail, n, from, p, val); /* a walked */
            if (p == a + dir[d] && !k->awall[from] && !k->pwall[a] && !isend[a])
                relax(v, q, &tail, n, from, a, val);                                /* pushed, followed */
            if (p == a + 2 * dir[d] && !k->pwall[p - dir[d]] && !isend[p - dir[d]]) /* pushed, a left behind */
                relax(v, q, &tail, n, a, p - dir[d], val);
        }
    }
}

/* ---- Evaluating ------------------------------------------------------------- */

/* The tables for the live R and T cells of 's' (in k->rcell, k->tcell);
 * NULL when a sprite is off the map or out of memory. */
static block_set *tables(const vg_game *g, struct bound_rules *b, struct bound_block *k, const vg_state *s) {
    int n = b->cells;
    k->nr = bound_ring_cells(g, b, s, k->R, k->rcell, n);
    k->nt = bound_ring_cells(g, b, s, g->types[b->goal[0].type].subtypes, k->tcell, n);
    if (k->nr < 0 || k->nr > n || k->nt < 0 || k->nt > n) return NULL;
    uint64_t key = 0x243f6a8885a308d3ULL;
    for (int i = 0; i < k->nr; i++) key = state_mix(key ^ (uint64_t)k->rcell[i]);
    key = state_mix(key ^ 0xa5a5);
    for (int i = 0; i < k->nt; i++) key = state_mix(key ^ (uint64_t)k->tcell[i]);
    key |= 1;
    block_set *st = &k->set[key % SETS];
    if (st->key == key) return st;
    st->key = 0;
    if (!st->v && (!(st->v = malloc((size_t)n * (size_t)n * sizeof *st->v)) || !(st->free_ = malloc((size_t)n))))
        return NULL;
    fill_free(b, k, st->free_);
    fill_v(b, k, st->v);
    st->key = key;
    return st;
}

int bound_block_eval(const vg_game *g, struct bound_rules *b, const vg_state *s) {
    struct bound_block *k = b->block;
    double ax, ay;
    if (!vg_avatar_pos(g, s, &ax, &ay)) return 0;
    vg_obs o = {.x = ax, .y = ay};
    int a = bound_cell(b, &o);
    block_set *st = a < 0 ? NULL : tables(g, b, k, s);
    if (!st || st->free_[a]) return 0;
    int np = bound_ring_cells(g, b, s, k->P, b->cellbuf, b->cap), best = INF;
    if (np < 0 || np > b->cap) return 0;
    for (int i = 0; i < np; i++) {
        int p = b->cellbuf[i];
        if (p == a) return 0; /* on the box: no bound from it */
        int v = st->v[(size_t)a * (size_t)b->cells + (size_t)p];
        if (v < best) best = v;
    }
    return best == INF ? VG_BOUND_DEAD : best;
}
