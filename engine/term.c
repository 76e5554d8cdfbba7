/* SPDX-License-Identifier: MIT
 *
 * term.c -- end-of-game conditions: the termination table, and the
 * check run at the end of each tick.
 *
 * Terminations are checked in script order once the tick's collisions are
 * done and killed sprites removed; the first that holds ends the game. Then
 * the game's tick limit ends it as a loss (unless it was just won), as
 * GVGAI's checkTimeOut does: it reads the tick counter before counting the
 * tick, so a limit of 2000 ends the game on its 2001st tick.
 */
#include <string.h>

#include "players.h"
#include "term.h"

/* Live sprites of type 'type' (and its subtypes); none when 'type' is -1. */
static int count(const tick_ctx *t, int type) { return type < 0 ? 0 : state_count(t->g, t->s, type); }

/* 1 when sprite counts may have changed since the last check: sprites died
 * or were born this tick, or it is the first tick. (A count termination
 * that did not hold last tick still does not when no count changed.) */
static int census(const tick_ctx *t) { return t->census || t->s->tick == 1; }

/* 1 when count termination 'd' must count: the counts of its types
 * changed (t->census: the leaf types with sprites born or dead this tick),
 * or a StopCounter may have let them end the game since (g->recount). */
static int counts_changed(const tick_ctx *t, const term_def *d) {
    return (t->census & d->leaves) || t->s->tick == 1 || t->g->recount;
}

/* GVGAI's canEnd: a StopCounter can keep the sprite counters from ending the game. */
static int may_end(const tick_ctx *t) { return !t->s->held; }

/* Fewer than 'limit' + 1 live sprites of 'stype' (and its subtypes) remain. */
int term_sprite_counter(const tick_ctx *t, const term_def *d) {
    return counts_changed(t, d) && count(t, d->stype) <= d->limit && may_end(t);
}

/* At least 'limit' live sprites of 'stype' (and its subtypes). */
int term_sprite_counter_more(const tick_ctx *t, const term_def *d) {
    return counts_changed(t, d) && count(t, d->stype) >= d->limit && may_end(t);
}

/* The live sprites of 'stype1', 'stype2' and 'stype3' together number
 * exactly 'limit' (with 'min': at least 'limit'). */
int term_multi_sprite_counter(const tick_ctx *t, const term_def *d) {
    if (!counts_changed(t, d)) return 0;
    int n = count(t, d->stype) + count(t, d->stype2) + count(t, d->stype3);
    return (n == d->limit || (d->min && n > d->limit)) && may_end(t);
}

/* Never ends the game: while the live sprites of 'stype1' to 'stype3'
 * together number 'limit' (with 'min': more than 'limit'), the sprite
 * counters checked after it, and in the next tick before it, cannot end it
 * (GVGAI's canEnd, which it keeps from one tick to the next). */
int term_stop_counter(const tick_ctx *t, const term_def *d) {
    int n = count(t, d->stype) + count(t, d->stype2) + count(t, d->stype3);
    t->s->held = (uint8_t)(d->min ? n > d->limit : n == d->limit);
    return 0;
}

/* Exactly 'limit' live sprites of 'stype1', spread over exactly
 * 'subTypesNum' of its leaf types. */
int term_multi_sprite_counter_subtypes(const tick_ctx *t, const term_def *d) {
    if (!counts_changed(t, d) || count(t, d->stype) != d->limit || !may_end(t)) return 0;
    int kinds = 0;
    for (uint64_t ts = t->g->types[d->stype].subtypes; ts; ts &= ts - 1) {
        int leaf = __builtin_ctzll(ts);
        kinds += t->g->types[leaf].leaf && count(t, leaf) > 0;
    }
    return kinds == d->subtypes_num;
}

/* The game has run more than 'limit' ticks: GVGAI's clock starts at 0 on
 * the first tick, so its Timeout holds on tick limit + 1. */
int term_timeout(const tick_ctx *t, const term_def *d) { return (int)t->s->tick > d->limit; }

/* SpriteCounter, SpriteCounterMore: 'stype' is required. */
vg_status term_check_stype(vg_game *g, const term_def *d, vg_error *err) {
    if (d->stype < 0) return game_error(g, err, VG_ERR_SCRIPT, d->line, "%s needs 'stype'", term_name(d->kind));
    return VG_OK;
}

/* MultiSpriteCounterSubTypes: 'stype1' and 'subTypesNum' are required. */
vg_status term_check_stype1(vg_game *g, const term_def *d, vg_error *err) {
    if (d->stype < 0 || d->subtypes_num < 0)
        return game_error(g, err, VG_ERR_SCRIPT, d->line, "%s needs 'stype1' and 'subTypesNum'", term_name(d->kind));
    return VG_OK;
}

#define TERM_ROW(name, fn, check) {#name, fn, check},
static const struct term_row {
    const char *name;
    term_fn *fn;
    term_check_fn *check;
} terms[NUM_TERMS] = {TERM_LIST(TERM_ROW)};
#undef TERM_ROW

int term_find(const char *name) {
    for (int k = 0; k < NUM_TERMS; k++)
        if (strcmp(terms[k].name, name) == 0) return k;
    return -1;
}

const char *term_name(int kind) { return kind == TERM_SCRIPT ? "a script termination" : terms[kind].name; }

vg_status term_check(vg_game *g, term_def *d, vg_error *err) {
    d->leaves = 0;
    for (int k = 0, st[3] = {d->stype, d->stype2, d->stype3}; k < 3; k++)
        if (st[k] >= 0) d->leaves |= g->types[st[k]].subtypes;
    if (d->kind == TERM_SCRIPT || d->kind == TERM_Timeout || d->kind == TERM_StopCounter) g->terms_uncounted = 1;
    if (d->kind == TERM_StopCounter) g->recount = 1;
    return d->kind == TERM_SCRIPT || !terms[d->kind].check ? VG_OK : terms[d->kind].check(g, d, err);
}

int term_names(const char **out, int max) {
    int n = 0;
    for (int k = 0; k < NUM_TERMS && n < max; k++) out[n++] = terms[k].name;
    return n;
}

void term_run(tick_ctx *t) {
    const vg_game *g = t->g;
    vg_state *s = t->s;
    /* !(over & 1): not over, or over by GVGAI's warnings (OVER_WARNED), which the terminations still decide */
    for (int k = 0; k < g->nterms && !(s->over & 1) && (g->terms_uncounted || census(t));
         k++) { /* recount: uncounted */
        const term_def *d = &g->terms[k];
        int done = 0, win = d->win;
        if (d->kind == TERM_SCRIPT) { /* it may change the state: clean up again after it */
            uint64_t census = t->census;
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
            if (g->nplayers > 1 || d->count_score || d->use_counter) players_end(t, d, win);
            else s->winner = win & 1 ? VG_PLAYER_WINS : VG_PLAYER_LOSES;
        }
    }
    if ((int)s->tick > g->max_ticks && !s->over) {
        s->over = 1;
        if (g->nplayers > 1) players_time_up(t);
        else s->winner = VG_PLAYER_LOSES;
    }
}
