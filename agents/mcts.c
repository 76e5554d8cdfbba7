/* SPDX-License-Identifier: MIT
 *
 * mcts.c -- Monte Carlo tree search with UCT (the coursework's outline,
 * GVGAI's sampleMCTS), for one player or several taking turns, and for
 * one player of a game for several moving at once (GVGAI's two-player
 * sampleMCTS: the tree's moves are its player's actions, and every time
 * the tree is walked the opponents' actions are drawn anew by the fm's
 * opponent model, agent.h; a node then stands for a distribution of
 * states, so nothing is proven and states are not merged).
 *
 * The tree's edges are moves: the actions (vg_actions, vg_advance) in a
 * game without turns{}; in a game with turns, the legal moves of the
 * agent to move (vg_legal, vg_play), and at a chance agent's turn its
 * outcomes (vg_outcomes). One iteration copies the root state and walks
 * down (the tree is open-loop: a node is a move sequence, replayed from
 * the root every time): at a chance node it draws an outcome by its
 * probability; elsewhere it tries the untried moves first, in a random
 * order, then picks by UCT, Q + c sqrt(ln N_parent / N). The first node
 * it reaches for the first time is rolled out: 'rollout_depth' ticks of
 * random moves (without turns, avoiding an action that loses at once
 * when another does not: uniformly random rollouts walk into Bait's holes
 * so often that the tree would learn to fear every cell near one; with
 * turns, uniformly random legal moves and outcomes drawn by probability).
 *
 * Values are from agent 0's side (agent 0 against the rest, as in
 * adversarial.h); a node's Q is for the side of the agent that moved into
 * it: Q0 for agent 0, 1 - Q0 for the others. Q0 is a mean over rollouts
 * of 1 for a win (a little less the later it comes), 0 for a loss (a
 * little more the later), 0.5 for a draw, and, for a game still going,
 * its value -- score + heuristic_weight * the game's heuristic(state)
 * (evaluate(state) in a game with turns, when it has one) -- scaled into
 * [0.1, 0.9] by the least and greatest such values seen (see q_of()).
 * Without turns, Q0 is mixed (max_mix) with the best such value a rollout
 * below the node reached: in a puzzle one good line says more than the
 * average of many random ones (max backup, as in single-player MCTS; it
 * is what wins Bait level 3, whose boxes the mean alone spends on the
 * nearest holes).
 *
 * Proofs (MCTS-Solver, without chance): a node where the game is over is
 * won or lost for the side that moved into it; a node whose agent to move
 * has a won child, or only lost children, is won or lost too. A lost
 * child is never chosen; a proof is not averaged into the nodes above
 * (play would never go there). A proven root ends the search. At a chance
 * node the outcome is drawn whatever it is proven to be, and its result
 * is averaged in. In a game that is not deterministic as far as the tree
 * can tell (random sprites without declared chance agents), a proof is
 * only as good as the one sample it rests on.
 *
 * The most visited root child is played (a proven win first). The
 * subtree is kept between decisions: the node, at most one round below
 * the chosen child, whose state is the new one (same vg_state_hash)
 * becomes the new root.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "search.h"

typedef struct mnode {
    int32_t parent;
    int32_t first; /* its children are nodes first .. first + nkids - 1; -1: not listed yet */
    int16_t move;  /* the move into it (an action in a game without turns) */
    uint8_t nkids;
    uint8_t tried;   /* children visited so far, in order (not at a chance node) */
    uint8_t mover;   /* the agent that played 'move' */
    uint8_t chance;  /* the agent to move here is a chance agent: the children are outcomes */
    uint8_t seen;    /* reached at least once ('hash' is set) */
    int8_t proven;   /* +1 won, -1 lost for the mover's side whatever follows; 0 not known */
    uint16_t plies;  /* proven: moves to the end of the proof */
    uint8_t dup;     /* without turns: its state is another node's, or every child's is: never chosen */
    float prob;      /* an outcome's probability */
    uint64_t hash;   /* vg_state_hash on first reaching it */
    double total;    /* sum of rollout values (reported) */
    double res;      /* sum of Q0 over rollouts that ended the game */
    double nt_sum;   /* sum of values of rollouts that left the game going */
    double best;     /* the greatest of them (-inf: none) */
    double best_end; /* the greatest Q0 of rollouts that ended the game (-1: none) */
    int32_t nt, visits;
} mnode;

