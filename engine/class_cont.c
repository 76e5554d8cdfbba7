/* SPDX-License-Identifier: MIT
 *
 * class_cont.c -- the classes of GVGAI's continuous-physics games: the
 * avatars that steer by a real orientation or rotation (SpaceshipAvatar,
 * AimedAvatar, LanderAvatar, CarAvatar, BirdAvatar), the platform avatars
 * that run and jump (PlatformerAvatar, WizardAvatar) and the NPCs that walk
 * on platforms (Walker, WalkerJumper); and a MovingAvatar's move under
 * continuous physics (class_cont_move), which class_avatar.c calls.
 *
 * A tick of each follows GVGAI's class of the same name: the passive
 * movement first (physics_cont_passive), then what the action does,
 * through physics_cont_active. Rotations are radians; a sprite's rotation
 * and real orientation live in its EXT_CONT.
 */
#include <math.h>

#include "class.h"

#define PI 3.141592653589793 /* Java's Math.PI (and Math.toRadians(180)) */

/* ---- Moving ------------------------------------------------------------- */

/* The passive movement of continuous sprites, before an avatar's move. */
static void passive(tick_ctx *t, int i) {
    if (t->g->types[tick_sprite(t, i)->type].cont) physics_cont_passive(t, i);
}

/* Pushes sprite 'i' by (dx, dy) at its own speed when it has continuous
 * physics (a grid avatar of these classes stays put, as GVGAI's do). */
static int push(tick_ctx *t, int i, double dx, double dy) {
    return t->g->types[tick_sprite(t, i)->type].cont ? physics_cont_active(t, i, dx, dy, 0) : 0;
}

int class_cont_move(tick_ctx *t, int i, vg_action a) {
    int dx, dy;
    physics_dir(a, &dx, &dy);
    physics_cont_passive(t, i);
    return physics_cont_active(t, i, dx, dy, 0);
}

/* Turns the rotation of 'i' by its angle_diff on LEFT (less) and RIGHT (more). */
static double turn(tick_ctx *t, int i, vg_action a) {
    sprite *p = tick_sprite(t, i);
    double rot = physics_rotation(t->g, p), d = t->g->types[p->type].angle_diff;
    if (a == VG_ACTION_LEFT) rot -= d;
    else if (a == VG_ACTION_RIGHT) rot += d;
    physics_set_rotation(t->g, p, rot);
    return rot;
}

/* Creates the shot of avatar 'i' at (x, y), facing (ox, oy) when its type
 * is oriented; none when a singleton forbids. */
static void shoot_at(tick_ctx *t, int i, double x, double y, double ox, double oy) {
    const vg_game *g = t->g;
    int n = tick_create(t, g->types[tick_sprite(t, i)->type].stype, (int)x, (int)y, 0);
    if (n < 0) return;
    sprite *q = tick_sprite(t, n);
    if (!g->types[q->type].oriented) return;
    if (g->types[q->type].vec) physics_set_vec(g, q, ox, oy);
    else q->dx = (int8_t)((ox > 0) - (ox < 0)), q->dy = (int8_t)((oy > 0) - (oy < 0));
}

/* ---- Avatars that steer --------------------------------------------------- */

/* SpaceshipAvatar: drifts; USE shoots along its rotation (twice, as
 * GVGAI's does: a singleton shot keeps it to one); LEFT and RIGHT turn it,
 * UP thrusts along its rotation and DOWN against it. */
void class_update_spaceship_avatar(tick_ctx *t, int i, vg_action a) {
    passive(t, i);
    for (int k = 0; k < 2 && a == VG_ACTION_USE; k++) {
        const sprite *p = tick_sprite(t, i);
        double rot = physics_rotation(t->g, p);
        int w, h;
        physics_size(t->g, p->type, &w, &h);
        shoot_at(t, i, p->x + cos(rot) * w, p->y + sin(rot) * h, cos(rot), sin(rot));
    }
    double rot = turn(t, i, a);
    if (a == VG_ACTION_UP) push(t, i, cos(rot), sin(rot));
    else if (a == VG_ACTION_DOWN) push(t, i, cos(rot + PI), sin(rot + PI));
}

void class_defaults_spaceship_avatar(type_def *td) {
    class_defaults_shoot_avatar(td);
    td->speed = 5;
    td->dx0 = td->dy0 = 0;
    td->angle_diff = 0.3;
}

/* AimedAvatar: never moves; UP and DOWN turn its aim by angle_diff, and USE
 * shoots one body ahead along it (twice, as SpaceshipAvatar). */
