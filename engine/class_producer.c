/* SPDX-License-Identifier: MIT
 *
 * class_producer.c -- classes that create sprites: SpawnPoint.
 */
#include "class.h"

/* SpawnPoint: every 'cooldown' ticks, with chance 'prob', a new 'stype'
 * at its place; disappears after 'total' spawns. */
void class_update_spawn_point(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const type_def *td = &t->g->types[tick_sprite(t, i)->type];
    int game_tick = t->now - 1, start = tick_sprite(t, i)->moved;     /* GVGAI's gameTick and 'start' */
    float roll = rng_float(t->s);
    if ((start + game_tick) % td->cooldown == 0 && roll < td->prob && td->stype >= 0) {
        int n = tick_create(t, td->stype, tick_sprite(t, i)->x, tick_sprite(t, i)->y, 0);
        if (n >= 0) tick_sprite(t, i)->counter++;
    }
    if (td->total > 0 && tick_sprite(t, i)->counter >= td->total) tick_kill(t, i, 0);
}

/* A SpawnPoint creates sprites of one leaf type. */
vg_status class_check_spawn_point(vg_game *g, type_def *td, vg_error *err) {
    if (td->stype >= 0 && !g->types[td->stype].leaf)
        return game_error(g, err, VG_ERR_SCRIPT, td->line, "SpawnPoint '%s': stype '%s' has subtypes; name a leaf type",
                          td->name, g->types[td->stype].name);
    return VG_OK;
}
