/* SPDX-License-Identifier: MIT
 *
 * rng.c -- the random numbers the level generators draw from (generate.h):
 * splitmix64 over the gen_rng a generator is handed, seeded from --seed.
 */
#include "generate.h"

uint64_t gen_next(gen_rng *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int gen_below(gen_rng *r, int n) { return (int)(gen_next(r) % (uint64_t)n); }

double gen_unit(gen_rng *r) { return (double)(gen_next(r) >> 11) * 0x1.0p-53; }

int gen_pick(gen_rng *r, const double *w, int n) {
    double sum = 0;
    for (int k = 0; k < n; k++) sum += w[k];
    double x = gen_unit(r) * sum;
    int last = 0;
    for (int k = 0; k < n; k++) {
        if (w[k] <= 0) continue;
        if (x < w[k]) return k;
        x -= w[k];
        last = k;
    }
    return last; /* rounding: the last with any weight */
}
