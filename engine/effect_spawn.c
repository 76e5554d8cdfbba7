/* SPDX-License-Identifier: MIT
 *
 * effect_spawn.c -- effects that create sprites: spawn, spawnIfHasMore,
 * spawnIfHasLess, spawnIfCounterSubTypes, spawnAbove, spawnBelow, spawnLeft, spawnRight,
 * spawnBehind, cloneSprite; updateSpawnType, which changes what producers
 * spawn; and those
 * that replace one: transformTo, transformToAll, transformToRandomChild,
 * transformIfCount, transformToSingleton.
 *
 * A replacing sprite takes over from the one it replaces (carry_over):
 * where it was before this tick, its orientation, resources and health,
 * and for an avatar, being the avatar.
 */
#include "class.h"
#include "effect.h"

enum { ORIENT_IF_NONE, ORIENT_ALWAYS, ORIENT_IF_BOTH }; /* carry_over's 'orient' */
#define TRANSFORM_CHUNK 256

/* New sprite 'n' takes over from 'old': where 'old' was before this tick;
 * its orientation (ORIENT_ALWAYS; ORIENT_IF_BOTH: when both types keep
 * one; ORIENT_IF_NONE: that and 'n' has none yet); its resources and with
 * 'health' its health points. Then 'old' dies (an avatar replaced by an
 * avatar is not a loss: it is killed, not disabled). */
static inline __attribute__((always_inline)) void carry_over(tick_ctx *t, int old, int n, int orient, int health) {
    sprite *p = tick_sprite(t, n);
    const vg_game *g = t->g;
    int lx, ly;
    tick_last_pos(t, old, &lx, &ly);
    t->lx[n] = (int16_t)lx;
    t->ly[n] = (int16_t)ly;
    int both = sprite_oriented(g, p) && ref_oriented(g, t->s, old);
    int turn = orient == ORIENT_ALWAYS || (both && (orient == ORIENT_IF_BOTH || (!p->dx && !p->dy)));
    int16_t *hp = sprite_health(g, p);
    if (old < 0) { /* a fixed sprite (transformTo's) has what its type gives a new one (game_finish); no resources */
        const type_def *od = &g->types[ref_type(g, t->s, old)];
        int16_t start[2];
        type_health(od, start);
        if (turn) p->dx = od->dx0, p->dy = od->dy0;
        if (health && hp) hp[0] = start[0];
        tick_kill(t, old, 1);
        return;
    }
    sprite *o = tick_sprite(t, old);
    if (turn) p->dx = o->dx, p->dy = o->dy;
    for (int k = 0; k < g->nres; k++)
        if (sprite_holds(g, o, k)) sprite_set_resource(g, p, k, sprite_resource(g, p, k) + sprite_resource(g, o, k));
    if (health && hp) hp[0] = sprite_health(g, o)[0];
    if (g->nplayers > 1 && state_is_avatar(g, o->type) && state_is_avatar(g, p->type)) players_transfer(t, old, n);
    tick_kill(t, old, !state_is_avatar(g, o->type) || state_is_avatar(g, p->type));
}

void effect_take_over(tick_ctx *t, int old, int n) { carry_over(t, old, n, ORIENT_IF_NONE, 1); }

/* transformTo's taking over: as carry_over (forceOrientation: always the
 * orientation), then 'b' dies too with killSecond. */
static inline __attribute__((always_inline)) void transform_into(tick_ctx *t, const effect_def *e, int a, int n,
                                                                 int b) {
    carry_over(t, a, n, e->force_orientation ? ORIENT_ALWAYS : ORIENT_IF_NONE, 1);
    if (e->kill_second && b != REF_NONE) tick_kill(t, b, 1);
}

/* Replaces 'a' (a changing sprite, or a fixed one: game_finish) by a new
 * sprite of type 'stype' at the same place. */
int effect_transform_to(tick_ctx *t, const effect_def *e, int a, int b) {
    int x, y;
    if (a >= 0 && (tick_sprite(t, a)->flags & SP_DISABLED)) return 1;
    ref_pos(t->g, t->s, a, &x, &y);
    int n = tick_create(t, e->stype, x, y, 0);
    if (n >= 0) transform_into(t, e, a, n, b);
    return 1;
}

/* transform_into for sprites first, first + 1, .. (n) made in place of
 * changing sprites src[0..n) of 'stype' (no avatar type; no resources in
 * the game; no killSecond), what their types decide read once: the
 * orientation (forceOrientation, or both types keep one and the new one has
 * none), health points, the kill. */
