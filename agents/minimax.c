/* SPDX-License-Identifier: MIT
 *
 * minimax.c -- depth-limited minimax over several agents taking turns:
 * agent 0 takes the child of highest value, every other agent the lowest
 * (Berkeley CS188's MinimaxAgent, for any game with turns{}). Plies,
 * leaves, ties and budgets: see adversarial.h.
 */
#include <math.h>

#include "adversarial.h"

double minimax_value(adv_ctx *c, const vg_state *s, int level, int depth, double alpha, double beta) {
    (void)alpha, (void)beta;
    int moves[VG_MAX_MOVES], chance;
    double v, probs[VG_MAX_MOVES];
    int n = adv_moves(c, s, depth, moves, probs, &chance, &v);
    if (n == 0) return v;
    if (chance) return adv_chance_value(c, s, level, depth, n, moves, probs, minimax_value);
    int maximise = vg_turn(s) == 0;
    v = maximise ? -INFINITY : INFINITY;
    for (int k = 0; k < n; k++) {
        const vg_state *child = adv_child(c, s, level, moves[k]);
        if (!child) return v;
        double cv = minimax_value(c, child, level + 1, adv_child_depth(child, depth), 0, 0);
        v = maximise ? fmax(v, cv) : fmin(v, cv);
    }
    return v;
}

static void *minimax_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    return adv_agent_create(g, p, ADV_MINIMAX);
}

const agent_def agent_minimax = {"minimax",      "depth-limited minimax: agent 0 maximises, the other agents minimise",
                                 adv_params,     ADV_NPARAMS,
                                 minimax_create, adv_agent_act,
                                 adv_agent_free};
