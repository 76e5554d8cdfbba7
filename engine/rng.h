/* SPDX-License-Identifier: MIT
 *
 * rng.h -- the state's random generator: java.util.Random, bit for bit,
 * so that GVGAI's random games replay. It lives in the state (its 48-bit
 * seed), so copying a state copies it. Internal header.
 */
#ifndef VG_RNG_H
#define VG_RNG_H

#include "vgdl.h"

/* Every draw is java.util.Random's, whatever its use. A draw whose use
 * could have come out otherwise under another seed also marks the state
 * (vg_state_drew): rng_int with a bound above 1, rng_float and
 * rng_double; a draw against a probability (rng_chance, rng_roll) only
 * when the probability lies strictly between 0 and 1 (GVGAI draws for a
 * spawn with probability 1 too: the draw is kept, the mark is not). */
void rng_seed(vg_state *s, uint64_t seed); /* also clears the mark */
int rng_int(vg_state *s, int bound);       /* uniform in [0, bound) */
float rng_float(vg_state *s);              /* uniform in [0, 1), Java's nextFloat */
double rng_double(vg_state *s);            /* uniform in [0, 1) */
int rng_chance(vg_state *s, double p);     /* rng_double(s) < p */
float rng_roll(vg_state *s, double p);     /* rng_float(s), to be compared with probability p */

#endif
