/* SPDX-License-Identifier: MIT
 *
 * mcts.c -- Monte Carlo tree search with UCT (the coursework's outline,
 * GVGAI's sampleMCTS): select by Q + c sqrt(ln N_parent / N) (Q: see
 * q_of()); expand one untried action; roll out random actions up to
 * 'rollout_depth' ticks, avoiding an action that loses at once when
 * another does not (uniformly random rollouts walk into Bait's holes so
 * often that the tree would learn to fear every cell near one); value =
 * score + heuristic_weight * heuristic + a large bonus for a win (less one
 * per action from the root: sooner is better), minus a large penalty for
 * a loss; back it up. A loss
 * met in the tree is marked and avoided (see iterate()). The
 * tree is open-loop (a node is an action sequence, replayed from the
 * root state each iteration) and kept between ticks: when the state
 * after the chosen action is the one the tree saw there (same
 * vg_state_hash), that child becomes the new root. The most visited root
 * child is played.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "search.h"

typedef struct mnode {
    int32_t child[VG_MAX_ACTIONS];   /* -1: untried */
    int32_t parent;
    uint8_t nacts, tried, action, terminal, lost;   /* lost: the game is lost there, or below whatever is done */
    vg_action acts[VG_MAX_ACTIONS];
    uint64_t hash;                   /* vg_state_hash on reaching it */
    double total;                    /* sum of values (reported) */
    double wins;                     /* sum over won rollouts of 1 - 0.001 * actions from the root */
    double nt_sum;                   /* sum of values of rollouts that left the game going */
    int64_t nt, visits;
} mnode;

typedef struct mcts {
    const vg_game *g;
    double c, hw, bonus, penalty;
    int depth, reuse;
    long max_nodes;
    uint64_t rng;
    mnode *nodes;
    long n, cap;
    int32_t root;
    int32_t next_root;     /* child chosen last tick, -1: none */
    double vmin, vmax;
    vg_state *work, *step;
} mcts;

static const agent_param mcts_params[] = {
    {"c", 1.41, "UCT exploration constant"},
    {"rollout_depth", 10, "random actions per rollout"},
    {"heuristic_weight", 1, "weight of the game's heuristic in a rollout's value (0: score only)"},
    {"win_bonus", 1000, "added to a win's value"},
    {"loss_penalty", 1000, "subtracted from a loss's value"},
    {"reuse", 1, "1: keep the subtree of the chosen action for the next tick"},
    {"max_nodes", 200000, "tree size: a decision stops growing the tree when full; a kept subtree over half of it is dropped"},
};

static void mcts_free(void *self) {
    mcts *m = self;
    if (!m) return;
    free(m->nodes);
    vg_state_free(m->work);
    vg_state_free(m->step);
    free(m);
}

static void *mcts_create(const vg_game *g, const double *p, uint64_t seed) {
    mcts *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->g = g;
    m->c = p[0];
    m->depth = p[1] < 0 ? 0 : (int)p[1];
    m->hw = p[2];
    m->bonus = p[3];
    m->penalty = p[4];
    m->reuse = p[5] != 0;
    m->max_nodes = p[6] < 16 ? 16 : (long)p[6];
    m->rng = rng_seed_of(seed);
    m->work = vg_state_new(g, 0);
    m->step = vg_state_new(g, 0);
    m->next_root = -1;
    if (!m->work || !m->step) {
        mcts_free(m);
        return NULL;
    }
    return m;
}

static int32_t new_node(mcts *m, int32_t parent, vg_action a, const vg_state *s) {
    if (m->n == m->cap) {
        long nc = m->cap ? m->cap * 2 : 4096;
        if (nc > m->max_nodes) nc = m->max_nodes;
        if (m->n == nc) return -1;
        mnode *nn = realloc(m->nodes, (size_t)nc * sizeof *nn);
        if (!nn) return -1;
        m->nodes = nn;
        m->cap = nc;
    }
    mnode *x = &m->nodes[m->n];
    memset(x, 0, sizeof *x);
    for (int k = 0; k < VG_MAX_ACTIONS; k++) x->child[k] = -1;
    x->parent = parent;
    x->action = (uint8_t)a;
    x->terminal = (uint8_t)vg_is_over(s);
    x->nacts = x->terminal ? 0 : (uint8_t)vg_actions(m->g, s, x->acts);
    x->hash = vg_state_hash(s);
    /* try the actions in a random order */
    for (int k = x->nacts - 1; k > 0; k--) {
        int j = rng_below(&m->rng, k + 1);
        vg_action t = x->acts[k];
        x->acts[k] = x->acts[j], x->acts[j] = t;
    }
    return (int32_t)m->n++;
}

