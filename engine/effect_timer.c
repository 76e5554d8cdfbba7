/* SPDX-License-Identifier: MIT
 *
 * effect_timer.c -- delayed effects: addTimer.
 */
#include "effect.h"

/* Schedules the effect 'ftype' (with this row's parameters) 'timer' ticks on. */
void effect_add_timer(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    vg_state *s = t->s;
    if (s->timers == (uint32_t)t->g->ntimers) {
        if (t->status == VG_OK) {
            t->status = VG_ERR_LIMIT;
            error_set(t->err, VG_ERR_LIMIT, t->g->script_path, e->line, 0, "more than %d delayed effects pending", t->g->ntimers);
        }
        return;
    }
    state_timers(s)[s->timers++] = (uint32_t)(uint16_t)(t->now + e->timer) << 16 | (uint32_t)(e - t->g->effects);
}

