/* SPDX-License-Identifier: MIT
 *
 * effect_move.c -- effects that move or turn sprites: stepBack,
 * pullWithIt, bounceForward, undoAll, wrapAround; reverseDirection, flipDirection,
 * turnAround, attractGaze, align, teleportToExit.
 */
#include <math.h>

#include "class.h"
#include "effect.h"

/* Puts 'a' back where it was before this tick; with 'pixelPerfect', when
 * 'a' moved straight along an axis, only as far as takes it out of 'b'
 * (flush against b's side), as GVGAI does. */
int effect_step_back(tick_ctx *t, const effect_def *e, int a, int b) {
    int x, y, lx, ly, bx, by, w = t->b;
    tick_last_pos(t, a, &lx, &ly);
    if (!e->pixel_perfect || b == REF_NONE) {
        tick_set_pos(t, a, lx, ly);
        return 1;
    }
    ref_pos(t->g, t->s, a, &x, &y);
    ref_pos(t->g, t->s, b, &bx, &by);
    if (x == lx && y > ly) tick_set_pos(t, a, x, by - w);      /* down */
    else if (y == ly && x > lx) tick_set_pos(t, a, bx - w, y); /* right */
    else if (x == lx && y < ly) tick_set_pos(t, a, x, by + w); /* up */
    else if (y == ly && x < lx) tick_set_pos(t, a, bx + w, y); /* left */
    else tick_set_pos(t, a, lx, ly);
    return 1;
}

/* pullWithIt: 'a' moves the way 'b' moved this tick, by b's speed in
 * cells (as whole pixels; when that is 0, a's own speed in pixels, as
 * GVGAI does), if a's cooldown allows; with 'pixelPerfect' it is then put
 * onto 'b'. Once a tick per sprite and declaration (GVGAI's effect object
 * remembers the sprites it pulled this tick). */
int effect_pull_with_it(tick_ctx *t, const effect_def *e, int a, int b) {
    for (int k = 0; k < t->npulled; k++)
        if (t->pulled[k].group == e->group && t->pulled[k].sprite == a) return 1;
    if (t->npulled < MAX_PULLED)
        t->pulled[t->npulled].group = (uint16_t)e->group, t->pulled[t->npulled++].sprite = (uint16_t)a;
    int x, y, lx, ly;
    ref_pos(t->g, t->s, b, &x, &y);
    tick_last_pos(t, b, &lx, &ly);
    double dx = x - lx, dy = y - ly, mag = sqrt(dx * dx + dy * dy);
    sprite *p = tick_sprite(t, (uint32_t)a);
    double speed = ref_speed(t->g, t->s, b);
    int cont = t->g->types[p->type].cont;
    int pixels = (int)(speed * (cont ? 10 : t->b)); /* continuous physics: GVGAI's default 10-pixel grid */
    if (pixels == 0) pixels = (int)sprite_speed(t->g, p);
    uint16_t lastmove = (uint16_t)(t->now - p->moved);
    if (mag != 0 && pixels != 0 && t->g->types[p->type].cooldown <= lastmove) {
        dx /= mag, dy /= mag;
        tick_set_pos(t, a, p->x + (int)(dx * pixels), p->y + (int)(dy * pixels));
        p->moved = t->now;
    }
    if (cont) { /* then it sits on b, facing along it */
        int w, h;
        double ox, oy;
        physics_size(t->g, ref_type(t->g, t->s, b), &w, &h);
        tick_set_pos(t, a, p->x, y - h);
        physics_vec(t->g, p, &ox, &oy);
        physics_set_vec(t->g, p, ox, 0);
    }
    if (e->pixel_perfect) tick_set_pos(t, a, x, y);
    return 1;
}

/* Pushes 'a' the way 'b' moved this tick, at b's speed (its own), and
 * turns it that way; a sprite that rotates in place (an avatar pushed by
 * another) only turns when it faced elsewhere, as GVGAI's move does. */
