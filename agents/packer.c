/* SPDX-License-Identifier: MIT
 *
 * packer.c -- see packer.h.
 */
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"
#include "packer.h"

/* ---- Stored states ------------------------------------------------------
 *
 * A packed state is a list of steps that rebuild it from the reference,
 * front to back, with a read position in the reference: skip some of its
 * words, copy some, then take some words from the packed state itself
 * (each stands for one word of the reference). Skipping is what makes it
 * small: when a sprite is removed, the ones after it sit one sprite
 * earlier than in the reference, and a step that skips the removed one
 * copies all of them. Each step is one word (skip << 48 | copy << 24 |
 * literal count) followed by the literal words. */

enum { SEEN_BITS = 12 };   /* the reference's words, hashed to one of 4096 bits */

struct packer {
    vg_state *ref;
    uint64_t seen[(1 << SEEN_BITS) / 64];   /* a bit for each word of the reference (a Bloom filter) */
    uint64_t *scratch;     /* room for the steps of the largest state */
    size_t most;           /* words in the largest packed block */
    packed **spare;        /* [words]: released blocks of that size, linked through 'next' */
    uint64_t **chunks;     /* every block is cut from one of these, */
    size_t nchunks, left;  /* the newest with 'left' words uncut */
};

struct packed {
    union {
        struct {
            uint32_t n;    /* the state's length in words */
            uint32_t len;  /* the steps' */
        };
        packed *next;      /* on a spare list */
    };
    uint64_t steps[];
};

enum { PACK_MAX_SKIP = 16,    /* words skipped to find the reference again: a few removed sprites */
       PACK_FIRST = 1 << 12,   /* words in the first chunk (32 KiB): a small search stays small */
       PACK_CHUNK = 1 << 19 }; /* words in a chunk from the ninth on (4 MiB) */

/* Words in chunk i: doubling from PACK_FIRST up to PACK_CHUNK, and room
 * for a few of the largest blocks in any case. */
static size_t chunk_words(const packer *pk, size_t i) {
    size_t w = i < 7 ? (size_t)PACK_FIRST << i : PACK_CHUNK;
    return w < 4 * pk->most ? 4 * pk->most : w;
}

packer *packer_new(const vg_game *g) {
    packer *pk = calloc(1, sizeof *pk);
    if (!pk) return NULL;
    pk->ref = vg_state_new(g, 0);
    pk->most = vg_state_size(g) / 8 * 2 + 2;   /* at worst a step word a literal, and the header */
    pk->scratch = malloc(pk->most * 8);
    pk->spare = calloc(pk->most + 1, sizeof *pk->spare);
    if (!pk->ref || !pk->scratch || !pk->spare) {
        packer_free(pk);
        return NULL;
    }
    return pk;
}

void packer_free(packer *pk) {
    if (!pk) return;
    vg_state_free(pk->ref);
    free(pk->scratch);
    free(pk->spare);
    for (size_t i = 0; i < pk->nchunks; i++) big_free(pk->chunks[i], chunk_words(pk, i) * 8);
    free(pk->chunks);
    free(pk);
}

/* A block of 'words' words: a released one of that size, or cut from the newest chunk. */
static packed *block_new(packer *pk, size_t words) {
    packed *p = pk->spare[words];
    if (p) {
        pk->spare[words] = p->next;
        return p;
    }
    if (pk->left < words) {
        uint64_t **cs = realloc(pk->chunks, (pk->nchunks + 1) * sizeof *cs), *c;
        if (!cs) return NULL;
        pk->chunks = cs;
        size_t w = chunk_words(pk, pk->nchunks);
        if (!(c = big_alloc(w * 8))) return NULL;
        cs[pk->nchunks++] = c;
        pk->left = w;
    }
    pk->left -= words;
    return (packed *)(void *)(pk->chunks[pk->nchunks - 1] + pk->left);
}

void packer_release(packer *pk, packed *p) {
    if (!p) return;
    size_t words = 1 + p->len;
    p->next = pk->spare[words];
    pk->spare[words] = p;
}

static inline unsigned seen_bit(uint64_t w) { return (unsigned)((w * 0x9e3779b97f4a7c15ULL) >> (64 - SEEN_BITS)); }
static inline void seen_add(packer *pk, uint64_t w) { pk->seen[seen_bit(w) / 64] |= 1ULL << (seen_bit(w) % 64); }
/* 0 when the reference holds no word equal to w; 1 when it may. */
static inline int seen_has(const packer *pk, uint64_t w) { return pk->seen[seen_bit(w) / 64] >> (seen_bit(w) % 64) & 1; }

