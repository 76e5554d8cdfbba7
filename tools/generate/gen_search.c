/* SPDX-License-Identifier: MIT
 *
 * gen_search.c -- the "search" generator: an evolutionary search that
 * moves maps toward the target, judged in parallel (pool.c).
 *
 * A population of POP maps, seeded by the constructive generator. Each
 * batch it proposes is, per candidate:
 *   1. a newcomer from the constructive generator (IMMIGRANTS of them),
 *      so the search keeps finding new ground; or
 *   2. a parent drawn by a tournament of two, copied and mutated: 1 to
 *      MAX_MUTATIONS times one of: a cell redrawn (a character by the
 *      game's use of it), two cells swapped, the avatar moved. A child
 *      that differs from a level found already in fewer than NEAR of its
 *      cells is mutated again (TRIES times), then replaced by a newcomer:
 *      the levels found stay varied.
 * What the verdicts say (learn):
 *   3. a level that passes is kept by generate.c and remembered here as
 *      found: it is never a parent, so the search leaves what it found for
 *      new ground. Every other candidate gets a fitness: a proven length
 *      outside the range wanted by its distance to it, plus the coverage
 *      of the avatar's rules; with chance, the gap between the strong and
 *      the weak agent's wins, plus the coverage; an undecided proof by its
 *      lower bound; no win within the range's end, an unsolvable map, or a
 *      level with chance where a length is wanted, less; a broken map least
 *   4. the population becomes the POP fittest of itself and the new
 *      candidates (ties to the earlier), never two alike; a member near a
 *      level found loses NEAR_COST, so the search moves on.
 */
#include <stdlib.h>
#include <string.h>

#include "generate.h"

#define POP           24
#define IMMIGRANTS    0.25 /* share of a batch drawn fresh from the constructive generator */
#define MAX_MUTATIONS 3
#define NEAR          0.25 /* share of the cells a child must differ in from every level found */
#define TRIES         4
#define NEAR_COST     1000

typedef struct member {
    gen_map m;
    double fit;
    int order; /* ties go to the earlier */
} member;

typedef struct search {
    const gen_game *gm;
    const gen_opts *o;
    void *seed; /* the constructive generator */
    member pop[POP];
    int npop;
    char *found; /* the levels that passed: their cells, w * h each (all of the one size) */
    int nfound, cap;
} search;

static void destroy(void *p) {
    search *self = p;
    if (self && self->seed) gen_constructive.destroy(self->seed);
    if (self) free(self->found);
    free(self);
}

static void *create(const gen_game *gm, const gen_opts *o, vg_error *err) {
    search *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->gm = gm, self->o = o;
    if (!(self->seed = gen_constructive.create(gm, o, err))) {
        destroy(self);
        return NULL;
    }
    return self;
}

/* ---- 1, 2. Proposals -------------------------------------------------- */

/* One mutation of 'm'. */
static void mutate(const gen_game *gm, gen_map *m, gen_rng *r) {
    int n = m->w * m->h, i = gen_below(r, n), kind = gen_below(r, 3);
    char *avatar = memchr(m->cell, gm->avatar, (size_t)n);
    if (kind == 0 && m->cell[i] != gm->avatar) { /* a cell redrawn */
        m->cell[i] = gm->chars[gen_pick(r, gm->freq, gm->nchars)];
    } else { /* two cells swapped; the avatar moved */
        int j = kind == 2 && avatar ? (int)(avatar - m->cell) : gen_below(r, n);
        char c = m->cell[i];
        m->cell[i] = m->cell[j], m->cell[j] = c;
    }
}

/* 1 when 'm' differs from some level found in fewer than NEAR of its cells. */
static int near_found(const search *self, const gen_map *m) {
    int n = m->w * m->h, least = (int)(NEAR * n) > 2 ? (int)(NEAR * n) : 2;
    for (int k = 0; k < self->nfound; k++) {
        const char *f = self->found + (size_t)k * (size_t)n;
        int diff = 0;
        for (int i = 0; i < n && diff < least; i++) diff += f[i] != m->cell[i];
        if (diff < least) return 1;
    }
    return 0;
}

/* The fitter of two members drawn at random. */
static const member *tournament(const search *self, gen_rng *r) {
    const member *a = &self->pop[gen_below(r, self->npop)], *b = &self->pop[gen_below(r, self->npop)];
    return b->fit > a->fit ? b : a;
}

