/* SPDX-License-Identifier: MIT
 *
 * expectimax.c -- depth-limited expectimax (Berkeley CS188's
 * ExpectimaxAgent): agent 0 takes the child of highest value; every other
 * agent is a chance node worth the plain average of its children, as if
 * it moved uniformly at random among its legal moves. See adversarial.h.
 */
#include <math.h>

#include "adversarial.h"

double expectimax_value(adv_ctx *c, const vg_state *s, int level, int depth, double alpha, double beta) {
    (void)alpha, (void)beta;
    int moves[VG_MAX_MOVES], chance;
    double v, probs[VG_MAX_MOVES];
    int n = adv_moves(c, s, depth, moves, probs, &chance, &v);
    if (n == 0) return v;
    if (chance) return adv_chance_value(c, s, level, depth, n, moves, probs, expectimax_value);
    int maximise = vg_turn(s) == 0;
    v = maximise ? -INFINITY : 0;
    for (int k = 0; k < n; k++) {
        const vg_state *child = adv_child(c, s, level, moves[k]);
        if (!child) return v;
        double cv = expectimax_value(c, child, level + 1, adv_child_depth(child, depth), 0, 0);
        v = maximise ? fmax(v, cv) : v + cv;
    }
    return maximise ? v : v / n;
}

static void *expectimax_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    return adv_agent_create(g, p, ADV_EXPECTIMAX);
}

const agent_def agent_expectimax = {
    "expectimax",      "depth-limited expectimax: the other agents move uniformly at random",
    adv_params,        ADV_NPARAMS,
    expectimax_create, adv_agent_act,
    adv_agent_free};
