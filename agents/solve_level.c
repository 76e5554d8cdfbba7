/* SPDX-License-Identifier: MIT
 *
 * solve_level.c -- see solve_level.h: the level solver (not the "solve"
 * agent, which solves two-player games exactly: solve.c).
 *
 * A* with integer priorities in buckets: f = 8 g + round(8 weight h); in a
 * bucket the last state added comes out first (deeper states first among
 * equals). States are deduplicated by the positional key (search.h),
 * which merges states that differ only in things that do not matter to
 * positions (the orientation a pushed box is left with). A position is
 * kept with the fewest actions that reached it, and that number (plus
 * one; 1 for a dead position, which gets no node) also in its hash-map
 * slot, so that a repeat is turned away without reading its node: on
 * Bait level 3 that saves a sixth of the time. A state is stored,
 * packed, only while it waits to be expanded.
 *
 * Two phases (weight 1). A quick weighted search (QUICK_WEIGHT) finds
 * some win of length U; then A* keeps only positions whose f is below U,
 * those that could lie on a shorter win. On Bait level 3 almost every
 * position A* would leave open at the end has f = U: not storing them
 * halves the time and the memory. A* either finds a shorter win, the
 * shortest, or runs dry, and then the quick win is shortest.
 *
 * Optimality: with weight 1 the bound is admissible and consistent
 * (search.c), so a state is expanded at most once, with its least g, and
 * the first win removed from the open list is a shortest one. A win found
 * while expanding a state whose f equals the win's length is taken at once
 * (nothing left open can be shorter). Dead states (search.c) cannot lead
 * to a win and are dropped.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "searchtree.h"
#include "solve_level.h"

/* One A* search: its nodes, open list, closed set and scratch states. */
typedef struct search {
    const vg_game *g;
    fm *f;
    const solve_opts *o;
    solve_result *r;
    int below;  /* keep only positions whose f is below this (see astar) */
    int blind;  /* the bound is 0 on every live state: breadth-first search */
    stree t;    /* nodes and the open list (searchtree.h) */
    hmap bypos; /* positional key -> node; 'aux' the fewest actions + 1 (1: dead) */
    packer *pk;
    vg_state *cur, *kids[VG_MAX_ACTIONS];
    vg_action acts[VG_MAX_ACTIONS];
    uint64_t keys[VG_MAX_ACTIONS];
    int hs[VG_MAX_ACTIONS]; /* the children's bounds, -1: not yet known */
    long pruned, repeats;   /* children turned away beyond 'below', as reached sooner (see children) */
    stree_holding hd;       /* the states about to be expanded, whole (searchtree.h) */
    uint32_t win;           /* the node of the win found, UINT32_MAX: none yet */
} search;

static int prio(const search *S, int g, int h) { return stree_prio(&S->t, g, h); }

/* Step 1 of an expansion: the children of S->cur (node 'id') that are
 * not lost and not back at its position or its parent's, in S->kids,
 * S->acts, S->keys and S->hs (their hash slots start loading meanwhile);
 * their number, or -1 on a script error (kept in the fm). A child back at
 * either position would be turned away by admit() (reached sooner), but
 * only after a probe of the map, a cache miss: on Bait these are two
 * thirds of the children seen before. So would a child whose f is not
 * below S->below: while such children have outnumbered the repeats
 * turned away by the map, their bounds come first, and they are dropped
 * here, unprobed (Bait level 3: about 3.5 million); else the
 * bound is left to admit(), for new positions only (level 4: none dropped,
 * 116,000 repeats that need no bound). */
