/* SPDX-License-Identifier: MIT
 *
 * planner.c -- see planner.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "openlist.h"
#include "planner.h"
#include "search.h"

typedef struct pnode {
    packed *st;            /* stored while open, packed against the root */
    uint64_t hash;         /* vg_state_hash of the state reached */
    uint32_t parent;
    int32_t g, h;
    float value;           /* heuristic value, for replanning */
    uint8_t action, expanded, win;
} pnode;

struct planner {
    const vg_game *g;
    planner_opts o;
    vg_state *cur, *child;
    packer *pk;            /* stored states, packed against the start of the search in progress */
    /* the search in progress */
    int active;
    uint64_t root_hash;
    int nil_noop;          /* -1 unknown, 0/1 for the root */
    pnode *nodes;
    uint32_t nnodes, cap;
    openlist open;
    hmap bypos;
    uint32_t best;         /* most promising node so far */
    /* the plan being played */
    vg_action *plan;
    uint64_t *plan_hash;   /* vg_state_hash expected before each action */
    int plan_len, plan_pos;
};

static int prio(const planner *p, int g, int h) { return openlist_prio(g, h, p->o.weight); }

static void search_drop(planner *p) {
    p->nnodes = 0;   /* their stored states go with the next packer_set_ref */
    openlist_clear(&p->open);
    hmap_clear(&p->bypos);
    p->active = 0;
}

static uint32_t new_node(planner *p);

planner *planner_new(const vg_game *g, const vg_state *s, const planner_opts *o) {
    (void)s;
    planner *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->g = g;
    p->o = *o;
    if (p->o.weight < 1) p->o.weight = 1;
    p->cur = vg_state_new(g, 0);
    p->child = vg_state_new(g, 0);
    p->pk = packer_new(g);
    /* room for a whole search: growing a big map mid-decision would take long */
    size_t presize = o->max_states > 0 && o->max_states <= (1L << 22) ? (size_t)o->max_states : 1 << 12;
    if (!p->cur || !p->child || !p->pk || !hmap_init(&p->bypos, presize) ||
        new_node(p) == UINT32_MAX) {
        planner_free(p);
        return NULL;
    }
    /* touch it all now: page faults in the middle of a decision would cost
     * it its budget */
    memset(p->bypos.slots, 0, p->bypos.cap * sizeof *p->bypos.slots);
    memset(p->nodes, 0, p->cap * sizeof *p->nodes);
    p->nnodes = 0;
    return p;
}

void planner_free(planner *p) {
    if (!p) return;
    search_drop(p);
    openlist_free(&p->open);
    free(p->nodes);
    hmap_free(&p->bypos);
    vg_state_free(p->cur);
    vg_state_free(p->child);
    packer_free(p->pk);
    free(p->plan);
    free(p->plan_hash);
    free(p);
}

static int push(planner *p, uint32_t id) { return openlist_push(&p->open, id, prio(p, p->nodes[id].g, p->nodes[id].h)); }

/* The next open node to expand (stale entries skipped), UINT32_MAX when none. */
static uint32_t pop(planner *p) {
    uint32_t id;
    while ((id = openlist_pop(&p->open)) != OPENLIST_NONE) {
        pnode *n = &p->nodes[id];
        if (!n->expanded && prio(p, n->g, n->h) == p->open.minf) return id;
    }
    return UINT32_MAX;
}

static uint32_t new_node(planner *p) {
    if (p->nnodes == p->cap) {
        /* the first allocation is the whole search (max_states, up to 4M
         * nodes): doubling a big array mid-decision would take long */
        uint32_t first = p->o.max_states > 0 && p->o.max_states <= (1L << 22) ? (uint32_t)p->o.max_states + 8 : 1024;
        uint32_t nc = p->cap ? p->cap * 2 : first;
        pnode *nn = realloc(p->nodes, nc * sizeof *nn);
        if (!nn) return UINT32_MAX;
        p->nodes = nn;
        p->cap = nc;
    }
    memset(&p->nodes[p->nnodes], 0, sizeof(pnode));
    return p->nnodes++;
}

/* More promising: smaller h, then better heuristic value, then fewer actions. */
static int better(const pnode *a, const pnode *b) {
    if (a->h != b->h) return a->h < b->h;
    if (a->value != b->value) return a->value > b->value;
    return a->g < b->g;
}

static int start(planner *p, fm *f, const vg_state *s) {
    search_drop(p);
    uint32_t root = new_node(p);
    if (root == UINT32_MAX) return 0;
    packer_set_ref(p->pk, f, s);   /* storing the root: one copy */
    if (!(p->nodes[root].st = packer_pack(p->pk, s))) return 0;
    p->nodes[root].hash = p->root_hash = vg_state_hash(s);
    p->nodes[root].h = p->o.use_bound ? fm_bound(f, s) : 0;
    p->nodes[root].value = (float)search_value(f, s);
    int added;
    if (!hmap_put(&p->bypos, search_key(p->g, s), root, &added) || !push(p, root)) return 0;
    p->best = root;
    p->nil_noop = -1;
    p->active = 1;
    return 1;
}

static int make_plan(planner *p, uint32_t id) {
    int len = 0;
    for (uint32_t k = id; k != 0; k = p->nodes[k].parent) len++;
    vg_action *plan = malloc((size_t)(len + 1) * sizeof *plan);
    uint64_t *hash = malloc((size_t)(len + 1) * sizeof *hash);
    if (!plan || !hash) {
        free(plan);
        free(hash);
        return 0;
    }
    free(p->plan);
    free(p->plan_hash);
    p->plan = plan;
    p->plan_hash = hash;
    p->plan_len = len;
    p->plan_pos = 0;
    for (uint32_t k = id; k != 0; k = p->nodes[k].parent) {
        len--;
        plan[len] = (vg_action)p->nodes[k].action;
        hash[len] = p->nodes[p->nodes[k].parent].hash;
    }
    return 1;
}

