/* SPDX-License-Identifier: MIT
 *
 * param.c -- the parameter tables and setting one parameter.
 *
 * Every parameter a script may set is one row below: its name, its kind,
 * where it goes and its range. A misspelt name gets the closest valid
 * one as a suggestion.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "effect.h"
#include "param.h"

typedef enum {
    P_NUMBER, P_INT, P_BOOL, P_TYPE, P_TYPESET, P_COLOR, P_CHAR, P_EFFECT,
    P_DIR,              /* a direction name (UP, DOWN, LEFT, RIGHT, NONE) into two int8_t: dx, dy */
    P_TYPELIST,         /* type names in order (a list, or one string "a,b,c") into a type_list */
    P_TEXT              /* a string kept as it is, into a char array of 'max' bytes */
} param_kind;

typedef struct param_spec {
    const char *name;
    param_kind kind;
    size_t offset;
    double min, max;
} param_spec;

#define ROW(name, kind, st, field, min, max) {name, kind, offsetof(st, field), min, max}

/* Sprite parameters, one block per family of classes (add a row to
 * yours; a parameter several families use belongs to the first block). */
static const param_spec sprite_params[] = {
    /* -- every class */
    ROW("speed",     P_NUMBER, type_def, speed,         0, 100),
    ROW("cooldown",  P_INT,    type_def, cooldown,      1, 1000),
    ROW("color",     P_COLOR,  type_def, color,         0, 0),
    ROW("img",       P_TEXT,   type_def, img,           0, sizeof ((type_def *)0)->img),
    ROW("portal",    P_BOOL,   type_def, portal,        0, 0),
    ROW("hidden",    P_BOOL,   type_def, hidden,        0, 0),
    ROW("singleton", P_BOOL,   type_def, singleton,     0, 0),
    ROW("glyph",     P_CHAR,   type_def, glyph,         0, 0),
    ROW("dynamic",   P_BOOL,   type_def, force_dynamic, 0, 0),
    ROW("orientation", P_DIR,  type_def, dx0,           0, 0),
    ROW("stype",     P_TYPE,   type_def, stype,         0, 0),
    ROW("stype1",    P_TYPE,   type_def, stype,         0, 0),
    ROW("stype2",    P_TYPE,   type_def, stype2,        0, 0),
    ROW("healthPoints",      P_INT, type_def, health,       0, 30000),
    ROW("maxHealthPoints",   P_INT, type_def, health_max,   0, 30000),
    ROW("limitHealthPoints", P_INT, type_def, health_limit, 0, 30000),
    ROW("timeToLive", P_INT,   type_def, ttl,           -1, 30000),
    /* -- avatars */
    ROW("rotateInPlace", P_BOOL, type_def, rotate_in_place, 0, 0),
    ROW("ammo",      P_TYPE,   type_def, ammo,          0, 0),
    ROW("minAmmo",   P_INT,    type_def, min_ammo,      -1, 30000),
    ROW("ammoCost",  P_INT,    type_def, ammo_cost,     0, 30000),
    ROW("spawnBehind", P_TYPE, type_def, stype2,        0, 0),
    /* -- NPCs and missiles */
    ROW("cons",      P_INT,    type_def, cons,          0, 1000),
    ROW("maxDistance", P_NUMBER, type_def, max_distance, -1, 1e6),
    ROW("epsilon",   P_NUMBER, type_def, epsilon,       0, 1),
    ROW("randomTarget", P_BOOL, type_def, random_target, 0, 0),
    /* -- producers and still sprites */
    ROW("prob",      P_NUMBER, type_def, prob,          0, 1),
    ROW("total",     P_INT,    type_def, total,         0, 30000),
    ROW("spawnorientation", P_DIR, type_def, spawn_dx,  0, 0),
    ROW("stypeMissile", P_TYPELIST, type_def, stypes,   0, 0),
    ROW("stypes",    P_TYPELIST, type_def, stypes,      0, 0),
    ROW("limit",     P_INT,    type_def, limit,         -30000, 30000),
    ROW("spreadprob", P_NUMBER, type_def, spread_prob,  0, 1),
    ROW("value",     P_INT,    type_def, value,         -30000, 30000),
    /* -- continuous physics */
    ROW("physicstype", P_TEXT, type_def, physics,       0, sizeof ((type_def *)0)->physics),
    ROW("gravity",   P_NUMBER, type_def, gravity,       0, 1000),
    ROW("friction",  P_NUMBER, type_def, friction,      0, 1),
    ROW("mass",      P_NUMBER, type_def, mass,          0, 1e6),
    ROW("max_speed", P_NUMBER, type_def, max_speed,     -1, 1e6),
    ROW("jump_strength", P_NUMBER, type_def, jump_strength, 0, 1e6),
    ROW("angle_diff", P_NUMBER, type_def, angle_diff,   0, 7),
    ROW("probability", P_NUMBER, type_def, probability, 0, 1),
    ROW("wMult",     P_NUMBER, type_def, w_mult,        0.01, 100),
    ROW("hMult",     P_NUMBER, type_def, h_mult,        0.01, 100),
    ROW("solid",     P_BOOL,   type_def, solid,         0, 0),
    ROW("is_static", P_BOOL,   type_def, is_static,     0, 0),
};
_Static_assert(offsetof(type_def, dy0) == offsetof(type_def, dx0) + 1, "P_DIR writes dx0 then dy0");
_Static_assert(offsetof(type_def, spawn_dy) == offsetof(type_def, spawn_dx) + 1, "P_DIR writes dx then dy");
_Static_assert(sizeof sprite_params / sizeof sprite_params[0] <= 128, "type_def.set holds 128 rows");
/* Effect parameters, one block per family of effects (add a row to yours). */
static const param_spec effect_params[] = {
    /* -- every effect */
    ROW("scoreChange", P_NUMBER,  effect_def, score,       -1e9, 1e9),
    ROW("stype",       P_TYPE,    effect_def, stype,       0, 0),
    ROW("stypeTo",     P_TYPE,    effect_def, stype_to,    0, 0),
    ROW("repeat",      P_INT,     effect_def, repeat,      1, 100),
    /* -- kill, spawn, transform */
    ROW("killSecond",  P_BOOL,    effect_def, kill_second, 0, 0),
    ROW("prob",        P_NUMBER,  effect_def, prob,        0, 1),
    ROW("stepBack",    P_BOOL,    effect_def, step_back,   0, 0),
    ROW("forceOrientation", P_BOOL, effect_def, force_orientation, 0, 0),
    ROW("takeOrientation", P_BOOL, effect_def, take_orientation, 0, 0),
    ROW("stypeCount",  P_TYPE,    effect_def, stype_count, 0, 0),
    ROW("estype",      P_TYPE,    effect_def, stype_to,    0, 0),
    ROW("stype_other", P_TYPE,    effect_def, stype_to,    0, 0),
    ROW("geq",         P_INT,     effect_def, geq,         0, 1e6),
    ROW("leq",         P_INT,     effect_def, leq,         0, 1e6),
    ROW("subtract",    P_BOOL,    effect_def, subtract,    0, 0),
    ROW("spend",       P_INT,     effect_def, spend,       0, 30000),
    ROW("subTypesNum", P_INT,     effect_def, subtypes_num, 0, 64),
    /* -- movement */
    ROW("notStype",    P_TYPESET, effect_def, not_types,   0, 0),
    ROW("offset",      P_NUMBER,  effect_def, offset,      0, 100),
    ROW("align",       P_BOOL,    effect_def, align,       0, 0),
    ROW("orient",      P_BOOL,    effect_def, orient,      0, 0),
    ROW("pixelPerfect", P_BOOL,   effect_def, pixel_perfect, 0, 0),
    /* -- resources, health, speed, score */
    ROW("resource",    P_TYPE,    effect_def, resource,    0, 0),
    ROW("heldResource", P_TYPE,   effect_def, held_resource, 0, 0),
    ROW("value",       P_NUMBER,  effect_def, value,       -30000, 30000),
    ROW("limit",       P_INT,     effect_def, limit,       -30000, 30000),
    ROW("killResource", P_BOOL,   effect_def, kill_resource, 0, 0),
    ROW("scoreChangeIfKilled", P_NUMBER, effect_def, score_if_killed, -1e9, 1e9),
    /* -- time */
    ROW("timer",       P_INT,     effect_def, timer,       1, 60000),
    ROW("ftype",       P_EFFECT,  effect_def, ftype,       0, 0),
    ROW("repeating",   P_BOOL,    effect_def, repeating,   0, 0),
    ROW("nextExecution", P_INT,   effect_def, next_execution, 0, 60000),
    /* -- walls and bounces */
    ROW("limspeed",    P_NUMBER,  effect_def, limspeed,    0, 1e6),
};
static const param_spec term_params[] = {
    ROW("stype", P_TYPE, term_def, stype, 0, 0),
    ROW("limit", P_INT,  term_def, limit, 0, 1e9),
    ROW("win",   P_BOOL, term_def, win,   0, 0),
    ROW("stype1", P_TYPE, term_def, stype, 0, 0),
    ROW("stype2", P_TYPE, term_def, stype2, 0, 0),
    ROW("stype3", P_TYPE, term_def, stype3, 0, 0),
    ROW("min",   P_BOOL, term_def, min,   0, 0),
    ROW("subTypesNum", P_INT, term_def, subtypes_num, 0, 64),
};
static const param_spec game_params[] = {
    ROW("square_size", P_INT, vg_game, square,    1, 200),
    ROW("max_ticks",   P_INT, vg_game, max_ticks, 1, 60000),  /* sprite.moved counts ticks in 16 bits */
    ROW("obs",         P_TYPESET, vg_game, obstacles, 0, 0),
    ROW("gvgai_maps",  P_BOOL, vg_game, gvgai_maps, 0, 0),
};
#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

