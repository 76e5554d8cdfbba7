/* SPDX-License-Identifier: MIT
 *
 * match.h -- a game played to its end with an agent (or the game's
 * policy) in every seat (match.c), for 'vgdl run', 'vgdl batch' and the
 * level generator's agents; one agent's move in a game with turns; what
 * the agents' decisions cost, and the warning when they overspend.
 */
#ifndef VG_MATCH_H
#define VG_MATCH_H

#include <stddef.h>

#include "agent.h"

#define MATCH_MAX_SEATS 256 /* vg_num_agents is at most 255 */

/* What one agent's decisions cost, summed. */
typedef struct match_stats {
    long decisions, calls, expanded, overspent;
    double ms_total, ms_max;
} match_stats;

/* Who plays one seat (agent k of the game). */
typedef struct match_seat {
    agent *agent;      /* NULL: the game plays it (vg_play_policy); a chance seat always is */
    const char *label; /* names the agent in messages */
    agent_budget budget;
    match_stats *stats; /* its decisions are added here (seats may share one); may be NULL */
} match_seat;

/* Called after each move played turn by turn ('who' the agent that moved), or
 * each round played with vg_advance ('who' -1, 'move' the action); VG_OK,
 * or an error with 'err' filled, which ends the match. */
typedef vg_status match_move_fn(void *ud, int who, int move, vg_error *err);

void match_note(match_stats *st, const agent_report *r); /* adds one decision */
/* Warns on stderr, naming 'label', when more than MATCH_OVERSPENT_PCT
 * percent of 'decisions' overspent their budget (its results are then not
 * those of the budget asked for); returns 1 when it warned. */
#define MATCH_OVERSPENT_PCT 5
int match_warn_overspent(const char *label, long long decisions, long long overspent);
/* The same for each agent over a batch's rows (runs.h), in either seat;
 * returns how many agents it warned about. */
struct row_list;
int match_warn_overspent_rows(const struct row_list *l);
/* "first player", "second player" in a game of two agents, else "agent K". */
const char *match_seat_name(const vg_game *g, int who, char *buf, size_t size);
/* The agent of 'seat' decides for the agent to move in 's' (a game with
 * turns, not over), its decision added to seat->stats; '*move' gets
 * the legal move it returned. VG_OK, or an error with 'err' filled: a
 * script error (the agent's, from its decision, or in the legal moves),
 * or (VG_ERR_ARG, no file) no legal move, or none named. */
vg_status match_decide(const vg_game *g, const vg_state *s, const match_seat *seat, agent_report *r, int *move,
                       vg_error *err);
/* The seats of a game: its agents (turns{}), else its players. */
int match_seats(const vg_game *g);
/* 1 when match_play plays turn by turn: the game has turns{} and either
 * a seat other than 0 has an agent (not a chance seat), or agent 0's
 * moves are not actions. 0: in rounds, with vg_advance. */
int match_by_turns(const vg_game *g, const match_seat *seats);
/* Plays 's' until the game is over or 'max_ticks' rounds are played (0:
 * no limit). 'seats' has match_seats entries; seats[0].agent is not NULL.
 * In rounds (match_by_turns 0) agent 0's agent acts and vg_advance plays
 * the round, reported to 'on_move' (may be NULL) with 'who' -1 and 'move'
 * the action; in a game for several players every seat's agent acts and
 * vg_advance_multi plays the tick (each agent set to its player,
 * agent_set_player), reported the same way with player 0's action; else
 * turn by turn, each move reported to 'on_move'. VG_OK, or an error with
 * 'err' filled (err->file empty: the match's own message). */
vg_status match_play(const vg_game *g, vg_state *s, const match_seat *seats, int max_ticks, match_move_fn *on_move,
                     void *ud, vg_error *err);

#endif
