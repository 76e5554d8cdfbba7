/* SPDX-License-Identifier: MIT
 *
 * sprite.c -- the built-in sprite classes: one table row, one update
 * function and (where the class has them) its defaults each.
 *
 * A class decides how a sprite moves by itself each tick and which
 * observation category it falls in. Adding a class means writing its
 * update function and adding its row to 'sprite_classes'. The behaviours
 * follow GVGAI's classes of the same names, random draws included (one
 * exception: RandomPathAltChaser, see below).
 */
#include <stdlib.h>
#include <string.h>

#include "state.h"

static const int8_t base_dirs[4][2] = {{0, -1}, {-1, 0}, {0, 1}, {1, 0}};   /* GVGAI's DBASEDIRS */

/* GVGAI's passive movement: nothing on the first tick, then a step along
 * the orientation for oriented sprites with a speed. */
static void passive_move(tick_ctx *t, int i) {
    sprite *p = &t->sp[i];
    const type_def *td = &t->g->types[p->type];
    if (p->flags & SP_FIRST) {
        p->flags &= (uint8_t)~SP_FIRST;
        return;
    }
    if (td->speed != 0 && td->oriented) physics_active(t, i, p->dx, p->dy, td->speed);
}

static void update_passive(tick_ctx *t, int i, vg_action a) {
    (void)a;
    passive_move(t, i);
}

/* MovingAvatar: one step in the direction of the action. */
static void update_moving_avatar(tick_ctx *t, int i, vg_action a) {
    int dx, dy;
    physics_dir(a, &dx, &dy);
    physics_active(t, i, dx, dy, t->g->types[t->sp[i].type].speed);
}

/* OrientedAvatar: turns to face its action (taking the tick for it when it
 * rotates in place), and faces the way it moved. */
static void update_oriented_avatar(tick_ctx *t, int i, vg_action a) {
    sprite *p = &t->sp[i];
    const type_def *td = &t->g->types[p->type];
    int dx, dy;
    physics_dir(a, &dx, &dy);
    if ((dx || dy) && td->rotate_in_place && (p->dx != dx || p->dy != dy)) {
        p->dx = (int8_t)dx, p->dy = (int8_t)dy;
        return;
    }
    int x = p->x, y = p->y;
    if (physics_active(t, i, dx, dy, td->speed)) {
        int mx = p->x - x, my = p->y - y;
        p->dx = (int8_t)((mx > 0) - (mx < 0));
        p->dy = (int8_t)((my > 0) - (my < 0));
    }
}

/* SpawnPoint: every 'cooldown' ticks, with chance 'prob', a new 'stype'
 * at its place; disappears after 'total' spawns. */
static void update_spawn_point(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const type_def *td = &t->g->types[t->sp[i].type];
    int game_tick = t->now - 1, start = t->sp[i].moved;     /* GVGAI's gameTick and 'start' */
    float roll = rng_float(t->s);
    if ((start + game_tick) % td->cooldown == 0 && roll < td->prob && td->stype >= 0) {
        int n = state_create(t, td->stype, t->sp[i].x, t->sp[i].y, 0);
        if (n >= 0) t->sp[i].counter++;
    }
    if (td->total > 0 && t->sp[i].counter >= td->total) state_kill(t, i, 0);
}

/* RandomNPC's next direction: keeps the last one 'cons' ticks, then draws. */
static void random_dir(tick_ctx *t, int i, int *dx, int *dy) {
    sprite *p = &t->sp[i];
    if (p->counter < t->g->types[p->type].cons) {
        p->counter++;
    } else {
        int k = rng_int(t->s, 4);
        p->dx = base_dirs[k][0], p->dy = base_dirs[k][1];
        p->counter = 0;
    }
    *dx = p->dx, *dy = p->dy;
}

static void update_random_npc(tick_ctx *t, int i, vg_action a) {
    (void)a;
    int dx, dy;
    passive_move(t, i);
    random_dir(t, i, &dx, &dy);
    physics_active(t, i, dx, dy, t->g->types[t->sp[i].type].speed);
}

static int grid_distance(int x1, int y1, int x2, int y2) { return abs(x1 - x2) + abs(y1 - y2); }

/* Chaser (and Fleeing): among the closest sprites of 'stype', the base
 * directions that bring it closer (or take it away), one drawn at random;
 * a random move when none does. */