/* 'steps': actions from the root; a sooner win is worth more. */
static double rollout_value(mcts *m, const vg_state *s, int steps) {
    double v = vg_score(s);
    if (m->hw != 0) v += m->hw * vg_heuristic(m->g, s, NULL);
    if (vg_winner_of(s) == VG_PLAYER_WINS) v += m->bonus - steps;
    else if (vg_is_over(s)) v -= m->penalty;
    return v;
}

/* The UCT choice among the children not lost; -1 when all are. Q is a
 * mean over rollouts of: 1 for a win (a little less the later it comes),
 * 0 for a loss, and for a game still going its value scaled into
 * [0.1, 0.9] by the least and greatest such values seen. So a win
 * outranks every heuristic value without its size (win_bonus) swamping
 * the differences between the others, and one lucky rollout cannot lock
 * the search onto its child. */
static double q_of(const mcts *m, const mnode *c) {
    if (c->visits == 0) return 0;
    double range = m->vmax - m->vmin, nt;
    if (m->vmin > m->vmax || range <= 0) nt = 0.5 * (double)c->nt;
    else nt = 0.1 * (double)c->nt + 0.8 * (c->nt_sum - (double)c->nt * m->vmin) / range;
    return (c->wins + nt) / (double)c->visits;
}

static int32_t select_child(mcts *m, const mnode *x) {
    double lnN = log((double)x->visits + 1), best = -INFINITY;
    int32_t pick = -1;
    for (int k = 0; k < x->nacts; k++) {
        const mnode *c = &m->nodes[x->child[k]];
        if (c->lost) continue;
        double u = q_of(m, c) + m->c * sqrt(lnN / ((double)c->visits + 1e-9)) + rng_unit(&m->rng) * 1e-6;
        if (u > best) best = u, pick = x->child[k];
    }
    return pick;
}

/* A random available action that does not lose at once, when there is one. */
static void safe_step(mcts *m, fm *f) {
    vg_action acts[VG_MAX_ACTIONS];
    int n = vg_actions(m->g, m->work, acts);
    while (n > 0) {
        int k = rng_below(&m->rng, n);
        fm_copy(f, m->step, m->work);
        fm_advance(f, m->step, acts[k]);
        if (!vg_is_over(m->step) || vg_winner_of(m->step) == VG_PLAYER_WINS || n == 1) {
            vg_state *t = m->work;
            m->work = m->step;
            m->step = t;
            return;
        }
        acts[k] = acts[--n];
    }
}

/* One iteration from the root state 's'; 0 when the tree is full. A
 * loss found in the tree is known for sure (the game is deterministic as
 * far as the tree can tell): its node is marked lost and never chosen
 * again, and a node all of whose children are lost is lost too; neither
 * is averaged into the nodes above (play would never go there). */
