/* SPDX-License-Identifier: MIT
 *
 * solve.c -- the "solve" agent: the exact value and a best move of a
 * two-sided game, each decision solved to the end by exact.h's solver
 * (its transposition table kept between decisions). Not the level
 * solver ('vgdl solve', the shortest win of a one-player level:
 * solve_level.h).
 */
#include <stdlib.h>

#include "exact.h"

static const agent_param solve_params[] = {
    {"tt_bits", 20, "transposition table of 2^tt_bits entries (24 bytes each)"},
    {"anytime", 0, "1: give up when the decision's budget is spent (no value then); 0: always solve to the end"},
};

typedef struct solve_agent {
    const vg_game *g;
    exact_solver *x;
    int anytime;
} solve_agent;

static void solve_free(void *self) {
    solve_agent *a = self;
    if (!a) return;
    exact_free(a->x);
    free(a);
}

static void *solve_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    solve_agent *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    exact_opts o = {.tt_bits = (int)p[0], .budgeted = p[1] != 0};
    a->g = g;
    a->anytime = p[1] != 0;
    a->x = exact_new(g, &o);
    if (!a->x) {
        free(a);
        return NULL;
    }
    return a;
}

/* The best move; the value, for the agent to move, in f->value. Without
 * 'anytime' the solve ignores the decision's budget (its calls are
 * counted all the same). */
static int solve_act(void *self, fm *f, const vg_state *s) {
    solve_agent *a = self;
    exact_result r;
    exact_solve(a->x, f, s, &r);
    f->expanded += r.nodes;
    f->has_value = r.solved;
    f->value = r.value;
    return r.move;
}

const agent_def agent_solve = {
    "solve",      "exact solver for two-sided games: alpha-beta to the end with a transposition table",
    solve_params, 2,
    solve_create, solve_act,
    solve_free};
