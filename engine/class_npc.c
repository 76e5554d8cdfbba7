/* SPDX-License-Identifier: MIT
 *
 * class_npc.c -- non-player characters and missiles: RandomNPC, Missile,
 * ErraticMissile (which in GVGAI behaves as a Missile), RandomMissile
 * (step 2 of a tick). The chasers are in class_chaser.c.
 */
#include "class.h"

void class_update_random_npc(tick_ctx *t, int i, vg_action a) {
    (void)a;
    int dx, dy;
    class_passive(t, i);
    class_random_dir(t, i, &dx, &dy);
    class_active_move(t, i, dx, dy);
}

void class_defaults_missile(type_def *td) {
    td->speed = 1;
    td->oriented = 1;
}

/* RandomMissile: a Missile whose orientation, when it has none yet (GVGAI
 * DNIL, its default), is drawn at random on its first update. */
void class_update_random_missile(tick_ctx *t, int i, vg_action a) {
    (void)a;
    sprite *p = tick_sprite(t, i);
    if (p->dx == -1 && p->dy == -1) {
        int k = rng_int(t->s, 4);
        p->dx = class_base_dirs[k][0], p->dy = class_base_dirs[k][1];
    }
    physics_passive(t, i);
}

void class_defaults_random_missile(type_def *td) {
    class_defaults_missile(td);
    td->dx0 = td->dy0 = -1;
}
