/* SPDX-License-Identifier: MIT
 *
 * dfs.c -- the coursework's first Bait agent: plan once with depth-first
 * search from the state it first sees, pruning a state that is already
 * on the current path (same positional key, search.h), then play the
 * plan. The search stops at the first win, so the plan is some winning
 * line, not a shortest one.
 *
 * The search is resumable: when a decision's budget runs out it waits
 * with ACTION_NIL (only when that is checked to change nothing) and goes
 * on next tick. It gives up after 'max_states' states, or when waiting is
 * not possible, and then plays one-step lookahead on the heuristic for
 * the rest of the game. Should the game ever leave the plan, it plans
 * again from there.
 */
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "search.h"

typedef struct frame {
    vg_state *st;
    uint64_t key, hash;
    vg_action acts[VG_MAX_ACTIONS];
    int nacts, next;
} frame;

typedef struct dfs {
    const vg_game *g;
    long max_states;
    int max_depth, wait;
    frame *stack;
    int depth;   /* frames in use; 0: no search */
    hmap onpath; /* key -> 1 while on the path */
    long states;
    uint64_t root_hash;
    int nil_noop, failed;
    vg_state *tmp;
    vg_action *plan;
    uint64_t *plan_hash;
    int plan_len, plan_pos;
} dfs;

static const agent_param dfs_params[] = {
    {"max_states", 200000, "states the planning search may visit in all"},
    {"max_depth", 300, "longest plan searched"},
    {"wait", 1, "1: wait (ACTION_NIL) while planning when waiting provably changes nothing"},
};

static void dfs_free(void *self) {
    dfs *d = self;
    if (!d) return;
    for (int k = 0; d->stack && k <= d->max_depth; k++) vg_state_free(d->stack[k].st);
    free(d->stack);
    hmap_free(&d->onpath);
    vg_state_free(d->tmp);
    free(d->plan);
    free(d->plan_hash);
    free(d);
}

static void *dfs_create(const vg_game *g, const double *p, uint64_t seed) {
    (void)seed;
    dfs *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->g = g;
    d->max_states = (long)p[0];
    d->max_depth = p[1] < 1 ? 1 : (int)p[1];
    d->wait = p[2] != 0;
    d->stack = calloc((size_t)d->max_depth + 1, sizeof *d->stack);
    d->tmp = vg_state_new(g, 0);
    if (!d->stack || !d->tmp || !hmap_init(&d->onpath, 1024)) {
        dfs_free(d);
        return NULL;
    }
    for (int k = 0; k <= d->max_depth; k++)
        if (!(d->stack[k].st = vg_state_new(g, 0))) {
            dfs_free(d);
            return NULL;
        }
    return d;
}

static int push_frame(dfs *d, fm *f, const vg_state *s, uint64_t key) {
    frame *fr = &d->stack[d->depth];
    if (s != fr->st) fm_copy(f, fr->st, s);
    fr->key = key;
    fr->hash = vg_state_hash(s);
    fr->nacts = fm_actions(f, s, fr->acts);
    fr->next = 0;
    int added;
    hslot *v = hmap_put(&d->onpath, key, 0, &added);
    if (!v) return 0;
    v->val++;
    d->depth++;
    return 1;
}

static void pop_frame(dfs *d) {
    d->depth--;
    hslot *v = hmap_find(&d->onpath, d->stack[d->depth].key);
    if (v && v->val) v->val--;
}

static int make_plan(dfs *d) {
    int len = d->depth - 1; /* the top frame is the win */
    free(d->plan);
    free(d->plan_hash);
    d->plan = malloc((size_t)(len + 1) * sizeof *d->plan);
    d->plan_hash = malloc((size_t)(len + 1) * sizeof *d->plan_hash);
    if (!d->plan || !d->plan_hash) return 0;
    for (int k = 0; k < len; k++) {
        d->plan[k] = d->stack[k].acts[d->stack[k].next - 1];
        d->plan_hash[k] = d->stack[k].hash;
    }
    d->plan_len = len;
    d->plan_pos = 0;
    return 1;
}

/* 1 plan found, 0 budget spent, -1 failed (exhausted, too big, no memory). */
static int search(dfs *d, fm *f) {
    while (d->depth > 0) {
        if (d->states >= d->max_states) return -1;
        if (fm_spent_for(f, FM_CHILD)) return 0;
        frame *fr = &d->stack[d->depth - 1];
        if (fr->next >= fr->nacts || d->depth > d->max_depth) {
            pop_frame(d);
            continue;
        }
        vg_action a = fr->acts[fr->next++];
        frame *top = &d->stack[d->depth];
        fm_copy(f, top->st, fr->st);
        fm_advance(f, top->st, a);
        f->expanded++;
        d->states++;
        if (fm_winner(f, top->st) == VG_PLAYER_WINS) {
            d->depth++;
            return make_plan(d) ? 1 : -1;
        }
        if (vg_is_over(top->st)) continue;
        uint64_t key = search_key(d->g, top->st);
        hslot *on = hmap_find(&d->onpath, key);
        if (on && on->val) continue; /* already on the path */
        if (!push_frame(d, f, top->st, key)) return -1;
    }
    return -1;
}

static vg_action greedy(dfs *d, fm *f, const vg_state *s) {
    vg_action acts[VG_MAX_ACTIONS], best = VG_ACTION_NIL;
    int n = fm_actions(f, s, acts);
    double best_v = 0;
    for (int k = 0; k < n && fm_room(f, FM_CHILD); k++) { /* as far as the call budget goes */
        fm_copy(f, d->tmp, s);
        fm_advance(f, d->tmp, acts[k]);
        double v = search_value(f, d->tmp);
        if (k == 0 || v > best_v) best_v = v, best = acts[k];
    }
    return best;
}

static vg_action dfs_decide(dfs *d, fm *f, const vg_state *s) {
    uint64_t h = vg_state_hash(s);
    if (d->plan && d->plan_pos < d->plan_len && d->plan_hash[d->plan_pos] == h) {
        f->value = -(d->plan_len - d->plan_pos);
        f->has_value = 1;
        return d->plan[d->plan_pos++];
    }
    if (d->depth == 0 || h != d->root_hash) {  /* plan from here */
        if (d->failed) return greedy(d, f, s); /* planned once, and it failed */
        d->depth = 0;
        hmap_clear(&d->onpath);
        d->states = 0;
        d->nil_noop = -1;
        d->root_hash = h;
        if (!push_frame(d, f, s, search_key(d->g, s))) return fm_failf(f, VG_ERR_NOMEM, "out of memory"), VG_ACTION_NIL;
    }
    int r = search(d, f);
    if (r == 1) {
        d->depth = 0;
        f->value = -d->plan_len;
        f->has_value = 1;
        return d->plan[d->plan_pos++];
    }
    if (r == 0 && d->wait) {
        if (d->nil_noop < 0 && fm_room(f, FM_CHILD)) {
            fm_copy(f, d->tmp, s);
            fm_advance(f, d->tmp, VG_ACTION_NIL);
            d->nil_noop = !vg_is_over(d->tmp) && vg_state_hash(d->tmp) == h;
        }
        if (d->nil_noop == 1) return VG_ACTION_NIL;
    }
    d->depth = 0;
    d->failed = 1;
    return greedy(d, f, s);
}

static int dfs_act(void *self, fm *f, const vg_state *s) { return fm_action_move(f, dfs_decide(self, f, s)); }

const agent_def agent_dfs = {
    "dfs",   "plan once by depth-first search (path-pruned), then play the plan", dfs_params, 3, dfs_create, dfs_act,
    dfs_free};
