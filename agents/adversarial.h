/* SPDX-License-Identifier: MIT
 *
 * adversarial.h -- depth-limited search over several agents taking turns
 * (vg_num_agents, vg_turn, vg_legal, vg_play): minimax, alpha-beta and
 * expectimax, shared by agents/minimax.c, alphabeta.c and expectimax.c.
 *
 * Agent 0 maximises; every other agent minimises (minimax, alpha-beta) or
 * moves uniformly at random among its legal moves (expectimax). An agent
 * the game declares as chance (turns{ chance = ... }, vg_is_chance) is a
 * chance node in all three: the average of its outcomes weighted by their
 * probabilities (vg_outcomes), its children searched with no pruning
 * window. A game without turns{} has one agent, whose moves are its
 * actions.
 *
 * Depth is in plies: one ply is agent 0 and every other agent once, so a
 * node is a leaf when it is agent 0's turn and no plies are left, when the
 * game is over (a win or a loss is a leaf at any depth), or when the agent
 * to move has no legal move. Leaves are valued by the score, or with
 * 'eval' by vg_evaluate (the game's evaluate(state), else the score), plus
 * 'win_bonus' for a win and minus it for a loss. Children are generated in
 * legal order; ties at the root go to the first move; alpha-beta prunes
 * only on strict inequality, so it returns minimax's move and value.
 */
#ifndef VG_ADVERSARIAL_H
#define VG_ADVERSARIAL_H

#include "agent.h"

typedef enum { ADV_MINIMAX, ADV_ALPHABETA, ADV_EXPECTIMAX } adv_kind;

typedef struct adv_options {
    adv_kind kind;
    int depth;        /* plies, >= 1 */
    int eval;         /* 1: leaves by vg_evaluate; 0: by the score */
    double win_bonus; /* added to a won leaf, taken from a lost one */
    int anytime;      /* 1: deepen 1, 2, ... while the budget in the fm allows */
    /* Called with every state vg_play returns during the search (may be NULL). */
    void (*on_child)(const vg_state *child, void *ud);
    void *ud;
} adv_options;

typedef struct adv_result {
    int move;       /* the root agent's move (a vg_move number, an action without turns), -1: none */
    double value;   /* its value, from agent 0's view (the agents report it for the agent to move, agent.h) */
    int depth;      /* plies searched to the end (less than asked when a budget stopped the search) */
    long expanded;  /* states whose children were generated */
    long generated; /* states returned by vg_play */
    long leaves;    /* states valued as leaves */
} adv_result;

/* Searches from 's' for the agent whose turn it is (vg_turn). Each child
 * costs 'f' two calls (a copy and a play); the first error (a script
 * error in legal moves, a play or evaluate; out of memory) is kept in
 * 'f' and ends the search. The search goes to
 * 'o->depth' whatever the budget in 'f' (a decision that takes longer is
 * reported as overspent), unless 'o->anytime' is set and 'f' has a budget:
 * then it deepens 1, 2, ... up to 'o->depth' while fm_spent() allows, and
 * answers from the deepest search that finished (or, if depth 1 did not,
 * the best move found so far). Returns the move, -1 when the game is over
 * or the agent has no legal move. */
int adv_search(const vg_game *g, const vg_state *s, const adv_options *o, fm *f, adv_result *r);

/* ---- For the three node rules (minimax.c, alphabeta.c, expectimax.c) ---- */

typedef struct adv_ctx adv_ctx;

/* The value of 's' (the state at stack 'level', 'depth' plies to go). */
typedef double adv_value_fn(adv_ctx *c, const vg_state *s, int level, int depth, double alpha, double beta);
adv_value_fn minimax_value, alphabeta_value, expectimax_value;

/* The moves to expand 's' with, in legal order, or 0 when 's' is a leaf
 * (then '*leaf' holds its value). For a chance agent, 'probs' gets the
 * outcomes' probabilities and '*chance' is set. */
int adv_moves(adv_ctx *c, const vg_state *s, int depth, int moves[VG_MAX_MOVES], double probs[VG_MAX_MOVES],
              int *chance, double *leaf);
/* The value of a chance node: the children valued by 'rule', weighted. */
double adv_chance_value(adv_ctx *c, const vg_state *s, int level, int depth, int n, const int *moves,
                        const double *probs, adv_value_fn *rule);
/* 's' (at stack 'level') after 'move', at stack 'level' + 1; NULL when the
 * budget ran out or an error is kept (the search is then abandoned). */
const vg_state *adv_child(adv_ctx *c, const vg_state *s, int level, int move);
/* Plies to go at 'child' of a node with 'depth' to go: one less when the
 * round is over (agent 0 is to move again). */
int adv_child_depth(const vg_state *child, int depth);

/* ---- The agents' shared parts ---------------------------------------- */

#define ADV_NPARAMS 4
extern const agent_param adv_params[ADV_NPARAMS]; /* depth, eval, win, anytime */
void *adv_agent_create(const vg_game *g, const double *p, adv_kind kind);
int adv_agent_act(void *self, fm *f, const vg_state *s);
void adv_agent_free(void *self);

#endif
