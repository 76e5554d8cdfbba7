/* SPDX-License-Identifier: MIT
 *
 * physics.h -- grid movement as GVGAI's GridPhysics. Internal header.
 */
#ifndef VG_PHYSICS_H
#define VG_PHYSICS_H

#include "state.h"

/* GVGAI's GridPhysics.activeMovement: moves sprite i by 'speed' cells along
 * (dx, dy) if its cooldown allows; 'speed' 0 uses the sprite's own speed.
 * Returns 1 when it moved. */
int physics_active(tick_ctx *t, int i, double dx, double dy, double speed);
static inline int physics_intersects(int b, int x1, int y1, int x2, int y2) {
    return x1 - x2 < b && x2 - x1 < b && y1 - y2 < b && y2 - y1 < b;
}
void physics_dir(vg_action a, int *dx, int *dy);

#endif
