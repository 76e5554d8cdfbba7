/* SPDX-License-Identifier: MIT
 *
 * effect.h -- collision effects: what happens when two sprites of a pair
 * of types overlap (or one leaves the screen, or a timer fires).
 *
 * EFFECT_LIST below is the single list of effects: one row each (name,
 * function, flags). It generates the EFF_* numbers and the table in
 * effect.c. The functions live in one file per family (effect_*.c);
 * adding an effect is one function and one row. The flags say what an
 * effect may do to its two sprites, which game_finish uses to tell which
 * types never change (the static layer). Internal header.
 */
#ifndef VG_EFFECT_H
#define VG_EFFECT_H

#include "tick.h"

enum {                   /* effect_row.flags */
    FX_MOVE1 = 1,        /* may move (or otherwise change) the first sprite */
    FX_MOVE2 = 2,        /* ... the second */
    FX_KILL1 = 4,        /* may kill the first sprite */
    FX_KILL2 = 8,        /* ... the second */
    FX_CREATES = 16,     /* creates sprites (of its 'stype' / 'stypeTo') */
    FX_NEEDS2 = 32,      /* needs a second sprite: not allowed at the screen's edge (EOS) */
    FX_HEALTH = 64,      /* reads or changes health points: sprites carry them (EXT_HEALTH) */
    FX_SPEED = 128,      /* changes a sprite's own speed (EXT_SPEED) */
    FX_RESOURCE = 256,   /* reads or changes resources: sprites carry them (EXT_RESOURCES) */
    FX_BATCH = 512,      /* runs once per first sprite with all the second ones it overlaps (effect_batch) */
    FX_ADDS = 1024       /* creates sprites besides those it replaces: their number can grow without end */
};

#define EFFECT_SCRIPT (-2)     /* effect_def.kind of a custom effect written in the script */
#define REF_NONE INT32_MIN     /* no sprite: an effect fired by time */

/* Applies effect row 'e' to sprites 'a' and 'b' (references, see state.h;
 * 'b' is REF_NONE at the edge or for a timer). Returns 1 when the row's
 * score applies, 0 when it does not (GVGAI's applyScore: an effect with a
 * condition, such as killIfHasLess, scores only when it fires). */
typedef int effect_fn(tick_ctx *t, const effect_def *e, int a, int b);
/* Checks an effect row's parameters once the whole game is declared
 * (game_finish); may note what the row needs (game_need_ext, ...).
 * Returns VG_OK or fills 'err' at the row's line. */
typedef vg_status effect_check_fn(vg_game *g, effect_def *e, vg_error *err);

/* ---- Families: effect.c (score), effect_kill.c, effect_spawn.c, effect_move.c,
 *      effect_resource.c, effect_timer.c */

effect_fn effect_none, effect_kill_sprite, effect_kill_both;
effect_fn effect_step_back, effect_pull_with_it, effect_bounce_forward, effect_undo_all, effect_wrap_around;
effect_fn effect_transform_to, effect_transform_to_all, effect_add_timer;
effect_check_fn effect_check_time;
effect_check_fn effect_check_transform_to, effect_check_transform_to_all, effect_check_add_timer;
effect_fn effect_kill_all, effect_kill_if_alive, effect_kill_if_from_above, effect_kill_if_frontal;
effect_fn effect_kill_if_not_frontal, effect_remove_score, effect_shield_from;
effect_check_fn effect_check_kill_all, effect_check_shield_from;
effect_fn effect_kill_if_has, effect_kill_if_other_has_more, effect_spawn_if_has;
effect_check_fn effect_check_has;
effect_fn effect_spawn_if_counter_subtypes;
effect_check_fn effect_check_counter_subtypes;
effect_fn effect_spawn, effect_spawn_next_to, effect_clone_sprite, effect_transform_to_random_child;
effect_fn effect_transform_if_count, effect_transform_to_singleton;
effect_check_fn effect_check_random_child, effect_check_transform_if_count, effect_check_transform_to_singleton;
effect_fn effect_change_resource, effect_collect_resource, effect_collect_resource_if_held;
effect_fn effect_add_health_points, effect_add_health_points_to_max, effect_subtract_health_points;
effect_check_fn effect_check_resource, effect_check_health, effect_check_speed;
effect_fn effect_set_speed_for_all, effect_increase_speed_to_all, effect_decrease_speed_to_all, effect_half_speed;
effect_fn effect_reverse_direction, effect_flip_direction, effect_turn_around, effect_attract_gaze, effect_align;
effect_fn effect_teleport_to_exit;
effect_fn effect_wall_stop, effect_wall_bounce, effect_bounce_direction;
effect_fn effect_kill_if_slow, effect_kill_if_not_upright, effect_bounce_forward_cont;

/* One block per family; add a row to yours.
 *      name            function                  flags                               check */
