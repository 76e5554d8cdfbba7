/* SPDX-License-Identifier: MIT
 *
 * solve.c -- see solve.h.
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
#include "search.h"
#include "solve.h"

typedef struct node {
    packed *st;           /* stored while open, packed against the start */
    uint32_t parent;
    int32_t g, h;
    uint8_t action, expanded, win, held;
} node;

/* The children last pushed into the bucket being expanded come out of it
 * next (a bucket is a stack), so the latest HOLD of them are held whole
 * instead of packed and unpacked; the oldest is packed when a new one
 * does not fit. Entries [0, n) are held, the buffers after them spare. */
enum { HOLD = 32 };
typedef struct holding {
    uint32_t id[HOLD];
    vg_state *st[HOLD];
    int n;
} holding;

/* Takes entry i out of the holding; its buffer becomes the first spare. */
static void unhold(holding *hd, int i) {
    vg_state *buf = hd->st[i];
    for (int k = i; k + 1 < hd->n; k++) hd->id[k] = hd->id[k + 1], hd->st[k] = hd->st[k + 1];
    hd->st[--hd->n] = buf;
}

static int held_at(const holding *hd, uint32_t id) {
    int i = hd->n - 1;
    while (i >= 0 && hd->id[i] != id) i--;
    return i;
}

typedef struct bucket {
    uint32_t *ids;
    uint32_t n, cap;
} bucket;

typedef struct search {
    const vg_game *g;
    node *nodes;
    uint32_t nnodes, cap;
    bucket *buckets;
    int nbuckets;
    int minf;             /* no open state has a smaller f */
    long open;
    double weight;
} search;

static int prio(const search *S, int g, int h) { return 8 * g + (int)lround(8.0 * S->weight * h); }

static int push(search *S, uint32_t id) {
    node *n = &S->nodes[id];
    int f = prio(S, n->g, n->h);
    if (f >= S->nbuckets) {
        int nb = S->nbuckets ? S->nbuckets : 256;
        while (nb <= f) nb *= 2;
        bucket *b = realloc(S->buckets, (size_t)nb * sizeof *b);
        if (!b) return 0;
        memset(b + S->nbuckets, 0, (size_t)(nb - S->nbuckets) * sizeof *b);
        S->buckets = b;
        S->nbuckets = nb;
    }
    bucket *b = &S->buckets[f];
    if (b->n == b->cap) {
        uint32_t nc = b->cap ? b->cap * 2 : 64, *ids = realloc(b->ids, nc * sizeof *ids);
        if (!ids) return 0;
        b->ids = ids;
        b->cap = nc;
    }
    b->ids[b->n++] = id;
    if (f < S->minf) S->minf = f;
    S->open++;
    return 1;
}

/* Next open state to expand, or UINT32_MAX when none. */
static uint32_t pop(search *S) {
    while (S->open > 0) {
        while (S->minf < S->nbuckets && S->buckets[S->minf].n == 0) S->minf++;
        if (S->minf >= S->nbuckets) break;
        bucket *b = &S->buckets[S->minf];
        uint32_t id = b->ids[--b->n];
        S->open--;
        node *n = &S->nodes[id];
        if (n->expanded || prio(S, n->g, n->h) != S->minf) continue;   /* stale entry */
        return id;
    }
    return UINT32_MAX;
}

static uint32_t new_node(search *S) {
    if (S->nnodes == S->cap) {
        uint32_t nc = S->cap ? S->cap * 2 : 4096;
        node *nn = realloc(S->nodes, nc * sizeof *nn);
        if (!nn) return UINT32_MAX;
        S->nodes = nn;
        S->cap = nc;
    }
    memset(&S->nodes[S->nnodes], 0, sizeof(node));
    return S->nnodes++;
}

static int plan_of(search *S, uint32_t id, solve_result *r) {
    int len = 0;
    for (uint32_t k = id; k != 0; k = S->nodes[k].parent) len++;
    r->plan = malloc((size_t)(len ? len : 1) * sizeof *r->plan);
    if (!r->plan) return 0;
    r->len = len;
    for (uint32_t k = id; k != 0; k = S->nodes[k].parent) r->plan[--len] = (vg_action)S->nodes[k].action;
    return 1;
}

/* A* from 'start', keeping only positions whose f (in actions) is below
 * 'below': with weight 1, every win shorter than 'below' is still found,
 * the shortest first; no win at all says none is shorter. */
