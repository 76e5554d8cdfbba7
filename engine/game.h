/* SPDX-License-Identifier: MIT
 *
 * game.h -- the rules of a loaded game and the builder API that fills them.
 *
 * A 'vg_game' holds everything that does not change during play: the type
 * tree, the interaction and termination rows, the level's static layer
 * (sprites that provably never change, such as Bait's walls and floors) and
 * the level's start state. Loaders (today only engine/lua/) build a game
 * through the game_* builder functions below, so a game can also be built
 * in C with no Lua at all (the tests do).
 *
 * Internal header: agents and tools include only vgdl.h.
 */
#ifndef VG_GAME_H
#define VG_GAME_H

#include "error.h"
#include "script.h"

typedef struct type_def type_def;

#define TYPE_LIST_MAX   8
#define VG_MAX_COUNTERS 4 /* GVGAI's game counters (no_counters): script variables counter0, counter1, ... */
/* Types named in order (P_TYPELIST), as GVGAI keeps a comma-separated list. */
typedef struct type_list {
    int n;
    int t[TYPE_LIST_MAX];
} type_list;

/* ---- Types ------------------------------------------------------------ */

struct type_def {
    char name[32];
    int parent;        /* -1 for a root */
    int line;          /* script line that declared it */
    int cls;           /* CLS_* (class.h), -1: none (a parent may have none) */
    uint64_t subtypes; /* leaf types that are this type or descend from it */
    int leaf;          /* 1 when no type names it as parent */
    int fixed;         /* 1 when nothing moves or creates it: it lives in the static layer */
    int killable;      /* fixed, but rules can kill it: it has alive bits in the state */
    int force_dynamic; /* script asked for 'dynamic = true' */
    uint64_t set[2];   /* sprite parameters set on it or its ancestors (rows of param.c's sprite table) */
    uint64_t own[2];   /* ... those its own declaration sets */
    /* Parameters, inherited from the parent at declaration. Each family of
     * classes keeps its own below; add a field to your family's block. */
    /* -- every class */
    double speed;
    int cooldown;
    uint32_t color;
    char img[48];      /* GVGAI's image name, kept for drawing */
    int portal;        /* GVGAI portal: observed as a portal (unless an avatar or a resource) */
    int hidden;        /* a bit per player it is hidden from (GVGAI hidden=True,False), 0: seen by all */
    int is_npc;        /* GVGAI is_npc: observed as an NPC (1) or not (0) whatever its class says; -1 unset */
    int singleton;     /* declared on this type: one sprite at most in its subtree */
    char glyph;        /* first map character placing it, '?' if none */
    int oriented;      /* keeps an orientation (GVGAI is_oriented) */
    int8_t dx0, dy0;   /* orientation of a new sprite */
    int stype, stype2; /* what it spawns / chases / flees / shoots (OngoingTurningAvatar: stype2 is spawnBehind); -1 */
    type_list stype_list, stype2_list; /* the same named as lists (classes with CLASS_LISTS): ShootAvatar's weapons,
                             * the alternate chasers' targets; 'stype' and 'stype2' are their first */
    int health;                        /* health points a new sprite has (GVGAI healthPoints) */
    int health_max;                    /* GVGAI maxHealthPoints; 0: its 'health' */
    int health_limit;                  /* the most it may ever have (GVGAI limitHealthPoints) */
    int ttl;                           /* GVGAI timeToLive: updates it lives, -1: no end */
    int self;                          /* a type with subtypes whose own sprites a map places or a rule creates
                             * (GVGAI allows it): the leaf type holding them (game_self_leaf), else -1 */
    int update_ref;                    /* the script's update function for its sprites (the loader's reference;
                             * inherited), 0: none */
    /* -- avatars (class_avatar.c) */
    int rotate_in_place; /* OrientedAvatar: turning takes a tick of its own */
    int ammo;            /* shooting avatars: the resource a shot needs, -1: none */
    type_list
        ammo_list; /* ShootAvatar, ShootOnlyAvatar: 'ammo' a list, the resource each weapon needs (none past its end) */
    int min_ammo;  /* FlakAvatar: shoots only holding more than this, -1: more than 0 */
    int ammo_cost; /* FlakAvatar: ammo a shot spends (ShootAvatar: 1) */
    int from_avatar; /* a shooting avatar creates it: GVGAI's from-avatar category (game_finish) */
    /* -- NPCs and missiles (class_npc.c) */
    int cons;            /* RandomNPC: ticks a random direction is kept */
    double max_distance; /* Chaser: ignores targets further than this (pixels), -1: none */
    double epsilon;      /* RandomAltChaser, RandomPathAltChaser: chance of a random step */
    int random_target;   /* PathAltChaser: picks its next target at random (GVGAI randomTarget) */
    /* -- producers and still sprites (class_producer.c, class.c) */
    double prob;               /* SpawnPoint: chance to spawn when it may */
    int total;                 /* SpawnPoint: spawns before it disappears, 0: no end */
    int8_t spawn_dx, spawn_dy; /* SpawnPoint: orientation of what it spawns (GVGAI spawnorientation), 0 0: none */
    type_list stypes;          /* BomberRandomMissile (stypeMissile), SpawnPointMultiSprite (stypes) */
    int limit;                 /* Flicker: dies once older than this; Resource: the most a sprite holds */
    int value;                 /* Resource: how much collecting one gives */
    double spread_prob;        /* Spreader: chance of spreading to each side (GVGAI spreadprob) */
    /* -- continuous physics (physics_cont.c, class_cont.c) */
    char physics[8]; /* GVGAI physicstype: "GRID" (or empty) or "CONT" */
    int cont;        /* 1: continuous physics (game_finish, from 'physics') */
    int vec;         /* 1: keeps a real orientation and rotation (the sprite's EXT_CONT) */
    double gravity, friction, mass;
    double max_speed;      /* the most 'speed' a move gives, -1: no limit */
    double jump_strength;  /* PlatformerAvatar, WizardAvatar, BirdAvatar, WalkerJumper */
    double angle_diff;     /* the turning avatars: radians a tick */
    double probability;    /* WalkerJumper: chance of a jump a tick on the ground */
    double w_mult, h_mult; /* its rectangle: the cell's size times these (GVGAI wMult, hMult) */
    int solid;             /* others stand on it (GVGAI solid) */
    int is_static;         /* GVGAI is_static: no passive movement; killIfSlow reads the other's speed */
};

