/* SPDX-License-Identifier: MIT
 *
 * effect_resource.c -- effects on what a sprite carries: resources
 * (changeResource, collectResource, collectResourceIfHeld), health
 * points (addHealthPoints, addHealthPointsToMax, subtractHealthPoints)
 * and speed (setSpeedForAll, increaseSpeedToAll, decreaseSpeedToAll,
 * halfSpeed).
 *
 * As in GVGAI, resources are kept by type: a sprite holds an amount of
 * each resource type it has ever been given (0 included), never below 0,
 * and at most the type's 'limit' when the type is of class Resource (0
 * for any other type). Each function returns whether the row's score
 * applies: a resource effect that cannot add scores nothing.
 */
#include <math.h>

#include "class.h"
#include "effect.h"

/* ---- Resources ---------------------------------------------------------- */

/* Sprite 'r''s amount of resource type 'type'; a static sprite holds none. */
static int res_amount(const tick_ctx *t, int r, int type) {
    return r >= 0 ? sprite_resource(t->g, tick_sprite(t, (uint32_t)r), t->g->res_slot[type]) : 0;
}

/* Adds 'delta' of resource type 'type' to sprite 'r' (not below 0); it holds the type from then on. */
static void res_add(tick_ctx *t, int r, int type, int delta) {
    if (r < 0) return;
    int next = res_amount(t, r, type) + delta;
    sprite_set_resource(t->g, tick_sprite(t, (uint32_t)r), t->g->res_slot[type], next < 0 ? 0 : next);
}

/* Whether sprite 'r' is a resource (GVGAI's is_resource). */
static int is_resource(const tick_ctx *t, int r) {
    int cls = t->g->types[ref_type(t->g, t->s, r)].cls;
    return cls == CLS_Resource || cls == CLS_ResourcePack;
}

/* changeResource: 'a' gains 'value' of 'resource' (a loss when negative)
 * unless that would pass the resource's limit; then 'b' dies too with
 * killResource. */
int effect_change_resource(tick_ctx *t, const effect_def *e, int a, int b) {
    int v = (int)e->value;
    if (res_amount(t, a, e->resource) + v > class_resource_limit(t->g, e->resource)) return 0;
    res_add(t, a, e->resource, v);
    if (e->kill_resource > 0) tick_kill(t, b, 1);
    return 1;
}

/* collectResource: 'b' takes resource 'a' (as much of its type's 'value'
 * as fits under the limit), and 'a' dies unless killResource is false.
 * Nothing when 'b' is already full or 'a' is not a resource. */
int effect_collect_resource(tick_ctx *t, const effect_def *e, int a, int b) {
    if (!is_resource(t, a)) return 1;
    int type = ref_type(t->g, t->s, a), have = res_amount(t, b, type), lim = class_resource_limit(t->g, type);
    if (have >= lim) return 0;
    int add = t->g->types[type].value;
    res_add(t, b, type, add < lim - have ? add : lim - have);
    if (e->kill_resource != 0) tick_kill(t, a, 1);
    return 1;
}

/* collectResourceIfHeld: as collectResource, only when 'b' holds at least
 * 'value' of 'heldResource', and all of the resource's 'value' or nothing;
 * the resource dies whenever 'b' held enough. */
int effect_collect_resource_if_held(tick_ctx *t, const effect_def *e, int a, int b) {
    if (!is_resource(t, a)) return 1;
    if (res_amount(t, b, e->held_resource) < (int)e->value) return 0;
    int type = ref_type(t->g, t->s, a), add = t->g->types[type].value, scores = 0;
    if (res_amount(t, b, type) + add <= class_resource_limit(t->g, type)) {
        res_add(t, b, type, add);
        scores = 1;
    }
    if (e->kill_resource != 0) tick_kill(t, a, 0);
    return scores;
}

/* Notes the resource types a row names, or those its first sprite can be
 * (collectResource), so sprites carry them. */
static void need_resources(vg_game *g, const effect_def *e) {
    if (e->resource >= 0) game_need_resource(g, e->resource);
    if (e->held_resource >= 0) game_need_resource(g, e->held_resource);
    if (e->kind == EFF_collectResource || e->kind == EFF_collectResourceIfHeld)
        for (int t = 0; t < g->ntypes; t++)
            if (type_in(g->types[e->t1].subtypes, t) &&
                (g->types[t].cls == CLS_Resource || g->types[t].cls == CLS_ResourcePack))
                game_need_resource(g, t);
}

/* Gives 'value' the effect's default when the row does not set it, and
 * checks that it is a whole number. */
static vg_status check_whole_value(vg_game *g, effect_def *e, vg_error *err) {
    if (isnan(e->value)) e->value = 1;
    if (e->value != (double)(int)e->value)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s: 'value' must be a whole number, not %g",
                          effect_name(e->kind), e->value);
    return VG_OK;
}

