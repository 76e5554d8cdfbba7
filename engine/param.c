/* SPDX-License-Identifier: MIT
 *
 * param.c -- the parameter tables and setting one parameter.
 *
 * Every parameter a script may set is one row below: its name, its kind,
 * where it goes, its range, and the classes or effects it applies to. A
 * misspelt name gets the closest valid one as a suggestion; one set where
 * it does not apply is an error (a warning in GVGAI's files, as GVGAI
 * ignores it: param_check_applies).
 */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "class.h"
#include "effect.h"
#include "param.h"

typedef enum {
    P_NUMBER,
    P_INT,
    P_BOOL,
    P_TYPE,
    P_COLOR,
    P_CHAR,
    P_EFFECT,
    P_DIR,      /* a direction name (UP, DOWN, LEFT, RIGHT, NONE) into two int8_t: dx, dy */
    P_TYPELIST, /* type names in order (a list, or one string "a,b,c") into a type_list */
    P_TYPES,    /* one type or several (as P_TYPELIST): the first into an int, all into the type_list at 'offset2' */
    P_TEXT,     /* a string kept as it is, into a char array of 'max' bytes */
    /* one value a player (GVGAI writes them "2,-1"; one value stands for every player): */
    P_SCORES, /* numbers into a double[VG_MAX_PLAYERS]; a player past the list's end gets the first */
    P_COUNTS, /* whole numbers into an int[VG_MAX_COUNTERS] (a counter each); past the end, the first */
    P_WINS,   /* booleans into a bit set of players (int); a player past the list's end gets false */
    P_HIDES   /* booleans into a bit set of players (int); a player past the list's end gets the last */
} param_kind;

typedef struct param_spec {
    const char *name;
    param_kind kind;
    size_t offset;
    double min, max;
    uint64_t applies; /* the classes (sprite rows: bits CLS_*) or effects (effect rows: bits EFF_*,
                             * TIME_ONLY) it applies to; 0: all of them */
    size_t offset2;   /* P_TYPES: where the whole list goes */
} param_spec;

/* clang-format off: the tables keep their columns */
#define ROW(name, kind, st, field, min, max) \
    { name, kind, offsetof(st, field), min, max, 0, 0 }
#define ROW_FOR(name, kind, st, field, min, max, applies) \
    { name, kind, offsetof(st, field), min, max, applies, 0 }
#define ROW2(name, st, field, list, applies) \
    { name, P_TYPES, offsetof(st, field), 0, 0, applies, offsetof(st, list) }
#define C(x)      (1ULL << CLS_##x)
#define E(x)      (1ULL << EFF_##x)
#define TIME_ONLY (1ULL << 63) /* an effect parameter of "TIME" rows alone */
_Static_assert(NUM_CLASSES <= 64 && NUM_EFFECTS < 63, "the 'applies' masks hold a bit per class and per effect");

/* Families of classes and effects the rows name. */
#define SHOOTERS \
    (C(ShootAvatar) | C(FlakAvatar) | C(ShootOnlyAvatar) | C(OngoingShootAvatar) | C(SpaceshipAvatar) | C(AimedAvatar))
#define CHASERS \
    (C(Chaser) | C(Fleeing) | C(LOSChaser) | C(AlternateChaser) | C(RandomAltChaser) | C(PathChaser) | \
     C(PathAltChaser) | C(RandomPathAltChaser))
#define PRODUCERS  (C(SpawnPoint) | C(SpawnPointMultiSprite) | C(Bomber) | C(RandomBomber) | C(BomberRandomMissile))
#define SPAWN_NEXT (E(spawnAbove) | E(spawnBelow) | E(spawnLeft) | E(spawnRight) | E(spawnBehind))
#define SPAWN_IF   (E(spawnIfHasMore) | E(spawnIfHasLess))
#define TRANSFORMS (E(transformTo) | E(transformToAll) | E(transformToRandomChild) | E(transformIfCount))
#define SPEED_ALL  (E(setSpeedForAll) | E(increaseSpeedToAll) | E(decreaseSpeedToAll))
#define HAS        (E(killIfHasLess) | E(killIfHasMore) | E(killIfOtherHasMore))

/* Sprite parameters, one block per family of classes (add a row to
 * yours; a parameter several families use belongs to the first block). */