void class_update_aimed_avatar(tick_ctx *t, int i, vg_action a) {
    const vg_game *g = t->g;
    sprite *p = tick_sprite(t, i);
    double ox, oy;
    if (g->types[p->type].cont) class_cont_move(t, i, VG_ACTION_NIL);
    for (int k = 0; k < 2 && a == VG_ACTION_USE; k++) {
        int w, h;
        p = tick_sprite(t, i);
        physics_size(g, p->type, &w, &h);
        physics_vec(g, p, &ox, &oy);
        double mag = sqrt(ox * ox + oy * oy);
        if (mag != 0) ox /= mag, oy /= mag;
        else ox = oy = 0;
        shoot_at(t, i, p->x + ox * w, p->y + oy * h, ox, oy);
    }
    p = tick_sprite(t, i);
    double angle = a == VG_ACTION_UP     ? -g->types[p->type].angle_diff
                   : a == VG_ACTION_DOWN ? g->types[p->type].angle_diff
                                         : 0.0;
    physics_vec(g, p, &ox, &oy);
    double x = ox * cos(angle) - oy * sin(angle), y = ox * sin(angle) + oy * cos(angle);
    physics_set_vec(g, p, x, y);
    physics_set_rotation(g, p, atan2(y, x));
    double rot = physics_rotation(g, p);
    if (a == VG_ACTION_UP) push(t, i, cos(rot), sin(rot));
    else if (a == VG_ACTION_DOWN) push(t, i, cos(rot + PI), sin(rot + PI));
}

void class_defaults_aimed_avatar(type_def *td) {
    class_defaults_shoot_avatar(td);
    td->speed = 0;
    td->angle_diff = 0.15;
}

/* LanderAvatar: drifts (gravity pulls it); LEFT and RIGHT turn it, UP
 * thrusts along its rotation. */
void class_update_lander_avatar(tick_ctx *t, int i, vg_action a) {
    passive(t, i);
    double rot = turn(t, i, a);
    if (a == VG_ACTION_UP) push(t, i, cos(rot), sin(rot));
}

void class_defaults_lander_avatar(type_def *td) {
    class_defaults_oriented_avatar(td);
    td->speed = 5;
    td->dx0 = td->dy0 = 0;
    td->angle_diff = 0.3;
}

/* CarAvatar: drifts; LEFT and RIGHT steer, UP puts it in forward gear and
 * DOWN in reverse (kept in 'counter'), and every tick the engine pushes it
 * with a force of 5 the way the gear says. */
void class_update_car_avatar(tick_ctx *t, int i, vg_action a) {
    passive(t, i);
    double rot = turn(t, i, a);
    sprite *p = tick_sprite(t, i);
    if (a == VG_ACTION_UP) p->counter = 0;
    else if (a == VG_ACTION_DOWN) p->counter = 1;
    double facing = p->counter * PI;
    if (t->g->types[p->type].cont) physics_cont_active(t, i, cos(rot + facing), sin(rot + facing), 5);
}

void class_defaults_car_avatar(type_def *td) {
    class_defaults_oriented_avatar(td);
    td->speed = 0;
    td->angle_diff = 0.15;
}

/* BirdAvatar: drifts and falls; USE flaps (a push up of jump_strength, its
 * vertical speed lost first); when it goes more up or down than forward,
 * a push forward. It faces the way it flies. */
void class_update_bird_avatar(tick_ctx *t, int i, vg_action a) {
    const vg_game *g = t->g;
    sprite *p = tick_sprite(t, i);
    double ox, oy;
    if (g->types[p->type].cont) class_cont_move(t, i, VG_ACTION_NIL);
    physics_vec(g, p, &ox, &oy);
    double forward = fabs(ox) < 0.5 ? 1.0 : 0.0;
    if (a == VG_ACTION_USE) {
        physics_set_vec(g, p, ox, 0.0);
        push(t, i, 0, -g->types[p->type].jump_strength);
    }
    push(t, i, forward, 0.0);
    physics_vec(g, p, &ox, &oy);
    physics_set_rotation(g, p, atan2(oy, ox));
}

void class_defaults_bird_avatar(type_def *td) {
    class_defaults_oriented_avatar(td);
    td->jump_strength = 10;
}

/* ---- Avatars that run and jump -------------------------------------------- */

/* The run of PlatformerAvatar and WizardAvatar: drifts, then the action
 * pushes it sideways (half as hard in the air). */
static void run(tick_ctx *t, int i, vg_action a) {
    int dx, dy;
    passive(t, i);
    physics_dir(a, &dx, &dy);
    if (dx == 0 && dy == 0) return;
    double x = dx;
    if (!(tick_sprite(t, i)->flags & SP_GROUND)) x = dx / 2.0;
    push(t, i, x, dy);
}

/* Their jump, on the ground: up by jump_strength (the vertical speed lost
 * first) and 5 pixels up at once. */
static void jump(tick_ctx *t, int i) {
    const vg_game *g = t->g;
    sprite *p = tick_sprite(t, i);
    double ox, oy;
    physics_vec(g, p, &ox, &oy);
    physics_set_vec(g, p, ox, 0.0);
    push(t, i, 0, -g->types[p->type].jump_strength);
    p->moved = (uint16_t)(t->now - g->types[p->type].cooldown); /* GVGAI: lastmove = cooldown */
    physics_update_pos(t, i, 0, -1, 5);
}

/* PlatformerAvatar: LEFT and RIGHT run, USE jumps from the ground. */
void class_update_platformer_avatar(tick_ctx *t, int i, vg_action a) {
    run(t, i, a);
    if (a == VG_ACTION_USE && (tick_sprite(t, i)->flags & SP_GROUND)) jump(t, i);
    tick_sprite(t, i)->flags &= (uint8_t)~SP_GROUND;
}

