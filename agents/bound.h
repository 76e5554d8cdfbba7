/* SPDX-License-Identifier: MIT
 *
 * bound.h -- a lower bound on the actions still needed to win, for
 * key-and-door games such as Bait (the A* agents' heuristic, the level
 * solver's, and the dead states MCTS avoids).
 */
#ifndef VG_BOUND_H
#define VG_BOUND_H

#include "vgdl.h"

/* ---- Lower bound for key-and-door games ---------------------------------
 *
 * For a game in Bait's vocabulary -- sprite types "key", "goal" and "wall",
 * an avatar that starts without the key, and "box" for pushable blocks --
 * sbound_of returns a lower bound on the number of actions still needed to
 * win, or SBOUND_DEAD when the state can never be won. For other games it
 * returns 0 for every state that is not over (so A* becomes breadth-first
 * search) and SBOUND_DEAD for a lost one. The bound and its proof are in
 * bound.c. */
#define SBOUND_DEAD 0x3fffffff
typedef struct sbound sbound;
sbound *sbound_new(const vg_game *g, const vg_state *start); /* NULL when out of memory */
int sbound_of(const sbound *b, const vg_state *s);
int sbound_active(const sbound *b);     /* 1 when the game is in Bait's vocabulary */
void sbound_free(sbound *b);

#endif
