/* SPDX-License-Identifier: MIT
 *
 * bound_merge.h -- the derived bound of games won by pushing boxes into
 * blocks of their kind (bound_merge.c has the proof). bound.c asks for it.
 *
 * Internal header: agents and tools include only vgdl.h.
 */
#ifndef VG_BOUND_MERGE_H
#define VG_BOUND_MERGE_H

#include "game.h"

struct bound_merge;
/* Derives the bound for 'g' (its level loaded) when every rule the proof
 * needs holds: g->bound_merge set, and g->bound_note says so; else
 * g->bound_merge NULL and the note left as it was. VG_OK, or VG_ERR_NOMEM. */
vg_status bound_merge_try(vg_game *g);
/* The bound of 's' (not over); VG_BOUND_DEAD when it can never be won. */
int bound_merge_eval(const vg_game *g, struct bound_merge *b, const vg_state *s);
void bound_merge_free(struct bound_merge *b); /* NULL is a no-op */

#endif
