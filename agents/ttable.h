/* SPDX-License-Identifier: MIT
 *
 * ttable.h -- the transposition table of the two-sided searches (the
 * exact solver, exact.c; MTD(f), mtdf.c) and the MTD(f) driver they share.
 *
 * An entry holds bounds [lo, hi] on a position's value searched 'depth'
 * plies deep (the exact solver searches to the end: TT_END) and the best
 * move found there. Values are whole numbers for the agent to move,
 * within (-TT_INF, TT_INF). One entry a slot, the newest search's: a
 * position keyed by exact_key (64 bits) replaces whatever held its slot,
 * except deeper bounds of the same position.
 */
#ifndef VG_TTABLE_H
#define VG_TTABLE_H

#include <limits.h>
#include <stdint.h>

#define TT_INF (INT_MAX / 4)
#define TT_END INT16_MAX /* the depth of a search to the end of the game */

typedef struct tt_entry {
    uint64_t key;
    int32_t lo, hi; /* the value searched to 'depth' plies is in [lo, hi] */
    int16_t depth;
    uint8_t move; /* best move + 1, 0: none */
    uint8_t pad;
} tt_entry;

typedef struct ttable {
    tt_entry *e;
    uint64_t mask;
} ttable;

/* 2^bits entries (0: 2^20; at most 2^30), empty; 0 when out of memory. */
int tt_init(ttable *t, int bits);
void tt_free(ttable *t);
void tt_clear(ttable *t);
/* The entry of 'key', or NULL when its slot holds another position. */
static inline const tt_entry *tt_find(const ttable *t, uint64_t key) {
    const tt_entry *e = &t->e[key & t->mask];
    return e->key == key ? e : NULL;
}

/* At a node of 'key' searched 'depth' deep with window (alpha, beta):
 * when 'cut' (not the root) and the bounds stored for that depth or
 * deeper settle it, returns 1 with the value in '*value'; else narrows
 * the window by them and returns 0. '*first' gets the best move stored
 * (-1: none). */
int tt_probe(const ttable *t, uint64_t key, int depth, int cut, int *alpha, int *beta, int *value, int *first);
/* Stores what a fail-soft search of window (alpha, beta) proved: 'best'
 * is an upper bound when <= alpha, a lower one when >= beta, else exact. */
void tt_store(ttable *t, uint64_t key, int depth, int alpha, int beta, int best, int move);
/* Moves 'first' (if among the n moves) to the front, the others after it in order. */
void tt_first(int *moves, int n, int first);

/* ---- MTD(f) -------------------------------------------------------------
 * The value of a position from null-window searches (beta - 1, beta):
 * each returns a fail-soft bound; the first tests 'guess'; while only one
 * bound is known the next steps away from it by 1, 2, 4, ...; once both
 * are, it halves the interval. Stops (returning 0) when '*stopped' is set
 * after a search. '*passes' (may be NULL) counts the searches. */
typedef int tt_search_fn(void *ud, int alpha, int beta);
int tt_mtd(tt_search_fn *search, void *ud, int guess, const int *stopped, long *passes);

#endif
