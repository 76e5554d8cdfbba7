/* SPDX-License-Identifier: MIT
 *
 * class_avatar.c -- the avatar classes: the sprite the agent's action
 * moves, step 1 of a tick. MovingAvatar, HorizontalAvatar, VerticalAvatar,
 * NullAvatar and FlakAvatar move without an orientation; OrientedAvatar
 * and ShootAvatar face their moves; ShootOnlyAvatar never moves nor
 * turns (its LEFT shoots, see below); MissileAvatar,
 * OngoingAvatar, OngoingShootAvatar and OngoingTurningAvatar drift along
 * their orientation every tick, which the action only turns.
 *
 * Each class offers GVGAI's actions (class_actions, kept per type in
 * g->acts); step.c turns any other action into NIL before the update, as GVGAI does. A shot (the
 * class's 'stype', created on ACTION_USE when the avatar stood still and
 * holds its 'ammo') appears as GVGAI places it and updates in the same
 * tick, its type being later in the update order.
 */
#include "class.h"

/* ---- Actions ----------------------------------------------------------- */

/* GVGAI's action lists, in its order, by CLASS_ACTS set; NIL ends a list. */
static const vg_action action_sets[NUM_ACTS][VG_MAX_ACTIONS] = {
    [ACTS_MOVE] = {VG_ACTION_LEFT, VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_UP},
    [ACTS_SHOOT] = {VG_ACTION_USE, VG_ACTION_LEFT, VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_UP},
    [ACTS_FLAK] = {VG_ACTION_USE, VG_ACTION_LEFT, VG_ACTION_RIGHT},
    [ACTS_HORIZONTAL] = {VG_ACTION_LEFT, VG_ACTION_RIGHT},
    [ACTS_VERTICAL] = {VG_ACTION_UP, VG_ACTION_DOWN},
    [ACTS_NONE] = {VG_ACTION_NIL},
    [ACTS_SHOOT_ONLY] = {VG_ACTION_LEFT, VG_ACTION_UP, VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_USE},
    [ACTS_AIM] = {VG_ACTION_USE, VG_ACTION_DOWN, VG_ACTION_UP},
    [ACTS_USE] = {VG_ACTION_USE},
    [ACTS_PLATFORM] = {VG_ACTION_LEFT, VG_ACTION_RIGHT, VG_ACTION_USE},
    [ACTS_WIZARD] = {VG_ACTION_LEFT, VG_ACTION_RIGHT, VG_ACTION_USE, VG_ACTION_UP},
};

int class_actions(int cls, vg_action out[VG_MAX_ACTIONS]) {
    const vg_action *set = action_sets[CLASS_ACTS_OF(class_table[cls].flags)];
    int n = 0;
    while (n < VG_MAX_ACTIONS && set[n] != VG_ACTION_NIL) out[n] = set[n], n++;
    return n;
}

/* ---- Moving ------------------------------------------------------------- */

/* What an avatar's move did (GVGAI's MOVEMENT). */
enum { MOVED_STILL, MOVED_ROTATE, MOVED_MOVE };

/* GVGAI's active movement of an avatar: a turn instead of a step when it
 * rotates in place and faces elsewhere, else a step by its speed. */
static inline int avatar_move(tick_ctx *t, int i, vg_action a) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    int dx, dy;
    if (td->cont) return class_cont_move(t, i, a) ? MOVED_MOVE : MOVED_STILL;
    physics_dir(a, &dx, &dy);
    if (!dx && !dy) return MOVED_STILL;
    if (td->rotate_in_place && td->oriented && (p->dx != dx || p->dy != dy)) {
        p->dx = (int8_t)dx, p->dy = (int8_t)dy;
        return MOVED_ROTATE;
    }
    return physics_active(t, i, dx, dy, sprite_speed(t->g, p)) ? MOVED_MOVE : MOVED_STILL;   /* its own (speed effects) */
}

