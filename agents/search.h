/* SPDX-License-Identifier: MIT
 *
 * search.h -- what the search agents and the level solver share: a compact
 * positional state key, leaf values and a small RNG; and, each in its own
 * file, the hash map (hashmap.h) and stored states (packer.h), included
 * here. (The lower bound on the actions to a win is the game's: fm_bound.)
 *
 * Everything here reaches the game through vgdl.h and agent.h's fm only.
 */
#ifndef VG_SEARCH_H
#define VG_SEARCH_H

#include "agent.h"
#include "hashmap.h"
#include "packer.h"

/* ---- Positional state key ----------------------------------------------
 *
 * vg_state_hash tells apart states that differ in anything (a box's
 * orientation after a push, say), so one Bait position can have several
 * hashes. The positional key hashes what GVGAI's equalPosition compares
 * (every sprite's type and place) and the orientation of sprites that
 * keep one (vg_state_search_hash: where a missile flies next, where an
 * oriented avatar aims), plus the score,
 * the winner, the player to move and the avatar's resources. Two states
 * with the same key are the same position (up to a 64-bit hash collision,
 * about 1 in 10^11 for a million states). */
uint64_t search_key(const vg_game *g, const vg_state *s);

/* ---- Leaf values --------------------------------------------------------- */

#define SEARCH_WIN 1e6 /* added for a win, subtracted for a loss */

/* The game's heuristic (the score when it has none) moved far up for a
 * win and far down for a loss, for the agent's player; a script error is
 * kept in 'f'. */
double search_value(fm *f, const vg_state *s);

/* ---- RNG: xorshift64*, never zero --------------------------------------- */

static inline uint64_t rng_next(uint64_t *r) {
    *r ^= *r >> 12, *r ^= *r << 25, *r ^= *r >> 27;
    return *r * 0x2545f4914f6cdd1dULL;
}
static inline uint64_t rng_seed_of(uint64_t seed) {
    uint64_t z = hash_mix(seed + 0x9e3779b97f4a7c15ULL);
    return z ? z : 1;
}
static inline int rng_below(uint64_t *r, int n) { return (int)((rng_next(r) >> 33) % (uint64_t)n); }
static inline double rng_unit(uint64_t *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

#endif
