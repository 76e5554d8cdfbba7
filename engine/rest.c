/* SPDX-License-Identifier: MIT
 *
 * rest.c -- sprites at rest: a drifting sprite (a Missile) whose move this
 * tick would be undone at once by a stepBack, and nothing seen on the way,
 * is not moved at all. A boulder lying on a wall, a civilian standing on a
 * building: each tick GVGAI moves it a fraction of a cell, finds it
 * overlapping, and steps it back; the engine paid a move, a lookup, a step
 * back and its contacts collected again for it (1,500-2,400 instructions a
 * sprite and tick).
 *
 * Why it is exact. When it would move, such a sprite ('i', of leaf type T,
 * at place R on the grid, to R') is deferred (t->rest) when:
 *   - no other changing sprite covers a cell of R or R' (the cell counts),
 *     and it was not lingering: so at R it overlaps nothing under a rule
 *     (interact_persist), and at R' only the fixed sprites of those cells;
 *   - of the pairs of types the collision pass runs, the first that has T
 *     on one side and a type of those fixed sprites (alive) on the other
 *     (pair m) has T first, only fixed types second, and starts with a
 *     plain stepBack (no score, no events, not pixelPerfect).
 * Had it moved, nothing would meet it before pair m, which steps it back to
 * R; from then on both plays are the same. Anything that could change that
 * after the sprite was deferred moves it after all (rest_check): the pass
 * starting with another sprite in those cells, a contact overflow, a timer;
 * an effect before pair m that moves or creates a sprite into those cells
 * (checked after it), or acts beyond its two sprites or is the script's
 * (before it: such rows run through rest_run, effect_def's fn). Such a late
 * move is the move it would have made: no update after its own reads where
 * it is (rest_finish checks the classes updating later), and 'moved'
 * (GVGAI's lastmove) was set then.
 *
 * A sprite may also rest on one at rest (boulders stacked): the one changing
 * sprite in its way is at rest, their moves would not meet, and the first
 * pair between their types, a plain stepBack of its own, comes after the
 * one that steps the lower one back (or fixed sprites step it back first).
 * It moves when that one does (alone()).
 */
#include <stdlib.h>
#include <string.h>

#include "class.h"
#include "effect.h"
#include "interact.h"
#include "tick.h"

/* 1 when sprites of update function u never read where other sprites are. */
static int blind(class_update_fn *u) {
    return u == class_update_still || u == class_update_passive || u == class_update_flicker ||
           u == class_update_random_npc || u == class_update_random_missile || u == class_update_spawn_point ||
           u == class_update_bomber || u == class_update_random_bomber || u == class_update_bomber_random_missile;
}

/* A tick's collision pass in a game whose sprites may rest (g->pass): those
 * that may be seen move first (all of them, with delayed effects due or
 * every pair to check). */
static __attribute__((noinline)) void rest_pass_some(tick_ctx *t) {
    rest_check(t, -1, t->s->timers || t->full);
    interact_run(t);
}
static void rest_pass(tick_ctx *t) { (t->nrest ? rest_pass_some : interact_run)(t); }

/* Row e with sprites at rest about (effect_def's fn): before it, all of
 * them move when it acts beyond its two sprites; after it, those whose
 * cells it moved or created a sprite into. */
static __attribute__((noinline)) int rest_run_some(tick_ctx *t, const effect_def *e, int a, int b) {
    if (e->after & AFTER_REST_ALL) rest_check(t, e->pair, 1);
    int scored = e->plain(t, e, a, b);
    rest_after(t, e, a, b);
    return scored;
}
static int rest_run(tick_ctx *t, const effect_def *e, int a, int b) {
    return t->nrest ? rest_run_some(t, e, a, b) : e->plain(t, e, a, b);
}
/* ... and a rest pair's stepBack (its plain function): the sprite's next
 * move asks first (a flag only a type that may rest reads). */
static int rest_run_pair(tick_ctx *t, const effect_def *e, int a, int b) {
    if (a >= 0) tick_sprite(t, a)->flags |= SP_REST;
    return t->nrest ? rest_run_some(t, e, a, b) : effect_step_back(t, e, a, b);
}

/* Pair p's first effect steps its first sprite back out of fixed ones, and
 * does nothing else. */
static int pair_backs(const vg_game *g, int p) {
    const effect_def *e = &g->effects[g->pair_effects[g->pairs[p].first]];
    int scores = 0;
    for (int k = 0; k < g->nplayers; k++) scores |= e->score[k] != 0;
    return e->kind == EFF_stepBack && !e->pixel_perfect && !e->after && !scores;
}
static int pair_rests(const vg_game *g, int p) {
    uint64_t a = g->types[g->pairs[p].t1].subtypes, b = g->types[g->pairs[p].t2].subtypes;
    return pair_backs(g, p) && !(a & b) && !(b & g->changing);
}

/* Leaf type t may rest: it drifts (no timeToLive, not an avatar), and no
 * type updating after it reads where sprites are. */
