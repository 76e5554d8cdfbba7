/* SPDX-License-Identifier: MIT
 *
 * adversarial.c -- what minimax, alpha-beta and expectimax share (see
 * adversarial.h): the stack of states the search plays into, leaves and
 * their values, the root (ties to the first move), iterative deepening
 * under a budget, and the agent wrapper. The node rules themselves are in
 * minimax.c, alphabeta.c and expectimax.c.
 */
#include <math.h>
#include <stdlib.h>

#include "adversarial.h"

struct adv_ctx {
    const vg_game *g;
    const adv_options *o;
    fm *f;
    adv_result *r;
    vg_state **stack; /* stack[level]: the state at that depth of the recursion */
    int nstack;
    int budgeted; /* the search may be stopped by fm_spent() */
    int aborted;
};

static double leaf_value(adv_ctx *c, const vg_state *s) {
    double v;
    c->r->leaves++;
    v = c->o->eval ? fm_evaluate(c->f, s) : vg_score(s);
    if (vg_winner_of(s) == VG_PLAYER_WINS) v += c->o->win_bonus;
    else if (vg_winner_of(s) == VG_PLAYER_LOSES) v -= c->o->win_bonus;
    return v;
}

int adv_moves(adv_ctx *c, const vg_state *s, int depth, int moves[VG_MAX_MOVES], double probs[VG_MAX_MOVES],
              int *chance, double *leaf) {
    int n = 0, who = vg_turn(s);
    *chance = 0;
    if (!vg_is_over(s) && !(who == 0 && depth <= 0)) n = fm_moves(c->f, s, moves, probs, chance);
    if (n > 0) {
        c->r->expanded++;
        return n;
    }
    *leaf = leaf_value(c, s);
    return 0;
}

const vg_state *adv_child(adv_ctx *c, const vg_state *s, int level, int move) {
    if (c->aborted || c->f->status != VG_OK || (c->budgeted && fm_spent_for(c->f, FM_CHILD))) {
        c->aborted = 1;
        return NULL;
    }
    vg_state *child = c->stack[level + 1];
    fm_copy(c->f, child, s);
    fm_play(c->f, child, move);
    c->r->generated++;
    if (c->o->on_child) c->o->on_child(child, c->o->ud);
    return child;
}

double adv_chance_value(adv_ctx *c, const vg_state *s, int level, int depth, int n, const int *moves,
                        const double *probs, adv_value_fn *rule) {
    double v = 0;
    for (int k = 0; k < n; k++) {
        const vg_state *child = adv_child(c, s, level, moves[k]);
        if (!child) return v;
        v += probs[k] * rule(c, child, level + 1, adv_child_depth(child, depth), -INFINITY, INFINITY);
    }
    return v;
}

int adv_child_depth(const vg_state *child, int depth) { return vg_turn(child) == 0 ? depth - 1 : depth; }

static adv_value_fn *const rules[] = {minimax_value, alphabeta_value, expectimax_value};

/* One search to 'depth' from the root 's' (at stack level 0). Sets
 * '*value'; returns the chosen move, -1 when there is none. When the
 * budget runs out, returns the best move among the children searched to
 * the end (-1 if none was). */
static int root_search(adv_ctx *c, const vg_state *s, int depth, double *value) {
    int moves[VG_MAX_MOVES], chance;
    double probs[VG_MAX_MOVES];
    int n = adv_moves(c, s, depth, moves, probs, &chance, value);
    int maximise = vg_turn(s) == 0, best = -1;
    double alpha = -INFINITY, beta = INFINITY, best_v = 0;
    adv_value_fn *rule = rules[c->o->kind];
    for (int k = 0; k < n; k++) {
        const vg_state *child = adv_child(c, s, 0, moves[k]);
        if (!child) break;
        double v = rule(c, child, 1, adv_child_depth(child, depth), alpha, beta);
        if (c->aborted) break;
        if (best < 0 || (maximise ? v > best_v : v < best_v)) best_v = v, best = moves[k];
        if (maximise) alpha = fmax(alpha, best_v);
        else beta = fmin(beta, best_v);
    }
    if (best >= 0) *value = best_v;
    return best;
}

int adv_search(const vg_game *g, const vg_state *s, const adv_options *o, fm *f, adv_result *r) {
    *r = (adv_result){.move = -1};
    adv_ctx c = {.g = g, .o = o, .f = f, .r = r};
    int depth = o->depth < 1 ? 1 : o->depth;
    c.budgeted = o->anytime && (f->max_calls > 0 || f->deadline > 0);
    c.nstack = depth * vg_num_agents(g, s) + 2;
    c.stack = calloc((size_t)c.nstack, sizeof *c.stack);
    for (int k = 0; c.stack && k < c.nstack; k++)
        if (!(c.stack[k] = vg_state_new(g, 0))) c.nstack = k, c.aborted = 1;
    if (!c.stack || c.aborted) {
        fm_failf(f, VG_ERR_NOMEM, "out of memory");
    } else {
        for (int d = c.budgeted ? 1 : depth; d <= depth; d++) {
            double v = 0;
            int move = root_search(&c, s, d, &v);
            if (c.aborted && (d > 1 || move < 0)) break; /* keep the last finished search */
            r->move = move;
            r->value = v;
            r->depth = c.aborted ? 0 : d;
            if (c.aborted || move < 0) break;
        }
    }
    for (int k = 0; c.stack && k < c.nstack; k++) vg_state_free(c.stack[k]);
    free(c.stack);
    return r->move;
}

/* ---- The agents ------------------------------------------------------- */

const agent_param adv_params[ADV_NPARAMS] = {
    {"depth", 2, "plies to search (one ply: every agent moves once)"},
    {"eval", 0, "1: value leaves with the game's evaluate(state); 0: with the score (Berkeley's default)"},
    {"win", 0, "added to the value of a won leaf, taken from a lost one"},
    {"anytime", 0, "1: deepen 1, 2, ... up to depth while the decision's budget lasts; 0: always search to depth"},
};

typedef struct adv_agent {
    const vg_game *g;
    adv_options o;
} adv_agent;

void *adv_agent_create(const vg_game *g, const double *p, adv_kind kind) {
    adv_agent *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->g = g;
    a->o = (adv_options){
        .kind = kind, .depth = p[0] < 1 ? 1 : (int)p[0], .eval = p[1] != 0, .win_bonus = p[2], .anytime = p[3] != 0};
    return a;
}

/* The move; its value in f->value, for the agent that decides
 * (agent.h): the search's value (agent 0's) when agent 0 is to move,
 * minus it for any other agent (the others minimise agent 0's). */
int adv_agent_act(void *self, fm *f, const vg_state *s) {
    adv_agent *a = self;
    adv_result r;
    int move = adv_search(a->g, s, &a->o, f, &r);
    f->expanded += r.expanded;
    f->value = vg_turn(s) == 0 ? r.value : 0.0 - r.value; /* 0 - v: no -0 */
    f->has_value = move >= 0;
    return move;
}

void adv_agent_free(void *self) { free(self); }