static const param_spec sprite_params[] = {
    /* -- every class */
    ROW("speed", P_NUMBER, type_def, speed, 0, 100),
    ROW("cooldown", P_INT, type_def, cooldown, 1, 1000),
    ROW("color", P_COLOR, type_def, color, 0, 0),
    ROW("img", P_TEXT, type_def, img, 0, sizeof((type_def *)0)->img),
    ROW("portal", P_BOOL, type_def, portal, 0, 0),
    ROW("hidden", P_HIDES, type_def, hidden, 0, 0),
    ROW("is_npc", P_BOOL, type_def, is_npc, 0, 0),
    ROW("singleton", P_BOOL, type_def, singleton, 0, 0),
    ROW("glyph", P_CHAR, type_def, glyph, 0, 0),
    ROW("dynamic", P_BOOL, type_def, force_dynamic, 0, 0),
    ROW("orientation", P_DIR, type_def, dx0, 0, 0),
    ROW2("stype", type_def, stype, stype_list, 0),
    ROW2("stype1", type_def, stype, stype_list, CHASERS),
    ROW2("stype2", type_def, stype2, stype2_list, CHASERS),
    ROW("healthPoints", P_INT, type_def, health, 0, 30000),
    ROW("maxHealthPoints", P_INT, type_def, health_max, 0, 30000),
    ROW("limitHealthPoints", P_INT, type_def, health_limit, 0, 30000),
    ROW("timeToLive", P_INT, type_def, ttl, -1, 30000),
    /* -- avatars */
    ROW("rotateInPlace", P_BOOL, type_def, rotate_in_place, 0, 0),
    ROW2("ammo", type_def, ammo, ammo_list, SHOOTERS),
    ROW_FOR("minAmmo", P_INT, type_def, min_ammo, -1, 30000, SHOOTERS),
    ROW_FOR("ammoCost", P_INT, type_def, ammo_cost, 0, 30000, SHOOTERS),
    ROW_FOR("spawnBehind", P_TYPE, type_def, stype2, 0, 0, C(OngoingTurningAvatar)),
    /* -- NPCs and missiles */
    ROW_FOR("cons", P_INT, type_def, cons, 0, 1000, C(RandomNPC) | CHASERS | C(RandomBomber)),
    ROW_FOR("maxDistance", P_NUMBER, type_def, max_distance, -1, 1e6, CHASERS),
    ROW_FOR("epsilon", P_NUMBER, type_def, epsilon, 0, 1, C(RandomAltChaser) | C(RandomPathAltChaser)),
    ROW_FOR("randomTarget", P_BOOL, type_def, random_target, 0, 0, C(PathAltChaser) | C(RandomPathAltChaser)),
    /* -- producers and still sprites */
    ROW_FOR("prob", P_NUMBER, type_def, prob, 0, 1, PRODUCERS),
    ROW_FOR("total", P_INT, type_def, total, 0, 30000, PRODUCERS),
    ROW_FOR("spawnorientation", P_DIR, type_def, spawn_dx, 0, 0, PRODUCERS),
    ROW_FOR("stypeMissile", P_TYPELIST, type_def, stypes, 0, 0, C(BomberRandomMissile)),
    ROW_FOR("stypes", P_TYPELIST, type_def, stypes, 0, 0, C(SpawnPointMultiSprite)),
    ROW_FOR("limit", P_INT, type_def, limit, -30000, 30000,
            C(Flicker) | C(OrientedFlicker) | C(Spreader) | C(Resource) | C(ResourcePack)),
    ROW_FOR("spreadprob", P_NUMBER, type_def, spread_prob, 0, 1, C(Spreader)),
    ROW_FOR("value", P_INT, type_def, value, -30000, 30000, C(Resource) | C(ResourcePack)),
    /* -- continuous physics */
    ROW("physicstype", P_TEXT, type_def, physics, 0, sizeof((type_def *)0)->physics),
    ROW("gravity", P_NUMBER, type_def, gravity, 0, 1000),
    ROW("friction", P_NUMBER, type_def, friction, 0, 1),
    ROW("mass", P_NUMBER, type_def, mass, 0, 1e6),
    ROW("max_speed", P_NUMBER, type_def, max_speed, -1, 1e6),
    ROW_FOR("jump_strength", P_NUMBER, type_def, jump_strength, 0, 1e6,
            C(PlatformerAvatar) | C(WizardAvatar) | C(BirdAvatar) | C(WalkerJumper)),
    ROW_FOR("angle_diff", P_NUMBER, type_def, angle_diff, 0, 7,
            C(SpaceshipAvatar) | C(LanderAvatar) | C(AimedAvatar) | C(CarAvatar)),
    ROW_FOR("probability", P_NUMBER, type_def, probability, 0, 1, C(WalkerJumper)),
    ROW("wMult", P_NUMBER, type_def, w_mult, 0.01, 100),
    ROW("hMult", P_NUMBER, type_def, h_mult, 0.01, 100),
    ROW("solid", P_BOOL, type_def, solid, 0, 0),
    ROW("is_static", P_BOOL, type_def, is_static, 0, 0),
};
_Static_assert(offsetof(type_def, dy0) == offsetof(type_def, dx0) + 1, "P_DIR writes dx0 then dy0");
_Static_assert(offsetof(type_def, spawn_dy) == offsetof(type_def, spawn_dx) + 1, "P_DIR writes dx then dy");
_Static_assert(sizeof sprite_params / sizeof sprite_params[0] <= 128, "type_def.set holds 128 rows");
/* Effect parameters, one block per family of effects (add a row to yours). */
static const param_spec effect_params[] = {
    /* -- every effect */
    ROW("scoreChange", P_SCORES, effect_def, score, -1e9, 1e9),
    ROW_FOR("stype", P_TYPE, effect_def, stype, 0, 0,
            TRANSFORMS | E(transformToSingleton) | E(killAll) | E(removeScore) | E(shieldFrom) | E(spawn) | SPAWN_IF |
                E(spawnIfCounterSubTypes) | SPAWN_NEXT | E(subtractHealthPoints) | SPEED_ALL | E(addTimer) |
                E(updateSpawnType)),
    ROW_FOR("stypeTo", P_TYPE, effect_def, stype_to, 0, 0, E(transformToAll) | E(addTimer)),
    ROW("repeat", P_INT, effect_def, repeat, 1, 100),
    /* -- kill, spawn, transform */
    ROW_FOR("killSecond", P_BOOL, effect_def, kill_second, 0, 0,
            TRANSFORMS | E(removeScore) | E(addHealthPoints) | E(addHealthPointsToMax)),
    ROW_FOR("prob", P_NUMBER, effect_def, prob, 0, 1, E(spawn) | SPAWN_IF | SPAWN_NEXT | E(attractGaze)),
    ROW_FOR("stepBack", P_BOOL, effect_def, step_back, 0, 0, SPAWN_NEXT),
    ROW_FOR("forceOrientation", P_BOOL, effect_def, force_orientation, 0, 0, TRANSFORMS),
    ROW_FOR("takeOrientation", P_BOOL, effect_def, take_orientation, 0, 0, E(transformToSingleton)),
    ROW_FOR("stypeCount", P_TYPE, effect_def, stype_count, 0, 0, E(transformIfCount) | E(spawnIfCounterSubTypes)),
    ROW_FOR("estype", P_TYPE, effect_def, stype_to, 0, 0, E(transformIfCount) | E(spawnIfCounterSubTypes)),
    ROW_FOR("stype_other", P_TYPE, effect_def, stype_to, 0, 0, E(transformToSingleton)),
    ROW_FOR("geq", P_INT, effect_def, geq, 0, 1e6, E(transformIfCount)),
    ROW_FOR("leq", P_INT, effect_def, leq, 0, 1e6, E(transformIfCount)),
    ROW_FOR("subtract", P_BOOL, effect_def, subtract, 0, 0, E(killIfOtherHasMore)),
    ROW_FOR("spend", P_INT, effect_def, spend, 0, 30000, E(spawnIfHasMore)),
    ROW_FOR("subTypesNum", P_INT, effect_def, subtypes_num, 0, 64, E(spawnIfCounterSubTypes)),
    ROW_FOR("spawnPoint", P_TYPE, effect_def, spawn_point, 0, 0, E(updateSpawnType)),
    ROW("counter", P_COUNTS, effect_def, counter, -30000, 30000),
    ROW("counterElse", P_COUNTS, effect_def, counter_else, -30000, 30000),
    /* -- movement */
    ROW_FOR("notStype", P_TYPELIST, effect_def, not_named, 0, 0, E(undoAll)),
    ROW_FOR("offset", P_NUMBER, effect_def, offset, 0, 100, E(wrapAround)),
    ROW_FOR("align", P_BOOL, effect_def, align, 0, 0, E(attractGaze)),
    ROW_FOR("orient", P_BOOL, effect_def, orient, 0, 0, E(align)),
    ROW_FOR("pixelPerfect", P_BOOL, effect_def, pixel_perfect, 0, 0, E(stepBack) | E(pullWithIt)),
    /* -- resources, health, speed, score */
    ROW_FOR("resource", P_TYPE, effect_def, resource, 0, 0, E(changeResource) | HAS | SPAWN_IF),
    ROW_FOR("heldResource", P_TYPE, effect_def, held_resource, 0, 0, E(collectResourceIfHeld)),
    ROW_FOR("value", P_NUMBER, effect_def, value, -30000, 30000,
            E(changeResource) | E(collectResourceIfHeld) | E(addHealthPoints) | E(addHealthPointsToMax) |
                E(subtractHealthPoints) | SPEED_ALL),
    ROW_FOR("limit", P_INT, effect_def, limit, -30000, 30000,
            HAS | SPAWN_IF | E(spawnIfCounterSubTypes) | E(subtractHealthPoints)),
    ROW_FOR("killResource", P_BOOL, effect_def, kill_resource, 0, 0,
            E(changeResource) | E(collectResource) | E(collectResourceIfHeld)),
    ROW_FOR("scoreChangeIfKilled", P_SCORES, effect_def, score_if_killed, -1e9, 1e9, E(subtractHealthPoints)),
    /* -- time */
    ROW_FOR("timer", P_INT, effect_def, timer, 1, 60000, E(addTimer) | TIME_ONLY),
    ROW_FOR("ftype", P_EFFECT, effect_def, ftype, 0, 0, E(addTimer) | E(shieldFrom)),
    ROW_FOR("repeating", P_BOOL, effect_def, repeating, 0, 0, TIME_ONLY),
    ROW_FOR("nextExecution", P_INT, effect_def, next_execution, 0, 60000, TIME_ONLY),
    /* -- walls and bounces */
    ROW_FOR("limspeed", P_NUMBER, effect_def, limspeed, 0, 1e6, E(killIfSlow) | E(killIfFast)),
};
_Static_assert(sizeof effect_params / sizeof effect_params[0] <= 64, "effect_def.set holds 64 rows");
static const param_spec term_params[] = {
    ROW("stype", P_TYPE, term_def, stype, 0, 0),
    ROW("limit", P_INT, term_def, limit, 0, 1e9),
    ROW("win", P_WINS, term_def, win, 0, 0),
    ROW("count_score", P_BOOL, term_def, count_score, 0, 0),
    ROW("stype1", P_TYPE, term_def, stype, 0, 0),
    ROW("stype2", P_TYPE, term_def, stype2, 0, 0),
    ROW("stype3", P_TYPE, term_def, stype3, 0, 0),
    ROW("min", P_BOOL, term_def, min, 0, 0),
    ROW("subTypesNum", P_INT, term_def, subtypes_num, 0, 64),
    ROW("use_counter", P_BOOL, term_def, use_counter, 0, 0),
    ROW("compare", P_BOOL, term_def, compare, 0, 0),
    ROW("limits", P_COUNTS, term_def, limits, -1e9, 1e9),
};
static const param_spec game_params[] = {
    ROW("square_size", P_INT, vg_game, square, 1, 200),
    ROW("max_ticks", P_INT, vg_game, max_ticks, 1, 60000), /* sprite.moved counts ticks in 16 bits */
    ROW("obs", P_TYPELIST, vg_game, obs_named, 0, 0),
    ROW("gvgai_maps", P_BOOL, vg_game, gvgai_maps, 0, 0),
    ROW("players", P_INT, vg_game, nplayers, 1, VG_MAX_PLAYERS),
    ROW("no_players", P_INT, vg_game, nplayers, 1, VG_MAX_PLAYERS), /* GVGAI's name */
    ROW("counters", P_INT, vg_game, ncounters, 0, VG_MAX_COUNTERS),
    ROW("no_counters", P_INT, vg_game, ncounters, 0, VG_MAX_COUNTERS), /* GVGAI's name */
};
/* clang-format on */
#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

