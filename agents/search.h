/* SPDX-License-Identifier: MIT
 *
 * search.h -- what the search agents and the level solver share: a compact
 * positional state key, a hash map from keys to numbers, stored state
 * copies, leaf values, a small RNG, and a lower bound on the moves left for
 * key-and-door games such as Bait.
 *
 * Everything here reaches the game through vgdl.h and agent.h's fm only.
 */
#ifndef VG_SEARCH_H
#define VG_SEARCH_H

#include "agent.h"

/* ---- Positional state key ----------------------------------------------
 *
 * vg_state_hash tells apart states that differ in anything (a box's
 * orientation after a push, say), so one Bait position can have several
 * hashes. The positional key hashes what GVGAI's equalPosition compares
 * (every sprite's type and place: vg_state_position_hash) plus the score,
 * the winner, the player to move and the avatar's resources. Two states
 * with the same key are the same position (up to a 64-bit hash collision,
 * about 1 in 10^11 for a million states). */
uint64_t search_key(const vg_game *g, const vg_state *s);

/* ---- Hash map: 64-bit key -> 32-bit value ------------------------------ */

typedef struct hslot {
    uint64_t key;       /* 0: empty (key 0 is stored as 1) */
    uint32_t val;
    uint32_t aux;       /* the user's (0 when added): what a probe may need besides val */
} hslot;                /* side by side: one cache line a probe */

typedef struct hmap {
    hslot *slots;
    size_t cap, n;
} hmap;

int hmap_init(hmap *m, size_t cap);                     /* 0 when out of memory */
void hmap_free(hmap *m);
void hmap_clear(hmap *m);
hslot *hmap_find(const hmap *m, uint64_t key);           /* NULL when absent */
void hmap_prefetch(const hmap *m, uint64_t key);         /* starts loading key's slot into the cache */
/* Finds or adds 'key' (value 'v' when added); sets *added. NULL when out of
 * memory. The slot stays valid until the next hmap_put. */
hslot *hmap_put(hmap *m, uint64_t key, uint32_t v, int *added);

/* ---- Stored states ------------------------------------------------------
 * A packer stores states compactly for searches that keep millions open:
 * a packed state keeps only what differs from a reference state of the
 * same game (the search's start), in a block the packer owns (cut from
 * large chunks, so millions of them cost no malloc each); it serves only
 * to restore the state with packer_unpack, against the same reference.
 * packer_release takes a block back for reuse; packer_set_ref and
 * packer_free take them all back.
 * On Bait level 3 a packed state is about a quarter of the 1 KB a state
 * takes. */
typedef struct packer packer;
typedef struct packed packed;
packer *packer_new(const vg_game *g);                              /* NULL when out of memory */
/* Keeps a copy of 'ref' (one call of 'f'); every block packed before is
 * void (its memory is reused). */
void packer_set_ref(packer *pk, fm *f, const vg_state *ref);
packed *packer_pack(packer *pk, const vg_state *s);                 /* NULL when out of memory */
void packer_unpack(const packer *pk, const packed *p, vg_state *dst);   /* dst: from vg_state_new */
void packer_release(packer *pk, packed *p);                         /* p may be NULL */
size_t packed_bytes(const packed *p);                               /* the block's size */
void packer_free(packer *pk);

/* ---- Leaf values --------------------------------------------------------- */

#define SEARCH_WIN 1e6   /* added for a win, subtracted for a loss */

/* The game's heuristic (the score when it has none) moved far up for a
 * win and far down for a loss; a script error is kept in 'f'. */
double search_value(fm *f, const vg_state *s);
/* The score moved far up for a win and far down for a loss. */
double search_score_value(const vg_state *s);

/* ---- RNG: xorshift64*, never zero --------------------------------------- */

static inline uint64_t rng_next(uint64_t *r) {
    *r ^= *r >> 12, *r ^= *r << 25, *r ^= *r >> 27;
    return *r * 0x2545f4914f6cdd1dULL;
}
static inline uint64_t rng_seed_of(uint64_t seed) {
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return z ? z : 1;
}
static inline int rng_below(uint64_t *r, int n) { return (int)((rng_next(r) >> 33) % (uint64_t)n); }
static inline double rng_unit(uint64_t *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

/* ---- Lower bound for key-and-door games ---------------------------------
 *
 * For a game in Bait's vocabulary -- sprite types "key", "goal" and "wall",
 * an avatar that starts without the key, and "box" for pushable blocks --
 * sbound_of returns a lower bound on the number of actions still needed to
 * win, or SBOUND_DEAD when the state can never be won. For other games it
 * returns 0 for every state that is not over (so A* becomes breadth-first
 * search) and SBOUND_DEAD for a lost one. The bound and its proof are in
 * search.c. */
#define SBOUND_DEAD 0x3fffffff
typedef struct sbound sbound;
sbound *sbound_new(const vg_game *g, const vg_state *start); /* NULL when out of memory */
int sbound_of(const sbound *b, const vg_state *s);
int sbound_active(const sbound *b);     /* 1 when the game is in Bait's vocabulary */
void sbound_free(sbound *b);

#endif
