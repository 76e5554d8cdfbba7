/* SPDX-License-Identifier: MIT
 *
 * interact.c -- the collision pass of a tick: which effects run on which
 * sprites, in GVGAI's order (the effects themselves are in effect*.c).
 *
 * Called once per tick after every sprite has moved. It visits the pairs of
 * types in the order the script first names them and runs each pair's
 * effects on every overlapping pair of sprites, as GVGAI's eventHandling
 * does: the first sprites are taken as they were when the effect started,
 * the second ones are looked up again for each first sprite, and a first
 * sprite killed on the way takes part in nothing more.
 *
 * Pairs are few (tens) but checks are many, so a per-cell mask of the types
 * present (static ones from the level, changing ones rebuilt per tick)
 * lets most checks end after one lookup.
 *
 * Sprites are named by references (see ref_pos in state.h), so static
 * sprites take part without being copied into the state. A tick that
 * checks every pair walks the first sprites (interact_geom.c).
 */
#include <string.h>

#include "class.h"
#include "effect.h"
#include "interact.h"
#include "overlap.h"

/* ---- The collision pass ----------------------------------------------- */

static inline uint64_t ref_key(const tick_ctx *t, int r) {
    return (uint64_t)ref_type(t->g, t->s, r) << 32 | ref_id(t->g, t->s, r);
}

/* ---- Contacts: what the moved sprites overlap ------------------------- */

/* In a tick that checks only moved sprites, every overlap under a rule
 * involves a sprite that moved, or one whose overlap outlasted the last
 * tick: interact_persist marks those, and tick_begin counts them as moved.
 * So the pass needs only the contacts: each moved sprite with every sprite
 * overlapping it whose type it has rules with, each pair once. They are
 * collected again whenever something has moved since ('stamp' goes up when
 * one is added); a tick with more contacts than fit checks every pair
 * instead. */
static int is_moved(const tick_ctx *t, int r) { return r >= 0 && (t->touched[r >> 6] >> (r & 63) & 1); }

static int is_dirty(const tick_ctx *t, int r) { return r >= 0 && (t->dirty_bits[r >> 6] >> (r & 63) & 1); }

/* The pairs a contact between leaf types 'ta' and 'tb' gives work to, folded
 * into one word (bit p % 64 for pair p): a clear bit rules a pair out. */
static inline uint64_t pairs_of(const vg_game *g, int ta, int tb) {
    if (g->npairs <= 64)
        return (g->pairs_as1[ta][0] & g->pairs_as2[tb][0]) | (g->pairs_as2[ta][0] & g->pairs_as1[tb][0]);
    uint64_t bits = 0;
    for (int w = 0; w < (g->npairs + 63) / 64; w++)
        bits |= (g->pairs_as1[ta][w] & g->pairs_as2[tb][w]) | (g->pairs_as2[ta][w] & g->pairs_as1[tb][w]);
    return bits;
}

/* In a collection of all the contacts, two types whose sprites have all
 * moved need not look for each other both ways: only the one with fewer
 * sprites (the lower type on a tie) looks for the other's. And many moved
 * sprites of a type x with no rule with its own need not look for a
 * changing type y of few sprites (at most 1 / BACK_RATIO of them, and at
 * most BACK_MAX, for each is looked up): y's moved sprites look for x's
 * (as above: y has fewer), and its others look for x's moved ones
 * ('back', contacts_back). 'types' are those whose sprites have all moved
 * and those x, noscan[x] (x in 'types') the types x does not look for.
 * No moved sprite looks for a changing partner type with no sprite (none
 * when the tick began, none moved: a new sprite is a moved one; read off
 * the ranges once a collection, which is cheaper than a mask kept by every
 * tick): it is in every noscan, and the moved types that look for such a
 * type but not for their own join 'types' for it (those that do cannot:
 * overlap_find skips a lean type's own sprites below the one looking),
 * after the pairs above (their sprites have not all moved).
 * Worth it only when many sprites moved (LEAN_MIN). */
#define LEAN_MIN   16
#define BACK_RATIO 4
#define BACK_MAX   64 /* rivers' flood: 974 spawn points, in cells crowded by water */

/* lean_find's back lookups: 'many' are the types of LEAN_MIN moved
 * sprites or more, moved[] and size[] (new sprites) are counted for the
 * types in 'seen', 'empty' are the partner types with no sprite (passed
 * over already). A type x whose sprites skip its partners already (all
 * of both moved) is passed over: the bookkeeping alone cost roadfighter
 * 1.4% a step. */