#define EFFECT_LIST(X) \
    /* -- score (effect.c) */ \
    X(scoreChange,    effect_none,              0,                                  NULL) \
    /* -- kill (effect_kill.c) */ \
    X(killSprite,     effect_kill_sprite,       FX_KILL1,                           NULL) \
    X(killBoth,       effect_kill_both,         FX_KILL1 | FX_KILL2 | FX_NEEDS2,    NULL) \
    X(killAll,        effect_kill_all,          0,                                  effect_check_kill_all) \
    X(killIfAlive,    effect_kill_if_alive,     FX_KILL1 | FX_NEEDS2,               NULL) \
    X(killIfFromAbove, effect_kill_if_from_above, FX_KILL1 | FX_NEEDS2,             NULL) \
    X(killIfFrontal,  effect_kill_if_frontal,   FX_KILL1 | FX_NEEDS2,               NULL) \
    X(killIfNotFrontal, effect_kill_if_not_frontal, FX_KILL1 | FX_NEEDS2,           NULL) \
    X(killIfHasLess,  effect_kill_if_has,       FX_KILL1 | FX_RESOURCE,             effect_check_has) \
    X(killIfHasMore,  effect_kill_if_has,       FX_KILL1 | FX_RESOURCE,             effect_check_has) \
    X(killIfOtherHasMore, effect_kill_if_other_has_more, FX_KILL1 | FX_MOVE2 | FX_NEEDS2 | FX_RESOURCE, effect_check_has) \
    X(removeScore,    effect_remove_score,      0,                                  NULL) \
    X(shieldFrom,     effect_shield_from,       0,                                  effect_check_shield_from) \
    /* -- spawn and transform (effect_spawn.c) */ \
    X(transformTo,    effect_transform_to,      FX_MOVE1 | FX_CREATES,              effect_check_transform_to) \
    X(transformToAll, effect_transform_to_all,  FX_CREATES,                         effect_check_transform_to_all) \
    X(transformToRandomChild, effect_transform_to_random_child, FX_MOVE1 | FX_CREATES, effect_check_random_child) \
    X(transformIfCount, effect_transform_if_count, FX_MOVE1 | FX_CREATES | FX_NEEDS2, effect_check_transform_if_count) \
    X(transformToSingleton, effect_transform_to_singleton, FX_MOVE1 | FX_CREATES | FX_NEEDS2, effect_check_transform_to_singleton) \
    X(spawn,          effect_spawn,             FX_CREATES | FX_ADDS,               effect_check_transform_to) \
    X(spawnIfHasMore, effect_spawn_if_has,      FX_MOVE1 | FX_CREATES | FX_ADDS | FX_RESOURCE, effect_check_has) \
    X(spawnIfHasLess, effect_spawn_if_has,      FX_CREATES | FX_ADDS | FX_RESOURCE, effect_check_has) \
    X(spawnIfCounterSubTypes, effect_spawn_if_counter_subtypes, FX_CREATES | FX_ADDS,               effect_check_counter_subtypes) \
    X(spawnAbove,     effect_spawn_next_to,     FX_CREATES | FX_ADDS | FX_NEEDS2,   effect_check_transform_to) \
    X(spawnBelow,     effect_spawn_next_to,     FX_CREATES | FX_ADDS | FX_NEEDS2,   effect_check_transform_to) \
    X(spawnLeft,      effect_spawn_next_to,     FX_CREATES | FX_ADDS | FX_NEEDS2,   effect_check_transform_to) \
    X(spawnRight,     effect_spawn_next_to,     FX_CREATES | FX_ADDS | FX_NEEDS2,   effect_check_transform_to) \
    X(spawnBehind,    effect_spawn_next_to,     FX_CREATES | FX_ADDS | FX_NEEDS2,   effect_check_transform_to) \
    X(cloneSprite,    effect_clone_sprite,      FX_MOVE1 | FX_CREATES | FX_ADDS,    NULL) \
    /* -- movement (effect_move.c); undoAll moves only sprites that moved: never fixed ones */ \
    X(stepBack,       effect_step_back,         FX_MOVE1,                           NULL) \
    X(bounceForward,  effect_bounce_forward,    FX_MOVE1 | FX_NEEDS2,               NULL) \
    X(undoAll,        effect_undo_all,          0,                                  NULL) \
    X(wrapAround,     effect_wrap_around,       FX_MOVE1,                           NULL) \
    X(reverseDirection, effect_reverse_direction, FX_MOVE1,                         NULL) \
    X(flipDirection,  effect_flip_direction,    FX_MOVE1,                           NULL) \
    X(turnAround,     effect_turn_around,       FX_MOVE1,                           NULL) \
    X(attractGaze,    effect_attract_gaze,      FX_MOVE1 | FX_NEEDS2,               NULL) \
    X(align,          effect_align,             FX_MOVE1 | FX_NEEDS2,               NULL) \
    X(teleportToExit, effect_teleport_to_exit,  FX_MOVE1 | FX_KILL1 | FX_NEEDS2,    NULL) \
    X(pullWithIt,     effect_pull_with_it,      FX_MOVE1 | FX_NEEDS2,               NULL) \
    /* -- resources, health, speed (effect_resource.c) */ \
    X(changeResource, effect_change_resource,   FX_MOVE1 | FX_KILL2 | FX_NEEDS2 | FX_RESOURCE, effect_check_resource) \
    X(collectResource, effect_collect_resource, FX_KILL1 | FX_MOVE2 | FX_NEEDS2 | FX_RESOURCE, effect_check_resource) \
    X(collectResourceIfHeld, effect_collect_resource_if_held, FX_KILL1 | FX_MOVE2 | FX_NEEDS2 | FX_RESOURCE, effect_check_resource) \
    X(addHealthPoints, effect_add_health_points, FX_MOVE1 | FX_HEALTH,              effect_check_health) \
    X(addHealthPointsToMax, effect_add_health_points_to_max, FX_MOVE1 | FX_HEALTH,  effect_check_health) \
    X(subtractHealthPoints, effect_subtract_health_points, FX_MOVE1 | FX_KILL1 | FX_HEALTH, effect_check_health) \
    X(setSpeedForAll, effect_set_speed_for_all, FX_SPEED,                           effect_check_speed) \
    X(increaseSpeedToAll, effect_increase_speed_to_all, FX_SPEED,                   effect_check_speed) \
    X(decreaseSpeedToAll, effect_decrease_speed_to_all, FX_SPEED,                   effect_check_speed) \
    X(halfSpeed,      effect_half_speed,        FX_MOVE1 | FX_SPEED,                effect_check_speed) \
    /* -- time (effect_timer.c) */ \
    X(addTimer,       effect_add_timer,         0,                                  effect_check_add_timer) \
    /* -- walls and bounces, continuous physics (effect_wall.c) */ \
    X(wallStop,       effect_wall_stop,         FX_MOVE1 | FX_NEEDS2 | FX_SPEED,    NULL) \
    X(wallBounce,     effect_wall_bounce,       FX_MOVE1 | FX_NEEDS2 | FX_BATCH,    NULL) \
    X(wallReverse,    effect_wall_bounce,       FX_MOVE1 | FX_NEEDS2 | FX_SPEED | FX_BATCH, NULL) \
    X(bounceDirection, effect_bounce_direction, FX_MOVE1 | FX_NEEDS2,               NULL) \
    X(killIfSlow,     effect_kill_if_slow,      FX_KILL1 | FX_NEEDS2 | FX_SPEED,    NULL) \
    X(killIfNotUpright, effect_kill_if_not_upright, FX_KILL1,                       NULL)

