/* SPDX-License-Identifier: MIT
 *
 * effect.h -- collision effects: what happens when two sprites of a pair
 * of types overlap (or one leaves the screen, or a timer fires).
 *
 * EFFECT_LIST below is the single list of effects: one row each (name,
 * function, flags, check). It generates the EFF_* numbers, the functions'
 * prototypes and the table in effect.c. The functions live in one file per
 * family (effect_*.c); adding an effect is one function and one row. The
 * flags say all that the effect may do, to its two sprites and beyond:
 * game_finish derives from them which types never change (the static
 * layer) and what sprites carry, and the level solver's proofs (bound*.c)
 * read them, never an effect's name; test_effect.c runs every row on probe
 * states and checks that it does nothing its flags do not say. A row's own
 * flags (effect_def.flags) are its kind's as its parameters make them.
 * Internal header.
 */
#ifndef VG_EFFECT_H
#define VG_EFFECT_H

#include "players.h"

enum {                    /* effect_row.flags, effect_def.flags */
       FX_MOVE1 = 1,      /* may move (or otherwise change) the first sprite */
       FX_MOVE2 = 2,      /* ... the second */
       FX_KILL1 = 4,      /* may kill the first sprite */
       FX_KILL2 = 8,      /* ... the second */
       FX_CREATES = 16,   /* creates sprites (of its 'stype' / 'stypeTo'; FX_CLONES: of the first's type) */
       FX_NEEDS2 = 32,    /* needs a second sprite: not allowed at the screen's edge (EOS) */
       FX_HEALTH = 64,    /* reads or changes health points: sprites carry them (EXT_HEALTH) */
       FX_SPEED = 128,    /* changes a sprite's own speed (EXT_SPEED) */
       FX_RESOURCE = 256, /* reads or changes resources: sprites carry them (EXT_RESOURCES) */
       FX_BATCH = 512,    /* runs once per first sprite with all the second ones it overlaps (effect_apply_batch) */
       FX_ADDS = 1024,    /* creates sprites besides those it replaces: their number can grow without end */
       /* What the level solver's proofs (bound*.c) ask of a rule */
       FX_OTHERS = 2048,   /* may act beyond its two sprites: on the sprites of its 'stype' wherever they are,
                            * on every sprite that moved this tick (undoAll), or on other rules (shieldFrom,
                            * addTimer's delayed effect) */
       FX_UNDO = 4096,     /* all it moves goes back the way it came this tick, at most to where it was when the
                            * tick began: the first sprite (stepBack; with pixelPerfect only out of the second),
                            * or with FX_OTHERS every sprite that moved, but its 'notTypes' (undoAll: the
                            * two sprites too, without FX_MOVE1 or FX_MOVE2, so that what never moves stays
                            * static) */
       FX_REPLACES = 8192, /* replaces the first sprite, where it stands, by one of a type its 'stype' names */
       FX_PUSH = 16384,    /* moves the first sprite along the line the second moved on this tick (a push) */
       FX_VALUES1 = 32768, /* what it changes of the first sprite is values (resources, health), never its place */
       FX_VALUES2 = 65536, /* ... of the second sprite */
       FX_SURE = 131072,   /* does all it says whenever it runs: no condition, no draw (a sprite it creates
                            * may still be refused: a singleton that exists, a full state) */
       FX_CLONES = 262144  /* creates a sprite of the first sprite's own type */
};

#define EFFECT_SCRIPT (-2)      /* effect_def.kind of a custom effect written in the script */
#define REF_NONE      INT32_MIN /* no sprite: an effect fired by time */

/* Applies effect row 'e' to sprites 'a' and 'b' (references, see state.h;
 * 'b' is REF_NONE at the edge or for a timer). Returns 1 when the row's
 * score applies, 0 when it does not (GVGAI's applyScore: an effect with a
 * condition, such as killIfHasLess, scores only when it fires). */
typedef int effect_fn(tick_ctx *t, const effect_def *e, int a, int b);
/* Checks an effect row's parameters once the whole game is declared
 * (game_finish); may note what the row needs (game_need_ext, ...) and
 * narrow its flags to what its parameters let it do. Returns VG_OK or
 * fills 'err' at the row's line. */
typedef vg_status effect_check_fn(vg_game *g, effect_def *e, vg_error *err);

/* clang-format off: the table keeps its columns */
/* One block per family (effect.c: scoreChange and effect_check_none, which checks nothing); add a row to yours.
 *      name            function                  flags                               check */
