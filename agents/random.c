/* SPDX-License-Identifier: MIT
 *
 * random.c -- picks an available action uniformly at random (its own RNG,
 * seeded at creation, so a run is repeatable).
 */
#include <stdlib.h>

#include "agent.h"

typedef struct random_agent {
    const vg_game *g;
    uint64_t rng;
} random_agent;

static void *random_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)p;
    random_agent *r = malloc(sizeof *r);
    if (r) *r = (random_agent){g, seed * 0x9e3779b97f4a7c15ULL + 1};
    return r;
}

static vg_action random_act(void *self, fm *f, const vg_state *s) {
    (void)f;
    random_agent *r = self;
    vg_action acts[VG_MAX_ACTIONS];
    int n = vg_actions(r->g, s, acts);
    if (n == 0) return VG_ACTION_NIL;
    r->rng ^= r->rng << 13, r->rng ^= r->rng >> 7, r->rng ^= r->rng << 17;   /* xorshift64 */
    return acts[r->rng % (uint64_t)n];
}

const agent_def agent_random = {"random", "uniformly random available action", NULL, 0,
                                random_create, random_act, free};
