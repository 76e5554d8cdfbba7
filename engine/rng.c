/* SPDX-License-Identifier: MIT
 *
 * rng.c -- java.util.Random, bit for bit, on the 48-bit seed kept in the
 * state.
 */
#include <assert.h>

#include "rng.h"
#include "state.h"

#define RNG_MULT 0x5DEECE66DULL
#define RNG_MASK ((1ULL << 48) - 1)

/* new java.util.Random(seed): GVGAI seeds a game's generator so. */
void rng_seed(vg_state *s, uint64_t seed) { s->rng = (seed ^ RNG_MULT) & RNG_MASK; }

static int rng_next(vg_state *s, int bits) {
    s->rng = (s->rng * RNG_MULT + 0xB) & RNG_MASK;
    return (int32_t)(uint32_t)(s->rng >> (48 - bits));
}

int rng_int(vg_state *s, int bound) {
    assert(bound > 0);
    if ((bound & -bound) == bound) return (int)(((int64_t)bound * rng_next(s, 31)) >> 31);
    int bits, val;
    do {
        bits = rng_next(s, 31);
        val = bits % bound;
    } while ((int32_t)((uint32_t)bits - (uint32_t)val + (uint32_t)(bound - 1)) < 0);  /* Java int overflow */
    return val;
}

float rng_float(vg_state *s) { return (float)rng_next(s, 24) / (float)(1 << 24); }

double rng_double(vg_state *s) {
    return (double)(((int64_t)rng_next(s, 26) << 27) + rng_next(s, 27)) * 0x1.0p-53;
}
