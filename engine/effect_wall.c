/* SPDX-License-Identifier: MIT
 *
 * effect_wall.c -- effects of GVGAI's continuous physics, where sprites
 * have real orientations and speeds: wallStop, wallBounce, wallReverse,
 * bounceDirection, killIfSlow, killIfFast, killIfNotUpright, and bounceForward on a
 * continuous sprite (pullWithIt's continuous part is in effect_move.c).
 *
 * wallBounce and wallReverse run in a batch (GVGAI's inBatch): once per
 * first sprite, with every second sprite it overlaps; two walls side by
 * side are one wall twice as long, more than two the nearest one.
 * Rectangles are {x, y, width, height} in pixels, as java.awt.Rectangle.
 */
#include <math.h>

#include "class.h"
#include "effect.h"

#define PI 3.141592653589793 /* Java's Math.PI */

/* ---- Rectangles and velocities ----------------------------------------- */

static void rect_of(const tick_ctx *t, int r, int rc[4]) {
    ref_pos(t->g, t->s, r, &rc[0], &rc[1]);
    physics_size(t->g, ref_type(t->g, t->s, r), &rc[2], &rc[3]);
}

/* Where 'r' was before this tick (GVGAI's lastrect). */
static void last_rect_of(const tick_ctx *t, int r, int rc[4]) {
    rect_of(t, r, rc);
    tick_last_pos(t, r, &rc[0], &rc[1]);
}

static double center(const int rc[4], int axis) { return rc[axis] + rc[axis + 2] / 2.0; }

/* Sprite 'r''s orientation as real numbers (a grid sprite's, or a static one's type's). */
static void vec_of(const tick_ctx *t, int r, double *x, double *y) {
    const vg_game *g = t->g;
    if (r >= 0 && g->types[tick_sprite(t, r)->type].vec) {
        physics_vec(g, tick_sprite(t, r), x, y);
    } else if (r >= 0) {
        *x = tick_sprite(t, r)->dx, *y = tick_sprite(t, r)->dy;
    } else {
        *x = g->types[ref_type(g, t->s, r)].dx0, *y = g->types[ref_type(g, t->s, r)].dy0;
    }
}

static double speed_of(const tick_ctx *t, int r) {
    return r >= 0 ? sprite_speed(t->g, tick_sprite(t, r)) : t->g->types[ref_type(t->g, t->s, r)].speed;
}

/* Sets sprite 'a''s orientation to (x, y) normalised, its speed times the
 * length of (x, y), but not below its gravity (wallStop, wallReverse). */
static void set_slowed(tick_ctx *t, int a, double x, double y) {
    sprite *p = tick_sprite(t, a);
    double mag = sqrt(x * x + y * y), speed;
    if (mag != 0) x /= mag, y /= mag;
    else x = y = 0;
    physics_set_vec(t->g, p, x, y);
    speed = mag * sprite_speed(t->g, p);
    if (speed < t->g->types[p->type].gravity) speed = t->g->types[p->type].gravity;
    sprite_set_speed(t->g, p, speed);
}

/* GVGAI's determineCollision: whether 'a' met the rectangle 'w' from the
 * side (hv[0]) or from above or below (hv[1]). */
static void collision_sides(const tick_ctx *t, int a, const int w[4], int hv[2]) {
    int ra[4], la[4];
    rect_of(t, a, ra);
    last_rect_of(t, a, la);
    int ix = ra[0] > w[0] ? ra[0] : w[0], iy = ra[1] > w[1] ? ra[1] : w[1];
    int iw = (ra[0] + ra[2] < w[0] + w[2] ? ra[0] + ra[2] : w[0] + w[2]) - ix;
    int ih = (ra[1] + ra[3] < w[1] + w[3] ? ra[1] + ra[3] : w[1] + w[3]) - iy;
    hv[0] = ra[3] == ih;
    hv[1] = ra[2] == iw;
    if (hv[0] || hv[1]) return;
    double ox, oy, speed = speed_of(t, a), vx = 0, vy = 0;
    vec_of(t, a, &ox, &oy);
    if (speed != 0) vx = ox * speed, vy = oy * speed;
    double dx = vx == 0  ? fabs((double)la[0] - w[0])
                : vx > 0 ? fabs((double)la[0] + ra[2] - w[0])
                         : fabs((double)w[0] + w[2] - la[0]);
    double dy = vy == 0  ? fabs((double)la[1] - w[1])
                : vy > 0 ? fabs((double)la[1] + ra[3] - w[1])
                         : fabs((double)la[1] - (w[1] + w[3]));
    double tx = fabs(dx / vx), ty = fabs(dy / vy);
    hv[0] = tx < ty;
    hv[1] = ty < tx;
}