#define EFFECT_LIST(X) \
    /* -- score (effect.c) */ \
    X(scoreChange, effect_none, FX_SURE, effect_check_none) \
    /* -- kill (effect_kill.c) */ \
    X(killSprite, effect_kill_sprite, FX_KILL1 | FX_SURE, effect_check_none) \
    X(killBoth, effect_kill_both, FX_KILL1 | FX_KILL2 | FX_NEEDS2 | FX_SURE, effect_check_none) \
    X(killAll, effect_kill_all, FX_OTHERS | FX_SURE, effect_check_kill_all) \
    X(killIfAlive, effect_kill_if_alive, FX_KILL1 | FX_NEEDS2, effect_check_none) \
    X(killIfFromAbove, effect_kill_if_from_above, FX_KILL1 | FX_NEEDS2, effect_check_none) \
    X(killIfFrontal, effect_kill_if_frontal, FX_KILL1 | FX_NEEDS2, effect_check_none) \
    X(killIfNotFrontal, effect_kill_if_not_frontal, FX_KILL1 | FX_NEEDS2, effect_check_none) \
    X(killIfHasLess, effect_kill_if_has, FX_KILL1 | FX_RESOURCE, effect_check_has) \
    X(killIfHasMore, effect_kill_if_has, FX_KILL1 | FX_RESOURCE, effect_check_has) \
    X(killIfOtherHasMore, effect_kill_if_other_has_more, FX_KILL1 | FX_MOVE2 | FX_NEEDS2 | FX_RESOURCE | FX_VALUES2, \
      effect_check_has) \
    X(removeScore, effect_remove_score, 0, effect_check_none) \
    X(shieldFrom, effect_shield_from, FX_OTHERS | FX_SURE, effect_check_shield_from) \
    /* -- spawn and transform (effect_spawn.c) */ \
    X(transformTo, effect_transform_to, FX_MOVE1 | FX_CREATES | FX_REPLACES | FX_SURE, effect_check_transform_to) \
    X(transformToAll, effect_transform_to_all, FX_CREATES | FX_OTHERS | FX_SURE, effect_check_transform_to_all) \
    X(transformToRandomChild, effect_transform_to_random_child, FX_MOVE1 | FX_CREATES | FX_REPLACES, \
      effect_check_random_child) \
    X(transformIfCount, effect_transform_if_count, FX_MOVE1 | FX_CREATES | FX_NEEDS2 | FX_REPLACES, \
      effect_check_transform_if_count) \
    X(transformToSingleton, effect_transform_to_singleton, \
      FX_MOVE1 | FX_CREATES | FX_NEEDS2 | FX_REPLACES | FX_OTHERS, effect_check_transform_to_singleton) \
    X(spawn, effect_spawn, FX_CREATES | FX_ADDS, effect_check_transform_to) \
    X(spawnIfHasMore, effect_spawn_if_has, FX_MOVE1 | FX_CREATES | FX_ADDS | FX_RESOURCE, effect_check_has) \
    X(spawnIfHasLess, effect_spawn_if_has, FX_CREATES | FX_ADDS | FX_RESOURCE, effect_check_has) \
    X(spawnIfCounterSubTypes, effect_spawn_if_counter_subtypes, FX_CREATES | FX_ADDS, effect_check_counter_subtypes) \
    X(spawnAbove, effect_spawn_next_to, FX_CREATES | FX_ADDS | FX_NEEDS2, effect_check_transform_to) \
    X(spawnBelow, effect_spawn_next_to, FX_CREATES | FX_ADDS | FX_NEEDS2, effect_check_transform_to) \
    X(spawnLeft, effect_spawn_next_to, FX_CREATES | FX_ADDS | FX_NEEDS2, effect_check_transform_to) \
    X(spawnRight, effect_spawn_next_to, FX_CREATES | FX_ADDS | FX_NEEDS2, effect_check_transform_to) \
    X(spawnBehind, effect_spawn_next_to, FX_CREATES | FX_ADDS | FX_NEEDS2, effect_check_transform_to) \
    X(cloneSprite, effect_clone_sprite, FX_MOVE1 | FX_CREATES | FX_ADDS | FX_CLONES | FX_SURE, effect_check_none) \
    X(updateSpawnType, effect_update_spawn_type, FX_OTHERS, effect_check_update_spawn_type) \
    /* -- movement (effect_move.c); undoAll moves only sprites that moved: never fixed ones */ \
    X(stepBack, effect_step_back, FX_MOVE1 | FX_UNDO | FX_SURE, effect_check_none) \
    X(bounceForward, effect_bounce_forward, FX_MOVE1 | FX_NEEDS2 | FX_PUSH, effect_check_none) \
    X(undoAll, effect_undo_all, FX_OTHERS | FX_UNDO | FX_SURE, effect_check_none) \
    X(wrapAround, effect_wrap_around, FX_MOVE1, effect_check_none) \
    X(reverseDirection, effect_reverse_direction, FX_MOVE1, effect_check_none) \
    X(flipDirection, effect_flip_direction, FX_MOVE1, effect_check_none) \
    X(turnAround, effect_turn_around, FX_MOVE1, effect_check_none) \
    X(attractGaze, effect_attract_gaze, FX_MOVE1 | FX_NEEDS2, effect_check_none) \
    X(align, effect_align, FX_MOVE1 | FX_NEEDS2, effect_check_none) \
    X(teleportToExit, effect_teleport_to_exit, FX_MOVE1 | FX_KILL1 | FX_NEEDS2, effect_check_none) \
    X(pullWithIt, effect_pull_with_it, FX_MOVE1 | FX_NEEDS2, effect_check_none) \
    /* -- resources, health, speed (effect_resource.c) */ \
    X(changeResource, effect_change_resource, FX_MOVE1 | FX_KILL2 | FX_NEEDS2 | FX_RESOURCE | FX_VALUES1, \
      effect_check_resource) \
    X(collectResource, effect_collect_resource, FX_KILL1 | FX_MOVE2 | FX_NEEDS2 | FX_RESOURCE | FX_VALUES2, \
      effect_check_resource) \
    X(collectResourceIfHeld, effect_collect_resource_if_held, \
      FX_KILL1 | FX_MOVE2 | FX_NEEDS2 | FX_RESOURCE | FX_VALUES2, effect_check_resource) \
    X(addHealthPoints, effect_add_health_points, FX_MOVE1 | FX_HEALTH | FX_VALUES1, effect_check_health) \
    X(addHealthPointsToMax, effect_add_health_points_to_max, FX_MOVE1 | FX_HEALTH | FX_VALUES1, effect_check_health) \
    X(subtractHealthPoints, effect_subtract_health_points, FX_MOVE1 | FX_KILL1 | FX_HEALTH | FX_VALUES1 | FX_OTHERS, \
      effect_check_subtract_health) \
    X(setSpeedForAll, effect_set_speed_for_all, FX_SPEED | FX_OTHERS | FX_SURE, effect_check_speed) \
    X(increaseSpeedToAll, effect_increase_speed_to_all, FX_SPEED | FX_OTHERS | FX_SURE, effect_check_speed) \
    X(decreaseSpeedToAll, effect_decrease_speed_to_all, FX_SPEED | FX_OTHERS | FX_SURE, effect_check_speed) \
    X(halfSpeed, effect_half_speed, FX_MOVE1 | FX_SPEED, effect_check_speed) \
    /* -- time (effect_timer.c) */ \
    X(addTimer, effect_add_timer, FX_OTHERS | FX_SURE, effect_check_add_timer) \
    /* -- walls and bounces, continuous physics (effect_wall.c) */ \
    X(wallStop, effect_wall_stop, FX_MOVE1 | FX_NEEDS2 | FX_SPEED, effect_check_none) \
    X(wallBounce, effect_wall_bounce, FX_MOVE1 | FX_NEEDS2 | FX_BATCH, effect_check_none) \
    X(wallReverse, effect_wall_bounce, FX_MOVE1 | FX_NEEDS2 | FX_SPEED | FX_BATCH, effect_check_none) \
    X(bounceDirection, effect_bounce_direction, FX_MOVE1 | FX_NEEDS2, effect_check_none) \
    X(killIfSlow, effect_kill_if_slow, FX_KILL1 | FX_NEEDS2 | FX_SPEED, effect_check_none) \
    X(killIfFast, effect_kill_if_fast, FX_KILL1 | FX_NEEDS2 | FX_SPEED, effect_check_none) \
    X(killIfNotUpright, effect_kill_if_not_upright, FX_KILL1, effect_check_none)
