/* SPDX-License-Identifier: MIT
 *
 * mtdf.h -- MTD(f) (Plaat et al.): depth-limited minimax found by a
 * sequence of null-window alpha-beta searches over a transposition table,
 * with iterative deepening under the decision's budget. Agent "mtdf".
 *
 * The game: two sides taking turns, agent 0 maximising against every
 * other agent (as in adversarial.h); no chance agents. Depth is counted
 * as in adversarial.h: one ply is every agent moving once; a node is a
 * leaf when agent 0 is to move and no plies are left, when the game is
 * over, or when the agent to move has no legal move. Leaves are valued by
 * the game's evaluate(state) (vg_evaluate; 'eval' 0: by the score), plus
 * 'win_bonus' for a won game and minus it for a lost one, from agent 0's
 * view, and rounded to whole numbers: MTD(f) narrows the value one unit
 * at a time. With whole-number leaves it returns alpha-beta's value at
 * the same depth (the move may differ among equally good ones).
 *
 * The table is keyed by exact_key (the position, the agent to move and
 * the script's variables; not the tick) and kept between decisions; an
 * entry holds bounds on a position's value searched to some depth, which
 * serve any search of that position to the same depth or less, and the
 * best move found there, which is tried first at any depth.
 */
#ifndef VG_MTDF_H
#define VG_MTDF_H

#include "agent.h"

typedef struct mtdf_opts {
    int depth;        /* plies, >= 1: the last iteration */
    int eval;         /* 1: leaves by vg_evaluate; 0: by the score */
    double win_bonus; /* added to a won leaf, taken from a lost one */
    int tt_bits;      /* 2^tt_bits entries (24 bytes each); 0: 20 */
} mtdf_opts;

typedef struct mtdf_result {
    int move;     /* the agent to move's choice (a vg_move number), -1: none */
    double value; /* its value, from agent 0's view */
    int depth;    /* plies of the deepest iteration that finished (0: none) */
    long nodes;   /* states searched, all iterations */
    long passes;  /* null-window searches, all iterations */
} mtdf_result;

typedef struct mtdf mtdf;

mtdf *mtdf_new(const vg_game *g, const mtdf_opts *o); /* NULL when out of memory */
void mtdf_free(mtdf *m);
void mtdf_clear(mtdf *m); /* empties the table */
/* Deepens 1, 2, ... up to o->depth while fm_spent(f) allows (f may have
 * no budget; then all the way); answers from the deepest iteration that
 * finished, or, if none did, from the first's best move so far. Each
 * child costs 'f' two calls (a copy and a play). A script error, a
 * chance agent or no memory ends the search, the error kept in 'f'.
 * Returns r->move. */
int mtdf_search(mtdf *m, const vg_state *s, fm *f, mtdf_result *r);

#endif
