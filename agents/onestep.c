/* SPDX-License-Identifier: MIT
 *
 * onestep.c -- one-step lookahead: tries every action once and keeps the
 * best resulting heuristic (the score when the game has none); a win is
 * best of all and a loss worst. Ties go to the first action in order.
 */
#include <stdlib.h>

#include "agent.h"

typedef struct onestep {
    const vg_game *g;
    vg_state *child;
} onestep;

static void *onestep_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)p, (void)seed;
    onestep *o = malloc(sizeof *o);
    if (!o) return NULL;
    o->g = g;
    o->child = vg_state_new(g, 0);
    if (!o->child) {
        free(o);
        return NULL;
    }
    return o;
}

/* A leaf's value: the heuristic, moved far up or down by the outcome. */
static double outcome_value(const vg_game *g, const vg_state *s) {
    double v = vg_heuristic(g, s, NULL);
    if (vg_winner_of(s) == VG_PLAYER_WINS) v += 1e7;
    if (vg_winner_of(s) == VG_PLAYER_LOSES) v -= 1e7;
    return v;
}

static vg_action onestep_act(void *self, fm *f, const vg_state *s) {
    onestep *o = self;
    vg_action acts[VG_MAX_ACTIONS], best = VG_ACTION_NIL;
    int n = vg_actions(o->g, s, acts);
    double best_v = 0;
    for (int k = 0; k < n; k++) {
        fm_copy(f, o->child, s);
        fm_advance(f, o->child, acts[k]);
        f->expanded++;
        double v = outcome_value(o->g, o->child);
        if (k == 0 || v > best_v) best_v = v, best = acts[k];
    }
    f->value = best_v;
    f->has_value = n > 0;
    return best;
}

static void onestep_free(void *self) {
    onestep *o = self;
    if (!o) return;
    vg_state_free(o->child);
    free(o);
}

const agent_def agent_onestep = {"onestep", "one-step lookahead on the heuristic (or score)", NULL, 0,
                                 onestep_create, onestep_act, onestep_free};
