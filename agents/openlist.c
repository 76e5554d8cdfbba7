/* SPDX-License-Identifier: MIT
 *
 * openlist.c -- see openlist.h: growing the buckets, emptying, freeing.
 */
#include <stdlib.h>
#include <string.h>

#include "openlist.h"

int openlist_grow(openlist *ol, int f) {
    if (f >= ol->nb) {
        int nb = ol->nb ? ol->nb : 256;
        while (nb <= f) nb *= 2;
        ol_bucket *b = realloc(ol->b, (size_t)nb * sizeof *b);
        if (!b) return 0;
        memset(b + ol->nb, 0, (size_t)(nb - ol->nb) * sizeof *b);
        ol->b = b;
        ol->nb = nb;
    }
    ol_bucket *b = &ol->b[f];
    if (b->n == b->cap) {
        uint32_t nc = b->cap ? b->cap * 2 : 64, *ids = realloc(b->ids, nc * sizeof *ids);
        if (!ids) return 0;
        b->ids = ids;
        b->cap = nc;
    }
    return 1;
}

void openlist_clear(openlist *ol) {
    for (int f = 0; f < ol->nb; f++) ol->b[f].n = 0;
    ol->open = 0;
    ol->minf = 0;
}

void openlist_free(openlist *ol) {
    for (int f = 0; f < ol->nb; f++) free(ol->b[f].ids);
    free(ol->b);
    memset(ol, 0, sizeof *ol);
}
