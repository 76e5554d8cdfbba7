/* SPDX-License-Identifier: MIT
 *
 * class.h -- sprite classes: how a sprite moves by itself each tick, its
 * observation category and its defaults.
 *
 * CLASS_LIST below is the single list of classes: one row each (name,
 * category, flags, update function, defaults function, check). It
 * generates the CLS_* numbers, the functions' prototypes and the table in
 * class.c. The update functions live in one
 * file per family (class_*.c); adding a class is one function and one row.
 * Internal header.
 */
#ifndef VG_CLASS_H
#define VG_CLASS_H

#include "tick.h"

enum {                        /* sprite_class.flags */
       CLASS_AVATAR = 1,      /* played by the agent */
       CLASS_STILL = 2,       /* never moves by itself (its update at most counts down its timeToLive) */
       CLASS_SPEED = 4,       /* moves by itself only when its speed is not 0 */
       CLASS_READS_STYPE = 8, /* 'stype' names sprites it only looks at (Portal's exits): they may stay static */
       CLASS_PATH = 16,       /* follows GVGAI's path finder: the level gets a path table at load (path.c) */
       CLASS_GROUND = 32,     /* stands on solid sprites (GVGAI groundIntersects): the collision pass notes it */
       CLASS_VEC = 64,        /* keeps a real orientation and rotation (EXT_CONT), whatever its physics */
       CLASS_LISTS = 128,  /* 'stype', 'stype2' and 'ammo' may name several types (GVGAI's lists: weapons, targets) */
       CLASS_SHOOTS = 4096 /* an avatar that shoots its 'stype' (its weapons): a type with subtypes, its own sprites */
};
/* An avatar class's actions (GVGAI's list, class_actions), in flags bits 8-11. */
enum {
    ACTS_MOVE,
    ACTS_SHOOT,
    ACTS_FLAK,
    ACTS_HORIZONTAL,
    ACTS_VERTICAL,
    ACTS_NONE,
    ACTS_SHOOT_ONLY,
    ACTS_AIM,
    ACTS_USE,
    ACTS_PLATFORM,
    ACTS_WIZARD,
    NUM_ACTS
};
#define CLASS_ACTS(k)        ((unsigned)(k) << 8)
#define CLASS_ACTS_OF(flags) ((int)((flags) >> 8 & 15))

/* Moves sprite 'i' for this tick ('a' is the action for avatars). */
typedef void class_update_fn(tick_ctx *t, int i, vg_action a);
/* Sets the class's defaults on a type being declared. */
typedef void class_defaults_fn(type_def *td);
/* Checks a leaf type of the class once the whole game is declared
 * (game_finish); may note what it needs (game_need_ext, ...). */
typedef vg_status class_check_fn(vg_game *g, type_def *td, vg_error *err);

/* clang-format off: the table keeps its columns */
/* One block per family (class.c holds still and passive sprites, class_defaults_none and class_check_none);
 * add a row to yours.
 *      name                 category          flags         update                        defaults                        check */
