/* SPDX-License-Identifier: MIT
 *
 * hashmap.h -- the hash mix the agents use (splitmix64's finaliser; the
 * engine has its own), a hash map from 64-bit keys to 32-bit values (the
 * closed sets of the A* searches and the level solver, dfs's path), and
 * the large zeroed tables it, the packer and the search trees' nodes live
 * in: on huge pages (where the system offers them) a table read at random
 * costs far fewer TLB misses, and its memory far fewer page faults.
 */
#ifndef VG_HASHMAP_H
#define VG_HASHMAP_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t hash_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* 'bytes' of zeroed memory (from calloc when small, else mapped and
 * advised onto huge pages), or NULL; give it back with big_free and the
 * same size. */
void *big_alloc(size_t bytes);
void big_free(void *p, size_t bytes); /* NULL is a no-op */
/* The table 'p' of 'bytes' made 'more' bytes long, its contents kept (the
 * rest zeroed); NULL when out of memory ('p' then kept). p may be NULL. */
void *big_realloc(void *p, size_t bytes, size_t more);

/* ---- Hash map: 64-bit key -> 32-bit value ------------------------------ */

typedef struct hslot {
    uint64_t key; /* 0: empty (key 0 is stored as 1) */
    uint32_t val;
    uint32_t aux; /* the user's (0 when added): what a probe may need besides val */
} hslot;          /* side by side: one cache line a probe */

typedef struct hmap {
    hslot *slots;
    size_t cap, n;
    unsigned shift; /* 64 - log2(cap): a key's first slot is the top bits of its mix */
} hmap;

int hmap_init(hmap *m, size_t cap); /* 0 when out of memory */
void hmap_free(hmap *m);
void hmap_clear(hmap *m);
/* Empties the map as hmap_clear does, given every key in it: 'n' keys,
 * the first at 'first', each next 'stride' bytes on (a field of an array
 * of records). It touches only the slots in use, where hmap_clear writes
 * the whole table: far cheaper for a big map holding few keys. */
void hmap_clear_keys(hmap *m, const void *first, size_t n, size_t stride);
hslot *hmap_find(const hmap *m, uint64_t key);   /* NULL when absent */
void hmap_prefetch(const hmap *m, uint64_t key); /* starts loading key's slot into the cache */
/* Finds or adds 'key' (value 'v' when added); sets *added. NULL when out of
 * memory. The slot stays valid until the next hmap_put. */
hslot *hmap_put(hmap *m, uint64_t key, uint32_t v, int *added);

#endif
