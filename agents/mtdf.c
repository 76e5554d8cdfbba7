/* SPDX-License-Identifier: MIT
 *
 * mtdf.c -- MTD(f) with iterative deepening and a transposition table
 * (see mtdf.h), after the course report's MTDDecider: each iteration
 * starts from the last one's value as its first guess (tt_mtd, the driver
 * the exact solver uses too); each pass is a
 * fail-soft negamax alpha-beta search with the window (beta - 1, beta)
 * that stores a lower or an upper bound per position, which later passes
 * and iterations reuse. The root takes no cut-off from the table, so the
 * move that last failed high is a best move of the iteration.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "mtdf.h"
#include "ttable.h"

#define INF TT_INF

struct mtdf {
    const vg_game *g;
    mtdf_opts o;
    ttable tt;
    vg_state **stack;
    int nstack;
    fm *f;
    int budgeted, aborted;
    long nodes;
    int root_best;
    int depth; /* of the iteration in progress */
    const vg_state *root;
    mtdf_result *r;
};

mtdf *mtdf_new(const vg_game *g, const mtdf_opts *o) {
    mtdf *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->g = g;
    m->o = *o;
    if (m->o.depth < 1) m->o.depth = 1;
    if (!tt_init(&m->tt, o->tt_bits)) {
        free(m);
        return NULL;
    }
    return m;
}

void mtdf_clear(mtdf *m) { tt_clear(&m->tt); }

static void free_stack(mtdf *m) {
    for (int k = 0; k < m->nstack; k++) vg_state_free(m->stack[k]);
    free(m->stack);
    m->stack = NULL;
    m->nstack = 0;
}

void mtdf_free(mtdf *m) {
    if (!m) return;
    free_stack(m);
    tt_free(&m->tt);
    free(m);
}

/* Keeps an error of the search's own in the fm; the search stops. */
static void error(mtdf *m, vg_status st, const char *msg) {
    fm_failf(m->f, st, "%s", msg);
    m->aborted = 1;
}

static int sign(int who) { return who == 0 ? 1 : -1; }

/* A leaf's value for the agent to move in it. */
static int leaf(mtdf *m, const vg_state *s) {
    double v;
    v = m->o.eval ? fm_evaluate(m->f, s) : vg_score(s);
    if (m->f->status != VG_OK) m->aborted = 1;
    if (vg_winner_of(s) == VG_PLAYER_WINS) v += m->o.win_bonus;
    else if (vg_winner_of(s) == VG_PLAYER_LOSES) v -= m->o.win_bonus;
    if (!(v > -INF / 2)) v = -INF / 2; /* also NaN */
    if (v > INF / 2) v = INF / 2;
    return sign(vg_turn(s)) * (int)lround(v);
}

static int search(mtdf *m, const vg_state *s, int level, int depth, int alpha, int beta) {
    if (m->aborted) return 0;
    int who = vg_turn(s);
    if (vg_is_over(s) || (who == 0 && depth <= 0)) return leaf(m, s);
    if ((++m->nodes & 15) == 0 && m->budgeted && fm_spent(m->f)) {
        m->aborted = 1;
        return 0;
    }
    uint64_t key = exact_key(s);
    int first, v;
    if (tt_probe(&m->tt, key, depth, level > 0, &alpha, &beta, &v, &first)) return v;
    if (vg_is_chance(m->g, who)) {
        error(m, VG_ERR_ARG, "mtdf does not play games with chance agents (use expectimax)");
        return 0;
    }
    int moves[VG_MAX_MOVES];
    int n = fm_legal(m->f, s, moves);
    if (n == 0) {
        if (m->f->status != VG_OK) m->aborted = 1;
        return leaf(m, s);
    }
    tt_first(moves, n, first);
    if (level + 1 >= m->nstack) {
        error(m, VG_ERR_LIMIT, "search deeper than its stack");
        return 0;
    }
    vg_state *child = m->stack[level + 1];
    int best = -INF, best_move = moves[0], a = alpha;
    for (int k = 0; k < n; k++) {
        if (m->budgeted && !fm_room(m->f, FM_CHILD)) { /* never past a call budget */
            m->aborted = 1;
            return 0;
        }
        fm_copy(m->f, child, s);
        if (fm_play(m->f, child, moves[k]) != VG_OK) {
            m->aborted = 1;
            return 0;
        }
        int cw = vg_turn(child), cd = cw == 0 ? depth - 1 : depth;
        v = sign(cw) == sign(who) ? search(m, child, level + 1, cd, a, beta)
                                  : -search(m, child, level + 1, cd, -beta, -a);
        if (m->aborted) return 0;
        if (v > best) {
            best = v;
            best_move = moves[k];
            if (best > a) a = best;
            if (a >= beta) break;
        }
    }
    if (level == 0 && best >= beta) m->root_best = best_move;
    tt_store(&m->tt, key, depth, alpha, beta, best, best_move);
    return best;
}