static const struct param_list {
    const char *what; /* "sprite", ... in messages */
    const param_spec *spec;
    int n;
} tables[] = {
    [PARAMS_SPRITE] = {"sprite", sprite_params, COUNT(sprite_params)},
    [PARAMS_EFFECT] = {"effect", effect_params, COUNT(effect_params)},
    [PARAMS_TERM] = {"termination", term_params, COUNT(term_params)},
    [PARAMS_GAME] = {"game", game_params, COUNT(game_params)},
};

static const struct {
    const char *name;
    uint32_t rgb;
} colors[] = {
    {"BLACK", 0x000000},       {"WHITE", 0xffffff},      {"GRAY", 0x808080},        {"DARKGRAY", 0x404040},
    {"LIGHTGRAY", 0xc0c0c0},   {"RED", 0xff0000},        {"LIGHTRED", 0xff8080},    {"GREEN", 0x00c000},
    {"DARKGREEN", 0x006400},   {"LIGHTGREEN", 0x80ff80}, {"BLUE", 0x0000ff},        {"DARKBLUE", 0x00008b},
    {"LIGHTBLUE", 0x80c0ff},   {"YELLOW", 0xffff00},     {"LIGHTYELLOW", 0xffff99}, {"ORANGE", 0xffa500},
    {"LIGHTORANGE", 0xfac864}, {"PINK", 0xffc0cb},       {"PURPLE", 0x800080},      {"BROWN", 0x8b4513},
    {"GOLD", 0xffd700},
};