#define DEAD_SLOTS (1 << 16)

typedef struct mcts {
    const vg_game *g;
    int turns; /* the game has turns{} */
    double c, hw, bonus, penalty, max_mix;
    int depth, reuse, dedup;
    long max_nodes;
    uint64_t *seen; /* dedup: the states in the tree (vg_state_hash, 0: empty), open addressing */
    long seen_cap;
    vg_action *played;   /* without turns: the last rollout's actions ('depth' of them) */
    int bound;           /* the game has a bound (vg_game_bound), for its dead states */
    int sampled;         /* a game for several players whose opponents are drawn at random (agent.h): no proofs */
    uint64_t *dead_memo; /* the bound's answers by state (see dead()), DEAD_SLOTS of them; NULL: none */
    int work_dead;       /* without turns: 'work' is dead (the last rollout step's check) */
    int32_t *trail;      /* scratch: a path up the tree */
    long trail_cap;
    uint64_t rng;
    mnode *nodes;
    long n, cap;
    int32_t next_root; /* child chosen last decision, -1: none */
    double vmin, vmax;
    vg_state *work, *step;
} mcts;

static const agent_param mcts_params[] = {
    {"c", 1.41, "UCT exploration constant"},
    {"rollout_depth", 10, "ticks of random moves per rollout (with turns, a tick is a round: every agent moves once)"},
    {"heuristic_weight", 1,
     "weight of the game's heuristic (with turns: evaluate) in a rollout's value (0: score only)"},
    {"win_bonus", 1000, "added to a win's value"},
    {"loss_penalty", 1000, "subtracted from a loss's value"},
    {"reuse", 1, "1: keep the subtree of the chosen move for the next decision"},
    {"max_nodes", 500000,
     "tree size: a full tree stops growing (rollouts go on from its leaves); a kept subtree over half of it is dropped"},
    {"dedup", 1, "without turns: 1: a node whose state another node has is never chosen (the tree spans the states)"},
    {"max_mix", 1,
     "without turns: weight of the best value a rollout below a node found, against their mean, in its Q (0: the mean, plain UCT; 1: the best)"},
};

static void mcts_free(void *self) {
    mcts *m = self;
    if (!m) return;
    free(m->nodes);
    free(m->seen);
    free(m->played);
    free(m->trail);
    free(m->dead_memo);
    vg_state_free(m->work);
    vg_state_free(m->step);
    free(m);
}

static void *mcts_create(const vg_game *g, const double *p, uint64_t seed) {
    mcts *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->g = g;
    m->turns = vg_game_has_turns(g);
    m->c = p[0];
    m->depth = p[1] < 0 ? 0 : (int)p[1];
    m->hw = p[2];
    m->bonus = p[3];
    m->penalty = p[4];
    m->reuse = p[5] != 0;
    m->max_nodes = p[6] < 16 ? 16 : (long)p[6];
    m->dedup = p[7] != 0 && !m->turns;
    m->max_mix = m->turns || p[8] < 0 ? 0 : p[8] > 1 ? 1 : p[8];
    m->rng = rng_seed_of(seed);
    m->work = vg_state_new(g, 0);
    m->step = vg_state_new(g, 0);
    m->next_root = -1;
    m->played = malloc(((size_t)m->depth + 1) * sizeof *m->played);
    m->dead_memo = calloc(DEAD_SLOTS, sizeof *m->dead_memo); /* NULL: the game is asked every time */
    if (!m->work || !m->step || !m->played) {
        mcts_free(m);
        return NULL;
    }
    return m;
}

/* ---- The game as the tree sees it -------------------------------------- */

static int side(int who) { return who != 0; }

