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
void rng_seed(vg_state *s, uint64_t seed) {
    s->rng = (seed ^ RNG_MULT) & RNG_MASK;
    s->drew = 0;
}

static int rng_next(vg_state *s, int bits) {
    s->rng = (s->rng * RNG_MULT + 0xB) & RNG_MASK;
    return (int32_t)(uint32_t)(s->rng >> (48 - bits));
}

int rng_int(vg_state *s, int bound) {
    assert(bound > 0);
    s->drew |= bound > 1;
    if ((bound & -bound) == bound) return (int)(((int64_t)bound * rng_next(s, 31)) >> 31);
    int bits, val;
    do {
        bits = rng_next(s, 31);
        val = bits % bound;
    } while ((int32_t)((uint32_t)bits - (uint32_t)val + (uint32_t)(bound - 1)) < 0); /* Java int overflow */
    return val;
}

static float next_float(vg_state *s) { return (float)rng_next(s, 24) / (float)(1 << 24); }

static double next_double(vg_state *s) {
    return (double)(((int64_t)rng_next(s, 26) << 27) + rng_next(s, 27)) * 0x1.0p-53;
}

float rng_float(vg_state *s) {
    s->drew = 1;
    return next_float(s);
}

double rng_double(vg_state *s) {
    s->drew = 1;
    return next_double(s);
}

int rng_chance(vg_state *s, double p) {
    s->drew |= p > 0 && p < 1;
    return next_double(s) < p;
}

float rng_roll(vg_state *s, double p) {
    s->drew |= p > 0 && p < 1;
    return next_float(s);
}

int vg_state_drew(const vg_state *s) { return s->drew; }