static int children(search *S, uint32_t id) {
    uint64_t here = S->t.nodes[id].key, before = S->t.nodes[id].pkey;
    int na = vg_actions(S->g, S->cur, S->acts), nk = 0, cg = S->t.nodes[id].g + 1, first = S->pruned > S->repeats;
    for (int k = 0; k < na; k++) {
        vg_state *c = S->kids[nk];
        if (k + 1 < na) {
            fm_copy(S->f, c, S->cur);
        } else { /* the last child: S->cur itself (no copy), its buffer now spare */
            S->kids[nk] = S->cur;
            S->cur = c;
            c = S->kids[nk];
        }
        if (fm_advance(S->f, c, S->acts[k]) != VG_OK) return -1;
        S->r->generated++;
        S->r->chance |= vg_state_drew(c);
        if (vg_is_over(c) && vg_winner_of(c) != VG_PLAYER_WINS) continue;
        S->keys[nk] = search_key(S->g, c);
        if (S->keys[nk] == here || S->keys[nk] == before) continue;
        S->hs[nk] = first ? fm_bound(S->f, c) : -1;
        if (first && S->hs[nk] < VG_BOUND_DEAD && cg + S->hs[nk] >= S->below) {
            S->pruned++;
            continue;
        }
        hmap_prefetch(&S->bypos, S->keys[nk]);
        S->acts[nk++] = S->acts[k];
    }
    return nk;
}

/* Step 2 of an expansion, for child 'k' of node 'id' reached with 'cg'
 * actions: a node for a new position, or a shorter way to a known one.
 * 'fcur' is the priority being expanded. 1 done, 0 out of memory. */
static int admit(search *S, uint32_t id, int k, int cg, int fcur) {
    vg_state *child = S->kids[k];
    int added;
    hslot *slot = hmap_find(&S->bypos, S->keys[k]);
    if (slot && (int)slot->aux - 1 <= cg) return S->repeats++, 1; /* reached as soon before, or dead */
    int h = slot ? S->t.nodes[slot->val].h : S->hs[k] >= 0 ? S->hs[k] : fm_bound(S->f, child);
    if (h < VG_BOUND_DEAD && cg + h >= S->below) return S->pruned++, 1; /* not kept: cannot be on a shorter win */
    if (!slot) {
        if (!(slot = hmap_put(&S->bypos, S->keys[k], UINT32_MAX, &added))) return 0;
        S->r->distinct++;
        if (h >= VG_BOUND_DEAD) { /* never entered: as if reached with g = 0 */
            slot->aux = 1;
            return 1;
        }
        if ((slot->val = stree_add(&S->t)) == UINT32_MAX) return 0;
        S->t.nodes[slot->val].h = h;
        S->t.nodes[slot->val].key = S->keys[k];
    }
    uint32_t cid = slot->val;
    slot->aux = (uint32_t)cg + 1;
    stnode *c = &S->t.nodes[cid];
    c->parent = id;
    c->pkey = S->t.nodes[id].key;
    c->action = (uint8_t)S->acts[k];
    c->g = cg;
    c->expanded = 0;
    stree_hold_drop(&S->t, &S->hd, cid); /* its state from this way instead */
    packer_release(S->pk, c->st);
    c->st = NULL;
    vg_clear_events(child); /* stored only to be advanced again: smaller packed */
    if (vg_winner_of(child) == VG_PLAYER_WINS) {
        c->h = 0;
        c->win = 1;
        /* Nothing open is shorter: every other win passes an open state
         * whose f is at least fcur, and with no bound also one more
         * action (an open state is not won). */
        if (S->t.weight == 1 && prio(S, cg, 0) <= fcur + (S->blind ? 8 : 0)) {
            S->win = cid;
            return 1;
        }
    } else if (S->t.weight == 1 && prio(S, cg, c->h) == fcur) { /* comes out soon: held whole */
        if (!stree_hold(&S->t, &S->hd, S->pk, cid, &S->kids[k])) return 0;
    } else if (!(c->st = packer_pack(S->pk, child))) {
        return 0;
    }
    return stree_push(&S->t, cid);
}

/* Expands node 'id' into S->cur and its children: 1 done, 0 out of
 * memory, -1 a script error. */
static int expand(search *S, uint32_t id) {
    stnode *n = &S->t.nodes[id];
    int fcur = S->t.open.minf;
    n->expanded = 1;
    if (n->held) { /* whole: no unpacking */
        stree_hold_take(&S->t, &S->hd, id, &S->cur);
    } else {
        packer_unpack(S->pk, n->st, S->cur);
        packer_release(S->pk, n->st);
        n->st = NULL;
    }
    S->r->expanded++;
    int nk = children(S, id), cg = S->t.nodes[id].g + 1;
    if (nk < 0) return -1;
    for (int k = 0; k < nk && S->win == UINT32_MAX; k++)
        if (!admit(S, id, k, cg, fcur)) return 0;
    return 1;
}

