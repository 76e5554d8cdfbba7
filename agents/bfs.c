/* SPDX-License-Identifier: MIT
 *
 * bfs.c -- breadth-first search over positions (states deduplicated by
 * search.h's positional key), complete: the first win it meets is a
 * shortest one, and it plays that plan. See planner.h for budgets,
 * waiting and replanning.
 */
#include "planner.h"

static const agent_param bfs_params[] = {
    {"expansions", 0, "states expanded per decision (0: only the decision's budget limits)"},
    {"max_states", 1000000, "states one search may keep before it is dropped"},
    {"wait", 1, "1: wait (ACTION_NIL) while searching when waiting provably changes nothing"},
};

static void *bfs_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    planner_opts o = {0, 1, (long)p[0], (long)p[1], p[2] != 0, 1};
    return planner_new(g, NULL, &o);
}

static int bfs_act(void *self, fm *f, const vg_state *s) { return fm_action_move(f, planner_act(self, f, s)); }
static void bfs_free(void *self) { planner_free(self); }

const agent_def agent_bfs = {
    "bfs", "breadth-first search to a win (complete, shortest plan)", bfs_params, 3, bfs_create, bfs_act, bfs_free};
