/* SPDX-License-Identifier: MIT
 *
 * class_producer.c -- classes that create sprites (step 2 of a tick):
 * SpawnPoint, SpawnPointMultiSprite, Bomber, RandomBomber,
 * BomberRandomMissile, Spreader.
 *
 * A producer draws a float every tick and creates when the tick fits its
 * cooldown and the draw is below 'prob'; 'counter' counts what it created
 * (only when it has a 'total'). GVGAI's cooldown phase 'start' is the game
 * tick of a producer's first update: a SpawnPoint that nothing moves keeps
 * it in 'moved' (the tick it was created in, one less when it updated in
 * that tick: the same number), others in their first class word.
 */
#include "class.h"
#include "effect.h"

/* Where a producer keeps 'start' (+1, 0: not started) and its timeToLive's age. */
enum { AUX_START, AUX_AGE };

/* Creates a sprite of 'type' at producer 'i's place (unless a singleton
 * forbids it), facing its 'spawnorientation', else its own way when the new
 * sprite has no orientation; counts it. */
static void produce(tick_ctx *t, int i, int type) {
    const type_def *td = &t->g->types[tick_sprite(t, i)->type];
    int n = tick_create(t, type, tick_sprite(t, i)->x, tick_sprite(t, i)->y, 0);
    if (n < 0) return;
    sprite *p = tick_sprite(t, i), *q = tick_sprite(t, n);
    if (td->spawn_dx || td->spawn_dy) q->dx = td->spawn_dx, q->dy = td->spawn_dy;
    else if (!q->dx && !q->dy) q->dx = p->dx, q->dy = p->dy;
    if (td->total > 0) p->counter++;
}

/* What producer 'i' creates: its 'stype' (k 0), BomberRandomMissile its
 * k-th of 'stypeMissile'; unless updateSpawnType changed it. */
static int spawn_type(const tick_ctx *t, int i, int k) {
    const sprite *p = tick_sprite(t, (uint32_t)i);
    const uint8_t *own = sprite_spawns(t->g, p);
    const type_def *td = &t->g->types[p->type];
    return own ? own[k] : td->cls == CLS_BomberRandomMissile ? td->stypes.t[k] : td->stype;
}

/* spawn() after the draw 'roll': what it creates when the producer may
 * (SpawnPointMultiSprite: one of each of its 'stypes'; the others their
 * k-th kind, spawn_type), its passive movement when 'moves', its
 * timeToLive, and its end after 'total' creations. */
static __attribute__((noinline)) void spawn_rest(tick_ctx *t, int i, int k, int moves, float roll) {
    const vg_game *g = t->g;
    sprite *p = tick_sprite(t, i);
    const type_def *td = &g->types[p->type];
    int32_t *aux = sprite_aux(g, p);
    int game_tick = t->now - 1, start = p->moved;
    if (aux) {
        if (aux[AUX_START] == 0) aux[AUX_START] = game_tick + 1;
        start = aux[AUX_START] - 1;
    }
    if (roll < td->prob && (td->cooldown == 1 || (start + game_tick) % td->cooldown == 0)) {
        int multi = td->cls == CLS_SpawnPointMultiSprite, one = multi ? 0 : spawn_type(t, i, k);
        for (int j = 0; j < (multi ? td->stypes.n : 1); j++) produce(t, i, multi ? td->stypes.t[j] : one);
    }
    if (moves) physics_passive(t, i);
    if (aux && !class_expired(t, i, aux[AUX_AGE])) aux[AUX_AGE]++;
    if (td->total > 0 && p->counter >= td->total) tick_kill(t, i, 0);
}

/* GVGAI's SpawnPoint update, for every producer: the draw, then (see
 * spawn_rest) nothing more in the common case of a still producer with
 * no class words and no 'total' whose draw fails. */
static inline __attribute__((always_inline)) void spawn(tick_ctx *t, int i, int k, int moves) {
    const type_def *td = &t->g->types[tick_sprite(t, i)->type];
    float roll = rng_roll(t->s, td->prob);
    if (roll < td->prob || moves || td->total > 0 || t->g->ext_off[EXT_AUX]) spawn_rest(t, i, k, moves, roll);
}

/* SpawnPoint: never moves. */
void class_update_spawn_point(tick_ctx *t, int i, vg_action a) {
    (void)a;
    spawn(t, i, 0, 0);
}

/* SpawnPointMultiSprite: one of each of 'stypes' at a time. */
void class_update_multi_spawn(tick_ctx *t, int i, vg_action a) {
    (void)a;
    spawn(t, i, 0, 0);
}

