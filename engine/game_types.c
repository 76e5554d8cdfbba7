/* SPDX-License-Identifier: MIT
 *
 * game_types.c -- the type tree's tables, while a game is finished
 * (game_finish): which leaf types each type stands for (its 'subtypes'),
 * the leaf types holding a parent type's own sprites, and type ids.
 *
 * A set of types is a 64-bit mask of leaf types, so leaf ids must stay
 * below VG_MAX_LEAVES. A game may declare more types than that, parents
 * included (GVGAI's mimic has 87): it is renumbered, its leaves first (in
 * their order) and its parents after them, and a leaf added later takes
 * the place after the last leaf. The order of the leaves, which is GVGAI's
 * sprite order, never changes. A game with more leaf types than that too
 * keeps as leaves only the types its map and rules can make sprites of
 * (GVGAI's hunger-games has 64, one a Resource only ever held).
 */
#include <string.h>

#include "class.h"
#include "effect.h"
#include "term.h"

/* ---- Renumbering -------------------------------------------------------- */

static void remap(const int *to, int *t) {
    if (*t >= 0) *t = to[*t];
}

static void remap_list(const int *to, type_list *l) {
    for (int k = 0; k < l->n; k++) remap(to, &l->t[k]);
}

/* Type t becomes type to[t], in the table and in every field that names a
 * type (the masks are derived again after: game_types_derive). */
static void permute(vg_game *g, const int *to) {
    type_def old[VG_MAX_TYPES];
    memcpy(old, g->types, (size_t)g->ntypes * sizeof *old);
    for (int t = 0; t < g->ntypes; t++) g->types[to[t]] = old[t];
    for (int t = 0; t < g->ntypes; t++) {
        type_def *td = &g->types[t];
        remap(to, &td->parent), remap(to, &td->stype), remap(to, &td->stype2), remap(to, &td->self),
            remap(to, &td->ammo);
        remap_list(to, &td->stype_list), remap_list(to, &td->stype2_list), remap_list(to, &td->ammo_list);
        remap_list(to, &td->stypes);
    }
    for (int k = 0; k < g->neffects; k++) {
        effect_def *e = &g->effects[k];
        remap(to, &e->t1), remap(to, &e->t2), remap(to, &e->stype), remap(to, &e->stype_to), remap(to, &e->stype_count);
        remap(to, &e->resource), remap(to, &e->held_resource), remap(to, &e->spawn_point);
        remap_list(to, &e->not_named);
    }
    for (int k = 0; k < g->nterms; k++)
        remap(to, &g->terms[k].stype), remap(to, &g->terms[k].stype2), remap(to, &g->terms[k].stype3);
    for (int c = 0; c < 256; c++)
        for (int k = 0; k < 7 && g->mapping[c][k] >= 0; k++) g->mapping[c][k] = (char)to[(int)g->mapping[c][k]];
    remap_list(to, &g->obs_named);
}

/* Renumbers the leaves first, in their order, the parents after them in theirs. */
static void leaves_first(vg_game *g) {
    int to[VG_MAX_TYPES], n = 0;
    for (int pass = 1; pass >= 0; pass--)
        for (int t = 0; t < g->ntypes; t++)
            if (g->types[t].leaf == pass) to[t] = n++;
    permute(g, to);
}

/* Marks made[t] (1) for each type the level or the rules can make
 * sprites of: those the map places, those an effect or a class names to
 * create (or to chase: a few more do no harm), and every type when the
 * script has functions, which may spawn any; and own[t] for each of them
 * that may be a type with subtypes making sprites of its own (what the map
 * places, what an effect or a shooter creates: game_self_leaf). */
