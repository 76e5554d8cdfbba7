/* SPDX-License-Identifier: MIT
 *
 * fm.c -- the forward model as agents see it (agent.h): the calls that
 * are not inline there, the first error kept and the budget.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "agent.h"

vg_status fm_fail(fm *f, vg_status st, const vg_error *err) {
    if (f->status == VG_OK && st != VG_OK) {
        f->status = st;
        f->error = *err;
    }
    return st;
}

vg_status fm_failf(fm *f, vg_status st, const char *fmt, ...) {
    vg_error err;
    memset(&err, 0, sizeof err);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err.msg, sizeof err.msg, fmt, ap);
    va_end(ap);
    return fm_fail(f, st, &err);
}

static const char *const model_names[FM_NUM_MODELS] = {"random", "nil"};
const char *fm_model_name(int model) { return model >= 0 && model < FM_NUM_MODELS ? model_names[model] : "?"; }
int fm_model_find(const char *name) {
    for (int k = 0; k < FM_NUM_MODELS; k++)
        if (strcmp(model_names[k], name) == 0) return k;
    return -1;
}

/* The opponent model's next draw in [0, n): splitmix64. */
static int draw(fm *f, int n) {
    uint64_t z = (f->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (int)((z ^ (z >> 31)) % (uint64_t)n);
}

vg_status fm_tick(fm *f, vg_state *s, vg_action a, vg_error *err) {
    vg_action acts[VG_MAX_PLAYERS], mine[VG_MAX_ACTIONS];
    for (int p = 0; p < f->players; p++) {
        int n = p == f->player || f->model == FM_MODEL_NIL ? 0 : vg_player_actions(f->g, s, p, mine);
        acts[p] = p == f->player ? a : n ? mine[draw(f, n)] : VG_ACTION_NIL;
    }
    return vg_advance_multi(f->g, s, acts, err);
}

int fm_legal(fm *f, const vg_state *s, int moves[VG_MAX_MOVES]) {
    if (!vg_game_has_turns(f->g)) {
        vg_action acts[VG_MAX_ACTIONS];
        int n = fm_actions(f, s, acts);
        for (int k = 0; k < n; k++) moves[k] = (int)acts[k];
        return n;
    }
    vg_error err;
    err.msg[0] = '\0';
    fm_script(f);
    int n = vg_legal(f->g, s, vg_turn(s), moves, &err);
    if (n == 0 && err.msg[0]) fm_fail(f, VG_ERR_SCRIPT, &err);
    return n;
}

int fm_moves(fm *f, const vg_state *s, int moves[VG_MAX_MOVES], double probs[VG_MAX_MOVES], int *chance) {
    *chance = vg_game_has_turns(f->g) && vg_is_chance(f->g, vg_turn(s));
    if (!*chance) return fm_legal(f, s, moves);
    vg_error err;
    err.msg[0] = '\0';
    fm_script(f);
    int n = vg_outcomes(f->g, s, vg_turn(s), moves, probs, &err);
    if (n == 0 && err.msg[0]) fm_fail(f, VG_ERR_SCRIPT, &err);
    return n;
}

/* vg_heuristic or vg_evaluate ('which'), its error kept. */
static double hook(fm *f, const vg_state *s, double (*which)(const vg_game *, const vg_state *, vg_error *)) {
    vg_error err;
    err.msg[0] = '\0';
    fm_script(f);
    double v = which(f->g, s, &err);
    if (err.msg[0]) fm_fail(f, VG_ERR_SCRIPT, &err);
    return v;
}

/* The game's heuristic is player 0's: another player's is its score. */
double fm_heuristic(fm *f, const vg_state *s) { return f->player ? fm_score(f, s) : hook(f, s, vg_heuristic); }
double fm_evaluate(fm *f, const vg_state *s) { return hook(f, s, vg_evaluate); }

int fm_bound(fm *f, const vg_state *s) {
    vg_error err;
    err.msg[0] = '\0';
    fm_script(f);
    int h = vg_bound(f->g, s, &err);
    if (err.msg[0]) fm_fail(f, VG_ERR_SCRIPT, &err);
    return h;
}

int fm_room(const fm *f, long n) { return f->status == VG_OK && (!f->max_calls || f->calls + n <= f->max_calls); }

int fm_spent_for(const fm *f, long n) { return !fm_room(f, n) || (f->deadline > 0 && fm_now() >= f->deadline); }

int fm_spent(const fm *f) { return fm_spent_for(f, 1); }
