/* SPDX-License-Identifier: MIT
 *
 * physics.c -- grid movement as GVGAI's GridPhysics does it.
 *
 * Positions are pixels (GVGAI's rectangles), so speeds below one cell, such
 * as Pacman's 0.5, work as in GVGAI. A move happens only when the sprite's
 * cooldown has passed since its last move. Every sprite is one cell square,
 * and two sprites collide when their squares overlap.
 */
#include "tick.h"

int physics_active(tick_ctx *t, int i, double dx, double dy, double speed) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    uint16_t lastmove = (uint16_t)(t->now - p->moved); /* GVGAI's lastmove */
    if (td->cooldown > lastmove || (dx == 0 && dy == 0)) return 0;
    if (speed == 0) speed = td->speed <= 0 ? 1 : td->speed;
    int pixels = (int)(speed * t->b);
    if (pixels == 0) return 0;
    tick_set_pos(t, i, p->x + (int)(dx * pixels), p->y + (int)(dy * pixels));
    p->moved = t->now;
    return 1;
}
