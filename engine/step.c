/* SPDX-License-Identifier: MIT
 *
 * step.c -- one game tick, in GVGAI's order:
 *
 *   1. the avatar moves by the action;
 *   2. every other sprite updates, types in reverse sprite order;
 *   3. collision effects run (interact.c);
 *   4. killed sprites are removed and new ones put in place;
 *   5. terminations and the tick limit are checked (terminate.c).
 *
 * Scratch for the tick (which sprites moved and from where) lives on the
 * stack, so advancing allocates nothing, and states of a game whose script
 * defines no Lua effects or terminations can be advanced from several
 * threads (Lua calls share the game's one Lua state). A tick costs in
 * proportion to what moves, not to the number of sprites.
 */
#include "state.h"

vg_status vg_advance(const vg_game *g, vg_state *s, vg_action a, vg_error *err) {
    if (s->over) return VG_OK;
    if ((unsigned)a >= VG_NUM_ACTIONS) a = VG_ACTION_NIL;
    tick_ctx t;
    tick_begin(&t, g, s, err);
    s->nevents = 0;

    /* Step 1. The avatar. */
    int av = state_avatar(g, s);
    if (av >= 0 && !(t.sp[av].flags & SP_DISABLED))
        sprite_classes[g->types[t.sp[av].type].cls].update(&t, av, a);

    /* Step 2. Everything that moves by itself, in reverse sprite order. */
    for (int k = g->nupdate - 1; k >= 0; k--) {
        int type = g->update_order[k];
        void (*update)(tick_ctx *, int, vg_action) = sprite_classes[g->types[type].cls].update;
        uint32_t from, to;
        type_range(&t, type, &from, &to);
        for (uint32_t i = from; i < to; i++)
            if (!(t.sp[i].flags & SP_DISABLED)) update(&t, (int)i, VG_ACTION_NIL);
    }

    /* Step 3. Collisions; then note whether any overlap outlasts the tick. */
    interact_run(&t);
    s->persist = (uint8_t)interact_persist(&t);

    /* Step 4. Clean up. */
    tick_end(&t);
    s->tick++;

    /* Step 5. Is it over? */
    if (t.status == VG_OK) terminate_run(&t);
    if (t.status != VG_OK) {
        s->over = 1;
        s->winner = VG_NO_WINNER;
    }
    return t.status;
}

int vg_actions(const vg_game *g, const vg_state *s, vg_action out[VG_MAX_ACTIONS]) {
    (void)s;
    if (!g->avatar_types) return 0;
    static const vg_action moves[] = {VG_ACTION_LEFT, VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_UP};
    for (int k = 0; k < 4; k++) out[k] = moves[k];
    return 4;
}

int vg_is_over(const vg_state *s) { return s->over; }
vg_winner vg_winner_of(const vg_state *s) { return (vg_winner)s->winner; }
double vg_score(const vg_state *s) { return s->score; }
int vg_tick(const vg_state *s) { return (int)s->tick; }
