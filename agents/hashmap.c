/* SPDX-License-Identifier: MIT
 *
 * hashmap.c -- see hashmap.h: large tables on huge pages, and the hash
 * map (open addressing, linear probing, at most three quarters full).
 * A key's first slot is the top bits of its mix, so that the keys lie in
 * the table in the order of their mixes: growing it moves them in order,
 * writing the new table front to back (no cache miss a key), where the
 * low bits would scatter them over it.
 */
#define _GNU_SOURCE /* MAP_ANONYMOUS, madvise, mremap */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "hashmap.h"

/* ---- Big tables ---------------------------------------------------------
 * The solver's hash map and stored states reach gigabytes. */

enum { BIG = 2 << 20 }; /* smaller tables come from calloc */

void *big_alloc(size_t bytes) {
    if (bytes < BIG) return calloc(1, bytes);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE); /* a hint: no harm when refused */
#endif
    return p;
}

void *big_realloc(void *p, size_t bytes, size_t more) {
#ifdef MREMAP_MAYMOVE
    if (p && bytes >= BIG) { /* the pages move, huge ones and all: no copy, nothing zeroed again */
        void *q = mremap(p, bytes, more, MREMAP_MAYMOVE);
        return q == MAP_FAILED ? NULL : q;
    }
#endif
    void *q = big_alloc(more);
    if (q && p) {
        memcpy(q, p, bytes < more ? bytes : more);
        big_free(p, bytes);
    }
    return q;
}

void big_free(void *p, size_t bytes) {
    if (bytes < BIG) free(p);
    else if (p) munmap(p, bytes);
}

/* ---- Hash map ------------------------------------------------------------ */

int hmap_init(hmap *m, size_t cap) {
    size_t c = 16;
    unsigned shift = 60;
    while (c < cap * 2) c <<= 1, shift--;
    m->slots = big_alloc(c * sizeof *m->slots);
    m->cap = m->slots ? c : 0;
    m->shift = shift;
    m->n = 0;
    return m->slots != NULL;
}

static inline size_t home(const hmap *m, uint64_t key) { return (size_t)(hash_mix(key) >> m->shift); }

void hmap_free(hmap *m) {
    big_free(m->slots, m->cap * sizeof *m->slots);
    memset(m, 0, sizeof *m);
}

void hmap_clear(hmap *m) {
    if (m->slots && m->n) memset(m->slots, 0, m->cap * sizeof *m->slots);
    m->n = 0;
}

/* Each key lies in the run of used slots that holds its first slot, at or
 * after that slot. Emptying from there to the run's end empties its slot:
 * whatever was emptied before is the end of a run, so the key's slot is
 * either reached before it or was in it. When fewer slots than the keys
 * in the map were emptied, a key was missing: the whole table is. */
void hmap_clear_keys(hmap *m, const void *first, size_t n, size_t stride) {
    size_t emptied = 0;
    for (size_t k = 0; k < n && emptied < m->n; k++) {
        uint64_t key;
        memcpy(&key, (const char *)first + k * stride, sizeof key);
        for (size_t i = home(m, key ? key : 1); m->slots[i].key; i = (i + 1) & (m->cap - 1), emptied++)
            m->slots[i] = (hslot){0, 0, 0};
    }
    if (emptied < m->n) hmap_clear(m); /* a key was not given: the whole table */
    m->n = 0;
}

hslot *hmap_find(const hmap *m, uint64_t key) {
    if (!key) key = 1;
    for (size_t i = home(m, key);; i = (i + 1) & (m->cap - 1)) {
        if (m->slots[i].key == key) return &m->slots[i];
        if (!m->slots[i].key) return NULL;
    }
}

void hmap_prefetch(const hmap *m, uint64_t key) {
#if defined(__GNUC__)
    __builtin_prefetch(&m->slots[home(m, key ? key : 1)]);
#else
    (void)m, (void)key;
#endif
}

static int hmap_grow(hmap *m) {
    hmap big;
    if (!hmap_init(&big, m->cap)) return 0; /* twice the slots */
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->slots[i].key) continue;
        size_t j = home(&big, m->slots[i].key);
        while (big.slots[j].key) j = (j + 1) & (big.cap - 1);
        big.slots[j] = m->slots[i];
    }
    big.n = m->n;
    hmap_free(m);
    *m = big;
    return 1;
}

hslot *hmap_put(hmap *m, uint64_t key, uint32_t v, int *added) {
    if (!key) key = 1;
    if ((m->n + 1) * 4 > m->cap * 3 && !hmap_grow(m)) return NULL;
    size_t i = home(m, key);
    for (; m->slots[i].key; i = (i + 1) & (m->cap - 1))
        if (m->slots[i].key == key) {
            *added = 0;
            return &m->slots[i];
        }
    m->slots[i] = (hslot){key, v, 0};
    m->n++;
    *added = 1;
    return &m->slots[i];
}
