/* SPDX-License-Identifier: MIT
 *
 * class_npc.c -- non-player characters and missiles: RandomNPC, Chaser,
 * Fleeing, LOSChaser, RandomPathAltChaser, Missile, ErraticMissile (which
 * in GVGAI behaves as a Missile), RandomMissile (step 2 of a tick).
 */
#include <stdlib.h>

#include "class.h"

void class_update_random_npc(tick_ctx *t, int i, vg_action a) {
    (void)a;
    int dx, dy;
    class_passive_move(t, i);
    class_random_dir(t, i, &dx, &dy);
    class_active_move(t, i, dx, dy);
}

static int grid_distance(int x1, int y1, int x2, int y2) { return abs(x1 - x2) + abs(y1 - y2); }

enum { CHASE, FLEE, LOS_CHASE };

/* Whether a LOSChaser at (x, y), looking along the direction it last drew
 * at random ('prev', as class_random_prev), sees a sprite at (tx, ty):
 * the same column or row, on that side (GVGAI looks through walls). */
static int in_sight(int prev, int x, int y, int tx, int ty) {
    switch (prev) {
    case 1: return tx == x && ty <= y;
    case 2: return ty == y && tx <= x;
    case 3: return tx == x && ty >= y;
    case 4: return ty == y && tx >= x;
    default: return 0;
    }
}

/* GVGAI's movesToward over targets (tx, ty)[0..n), all at distance 'best':
 * the base directions in which a one-pixel step brings 'me' closer to one
 * (takes it away when 'fleeing'), target by target. Returns how many there
 * are; with 'want' >= 0, the direction of that one instead. */
static int directions(const sprite *me, const int16_t *tx, const int16_t *ty, int n, int best, int fleeing, int want) {
    int m = 0;
    for (int k = 0; k < n; k++)
        for (int d = 0; d < 4; d++) {
            int nd = grid_distance(me->x + class_base_dirs[d][0], me->y + class_base_dirs[d][1], tx[k], ty[k]);
            if (fleeing ? best >= nd : best <= nd) continue;
            if (m++ == want) return d;
        }
    return m;
}

/* Chaser, Fleeing, LOSChaser (GVGAI's Chaser): the closest sprites of
 * 'stype' (all of them during the tick: those killed in it and those
 * created so far included, in GVGAI's order; a LOSChaser only those in
 * sight; none beyond 'maxDistance'), one of their directions drawn at
 * random, a RandomNPC move when there is none. */
static void chase(tick_ctx *t, int i, int mode) {
    const vg_game *g = t->g;
    const type_def *td = &g->types[tick_sprite(t, i)->type];
    int16_t tx[VG_MAX_SPRITES], ty[VG_MAX_SPRITES];
    int best = INT32_MAX, ntargets = 0, dx, dy;
    class_passive_move(t, i);
    const sprite *me = tick_sprite(t, i);
    int prev = class_random_prev(me);
    for (uint64_t ts = td->stype >= 0 ? g->types[td->stype].subtypes : 0; ts; ts &= ts - 1) {
        uint32_t at = 0;
        for (int j; (j = tick_next_of(t, __builtin_ctzll(ts), t->s->n, &at)) >= 0;) {
            const sprite *q = tick_sprite(t, (uint32_t)j);
            int d = grid_distance(me->x, me->y, q->x, q->y);
            if (mode == LOS_CHASE && !in_sight(prev, me->x, me->y, q->x, q->y)) continue;
            if (d < best) best = d, ntargets = 0;
            if (d == best) tx[ntargets] = q->x, ty[ntargets++] = q->y;
        }
    }
    if (td->max_distance != -1 && best > td->max_distance) ntargets = 0;
    int n = directions(me, tx, ty, ntargets, best, mode == FLEE, -1);
    if (n == 0) {
        class_random_dir(t, i, &dx, &dy);
    } else {
        int d = directions(me, tx, ty, ntargets, best, mode == FLEE, rng_int(t->s, n));
        dx = class_base_dirs[d][0], dy = class_base_dirs[d][1];
    }
    class_active_move(t, i, dx, dy);
}

