/* SPDX-License-Identifier: MIT
 *
 * class_avatar.c -- the avatar classes: the sprite the agent's action
 * moves, step 1 of a tick.
 */
#include "class.h"

/* MovingAvatar: one step in the direction of the action. */
void class_update_moving_avatar(tick_ctx *t, int i, vg_action a) {
    int dx, dy;
    physics_dir(a, &dx, &dy);
    physics_active(t, i, dx, dy, t->g->types[tick_sprite(t, i)->type].speed);
}

/* OrientedAvatar: turns to face its action (taking the tick for it when it
 * rotates in place), and faces the way it moved. */
void class_update_oriented_avatar(tick_ctx *t, int i, vg_action a) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    int dx, dy;
    physics_dir(a, &dx, &dy);
    if ((dx || dy) && td->rotate_in_place && (p->dx != dx || p->dy != dy)) {
        p->dx = (int8_t)dx, p->dy = (int8_t)dy;
        return;
    }
    int x = p->x, y = p->y;
    if (physics_active(t, i, dx, dy, td->speed)) {
        int mx = p->x - x, my = p->y - y;
        p->dx = (int8_t)((mx > 0) - (mx < 0));
        p->dy = (int8_t)((my > 0) - (my < 0));
    }
}

void class_defaults_oriented_avatar(type_def *td) {
    td->speed = 1;
    td->oriented = 1;
    td->rotate_in_place = 1;
    td->dx0 = 1, td->dy0 = 0;
}