static int propose(void *p, gen_rng *r, gen_map *maps, int max, vg_error *err) {
    search *self = p;
    if (self->npop == 0)
        return gen_constructive.propose(self->seed, r, maps, max, err); /* the first batch: newcomers */
    for (int k = 0; k < max; k++) {
        if (gen_unit(r) < IMMIGRANTS) {
            gen_constructive.propose(self->seed, r, &maps[k], 1, err);
            continue;
        }
        const member *parent = tournament(self, r);
        int tries = 0;
        do {
            maps[k] = parent->m;
            for (int t = 1 + gen_below(r, MAX_MUTATIONS); t > 0; t--) mutate(self->gm, &maps[k], r);
        } while (near_found(self, &maps[k]) && ++tries < TRIES);
        if (tries == TRIES) gen_constructive.propose(self->seed, r, &maps[k], 1, err);
    }
    return max;
}

/* ---- 3, 4. What the verdicts say -------------------------------------- */

/* How far 'len' lies outside [lo, hi]; 0 inside. */
static double outside(int len, int lo, int hi) { return len < lo ? lo - len : hi && len > hi ? len - hi : 0; }

static double fitness(const search *self, const gen_eval *ev) {
    const gen_opts *o = self->o;
    switch ((gen_verdict)ev->verdict) {
    case GEN_SHORT:
    case GEN_LONG: /* no length: the solver found no win up to the range's end (too long, or none) */
        return ev->length < 0 ? 200 : 1000 - 10 * outside(ev->length, o->min_len, o->max_len) + ev->coverage;
    case GEN_UNDECIDED: return 500 - 10 * outside(ev->lower, o->min_len, o->max_len);
    case GEN_WEAK_WINS:
    case GEN_STRONG_LOSES:
        return 1000 +
               100 * ((double)ev->strong_wins / (ev->strong_plays ? ev->strong_plays : 1) -
                      (double)ev->weak_wins / (ev->weak_plays ? ev->weak_plays : 1)) +
               ev->coverage;
    case GEN_UNSOLVABLE:
    case GEN_CHANCE: return 100;
    default: return 0;
    }
}

static int by_fitness(const void *a, const void *b) {
    const member *x = a, *y = b;
    if (x->fit != y->fit) return (y->fit > x->fit) - (y->fit < x->fit);
    return (x->order > y->order) - (x->order < y->order);
}

/* Remembers 'm' as a level found (not when out of memory). */
static void remember(search *self, const gen_map *m) {
    size_t n = (size_t)m->w * (size_t)m->h;
    if (self->nfound == self->cap) {
        int cap = self->cap ? 2 * self->cap : 64;
        char *more = realloc(self->found, (size_t)cap * n);
        if (!more) return;
        self->found = more, self->cap = cap;
    }
    memcpy(self->found + (size_t)self->nfound++ * n, m->cell, n);
}

static void learn(void *p, const gen_map *maps, const gen_eval *evs, int n) {
    search *self = p;
    static member all[POP + 64];
    int total = 0;
    for (int k = 0; k < n; k++) /* 3. the levels found */
        if (evs[k].verdict == GEN_PASS) remember(self, &maps[k]);
    for (int k = 0; k < self->npop; k++) {
        all[total] = self->pop[k], all[total].order = total;
        if (near_found(self, &all[total].m)) all[total].fit -= NEAR_COST;
        total++;
    }
    for (int k = 0; k < n && total < POP + 64; k++) {
        if (evs[k].verdict == GEN_PASS || evs[k].verdict == GEN_UNJUDGED) continue; /* found, or not judged */
        int twin = 0;
        for (int j = 0; j < total && !twin; j++)
            twin = all[j].m.w == maps[k].w && memcmp(all[j].m.cell, maps[k].cell, (size_t)(maps[k].w * maps[k].h)) == 0;
        if (!twin) all[total] = (member){maps[k], fitness(self, &evs[k]), total}, total++;
    }
    qsort(all, (size_t)total, sizeof all[0], by_fitness);
    self->npop = total < POP ? total : POP;
    memcpy(self->pop, all, (size_t)self->npop * sizeof all[0]);
}

const gen_def gen_search = {
    "search", "evolves maps toward the wanted length, agent gap and coverage", create, propose, learn, destroy};
