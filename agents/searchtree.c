/* SPDX-License-Identifier: MIT
 *
 * searchtree.c -- see searchtree.h.
 */
#include <stdlib.h>
#include <string.h>

#include "searchtree.h"

uint32_t stree_add(stree *t) {
    if (t->n == t->cap) { /* a big table: huge pages (nodes are read at random) */
        uint32_t nc = t->cap ? t->cap * 2 : t->first_cap ? t->first_cap : 4096;
        stnode *nn = nc > t->cap ? big_realloc(t->nodes, (size_t)t->cap * sizeof *nn, (size_t)nc * sizeof *nn) : NULL;
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
        if (!n->expanded && stree_prio(t, n->g, n->h) == t->open.minf) return id; /* else a stale entry */
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
    big_free(t->nodes, (size_t)t->cap * sizeof *t->nodes);
    t->nodes = NULL;
    t->n = t->cap = 0;
}

/* ---- Holding ------------------------------------------------------------ */

int stree_hold_init(stree_holding *hd, const vg_game *g) {
    int ok = 1;
    hd->n = 0;
    for (int k = 0; k < STREE_HOLD; k++) ok &= (hd->st[k] = vg_state_new(g, 0)) != NULL;
    return ok;
}

void stree_hold_free(stree_holding *hd) {
    for (int k = 0; k < STREE_HOLD; k++) vg_state_free(hd->st[k]);
    hd->n = 0;
}

/* Takes entry i out of the holding; its buffer becomes the first spare. */
static void unhold(stree *t, stree_holding *hd, int i) {
    vg_state *buf = hd->st[i];
    t->nodes[hd->id[i]].held = 0;
    for (int k = i; k + 1 < hd->n; k++) hd->id[k] = hd->id[k + 1], hd->st[k] = hd->st[k + 1];
    hd->st[--hd->n] = buf;
}

static int held_at(const stree_holding *hd, uint32_t id) {
    int i = hd->n - 1;
    while (i >= 0 && hd->id[i] != id) i--;
    return i;
}

int stree_hold(stree *t, stree_holding *hd, packer *pk, uint32_t id, vg_state **child) {
    if (hd->n == STREE_HOLD) { /* the oldest is packed to make room */
        if (!(t->nodes[hd->id[0]].st = packer_pack(pk, hd->st[0]))) return 0;
        unhold(t, hd, 0);
    }
    vg_state *whole = *child;
    hd->id[hd->n] = id;
    *child = hd->st[hd->n];
    hd->st[hd->n++] = whole;
    t->nodes[id].held = 1;
    return 1;
}

void stree_hold_take(stree *t, stree_holding *hd, uint32_t id, vg_state **cur) {
    int i = held_at(hd, id);
    vg_state *whole = hd->st[i];
    hd->st[i] = *cur;
    *cur = whole;
    unhold(t, hd, i);
}

void stree_hold_drop(stree *t, stree_holding *hd, uint32_t id) {
    if (t->nodes[id].held) unhold(t, hd, held_at(hd, id));
}