static inline void lean_back(tick_ctx *t, lean *l, uint64_t many, uint64_t seen, uint64_t empty, const int *moved,
                             const int *size) {
    for (uint64_t xs = many; xs; xs &= xs - 1) {
        int x = __builtin_ctzll(xs);
        uint64_t few = t->g->partners[x] & t->g->changing & ~empty; /* x's sprites need look for no changing sprite */
        if ((few >> x & 1) || !(few & ~(l->types >> x & 1 ? l->noscan[x] : 0))) continue; /* or skip them already */
        for (uint64_t ts = few; ts && few; ts &= ts - 1) {
            int y = __builtin_ctzll(ts);
            uint32_t from, to;
            type_range(t, y, &from, &to);
            int ny = (int)(to - from) + (seen >> y & 1 ? size[y] : 0);
            if (BACK_RATIO * ny > moved[x] || ny > BACK_MAX) few = 0;
        }
        if (!few) continue;
        if (!(l->types >> x & 1)) l->noscan[x] = 0, l->types |= 1ULL << x;
        l->noscan[x] |= few; /* moved[y] < moved[x]: as above, y's moved sprites look for x's */
        for (; few; few &= few - 1) {
            int y = __builtin_ctzll(few);
            if (!(l->back >> y & 1)) l->back_for[y] = 0, l->back |= 1ULL << y;
            l->back_for[y] |= 1ULL << x;
        }
    }
}

static __attribute__((noinline)) void lean_find(tick_ctx *t, lean *l) {
    int moved[VG_MAX_TYPES], size[VG_MAX_TYPES];
    uint64_t seen = 0, many = 0;
    l->types = l->back = 0;
    for (uint32_t k = 0; k < t->nmoved; k++) {
        int ty = tick_sprite(t, t->moved[k])->type;
        if (!(seen >> ty & 1)) seen |= 1ULL << ty, moved[ty] = size[ty] = 0;
        moved[ty]++;
    }
    for (uint32_t j = t->settled; j < t->s->n; j++) /* new sprites (all moved) */
        if (seen >> tick_sprite(t, j)->type & 1) size[tick_sprite(t, j)->type]++;
    uint64_t wanted = 0; /* the moved sprites' partners */
    for (uint64_t ts = seen; ts; ts &= ts - 1) {
        int ty = __builtin_ctzll(ts);
        uint32_t from, to;
        type_range(t, ty, &from, &to);
        if (moved[ty] == (int)(to - from) + size[ty]) l->types |= 1ULL << ty;
        if (moved[ty] >= LEAN_MIN) many |= 1ULL << ty;
        wanted |= t->g->partners[ty];
    }
    uint64_t empty = 0;
    const uint16_t *end = state_ranges(t->s);
    for (uint64_t ts = wanted & t->g->changing & ~seen; ts; ts &= ts - 1) {
        int slot = t->g->range_slot[__builtin_ctzll(ts)];
        if (end[slot] == (slot ? end[slot - 1] : 0)) empty |= ts & -ts;
    }
    for (uint64_t xs = l->types; xs; xs &= xs - 1) {
        int x = __builtin_ctzll(xs);
        l->noscan[x] = empty; /* nothing to find there (assemblyline's products before the first potato) */
        for (uint64_t ys = l->types & t->g->partners[x] & ~(1ULL << x); ys; ys &= ys - 1) { /* read against them */
            int y = __builtin_ctzll(ys);
            if (moved[x] > moved[y] || (moved[x] == moved[y] && x > y)) l->noscan[x] |= 1ULL << y;
        }
    }
    for (uint64_t xs = empty ? seen & ~l->types : 0; xs; xs &= xs - 1) {
        int x = __builtin_ctzll(xs);
        if ((t->g->partners[x] & empty) && !(t->g->partners[x] >> x & 1)) l->types |= 1ULL << x, l->noscan[x] = empty;
    }
    if (many) lean_back(t, l, many, seen, empty, moved, size);
}

/* 1 when sprites of type 'x' do not look for those of type 'y' (see lean). */
static int lean_skips(const lean *l, int x, int y) { return (l->types >> x & 1) && (l->noscan[x] >> y & 1); }

/* Past this many contacts, a sprite's contacts are found through lists
 * per sprite (t->ct's head and next, made when first needed and kept up to date
 * from then on) rather than by reading them all, from the
 * CONTACTS_READS-th read of a collection on (making the lists costs a few
 * reads: a collection read only once or twice is read). */
#define CONTACTS_LISTED 8
#define CONTACTS_READS  4

/* Whether t->ct is read through lists (made now when that pays). */
static inline int contacts_listed(tick_ctx *t);

/* The first node of changing sprite r's list of contacts (-1: none). */
static inline int contacts_head(const contacts *c, int r) { return r < c->nheads ? c->head[r] : -1; }

