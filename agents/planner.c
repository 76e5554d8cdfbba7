/* SPDX-License-Identifier: MIT
 *
 * planner.c -- see planner.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "planner.h"
#include "searchtree.h"


struct planner {
    const vg_game *g;
    planner_opts o;
    vg_state *cur, *kids[VG_MAX_ACTIONS]; /* the state expanded, its children */
    packer *pk;                           /* stored states, packed against the start of the search in progress */
    /* the search in progress */
    int active;
    uint64_t root_key; /* search_key of its start */
    int nil_noop;      /* -1 unknown, 0/1 for the root */
    stree t;           /* nodes (each with its position's key) and the open list (searchtree.h) */
    stree_holding hd;  /* the states about to be expanded, whole (searchtree.h) */
    float *value;      /* per node: its heuristic value, for replanning */
    hmap bypos;
    uint32_t best; /* most promising node so far */
    /* the plan being played */
    vg_action *plan;
    uint64_t *plan_key; /* search_key expected before each action */
    int plan_len, plan_pos;
};

static int prio(const planner *p, int g, int h) { return stree_prio(&p->t, g, h); }

/* The closed set starts this small and grows with the search (in order:
 * hashmap.c). A small search in a table sized for the biggest would
 * scatter its keys over megabytes, a cache miss each. */
enum { BYPOS_FIRST = 1 << 12 };

/* Drops the search in progress; 0 when out of memory. A big closed set
 * gives way to a small one. */
static int search_drop(planner *p) {
    if (p->bypos.cap > 16 * BYPOS_FIRST) {
        hmap_free(&p->bypos);
        if (!hmap_init(&p->bypos, BYPOS_FIRST)) return 0;
    } else if (p->t.n) {
        hmap_clear_keys(&p->bypos, &p->t.nodes[0].key, p->t.n, sizeof *p->t.nodes); /* every key has a node */
    }
    stree_clear(&p->t); /* their stored states go with the next packer_set_ref */
    p->hd.n = 0;        /* and the held ones with their nodes */
    p->active = 0;
    return 1;
}

/* A new node for the position with key 'key', with room for its value;
 * UINT32_MAX when out of memory. */
static uint32_t new_node(planner *p, uint64_t key) {
    uint32_t cap = p->t.cap, id = stree_add(&p->t);
    if (id == STREE_NONE) return UINT32_MAX;
    if (p->t.cap != cap) {
        float *value = realloc(p->value, (size_t)p->t.cap * sizeof *value);
        if (!value) return UINT32_MAX;
        p->value = value;
    }
    p->t.nodes[id].key = key;
    p->value[id] = 0;
    return id;
}

planner *planner_new(const vg_game *g, const vg_state *s, const planner_opts *o) {
    (void)s;
    planner *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->g = g;
    p->o = *o;
    if (p->o.weight < 1) p->o.weight = 1;
    p->cur = vg_state_new(g, 0);
    int ok = 1;
    for (int k = 0; k < VG_MAX_ACTIONS; k++) ok &= (p->kids[k] = vg_state_new(g, 0)) != NULL;
    p->pk = packer_new(g);
    /* room for a whole search (max_states, up to 4M nodes): growing a big
     * array mid-decision would take long */
    int whole = o->max_states > 0 && o->max_states <= (1L << 22);
    p->t.first_cap = whole ? (uint32_t)o->max_states + 8 : 1024;
    if (!p->cur || !ok || !stree_hold_init(&p->hd, g) || !p->pk || !hmap_init(&p->bypos, BYPOS_FIRST) ||
        new_node(p, 0) == UINT32_MAX) {
        planner_free(p);
        return NULL;
    }
    p->t.n = 0;
    return p;
}

void planner_free(planner *p) {
    if (!p) return;
    stree_free(&p->t);
    stree_hold_free(&p->hd);
    free(p->value);
    hmap_free(&p->bypos);
    vg_state_free(p->cur);
    for (int k = 0; k < VG_MAX_ACTIONS; k++) vg_state_free(p->kids[k]);
    packer_free(p->pk);
    free(p->plan);
    free(p->plan_key);
    free(p);
}

/* More promising: smaller h, then better heuristic value, then fewer actions. */
static int better(const planner *p, uint32_t a, uint32_t b) {
    const stnode *x = &p->t.nodes[a], *y = &p->t.nodes[b];
    if (x->h != y->h) return x->h < y->h;
    if (p->value[a] != p->value[b]) return p->value[a] > p->value[b];
    return x->g < y->g;
}

