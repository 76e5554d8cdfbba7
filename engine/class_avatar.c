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
    return physics_step(t, i, dx, dy, sprite_speed(t->g, p)) ? MOVED_MOVE : MOVED_STILL; /* its own (speed effects) */
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

/* A shooter's weapons: 'stype' names one, or a list of them (GVGAI's
 * ShootAvatar), weapon w shooting the w-th type with the w-th 'ammo' (none
 * past the list's end). */
static int weapons(const type_def *td) { return td->stype_list.n ? td->stype_list.n : td->stype >= 0; }
static int weapon_shot(const type_def *td, int w) { return td->stype_list.n ? td->stype_list.t[w] : td->stype; }
static int weapon_ammo(const type_def *td, int w) {
    return td->ammo_list.n ? (w < td->ammo_list.n ? td->ammo_list.t[w] : -1) : w ? -1 : td->ammo;
}

/* Whether avatar 'p' holds enough of resource 'ammo' to shoot (any when it needs none: -1). */
static int has_ammo(const vg_game *g, const sprite *p, const type_def *td, int ammo) {
    if (ammo < 0) return 1;
    int k = g->res_slot[ammo];
    return sprite_holds(g, p, k) && sprite_resource(g, p, k) > (td->min_ammo > -1 ? td->min_ammo : 0);
}

/* Creates avatar 'i's shot of type 'shot' where it stands, or with
 * 'ahead' one cell ahead facing its way (when the shot's type is oriented
 * and the avatar faces a direction); spends 'cost' of resource 'ammo' (-1:
 * none); when a singleton allows. */
static void shoot(tick_ctx *t, int i, int shot, int ammo, int ahead, int cost) {
    const sprite *a = tick_sprite(t, i);
    int dx = ahead ? a->dx : 0, dy = ahead ? a->dy : 0;
    int n = tick_create(t, shot, a->x + dx * t->b, a->y + dy * t->b, 0);
    if (n < 0) return;
    sprite *q = tick_sprite(t, n), *p = tick_sprite(t, i);
    if (t->g->types[q->type].oriented && (dx || dy)) q->dx = (int8_t)dx, q->dy = (int8_t)dy;
    if (ammo >= 0) {
        int k = t->g->res_slot[ammo];
        if (sprite_holds(t->g, p, k)) sprite_set_resource(t->g, p, k, sprite_resource(t->g, p, k) - cost);
    }
}

/* A shot of weapon w one cell ahead of where avatar 'i' faces, if it has
 * the ammo; returns whether it had. */
static int shoot_ahead(tick_ctx *t, int i, int w) {
    const sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    int ammo = weapon_ammo(td, w);
    if (!has_ammo(t->g, p, td, ammo)) return 0;
    shoot(t, i, weapon_shot(td, w), ammo, 1, 1);
    return 1;
}

/* ShootAvatar: an OrientedAvatar that shoots on ACTION_USE, its first
 * weapon it has the ammo for. */
void class_update_shoot_avatar(tick_ctx *t, int i, vg_action a) {
    if (oriented_move(t, i, a) != MOVED_STILL || a != VG_ACTION_USE) return;
    int n = weapons(&t->g->types[tick_sprite(t, i)->type]);
    for (int w = 0; w < n && !shoot_ahead(t, i, w); w++) {}
}

/* ShootOnlyAvatar: never moves nor turns; its actions LEFT, UP, RIGHT,
 * DOWN and USE (in that order) shoot its weapons 0 to 4 ahead, those it has. */
void class_update_shoot_only_avatar(tick_ctx *t, int i, vg_action a) {
    static const int weapon_of[VG_NUM_ACTIONS] = {[VG_ACTION_NIL] = -1,  [VG_ACTION_LEFT] = 0, [VG_ACTION_UP] = 1,
                                                  [VG_ACTION_RIGHT] = 2, [VG_ACTION_DOWN] = 3, [VG_ACTION_USE] = 4};
    int w = weapon_of[a];
    if (w >= 0 && w < weapons(&t->g->types[tick_sprite(t, i)->type])) shoot_ahead(t, i, w);
}

/* FlakAvatar: a HorizontalAvatar that shoots where it stands, while it
 * holds more than 'minAmmo', spending 'ammoCost'. */
void class_update_flak_avatar(tick_ctx *t, int i, vg_action a) {
    if (avatar_move(t, i, a) != MOVED_STILL || a != VG_ACTION_USE) return;
    const sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (has_ammo(t->g, p, td, td->ammo)) shoot(t, i, td->stype, td->ammo, 0, td->ammo_cost);
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

/* The shooting avatars: a leaf type for each weapon (its sprites are from
 * the avatar, GVGAI's category for them), and each 'ammo' held as a
 * resource. Only ShootAvatar and ShootOnlyAvatar take lists. */
vg_status class_check_shooter(vg_game *g, type_def *td, vg_error *err) {
    const char *cls = class_table[td->cls].name;
    if (td->stype < 0) return game_error(g, err, VG_ERR_SCRIPT, td->line, "%s '%s' needs 'stype'", cls, td->name);
    for (int w = 0; w < weapons(td); w++) { /* a type with subtypes and a class: its own leaf (game_finish) */
        int shot = weapon_shot(td, w);
        if (!g->types[shot].leaf)
            return game_error(g, err, VG_ERR_SCRIPT, td->line,
                              "%s '%s': stype '%s' has subtypes and no class; name a leaf type", cls, td->name,
                              g->types[shot].name);
        g->types[shot].from_avatar = 1;
    }
    g->may_create = g->may_grow = 1; /* it adds sprites */
    if (td->ammo >= 0) game_need_resource(g, td->ammo);
    for (int k = 0; k < td->ammo_list.n; k++) game_need_resource(g, td->ammo_list.t[k]);
    return VG_OK;
}

/* ---- Drifting ----------------------------------------------------------- */

/* MissileAvatar: drifts along its orientation; the action does nothing. */
void class_update_missile_avatar(tick_ctx *t, int i, vg_action a) {
    (void)a;
    physics_passive(t, i);
}

/* OngoingAvatar's turn and drift: faces the action's direction ('turn'
 * says whether it may), then drifts. Returns whether the action had one. */
static int ongoing(tick_ctx *t, int i, vg_action a, int turn) {
    sprite *p = tick_sprite(t, i);
    int dx, dy;
    physics_dir(a, &dx, &dy);
    if ((dx || dy) && turn && t->g->types[p->type].oriented) p->dx = (int8_t)dx, p->dy = (int8_t)dy;
    physics_passive(t, i);
    return dx || dy;
}

/* OngoingAvatar: the action turns it, then it drifts. */
void class_update_ongoing_avatar(tick_ctx *t, int i, vg_action a) { ongoing(t, i, a, 1); }

/* OngoingShootAvatar: an OngoingAvatar that shoots ahead on ACTION_USE. */
void class_update_ongoing_shoot_avatar(tick_ctx *t, int i, vg_action a) {
    if (!ongoing(t, i, a, 1) && a == VG_ACTION_USE) shoot_ahead(t, i, 0);
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
    g->may_create = g->may_grow = 1; /* it adds sprites */
    return VG_OK;
}