/* 's' can no longer be won though the game goes on (the game's bound
 * says so: in Bait, the key lost or unreachable, a box frozen on the key
 * or the door); as good as lost. Rollouts ask at every step and meet the
 * same states again and again (three times in four on Bait), and a
 * scripted bound costs microseconds, a state's hash a fraction of one; so
 * the answers are remembered in a direct-mapped table by vg_state_hash
 * (everything but the tick, as the tree's dedup takes a state; a bound on
 * the actions to a win does not read the tick): a slot holds the hash,
 * its lowest bit replaced by the answer, 0 when empty. */
static int dead(mcts *m, fm *f, const vg_state *s) {
    if (!m->bound || vg_is_over(s)) return 0;
    if (!m->dead_memo) return fm_bound(f, s) == VG_BOUND_DEAD;
    uint64_t tag = (vg_state_hash(s) | 2) & ~(uint64_t)1; /* never 0 */
    uint64_t *slot = &m->dead_memo[(tag >> 2) & (DEAD_SLOTS - 1)];
    if ((*slot & ~(uint64_t)1) == tag) return (int)(*slot & 1);
    int d = fm_bound(f, s) == VG_BOUND_DEAD;
    if (f->status == VG_OK) *slot = tag | (uint64_t)d;
    return d;
}

/* The moves of the agent to move in 's' (outcomes with their probabilities
 * for a chance agent, '*chance' set); 0 when there are none. */
static int moves_of(fm *f, const vg_state *s, int moves[VG_MAX_MOVES], double probs[VG_MAX_MOVES], int *chance) {
    *chance = 0;
    return vg_is_over(s) ? 0 : fm_moves(f, s, moves, probs, chance);
}

/* A rollout's value, from agent 0's side; 'steps': moves from the root
 * (a sooner win is worth more). */
static double rollout_value(mcts *m, fm *f, const vg_state *s, int steps) {
    double v = fm_score(f, s);
    if (m->hw != 0) v += m->hw * (m->turns && vg_game_has_evaluate(m->g) ? fm_evaluate(f, s) : fm_heuristic(f, s));
    if (fm_winner(f, s) == VG_PLAYER_WINS) v += m->bonus - steps;
    else if (fm_winner(f, s) == VG_PLAYER_LOSES) v -= m->penalty;
    return v;
}

static double result_of_loss(int steps) { return 0.001 * (steps < 100 ? steps : 100); }

/* Q0 of a finished game: 1 for agent 0's side winning, 0 losing (the
 * later, the nearer 0.5 by 0.001 a move up to 100), 0.5 for a draw. */
static double result_of(const fm *f, const vg_state *s, int steps) {
    double late = result_of_loss(steps);
    if (fm_winner(f, s) == VG_PLAYER_WINS) return 1 - late;
    if (fm_winner(f, s) == VG_PLAYER_LOSES) return late;
    return 0.5;
}

/* ---- The tree ---------------------------------------------------------- */

/* ---- States in the tree (dedup) --------------------------------------- */

/* Empties the set, with room for every node the tree has room for. */
static void seen_clear(mcts *m) {
    long want = 1024;
    while (want < 2 * m->cap) want *= 2;
    if (want != m->seen_cap) {
        free(m->seen);
        m->seen = malloc((size_t)want * sizeof *m->seen);
        m->seen_cap = m->seen ? want : 0;
    }
    if (m->seen) memset(m->seen, 0, (size_t)m->seen_cap * sizeof *m->seen);
}

/* Adds 'h' to the set; 0 when it was there already (or there is no set). */
static int seen_add(mcts *m, uint64_t h) {
    if (!m->seen) return 0;
    h |= 1; /* never 0 (0: an empty slot) */
    for (long k = (long)(h >> 7) & (m->seen_cap - 1);; k = (k + 1) & (m->seen_cap - 1)) {
        if (m->seen[k] == h) return 0;
        if (!m->seen[k]) {
            m->seen[k] = h;
            return 1;
        }
    }
}