static int may_rest(const vg_game *g, int t, int at) {
    const type_def *td = &g->types[t];
    if (!(g->passive_types >> t & 1) || td->is_static || td->ttl >= 0 || state_is_avatar(g, t)) return 0;
    for (int k = 0; k < at; k++)
        if (!blind(g->update_fn[g->update_order[k]])) return 0;
    return 1;
}

void rest_finish(vg_game *g) {
    g->rest_types = g->rest_killable = 0;
    g->pass = interact_run;
    for (int k = 0; k < g->neffects; k++) g->effects[k].pair = -1;
    for (int p = 0; p < g->npairs; p++)
        for (int k = g->pairs[p].first; k < g->pairs[p].first + g->pairs[p].count; k++)
            g->effects[g->pair_effects[k]].pair = p;
    if (g->geom || g->turns || g->npairs >= REST_NONE) return;
    memset(g->rest_pairs, 0, sizeof g->rest_pairs);
    memset(g->rest_backs, 0, sizeof g->rest_backs);
    for (int p = 0; p < g->npairs; p++) {
        if (pair_rests(g, p)) g->rest_pairs[p / 64] |= 1ULL << (p % 64);
        if (pair_backs(g, p)) g->rest_backs[p / 64] |= 1ULL << (p % 64);
    }
    for (int k = g->nupdate - 1; k >= 0; k--) {
        int t = g->update_order[k];
        g->rest_stop[t] = 0;
        if (!may_rest(g, t, k)) continue;
        for (int u = 0; u < g->ntypes && u < VG_MAX_LEAVES; u++) { /* leaves come first past 64 types */
            int first = REST_NONE;
            for (int p = g->npairs - 1; p >= 0; p--) {
                uint64_t a = g->types[g->pairs[p].t1].subtypes, b = g->types[g->pairs[p].t2].subtypes;
                if (((a >> t & 1) && (b >> u & 1)) || ((a >> u & 1) && (b >> t & 1))) first = p;
            }
            g->rest_first[t][u] = (uint8_t)first;
            if (first != REST_NONE && (g->rest_pairs[first / 64] >> (first % 64) & 1) && !(g->changing >> u & 1))
                g->rest_stop[t] |= 1ULL << u;
        }
        if (g->rest_stop[t]) g->rest_types |= 1ULL << t;
    }
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && g->types[t].killable) g->rest_killable |= 1ULL << t;
    if (g->rest_types) g->pass = rest_pass;
    for (int k = 0; k < g->neffects && g->rest_types; k++) {
        effect_def *e = &g->effects[k];
        if ((e->flags & FX_OTHERS) || e->kind == EFFECT_SCRIPT) e->after |= AFTER_REST | AFTER_REST_ALL;
        if (e->flags & (FX_MOVE1 | FX_MOVE2 | FX_CREATES | FX_PUSH | FX_UNDO)) e->after |= AFTER_REST;
        if (e->after & AFTER_REST) e->fn = rest_run;
    }
    for (int p = 0; p < g->npairs && g->rest_types; p++)
        if (g->rest_backs[p / 64] >> (p % 64) & 1) g->effects[g->pair_effects[g->pairs[p].first]].fn = rest_run_pair;
}

/* The fixed types alive in cell c among 'types' (killable ones looked up). */
static uint64_t alive_types(const tick_ctx *t, int c, uint64_t types) {
    const vg_game *g = t->g;
    if (!(types & g->rest_killable)) return types;
    types &= ~g->rest_killable;
    for (uint32_t e = g->static_start[c]; e < g->static_start[c + 1]; e++)
        if ((g->rest_killable >> g->static_ents[e].type & 1) && fixed_alive(g, t->s, e) && !tick_killed(t, -(int)e - 1))
            types |= 1ULL << g->static_ents[e].type;
    return types;
}

/* 1 when no changing sprite but the one at rest 'r' (and the one it rests
 * on, in that one's cell, untouched) covers its cells. */
static int alone(const tick_ctx *t, const struct rest *r) {
    const uint8_t *occ = state_occ(t->s);
    int others = 0, on = -1;
    if (r->on != REST_ON_NONE) {
        const sprite *q = tick_sprite(t, r->on);
        if (t->touched[r->on >> 6] >> (r->on & 63) & 1) return 0;
        on = cell_exact(t->g, q->x, q->y);
    }
    for (int k = 1; k < r->ncells; k++) others |= occ[r->cell[k]] != (r->cell[k] == on);
    return occ[r->cell[0]] == 1 && !others;
}

/* Counts sprite at rest 'r' in (+1) or out (-1) of its cells. */
static void mark(tick_ctx *t, const struct rest *r, int delta) {
    for (int k = 0; k < r->ncells; k++) t->rest_marks[r->cell[k]] = (uint8_t)(t->rest_marks[r->cell[k]] + delta);
}

/* The first pair that has sprite i's leaf type on one side and one of
 * 'types' on the other (REST_NONE: none). */