static const char *kind_name(param_kind k) {
    static const char *const names[] = {[P_NUMBER] = "a number",
                                        [P_INT] = "a whole number",
                                        [P_BOOL] = "a boolean",
                                        [P_TYPE] = "a sprite type name",
                                        [P_COLOR] = "a colour name",
                                        [P_CHAR] = "a one-character string",
                                        [P_EFFECT] = "an effect name",
                                        [P_DIR] = "a direction (UP, DOWN, LEFT, RIGHT or NONE)",
                                        [P_TYPELIST] = "a list of sprite type names",
                                        [P_TEXT] = "a string",
                                        [P_TYPES] = "a sprite type name or a list of them",
                                        [P_SCORES] = "a number or a list of numbers (one a player)",
                                        [P_COUNTS] = "a whole number or a list of them (one a counter)",
                                        [P_WINS] = "a boolean or a list of booleans (one a player)",
                                        [P_HIDES] = "a boolean or a list of booleans (one a player)"};
    return names[k];
}

/* ---- One setter per kind: 1 when set, 0 when 'v' has the wrong kind,
 *      -1 when an error is already in 'err' ---------------------------- */

static int set_number(vg_game *g, const param_spec *p, const char *what, char *field, const param_value *v, int line,
                      vg_error *err) {
    if (v->kind != PV_NUMBER) return 0;
    if (!(v->num >= p->min && v->num <= p->max) || (p->kind == P_INT && v->num != (double)(int)v->num)) { /* NaN too */
        game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' must be %s from %g to %g, not %g", what, p->name,
                   kind_name(p->kind), p->min, p->max, v->num);
        return -1;
    }
    if (p->kind == P_NUMBER) *(double *)(void *)field = v->num;
    else *(int *)(void *)field = (int)v->num;
    return 1;
}