/* ---- Effects and terminations (tables in effect.h, term.h) ------------ */

typedef struct effect_def {
    int kind;       /* EFF_* (effect.h), or EFFECT_SCRIPT */
    unsigned flags; /* FX_* (effect.h): its kind's, as its parameters make them (game_finish) */
    int t1, t2;     /* the colliding pair of types (t2 EOS_TYPE: the screen's edge) */
    int line;
    int script_ref; /* a script effect: the loader's reference to its function */
    uint64_t set;   /* the effect parameters the row sets (rows of param.c's effect table) */
    /* Parameters. Each family of effects keeps its own below; add a field
     * to your family's block. A parameter naming a type an effect creates
     * goes in 'stype' or 'stype_to' (game_finish marks those types changing). */
    /* -- every effect */
    double score[VG_MAX_PLAYERS]; /* scoreChange: each player's (one value: every player's; a list: GVGAI's,
                             * a player past its end gets the first) */
    int stype;                    /* the type it creates or targets (transformTo, ...), -1 */
    int stype_to;                 /* transformToAll: the type sprites of 'stype' become (transformIfCount's
                             * 'estype', transformToSingleton's 'stype_other'), -1 */
    int repeat;                   /* GVGAI repeat: the row runs this many times in a row (0, 1: once) */
    int after;                    /* what the row does after its effect but its one player's score (game_finish): */
#define AFTER_EVENTS   1          /*   a side's types include an avatar type: it records events */
#define AFTER_TALLY    2          /*   scores go to players and counters (players_tally: g->tally), when it has any */
#define AFTER_REST     4          /*   it may move or create sprites: sprites at rest may have to move (rest.c) */
#define AFTER_REST_ALL 8          /*   it acts beyond its two sprites, or is the script's: they all move first */
    int pair;                     /* the pair whose effects it is among (g->pairs), -1: none (rest.c) */
    /* what runs it (effect_bind): its kind's function or the script's ('plain'), or rest.c's around it */
    int (*fn)(struct tick_ctx *t, const struct effect_def *e, int a, int b);
    int (*plain)(struct tick_ctx *t, const struct effect_def *e, int a, int b);
    /* -- kill, spawn, transform (effect_kill.c, effect_spawn.c) */
    int kill_second;              /* transformTo: also kill the second sprite */
    double prob;                  /* spawn and its kin: the chance it creates (drawn every time), 1 */
    int step_back;                /* spawnAbove...: from where the second sprite was before this tick */
    int force_orientation;        /* transformTo...: the new sprite always takes the old one's orientation */
    int take_orientation;         /* transformToSingleton: the new sprite faces against the second one */
    int stype_count;              /* transformIfCount: the type counted, -1 */
    int geq, leq;                 /* transformIfCount: the count's bounds (0 and VG_MAX_SPRITES unless set) */
    int subtract;                 /* killIfOtherHasMore: the second sprite gives up 'limit' of 'resource' */
    int spend;                    /* spawnIfHasMore: how much of 'resource' a spawn costs */
    int subtypes_num;             /* spawnIfCounterSubTypes: GVGAI subTypesNum */
    int spawn_point;              /* updateSpawnType: the producers whose spawn type changes (GVGAI spawnPoint), -1 */
    int counter[VG_MAX_COUNTERS]; /* GVGAI counter: what each game counter gains when the row runs */
    int counter_else[VG_MAX_COUNTERS]; /* GVGAI counterElse: ... too (transformIfCount: when it takes 'estype') */
    /* -- movement (effect_move.c) */
    double offset;       /* wrapAround */
    type_list not_named; /* undoAll: the types left alone ('notStype') ... */
    uint64_t not_types;  /* ... their leaf types (game_finish) */
    int align;           /* attractGaze: also line up with the second sprite */
    int orient;          /* align: take the second sprite's orientation; -1 unset (yes) */
    int pixel_perfect;   /* stepBack: only out of the second sprite; pullWithIt: onto it */
    int group;           /* the first row of its declaration (GVGAI keeps one effect object a line) */
    /* -- resources, health, speed, score (effect_resource.c) */
    int resource;      /* changeResource, killIfHasLess, ...: the resource type, -1 */
    int held_resource; /* collectResourceIfHeld: the resource that must be held, -1 */
    double value;      /* how much (resources, health points, speed); NaN until set or defaulted by the row's check */
    int limit;         /* killIfHasLess, subtractHealthPoints, ...: the threshold */
    int kill_resource; /* changeResource, collectResource: kill the resource; -1 unset (the effect's default) */
    double
        score_if_killed[VG_MAX_PLAYERS]; /* subtractHealthPoints: the scores when it kills instead of 'scoreChange' */
    /* -- time (effect_timer.c) */
    int timer;          /* addTimer: ticks until the delayed effect */
    int ftype;          /* addTimer: the delayed effect (a row of the effect table), -1 */
    int repeating;      /* TIME: fires again 'timer' ticks after it fired */
    int next_execution; /* TIME: set (not -1): first fires after 'timer' ticks, else in the first tick */
    /* -- walls and bounces (effect_wall.c) */
    double limspeed; /* killIfSlow: the speed below which it kills */
} effect_def;