/* Room for 'k' more nodes; 0 when the tree is full. */
static int reserve(mcts *m, long k) {
    if (m->n + k <= m->cap) return 1;
    if (m->n + k > m->max_nodes) return 0;
    long nc = m->cap ? m->cap * 2 : 4096;
    while (nc < m->n + k) nc *= 2;
    if (nc > m->max_nodes) nc = m->max_nodes;
    mnode *nn = realloc(m->nodes, (size_t)nc * sizeof *nn);
    if (!nn) return 0;
    m->nodes = nn;
    m->cap = nc;
    if (m->dedup && m->seen_cap < 2 * nc) { /* a bigger set: put the states back */
        seen_clear(m);
        for (long i = 0; i < m->n; i++)
            if (m->nodes[i].seen && !m->nodes[i].dup) seen_add(m, m->nodes[i].hash);
    }
    return 1;
}

static int32_t add_node(mcts *m, int32_t parent, int move, int mover) {
    mnode *x = &m->nodes[m->n];
    memset(x, 0, sizeof *x);
    x->parent = parent;
    x->first = -1;
    x->move = (int16_t)move;
    x->mover = (uint8_t)mover;
    x->best = -INFINITY;
    x->best_end = -1;
    return (int32_t)m->n++;
}

/* Marks node 'x' reached, in state 's'; with dedup, a duplicate when
 * another node has that state. */
static void see(mcts *m, int32_t x, const vg_state *s) {
    mnode *p = &m->nodes[x];
    p->seen = 1;
    p->hash = vg_state_hash(s);
    if (m->dedup && !seen_add(m, p->hash)) p->dup = 1;
}

/* Lists the children of 'x', whose state is 's' (agent moves in a random
 * order); 0 when there are none or the tree is full. */
static int list_children(mcts *m, fm *f, int32_t x, const vg_state *s) {
    int moves[VG_MAX_MOVES], chance;
    double probs[VG_MAX_MOVES];
    int n = moves_of(f, s, moves, probs, &chance);
    if (n <= 0 || !reserve(m, n)) return 0;
    for (int k = n - 1; !chance && k > 0; k--) {
        int j = rng_below(&m->rng, k + 1), t = moves[k];
        moves[k] = moves[j], moves[j] = t;
    }
    int who = m->turns ? vg_turn(s) : 0;
    mnode *p = &m->nodes[x];
    p->first = (int32_t)m->n;
    p->nkids = (uint8_t)n;
    p->chance = (uint8_t)chance;
    for (int k = 0; k < n; k++) {
        int32_t c = add_node(m, x, moves[k], who);
        m->nodes[c].prob = chance ? (float)probs[k] : 0;
    }
    return 1;
}

/* Q for the side that moved into 'c': a mean over its rollouts of 1 for a
 * win, 0 for a loss, and for a game still going its value scaled into
 * [0.1, 0.9] by the least and greatest such values seen. So a win
 * outranks every heuristic value without its size (win_bonus) swamping
 * the differences between the others, and one lucky rollout cannot lock
 * the search onto its child. */
static double q_of(const mcts *m, const mnode *c) {
    if (c->visits == 0) return 0;
    double range = m->vmax - m->vmin, nt;
    if (m->vmin > m->vmax || range <= 0) nt = 0.5 * (double)c->nt;
    else nt = 0.1 * (double)c->nt + 0.8 * (c->nt_sum - (double)c->nt * m->vmin) / range;
    double q0 = (c->res + nt) / (double)c->visits;
    if (m->max_mix > 0) { /* the best rollout below: a game's end as its Q0, a value as scaled above */
        double top = c->best_end;
        if (c->nt > 0) {
            double v = range > 0 ? 0.1 + 0.8 * (c->best - m->vmin) / range : 0.5;
            if (v > top) top = v;
        }
        q0 = (1 - m->max_mix) * q0 + m->max_mix * top;
    }
    return side(c->mover) == 0 ? q0 : 1 - q0;
}

/* The UCT choice among the children of 'x' not lost or duplicates (a won
 * one first); -1 when there is none. */
