/* SPDX-License-Identifier: MIT
 *
 * bound.h -- the lower bound on the actions still needed to win that the
 * engine derives from a game's rules when it can prove it (bound.c), next
 * to the script's bound(state) hook; vg_bound in vgdl.h picks one.
 *
 * Internal header: agents and tools include only vgdl.h.
 */
#ifndef VG_BOUND_H
#define VG_BOUND_H

#include "game.h"

/* Derives the bound for 'g' once its level is loaded (level_load calls
 * it): g->bound is set when every rule the proof needs holds, left NULL
 * otherwise, and g->bound_note says which proof or why none. VG_OK, or
 * VG_ERR_NOMEM. */
vg_status bound_derive(vg_game *g);
/* The derived bound of 's' (not over); VG_BOUND_DEAD when it can never be won. */
int bound_derived(const vg_game *g, const vg_state *s);
void bound_free(struct bound_rules *b);   /* NULL is a no-op */

#endif