/* Puts node 'node' first in the list of contacts of sprite r (none for a
 * fixed one). */
static inline void contact_link(contacts *c, int node, int r) {
    if (r < 0) return;
    while (c->nheads <= r) c->head[c->nheads++] = -1; /* a sprite created since the lists were made */
    c->next[node] = c->head[r];
    c->head[r] = (int16_t)node;
}

/* Leaves the dropped contacts out of t->ct (the others keep their order)
 * and, with 'lists', lists them again. */
static void contacts_compact(tick_ctx *t, int lists) {
    contacts *c = &t->ct;
    int n = c->n;
    c->n = c->ndropped = 0;
    if (lists) {
        c->reads = -1;
        c->nheads = (int)t->s->n;
        memset(c->head, 0xff, t->s->n * sizeof c->head[0]);
    }
    for (int i = 0; i < n; i++)
        if (c->at[i].pairs) {
            c->at[c->n] = c->at[i];
            if (lists) contact_link(c, 2 * c->n, c->at[i].a), contact_link(c, 2 * c->n + 1, c->at[i].b);
            c->n++;
        }
}

static inline int contacts_listed(tick_ctx *t) {
    contacts *c = &t->ct;
    if (c->reads >= 0 && c->n > CONTACTS_LISTED && ++c->reads >= CONTACTS_READS) contacts_compact(t, 1);
    return c->reads < 0;
}

/* Drops changing sprite d's contacts: of few, by moving those left into
 * their places; with lists, where they are (the readers pass over them:
 * pairs 0), until they are as many as the others. Either way the others
 * keep their order. */
static inline __attribute__((always_inline)) void contacts_drop(tick_ctx *t, int d) {
    contacts *c = &t->ct;
    if (!contacts_listed(t)) {
        int kept = 0;
        while (kept < c->n && c->at[kept].a != d && c->at[kept].b != d) kept++;
        for (int i = kept; i < c->n; i++)
            if (c->at[i].a != d && c->at[i].b != d) c->at[kept++] = c->at[i];
        c->n = kept;
        return;
    }
    for (int node = contacts_head(c, d); node >= 0; node = c->next[node]) {
        struct contact *ct = &c->at[node >> 1];
        if (ct->pairs) ct->pairs = 0, ct->a = ct->b = REF_NONE, c->ndropped++;
    }
    if (contacts_head(c, d) >= 0) c->head[d] = -1;
    if (2 * c->ndropped > c->n) contacts_compact(t, 1);
}

/* When a contact does not fit: the tick is switched to checking every
 * pair; returns 0. */
static int contacts_full(tick_ctx *t) {
    t->ct.valid = 0;
    t->ct.version = t->version - 1;
    t->full = 1;
    t->boxes.version = t->version - 1; /* none made */
    return 0;
}

/* Adds the contacts of moved sprite 'm': each sprite overlapping it whose
 * type it has rules with, each pair once (a moved other side with a lower
 * index lists it, unless 'skip' says that side's are added too or 'l' says
 * it does not look for m's type; a pair of two moved sprites is kept lower
 * index first). 'off': overlap_maybe's tests off the grid in a collection of
 * many sprites' contacts (NULL: none). Returns 0 when they do not fit (the
 * tick is then switched to checking every pair). */
static inline __attribute__((always_inline)) int contacts_add(tick_ctx *t, int m, int (*skip)(const tick_ctx *, int),
                                                              off_tests *off) {
    contacts *c = &t->ct;
    const lean *l = &t->lean;
    const vg_game *g = t->g;
    const sprite *p = tick_sprite(t, m);
    int near[MAX_REFS], tm = p->type;
    uint64_t types = g->partners[tm], km = (uint64_t)tm << 32 | p->id;
    if ((l->types >> tm & 1) && !(types &= ~l->noscan[tm])) return 1;
    /* Back where the tick began and not lingering, it overlapped nothing
     * under a rule then (see interact_persist): now only sprites that moved
     * can (no fixed ones), none when it alone did (a step back into an
     * empty cell). Looked at when collecting one sprite's contacts again,
     * or all of few. */
    if ((skip == is_dirty || t->nmoved == 1) && (uint32_t)m < t->settled && !(p->flags & SP_LINGER) &&
        p->x == t->lx[m] && p->y == t->ly[m] && (t->nmoved == 1 || !(types &= g->changing)))
        return 1;
    if (!overlap_maybe(t, p, types, off)) return 1;
    int n = overlap_find(t, m, types, t->s->n, 0, near, MAX_REFS);
    for (int j = 0; j < n; j++) {
        int o = near[j], low = is_moved(t, o) && o < m;
        if (low && skip(t, o) && !lean_skips(l, tick_sprite(t, o)->type, tm)) continue; /* listed from its side */
        if (c->n == MAX_CONTACTS) { /* room from the dropped contacts, if any */
            c->stamp++;
            contacts_compact(t, c->reads < 0);
            if (c->n == MAX_CONTACTS) return contacts_full(t);
        }
        int i = c->n++;
        struct contact *ct = &c->at[i];
        uint64_t ko = ref_key(t, o);
        ct->a = low ? o : m;
        ct->b = low ? m : o;
        ct->ka = low ? ko : km;
        ct->kb = low ? km : ko;
        ct->pairs = pairs_of(g, tm, (int)(ko >> 32));
        if (c->reads < 0) contact_link(c, 2 * i, ct->a), contact_link(c, 2 * i + 1, ct->b);
    }
    return 1;
}