static int32_t select_child(mcts *m, const mnode *x) {
    double lnN = log((double)x->visits + 1), best = -INFINITY;
    int32_t pick = -1;
    for (int32_t c = x->first; c < x->first + x->nkids; c++) {
        const mnode *y = &m->nodes[c];
        if (y->proven < 0 || y->dup) continue;
        if (y->proven > 0) return c;
        double u = q_of(m, y) + m->c * sqrt(lnN / ((double)y->visits + 1e-9)) + rng_unit(&m->rng) * 1e-6;
        if (u > best) best = u, pick = c;
    }
    return pick;
}

/* An outcome of chance node 'x', drawn by its probability. */
static int32_t draw_child(mcts *m, const mnode *x) {
    double sum = 0;
    for (int32_t c = x->first; c < x->first + x->nkids; c++) sum += m->nodes[c].prob;
    double u = rng_unit(&m->rng) * sum;
    for (int32_t c = x->first; c < x->first + x->nkids - 1; c++)
        if ((u -= m->nodes[c].prob) < 0) return c;
    return x->first + x->nkids - 1;
}

/* What the children of (listed, not chance) node 'x' prove about it, for
 * the side that moved into it: +1, -1 or 0, and the plies of the proof.
 * Duplicates do not count (their states are elsewhere in the tree). */
static int proof_of(const mcts *m, const mnode *x, int *plies) {
    if (x->chance || x->first < 0) return 0;
    int lost = 0, longest = 0, dups = 0;
    for (int32_t c = x->first; c < x->first + x->nkids; c++) {
        const mnode *y = &m->nodes[c];
        if (y->proven > 0) { /* the agent to move here wins by playing it */
            *plies = y->plies + 1;
            return side(y->mover) == side(x->mover) ? 1 : -1;
        }
        if (y->proven < 0) lost++, longest = y->plies > longest ? y->plies : longest;
        else dups += y->dup;
    }
    if (lost == 0 || lost + dups < x->nkids) return 0;
    *plies = longest + 1;
    return side(m->nodes[x->first].mover) == side(x->mover) ? -1 : 1;
}

/* Node 'x' is proven 'v' (plies to the end); so, perhaps, are those above. */
static void prove(mcts *m, int32_t x, int v, int plies) {
    if (m->sampled) return; /* one sample of the opponents proves nothing */
    for (;;) {
        mnode *p = &m->nodes[x];
        p->proven = (int8_t)v;
        p->plies = (uint16_t)(plies < 65535 ? plies : 65535);
        if (x == 0) return;
        x = p->parent;
        if (m->nodes[x].proven || !(v = proof_of(m, &m->nodes[x], &plies))) return;
    }
}

/* Adds one rollout's result to 'x' and every node above it. */
static void back_up(mcts *m, int32_t x, double v, int over, double q0) {
    for (; x >= 0; x = m->nodes[x].parent) {
        mnode *p = &m->nodes[x];
        p->total += v;
        p->visits++;
        if (over) p->res += q0, p->best_end = q0 > p->best_end ? q0 : p->best_end;
        else p->nt++, p->nt_sum += v, p->best = v > p->best ? v : p->best;
    }
}

/* ---- Rollouts ---------------------------------------------------------- */

/* Without turns: plays a random available action that does not lose at
 * once (or leave a dead state), when there is one, and notes whether the
 * new state is dead; returns it (ACTION_NIL: none, or no room left in the
 * call budget for a try, a copy and an advance). */
static vg_action safe_step(mcts *m, fm *f) {
    vg_action acts[VG_MAX_ACTIONS];
    int n = fm_actions(f, m->work, acts);
    while (n > 0 && fm_room(f, 2)) {
        int k = rng_below(&m->rng, n);
        fm_copy(f, m->step, m->work);
        fm_advance(f, m->step, acts[k]);
        int d = dead(m, f, m->step);
        if ((!vg_is_over(m->step) && !d) || fm_winner(f, m->step) == VG_PLAYER_WINS || n == 1) {
            vg_state *t = m->work;
            m->work = m->step;
            m->step = t;
            m->work_dead = d;
            return acts[k];
        }
        acts[k] = acts[--n];
    }
    return VG_ACTION_NIL;
}

