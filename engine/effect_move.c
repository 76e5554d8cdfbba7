/* SPDX-License-Identifier: MIT
 *
 * effect_move.c -- effects that move sprites: stepBack, bounceForward, undoAll,
 * wrapAround.
 */
#include <math.h>

#include "effect.h"

/* Puts 'a' back where it was before this tick. */
int effect_step_back(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    int x, y;
    tick_last_pos(t, a, &x, &y);
    tick_set_pos(t, a, x, y);
    return 1;
}

/* Pushes 'a' the way 'b' moved this tick, at b's speed. */
int effect_bounce_forward(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int x, y, lx, ly;
    ref_pos(t->g, t->s, b, &x, &y);
    tick_last_pos(t, b, &lx, &ly);
    double dx = x - lx, dy = y - ly, mag = sqrt(dx * dx + dy * dy);
    if (mag != 0) dx /= mag, dy /= mag;
    int odx = b >= 0 ? tick_sprite(t, b)->dx : 0, ody = b >= 0 ? tick_sprite(t, b)->dy : 0;
    if ((x - lx) * odx < 0) dx = -dx;
    if ((y - ly) * ody < 0) dy = -dy;
    physics_active(t, a, dx, dy, t->g->types[ref_type(t->g, t->s, b)].speed);
    tick_sprite(t, a)->dx = (int8_t)((dx > 0) - (dx < 0));
    tick_sprite(t, a)->dy = (int8_t)((dy > 0) - (dy < 0));
    return 1;
}

/* Puts every sprite that moved this tick back (but those of 'notStype'). */
int effect_undo_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    for (uint32_t k = 0; k < t->nmoved; k++) {
        int i = t->moved[k];
        if (!(e->not_types >> tick_sprite(t, i)->type & 1)) tick_set_pos(t, i, t->lx[i], t->ly[i]);
    }
    return 1;
}

/* Moves 'a', which left the screen, to the opposite edge. */
int effect_wrap_around(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    sprite *p = tick_sprite(t, a);
    int w = t->b, x = p->x, y = p->y;
    if (p->dx > 0) x = (int)(e->offset * w);
    else if (p->dx < 0) x = (int)(t->g->pw - w * (1 + e->offset));
    else if (p->dy > 0) y = (int)(e->offset * w);
    else if (p->dy < 0) y = (int)(t->g->ph - w * (1 + e->offset));
    tick_set_pos(t, a, x, y);
    p->moved = t->now;
    return 1;
}