/* tt_mtd's search: a null window at the root, to the iteration's depth. */
static int root_search(void *ud, int alpha, int beta) {
    mtdf *m = ud;
    return search(m, m->root, 0, m->depth, alpha, beta);
}

/* One MTD(f) iteration to 'depth' from 'guess'; the value for the agent to move. */
static int mtd(mtdf *m, const vg_state *s, int depth, int guess) {
    m->root_best = -1;
    m->root = s;
    m->depth = depth;
    return tt_mtd(root_search, m, guess, &m->aborted, &m->r->passes);
}

int mtdf_search(mtdf *m, const vg_state *s, fm *f, mtdf_result *r) {
    memset(r, 0, sizeof *r);
    r->move = -1;
    m->r = r;
    m->f = f;
    m->nodes = 0;
    m->aborted = 0;
    m->budgeted = f->max_calls > 0 || f->deadline > 0;
    if (vg_is_over(s)) return -1;
    int who = vg_turn(s), moves[VG_MAX_MOVES];
    if (vg_is_chance(m->g, who)) error(m, VG_ERR_ARG, "mtdf does not play games with chance agents (use expectimax)");
    if (vg_is_chance(m->g, who) || fm_legal(f, s, moves) == 0) return -1;
    int need = m->o.depth * vg_num_agents(m->g, s) + 2;
    if (need > m->nstack) {
        free_stack(m);
        m->stack = calloc((size_t)need, sizeof *m->stack);
        for (int k = 0; m->stack && k < need; k++, m->nstack++)
            if (!(m->stack[k] = vg_state_new(m->g, 0))) break;
        if (!m->stack || m->nstack < need) {
            error(m, VG_ERR_NOMEM, "out of memory");
            return -1;
        }
    }
    int guess = 0;
    for (int d = 1; d <= m->o.depth; d++) {
        int v = mtd(m, s, d, guess);
        if (m->aborted) {
            if (d == 1 && f->status == VG_OK) { /* nothing finished: the best so far */
                const tt_entry *e = tt_find(&m->tt, exact_key(s));
                r->move = m->root_best >= 0 ? m->root_best : e && e->move ? e->move - 1 : moves[0];
            }
            break;
        }
        guess = v;
        r->move = m->root_best;
        if (r->move < 0) {
            const tt_entry *e = tt_find(&m->tt, exact_key(s));
            r->move = e && e->move ? e->move - 1 : moves[0];
        }
        r->value = sign(who) * v;
        r->depth = d;
    }
    r->nodes = m->nodes;
    return r->move;
}

/* ---- The agent ---------------------------------------------------------- */

static const agent_param mtdf_params[] = {
    {"depth", 4, "plies of the last iteration (one ply: every agent moves once)"},
    {"eval", 1, "1: value leaves with the game's evaluate(state); 0: with the score"},
    {"win", 0, "added to the value of a won leaf, taken from a lost one"},
    {"tt_bits", 20, "transposition table of 2^tt_bits entries (24 bytes each)"},
};

static void *mtdf_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    mtdf_opts o = {.depth = p[0] < 1 ? 1 : (int)p[0], .eval = p[1] != 0, .win_bonus = p[2], .tt_bits = (int)p[3]};
    return mtdf_new(g, &o);
}

/* The move; its value in f->value, for the agent to move (agent.h;
 * mtdf_result's is agent 0's). */
static int mtdf_act(void *self, fm *f, const vg_state *s) {
    mtdf *m = self;
    mtdf_result r;
    int move = mtdf_search(m, s, f, &r);
    f->expanded += r.nodes;
    f->value = vg_turn(s) == 0 ? r.value : 0.0 - r.value; /* 0 - v: no -0 */
    f->has_value = r.depth > 0;
    return move;
}

static void mtdf_agent_free(void *self) { mtdf_free(self); }

const agent_def agent_mtdf = {
    "mtdf",         "MTD(f): null-window alpha-beta over a transposition table, iterative deepening",
    mtdf_params,    4,
    mtdf_create,    mtdf_act,
    mtdf_agent_free};
