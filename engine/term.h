/* SPDX-License-Identifier: MIT
 *
 * term.h -- terminations: when a game ends, and who won.
 *
 * TERM_LIST is the single list of built-in terminations, one row each
 * (name, function, check). Internal header.
 */
#ifndef VG_TERM_H
#define VG_TERM_H

#include "tick.h"

#define TERM_SCRIPT (-2) /* term_def.kind of a custom termination written in the script */

/* 1 when termination 'd' holds at the end of the tick 't'. */
typedef int term_fn(const tick_ctx *t, const term_def *d);
/* Checks a termination's parameters once the game is declared (game_finish).
 * Returns VG_OK or fills 'err' at the termination's line. */
typedef vg_status term_check_fn(vg_game *g, const term_def *d, vg_error *err);
term_fn term_sprite_counter, term_timeout, term_sprite_counter_more, term_multi_sprite_counter;
term_fn term_multi_sprite_counter_subtypes, term_stop_counter;
term_check_fn term_check_stype, term_check_stype1;

/* clang-format off: the table keeps its columns */
/*      name                        function                             check */
#define TERM_LIST(X) \
    X(SpriteCounter, term_sprite_counter, term_check_stype) \
    X(Timeout, term_timeout, NULL) \
    X(SpriteCounterMore, term_sprite_counter_more, term_check_stype) \
    X(MultiSpriteCounter, term_multi_sprite_counter, NULL) \
    X(MultiSpriteCounterSubTypes, term_multi_sprite_counter_subtypes, term_check_stype1) \
    X(StopCounter, term_stop_counter, NULL)
/* clang-format on */

#define TERM_ENUM(name, fn, check) TERM_##name,
enum { TERM_LIST(TERM_ENUM) NUM_TERMS };
#undef TERM_ENUM

int term_find(const char *name);           /* TERM_* number, or -1 */
const char *term_name(int kind);           /* "SpriteCounter"; "a script termination" for TERM_SCRIPT */
int term_names(const char **out, int max); /* fills out[] with the names; returns how many */
void term_run(tick_ctx *t);                /* step 5 of a tick: sets over and winner */
/* Checks termination 'd' (game_finish): VG_OK, or an error at its line;
 * notes in g->terms_uncounted one that may hold with no count changed. */
vg_status term_check(vg_game *g, term_def *d, vg_error *err);

#endif