static const struct param_list {
    const char *what;                /* "sprite", ... in messages */
    const param_spec *spec;
    int n;
} tables[] = {
    [PARAMS_SPRITE] = {"sprite", sprite_params, COUNT(sprite_params)},
    [PARAMS_EFFECT] = {"effect", effect_params, COUNT(effect_params)},
    [PARAMS_TERM] = {"termination", term_params, COUNT(term_params)},
    [PARAMS_GAME] = {"game", game_params, COUNT(game_params)},
};

static const struct { const char *name; uint32_t rgb; } colors[] = {
    {"BLACK", 0x000000}, {"WHITE", 0xffffff}, {"GRAY", 0x808080}, {"DARKGRAY", 0x404040},
    {"LIGHTGRAY", 0xc0c0c0}, {"RED", 0xff0000}, {"LIGHTRED", 0xff8080}, {"GREEN", 0x00c000},
    {"DARKGREEN", 0x006400}, {"LIGHTGREEN", 0x80ff80}, {"BLUE", 0x0000ff}, {"DARKBLUE", 0x00008b},
    {"LIGHTBLUE", 0x80c0ff}, {"YELLOW", 0xffff00}, {"LIGHTYELLOW", 0xffff99}, {"ORANGE", 0xffa500}, {"LIGHTORANGE", 0xfac864},
    {"PINK", 0xffc0cb}, {"PURPLE", 0x800080}, {"BROWN", 0x8b4513}, {"GOLD", 0xffd700},
};