/* The contacts the sprites of the 'back' types that did not move have
 * with moved sprites of the types that do not look for them (see lean);
 * returns 0 when they do not fit. */
static int contacts_back(tick_ctx *t) {
    int near[MAX_REFS];
    for (uint64_t ys = t->lean.back; ys; ys &= ys - 1) {
        int y = __builtin_ctzll(ys);
        uint32_t from, to;
        type_range(t, y, &from, &to);
        for (uint32_t j = from; j < to; j++) {
            if (is_moved(t, (int)j)) continue;
            int n = overlap_find(t, (int)j, t->lean.back_for[y], t->s->n, 0, near, MAX_REFS);
            for (int k = 0; k < n; k++) {
                if (!is_moved(t, near[k])) continue;
                if (t->ct.n == MAX_CONTACTS) return contacts_full(t); /* none dropped yet, no lists */
                struct contact *ct = &t->ct.at[t->ct.n++];
                ct->a = near[k], ct->b = (int)j, ct->ka = ref_key(t, near[k]), ct->kb = ref_key(t, (int)j);
                ct->pairs = pairs_of(t->g, (int)(ct->ka >> 32), y);
            }
        }
    }
    return 1;
}

/* contacts_all when many sprites moved: with the types that need not
 * look for others (see lean), which are forgotten at the end. */
static int lean_end(tick_ctx *t, int fit) {
    t->lean.types = 0;
    return fit;
}
static __attribute__((noinline)) int contacts_all_lean(tick_ctx *t) {
    contacts *c = &t->ct;
    off_tests off; /* the test off the grid for many moved sprites (overlap.h) */
    off.seen = off.skip = 0;
    lean_find(t, &t->lean);
    c->n = c->reads = 0;
    for (uint32_t k = 0; k < t->nmoved; k++)
        if (!contacts_add(t, t->moved[k], is_moved, &off)) return lean_end(t, 0);
    if (t->lean.back && !contacts_back(t)) return lean_end(t, 0);
    c->stamp++;
    return lean_end(t, 1);
}

/* Collects all of t->ct again, each moved sprite's contacts; returns 0
 * when they do not fit. */
static inline __attribute__((always_inline)) int contacts_all(tick_ctx *t) {
    contacts *c = &t->ct;
    if (t->nmoved >= LEAN_MIN) return contacts_all_lean(t);
    c->n = c->reads = 0;
    for (uint32_t k = 0; k < t->nmoved; k++)
        if (!contacts_add(t, t->moved[k], is_moved, NULL)) return 0;
    c->stamp++;
    return 1;
}

/* What an effect's walk of its first sprites needs up to date when it
 * reads the contacts: those of the sprites of leaf set 't2', and of those
 * of 't1' from key 'from' on (the others' contacts, old or new, give it
 * no first sprite and no second one: see firsts_list and seconds). 'from'
 * only grows during a walk, so a sprite that can wait once (a first sprite
 * an effect moved once visited: pullWithIt, stepBack) waits until the walk
 * ends; the next reader of another walk, or of all, collects it. */
typedef struct need {
    uint64_t t1, t2, from;
} need;

static inline int can_wait(const tick_ctx *t, const need *nd, int d) {
    const sprite *p = tick_sprite(t, d);
    return !(nd->t2 >> p->type & 1) && (!(nd->t1 >> p->type & 1) || ((uint64_t)p->type << 32 | p->id) < nd->from);
}

/* Of t->dirty from index 'k' on, puts those that can wait for 'nd' after
 * the first 'k' (which wait); returns how many wait now. */
static uint32_t contacts_late(tick_ctx *t, const need *nd, uint32_t k) {
    uint32_t nlate = k;
    for (; k < t->ndirty; k++) {
        int d = t->dirty[k];
        if (can_wait(t, nd, d)) t->dirty[k] = t->dirty[nlate], t->dirty[nlate++] = (uint16_t)d;
    }
    return nlate;
}