int effect_bounce_forward(tick_ctx *t, const effect_def *e, int a, int b) {
    const type_def *td = &t->g->types[tick_sprite(t, a)->type];
    if (td->cont) return effect_bounce_forward_cont(t, e, a, b);
    int x, y, lx, ly;
    ref_pos(t->g, t->s, b, &x, &y);
    tick_last_pos(t, b, &lx, &ly);
    double dx = x - lx, dy = y - ly, mag = sqrt(dx * dx + dy * dy);
    if (mag != 0) dx /= mag, dy /= mag;
    int odx = b >= 0 ? tick_sprite(t, b)->dx : 0, ody = b >= 0 ? tick_sprite(t, b)->dy : 0;
    if ((x - lx) * odx < 0) dx = -dx;
    if ((y - ly) * ody < 0) dy = -dy;
    sprite *p = tick_sprite(t, a);
    int ndx = (dx > 0) - (dx < 0), ndy = (dy > 0) - (dy < 0);
    int turns = td->rotate_in_place && (td->oriented || (p->flags & SP_ORIENTED)) && (p->dx != ndx || p->dy != ndy);
    if (!turns) physics_active(t, a, dx, dy, ref_speed(t->g, t->s, b)); /* b's own speed, as GVGAI's sprite2.speed */
    p->dx = (int8_t)ndx;
    p->dy = (int8_t)ndy;
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


/* ---- Orientation and place ---------------------------------------------- */

/* Sprite 'r''s orientation: a static sprite's is its type's. */
static void ref_dir(const tick_ctx *t, int r, int *dx, int *dy) {
    if (r >= 0) {
        *dx = tick_sprite(t, (uint32_t)r)->dx, *dy = tick_sprite(t, (uint32_t)r)->dy;
    } else {
        const type_def *td = &t->g->types[ref_type(t->g, t->s, r)];
        *dx = td->dx0, *dy = td->dy0;
    }
}

/* reverseDirection: 'a' faces the other way. */
int effect_reverse_direction(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    sprite *p = tick_sprite(t, (uint32_t)a);
    p->dx = (int8_t)-p->dx, p->dy = (int8_t)-p->dy;
    return 1;
}

/* flipDirection: 'a' faces one of the four directions, drawn at random. */
int effect_flip_direction(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    const int8_t *d = class_base_dirs[rng_int(t->s, 4)];
    tick_sprite(t, (uint32_t)a)->dx = d[0], tick_sprite(t, (uint32_t)a)->dy = d[1];
    return 1;
}

/* turnAround: 'a' goes back to where it was, then two steps down at its
 * own speed whatever its cooldown, and faces the other way. */
int effect_turn_around(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    sprite *p = tick_sprite(t, (uint32_t)a);
    int x, y, cooldown = t->g->types[p->type].cooldown;
    double speed = sprite_speed(t->g, p);
    tick_last_pos(t, a, &x, &y);
    tick_set_pos(t, a, x, y);
    for (int k = 0; k < 2; k++) {
        p->moved = (uint16_t)(t->now - cooldown);
        physics_active(t, a, 0, 1, speed);
    }
    return effect_reverse_direction(t, e, a, b);
}

/* attractGaze: when both keep an orientation, with chance 'prob' (drawn
 * every time), 'a' takes b's; with 'align' it also lines up with 'b'
 * across its new direction. */
int effect_attract_gaze(tick_ctx *t, const effect_def *e, int a, int b) {
    const vg_game *g = t->g;
    sprite *p = tick_sprite(t, (uint32_t)a);
    if (!sprite_oriented(g, p) || !ref_oriented(g, t->s, b)) return 1;
    if (!rng_chance(t->s, e->prob)) return 1;
    int dx, dy, x, y;
    ref_dir(t, b, &dx, &dy);
    p->dx = (int8_t)dx, p->dy = (int8_t)dy;
    if (e->align) {
        ref_pos(g, t->s, b, &x, &y);
        if (dx != 0 && dy == 0) tick_set_pos(t, a, p->x, y);
        else tick_set_pos(t, a, x, p->y);
    }
    return 1;
}

/* align: 'a' moves onto 'b' and, unless 'orient' is false, faces its way. */
int effect_align(tick_ctx *t, const effect_def *e, int a, int b) {
    int x, y, dx, dy;
    if (e->orient != 0) {
        ref_dir(t, b, &dx, &dy);
        tick_sprite(t, (uint32_t)a)->dx = (int8_t)dx, tick_sprite(t, (uint32_t)a)->dy = (int8_t)dy;
    }
    ref_pos(t->g, t->s, b, &x, &y);
    tick_set_pos(t, a, x, y);
    return 1;
}

/* Sprite 'k' of exactly type 'type' in GVGAI's sprite group (id order,
 * those killed this tick included), or with k = -1 none; '*n' is set to
 * the group's size. Returns the sprite, or REF_NONE. */
static int group_nth(const tick_ctx *t, int type, int k, int *n) {
    int found = REF_NONE;
    sprite_walk w;
    tick_walk(&w, t, 1ULL << type, t->s->n);
    *n = 0;
    for (int r; walk_next(&w, &r); ++*n)
        if (*n == k) found = r;
    return found;
}

/* teleportToExit: 'a' jumps onto a sprite of b's type's 'stype' drawn at
 * random (taking its orientation when it keeps one), as a move; with no
 * such sprite, 'a' dies. Nothing when b's type names no 'stype'. */
int effect_teleport_to_exit(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    const vg_game *g = t->g;
    int dest = g->types[ref_type(g, t->s, b)].stype, n = 0;
    if (dest < 0) return 1;
    group_nth(t, dest, -1, &n);
    if (n == 0) {
        tick_kill(t, a, 0);
        return 1;
    }
    int to = group_nth(t, dest, rng_int(t->s, n), &n), x, y;
    sprite *p = tick_sprite(t, (uint32_t)a);
    ref_pos(g, t->s, to, &x, &y);
    tick_set_pos(t, a, x, y);
    p->moved = t->now;
    if (ref_oriented(g, t->s, to)) {
        int dx, dy;
        ref_dir(t, to, &dx, &dy);
        p->dx = (int8_t)dx, p->dy = (int8_t)dy;
    }
    return 1;
}
