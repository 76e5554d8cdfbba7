/* SPDX-License-Identifier: MIT
 *
 * interact.h -- the collision pass, step 3 of a tick. Internal header.
 */
#ifndef VG_INTERACT_H
#define VG_INTERACT_H

#include "effect.h"
#include "overlap.h"

void interact_run(tick_ctx *t); /* delayed effects due, edge effects, then every pair's effects */
/* Which overlaps under a rule outlast the tick, as state.h's PERSIST_*; with
 * PERSIST_SOME, a changing side of each is marked SP_LINGER. */
int interact_persist(tick_ctx *t);

/* The edge effects (edge.c), step 2 of the pass: each on the sprites of its
 * first type not wholly on the map. */
void edge_run(tick_ctx *t);

/* The pass's first steps: the delayed effects due, then the edge effects. */
static inline void interact_begin(tick_ctx *t) {
    if (t->s->timers) effect_run_timers(t);
    if (t->g->neos) edge_run(t);
}

/* ---- A tick that checks every pair (interact_geom.c) --------------------- */

/* The walk over an effect's first sprites (interact_next_any); 'walking' 0
 * starts it. */
typedef struct any_walk {
    int walking; /* the first sprites are walk 'w''s, */
    sprite_walk w;
    int type;      /* ... its type now, */
    int reach;     /* ... the pixels below its rectangle a first sprite of it looks at (for ground), */
    uint64_t near; /* ... and the leaf types of second sprites the last one may meet */
} any_walk;
/* interact_run for a game of sprites of several sizes or with continuous
 * physics (g->geom), whose ticks check every pair. */
void interact_geom(tick_ctx *t);
/* The next first sprite of pair 'pd' in GVGAI's order, into *r, from the
 * one after key 'after' once 'started', passing over those that meet no
 * second sprite for sure; 0 when there is none. */
int interact_next_any(tick_ctx *t, any_walk *f, const pair_def *pd, uint32_t n0, uint64_t after, int started, int *r);
/* 1 when leaf set 'types' has no sprite below index 'n0' (a killed one
 * counts), so that no first sprite of an effect started then meets one. */
int interact_none_of(const tick_ctx *t, uint64_t types, uint32_t n0);

/* 1 when a shield raised this tick (shieldFrom) keeps effect 'e' of pair
 * 'pd' from happening: the pair names the shielded leaf type first. */
static inline int interact_shielded(const tick_ctx *t, const pair_def *pd, const effect_def *e) {
    for (int k = 0; k < t->nshields; k++)
        if (t->shields[k].t1 == pd->t1 && t->shields[k].t2 == pd->t2 && t->shields[k].kind == e->kind) return 1;
    return 0;
}

/* 1 when references 'a' and 'b' overlap now. */
static inline int interact_meet(const tick_ctx *t, int a, int b) {
    int ax, ay, bx, by;
    if (t->g->geom) return physics_overlap(t, a, b);
    ref_pos(t->g, t->s, a, &ax, &ay);
    ref_pos(t->g, t->s, b, &bx, &by);
    return physics_intersects(t->b, ax, ay, bx, by);
}

/* Effect 'e' (FX_BATCH: 'batch') on first sprite 'a' not killed and the
 * second sprites of leaf set 'near' (those it may meet) that existed when
 * the effect started (below 'n0') and overlap it, in GVGAI's order, as
 * 'seconds' finds them (an always_inline function: each pass inlines its
 * own; it may stop at the first when 'e' surely kills 'a'); a first sprite that stands on ground notes whether it does, against
 * the solid ones (in a tick that checks every pair, also when it overlaps
 * none). */
typedef int (*interact_seconds)(tick_ctx *t, const effect_def *e, int a, uint64_t types, uint32_t n0, int *out);
static inline __attribute__((always_inline)) void interact_visit(tick_ctx *t, const effect_def *e, int batch, int a,
                                                                 uint64_t near, uint32_t n0, interact_seconds seconds) {
    const vg_game *g = t->g;
    int second[MAX_REFS];
    int ground = a >= 0 && (g->ground_types >> ref_type(g, t->s, a) & 1);
    int n2 = seconds(t, e, a, near, n0, second);
    if (n2 == 0 && (!ground || !t->full)) return; /* its contacts are gone (interact.c's firsts) */
    if (ground) physics_ground(t, a, near);
    if (batch) {
        int m = 0;
        for (int j = 0; j < n2; j++)
            if (interact_meet(t, a, second[j])) second[m++] = second[j];
        if (m > 0) effect_apply_batch(t, e, a, second, m);
        return;
    }
    for (int j = 0; j < n2 && !tick_killed(t, a); j++) {
        if (ground) physics_ground_one(t, a, second[j]);
        if (interact_meet(t, a, second[j])) effect_apply(t, e, a, second[j]);
    }
}

#endif