typedef struct term_def {
    int kind; /* row of the termination table, or TERM_SCRIPT */
    int line;
    int stype;          /* SpriteCounter, SpriteCounterMore; MultiSpriteCounter's 'stype1', -1 */
    int stype2, stype3; /* MultiSpriteCounter: more types counted together, -1 */
    int limit;          /* SpriteCounter, Timeout, ... */
    int min;            /* MultiSpriteCounter: 'limit' or more ends it, not exactly 'limit' */
    int subtypes_num;   /* MultiSpriteCounterSubTypes: how many leaf types must have sprites (GVGAI subTypesNum) */
    int use_counter;    /* Timeout: the game counters decide who wins (GVGAI use_counter) */
    int compare;        /* Timeout with use_counter: the first player wins when the counters differ */
    int limits
        [VG_MAX_COUNTERS]; /* Timeout with use_counter, not compare: player p wins when counter p ends at limits[p] */
    int win;               /* a bit per player who wins when it ends here (GVGAI win=True,False: a player past
                             * the list's end loses) */
    int count_score;       /* GVGAI count_score: the players with the best score win instead (term_run) */
    int script_ref;
    uint64_t leaves; /* the leaf types a count termination counts (term_check) */
} term_def;

#define MAP_EMPTY (-2) /* mapping[c][0] of a character that places nothing: an empty cell */
#define MAP_UNDECLARED \
    (-5)               /* mapping[c][0] of a character that places a type the game does not declare
                             * (gvgai_maps: an error only in a level that uses it, as in GVGAI) */
