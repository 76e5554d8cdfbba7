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

/* 1 when 'word' is the first word 'err's message quotes ('...'). */
static int named(const vg_error *err, const gv_tok *word) {
    const char *q = strchr(err->msg, '\''), *end = q ? strchr(q + 1, '\'') : NULL;
    size_t n = end ? (size_t)(end - q - 1) : 0;
    return end && word->line && strlen(word->s) == n && strncmp(word->s, q + 1, n) == 0;
}

/* Points 'err' at the word of 'd' its message names first. */
static void locate(vg_error *err, const gv_decl *d) {
    if (!err) return;
    const gv_tok *at = d->name;
    for (int k = 0; k < d->nparams; k++) {
        if (named(err, &d->params[k]->key)) at = &d->params[k]->key;
        if (named(err, &d->params[k]->val)) at = &d->params[k]->val;
    }
    if (d->word && named(err, d->word)) at = d->word;
    for (int k = 0; k < d->nargs; k++)
        if (named(err, d->args[k])) at = d->args[k];
    if (at->line) err->line = at->line, err->col = at->col;
}

/* A level's error at a map character's line (the type it places is not
 * declared, level.c): at the word it names. */
static void locate_map(vg_error *err, const gv_desc *d) {
    for (int i = 0; err && !err->col && i < d->nstmts; i++) {
        const gv_stmt *s = &d->stmts[i];
        for (int k = 0; s->block == GV_MAP && s->name.line == err->line && k < s->n; k++)
            if (named(err, &d->args[s->first + k])) err->col = d->args[s->first + k].col;
    }
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

/* One declaration handed to the game 'ud'. */
static vg_status build(void *ud, const gv_decl *d, vg_error *err) {
    vg_game *g = ud;
    const char **names =
        malloc(((size_t)d->nargs + 1) * sizeof *names); /* all of them: the builder says how many is too many */
    int line = d->name->line, id = 0, n = d->nargs;
    if (!names) return error_set(err, VG_ERR_NOMEM, g->script_path, line, 0, "out of memory");
    for (int k = 0; k < n; k++) names[k] = d->args[k]->s;
    vg_status st = VG_OK;
    switch (d->kind) {
    case GD_TYPE:
        st = game_add_type(g, d->name->s, d->parent, d->word ? d->word->s : NULL, line, &id, err);
        if (st == VG_OK) st = set_params(g, d, game_type_param, id, 1, err);
        break;
    case GD_GAME: st = set_params(g, d, set_game, 0, 1, err); break;
    case GD_MAP: st = game_add_mapping(g, d->name->s[0], names, n, line, err); break;
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
    free(names);
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
    if (g) g->gvgai_maps = 1; /* its levels are read as GVGAI reads them; a parameter GVGAI ignores is a warning */
    if (st == VG_OK) st = gvgai_walk(&d, build, g, err);
    if (st == VG_OK) st = game_finish(g, err);
    if (st == VG_OK && (st = level_load(g, level_text, level_name, err)) != VG_OK && err &&
        strcmp(err->file, path) == 0)
        locate_map(err, &d);
    if (st == VG_OK) *out = g, g = NULL;
    game_free(g);
    gvgai_free(&d);
    free(text);
    return st;
}
