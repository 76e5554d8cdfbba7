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

static inline __attribute__((always_inline)) int step(tick_ctx *t, int i, sprite *p, int dx, int dy, double speed) {
    int pixels = dx == 0 && dy == 0 ? 0 : step_pixels(t, p, speed);
    if (pixels == 0) return 0;
    p->moved = t->now; /* first: the move reads it not, and physics_passive ends in a tail call */
    tick_set_pos(t, i, p->x + dx * pixels, p->y + dy * pixels);
    return 1;
}
int physics_step(tick_ctx *t, int i, int dx, int dy, double speed) {
    return step(t, i, tick_sprite(t, i), dx, dy, speed);
}

/* One function with its step: a missile's update is most of some games' ticks. */
void physics_passive(tick_ctx *t, int i) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (td->cont) {
        physics_cont_passive(t, i);
        return;
    }
    if (td->is_static) return;
    if (p->flags & SP_FIRST) {
        p->flags &= (uint8_t)~SP_FIRST;
        return;
    }
    double speed = sprite_speed(t->g, p);
    if (speed != 0 && sprite_oriented(t->g, p)) step(t, i, p, p->dx, p->dy, speed);
}
