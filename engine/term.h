/* SPDX-License-Identifier: MIT
 *
 * term.h -- terminations: when a game ends, and who won.
 *
 * TERM_LIST is the single list of built-in terminations, one row each
 * (name, function). Internal header.
 */
#ifndef VG_TERM_H
#define VG_TERM_H

#include "tick.h"

#define TERM_SCRIPT (-2)    /* term_def.kind of a custom termination written in the script */

/* 1 when termination 'd' holds at the end of the tick 't'. */
typedef int term_fn(const tick_ctx *t, const term_def *d);
term_fn term_sprite_counter, term_timeout;

#define TERM_LIST(X) \
    X(SpriteCounter, term_sprite_counter) \
    X(Timeout,       term_timeout)

#define TERM_ENUM(name, fn) TERM_##name,
enum { TERM_LIST(TERM_ENUM) NUM_TERMS };
#undef TERM_ENUM

int term_find(const char *name);                   /* TERM_* number, or -1 */
int term_names(const char **out, int max);         /* fills out[] with the names; returns how many */
void term_run(tick_ctx *t);                        /* step 5 of a tick: sets over and winner */

#endif