void packer_set_ref(packer *pk, fm *f, const vg_state *ref) {
    fm_copy(f, pk->ref, ref);
    memset(pk->seen, 0, sizeof pk->seen);
    const uint64_t *r = (const uint64_t *)(const void *)ref;
    for (size_t j = 0; j < vg_state_used(ref) / 8; j++) seen_add(pk, r[j]);
    for (size_t i = 1; i < pk->nchunks; i++) big_free(pk->chunks[i], chunk_words(pk, i) * 8);   /* the first is kept for reuse */
    if (pk->nchunks) pk->nchunks = 1, pk->left = chunk_words(pk, 0);
    memset(pk->spare, 0, (pk->most + 1) * sizeof *pk->spare);
}

/* The skip (at most 'most') after which the reference goes on as s[i..]
 * does, or -1: no skip and two equal words (or the end of s), or a skip
 * and four (words equal by chance, zeros say, must not throw the reading
 * off). A word the reference does not hold (most changed ones: sprites
 * carry their ids) is told at once by the filter. */
static inline int resync(const packer *pk, size_t nref, size_t at, const uint64_t *s, size_t n, size_t i, size_t most) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref;
    if (at < nref && r[at] == s[i] && (i + 1 == n || (at + 1 < nref && r[at + 1] == s[i + 1]))) return 0;
    if (!most || !seen_has(pk, s[i])) return -1;
    for (size_t sk = 1; sk <= most && at + sk < nref; sk++) {
        if (r[at + sk] != s[i]) continue;
        size_t got = 1;
        while (got < 4 && i + got < n && at + sk + got < nref && r[at + sk + got] == s[i + got]) got++;
        if (got == 4 || i + got == n) return (int)sk;
    }
    return -1;
}

/* How far the next skip may go, 'skipped' words skipped so far: the
 * reference is longer than the state by the words of the sprites removed
 * since, and skips need not add up to more. */
static size_t skip_room(size_t nref, size_t n, size_t skipped) {
    size_t room = nref > n + skipped ? nref - n - skipped : 0;
    return room < PACK_MAX_SKIP ? room : PACK_MAX_SKIP;
}

packed *packer_pack(packer *pk, const vg_state *st) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref, *s = (const uint64_t *)(const void *)st;
    size_t nref = vg_state_used(pk->ref) / 8, n = vg_state_used(st) / 8, len = 0, i = 0, at = 0;
    uint64_t *out = pk->scratch;
    while (i < n) {
        size_t most = skip_room(nref, n, at - i);
        int sk = resync(pk, nref, at, s, n, i, most);
        size_t skip = sk > 0 ? (size_t)sk : 0, copy = 0;
        if (sk >= 0) {
            size_t most_copy = nref - at - skip < n - i ? nref - at - skip : n - i;
            while (copy < most_copy && r[at + skip + copy] == s[i + copy]) copy++;
        }
        at += skip + copy, i += copy;
        size_t lit = 0;   /* literal words up to where the reference goes on again */
        most = skip_room(nref, n, at - i);
        while (i + lit < n && resync(pk, nref, at + lit, s, n, i + lit, most) < 0) lit++;
        out[len] = (uint64_t)skip << 48 | (uint64_t)copy << 24 | lit;
        memcpy(out + len + 1, s + i, lit * 8);
        len += 1 + lit, i += lit, at += lit;
    }
    packed *p = block_new(pk, 1 + len);
    if (!p) return NULL;
    p->n = (uint32_t)n;
    p->len = (uint32_t)len;
    memcpy(p->steps, out, len * 8);
    return p;
}

size_t packed_bytes(const packed *p) { return sizeof *p + (size_t)p->len * 8; }

void packer_unpack(const packer *pk, const packed *p, vg_state *dst) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref, *step = p->steps;
    uint64_t *d = (uint64_t *)(void *)dst;
    for (size_t i = 0, at = 0; i < p->n; step++) {
        size_t skip = *step >> 48, copy = *step >> 24 & 0xffffff, lit = *step & 0xffffff;
        at += skip;
        memcpy(d + i, r + at, copy * 8);
        memcpy(d + i + copy, step + 1, lit * 8);
        i += copy + lit, at += copy + lit, step += lit;
    }
}
