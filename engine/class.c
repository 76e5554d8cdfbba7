/* SPDX-License-Identifier: MIT
 *
 * class.c -- the table of sprite classes (generated from CLASS_LIST in
 * class.h), the helpers the class families share (GVGAI's passive and
 * active movement, timeToLive, RandomNPC's random direction), and the
 * still and passive classes: Immovable, Passive, Resource, ResourcePack,
 * Door, Portal, Conveyor, Flicker, OrientedFlicker.
 *
 * The behaviours follow GVGAI's classes of the same names, random draws
 * included, so that GVGAI's random games replay.
 */
#include <string.h>

#include "class.h"

#define CLASS_ROW(name, cat, flags, update, defaults, check) {#name, cat, flags, update, defaults, check},
const sprite_class class_table[NUM_CLASSES] = {CLASS_LIST(CLASS_ROW)};
#undef CLASS_ROW

int class_find(const char *name) {
    for (int c = 0; c < NUM_CLASSES; c++)
        if (strcmp(class_table[c].name, name) == 0) return c;
    return -1;
}

uint64_t class_creates(const vg_game *g, const type_def *td) {
    uint64_t m = 0;
    int reads = class_table[td->cls].flags & CLASS_READS_STYPE;
    if (td->stype >= 0 && !reads) m |= g->types[td->stype].subtypes;
    if (td->stype2 >= 0) m |= g->types[td->stype2].subtypes;
    for (int k = 0; k < td->stypes.n; k++) m |= td->stypes.t[k] >= 0 ? g->types[td->stypes.t[k]].subtypes : 0;
    for (int k = 0; k < td->stype_list.n && !reads; k++)
        m |= td->stype_list.t[k] >= 0 ? g->types[td->stype_list.t[k]].subtypes : 0;
    return m;
}

int class_names(const char **out, int max) {
    int n = 0;
    for (int c = 0; c < NUM_CLASSES && n < max; c++) out[n++] = class_table[c].name;
    return n;
}

const int8_t class_base_dirs[4][2] = {{0, -1}, {-1, 0}, {0, 1}, {1, 0}};

int class_active_move(tick_ctx *t, int i, int dx, int dy) {
    sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    double speed = sprite_speed(t->g, p);
    if (td->cont) return physics_cont_active(t, i, dx, dy, 0);
    if (!dx && !dy) return 0;
    if (td->rotate_in_place && td->oriented && (p->dx != dx || p->dy != dy)) {
        p->dx = (int8_t)dx, p->dy = (int8_t)dy;
        return 0;
    }
    return physics_step(t, i, dx, dy, speed != 0 ? speed : 1);
}

/* The low 12 bits of a RandomNPC's 'counter' count the ticks its last
 * direction was kept; the bits above hold that direction (0: none yet, else
 * 1 + its row in class_base_dirs), GVGAI's prevAction (class_random_prev). */
#define KEPT_MASK 0xfff

void class_random_dir(tick_ctx *t, int i, int *dx, int *dy) {
    sprite *p = tick_sprite(t, i);
    int kept = p->counter & KEPT_MASK, prev = class_random_prev(p);
    if (kept < t->g->types[p->type].cons) {
        kept++;
    } else {
        prev = 1 + rng_int(t->s, 4);
        kept = 0;
    }
    p->counter = (int16_t)(prev << 12 | kept);
    *dx = prev ? class_base_dirs[prev - 1][0] : 0;
    *dy = prev ? class_base_dirs[prev - 1][1] : 0;
}

void class_random_expire(tick_ctx *t, int i) {
    sprite *p = tick_sprite(t, i);
    int cons = t->g->types[p->type].cons;
    p->counter = (int16_t)(class_random_prev(p) << 12 | (cons < KEPT_MASK ? cons : KEPT_MASK));
}

void class_defaults_speed(type_def *td) { td->speed = 1; }

/* The defaults and the check of a class that has none. */
void class_defaults_none(type_def *td) { (void)td; }
vg_status class_check_none(vg_game *g, type_def *td, vg_error *err) {
    (void)g, (void)td, (void)err;
    return VG_OK;
}

/* Immovable, ResourcePack, Door, Portal, Conveyor: GVGAI's static sprites;
 * their update only counts down a timeToLive ('counter': updates so far). */
static inline void still_age(tick_ctx *t, int i) {
    sprite *p = tick_sprite(t, i);
    if (!class_expired(t, i, p->counter)) p->counter++;
}

