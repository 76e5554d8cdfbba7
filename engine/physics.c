/* SPDX-License-Identifier: MIT
 *
 * physics.c -- grid movement as GVGAI's GridPhysics does it.
 *
 * Positions are pixels (GVGAI's rectangles), so speeds below one cell, such
 * as Pacman's 0.5, work as in GVGAI. A move happens only when the sprite's
 * cooldown has passed since its last move. Every sprite is one cell square,
 * and two sprites collide when their squares overlap.
 */
#include <math.h>
#include <stdlib.h>

#include "state.h"

void physics_dir(vg_action a, int *dx, int *dy) {
    static const int8_t dir[VG_NUM_ACTIONS][2] = {
        [VG_ACTION_UP] = {0, -1}, [VG_ACTION_LEFT] = {-1, 0},
        [VG_ACTION_DOWN] = {0, 1}, [VG_ACTION_RIGHT] = {1, 0},
    };
    *dx = dir[a][0];
    *dy = dir[a][1];
}

int physics_intersects(const tick_ctx *t, int x1, int y1, int x2, int y2) {
    return abs(x1 - x2) < t->b && abs(y1 - y2) < t->b;
}

int physics_active(tick_ctx *t, int i, double dx, double dy, double speed) {
    sprite *p = &t->s->sp[i];
    const type_def *td = &t->g->types[p->type];
    if (speed == 0) speed = td->speed <= 0 ? 1 : td->speed;
    if (dx == 0 && dy == 0) return 0;
    int pixels = (int)(speed * t->b);
    if (pixels == 0 || td->cooldown > p->lastmove) return 0;
    p->x = (int16_t)(p->x + (int)(dx * pixels));
    p->y = (int16_t)(p->y + (int)(dy * pixels));
    p->lastmove = 0;
    state_moved(t, i);
    return 1;
}
