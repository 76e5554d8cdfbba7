/* SPDX-License-Identifier: MIT
 *
 * class.c -- the table of sprite classes (generated from CLASS_LIST in
 * class.h), the helpers the class families share, and the classes that
 * only drift: Passive and Resource.
 *
 * The behaviours follow GVGAI's classes of the same names, random draws
 * included, so that GVGAI's random games replay.
 */
#include <string.h>

#include "class.h"

#define CLASS_ROW(name, cat, flags, update, defaults, check) {#name, cat, flags, update, defaults, check},
const sprite_class class_table[NUM_CLASSES] = {CLASS_LIST(CLASS_ROW)};
#undef CLASS_ROW

int class_find(const char *name) {
    for (int c = 0; c < NUM_CLASSES; c++)
        if (strcmp(class_table[c].name, name) == 0) return c;
    return -1;
}

int class_names(const char **out, int max) {
    int n = 0;
    for (int c = 0; c < NUM_CLASSES && n < max; c++) out[n++] = class_table[c].name;
    return n;
}

const int8_t class_base_dirs[4][2] = {{0, -1}, {-1, 0}, {0, 1}, {1, 0}};

void class_passive_move(tick_ctx *t, int i) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (p->flags & SP_FIRST) {
        p->flags &= (uint8_t)~SP_FIRST;
        return;
    }
    if (td->speed != 0 && td->oriented) physics_active(t, i, p->dx, p->dy, td->speed);
}

void class_random_dir(tick_ctx *t, int i, int *dx, int *dy) {
    sprite *p = tick_sprite(t, i);
    if (p->counter < t->g->types[p->type].cons) {
        p->counter++;
    } else {
        int k = rng_int(t->s, 4);
        p->dx = class_base_dirs[k][0], p->dy = class_base_dirs[k][1];
        p->counter = 0;
    }
    *dx = p->dx, *dy = p->dy;
}

void class_defaults_speed(type_def *td) { td->speed = 1; }

/* Passive, Resource: pushed around by effects; drift when oriented with a speed. */
void class_update_passive(tick_ctx *t, int i, vg_action a) {
    (void)a;
    class_passive_move(t, i);
}
