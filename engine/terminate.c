/* SPDX-License-Identifier: MIT
 *
 * terminate.c -- end-of-game conditions: the termination table, and the
 * check run at the end of each tick.
 *
 * Terminations are checked in script order once the tick's collisions are
 * done and killed sprites removed; the first that holds ends the game. Then
 * the game's tick limit ends it as a loss (unless it was just won), as
 * GVGAI's checkTimeOut does.
 */
#include <string.h>

#include "state.h"

typedef int term_fn(const tick_ctx *t, const term_def *d);

/* Fewer than 'limit' + 1 live sprites of 'stype' (and its subtypes)
 * remain. Counts change only when sprites die or are born, and the
 * previous tick found this false (else the game would be over). */
static int term_sprite_counter(const tick_ctx *t, const term_def *d) {
    return (t->census || t->s->tick == 1) && state_count(t->g, t->s, d->stype) <= d->limit;
}

/* The game has run 'limit' ticks. */
static int term_timeout(const tick_ctx *t, const term_def *d) {
    return (int)t->s->tick >= d->limit;
}

static const struct term_row {
    const char *name;
    term_fn *fn;
} terms[] = {
    {"SpriteCounter", term_sprite_counter},
    {"Timeout",       term_timeout},
};
#define NUM_TERMS ((int)(sizeof terms / sizeof terms[0]))

int term_find(const char *name) {
    for (int k = 0; k < NUM_TERMS; k++)
        if (strcmp(terms[k].name, name) == 0) return k;
    return -1;
}

const char *const *term_names(int *n) {
    static const char *names[NUM_TERMS];
    for (int k = 0; k < NUM_TERMS; k++) names[k] = terms[k].name;
    *n = NUM_TERMS;
    return names;
}

void terminate_run(tick_ctx *t) {
    const vg_game *g = t->g;
    vg_state *s = t->s;
    for (int k = 0; k < g->nterms && !s->over; k++) {
        const term_def *d = &g->terms[k];
        int done = 0, win = d->win;
        if (d->kind == TERM_LUA) {
            vg_status st = g->ops->termination(g->script, d->lua_ref, t, &done, &win, t->err);
            if (st != VG_OK) {
                if (t->status == VG_OK) t->status = st;
                return;
            }
        } else {
            done = terms[d->kind].fn(t, d);
        }
        if (done) {
            s->over = 1;
            s->winner = win ? VG_PLAYER_WINS : VG_PLAYER_LOSES;
        }
    }
    if ((int)s->tick >= g->max_ticks && !s->over) {
        s->over = 1;
        s->winner = VG_PLAYER_LOSES;
    }
}
