/* SPDX-License-Identifier: MIT
 *
 * build.c -- a GVGAI game file loaded: its declarations (walk.c) handed to
 * the builder API of game.h, then a level read as GVGAI reads one.
 *
 * Whatever the builder refuses (a class, effect, termination or parameter
 * the engine does not have, a misspelt name) comes back as its error,
 * placed at the line and column of the word it names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../io.h"
#include "../level.h"
#include "gvgai.h"

/* ---- Declarations into the builder ------------------------------------- */

/* Points 'err' at the word of 'd' its message names first ('...'). */
static void locate(vg_error *err, const gv_decl *d) {
    const char *q = err ? strchr(err->msg, '\'') : NULL;
    const char *end = q ? strchr(q + 1, '\'') : NULL;
    if (!end) return;
    size_t n = (size_t)(end - q - 1);
    const gv_tok *at = d->name;
    const gv_tok *words[2 + 2 * 64];
    int nw = 0;
    for (int k = 0; k < d->nparams && nw < 64; k++) words[nw++] = &d->params[k]->key, words[nw++] = &d->params[k]->val;
    if (d->word) words[nw++] = d->word;
    for (int k = 0; k < d->nargs && nw < (int)(sizeof words / sizeof words[0]); k++) words[nw++] = d->args[k];
    for (int k = 0; k < nw; k++)
        if (strlen(words[k]->s) == n && strncmp(words[k]->s, q + 1, n) == 0 && words[k]->line) at = words[k];
    if (at->line) err->line = at->line, err->col = at->col;
}

typedef vg_status setter(vg_game *g, int id, const char *key, const param_value *v, int line, vg_error *err);

/* The parameters of 'd' on rows id..id+count-1. */
static vg_status set_params(vg_game *g, const gv_decl *d, setter *set, int id, int count, vg_error *err) {
    for (int k = 0; k < d->nparams; k++)
        for (int r = id; r < id + count; r++) {
            const gv_param *p = d->params[k];
            vg_status st = set(g, r, p->key.s, &p->v, p->key.line, err);
            if (st != VG_OK) return st;
        }
    return VG_OK;
}

static vg_status set_game(vg_game *g, int id, const char *key, const param_value *v, int line, vg_error *err) {
    (void)id;
    return game_set_param(g, key, v, line, err);
}

/* What the declarations are handed to: the game, and the map characters
 * that place a type the game does not declare (an error only on a level
 * that uses one, as in GVGAI). */
typedef struct builder {
    vg_game *g;
    const gv_tok *undeclared[128];
} builder;

static vg_status build(void *ud, const gv_decl *d, vg_error *err) {
    builder *b = ud;
    vg_game *g = b->g;
    const char *names[VG_MAX_EFFECTS];
    int line = d->name->line, id = 0, n = d->nargs < VG_MAX_EFFECTS ? d->nargs : VG_MAX_EFFECTS;
    for (int k = 0; k < n; k++) names[k] = d->args[k]->s;
    vg_status st = VG_OK;
    switch (d->kind) {
    case GD_TYPE:
        st = game_add_type(g, d->name->s, d->parent, d->word ? d->word->s : NULL, line, &id, err);
        if (st == VG_OK) st = set_params(g, d, game_type_param, id, 1, err);
        break;
    case GD_GAME: st = set_params(g, d, set_game, 0, 1, err); break;
    case GD_MAP:
        if (d->undeclared) b->undeclared[(unsigned char)d->name->s[0] & 127] = d->undeclared;  /* game_add_mapping: < 128 */
        else st = game_add_mapping(g, d->name->s[0], names, n, line, err);
        break;
    case GD_EFFECT:
        st = game_add_effect(g, d->name->s, names, n, d->word->s, 0, line, &id, err);
        if (st == VG_OK) st = set_params(g, d, game_effect_param, id, n, err);
        break;
    case GD_TERM:
        st = game_add_term(g, d->name->s, 0, line, &id, err);
        if (st == VG_OK) st = set_params(g, d, game_term_param, id, 1, err);
        break;
    }
    if (st != VG_OK) locate(err, d);
    return st;
}

vg_status gvgai_load_game(const char *path, const char *level_text, const char *level_name, vg_game **out,
                          vg_error *err) {
    char *text = NULL;
    size_t len;
    gv_desc d;
    vg_game *g = NULL;
    *out = NULL;
    memset(&d, 0, sizeof d);
    vg_status st = io_read_file(path, &text, &len, err);
    if (st == VG_OK && memchr(text, '\0', len)) st = error_set(err, VG_ERR_SCRIPT, path, 0, 0, "not a text file");
    if (st == VG_OK) st = gvgai_parse(path, text, &d, err);
    if (st == VG_OK && !(g = game_new(path))) st = error_set(err, VG_ERR_NOMEM, path, 0, 0, "out of memory");
    if (g) g->gvgai_maps = 1;       /* its levels are read as GVGAI reads them; a parameter GVGAI ignores is a warning */
    builder b = {g, {NULL}};
    if (st == VG_OK) st = gvgai_walk(&d, build, &b, err);
    if (st == VG_OK) st = game_finish(g, err);
    for (const char *c = level_text; st == VG_OK && *c; c++) {
        const gv_tok *t = (unsigned char)*c < 128 ? b.undeclared[(unsigned char)*c] : NULL;
        if (t && (st = game_unknown_type(g, err, t->line, "sprite type", t->s)) != VG_OK && err) err->col = t->col;
    }
    if (st == VG_OK) st = level_load(g, level_text, level_name, err);
    if (st == VG_OK) *out = g, g = NULL;
    game_free(g);
    gvgai_free(&d);
    free(text);
    return st;
}
