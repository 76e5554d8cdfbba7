/* SPDX-License-Identifier: MIT
 *
 * game.c -- the builder API that loaders fill a game with, the parameter
 * tables of sprites, effects, terminations and the game, and the checks
 * and derived tables of game_finish.
 *
 * Every parameter a script may set is one row of a table below: its name,
 * its kind and where it goes. A misspelt name gets the closest valid one
 * as a suggestion.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

/* ---- Errors ----------------------------------------------------------- */

void error_set(vg_error *err, vg_status st, const char *file, int line, int col, const char *fmt, ...) {
    (void)st;
    if (!err) return;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

vg_status game_error(const vg_game *g, vg_error *err, vg_status st, int line, const char *fmt, ...) {
    if (!err) return st;
    snprintf(err->file, sizeof err->file, "%s", g->script_path);
    err->line = line;
    err->col = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return st;
}

static int edit_distance(const char *a, const char *b) {
    int la = (int)strlen(a), lb = (int)strlen(b), row[64];
    if (la > 63 || lb > 63) return 99;
    for (int j = 0; j <= lb; j++) row[j] = j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = diag + cost;
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int vg_closest_name(const char *word, const char *const *names, int n) {
    int best = -1, dist = 99;
    for (int k = 0; k < n; k++) {
        int d = edit_distance(word, names[k]);
        if (d < dist) dist = d, best = k;
    }
    return dist <= 1 + (int)strlen(word) / 3 ? best : -1;
}

void suggest(char *msg, size_t size, const char *word, const char *const *names, int n) {
    int best = vg_closest_name(word, names, n);
    if (best >= 0) {
        size_t len = strlen(msg);
        snprintf(msg + len, size - len, "; did you mean '%s'?", names[best]);
    }
}

/* ---- Parameter tables ------------------------------------------------- */

typedef enum { P_NUMBER, P_INT, P_BOOL, P_TYPE, P_TYPESET, P_COLOR, P_CHAR, P_EFFECT } param_kind;

typedef struct param_spec {
    const char *name;
    param_kind kind;
    size_t offset;
    double min, max;
} param_spec;

#define ROW(name, kind, st, field, min, max) {name, kind, offsetof(st, field), min, max}

static const param_spec sprite_params[] = {
    ROW("speed",     P_NUMBER, type_def, speed,         0, 100),
    ROW("cooldown",  P_INT,    type_def, cooldown,      1, 1000),
    ROW("color",     P_COLOR,  type_def, color,         0, 0),
    ROW("hidden",    P_BOOL,   type_def, hidden,        0, 0),
    ROW("singleton", P_BOOL,   type_def, singleton,     0, 0),
    ROW("glyph",     P_CHAR,   type_def, glyph,         0, 0),
    ROW("dynamic",   P_BOOL,   type_def, force_dynamic, 0, 0),
    ROW("rotateInPlace", P_BOOL, type_def, rotate_in_place, 0, 0),
    ROW("stype",     P_TYPE,   type_def, stype,         0, 0),
    ROW("stype1",    P_TYPE,   type_def, stype,         0, 0),
    ROW("stype2",    P_TYPE,   type_def, stype2,        0, 0),
    ROW("prob",      P_NUMBER, type_def, prob,          0, 1),
    ROW("total",     P_INT,    type_def, total,         0, 1e6),
    ROW("cons",      P_INT,    type_def, cons,          0, 1000),
    ROW("maxDistance", P_NUMBER, type_def, max_distance, -1, 1e6),
    ROW("epsilon",   P_NUMBER, type_def, epsilon,       0, 1),
};
static const param_spec effect_params[] = {
    ROW("scoreChange", P_NUMBER,  effect_def, score,       -1e9, 1e9),
    ROW("stype",       P_TYPE,    effect_def, stype,       0, 0),
    ROW("killSecond",  P_BOOL,    effect_def, kill_second, 0, 0),
    ROW("notStype",    P_TYPESET, effect_def, not_types,   0, 0),
    ROW("stypeTo",     P_TYPE,    effect_def, stype_to,    0, 0),
    ROW("timer",       P_INT,     effect_def, timer,       1, 60000),
    ROW("ftype",       P_EFFECT,  effect_def, ftype,       0, 0),
    ROW("offset",      P_NUMBER,  effect_def, offset,      0, 100),
};
static const param_spec term_params[] = {
    ROW("stype", P_TYPE, term_def, stype, 0, 0),
    ROW("limit", P_INT,  term_def, limit, 0, 1e9),
    ROW("win",   P_BOOL, term_def, win,   0, 0),
};
static const param_spec game_params[] = {
    ROW("square_size", P_INT, vg_game, square,    1, 200),
    ROW("max_ticks",   P_INT, vg_game, max_ticks, 1, 60000),  /* sprite.moved counts ticks in 16 bits */
};
#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

static const struct { const char *name; uint32_t rgb; } colors[] = {
    {"BLACK", 0x000000}, {"WHITE", 0xffffff}, {"GRAY", 0x808080}, {"DARKGRAY", 0x404040},
    {"LIGHTGRAY", 0xc0c0c0}, {"RED", 0xff0000}, {"LIGHTRED", 0xff8080}, {"GREEN", 0x00c000},
    {"DARKGREEN", 0x006400}, {"LIGHTGREEN", 0x80ff80}, {"BLUE", 0x0000ff}, {"DARKBLUE", 0x00008b},
    {"LIGHTBLUE", 0x80c0ff}, {"YELLOW", 0xffff00}, {"LIGHTYELLOW", 0xffff99}, {"ORANGE", 0xffa500},
    {"PINK", 0xffc0cb}, {"PURPLE", 0x800080}, {"BROWN", 0x8b4513}, {"GOLD", 0xffd700},
};

static const char *kind_name(param_kind k) {
    static const char *names[] = {"a number", "a whole number", "a boolean", "a sprite type name",
                                  "a sprite type name or a list of them", "a colour name", "a one-character string",
                                  "an effect name"};
    return names[k];
}

/* Sets parameter 'key' of the record at 'base' from 'v'. */
static vg_status set_param(vg_game *g, const param_spec *spec, int n, void *base, const char *what,
                           const char *key, const param_value *v, int line, vg_error *err) {
    const param_spec *p = NULL;
    for (int k = 0; k < n && !p; k++)
        if (strcmp(spec[k].name, key) == 0) p = &spec[k];
    if (!p) {
        const char *names[16];
        for (int k = 0; k < n; k++) names[k] = spec[k].name;
        game_error(g, err, VG_ERR_SCRIPT, line, "unknown %s parameter '%s'", what, key);
        if (err) suggest(err->msg, sizeof err->msg, key, names, n);
        return VG_ERR_SCRIPT;
    }
    char *field = (char *)base + p->offset;
    int ok = 1;
    switch (p->kind) {
    case P_NUMBER:
    case P_INT:
        ok = v->kind == PV_NUMBER && v->num >= p->min && v->num <= p->max &&
             (p->kind == P_NUMBER || v->num == (double)(int)v->num);
        if (ok && p->kind == P_NUMBER) *(double *)field = v->num;
        if (ok && p->kind == P_INT) *(int *)field = (int)v->num;
        if (!ok && v->kind == PV_NUMBER)
            return game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' must be %s from %g to %g, not %g",
                              what, key, kind_name(p->kind), p->min, p->max, v->num);
        break;
    case P_BOOL:
        ok = v->kind == PV_BOOL;
        if (ok) *(int *)field = v->b;
        break;
    case P_CHAR:
        ok = v->kind == PV_STRING && strlen(v->str) == 1 && isgraph((unsigned char)v->str[0]);
        if (ok) *field = v->str[0];
        break;
    case P_EFFECT:
        ok = v->kind == PV_STRING;
        if (ok) {
            int k = effect_find(v->str);
            if (k < 0) {
                int ne;
                const char *const *names = effect_names(&ne);
                game_error(g, err, VG_ERR_SCRIPT, line, "unknown effect '%s'", v->str);
                if (err) suggest(err->msg, sizeof err->msg, v->str, names, ne);
                return VG_ERR_SCRIPT;
            }
            *(int *)field = k;
        }
        break;
    case P_COLOR:
        ok = v->kind == PV_STRING;
        if (ok) {
            int k = 0;
            while (k < COUNT(colors) && strcmp(colors[k].name, v->str) != 0) k++;
            if (k == COUNT(colors)) {
                const char *names[COUNT(colors)];
                for (int j = 0; j < COUNT(colors); j++) names[j] = colors[j].name;
                game_error(g, err, VG_ERR_SCRIPT, line, "unknown colour '%s'", v->str);
                if (err) suggest(err->msg, sizeof err->msg, v->str, names, COUNT(colors));
                return VG_ERR_SCRIPT;
            }
            *(uint32_t *)field = colors[k].rgb;
        }
        break;
    case P_TYPE:
    case P_TYPESET: {
        const char *one[1] = {v->str};
        const char *const *list = v->kind == PV_LIST ? v->list : one;
        int count = v->kind == PV_LIST ? v->n : 1;
        ok = v->kind == PV_STRING || (p->kind == P_TYPESET && v->kind == PV_LIST);
        uint64_t set = 0;
        for (int k = 0; ok && k < count; k++) {
            int t = game_type_find(g, list[k]);
            if (t < 0 && p->kind == P_TYPE && strcmp(what, "sprite") == 0 && g->nfixups < VG_MAX_TYPES &&
                strlen(list[k]) < sizeof g->fixups[0].name) {
                /* a sprite may name a type declared after it: resolved by game_finish */
                struct fixup *f = &g->fixups[g->nfixups++];
                snprintf(f->name, sizeof f->name, "%s", list[k]);
                f->field = (int *)(void *)field;
                f->line = line;
                continue;
            }
            if (t < 0) {
                const char *names[VG_MAX_TYPES];
                for (int j = 0; j < g->ntypes; j++) names[j] = g->types[j].name;
                game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s': unknown sprite type '%s'", what, key, list[k]);
                if (err) suggest(err->msg, sizeof err->msg, list[k], names, g->ntypes);
                return VG_ERR_SCRIPT;
            }
            if (p->kind == P_TYPE) *(int *)field = t;
            set |= 1ULL << t;
        }
        if (ok && p->kind == P_TYPESET) *(uint64_t *)field = set;  /* expanded to leaves in game_finish */
        break;
    }
    }
    if (!ok) return game_error(g, err, VG_ERR_SCRIPT, line, "%s parameter '%s' must be %s", what, key, kind_name(p->kind));
    return VG_OK;
}

/* ---- Building --------------------------------------------------------- */

vg_game *game_new(const char *script_path) {
    vg_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    snprintf(g->script_path, sizeof g->script_path, "%s", script_path);
    memset(g->mapping, -1, sizeof g->mapping);
    g->square = 10;
    g->max_ticks = 2000;
    return g;
}

void game_free(vg_game *g) {
    if (!g) return;
    if (g->ops && g->ops->close) g->ops->close(g->script);
    free(g->static_mask);
    free(g->static_start);
    free(g->static_ents);
    free(g->fixed_order);
    free(g->start);
    free(g);
}

void vg_game_free(vg_game *g) { game_free(g); }

int game_type_find(const vg_game *g, const char *name) {
    for (int t = 0; t < g->ntypes; t++)
        if (strcmp(g->types[t].name, name) == 0) return t;
    return -1;
}

static vg_status type_or_error(vg_game *g, const char *name, int line, int *out, vg_error *err) {
    *out = game_type_find(g, name);
    if (*out >= 0) return VG_OK;
    const char *names[VG_MAX_TYPES];
    for (int j = 0; j < g->ntypes; j++) names[j] = g->types[j].name;
    game_error(g, err, VG_ERR_SCRIPT, line, "unknown sprite type '%s'", name);
    if (err) suggest(err->msg, sizeof err->msg, name, names, g->ntypes);
    return VG_ERR_SCRIPT;
}

vg_status game_set_param(vg_game *g, const char *key, const param_value *v, int line, vg_error *err) {
    return set_param(g, game_params, COUNT(game_params), g, "game", key, v, line, err);
}

static size_t param_size(param_kind k) {
    switch (k) {
    case P_NUMBER: return sizeof(double);
    case P_TYPESET: return sizeof(uint64_t);
    case P_COLOR: return sizeof(uint32_t);
    case P_CHAR: return sizeof(char);
    default: return sizeof(int);
    }
}

/* A type's values before any parameter: the base, then its class's defaults. */
static type_def fresh_type(int cls) {
    type_def td = {0};
    td.parent = -1;
    td.cls = cls;
    td.cooldown = 1;
    td.color = 0x808080;
    td.glyph = '?';
    td.stype = td.stype2 = -1;
    td.prob = 1;
    td.max_distance = -1;
    if (cls >= 0 && sprite_classes[cls].defaults) sprite_classes[cls].defaults(&td);
    return td;
}

vg_status game_add_type(vg_game *g, const char *name, const char *parent, const char *cls, int line, int *out, vg_error *err) {
    if (g->ntypes >= VG_MAX_TYPES)
        return game_error(g, err, VG_ERR_LIMIT, line, "too many sprite types (the limit is %d)", VG_MAX_TYPES);
    if (strlen(name) == 0 || strlen(name) >= sizeof g->types[0].name)
        return game_error(g, err, VG_ERR_SCRIPT, line, "sprite type names have 1 to 31 characters");
    if (game_type_find(g, name) >= 0)
        return game_error(g, err, VG_ERR_SCRIPT, line, "sprite type '%s' is declared twice", name);
    int pt = -1, c = -1;
    if (parent) {
        vg_status st = type_or_error(g, parent, line, &pt, err);
        if (st != VG_OK) return st;
        c = g->types[pt].cls;
    }
    if (cls && (c = sprite_class_find(cls)) < 0) {
        const char *names[32];
        for (int k = 0; k < sprite_num_classes; k++) names[k] = sprite_classes[k].name;
        game_error(g, err, VG_ERR_SCRIPT, line, "unknown sprite class '%s'", cls);
        if (err) suggest(err->msg, sizeof err->msg, cls, names, sprite_num_classes);
        return VG_ERR_SCRIPT;
    }
    /* The class's defaults, then what the ancestors set (as GVGAI applies
     * inherited parameters over a class's defaults). */
    type_def td = fresh_type(c);
    if (pt >= 0) {
        const type_def *up = &g->types[pt];
        td.set = up->set;
        for (int k = 0; k < COUNT(sprite_params); k++)
            if (up->set >> k & 1)
                memcpy((char *)&td + sprite_params[k].offset, (const char *)up + sprite_params[k].offset,
                       param_size(sprite_params[k].kind));
        td.singleton = 0;                 /* it belongs to the type that declares it */
        td.glyph = '?';
    }
    snprintf(td.name, sizeof td.name, "%s", name);
    td.parent = pt;
    td.line = line;
    *out = g->ntypes;
    g->types[g->ntypes++] = td;
    return VG_OK;
}

vg_status game_type_param(vg_game *g, int type, const char *key, const param_value *v, int line, vg_error *err) {
    vg_status st = set_param(g, sprite_params, COUNT(sprite_params), &g->types[type], "sprite", key, v, line, err);
    for (int k = 0; st == VG_OK && k < COUNT(sprite_params); k++)
        if (strcmp(sprite_params[k].name, key) == 0) g->types[type].set |= 1ULL << k;
    return st;
}

vg_status game_add_mapping(vg_game *g, char c, const char *const *types, int n, int line, vg_error *err) {
    unsigned char uc = (unsigned char)c;
    if (uc >= 128 || !isprint(uc))
        return game_error(g, err, VG_ERR_SCRIPT, line, "map characters must be printable ASCII (space included)");
    if (g->mapping[uc][0] != -1)
        return game_error(g, err, VG_ERR_SCRIPT, line, "map character '%c' is mapped twice", c);
    if (n < 1 || n > 7)
        return game_error(g, err, VG_ERR_SCRIPT, line, "map character '%c' must place 1 to 7 sprites", c);
    for (int k = 0; k < n; k++) {
        int t;
        vg_status st = type_or_error(g, types[k], line, &t, err);
        if (st != VG_OK) return st;
        g->mapping[uc][k] = (char)t;
    }
    g->mapping_line[uc] = line;
    return VG_OK;
}

vg_status game_add_effect(vg_game *g, const char *t1, const char *const *t2, int n, const char *effect, int lua_ref,
                          int line, int *first, vg_error *err) {
    int a, kind = EFFECT_LUA;
    vg_status st = type_or_error(g, t1, line, &a, err);
    if (st != VG_OK) return st;
    if (effect) {
        kind = effect_find(effect);
        if (kind < 0) {
            int ne;
            const char *const *names = effect_names(&ne);
            game_error(g, err, VG_ERR_SCRIPT, line, "unknown effect '%s'", effect);
            if (err) suggest(err->msg, sizeof err->msg, effect, names, ne);
            return VG_ERR_SCRIPT;
        }
    }
    if (n < 1) return game_error(g, err, VG_ERR_SCRIPT, line, "an interaction needs two sprite types");
    if (g->neffects + n > VG_MAX_EFFECTS)
        return game_error(g, err, VG_ERR_LIMIT, line, "too many interactions (the limit is %d)", VG_MAX_EFFECTS);
    *first = g->neffects;
    for (int k = 0; k < n; k++) {
        int b = EOS_TYPE;             /* "EOS": the edge of the screen */
        if (strcmp(t2[k], "EOS") != 0 && (st = type_or_error(g, t2[k], line, &b, err)) != VG_OK) return st;
        effect_def *e = &g->effects[g->neffects++];
        memset(e, 0, sizeof *e);
        e->kind = kind;
        e->t1 = a;
        e->t2 = b;
        e->line = line;
        e->stype = e->stype_to = e->ftype = -1;
        e->lua_ref = lua_ref;
    }
    return VG_OK;
}

vg_status game_effect_param(vg_game *g, int effect, const char *key, const param_value *v, int line, vg_error *err) {
    return set_param(g, effect_params, COUNT(effect_params), &g->effects[effect], "effect", key, v, line, err);
}

vg_status game_add_term(vg_game *g, const char *kind, int lua_ref, int line, int *out, vg_error *err) {
    if (g->nterms >= VG_MAX_TERMS)
        return game_error(g, err, VG_ERR_LIMIT, line, "too many terminations (the limit is %d)", VG_MAX_TERMS);
    term_def d = {.kind = TERM_LUA, .line = line, .stype = -1, .lua_ref = lua_ref};
    if (kind) {
        d.kind = term_find(kind);
        if (d.kind < 0) {
            int nt;
            const char *const *names = term_names(&nt);
            game_error(g, err, VG_ERR_SCRIPT, line, "unknown termination '%s'", kind);
            if (err) suggest(err->msg, sizeof err->msg, kind, names, nt);
            return VG_ERR_SCRIPT;
        }
    }
    *out = g->nterms;
    g->terms[g->nterms++] = d;
    return VG_OK;
}

vg_status game_term_param(vg_game *g, int term, const char *key, const param_value *v, int line, vg_error *err) {
    return set_param(g, term_params, COUNT(term_params), &g->terms[term], "termination", key, v, line, err);
}

/* ---- Finishing -------------------------------------------------------- */

static uint64_t leaves_of(const vg_game *g, uint64_t set) {
    uint64_t out = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (set >> t & 1) out |= g->types[t].subtypes;
    return out;
}

vg_status game_finish(vg_game *g, vg_error *err) {
    /* 1. The type tree: leaves and subtype sets; every leaf has a class;
     *    types named before they were declared. */
    for (int k = 0; k < g->nfixups; k++) {
        const struct fixup *f = &g->fixups[k];
        size_t at = (size_t)((char *)f->field - (char *)g->types);
        int owner = (int)(at / sizeof(type_def)), found = game_type_find(g, f->name);
        for (int t = owner; t < g->ntypes && found >= 0; t++) {   /* descendants inherited the unresolved -1 */
            int *field = (int *)(void *)((char *)&g->types[t] + at % sizeof(type_def));
            if (t == owner || (vg_type_is_a(g, t, owner) && *field == -1)) *field = found;
        }
        if (found >= 0) continue;
        const char *names[VG_MAX_TYPES];
        for (int j = 0; j < g->ntypes; j++) names[j] = g->types[j].name;
        game_error(g, err, VG_ERR_SCRIPT, f->line, "sprite parameter: unknown sprite type '%s'", f->name);
        if (err) suggest(err->msg, sizeof err->msg, f->name, names, g->ntypes);
        return VG_ERR_SCRIPT;
    }
    for (int t = 0; t < g->ntypes; t++) g->types[t].leaf = 1;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].parent >= 0) g->types[g->types[t].parent].leaf = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && g->types[t].cls < 0)
            return game_error(g, err, VG_ERR_SCRIPT, g->types[t].line,
                              "sprite '%s' needs a class (e.g. \"Immovable\"), its own or a parent's", g->types[t].name);
    for (int t = 0; t < g->ntypes; t++) {
        g->types[t].subtypes = 0;
        if (!g->types[t].leaf) continue;
        for (int a = t; a >= 0; a = g->types[a].parent) g->types[a].subtypes |= 1ULL << t;
    }
    g->avatar_types = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && (sprite_classes[g->types[t].cls].flags & CLASS_AVATAR)) g->avatar_types |= 1ULL << t;

    /* 2. Effects: checks, then pairs in order of first appearance; edge effects apart. */
    g->may_create = 0;
    g->ntimers = 0;
    for (int k = 0; k < g->neffects; k++) {
        effect_def *e = &g->effects[k];
        const char *name = e->kind == EFFECT_LUA ? "a Lua effect" : effect_names(&(int){0})[e->kind];
        e->not_types = leaves_of(g, e->not_types);
        int needs_stype = e->kind == effect_find("transformTo") || e->kind == effect_find("transformToAll") ||
                          (e->kind == effect_find("addTimer") && e->ftype == effect_find("transformToAll"));
        if (needs_stype && e->stype < 0) return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs 'stype'", name);
        int target = e->kind == effect_find("transformTo") ? e->stype : e->stype_to;
        if (needs_stype && target != e->stype && !g->types[e->stype].leaf)
            return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s: 'stype' %s has subtypes; name a leaf type", name,
                              g->types[e->stype].name);
        if (needs_stype && e->kind != effect_find("transformTo") && e->stype_to < 0)
            return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs 'stypeTo'", name);
        if (needs_stype && !g->types[target].leaf)
            return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s: '%s' has subtypes; name a leaf type", name,
                              g->types[target].name);
        if (e->kind == effect_find("addTimer")) {
            if (e->ftype != effect_find("transformToAll") && e->ftype != effect_find("scoreChange"))
                return game_error(g, err, VG_ERR_SCRIPT, e->line, "addTimer needs 'ftype' = \"transformToAll\" or \"scoreChange\"");
            if (e->timer < 1) return game_error(g, err, VG_ERR_SCRIPT, e->line, "addTimer needs 'timer' (ticks)");
            g->ntimers = VG_MAX_TIMERS;
        }
        if ((effect_flags(e->kind) | (e->ftype >= 0 ? effect_flags(e->ftype) : 0)) & FX_CREATES) g->may_create = 1;
        if (e->t2 == EOS_TYPE && e->kind != EFFECT_LUA && (effect_flags(e->kind) & FX_NEEDS2))
            return game_error(g, err, VG_ERR_SCRIPT, e->line, "%s needs two sprites; it cannot happen at the edge (EOS)", name);
    }
    g->npairs = g->neos = 0;
    int used = 0;
    for (int k = 0; k < g->neffects; k++) {
        if (g->effects[k].t2 == EOS_TYPE) {
            g->eos_effects[g->neos++] = k;
                continue;
        }
        int p = 0;
        while (p < g->npairs && !(g->pairs[p].t1 == g->effects[k].t1 && g->pairs[p].t2 == g->effects[k].t2)) p++;
        if (p < g->npairs) continue;
        pair_def *pd = &g->pairs[g->npairs++];
        pd->t1 = g->effects[k].t1;
        pd->t2 = g->effects[k].t2;
        pd->first = used;
        pd->count = 0;
        for (int j = k; j < g->neffects; j++)
            if (g->effects[j].t1 == pd->t1 && g->effects[j].t2 == pd->t2) g->pair_effects[used++] = j, pd->count++;
    }

    memset(g->partners, 0, sizeof g->partners);
    memset(g->pairs_as1, 0, sizeof g->pairs_as1);
    memset(g->pairs_as2, 0, sizeof g->pairs_as2);
    for (int p = 0; p < g->npairs; p++) {
        uint64_t a = g->types[g->pairs[p].t1].subtypes, b = g->types[g->pairs[p].t2].subtypes;
        for (int t = 0; t < g->ntypes; t++) {
            if (a >> t & 1) g->partners[t] |= b, g->pairs_as1[t][p / 64] |= 1ULL << (p % 64);
            if (b >> t & 1) g->partners[t] |= a, g->pairs_as2[t][p / 64] |= 1ULL << (p % 64);
        }
    }

    /* 3. Fixed types: still by class, and no rule moves or creates them;
     *    killable ones among them get alive bits. Then who updates when. */
    uint64_t moving = g->avatar_types, dying = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = effect_flags(e->kind);
        uint64_t t2 = e->t2 == EOS_TYPE ? 0 : g->types[e->t2].subtypes;
        if (f & FX_MOVE1) moving |= g->types[e->t1].subtypes;
        if (f & FX_MOVE2) moving |= t2;
        if (f & FX_KILL1) dying |= g->types[e->t1].subtypes;
        if ((f & FX_KILL2) || e->kill_second) dying |= t2;
        if (e->stype >= 0) moving |= g->types[e->stype].subtypes;       /* replaced, or created */
        if (e->stype_to >= 0) moving |= g->types[e->stype_to].subtypes;
    }
    for (int t = 0; t < g->ntypes; t++) {               /* what sprites spawn, chase or flee: changing ones */
        if (g->types[t].stype >= 0) moving |= g->types[g->types[t].stype].subtypes;
        if (g->types[t].stype2 >= 0) moving |= g->types[g->types[t].stype2].subtypes;
        if (g->types[t].leaf && g->types[t].cls == sprite_class_find("SpawnPoint") && g->types[t].stype >= 0 &&
            !g->types[g->types[t].stype].leaf)
            return game_error(g, err, VG_ERR_SCRIPT, g->types[t].line, "SpawnPoint '%s': stype '%s' has subtypes; name a leaf type",
                              g->types[t].name, g->types[g->types[t].stype].name);
    }
    g->nupdate = 0;
    g->changing = 0;
    g->nranges = 0;
    for (int t = 0; t < g->ntypes; t++) {
        type_def *td = &g->types[t];
        if (!td->leaf) continue;
        const sprite_class *c = &sprite_classes[td->cls];
        td->fixed = td->leaf && !(moving >> t & 1) && !td->force_dynamic && (c->flags & CLASS_STILL);
        td->killable = td->fixed && (dying >> t & 1);
        if (!td->fixed) {
            g->changing |= 1ULL << t;
            g->range_slot[t] = (uint8_t)g->nranges++;
        }
        if (td->leaf && !(c->flags & CLASS_AVATAR) && c->update && !((c->flags & CLASS_SPEED) && td->speed == 0))
            g->update_order[g->nupdate++] = (uint8_t)t;
    }
    g->inv_square = (1ULL << 32) / (uint64_t)g->square + 1;
    for (int t = 0; t < g->ntypes; t++) {               /* path finding avoids what it steps back from */
        g->types[t].blockers = 0;
        for (int k = 0; k < g->neffects; k++) {
            const effect_def *e = &g->effects[k];
            if (e->t2 != EOS_TYPE && (e->kind == effect_find("stepBack") || e->kind == effect_find("undoAll")) &&
                (g->types[e->t1].subtypes >> t & 1))
                g->types[t].blockers |= g->types[e->t2].subtypes;
        }
    }

    /* 4. Terminations. */
    for (int k = 0; k < g->nterms; k++) {
        const term_def *d = &g->terms[k];
        if (d->kind == term_find("SpriteCounter") && d->stype < 0)
            return game_error(g, err, VG_ERR_SCRIPT, d->line, "SpriteCounter needs 'stype'");
    }

    /* 5. Glyphs: a type is drawn with the first map character that puts it on top. */
    for (int pass = 0; pass < 2; pass++)
        for (int c = 32; c < 127; c++)
            for (int k = 0; k < 7 && g->mapping[c][k] >= 0; k++) {
                type_def *td = &g->types[(int)g->mapping[c][k]];
                if (td->glyph == '?' && (pass == 1 || k == 0)) td->glyph = (char)c;
            }
    return VG_OK;
}