void class_update_chaser(tick_ctx *t, int i, vg_action a) { (void)a; chase(t, i, CHASE); }
void class_update_fleeing(tick_ctx *t, int i, vg_action a) { (void)a; chase(t, i, FLEE); }
void class_update_los_chaser(tick_ctx *t, int i, vg_action a) { (void)a; chase(t, i, LOS_CHASE); }

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
    class_passive_move(t, i);
}

void class_defaults_random_missile(type_def *td) {
    class_defaults_missile(td);
    td->dx0 = td->dy0 = -1;
}

/* The first step of a shortest path over the map's cells from (x, y) to
 * (tx, ty), avoiding cells with fixed sprites of 'blockers'; -1 when
 * there is none. Breadth-first, directions tried in GVGAI's base order. */
static int path_step(const vg_game *g, int x, int y, int tx, int ty, uint64_t blockers) {
    int w = g->w, n = g->w * g->h;
    if (x < 0 || y < 0 || x >= w || y >= g->h || tx < 0 || ty < 0 || tx >= w || ty >= g->h) return -1;
    int16_t first[VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE];
    int queue[VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE], head = 0, tail = 0;
    for (int c = 0; c < n; c++) first[c] = -2;
    first[y * w + x] = -1;
    queue[tail++] = y * w + x;
    while (head < tail) {
        int c = queue[head++];
        if (c == ty * w + tx) return first[c];
        for (int d = 0; d < 4; d++) {
            int nx = c % w + class_base_dirs[d][0], ny = c / w + class_base_dirs[d][1], nc = ny * w + nx;
            if (nx < 0 || ny < 0 || nx >= w || ny >= g->h || first[nc] != -2 || (g->static_mask[nc] & blockers)) continue;
            first[nc] = (int16_t)(first[c] == -1 ? d : first[c]);
            queue[tail++] = nc;
        }
    }
    return -1;
}

/* RandomPathAltChaser: with chance 'epsilon' a random step, else a step
 * along a shortest path to the closest sprite of 'stype1' (or, when there
 * is none, of 'stype2'). GVGAI draws its path finder's ties and its
 * target with an unseeded generator, so this one cannot be bit-exact; it
 * uses breadth-first paths and the state's RNG instead. */
void class_update_path_chaser(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const vg_game *g = t->g;
    sprite *me = tick_sprite(t, i);
    const type_def *td = &g->types[me->type];
    int b = t->b, dx = 0, dy = 0;
    if (rng_double(t->s) < td->epsilon) {
        class_passive_move(t, i);
        int k = rng_int(t->s, 4);
        physics_active(t, i, class_base_dirs[k][0], class_base_dirs[k][1], td->speed);
        return;
    }
    class_passive_move(t, i);
    if ((uint16_t)(t->now - me->moved) < td->cooldown) return;    /* cannot move now: no need to look */
    int best = INT32_MAX, tx = 0, ty = 0;
    for (int pass = 0; pass < 2 && best == INT32_MAX; pass++) {
        int st = pass ? td->stype2 : td->stype;
        for (uint64_t ts = st >= 0 ? g->types[st].subtypes : 0; ts; ts &= ts - 1) {
            uint32_t from, to;
            type_range(t, __builtin_ctzll(ts), &from, &to);
            for (uint32_t j = from; j < to; j++) {
                int d = grid_distance(me->x, me->y, tick_sprite(t, j)->x, tick_sprite(t, j)->y);
                if (!(tick_sprite(t, j)->flags & SP_DISABLED) && d < best) best = d, tx = tick_sprite(t, j)->x, ty = tick_sprite(t, j)->y;
            }
        }
    }
    int d = best == INT32_MAX ? -1 : path_step(g, (me->x + b / 2) / b, (me->y + b / 2) / b, (tx + b / 2) / b, (ty + b / 2) / b, td->blockers);
    if (d < 0) d = rng_int(t->s, 4);
    dx = class_base_dirs[d][0], dy = class_base_dirs[d][1];
    physics_active(t, i, dx, dy, td->speed);
}

