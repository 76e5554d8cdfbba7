/* SPDX-License-Identifier: MIT
 *
 * rhea.c -- rolling horizon evolution (GVGAI's sampleRHEA): a population
 * of action sequences of 'length' actions, each valued by playing it out
 * from the current state (score + heuristic_weight * heuristic, a large
 * bonus for a win, sooner better, a penalty for a loss); each generation
 * keeps the 'elites' best, and fills the rest by tournament selection,
 * uniform crossover and mutation (each gene redrawn with probability
 * 'mutation'). When the budget runs out the best sequence's first action
 * is played, and the population is shifted by one action (a random one
 * appended) to seed the next tick.
 */
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "search.h"

#define MAX_POP 64
#define MAX_LEN 64

typedef struct indiv {
    uint8_t genes[MAX_LEN]; /* indices into the current action list */
    double value;
    int valued;
} indiv;

typedef struct rhea {
    const vg_game *g;
    int pop, len, elites, tournament, shift;
    double mutation, hw, bonus;
    uint64_t rng;
    indiv *cur, *next;
    int have; /* the population holds a previous tick's sequences */
    vg_state *work;
} rhea;

static const agent_param rhea_params[] = {
    {"population", 10, "sequences per generation (2..64)"},
    {"length", 10, "actions per sequence (1..64)"},
    {"mutation", 0.1, "probability of redrawing each action"},
    {"elites", 1, "best sequences kept unchanged each generation"},
    {"tournament", 2, "sequences drawn per parent selection"},
    {"heuristic_weight", 1, "weight of the game's heuristic in a sequence's value (0: score only)"},
    {"win_bonus", 1000, "added to a win's value, subtracted from a loss's"},
    {"shift", 1, "1: seed each tick with last tick's population shifted by one action"},
};

static void rhea_free(void *self) {
    rhea *r = self;
    if (!r) return;
    free(r->cur);
    free(r->next);
    vg_state_free(r->work);
    free(r);
}

static int clampi(double v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : (int)v; }

static void *rhea_create(const vg_game *g, const double *p, uint64_t seed) {
    rhea *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->g = g;
    r->pop = clampi(p[0], 2, MAX_POP);
    r->len = clampi(p[1], 1, MAX_LEN);
    r->mutation = p[2];
    r->elites = clampi(p[3], 0, r->pop - 1);
    r->tournament = clampi(p[4], 1, r->pop);
    r->hw = p[5];
    r->bonus = p[6];
    r->shift = p[7] != 0;
    r->rng = rng_seed_of(seed);
    r->cur = calloc(MAX_POP, sizeof *r->cur);
    r->next = calloc(MAX_POP, sizeof *r->next);
    r->work = vg_state_new(g, 0);
    if (!r->cur || !r->next || !r->work) {
        rhea_free(r);
        return NULL;
    }
    return r;
}

static void randomize(rhea *r, indiv *x, int from, int nacts) {
    for (int k = from; k < r->len; k++) x->genes[k] = (uint8_t)rng_below(&r->rng, nacts);
    x->valued = 0;
}

static void evaluate(rhea *r, fm *f, const vg_state *s, const vg_action *acts, int nacts, indiv *x) {
    fm_copy(f, r->work, s);
    int k = 0;
    for (; k < r->len && !vg_is_over(r->work) && fm_room(f, 1); k++) fm_advance(f, r->work, acts[x->genes[k] % nacts]);
    double v = fm_score(f, r->work);
    if (r->hw != 0) v += r->hw * fm_heuristic(f, r->work);
    if (fm_winner(f, r->work) == VG_PLAYER_WINS) v += r->bonus - k; /* sooner is better */
    else if (vg_is_over(r->work)) v -= r->bonus;
    x->value = v;
    x->valued = 1;
    f->expanded++;
}

/* 1 when one more sequence can be valued within the budget: its copy and
 * 'len' advances fit in a call budget, or none was valued yet this
 * decision (then its play-out stops where the call budget does). */
static int room_for_one(const rhea *r, const fm *f, int valued) {
    return !fm_spent_for(f, 1L + r->len) || (!valued && !fm_spent(f));
}

static int by_value(const void *a, const void *b) {
    double x = ((const indiv *)a)->value, y = ((const indiv *)b)->value;
    return (x < y) - (x > y);
}

static const indiv *pick(rhea *r) {
    const indiv *best = NULL;
    for (int k = 0; k < r->tournament; k++) {
        const indiv *c = &r->cur[rng_below(&r->rng, r->pop)];
        if (!best || c->value > best->value) best = c;
    }
    return best;
}

static int rhea_act(void *self, fm *f, const vg_state *s) {
    rhea *r = self;
    vg_action acts[VG_MAX_ACTIONS];
    int nacts = fm_actions(f, s, acts);
    if (nacts == 0) return -1;
    for (int i = 0; i < r->pop; i++) {
        if (r->have && r->shift) {
            memmove(r->cur[i].genes, r->cur[i].genes + 1, (size_t)r->len - 1);
            randomize(r, &r->cur[i], r->len - 1, nacts);
        } else randomize(r, &r->cur[i], 0, nacts);
        r->cur[i].valued = 0;
    }
    r->have = 1;
    for (int i = 0; i < r->pop && room_for_one(r, f, i); i++) evaluate(r, f, s, acts, nacts, &r->cur[i]);
    for (int i = 0; i < r->pop; i++)
        if (!r->cur[i].valued) r->cur[i].value = -1e300;
    qsort(r->cur, (size_t)r->pop, sizeof *r->cur, by_value);
    while (room_for_one(r, f, 1)) {
        int done = 0;
        for (int i = 0; i < r->elites; i++) r->next[i] = r->cur[i];
        for (int i = r->elites; i < r->pop; i++) {
            const indiv *a = pick(r), *b = pick(r);
            indiv *c = &r->next[i];
            for (int k = 0; k < r->len; k++) {
                c->genes[k] = rng_below(&r->rng, 2) ? a->genes[k] : b->genes[k];
                if (rng_unit(&r->rng) < r->mutation) c->genes[k] = (uint8_t)rng_below(&r->rng, nacts);
            }
            c->valued = 0;
            c->value = -1e300;
        }
        for (int i = r->elites; i < r->pop && room_for_one(r, f, 1); i++, done++)
            evaluate(r, f, s, acts, nacts, &r->next[i]);
        if (done < r->pop - r->elites) { /* budget ran out mid-generation: keep the valued ones */
            for (int i = r->elites; i < r->elites + done; i++)
                if (r->next[i].value > r->cur[r->pop - 1].value) {
                    r->cur[r->pop - 1] = r->next[i];
                    qsort(r->cur, (size_t)r->pop, sizeof *r->cur, by_value);
                }
            break;
        }
        indiv *t = r->cur;
        r->cur = r->next;
        r->next = t;
        qsort(r->cur, (size_t)r->pop, sizeof *r->cur, by_value);
    }
    f->value = r->cur[0].value;
    f->has_value = 1;
    return fm_action_move(f, acts[r->cur[0].genes[0] % nacts]);
}

const agent_def agent_rhea = {"rhea",      "rolling horizon evolution of action sequences (GVGAI's sampleRHEA)",
                              rhea_params, 8,
                              rhea_create, rhea_act,
                              rhea_free};