#define EOS_TYPE  (-3) /* the second "type" of an effect that fires at the edge of the screen */
#define TIME_TYPE (-4) /* the second "type" of a timed effect (GVGAI's TIME): it fires by the clock */

/* A pair of types with its effects, in the order GVGAI runs them. */
typedef struct pair_def {
    int t1, t2;
    int first, count; /* range in 'pair_effects' */
} pair_def;

/* ---- The game --------------------------------------------------------- */

#define VG_MAX_EFFECTS      256
#define VG_MAX_FIXUPS       256 /* sprite parameters naming a type declared later */
#define VG_MAX_VARS         16
#define VG_MAX_TIMERS       32   /* delayed effects (addTimer) a state holds pending */
#define VG_MAX_TIMERS_MULTI 1024 /* ... in a game for several players, at most (finish_players) */
#define NO_BIT              0xffff
#define PAIR_WORDS          (VG_MAX_EFFECTS / 64)
#define VG_MAX_TERMS        32

#define MAX_STRIDE        128 /* bytes per changing sprite, header and extension */
#define GAME_MAX_WARNINGS 32  /* warnings a game keeps (more are counted, not kept) */

/* Fields a game's changing sprites may carry after their header (state.h),
 * each present only in games whose rules need it (game.h's ext_off). */
enum {
    EXT_SPEED,     /* double: the sprite's own speed, for rules that change it */
    EXT_HEALTH,    /* int16 health points, int16 the most it has had */
    EXT_RESOURCES, /* uint16 bit set of resources held, then int16 amounts, one per resource kind */
    EXT_AUX,       /* two int32 for a class's own use */
    EXT_CONT,      /* three doubles: a real orientation (x, y) and a rotation (physics_cont.c) */
    EXT_SPAWN,     /* TYPE_LIST_MAX uint8: what a producer creates, which updateSpawnType changes (class_producer.c) */
    NUM_EXT
};

