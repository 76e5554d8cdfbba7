/* SPDX-License-Identifier: MIT
 *
 * mtdf.c -- MTD(f) with iterative deepening and a transposition table
 * (see mtdf.h), after the course report's MTDDecider: each iteration
 * starts from the last one's value as its first guess; each pass is a
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

#define INF (INT_MAX / 4)

typedef struct entry {
    uint64_t key;
    int32_t lo, hi;          /* the value searched to 'depth' plies is in [lo, hi] */
    int16_t depth;
    uint8_t move;            /* best move + 1, 0: none */
    uint8_t pad;
} entry;

struct mtdf {
    const vg_game *g;
    mtdf_opts o;
    entry *tt;
    uint64_t mask;
    vg_state **stack;
    int nstack;
    fm *f;
    int budgeted, aborted;
    long nodes;
    int root_best;
    mtdf_result *r;
};

mtdf *mtdf_new(const vg_game *g, const mtdf_opts *o) {
    mtdf *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->g = g;
    m->o = *o;
    if (m->o.depth < 1) m->o.depth = 1;
    int bits = o->tt_bits > 0 ? o->tt_bits : 20;
    if (bits > 30) bits = 30;
    m->mask = ((uint64_t)1 << bits) - 1;
    m->tt = calloc((size_t)1 << bits, sizeof *m->tt);
    if (!m->tt) {
        free(m);
        return NULL;
    }
    return m;
}

void mtdf_clear(mtdf *m) { memset(m->tt, 0, (size_t)(m->mask + 1) * sizeof *m->tt); }

static void free_stack(mtdf *m) {
    for (int k = 0; k < m->nstack; k++) vg_state_free(m->stack[k]);
    free(m->stack);
    m->stack = NULL;
    m->nstack = 0;
}

void mtdf_free(mtdf *m) {
    if (!m) return;
    free_stack(m);
    free(m->tt);
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
    if (!(v > -INF / 2)) v = -INF / 2;      /* also NaN */
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
    entry *e = &m->tt[key & m->mask];
    int first = -1;
    if (e->key == key) {
        if (level > 0 && e->depth >= depth) {
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
        }
        first = e->move - 1;
    }
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
    if (first >= 0)
        for (int k = 1; k < n; k++)
            if (moves[k] == first) {
                memmove(moves + 1, moves, (size_t)k * sizeof *moves);
                moves[0] = first;
                break;
            }
    if (level + 1 >= m->nstack) {
        error(m, VG_ERR_LIMIT, "search deeper than its stack");
        return 0;
    }
    vg_state *child = m->stack[level + 1];
    int best = -INF, best_move = moves[0], a = alpha;
    for (int k = 0; k < n; k++) {
        fm_copy(m->f, child, s);
        if (fm_play(m->f, child, moves[k]) != VG_OK) {
            m->aborted = 1;
            return 0;
        }
        int cw = vg_turn(child), cd = cw == 0 ? depth - 1 : depth;
        int v = sign(cw) == sign(who) ? search(m, child, level + 1, cd, a, beta)
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
    e = &m->tt[key & m->mask];
    if (e->key != key || e->depth != depth) {          /* a new entry, or one for another depth */
        if (e->key == key && e->depth > depth) goto keep;  /* keep the deeper bounds */
        e->key = key;
        e->depth = (int16_t)depth;
        e->lo = -INF;
        e->hi = INF;
    }
    if (best <= alpha) {
        if (best < e->hi) e->hi = best;
    } else if (best >= beta) {
        if (best > e->lo) e->lo = best;
    } else {
        e->lo = e->hi = best;
    }
    if (e->lo > e->hi) e->lo = e->hi = best;
keep:
    e->move = (uint8_t)(best_move + 1);
    return best;
}

/* One MTD(f) iteration to 'depth' from 'guess'; the value for the agent to move. */
static int mtd(mtdf *m, const vg_state *s, int depth, int guess) {
    int lo = -INF, hi = INF, g = guess;
    m->root_best = -1;
    while (lo < hi && !m->aborted) {
        int beta = g == lo ? g + 1 : g;
        m->r->passes++;
        g = search(m, s, 0, depth, beta - 1, beta);
        if (m->aborted) break;
        if (g < beta) hi = g;
        else lo = g;
    }
    return g;
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
            if (d == 1 && f->status == VG_OK) {                 /* nothing finished: the best so far */
                uint64_t key = exact_key(s);
                entry *e = &m->tt[key & m->mask];
                r->move = m->root_best >= 0 ? m->root_best : e->key == key && e->move ? e->move - 1 : moves[0];
            }
            break;
        }
        guess = v;
        r->move = m->root_best;
        if (r->move < 0) {
            uint64_t key = exact_key(s);
            entry *e = &m->tt[key & m->mask];
            r->move = e->key == key && e->move ? e->move - 1 : moves[0];
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
    f->value = vg_turn(s) == 0 ? r.value : 0.0 - r.value;   /* 0 - v: no -0 */
    f->has_value = r.depth > 0;
    return move;
}

static void mtdf_agent_free(void *self) { mtdf_free(self); }

const agent_def agent_mtdf = {"mtdf", "MTD(f): null-window alpha-beta over a transposition table, iterative deepening",
                              mtdf_params, 4, mtdf_create, mtdf_act, mtdf_agent_free};