/* Expands until a win, the budget's end or exhaustion: 1 win (the plan is
 * set), 0 budget spent, 2 the search is too big, -1 nothing left to
 * expand, -2 out of memory. */
static int run(planner *p, fm *f) {
    long spent = 0;
    int added;
    for (;;) {
        if (p->o.max_states && (long)p->nnodes >= p->o.max_states) {
            if (p->o.escalate > 1) p->o.weight *= p->o.escalate;
            return 2;
        }
        if (fm_spent(f) || (p->o.expansions && spent >= p->o.expansions)) return 0;
        uint32_t id = pop(p);
        if (id == UINT32_MAX) return -1;
        if (p->nodes[id].win) return make_plan(p, id) ? 1 : -2;
        int fcur = p->open.minf;
        p->nodes[id].expanded = 1;
        packer_unpack(p->pk, p->nodes[id].st, p->cur);
        fm_count(f, 1);   /* restoring a state: a copy */
        packer_release(p->pk, p->nodes[id].st);
        p->nodes[id].st = NULL;
        f->expanded++;
        spent++;
        vg_action acts[VG_MAX_ACTIONS];
        int na = vg_actions(p->g, p->cur, acts);
        for (int k = 0; k < na; k++) {
            fm_copy(f, p->child, p->cur);
            fm_advance(f, p->child, acts[k]);
            int cg = p->nodes[id].g + 1, win = vg_winner_of(p->child) == VG_PLAYER_WINS;
            if (vg_is_over(p->child) && !win) continue;
            uint64_t pk = search_key(p->g, p->child);
            hslot *slot = hmap_put(&p->bypos, pk, UINT32_MAX, &added);
            if (!slot) return -2;
            uint32_t cid = slot->val;
            if (!added) {
                if (p->nodes[cid].g <= cg || p->nodes[cid].h >= VG_BOUND_DEAD) continue;
            } else {
                if ((cid = new_node(p)) == UINT32_MAX) return -2;
                slot->val = cid;
                int h = p->o.use_bound ? fm_bound(f, p->child) : 0;
                p->nodes[cid].h = h;
                if (h >= VG_BOUND_DEAD) continue;
                if (!p->o.use_bound) p->nodes[cid].value = (float)search_value(f, p->child);
            }
            pnode *c = &p->nodes[cid];
            c->parent = id;
            c->action = (uint8_t)acts[k];
            c->g = cg;
            c->expanded = 0;
            c->hash = vg_state_hash(p->child);
            if (win) {
                c->win = 1;
                c->h = 0;
                if (p->o.weight == 1 && prio(p, cg, 0) <= fcur) return make_plan(p, cid) ? 1 : -2;
            } else {   /* (a shorter way to a position: its state from this way) */
                packer_release(p->pk, c->st);
                vg_clear_events(p->child);   /* only ever advanced again */
                if (!(c->st = packer_pack(p->pk, p->child))) return -2;
                fm_count(f, 1);   /* storing it: a copy */
            }
            if (!push(p, cid)) return -2;
            if (better(c, &p->nodes[p->best])) p->best = cid;
        }
    }
}

/* First action on the path to node 'id'. */
static vg_action first_action(const planner *p, uint32_t id) {
    if (id == 0) return VG_ACTION_NIL;
    while (p->nodes[id].parent != 0) id = p->nodes[id].parent;
    return (vg_action)p->nodes[id].action;
}

vg_action planner_act(planner *p, fm *f, const vg_state *s) {
    uint64_t h = vg_state_hash(s);
    if (p->plan && p->plan_pos < p->plan_len && p->plan_hash[p->plan_pos] == h) {
        f->value = -(p->plan_len - p->plan_pos);
        f->has_value = 1;
        return p->plan[p->plan_pos++];
    }
    if (!(p->active && h == p->root_hash) && !start(p, f, s)) {
        search_drop(p);
        fm_failf(f, VG_ERR_NOMEM, "out of memory");
        return VG_ACTION_NIL;
    }
    /* A finished search is dropped when the next one starts (at the start
     * of a decision, where freeing a big one cannot push it over budget). */
    int r = run(p, f);
    if (r == -2) fm_failf(f, VG_ERR_NOMEM, "out of memory");
    if (r == 1) {
        p->active = 0;
        f->value = -p->plan_len;
        f->has_value = 1;
        return p->plan[p->plan_pos++];
    }
    f->value = -(double)p->nodes[p->best].g - p->nodes[p->best].h;
    f->has_value = 1;
    if (r == 2) p->active = 0;   /* too big: the next decision starts again (escalated) */
    if ((r == 0 || r == 2) && p->o.wait) {
        if (p->nil_noop < 0) {   /* does waiting leave the state exactly as it is? */
            fm_copy(f, p->child, s);
            fm_advance(f, p->child, VG_ACTION_NIL);
            p->nil_noop = !vg_is_over(p->child) && vg_state_hash(p->child) == h;
        }
        if (p->nil_noop) return VG_ACTION_NIL;   /* think on next tick */
    }
    vg_action a = first_action(p, p->best);
    if (p->best == 0) {   /* nothing better than here: any available action */
        vg_action acts[VG_MAX_ACTIONS];
        if (vg_actions(p->g, s, acts) > 0) a = acts[0];
    }
    p->active = 0;
    return a;
}
