/* SPDX-License-Identifier: MIT
 *
 * class_chaser.c -- NPCs that go after (or away from) other sprites, step
 * 2 of a tick: Chaser, Fleeing, LOSChaser (a step that closes in),
 * AlternateChaser, RandomAltChaser (the same over 'stype1'), PathChaser,
 * PathAltChaser, RandomPathAltChaser (a step along GVGAI's path finder's
 * path, looked up in the game's table, path.c).
 *
 * Targets are found as GVGAI lists them during a tick: the sprites of
 * every leaf type under the target type, in type order, those killed in
 * the tick and those created so far included. GVGAI lists a type among
 * its own subtypes, so where it walks a leaf type's sprites with its
 * subtypes' (AlternateChaser, PathAltChaser) it meets each sprite twice,
 * which matters to its random draws. GVGAI's AlternateChaser picks which
 * of its 'stype1' types to chase with an unseeded generator; one type is
 * all it can name here, so that draw is always 0 (and 'stype2' changes
 * nothing: GVGAI counts stype1's sprites in its place).
 */
#include <stdlib.h>

#include "class.h"
#include "path.h"

static uint64_t leaves_of(const vg_game *g, int type) { return type >= 0 ? g->types[type].subtypes : 0; }

/* Starts walk 'w' over the sprites of 'type' and subtypes, as GVGAI lists them during a tick. */
static inline void targets(sprite_walk *w, const tick_ctx *t, int type) {
    tick_walk(w, t, leaves_of(t->g, type), t->s->n);
}

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

/* The directions of a one-pixel step that bring 'me' closer to a target
 * 'x', 'y' pixels away (d . (x, y) > 0), bit d for class_base_dirs' row d
 * (GVGAI's movesToward); those that take it away when 'fleeing'. */
static inline unsigned toward(int x, int y, int fleeing) {
    unsigned dirs = (unsigned)(y < 0) | (unsigned)(x < 0) << 1 | (unsigned)(y > 0) << 2 | (unsigned)(x > 0) << 3;
    return fleeing ? ~dirs & 15 : dirs;
}

/* The bits set in a 4-bit mask. */
static inline int bits4(unsigned m) { return (int)(0x4332322132212110ULL >> (4 * m) & 15); }

/* chase_dirs()'s look at sprite j: when in sight (if 'sight' >= 0) and no
 * farther than the best so far, its directions appended (masks[*n]; m
 * counts them; with no 'masks', only the first closest is kept). Returns m. */
static inline __attribute__((always_inline)) int dirs_one(const tick_ctx *t, const sprite *me, int sight, int fleeing,
                                                          int j, uint8_t *masks, int *n, int m, int *best, int *first) {
    const sprite *q = tick_sprite(t, (uint32_t)j);
    int x = q->x - me->x, y = q->y - me->y, d = abs(x) + abs(y); /* GVGAI's Manhattan distance in pixels */
    if (sight >= 0 && !in_sight(sight, me->x, me->y, q->x, q->y)) return m;
    if (!masks) {
        if (d < *best) *best = d, *first = j;
        return m;
    }
    if (d > *best) return m;
    if (d < *best) *best = d, *n = 0, m = 0, *first = j;
    unsigned dirs = toward(x, y, fleeing);
    masks[(*n)++] = (uint8_t)dirs;
    return m + bits4(dirs);
}

static inline __attribute__((always_inline)) int chase_dirs_in(tick_ctx *t, const sprite *me, int stype, int sight,
                                                               int fleeing, uint8_t *masks, int *n, int *best,
                                                               int *first) {
    int m = 0;
    *best = INT32_MAX, *n = 0, *first = -1;
    for (uint64_t ts = leaves_of(t->g, stype); ts;
         ts &= ts - 1) { /* as sprite_walk: a type's range, then its new ones */
        int leaf = __builtin_ctzll(ts);
        uint32_t from, to;
        type_range(t, leaf, &from, &to);
        for (uint32_t j = from; j < to; j++) m = dirs_one(t, me, sight, fleeing, (int)j, masks, n, m, best, first);
        if (!(t->created >> leaf & 1)) continue;
        for (uint32_t j = t->settled; j < t->s->n; j++)
            if (tick_sprite(t, j)->type == leaf) m = dirs_one(t, me, sight, fleeing, (int)j, masks, n, m, best, first);
    }
    return m;
}

/* GVGAI's closestTargets, and movesToward over them, in one pass: the
 * sprites of 'stype' closest to 'me' (Manhattan distance in pixels; with
 * 'sight' >= 0 only those a LOSChaser whose last random draw was 'sight'
 * sees), in GVGAI's order: how many in *n, their distance in *best, the
 * first one's index in *first (-1: none); and the directions towards
 * each (away from it when 'fleeing'), as masks[0..*n) of class_base_dirs'
 * rows. Returns how many directions there are in all. */