/* ---- Read-only accessors ---------------------------------------------- */

int vg_game_width(const vg_game *g) { return g->w; }
int vg_game_height(const vg_game *g) { return g->h; }
int vg_game_num_types(const vg_game *g) { return g->ntypes; }
const char *vg_type_name(const vg_game *g, int t) { return t >= 0 && t < g->ntypes ? g->types[t].name : NULL; }
int vg_type_find(const vg_game *g, const char *name) { return game_type_find(g, name); }
int vg_type_is_leaf(const vg_game *g, int t) { return g->types[t].leaf; }
int vg_type_is_a(const vg_game *g, int t, int anc) {
    for (; t >= 0; t = g->types[t].parent)
        if (t == anc) return 1;
    return 0;
}
vg_category vg_type_category(const vg_game *g, int t) {
    return g->types[t].cls < 0 ? VG_NUM_CATS : sprite_classes[g->types[t].cls].cat;   /* a parent without a class: none */
}
char vg_type_glyph(const vg_game *g, int t) { return g->types[t].glyph; }
uint32_t vg_type_color(const vg_game *g, int t) { return g->types[t].color; }
int vg_type_hidden(const vg_game *g, int t) { return g->types[t].hidden; }
int vg_game_has_heuristic(const vg_game *g) { return g->has_heuristic; }

