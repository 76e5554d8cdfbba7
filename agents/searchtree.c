/* SPDX-License-Identifier: MIT
 *
 * searchtree.c -- see searchtree.h.
 */
#include <stdlib.h>
#include <string.h>

#include "searchtree.h"

uint32_t stree_add(stree *t) {
    if (t->n == t->cap) {
        uint32_t nc = t->cap ? t->cap * 2 : t->first_cap ? t->first_cap : 4096;
        stnode *nn = nc > t->cap ? realloc(t->nodes, (size_t)nc * sizeof *nn) : NULL;
        if (!nn) return STREE_NONE;
        t->nodes = nn;
        t->cap = nc;
    }
    memset(&t->nodes[t->n], 0, sizeof *t->nodes);
    return t->n++;
}

uint32_t stree_pop(stree *t) {
    uint32_t id;
    while ((id = openlist_pop(&t->open)) != OPENLIST_NONE) {
        const stnode *n = &t->nodes[id];
        if (!n->expanded && stree_prio(t, n->g, n->h) == t->open.minf) return id;   /* else a stale entry */
    }
    return STREE_NONE;
}

int stree_plan(const stree *t, uint32_t id, vg_action **plan, int *len) {
    int n = 0;
    for (uint32_t k = id; k != 0; k = t->nodes[k].parent) n++;
    vg_action *p = malloc((size_t)(n ? n : 1) * sizeof *p);
    if (!p) return 0;
    *plan = p;
    *len = n;
    for (uint32_t k = id; k != 0; k = t->nodes[k].parent) p[--n] = (vg_action)t->nodes[k].action;
    return 1;
}

void stree_clear(stree *t) {
    t->n = 0;
    openlist_clear(&t->open);
}

void stree_free(stree *t) {
    openlist_free(&t->open);
    free(t->nodes);
    t->nodes = NULL;
    t->n = t->cap = 0;
}
