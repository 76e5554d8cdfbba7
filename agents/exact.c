/* SPDX-License-Identifier: MIT
 *
 * exact.c -- see exact.h: the exact solver (agent "solve"), perft, move
 * lists and the position key.
 *
 * The solver is negamax with alpha-beta pruning (fail-soft) over the
 * forward model, to the end of the game, with a transposition table of
 * bounds keyed by exact_key. Children are tried in the game's legal
 * order (the scripts list good moves first: Connect Four's centre
 * columns, Othello's corners), the table's best move first. By default
 * the root is searched MTD(f)-style: a sequence of null-window searches
 * (beta - 1, beta) that narrows [lower, upper] to the value, each search
 * reusing the bounds the table kept from the last. The root never takes
 * a cut-off from the table, so the move that last failed high is a best
 * move.
 *
 * Two sides: agent 0 against every other agent. A child whose agent to
 * move is on the same side as its parent's keeps the window (no sign
 * change), so games where a side moves twice in a row also work.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"

/* ---- Position key ------------------------------------------------------ */

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t exact_key(const vg_state *s) {
    uint64_t h = vg_state_hash(s) ^ mix64((uint64_t)vg_turn(s) + 0x2545f4914f6cdd1dULL);
    for (int v = 0; v < 16; v++) {
        int x = vg_var(s, v);
        if (x) h ^= mix64((uint64_t)(uint32_t)x ^ ((uint64_t)(v + 1) << 40));
    }
    return h;
}

/* ---- States by depth --------------------------------------------------- */

typedef struct stack {
    const vg_game *g;
    vg_state **at;
    int n, cap;
} stack;

/* The state at 'level' (allocated on first use); NULL when out of memory. */
static vg_state *stack_at(stack *st, int level) {
    if (level >= st->cap) {
        int cap = st->cap ? st->cap * 2 : 64;
        while (cap <= level) cap *= 2;
        vg_state **na = realloc(st->at, (size_t)cap * sizeof *na);
        if (!na) return NULL;
        memset(na + st->cap, 0, (size_t)(cap - st->cap) * sizeof *na);
        st->at = na;
        st->cap = cap;
    }
    if (!st->at[level]) st->at[level] = vg_state_new(st->g, 0);
    return st->at[level];
}

static void stack_free(stack *st) {
    for (int k = 0; k < st->cap; k++) vg_state_free(st->at[k]);
    free(st->at);
    st->at = NULL;
    st->cap = 0;
}

/* ---- Move lists -------------------------------------------------------- */

int exact_replay(const vg_game *g, vg_state *s, const char *text, char *why, size_t whysize) {
    int played = 0;
    const char *p = text;
    fm f = {.g = g};
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == ';' || *p == '\t' || *p == '\n') p++;
        if (!*p) return played;
        if (vg_is_over(s)) {
            snprintf(why, whysize, "move %d ('%.16s'): the game is already over", played + 1, p);
            return -1;
        }
        int who = vg_turn(s), moves[VG_MAX_MOVES], chance;
        double probs[VG_MAX_MOVES];
        int n = fm_moves(&f, s, moves, probs, &chance);
        if (f.status != VG_OK) {
            snprintf(why, whysize, "move %d: %s", played + 1, f.error.msg);
            return -1;
        }
        int pick = -1;
        size_t best = 0;
        for (int k = 0; k < n; k++) {
            const char *name = vg_move_name(g, moves[k]);
            size_t len = strlen(name), i = 0;
            while (i < len && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)name[i])) i++;
            if (i == len && len > best) best = len, pick = moves[k];
        }
        if (pick < 0) {
            size_t tok = strcspn(p, " ,;\t\n");
            int known = 0;
            for (int m = 0; vg_move_name(g, m); m++) {
                const char *name = vg_move_name(g, m);
                size_t len = strlen(name), i = 0;
                while (i < len && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)name[i])) i++;
                known |= i == len;
            }
            snprintf(why, whysize, "move %d ('%.*s'): %s for agent %d here", played + 1, (int)(tok > 16 ? 16 : tok), p,
                     known ? "not legal" : "no such move", who);
            return -1;
        }
        if (fm_play(&f, s, pick) != VG_OK) {
            snprintf(why, whysize, "move %d (%s): %s", played + 1, vg_move_name(g, pick), f.error.msg);
            return -1;
        }
        played++;
        p += best;
    }
}

/* ---- Perft ------------------------------------------------------------- */

typedef struct perft_ctx {
    const vg_game *g;
    fm f;
    stack st;
    int depth;
    uint64_t *seq, *ended;
    long plays;
    int failed;
    char *why;
    size_t whysize;
} perft_ctx;

