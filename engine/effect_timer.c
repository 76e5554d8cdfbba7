/* SPDX-License-Identifier: MIT
 *
 * effect_timer.c -- effects that fire by the clock: addTimer (an effect
 * delayed by a collision) and the timed rows GVGAI writes 'TYPE TIME >
 * effect' (every sprite of TYPE, on a schedule).
 *
 * Both wait in the state's pending list (state_timers: the tick each is
 * due in and its effect row), kept in GVGAI's order: by the tick due, the
 * most recently set first among equals. A timed row is pending from the
 * level's start; one that is 'repeating' is set again each time it fires.
 * The list is run at the start of the collision pass (interact.c).
 */
#include <string.h>

#include "effect.h"

/* Sets effect row 'row' to fire in tick 'due', 'now' being the tick being
 * played; returns 0 when the list is full. */
static int pending_add(const vg_game *g, vg_state *s, uint16_t now, uint16_t due, int row) {
    uint32_t *q = state_timers(s), k = 0;
    if (s->timers == (uint32_t)g->ntimers) return 0;
    while (k < s->timers && (int16_t)(uint16_t)((q[k] >> 16) - now) < (int16_t)(uint16_t)(due - now)) k++;
    memmove(q + k + 1, q + k, (s->timers - k) * sizeof *q);
    q[k] = (uint32_t)due << 16 | (uint32_t)row;
    s->timers++;
    return 1;
}

/* Schedules the effect 'ftype' (with this row's parameters) 'timer' ticks on. */
int effect_add_timer(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    if (!pending_add(t->g, t->s, t->now, (uint16_t)(t->now + e->timer), (int)(e - t->g->effects)) &&
        t->status == VG_OK) {
        t->status = VG_ERR_LIMIT;
        error_set(t->err, VG_ERR_LIMIT, t->g->script_path, e->line, 0, "more than %d delayed effects pending",
                  t->g->ntimers);
    }
    return 1;
}

void effect_timers_start(const vg_game *g, vg_state *s) {
    s->timers = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        /* GVGAI's clock reads one less than our tick: due in tick 1, or after 'timer' ticks */
        if (e->t2 == TIME_TYPE) pending_add(g, s, 0, (uint16_t)(e->next_execution >= 0 ? e->timer + 1 : 0), k);
    }
}

/* Timed row 'e' fires: its effect on every sprite of its first type and
 * subtypes (those there in GVGAI's order, not killed, not disabled; a
 * static one as well), each time with its score. */
static void fire_timed(tick_ctx *t, const effect_def *e) {
    for (uint64_t ts = t->g->types[e->t1].subtypes; ts; ts &= ts - 1) { /* each type as its turn comes: */
        sprite_walk w;                                                  /* with the sprites created so far */
        tick_walk(&w, t, ts & -ts, t->s->n);
        for (int r; t->status == VG_OK && walk_next(&w, &r);)
            if (r < 0 ? !tick_killed(t, r) : !(tick_sprite(t, (uint32_t)r)->flags & (SP_KILLED | SP_DISABLED)))
                effect_apply_timed(t, e, r);
    }
}

void effect_run_timers(tick_ctx *t) {
    vg_state *s = t->s;
    uint32_t *q = state_timers(s);
    while (s->timers && (int16_t)(uint16_t)(t->now - (q[0] >> 16)) >= 0 && t->status == VG_OK) {
        int row = (int)(q[0] & 0xffff);
        memmove(q, q + 1, --s->timers * sizeof *q);
        const effect_def *e = &t->g->effects[row];
        if (e->t2 != TIME_TYPE) { /* addTimer's delayed effect */
            if (effect_table[e->ftype].fn(t, e, REF_NONE, REF_NONE)) effect_score(t, e->score);
            continue;
        }
        fire_timed(t, e);
        if (e->repeating) pending_add(t->g, s, t->now, (uint16_t)(t->now + e->timer), row);
    }
}


/* addTimer delays transformToAll or scoreChange by 'timer' ticks; a state
 * then keeps room for VG_MAX_TIMERS pending effects. */
vg_status effect_check_add_timer(vg_game *g, effect_def *e, vg_error *err) {
    if (e->ftype != EFF_transformToAll && e->ftype != EFF_scoreChange)
        return game_error(g, err, VG_ERR_SCRIPT, e->line,
                          "addTimer needs 'ftype' = \"transformToAll\" or \"scoreChange\"");
    if (e->timer < 1) return game_error(g, err, VG_ERR_SCRIPT, e->line, "addTimer needs 'timer' (ticks)");
    g->ntimers = VG_MAX_TIMERS;
    return effect_table[e->ftype].check(g, e, err);
}

/* A timed row: its effect must need no second sprite; a repeating one a 'timer'. */
vg_status effect_check_time(vg_game *g, effect_def *e, vg_error *err) {
    if (e->kind != EFFECT_SCRIPT && (effect_table[e->kind].flags & FX_NEEDS2))
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs two sprites; it cannot be timed (TIME)",
                          effect_name(e->kind));
    if ((e->repeating || e->next_execution >= 0) && e->timer < 1)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "a repeating or delayed timed effect needs 'timer' (ticks)");
    return VG_OK;
}