struct vg_game {
    char script_path[256];
    char level_path[256];
    /* rules */
    int ntypes;
    type_def types[VG_MAX_TYPES];
    uint8_t update_order[VG_MAX_TYPES]; /* leaf types that move by themselves, in update order */
    void (*update_fn[VG_MAX_TYPES])(tick_ctx *t, int i, vg_action a); /* per leaf type: what updates its sprites
                                          * (class.h's class_update_fn: its class's, or class_update_scripted) */
    int nupdate;
    uint64_t avatar_types;            /* leaf types of avatar classes */
    uint64_t ground_types;            /* leaf types of classes that stand on solid sprites (CLASS_GROUND) */
    struct type_acts {                /* per avatar leaf type: its class's actions (class_actions) */
        uint16_t n;                   /* how many */
        uint16_t allowed;             /* bit a set for each action a it has */
        vg_action at[VG_MAX_ACTIONS]; /* in GVGAI's order */
    } acts[VG_MAX_TYPES];
    int acts_type;     /* an avatar type whose actions all avatar types have, -1: they differ */
    uint64_t changing; /* leaf types whose sprites live in the state (not fixed) */
    uint64_t
        oriented_types; /* changing types that keep an orientation (type_def 'oriented', or given one by takeOrientation) */
    uint8_t range_slot[VG_MAX_TYPES]; /* a changing leaf type's entry in a state's type ranges */
    int nranges;                      /* changing leaf types */
    char mapping[256][8];             /* map byte -> up to 7 types, -1 ended; unmapped: mapping[c][0] -1 */
    int mapping_line[256];
    char map_undeclared[256][32]; /* MAP_UNDECLARED: the type it names (its first 31 bytes) */
    int neffects;
    effect_def effects[VG_MAX_EFFECTS];
    int npairs;
    pair_def pairs[VG_MAX_EFFECTS];
    int nfixups;
    struct fixup {
        char name[32];
        int *field;
        int line;
        const char *param;
    } fixups[VG_MAX_FIXUPS]; /* types named before declared */
    int neos;
    int eos_effects[VG_MAX_EFFECTS]; /* effects at the screen's edge, in script order */
    int ntimers;                     /* pending delayed effects a state can hold (0: no addTimer) */
    int pair_effects[VG_MAX_EFFECTS];
    int nterms;
    term_def terms[VG_MAX_TERMS];
    int terms_uncounted;       /* a termination may hold with no sprite count changed (term_check) */
    int recount;               /* a StopCounter lets sprite counters hold with no count changed (term_check) */
    int square;                /* pixels per cell (GVGAI square_size) */
    int max_ticks;             /* the game is lost when it runs this long */
    int nplayers;              /* players, each with an avatar (GVGAI no_players; 1 unless set) */
    int ncounters;             /* GVGAI's game counters (no_counters): the variables counter0... */
    int counter_var;           /* ... which are the script variables from this one on */
    int tally;                 /* an effect's score goes to several players or counters (effect_apply) */
    int views;                 /* a player may not see an avatar: states keep what player 0 saw (state_view) */
    int gvgai_maps;            /* one of GVGAI's games (its game file, or its conversion): maps are
                                           * read as GVGAI reads them (short rows padded, unmapped characters
                                           * empty), and a parameter GVGAI ignores is a warning, not an error */
    type_list obs_named;       /* GVGAI obs: the types its path finder goes around ... */
    uint64_t obstacles;        /* ... those of them that hold sprites (game_finish); 0: none named */
    uint64_t ref_holders;      /* leaf types whose sprites keep a sprite's id + 1 in aux[0] and where it
                                           * was in aux[1] (x low, y high 16 bits), which tick_end keeps when it dies */
    uint64_t ref_targets;      /* leaf types the ref_holders' sprites refer to */
    int leaves_first;          /* types renumbered, leaves first (game_types.c) */
    int may_create;            /* 1 when rules can create sprites */
    int may_grow;              /* 1 when they can add sprites, not only replace ones (their number has no bound) */
    int geom;                  /* 1: sprites of several sizes or continuous physics: every tick checks
                                           * every pair, overlaps by their rectangles (physics_cont.c) */
    unsigned ext_needs;        /* EXT_* bits the rules need (set while building, see game_need_ext) */
    uint32_t stride;           /* bytes per changing sprite: its header and the extension */
    uint16_t ext_off[NUM_EXT]; /* where each extension field is in a sprite, 0: absent */
    uint8_t ext_init[VG_MAX_TYPES][MAX_STRIDE]; /* per type: a new sprite's extension, the bytes past its header
                                                 * (game_finish, sprite_init_ext) */
    int nres;                                   /* resource kinds: leaf types held as resources, by type id */
    uint8_t res_type[VG_MAX_RESOURCES];
    int8_t res_slot[VG_MAX_TYPES]; /* a type's resource kind, -1: none */
    /* level */
    int w, h;
    int pw, ph;          /* map size in pixels */
    unsigned on_x, on_y; /* the last pixel x, y of a sprite wholly on the map: pw - square, ph - square */
    int size_w[VG_MAX_TYPES], size_h[VG_MAX_TYPES]; /* per type: its rectangle in pixels (wMult, hMult cells) */
    uint64_t *static_mask;                          /* per cell: static leaf types present */
    uint32_t *static_start;                         /* per cell: first entry in static_ents; w*h+1 */
    struct static_ent {                             /* the static layer, cell by cell */
        uint8_t type, cx, cy;
        uint16_t bit; /* alive bit, or NO_BIT */
        uint32_t id;
    } * static_ents;
    int static_count[VG_MAX_TYPES];      /* static sprites per leaf type */
    int32_t static_box[VG_MAX_TYPES][4]; /* per leaf type: pixels x0, y0, x1, y1 of the rectangle around its static
                                           * sprites ([x0, x1) x [y0, y1); empty when it has none) */
    struct path_table *path;             /* GVGAI's paths between the level's open cells (path.h); NULL: none */
    uint32_t *fixed_order;               /* static layer entries grouped by type, in id order */
    int fixed_first[VG_MAX_TYPES];       /* where each type's group starts in fixed_order */
    int bit_first[VG_MAX_TYPES];         /* alive bits of a killable type: [bit_first, bit_first + static_count) */
    uint32_t nbitwords, timer_word, range_word,
        nwords; /* a state's words of alive bits; where its timers and type ranges start; all */
    _Alignas(16) uint64_t partners[VG_MAX_TYPES]; /* leaf types a leaf type has rules with (aligned: the collision
                                                          * pass reads it and the pair masks a 16-byte pair at a time) */
    uint64_t pairs_as1[VG_MAX_TYPES][PAIR_WORDS]; /* per leaf type: pairs it is on the first side of */
    uint64_t pairs_as2[VG_MAX_TYPES][PAIR_WORDS]; /* ... on the second side of */
    uint64_t inv_square;                          /* x / square == (x * inv_square) >> 32 for pixel x >= 0 */
    int32_t *cell_col, *cell_row;                 /* per pixel column x of the map: its cell's column when x is a cell's
                                           * left edge, else -1; per pixel row y: its cell row times w, or -1 */
    uint32_t *span_col, *span_row; /* per pixel column x of the map: the first column a sprite at x covers
                                    * | the step to its second column << 16 (1; 0 when it covers one);
                                    * per pixel row y: the same for rows, a row given as its first cell
                                    * (row * w; the step w or 0). tick.h's square; same block as cell_col */
    uint32_t state_cap;            /* sprite capacity of every state */
    uint32_t create_below;         /* a creation with fewer sprites needs no check (tick_create) */
    uint64_t edge_types;           /* the leaf types the edge effects (eos_effects) apply to */
    /* sprites at rest (rest.c): the leaf types that may rest, the killable fixed ones, the pairs
     * whose first effect steps the first sprite back out of fixed ones, and per rest type and leaf
     * type the first pair with both (REST_NONE: none) */
    uint64_t rest_types, rest_killable;
    void (*pass)(struct tick_ctx *t); /* a tick's collision pass: interact_run, or rest.c's before it */
    uint64_t rest_stop[VG_MAX_TYPES]; /* per rest type: the fixed leaf types whose first pair with it is such */
    uint64_t rest_pairs[PAIR_WORDS];
    uint64_t rest_backs[PAIR_WORDS]; /* pairs whose first effect is a plain stepBack of the first sprite */
#define REST_NONE 255
    uint8_t rest_first[VG_MAX_TYPES][VG_MAX_TYPES];
    vg_state *start; /* the level's start state (seed 0) */
    /* script */
    const script_ops *ops;
    void *script;
    unsigned script_sets; /* SETS_*: what the script's code may set on sprites (below) */
    int has_heuristic, has_evaluate, has_bound;
    int nwarnings; /* what is likely a mistake but plays (vg_game_warnings) */
    vg_error warnings[GAME_MAX_WARNINGS];
    struct bound_rules *bound;       /* the bound derived from the rules (bound.c), NULL: none */
    struct bound_merge *bound_merge; /* or the one for merged boxes (bound_merge.c), NULL: none */
    const char *bound_note;          /* which proof it is, or why there is none */
    int turns;                       /* 1: agents take turns (turns{} in the script) */
    int nagents;                     /* how many, fixed per level */
    uint64_t chance;                 /* agents that are chance (their moves are outcomes) */
    int nmoves;
    char move_names[VG_MAX_MOVES][16];
    uint8_t move_action[VG_MAX_MOVES]; /* the action a move is named like (state:action()), else NIL */
    int nvars;
    char var_names[VG_MAX_VARS][16];
    int var_init[VG_MAX_VARS];
    int has_generate;                /* the script defines generate(rng, w, h) */
    vg_constraints constraints;      /* constraints{}: what its levels must be (constraint.c) */
    uint8_t res_named[VG_MAX_TYPES]; /* 1: the type is named as a resource (while building) */
    uint64_t passive_types; /* leaf types updated by class_update_passive on the grid (not cont): step 2 updates
                             * a range of them at once (class_update_passive_range) */
    uint64_t cell_fixed;    /* fixed leaf types of sprites no larger than a cell (one lies within its cell) */
    uint64_t solid_types;   /* leaf types others stand on (solid) */
    uint64_t seconds_of[VG_MAX_TYPES]; /* per leaf type: the leaf types second in the pairs it is first in */
    /* the tick's cell lists (tick.h's cell_lists) a list per type and cell: when sprites may stack
     * without bound (cells_stack, game_finish) and every changing leaf type's heads fit (the level:
     * cells_typed, game_cells_typed); per changing leaf type, its first head */
    int cells_stack, cells_typed;
    uint16_t cells_block[VG_MAX_LEAVES];
};