static void perft_node(perft_ctx *c, const vg_state *s, int ply) {
    if (c->failed) return;
    if (vg_is_over(s)) {
        c->ended[ply]++;
        return;
    }
    if (ply == c->depth) return;
    int moves[VG_MAX_MOVES], chance;
    double probs[VG_MAX_MOVES];
    int n = fm_moves(&c->f, s, moves, probs, &chance);
    if (n == 0) {
        if (c->f.status != VG_OK) {
            snprintf(c->why, c->whysize, "%s", c->f.error.msg);
            c->failed = 1;
        } else {
            c->ended[ply]++;      /* nobody can move: the game is over in all but name */
        }
        return;
    }
    vg_state *child = stack_at(&c->st, ply + 1);
    if (!child) {
        snprintf(c->why, c->whysize, "out of memory");
        c->failed = 1;
        return;
    }
    c->seq[ply + 1] += (uint64_t)n;
    for (int k = 0; k < n && !c->failed; k++) {
        fm_copy(&c->f, child, s);
        c->plays++;
        if (fm_play(&c->f, child, moves[k]) != VG_OK) {
            snprintf(c->why, c->whysize, "%s", c->f.error.msg);
            c->failed = 1;
            return;
        }
        perft_node(c, child, ply + 1);
    }
}

long exact_perft(const vg_game *g, const vg_state *s, int depth, uint64_t *seq, uint64_t *leaves, char *why,
                 size_t whysize) {
    uint64_t *ended = calloc((size_t)depth + 2, sizeof *ended);
    perft_ctx c = {.g = g, .f = {.g = g}, .st = {.g = g}, .depth = depth, .seq = seq, .ended = ended, .why = why, .whysize = whysize};
    memset(seq, 0, ((size_t)depth + 1) * sizeof *seq);
    if (!ended) {
        snprintf(why, whysize, "out of memory");
        return -1;
    }
    seq[0] = 1;
    perft_node(&c, s, 0);
    uint64_t before = 0;
    for (int d = 0; d <= depth; d++) {
        leaves[d] = seq[d] + before;
        before += ended[d];
    }
    stack_free(&c.st);
    free(ended);
    return c.failed ? -1 : c.plays;
}

/* ---- Solver ------------------------------------------------------------ */

#define INF (INT_MAX / 4)

typedef struct tt_entry {
    uint64_t key;
    int32_t lo, hi;      /* the value is in [lo, hi] */
} tt_entry;

struct exact_solver {
    const vg_game *g;
    exact_opts o;
    tt_entry *tt;
    uint8_t *tt_move;    /* best move + 1, 0: none */
    uint64_t mask;
    stack st;
    uint64_t *path;      /* keys of the positions on the line being searched */
    int npath;
    long nodes;
    int aborted, failed;
    int root_best;
    fm *f;               /* of the solve in progress: calls, the budget when 'budgeted', errors */
};

exact_solver *exact_new(const vg_game *g, const exact_opts *o) {
    exact_solver *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->g = g;
    if (o) x->o = *o;
    int bits = x->o.tt_bits > 0 ? x->o.tt_bits : 20;
    if (bits > 30) bits = 30;
    x->mask = ((uint64_t)1 << bits) - 1;
    x->tt = calloc((size_t)1 << bits, sizeof *x->tt);
    x->tt_move = calloc((size_t)1 << bits, 1);
    x->st.g = g;
    if (!x->tt || !x->tt_move) {
        exact_free(x);
        return NULL;
    }
    return x;
}

void exact_free(exact_solver *x) {
    if (!x) return;
    stack_free(&x->st);
    free(x->path);
    free(x->tt);
    free(x->tt_move);
    free(x);
}

static int side(int who) { return who == 0 ? 0 : 1; }

/* A finished game's value for the agent to move in it. */
static int final_value(const vg_state *s) {
    double v = vg_score(s);
    long r = v >= 0 ? (long)(v + 0.5) : -(long)(-v + 0.5);
    if (r > INF / 2) r = INF / 2;
    if (r < -INF / 2) r = -INF / 2;
    return side(vg_turn(s)) == 0 ? (int)r : -(int)r;
}

/* Keeps an error of the solver's own in the fm; the search stops. */
static void fail(exact_solver *x, vg_status st, const char *msg) {
    fm_failf(x->f, st, "%s", msg);
    x->failed = 1;
    x->aborted = 1;
}