static solve_status astar(const vg_game *g, fm *f, const vg_state *start, const solve_opts *o, int below,
                          solve_result *r) {
    memset(r, 0, sizeof *r);
    double t0 = fm_now();
    search S = {0};
    S.g = g;
    S.weight = o->weight > 1 ? o->weight : 1;
    sbound *bound = sbound_new(g, start);
    vg_state *cur = vg_state_new(g, 0), *kids[VG_MAX_ACTIONS];
    holding hd = {0};
    int have_bufs = 1;
    for (int k = 0; k < VG_MAX_ACTIONS; k++) have_bufs &= (kids[k] = vg_state_new(g, 0)) != NULL;
    for (int k = 0; k < HOLD; k++) have_bufs &= (hd.st[k] = vg_state_new(g, 0)) != NULL;
    packer *pk = packer_new(g);
    hmap bypos = {0};
    solve_status st = SOLVE_NOMEM;
    uint32_t root;
    if (!bound || !pk || !cur || !have_bufs || !hmap_init(&bypos, 1 << 16) ||
        (root = new_node(&S)) == UINT32_MAX)
        goto done;
    packer_set_ref(pk, f, start);
    S.minf = 0;
    S.nodes[root].h = sbound_of(bound, start);
    if (vg_winner_of(start) == VG_PLAYER_WINS) {
        st = SOLVE_SOLVED;
        r->optimal = 1;
        plan_of(&S, root, r);
        goto done;
    }
    if (S.nodes[root].h >= SBOUND_DEAD) {
        st = SOLVE_UNSOLVABLE;
        goto done;
    }
    int added;
    hslot *rslot;
    if (!(S.nodes[root].st = packer_pack(pk, start)) || !(rslot = hmap_put(&bypos, search_key(g, start), root, &added)) ||
        !push(&S, root))
        goto done;
    rslot->aux = 1;   /* g + 1: see the expansion below */
    r->distinct = 1;
    uint32_t win = UINT32_MAX;
    st = SOLVE_UNSOLVABLE;
    for (;;) {
        uint32_t id = pop(&S);
        if (id == UINT32_MAX) break;
        node *n = &S.nodes[id];
        if (n->win) {   /* a win waiting in the list: the shortest */
            win = id;
            break;
        }
        if ((o->max_states && r->expanded >= o->max_states) ||
            (o->max_seconds > 0 && (r->expanded & 1023) == 0 && fm_now() - t0 > o->max_seconds)) {
            S.minf = prio(&S, n->g, n->h);
            st = SOLVE_UNDECIDED;
            break;
        }
        int fcur = S.minf;
        n->expanded = 1;
        if (n->held) {   /* whole: no unpacking */
            int i = held_at(&hd, id);
            vg_state *whole = hd.st[i];
            hd.st[i] = cur;
            cur = whole;
            unhold(&hd, i);
            n->held = 0;
        } else {
            packer_unpack(pk, n->st, cur);
            packer_release(pk, n->st);
            n->st = NULL;
        }
        r->expanded++;
        /* 1. the children that are not lost, with their keys; their hash
         *    slots start loading meanwhile */
        vg_action acts[VG_MAX_ACTIONS];
        uint64_t keys[VG_MAX_ACTIONS];
        int na = vg_actions(g, cur, acts), nk = 0;
        for (int k = 0; k < na; k++) {
            vg_state *c = kids[nk];
            fm_copy(f, c, cur);
            if (fm_advance(f, c, acts[k]) != VG_OK) goto failed;
            r->generated++;
            if (vg_is_over(c) && vg_winner_of(c) != VG_PLAYER_WINS) continue;
            keys[nk] = search_key(g, c);
            hmap_prefetch(&bypos, keys[nk]);
            acts[nk++] = acts[k];
        }
        /* 2. a node for each new position, or a shorter way to a known one */
        int cg = n->g + 1;
        for (int k = 0; k < nk; k++) {
            vg_state *child = kids[k];
            hslot *slot = hmap_find(&bypos, keys[k]);
            if (slot && (int)slot->aux - 1 <= cg) continue;   /* reached as soon before, or dead */
            int h = slot ? S.nodes[slot->val].h : sbound_of(bound, child);
            if (h < SBOUND_DEAD && cg + h >= below) continue;   /* not kept: cannot be on a shorter win */
            if (!slot) {
                if (!(slot = hmap_put(&bypos, keys[k], UINT32_MAX, &added))) goto nomem;
                r->distinct++;
                if (h >= SBOUND_DEAD) {   /* never entered: as if reached with g = 0 */
                    slot->aux = 1;
                    continue;
                }
                if ((slot->val = new_node(&S)) == UINT32_MAX) goto nomem;
                S.nodes[slot->val].h = h;
            }
            uint32_t cid = slot->val;
            slot->aux = (uint32_t)cg + 1;
            node *c = &S.nodes[cid];
            c->parent = id;
            c->action = (uint8_t)acts[k];
            c->g = cg;
            c->expanded = 0;
            if (c->held) unhold(&hd, held_at(&hd, cid));   /* its state from this way instead */
            c->held = 0;
            packer_release(pk, c->st);
            c->st = NULL;
            vg_clear_events(child);   /* stored only to be advanced again: smaller packed */
            if (vg_winner_of(child) == VG_PLAYER_WINS) {
                c->h = 0;
                c->win = 1;
                if (S.weight == 1 && prio(&S, cg, 0) <= fcur) {   /* nothing open is shorter */
                    win = cid;
                    break;
                }
            } else if (S.weight == 1 && prio(&S, cg, c->h) == fcur) {   /* comes out soon: held whole */
                if (hd.n == HOLD) {
                    node *old = &S.nodes[hd.id[0]];
                    if (!(old->st = packer_pack(pk, hd.st[0]))) goto nomem;
                    old->held = 0;
                    unhold(&hd, 0);
                }
                hd.id[hd.n] = cid;
                kids[k] = hd.st[hd.n];
                hd.st[hd.n++] = child;
                c->held = 1;
            } else if (!(c->st = packer_pack(pk, child))) {
                goto nomem;
            }
            if (!push(&S, cid)) goto nomem;
        }
        if (win != UINT32_MAX) break;
    }
    if (win != UINT32_MAX) {
        if (!plan_of(&S, win, r)) goto nomem;
        st = SOLVE_SOLVED;
        r->optimal = S.weight == 1;
        r->lower_bound = r->optimal ? r->len : (int)ceil(S.minf / 8.0 / S.weight);
    } else if (st == SOLVE_UNDECIDED) {
        r->lower_bound = S.weight == 1 ? S.minf / 8 : 0;
    }
    goto done;
failed:
    st = SOLVE_ERROR;
    goto done;
nomem:
    st = SOLVE_NOMEM;
done:
    r->status = st;
    r->seconds = fm_now() - t0;
    for (int b = 0; b < S.nbuckets; b++) free(S.buckets[b].ids);
    free(S.buckets);
    free(S.nodes);
    hmap_free(&bypos);
    sbound_free(bound);
    vg_state_free(cur);
    for (int k = 0; k < VG_MAX_ACTIONS; k++) vg_state_free(kids[k]);
    for (int k = 0; k < HOLD; k++) vg_state_free(hd.st[k]);
    packer_free(pk);
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

solve_status solve_level(const vg_game *g, fm *f, const vg_state *start, const solve_opts *o, solve_result *r) {
    if (o->weight > 1) return astar(g, f, start, o, INT_MAX, r);
    /* 1. A quick win, not always a shortest one, on at most half the limits. */
    solve_opts quick = *o;
    quick.weight = QUICK_WEIGHT;
    quick.max_states = o->max_states > 1 ? o->max_states / 2 : o->max_states;
    quick.max_seconds = o->max_seconds / 2;
    solve_result first;
    astar(g, f, start, &quick, INT_MAX, &first);
    if (first.status == SOLVE_UNSOLVABLE || first.status == SOLVE_ERROR) {   /* every position was seen, or an error */
        *r = first;
        return r->status;
    }
    /* 2. A* over the positions that could lie on a shorter win (all of
     *    them when there is no quick win): it finds the shortest of those,
     *    or shows that the quick one is shortest. */
    int solved = first.status == SOLVE_SOLVED;
    solve_opts rest = remaining(o, &first);
    astar(g, f, start, &rest, solved ? first.len : INT_MAX, r);
    if (solved && r->status != SOLVE_SOLVED && r->status != SOLVE_ERROR) {   /* none shorter, or none found within the limits */
        r->optimal = r->status == SOLVE_UNSOLVABLE;
        if (r->optimal) r->lower_bound = first.len;
        r->status = SOLVE_SOLVED;
        r->plan = first.plan;
        r->len = first.len;
    } else {
        free(first.plan);
    }
    r->expanded += first.expanded;
    r->generated += first.generated;
    r->seconds += first.seconds;
    return r->status;
}