static void take_over_all(tick_ctx *t, const effect_def *e, const uint16_t *src, uint32_t first, uint32_t n) {
    const vg_game *g = t->g;
    const type_def *to = &g->types[e->stype_to];
    int always = e->force_orientation, blank = to->oriented && !to->dx0 && !to->dy0;
    int from_oriented = g->types[e->stype].oriented;
    size_t health = g->ext_off[EXT_HEALTH];
    for (uint32_t k = 0; k < n; k++) {
        sprite *o = tick_sprite(t, src[k]), *p = tick_sprite(t, first + k);
        int lx, ly;
        tick_last_pos(t, src[k], &lx, &ly);
        t->lx[first + k] = (int16_t)lx, t->ly[first + k] = (int16_t)ly;
        if (always || (blank && (from_oriented || (o->flags & SP_ORIENTED)))) p->dx = o->dx, p->dy = o->dy;
        if (health) memcpy((char *)p + health, (const char *)o + health, sizeof(int16_t));
        o->flags |= SP_KILLED; /* tick_kill's, for a sprite of no avatar type */
    }
    t->census |= 1ULL << e->stype;
}

/* Replaces every sprite of type 'stype' by one of 'stypeTo', those killed
 * this tick too: GVGAI takes sprites out of their type's list only when
 * the tick ends, so a second transformToAll of the same type in a tick
 * replaces them again: each becomes two (The Mole's walls). */
int effect_transform_to_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a;
    int plain = !t->g->nres && !state_is_avatar(t->g, e->stype) && !e->kill_second; /* take_over_all's case */
    uint16_t src[TRANSFORM_CHUNK]; /* created a chunk at a time (Fire Truck: thousands a tick) */
    sprite_walk w;
    tick_walk(&w, t, 1ULL << e->stype, t->s->n);
    int j, more = walk_next(&w, &j);
    while (more) {
        uint32_t k = 0;
        for (; more && k < TRANSFORM_CHUNK; more = walk_next(&w, &j)) src[k++] = (uint16_t)j;
        uint32_t made = tick_create_at(t, e->stype_to, src, k), first = t->s->n - made;
        if (plain) take_over_all(t, e, src, first, made);
        for (uint32_t i = plain ? made : 0; i < k; i++) {
            const sprite *o = tick_sprite(t, src[i]);
            int n = i < made ? (int)(first + i) : tick_create(t, e->stype_to, o->x, o->y, 1);
            if (n >= 0) transform_into(t, e, src[i], n, b);
        }
    }
    return 1;
}

/* Replaces 'a' by a sprite of a type drawn from the family of 'stype'
 * (GVGAI's list of its subtypes: its ancestors, then its descendants in
 * declaration order, 'stype' left out). A drawn type with subtypes of its
 * own makes no sprite. */
int effect_transform_to_random_child(tick_ctx *t, const effect_def *e, int a, int b) {
    const vg_game *g = t->g;
    int kin[VG_MAX_TYPES], n = 0, up = 0;
    for (int p = g->types[e->stype].parent; p >= 0; p = g->types[p].parent) up++;
    for (int p = g->types[e->stype].parent, k = up; p >= 0; p = g->types[p].parent) kin[--k] = p;
    n = up;
    for (int c = 0; c < g->ntypes; c++)
        for (int p = g->types[c].parent; p >= 0; p = g->types[p].parent)
            if (p == e->stype) {
                kin[n++] = c;
                break;
            }
    if (n == 0) return 1;
    int to = kin[rng_int(t->s, n)];
    if (!g->types[to].leaf) return 1;
    int x, y;
    ref_pos(g, t->s, a, &x, &y);
    int s = tick_create(t, to, x, y, 0);
    if (s >= 0) transform_into(t, e, a, s, b);
    return 1;
}

/* Replaces 'a' by a sprite of 'stype' when there are between 'geq' and
 * 'leq' sprites of 'stypeCount' (those killed this tick still counted), else
 * by one of 'estype' if named. Scores only in the first case. */
int effect_transform_if_count(tick_ctx *t, const effect_def *e, int a, int b) {
    int n = tick_count(t, e->stype_count, 1), yes = n >= e->geq && n <= e->leq;
    int type = yes ? e->stype : e->stype_to, x, y;
    if (type < 0) return 0;
    ref_pos(t->g, t->s, a, &x, &y);
    int s = tick_create(t, type, x, y, 1);
    if (s >= 0) transform_into(t, e, a, s, b);
    return yes;
}

/* Turns every sprite of 'stype' back into one of 'stype_other', then 'a'
 * into one of 'stype' (which may be kept from appearing while a sprite of
 * it dies this tick, if it is a singleton); with takeOrientation the new
 * one faces against b's orientation. Health is not carried over. */
