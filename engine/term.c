/* SPDX-License-Identifier: MIT
 *
 * term.c -- end-of-game conditions: the termination table, and the
 * check run at the end of each tick.
 *
 * Terminations are checked in script order once the tick's collisions are
 * done and killed sprites removed; the first that holds ends the game. Then
 * the game's tick limit ends it as a loss (unless it was just won), as
 * GVGAI's checkTimeOut does.
 */
#include <string.h>

#include "term.h"

/* Fewer than 'limit' + 1 live sprites of 'stype' (and its subtypes)
 * remain. Counts change only when sprites die or are born, and the
 * previous tick found this false (else the game would be over). */
int term_sprite_counter(const tick_ctx *t, const term_def *d) {
    return (t->census || t->s->tick == 1) && state_count(t->g, t->s, d->stype) <= d->limit;
}

/* The game has run 'limit' ticks. */
int term_timeout(const tick_ctx *t, const term_def *d) {
    return (int)t->s->tick >= d->limit;
}

#define TERM_ROW(name, fn) {#name, fn},
static const struct term_row {
    const char *name;
    term_fn *fn;
} terms[NUM_TERMS] = {TERM_LIST(TERM_ROW)};
#undef TERM_ROW

int term_find(const char *name) {
    for (int k = 0; k < NUM_TERMS; k++)
        if (strcmp(terms[k].name, name) == 0) return k;
    return -1;
}

int term_names(const char **out, int max) {
    int n = 0;
    for (int k = 0; k < NUM_TERMS && n < max; k++) out[n++] = terms[k].name;
    return n;
}

void term_run(tick_ctx *t) {
    const vg_game *g = t->g;
    vg_state *s = t->s;
    for (int k = 0; k < g->nterms && !s->over; k++) {
        const term_def *d = &g->terms[k];
        int done = 0, win = d->win;
        if (d->kind == TERM_SCRIPT) {       /* it may change the state: clean up again after it */
            int census = t->census;
            t->census = 0;
            vg_status st = g->ops->termination(g->script, d->script_ref, t, &done, &win, t->err);
            if (t->census) tick_end(t);
            t->census |= census;
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
