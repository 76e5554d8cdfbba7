/* SPDX-License-Identifier: MIT
 *
 * effect_timer.c -- delayed effects: addTimer.
 */
#include "effect.h"

/* Schedules the effect 'ftype' (with this row's parameters) 'timer' ticks on. */
int effect_add_timer(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    vg_state *s = t->s;
    if (s->timers == (uint32_t)t->g->ntimers) {
        if (t->status == VG_OK) {
            t->status = VG_ERR_LIMIT;
            error_set(t->err, VG_ERR_LIMIT, t->g->script_path, e->line, 0, "more than %d delayed effects pending", t->g->ntimers);
        }
        return 1;
    }
    state_timers(s)[s->timers++] = (uint32_t)(uint16_t)(t->now + e->timer) << 16 | (uint32_t)(e - t->g->effects);
    return 1;
}


/* addTimer delays transformToAll or scoreChange by 'timer' ticks; a state
 * then keeps room for VG_MAX_TIMERS pending effects. */
vg_status effect_check_add_timer(vg_game *g, effect_def *e, vg_error *err) {
    if (e->ftype != EFF_transformToAll && e->ftype != EFF_scoreChange)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "addTimer needs 'ftype' = \"transformToAll\" or \"scoreChange\"");
    if (e->timer < 1) return game_error(g, err, VG_ERR_SCRIPT, e->line, "addTimer needs 'timer' (ticks)");
    g->ntimers = VG_MAX_TIMERS;
    return effect_table[e->ftype].check ? effect_table[e->ftype].check(g, e, err) : VG_OK;
}