/* A new search from 's' (its key 'key'); 0 when out of memory. */
static int start(planner *p, fm *f, const vg_state *s, uint64_t key) {
    if (!search_drop(p)) return 0;
    p->t.weight = p->o.weight;
    uint32_t root = new_node(p, key);
    if (root == UINT32_MAX) return 0;
    packer_set_ref(p->pk, f, s); /* storing the root: one copy */
    if (!(p->t.nodes[root].st = packer_pack(p->pk, s))) return 0;
    p->root_key = p->t.nodes[root].pkey = key;
    p->t.nodes[root].h = p->o.use_bound ? fm_bound(f, s) : 0;
    p->value[root] = (float)search_value(f, s);
    int added;
    if (!hmap_put(&p->bypos, key, root, &added) || !stree_push(&p->t, root)) return 0;
    p->best = root;
    p->nil_noop = -1;
    p->active = 1;
    return 1;
}

/* The plan to node 'id', and the key expected before each of its actions. */
static int make_plan(planner *p, uint32_t id) {
    vg_action *plan = NULL;
    int len = 0;
    if (!stree_plan(&p->t, id, &plan, &len)) return 0;
    uint64_t *key = malloc((size_t)(len + 1) * sizeof *key);
    if (!key) {
        free(plan);
        return 0;
    }
    free(p->plan);
    free(p->plan_key);
    p->plan = plan;
    p->plan_key = key;
    p->plan_len = len;
    p->plan_pos = 0;
    for (uint32_t k = id; k != 0; k = p->t.nodes[k].parent) key[--len] = p->t.nodes[k].pkey;
    return 1;
}

/* Child '*kid' (reached by action 'a' from node 'id' with 'cg' actions,
 * its key 'key'): a node for a new position, or a shorter way to a known
 * one, put on the open list. 'fcur' is the priority being expanded: a
 * child with that priority comes out soon, and is held whole (its buffer
 * swapped for a spare one). 1 a win to play now (the plan is set), 0
 * done, -2 out of memory. */
static int admit(planner *p, fm *f, uint32_t id, vg_state **kid, vg_action a, int cg, uint64_t key, int fcur) {
    vg_state *child = *kid;
    int added, win = fm_winner(f, child) == VG_PLAYER_WINS;
    hslot *slot = hmap_put(&p->bypos, key, UINT32_MAX, &added);
    if (!slot) return -2;
    uint32_t cid = slot->val;
    if (!added) {
        if (p->t.nodes[cid].g <= cg || p->t.nodes[cid].h >= VG_BOUND_DEAD) return 0;
    } else {
        if ((cid = new_node(p, key)) == UINT32_MAX) return -2;
        slot->val = cid;
        int h = p->o.use_bound ? fm_bound(f, child) : 0;
        p->t.nodes[cid].h = h;
        if (h >= VG_BOUND_DEAD) return 0;
        if (!p->o.use_bound) p->value[cid] = (float)search_value(f, child);
    }
    stnode *c = &p->t.nodes[cid];
    c->parent = id;
    c->pkey = p->t.nodes[id].key;
    c->action = (uint8_t)a;
    c->g = cg;
    c->expanded = 0;
    if (win) {
        c->win = 1;
        c->h = 0;
        if (p->o.weight == 1 && prio(p, cg, 0) <= fcur) return make_plan(p, cid) ? 1 : -2;
    } else { /* (a shorter way to a position: its state from this way) */
        stree_hold_drop(&p->t, &p->hd, cid);
        packer_release(p->pk, c->st);
        c->st = NULL;
        vg_clear_events(child); /* only ever advanced again */
        if (prio(p, cg, c->h) == fcur ? !stree_hold(&p->t, &p->hd, p->pk, cid, kid)
                                      : !(c->st = packer_pack(p->pk, child)))
            return -2;
        fm_count(f, 1); /* storing it: a copy (held or packed alike, so that plans do not depend on which) */
    }
    if (!stree_push(&p->t, cid)) return -2;
    if (better(p, cid, p->best)) p->best = cid;
    return 0;
}

/* Expands until a win, the budget's end or exhaustion: 1 win (the plan is
 * set), 0 budget spent, 2 the search is too big, -1 nothing left to
 * expand, -2 out of memory. A call budget is spent, never overspent: a
 * state is expanded only when what its children may cost fits (per child
 * a copy, an advance and a copy to store it), and so does planner_act's
 * check of waiting still to come; else it goes back on the open list. A
 * child back at the position it came from, or at its parent's, is
 * dropped before the map is probed (it was reached sooner). */