/* While t->track: collects again the contacts of the sprites that changed
 * place since the last time (all of them, when too many did), and forgets
 * which did, but, for a walk's reader 'nd' (NULL: any), those that can
 * wait (first in t->dirty; the first 'nlate' waited already in this walk);
 * returns 0 when they do not fit. */
static inline __attribute__((always_inline)) int contacts_update(tick_ctx *t, const need *nd, uint32_t nlate) {
    contacts *c = &t->ct;
    for (uint32_t k = c->nmoved; k < t->nmoved; k++) tick_dirty(t, t->moved[k]);
    if (t->ndirty > MAX_DIRTY) {
        if (!contacts_all(t)) return 0;
        memset(t->dirty_bits, 0, (t->s->n + 63) / 64 * sizeof t->dirty_bits[0]); /* tick_create clears new words */
        t->ndirty = c->nlate = 0;
        return 1;
    }
    if (nd) nlate = contacts_late(t, nd, nlate);
    for (uint32_t k = nlate; k < t->ndirty; k++) contacts_drop(t, t->dirty[k]);
    int before = c->n;
    for (uint32_t k = nlate; k < t->ndirty; k++) /* a late one's contacts with them wait with it */
        if (!contacts_add(t, t->dirty[k], is_dirty, NULL)) return 0;
    c->stamp += c->n > before; /* dropping contacts adds no first sprite (see next_first) */
    for (uint32_t k = nlate; k < t->ndirty; k++) t->dirty_bits[t->dirty[k] >> 6] &= ~(1ULL << (t->dirty[k] & 63));
    t->ndirty = c->nlate = nlate;
    return 1;
}

/* Below this many moved sprites, collecting all contacts again costs less
 * than noting which sprites changed place (t->track) to collect theirs. */
#define TRACK_MIN 4

/* 1 when sprite 'r' was created since the contacts were last collected. */
static int is_new(const tick_ctx *t, int r) { return r >= (int)t->ct.nsprites; }

/* 1 when all that happened since the contacts were last collected is that
 * sprites were created: each creation counts one version and one moved
 * sprite, a move or a touch more (tick.c). */
static int only_created(const tick_ctx *t) {
    const contacts *c = &t->ct;
    uint32_t made = t->s->n - c->nsprites;
    return c->valid && t->version - c->version == made && t->nmoved - c->nmoved == made;
}

/* Collects t->ct: all of them, or while t->track only those of the
 * sprites that changed place since the last time; returns 0 when they do
 * not fit. */
static int contacts_collect(tick_ctx *t) {
    contacts *c = &t->ct;
    if (c->valid && t->track) {
        if (!contacts_update(t, NULL, 0)) return 0;
    } else if (t->census && only_created(t)) {
        int before = c->n;
        for (uint32_t j = c->nsprites; j < t->s->n; j++)
            if (!contacts_add(t, (int)j, is_new, NULL)) return 0;
        c->stamp += c->n > before;
    } else {
        if (!contacts_all(t)) return 0;
        if (!t->track && t->nmoved >= TRACK_MIN) { /* from now on, note the sprites that change place */
            memset(t->dirty_bits, 0, (t->s->n + 63) / 64 * sizeof t->dirty_bits[0]); /* tick_create clears new words */
            t->track = 1;
            t->ndirty = c->nlate = 0;
        }
    }
    c->valid = 1;
    c->version = t->version;
    c->nmoved = t->nmoved;
    c->nsprites = t->s->n;
    return 1;
}

/* contacts_collect while t->track for a walk's reader 'nd' (see need),
 * of which the first 'nlate' of t->dirty still wait. */
static int contacts_collect_need(tick_ctx *t, const need *nd, uint32_t nlate) {
    contacts *c = &t->ct;
    if (!c->valid || !t->track) return contacts_collect(t);
    if (nlate && t->ndirty == nlate && c->nmoved == t->nmoved) return 1; /* nothing more moved */
    if (!contacts_update(t, nd, nlate)) return 0;
    c->version = t->version - (c->nlate > 0); /* while sprites wait, every reader looks */
    c->nmoved = t->nmoved;
    c->nsprites = t->s->n;
    return 1;
}

/* ... for the walk of pair 'pd''s first sprites, from key 'from' on (the
 * sprites that wait from an earlier reading of the same walk still do). */