/* What a script's code may set on sprites (vg_game.script_sets; the Lua
 * loader reads it off the script's text, which holds all its code): only
 * then do sprites carry the field, so other games pay nothing for it. */
enum {
    SETS_SPEED = 1,       /* a sprite's own speed (EXT_SPEED) */
    SETS_HEALTH = 2,      /* health points (EXT_HEALTH) */
    SETS_RESOURCES = 4,   /* resources: every Resource and ResourcePack type is one a sprite may hold */
    SETS_ORIENTATION = 8, /* the orientation of any sprite: the search hash counts every changing type's */
    SETS_SPRITES = 16     /* any of a sprite's fields, its place or life (a method that changes a sprite) */
};

/* A parameter value handed over by a loader. */
typedef struct param_value {
    enum { PV_NUMBER, PV_BOOL, PV_STRING, PV_LIST } kind;
    double num;
    int b;
    const char *str;
    const char *const *list; /* PV_LIST: 'n' strings */
    int n;
} param_value;

/* ---- Builder API (game.c); each returns VG_OK or fills 'err' ---------- */

vg_game *game_new(const char *script_path); /* NULL when out of memory */
void game_free(vg_game *g);
vg_status game_set_param(vg_game *g, const char *key, const param_value *v, int line, vg_error *err);
/* Declares a type; 'cls' NULL inherits the parent's class. Returns the id via '*out'. */
vg_status game_add_type(vg_game *g, const char *name, const char *parent, const char *cls, int line, int *out,
                        vg_error *err);