/* Puts sprite 'r' back where it was before this tick (GVGAI setRect(lastrect)). */
static void back(tick_ctx *t, int r) {
    if (r < 0) return;
    int x, y;
    tick_last_pos(t, r, &x, &y);
    tick_set_pos(t, r, x, y);
}

/* ---- Walls --------------------------------------------------------------- */

/* wallStop: 'a' is put against 'b' (moved out the way it came, when it
 * came straight along an axis, else back), and keeps only its speed along
 * the wall. */
int effect_wall_stop(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int ra[4], la[4], rb[4];
    rect_of(t, a, ra);
    last_rect_of(t, a, la);
    rect_of(t, b, rb);
    double vx = center(ra, 0) - center(la, 0), vy = center(ra, 1) - center(la, 1), mag = sqrt(vx * vx + vy * vy);
    if (mag != 0) vx /= mag, vy /= mag;
    int x = la[0], y = la[1];
    if (vx == 0 && vy == 1) x = ra[0], y = ra[1] - (ra[1] + ra[3] - rb[1]);
    else if (vx == 1 && vy == 0) x = ra[0] - (ra[0] + ra[2] - rb[0]), y = ra[1];
    else if (vx == 0 && vy == -1) x = ra[0], y = rb[1] + rb[3];
    else if (vx == -1 && vy == 0) x = rb[0] + rb[2], y = ra[1];
    tick_set_pos(t, a, x, y);
    rect_of(t, a, ra);
    double ox, oy;
    vec_of(t, a, &ox, &oy);
    if (fabs(center(ra, 0) - center(rb, 0)) > fabs(center(ra, 1) - center(rb, 1))) set_slowed(t, a, 0, oy);
    else set_slowed(t, a, ox, 0);
    return 1;
}

/* GVGAI's sortBatch: the rectangle 'a' met among the 'n' sprites 'b', in
 * 'w'; returns how many sprites it stands for (1, or 2 for two walls side
 * by side). With more than two, or two not in line, the one whose centre
 * was nearest a's before this tick (the first such). */
static int batch_wall(const tick_ctx *t, int a, const int *b, int n, int w[4]) {
    int r0[4], r1[4];
    rect_of(t, b[0], r0);
    if (n == 1) {
        for (int k = 0; k < 4; k++) w[k] = r0[k];
        return 1;
    }
    rect_of(t, b[1], r1);
    if (n == 2 && center(r0, 0) == center(r1, 0)) {
        int top = r0[1] < r1[1] ? r0[1] : r1[1];
        w[0] = r0[0], w[1] = top, w[2] = r0[2], w[3] = r0[3] * 2;
        return 2;
    }
    if (n == 2 && center(r0, 1) == center(r1, 1)) {
        int left = r0[0] < r1[0] ? r0[0] : r1[0];
        w[0] = left, w[1] = r0[1], w[2] = r0[2] * 2, w[3] = r0[3];
        return 2;
    }
    int la[4], best = 0;
    double bestd = INFINITY;
    last_rect_of(t, a, la);
    for (int k = 0; k < n; k++) {
        int lb[4];
        last_rect_of(t, b[k], lb);
        double dx = center(la, 0) - center(lb, 0), dy = center(la, 1) - center(lb, 1), d = sqrt(dx * dx + dy * dy);
        if (d < bestd) bestd = d, best = k;
    }
    rect_of(t, b[best], w);
    return 1;
}

/* wallBounce, wallReverse: once with all the sprites 'a' overlaps. */
int effect_wall_batch(tick_ctx *t, const effect_def *e, int a, const int *b, int n) {
    int w[4], hv[2];
    int count = batch_wall(t, a, b, n, w);
    double ox, oy;
    collision_sides(t, a, w, hv);
    vec_of(t, a, &ox, &oy);
    if (e->kind == EFF_wallBounce) {
        if (hv[1]) oy = -oy;
        else if (hv[0]) ox = -ox;
        else ox = -ox, oy = -oy;
        physics_set_vec(t->g, tick_sprite(t, a), ox, oy);
    } else {
        set_slowed(t, a, hv[1] ? ox : -ox, 0);
    }
    back(t, a);
    for (int k = 0; k < n; k++) back(t, b[k]);
    return count;
}

int effect_wall_bounce(tick_ctx *t, const effect_def *e, int a, int b) { return effect_wall_batch(t, e, a, &b, 1) > 0; }

/* ---- Bounces and pulls -------------------------------------------------- */

/* bounceDirection: 'a' bounces off the paddle 'b' at an angle (up to 60
 * degrees) that grows with how far from b's centre it hit. */
