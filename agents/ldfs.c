/* SPDX-License-Identifier: MIT
 *
 * ldfs.c -- depth-limited depth-first search every tick (the coursework's
 * second Bait agent). Searches every action sequence up to 'depth'
 * actions, skipping actions that leave the state unchanged (same
 * vg_state_hash), and values a node by the best of its own value and its
 * children's; leaves are valued by the game's heuristic (the score when it
 * has none), a win far above everything (sooner wins first), a loss far
 * below. Iterative deepening 1, 2, ... depth keeps it anytime: when the
 * budget runs out the last complete depth decides. Ties go to the first
 * action in vg_actions order.
 */
#include <stdlib.h>

#include "agent.h"
#include "search.h"

typedef struct ldfs {
    const vg_game *g;
    int depth;
    vg_state **stack; /* one state per depth */
    int aborted;
} ldfs;

static const agent_param ldfs_params[] = {
    {"depth", 4, "actions searched ahead (1..64)"},
};

static void ldfs_free(void *self) {
    ldfs *l = self;
    if (!l) return;
    for (int d = 0; l->stack && d <= l->depth; d++) vg_state_free(l->stack[d]);
    free(l->stack);
    free(l);
}

static void *ldfs_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    ldfs *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->g = g;
    l->depth = p[0] < 1 ? 1 : p[0] > 64 ? 64 : (int)p[0];
    l->stack = calloc((size_t)l->depth + 1, sizeof *l->stack);
    for (int d = 0; l->stack && d <= l->depth; d++)
        if (!(l->stack[d] = vg_state_new(g, 0))) break;
    if (!l->stack || !l->stack[l->depth]) {
        ldfs_free(l);
        return NULL;
    }
    return l;
}

/* 1 when another child does not fit in the decision's budget: the search
 * is then aborted. */
static int spent(ldfs *l, fm *f) {
    if (fm_spent_for(f, FM_CHILD)) l->aborted = 1;
    return l->aborted;
}

/* Value of l->stack[d], reached after d actions, searching 'left' more. */
static double value(ldfs *l, fm *f, int d, int left) {
    const vg_state *s = l->stack[d];
    double own = search_value(f, s);
    if (fm_winner(f, s) == VG_PLAYER_WINS) return own - d; /* sooner is better */
    if (vg_is_over(s) || left == 0) return own;
    uint64_t h = vg_state_hash(s);
    vg_action acts[VG_MAX_ACTIONS];
    int n = fm_actions(f, s, acts);
    double best = own;
    for (int k = 0; k < n; k++) {
        if (spent(l, f)) return best;
        fm_copy(f, l->stack[d + 1], s);
        fm_advance(f, l->stack[d + 1], acts[k]);
        f->expanded++;
        if (vg_state_hash(l->stack[d + 1]) == h) continue; /* changed nothing */
        double v = value(l, f, d + 1, left - 1);
        if (v > best) best = v;
    }
    return best;
}

static int ldfs_act(void *self, fm *f, const vg_state *s) {
    ldfs *l = self;
    vg_action acts[VG_MAX_ACTIONS], choice = VG_ACTION_NIL;
    int n = fm_actions(f, s, acts);
    if (n == 0) return -1;
    choice = acts[0];
    uint64_t h = vg_state_hash(s);
    l->aborted = 0;
    for (int limit = 1; limit <= l->depth && !l->aborted; limit++) {
        double best_v = 0;
        int best = -1;
        for (int k = 0; k < n && !spent(l, f); k++) {
            fm_copy(f, l->stack[1], s);
            fm_advance(f, l->stack[1], acts[k]);
            f->expanded++;
            if (vg_state_hash(l->stack[1]) == h) continue;
            double v = value(l, f, 1, limit - 1);
            if (best < 0 || v > best_v) best_v = v, best = k;
        }
        if (l->aborted && limit > 1) break; /* keep the last complete depth */
        if (best >= 0) {
            choice = acts[best];
            f->value = best_v;
            f->has_value = 1;
        }
    }
    return fm_action_move(f, choice);
}

const agent_def agent_ldfs = {
    "ldfs",   "depth-limited DFS every tick, leaves valued by the heuristic", ldfs_params, 1, ldfs_create, ldfs_act,
    ldfs_free};
