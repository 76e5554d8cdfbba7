/* SPDX-License-Identifier: MIT
 *
 * interact.h -- the collision pass, step 3 of a tick. Internal header.
 */
#ifndef VG_INTERACT_H
#define VG_INTERACT_H

#include "tick.h"

void interact_run(tick_ctx *t); /* delayed effects due, edge effects, then every pair's effects */
/* Which overlaps under a rule outlast the tick, as state.h's PERSIST_*; with
 * PERSIST_SOME, a changing side of each is marked SP_LINGER. */
int interact_persist(tick_ctx *t);

/* The edge effects (edge.c), step 2 of the pass: each on the sprites of its
 * first type not wholly on the map. */
void edge_run(tick_ctx *t);

#endif
