/* SPDX-License-Identifier: MIT
 *
 * effect.c -- the table of effects (generated from EFFECT_LIST in
 * effect.h), running one effect with its score and event, and the effect
 * that only scores: scoreChange.
 */
#include <string.h>

#include "effect.h"

#define EFFECT_ROW(name, fn, flags, check) {#name, fn, flags, check},
const effect_row effect_table[NUM_EFFECTS] = {EFFECT_LIST(EFFECT_ROW)};
#undef EFFECT_ROW

int effect_find(const char *name) {
    for (int k = 0; k < NUM_EFFECTS; k++)
        if (strcmp(effect_table[k].name, name) == 0) return k;
    return -1;
}

int effect_names(const char **out, int max) {
    int n = 0;
    for (int k = 0; k < NUM_EFFECTS && n < max; k++) out[n++] = effect_table[k].name;
    return n;
}

unsigned effect_flags(int kind) {
    if (kind != EFFECT_SCRIPT) return effect_table[kind].flags;
    return FX_MOVE1 | FX_MOVE2 | FX_KILL1 | FX_KILL2 | FX_CREATES | FX_ADDS | FX_OTHERS;
}

const char *effect_name(int kind) { return kind == EFFECT_SCRIPT ? "a script effect" : effect_table[kind].name; }

/* scoreChange: the score is all it does (effect_apply adds it). */
int effect_none(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)t, (void)e, (void)a, (void)b;
    return 1;
}

/* The check of a row whose parameters need none. */
vg_status effect_check_none(vg_game *g, effect_def *e, vg_error *err) {
    (void)g, (void)e, (void)err;
    return VG_OK;
}

/* Records an avatar collision in the state's events (GVGAI's event
 * history). An avatar is never a fixed sprite (game_finish). */
static void add_event(tick_ctx *t, int a, int b) {
    vg_state *s = t->s;
    if (a == REF_NONE || b == REF_NONE || s->nevents >= VG_MAX_EVENTS) return;
    int ta = ref_type(t->g, s, a), tb = ref_type(t->g, s, b);
    if (!state_is_avatar(t->g, ta)) {
        if (!state_is_avatar(t->g, tb)) return;
        int tmp = a;
        a = b;
        b = tmp;
        tmp = ta;
        ta = tb;
        tb = tmp;
    }
    const sprite *p = tick_sprite(t, (uint32_t)a);
    s->events[s->nevents++] = (state_event){p->id, ref_id(t->g, s, b), p->x, p->y, (uint8_t)ta, (uint8_t)tb, 0, 0};
}

/* A script effect: the script runs it. */
static int run_script(tick_ctx *t, const effect_def *e, int a, int b) {
    vg_status st = t->g->ops->effect(t->g->script, e->script_ref, t, a, b, t->err);
    if (st != VG_OK && t->status == VG_OK) t->status = st;
    return 1;
}

void effect_bind(effect_def *e) { e->fn = e->plain = e->kind == EFFECT_SCRIPT ? run_script : effect_table[e->kind].fn; }

/* Runs row 'e' on 'a' and 'b'; returns whether its score applies. */
static inline __attribute__((always_inline)) int run(tick_ctx *t, const effect_def *e, int a, int b) {
    return e->fn(t, e, a, b);
}

void effect_apply(tick_ctx *t, const effect_def *e, int a, int b) {
    int scored = run(t, e, a, b);
    if (e->after & AFTER_TALLY) players_tally(t, e->score, e, scored, 1);
    else if (scored) t->s->score += e->score[0];
    if (e->after & AFTER_EVENTS) add_event(t, a, b);
}

void effect_apply_batch(tick_ctx *t, const effect_def *e, int a, const int *b, int n) {
    if ((e->after & AFTER_REST) && t->nrest && (e->after & AFTER_REST_ALL)) rest_check(t, e->pair, 1);
    int count = effect_wall_batch(t, e, a, b, n);
    if (e->after & AFTER_REST) rest_after(t, e, a, REF_NONE);
    if (t->g->tally) players_tally(t, e->score, e, 1, count);
    else t->s->score += e->score[0] * count;
    for (int k = 0; k < n && (e->after & AFTER_EVENTS); k++) add_event(t, a, b[k]);
}

void effect_apply_timed(tick_ctx *t, const effect_def *e, int a) {
    run(t, e, a, REF_NONE);
    if (t->g->tally) players_tally(t, e->score, e, 1, 1); /* GVGAI scores the timer's row, whatever its effect says */
    else t->s->score += e->score[0];
}
