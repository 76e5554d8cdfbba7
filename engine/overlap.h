/* SPDX-License-Identifier: MIT
 *
 * overlap.h -- the collision pass's lookups (overlap.c). Internal header.
 */
#ifndef VG_OVERLAP_H
#define VG_OVERLAP_H

#include "tick.h"

#define MAX_REFS (VG_MAX_SPRITES + 64) /* the most sprites a lookup gives */

/* The sprites of leaf set 'types' that overlap sprite 'r1' and existed
 * when the effect started (index below 'n0'), at most 'max' into 'out', in
 * GVGAI's order: by type, then by id. With 'live', sprites killed this
 * tick are left out. Returns how many. */
int overlap_find(tick_ctx *t, int r1, uint64_t types, uint32_t n0, int live, int *out, int max);
/* A superset of the leaf types that may overlap sprite 'r' where it is now. */
uint64_t overlap_near_types(const tick_ctx *t, int r);

/* 0 when changing sprite 'p', on the grid, overlaps nothing of leaf set
 * 'types' for sure: overlap_find()'s first test, made before calling it. */
static inline int overlap_maybe(const tick_ctx *t, const sprite *p, uint64_t types) {
    const vg_game *g = t->g;
    int cell = g->geom ? -1 : cell_exact(g, p->x, p->y);
    if (cell < 0 || t->s->occ_full) return 1;
    return (types & (g->static_mask[cell] | (state_occ(t->s)[cell] > 1 ? g->changing : 0))) != 0;
}

#endif