/* OrientedAvatar's move: after a step it faces the way it went. */
static int oriented_move(tick_ctx *t, int i, vg_action a) {
    sprite *p = tick_sprite(t, i);
    int x = p->x, y = p->y, moved = avatar_move(t, i, a);
    if (moved == MOVED_MOVE && !t->g->types[p->type].cont) {
        int mx = p->x - x, my = p->y - y;
        p->dx = (int8_t)((mx > 0) - (mx < 0));
        p->dy = (int8_t)((my > 0) - (my < 0));
    }
    return moved;
}

/* MovingAvatar, HorizontalAvatar, VerticalAvatar, NullAvatar: one step in
 * the direction of the action. */
void class_update_moving_avatar(tick_ctx *t, int i, vg_action a) { avatar_move(t, i, a); }

/* OrientedAvatar: turns to face its action (taking the tick for it when it
 * rotates in place), and faces the way it moved. */
void class_update_oriented_avatar(tick_ctx *t, int i, vg_action a) { oriented_move(t, i, a); }

void class_defaults_oriented_avatar(type_def *td) {
    td->speed = 1;
    td->oriented = 1;
    td->rotate_in_place = 1;
    td->dx0 = 1, td->dy0 = 0;
}

/* ---- Shooting ----------------------------------------------------------- */

/* Whether avatar 'p' holds enough of its ammo to shoot (any when it has none). */
static int has_ammo(const vg_game *g, const sprite *p, const type_def *td) {
    if (td->ammo < 0) return 1;
    int k = g->res_slot[td->ammo];
    return sprite_holds(g, p, k) && sprite_resource(g, p, k) > (td->min_ammo > -1 ? td->min_ammo : 0);
}

/* Creates avatar 'i's shot at pixel (x, y), facing (dx, dy) when its type
 * is oriented and that is a direction (else as its type does), and spends
 * 'cost' of the ammo; when a singleton allows. */
static void shoot(tick_ctx *t, int i, int x, int y, int dx, int dy, int cost) {
    const type_def *td = &t->g->types[tick_sprite(t, i)->type];
    int n = tick_create(t, td->stype, x, y, 0);
    if (n < 0) return;
    sprite *q = tick_sprite(t, n), *p = tick_sprite(t, i);
    if (t->g->types[q->type].oriented && (dx || dy)) q->dx = (int8_t)dx, q->dy = (int8_t)dy;
    if (td->ammo >= 0) {
        int k = t->g->res_slot[td->ammo];
        if (sprite_holds(t->g, p, k)) sprite_set_resource(t->g, p, k, sprite_resource(t->g, p, k) - cost);
    }
}

/* ShootAvatar's use: a shot one cell ahead of where it faces. */
static void shoot_ahead(tick_ctx *t, int i) {
    const sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (has_ammo(t->g, p, td)) shoot(t, i, p->x + p->dx * t->b, p->y + p->dy * t->b, p->dx, p->dy, 1);
}

/* ShootAvatar: an OrientedAvatar that shoots on ACTION_USE. */
void class_update_shoot_avatar(tick_ctx *t, int i, vg_action a) {
    if (oriented_move(t, i, a) == MOVED_STILL && a == VG_ACTION_USE) shoot_ahead(t, i);
}

/* ShootOnlyAvatar: never moves; ACTION_LEFT shoots its 'stype' ahead.
 * GVGAI gives LEFT, UP, RIGHT, DOWN and USE the weapons of a list of
 * types in that order; a type here holds one, LEFT's, so USE shoots
 * nothing (as in GVGAI with one type). */
void class_update_shoot_only_avatar(tick_ctx *t, int i, vg_action a) {
    if (a == VG_ACTION_LEFT) shoot_ahead(t, i);
}

/* FlakAvatar: a HorizontalAvatar that shoots where it stands, while it
 * holds more than 'minAmmo', spending 'ammoCost'. */
void class_update_flak_avatar(tick_ctx *t, int i, vg_action a) {
    if (avatar_move(t, i, a) != MOVED_STILL || a != VG_ACTION_USE) return;
    const sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (has_ammo(t->g, p, td)) shoot(t, i, p->x, p->y, 0, 0, td->ammo_cost);
}