#define CLASS_LIST(X) \
    /* -- still and passive sprites (class.c) */ \
    X(Immovable, VG_CAT_IMMOVABLE, CLASS_STILL, class_update_still, class_defaults_none, class_check_none) \
    X(Passive, VG_CAT_MOVABLE, CLASS_SPEED, class_update_passive, class_defaults_none, class_check_none) \
    X(Resource, VG_CAT_RESOURCE, CLASS_SPEED, class_update_passive, class_defaults_resource, class_check_none) \
    X(ResourcePack, VG_CAT_RESOURCE, CLASS_STILL, class_update_still, class_defaults_resource, class_check_none) \
    X(Door, VG_CAT_PORTAL, CLASS_STILL, class_update_still, class_defaults_none, class_check_none) \
    X(Portal, VG_CAT_PORTAL, CLASS_STILL | CLASS_READS_STYPE, class_update_still, class_defaults_none, \
      class_check_none) \
    X(Conveyor, VG_CAT_IMMOVABLE, CLASS_STILL, class_update_still, class_defaults_conveyor, class_check_none) \
    X(Flicker, VG_CAT_MOVABLE, 0, class_update_flicker, class_defaults_flicker, class_check_none) \
    X(OrientedFlicker, VG_CAT_MOVABLE, 0, class_update_flicker, class_defaults_oriented_flicker, class_check_none) \
    /* -- avatars (class_avatar.c) */ \
    X(MovingAvatar, VG_CAT_AVATAR, CLASS_AVATAR, class_update_moving_avatar, class_defaults_speed, class_check_none) \
    X(OrientedAvatar, VG_CAT_AVATAR, CLASS_AVATAR, class_update_oriented_avatar, class_defaults_oriented_avatar, \
      class_check_none) \
    X(HorizontalAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_ACTS(ACTS_HORIZONTAL), class_update_moving_avatar, \
      class_defaults_speed, class_check_none) \
    X(VerticalAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_ACTS(ACTS_VERTICAL), class_update_moving_avatar, \
      class_defaults_speed, class_check_none) \
    X(NullAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_ACTS(ACTS_NONE), class_update_moving_avatar, \
      class_defaults_speed, class_check_none) \
    X(FlakAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_SHOOTS | CLASS_ACTS(ACTS_FLAK), class_update_flak_avatar, \
      class_defaults_flak_avatar, class_check_shooter) \
    X(ShootAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_SHOOTS | CLASS_LISTS | CLASS_ACTS(ACTS_SHOOT), \
      class_update_shoot_avatar, class_defaults_shoot_avatar, class_check_shooter) \
    X(ShootOnlyAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_SHOOTS | CLASS_LISTS | CLASS_ACTS(ACTS_SHOOT_ONLY), \
      class_update_shoot_only_avatar, class_defaults_shoot_avatar, class_check_shooter) \
    X(MissileAvatar, VG_CAT_AVATAR, CLASS_AVATAR, class_update_missile_avatar, class_defaults_oriented_avatar, \
      class_check_none) \
    X(OngoingAvatar, VG_CAT_AVATAR, CLASS_AVATAR, class_update_ongoing_avatar, class_defaults_oriented_avatar, \
      class_check_none) \
    X(OngoingShootAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_SHOOTS | CLASS_ACTS(ACTS_SHOOT), \
      class_update_ongoing_shoot_avatar, class_defaults_shoot_avatar, class_check_shooter) \
    X(OngoingTurningAvatar, VG_CAT_AVATAR, CLASS_AVATAR, class_update_ongoing_turning_avatar, \
      class_defaults_oriented_avatar, class_check_spawn_behind) \
    /* -- NPCs and missiles (class_npc.c; the chasers in class_chaser.c) */ \
    X(RandomNPC, VG_CAT_NPC, 0, class_update_random_npc, class_defaults_speed, class_check_none) \
    X(Chaser, VG_CAT_NPC, 0, class_update_chaser, class_defaults_speed, class_check_none) \
    X(Fleeing, VG_CAT_NPC, 0, class_update_fleeing, class_defaults_speed, class_check_none) \
    X(LOSChaser, VG_CAT_NPC, 0, class_update_los_chaser, class_defaults_speed, class_check_none) \
    X(RandomPathAltChaser, VG_CAT_NPC, CLASS_PATH | CLASS_LISTS, class_update_random_path_alt_chaser, \
      class_defaults_speed, class_check_path) \
    X(Missile, VG_CAT_MOVABLE, CLASS_SPEED, class_update_passive, class_defaults_missile, class_check_none) \
    X(ErraticMissile, VG_CAT_MOVABLE, CLASS_SPEED, class_update_passive, class_defaults_missile, class_check_none) \
    X(RandomMissile, VG_CAT_MOVABLE, 0, class_update_random_missile, class_defaults_random_missile, class_check_none) \
    X(AlternateChaser, VG_CAT_NPC, CLASS_LISTS, class_update_alternate_chaser, class_defaults_speed, class_check_none) \
    X(RandomAltChaser, VG_CAT_NPC, CLASS_LISTS, class_update_random_alt_chaser, class_defaults_speed, \
      class_check_none) \
    X(PathChaser, VG_CAT_NPC, CLASS_PATH, class_update_path_chaser, class_defaults_speed, class_check_path) \
    X(PathAltChaser, VG_CAT_NPC, CLASS_PATH | CLASS_LISTS, class_update_path_alt_chaser, class_defaults_speed, \
      class_check_path) \
    /* -- producers (class_producer.c) */ \
    X(SpawnPoint, VG_CAT_IMMOVABLE, 0, class_update_spawn_point, class_defaults_none, class_check_spawn_point) \
    X(SpawnPointMultiSprite, VG_CAT_NPC, 0, class_update_multi_spawn, class_defaults_multi_spawn, class_check_stypes) \
    X(Bomber, VG_CAT_NPC, 0, class_update_bomber, class_defaults_bomber, class_check_spawn_point) \
    X(RandomBomber, VG_CAT_NPC, 0, class_update_random_bomber, class_defaults_random_bomber, class_check_spawn_point) \
    X(BomberRandomMissile, VG_CAT_NPC, 0, class_update_bomber_random_missile, class_defaults_bomber, \
      class_check_stypes) \
    X(Spreader, VG_CAT_MOVABLE, 0, class_update_spreader, class_defaults_spreader, class_check_spreader) \
    /* -- continuous physics (class_cont.c) */ \
    X(SpaceshipAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_SHOOTS | CLASS_VEC | CLASS_ACTS(ACTS_SHOOT), \
      class_update_spaceship_avatar, class_defaults_spaceship_avatar, class_check_shooter) \
    X(AimedAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_SHOOTS | CLASS_VEC | CLASS_ACTS(ACTS_AIM), \
      class_update_aimed_avatar, class_defaults_aimed_avatar, class_check_shooter) \
    X(LanderAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_VEC, class_update_lander_avatar, class_defaults_lander_avatar, \
      class_check_none) \
    X(CarAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_VEC, class_update_car_avatar, class_defaults_car_avatar, \
      class_check_none) \
    X(BirdAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_VEC | CLASS_ACTS(ACTS_USE), class_update_bird_avatar, \
      class_defaults_bird_avatar, class_check_none) \
    X(PlatformerAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_VEC | CLASS_GROUND | CLASS_ACTS(ACTS_PLATFORM), \
      class_update_platformer_avatar, class_defaults_platformer_avatar, class_check_none) \
    X(WizardAvatar, VG_CAT_AVATAR, CLASS_AVATAR | CLASS_VEC | CLASS_GROUND | CLASS_ACTS(ACTS_WIZARD), \
      class_update_wizard_avatar, class_defaults_wizard_avatar, class_check_wizard) \
    X(Walker, VG_CAT_NPC, CLASS_GROUND, class_update_walker, class_defaults_walker, class_check_none) \
    X(WalkerJumper, VG_CAT_NPC, CLASS_GROUND, class_update_walker_jumper, class_defaults_walker_jumper, \
      class_check_none)