int effect_transform_to_singleton(tick_ctx *t, const effect_def *e, int a, int b) {
    sprite_walk w;
    tick_walk(&w, t, 1ULL << e->stype, t->s->n);
    for (int i; walk_next(&w, &i);) {
        int n = tick_create(t, e->stype_to, tick_sprite(t, i)->x, tick_sprite(t, i)->y, 0);
        if (n >= 0) carry_over(t, i, n, ORIENT_IF_BOTH, 0);
    }
    int x, y;
    ref_pos(t->g, t->s, a, &x, &y);
    int n = tick_create(t, e->stype, x, y, 0);
    if (n < 0) return 1;
    carry_over(t, a, n, ORIENT_IF_BOTH, 0);
    if (e->take_orientation && b >= 0) {
        sprite *p = tick_sprite(t, n);
        p->dx = (int8_t)-tick_sprite(t, b)->dx;
        p->dy = (int8_t)-tick_sprite(t, b)->dy;
        p->flags |= SP_ORIENTED;
    }
    return 1;
}

/* One draw against 'prob' (every spawn draws, even with prob 1). */
static int chance(tick_ctx *t, const effect_def *e) { return rng_chance(t->s, e->prob); }

/* Creates a sprite of 'stype' where 'a' is, with probability 'prob'. */
int effect_spawn(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    if (!chance(t, e)) return 1;
    int x, y;
    ref_pos(t->g, t->s, a, &x, &y);
    tick_create(t, e->stype, x, y, 0);
    return 1;
}

/* spawnIfHasMore: with probability 'prob', creates a sprite of 'stype'
 * where 'a' is when 'a' holds at least 'limit' of 'resource' (then spends
 * 'spend' of it); spawnIfHasLess: at most 'limit'. Scores only then. */
int effect_spawn_if_has(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    if (!chance(t, e)) return 0;
    sprite *p = a >= 0 ? tick_sprite(t, (uint32_t)a) : NULL;
    int slot = t->g->res_slot[e->resource], n = p ? sprite_resource(t->g, p, slot) : 0;
    if (e->kind == EFF_spawnIfHasMore ? n < e->limit : n > e->limit) return 0;
    int x, y;
    ref_pos(t->g, t->s, a, &x, &y);
    tick_create(t, e->stype, x, y, 0);
    if (e->kind == EFF_spawnIfHasMore && p && e->spend)
        sprite_set_resource(t->g, p, slot, n - e->spend < 0 ? 0 : n - e->spend);
    return 1;
}

/* spawnIfCounterSubTypes: when there are exactly 'limit' sprites of
 * 'stypeCount' (those killed this tick included) and half the number of
 * its leaf types that have some (rounded down, as GVGAI counts them) is
 * 'subTypesNum', creates a sprite of 'stype' where 'a' is and scores;
 * else creates one of 'estype' there. */
int effect_spawn_if_counter_subtypes(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    int yes = 0, x, y;
    if (tick_count(t, e->stype_count, 1) == e->limit) {
        int kinds = 0;
        for (uint64_t ts = t->g->types[e->stype_count].subtypes; ts; ts &= ts - 1)
            kinds += tick_count(t, __builtin_ctzll(ts), 1) > 0;
        yes = kinds / 2 == e->subtypes_num;
    }
    ref_pos(t->g, t->s, a, &x, &y);
    tick_create(t, yes ? e->stype : e->stype_to, x, y, 0);
    return yes;
}

/* spawnBehind: creates a sprite of 'stype' where 'b' was before this tick,
 * if it has left that cell wholly; spawnAbove/Below/Left/Right: one cell
 * from 'b' (from where it was, with stepBack, if it has left it wholly). */
int effect_spawn_next_to(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a;
    if (!chance(t, e)) return 1;
    int x, y, lx, ly, dx = 0, dy = 0;
    ref_pos(t->g, t->s, b, &x, &y);
    tick_last_pos(t, b, &lx, &ly);
    int left = !physics_intersects(t->b, x, y, lx, ly);
    if (e->kind == EFF_spawnBehind || e->step_back) {
        if (!left) return 1;
        x = lx, y = ly;
    }
    if (e->kind == EFF_spawnAbove) dy = -1;
    if (e->kind == EFF_spawnBelow) dy = 1;
    if (e->kind == EFF_spawnLeft) dx = -1;
    if (e->kind == EFF_spawnRight) dx = 1;
    tick_create(t, e->stype, x + dx * t->b, y + dy * t->b, 0);
    return 1;
}

/* Creates another sprite of a's type where 'a' is. */
int effect_clone_sprite(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    int x, y;
    ref_pos(t->g, t->s, a, &x, &y);
    tick_create(t, ref_type(t->g, t->s, a), x, y, 0);
    return 1;
}

