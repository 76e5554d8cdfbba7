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
/* The same along a whole direction (dx, dy each -1, 0 or 1): no floating point but the speed's. */
int physics_step(tick_ctx *t, int i, int dx, int dy, double speed);
/* GVGAI's passive movement (a sprite that is not static): nothing on its
 * first tick, then a step along its orientation when it is oriented and
 * has a speed (its own); under continuous physics, physics_cont_passive. */
void physics_passive(tick_ctx *t, int i);
static inline int physics_intersects(int b, int x1, int y1, int x2, int y2) {
    return x1 - x2 < b && x2 - x1 < b && y1 - y2 < b && y2 - y1 < b;
}
/* The direction of a move action, (0, 0) for NIL and USE. */
static inline void physics_dir(vg_action a, int *dx, int *dy) {
    static const int8_t dir[VG_NUM_ACTIONS][2] = {
        [VG_ACTION_UP] = {0, -1},
        [VG_ACTION_LEFT] = {-1, 0},
        [VG_ACTION_DOWN] = {0, 1},
        [VG_ACTION_RIGHT] = {1, 0},
    };
    *dx = dir[a][0];
    *dy = dir[a][1];
}

/* ---- Continuous physics and sprites of several sizes (physics_cont.c) ----
 * GVGAI's ContinuousPhysics: a sprite has a real orientation (a unit
 * vector) and speed, pixels of position, gravity, friction and mass. Its
 * rectangle is the cell times its type's wMult x hMult. */

/* A sprite's real orientation and rotation (EXT_CONT); 0 when it has none. */
void physics_vec(const vg_game *g, const sprite *p, double *x, double *y);
void physics_set_vec(const vg_game *g, sprite *p, double x, double y);
double physics_rotation(const vg_game *g, const sprite *p);
void physics_set_rotation(const vg_game *g, sprite *p, double rot);
/* The width and height in pixels of a sprite of leaf 'type'. */
static inline void physics_size(const vg_game *g, int type, int *w, int *h) {
    *w = g->size_w[type];
    *h = g->size_h[type];
}
/* Rectangles in pixels: x0, y0, x1, y1, [x0, x1) x [y0, y1) (empty when
 * x0 >= x1). 1 when 'a' and 'b' miss each other. */
static inline int box_misses(const int32_t a[4], const int32_t b[4]) {
    return !(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]);
}
static inline int box_empty(const int32_t a[4]) { return a[0] >= a[2]; }
/* The cells where a static sprite of w x h pixels (at its cell's corner)
 * meeting rectangle 'box' can be, clipped to the map: columns c[0]..c[1],
 * rows c[2]..c[3] (none when c[0] > c[1] or c[2] > c[3]). */
static inline void physics_cells_under(const vg_game *g, const int32_t box[4], int w, int h, int c[4]) {
    int x0 = box[0] - w, y0 = box[1] - h, x1 = box[2] - 1, y1 = box[3] - 1; /* a corner in (x0, x1] x (y0, y1] */
    if (x1 < 0 || y1 < 0 || box[0] >= box[2] || box[1] >= box[3]) {
        c[0] = c[2] = 0, c[1] = c[3] = -1;
        return;
    }
    c[0] = x0 < 0 ? 0 : (int)((uint64_t)x0 * g->inv_square >> 32) + 1;
    c[1] = x1 >= g->pw ? g->w - 1 : (int)((uint64_t)x1 * g->inv_square >> 32);
    c[2] = y0 < 0 ? 0 : (int)((uint64_t)y0 * g->inv_square >> 32) + 1;
    c[3] = y1 >= g->ph ? g->h - 1 : (int)((uint64_t)y1 * g->inv_square >> 32);
}
/* The rectangles around the sprites of each changing leaf type, for a
 * tick that checks every pair (interact.c passes over the first sprites of
 * an effect that miss its second sprites' rectangles): each made when
 * first asked for since anything moved (t->version); 'made' is forgotten
 * when the tick's collision pass starts. */
typedef struct type_boxes {
    uint32_t version; /* the tick's version they were made at */
    uint64_t made;    /* leaf types whose box is made (at 'version') */
    int32_t box[64][4];
} type_boxes;
/* The rectangle around leaf type 'leaf''s sprites now: its static ones
 * (the level's, killed ones too: g->static_box), or its changing ones
 * (killed ones and those created this tick too, made into t->boxes); the
 * whole plane for a changing type of more than BOX_MAX sprites, or with
 * sprites among many created this tick (its box would cost more to make
 * than it saves). */
#define BOX_MAX 64
const int32_t *physics_leaf_box(tick_ctx *t, int leaf);
/* 1 when the rectangles of references 'a' and 'b' overlap (GVGAI's intersects). */
int physics_overlap(const tick_ctx *t, int a, int b);
/* 1 when changing sprite p is not wholly on the screen (GVGAI isAtEdge), by its rectangle. */
static inline int physics_off_screen(const vg_game *g, const sprite *p) {
    return p->x < 0 || p->y < 0 || p->x + g->size_w[p->type] > g->pw || p->y + g->size_h[p->type] > g->ph;
}
/* GVGAI's _updatePos: moves sprite 'i' by (int)(dir * speed) when its
 * cooldown allows ('speed' 0: its own, truncated). Returns 1 when it moved. */
int physics_update_pos(tick_ctx *t, int i, double dx, double dy, int speed);
/* ContinuousPhysics.passiveMovement (nothing on the first tick; nothing
 * for an is_static type). */
void physics_cont_passive(tick_ctx *t, int i);
/* ContinuousPhysics.activeMovement: the force (ax, ay) over the mass plus
 * the velocity ('speed' 0 or -1: its own) gives the new orientation and
 * speed. Returns 1 unless the force is nil. */
int physics_cont_active(tick_ctx *t, int i, double ax, double ay, double speed);
/* The sprites of leaf set 'types' whose rectangles overlap reference 'r1',
 * as overlap.c's overlap_find() gives them (by type, then id; only those
 * below index 'n0'; with 'live', none killed this tick). */
int physics_overlapping(tick_ctx *t, int r1, uint64_t types, uint32_t n0, int live, int *out, int max);
/* GVGAI's groundIntersects for sprite 'a' of a class that stands on solid
 * sprites: notes it on the ground (SP_GROUND) when one of the solid sprites
 * of 'types' is just below it and it came down onto it. */
void physics_ground(tick_ctx *t, int a, uint64_t types);
void physics_ground_one(tick_ctx *t, int a, int b);

#endif
