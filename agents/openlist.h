/* SPDX-License-Identifier: MIT
 *
 * openlist.h -- the open list of the A* searches (planner.c, the 'bfs'
 * and 'astar' agents; solve_level.c, the level solver): node ids in
 * buckets by integer priority f = 8 g + round(8 weight h)
 * (openlist_prio), the least first; in a bucket the last id added comes
 * out first (deeper states first among equals). An id may be pushed again
 * with a better priority; its old entry stays, and the caller skips such
 * stale entries when they come out (they no longer match the node).
 * Push and pop are inline: they run once per state generated.
 */
#ifndef VG_OPENLIST_H
#define VG_OPENLIST_H

#include <math.h>
#include <stdint.h>

#define OPENLIST_NONE UINT32_MAX

typedef struct ol_bucket {
    uint32_t *ids;
    uint32_t n, cap;
} ol_bucket;

typedef struct openlist {
    ol_bucket *b;
    int nb;    /* buckets allocated */
    int minf;  /* no entry has a smaller priority; after a pop, the popped one's */
    long open; /* entries in all (stale ones included) */
} openlist;

/* With weight 1 (A* proving a length) no rounding is needed: no call to lround. */
static inline int openlist_prio(int g, int h, double weight) {
    if (weight == 1.0 && (unsigned)g < 1u << 27 && (unsigned)h < 1u << 27) return 8 * (g + h);
    return 8 * g + (int)lround(8.0 * weight * h);
}

/* Room for priority 'f' and one more id in its bucket; 0 when out of memory. */
int openlist_grow(openlist *ol, int f);

/* Adds 'id' with priority 'f' (>= 0); 0 when out of memory. */
static inline int openlist_push(openlist *ol, uint32_t id, int f) {
    if ((f >= ol->nb || ol->b[f].n == ol->b[f].cap) && !openlist_grow(ol, f)) return 0;
    ol_bucket *b = &ol->b[f];
    b->ids[b->n++] = id;
    if (f < ol->minf) ol->minf = f;
    ol->open++;
    return 1;
}

/* Takes out an entry of the least priority (then in ol->minf), or
 * OPENLIST_NONE when the list is empty. */
static inline uint32_t openlist_pop(openlist *ol) {
    if (ol->open <= 0) return OPENLIST_NONE;
    while (ol->minf < ol->nb && ol->b[ol->minf].n == 0) ol->minf++;
    if (ol->minf >= ol->nb) return OPENLIST_NONE;
    ol->open--;
    return ol->b[ol->minf].ids[--ol->b[ol->minf].n];
}

void openlist_clear(openlist *ol); /* empties it, keeping its memory */
void openlist_free(openlist *ol);  /* frees its memory; it is then empty */

#endif