/* With turns: a random legal move of the agent to move, or an outcome
 * drawn by its probability. 0 when there is none. */
static int random_move(mcts *m, fm *f) {
    int moves[VG_MAX_MOVES], chance;
    double probs[VG_MAX_MOVES];
    int n = moves_of(f, m->work, moves, probs, &chance), k = 0;
    if (n <= 0) return 0;
    if (!chance) k = rng_below(&m->rng, n);
    else
        for (double u = rng_unit(&m->rng); k < n - 1 && (u -= probs[k]) >= 0; k++) {}
    fm_play(f, m->work, moves[k]);
    return 1;
}

/* Plays random moves from m->work for 'rollout_depth' ticks, to the end,
 * to a dead state (m->work_dead) or until the call budget has no room for
 * a move; returns how many. */
static int rollout(mcts *m, fm *f) {
    int n = 0;
    m->work_dead = dead(m, f, m->work);
    if (!m->turns) {
        for (; n < m->depth && !vg_is_over(m->work) && !m->work_dead && fm_room(f, 2); n++)
            m->played[n] = safe_step(m, f);
        return n;
    }
    int end = vg_tick(m->work) + m->depth;
    while (vg_tick(m->work) < end && !vg_is_over(m->work) && fm_room(f, 1) && random_move(m, f)) n++;
    return n;
}

/* ---- Search ------------------------------------------------------------ */

/* Without turns: the 'n' actions of a rollout from node 'cur' that won
 * become nodes, down to the win, which is then proven (and so played):
 * the game is deterministic as far as the tree can tell. Replays from the
 * root state 's'; stops early at a duplicate or when the tree is full. */
static void graft(mcts *m, fm *f, const vg_state *s, int32_t cur, int n) {
    long depth = 0;
    if (m->sampled) return;
    for (int32_t x = cur; x > 0; x = m->nodes[x].parent, depth++) {
        if (depth == m->trail_cap) {
            long cap = m->trail_cap ? 2 * m->trail_cap : 256;
            int32_t *t = realloc(m->trail, (size_t)cap * sizeof *t);
            if (!t) return;
            m->trail = t, m->trail_cap = cap;
        }
        m->trail[depth] = x;
    }
    fm_copy(f, m->work, s);
    while (depth > 0) fm_play(f, m->work, m->nodes[m->trail[--depth]].move);
    for (int k = 0; k < n; k++) {
        if (m->nodes[cur].first < 0 && !list_children(m, f, cur, m->work)) return;
        const mnode *x = &m->nodes[cur];
        int32_t c = x->first;
        while (c < x->first + x->nkids && m->nodes[c].move != (int16_t)m->played[k]) c++;
        if (c == x->first + x->nkids) return;
        fm_play(f, m->work, m->played[k]);
        if (!m->nodes[c].seen) see(m, c, m->work);
        if (m->nodes[c].dup) return;
        cur = c;
    }
    if (fm_winner(f, m->work) == VG_PLAYER_WINS) prove(m, cur, 1, 0);
}

/* Steps 1 and 2 of an iteration: from the root state 's' down the tree
 * (Step 1. Selection: a chance node draws its outcome; elsewhere untried
 * moves first, then UCT) to the first node reached for the first time
 * (Step 2. Expansion: it is seen, its state noted), played in m->work.
 * Returns that node (or the node where the game ended), or -1 when the
 * iteration ends on the way (a proof, a duplicate, a dead state, the call
 * budget spent). */