static int set_color(vg_game *g, char *field, const param_value *v, int line, vg_error *err) {
    const char *names[COUNT(colors)];
    if (v->kind != PV_STRING) return 0;
    for (int k = 0; k < COUNT(colors); k++) {
        if (strcmp(colors[k].name, v->str) == 0) {
            *(uint32_t *)(void *)field = colors[k].rgb;
            return 1;
        }
        names[k] = colors[k].name;
    }
    error_unknown(err, g->script_path, line, "colour", v->str, names, COUNT(colors));
    return -1;
}

static int set_dir(char *field, const param_value *v) {
    static const struct {
        const char *name;
        int8_t dx, dy;
    } dirs[] = {{"UP", 0, -1},  {"DOWN", 0, 1},  {"LEFT", -1, 0},  {"RIGHT", 1, 0},  {"NONE", 0, 0},
                {"DUP", 0, -1}, {"DDOWN", 0, 1}, {"DLEFT", -1, 0}, {"DRIGHT", 1, 0}, {"DNONE", 0, 0}};
    if (v->kind != PV_STRING) return 0;
    for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++)
        if (strcmp(dirs[k].name, v->str) == 0) {
            field[0] = (char)dirs[k].dx;
            field[1] = (char)dirs[k].dy;
            return 1;
        }
    return 0;
}

static int set_effect_kind(vg_game *g, char *field, const param_value *v, int line, vg_error *err) {
    const char *names[NUM_EFFECTS];
    if (v->kind != PV_STRING) return 0;
    int k = effect_find(v->str);
    if (k < 0) {
        error_unknown(err, g->script_path, line, "effect", v->str, names, effect_names(names, NUM_EFFECTS));
        return -1;
    }
    *(int *)(void *)field = k;
    return 1;
}

/* Item 'text' of a list of booleans (true or false, in any case, as
 * GVGAI writes them; in a GVGAI game any other word too, false as GVGAI
 * reads it: towerdefense's "Flase") or of numbers into '*out'; 0 when it
 * is neither. */
static int list_item(const vg_game *g, const char *text, int is_bool, double *out) {
    char *end;
    if (is_bool) {
        *out = strcasecmp(text, "true") == 0;
        return *out || strcasecmp(text, "false") == 0 || g->gvgai_maps;
    }
    *out = strtod(text, &end);
    return end != text && *end == '\0' && isfinite(*out);
}

/* One value a player (or counter): P_SCORES, P_COUNTS, P_WINS, P_HIDES.
 * One value stands for every player; a list gives them in order, and a
 * player past its end gets what GVGAI gives it (the first value, false, or
 * the last). Returns as the setters above. */
static int set_per_player(vg_game *g, const param_spec *p, const char *what, char *field, const param_value *v,
                          int line, vg_error *err) {
    enum { MOST = VG_MAX_PLAYERS > VG_MAX_COUNTERS ? VG_MAX_PLAYERS : VG_MAX_COUNTERS };
    int is_bool = p->kind == P_WINS || p->kind == P_HIDES,
        most = p->kind == P_COUNTS ? VG_MAX_COUNTERS : VG_MAX_PLAYERS;
    int n = v->kind == PV_LIST ? v->n : 1;
    double num[MOST];
    param_value one = {.kind = PV_LIST, .list = &v->str, .n = 1};
    if (is_bool && v->kind == PV_STRING && g->gvgai_maps) v = &one; /* "Flase": as in a list */
    if (v->kind != PV_LIST && v->kind != (is_bool ? PV_BOOL : PV_NUMBER)) return 0;
    if (n > most) {
        game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' lists %d values; the most is %d (one a %s)", what,
                   p->name, n, most, p->kind == P_COUNTS ? "counter" : "player");
        return -1;
    }
    for (int k = 0; k < n; k++) {
        if (v->kind != PV_LIST) num[k] = is_bool ? v->b : v->num;
        else if (!list_item(g, v->list[k], is_bool, &num[k])) return 0;
        if (!is_bool &&
            (num[k] < p->min || num[k] > p->max || (p->kind == P_COUNTS && num[k] != (double)(int)num[k]))) {
            game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' must be %s from %g to %g, not %g", what, p->name,
                       p->kind == P_COUNTS ? "whole numbers" : "numbers", p->min, p->max, num[k]);
            return -1;
        }
    }
    if (is_bool) {
        int bits = 0;
        for (int k = 0; k < VG_MAX_PLAYERS; k++)
            if (k < n ? num[k] != 0 : p->kind == P_HIDES && num[n - 1] != 0) bits |= 1 << k;
        *(int *)(void *)field = bits;
    } else {
        for (int k = 0; k < most; k++) {
            double x = num[k < n ? k : 0];
            if (p->kind == P_SCORES) ((double *)(void *)field)[k] = x;
            else ((int *)(void *)field)[k] = (int)x;
        }
    }
    return 1;
}

