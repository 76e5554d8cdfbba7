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

/* 0 when changing sprite 'p' overlaps nothing of leaf set 'types' for
 * sure: overlap_find()'s first test, made before calling it (most lookups
 * end there). On the grid, from its cell (once the cell counts are given up
 * on, occ_full, only when it wants no changing type); off it but wholly on the map,
 * in a collection of many sprites' contacts ('off' not NULL), from its 1
 * to 4 cells (a missile between cells over the floor), for a type as long
 * as that pays in the collection: a type is no longer tested once its
 * tests have not ended a lookup a few times more than twice as often as
 * they have (boulders between cells lie on what they fall onto). */
#define OFF_SCORE_MAX 8 /* +2 a test that did not end a lookup, -1 one that did */
#define OFF_SCORE_MIN -64
typedef struct off_tests {
    uint64_t seen, skip; /* leaf types tested, and those no longer tested */
    int8_t score[64];    /* per type seen */
} off_tests;
static inline int overlap_maybe(const tick_ctx *t, const sprite *p, uint64_t types, off_tests *off) {
    const vg_game *g = t->g;
    const uint8_t *occ = state_occ(t->s);
    int cell = g->geom ? -1 : cell_exact(g, p->x, p->y), type = p->type;
    if (cell >= 0 && (!t->s->occ_full || !(types & g->changing)))
        return (types & (g->static_mask[cell] | (occ[cell] > 1 ? g->changing : 0))) != 0;
    if (!off || (off->skip >> type & 1) || g->geom || t->s->occ_full || !square_on_map(g, p->x, p->y)) return 1;
    square q = square_at(g, p->x, p->y); /* its cells: c, c + dc, c + dr, c + dr + dc (some the same) */
    int c = (int)((q.cols & 0xffff) + (q.rows & 0xffff)), dc = (int)(q.cols >> 16), dr = (int)(q.rows >> 16);
    const uint64_t *m = g->static_mask;
    uint64_t near = m[c] | m[c + dc] | m[c + dr] | m[c + dr + dc];
    if ((occ[c] | occ[c + dc] | occ[c + dr] | occ[c + dr + dc]) > 1) near |= g->changing; /* a count over 1 */
    if (!(off->seen >> type & 1)) off->seen |= 1ULL << type, off->score[type] = 0;
    if (!(types & near)) {
        if (off->score[type] > OFF_SCORE_MIN) off->score[type]--;
        return 0;
    }
    if ((off->score[type] += 2) >= OFF_SCORE_MAX) off->skip |= 1ULL << type; /* not tested again */
    return 1;
}

#endif
