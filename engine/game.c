/* SPDX-License-Identifier: MIT
 *
 * game.c -- the builder API that loaders fill a game with (declaring
 * types, map characters, effect and termination rows, moves and
 * variables, each checked as it comes, errors at the declaring line), and
 * the read-only accessors vgdl.h gives on a game.
 *
 * Parameters are set through param.c's tables (one row a parameter; a
 * misspelt name gets the closest valid one as a suggestion); game_finish
 * (game_finish.c) checks the whole and derives what play needs.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "bound_merge.h"
#include "class.h"
#include "effect.h"
#include "param.h"
#include "path.h"
#include "term.h"

vg_status game_error(const vg_game *g, vg_error *err, vg_status st, int line, const char *fmt, ...) {
    if (!err) return st;
    va_list ap;
    va_start(ap, fmt);
    char msg[sizeof err->msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return error_set(err, st, g->script_path, line, 0, "%s", msg);
}

void game_warn(vg_game *g, int line, const char *fmt, ...) {
    if (g->nwarnings++ >= GAME_MAX_WARNINGS) return;
    vg_error *w = &g->warnings[g->nwarnings - 1];
    va_list ap;
    va_start(ap, fmt);
    char msg[sizeof w->msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    error_set(w, VG_OK, g->script_path, line, 0, "%s", msg);
}

int vg_game_warnings(const vg_game *g, vg_error *out, int max) {
    int n = g->nwarnings < GAME_MAX_WARNINGS ? g->nwarnings : GAME_MAX_WARNINGS;
    for (int k = 0; k < n && k < max; k++) out[k] = g->warnings[k];
    return g->nwarnings;
}

/* An unknown class, effect or termination 'name' ('what'): GVGAI's that
 * the engine lacks are said to be so, others get "did you mean". */
static vg_status unknown_word(const vg_game *g, vg_error *err, int line, const char *what, const char *name,
                              const char **names, int n) {
    static const char *const gvgai_only[] = {"RandomInertial", "SpriteProducer", /* classes */
                                             "waterPhysics"}; /* effects (every termination is here) */
    for (size_t k = 0; k < sizeof gvgai_only / sizeof gvgai_only[0]; k++)
        if (strcmp(gvgai_only[k], name) == 0)
            return game_error(g, err, VG_ERR_SCRIPT, line, "%s '%s': GVGAI has this %s, vgdl does not yet", what, name,
                              what);
    return error_unknown(err, g->script_path, line, what, name, names, n);
}

vg_status game_unknown_type(const vg_game *g, vg_error *err, int line, const char *what, const char *name) {
    const char *names[VG_MAX_TYPES];
    for (int j = 0; j < g->ntypes; j++) names[j] = g->types[j].name;
    return error_unknown(err, g->script_path, line, what, name, names, g->ntypes);
}

/* ---- Building --------------------------------------------------------- */

vg_game *game_new(const char *script_path) {
    vg_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    snprintf(g->script_path, sizeof g->script_path, "%s", script_path);
    memset(g->mapping, -1, sizeof g->mapping);
    g->square = 0; /* unset: GVGAI's rule when the level is read */
    g->max_ticks = 2000;
    g->nplayers = 1;
    return g;
}

void game_free(vg_game *g) {
    if (!g) return;
    if (g->ops && g->ops->close) g->ops->close(g->script);
    free(g->static_mask);
    free(g->static_start);
    free(g->static_ents);
    free(g->fixed_order);
    free(g->cell_col);
    path_free(g->path);
    bound_free(g->bound);
    bound_merge_free(g->bound_merge);
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
    return *out >= 0 ? VG_OK : game_unknown_type(g, err, line, "sprite type", name);
}

vg_status game_set_param(vg_game *g, const char *key, const param_value *v, int line, vg_error *err) {
    return param_set(g, PARAMS_GAME, g, key, v, line, err);
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
    td.self = -1;
    td.is_npc = -1;
    td.prob = 1;
    td.max_distance = -1;
    td.health_limit = 1000;
    td.ttl = -1;
    td.mass = 1;
    td.max_speed = -1;
    td.w_mult = td.h_mult = 1;
    if (cls >= 0) class_table[cls].defaults(&td);
    return td;
}

vg_status game_add_type(vg_game *g, const char *name, const char *parent, const char *cls, int line, int *out,
                        vg_error *err) {
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
    if (cls && (c = class_find(cls)) < 0) {
        const char *names[NUM_CLASSES];
        return unknown_word(g, err, line, "sprite class", cls, names, class_names(names, NUM_CLASSES));
    }
    /* The class's defaults, then what the ancestors set (as GVGAI applies
     * inherited parameters over a class's defaults). */
    type_def td = fresh_type(c);
    if (pt >= 0) {
        param_inherit(&td, &g->types[pt]);
        td.update_ref = g->types[pt].update_ref;
        td.singleton = 0; /* it belongs to the type that declares it */
        td.glyph = '?';
    }
    snprintf(td.name, sizeof td.name, "%s", name);
    td.parent = pt;
    td.line = line;
    *out = g->ntypes;
    g->types[g->ntypes++] = td;
    return VG_OK;
}