/* Bomber: a SpawnPoint that drifts along its orientation. */
void class_update_bomber(tick_ctx *t, int i, vg_action a) {
    (void)a;
    spawn(t, i, 0, 1);
}

/* RandomBomber: a step in a random direction first. */
void class_update_random_bomber(tick_ctx *t, int i, vg_action a) {
    (void)a;
    int k = rng_int(t->s, 4);
    class_active_move(t, i, class_base_dirs[k][0], class_base_dirs[k][1]);
    spawn(t, i, 0, 1);
}

/* BomberRandomMissile: what it may create this tick drawn from 'stypeMissile' first. */
void class_update_bomber_random_missile(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const type_def *td = &t->g->types[tick_sprite(t, i)->type];
    spawn(t, i, rng_int(t->s, td->stypes.n), 1);
}

void class_defaults_bomber(type_def *td) {
    td->oriented = 1;
    td->dx0 = 1, td->dy0 = 0;
}

void class_defaults_random_bomber(type_def *td) {
    class_defaults_bomber(td);
    td->speed = 1;
}

void class_defaults_multi_spawn(type_def *td) { class_defaults_bomber(td); }

/* Spreader: a Flicker that, in its second tick, creates a sprite of
 * 'stype' (else of its own type) on each side of where it was, each with
 * chance 'spreadprob' (one draw per side, up, left, down, right). */
void class_update_spreader(tick_ctx *t, int i, vg_action a) {
    class_update_flicker(t, i, a);
    const sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (p->counter != 2) return;
    int x, y, type = td->stype >= 0 ? td->stype : p->type;
    tick_last_pos(t, i, &x, &y);
    for (int d = 0; d < 4; d++)
        if (rng_chance(t->s, td->spread_prob))
            tick_create(t, type, x + class_base_dirs[d][0] * t->b, y + class_base_dirs[d][1] * t->b, 0);
}

void class_defaults_spreader(type_def *td) {
    class_defaults_flicker(td);
    td->spread_prob = 1;
}

/* Whether a rule may move sprites of leaf type 't'. */
static int rules_move(const vg_game *g, int t) {
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = effect_flags(e->kind) | (e->ftype >= 0 ? effect_flags(e->ftype) : 0);
        if (((f & FX_MOVE1) && (g->types[e->t1].subtypes >> t & 1)) ||
            ((f & FX_MOVE2) && e->t2 >= 0 && (g->types[e->t2].subtypes >> t & 1)))
            return 1;
    }
    return 0;
}

/* What every producer needs: leaf types to create, room for them, and its
 * class words when it keeps its start there or has a timeToLive. */
static vg_status check_producer(vg_game *g, type_def *td, const int *types, int n, const char *key, vg_error *err) {
    const char *cls = class_table[td->cls].name;
    if (n == 0 || types[0] < 0)
        return game_error(g, err, VG_ERR_SCRIPT, td->line, "%s '%s' needs '%s'", cls, td->name, key);
    for (int k = 0; k < n; k++)
        if (!g->types[types[k]].leaf)
            return game_error(g, err, VG_ERR_SCRIPT, td->line, "%s '%s': %s '%s' has subtypes; name a leaf type", cls,
                              td->name, key, g->types[types[k]].name);
    g->may_create = g->may_grow = 1; /* it adds sprites */
    int still = td->cls == CLS_SpawnPoint || td->cls == CLS_SpawnPointMultiSprite;
    if (td->ttl >= 0 || (td->cooldown > 1 && (!still || rules_move(g, (int)(td - g->types)))))
        game_need_ext(g, EXT_AUX);
    return VG_OK;
}

/* SpawnPoint, Bomber, RandomBomber: 'stype' names one leaf type. */
vg_status class_check_spawn_point(vg_game *g, type_def *td, vg_error *err) {
    return check_producer(g, td, &td->stype, 1, "stype", err);
}

/* SpawnPointMultiSprite ('stypes'), BomberRandomMissile ('stypeMissile'). */
vg_status class_check_stypes(vg_game *g, type_def *td, vg_error *err) {
    return check_producer(g, td, td->stypes.t, td->stypes.n,
                          td->cls == CLS_SpawnPointMultiSprite ? "stypes" : "stypeMissile", err);
}

vg_status class_check_spreader(vg_game *g, type_def *td, vg_error *err) {
    if (td->stype >= 0 && !g->types[td->stype].leaf)
        return game_error(g, err, VG_ERR_SCRIPT, td->line, "Spreader '%s': stype '%s' has subtypes; name a leaf type",
                          td->name, g->types[td->stype].name);
    g->may_create = g->may_grow = 1; /* it adds sprites */
    return VG_OK;
}