static const char *kind_name(param_kind k) {
    static const char *const names[] = {"a number", "a whole number", "a boolean", "a sprite type name",
                                        "a sprite type name or a list of them", "a colour name",
                                        "a one-character string", "an effect name",
                                        "a direction (UP, DOWN, LEFT, RIGHT or NONE)",
                                        "a list of sprite type names", "a string"};
    return names[k];
}

/* ---- One setter per kind: 1 when set, 0 when 'v' has the wrong kind,
 *      -1 when an error is already in 'err' ---------------------------- */

static int set_number(vg_game *g, const param_spec *p, const char *what, char *field, const param_value *v, int line,
                      vg_error *err) {
    if (v->kind != PV_NUMBER) return 0;
    if (!(v->num >= p->min && v->num <= p->max) || (p->kind == P_INT && v->num != (double)(int)v->num)) {   /* NaN too */
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
    static const struct { const char *name; int8_t dx, dy; } dirs[] = {
        {"UP", 0, -1}, {"DOWN", 0, 1}, {"LEFT", -1, 0}, {"RIGHT", 1, 0}, {"NONE", 0, 0},
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

/* A type (P_TYPE), a set of types (P_TYPESET, expanded to leaves by
 * game_finish) or a list of types in order (P_TYPELIST; one string may
 * name several, separated by commas, as GVGAI writes them). A sprite may
 * name a type declared after it: kept as a fixup for game_finish. */
static int set_types(vg_game *g, const param_spec *p, param_table table, char *field, const param_value *v, int line,
                     vg_error *err) {
    const char *names[TYPE_LIST_MAX + 1] = {v->str};
    char buf[TYPE_LIST_MAX * 32];
    const char *const *list = v->kind == PV_LIST ? v->list : names;
    int count = v->kind == PV_LIST ? v->n : 1;
    if (v->kind != PV_STRING && !(p->kind != P_TYPE && v->kind == PV_LIST)) return 0;
    if (p->kind == P_TYPELIST && v->kind == PV_STRING) {           /* "a,b,c" */
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
    uint64_t set = 0;
    for (int k = 0; k < count; k++) {
        int t = game_type_find(g, list[k]);
        int *slot = p->kind == P_TYPELIST ? &tl->t[k] : (int *)(void *)field;
        if (t < 0 && p->kind != P_TYPESET && table == PARAMS_SPRITE && g->nfixups < VG_MAX_TYPES &&
            strlen(list[k]) < sizeof g->fixups[0].name) {
            struct fixup *f = &g->fixups[g->nfixups++];
            snprintf(f->name, sizeof f->name, "%s", list[k]);
            f->field = slot;
            f->line = line;
            *slot = -1;
            continue;
        }
        if (t < 0) {
            char what[64];
            snprintf(what, sizeof what, "%s parameter '%s': unknown sprite type", tables[table].what, p->name);
            game_unknown_type(g, err, line, what, list[k]);
            return -1;
        }
        if (p->kind != P_TYPESET) *slot = t;
        set |= 1ULL << t;
    }
    if (p->kind == P_TYPESET) *(uint64_t *)(void *)field = set;
    if (p->kind == P_TYPELIST) tl->n = count;
    return 1;
}

vg_status param_set(vg_game *g, param_table table, void *base, const char *key, const param_value *v, int line,
                    vg_error *err) {
    const struct param_list *pl = &tables[table];
    const param_spec *p = NULL;
    int row = 0;
    while (row < pl->n && strcmp(pl->spec[row].name, key) != 0) row++;
    if (row == pl->n) {
        const char *names[64];
        for (int k = 0; k < pl->n; k++) names[k] = pl->spec[k].name;
        char what[32];
        snprintf(what, sizeof what, "%s parameter", pl->what);
        return error_unknown(err, g->script_path, line, what, key, names, pl->n);
    }
    p = &pl->spec[row];
    char *field = (char *)base + p->offset;
    int ok = 0;
    switch (p->kind) {
    case P_NUMBER:
    case P_INT: ok = set_number(g, p, pl->what, field, v, line, err); break;
    case P_BOOL: ok = v->kind == PV_BOOL; if (ok) *(int *)(void *)field = v->b; break;
    case P_CHAR:
        ok = v->kind == PV_STRING && strlen(v->str) == 1 && isgraph((unsigned char)v->str[0]);
        if (ok) *field = v->str[0];
        break;
    case P_EFFECT: ok = set_effect_kind(g, field, v, line, err); break;
    case P_DIR: ok = set_dir(field, v); break;
    case P_TEXT:
        if (v->kind == PV_STRING && strlen(v->str) >= (size_t)p->max)
            return game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' is longer than %d characters", pl->what, key,
                              (int)p->max - 1);
        ok = v->kind == PV_STRING;
        if (ok) snprintf(field, (size_t)p->max, "%s", v->str);
        break;
    case P_COLOR: ok = set_color(g, field, v, line, err); break;
    case P_TYPE:
    case P_TYPESET:
    case P_TYPELIST: ok = set_types(g, p, table, field, v, line, err); break;
    }
    if (ok < 0) return VG_ERR_SCRIPT;
    if (!ok) return game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' must be %s", pl->what, key, kind_name(p->kind));
    if (table == PARAMS_SPRITE) ((type_def *)base)->set[row / 64] |= 1ULL << (row % 64);
    return VG_OK;
}

static size_t param_size(const param_spec *p) {
    switch (p->kind) {
    case P_NUMBER: return sizeof(double);
    case P_TYPESET: return sizeof(uint64_t);
    case P_COLOR: return sizeof(uint32_t);
    case P_CHAR: return sizeof(char);
    case P_DIR: return 2 * sizeof(int8_t);
    case P_TYPELIST: return sizeof(type_list);
    case P_TEXT: return (size_t)p->max;
    default: return sizeof(int);
    }
}

void param_inherit(type_def *td, const type_def *parent) {
    memcpy(td->set, parent->set, sizeof td->set);
    for (int k = 0; k < COUNT(sprite_params); k++)
        if (parent->set[k / 64] >> (k % 64) & 1)
            memcpy((char *)td + sprite_params[k].offset, (const char *)parent + sprite_params[k].offset,
                   param_size(&sprite_params[k]));
}
