/* SPDX-License-Identifier: MIT
 *
 * rng.h -- the state's random generator: java.util.Random, bit for bit,
 * so that GVGAI's random games replay. It lives in the state (its 48-bit
 * seed), so copying a state copies it. Internal header.
 */
#ifndef VG_RNG_H
#define VG_RNG_H

#include "vgdl.h"

void rng_seed(vg_state *s, uint64_t seed);
int rng_int(vg_state *s, int bound);                 /* uniform in [0, bound) */
float rng_float(vg_state *s);                        /* uniform in [0, 1), Java's nextFloat */
double rng_double(vg_state *s);                      /* uniform in [0, 1) */

#endif