void class_defaults_platformer_avatar(type_def *td) {
    td->speed = 1;
    td->jump_strength = 10;
    td->max_speed = 30;
}

/* WizardAvatar: a PlatformerAvatar that, on UP (at most every 5 ticks),
 * is pushed down and puts its 'stype' (a block) ahead of where it faces.
 * aux[0]: the tick of its last block; aux[1]: 1 when it faces left. */
void class_update_wizard_avatar(tick_ctx *t, int i, vg_action a) {
    const vg_game *g = t->g;
    run(t, i, a);
    if (a == VG_ACTION_USE && (tick_sprite(t, i)->flags & SP_GROUND)) jump(t, i);
    int32_t *aux = sprite_aux(g, tick_sprite(t, i));
    if (a == VG_ACTION_UP && aux[0] + 5 <= (int32_t)t->s->tick) {
        physics_cont_active(t, i, 0, 1, -1);
        const sprite *p = tick_sprite(t, i);
        int w, h;
        physics_size(g, p->type, &w, &h);
        double fx = aux[1] ? -1 : 1;
        tick_create(t, g->types[p->type].stype, (int)(p->x + fx * w * 1.2), (int)(p->y + 0.0 * h), 0);
        aux = sprite_aux(g, tick_sprite(t, i));
        aux[0] = (int32_t)t->s->tick;
    }
    if (a == VG_ACTION_LEFT) aux[1] = 1;
    else if (a == VG_ACTION_RIGHT) aux[1] = 0;
    tick_sprite(t, i)->flags &= (uint8_t)~SP_GROUND;
}

void class_defaults_wizard_avatar(type_def *td) {
    td->speed = 0;
    td->jump_strength = 10;
    td->max_speed = 30;
}

/* WizardAvatar: a leaf 'stype' it creates; two words of its own. */
vg_status class_check_wizard(vg_game *g, type_def *td, vg_error *err) {
    if (td->stype < 0) return game_error(g, err, VG_ERR_SCRIPT, td->line, "WizardAvatar '%s' needs 'stype'", td->name);
    if (!g->types[td->stype].leaf)
        return game_error(g, err, VG_ERR_SCRIPT, td->line,
                          "WizardAvatar '%s': stype '%s' has subtypes; name a leaf type", td->name,
                          g->types[td->stype].name);
    g->may_create = g->may_grow = 1; /* it adds sprites */
    game_need_ext(g, EXT_AUX);
    return VG_OK;
}

/* ---- Walkers ------------------------------------------------------------- */

/* Walker: drifts; when it did not move sideways, turns to walk on the
 * way it faces (a random way when it faces neither) and pushes that way
 * at max_speed. */
void class_update_walker(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const vg_game *g = t->g;
    const type_def *td = &g->types[tick_sprite(t, i)->type];
    int lx, ly;
    passive(t, i);
    tick_last_pos(t, i, &lx, &ly);
    sprite *p = tick_sprite(t, i);
    if (p->x - lx == 0) {
        double ox, oy, d;
        physics_vec(g, p, &ox, &oy);
        if (!td->vec) ox = p->dx;
        d = ox > 0 ? 1 : ox < 0 ? -1 : (rng_int(t->s, 2) ? 1 : -1);
        if (td->vec) physics_set_vec(g, p, d, 0); /* it faces the way it walks, then pushes */
        else p->dx = (int8_t)d, p->dy = 0;
        if (td->cont) physics_cont_active(t, i, d, 0, td->max_speed);
        else physics_active(t, i, d, 0, td->max_speed);
    }
    sprite_set_speed(g, tick_sprite(t, i), td->max_speed);
    tick_sprite(t, i)->flags &= (uint8_t)~SP_GROUND;
}

void class_defaults_walker(type_def *td) {
    td->speed = 5;
    td->max_speed = 5;
    td->oriented = 1;
}

/* WalkerJumper: drifts; on the ground, jumps now and then ('probability' a
 * tick); else pushes on the way it faces. GVGAI draws the jump from an
 * unseeded generator, which no trace can follow; here the draw is a hash
 * of the tick and the sprite, so play stays deterministic. */
void class_update_walker_jumper(tick_ctx *t, int i, vg_action a) {
    (void)a;
    const vg_game *g = t->g;
    passive(t, i);
    sprite *p = tick_sprite(t, i);
    const type_def *td = &g->types[p->type];
    double ox, oy, draw = (double)(state_mix((uint64_t)p->id << 32 | t->s->tick) >> 11) / 9007199254740992.0;
    physics_vec(g, p, &ox, &oy);
    if ((p->flags & SP_GROUND) && td->probability > draw) {
        jump(t, i);
    } else {
        push(t, i, ox, oy);
    }
    tick_sprite(t, i)->flags &= (uint8_t)~SP_GROUND;
}

void class_defaults_walker_jumper(type_def *td) {
    class_defaults_walker(td);
    td->probability = 0.1;
    td->jump_strength = 1;
}