static __attribute__((noinline)) int contacts_collect_for(tick_ctx *t, const pair_def *pd, uint64_t from) {
    contacts *c = &t->ct;
    int walk = (int)(pd - t->g->pairs);
    uint32_t nlate = c->nlate && walk == c->walk && from >= c->walk_from ? c->nlate : 0;
    c->walk = walk, c->walk_from = from;
    return contacts_collect_need(t, &(need){t->g->types[pd->t1].subtypes, t->g->types[pd->t2].subtypes, from}, nlate);
}

/* Brings t->ct up to date (see contacts_collect); _for, for a walk of
 * first sprites (see need), lets sprites wait once pullWithIt has
 * pulled one this tick: a pulled sprite moves with the one it overlaps,
 * so collecting it again adds contacts, and the walk's first sprites are
 * listed again (a step back into a place where a sprite overlaps nothing
 * adds none: waiting would cost more than it saves). A macro: the reader
 * is made only when needed. */
static inline int contacts_fresh(tick_ctx *t) {
    const contacts *c = &t->ct;
    return c->version == t->version || contacts_collect(t); /* t->version counts touches too */
}
#define contacts_fresh_for(t, pd, from) \
    ((t)->ct.version == (t)->version || ((t)->npulled ? contacts_collect_for((t), (pd), (from)) : contacts_collect(t)))


/* The pairs with work, as a bit set: those with a contact between their sides. */
static void contacts_pairs(tick_ctx *t, uint64_t active[PAIR_WORDS]) {
    const vg_game *g = t->g;
    int words = (g->npairs + 63) / 64;
    active[0] = 0;
    if (words == 1) { /* the folded word is exact */
        for (int i = 0; i < t->ct.n; i++) active[0] |= t->ct.at[i].pairs;
        return;
    }
    memset(active, 0, (size_t)words * sizeof active[0]);
    for (int i = 0; i < t->ct.n; i++) {
        if (!t->ct.at[i].pairs) continue; /* dropped */
        int ta = (int)(t->ct.at[i].ka >> 32), tb = (int)(t->ct.at[i].kb >> 32);
        for (int w = 0; w < words; w++)
            active[w] |= (g->pairs_as1[ta][w] & g->pairs_as2[tb][w]) | (g->pairs_as2[ta][w] & g->pairs_as1[tb][w]);
    }
}

/* 1 when 'r' existed when the effect started (sprites below 'n0'). */
static int existed(int r, uint32_t n0) { return r < 0 || (uint32_t)r < n0; }

/* The first sprites an effect may still visit, in GVGAI's order: each
 * side of a contact whose other side is a second sprite, with a key above
 * the last one visited; taken from the contacts as they were at 'stamp'.
 * Contacts dropped since leave a sprite listed that may have no second
 * left (the caller skips it); one added since changes the stamp, and the
 * list is made again. So an effect's loop reads the contacts about once,
 * not once per first sprite. */
typedef struct firsts {
    int n, at;
    int whole; /* listed from the start (not 'started'): the next effect of the pair may read it again */
    uint32_t stamp;
    uint64_t key[2 * MAX_CONTACTS];
    int ref[2 * MAX_CONTACTS];
    any_walk any; /* a tick that checks every pair: all of them (interact_geom.c) */
} firsts;

/* Lists f's candidates from the contacts now: keys above 'after' (any,
 * unless 'started'), sorted, each once. */
static void firsts_list(tick_ctx *t, firsts *f, const pair_def *pd, uint32_t n0, uint64_t after, int started) {
    const vg_game *g = t->g;
    uint64_t t1 = g->types[pd->t1].subtypes, t2 = g->types[pd->t2].subtypes;
    uint64_t bit = 1ULL << ((pd - g->pairs) % 64);
    f->n = f->at = 0;
    f->whole = !started;
    f->stamp = t->ct.stamp;
    for (int i = 0; i < t->ct.n; i++) {
        const struct contact *ct = &t->ct.at[i];
        if (!(ct->pairs & bit) || !existed(ct->a, n0) || !existed(ct->b, n0)) continue;
        for (int side = 0; side < 2; side++) {
            uint64_t key = side ? ct->kb : ct->ka, other = side ? ct->ka : ct->kb;
            if (!(t1 >> (key >> 32) & 1) || !(t2 >> (other >> 32) & 1) || (started && key <= after)) continue;
            int k = f->n;
            while (k > 0 && f->key[k - 1] > key) k--;
            if (k > 0 && f->key[k - 1] == key) continue; /* listed already */
            for (int j = f->n; j > k; j--) f->key[j] = f->key[j - 1], f->ref[j] = f->ref[j - 1];
            f->key[k] = key, f->ref[k] = side ? ct->b : ct->a;
            f->n++;
        }
    }
}

/* The next first sprite of the pair after key 'after' (any, unless
 * 'started'), in GVGAI's order: a sprite with a contact whose other side
 * is a second sprite, or had one (see firsts). 'f' holds the candidates
 * ('f->n' -1: none listed yet). Returns 0 when there is none. */
