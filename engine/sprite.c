/* SPDX-License-Identifier: MIT
 *
 * sprite.c -- the built-in sprite classes: one table row and one update
 * function each.
 *
 * A class decides how a sprite moves by itself each tick and which
 * observation category it falls in. Adding a class means writing its
 * update function and adding its row to 'sprite_classes'.
 */
#include <string.h>

#include "state.h"

/* GVGAI's passive movement: nothing on the first tick, then a step along
 * the orientation for sprites with a speed and an orientation. */
static void update_passive(tick_ctx *t, int i, vg_action a) {
    (void)a;
    sprite *p = &t->sp[i];
    if (p->flags & SP_FIRST) {
        p->flags &= (uint8_t)~SP_FIRST;
        return;
    }
    double speed = t->g->types[p->type].speed;
    if (speed != 0 && (p->dx || p->dy)) physics_active(t, i, p->dx, p->dy, speed);
}

/* MovingAvatar: moves one step in the direction of the action. */
static void update_moving_avatar(tick_ctx *t, int i, vg_action a) {
    int dx, dy;
    physics_dir(a, &dx, &dy);
    physics_active(t, i, dx, dy, t->g->types[t->sp[i].type].speed);
}

const sprite_class sprite_classes[] = {
    {"Immovable",    VG_CAT_IMMOVABLE, CLASS_STILL,  NULL},
    {"Passive",      VG_CAT_MOVABLE,   CLASS_SPEED,  update_passive},
    {"MovingAvatar", VG_CAT_AVATAR,    CLASS_AVATAR, update_moving_avatar},
};
const int sprite_num_classes = (int)(sizeof sprite_classes / sizeof sprite_classes[0]);

int sprite_class_find(const char *name) {
    for (int c = 0; c < sprite_num_classes; c++)
        if (strcmp(sprite_classes[c].name, name) == 0) return c;
    return -1;
}
