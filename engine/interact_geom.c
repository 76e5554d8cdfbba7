/* SPDX-License-Identifier: MIT
 *
 * interact_geom.c -- the collision pass of a tick that checks every pair:
 * every tick of a game of sprites of several sizes or with continuous
 * physics (g->geom), and a tick whose contacts did not fit (interact.c's
 * contacts_full).
 *
 * An effect's first sprites are walked in GVGAI's order, and each is
 * tested against the rectangles around its second sprites' leaf types
 * (physics_leaf_box) or, for a fixed type of sprites no larger than a
 * cell, the static masks of the cells it covers, before any lookup: most
 * meet nothing. A type of first sprites whose own rectangle meets none is
 * passed over whole.
 */
#include <string.h>

#include "interact.h"
#include "overlap.h"

/* physics.h's rectangle around leaf type 'leaf''s sprites, a made one taken at once. */
static inline const int32_t *leaf_box(tick_ctx *t, int leaf) {
    const type_boxes *bx = &t->boxes;
    if (!(t->g->changing >> leaf & 1)) return t->g->static_box[leaf];
    return (bx->made >> leaf & 1) && bx->version == t->version ? bx->box[leaf] : physics_leaf_box(t, leaf);
}

/* The leaf types of 'fixed' (of static sprites no larger than a cell) with
 * a sprite in a cell that rectangle 'box' covers, from the cells' static
 * masks; all of them when it covers more than NEAR_CELLS cells. */
#define NEAR_CELLS 16

static uint64_t fixed_near(const vg_game *g, const int32_t box[4], uint64_t fixed) {
    int c[4];
    physics_cells_under(g, box, g->square, g->square, c);
    if (c[0] > c[1] || c[2] > c[3]) return 0; /* off the map, where no static sprite is */
    if ((c[1] - c[0] + 1) * (c[3] - c[2] + 1) > NEAR_CELLS) return fixed;
    uint64_t m = 0;
    for (int row = c[2] * g->w; row <= c[3] * g->w; row += g->w)
        for (int x = c[0]; x <= c[1]; x++) m |= g->static_mask[row + x];
    return m & fixed;
}

/* The leaf types of 't2' that may have a sprite meeting rectangle 'box'
 * (a sprite of leaf type 'own', whose own type's rectangle it meets; -1:
 * none): those whose rectangle it meets, but of a fixed type of sprites
 * no larger than a cell, those with a sprite in a cell it covers too. */
static uint64_t seconds_near(tick_ctx *t, const int32_t box[4], uint64_t t2, int own) {
    uint64_t near = 0, cells = 0;
    for (uint64_t ts = t2; ts; ts &= ts - 1) {
        int st = __builtin_ctzll(ts);
        if (st == own || !box_misses(box, leaf_box(t, st))) near |= ts & -ts;
    }
    if ((cells = near & t->g->cell_fixed)) near ^= cells ^ fixed_near(t->g, box, cells);
    return near;
}

/* The pixels below its rectangle that a first sprite of leaf type 'type'
 * looks at against second sprites of leaf set 't2': 3 when it stands on
 * solid ones (physics_ground), else 0. */
static int ground_reach(const vg_game *g, int type, uint64_t t2) {
    return (g->ground_types >> type & 1) && (t2 & g->solid_types) ? 3 : 0;
}

/* What the sprites of each leaf type may meet as first sprites, made when
 * first asked for at one version of the tick (t->version): a pair none of
 * whose first sprites may meet one of its second sprites is passed over
 * without a walk per effect, and the sprite of a type of one (an avatar on
 * the first side of several pairs) is tested once for all of them. */
typedef struct firsts_near {
    uint32_t version; /* the version 'made' holds at */
    uint64_t made;    /* the leaf types whose near[] is made */
    uint64_t single;  /* ... of them, those of one sprite: near[] is that sprite's */
    uint64_t near[64];
} firsts_near;

/* The leaf types of second sprites, in the pairs that name leaf type 'leaf'
 * first, that a sprite of it may meet now, as next_any tests them with the
 * ground reach of any of those pairs (so a superset of what it finds for
 * each): its one sprite's rectangle, or its type's. */