static void chase(tick_ctx *t, int i, int fleeing) {
    const vg_game *g = t->g;
    sprite *me = &t->sp[i];
    const type_def *td = &g->types[me->type];
    int best = INT32_MAX, ntargets = 0, targets[64][2], dirs[256], ndirs = 0, dx, dy;
    passive_move(t, i);
    if (td->stype >= 0) {
        for (uint64_t ts = g->types[td->stype].subtypes; ts; ts &= ts - 1) {
            uint32_t from, to;
            type_range(t, __builtin_ctzll(ts), &from, &to);
            for (uint32_t j = from; j < to; j++) {
                int d = grid_distance(me->x, me->y, t->sp[j].x, t->sp[j].y);
                if (t->sp[j].flags & SP_DISABLED) continue;
                if (d < best) best = d, ntargets = 0;
                if (d == best && ntargets < 64) targets[ntargets][0] = t->sp[j].x, targets[ntargets++][1] = t->sp[j].y;
            }
        }
    }
    for (int k = 0; k < ntargets; k++) {
        int dist = grid_distance(me->x, me->y, targets[k][0], targets[k][1]);
        if (td->max_distance != -1 && dist > td->max_distance) continue;
        for (int d = 0; d < 4 && ndirs < 256; d++) {     /* a one-pixel probe, as GVGAI's movesToward */
            int nd = grid_distance(me->x + base_dirs[d][0], me->y + base_dirs[d][1], targets[k][0], targets[k][1]);
            if (fleeing ? dist < nd : dist > nd) dirs[ndirs++] = d;
        }
    }
    if (ndirs == 0) {
        random_dir(t, i, &dx, &dy);
    } else {
        int d = dirs[rng_int(t->s, ndirs)];
        dx = base_dirs[d][0], dy = base_dirs[d][1];
    }
    physics_active(t, i, dx, dy, td->speed);
}

static void update_chaser(tick_ctx *t, int i, vg_action a) { (void)a; chase(t, i, 0); }
static void update_fleeing(tick_ctx *t, int i, vg_action a) { (void)a; chase(t, i, 1); }

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
            int nx = c % w + base_dirs[d][0], ny = c / w + base_dirs[d][1], nc = ny * w + nx;
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
static void update_path_chaser(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const vg_game *g = t->g;
    sprite *me = &t->sp[i];
    const type_def *td = &g->types[me->type];
    int b = t->b, dx = 0, dy = 0;
    if (rng_double(t->s) < td->epsilon) {
        passive_move(t, i);
        int k = rng_int(t->s, 4);
        physics_active(t, i, base_dirs[k][0], base_dirs[k][1], td->speed);
        return;
    }
    passive_move(t, i);
    if ((uint16_t)(t->now - me->moved) < td->cooldown) return;    /* cannot move now: no need to look */
    int best = INT32_MAX, tx = 0, ty = 0;
    for (int pass = 0; pass < 2 && best == INT32_MAX; pass++) {
        int st = pass ? td->stype2 : td->stype;
        for (uint64_t ts = st >= 0 ? g->types[st].subtypes : 0; ts; ts &= ts - 1) {
            uint32_t from, to;
            type_range(t, __builtin_ctzll(ts), &from, &to);
            for (uint32_t j = from; j < to; j++) {
                int d = grid_distance(me->x, me->y, t->sp[j].x, t->sp[j].y);
                if (!(t->sp[j].flags & SP_DISABLED) && d < best) best = d, tx = t->sp[j].x, ty = t->sp[j].y;
            }
        }
    }
    int d = best == INT32_MAX ? -1 : path_step(g, (me->x + b / 2) / b, (me->y + b / 2) / b, (tx + b / 2) / b, (ty + b / 2) / b, td->blockers);
    if (d < 0) d = rng_int(t->s, 4);
    dx = base_dirs[d][0], dy = base_dirs[d][1];
    physics_active(t, i, dx, dy, td->speed);
}

static void defaults_avatar(type_def *td) { td->speed = 1; }
static void defaults_oriented_avatar(type_def *td) {
    td->speed = 1;
    td->oriented = 1;
    td->rotate_in_place = 1;
    td->dx0 = 1, td->dy0 = 0;
}
static void defaults_npc(type_def *td) { td->speed = 1; }

const sprite_class sprite_classes[] = {
    {"Immovable",           VG_CAT_IMMOVABLE, CLASS_STILL,  NULL,                   NULL},
    {"Passive",             VG_CAT_MOVABLE,   CLASS_SPEED,  update_passive,         NULL},
    {"Resource",            VG_CAT_RESOURCE,  CLASS_SPEED,  update_passive,         NULL},
    {"MovingAvatar",        VG_CAT_AVATAR,    CLASS_AVATAR, update_moving_avatar,   defaults_avatar},
    {"OrientedAvatar",      VG_CAT_AVATAR,    CLASS_AVATAR, update_oriented_avatar, defaults_oriented_avatar},
    {"SpawnPoint",          VG_CAT_PORTAL,    0,            update_spawn_point,     NULL},
    {"RandomNPC",           VG_CAT_NPC,       0,            update_random_npc,      defaults_npc},
    {"Chaser",              VG_CAT_NPC,       0,            update_chaser,          defaults_npc},
    {"Fleeing",             VG_CAT_NPC,       0,            update_fleeing,         defaults_npc},
    {"RandomPathAltChaser", VG_CAT_NPC,       0,            update_path_chaser,     defaults_npc},
};
const int sprite_num_classes = (int)(sizeof sprite_classes / sizeof sprite_classes[0]);

int sprite_class_find(const char *name) {
    for (int c = 0; c < sprite_num_classes; c++)
        if (strcmp(sprite_classes[c].name, name) == 0) return c;
    return -1;
}
