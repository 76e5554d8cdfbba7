/* SPDX-License-Identifier: MIT
 *
 * walk.c -- what a GVGAI game description means, as the declarations a
 * builder takes (gvgai.h): one walk that both loading (build.c) and
 * converting to Lua (convert.c) follow, so both give the same game.
 *
 * GVGAI's parser (core/vgdl/VGDLParser.java) settles each point:
 * - A nested sprite inherits its parent's parameters; its own override
 *   them. Its class is the one named by its nearest ancestor that names
 *   one, else its own: a class named under a parent that already has one
 *   is ignored (Pacman's 'power > Resource' under 'food > Immovable' is
 *   Immovable), while its children still take it.
 * - A name declared twice means its last declaration. An earlier leaf is
 *   dropped; an earlier parent keeps its children under the name
 *   'name~N'.
 * - Every game has the types 'wall' (Immovable) and 'avatar'
 *   (MovingAvatar), declared first when the game does not declare them,
 *   and the map characters 'w' (wall) and 'A' (avatar) unless it maps
 *   them; a space (or any character the game does not map) is an empty
 *   cell.
 * - 'EOS' (the screen's edge, in any case) may come first in an
 *   interaction: 'EOS a b > effect' is 'a EOS > effect' and 'b EOS >
 *   effect'.
 * - Parameters GVGAI reads only to draw are left out (ignored_params);
 *   'img' and 'color' are kept for drawing. key_handler (how GVGAI reads
 *   a person's keys) is left out too. A sprite parameter 'parent' is
 *   refused here, for Lua's sprite{} would read it as the parent.
 * The walk is linear in the statements: names are looked up in a hash
 * table, however many lines declare one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gvgai.h"

/* Sprite parameters GVGAI reads only to draw (VGDLSprite.java), or not at all. */
static const struct {
    const char *key, *why;
} ignored_params[] = {
    {"shrinkfactor", "draws the sprite smaller than its cell"},
    {"autotiling", "picks the image by the neighbours"},
    {"randomtiling", "picks the image at random"},
    {"frameRate", "animates the image"},
    {"invisible", "does not draw the sprite ('hidden' is what hides it from agents)"},
    {"alternate_keys", "GVGAI has no such field and ignores it"},
};

int gvgai_ignored_param(const char *key, const char **why) {
    for (size_t k = 0; k < sizeof ignored_params / sizeof ignored_params[0]; k++)
        if (strcmp(key, ignored_params[k].key) == 0) {
            if (why) *why = ignored_params[k].why;
            return 1;
        }
    return 0;
}

#define NAME_SIZE 48

/* The sprite statements by name: an open-addressing hash table, so that
 * the walk is linear in the statements however many share a name. */
typedef struct name_slot {
    const char *name; /* NULL: an empty slot */
    int count, seen;  /* statements declaring it; of those, walked so far */
} name_slot;

typedef struct walker {
    const gv_desc *d;
    gv_emit_fn *emit;
    void *ud;
    vg_error *err;
    const gv_tok **cls;     /* per statement: the class GVGAI gives it, or NULL */
    const gv_tok **inherit; /* ... and the class its children inherit */
    int *depth;
    char *parent_of;          /* per statement: 1 when a sprite is nested in it */
    char (*names)[NAME_SIZE]; /* per statement: the name it is declared under; "" when dropped */
    name_slot *slots;         /* the sprite names, nslots (a power of two) */
    size_t nslots;
    const gv_param **params; /* scratch: one declaration's parameters */
    const gv_tok **args;     /* scratch: one declaration's types */
    gv_tok *toks;            /* scratch: types renamed */
    char note[160];
} walker;