/* changeResource needs 'resource'; every resource effect a whole 'value'. */
vg_status effect_check_resource(vg_game *g, effect_def *e, vg_error *err) {
    if (e->kind == EFF_changeResource && e->resource < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs 'resource' (a sprite type)", effect_name(e->kind));
    if (e->kind == EFF_collectResourceIfHeld && e->held_resource < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs 'heldResource' (a sprite type)",
                          effect_name(e->kind));
    vg_status st = check_whole_value(g, e, err);
    if (st == VG_OK) need_resources(g, e);
    return st;
}

/* ---- Health points -------------------------------------------------------- */

/* addHealthPoints: 'a' gains 'value' health points when it stays under its
 * type's limitHealthPoints (the most it has had follows); 'b' then dies
 * with killSecond. Nothing, and no score, when it would not stay under. */
int effect_add_health_points(tick_ctx *t, const effect_def *e, int a, int b) {
    int16_t *hp = a >= 0 ? sprite_health(t->g, tick_sprite(t, (uint32_t)a)) : NULL;
    int v = (int)e->value;
    if (!hp || hp[0] + v >= t->g->types[tick_sprite(t, (uint32_t)a)->type].health_limit) return 0;
    hp[0] = (int16_t)(hp[0] + v);
    if (hp[0] > hp[1]) hp[1] = hp[0];
    if (e->kill_second && b != REF_NONE) tick_kill(t, b, 0);
    return 1;
}

/* addHealthPointsToMax: as addHealthPoints, but up to the limit at most,
 * and always. */
int effect_add_health_points_to_max(tick_ctx *t, const effect_def *e, int a, int b) {
    int16_t *hp = a >= 0 ? sprite_health(t->g, tick_sprite(t, (uint32_t)a)) : NULL;
    if (hp) {
        int lim = t->g->types[tick_sprite(t, (uint32_t)a)->type].health_limit, v = (int)e->value;
        hp[0] = (int16_t)(hp[0] + v < lim ? hp[0] + v : lim);
        if (hp[0] > hp[1]) hp[1] = hp[0];
    }
    if (e->kill_second && b != REF_NONE) tick_kill(t, b, 0);
    return 1;
}

/* The sprite subtractHealthPoints hits: 'a', or with 'stype' the first
 * sprite (in GVGAI's order, killed ones included) of the last subtype of
 * 'stype' that has any. */
static int health_target(const tick_ctx *t, const effect_def *e, int a) {
    if (e->stype < 0) return a;
    int target = a;
    for (uint64_t ts = t->g->types[e->stype].subtypes; ts; ts &= ts - 1) {
        sprite_walk w;
        int r;
        tick_walk(&w, t, ts & -ts, t->s->n);
        if (walk_next(&w, &r)) target = r;
    }
    return target;
}

/* subtractHealthPoints: the target (see health_target) loses 'value'
 * health points and dies at 'limit' or fewer; the score is then
 * scoreChangeIfKilled instead of scoreChange. */
int effect_subtract_health_points(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    int r = health_target(t, e, a);
    int16_t *hp = r >= 0 ? sprite_health(t->g, tick_sprite(t, (uint32_t)r)) : NULL;
    if (!hp) return 1;
    hp[0] = (int16_t)(hp[0] - (int)e->value);
    if (hp[0] > e->limit) return 1;
    tick_kill(t, r, 0);
    effect_score(t, e->score_if_killed);
    return 0;
}

/* Health effects take a whole 'value'. */
vg_status effect_check_health(vg_game *g, effect_def *e, vg_error *err) { return check_whole_value(g, e, err); }

/* subtractHealthPoints reaches beyond its pair only with 'stype' (health_target). */
vg_status effect_check_subtract_health(vg_game *g, effect_def *e, vg_error *err) {
    if (e->stype < 0) e->flags &= ~(unsigned)FX_OTHERS;
    return check_whole_value(g, e, err);
}

/* ---- Speed ------------------------------------------------------------------ */

/* Sets the own speed of every sprite of 'stype' (and subtypes; those
 * killed this tick included) from its current one: 'op' 0 sets 'value',
 * 1 adds it, -1 takes it off (not below 0). Each sprite's own, so the
 * order does not matter: each changing type's range, then the sprites
 * created this tick (thousands of Fire Truck's trucks a tick: a walk cost
 * three times this loop). A type with no sprites of its own (fixed) keeps
 * its type's speed. */
static inline __attribute__((always_inline)) void speed_set(char *e, double value, int op) {
    double v;
    memcpy(&v, e, sizeof v);
    v = op == 0 ? value : op > 0 ? v + value : v - value < 0 ? 0 : v - value;
    memcpy(e, &v, sizeof v);
}
static inline __attribute__((always_inline)) void speed_all(tick_ctx *t, const effect_def *e, int op) {
    const vg_game *g = t->g;
    uint64_t types = g->types[e->stype].subtypes & g->changing;
    size_t off = g->ext_off[EXT_SPEED], stride = t->stride;
    double value = e->value; /* read once: the stores below may alias it as far as the compiler knows */
    if (!off) return;        /* no own speeds: nothing changes them */
    for (uint64_t ts = types; ts; ts &= ts - 1) {
        uint32_t from, to;
        type_range(t, __builtin_ctzll(ts), &from, &to);
        for (char *p = t->spb + from * stride + off, *end = t->spb + to * stride + off; p < end; p += stride)
            speed_set(p, value, op);
    }
    if (!(t->created & types)) return;
    for (uint32_t i = t->settled; i < t->s->n; i++)
        if (types >> tick_sprite(t, i)->type & 1) speed_set((char *)tick_sprite(t, i) + off, value, op);
}

int effect_set_speed_for_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    speed_all(t, e, 0);
    return 1;
}

int effect_increase_speed_to_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    speed_all(t, e, 1);
    return 1;
}

int effect_decrease_speed_to_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    speed_all(t, e, -1);
    return 1;
}

/* halfSpeed: 'a''s own speed halves. */
int effect_half_speed(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    sprite *p = tick_sprite(t, (uint32_t)a);
    sprite_set_speed(t->g, p, sprite_speed(t->g, p) * 0.5);
    return 1;
}

/* The ...ForAll / ...ToAll effects need 'stype'; 'value' defaults to 0
 * (setSpeedForAll) or 0.1. */
vg_status effect_check_speed(vg_game *g, effect_def *e, vg_error *err) {
    if (e->kind != EFF_halfSpeed && e->stype < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs 'stype' (the sprites whose speed changes)",
                          effect_name(e->kind));
    if (isnan(e->value)) e->value = e->kind == EFF_setSpeedForAll ? 0 : 0.1;
    return VG_OK;
}