/* clang-format on */

#define EFFECT_PROTOTYPES(name, fn, flags, check) \
    effect_fn fn; \
    effect_check_fn check;
EFFECT_LIST(EFFECT_PROTOTYPES)
#undef EFFECT_PROTOTYPES
effect_check_fn effect_check_time;    /* a timed row (GVGAI's TIME) */
effect_fn effect_bounce_forward_cont; /* bounceForward of a continuous sprite (effect_wall.c) */

#define EFFECT_ENUM(name, fn, flags, check) EFF_##name,
enum { EFFECT_LIST(EFFECT_ENUM) NUM_EFFECTS };
#undef EFFECT_ENUM

typedef struct effect_row {
    const char *name;
    effect_fn *fn;
    unsigned flags; /* FX_* */
    effect_check_fn *check;
} effect_row;

extern const effect_row effect_table[NUM_EFFECTS];
void effect_bind(effect_def *e); /* sets e->fn and e->plain: its kind's function, or the script's */

int effect_find(const char *name);           /* EFF_* number, or -1 */
int effect_names(const char **out, int max); /* fills out[] with the effect names; returns how many */
unsigned effect_flags(int kind);             /* FX_* of an effect kind (a script effect: may do anything) */
const char *effect_name(int kind);           /* "stepBack"; "a script effect" for EFFECT_SCRIPT */
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
/* Adds the scores 'sc' (one a player) to the players: in a game for one
 * player with no counters, to the state's score. */
static inline void effect_score(tick_ctx *t, const double sc[VG_MAX_PLAYERS]) {
    if (t->g->tally) players_tally(t, sc, NULL, 1, 1);
    else t->s->score += sc[0];
}
/* ---- The pending list (effect_timer.c) */
void effect_timers_start(const vg_game *g, vg_state *s); /* a level's start: the timed rows pending */
void effect_run_timers(tick_ctx *t);                     /* step 1 of the collision pass: what is due */
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
