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

/* The pixels sprite p moves this tick at 'speed' (0: its type's), 0 when
 * it does not (its cooldown has not passed, or the speed is too low). */
static inline int step_pixels(const tick_ctx *t, const sprite *p, double speed) {
    const type_def *td = &t->g->types[p->type];
    uint16_t lastmove = (uint16_t)(t->now - p->moved); /* GVGAI's lastmove */
    if (td->cooldown > lastmove) return 0;
    if (speed == 0) speed = td->speed <= 0 ? 1 : td->speed;
    return (int)(speed * t->b);
}

int physics_active(tick_ctx *t, int i, double dx, double dy, double speed) {
    sprite *p = tick_sprite(t, i);
    int pixels = dx == 0 && dy == 0 ? 0 : step_pixels(t, p, speed);
    if (pixels == 0) return 0;
    tick_set_pos(t, i, p->x + (int)(dx * pixels), p->y + (int)(dy * pixels));
    p->moved = t->now;
    return 1;
}

int physics_step(tick_ctx *t, int i, int dx, int dy, double speed) {
    sprite *p = tick_sprite(t, i);
    int pixels = dx == 0 && dy == 0 ? 0 : step_pixels(t, p, speed);
    if (pixels == 0) return 0;
    tick_set_pos(t, i, p->x + dx * pixels, p->y + dy * pixels);
    p->moved = t->now;
    return 1;
}
