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
 * copies all of them.
 *
 * The block is a byte stream: the state's length in words, then per step
 * its skip, copy and literal counts (LEB128 varints), each literal word
 * as the span of bytes in which it differs from the reference word it
 * stands for (a byte saying where the span starts and how long it is,
 * then the span of the exclusive or; no span when the words are equal).
 * A moved sprite differs in a few neighbouring bytes of its place and its
 * last move: on The Citadel's level 1 a state packs into about a third of
 * the bytes whole literal words took. A span is written and read as one
 * 8-byte word (no loop over its bytes): the scratch stream and every
 * chunk end with 8 spare bytes, so that reading a span never leaves the
 * chunk. Blocks are cut in 4-byte units: a 4-byte header (the stream's
 * length), then the stream. */

enum { WHERE_BITS = 12 }; /* the reference's words, hashed to one of 4096 entries */

struct packer {
    vg_state *ref;                   /* zero from its last sprite to its capacity, */
    size_t ref_bytes;                /* vg_state_size: reading past a shorter reference gives 0 */
    uint32_t where[1 << WHERE_BITS]; /* per hash of a word: 1 + the last word of the reference with that hash, 0 none */
    uint8_t *scratch;                /* room for the stream of the largest state */
    size_t most;                     /* units in the largest block */
    packed **spare;                  /* [units]: released blocks of that size, linked through their first bytes */
    uint32_t **chunks;               /* every block is cut from one of these, */
    size_t nchunks, left;            /* the newest with 'left' units uncut */
};

struct packed {
    uint32_t bytes; /* the stream's */
    uint8_t stream[];
};

enum {
    PACK_MAX_SKIP = 16,   /* words skipped to find the reference again: a few removed sprites */
    PACK_FIRST = 1 << 13, /* units in the first chunk (32 KiB): a small search stays small */
    PACK_CHUNK = 1 << 20
}; /* units in a chunk from the ninth on (4 MiB) */

/* Units (4 bytes) a block with a stream of 'bytes' takes: the header and
 * the stream, at least two (room for the spare list's link). */
static size_t units_of(size_t bytes) { return bytes < 5 ? 2 : 1 + (bytes + 3) / 4; }

/* Units in chunk i: doubling from PACK_FIRST up to PACK_CHUNK, and room
 * for a few of the largest blocks in any case. */
static size_t chunk_units(const packer *pk, size_t i) {
    size_t w = i < 7 ? (size_t)PACK_FIRST << i : PACK_CHUNK;
    return w < 4 * pk->most ? 4 * pk->most : w;
}

packer *packer_new(const vg_game *g) {
    packer *pk = calloc(1, sizeof *pk);
    if (!pk) return NULL;
    pk->ref = vg_state_new(g, 0);
    pk->ref_bytes = vg_state_size(g);
    /* At worst 9 bytes a literal word and 7 a step (a step takes at least
     * one word), and the length. */
    size_t stream = vg_state_size(g) / 8 * 16 + 16;
    pk->most = units_of(stream);
    pk->scratch = malloc(stream + 8); /* put_word writes a whole word */
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
    for (size_t i = 0; i < pk->nchunks; i++) big_free(pk->chunks[i], chunk_units(pk, i) * 4);
    free(pk->chunks);
    free(pk);
}

static packed *spare_next(const packed *p) {
    packed *next;
    memcpy(&next, p, sizeof next);
    return next;
}

/* A block of 'units' units: a released one of that size, or cut from the newest chunk. */
static packed *block_new(packer *pk, size_t units) {
    packed *p = pk->spare[units];
    if (p) {
        pk->spare[units] = spare_next(p);
        return p;
    }
    if (pk->left < units) {
        uint32_t **cs = realloc(pk->chunks, (pk->nchunks + 1) * sizeof *cs), *c;
        if (!cs) return NULL;
        pk->chunks = cs;
        size_t w = chunk_units(pk, pk->nchunks);
        if (!(c = big_alloc(w * 4))) return NULL;
        cs[pk->nchunks++] = c;
        pk->left = w - 2; /* 8 bytes at the end for get_word to read past a span */
    }
    pk->left -= units;
    return (packed *)(void *)(pk->chunks[pk->nchunks - 1] + pk->left);
}

void packer_release(packer *pk, packed *p) {
    if (!p) return;
    size_t units = units_of(p->bytes);
    memcpy((void *)p, &pk->spare[units],
           sizeof(packed *)); /* the free list runs through released blocks (spare_next) */
    pk->spare[units] = p;
}

static inline unsigned where_of(uint64_t w) { return (unsigned)((w * 0x9e3779b97f4a7c15ULL) >> (64 - WHERE_BITS)); }

void packer_set_ref(packer *pk, fm *f, const vg_state *ref) {
    fm_copy(f, pk->ref, ref);
    memset((char *)pk->ref + vg_state_used(ref), 0, pk->ref_bytes - vg_state_used(ref));
    memset(pk->where, 0, sizeof pk->where);
    const uint64_t *r = (const uint64_t *)(const void *)ref;
    for (size_t j = 0; j < vg_state_used(ref) / 8; j++) pk->where[where_of(r[j])] = (uint32_t)j + 1;
    for (size_t i = 1; i < pk->nchunks; i++)
        big_free(pk->chunks[i], chunk_units(pk, i) * 4); /* the first is kept for reuse */
    if (pk->nchunks) pk->nchunks = 1, pk->left = chunk_units(pk, 0) - 2;
    memset(pk->spare, 0, (pk->most + 1) * sizeof *pk->spare);
}

