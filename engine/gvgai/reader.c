/* SPDX-License-Identifier: MIT
 *
 * reader.c -- the syntax of GVGAI's VGDL: a game description as GVGAI's
 * parser reads it, into the statements of gvgai.h.
 *
 * A line's indentation is the number of whitespace characters before its
 * first word (a tab counts one, as in GVGAI); a line belongs to the
 * nearest line above it that is indented less. '#' starts a comment. The
 * first line is the game ('BasicGame key=value ...'; GVGAI's 'GameSpace', a game
 * with parameters, reads the same when it declares none); the lines under it
 * are blocks (SpriteSet, LevelMapping, InteractionSet, TerminationSet),
 * each holding statements, one a line, which only SpriteSet nests:
 *
 *   name > [Class] key=value ...        SpriteSet
 *   c > type type ...                   LevelMapping
 *   first second ... > effect key=value InteractionSet
 *   Class key=value ...                 TerminationSet
 *
 * Values are read as GVGAI does before it sets a field: a number, True or
 * False in any case, a comma-separated list, else a name (GVGAI's DUP,
 * DLEFT, ... are its UP, LEFT, ...). Nothing here knows which classes,
 * effects or parameters exist: that is the builder's business.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gvgai.h"

#define MAX_DEPTH 64 /* nesting of lines */

static const char *const block_names[] = {"SpriteSet", "LevelMapping", "InteractionSet", "TerminationSet"};
#define NUM_BLOCKS 4

/* A parameter of the current line, to find those given twice. */
typedef struct key_at {
    const char *key;
    int at;
} key_at;

typedef struct parser {
    gv_desc *d;
    vg_error *err;
    gv_tok *words; /* the words of the current line */
    int nwords;
    int nlist;    /* list items stored in d->lists */
    key_at *keys; /* scratch: the current line's parameters */
} parser;

