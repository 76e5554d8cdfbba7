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

/* A step back keeps the contacts of the collision pass up to date itself
 * when it can (interact.c): call contacts_current() before the move, and
 * contacts_home() after it with what it said. */
static inline int contacts_current(const tick_ctx *t) { return !t->full && t->ct.version == t->version; }
void contacts_home(tick_ctx *t, int a, int current);

/* The edge effects (edge.c), step 2 of the pass: each on the sprites of its
 * first type not wholly on the map. */
void edge_run(tick_ctx *t);

#endif
