/* SPDX-License-Identifier: MIT
 *
 * exact.c -- see exact.h: the exact solver (the "solve" agent, solve.c,
 * plays with it), perft, move lists and the position key.
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "hashmap.h"
#include "ttable.h"

/* ---- Position key ------------------------------------------------------ */

uint64_t exact_key(const vg_state *s) {
    uint64_t h = vg_state_hash(s) ^ hash_mix((uint64_t)vg_turn(s) + 0x2545f4914f6cdd1dULL);
    for (int v = 0; v < 16; v++) {
        int x = vg_var(s, v);
        if (x) h ^= hash_mix((uint64_t)(uint32_t)x ^ ((uint64_t)(v + 1) << 40));
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

#define SEPARATORS " ,;\t\n"
#define QUOTE_MAX  32 /* characters of a bad move quoted */

/* -1, with 'err' = 'cause' (its file and line: the script's error) or
 * none (NULL), its message "move N ('NAME'): " (NAME: 'len' characters
 * of 'name', control characters escaped, cut at QUOTE_MAX; "move N: "
 * when 'name' is NULL) and the 'fmt' text. */
static int replay_fail(vg_error *err, const vg_error *cause, int move, const char *name, size_t len, const char *fmt,
                       ...) __attribute__((format(printf, 6, 7)));
static int replay_fail(vg_error *err, const vg_error *cause, int move, const char *name, size_t len, const char *fmt,
                       ...) {
    char what[sizeof err->msg], quoted[4 * QUOTE_MAX + 4];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (cause) *err = *cause;
    else memset(err, 0, sizeof *err);
    size_t q = 0;
    if (!name) {
        snprintf(err->msg, sizeof err->msg, "move %d: %s", move, what);
        return -1;
    }
    for (size_t k = 0; k < len && k < QUOTE_MAX; k++) {
        unsigned char c = (unsigned char)name[k];
        if (c < 32 || c == 127) q += (size_t)snprintf(quoted + q, sizeof quoted - q, "\\x%02x", c);
        else quoted[q++] = (char)c;
    }
    snprintf(quoted + q, sizeof quoted - q, "%s", len > QUOTE_MAX ? "..." : "");
    snprintf(err->msg, sizeof err->msg, "move %d ('%s'): %s", move, quoted, what);
    return -1;
}

/* How many characters of 'p' the move name 'name' covers (in any case):
 * its length when 'p' starts with it, else 0. */
static size_t covers(const char *name, const char *p) {
    size_t len = strlen(name), i = 0;
    while (i < len && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)name[i])) i++;
    return i == len ? len : 0;
}

/* The longest of the game's move names (legal now or not) that 'p' starts with; 0: none. */
static size_t name_at(const vg_game *g, const char *p) {
    size_t best = 0;
    for (int m = 0; vg_move_name(g, m); m++) {
        size_t n = covers(vg_move_name(g, m), p);
        if (n > best) best = n;
    }
    return best;
}

/* The move written at 'p', which no legal move names: a move name, else
 * the text up to the next separator or move name (and no longer than a
 * name when all have one length: Connect Four's "9" in "4459"). Its
 * length. */
static size_t bad_move(const vg_game *g, const char *p) {
    const char *first = vg_move_name(g, 0);
    size_t n = name_at(g, p), one = first ? strlen(first) : 0;
    if (n) return n;
    for (int m = 1; vg_move_name(g, m); m++)
        if (strlen(vg_move_name(g, m)) != one) one = 0;
    for (n = 1; p[n] && n != one && !strchr(SEPARATORS, p[n]) && !name_at(g, p + n); n++) {}
    return n;
}

int exact_replay(const vg_game *g, vg_state *s, const char *text, vg_error *err) {
    int played = 0;
    const char *p = text;
    fm f = {.g = g};
    for (;;) {
        p += strspn(p, SEPARATORS);
        if (!*p) return played;
        if (vg_is_over(s)) return replay_fail(err, NULL, played + 1, p, bad_move(g, p), "the game is already over");
        int who = vg_turn(s), moves[VG_MAX_MOVES], chance;
        double probs[VG_MAX_MOVES];
        int n = fm_moves(&f, s, moves, probs, &chance);
        if (f.status != VG_OK) return replay_fail(err, &f.error, played + 1, NULL, 0, "%s", f.error.msg);
        int pick = -1;
        size_t best = 0;
        for (int k = 0; k < n; k++) {
            size_t len = covers(vg_move_name(g, moves[k]), p);
            if (len > best) best = len, pick = moves[k];
        }
        if (pick < 0)
            return replay_fail(err, NULL, played + 1, p, bad_move(g, p), "%s for agent %d here",
                               name_at(g, p) ? "not legal" : "no such move", who);
        if (fm_play(&f, s, pick) != VG_OK) return replay_fail(err, &f.error, played + 1, p, best, "%s", f.error.msg);
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
    vg_error *err;
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
            *c->err = c->f.error;
            c->failed = 1;
        } else {
            c->ended[ply]++; /* nobody can move: the game is over in all but name */
        }
        return;
    }
    vg_state *child = stack_at(&c->st, ply + 1);
    if (!child) {
        memset(c->err, 0, sizeof *c->err);
        snprintf(c->err->msg, sizeof c->err->msg, "out of memory");
        c->failed = 1;
        return;
    }
    c->seq[ply + 1] += (uint64_t)n;
    for (int k = 0; k < n && !c->failed; k++) {
        fm_copy(&c->f, child, s);
        c->plays++;
        if (fm_play(&c->f, child, moves[k]) != VG_OK) {
            *c->err = c->f.error;
            c->failed = 1;
            return;
        }
        perft_node(c, child, ply + 1);
    }
}