double vg_heuristic(const vg_game *g, const vg_state *s, vg_error *err) {
    double v = s->score;
    if (g->has_heuristic && g->ops->value(g->script, 0, g, s, &v, err) != VG_OK) return s->score;
    return v;
}

double vg_evaluate(const vg_game *g, const vg_state *s, vg_error *err) {
    double v = s->score;
    if (g->has_evaluate && g->ops->value(g->script, 1, g, s, &v, err) != VG_OK) return s->score;
    return v;
}

int vg_game_has_evaluate(const vg_game *g) { return g->has_evaluate; }
int vg_game_has_turns(const vg_game *g) { return g->turns; }
/* A game without turns has one agent whose moves are its actions. */
const char *vg_move_name(const vg_game *g, int m) {
    if (!g->turns) return m >= 0 && m < VG_NUM_ACTIONS ? vg_action_name((vg_action)m) + 7 : NULL;
    return m >= 0 && m < g->nmoves ? g->move_names[m] : NULL;
}

int vg_move_find(const vg_game *g, const char *name) {
    vg_action a;
    if (!g->turns) return vg_action_parse(name, &a) ? (int)a : -1;
    for (int m = 0; m < g->nmoves; m++)
        if (strcmp(g->move_names[m], name) == 0) return m;
    return -1;
}

