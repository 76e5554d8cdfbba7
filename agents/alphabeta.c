/* SPDX-License-Identifier: MIT
 *
 * alphabeta.c -- minimax with alpha-beta pruning (Berkeley CS188's
 * AlphaBetaAgent): children in legal order, alpha and beta passed down;
 * a maximising node stops once a child is worth more than beta, a
 * minimising one once a child is worth less than alpha. Pruning only on
 * strict inequality keeps minimax's move and value exactly, ties
 * included, while generating fewer states. See adversarial.h.
 */
#include <math.h>

#include "adversarial.h"

double alphabeta_value(adv_ctx *c, const vg_state *s, int level, int depth, double alpha, double beta) {
    int moves[VG_MAX_MOVES], chance;
    double v, probs[VG_MAX_MOVES];
    int n = adv_moves(c, s, depth, moves, probs, &chance, &v);
    if (n == 0) return v;
    if (chance) return adv_chance_value(c, s, level, depth, n, moves, probs, alphabeta_value);
    int maximise = vg_turn(s) == 0;
    v = maximise ? -INFINITY : INFINITY;
    for (int k = 0; k < n; k++) {
        const vg_state *child = adv_child(c, s, level, moves[k]);
        if (!child) return v;
        double cv = alphabeta_value(c, child, level + 1, adv_child_depth(child, depth), alpha, beta);
        if (maximise) {
            v = fmax(v, cv);
            if (v > beta) return v;
            alpha = fmax(alpha, v);
        } else {
            v = fmin(v, cv);
            if (v < alpha) return v;
            beta = fmin(beta, v);
        }
    }
    return v;
}

static void *alphabeta_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    return adv_agent_create(g, p, ADV_ALPHABETA);
}

const agent_def agent_alphabeta = {
    "alphabeta",      "minimax with alpha-beta pruning (same move and value, fewer states)",
    adv_params,       ADV_NPARAMS,
    alphabeta_create, adv_agent_act,
    adv_agent_free};