/* Allocates what a search needs; 0 when out of memory. */
static int setup(search *S) {
    int ok = 1;
    S->blind = vg_game_bound(S->g, NULL) == VG_BOUND_NONE;
    S->cur = vg_state_new(S->g, 0);
    for (int k = 0; k < VG_MAX_ACTIONS; k++) ok &= (S->kids[k] = vg_state_new(S->g, 0)) != NULL;
    ok &= stree_hold_init(&S->hd, S->g);
    S->pk = packer_new(S->g);
    return ok && S->pk && S->cur && hmap_init(&S->bypos, 1 << 10) && stree_add(&S->t) != UINT32_MAX;
}

static void teardown(search *S) {
    stree_free(&S->t);
    hmap_free(&S->bypos);
    vg_state_free(S->cur);
    for (int k = 0; k < VG_MAX_ACTIONS; k++) vg_state_free(S->kids[k]);
    stree_hold_free(&S->hd);
    packer_free(S->pk);
}

/* The root (node 0, 'start') stored and pushed: SOLVE_UNDECIDED to go on,
 * SOLVE_SOLVED when 'start' is won, SOLVE_UNSOLVABLE when it is dead,
 * SOLVE_NOMEM. */
static solve_status root(search *S, const vg_state *start) {
    int added;
    hslot *slot;
    packer_set_ref(S->pk, S->f, start);
    S->t.nodes[0].h = fm_bound(S->f, start);
    if (vg_winner_of(start) == VG_PLAYER_WINS) {
        S->r->optimal = 1;
        return stree_plan(&S->t, 0, &S->r->plan, &S->r->len) ? SOLVE_SOLVED : SOLVE_NOMEM;
    }
    if (S->t.nodes[0].h >= VG_BOUND_DEAD) return SOLVE_UNSOLVABLE;
    S->t.nodes[0].key = S->t.nodes[0].pkey = search_key(S->g, start);
    if (!(S->t.nodes[0].st = packer_pack(S->pk, start)) ||
        !(slot = hmap_put(&S->bypos, S->t.nodes[0].key, 0, &added)) || !stree_push(&S->t, 0))
        return SOLVE_NOMEM;
    slot->aux = 1; /* g + 1: see admit() */
    S->r->distinct = 1;
    return SOLVE_UNDECIDED;
}

/* What the open list proves: some open state on a shortest win has
 * f = 8 g + round(8 weight h) <= 8 weight (g + h) + 1/2 <= 8 weight L + 1/2
 * (h never overestimates), so L >= (minf - 1/2) / (8 weight). */
static int lower_bound(const search *S) { return (int)ceil((S->t.open.minf - 0.5) / 8.0 / S->t.weight); }

/* A* from 'start', keeping only positions whose f (in actions) is below
 * 'below': with weight 1, every win shorter than 'below' is still found,
 * the shortest first; no win at all says none is shorter. */