void class_update_still(tick_ctx *t, int i, vg_action a) {
    (void)a;
    still_age(t, i);
}

/* Passive, Resource, Missile: pushed around by effects; drift when oriented
 * with a speed; a timeToLive as class_update_still. */
void class_update_passive(tick_ctx *t, int i, vg_action a) {
    (void)a;
    physics_passive(t, i);
    still_age(t, i);
}

/* The pixels sprite p of a type drifting 'pixels' a tick moves now ('own':
 * sprites have speeds of their own). */
static inline int drift_pixels(const tick_ctx *t, const sprite *p, int own, int pixels) {
    if (!own) return pixels;
    double speed = sprite_speed(t->g, p);
    return speed != 0 ? (int)(speed * t->b) : 0;
}

enum { RESTS_NOT, RESTS_HAND_OVER, RESTS_ASK };
static void range_ask(tick_ctx *t, int type, uint32_t from, uint32_t to, int x, int y);

/* Sprite i of a type that may rest, which would move to (x, y) now: asks
 * rest.c whether it need (rest_try), and moves it when it must; one that
 * rest_try cannot tell yet goes to later[]. */
static inline void ask(tick_ctx *t, sprite *p, uint32_t i, int x, int y, uint16_t *later, uint32_t *nlater) {
    int r = rest_try(t, (int)i, x, y);
    if (r < 0 && *nlater < MAX_REST) {
        later[(*nlater)++] = (uint16_t)i;
    } else if (r <= 0) {
        p->flags &= (uint8_t)~SP_REST;
        tick_set_pos(t, (int)i, x, y);
    }
}

/* class_update_passive_range, its moves as 'geom' says (tick_set_pos_free
 * or tick_set_pos); 'rests' (RESTS_NOT: none) when the type's sprites may
 * rest (rest.c): those that rested or were stepped back out of what they
 * rest on last tick (SP_REST) are asked whether they need move (RESTS_ASK).
 * The first of them hands the rest of the range over to range_ask
 * (RESTS_HAND_OVER), which begins with its move to (x0, y0): a type whose
 * sprites do not rest pays no more than one that may not. Instantiated for
 * each case. */
static inline __attribute__((always_inline)) void passive_range(tick_ctx *t, int type, uint32_t from, uint32_t to,
                                                                int geom, int rests, int x0, int y0) {
    const vg_game *g = t->g;
    const type_def *td = &g->types[type];
    int own = g->ext_off[EXT_SPEED] != 0, pixels = (int)(td->speed * t->b), ttl = td->ttl;
    int moves = !td->is_static && (own || td->speed != 0), cooldown = td->cooldown, oriented = td->oriented;
    uint16_t later[MAX_REST]; /* RESTS_ASK: those rest_try could not tell yet */
    uint32_t nlater = 0;
    if (rests == RESTS_ASK) { /* sprite 'from' as the loop below would have it */
        sprite *p = tick_sprite(t, from);
        ask(t, p, from, x0, y0, later, &nlater);
        p->moved = t->now;
        if (ttl >= 0 && p->counter >= ttl) tick_kill(t, (int)from, 0);
        else p->counter++;
        from++;
    }
    for (uint32_t i = from; i < to; i++) {
        sprite *p = tick_sprite(t, i);
        if (p->flags & SP_DISABLED) continue;
        if (!moves) {
            if (!td->is_static) p->flags &= (uint8_t)~SP_FIRST;
        } else if (p->flags & SP_FIRST) {
            p->flags &= (uint8_t)~SP_FIRST;
        } else if ((oriented || (p->flags & SP_ORIENTED)) && (p->dx | p->dy) &&
                   cooldown <= (uint16_t)(t->now - p->moved)) {
            int px = drift_pixels(t, p, own, pixels);
            if (px) {
                int x = p->x + p->dx * px, y = p->y + p->dy * px;
                if (!rests || !(p->flags & SP_REST)) {
                    if (geom) tick_set_pos_free(t, (int)i, x, y);
                    else tick_set_pos_drift(t, p, (int)i, x, y);
                } else if (rests == RESTS_HAND_OVER) {
                    range_ask(t, type, i, to, x, y);
                    return;
                } else {
                    ask(t, p, i, x, y, later, &nlater);
                }
                p->moved = t->now;
            }
        }
        if (ttl >= 0 && p->counter >= ttl) tick_kill(t, (int)i, 0);
        else p->counter++;
    }
    for (uint32_t k = 0; rests == RESTS_ASK && k < nlater;
         k++) { /* in the way of one that may have come to rest since */
        sprite *p = tick_sprite(t, later[k]);
        int px = drift_pixels(t, p, own, pixels), x = p->x + p->dx * px, y = p->y + p->dy * px;
        if (!rest_try_on(t, later[k], x, y)) {
            p->flags &= (uint8_t)~SP_REST;
            tick_set_pos(t, later[k], x, y);
        }
    }
}