static int first_pair(const vg_game *g, int type, uint64_t types) {
    int m = REST_NONE;
    for (; types; types &= types - 1)
        if (g->rest_first[type][__builtin_ctzll(types)] < m) m = g->rest_first[type][__builtin_ctzll(types)];
    return m;
}

/* rest_try and rest_try_on: 'on' the sprite at rest in the way (an entry
 * of t->rest), or NULL. */
static int try_rest(tick_ctx *t, int i, int x, int y, const struct rest *on) {
    const vg_game *g = t->g;
    const sprite *p = tick_sprite(t, i);
    int type = p->type, c0 = cell_exact(g, p->x, p->y), cells[4], n;
    if (c0 < 0 || !square_on_map(g, x, y)) return 0;
    n = square_cells(square_at(g, x, y), cells);
    uint64_t types = 0, partners = g->partners[type];
    if (t->nrest == MAX_REST || t->full || t->s->occ_full || (p->flags & SP_LINGER) ||
        (t->touched[i >> 6] >> (i & 63) & 1))
        return 0;
    struct rest *r = &t->rest[t->nrest];
    *r = (struct rest){(uint16_t)i, REST_NONE, 1, (int16_t)x, (int16_t)y, {(uint16_t)c0}, REST_ON_NONE};
    if (on) r->on = on->i;
    for (int k = 0; k < n; k++)
        if (cells[k] != c0) r->cell[r->ncells++] = (uint16_t)cells[k];
    if (!alone(t, r)) {
        const uint8_t *occ = state_occ(t->s);
        int one = 0, more = occ[c0] != 1;
        for (int k = 1; k < r->ncells; k++) one += occ[r->cell[k]] == 1, more |= occ[r->cell[k]] > 1;
        return !on && !more && one == 1 ? -1 : 0; /* one other in the way: it may be at rest */
    }
    for (int k = 0; k < n; k++) types |= alive_types(t, cells[k], g->static_mask[cells[k]] & partners);
    int m = first_pair(g, type, types);
    if (on) { /* stepped back out of 'on', back where it was by then (unless fixed ones come first) */
        int f = g->rest_first[type][tick_sprite(t, on->i)->type], b = t->b;
        if (abs(on->x - x) < b && abs(on->y - y) < b) return 0; /* they would meet on the way */
        if (f < m && on->pair >= f) return 0;
        if (f < m) m = f;
    }
    if (m == REST_NONE || !((on ? g->rest_backs : g->rest_pairs)[m / 64] >> (m % 64) & 1)) return 0;
    if (!t->nrest) memset(t->rest_marks, 0, (size_t)g->w * g->h);
    r->pair = (uint8_t)m;
    mark(t, r, +1);
    t->nrest++;
    return 1;
}

int rest_try(tick_ctx *t, int i, int x, int y) { return try_rest(t, i, x, y, NULL); }

int rest_try_on(tick_ctx *t, int i, int x, int y) {
    const sprite *p = tick_sprite(t, i);
    int c0 = cell_exact(t->g, p->x, p->y), cells[4], n = square_cells(square_at(t->g, x, y), cells);
    for (int k = 0; k < n; k++) {
        if (cells[k] == c0) continue;
        for (uint32_t j = 0; j < t->nrest; j++)
            if (t->rest[j].cell[0] == cells[k]) return try_rest(t, i, x, y, &t->rest[j]);
    }
    return 0;
}

void rest_check(tick_ctx *t, int pair, int all) {
    t->nlooked = t->s->n;
    for (int again = 1; again;) {
        uint32_t kept = 0;
        again = 0;
        for (uint32_t k = 0; k < t->nrest; k++) {
            struct rest r = t->rest[k];
            if (r.pair > pair && !all && alone(t, &r)) {
                t->rest[kept++] = r;
                continue;
            }
            mark(t, &r, -1);
            if (r.pair > pair) { /* not stepped back by now: it moves */
                tick_set_pos(t, r.i, r.x, r.y);
                again = !all;
            }
        }
        t->nrest = kept;
    }
}

/* 1 when changing sprite r covers a cell of a sprite at rest (off the map
 * in part: 1). */
static int covers_marked(const tick_ctx *t, int r) {
    const sprite *p = tick_sprite(t, (uint32_t)r);
    if (!square_on_map(t->g, p->x, p->y)) return 1;
    int cells[4], n = square_cells(square_at(t->g, p->x, p->y), cells);
    for (int k = 0; k < n; k++)
        if (t->rest_marks[cells[k]]) return 1;
    return 0;
}

void rest_after(tick_ctx *t, const effect_def *e, int a, int b) {
    if (!t->nrest) return;
    int hit = 0;
    if ((e->flags & (FX_MOVE1 | FX_PUSH | FX_UNDO)) && a >= 0) hit = covers_marked(t, a);
    if (e->flags & FX_MOVE2) hit |= b == REF_NONE || (b >= 0 && covers_marked(t, b));
    for (uint32_t j = t->nlooked; j < t->s->n && !hit; j++) hit = covers_marked(t, (int)j);
    t->nlooked = t->s->n;
    if (hit) rest_check(t, e->pair, 0);
}