static int chase_dirs(tick_ctx *t, const sprite *me, int stype, int sight, int fleeing, uint8_t *masks, int *n,
                      int *best, int *first) {
    if (sight >= 0) return chase_dirs_in(t, me, stype, sight, fleeing, masks, n, best, first);
    return fleeing ? chase_dirs_in(t, me, stype, -1, 1, masks, n, best, first) /* each inlined without the tests */
                   : chase_dirs_in(t, me, stype, -1, 0, masks, n, best, first);
}

/* The first of the sprites of 'stype' closest to 'me' (-1: none). */
static __attribute__((noinline)) int closest(tick_ctx *t, const sprite *me, int stype) {
    int n, best, first;
    chase_dirs_in(t, me, stype, -1, 0, NULL, &n, &best, &first);
    return first;
}

/* The r-th direction (a row of class_base_dirs) of chase_dirs' masks, r
 * below their count. */
static int nth_dir(const uint8_t *masks, int r) {
    for (int k = 0;; k++) {
        unsigned dirs = masks[k];
        if (r < bits4(dirs)) {
            for (; r > 0; r--) dirs &= dirs - 1;
            return __builtin_ctz(dirs);
        }
        r -= bits4(dirs);
    }
}

/* ---- Chaser, Fleeing, LOSChaser, AlternateChaser, RandomAltChaser ----- */

enum { CHASE, FLEE, LOS_CHASE, ALT_CHASE };

/* Chaser, Fleeing, LOSChaser (GVGAI's Chaser): the closest sprites of
 * 'stype' (a LOSChaser only those in sight; none beyond 'maxDistance'),
 * one of their directions drawn at random, a RandomNPC move when there is
 * none. AlternateChaser: the same towards 'stype1' (the targets' list
 * walked twice when it is a leaf type, see above: the draw is among twice
 * as many), a random base direction when there is none. */
static void chase(tick_ctx *t, int i, int mode) {
    const type_def *td = &t->g->types[tick_sprite(t, i)->type];
    uint8_t masks[VG_MAX_SPRITES];
    int best, n, first, dx, dy;
    class_passive(t, i);
    const sprite *me = tick_sprite(t, i);
    int m = chase_dirs(t, me, td->stype, mode == LOS_CHASE ? class_random_prev(me) : -1, mode == FLEE, masks, &n, &best,
                       &first);
    if (mode != ALT_CHASE && td->max_distance != -1 && best > td->max_distance) m = 0;
    int reps = mode == ALT_CHASE && td->stype >= 0 && t->g->types[td->stype].leaf ? 2 : 1;
    if (m > 0) {
        int d = nth_dir(masks, rng_int(t->s, reps * m) % m);
        dx = class_base_dirs[d][0], dy = class_base_dirs[d][1];
    } else if (mode == ALT_CHASE) {
        int d = rng_int(t->s, 4);
        dx = class_base_dirs[d][0], dy = class_base_dirs[d][1];
    } else {
        class_random_dir(t, i, &dx, &dy);
    }
    class_active_move(t, i, dx, dy);
}

void class_update_chaser(tick_ctx *t, int i, vg_action a) {
    (void)a;
    chase(t, i, CHASE);
}
void class_update_fleeing(tick_ctx *t, int i, vg_action a) {
    (void)a;
    chase(t, i, FLEE);
}
void class_update_los_chaser(tick_ctx *t, int i, vg_action a) {
    (void)a;
    chase(t, i, LOS_CHASE);
}
void class_update_alternate_chaser(tick_ctx *t, int i, vg_action a) {
    (void)a;
    chase(t, i, ALT_CHASE);
}

/* RandomAltChaser, RandomPathAltChaser: GVGAI draws first; below
 * 'epsilon' the sprite takes a random base step instead of its class's.
 * Returns 1 then. */
static int random_step(tick_ctx *t, int i) {
    if (!rng_chance(t->s, t->g->types[tick_sprite(t, i)->type].epsilon)) return 0;
    class_passive(t, i);
    int d = rng_int(t->s, 4);
    class_active_move(t, i, class_base_dirs[d][0], class_base_dirs[d][1]);
    return 1;
}

void class_update_random_alt_chaser(tick_ctx *t, int i, vg_action a) {
    if (!random_step(t, i)) class_update_alternate_chaser(t, i, a);
}

/* ---- PathChaser, PathAltChaser, RandomPathAltChaser ------------------- */

/* A step along GVGAI's path from sprite 'i' to pixel (tx, ty): row 'd' of
 * class_base_dirs, nothing when d < 0 (GVGAI's DNONE). */
static void step_along(tick_ctx *t, int i, int d) {
    if (d >= 0) class_active_move(t, i, class_base_dirs[d][0], class_base_dirs[d][1]);
}

/* PathChaser: towards the first of the closest sprites of 'stype' along
 * GVGAI's path (no step when there is none), which also ends its run of
 * random moves; a RandomNPC move when there is no such sprite. */