static int run(planner *p, fm *f) {
    long spent = 0, reserve = p->o.wait && p->nil_noop < 0 ? FM_CHILD : 0;
    for (;;) {
        if (p->o.max_states && (long)p->t.n >= p->o.max_states) {
            if (p->o.escalate > 1) p->o.weight *= p->o.escalate;
            return 2;
        }
        if (fm_spent_for(f, 1 + reserve) || (p->o.expansions && spent >= p->o.expansions)) return 0;
        uint32_t id = stree_pop(&p->t);
        if (id == UINT32_MAX) return -1;
        if (p->t.nodes[id].win) return make_plan(p, id) ? 1 : -2;
        int fcur = p->t.open.minf, held = p->t.nodes[id].held;
        if (held) stree_hold_take(&p->t, &p->hd, id, &p->cur);
        else packer_unpack(p->pk, p->t.nodes[id].st, p->cur);
        fm_count(f, 1); /* restoring a state: a copy */
        vg_action acts[VG_MAX_ACTIONS];
        int na = fm_actions(f, p->cur, acts);
        if (!fm_room(f, 3L * na + reserve)) { /* next time: it comes out first */
            if (held && !stree_hold(&p->t, &p->hd, p->pk, id, &p->cur)) return -2;
            return stree_push(&p->t, id) ? 0 : -2;
        }
        p->t.nodes[id].expanded = 1;
        packer_release(p->pk, p->t.nodes[id].st);
        p->t.nodes[id].st = NULL;
        f->expanded++;
        spent++;
        uint64_t here = p->t.nodes[id].key, before = p->t.nodes[id].pkey, keys[VG_MAX_ACTIONS];
        int cg = p->t.nodes[id].g + 1, nk = 0;
        for (int k = 0; k < na; k++) { /* the children first, their slots loading meanwhile */
            vg_state *c = p->kids[nk];
            fm_copy(f, c, p->cur);
            fm_advance(f, c, acts[k]);
            if (vg_is_over(c) && fm_winner(f, c) != VG_PLAYER_WINS) continue;
            if ((keys[nk] = search_key(p->g, c)) == here || keys[nk] == before) continue;
            hmap_prefetch(&p->bypos, keys[nk]);
            acts[nk++] = acts[k];
        }
        for (int k = 0; k < nk; k++) {
            int r = admit(p, f, id, &p->kids[k], acts[k], cg, keys[k], fcur);
            if (r) return r;
        }
    }
}

/* First action on the path to node 'id'. */
static vg_action first_action(const planner *p, uint32_t id) {
    if (id == 0) return VG_ACTION_NIL;
    while (p->t.nodes[id].parent != 0) id = p->t.nodes[id].parent;
    return (vg_action)p->t.nodes[id].action;
}

vg_action planner_act(planner *p, fm *f, const vg_state *s) {
    uint64_t key = search_key(p->g, s);
    if (p->plan && p->plan_pos < p->plan_len && p->plan_key[p->plan_pos] == key) {
        f->value = -(p->plan_len - p->plan_pos);
        f->has_value = 1;
        return p->plan[p->plan_pos++];
    }
    if (!(p->active && key == p->root_key) && !start(p, f, s, key)) {
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
    f->value = -(double)p->t.nodes[p->best].g - p->t.nodes[p->best].h;
    f->has_value = 1;
    if (r == 2) p->active = 0; /* too big: the next decision starts again (escalated) */
    if ((r == 0 || r == 2) && p->o.wait) {
        if (p->nil_noop < 0) { /* does waiting leave the state exactly as it is? */
            fm_copy(f, p->kids[0], s);
            fm_advance(f, p->kids[0], VG_ACTION_NIL);
            p->nil_noop = !vg_is_over(p->kids[0]) && vg_state_hash(p->kids[0]) == vg_state_hash(s);
        }
        if (p->nil_noop) return VG_ACTION_NIL; /* think on next tick */
    }
    vg_action a = first_action(p, p->best);
    if (p->best == 0) { /* nothing better than here: any available action */
        vg_action acts[VG_MAX_ACTIONS];
        if (fm_actions(f, s, acts) > 0) a = acts[0];
    }
    p->active = 0;
    return a;
}
