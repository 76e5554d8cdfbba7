/* SPDX-License-Identifier: MIT
 *
 * random.c -- picks an available action uniformly at random (its own RNG,
 * seeded at creation, so a run is repeatable). In a game with turns where
 * the agent to move has no moves named like actions (board games, or any
 * agent but 0), a legal move of the agent to move, in f->move.
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

static uint64_t next(random_agent *r) {   /* xorshift64 */
    r->rng ^= r->rng << 13, r->rng ^= r->rng >> 7, r->rng ^= r->rng << 17;
    return r->rng;
}

/* A legal move of the agent to move, uniformly. */
static vg_action random_move(random_agent *r, fm *f, const vg_state *s) {
    int moves[VG_MAX_MOVES], n = vg_legal(r->g, s, vg_turn(s), moves, NULL);
    vg_action act;
    if (n == 0) return VG_ACTION_NIL;
    f->move = moves[next(r) % (uint64_t)n];
    f->has_move = 1;
    return vg_action_parse(vg_move_name(r->g, f->move), &act) ? act : VG_ACTION_NIL;
}

static vg_action random_act(void *self, fm *f, const vg_state *s) {
    random_agent *r = self;
    vg_action acts[VG_MAX_ACTIONS];
    int n = vg_turn(s) == 0 ? vg_actions(r->g, s, acts) : 0;
    if (n == 0 && vg_game_has_turns(r->g)) return random_move(r, f, s);
    if (n == 0) return VG_ACTION_NIL;
    return acts[next(r) % (uint64_t)n];
}

const agent_def agent_random = {"random", "uniformly random available action", NULL, 0,
                                random_create, random_act, free};