void class_defaults_shoot_avatar(type_def *td) {
    class_defaults_oriented_avatar(td);
    td->ammo = -1;
    td->min_ammo = -1;
    td->ammo_cost = 1;
}

void class_defaults_flak_avatar(type_def *td) {
    td->speed = 1;
    td->ammo = -1;
    td->min_ammo = -1;
    td->ammo_cost = 1;
}

/* The shooting avatars: a leaf 'stype' (its sprites are from the avatar,
 * GVGAI's category for them), and the 'ammo' held as a resource. */
vg_status class_check_shooter(vg_game *g, type_def *td, vg_error *err) {
    const char *cls = class_table[td->cls].name;
    if (td->stype < 0) return game_error(g, err, VG_ERR_SCRIPT, td->line, "%s '%s' needs 'stype'", cls, td->name);
    if (!g->types[td->stype].leaf)
        return game_error(g, err, VG_ERR_SCRIPT, td->line, "%s '%s': stype '%s' has subtypes; name a leaf type", cls,
                          td->name, g->types[td->stype].name);
    g->types[td->stype].from_avatar = 1;
    g->may_create = g->may_grow = 1;   /* it adds sprites */
    if (td->ammo >= 0) game_need_resource(g, td->ammo);
    return VG_OK;
}

/* ---- Drifting ----------------------------------------------------------- */

/* MissileAvatar: drifts along its orientation; the action does nothing. */
void class_update_missile_avatar(tick_ctx *t, int i, vg_action a) {
    (void)a;
    class_passive_move(t, i);
}

/* OngoingAvatar's turn and drift: faces the action's direction ('turn'
 * says whether it may), then drifts. Returns whether the action had one. */
static int ongoing(tick_ctx *t, int i, vg_action a, int turn) {
    sprite *p = tick_sprite(t, i);
    int dx, dy;
    physics_dir(a, &dx, &dy);
    if ((dx || dy) && turn && t->g->types[p->type].oriented) p->dx = (int8_t)dx, p->dy = (int8_t)dy;
    class_passive_move(t, i);
    return dx || dy;
}

/* OngoingAvatar: the action turns it, then it drifts. */
void class_update_ongoing_avatar(tick_ctx *t, int i, vg_action a) { ongoing(t, i, a, 1); }

/* OngoingShootAvatar: an OngoingAvatar that shoots ahead on ACTION_USE. */
void class_update_ongoing_shoot_avatar(tick_ctx *t, int i, vg_action a) {
    if (!ongoing(t, i, a, 1) && a == VG_ACTION_USE) shoot_ahead(t, i);
}

/* OngoingTurningAvatar: turns only across its way (never back), drifts,
 * and leaves a 'spawnBehind' (its 'stype2') where it was once it has left
 * that cell. */
void class_update_ongoing_turning_avatar(tick_ctx *t, int i, vg_action a) {
    const sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    int dx, dy, x, y;
    physics_dir(a, &dx, &dy);
    ongoing(t, i, a, dx * p->dx + dy * p->dy == 0);
    tick_last_pos(t, i, &x, &y);
    p = tick_sprite(t, i);
    if (td->stype2 >= 0 && !physics_intersects(t->b, x, y, p->x, p->y)) tick_create(t, td->stype2, x, y, 0);
}

/* OngoingTurningAvatar: 'spawnBehind' (kept in 'stype2') is a leaf type. */
vg_status class_check_spawn_behind(vg_game *g, type_def *td, vg_error *err) {
    if (td->stype2 < 0) return VG_OK;
    if (!g->types[td->stype2].leaf)
        return game_error(g, err, VG_ERR_SCRIPT, td->line, "%s '%s': spawnBehind '%s' has subtypes; name a leaf type",
                          class_table[td->cls].name, td->name, g->types[td->stype2].name);
    g->may_create = g->may_grow = 1;   /* it adds sprites */
    return VG_OK;
}
