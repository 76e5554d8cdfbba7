/* SPDX-License-Identifier: MIT
 *
 * effect_kill.c -- effects that kill: killSprite, killBoth, killAll,
 * killIfAlive, killIfFromAbove, killIfFrontal, killIfNotFrontal,
 * killIfHasLess, killIfHasMore, killIfOtherHasMore; and two that guard or
 * reset: removeScore, shieldFrom.
 *
 * The conditional ones score only when they kill (effect_fn's result).
 * "Last tick" positions are where a sprite was before this tick's moves
 * (tick_last_pos, GVGAI's lastrect).
 */
#include "effect.h"

/* Kills 'a' (an avatar is disabled: GVGAI keeps it). */
int effect_kill_sprite(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    tick_kill(t, a, 0);
    return 1;
}

/* Kills 'a' and 'b'. */
int effect_kill_both(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    tick_kill(t, a, 0);
    tick_kill(t, b, 0);
    return 1;
}

/* Kills every sprite of leaf type 'stype' (those created this tick too);
 * nothing when 'stype' has subtypes (see effect_check_kill_all). */
int effect_kill_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    sprite_walk w;
    if (e->stype < 0) return 1;
    tick_walk(&w, t, 1ULL << e->stype, t->s->n);
    for (int i; walk_next(&w, &i);) tick_kill(t, i, 0);
    return 1;
}

/* Kills 'a' unless 'b' was killed this tick. */
int effect_kill_if_alive(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    if (!tick_killed(t, b)) tick_kill(t, a, 0);
    return 1;
}

/* Kills 'a' when 'b' comes down on it: 'b' was more than half a cell
 * higher before this tick and has moved down. */
int effect_kill_if_from_above(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int ax, ay, bx, by, x, y;
    tick_last_pos(t, a, &ax, &ay);
    tick_last_pos(t, b, &bx, &by);
    ref_pos(t->g, t->s, b, &x, &y);
    if (ay > by + t->b / 2 && y > by) {
        tick_kill(t, a, 0);
        return 1;
    }
    return 0;
}

/* 1 when 'a' and 'b' moved this tick in exactly opposite directions; *still
 * is set when 'a' did not move. */
static int head_on(const tick_ctx *t, int a, int b, int *still) {
    int x, y, lx, ly;
    ref_pos(t->g, t->s, a, &x, &y);
    tick_last_pos(t, a, &lx, &ly);
    long ax = x - lx, ay = y - ly;
    ref_pos(t->g, t->s, b, &x, &y);
    tick_last_pos(t, b, &lx, &ly);
    long bx = x - lx, by = y - ly;
    *still = ax == 0 && ay == 0;
    return ax * by == ay * bx && ax * bx + ay * by < 0;
}

/* Kills 'a' when it did not move this tick or met 'b' head on. */
int effect_kill_if_frontal(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int still, front = head_on(t, a, b, &still);
    if (!still && !front) return 0;
    tick_kill(t, a, 0);
    return 1;
}

/* Kills 'a' when it did not move this tick or did not meet 'b' head on. */
int effect_kill_if_not_frontal(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int still, front = head_on(t, a, b, &still);
    if (!still && front) return 0;
    tick_kill(t, a, 0);
    return 1;
}

/* Sprite 'r''s amount of resource 'type' (a static sprite holds none). */
static int held(const tick_ctx *t, int r, int type) {
    return r >= 0 ? sprite_resource(t->g, tick_sprite(t, (uint32_t)r), t->g->res_slot[type]) : 0;
}

/* killIfHasLess: kills 'a' when it holds at most 'limit' of 'resource';
 * killIfHasMore: at least 'limit'. */
int effect_kill_if_has(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    int n = held(t, a, e->resource);
    if (e->kind == EFF_killIfHasLess ? n > e->limit : n < e->limit) return 0;
    tick_kill(t, a, 0);
    return 1;
}

/* Kills 'a' when 'b' holds at least 'limit' of 'resource'; with 'subtract'
 * 'b' then gives up 'limit' of it. */
int effect_kill_if_other_has_more(tick_ctx *t, const effect_def *e, int a, int b) {
    int n = held(t, b, e->resource);
    if (n < e->limit) return 0;
    tick_kill(t, a, 0);
    if (e->subtract && b >= 0)
        sprite_set_resource(t->g, tick_sprite(t, (uint32_t)b), t->g->res_slot[e->resource],
                            n - e->limit < 0 ? 0 : n - e->limit);
    return 1;
}

/* Avatar sprite 'i''s score is 0 from now: its player's (a game for one: the score). */
static void zero_score(tick_ctx *t, int i) {
    int p = t->g->nplayers == 1 ? 0 : players_of(t->g, t->s, tick_sprite(t, (uint32_t)i)->id);
    if (p >= 0) *player_score(t->s, p) = 0;
}

/* Sets the score of avatar 'a' (without 'stype'), or of every avatar of
 * 'stype', to 0; with killSecond 'b' dies then too (an avatar for good). */
int effect_remove_score(tick_ctx *t, const effect_def *e, int a, int b) {
    int hit = 0;
    if (e->stype < 0) {
        hit = state_is_avatar(t->g, ref_type(t->g, t->s, a));
        if (hit) zero_score(t, a);
    } else if (state_is_avatar(t->g, e->stype)) {
        sprite_walk w;
        tick_walk(&w, t, t->g->types[e->stype].subtypes, t->s->n);
        for (int r; walk_next(&w, &r); hit = 1)
            if (r >= 0) zero_score(t, r);
    }
    if (hit && e->kill_second && b != REF_NONE) tick_kill(t, b, 1);
    return 1;
}

/* For the rest of this tick, effect 'ftype' of the pair (a's type, 'stype')
 * does not happen (GVGAI: to any sprite of a's type). */
int effect_shield_from(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)b;
    int ta = ref_type(t->g, t->s, a);
    for (int k = 0; k < t->nshields; k++)
        if (t->shields[k].t1 == ta && t->shields[k].t2 == e->stype && t->shields[k].kind == e->ftype) return 1;
    if (t->nshields < MAX_SHIELDS)
        t->shields[t->nshields++] = (struct shield){(uint8_t)ta, (uint8_t)e->stype, (uint16_t)e->ftype};
    return 1;
}

/* killAll names the type it kills. GVGAI kills the sprites of exactly
 * that type, not of its subtypes: for a type with subtypes, those of its
 * own (game_self_leaf); one with no class has none, and the row does
 * nothing. */
vg_status effect_check_kill_all(vg_game *g, effect_def *e, vg_error *err) {
    if (e->stype >= 0 && game_self_leaf(g, e->stype) < 0) {
        e->stype = -1;
        return VG_OK;
    }
    return effect_check_leaf(g, e, &e->stype, "stype", err);
}

/* shieldFrom names the type ('stype') and the effect ('ftype') shielded from. */
vg_status effect_check_shield_from(vg_game *g, effect_def *e, vg_error *err) {
    if (e->stype < 0 || e->ftype < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "shieldFrom needs 'stype' and 'ftype'");
    return VG_OK;
}

/* killIfHasLess and its kin, spawnIfHasMore, spawnIfHasLess: 'resource'
 * is required, and sprites carry it. */
vg_status effect_check_has(vg_game *g, effect_def *e, vg_error *err) {
    if (e->resource < 0)
        return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs 'resource' (a sprite type)", effect_name(e->kind));
    game_need_resource(g, e->resource);
    return e->kind == EFF_spawnIfHasMore || e->kind == EFF_spawnIfHasLess
               ? effect_check_leaf(g, e, &e->stype, "stype", err)
               : VG_OK;
}