vg_status game_type_param(vg_game *g, int type, const char *key, const param_value *v, int line, vg_error *err);
/* Map character 'c' places 'types' (n of them, up to 7) in its cell:
 * printable ASCII, or with gvgai_maps any byte from '!' up (GVGAI's
 * files); with gvgai_maps a type the game does not declare is an error
 * only in a level that uses 'c' (level.c), as in GVGAI. */
vg_status game_add_mapping(vg_game *g, char c, const char *const *types, int n, int line, vg_error *err);
/* Adds an effect for every pair (t1, t2[i]), n of them (at most VG_MAX_TYPES); 'effect' NULL means a script effect 'script_ref'.
 * The new rows are numbered from '*first'; their parameters are set with game_effect_param. */
vg_status game_add_effect(vg_game *g, const char *t1, const char *const *t2, int n, const char *effect, int script_ref,
                          int line, int *first, vg_error *err);
vg_status game_effect_param(vg_game *g, int effect, const char *key, const param_value *v, int line, vg_error *err);
vg_status game_add_term(vg_game *g, const char *kind, int script_ref, int line, int *out, vg_error *err);
vg_status game_term_param(vg_game *g, int term, const char *key, const param_value *v, int line, vg_error *err);
vg_status game_add_move(vg_game *g, const char *name, int line, vg_error *err);          /* turns{}: a move name */
vg_status game_add_var(vg_game *g, const char *name, int init, int line, vg_error *err); /* variable{} */
/* constraints{}: 'what' is "length" (lo..hi moves), "wins" (lo the strong
 * agent's least share, hi the weak one's most) or "sprites" (lo..hi of
 * type 'type' at the start); each said once, a type once (constraint.c). */