void game_type_update(vg_game *g, int type, int ref) { g->types[type].update_ref = ref; }

vg_status game_type_param(vg_game *g, int type, const char *key, const param_value *v, int line, vg_error *err) {
    return param_set(g, PARAMS_SPRITE, &g->types[type], key, v, line, err);
}

vg_status game_add_mapping(vg_game *g, char c, const char *const *types, int n, int line, vg_error *err) {
    unsigned char uc = (unsigned char)c;
    char shown[8];
    if (uc < 128) snprintf(shown, sizeof shown, "'%c'", uc);
    else snprintf(shown, sizeof shown, "0x%02x", uc);
    if (!(uc < 128 ? isprint(uc) : g->gvgai_maps))
        return game_error(g, err, VG_ERR_SCRIPT, line, "map characters must be printable ASCII (space included)");
    if (g->mapping[uc][0] != -1)
        return game_error(g, err, VG_ERR_SCRIPT, line, "map character %s is mapped twice", shown);
    if (n < 0 || n > 7)
        return game_error(g, err, VG_ERR_SCRIPT, line, "map character %s must place 0 to 7 sprites", shown);
    g->mapping[uc][0] = MAP_EMPTY; /* none: an empty cell */
    g->mapping_line[uc] = line;
    for (int k = 0; k < n; k++) {
        int t = game_type_find(g, types[k]);
        if (t < 0 && g->gvgai_maps) { /* refused by the level that uses it (level.c) */
            g->mapping[uc][0] = MAP_UNDECLARED;
            snprintf(g->map_undeclared[uc], sizeof g->map_undeclared[uc], "%s", types[k]);
            return VG_OK;
        }
        if (t < 0) return game_unknown_type(g, err, line, "sprite type", types[k]);
        g->mapping[uc][k] = (char)t;
    }
    return VG_OK;
}

vg_status game_add_effect(vg_game *g, const char *t1, const char *const *t2, int n, const char *effect, int script_ref,
                          int line, int *first, vg_error *err) {
    int a, kind = EFFECT_SCRIPT;
    const char *time[1] = {"TIME"};
    if (strcmp(t1, "TIME") == 0 && n == 1 && game_type_find(g, "TIME") < 0)
        t1 = t2[0], t2 = time; /* GVGAI: either side */
    vg_status st = type_or_error(g, t1, line, &a, err);
    if (st != VG_OK) return st;
    if (effect) {
        kind = effect_find(effect);
        if (kind < 0) {
            const char *names[NUM_EFFECTS];
            return unknown_word(g, err, line, "effect", effect, names, effect_names(names, NUM_EFFECTS));
        }
    }
    if (n < 1) return game_error(g, err, VG_ERR_SCRIPT, line, "an interaction needs two sprite types");
    if (n > VG_MAX_TYPES) /* each its own row: never cut short */
        return game_error(g, err, VG_ERR_LIMIT, line, "an interaction names %d second types (the limit is %d)", n,
                          VG_MAX_TYPES);
    if (g->neffects + n > VG_MAX_EFFECTS)
        return game_error(g, err, VG_ERR_LIMIT, line, "too many interactions (the limit is %d)", VG_MAX_EFFECTS);
    *first = g->neffects;
    for (int k = 0; k < n; k++) {
        int b = EOS_TYPE; /* "EOS": the edge of the screen */
        if (strcmp(t2[k], "TIME") == 0 && game_type_find(g, "TIME") < 0) b = TIME_TYPE; /* GVGAI's timed effects */
        else if (strcmp(t2[k], "EOS") != 0 && (st = type_or_error(g, t2[k], line, &b, err)) != VG_OK) return st;
        effect_def *e = &g->effects[g->neffects++];
        memset(e, 0, sizeof *e);
        e->kind = kind;
        e->t1 = a;
        e->t2 = b;
        e->line = line;
        e->group = *first;
        e->stype = e->stype_to = e->ftype = -1;
        e->stype_count = e->spawn_point = -1;
        e->prob = 1;
        e->limspeed = 1;
        e->leq = VG_MAX_SPRITES;
        e->resource = e->held_resource = e->kill_resource = e->orient = e->next_execution = -1;
        e->value = NAN; /* unset: each effect's check gives its default */
        e->script_ref = script_ref;
    }
    return VG_OK;
}

vg_status game_effect_param(vg_game *g, int effect, const char *key, const param_value *v, int line, vg_error *err) {
    return param_set(g, PARAMS_EFFECT, &g->effects[effect], key, v, line, err);
}

