/* SPDX-License-Identifier: MIT
 *
 * random.c -- picks an available action uniformly at random (its own RNG,
 * seeded at creation, so a run is repeatable). In a game with turns where
 * the agent to move has no moves named like actions (board games, or any
 * agent but 0), a legal move of the agent to move.
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

static uint64_t next(random_agent *r) { /* xorshift64 */
    r->rng ^= r->rng << 13, r->rng ^= r->rng >> 7, r->rng ^= r->rng << 17;
    return r->rng;
}

/* An available action, or (in a game with turns where the agent to move
 * has none: board games, or any agent but 0) a legal move of the agent to
 * move, uniformly; -1 when there is none. */
static int random_act(void *self, fm *f, const vg_state *s) {
    random_agent *r = self;
    vg_action acts[VG_MAX_ACTIONS];
    int n = vg_turn(s) == 0 ? fm_actions(f, s, acts) : 0;
    if (n > 0) return fm_action_move(f, acts[next(r) % (uint64_t)n]);
    int moves[VG_MAX_MOVES];
    n = vg_game_has_turns(r->g) ? fm_legal(f, s, moves) : 0;
    return n > 0 ? moves[next(r) % (uint64_t)n] : -1;
}

const agent_def agent_random = {"random", "uniformly random available action", NULL, 0, random_create, random_act,
                                free};