static __attribute__((noinline)) void range_ask(tick_ctx *t, int type, uint32_t from, uint32_t to, int x, int y) {
    passive_range(t, type, from, to, 0, RESTS_ASK, x, y);
}

void class_update_passive_range(tick_ctx *t, int type, uint32_t from, uint32_t to) {
    if (t->g->rest_types >> type & 1) passive_range(t, type, from, to, 0, RESTS_HAND_OVER, 0, 0); /* not geom */
    else if (t->g->geom) passive_range(t, type, from, to, 1, RESTS_NOT, 0, 0);
    else passive_range(t, type, from, to, 0, RESTS_NOT, 0, 0);
}

void class_defaults_conveyor(type_def *td) { td->oriented = 1; }

/* Resource, ResourcePack: a sprite holds at most 2, one collected gives 1. */
void class_defaults_resource(type_def *td) {
    td->limit = 2;
    td->value = 1;
}

int class_resource_limit(const vg_game *g, int type) {
    const type_def *td = &g->types[type];
    return td->cls == CLS_Resource || td->cls == CLS_ResourcePack ? td->limit : 0;
}

/* Flicker, OrientedFlicker: die once older than 'limit' ticks ('counter' is
 * the age, which a timeToLive counts too). */
void class_update_flicker(tick_ctx *t, int i, vg_action a) {
    (void)a;
    sprite *p = tick_sprite(t, i);
    class_passive(t, i);
    class_expired(t, i, p->counter);
    if (p->counter > t->g->types[p->type].limit) tick_kill(t, i, 0);
    if (p->counter < INT16_MAX) p->counter++;
}

void class_defaults_flicker(type_def *td) { td->limit = 1; }

void class_defaults_oriented_flicker(type_def *td) {
    td->limit = 1;
    td->oriented = 1;
}

/* ---- A type with an update function (sprite{}'s 'update') ----------------- */

void class_update_scripted(tick_ctx *t, int i, vg_action a) {
    const type_def *td = &t->g->types[tick_sprite(t, i)->type];
    class_table[td->cls].update(t, i, a);
    if (t->status != VG_OK || (tick_sprite(t, i)->flags & (SP_KILLED | SP_DISABLED))) return;
    vg_status st = t->g->ops->update(t->g->script, td->update_ref, t, i, t->err);
    if (st != VG_OK && t->status == VG_OK) t->status = st;
}

/* ---- Timers ----------------------------------------------------------------- */

/* The classes whose 'counter' is the sprite's age (updates so far): the
 * still and passive ones (timeToLive) and the Flickers (also 'limit'). */
static int counts_age(const type_def *td) {
    class_update_fn *u = class_table[td->cls].update;
    return u == class_update_still || u == class_update_passive || u == class_update_flicker;
}

int class_timer(const vg_game *g, const sprite *p, int *left) {
    const type_def *td = &g->types[p->type];
    int flicker = class_table[td->cls].update == class_update_flicker;
    if (!counts_age(td) || (td->ttl < 0 && !flicker)) return 0;
    int ttl = td->ttl >= 0 ? td->ttl - p->counter : INT16_MAX, life = flicker ? td->limit + 1 - p->counter : INT16_MAX;
    *left = ttl < life ? ttl : life;
    if (*left < 0) *left = 0;
    return 1;
}

void class_set_timer(const vg_game *g, sprite *p, int left) {
    const type_def *td = &g->types[p->type];
    int flicker = class_table[td->cls].update == class_update_flicker;
    int age = td->ttl >= 0 ? td->ttl - left : td->limit + 1 - left; /* the age at which the first end comes in 'left' */
    if (td->ttl >= 0 && flicker && td->limit + 1 - left > age) age = td->limit + 1 - left;
    p->counter = (int16_t)(age < 0 ? 0 : age > INT16_MAX ? INT16_MAX : age);
}