static vg_status fail(parser *p, const gv_tok *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* An error at word 'at'; VG_ERR_SCRIPT. */
static vg_status fail(parser *p, const gv_tok *at, const char *fmt, ...) {
    char msg[sizeof p->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return error_set(p->err, VG_ERR_SCRIPT, p->d->path, at->line, at->col, "%s", msg);
}

/* ---- Values ------------------------------------------------------------ */

/* A decimal number as Java reads one: sign, digits, point, digits, exponent. */
static int is_number(const char *s) {
    const char *q = s + (*s == '-' || *s == '+');
    int digits = 0;
    while (isdigit((unsigned char)*q)) q++, digits++;
    if (*q == '.')
        for (q++; isdigit((unsigned char)*q); q++) digits++;
    if (!digits) return 0;
    if (*q == 'e' || *q == 'E') {
        q++;
        q += *q == '-' || *q == '+';
        if (!isdigit((unsigned char)*q)) return 0;
        while (isdigit((unsigned char)*q)) q++;
    }
    return *q == '\0';
}

/* 'key=value' at word 'w' into a parameter. */
static vg_status read_param(parser *p, const gv_tok *w, gv_param *out) {
    char *s = (char *)w->s, *eq = strchr(s, '=');
    *eq = '\0';
    out->key = *w;
    out->val = (gv_tok){eq + 1, w->line, w->col + (int)(eq + 1 - s)};
    param_value *v = &out->v;
    memset(v, 0, sizeof *v);
    char *val = eq + 1;
    if (!*s) return fail(p, w, "'=%s' has no parameter name before '='", val);
    if (!*val) return fail(p, w, "parameter '%s' has no value after '='", s);
    if (strchr(val, '=')) return fail(p, &out->val, "parameter '%s': one '=' a parameter ('%s')", s, val);
    static const char *const dirs[] = {"DUP", "DDOWN", "DLEFT", "DRIGHT", "DNONE"};
    if (strcasecmp(val, "true") == 0 || strcasecmp(val, "false") == 0) {
        v->kind = PV_BOOL;
        v->b = tolower((unsigned char)val[0]) == 't';
    } else if (is_number(val)) {
        v->kind = PV_NUMBER;
        v->num = strtod(val, NULL);
    } else if (strchr(val, ',')) {
        int items = 1;
        for (const char *c = val; *c; c++) items += *c == ',';
        if (items > VG_MAX_TYPES) /* as the Lua loader refuses a longer list: the two load alike */
            return fail(p, &out->val, "parameter '%s' lists %d items (the limit is %d)", s, items, VG_MAX_TYPES);
        v->kind = PV_LIST;
        v->list = (const char *const *)&p->d->lists[p->nlist];
        for (char *item = val;; item++) {
            char *end = item + strcspn(item, ",");
            if (end == item) return fail(p, &out->val, "parameter '%s': empty item in the list '%s'", s, val);
            p->d->lists[p->nlist++] = item;
            v->n++;
            if (!*end) break;
            *end = '\0';
            item = end;
        }
    } else {
        v->kind = PV_STRING;
        v->str = val;
        for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++)
            if (strcmp(val, dirs[k]) == 0) v->str = val + 1; /* GVGAI's Direction names: its vectors' */
    }
    return VG_OK;
}

static int key_cmp(const void *pa, const void *pb) {
    const key_at *a = pa, *b = pb;
    int c = strcmp(a->key, b->key);
    return c ? c : (a->at > b->at) - (a->at < b->at);
}

/* GVGAI keeps a statement's parameters in a map: of a key given twice,
 * the last value holds and the others are never read. Drops them from
 * d->params[first, first + *n), the rest kept in order. */
static void keep_last(parser *p, int first, int *n) {
    gv_param *ps = p->d->params + first;
    for (int k = 0; k < *n; k++) p->keys[k] = (key_at){ps[k].key.s, k};
    qsort(p->keys, (size_t)*n, sizeof *p->keys, key_cmp);
    for (int k = 0; k + 1 < *n; k++)
        if (strcmp(p->keys[k].key, p->keys[k + 1].key) == 0) ps[p->keys[k].at].key.s = NULL; /* a later one follows */
    int kept = 0;
    for (int k = 0; k < *n; k++)
        if (ps[k].key.s) ps[kept++] = ps[k];
    p->d->nparams -= *n - kept;
    *n = kept;
}

/* Words from 'from' on: 'key=value' parameters into *first.., *n (a key
 * given twice: its last), and, when 'what' names it ("class", "effect"),
 * one other word into '*word'. */
static vg_status read_params(parser *p, int from, int *first, int *n, gv_tok *word, const char *what) {
    *first = p->d->nparams;
    *n = 0;
    for (int k = from; k < p->nwords; k++) {
        const gv_tok *w = &p->words[k];
        if (!strchr(w->s, '=')) {
            if (!what) return fail(p, w, "unexpected word '%s' (parameters are key=value)", w->s);
            if (word->s) return fail(p, w, "a second %s, '%s' (after '%s')", what, w->s, word->s);
            *word = *w;
            continue;
        }
        vg_status st = read_param(p, w, &p->d->params[p->d->nparams]);
        if (st != VG_OK) return st;
        p->d->nparams++, (*n)++;
    }
    keep_last(p, *first, n);
    return VG_OK;
}

/* ---- Statements -------------------------------------------------------- */

static int arrow_at(const parser *p, int k) { return k < p->nwords && strcmp(p->words[k].s, ">") == 0; }

/* name > [Class] key=value ... */
static vg_status read_sprite(parser *p, gv_stmt *s) {
    if (!arrow_at(p, 1))
        return fail(p, &p->words[p->nwords > 1],
                    "expected 'name > Class key=value ...' (a sprite: '>' after its name)");
    return read_params(p, 2, &s->pfirst, &s->np, &s->word, "class");
}

/* c > type type ... */
static vg_status read_mapping(parser *p, gv_stmt *s) {
    if (strlen(s->name.s) != 1) return fail(p, &s->name, "map character '%s' must be one character", s->name.s);
    if (!arrow_at(p, 1)) return fail(p, &p->words[p->nwords > 1], "expected 'c > type ...' (a map character)");
    s->first = p->d->nargs;
    for (int k = 2; k < p->nwords; k++) {
        if (strchr(p->words[k].s, '='))
            return fail(p, &p->words[k], "unexpected '%s': a map character takes no parameters", p->words[k].s);
        p->d->args[p->d->nargs++] = p->words[k];
        s->n++;
    }
    return VG_OK;
}

/* first second ... > effect key=value ... */
static vg_status read_interaction(parser *p, gv_stmt *s) {
    int k = 1;
    s->first = p->d->nargs;
    for (; k < p->nwords && !arrow_at(p, k); k++) p->d->args[p->d->nargs++] = p->words[k], s->n++;
    if (s->n == 0 || k == p->nwords)
        return fail(p, &p->words[k < p->nwords ? k : p->nwords - 1],
                    "expected 'first second ... > effect key=value ...' (an interaction)");
    vg_status st = read_params(p, k + 1, &s->pfirst, &s->np, &s->word, "effect");
    if (st == VG_OK && !s->word.s) return fail(p, &p->words[p->nwords - 1], "no effect after '>'");
    return st;
}

/* One statement of block 'b' from the current line's words. */
static vg_status read_stmt(parser *p, gv_block b, int parent) {
    gv_stmt *s = &p->d->stmts[p->d->nstmts];
    memset(s, 0, sizeof *s);
    s->block = b;
    s->name = p->words[0];
    s->parent = parent;
    vg_status st;
    switch (b) {
    case GV_SPRITE: st = read_sprite(p, s); break;
    case GV_MAP: st = read_mapping(p, s); break;
    case GV_INTERACTION: st = read_interaction(p, s); break;
    default:
        if (strchr(s->name.s, '='))
            return fail(p, &s->name, "expected 'Class key=value ...' (a termination), not '%s'", s->name.s);
        st = read_params(p, 1, &s->pfirst, &s->np, NULL, NULL);
        break;
    }
    if (st == VG_OK) p->d->nstmts++;
    return st;
}

/* ---- Lines ------------------------------------------------------------- */

/* Cuts 'line' (NUL-terminated, comment removed) into words. */
static void split_words(parser *p, char *line, int lineno) {
    p->nwords = 0;
    for (char *c = line; *c;) {
        if ((unsigned char)*c <= ' ') {
            *c++ = '\0';
            continue;
        }
        p->words[p->nwords++] = (gv_tok){c, lineno, (int)(c - line) + 1};
        while ((unsigned char)*c > ' ') c++;
    }
}

/* What an open line of the nesting is. */
typedef struct open_line {
    int indent;
    int block; /* -1: the game line; a gv_block: a block line or a statement in it */
    int stmt;  /* the statement, -1 for the game or a block line */
} open_line;

static vg_status read_line(parser *p, open_line *stack, int *depth) {
    const gv_tok *w = &p->words[0];
    int indent = w->col - 1;
    if (*depth == 0) {
        if (strcmp(w->s, "BasicGame") != 0 && strcmp(w->s, "GameSpace") != 0) /* GameSpace: one with no ParameterSet */
            return fail(p, w, "a GVGAI game starts with 'BasicGame key=value ...', not '%s'", w->s);
        p->d->game = *w;
        stack[(*depth)++] = (open_line){indent, -1, -1};
        return read_params(p, 1, &p->d->gfirst, &p->d->gn, NULL, NULL);
    }
    while (*depth > 0 && stack[*depth - 1].indent >= indent) (*depth)--;
    if (*depth == 0) return fail(p, w, "'%s' is not indented under the 'BasicGame' line", w->s);
    if (*depth == MAX_DEPTH) return fail(p, w, "lines nested too deeply (the limit is %d)", MAX_DEPTH);
    open_line *top = &stack[*depth - 1];
    if (top->block < 0) { /* a block */
        int b = 0;
        while (b < NUM_BLOCKS && strcmp(w->s, block_names[b]) != 0) b++;
        if (b == NUM_BLOCKS) {
            vg_status st = error_unknown(p->err, p->d->path, w->line, "block", w->s, block_names, NUM_BLOCKS);
            if (p->err) p->err->col = w->col;
            return st;
        }
        if (p->nwords > 1)
            return fail(p, &p->words[1], "'%s' stands alone on its line; '%s' belongs on the next", w->s,
                        p->words[1].s);
        stack[(*depth)++] = (open_line){indent, b, -1};
        return VG_OK;
    }
    if (top->stmt >= 0 && top->block != GV_SPRITE)
        return fail(p, w, "'%s' is indented under a statement, but only sprites nest (in SpriteSet)", w->s);
    stack[(*depth)++] = (open_line){indent, top->block, p->d->nstmts};
    return read_stmt(p, (gv_block)top->block, top->stmt);
}

/* What the text can hold at most, so that the parse allocates by its
 * words, not by its length: words, words in one line, words with an '='
 * (parameters), commas (list items). */
typedef struct text_counts {
    size_t words, line_words, params, commas;
} text_counts;

static text_counts count_text(const char *text) {
    text_counts n = {0, 0, 0, 0};
    size_t in_line = 0;
    int eq = 0; /* the current word has an '=' */
    for (const char *c = text; *c; c++) {
        unsigned char ch = (unsigned char)*c;
        if (ch == '\n' || ch == '\r') in_line = 0;
        if (ch <= ' ') {
            eq = 0;
            continue;
        }
        if (c == text || (unsigned char)c[-1] <= ' ') n.words++, in_line++;
        if (in_line > n.line_words) n.line_words = in_line;
        if (ch == '=' && !eq) eq = 1, n.params++;
        n.commas += ch == ',';
    }
    return n;
}

vg_status gvgai_parse(const char *path, const char *text, gv_desc *d, vg_error *err) {
    memset(d, 0, sizeof *d);
    d->path = path;
    size_t len = strlen(text);
    text_counts n = count_text(text);
    parser p = {d, err, NULL, 0, 0, NULL};
    d->text = malloc(len + 1);
    d->stmts = malloc((n.words + 1) * sizeof *d->stmts);
    d->args = malloc((n.words + 1) * sizeof *d->args);
    d->params = malloc((n.params + 1) * sizeof *d->params);
    d->lists = malloc((n.params + n.commas + 1) * sizeof *d->lists);
    p.words = malloc((n.line_words + 1) * sizeof *p.words);
    p.keys = malloc((n.line_words + 1) * sizeof *p.keys);
    if (!d->text || !d->stmts || !d->args || !d->params || !d->lists || !p.words || !p.keys) {
        free(p.words);
        free(p.keys);
        return error_set(err, VG_ERR_NOMEM, path, 0, 0, "out of memory");
    }
    memcpy(d->text, text, len + 1);
    open_line stack[MAX_DEPTH];
    int depth = 0, lineno = 0;
    vg_status st = VG_OK;
    for (char *line = d->text; st == VG_OK && *line;) {
        char *end = line + strcspn(line, "\r\n"); /* lines end as Java's readLine ends them */
        char *next = end + (*end == '\r' && end[1] == '\n' ? 2 : *end ? 1 : 0);
        *end = '\0';
        lineno++;
        line[strcspn(line, "#")] = '\0';
        split_words(&p, line, lineno);
        if (p.nwords > 0) st = read_line(&p, stack, &depth);
        line = next;
    }
    if (st == VG_OK && depth == 0)
        st = error_set(err, VG_ERR_SCRIPT, path, 0, 0, "no 'BasicGame' line: not a GVGAI game");
    free(p.words);
    free(p.keys);
    return st;
}

void gvgai_free(gv_desc *d) {
    free(d->text);
    free(d->stmts);
    free(d->args);
    free(d->params);
    free(d->lists);
    memset(d, 0, sizeof *d);
}
