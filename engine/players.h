/* SPDX-License-Identifier: MIT
 *
 * players.h -- games for several players: their avatars, scores and
 * results (players.c; the records are state.h's player_rec). Internal
 * header.
 */
#ifndef VG_PLAYERS_H
#define VG_PLAYERS_H

#include "tick.h"

/* At a level's start: player p's avatar is the p-th avatar sprite in
 * GVGAI's order (type by type, each type's last created first); then
 * players_find. VG_ERR_PARSE naming 'level' when the map has fewer
 * avatars than the game has players. */
vg_status players_start(const vg_game *g, vg_state *s, const char *level, vg_error *err);
/* Between ticks: each player's avatar's index from its id (tick_end); a
 * player whose avatar is gone has none from then on. */
void players_find(const vg_game *g, vg_state *s);
/* What player 0 sees (a game with g->views, state.h's view_rec): the
 * avatars it can see as they are now; after a tick and at a level's start. */
void players_look(const vg_game *g, vg_state *s);
/* The player whose avatar is sprite 'id', -1: none. */
int players_of(const vg_game *g, const vg_state *s, uint32_t id);
/* Avatar sprite 'old' is replaced by avatar sprite 'n' (transformTo...):
 * 'n' becomes its player's avatar (GVGAI: player 0's when 'old' was no
 * player's). */
void players_transfer(tick_ctx *t, int old, int n);
/* Avatar sprite 'i' was disabled (tick_kill): its player keeps where it
 * was when the tick began, as GVGAI's lastrect, which no update renews. */
void players_disabled(tick_ctx *t, int i);
/* Step 1 of a tick: each player's avatar, player 0 first, does acts[p]
 * (NIL when its class has no such action); a disabled avatar is not asked,
 * and counts as moved from where it was disabled (tick_last_pos gives
 * that place to stepBack, undoAll, ...) while it stands elsewhere. */
void players_move(tick_ctx *t, const vg_action *acts);
/* Adds an effect's scores ('score', one a player; when 'scored', 'times'
 * over) to the players, and row e's counter values to the game's
 * counters (e NULL: none), as GVGAI does after an effect runs. */
void players_tally(tick_ctx *t, const double score[VG_MAX_PLAYERS], const effect_def *e, int scored, int times);
/* Termination 'd' ended the game: each player with an avatar wins when
 * its bit of 'win' is set, after count_score and use_counter decide it. */
void players_end(tick_ctx *t, const term_def *d, int win);
/* The game's tick limit ended it: every player that did not win loses. */
void players_time_up(tick_ctx *t);

#endif
