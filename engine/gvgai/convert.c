/* SPDX-License-Identifier: MIT
 *
 * convert.c -- vg_game_convert: a GVGAI game file written as a Lua script
 * (docs/scripting.md) that loads to the same game.
 *
 * It writes the declarations of walk.c in their order, one Lua call each
 * (sprite{}, game{}, map{}, interaction{}, termination{}), which the Lua
 * loader hands to the builder just as build.c does. Nothing is checked
 * against the engine: a game using a class the engine lacks converts, and
 * the script then fails to load with the same message the game file does.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../io.h"
#include "../param.h"
#include "gvgai.h"

typedef struct out {
    char *buf;
    size_t len, cap;
    int nomem;
} out;

static void put(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(out *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf ? o->buf + o->len : NULL, o->buf ? o->cap - o->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0 || o->nomem) return;
    if (o->len + (size_t)n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (cap < o->len + (size_t)n + 1) cap *= 2;
        char *b = realloc(o->buf, cap);
        if (!b) {
            o->nomem = 1;
            return;
        }
        o->buf = b;
        o->cap = cap;
        va_start(ap, fmt);
        vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
    }
    o->len += (size_t)n;
}

/* A Lua string literal. */
static void put_string(out *o, const char *s) {
    put(o, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') put(o, "\\%c", c);
        else if (c < 32 || c >= 127) put(o, "\\%03d", c);
        else put(o, "%c", c);
    }
    put(o, "\"");
}