static solve_status astar(const vg_game *g, fm *f, const vg_state *start, const solve_opts *o, int below,
                          solve_result *r) {
    memset(r, 0, sizeof *r);
    double t0 = fm_now();
    search S = {.g = g,
                .f = f,
                .o = o,
                .r = r,
                .below = below,
                .t = {.weight = o->weight > 1 ? o->weight : 1},
                .win = UINT32_MAX};
    solve_status st = setup(&S) ? root(&S, start) : SOLVE_NOMEM;
    if (st == SOLVE_UNDECIDED) st = SOLVE_UNSOLVABLE; /* until a win or the limits say otherwise */
    else goto done;
    for (;;) {
        uint32_t id = stree_pop(&S.t);
        if (id == UINT32_MAX) break;
        stnode *n = &S.t.nodes[id];
        if (n->win) { /* a win waiting in the list: the shortest */
            S.win = id;
            break;
        }
        if ((o->max_states && r->expanded >= o->max_states) ||
            (o->max_seconds > 0 && (r->expanded & 1023) == 0 && fm_now() - t0 > o->max_seconds)) {
            S.t.open.minf = prio(&S, n->g, n->h);
            st = SOLVE_UNDECIDED;
            break;
        }
        int e = expand(&S, id);
        if (e <= 0) {
            st = e == 0 ? SOLVE_NOMEM : SOLVE_ERROR;
            goto done;
        }
        if (S.win != UINT32_MAX) break;
    }
    if (S.win != UINT32_MAX) {
        if (!stree_plan(&S.t, S.win, &r->plan, &r->len)) {
            st = SOLVE_NOMEM;
            goto done;
        }
        st = SOLVE_SOLVED;
        r->optimal = S.t.weight == 1;
        r->lower_bound = r->optimal ? r->len : lower_bound(&S);
    } else if (st == SOLVE_UNDECIDED) {
        r->lower_bound = lower_bound(&S);
    }
done:
    r->status = st;
    r->seconds = fm_now() - t0;
    teardown(&S);
    return st;
}

/* Weighted A* with this weight finds the Bait levels' shortest wins, or
 * nearly, in a small fraction of the time A* needs to prove them shortest. */
#define QUICK_WEIGHT 10

/* What is left of the limits in 'o' after 'used'; 0 stays unlimited. */
static solve_opts remaining(const solve_opts *o, const solve_result *used) {
    solve_opts rest = *o;
    if (o->max_states) rest.max_states = o->max_states > used->expanded ? o->max_states - used->expanded : 1;
    if (o->max_seconds > 0) rest.max_seconds = o->max_seconds > used->seconds ? o->max_seconds - used->seconds : 1e-9;
    return rest;
}

/* A search capped at 'cap' (f below it) that found nothing: no win that short. */
static solve_status capped(solve_result *r, int cap) {
    if (r->status == SOLVE_UNSOLVABLE && cap != INT_MAX) r->lower_bound = cap;
    return r->status;
}

solve_status solve_level(const vg_game *g, fm *f, const vg_state *start, const solve_opts *o, solve_result *r) {
    int cap = o->max_len > 0 ? o->max_len + 1 : INT_MAX;
    /* With no bound (0 on every state not lost) a quick weighted search
     * would be the same breadth-first search as the proof. */
    if (o->weight > 1 || vg_game_bound(g, NULL) == VG_BOUND_NONE) return astar(g, f, start, o, cap, r), capped(r, cap);
    /* 1. A quick win, not always a shortest one, on at most half the limits. */
    solve_opts quick = *o;
    quick.weight = QUICK_WEIGHT;
    quick.max_states = o->max_states > 1 ? o->max_states / 2 : o->max_states;
    quick.max_seconds = o->max_seconds / 2;
    solve_result first;
    astar(g, f, start, &quick, cap, &first);
    if (first.status == SOLVE_UNSOLVABLE || first.status == SOLVE_ERROR) { /* every position was seen, or an error */
        *r = first;
        return capped(r, cap);
    }
    /* 2. A* over the positions that could lie on a shorter win (all of
     *    them when there is no quick win): it finds the shortest of those,
     *    or shows that the quick one is shortest. */
    int solved = first.status == SOLVE_SOLVED;
    solve_opts rest = remaining(o, &first);
    astar(g, f, start, &rest, solved ? first.len : cap, r);
    if (solved && r->status != SOLVE_SOLVED &&
        r->status != SOLVE_ERROR) { /* none shorter, or none found within the limits */
        r->optimal = r->status == SOLVE_UNSOLVABLE;
        if (r->optimal) r->lower_bound = first.len;
        r->status = SOLVE_SOLVED;
        r->plan = first.plan;
        r->len = first.len;
    } else {
        free(first.plan);
    }
    r->chance |= first.chance;
    r->expanded += first.expanded;
    r->generated += first.generated;
    r->seconds += first.seconds;
    return capped(r, cap);
}
