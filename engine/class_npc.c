/* SPDX-License-Identifier: MIT
 *
 * class_npc.c -- non-player characters: RandomNPC, Chaser, Fleeing and
 * RandomPathAltChaser (step 2 of a tick).
 */
#include <stdlib.h>

#include "class.h"

void class_update_random_npc(tick_ctx *t, int i, vg_action a) {
    (void)a;
    int dx, dy;
    class_passive_move(t, i);
    class_random_dir(t, i, &dx, &dy);
    physics_active(t, i, dx, dy, t->g->types[tick_sprite(t, i)->type].speed);
}

static int grid_distance(int x1, int y1, int x2, int y2) { return abs(x1 - x2) + abs(y1 - y2); }

/* Chaser (and Fleeing): among the closest sprites of 'stype', the base
 * directions that bring it closer (or take it away), one drawn at random;
 * a random move when none does. */
static void chase(tick_ctx *t, int i, int fleeing) {
    const vg_game *g = t->g;
    sprite *me = tick_sprite(t, i);
    const type_def *td = &g->types[me->type];
    int best = INT32_MAX, ntargets = 0, targets[64][2], dirs[256], ndirs = 0, dx, dy;
    class_passive_move(t, i);
    if (td->stype >= 0) {
        for (uint64_t ts = g->types[td->stype].subtypes; ts; ts &= ts - 1) {
            uint32_t from, to;
            type_range(t, __builtin_ctzll(ts), &from, &to);
            for (uint32_t j = from; j < to; j++) {
                int d = grid_distance(me->x, me->y, tick_sprite(t, j)->x, tick_sprite(t, j)->y);
                if (tick_sprite(t, j)->flags & SP_DISABLED) continue;
                if (d < best) best = d, ntargets = 0;
                if (d == best && ntargets < 64) targets[ntargets][0] = tick_sprite(t, j)->x, targets[ntargets++][1] = tick_sprite(t, j)->y;
            }
        }
    }
    for (int k = 0; k < ntargets; k++) {
        int dist = grid_distance(me->x, me->y, targets[k][0], targets[k][1]);
        if (td->max_distance != -1 && dist > td->max_distance) continue;
        for (int d = 0; d < 4 && ndirs < 256; d++) {     /* a one-pixel probe, as GVGAI's movesToward */
            int nd = grid_distance(me->x + class_base_dirs[d][0], me->y + class_base_dirs[d][1], targets[k][0], targets[k][1]);
            if (fleeing ? dist < nd : dist > nd) dirs[ndirs++] = d;
        }
    }
    if (ndirs == 0) {
        class_random_dir(t, i, &dx, &dy);
    } else {
        int d = dirs[rng_int(t->s, ndirs)];
        dx = class_base_dirs[d][0], dy = class_base_dirs[d][1];
    }
    physics_active(t, i, dx, dy, td->speed);
}

void class_update_chaser(tick_ctx *t, int i, vg_action a) { (void)a; chase(t, i, 0); }
void class_update_fleeing(tick_ctx *t, int i, vg_action a) { (void)a; chase(t, i, 1); }

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