/* A table key: a name as it is, anything else (a Lua keyword) in brackets. */
static void put_key(out *o, const char *key) {
    static const char *const keywords[] = {"and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
                                           "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
                                           "repeat",   "return", "then", "true", "until",  "while"};
    int plain = (key[0] < '0' || key[0] > '9') &&
                key[strspn(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")] == '\0';
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++) plain &= strcmp(key, keywords[k]) != 0;
    if (plain) {
        put(o, "%s", key);
        return;
    }
    put(o, "[");
    put_string(o, key);
    put(o, "]");
}

static void put_value(out *o, const param_value *v) {
    switch (v->kind) {
    case PV_NUMBER: { /* the shortest text that Lua reads back as the same double */
        char text[32];
        if (isnan(v->num)) snprintf(text, sizeof text, "(0/0)");
        else if (isinf(v->num)) snprintf(text, sizeof text, "%s1e999", v->num < 0 ? "-" : ""); /* 1e400 in the file */
        else if (v->num == 0 && signbit(v->num)) snprintf(text, sizeof text, "-0.0"); /* "-0" is Lua's integer 0 */
        else
            for (int digits = fabs(v->num) < 1e15 && v->num == floor(v->num) ? 17 : 1; digits <= 17; digits++) {
                snprintf(text, sizeof text, "%.*g", digits, v->num);
                if (strtod(text, NULL) == v->num) break;
            }
        put(o, "%s", text);
        break;
    }
    case PV_BOOL: put(o, "%s", v->b ? "true" : "false"); break;
    case PV_STRING: put_string(o, v->str); break;
    case PV_LIST:
        put(o, "{ ");
        for (int k = 0; k < v->n; k++) {
            put_string(o, v->list[k]);
            put(o, "%s", k + 1 < v->n ? ", " : " }");
        }
        break;
    }
}

/* A boolean a player (hidden, win) as GVGAI reads it: any word but
 * "true" is false. A script is read before its game{} says it is
 * GVGAI's, so it gets the booleans, not the words. */
static void put_flags(out *o, const param_value *v) {
    const char *const *words = v->kind == PV_LIST ? v->list : &v->str;
    int n = v->kind == PV_LIST ? v->n : 1;
    for (int k = 0; k < n; k++)
        put(o, "%s%s", k == 0 && n > 1 ? "{ " : k ? ", " : "", strcasecmp(words[k], "true") == 0 ? "true" : "false");
    if (n > 1) put(o, " }");
}

static void put_params(out *o, const gv_decl *d) {
    param_table table = d->kind == GD_TYPE ? PARAMS_SPRITE : d->kind == GD_TERM ? PARAMS_TERM : PARAMS_EFFECT;
    for (int k = 0; k < d->nparams; k++) {
        const param_value *v = &d->params[k]->v;
        put(o, ", ");
        put_key(o, d->params[k]->key.s);
        put(o, " = ");
        if ((v->kind == PV_STRING || v->kind == PV_LIST) && param_is_flags(table, d->params[k]->key.s)) put_flags(o, v);
        else put_value(o, v);
    }
}

/* A heading comment before the first declaration of each kind. */
static void heading(out *o, gd_kind kind, gd_kind *last) {
    static const char *const titles[] = {
        [GD_TYPE] = "Sprites, in drawing order (later ones on top); a type nested in another comes after it.",
        [GD_GAME] = NULL,
        [GD_MAP] = "What each map character places in its cell.",
        [GD_EFFECT] = "What happens when two sprites meet, in the order GVGAI checks them.",
        [GD_TERM] = "How the game ends: the first that holds decides."};
    if (kind == *last) return;
    *last = kind;
    put(o, "\n");
    if (titles[kind]) put(o, "-- %s\n", titles[kind]);
}

typedef struct writer {
    out o;
    gd_kind last;
} writer;

static vg_status write_decl(void *ud, const gv_decl *d, vg_error *err) {
    writer *w = ud;
    out *o = &w->o;
    (void)err;
    heading(o, d->kind, &w->last);
    static const char *const calls[] = {[GD_TYPE] = "sprite",
                                        [GD_GAME] = "game",
                                        [GD_MAP] = "map",
                                        [GD_EFFECT] = "interaction",
                                        [GD_TERM] = "termination"};
    put(o, "%*s%s { ", 2 * d->depth, "", calls[d->kind]);
    if (d->kind != GD_GAME) put_string(o, d->name->s);
    if (d->kind == GD_TYPE && d->word) put(o, ", "), put_string(o, d->word->s);
    if (d->kind == GD_TYPE && d->parent) put(o, ", parent = "), put_string(o, d->parent);
    if (d->kind == GD_MAP)
        for (int k = 0; k < d->nargs; k++) put(o, ", "), put_string(o, d->args[k]->s);
    if (d->kind == GD_EFFECT) {
        put(o, ", ");
        if (d->nargs == 1) put_string(o, d->args[0]->s);
        for (int k = 0; k < d->nargs && d->nargs > 1; k++) put(o, "%s", k ? ", " : "{ "), put_string(o, d->args[k]->s);
        put(o, "%s, ", d->nargs > 1 ? " }" : "");
        put_string(o, d->word->s);
    }
    if (d->kind == GD_GAME) {
        put(o, "gvgai_maps = true"); /* levels read as GVGAI reads them, as the game file's are */
        for (int k = 0; k < d->nparams; k++) {
            put(o, ", ");
            put_key(o, d->params[k]->key.s);
            put(o, " = ");
            put_value(o, &d->params[k]->v);
        }
    } else {
        put_params(o, d);
    }
    put(o, " }");
    if (d->note) put(o, "  -- %s", d->note);
    put(o, "\n");
    return VG_OK;
}

vg_status vg_game_convert(const char *path, char **lua, vg_error *err) {
    char *text = NULL;
    size_t len;
    gv_desc d;
    writer w = {{NULL, 0, 0, 0}, GD_GAME};
    *lua = NULL;
    memset(&d, 0, sizeof d);
    vg_status st = io_read_file(path, &text, &len, err);
    if (st == VG_OK && memchr(text, '\0', len)) st = error_set(err, VG_ERR_SCRIPT, path, 0, 0, "not a text file");
    if (st == VG_OK) st = gvgai_parse(path, text, &d, err);
    if (st == VG_OK) {
        const char *base = strrchr(path, '/');
        put(&w.o, "-- ");
        for (const char *c = base ? base + 1 : path; *c; c++) /* a line break in the name must not end the comment */
            if ((unsigned char)*c < 32 || *c == 127) put(&w.o, "\\x%02x", (unsigned char)*c);
            else put(&w.o, "%c", *c);
        put(&w.o, ": GVGAI's game written as a Lua script by 'vgdl convert' (see docs/scripting.md).\n");
        st = gvgai_walk(&d, write_decl, &w, err);
    }
    if (st == VG_OK && w.o.nomem) st = error_set(err, VG_ERR_NOMEM, path, 0, 0, "out of memory");
    if (st == VG_OK) *lua = w.o.buf, w.o.buf = NULL;
    free(w.o.buf);
    gvgai_free(&d);
    free(text);
    return st;
}
