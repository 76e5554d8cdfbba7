/* SPDX-License-Identifier: MIT
 *
 * onestep.c -- one-step lookahead: tries every action once and keeps the
 * best resulting heuristic (the score when the game has none); a win is
 * best of all and a loss worst. Ties go to the first action in order. In
 * a game with turns where the agent to move has no moves named like
 * actions (board games, or any agent but 0), it tries every legal move of
 * the agent to move (vg_play) instead, in f->move: agent 0 takes the
 * highest value, any other agent the lowest (two sides, agent 0 against
 * the rest, as in adversarial.h), and reports minus it as its value.
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

/* The best legal move of the agent to move, for its side. */
static vg_action onestep_move(onestep *o, fm *f, const vg_state *s) {
    int who = vg_turn(s), moves[VG_MAX_MOVES], n = vg_legal(o->g, s, who, moves, NULL), best = -1;
    double best_v = 0;
    for (int k = 0; k < n; k++) {
        fm_copy(f, o->child, s);
        f->calls++;                                  /* the vg_play */
        vg_play(o->g, o->child, who, moves[k], NULL);
        f->expanded++;
        double v = outcome_value(o->g, o->child);
        if (best < 0 || (who == 0 ? v > best_v : v < best_v)) best_v = v, best = moves[k];
    }
    f->value = who == 0 ? best_v : 0.0 - best_v;          /* for the agent to move (agent.h) */
    f->has_value = f->has_move = best >= 0;
    f->move = best;
    vg_action act;
    return best >= 0 && vg_action_parse(vg_move_name(o->g, best), &act) ? act : VG_ACTION_NIL;
}

static vg_action onestep_act(void *self, fm *f, const vg_state *s) {
    onestep *o = self;
    vg_action acts[VG_MAX_ACTIONS], best = VG_ACTION_NIL;
    int n = vg_turn(s) == 0 ? vg_actions(o->g, s, acts) : 0;
    if (n == 0 && vg_game_has_turns(o->g)) return onestep_move(o, f, s);
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