vg_status game_add_move(vg_game *g, const char *name, int line, vg_error *err) {
    if (g->nmoves == VG_MAX_MOVES) return game_error(g, err, VG_ERR_LIMIT, line, "too many moves (the limit is %d)", VG_MAX_MOVES);
    if (strlen(name) == 0 || strlen(name) >= sizeof g->move_names[0])
        return game_error(g, err, VG_ERR_SCRIPT, line, "move names have 1 to 15 characters");
    if (vg_move_find(g, name) >= 0) return game_error(g, err, VG_ERR_SCRIPT, line, "move '%s' is named twice", name);
    snprintf(g->move_names[g->nmoves++], sizeof g->move_names[0], "%s", name);
    return VG_OK;
}

int vg_var_find(const vg_game *g, const char *name) {
    for (int k = 0; k < g->nvars; k++)
        if (strcmp(g->var_names[k], name) == 0) return k;
    return -1;
}

vg_status game_add_var(vg_game *g, const char *name, int init, int line, vg_error *err) {
    if (g->nvars == VG_MAX_VARS) return game_error(g, err, VG_ERR_LIMIT, line, "too many variables (the limit is %d)", VG_MAX_VARS);
    if (strlen(name) == 0 || strlen(name) >= sizeof g->var_names[0])
        return game_error(g, err, VG_ERR_SCRIPT, line, "variable names have 1 to 15 characters");
    if (vg_var_find(g, name) >= 0) return game_error(g, err, VG_ERR_SCRIPT, line, "variable '%s' is declared twice", name);
    snprintf(g->var_names[g->nvars], sizeof g->var_names[0], "%s", name);
    g->var_init[g->nvars++] = init;
    return VG_OK;
}

const char *vg_status_name(vg_status st) {
    static const char *names[] = {"ok", "cannot read file", "parse error", "script error",
                                  "out of memory", "limit exceeded", "bad argument"};
    return (unsigned)st < sizeof names / sizeof names[0] ? names[st] : "unknown status";
}