/* ---- The stream: varints and literal words ------------------------------- */

static inline uint8_t *put_varint(uint8_t *o, size_t v) {
    for (; v >= 0x80; v >>= 7) *o++ = (uint8_t)(v | 0x80);
    *o++ = (uint8_t)v;
    return o;
}

static inline const uint8_t *get_varint(const uint8_t *in, size_t *v) {
    size_t x = 0;
    int sh = 0;
    for (; *in & 0x80; sh += 7) x |= (size_t)(*in++ & 0x7f) << sh;
    *v = x | (size_t)*in++ << sh;
    return in;
}

/* Word 'w' as its difference from 'ref': the span's first byte and
 * length (0-8) in one byte, then the span, stored as a whole word of
 * which only the span's bytes are kept (the stream goes on after them). */
static inline uint8_t *put_word(uint8_t *o, uint64_t w, uint64_t ref) {
    uint64_t x = w ^ ref;
    unsigned lo = 0, len = 0;
    if (x) {
        lo = (unsigned)__builtin_ctzll(x) >> 3;
        len = 8 - ((unsigned)__builtin_clzll(x) >> 3) - lo;
        x >>= 8 * lo;
    }
    *o = (uint8_t)(lo | len << 3);
    memcpy(o + 1, &x, sizeof x);
    return o + 1 + len;
}

static inline const uint8_t *get_word(const uint8_t *in, uint64_t *w, uint64_t ref) {
    unsigned lo = *in & 7, len = *in >> 3;
    uint64_t x;
    memcpy(&x, in + 1, sizeof x);
    x &= (1ULL << 4 * len << 4 * len) - 1; /* len 8: all ones; len 0: none */
    *w = ref ^ x << 8 * lo;
    return in + 1 + len;
}

/* The skip (at most 'most') after which the reference goes on as s[i..]
 * does, or -1: no skip and two equal words (or the end of s), or a skip
 * and four (words equal by chance, zeros say, must not throw the reading
 * off). Only the last word of the reference with the hash of s[i] is
 * tried (a look-up, not a scan): after a removed sprite the next one's
 * first word (it carries its id) is found; a word the reference holds
 * several times may be missed, and is then stored as a literal. */
static inline int resync(const packer *pk, size_t nref, size_t at, const uint64_t *s, size_t n, size_t i, size_t most) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref;
    if (at < nref && r[at] == s[i] && (i + 1 == n || (at + 1 < nref && r[at + 1] == s[i + 1]))) return 0;
    size_t w = most ? pk->where[where_of(s[i])] : 0; /* 1 + where the reference may go on */
    if (w <= at + 1 || w - 1 - at > most || r[w - 1] != s[i]) return -1;
    size_t sk = w - 1 - at, got = 1;
    while (got < 4 && i + got < n && at + sk + got < nref && r[at + sk + got] == s[i + got]) got++;
    return got == 4 || i + got == n ? (int)sk : -1;
}

/* How many words a[0..] and b[0..] have equal from the start, at most 'most'. */
static inline size_t same_run(const uint64_t *a, const uint64_t *b, size_t most) {
    size_t k = 0;
    while (k + 4 <= most && !((a[k] ^ b[k]) | (a[k + 1] ^ b[k + 1]) | (a[k + 2] ^ b[k + 2]) | (a[k + 3] ^ b[k + 3])))
        k += 4;
    while (k < most && a[k] == b[k]) k++;
    return k;
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
    size_t nref = vg_state_used(pk->ref) / 8, n = vg_state_used(st) / 8, i = 0, at = 0;
    uint8_t *o = put_varint(pk->scratch, n);
    int sk = n ? resync(pk, nref, 0, s, n, 0, skip_room(nref, n, 0)) : 0;
    while (i < n) { /* 'sk': where the reference goes on at (at, i), from the step before */
        size_t skip = sk > 0 ? (size_t)sk : 0, copy = 0;
        if (sk >= 0) {
            size_t most_copy = nref - at - skip < n - i ? nref - at - skip : n - i;
            copy = same_run(r + at + skip, s + i, most_copy);
        }
        at += skip + copy, i += copy;
        size_t lit = 0, most = skip_room(nref, n, at - i); /* literal words up to where the reference goes on again */
        while (i + lit < n && (sk = resync(pk, nref, at + lit, s, n, i + lit, most)) < 0) lit++;
        o = put_varint(put_varint(put_varint(o, skip), copy), lit);
        for (size_t j = 0; j < lit; j++) o = put_word(o, s[i + j], r[at + j]); /* 'at' stays below max(n, nref) */
        i += lit, at += lit;
    }
    size_t bytes = (size_t)(o - pk->scratch);
    packed *p = block_new(pk, units_of(bytes));
    if (!p) return NULL;
    p->bytes = (uint32_t)bytes;
    memcpy(p->stream, pk->scratch, bytes);
    return p;
}

size_t packed_bytes(const packed *p) { return units_of(p->bytes) * 4; }

void packer_unpack(const packer *pk, const packed *p, vg_state *dst) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref;
    size_t n;
    uint64_t *d = (uint64_t *)(void *)dst;
    const uint8_t *in = get_varint(p->stream, &n);
    for (size_t i = 0, at = 0; i < n;) {
        size_t skip, copy, lit;
        in = get_varint(get_varint(get_varint(in, &skip), &copy), &lit);
        at += skip;
        memcpy(d + i, r + at, copy * 8);
        i += copy, at += copy;
        for (size_t j = 0; j < lit; j++) in = get_word(in, &d[i + j], r[at + j]);
        i += lit, at += lit;
    }
}