static int next_first(tick_ctx *t, firsts *f, const pair_def *pd, uint32_t n0, uint64_t after, int started, int *r) {
    if (!contacts_fresh_for(t, pd, started ? after + 1 : 0))
        return interact_next_any(t, &f->any, pd, n0, after, started, r);
    if (f->n < 0 || f->stamp != t->ct.stamp) firsts_list(t, f, pd, n0, after, started);
    if (f->at == f->n) return 0;
    *r = f->ref[f->at++];
    return 1;
}

/* Adds contact i's other side 'o' (key 'key') to out[0..n), sorted by key,
 * when it existed when the effect started and is of leaf set 'types'. */
static inline int second_add(int o, uint64_t key, uint64_t types, uint32_t n0, int *out, uint64_t *keys, int n) {
    if (!existed(o, n0) || !(types >> (key >> 32) & 1)) return n;
    int k = n++;
    for (; k > 0 && keys[k - 1] > key; k--) out[k] = out[k - 1], keys[k] = keys[k - 1];
    out[k] = o, keys[k] = key;
    return n;
}

/* 1 when effect 'e' surely kills first sprite 'a' (killSprite, killBoth
 * of no condition), which then meets only the first of its second sprites
 * (interact_visit stops there): not an avatar (which may only be disabled),
 * nor one that stands on the others (it looks at each for ground). */
static inline int kills_surely(const tick_ctx *t, const effect_def *e, int a) {
    const vg_game *g = t->g;
    return (e->flags & (FX_KILL1 | FX_SURE | FX_BATCH)) == (FX_KILL1 | FX_SURE) &&
           !((g->avatar_types | g->ground_types) >> ref_type(g, t->s, a) & 1);
}

/* seconds() from changing sprite a's list of contacts. */
static __attribute__((noinline)) int seconds_listed(tick_ctx *t, int a, uint64_t types, uint32_t n0, int *out) {
    contacts *c = &t->ct;
    uint64_t keys[MAX_REFS];
    int n = 0;
    for (int node = contacts_head(c, a); node >= 0; node = c->next[node]) {
        const struct contact *ct = &c->at[node >> 1];
        if (!ct->pairs) continue; /* dropped */
        n = node & 1 ? second_add(ct->a, ct->ka, types, n0, out, keys, n)
                     : second_add(ct->b, ct->kb, types, n0, out, keys, n);
    }
    return n;
}

/* The second sprites (leaf set 'types') overlapping first sprite 'a', in
 * GVGAI's order (by type, then id), as overlap_find() gives them. */
static inline __attribute__((always_inline)) int seconds(tick_ctx *t, const effect_def *e, int a, uint64_t types,
                                                         uint32_t n0, int *out) {
    if (t->full) /* else next_first brought the contacts up to date for 'a' (see need) */
        return overlap_find(t, a, types, n0, 0, out, kills_surely(t, e, a) ? 1 : MAX_REFS);
    contacts *c = &t->ct;
    if (a >= 0 && contacts_listed(t)) return seconds_listed(t, a, types, n0, out);
    uint64_t keys[MAX_REFS];
    int n = 0;
    for (int i = 0; i < c->n; i++) { /* those naming it (a dropped contact names none) */
        const struct contact *ct = &c->at[i];
        if (ct->a == a) n = second_add(ct->b, ct->kb, types, n0, out, keys, n);
        else if (ct->b == a) n = second_add(ct->a, ct->ka, types, n0, out, keys, n);
    }
    return n;
}

