/* SPDX-License-Identifier: MIT
 *
 * class.h -- sprite classes: how a sprite moves by itself each tick, its
 * observation category and its defaults.
 *
 * CLASS_LIST below is the single list of classes: one row each (name,
 * category, flags, update function, defaults function). It generates the
 * CLS_* numbers and the table in class.c. The update functions live in one
 * file per family (class_*.c); adding a class is one function and one row.
 * Internal header.
 */
#ifndef VG_CLASS_H
#define VG_CLASS_H

#include "tick.h"

enum {                     /* sprite_class.flags */
    CLASS_AVATAR = 1,      /* played by the agent */
    CLASS_STILL = 2,       /* never moves by itself */
    CLASS_SPEED = 4        /* moves by itself only when its speed is not 0 */
};

/* Moves sprite 'i' for this tick ('a' is the action for avatars). */
typedef void class_update_fn(tick_ctx *t, int i, vg_action a);
/* Sets the class's defaults on a type being declared. */
typedef void class_defaults_fn(type_def *td);
/* Checks a leaf type of the class once the whole game is declared
 * (game_finish); may note what it needs (game_need_ext, ...). */
typedef vg_status class_check_fn(vg_game *g, type_def *td, vg_error *err);

/* ---- Families: class.c (still and passive sprites), class_avatar.c, class_npc.c, class_producer.c */

class_update_fn class_update_passive;           /* Passive, Resource */
class_update_fn class_update_moving_avatar, class_update_oriented_avatar;
class_update_fn class_update_random_npc, class_update_chaser, class_update_fleeing, class_update_path_chaser;
class_update_fn class_update_spawn_point;
class_defaults_fn class_defaults_speed, class_defaults_oriented_avatar;
class_check_fn class_check_spawn_point;

/* One block per family; add a row to yours.
 *      name                 category          flags         update                        defaults                        check */
#define CLASS_LIST(X) \
    /* -- still and passive sprites (class.c) */ \
    X(Immovable,           VG_CAT_IMMOVABLE, CLASS_STILL,  NULL,                         NULL,                           NULL) \
    X(Passive,             VG_CAT_MOVABLE,   CLASS_SPEED,  class_update_passive,         NULL,                           NULL) \
    X(Resource,            VG_CAT_RESOURCE,  CLASS_SPEED,  class_update_passive,         NULL,                           NULL) \
    /* -- avatars (class_avatar.c) */ \
    X(MovingAvatar,        VG_CAT_AVATAR,    CLASS_AVATAR, class_update_moving_avatar,   class_defaults_speed,           NULL) \
    X(OrientedAvatar,      VG_CAT_AVATAR,    CLASS_AVATAR, class_update_oriented_avatar, class_defaults_oriented_avatar, NULL) \
    /* -- NPCs and missiles (class_npc.c) */ \
    X(RandomNPC,           VG_CAT_NPC,       0,            class_update_random_npc,      class_defaults_speed,           NULL) \
    X(Chaser,              VG_CAT_NPC,       0,            class_update_chaser,          class_defaults_speed,           NULL) \
    X(Fleeing,             VG_CAT_NPC,       0,            class_update_fleeing,         class_defaults_speed,           NULL) \
    X(RandomPathAltChaser, VG_CAT_NPC,       0,            class_update_path_chaser,     class_defaults_speed,           NULL) \
    /* -- producers (class_producer.c) */ \
    X(SpawnPoint,          VG_CAT_PORTAL,    0,            class_update_spawn_point,     NULL,                           class_check_spawn_point)

#define CLASS_ENUM(name, cat, flags, update, defaults, check) CLS_##name,
enum { CLASS_LIST(CLASS_ENUM) NUM_CLASSES };
#undef CLASS_ENUM

typedef struct sprite_class {
    const char *name;
    vg_category cat;
    unsigned flags;               /* CLASS_* */
    class_update_fn *update;      /* NULL: never moves by itself */
    class_defaults_fn *defaults;  /* NULL: none */
    class_check_fn *check;        /* NULL: nothing to check */
} sprite_class;

extern const sprite_class class_table[NUM_CLASSES];

int class_find(const char *name);                    /* CLS_* number, or -1 */
int class_names(const char **out, int max);          /* fills out[] with the class names; returns how many */

/* ---- Helpers the families share (class.c) ---------------------------- */

extern const int8_t class_base_dirs[4][2];           /* GVGAI's base directions: up, left, down, right */
/* GVGAI's passive movement: nothing on a sprite's first tick, then a step
 * along its orientation when it is oriented and has a speed. */
void class_passive_move(tick_ctx *t, int i);
/* RandomNPC's next direction: keeps the last one 'cons' ticks, then draws one. */
void class_random_dir(tick_ctx *t, int i, int *dx, int *dy);

#endif