static uint64_t leaf_near(tick_ctx *t, firsts_near *c, int leaf) {
    const vg_game *g = t->g;
    if (c->version != t->version) c->version = t->version, c->made = c->single = 0;
    if (c->made >> leaf & 1) return c->near[leaf];
    c->made |= 1ULL << leaf;
    uint64_t t2 = g->seconds_of[leaf];
    int reach = ground_reach(g, leaf, t2), w, h;
    uint32_t from = 0, to = 0, count = 2; /* a fixed type: by its rectangle */
    int32_t box[4];
    if (g->changing >> leaf & 1) {
        type_range(t, leaf, &from, &to);
        count = to - from + (t->created >> leaf & 1 ? t->ncreated[leaf] : 0);
    }
    if (count == 0) return c->near[leaf] = 0;
    if (count > 1) { /* their rectangle */
        memcpy(box, leaf_box(t, leaf), sizeof box);
        box[3] += reach;
        return c->near[leaf] = seconds_near(t, box, t2, leaf);
    }
    int r = (int)from; /* its one sprite, or the one created this tick */
    if (to == from) {
        sprite_walk sw;
        tick_walk(&sw, t, 1ULL << leaf, t->s->n);
        walk_next(&sw, &r);
    }
    physics_size(g, leaf, &w, &h);
    ref_pos(g, t->s, r, &box[0], &box[1]);
    box[2] = box[0] + w, box[3] = box[1] + h + reach;
    c->single |= 1ULL << leaf;
    return c->near[leaf] = seconds_near(t, box, t2, leaf);
}

/* 0 when no first sprite of pair 'pd' may meet a second one now. */
static int pair_work(tick_ctx *t, firsts_near *c, const pair_def *pd) {
    const vg_game *g = t->g;
    for (uint64_t ts = g->types[pd->t1].subtypes; ts; ts &= ts - 1)
        if (leaf_near(t, c, __builtin_ctzll(ts)) & g->types[pd->t2].subtypes) return 1;
    return 0;
}

/* Starts first sprite walk f over pair pd's first types (those below n0),
 * from the one after 'after' once 'started'. */
static inline void firsts_begin(tick_ctx *t, any_walk *f, const pair_def *pd, uint32_t n0, uint64_t after,
                                int started) {
    tick_walk(&f->w, t, t->g->types[pd->t1].subtypes, n0);
    if (started) walk_skip(&f->w, after);
    f->walking = 1;
    f->type = -1;
}

/* Every first sprite, in GVGAI's order (the walk's), from the one after
 * 'after' once 'started', but those that meet no second sprite for sure
 * (their rectangle, and the pixels below it they look at for ground,
 * meets none of seconds_near's), with f->near; a type of several sprites
 * whose rectangle meets none is passed over whole. What 'c' (NULL: none)
 * knows at the tick's version now narrows the tests (a type's single
 * sprite is not tested again: its near is a superset, which visits it with
 * no second sprite at worst). The walk goes on from one call to the next:
 * the sprites do not move in the array during a tick, and those created
 * since the effect started are not walked. */
static int next_any(tick_ctx *t, any_walk *f, const firsts_near *c, const pair_def *pd, uint32_t n0, uint64_t after,
                    int started, int *r) {
    const vg_game *g = t->g;
    uint64_t t2 = g->types[pd->t2].subtypes;
    int32_t box[4];
    if (!f->walking) firsts_begin(t, f, pd, n0, after, started);
    while (walk_next(&f->w, r)) {
        uint64_t t2k = t2; /* the types it may meet, as far as 'c' knows them at the tick's version now */
        int known = c && c->version == t->version && (c->made >> f->w.type & 1);
        if (known) t2k &= c->near[f->w.type];
        if (f->w.type != f->type) { /* the first of its type */
            f->type = f->w.type;
            f->reach = ground_reach(g, f->type, t2);
            if (!known && f->w.k < f->w.end && !(t2 >> f->type & 1)) { /* more to come: their rectangle */
                memcpy(box, leaf_box(t, f->type), sizeof box);
                box[3] += f->reach;
                t2k = seconds_near(t, box, t2, -1) ? t2 : 0;
            }
            if (!t2k) { /* the rest of its type */
                f->w.k = f->w.end, f->w.i = f->w.n0;
                continue;
            }
        }
        if (known && (c->single >> f->type & 1)) {
            if ((f->near = t2k)) return 1;
            continue;
        }
        int w, h;
        ref_pos(g, t->s, *r, &box[0], &box[1]);
        physics_size(g, f->type, &w, &h);
        box[2] = box[0] + w, box[3] = box[1] + h + f->reach;
        if (t2k && (f->near = seconds_near(t, box, t2k, f->type))) return 1;
    }
    return 0;
}

