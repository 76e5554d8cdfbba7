/* SPDX-License-Identifier: MIT
 *
 * planner.h -- the best-first search behind the 'bfs' and 'astar' agents:
 * priority g + weight * h over positions (search.h's key), a closed set,
 * a per-decision budget (the decision's fm budget and an expansion
 * limit), and a plan that is replayed while the game follows it.
 *
 * With h = 0 (bfs) states come out in order of depth, so the first win
 * found is a shortest one; with search.h's bound (astar) the same holds
 * because the bound is admissible and consistent.
 *
 * When a decision's budget runs out before a win is found, the planner
 * either waits (returns ACTION_NIL and resumes the same search next tick;
 * only when 'wait' is set and ACTION_NIL was checked, with the forward
 * model, to leave the state exactly as it is) or replans: it plays the
 * first action towards the most promising state it has seen (least h,
 * then best heuristic value) and starts afresh next tick.
 *
 * A search that keeps more than 'max_states' states is dropped; with
 * 'escalate' above 1 the next search from the same state runs with its
 * weight multiplied by it (weighted A*: plans at most 'weight' times
 * longer than the shortest, found far sooner), so that a level too big
 * for plain A* is still won.
 */
#ifndef VG_PLANNER_H
#define VG_PLANNER_H

#include "agent.h"

typedef struct planner_opts {
    int use_bound;   /* 1: h = search.h's bound; 0: h = 0 */
    double weight;   /* f = g + weight * h */
    long expansions; /* per decision, 0: no limit but the fm budget */
    long max_states; /* states kept in one search before it is dropped */
    int wait;        /* may wait with ACTION_NIL while a search goes on */
    double escalate; /* a search dropped for size restarts with weight * escalate (1: never) */
} planner_opts;

typedef struct planner planner;
planner *planner_new(const vg_game *g, const vg_state *s, const planner_opts *o); /* NULL when out of memory */
vg_action planner_act(planner *p, fm *f, const vg_state *s);
void planner_free(planner *p);

#endif