static int iterate(mcts *m, fm *f, const vg_state *s) {
    fm_copy(f, m->work, s);
    int32_t cur = m->root;
    int steps = 0;
    for (;;) {
        mnode *x = &m->nodes[cur];
        if (x->terminal || vg_is_over(m->work)) break;
        if (x->tried < x->nacts) {   /* expand */
            vg_action a = x->acts[x->tried];
            fm_advance(f, m->work, a);
            int32_t c = new_node(m, cur, a, m->work);
            if (c < 0) return 0;
            x = &m->nodes[cur];
            x->child[x->tried++] = c;
            cur = c;
            f->expanded++;
            steps++;
            break;
        }
        int32_t next = select_child(m, x);
        if (next < 0) {   /* every child loses: so does this node */
            x->lost = 1;
            return 1;
        }
        cur = next;
        fm_advance(f, m->work, (vg_action)m->nodes[cur].action);
        steps++;
    }
    if (vg_is_over(m->work) && vg_winner_of(m->work) != VG_PLAYER_WINS) {
        mnode *x = &m->nodes[cur];
        x->lost = 1;
        x->visits++;
        x->total += rollout_value(m, m->work, steps);
        return 1;
    }
    for (int d = 0; d < m->depth && !vg_is_over(m->work); d++, steps++) safe_step(m, f);
    double v = rollout_value(m, m->work, steps);
    int going = !vg_is_over(m->work), won = vg_winner_of(m->work) == VG_PLAYER_WINS;
    if (going) {
        if (v < m->vmin) m->vmin = v;
        if (v > m->vmax) m->vmax = v;
    }
    double w = won ? 1 - 0.001 * (steps < 100 ? steps : 100) : 0;
    for (int32_t k = cur; k >= 0; k = k == m->root ? -1 : m->nodes[k].parent) {
        mnode *x = &m->nodes[k];
        x->total += v;
        x->visits++;
        x->wins += w;
        if (going) x->nt++, x->nt_sum += v;
    }
    return 1;
}

/* Keeps only the subtree under 'r', renumbered from 0. */
static void compact(mcts *m, int32_t r) {
    int32_t *map = malloc((size_t)m->n * sizeof *map), *queue = malloc((size_t)m->n * sizeof *queue);
    mnode *nn = malloc((size_t)m->cap * sizeof *nn);
    if (!map || !queue || !nn) {
        free(map);
        free(queue);
        free(nn);
        m->n = 0;
        return;
    }
    long head = 0, tail = 0;
    queue[tail++] = r;
    map[r] = 0;
    while (head < tail) {   /* breadth-first numbering */
        const mnode *x = &m->nodes[queue[head++]];
        for (int k = 0; k < x->tried; k++) map[x->child[k]] = (int32_t)tail, queue[tail++] = x->child[k];
    }
    for (long i = 0; i < tail; i++) {
        nn[i] = m->nodes[queue[i]];
        for (int k = 0; k < nn[i].tried; k++) nn[i].child[k] = map[nn[i].child[k]];
        nn[i].parent = i == 0 ? -1 : map[nn[i].parent];
    }
    free(m->nodes);
    m->nodes = nn;
    m->n = tail;
    free(map);
    free(queue);
}

static vg_action mcts_act(void *self, fm *f, const vg_state *s) {
    mcts *m = self;
    uint64_t h = vg_state_hash(s);
    if (m->reuse && m->next_root >= 0 && m->next_root < m->n && m->nodes[m->next_root].hash == h) compact(m, m->next_root);
    else m->n = 0;
    if (m->n > m->max_nodes / 2) m->n = 0;   /* too little room left to grow: start afresh */
    m->next_root = -1;
    if (m->n == 0) {
        m->vmin = INFINITY, m->vmax = -INFINITY;
        if (new_node(m, -1, VG_ACTION_NIL, s) < 0) return VG_ACTION_NIL;
    }
    m->root = 0;
    mnode *root = &m->nodes[0];
    root->parent = -1;
    if (m->n == 1) m->vmin = INFINITY, m->vmax = -INFINITY;
    if (root->nacts == 0) return VG_ACTION_NIL;
    do {
        if (!iterate(m, f, s)) break;
    } while (!fm_spent(f) && !m->nodes[0].lost);
    root = &m->nodes[0];
    int32_t best = -1;
    for (int k = 0; k < root->tried; k++) {
        const mnode *c = &m->nodes[root->child[k]];
        if (c->lost && root->tried > 1 && !m->nodes[0].lost) continue;
        if (best < 0 || c->visits > m->nodes[best].visits ||
            (c->visits == m->nodes[best].visits && c->total > m->nodes[best].total))
            best = root->child[k];
    }
    if (best < 0) return root->acts[0];
    f->value = m->nodes[best].visits ? m->nodes[best].total / (double)m->nodes[best].visits : 0;
    f->has_value = 1;
    m->next_root = best;
    return (vg_action)m->nodes[best].action;
}

const agent_def agent_mcts = {"mcts", "UCT Monte Carlo tree search with random rollouts, tree kept between ticks",
                              mcts_params, 7, mcts_create, mcts_act, mcts_free};