static int node(exact_solver *x, const vg_state *s, int level, int alpha, int beta) {
    if (x->aborted) return 0;
    if (vg_is_over(s)) return final_value(s);
    if ((++x->nodes & 63) == 0 && x->o.budgeted && fm_spent(x->f)) {
        x->aborted = 1;
        return 0;
    }
    uint64_t key = exact_key(s);
    /* A position already on this line (a game that can go round in
     * circles): valued by its score, as if the game ended there. */
    if (level >= x->npath) {
        int cap = x->npath ? 2 * x->npath : 128;
        while (cap <= level) cap *= 2;
        uint64_t *np = realloc(x->path, (size_t)cap * sizeof *np);
        if (!np) {
            fail(x, VG_ERR_NOMEM, "out of memory");
            return 0;
        }
        x->path = np;
        x->npath = cap;
    }
    x->path[level] = key;
    for (int l = level - 1; l >= 0; l--)
        if (x->path[l] == key) return final_value(s);
    size_t slot = (size_t)(key & x->mask);
    tt_entry *e = &x->tt[slot];
    int first = -1;
    if (e->key == key) {
        if (level > 0) {
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
        }
        first = x->tt_move[slot] - 1;
    }
    int who = vg_turn(s), moves[VG_MAX_MOVES];
    if (vg_is_chance(x->g, who)) {
        fail(x, VG_ERR_ARG, "the exact solver does not play games with chance agents");
        return 0;
    }
    int n = fm_legal(x->f, s, moves);
    if (n == 0) {
        if (x->f->status != VG_OK) x->failed = x->aborted = 1;
        return final_value(s);   /* nobody can move: take the score as it is */
    }
    if (first >= 0)
        for (int k = 1; k < n; k++)
            if (moves[k] == first) {
                memmove(moves + 1, moves, (size_t)k * sizeof *moves);
                moves[0] = first;
                break;
            }
    /* Every child first: a move that ends the game, or a child whose table
     * bounds already settle this node, saves searching the others. */
    vg_state *kids[VG_MAX_MOVES];
    int best = -INF, best_move = moves[0], a = alpha, open = 0;
    int order[VG_MAX_MOVES];
    for (int k = 0; k < n; k++) {
        vg_state *c = kids[k] = stack_at(&x->st, (level + 1) * VG_MAX_MOVES + k);
        if (!c) {
            fail(x, VG_ERR_NOMEM, "out of memory");
            return 0;
        }
        fm_copy(x->f, c, s);
        if (fm_play(x->f, c, moves[k]) != VG_OK) {
            x->failed = x->aborted = 1;
            return 0;
        }
        int same = side(vg_turn(c)) == side(who), lo = -INF, hi = INF;
        if (vg_is_over(c)) {
            lo = hi = same ? final_value(c) : -final_value(c);
        } else {
            uint64_t ck = exact_key(c);
            const tt_entry *ce = &x->tt[ck & x->mask];
            if (ce->key == ck) lo = same ? ce->lo : -ce->hi, hi = same ? ce->hi : -ce->lo;
            order[open++] = k;
        }
        if (lo >= beta || (lo == hi && lo > best)) {   /* settled: a cut-off, or a known value */
            if (lo > best) best = lo, best_move = moves[k];
            if (best > a) a = best;
            if (a >= beta) goto done;
        }
    }
    if (x->o.order > level && open > 1 && vg_game_has_evaluate(x->g)) {
        /* Best-looking first by the game's evaluate(state) (stable: ties in
         * legal order; the table's move stays first). */
        double score[VG_MAX_MOVES];
        int from = moves[order[0]] == first ? 1 : 0;
        for (int j = from; j < open; j++) {
            score[j] = (who == 0 ? 1 : -1) * fm_evaluate(x->f, kids[order[j]]);
        }
        for (int j = from + 1; j < open; j++) {
            int k = order[j];
            double v = score[j];
            int i = j - 1;
            while (i >= from && score[i] < v) score[i + 1] = score[i], order[i + 1] = order[i], i--;
            score[i + 1] = v, order[i + 1] = k;
        }
    }
    for (int j = 0; j < open; j++) {
        int k = order[j];
        vg_state *c = kids[k];
        int v = side(vg_turn(c)) == side(who) ? node(x, c, level + 1, a, beta) : -node(x, c, level + 1, -beta, -a);
        if (x->aborted) return 0;
        if (v > best) {
            best = v;
            best_move = moves[k];
            if (best > a) a = best;
            if (a >= beta) break;
        }
    }
done:
    if (level == 0 && best >= beta) x->root_best = best_move;
    /* Store what this search proved. */
    e = &x->tt[slot];
    if (e->key != key) {
        e->key = key;
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
    if (e->lo > e->hi) e->lo = e->hi = best;   /* bounds from different searches disagree: trust this one */
    x->tt_move[slot] = (uint8_t)(best_move + 1);
    return best;
}

/* The exact value of 's' for its agent to move. */
static int solve_value(exact_solver *x, const vg_state *s, int guess) {
    x->root_best = -1;
    if (x->o.full_window) return node(x, s, 0, -INF, INF);
    /* Null-window tests: while only one bound is known, step away from it
     * by 1, 2, 4, ...; once both are, halve the interval (the value is a
     * whole number in [lo, hi]). */
    int lo = -INF, hi = INF, beta = guess, step = 1;
    while (lo < hi && !x->aborted) {
        int g = node(x, s, 0, beta - 1, beta);
        if (g < beta) hi = g;
        else lo = g;
        if (lo >= hi) break;
        if (lo == -INF) beta = hi - step + 1, step *= 2;
        else if (hi == INF) beta = lo + step, step *= 2;
        else beta = lo + (hi - lo + 1) / 2;
        if (beta <= lo) beta = lo + 1;
        if (beta > hi) beta = hi;
    }
    return lo >= hi ? lo : 0;
}

static void begin(exact_solver *x, fm *f, exact_result *r) {
    memset(r, 0, sizeof *r);
    r->move = -1;
    x->nodes = 0;
    x->aborted = x->failed = 0;
    x->f = f;
}

static int finish(exact_solver *x, exact_result *r, double t0) {
    r->nodes = x->nodes;
    r->seconds = fm_now() - t0;
    r->solved = !x->aborted && x->f->status == VG_OK;
    r->stopped = x->aborted && !x->failed && x->f->status == VG_OK;
    x->f = NULL;
    return r->solved;
}

int exact_solve(exact_solver *x, fm *f, const vg_state *s, exact_result *r) {
    double t0 = fm_now();
    begin(x, f, r);
    if (vg_is_over(s)) {
        r->value = final_value(s);
        return finish(x, r, t0);
    }
    r->value = solve_value(x, s, x->o.guess);
    r->move = x->root_best;
    if (r->move < 0) {                      /* the last search failed low everywhere: ask the table */
        uint64_t key = exact_key(s);
        if (x->tt[key & x->mask].key == key) r->move = x->tt_move[key & x->mask] - 1;
    }
    return finish(x, r, t0);
}

int exact_solve_moves(exact_solver *x, fm *f, const vg_state *s, int moves[VG_MAX_MOVES], int values[VG_MAX_MOVES],
                      exact_result *r) {
    double t0 = fm_now();
    begin(x, f, r);
    int who = vg_turn(s), n;
    if (vg_is_over(s) || vg_is_chance(x->g, who)) {
        fail(x, VG_ERR_ARG, vg_is_over(s) ? "the game is over" : "a chance agent is to move");
        return finish(x, r, t0), -1;
    }
    n = fm_legal(f, s, moves);
    if (n == 0) {
        if (f->status == VG_OK) fail(x, VG_ERR_ARG, "no legal move");
        return finish(x, r, t0), -1;
    }
    vg_state *child = vg_state_clone(s);
    if (!child) {
        fail(x, VG_ERR_NOMEM, "out of memory");
        return finish(x, r, t0), -1;
    }
    int guess = x->o.guess;
    r->value = -INF;
    for (int k = 0; k < n && !x->aborted; k++) {
        fm_copy(f, child, s);
        if (fm_play(f, child, moves[k]) != VG_OK) {
            x->failed = x->aborted = 1;
            break;
        }
        int same = side(vg_turn(child)) == side(who);
        int v = vg_is_over(child) ? final_value(child) : solve_value(x, child, same ? guess : -guess);
        values[k] = same ? v : -v;
        guess = values[k];
        if (values[k] > r->value) r->value = values[k], r->move = moves[k];
    }
    vg_state_free(child);
    return finish(x, r, t0) ? n : -1;
}

/* ---- The agent ---------------------------------------------------------- */

static const agent_param solve_params[] = {
    {"tt_bits", 20, "transposition table of 2^tt_bits entries (17 bytes each)"},
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
    exact_opts o = {.tt_bits = (int)p[0]};
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
    a->x->o.budgeted = a->anytime;
    exact_solve(a->x, f, s, &r);
    f->expanded += r.nodes;
    f->has_value = r.solved;
    f->value = r.value;
    return r.move;
}

const agent_def agent_solve = {"solve", "exact solver for two-sided games: alpha-beta to the end with a transposition table",
                               solve_params, 2, solve_create, solve_act, solve_free};