/* The slot of sprite name 'name': its own, or the empty one it would take. */
static name_slot *slot_of(const walker *w, const char *name) {
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (const char *c = name; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    for (size_t k = (size_t)h & (w->nslots - 1);; k = (k + 1) & (w->nslots - 1))
        if (!w->slots[k].name || strcmp(w->slots[k].name, name) == 0) return &w->slots[k];
}

/* 1 when a sprite statement declares 'name'. */
static int declares(const walker *w, const char *name) { return slot_of(w, name)->name != NULL; }

/* Classes, depths and names of the sprite statements. */
static void sprite_tree(walker *w) {
    const gv_desc *d = w->d;
    for (int i = 0; i < d->nstmts; i++) {
        const gv_stmt *s = &d->stmts[i];
        if (s->block != GV_SPRITE) continue;
        name_slot *slot = slot_of(w, s->name.s);
        slot->name = s->name.s;
        slot->count++;
        if (s->parent >= 0) w->parent_of[s->parent] = 1;
    }
    for (int i = 0; i < d->nstmts; i++) {
        const gv_stmt *s = &d->stmts[i];
        if (s->block != GV_SPRITE) continue;
        const gv_tok *own = s->word.s ? &s->word : NULL, *above = s->parent >= 0 ? w->inherit[s->parent] : NULL;
        w->cls[i] = above ? above : own;
        w->inherit[i] = own ? own : above;
        w->depth[i] = s->parent >= 0 ? w->depth[s->parent] + 1 : 0;
        name_slot *slot = slot_of(w, s->name.s);
        int earlier = slot->seen++, later = slot->count - slot->seen;
        if (!later) snprintf(w->names[i], NAME_SIZE, "%s", s->name.s);
        else if (w->parent_of[i]) snprintf(w->names[i], NAME_SIZE, "%s~%d", s->name.s, earlier + 1);
        else w->names[i][0] = '\0';
    }
}

static vg_status emit(walker *w, const gv_decl *decl) { return w->emit(w->ud, decl, w->err); }

/* Parameters first..first+n into w->params, less those a declaration of
 * 'kind' leaves out; returns how many are kept. */
static int keep_params(walker *w, int first, int n, gd_kind kind) {
    int kept = 0;
    for (int k = first; k < first + n; k++) {
        const gv_param *p = &w->d->params[k];
        if ((kind == GD_TYPE && gvgai_ignored_param(p->key.s, NULL)) ||
            (kind == GD_GAME && strcmp(p->key.s, "key_handler") == 0))
            continue;
        w->params[kept++] = p;
    }
    return kept;
}

static vg_status walk_sprites(walker *w) {
    const gv_desc *d = w->d;
    static const gv_tok wall = {"wall", 0, 0}, avatar = {"avatar", 0, 0}, immovable = {"Immovable", 0, 0},
                        moving = {"MovingAvatar", 0, 0};
    static const gv_param gray = {{"color", 0, 0}, {"DARKGRAY", 0, 0}, {PV_STRING, 0, 0, "DARKGRAY", NULL, 0}};
    static const gv_param *const gray_list[] = {&gray};
    const gv_decl defaults[2] = {
        {GD_TYPE, &wall, NULL, &immovable, NULL, 0, gray_list, 1, 0, "GVGAI's default wall: the game declares none"},
        {GD_TYPE, &avatar, NULL, &moving, NULL, 0, NULL, 0, 0, "GVGAI's default avatar: the game declares none"}};
    for (int k = 0; k < 2; k++) {
        vg_status st = declares(w, defaults[k].name->s) ? VG_OK : emit(w, &defaults[k]);
        if (st != VG_OK) return st;
    }
    for (int i = 0; i < d->nstmts; i++) {
        const gv_stmt *s = &d->stmts[i];
        if (s->block != GV_SPRITE || !w->names[i][0]) continue;
        gv_tok name = s->name;
        name.s = w->names[i];
        const gv_tok *pcls = s->parent >= 0 ? w->cls[s->parent] : NULL, *cls = w->cls[i];
        int same = (!pcls && !cls) || (pcls && cls && strcmp(pcls->s, cls->s) == 0);
        gv_decl decl = {GD_TYPE, &name,     s->parent >= 0 ? w->names[s->parent] : NULL, same ? NULL : cls, NULL,
                        0,       w->params, keep_params(w, s->pfirst, s->np, GD_TYPE),   w->depth[i],       NULL};
        if (s->word.s && strcmp(cls->s, s->word.s) != 0) {
            snprintf(w->note, sizeof w->note, "GVGAI ignores the class '%s' here: a parent names one", s->word.s);
            decl.note = w->note;
        }
        for (int k = 0; k < decl.nparams; k++) /* sprite{}'s own entry in Lua: refused alike by both loaders */
            if (strcmp(decl.params[k]->key.s, "parent") == 0)
                return error_set(w->err, VG_ERR_SCRIPT, d->path, decl.params[k]->key.line, decl.params[k]->key.col,
                                 "unknown sprite parameter 'parent' (a sprite's parent is the one it is nested under)");
        vg_status st = emit(w, &decl);
        if (st != VG_OK) return st;
    }
    return VG_OK;
}

static vg_status walk_maps(walker *w) {
    const gv_desc *d = w->d;
    int mapped[256] = {0};
    for (int i = 0; i < d->nstmts; i++) {
        const gv_stmt *s = &d->stmts[i];
        if (s->block != GV_MAP) continue;
        gv_decl decl = {GD_MAP, &s->name, NULL, NULL, w->args, s->n, NULL, 0, 0, NULL};
        for (int k = 0; k < s->n; k++) w->args[k] = &d->args[s->first + k];
        vg_status st = emit(w, &decl);
        if (st != VG_OK) return st;
        mapped[(unsigned char)s->name.s[0]] = 1;
    }
    static const gv_tok chars[3] = {{"w", 0, 0}, {"A", 0, 0}, {" ", 0, 0}},
                        types[2] = {{"wall", 0, 0}, {"avatar", 0, 0}};
    static const gv_tok *const places[2][1] = {{&types[0]}, {&types[1]}};
    static const char *const notes[3] = {"GVGAI's default for 'w'", "GVGAI's default for 'A'",
                                         "a space is an empty cell (as is any character not mapped)"};
    for (int k = 0; k < 3; k++) {
        gv_decl decl = {GD_MAP, &chars[k], NULL, NULL, k < 2 ? places[k] : NULL, k < 2, NULL, 0, 0, notes[k]};
        vg_status st = mapped[(unsigned char)chars[k].s[0]] ? VG_OK : emit(w, &decl);
        if (st != VG_OK) return st;
    }
    return VG_OK;
}

static vg_status walk_interactions(walker *w) {
    const gv_desc *d = w->d;
    for (int i = 0; i < d->nstmts; i++) {
        const gv_stmt *s = &d->stmts[i];
        if (s->block != GV_INTERACTION) continue;
        for (int k = 0; k < s->n; k++) { /* 'eos' in any case is the edge */
            w->toks[k] = d->args[s->first + k];
            if (strcasecmp(w->toks[k].s, "EOS") == 0) w->toks[k].s = "EOS";
            w->args[k] = &w->toks[k];
        }
        gv_decl decl = {GD_EFFECT, &s->name, NULL,      &s->word,
                        w->args,   s->n,     w->params, keep_params(w, s->pfirst, s->np, GD_EFFECT),
                        0,         NULL};
        vg_status st = VG_OK;
        if (strcasecmp(s->name.s, "EOS") != 0) {
            st = emit(w, &decl);
        } else { /* EOS a b > e: a EOS > e, b EOS > e */
            gv_tok eos = s->name;
            eos.s = "EOS";
            const gv_tok *second[1] = {&eos};
            for (int k = 0; k < s->n && st == VG_OK; k++) {
                decl.name = &w->toks[k];
                decl.args = second;
                decl.nargs = 1;
                st = emit(w, &decl);
            }
        }
        if (st != VG_OK) return st;
    }
    return VG_OK;
}

vg_status gvgai_walk(const gv_desc *d, gv_emit_fn *emit_fn, void *ud, vg_error *err) {
    int n = d->nstmts + 1, most = d->nparams > d->nargs ? d->nparams : d->nargs;
    size_t nslots = 16;
    while (nslots < 2 * (size_t)n) nslots *= 2;
    walker w = {d,
                emit_fn,
                ud,
                err,
                calloc((size_t)n, sizeof *w.cls),
                calloc((size_t)n, sizeof *w.inherit),
                calloc((size_t)n, sizeof *w.depth),
                calloc((size_t)n, 1),
                calloc((size_t)n, sizeof *w.names),
                calloc(nslots, sizeof *w.slots),
                nslots,
                calloc((size_t)most + 1, sizeof *w.params),
                calloc((size_t)most + 1, sizeof *w.args),
                calloc((size_t)most + 1, sizeof *w.toks),
                ""};
    vg_status st = VG_OK;
    if (!w.cls || !w.inherit || !w.depth || !w.parent_of || !w.names || !w.slots || !w.params || !w.args || !w.toks)
        st = error_set(err, VG_ERR_NOMEM, d->path, 0, 0, "out of memory");
    if (st == VG_OK) {
        sprite_tree(&w);
        st = walk_sprites(&w);
    }
    gv_decl game = {GD_GAME, &d->game, NULL, NULL, NULL, 0, w.params, 0, 0, NULL};
    if (st == VG_OK) game.nparams = keep_params(&w, d->gfirst, d->gn, GD_GAME), st = emit(&w, &game);
    if (st == VG_OK) st = walk_maps(&w);
    if (st == VG_OK) st = walk_interactions(&w);
    for (int i = 0; i < d->nstmts && st == VG_OK; i++) {
        const gv_stmt *s = &d->stmts[i];
        if (s->block != GV_TERMINATION) continue;
        gv_decl decl = {GD_TERM, &s->name, NULL, NULL, NULL, 0, w.params, keep_params(&w, s->pfirst, s->np, GD_TERM),
                        0,       NULL};
        st = emit(&w, &decl);
    }
    free(w.cls);
    free(w.inherit);
    free(w.depth);
    free(w.parent_of);
    free(w.names);
    free(w.slots);
    free(w.params);
    free(w.args);
    free(w.toks);
    return st;
}