#define EFFECT_ENUM(name, fn, flags, check) EFF_##name,
enum { EFFECT_LIST(EFFECT_ENUM) NUM_EFFECTS };
#undef EFFECT_ENUM

typedef struct effect_row {
    const char *name;
    effect_fn *fn;
    unsigned flags;          /* FX_* */
    effect_check_fn *check;  /* NULL: nothing to check */
} effect_row;

extern const effect_row effect_table[NUM_EFFECTS];

int effect_find(const char *name);                   /* EFF_* number, or -1 */
int effect_names(const char **out, int max);         /* fills out[] with the effect names; returns how many */
unsigned effect_flags(int kind);                     /* FX_* of an effect (a script effect: may do anything) */
const char *effect_name(int kind);                   /* "stepBack"; "a script effect" for EFFECT_SCRIPT */
/* Runs effect row 'e' on 'a' and 'b' (a script effect through the
 * game's script callbacks), adds its score and records the avatar event. */
void effect_apply(tick_ctx *t, const effect_def *e, int a, int b);
/* Runs batch row 'e' (FX_BATCH) on 'a' and the 'n' sprites 'b' it
 * overlaps: its score counts as many times as the effect says, and an
 * event per pair. */
void effect_apply_batch(tick_ctx *t, const effect_def *e, int a, const int *b, int n);
/* wallBounce and wallReverse on a batch (effect_wall.c); returns how many
 * sprites the one it bounced off stands for. */
int effect_wall_batch(tick_ctx *t, const effect_def *e, int a, const int *b, int n);
/* Runs timed row 'e' (GVGAI's TIME) on sprite 'a': its score always applies, no event. */
void effect_apply_timed(tick_ctx *t, const effect_def *e, int a);
/* ---- The pending list (effect_timer.c) */
void effect_timers_start(const vg_game *g, vg_state *s);  /* a level's start: the timed rows pending */
void effect_run_timers(tick_ctx *t);                      /* step 1 of the collision pass: what is due */
/* New sprite 'n' replaces sprite 'old' as transformTo replaces (without
 * its parameters): where 'old' stood when the tick began, its orientation
 * when both keep one and 'n' has none yet, its resources and health
 * points; then 'old' dies (an avatar turned into a non-avatar is
 * disabled). The state handle's transform. */
void effect_take_over(tick_ctx *t, int old, int n);
/* VG_OK when '*t' names a type whose own sprites an effect can create or
 * find: a leaf, or a type with subtypes, then replaced by the leaf holding
 * its own sprites (game_self_leaf); else an error at e's line naming the
 * parameter 'key' (an effect's check uses it for the types it creates). */
vg_status effect_check_leaf(vg_game *g, const effect_def *e, int *t, const char *key, vg_error *err);

#endif