void class_update_path_chaser(tick_ctx *t, int i, vg_action a) {
    (void)a;
    int dx, dy, j;
    class_passive(t, i);
    const sprite *me = tick_sprite(t, i);
    if ((j = closest(t, me, t->g->types[me->type].stype)) >= 0) {
        const sprite *q = tick_sprite(t, (uint32_t)j);
        step_along(t, i, path_step(t->g, me->x, me->y, q->x, q->y));
        class_random_expire(t, i);
        return;
    }
    class_random_dir(t, i, &dx, &dy);
    class_active_move(t, i, dx, dy);
}

/* A PathAltChaser's memory (GVGAI's lastTarget, lastKnownTargetPosition):
 * its target, as sprite_remember keeps it (tick_end notes where it died),
 * and in 'counter' the cell of the last position it knew the target at,
 * + 1 (0: none, -1: off the map). */
static int16_t known_cell(const vg_game *g, int x, int y) {
    int c = path_cell(g, x, y);
    return (int16_t)(c < 0 ? -1 : c + 1);
}

/* The sprite a PathAltChaser turns to when it has none or has reached
 * the one it had: the first of the closest sprites of 'stype1', or with
 * 'randomTarget' one of them all drawn at random (each met twice when
 * 'stype1' is a leaf type). Returns its index, -1 when there is none. */
static __attribute__((noinline)) int new_target(tick_ctx *t, const sprite *me) {
    const type_def *td = &t->g->types[me->type];
    if (!td->random_target) return closest(t, me, td->stype);
    sprite_walk w;
    int n = 0, j = -1;
    for (targets(&w, t, td->stype); walk_next(&w, &j);) n++;
    if (n == 0) return -1;
    int k = rng_int(t->s, td->stype >= 0 && t->g->types[td->stype].leaf ? 2 * n : n) % n;
    for (targets(&w, t, td->stype); walk_next(&w, &j) && k-- > 0;) {}
    return j;
}

/* Where the sprite the PathAltChaser keeps in mind ('aux') is: the live
 * sprite (killed this tick included), whose place it notes, else where it
 * died. */
static void target_pos(tick_ctx *t, const sprite *me, int32_t *aux, int *x, int *y) {
    sprite_walk w;
    targets(&w, t, t->g->types[me->type].stype);
    for (int j; walk_next(&w, &j);)
        if (tick_sprite(t, (uint32_t)j)->id + 1 == (uint32_t)aux[0]) {
            sprite_remember(aux, tick_sprite(t, (uint32_t)j));
            break;
        }
    sprite_recall(aux, x, y);
}

/* PathAltChaser: keeps to its target until it reaches it, then picks
 * another (new_target); steps along GVGAI's path to it, or when there is
 * none to the last place it had one to; a random base step when it has no
 * target at all. */
void class_update_path_alt_chaser(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const vg_game *g = t->g;
    class_passive(t, i);
    sprite *me = tick_sprite(t, i);
    int32_t *aux = sprite_aux(g, me);
    int x = 0, y = 0, j;
    if (aux[0]) target_pos(t, me, aux, &x, &y);
    if (!aux[0] || (x == me->x && y == me->y)) {
        if ((j = new_target(t, me)) < 0) {
            int d = rng_int(t->s, 4);
            class_active_move(t, i, class_base_dirs[d][0], class_base_dirs[d][1]);
            return;
        }
        sprite_remember(aux, tick_sprite(t, (uint32_t)j));
        sprite_recall(aux, &x, &y);
    }
    int d = path_step(g, me->x, me->y, x, y);
    if (d < 0 && me->counter != 0) d = path_step_cells(g, path_cell(g, me->x, me->y), me->counter - 1);
    else me->counter = known_cell(g, x, y);
    step_along(t, i, d);
}

void class_update_random_path_alt_chaser(tick_ctx *t, int i, vg_action a) {
    if (!random_step(t, i)) class_update_path_alt_chaser(t, i, a);
}

/* The path-finding classes need the game's 'obs' (GVGAI builds no path
 * finder without it); PathAltChasers remember a sprite (game.h's ref_holders). */
vg_status class_check_path(vg_game *g, type_def *td, vg_error *err) {
    if (!g->obs_named.n)
        return game_error(g, err, VG_ERR_SCRIPT, td->line,
                          "'%s' (%s) finds paths around the game's 'obs' types, and the game names none", td->name,
                          class_table[td->cls].name);
    if (td->stype < 0)
        return game_error(g, err, VG_ERR_SCRIPT, td->line, "'%s' (%s) needs a type to chase (%s)", td->name,
                          class_table[td->cls].name, td->cls == CLS_PathChaser ? "stype" : "stype1");
    if (td->cls != CLS_PathChaser) {
        game_need_ext(g, EXT_AUX);
        g->ref_holders |= 1ULL << (td - g->types);
        g->ref_targets |= g->types[td->stype].subtypes;
    }
    return VG_OK;
}