/* A type (P_TYPE) or a list of types in order (P_TYPELIST; one string may
 * name several, separated by commas, as GVGAI writes them). A sprite may
 * name a type declared after it: kept as a fixup for game_finish. */
static int set_types(vg_game *g, const param_spec *p, param_table table, char *field, const param_value *v, int line,
                     vg_error *err) {
    const char *names[TYPE_LIST_MAX + 1] = {v->str};
    char buf[TYPE_LIST_MAX * 32];
    const char *const *list = v->kind == PV_LIST ? v->list : names;
    int count = v->kind == PV_LIST ? v->n : 1;
    if (v->kind != PV_STRING && !(p->kind != P_TYPE && v->kind == PV_LIST)) return 0;
    if (p->kind == P_TYPELIST && v->kind == PV_STRING) { /* "a,b,c" */
        snprintf(buf, sizeof buf, "%s", v->str);
        count = 0;
        for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok && count <= TYPE_LIST_MAX;
             tok = strtok_r(NULL, ",", &save))
            names[count++] = tok;
    }
    type_list *tl = (type_list *)(void *)field;
    if (p->kind == P_TYPELIST && (count < 1 || count > TYPE_LIST_MAX)) {
        game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' names 1 to %d types", tables[table].what, p->name,
                   TYPE_LIST_MAX);
        return -1;
    }
    for (int k = 0; k < count; k++) {
        int t = game_type_find(g, list[k]);
        int *slot = p->kind == P_TYPELIST ? &tl->t[k] : (int *)(void *)field;
        if (t < 0 && table == PARAMS_SPRITE && g->nfixups < VG_MAX_FIXUPS &&
            strlen(list[k]) < sizeof g->fixups[0].name) {
            struct fixup *f = &g->fixups[g->nfixups++];
            snprintf(f->name, sizeof f->name, "%s", list[k]);
            f->field = slot;
            f->line = line;
            f->param = p->name;
            *slot = -1;
            continue;
        }
        if (t < 0) { /* the value is wrong, not the parameter */
            const char *types[VG_MAX_TYPES];
            for (int j = 0; j < g->ntypes; j++) types[j] = g->types[j].name;
            game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s': no sprite type is named '%s'",
                       tables[table].what, p->name, list[k]);
            error_suggest(err, list[k], types, g->ntypes);
            return -1;
        }
        *slot = t;
    }
    if (p->kind == P_TYPELIST) tl->n = count;
    return 1;
}

/* P_TYPES: the list (P_TYPELIST at 'offset2'), then its first type alone
 * (P_TYPE at 'offset'). */
static int set_type_and_list(vg_game *g, const param_spec *p, param_table table, void *base, const param_value *v,
                             int line, vg_error *err) {
    param_spec list = *p, first = *p;
    list.kind = P_TYPELIST;
    first.kind = P_TYPE;
    int ok = set_types(g, &list, table, (char *)base + p->offset2, v, line, err);
    if (ok <= 0) return ok;
    char name[32];
    snprintf(name, sizeof name, "%.*s", v->kind == PV_LIST ? 31 : (int)strcspn(v->str, ","),
             v->kind == PV_LIST ? v->list[0] : v->str);
    param_value one = {.kind = PV_STRING, .str = name};
    return set_types(g, &first, table, (char *)base + p->offset, &one, line, err);
}

int param_names(param_table table, const char **out, int max) {
    int n = 0;
    for (; n < tables[table].n && n < max; n++) out[n] = tables[table].spec[n].name;
    return n;
}

int param_is_flags(param_table table, const char *key) {
    const struct param_list *pl = &tables[table];
    for (int row = 0; row < pl->n; row++)
        if (strcmp(pl->spec[row].name, key) == 0) return pl->spec[row].kind == P_WINS || pl->spec[row].kind == P_HIDES;
    return 0;
}