static void creatable(const vg_game *g, int *made, int *own) {
    int any = g->turns;
    memset(made, 0, VG_MAX_TYPES * sizeof *made);
    memset(own, 0, VG_MAX_TYPES * sizeof *own);
    for (int c = 0; c < 256; c++)
        for (int k = 0; k < 7 && g->mapping[c][k] >= 0; k++)
            made[(int)g->mapping[c][k]] = own[(int)g->mapping[c][k]] = 1;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        any |= e->kind == EFFECT_SCRIPT;
        if (e->stype >= 0) made[e->stype] = own[e->stype] = 1;
        if (e->stype_to >= 0) made[e->stype_to] = own[e->stype_to] = 1;
    }
    for (int k = 0; k < g->nterms; k++) any |= g->terms[k].kind == TERM_SCRIPT;
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        const type_list *lists[] = {&td->stype_list, &td->stype2_list, &td->stypes};
        int shoots = td->cls >= 0 && (class_table[td->cls].flags & CLASS_SHOOTS);
        if (td->stype >= 0) made[td->stype] = 1, own[td->stype] |= shoots;
        if (td->stype2 >= 0) made[td->stype2] = 1;
        for (int l = 0; l < 3; l++)
            for (int k = 0; k < lists[l]->n; k++)
                if (lists[l]->t[k] >= 0) made[lists[l]->t[k]] = 1, own[lists[l]->t[k]] |= shoots && l == 0;
    }
    for (int t = 0; t < g->ntypes && any; t++) made[t] = 1;
}

vg_status game_types_number(vg_game *g, vg_error *err) {
    int leaves = 0, selves = 0, made[VG_MAX_TYPES], own[VG_MAX_TYPES];
    creatable(g, made, own);
    for (int t = 0; t < g->ntypes; t++) {
        leaves += g->types[t].leaf;
        selves += !g->types[t].leaf && g->types[t].cls >= 0 && own[t]; /* will get a leaf for its own sprites */
    }
    for (int t = 0; t < g->ntypes && leaves + selves > VG_MAX_LEAVES;
         t++) /* then a leaf no sprite can be of holds none */
        if (g->types[t].leaf && !made[t]) g->types[t].leaf = 0, leaves--;
    if (leaves + selves > VG_MAX_LEAVES)
        return game_error(g, err, VG_ERR_LIMIT, 0, "too many sprite types without subtypes: %d (the limit is %d)",
                          leaves + selves, VG_MAX_LEAVES);
    g->leaves_first = g->ntypes + selves > VG_MAX_LEAVES;
    if (g->leaves_first) leaves_first(g);
    return VG_OK;
}

/* ---- What each type stands for ------------------------------------------ */

void game_types_derive(vg_game *g) {
    g->avatar_types = 0;
    for (int t = 0; t < g->ntypes; t++) g->types[t].subtypes = 0;
    for (int t = 0; t < g->ntypes; t++) {
        if (!g->types[t].leaf) continue;
        for (int a = t; a >= 0; a = g->types[a].parent) g->types[a].subtypes |= 1ULL << t;
        if (class_table[g->types[t].cls].flags & CLASS_AVATAR) g->avatar_types |= 1ULL << t;
    }
    for (int p = 0; p < g->ntypes; p++) { /* GVGAI counts a type's own sprites as every descendant's too */
        int s = g->types[p].self;
        for (int d = 0; d < g->ntypes && s >= 0; d++)
            if (vg_type_is_a(g, d, p)) g->types[d].subtypes |= 1ULL << s;
    }
}

int game_self_leaf(vg_game *g, int t) {
    if (g->types[t].leaf) return t;
    if (g->types[t].self >= 0) return g->types[t].self;
    int leaves = 0;
    for (int k = 0; k < g->ntypes; k++) leaves += g->types[k].leaf;
    if (g->types[t].cls < 0 || g->ntypes >= VG_MAX_TYPES || leaves >= VG_MAX_LEAVES) return -1;
    int s = g->ntypes++;
    type_def *sd = &g->types[s];
    *sd = g->types[t];
    sd->parent = t;
    sd->leaf = 1;
    sd->singleton = 0; /* its parent's flag covers it */
    g->types[t].self = s;
    if (g->leaves_first) { /* it goes after the last leaf, the parents one up */
        int to[VG_MAX_TYPES];
        for (int k = 0; k < g->ntypes; k++) to[k] = k < leaves ? k : k == s ? leaves : k + 1;
        permute(g, to);
        s = leaves;
    }
    game_types_derive(g);
    return s;
}

uint64_t game_leaves_of(const vg_game *g, const type_list *l) {
    uint64_t m = 0;
    for (int k = 0; k < l->n; k++) m |= l->t[k] >= 0 ? g->types[l->t[k]].subtypes : 0;
    return m;
}