/* On the grid (interact_run's: a game not g->geom), a first sprite is
 * tested by the cells it covers, as its lookup will (overlap_near_types:
 * their static masks and counts), not by rectangles; but where sprites
 * stand on others (ground types), whose look below needs them. */
int interact_next_any(tick_ctx *t, any_walk *f, const pair_def *pd, uint32_t n0, uint64_t after, int started, int *r) {
    const vg_game *g = t->g;
    if (g->ground_types) return next_any(t, f, NULL, pd, n0, after, started, r);
    uint64_t t2 = g->types[pd->t2].subtypes;
    if (!f->walking) firsts_begin(t, f, pd, n0, after, started);
    while (walk_next(&f->w, r)) {
        if (f->w.type != f->type) { /* the first of its type */
            f->type = f->w.type;
            if (f->w.k < f->w.end && !(t2 >> f->type & 1) && !seconds_near(t, leaf_box(t, f->type), t2, -1)) {
                f->w.k = f->w.end, f->w.i = f->w.n0; /* more to come, and their rectangle meets none */
                continue;
            }
        }
        if ((f->near = t2 & overlap_near_types(t, *r))) return 1;
    }
    return 0;
}

int interact_none_of(const tick_ctx *t, uint64_t types, uint32_t n0) {
    const vg_game *g = t->g;
    for (uint64_t ts = types; ts; ts &= ts - 1) {
        int st = __builtin_ctzll(ts);
        uint32_t from, to;
        if (!(g->changing >> st & 1)) {
            if (g->static_count[st] > 0) return 0;
            continue;
        }
        type_range(t, st, &from, &to);
        if (to > from || ((t->created >> st & 1) && n0 > t->settled)) return 0;
    }
    return 1;
}

/* The second sprites of leaf set 'types' overlapping first sprite 'a' (a
 * tick that checks every pair reads no contacts). */
static inline __attribute__((always_inline)) int seconds_all(tick_ctx *t, const effect_def *e, int a, uint64_t types,
                                                             uint32_t n0, int *out) {
    (void)e;
    return overlap_find(t, a, types, n0, 0, out, MAX_REFS);
}

/* A pair none of whose first sprites may meet a second one is passed
 * over (see firsts_near), and so are its effects after one whose walk found
 * no first sprite (nothing changed since: neither will theirs). The tick
 * checks every pair (t->full), so a first sprite's second ones are looked
 * up, not read from contacts. */
void interact_geom(tick_ctx *t) {
    const vg_game *g = t->g;
    any_walk cand;
    firsts_near near;
    interact_begin(t);
    near.version = t->version, near.made = 0;
    for (int p = 0; p < g->npairs && t->status == VG_OK; p++) {
        const pair_def *pd = &g->pairs[p];
        if (!pair_work(t, &near, pd)) continue;
        uint32_t idle = t->version - 1; /* the version an effect's walk found no first sprite at */
        for (int k = 0; k < pd->count && t->status == VG_OK && idle != t->version; k++) {
            const effect_def *e = &g->effects[g->pair_effects[pd->first + k]];
            if (t->nshields && interact_shielded(t, pd, e)) continue;
            uint32_t n0 = t->s->n;
            int a, batch = e->flags & FX_BATCH;
            cand.walking = 0;
            idle = t->version;
            while (t->status == VG_OK && next_any(t, &cand, &near, pd, n0, 0, 0, &a)) {
                idle = t->version - 1;
                if (!tick_killed(t, a)) interact_visit(t, e, batch, a, cand.near, n0, seconds_all);
            }
        }
    }
}