vg_status game_add_term(vg_game *g, const char *kind, int script_ref, int line, int *out, vg_error *err) {
    if (g->nterms >= VG_MAX_TERMS)
        return game_error(g, err, VG_ERR_LIMIT, line, "too many terminations (the limit is %d)", VG_MAX_TERMS);
    term_def d = {.kind = TERM_SCRIPT,
                  .line = line,
                  .stype = -1,
                  .stype2 = -1,
                  .stype3 = -1,
                  .subtypes_num = -1,
                  .script_ref = script_ref};
    if (kind) {
        d.kind = term_find(kind);
        if (d.kind < 0) {
            const char *names[NUM_TERMS];
            return unknown_word(g, err, line, "termination", kind, names, term_names(names, NUM_TERMS));
        }
    }
    *out = g->nterms;
    g->terms[g->nterms++] = d;
    return VG_OK;
}

vg_status game_term_param(vg_game *g, int term, const char *key, const param_value *v, int line, vg_error *err) {
    return param_set(g, PARAMS_TERM, &g->terms[term], key, v, line, err);
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
    const type_def *td = &g->types[t];
    if (td->cls < 0) return VG_NUM_CATS; /* a parent without a class: none */
    vg_category c = class_table[td->cls].cat;
    int special = c == VG_CAT_AVATAR || c == VG_CAT_RESOURCE;
    if (c == VG_CAT_NPC && td->is_npc == 0) c = td->is_static ? VG_CAT_IMMOVABLE : VG_CAT_MOVABLE; /* is_npc=False */
    if (td->is_npc == 1 && !special) c = VG_CAT_NPC;
    if (c == VG_CAT_MOVABLE && td->from_avatar) c = VG_CAT_FROM_AVATAR;
    return td->portal && !special ? VG_CAT_PORTAL : c; /* GVGAI's order */
}
char vg_type_glyph(const vg_game *g, int t) { return g->types[t].glyph; }
uint32_t vg_type_color(const vg_game *g, int t) { return g->types[t].color; }
int vg_type_hidden(const vg_game *g, int t) {
    int all = (1 << g->nplayers) - 1;
    return (g->types[t].hidden & all) == all;
}
int vg_type_hidden_from(const vg_game *g, int t, int p) {
    return p >= 0 && p < g->nplayers && (g->types[t].hidden >> p & 1);
}
const char *vg_type_img(const vg_game *g, int t) { return g->types[t].img; }
int vg_game_has_heuristic(const vg_game *g) { return g->has_heuristic; }
int vg_num_resources(const vg_game *g) { return g->nres; }
int vg_resource_type(const vg_game *g, int slot) { return slot >= 0 && slot < g->nres ? g->res_type[slot] : -1; }

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

void vg_script_window(const vg_game *g, long steps, double seconds) {
    if (g->ops && g->ops->window) g->ops->window(g->script, steps, seconds);
}
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

int vg_moves_are_actions(const vg_game *g) {
    vg_action a;
    if (!g->turns) return 1;
    for (int m = 0; m < g->nmoves; m++)
        if (vg_action_parse(g->move_names[m], &a)) return 1;
    return 0;
}

vg_status game_add_move(vg_game *g, const char *name, int line, vg_error *err) {
    if (g->nmoves == VG_MAX_MOVES)
        return game_error(g, err, VG_ERR_LIMIT, line, "too many moves (the limit is %d)", VG_MAX_MOVES);
    if (strlen(name) == 0 || strlen(name) >= sizeof g->move_names[0])
        return game_error(g, err, VG_ERR_SCRIPT, line, "move names have 1 to 15 characters");
    if (vg_move_find(g, name) >= 0) return game_error(g, err, VG_ERR_SCRIPT, line, "move '%s' is named twice", name);
    vg_action a;
    g->move_action[g->nmoves] = (uint8_t)(vg_action_parse(name, &a) ? a : VG_ACTION_NIL);
    snprintf(g->move_names[g->nmoves++], sizeof g->move_names[0], "%s", name);
    return VG_OK;
}

int vg_var_find(const vg_game *g, const char *name) {
    for (int k = 0; k < g->nvars; k++)
        if (strcmp(g->var_names[k], name) == 0) return k;
    return -1;
}

vg_status game_add_var(vg_game *g, const char *name, int init, int line, vg_error *err) {
    if (g->nvars == VG_MAX_VARS)
        return game_error(g, err, VG_ERR_LIMIT, line, "too many variables (the limit is %d)", VG_MAX_VARS);
    if (strlen(name) == 0 || strlen(name) >= sizeof g->var_names[0])
        return game_error(g, err, VG_ERR_SCRIPT, line, "variable names have 1 to 15 characters");
    if (vg_var_find(g, name) >= 0)
        return game_error(g, err, VG_ERR_SCRIPT, line, "variable '%s' is declared twice", name);
    snprintf(g->var_names[g->nvars], sizeof g->var_names[0], "%s", name);
    g->var_init[g->nvars++] = init;
    return VG_OK;
}
