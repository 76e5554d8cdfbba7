/* SPDX-License-Identifier: MIT
 *
 * solve_level.h -- the level solver ('vgdl solve'): a shortest winning action sequence found
 * by A* over positions (search.h's positional key), with search.h's
 * admissible, consistent lower bound and its dead-state pruning. With
 * weight 1, a quick weighted search finds some win first, and A* then
 * looks only for shorter ones (solve_level.c); with no bound (games outside
 * Bait's vocabulary) the search is breadth-first. (The "solve" agent,
 * which solves two-player games exactly, is solve.c.)
 */
#ifndef VG_SOLVE_LEVEL_H
#define VG_SOLVE_LEVEL_H

#include "agent.h"

typedef enum { SOLVE_SOLVED = 0, SOLVE_UNSOLVABLE, SOLVE_UNDECIDED, SOLVE_NOMEM, SOLVE_ERROR } solve_status;

typedef struct solve_opts {
    long max_states;    /* states expanded before giving up, 0: no limit */
    double max_seconds; /* 0: no limit */
    double weight;      /* f = g + weight * h; 1 (or 0): shortest; above 1: faster, at most weight times longer */
    int max_len;        /* 0: any length; else only wins of at most this many actions are looked for: positions
                          * whose g + h is more are dropped, and SOLVE_UNSOLVABLE with lower_bound max_len + 1
                          * says there is none */
} solve_opts;

typedef struct solve_result {
    solve_status status;
    vg_action *plan; /* malloc'd, 'len' actions (free with free()) */
    int len;
    int optimal;     /* 1 when 'plan' is proven shortest */
    int lower_bound; /* every winning sequence has at least this many actions */
    long expanded;   /* states expanded */
    long generated;  /* states generated (advances) */
    long distinct;   /* distinct positions seen */
    double seconds;
    int chance; /* 1 when some tick it played depended on the seed (vg_state_drew): what it found holds for
                          * this seed only; 0: every tick it played is the same under every seed, and so is the result */
} solve_result;

/* Searches from 'start', playing through 'f' (its calls counted; its
 * budget not used: 'o' has the limits). 'r' is filled in every case.
 * When the limits stop the proof after the quick search found a win, that
 * win is returned (status solved, 'optimal' 0, 'lower_bound' what the
 * proof reached). SOLVE_ERROR: a script error, kept in 'f'. */
solve_status solve_level(const vg_game *g, fm *f, const vg_state *start, const solve_opts *o, solve_result *r);

#endif