int effect_bounce_direction(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int ra[4], la[4], rb[4];
    rect_of(t, a, ra);
    last_rect_of(t, a, la);
    rect_of(t, b, rb);
    double ox, oy, speed = speed_of(t, a), vx = 0, vy = 0;
    vec_of(t, a, &ox, &oy);
    if (speed != 0) vx = ox * speed, vy = oy * speed;
    double dx = fmin(fabs((double)la[0] - (rb[0] + rb[2])), fabs((double)la[0] + ra[2] - rb[0]));
    double dy = fmin(fabs((double)la[1] - (rb[1] + rb[3])), fabs((double)la[1] + ra[3] - rb[1]));
    double tx = fabs(dx / vx), ty = fabs(dy / vy), pad = rb[3], diff, dir;
    int horizontal = tx < ty, vertical = ty < tx;
    if (vertical) {
        pad = rb[2];
        diff = center(ra, 0) - center(rb, 0);
        dir = center(ra, 1) < center(rb, 1) ? 1 : -1;
    } else if (horizontal) {
        diff = center(rb, 1) - center(ra, 1);
        dir = center(ra, 0) > center(rb, 0) ? 1 : -1;
    } else {
        physics_set_vec(t->g, tick_sprite(t, a), -ox, oy);
        return 1;
    }
    double hit = diff / (0.5 * pad);
    hit = hit < 0 ? fmax(hit, -1) : fmin(hit, 1);
    double angle = hit * (60 / 180.0 * PI), x, y;
    if (vertical) x = sin(angle), y = -cos(angle) * dir;
    else x = cos(angle) * dir, y = -sin(angle);
    double mag = sqrt(x * x + y * y);
    if (mag != 0) x /= mag, y /= mag;
    physics_set_vec(t->g, tick_sprite(t, a), x, y);
    return 1;
}

/* bounceForward on a continuous sprite 'a': pushed the way 'b' moved this
 * tick (against b's orientation when b moved backwards), at b's speed, and
 * facing that way. */
int effect_bounce_forward_cont(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int x, y, lx, ly;
    double ox, oy;
    ref_pos(t->g, t->s, b, &x, &y);
    tick_last_pos(t, b, &lx, &ly);
    vec_of(t, b, &ox, &oy);
    double dx = x - lx, dy = y - ly, mag = sqrt(dx * dx + dy * dy);
    if (mag != 0) dx /= mag, dy /= mag;
    if ((x - lx) * ox < 0) dx = -dx;
    if ((y - ly) * oy < 0) dy = -dy;
    physics_cont_active(t, a, dx, dy, speed_of(t, b));
    physics_set_vec(t->g, tick_sprite(t, a), dx, dy);
    return 1;
}

/* ---- Kills ---------------------------------------------------------------- */

/* GVGAI's is_static: set by the game, or by its class (Immovable and the
 * other still classes, SpawnPoint, SpawnPointMultiSprite). */
static int static_sprite(const tick_ctx *t, int r) {
    const type_def *td = &t->g->types[ref_type(t->g, t->s, r)];
    return td->is_static || (class_table[td->cls].flags & CLASS_STILL) || td->cls == CLS_SpawnPoint ||
           td->cls == CLS_SpawnPointMultiSprite;
}

/* The speed at which 'a' and 'b' meet: against a static sprite the other's
 * speed, else the length of the difference of their orientations. */
static double meeting_speed(tick_ctx *t, int a, int b) {
    if (static_sprite(t, a)) return speed_of(t, b);
    if (static_sprite(t, b)) return speed_of(t, a);
    double ax, ay, bx, by;
    vec_of(t, a, &ax, &ay);
    vec_of(t, b, &bx, &by);
    return sqrt((ax - bx) * (ax - bx) + (ay - by) * (ay - by));
}

/* killIfSlow: kills 'a' when the two meet slower than 'limspeed'. */
int effect_kill_if_slow(tick_ctx *t, const effect_def *e, int a, int b) {
    if (meeting_speed(t, a, b) < e->limspeed) tick_kill(t, a, 0);
    return 1;
}

/* killIfFast: kills 'a' when the two meet faster than 'limspeed'. */
int effect_kill_if_fast(tick_ctx *t, const effect_def *e, int a, int b) {
    if (meeting_speed(t, a, b) > e->limspeed) tick_kill(t, a, 0);
    return 1;
}

/* killIfNotUpright: kills 'a' unless its rotation is between 4.4 and 5
 * radians (pointing up, give or take). */
int effect_kill_if_not_upright(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    double rot = fmod(physics_rotation(t->g, tick_sprite(t, a)) + 2 * PI, 2 * PI);
    if (!(rot < 5.0 && rot > 4.4)) tick_kill(t, a, 0);
    return 1;
}
