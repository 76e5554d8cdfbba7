/* SPDX-License-Identifier: MIT
 *
 * physics_cont.c -- GVGAI's continuous physics, and sprites whose
 * rectangles are not one cell.
 *
 * A sprite of a type with physicstype=CONT keeps a real orientation (a unit
 * vector, in its EXT_CONT) and a real speed (EXT_SPEED); each tick it moves
 * (int)speed pixels along its orientation, gravity pulls it down unless it
 * stands on something solid, and friction slows it. Positions stay whole
 * pixels, as GVGAI's rectangles are. The arithmetic follows GVGAI's to the
 * bit (a mass is a float there, so it is one here), since its traces
 * compare positions and orientations exactly.
 *
 * In games with such sprites, or with sprites wider or taller than a cell
 * (wMult, hMult), the collision pass checks every pair every tick by the
 * sprites' rectangles (g->geom, interact_geom.c; lookups by physics_overlapping).
 */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "tick.h"

/* ---- A sprite's orientation, rotation and size ------------------------- */

void physics_vec(const vg_game *g, const sprite *p, double *x, double *y) {
    const char *e = sprite_ext(g, p, EXT_CONT);
    double v[2] = {0, 0};
    if (e) memcpy(v, e, sizeof v);
    *x = v[0], *y = v[1];
}

void physics_set_vec(const vg_game *g, sprite *p, double x, double y) {
    char *e = sprite_ext(g, p, EXT_CONT);
    double v[2] = {x, y};
    if (e) memcpy(e, v, sizeof v);
}

double physics_rotation(const vg_game *g, const sprite *p) {
    const char *e = sprite_ext(g, p, EXT_CONT);
    double r = 0;
    if (e) memcpy(&r, e + 16, sizeof r);
    return r;
}

void physics_set_rotation(const vg_game *g, sprite *p, double rot) {
    char *e = sprite_ext(g, p, EXT_CONT);
    if (e) memcpy(e + 16, &rot, sizeof rot);
}

/* Reference 'r''s rectangle: x, y, width, height. */
static inline void ref_rect(const tick_ctx *t, int r, int rc[4]) {
    ref_pos(t->g, t->s, r, &rc[0], &rc[1]);
    physics_size(t->g, ref_type(t->g, t->s, r), &rc[2], &rc[3]);
}

/* java.awt.Rectangle.intersects for rectangles of positive size. */
static inline int rects_meet(const int a[4], const int b[4]) {
    return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
}

int physics_overlap(const tick_ctx *t, int a, int b) {
    int ra[4], rb[4];
    ref_rect(t, a, ra);
    ref_rect(t, b, rb);
    return rects_meet(ra, rb);
}

/* ---- Movement ------------------------------------------------------------ */

int physics_update_pos(tick_ctx *t, int i, double dx, double dy, int speed) {
    sprite *p = tick_sprite(t, i);
    if (speed == 0 && (speed = (int)sprite_speed(t->g, p)) == 0) return 0;
    uint16_t lastmove = (uint16_t)(t->now - p->moved);
    if (t->g->types[p->type].cooldown > lastmove || fabs(dx) + fabs(dy) == 0) return 0;
    tick_set_pos_free(t, i, p->x + (int)(dx * speed), p->y + (int)(dy * speed)); /* continuous physics: g->geom */
    p->moved = t->now;
    return 1;
}

void physics_cont_passive(tick_ctx *t, int i) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (td->is_static) return;
    if (p->flags & SP_FIRST) {
        p->flags &= (uint8_t)~SP_FIRST;
        return;
    }
    double speed = sprite_speed(t->g, p), ox, oy;
    if (speed == 0) return;
    physics_vec(t->g, p, &ox, &oy);
    physics_update_pos(t, i, ox, oy, (int)speed);
    if (td->gravity > 0 && td->mass > 0 && !(p->flags & SP_GROUND))
        physics_cont_active(t, i, 0, td->gravity * td->mass, 0);
    sprite_set_speed(t->g, p, sprite_speed(t->g, p) * (1 - td->friction));
}

int physics_cont_active(tick_ctx *t, int i, double ax, double ay, double speed) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    double ox, oy, mass = (float)td->mass;
    if (speed == 0 || speed == -1) speed = sprite_speed(t->g, p);
    physics_vec(t->g, p, &ox, &oy);
    double vx = ax / mass + ox * speed, vy = ay / mass + oy * speed;
    double mag = sqrt(vx * vx + vy * vy), v = mag;
    if (td->max_speed != -1 && td->max_speed < v) v = td->max_speed;
    if (mag == 0) vx = vy = 0;
    else vx /= mag, vy /= mag;
    physics_set_vec(t->g, p, vx, vy);
    sprite_set_speed(t->g, p, v);
    return !(ax == 0 && ay == 0);
}

/* ---- Overlaps by rectangles --------------------------------------------- */

/* Adds changing sprite j to out[0..*n) when it overlaps 'rc' (as
 * physics_overlapping says). */
static inline void overlapping_add(const tick_ctx *t, uint32_t j, int r1, const int rc[4], const int wh[2], int live,
                                   int *out, int *n, int max) {
    const sprite *p = tick_sprite(t, j);
    int rq[4] = {p->x, p->y, wh[0], wh[1]};
    if ((int)j != r1 && rects_meet(rc, rq) && !(live && (p->flags & SP_KILLED)) && *n < max) out[(*n)++] = (int)j;
}