static int32_t select_expand(mcts *m, fm *f, const vg_state *s, int *steps) {
    fm_copy(f, m->work, s);
    int32_t cur = 0;
    for (;;) {
        mnode *x = &m->nodes[cur];
        if (vg_is_over(m->work)) return cur;
        if (x->proven && cur != 0) { /* reached by chance: its proven result stands */
            back_up(m, cur, 0, 1, side(x->mover) == 0 ? (x->proven > 0) : (x->proven < 0));
            return -1;
        }
        if (!fm_room(f, 1)) return -1; /* the call budget is spent on the way down */
        if (x->first < 0 && !list_children(m, f, cur, m->work)) return cur; /* no moves, or the tree is full */
        x = &m->nodes[cur];
        int32_t next;
        if (x->chance) next = draw_child(m, x);
        else if (x->tried < x->nkids) next = x->first + x->tried++; /* expand */
        else if ((next = select_child(m, x)) < 0) {                 /* every child loses, or is a duplicate */
            int plies = 0, v = proof_of(m, x, &plies);
            if (v) prove(m, cur, v, plies);
            else x->dup = 1; /* nothing new below: as good as a duplicate */
            return -1;
        }
        fm_play(f, m->work, m->nodes[next].move);
        ++*steps;
        cur = next;
        if (!m->nodes[cur].seen) { /* new: roll out from here, unless its state is in the tree already */
            see(m, cur, m->work);
            f->expanded++;
            if (dead(m, f, m->work)) { /* as good as lost */
                prove(m, cur, -1, 0);
                return -1;
            }
            return m->nodes[cur].dup && !vg_is_over(m->work) ? -1 : cur;
        }
    }
}

/* One iteration from the root state 's': Steps 1 and 2 (select_expand),
 * Step 3. Rollout from the node reached, Step 4. Backup of its value. */
static void iterate(mcts *m, fm *f, const vg_state *s) {
    int steps = 0;
    int32_t cur = select_expand(m, f, s, &steps);
    if (cur < 0) return;
    mnode *x = &m->nodes[cur];
    if (vg_is_over(m->work)) { /* the game ended in the tree: a proof, or a result to back up */
        vg_winner w = fm_winner(f, m->work);
        int v = w == VG_NO_WINNER ? 0 : (w == VG_PLAYER_WINS) == (side(x->mover) == 0) ? 1 : -1;
        int by_chance = cur != 0 && m->nodes[x->parent].chance;
        if (v && cur != 0) prove(m, cur, v, 0);
        if (v && !by_chance) return;
        back_up(m, cur, rollout_value(m, f, m->work, steps), 1, result_of(f, m->work, steps));
        return;
    }
    /* Step 3. Rollout */
    int n = rollout(m, f), played = steps + n;
    double v = rollout_value(m, f, m->work, played);
    /* Step 4. Backup: a finished game's result, a dead state's as a loss, else the value */
    if (vg_is_over(m->work)) {
        back_up(m, cur, v, 1, result_of(f, m->work, played));
        if (!m->turns && fm_winner(f, m->work) == VG_PLAYER_WINS) graft(m, f, s, cur, n);
        return;
    }
    if (m->work_dead) {
        back_up(m, cur, v - m->penalty, 1, result_of_loss(played));
        return;
    }
    if (v < m->vmin) m->vmin = v;
    if (v > m->vmax) m->vmax = v;
    back_up(m, cur, v, 0, 0);
}

/* Keeps only the subtree under 'r', renumbered from 0 (breadth first, so
 * that every node's children stay together). */
static void compact(mcts *m, int32_t r) {
    mnode *nn = malloc((size_t)m->cap * sizeof *nn);
    if (!nn) {
        m->n = 0;
        return;
    }
    long tail = 0;
    nn[tail++] = m->nodes[r];
    for (long head = 0; head < tail; head++) {
        mnode *x = &nn[head];
        if (x->first < 0) continue;
        int32_t old = x->first;
        x->first = (int32_t)tail;
        for (int k = 0; k < x->nkids; k++) {
            nn[tail] = m->nodes[old + k];
            nn[tail++].parent = (int32_t)head;
        }
    }
    nn[0].parent = -1;
    free(m->nodes);
    m->nodes = nn;
    m->n = tail;
    if (!m->dedup) return;
    seen_clear(m); /* breadth first: the state goes to the shallowest node that has it */
    for (long k = 0; k < m->n; k++) {
        mnode *x = &m->nodes[k];
        x->dup = x->seen && !seen_add(m, x->hash);
    }
}

