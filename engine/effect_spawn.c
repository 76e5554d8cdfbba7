/* SPDX-License-Identifier: MIT
 *
 * effect_spawn.c -- effects that create sprites: transformTo, transformToAll.
 */
#include "effect.h"

/* Puts new sprite 'n' in the place of 'a' (GVGAI's transformTo): where 'a'
 * was before this tick, its orientation when both keep one and 'n' has
 * none yet; then 'a' dies (an avatar replaced by an avatar is not a loss),
 * and 'b' too with killSecond. */
static void transform_into(tick_ctx *t, const effect_def *e, int a, int n, int b) {
    sprite *old = tick_sprite(t, a), *p = tick_sprite(t, n);
    const type_def *to = &t->g->types[p->type], *from = &t->g->types[old->type];
    int lx, ly;
    tick_last_pos(t, a, &lx, &ly);
    t->lx[n] = (int16_t)lx;
    t->ly[n] = (int16_t)ly;
    if (to->oriented && from->oriented && !p->dx && !p->dy) p->dx = old->dx, p->dy = old->dy;
    int transformed = !state_is_avatar(t->g, old->type) || state_is_avatar(t->g, p->type);
    tick_kill(t, a, transformed);
    if (e->kill_second && b != REF_NONE) tick_kill(t, b, 1);
}

/* Replaces 'a' by a new sprite of type 'stype' at the same place. */
int effect_transform_to(tick_ctx *t, const effect_def *e, int a, int b) {
    if (tick_sprite(t, a)->flags & SP_DISABLED) return 1;
    int n = tick_create(t, e->stype, tick_sprite(t, a)->x, tick_sprite(t, a)->y, 0);
    if (n >= 0) transform_into(t, e, a, n, b);
    return 1;
}

/* Replaces every sprite of type 'stype' by one of 'stypeTo'. */
int effect_transform_to_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a;
    uint32_t from, to, n0 = t->s->n;
    type_range(t, e->stype, &from, &to);
    for (uint32_t i = from; i < to + (n0 - t->settled); i++) {
        uint32_t j = i < to ? i : t->settled + (i - to);
        if (tick_sprite(t, j)->type != e->stype || (tick_sprite(t, j)->flags & SP_KILLED)) continue;
        int n = tick_create(t, e->stype_to, tick_sprite(t, j)->x, tick_sprite(t, j)->y, 1);
        if (n >= 0) transform_into(t, e, (int)j, n, b);
    }
    return 1;
}


/* 'stype' (and for transformToAll 'stypeTo') name the leaf types created. */
static vg_status check_leaf(vg_game *g, const effect_def *e, int t, const char *key, vg_error *err) {
    const char *name = effect_name(e->kind);
    if (t < 0) return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs '%s'", name, key);
    if (!g->types[t].leaf)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s: '%s' %s has subtypes; name a leaf type", name, key,
                          g->types[t].name);
    return VG_OK;
}

vg_status effect_check_transform_to(vg_game *g, effect_def *e, vg_error *err) {
    return check_leaf(g, e, e->stype, "stype", err);
}

vg_status effect_check_transform_to_all(vg_game *g, effect_def *e, vg_error *err) {
    vg_status st = check_leaf(g, e, e->stype, "stype", err);
    return st != VG_OK ? st : check_leaf(g, e, e->stype_to, "stypeTo", err);
}