void interact_run(tick_ctx *t) {
    if (t->full) {
        t->boxes.version = t->version - 1; /* none made (contacts_full forgets them too) */
        if (t->g->geom) {                  /* its own pass, before this one's set-up */
            interact_geom(t);
            return;
        }
    }
    const vg_game *g = t->g;
    firsts cand;
    cand.at = 0, cand.stamp = 0, cand.whole = 0; /* set by firsts_list before use (cand.n -1: not listed) */
    uint64_t active[PAIR_WORDS];
    uint32_t seen = 0; /* the contacts 'active' was computed from (stamps start at 1) */
    int words = (g->npairs + 63) / 64;
    interact_begin(t);
    for (int p = 0; p < g->npairs && t->status == VG_OK; p++) {
        if (!t->full && contacts_fresh(t)) { /* skip to the next pair with work; moves since may add some */
            if (seen != t->ct.stamp) {
                contacts_pairs(t, active);
                seen = t->ct.stamp;
            }
            int w = p / 64;
            uint64_t bits = active[w] & (~0ULL << (p % 64));
            while (!bits && ++w < words) bits = active[w];
            if (!bits) break;
            p = w * 64 + __builtin_ctzll(bits);
        }
        const pair_def *pd = &g->pairs[p];
        uint64_t t2 = g->types[pd->t2].subtypes;
        cand.n = -1; /* not listed for this pair yet */
        for (int k = 0; k < pd->count && t->status == VG_OK; k++) {
            const effect_def *e = &g->effects[g->pair_effects[pd->first + k]];
            if (t->nshields && interact_shielded(t, pd, e)) continue;
            uint32_t n0 = t->s->n;
            uint64_t after = 0;
            int a, started = 0, batch = e->flags & FX_BATCH;
            if (t->full && interact_none_of(t, t2, n0)) continue; /* no second sprite: no first sprite has work */
            cand.at = 0, cand.any.walking = 0; /* the pair's last effect's first sprites, when listed whole */
            if (!cand.whole) cand.n = -1;      /* (next_first lists them again if contacts came since) */
            while (t->status == VG_OK && (t->full ? interact_next_any(t, &cand.any, pd, n0, after, started, &a)
                                                  : next_first(t, &cand, pd, n0, after, started, &a))) {
                after = ref_key(t, a);
                started = 1;
                if (!tick_killed(t, a)) interact_visit(t, e, batch, a, t2, n0, seconds);
            }
        }
    }
}

/* 1 when sprite 'r' overlaps a partner not killed under a rule between
 * their types, the partner among leaf types 'types'. */
static int has_ruled_overlap(tick_ctx *t, int r, uint64_t types) {
    int near[1];
    uint64_t partners = t->g->partners[ref_type(t->g, t->s, r)] & types;
    return (overlap_near_types(t, r) & partners) && overlap_find(t, r, partners, t->s->n, 1, near, 1) > 0;
}

/* Not killed: a disabled avatar still meets what it overlaps (GVGAI checks pairs of disabled sprites too). */
static int live(const tick_ctx *t, int i) { return !(tick_sprite(t, i)->flags & SP_KILLED); }

/* PERSIST_SOME, with SP_LINGER on a changing side of every overlap under a
 * rule that outlasts the tick (a live sprite, a partner not killed), or
 * PERSIST_NONE: from the contacts, which hold every such overlap. */
static int linger_contacts(tick_ctx *t) {
    int some = PERSIST_NONE;
    for (int i = 0; i < t->ct.n; i++) {
        int x = t->ct.at[i].a, y = t->ct.at[i].b;
        if (!t->ct.at[i].pairs) continue; /* dropped */
        if (live(t, x) && !tick_killed(t, y)) tick_sprite(t, x)->flags |= SP_LINGER, some = PERSIST_SOME;
        if (is_moved(t, y) && live(t, y) && !tick_killed(t, x))
            tick_sprite(t, y)->flags |= SP_LINGER, some = PERSIST_SOME;
    }
    return some;
}

/* As linger_contacts, looking at every sprite: each changing one not killed
 * with such an overlap is marked (a few more than needed, which costs the
 * next tick a little time and nothing else); two static sprites
 * overlapping under a rule make it PERSIST_ALL. */
static int linger_all(tick_ctx *t) {
    const vg_game *g = t->g;
    int some = PERSIST_NONE;
    if (t->cl.on && t->cl.typed) tick_cells_drop_killed(t); /* the look-ups below want live sprites */
    for (uint32_t i = 0; i < t->s->n; i++)
        if (!(tick_sprite(t, i)->flags & SP_KILLED) && has_ruled_overlap(t, (int)i, ~0ULL))
            tick_sprite(t, i)->flags |= SP_LINGER, some = PERSIST_SOME;
    for (uint32_t e = 0; e < g->static_start[g->w * g->h]; e++)
        if (fixed_alive(g, t->s, e) && !tick_killed(t, -(int)e - 1) &&
            has_ruled_overlap(t, -(int)e - 1, ~g->changing)) {
            for (uint32_t i = 0; i < t->s->n; i++) tick_sprite(t, i)->flags &= (uint8_t)~SP_LINGER;
            return PERSIST_ALL;
        }
    return some;
}

int interact_persist(tick_ctx *t) {
    if (t->g->geom) return PERSIST_ALL; /* such games check every pair every tick */
    for (uint32_t k = 0; t->s->persist == PERSIST_SOME && k < t->nmoved;
         k++) /* the last tick's marks, all on moved sprites */
        tick_sprite(t, t->moved[k])->flags &= (uint8_t)~SP_LINGER;
    return !t->full && contacts_fresh(t) ? linger_contacts(t) : linger_all(t);
}