/* The node for state 's' within one round below last decision's choice
 * (the choice itself without turns), or -1. */
static int32_t find_root(const mcts *m, const vg_state *s) {
    if (!m->reuse || m->next_root < 0 || m->next_root >= m->n) return -1;
    uint64_t h = vg_state_hash(s);
    int32_t level[VG_MAX_MOVES * 4], nlevel = 1;
    level[0] = m->next_root;
    for (int d = m->turns ? vg_num_agents(m->g, s) : 1; d > 0 && nlevel > 0; d--) {
        int32_t below[VG_MAX_MOVES * 4], nbelow = 0;
        for (int k = 0; k < nlevel; k++) {
            const mnode *x = &m->nodes[level[k]];
            if (x->seen && x->hash == h) return level[k];
            for (int32_t c = x->first; x->first >= 0 && c < x->first + x->nkids && nbelow < VG_MAX_MOVES * 4; c++)
                below[nbelow++] = c;
        }
        memcpy(level, below, (size_t)nbelow * sizeof *below);
        nlevel = nbelow;
    }
    return -1;
}

/* The root child to play: a proven win (the shortest), else the most
 * visited child not lost (ties: the greater total), else, when every
 * child loses, the longest proof. */
static int32_t best_child(const mcts *m) {
    const mnode *r = &m->nodes[0];
    int32_t best = -1;
    for (int32_t c = r->first; c < r->first + r->nkids; c++) {
        const mnode *y = &m->nodes[c], *b = best >= 0 ? &m->nodes[best] : NULL;
        int better;
        if (!y->seen) continue;
        if (!b) better = 1;
        else if (y->dup != b->dup) better = b->dup;
        else if (y->proven != b->proven) better = y->proven > 0 || (y->proven == 0 && b->proven < 0);
        else if (y->proven > 0) better = y->plies < b->plies;
        else if (y->proven < 0 && r->proven) better = y->plies > b->plies;
        else better = y->visits > b->visits || (y->visits == b->visits && y->total > b->total);
        if (better) best = c;
    }
    return best;
}

static int mcts_act(void *self, fm *f, const vg_state *s) {
    mcts *m = self;
    m->bound = !m->turns && vg_game_bound(m->g, NULL) != VG_BOUND_NONE;
    m->sampled = f->players > 1 && f->model != FM_MODEL_NIL; /* GVGAI's two-player sampleMCTS */
    if (m->sampled) m->dedup = 0;                            /* a node's state is one sample too */
    int32_t r = find_root(m, s);
    if (r >= 0) compact(m, r);
    else m->n = 0;
    if (m->n > m->max_nodes / 2) m->n = 0; /* too little room left to grow: start afresh */
    m->next_root = -1;
    if (m->n == 0) {
        if (!reserve(m, 1)) return fm_failf(f, VG_ERR_NOMEM, "out of memory"), -1;
        if (m->dedup) seen_clear(m);
        see(m, add_node(m, -1, VG_ACTION_NIL, 0), s);
    }
    if (m->n == 1) m->vmin = INFINITY, m->vmax = -INFINITY;
    if (m->nodes[0].first < 0 && !list_children(m, f, 0, s)) return -1;
    if (!m->nodes[0].proven) do
            iterate(m, f, s);
        while (!fm_spent(f) && !m->nodes[0].proven && !m->nodes[0].dup);
    int32_t best = best_child(m);
    if (best < 0) best = m->nodes[0].first; /* nothing tried: the first move */
    const mnode *b = &m->nodes[best];
    f->value = b->visits ? b->total / (double)b->visits : 0;
    f->has_value = 1;
    m->next_root = best;
    return b->move;
}

const agent_def agent_mcts = {
    "mcts",
    "UCT Monte Carlo tree search with random rollouts, for one player or several taking turns, chance nodes, proofs; tree kept between decisions",
    mcts_params,
    9,
    mcts_create,
    mcts_act,
    mcts_free};