/* clang-format on */

#define CLASS_PROTOTYPES(name, cat, flags, update, defaults, check) \
    class_update_fn update; \
    class_defaults_fn defaults; \
    class_check_fn check;
CLASS_LIST(CLASS_PROTOTYPES)
#undef CLASS_PROTOTYPES

#define CLASS_ENUM(name, cat, flags, update, defaults, check) CLS_##name,
enum { CLASS_LIST(CLASS_ENUM) NUM_CLASSES };
#undef CLASS_ENUM

typedef struct sprite_class {
    const char *name;
    vg_category cat;
    unsigned flags; /* CLASS_* */
    class_update_fn *update;
    class_defaults_fn *defaults;
    class_check_fn *check;
} sprite_class;

extern const sprite_class class_table[NUM_CLASSES];

int class_find(const char *name);           /* CLS_* number, or -1 */
int class_names(const char **out, int max); /* fills out[] with the class names; returns how many */
/* The leaf types type 'td' creates by its class (spawns, shoots, spreads,
 * leaves behind): its 'stype' (unless its class only reads it), 'stype2',
 * 'stypes' and its weapons. Types not yet resolved (-1) are skipped. */
uint64_t class_creates(const vg_game *g, const type_def *td);

/* A sprite of a type with an update function (sprite{}'s 'update'): its
 * class's update, then, while the sprite lives, the script's (its
 * g->update_fn when the type has one). */