long exact_perft(const vg_game *g, const vg_state *s, int depth, uint64_t *seq, uint64_t *leaves, vg_error *err) {
    uint64_t *ended = calloc((size_t)depth + 2, sizeof *ended);
    perft_ctx c = {.g = g, .f = {.g = g}, .st = {.g = g}, .depth = depth, .seq = seq, .ended = ended, .err = err};
    memset(seq, 0, ((size_t)depth + 1) * sizeof *seq);
    memset(err, 0, sizeof *err);
    if (!ended) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
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

#define INF TT_INF

/* The longest line the solver follows (a ply is a recursion of node(),
 * a few KiB of stack): a game longer than this from the position solved
 * is refused as too deep (issue 19.6: 1,500 rounds overflowed the stack). */
#define EXACT_MAX_PLIES      1000
#define EXACT_MAX_PLIES_TEXT "1000"

struct exact_solver {
    const vg_game *g;
    exact_opts o;
    ttable tt;
    stack st;
    uint64_t *path; /* keys of the positions on the line being searched */
    int npath;
    long nodes;
    int aborted, failed;
    int root_best;
    fm *f; /* of the solve in progress: calls, the budget when 'budgeted', errors */
    const vg_state *root;
};

exact_solver *exact_new(const vg_game *g, const exact_opts *o) {
    exact_solver *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->g = g;
    if (o) x->o = *o;
    x->st.g = g;
    if (!tt_init(&x->tt, x->o.tt_bits)) {
        exact_free(x);
        return NULL;
    }
    return x;
}

void exact_free(exact_solver *x) {
    if (!x) return;
    stack_free(&x->st);
    free(x->path);
    tt_free(&x->tt);
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

/* Notes 'key' at 'level' of the line being searched: 1 when the position
 * is on the line already (a game that can go round in circles), 0 when
 * not, -1 when out of memory. */
static int on_line(exact_solver *x, uint64_t key, int level) {
    if (level >= x->npath) {
        int cap = x->npath ? 2 * x->npath : 128;
        while (cap <= level) cap *= 2;
        uint64_t *np = realloc(x->path, (size_t)cap * sizeof *np);
        if (!np) return -1;
        x->path = np;
        x->npath = cap;
    }
    x->path[level] = key;
    for (int l = level - 1; l >= 0; l--)
        if (x->path[l] == key) return 1;
    return 0;
}

/* A node's children, played: kids[k] after moves[k]; 'order' lists the
 * ones still to search (not over, not settled by the table). */
typedef struct kids {
    int moves[VG_MAX_MOVES], order[VG_MAX_MOVES];
    vg_state *st[VG_MAX_MOVES];
    int n, open;
    int best, best_move, alpha;
} kids;

/* Step 1: every child played, a move that ends the game or a child whose
 * table bounds settle this node taken at once (saving the search of the
 * others). 1 when that cut the node off (best >= beta), 0 to go on, -1
 * on an error. */
static int play_children(exact_solver *x, const vg_state *s, int level, int beta, kids *c) {
    int who = vg_turn(s);
    c->open = 0;
    for (int k = 0; k < c->n; k++) {
        vg_state *kid = c->st[k] = stack_at(&x->st, (level + 1) * VG_MAX_MOVES + k);
        if (!kid) return fail(x, VG_ERR_NOMEM, "out of memory"), -1;
        if (x->o.budgeted && !fm_room(x->f, FM_CHILD)) return x->aborted = 1, -1; /* never past a call budget */
        fm_copy(x->f, kid, s);
        if (fm_play(x->f, kid, c->moves[k]) != VG_OK) return x->failed = x->aborted = 1, -1;
        int same = side(vg_turn(kid)) == side(who), lo = -INF, hi = INF;
        if (vg_is_over(kid)) {
            lo = hi = same ? final_value(kid) : -final_value(kid);
        } else {
            const tt_entry *ce = tt_find(&x->tt, exact_key(kid));
            if (ce) lo = same ? ce->lo : -ce->hi, hi = same ? ce->hi : -ce->lo;
            c->order[c->open++] = k;
        }
        if (lo >= beta || (lo == hi && lo > c->best)) { /* settled: a cut-off, or a known value */
            if (lo > c->best) c->best = lo, c->best_move = c->moves[k];
            if (c->best > c->alpha) c->alpha = c->best;
            if (c->alpha >= beta) return 1;
        }
    }
    return 0;
}

/* Step 2 (the first 'order' plies): the children still to search, best
 * looking first by the game's evaluate(state), for the agent 'who' (stable:
 * ties in legal order; the table's move 'first' stays first). */
static void order_children(exact_solver *x, int who, int first, kids *c) {
    double score[VG_MAX_MOVES];
    int from = c->moves[c->order[0]] == first ? 1 : 0;
    for (int j = from; j < c->open; j++) score[j] = (who == 0 ? 1 : -1) * fm_evaluate(x->f, c->st[c->order[j]]);
    for (int j = from + 1; j < c->open; j++) {
        int k = c->order[j], i = j - 1;
        double v = score[j];
        while (i >= from && score[i] < v) score[i + 1] = score[i], c->order[i + 1] = c->order[i], i--;
        score[i + 1] = v, c->order[i + 1] = k;
    }
}

/* Negamax with alpha-beta (fail-soft) to the end of the game: the value
 * of 's' for its agent to move, at 'level' of the line. */
static int node(exact_solver *x, const vg_state *s, int level, int alpha, int beta) {
    if (x->aborted) return 0;
    if (vg_is_over(s)) return final_value(s);
    if (level >= EXACT_MAX_PLIES) { /* each ply is a C stack frame: stop long before the stack ends */
        fail(x, VG_ERR_LIMIT,
             "too deep: the game goes on for more than " EXACT_MAX_PLIES_TEXT
             " moves from this position, beyond what the exact solver searches");
        return 0;
    }
    if ((++x->nodes & 63) == 0 && x->o.budgeted && fm_spent(x->f)) {
        x->aborted = 1;
        return 0;
    }
    uint64_t key = exact_key(s);
    int line = on_line(x, key, level), first, v, who = vg_turn(s);
    if (line)
        return line > 0 ? final_value(s)
                        : (fail(x, VG_ERR_NOMEM, "out of memory"), 0); /* round in circles: as if it ended */
    if (tt_probe(&x->tt, key, TT_END, level > 0, &alpha, &beta, &v, &first)) return v;
    if (vg_is_chance(x->g, who))
        return fail(x, VG_ERR_ARG, "the exact solver does not play games with chance agents"), 0;
    kids c;
    if ((c.n = fm_legal(x->f, s, c.moves)) == 0) {
        if (x->f->status != VG_OK) x->failed = x->aborted = 1;
        return final_value(s); /* nobody can move: take the score as it is */
    }
    tt_first(c.moves, c.n, first);
    c.best = -INF, c.best_move = c.moves[0], c.alpha = alpha;
    int cut = play_children(x, s, level, beta, &c);
    if (cut < 0) return 0;
    if (!cut && x->o.order > level && c.open > 1 && vg_game_has_evaluate(x->g)) order_children(x, who, first, &c);
    for (int j = 0; !cut && j < c.open; j++) { /* Step 3: the others, searched */
        vg_state *kid = c.st[c.order[j]];
        v = side(vg_turn(kid)) == side(who) ? node(x, kid, level + 1, c.alpha, beta)
                                            : -node(x, kid, level + 1, -beta, -c.alpha);
        if (x->aborted) return 0;
        if (v > c.best) {
            c.best = v, c.best_move = c.moves[c.order[j]];
            if (c.best > c.alpha) c.alpha = c.best;
            cut = c.alpha >= beta;
        }
    }
    if (level == 0 && c.best >= beta) x->root_best = c.best_move;
    tt_store(&x->tt, key, TT_END, alpha, beta, c.best, c.best_move); /* Step 4: what this search proved */
    return c.best;
}

/* tt_mtd's search: a null window at the root. */
static int root_search(void *ud, int alpha, int beta) {
    exact_solver *x = ud;
    return node(x, x->root, 0, alpha, beta);
}

/* The exact value of 's' for its agent to move. */
static int solve_value(exact_solver *x, const vg_state *s, int guess) {
    x->root_best = -1;
    if (x->o.full_window) return node(x, s, 0, -INF, INF);
    x->root = s;
    return tt_mtd(root_search, x, guess, &x->aborted, NULL);
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
    if (r->move < 0) { /* the last search failed low everywhere: ask the table */
        const tt_entry *e = tt_find(&x->tt, exact_key(s));
        if (e) r->move = e->move - 1;
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
