/* SPDX-License-Identifier: MIT
 *
 * searchtree.h -- the A* search tree that planner.c (the 'bfs' and 'astar'
 * agents) and solve_level.c ('vgdl solve') share: nodes in one growing
 * array, each the best way found to a position (its key; parent, its
 * key, action, g), its bound h and, while it waits, its stored state; the open list over them
 * by f = 8 g + round(8 weight h) (openlist.h), stale entries skipped; and
 * the plan back from a node.
 *
 * A node is pushed again when a shorter way to its position is found; the
 * old entry stays in the open list and is skipped when it comes out (its
 * priority no longer matches the node's, or the node was expanded).
 */
#ifndef VG_SEARCHTREE_H
#define VG_SEARCHTREE_H

#include "openlist.h"
#include "search.h"

#define STREE_NONE UINT32_MAX

typedef struct stnode {
    packed *st;         /* stored while open (packer.h), NULL otherwise */
    uint64_t key, pkey; /* its position's (search_key), its parent's */
    uint32_t parent;    /* node 0 is the root */
    int32_t g, h;       /* actions from the root; the bound (VG_BOUND_DEAD: never) */
    uint8_t action;     /* the action from the parent */
    uint8_t expanded, win;
    uint8_t held; /* solve_level: kept whole instead of stored */
} stnode;

typedef struct stree {
    stnode *nodes;
    uint32_t n, cap;
    uint32_t first_cap; /* nodes allocated at the first growth (0: 4096) */
    double weight;      /* f = g + weight * h */
    openlist open;
} stree;

/* A new node (zeroed) at the end, or STREE_NONE when out of memory. The
 * array may move: pointers into it are stale after this. */
uint32_t stree_add(stree *t);
static inline int stree_prio(const stree *t, int g, int h) { return openlist_prio(g, h, t->weight); }
/* Puts node 'id' on the open list with its priority; 0 when out of memory. */
static inline int stree_push(stree *t, uint32_t id) {
    return openlist_push(&t->open, id, stree_prio(t, t->nodes[id].g, t->nodes[id].h));
}
/* The next open node to expand, or STREE_NONE when none is left. */
uint32_t stree_pop(stree *t);
/* The actions from the root to node 'id', in '*plan' (malloc'd; free
 * it), their number in '*len'; 0 when out of memory. */
int stree_plan(const stree *t, uint32_t id, vg_action **plan, int *len);
void stree_clear(stree *t); /* no nodes, an empty open list; memory kept */
void stree_free(stree *t);  /* its memory freed; it is then empty */

/* ---- Holding: states about to be expanded, kept whole -------------------
 *
 * The children last pushed into the bucket being expanded come out of it
 * next (a bucket is a stack), so the latest STREE_HOLD of them can be held
 * whole instead of packed and unpacked; the oldest is packed (its node's
 * 'st') when a new one does not fit. A held node has 'held' set and no
 * 'st'. Entries [0, n) are held, the buffers after them spare. */
enum { STREE_HOLD = 32 };
typedef struct stree_holding {
    uint32_t id[STREE_HOLD];
    vg_state *st[STREE_HOLD];
    int n;
} stree_holding;

int stree_hold_init(stree_holding *hd, const vg_game *g); /* the buffers; 0 when out of memory */
void stree_hold_free(stree_holding *hd);
/* Holds '*child' whole as node 'id''s state; '*child' gets a spare buffer
 * in exchange. 0 when out of memory (packing the oldest with 'pk'). */
int stree_hold(stree *t, stree_holding *hd, packer *pk, uint32_t id, vg_state **child);
/* Node 'id''s held state swapped into '*cur' (whose buffer becomes spare);
 * the node is no longer held. */
void stree_hold_take(stree *t, stree_holding *hd, uint32_t id, vg_state **cur);
/* Node 'id''s held state, if any, dropped (it is reached another way). */
void stree_hold_drop(stree *t, stree_holding *hd, uint32_t id);

#endif