class_update_fn class_update_scripted;

/* ---- What a class keeps (class.c) ----------------------------------------- */

/* The most a sprite may hold of resource type 'type' (GVGAI's resource
 * limit): a Resource's or ResourcePack's 'limit', 0 for other types. */
int class_resource_limit(const vg_game *g, int type);
/* A sprite that dies by itself (timeToLive, a Flicker's 'limit'): 1 with
 * '*left', the updates it still survives; 0 when its class keeps no age
 * or it has no such end. */
int class_timer(const vg_game *g, const sprite *p, int *left);
/* Sets the age of such a sprite so that it survives 'left' more updates. */
void class_set_timer(const vg_game *g, sprite *p, int left);

/* ---- The avatar's actions (class_avatar.c) ------------------------------ */

/* GVGAI's actions for an avatar of class 'cls', in its order, NIL left
 * out; returns how many. game_finish keeps them per avatar type (g->acts):
 * a tick plays NIL in place of an action the avatar does not have. */
int class_actions(int cls, vg_action out[VG_MAX_ACTIONS]);

/* ---- Helpers the families share (class.c) ---------------------------- */

extern const int8_t class_base_dirs[4][2]; /* GVGAI's base directions: up, left, down, right */
/* class_update_passive for the sprites [from, to) of leaf 'type' (step 2
 * of a tick: its range; a type of g->passive_types), the type's constants
 * read once: for any range of one sprite or more (a minimum of 4 cost
 * x-racer, roadfighter, aliens and Pacman 1-2% a step: their small types
 * went one by one). */
void class_update_passive_range(tick_ctx *t, int type, uint32_t from, uint32_t to);
/* GVGAI's active movement by an NPC: a turn instead when it rotates in
 * place and faces elsewhere, else a step (speed 0 moves at 1). Returns 1
 * when it moved. */
int class_active_move(tick_ctx *t, int i, int dx, int dy);
/* A MovingAvatar's move under continuous physics (class_cont.c): the
 * passive movement, then the action's push; 1 unless the action is NIL. */
int class_cont_move(tick_ctx *t, int i, vg_action a);
/* GVGAI's timeToLive: kills sprite 'i', 'age' updates old, when its type's
 * timeToLive has run out; returns 1 then. */
static inline int class_expired(tick_ctx *t, int i, int age) {
    int ttl = t->g->types[tick_sprite(t, i)->type].ttl;
    if (ttl < 0 || age < ttl) return 0;
    tick_kill(t, i, 0);
    return 1;
}
/* physics_passive, passed over when it would do nothing: it clears
 * SP_FIRST, and moves a sprite only when it is oriented (its type, or
 * SP_ORIENTED) or under continuous physics; an NPC, a chaser or a flicker
 * mostly is none of these (infection's 25 RandomNPCs a tick). */
static inline void class_passive(tick_ctx *t, int i) {
    const sprite *p = tick_sprite(t, i);
    const type_def *td = &t->g->types[p->type];
    if (td->oriented || td->cont || (p->flags & (SP_FIRST | SP_ORIENTED))) physics_passive(t, i);
}
/* RandomNPC's next direction (GVGAI getRandomMove): the last one drawn for
 * 'cons' more ticks (none before the first draw), then a new draw. */
void class_random_dir(tick_ctx *t, int i, int *dx, int *dy);
/* The last direction class_random_dir drew, 1 + its row in class_base_dirs; 0: none yet
 * (the bits of 'counter' above the ticks it was kept). */
static inline int class_random_prev(const sprite *p) { return p->counter >> 12; }
/* GVGAI's counter = cons: the next class_random_dir draws a new direction. */
void class_random_expire(tick_ctx *t, int i);

#endif
