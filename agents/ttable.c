/* SPDX-License-Identifier: MIT
 *
 * ttable.c -- see ttable.h.
 */
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"
#include "ttable.h"

int tt_init(ttable *t, int bits) {
    if (bits <= 0) bits = 20;
    if (bits > 30) bits = 30;
    t->mask = ((uint64_t)1 << bits) - 1;
    t->e = big_alloc(((size_t)1 << bits) * sizeof *t->e);
    return t->e != NULL;
}

void tt_free(ttable *t) {
    if (t->e) big_free(t->e, (size_t)(t->mask + 1) * sizeof *t->e);
    memset(t, 0, sizeof *t);
}

void tt_clear(ttable *t) { memset(t->e, 0, (size_t)(t->mask + 1) * sizeof *t->e); }

int tt_probe(const ttable *t, uint64_t key, int depth, int cut, int *alpha, int *beta, int *value, int *first) {
    const tt_entry *e = tt_find(t, key);
    *first = e ? e->move - 1 : -1;
    if (!e || !cut || e->depth < depth) return 0;
    if (e->lo >= *beta) return *value = e->lo, 1;
    if (e->hi <= *alpha) return *value = e->hi, 1;
    if (e->lo == e->hi) return *value = e->lo, 1;
    if (e->lo > *alpha) *alpha = e->lo;
    if (e->hi < *beta) *beta = e->hi;
    return 0;
}

void tt_store(ttable *t, uint64_t key, int depth, int alpha, int beta, int best, int move) {
    tt_entry *e = &t->e[key & t->mask];
    if (e->key != key || e->depth != depth) {    /* a new entry, or one for another depth */
        if (e->key == key && e->depth > depth) { /* keep the deeper bounds */
            e->move = (uint8_t)(move + 1);
            return;
        }
        e->key = key;
        e->depth = (int16_t)depth;
        e->lo = -TT_INF;
        e->hi = TT_INF;
    }
    if (best <= alpha) {
        if (best < e->hi) e->hi = best;
    } else if (best >= beta) {
        if (best > e->lo) e->lo = best;
    } else {
        e->lo = e->hi = best;
    }
    if (e->lo > e->hi) e->lo = e->hi = best; /* bounds from different searches disagree: trust this one */
    e->move = (uint8_t)(move + 1);
}

void tt_first(int *moves, int n, int first) {
    for (int k = 1; first >= 0 && k < n; k++)
        if (moves[k] == first) {
            memmove(moves + 1, moves, (size_t)k * sizeof *moves);
            moves[0] = first;
            return;
        }
}

int tt_mtd(tt_search_fn *search, void *ud, int guess, const int *stopped, long *passes) {
    int lo = -TT_INF, hi = TT_INF, beta = guess, step = 1;
    while (lo < hi && !*stopped) {
        if (passes) ++*passes;
        int g = search(ud, beta - 1, beta);
        if (*stopped) break;
        if (g < beta) hi = g;
        else lo = g;
        if (lo >= hi) break;
        if (lo == -TT_INF) beta = hi - step + 1, step *= 2;
        else if (hi == TT_INF) beta = lo + step, step *= 2;
        else beta = lo + (hi - lo + 1) / 2;
        if (beta <= lo) beta = lo + 1;
        if (beta > hi) beta = hi;
    }
    return lo >= hi ? lo : 0;
}
