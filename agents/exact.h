/* SPDX-License-Identifier: MIT
 *
 * exact.h -- exhaustive play of two-player games through the forward
 * model (fm_legal, fm_play): the exact solver (the "solve" agent, solve.c), perft
 * (move sequences per depth), positions given as move lists, and the
 * position key the transposition tables of exact.c and mtdf.c use.
 *
 * Values are whole numbers. A finished game is worth its score
 * (vg_score, from agent 0's view, rounded); the solver's value is the
 * score perfect play leads to, seen by the agent to move: agent 0's
 * score for agent 0, minus it for any other agent (two sides: agent 0
 * against the rest). Games with chance agents are refused, and so are
 * lines longer than 1,000 moves ("too deep", VG_ERR_LIMIT: the search
 * recurses once a move). The solver is
 * meant for games that end (board games); a position met again on the
 * line being searched (a game that can go round in circles) is valued by
 * its score as if the game ended there, and positions are keyed without
 * the tick, so in a game with a tick limit the value is not exact.
 */
#ifndef VG_EXACT_H
#define VG_EXACT_H

#include "agent.h"

/* ---- Position key ------------------------------------------------------
 *
 * vg_state_hash (everything in a state but the tick: the agent to move
 * and the script's variables too) with the agent to move and the
 * variables mixed in once more. The second mix adds nothing a position
 * needs; it is kept because the tables' slots, and so the node counts
 * the tests and benchmarks quote, follow from the key as it is. */
uint64_t exact_key(const vg_state *s);

/* ---- Move lists --------------------------------------------------------
 *
 * Plays the moves in 'text' from 's': each token is a move name of the
 * agent to move (for a chance agent, an outcome's name), matched without
 * regard to case; tokens may be separated by spaces, commas or ';' or
 * written together ("4453", "f5d6c3"): the longest legal move name that
 * starts the rest of the text is taken. Returns the number of moves
 * played, or -1 with 'err' filled: "move N ('NAME'): why" (an unknown
 * or illegal move, a game already over, or a script error: then with
 * the script's file and line). */
int exact_replay(const vg_game *g, vg_state *s, const char *text, vg_error *err);

/* ---- Perft -------------------------------------------------------------
 *
 * Counts, for every depth d = 1..depth, the move sequences of exactly d
 * turns from 's' (a move that ends the game ends its sequence):
 * seq[d]; and leaves[d] = seq[d] + the games that ended after fewer than
 * d turns (the convention of Aart Bik's Othello perft). Every sequence is
 * played (no bulk counting at the last turn). seq[0] = leaves[0] = 1.
 * Returns the number of vg_play calls, or -1 with 'err' filled (a script
 * error, with its file and line; out of memory). 'seq' and 'leaves' have
 * depth + 1 entries. */
long exact_perft(const vg_game *g, const vg_state *s, int depth, uint64_t *seq, uint64_t *leaves, vg_error *err);

/* ---- Solver ------------------------------------------------------------ */

typedef struct exact_opts {
    int tt_bits;     /* transposition table of 2^tt_bits entries (24 bytes each); 0: 20 */
    int full_window; /* 1: one alpha-beta search with the whole window; 0: MTD(f) from 'guess' */
    int guess;       /* MTD(f)'s first guess */
    int order; /* N > 0: in the first N plies below the root, try children best first by the game's evaluate(state) (if it has one) */
    int budgeted; /* 1: stop when the fm's budget is spent (fm_spent); 0: solve to the end */
} exact_opts;

typedef struct exact_result {
    int solved;  /* 0: stopped by the budget ('stopped'), or an error (kept in the fm) */
    int stopped; /* stopped by the budget */
    int value;   /* the exact value for the agent to move */
    int move;    /* a best move (vg_move number), -1 when the game is over */
    long nodes;  /* states searched (each cost a copy and a vg_play) */
    double seconds;
} exact_result;

typedef struct exact_solver exact_solver;

/* A solver for 'g' with its own transposition table (kept between solves
 * of the same game). NULL when out of memory. */
exact_solver *exact_new(const vg_game *g, const exact_opts *o);
void exact_free(exact_solver *x);
/* Solves 's' (any agent to move), playing through 'f' (calls counted,
 * errors kept there: a script error, a chance agent, out of memory).
 * Returns r->solved. */
int exact_solve(exact_solver *x, fm *f, const vg_state *s, exact_result *r);
/* The exact value of every legal move of the agent to move in 's', for that
 * agent: moves[k] and values[k], k < the count returned (-1 when stopped
 * or on an error, kept in the fm). r gets the best of them. */
int exact_solve_moves(exact_solver *x, fm *f, const vg_state *s, int moves[VG_MAX_MOVES], int values[VG_MAX_MOVES],
                      exact_result *r);

#endif