vg_status param_set(vg_game *g, param_table table, void *base, const char *key, const param_value *v, int line,
                    vg_error *err) {
    const struct param_list *pl = &tables[table];
    const param_spec *p = NULL;
    int row = 0;
    while (row < pl->n && strcmp(pl->spec[row].name, key) != 0) row++;
    if (row == pl->n) {
        const char *names[128];
        char what[32];
        snprintf(what, sizeof what, "%s parameter", pl->what);
        return error_unknown(err, g->script_path, line, what, key, names, param_names(table, names, COUNT(names)));
    }
    p = &pl->spec[row];
    char *field = (char *)base + p->offset;
    int ok = 0;
    switch (p->kind) {
    case P_NUMBER:
    case P_INT: ok = set_number(g, p, pl->what, field, v, line, err); break;
    case P_BOOL:
        ok = v->kind == PV_BOOL;
        if (ok) *(int *)(void *)field = v->b;
        break;
    case P_CHAR:
        ok = v->kind == PV_STRING && strlen(v->str) == 1 && isgraph((unsigned char)v->str[0]);
        if (ok) *field = v->str[0];
        break;
    case P_EFFECT: ok = set_effect_kind(g, field, v, line, err); break;
    case P_DIR: ok = set_dir(field, v); break;
    case P_TEXT:
        if (v->kind == PV_STRING && strlen(v->str) >= (size_t)p->max)
            return game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' is longer than %d characters", pl->what,
                              key, (int)p->max - 1);
        ok = v->kind == PV_STRING;
        if (ok) snprintf(field, (size_t)p->max, "%s", v->str);
        break;
    case P_COLOR: ok = set_color(g, field, v, line, err); break;
    case P_SCORES:
    case P_COUNTS:
    case P_WINS:
    case P_HIDES: ok = set_per_player(g, p, pl->what, field, v, line, err); break;
    case P_TYPE:
    case P_TYPELIST: ok = set_types(g, p, table, field, v, line, err); break;
    case P_TYPES: ok = set_type_and_list(g, p, table, base, v, line, err); break;
    }
    if (ok < 0) return VG_ERR_SCRIPT;
    if (!ok)
        return game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' must be %s", pl->what, key,
                          kind_name(p->kind));
    if (table == PARAMS_SPRITE) {
        ((type_def *)base)->set[row / 64] |= 1ULL << (row % 64);
        ((type_def *)base)->own[row / 64] |= 1ULL << (row % 64);
    }
    if (table == PARAMS_EFFECT) ((effect_def *)base)->set |= 1ULL << row;
    return VG_OK;
}

static size_t param_size(const param_spec *p) {
    switch (p->kind) {
    case P_NUMBER: return sizeof(double);
    case P_COLOR: return sizeof(uint32_t);
    case P_CHAR: return sizeof(char);
    case P_DIR: return 2 * sizeof(int8_t);
    case P_TYPELIST: return sizeof(type_list);
    case P_TEXT: return (size_t)p->max;
    case P_SCORES: return VG_MAX_PLAYERS * sizeof(double);
    case P_COUNTS: return VG_MAX_COUNTERS * sizeof(int);
    default: return sizeof(int);
    }
}

void param_inherit(type_def *td, const type_def *parent) {
    memcpy(td->set, parent->set, sizeof td->set);
    for (int k = 0; k < COUNT(sprite_params); k++)
        if (parent->set[k / 64] >> (k % 64) & 1) {
            const param_spec *p = &sprite_params[k];
            memcpy((char *)td + p->offset, (const char *)parent + p->offset, param_size(p));
            if (p->kind == P_TYPES)
                memcpy((char *)td + p->offset2, (const char *)parent + p->offset2, sizeof(type_list));
        }
}

/* Sets 'out' from the value at 'field' of row 'p' (names of types from
 * 'g', lists into 'names', which holds VG_MAX_TYPES). */
static void read_field(const vg_game *g, const param_spec *p, const char *field, param_value *out, const char **names) {
    static const char *const dirs[3][3] = {{"NONE", "UP", "NONE"}, {"LEFT", "NONE", "RIGHT"}, {"NONE", "DOWN", "NONE"}};
    memset(out, 0, sizeof *out);
    switch (p->kind) {
    case P_NUMBER: out->kind = PV_NUMBER, out->num = *(const double *)(const void *)field; return;
    case P_INT: out->kind = PV_NUMBER, out->num = *(const int *)(const void *)field; return;
    case P_BOOL: out->kind = PV_BOOL, out->b = *(const int *)(const void *)field; return;
    case P_SCORES: out->kind = PV_NUMBER, out->num = *(const double *)(const void *)field; return; /* player 0's */
    case P_COUNTS: out->kind = PV_NUMBER, out->num = *(const int *)(const void *)field; return;    /* counter 0's */
    case P_WINS:
    case P_HIDES: out->kind = PV_BOOL, out->b = *(const int *)(const void *)field & 1; return; /* player 0's */
    case P_CHAR:
        out->kind = PV_STRING, out->str = field;
        out->n = 1;
        return; /* one character: 'n' bytes */
    case P_TEXT:
        out->kind = PV_STRING, out->str = field;
        out->n = (int)strlen(field);
        return;
    case P_EFFECT: {
        int k = *(const int *)(const void *)field;
        out->kind = k >= 0 ? PV_STRING : PV_LIST;
        if (k >= 0) out->str = effect_name(k), out->n = (int)strlen(out->str);
        return;
    }
    case P_DIR: {
        int dx = field[0], dy = field[1];
        out->kind = PV_STRING, out->str = dx && dy ? "NONE" : dirs[dy + 1][dx + 1], out->n = (int)strlen(out->str);
        return;
    }
    case P_COLOR: {
        uint32_t rgb = *(const uint32_t *)(const void *)field;
        out->kind = PV_STRING, out->str = "";
        for (int k = 0; k < COUNT(colors); k++)
            if (colors[k].rgb == rgb) out->str = colors[k].name;
        out->n = (int)strlen(out->str);
        return;
    }
    case P_TYPE:
    case P_TYPES: { /* the first of a list */
        int t = *(const int *)(const void *)field;
        out->kind = t >= 0 ? PV_STRING : PV_LIST; /* none: an empty list (the caller's nil) */
        if (t >= 0) out->str = g->types[t].name, out->n = (int)strlen(out->str);
        return;
    }
    case P_TYPELIST: {
        const type_list *tl = (const type_list *)(const void *)field;
        out->kind = PV_LIST, out->list = names;
        for (int k = 0; k < tl->n; k++) names[out->n++] = tl->t[k] >= 0 ? g->types[tl->t[k]].name : "";
        return;
    }
    }
}