vg_status game_add_constraint(vg_game *g, const char *what, const char *type, double lo, double hi, int line,
                              vg_error *err);
/* Gives type 'type' (and the types declared below it later) an update
 * function, the script's 'ref': its sprites call it every tick. */
void game_type_update(vg_game *g, int type, int ref);
/* Checks the rules as a whole and derives tables (subtypes, pairs, static types). */
vg_status game_finish(vg_game *g, vg_error *err);
/* With the level's size known: whether the tick's cell lists keep a list
 * per type and cell (g->cells_typed; 'on' 1: g->cells_stack, as loaded),
 * which needs every changing leaf type's heads to fit; their blocks. */
void game_cells_typed(vg_game *g, int on);

/* ---- Shared helpers ------------------------------------------------- */

int game_type_find(const vg_game *g, const char *name); /* -1 when unknown */
/* Fills 'err' at the script's 'line' with a printf-style message; returns 'st'. */
vg_status game_error(const vg_game *g, vg_error *err, vg_status st, int line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Adds a warning at the script's 'line' (printf-style): what is likely a
 * mistake, though the game plays. */
void game_warn(vg_game *g, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "unknown sprite type 'name'" at the script's 'line', with a suggestion; VG_ERR_SCRIPT. */
vg_status game_unknown_type(const vg_game *g, vg_error *err, int line, const char *what, const char *name);
/* ---- The type tree's tables (game_types.c), while finishing ------------- */

/* Numbers the types for their sets: leaves first when the game could have
 * more types than VG_MAX_LEAVES (leaf flags set); VG_ERR_LIMIT when it has
 * more leaves than that. */
vg_status game_types_number(vg_game *g, vg_error *err);
/* Each type's 'subtypes' (the leaves under it, and any parent's own leaf
 * above it) and the avatar types. */
void game_types_derive(vg_game *g);
/* The leaf type holding the sprites of type 't' itself: 't' when it is a
 * leaf; for a type with subtypes and a class, a leaf child of the same
 * name and values, added the first time (GVGAI places and creates sprites
 * of a parent type too: they count as its subtypes' as well); -1 when 't'
 * has no class or the game has VG_MAX_LEAVES leaves already. Type ids of
 * parents may change (every field that names a type follows). */
int game_self_leaf(vg_game *g, int t);
uint64_t game_leaves_of(const vg_game *g, const type_list *l); /* the leaf types of the types listed */
/* While building: the rules need extension field 'ext' (EXT_*) on sprites. */
static inline void game_need_ext(vg_game *g, int ext) { g->ext_needs |= 1u << ext; }
/* 1 when type t is in set 'm' of leaf types (a type past VG_MAX_LEAVES, a
 * parent of a game of many types, never is). */
static inline int type_in(uint64_t m, int t) { return t < VG_MAX_LEAVES && (m >> t & 1); }
/* While building: type 't' is held as a resource (GVGAI keys resources by type). */
static inline void game_need_resource(vg_game *g, int t) {
    g->res_named[t] = 1;
    g->ext_needs |= 1u << EXT_RESOURCES;
}

#endif
