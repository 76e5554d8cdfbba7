/* SPDX-License-Identifier: MIT
 *
 * onestep.c -- one-step lookahead: tries every action once and keeps the
 * best resulting heuristic (the score when the game has none); a win is
 * best of all and a loss worst. Ties go to the first action in order. In
 * a game with turns where the agent to move has no moves named like
 * actions (board games, or any agent but 0), it tries every legal move of
 * the agent to move (fm_play) instead: agent 0 takes the
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
static double outcome_value(fm *f, const vg_state *s) {
    double v = fm_heuristic(f, s);
    if (fm_winner(f, s) == VG_PLAYER_WINS) v += 1e7;
    if (fm_winner(f, s) == VG_PLAYER_LOSES) v -= 1e7;
    return v;
}

/* Tries each of the 'n' moves from 's', played in rounds ('rounds':
 * fm_advance, agent 0's actions) or one at a time (fm_play, the agent to
 * move's moves), and keeps the best for the side to move: agent 0 takes
 * the highest value, any other agent the lowest. It tries as many as the
 * budget allows (each costs a copy and a move), the first move when it
 * allows none. */
static int onestep_act(void *self, fm *f, const vg_state *s) {
    onestep *o = self;
    int moves[VG_MAX_MOVES], who = vg_turn(s), rounds = 1, n = 0, best = -1;
    vg_action acts[VG_MAX_ACTIONS];
    if (who == 0) n = fm_actions(f, s, acts);
    for (int k = 0; k < n; k++) moves[k] = (int)acts[k];
    if (n == 0 && vg_game_has_turns(o->g)) n = fm_legal(f, s, moves), rounds = 0;
    double best_v = 0;
    for (int k = 0; k < n && !fm_spent_for(f, FM_CHILD); k++) {
        fm_copy(f, o->child, s);
        if (rounds) fm_advance(f, o->child, (vg_action)moves[k]);
        else fm_play(f, o->child, moves[k]);
        f->expanded++;
        double v = outcome_value(f, o->child);
        if (best < 0 || (who == 0 ? v > best_v : v < best_v)) best_v = v, best = k;
    }
    if (best >= 0) {
        f->value = who == 0 ? best_v : 0.0 - best_v; /* for the agent to move (agent.h) */
        f->has_value = 1;
    } else if (n == 0 || f->status != VG_OK) {
        return -1;
    } else {
        best = 0; /* the budget allowed none */
    }
    return rounds ? fm_action_move(f, acts[best]) : moves[best];
}

static void onestep_free(void *self) {
    onestep *o = self;
    if (!o) return;
    vg_state_free(o->child);
    free(o);
}

const agent_def agent_onestep = {
    "onestep", "one-step lookahead on the heuristic (or score)", NULL, 0, onestep_create, onestep_act, onestep_free};