vg_status param_get(const vg_game *g, int type, const char *key, param_value *out, const char **names, vg_error *err) {
    const param_spec *p = sprite_params;
    while (p < sprite_params + COUNT(sprite_params) && strcmp(p->name, key) != 0) p++;
    if (p == sprite_params + COUNT(sprite_params)) {
        const char *known[COUNT(sprite_params)];
        return error_unknown(err, g->script_path, 0, "sprite parameter", key, known,
                             param_names(PARAMS_SPRITE, known, COUNT(known)));
    }
    read_field(g, p, (const char *)&g->types[type] + p->offset, out, names);
    return VG_OK;
}

/* ---- Parameters that do not apply ------------------------------------- */

/* "A, B, C" : the names of the classes or effects in mask 'm'. */
static void names_of(uint64_t m, int effects, char *out, size_t size) {
    size_t n = 0;
    out[0] = '\0';
    for (int k = 0; k < 64 && n < size; k++)
        if (m >> k & 1) {
            const char *name = k == 63 ? "rows timed by TIME" : effects ? effect_name(k) : class_table[k].name;
            n += (size_t)snprintf(out + n, size - n, "%s%s", n ? ", " : "", name);
        }
}

/* Reports parameter 'p' set where it does not apply: a warning in one of
 * GVGAI's games (gvgai_maps: GVGAI ignores it), else an error. */
static vg_status misplaced(vg_game *g, int line, const char *where, const param_spec *p, int effects, vg_error *err) {
    char only[1024];
    names_of(p->applies, effects, only, sizeof only);
    if (g->gvgai_maps) {
        game_warn(g, line, "%s: parameter '%s' does not apply (only to %s); GVGAI ignores it", where, p->name, only);
        return VG_OK;
    }
    return game_error(g, err, VG_ERR_SCRIPT, line, "%s: parameter '%s' does not apply (only to %s)", where, p->name,
                      only);
}

/* 1 when effect parameter 'p' applies to row 'e' (a row timed by TIME, or
 * addTimer, takes what its effect takes; a script's function scoreChange
 * and repeat). */
static int applies_to_effect(const param_spec *p, const effect_def *e) {
    if (!p->applies || (e->t2 == TIME_TYPE && (p->applies & TIME_ONLY))) return 1;
    if (e->kind == EFFECT_SCRIPT) return 0;
    if (e->kind == EFF_addTimer && e->ftype >= 0 && (p->applies >> e->ftype & 1)) return 1;
    return (int)(p->applies >> e->kind & 1);
}

vg_status param_check_applies(vg_game *g, vg_error *err) {
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        uint64_t classes = 0; /* its class; a classless type: its leaves' */
        for (int l = 0; l < g->ntypes; l++)
            if ((td->cls >= 0 ? l == t : type_in(td->subtypes, l)) && g->types[l].cls >= 0)
                classes |= 1ULL << g->types[l].cls;
        for (int k = 0; k < COUNT(sprite_params) && classes; k++) {
            const param_spec *p = &sprite_params[k];
            if (!(td->own[k / 64] >> (k % 64) & 1) || !p->applies || (p->applies & classes)) continue;
            char where[128];
            if (td->cls >= 0) snprintf(where, sizeof where, "sprite '%s' (%s)", td->name, class_table[td->cls].name);
            else snprintf(where, sizeof where, "sprite '%s' (none of its subtypes' classes)", td->name);
            vg_status st = misplaced(g, td->line, where, p, 0, err);
            if (st != VG_OK) return st;
        }
    }
    for (int r = 0; r < g->neffects; r++) {
        const effect_def *e = &g->effects[r];
        for (int k = 0; k < COUNT(effect_params); k++) {
            if (!(e->set >> k & 1) || applies_to_effect(&effect_params[k], e)) continue;
            if (r > 0 && g->effects[r - 1].line == e->line && g->effects[r - 1].kind == e->kind)
                continue; /* said once a line */
            char where[128];
            snprintf(where, sizeof where, "interaction %s",
                     e->kind == EFFECT_SCRIPT ? "with a function" : effect_name(e->kind));
            vg_status st = misplaced(g, e->line, where, &effect_params[k], 1, err);
            if (st != VG_OK) return st;
        }
    }
    return VG_OK;
}