/* updateSpawnType: every producer of 'spawnPoint' (or its subtypes)
 * creates 'stype' from now on: a SpawnPoint, Bomber or RandomBomber
 * instead of what it created; a BomberRandomMissile in place of the second
 * sprite's type in its list, if it is there (others are left as they are,
 * as in GVGAI). */
int effect_update_spawn_type(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a;
    const vg_game *g = t->g;
    int second = b == REF_NONE ? -1 : ref_type(g, t->s, b);
    for (uint64_t ts = g->types[e->spawn_point].subtypes; ts; ts &= ts - 1) {
        int type = __builtin_ctzll(ts), cls = g->types[type].cls, n = g->types[type].stypes.n;
        sprite_walk w;
        tick_walk(&w, t, 1ULL << type, t->s->n);
        for (int i; walk_next(&w, &i);) {
            if (i < 0) continue; /* a static sprite: no producer */
            uint8_t *own = sprite_spawns(g, tick_sprite(t, (uint32_t)i));
            if (cls == CLS_SpawnPoint || cls == CLS_Bomber || cls == CLS_RandomBomber) own[0] = (uint8_t)e->stype;
            for (int k = 0; cls == CLS_BomberRandomMissile && k < n; k++)
                if (own[k] == second) {
                    own[k] = (uint8_t)e->stype;
                    break;
                }
        }
    }
    return 1;
}

/* updateSpawnType: 'spawnPoint' named, 'stype' a leaf type; producers keep what they create (EXT_SPAWN). */
vg_status effect_check_update_spawn_type(vg_game *g, effect_def *e, vg_error *err) {
    if (e->spawn_point < 0) return game_error(g, err, VG_ERR_SCRIPT, e->line, "updateSpawnType needs 'spawnPoint'");
    game_need_ext(g, EXT_SPAWN);
    return effect_check_leaf(g, e, &e->stype, "stype", err);
}

vg_status effect_check_leaf(vg_game *g, const effect_def *e, int *t, const char *key, vg_error *err) {
    const char *name = effect_name(e->kind);
    if (*t < 0) return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs '%s'", name, key);
    int s = game_self_leaf(g, *t);
    if (s < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s: '%s' %s has subtypes and no class; name a leaf type",
                          name, key, g->types[*t].name);
    *t = s;
    return VG_OK;
}

/* transformTo, spawn and its kin, transformIfCount: 'stype' is the leaf type created. */
vg_status effect_check_transform_to(vg_game *g, effect_def *e, vg_error *err) {
    return effect_check_leaf(g, e, &e->stype, "stype", err);
}

vg_status effect_check_transform_to_all(vg_game *g, effect_def *e, vg_error *err) {
    vg_status st = effect_check_leaf(g, e, &e->stype, "stype", err);
    return st != VG_OK ? st : effect_check_leaf(g, e, &e->stype_to, "stypeTo", err);
}

/* transformToRandomChild: 'stype' has subtypes to draw from. */
vg_status effect_check_random_child(vg_game *g, effect_def *e, vg_error *err) {
    if (e->stype < 0) return game_error(g, err, VG_ERR_SCRIPT, e->line, "transformToRandomChild needs 'stype'");
    if (g->types[e->stype].leaf)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "transformToRandomChild: 'stype' %s has no subtypes",
                          g->types[e->stype].name);
    return VG_OK;
}

/* transformIfCount: 'stype' (and 'estype' if named) leaf types, 'stypeCount' named. */
vg_status effect_check_transform_if_count(vg_game *g, effect_def *e, vg_error *err) {
    vg_status st = effect_check_leaf(g, e, &e->stype, "stype", err);
    if (st == VG_OK && e->stype_to >= 0) st = effect_check_leaf(g, e, &e->stype_to, "estype", err);
    if (st == VG_OK && e->stype_count < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "transformIfCount needs 'stypeCount'");
    return st;
}

/* transformToSingleton: 'stype' and 'stype_other' leaf types. */
vg_status effect_check_transform_to_singleton(vg_game *g, effect_def *e, vg_error *err) {
    vg_status st = effect_check_leaf(g, e, &e->stype, "stype", err);
    return st != VG_OK ? st : effect_check_leaf(g, e, &e->stype_to, "stype_other", err);
}

/* spawnIfCounterSubTypes: 'stype' and 'estype' leaf types, 'stypeCount' named. */
vg_status effect_check_counter_subtypes(vg_game *g, effect_def *e, vg_error *err) {
    vg_status st = effect_check_leaf(g, e, &e->stype, "stype", err);
    if (st == VG_OK) st = effect_check_leaf(g, e, &e->stype_to, "estype", err);
    if (st == VG_OK && e->stype_count < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "spawnIfCounterSubTypes needs 'stypeCount'");
    return st;
}