int physics_overlapping(tick_ctx *t, int r1, uint64_t types, uint32_t n0, int live, int *out, int max) {
    const vg_game *g = t->g;
    int n = 0, rc[4], rq[4], c[4];
    ref_rect(t, r1, rc);
    const int32_t box[4] = {rc[0], rc[1], rc[0] + rc[2], rc[1] + rc[3]};
    for (uint64_t ts = types; ts; ts &= ts - 1) {
        int st = __builtin_ctzll(ts);
        physics_size(g, st, &rq[2], &rq[3]);
        if (g->types[st].fixed) { /* the cells where one of them could start, row by row: in id order */
            physics_cells_under(g, box, rq[2], rq[3], c);
            for (int cy = c[2]; cy <= c[3]; cy++)
                for (int cx = c[0]; cx <= c[1]; cx++) {
                    int cell = cy * g->w + cx;
                    if (!(g->static_mask[cell] >> st & 1)) continue;
                    for (uint32_t e = g->static_start[cell]; e < g->static_start[cell + 1]; e++) {
                        int r = -(int)e - 1;
                        rq[0] = cx * g->square, rq[1] = cy * g->square;
                        if (g->static_ents[e].type == st && r != r1 && rects_meet(rc, rq) && fixed_alive(g, t->s, e) &&
                            !(live && tick_killed(t, r)) && n < max)
                            out[n++] = r;
                    }
                }
            continue;
        }
        uint32_t from, to; /* its range, then those created this tick (below n0) */
        type_range(t, st, &from, &to);
        for (uint32_t j = from; j < to; j++) overlapping_add(t, j, r1, rc, &rq[2], live, out, &n, max);
        for (uint32_t j = t->settled; j < n0 && (t->created >> st & 1); j++)
            if (tick_sprite(t, j)->type == st) overlapping_add(t, j, r1, rc, &rq[2], live, out, &n, max);
    }
    return n;
}

/* Widens 'box' by sprite j's rectangle. */
static inline void box_add(const tick_ctx *t, int32_t box[4], uint32_t j) {
    const sprite *p = tick_sprite(t, j);
    if (p->x < box[0]) box[0] = p->x;
    if (p->y < box[1]) box[1] = p->y;
    if (p->x + t->g->size_w[p->type] > box[2]) box[2] = p->x + t->g->size_w[p->type];
    if (p->y + t->g->size_h[p->type] > box[3]) box[3] = p->y + t->g->size_h[p->type];
}

const int32_t *physics_leaf_box(tick_ctx *t, int leaf) {
    const vg_game *g = t->g;
    type_boxes *bx = &t->boxes;
    if (!(g->changing >> leaf & 1)) return g->static_box[leaf];
    if (bx->version != t->version) bx->version = t->version, bx->made = 0;
    int32_t *box = bx->box[leaf];
    if (bx->made >> leaf & 1) return box;
    bx->made |= 1ULL << leaf;
    uint32_t from, to;
    type_range(t, leaf, &from, &to);
    int fresh = t->created >> leaf & 1;
    if (to - from + (fresh ? t->ncreated[leaf] : 0) > BOX_MAX || (fresh && t->s->n - t->settled > 4 * BOX_MAX)) {
        box[0] = box[1] = INT32_MIN / 2, box[2] = box[3] = INT32_MAX / 2; /* room to widen it */
        return box;
    }
    box[0] = box[1] = INT32_MAX, box[2] = box[3] = INT32_MIN;
    for (uint32_t j = from; j < to; j++) box_add(t, box, j);
    for (uint32_t j = t->settled; fresh && j < t->s->n; j++) /* the new ones */
        if (tick_sprite(t, j)->type == leaf) box_add(t, box, j);
    return box;
}

/* ---- Standing on solid sprites ------------------------------------------ */

void physics_ground_one(tick_ctx *t, int a, int b) {
    sprite *p = tick_sprite(t, a);
    if ((p->flags & SP_GROUND) || !t->g->types[ref_type(t->g, t->s, b)].solid) return;
    int ra[4], rb[4], lax, lay, lbx, lby;
    ref_rect(t, a, ra);
    ref_rect(t, b, rb);
    tick_last_pos(t, a, &lax, &lay);
    tick_last_pos(t, b, &lbx, &lby);
    int higher = lby > lay + ra[3] / 2, down = ra[1] > lay;
    ra[1] += 3;
    if (rects_meet(ra, rb) && higher && down) p->flags |= SP_GROUND;
}

void physics_ground(tick_ctx *t, int a, uint64_t types) {
    int near[VG_MAX_SPRITES];
    uint64_t solid = 0;
    for (uint64_t ts = types; ts; ts &= ts - 1)
        if (t->g->types[__builtin_ctzll(ts)].solid) solid |= 1ULL << __builtin_ctzll(ts);
    if (!solid || (tick_sprite(t, a)->flags & SP_GROUND)) return;
    /* Only sprites that meet its rectangle moved 3 pixels down can be under it. */
    sprite *p = tick_sprite(t, a);
    int16_t y = p->y;
    p->y = (int16_t)(y + 3);
    int n = physics_overlapping(t, a, solid, t->s->n, 0, near, VG_MAX_SPRITES);
    p->y = y;
    for (int k = 0; k < n; k++) physics_ground_one(t, a, near[k]);
}
