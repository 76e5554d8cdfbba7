/* SPDX-License-Identifier: MIT
 *
 * rules.c -- the rules of a loaded game read back through vgdl.h: what
 * each map character places, each type's class, the interaction rows and
 * the terminations. For tools that reason about a game from outside (the
 * level generators of 'vgdl generate' read sprite roles from them).
 */
#include "class.h"
#include "effect.h"
#include "term.h"

int vg_glyph_types(const vg_game *g, char c, int types[8]) {
    unsigned char uc = (unsigned char)c;
    if (uc >= 128 || g->mapping[uc][0] == -1) return -1;
    int n = 0;
    for (; n < 7 && g->mapping[uc][n] >= 0; n++) types[n] = g->mapping[uc][n];
    return n;
}

const char *vg_type_class(const vg_game *g, int t) {
    return t < 0 || t >= g->ntypes || g->types[t].cls < 0 ? "" : class_table[g->types[t].cls].name;
}

int vg_type_stype(const vg_game *g, int t) { return t < 0 || t >= g->ntypes ? -1 : g->types[t].stype; }

int vg_rule_count(const vg_game *g) { return g->neffects; }

/* The VG_DOES_* bits of an effect's FX_* flags. */
static unsigned does(unsigned fx) {
    static const struct {
        unsigned fx, does;
    } map[] = {{FX_KILL1, VG_DOES_KILL1},
               {FX_KILL2, VG_DOES_KILL2},
               {FX_MOVE1, VG_DOES_CHANGE1},
               {FX_MOVE2, VG_DOES_CHANGE2},
               {FX_CREATES, VG_DOES_CREATE}};
    unsigned out = 0;
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
        if (fx & map[k].fx) out |= map[k].does;
    return out;
}

int vg_rule(const vg_game *g, int k, vg_rule_info *out) {
    if (k < 0 || k >= g->neffects) return 0;
    const effect_def *e = &g->effects[k];
    *out = (vg_rule_info){
        .t1 = e->t1,
        .t2 = e->t2 == EOS_TYPE    ? VG_RULE_EDGE
              : e->t2 == TIME_TYPE ? VG_RULE_TIME
                                   : e->t2,
        .effect = e->kind == EFFECT_SCRIPT ? "script" : effect_name(e->kind),
        .does = e->kind == EFFECT_SCRIPT ? VG_DOES_ANY
                                         : does(e->flags), /* the row's own flags: killSecond kills the second */
        .score = e->score[0],
        .stype = e->stype,
        .resource = e->resource,
        .limit = e->limit,
    };
    return 1;
}

int vg_term_count(const vg_game *g) { return g->nterms; }

int vg_term(const vg_game *g, int k, vg_term_info *out) {
    if (k < 0 || k >= g->nterms) return 0;
    const term_def *d = &g->terms[k];
    *out = (vg_term_info){
        .kind = d->kind == TERM_SCRIPT ? "script" : term_name(d->kind),
        .stype = {d->stype, d->stype2, d->stype3},
        .limit = d->limit,
        .win = d->win,
    };
    return 1;
}
