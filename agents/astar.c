/* SPDX-License-Identifier: MIT
 *
 * astar.c -- A* over positions: closed set keyed by search.h's positional
 * key, f = g + weight * h with h search.h's admissible, consistent bound
 * (distance avatar -> key -> door over wall-free cells, with dead states
 * pruned; 0 for games outside Bait's vocabulary), an expansion budget per
 * decision, and the plan played once a win is found. See planner.h for
 * waiting and replanning when the budget runs out, and for the weight
 * escalation that wins levels too big for plain A* (Bait level 3).
 */
#include "planner.h"

static const agent_param astar_params[] = {
    {"expansions", 0, "states expanded per decision (0: only the decision's budget limits)"},
    {"weight", 1, "f = g + weight * h; 1 is A* (shortest plans), above 1 faster and longer"},
    {"max_states", 300000, "states one search may keep before it is dropped"},
    {"wait", 1, "1: wait (ACTION_NIL) while searching when waiting provably changes nothing"},
    {"escalate", 10, "a search dropped for size restarts with weight times this (1: never)"},
};

static void *astar_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    planner_opts o = {1, p[1], (long)p[0], (long)p[2], p[3] != 0, p[4]};
    return planner_new(g, NULL, &o);
}

static int astar_act(void *self, fm *f, const vg_state *s) { return fm_action_move(f, planner_act(self, f, s)); }
static void astar_free(void *self) { planner_free(self); }

const agent_def agent_astar = {"astar",      "A* with an admissible bound and an expansion budget per decision",
                               astar_params, 5,
                               astar_create, astar_act,
                               astar_free};
