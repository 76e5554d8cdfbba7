/* SPDX-License-Identifier: MIT
 *
 * interact.c -- collision effects: the effect table and the collision pass
 * of a tick.
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
 * sprites take part without being copied into the state.
 */
#include <math.h>
#include <string.h>

#include "state.h"

/* Where sprite 'r' was before this tick's moves (GVGAI's lastrect). */
static void ref_last(const tick_ctx *t, int r, int *x, int *y) {
    if (r >= 0) {
        *x = t->lx[r];
        *y = t->ly[r];
    } else {
        ref_pos(t->g, t->s, r, x, y);
    }
}

/* ---- Effects: one function and one table row each --------------------- */

typedef void effect_fn(tick_ctx *t, const effect_def *e, int a, int b);

static void fx_none(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)t, (void)e, (void)a, (void)b;
}

static void fx_step_back(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    t->s->sp[a].x = t->lx[a];
    t->s->sp[a].y = t->ly[a];
    state_moved(t, a);
}

static void fx_kill_sprite(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    state_kill(t, a, 0);
}

static void fx_kill_both(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    state_kill(t, a, 0);
    state_kill(t, b, 0);
}

/* Pushes 'a' the way 'b' moved this tick, at b's speed. */
static void fx_bounce_forward(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    int x, y, lx, ly;
    ref_pos(t->g, t->s, b, &x, &y);
    ref_last(t, b, &lx, &ly);
    double dx = x - lx, dy = y - ly, mag = sqrt(dx * dx + dy * dy);
    if (mag != 0) dx /= mag, dy /= mag;
    int odx = b >= 0 ? t->s->sp[b].dx : 0, ody = b >= 0 ? t->s->sp[b].dy : 0;
    if ((x - lx) * odx < 0) dx = -dx;
    if ((y - ly) * ody < 0) dy = -dy;
    physics_active(t, a, dx, dy, t->g->types[ref_type(t->g, t->s, b)].speed);
    t->s->sp[a].dx = (int8_t)((dx > 0) - (dx < 0));
    t->s->sp[a].dy = (int8_t)((dy > 0) - (dy < 0));
}

/* Puts every sprite back where it was before this tick. */
static void fx_undo_all(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)a, (void)b;
    for (uint32_t i = 0; i < t->s->n; i++) {
        if (e->not_types >> t->s->sp[i].type & 1) continue;
        t->s->sp[i].x = t->lx[i];
        t->s->sp[i].y = t->ly[i];
        state_moved(t, (int)i);
    }
}

/* Replaces 'a' by a new sprite of type 'stype' at the same place. */
static void fx_transform_to(tick_ctx *t, const effect_def *e, int a, int b) {
    if (t->s->sp[a].flags & SP_DISABLED) return;
    int n = state_create(t, e->stype, t->s->sp[a].x, t->s->sp[a].y);
    if (n < 0) return;
    sprite *old = &t->s->sp[a], *p = &t->s->sp[n];
    t->lx[n] = t->lx[a];
    t->ly[n] = t->ly[a];
    p->dx = old->dx;
    p->dy = old->dy;
    p->flags = old->flags & SP_FIRST;
    int transformed = !state_is_avatar(t->g, old->type) || state_is_avatar(t->g, e->stype);
    state_kill(t, a, transformed);
    if (e->kill_second && b >= 0) state_kill(t, b, 1);
}

enum { CH1 = 1, CH2 = 2, CREATES = 4 };

static const struct effect_row {
    const char *name;
    effect_fn *fn;
    unsigned flags;     /* CH1/CH2: may move, kill or replace sprite 1/2; CREATES: makes sprites */
} effects[] = {
    {"scoreChange",   fx_none,           0},
    {"stepBack",      fx_step_back,      CH1},
    {"killSprite",    fx_kill_sprite,    CH1},
    {"killBoth",      fx_kill_both,      CH1 | CH2},
    {"bounceForward", fx_bounce_forward, CH1},
    {"undoAll",       fx_undo_all,       0},   /* static sprites never moved: undoing is a no-op */
    {"transformTo",   fx_transform_to,   CH1 | CREATES},
};
#define NUM_EFFECTS ((int)(sizeof effects / sizeof effects[0]))

int effect_find(const char *name) {
    for (int k = 0; k < NUM_EFFECTS; k++)
        if (strcmp(effects[k].name, name) == 0) return k;
    return -1;
}

int effect_creates(int kind) { return kind == EFFECT_LUA || (effects[kind].flags & CREATES); }

int effect_changes(int kind, int which) {
    return kind == EFFECT_LUA || (effects[kind].flags & (which == 1 ? CH1 : CH2));
}

const char *const *effect_names(int *n) {
    static const char *names[NUM_EFFECTS];
    for (int k = 0; k < NUM_EFFECTS; k++) names[k] = effects[k].name;
    *n = NUM_EFFECTS;
    return names;
}

/* ---- The collision pass ----------------------------------------------- */

#define MAX_REFS (VG_MAX_SPRITES + 64)

static void build_mask(tick_ctx *t) {
    memset(t->dyn_mask, 0, (size_t)(t->g->w * t->g->h) * sizeof t->dyn_mask[0]);
    t->mask_ready = 1;
    for (uint32_t i = 0; i < t->s->n; i++) state_moved(t, (int)i);
}

/* Cells covered by a sprite at (x, y); 0 when it is not wholly on the map. */
static int cover(const tick_ctx *t, int x, int y, int *x0, int *y0, int *x1, int *y1) {
    int b = t->b;
    if (x < 0 || y < 0) return 0;
    *x0 = x / b, *y0 = y / b, *x1 = (x + b - 1) / b, *y1 = (y + b - 1) / b;
    return *x1 < t->g->w && *y1 < t->g->h;
}

/* The 'k'-th sprite of leaf type 'st' among those that existed when the
 * effect started (index below 'n0'), in id order; 0 when there is none.
 * A tick only appends sprites, so these stay where they are. */
static int nth_of_type(const tick_ctx *t, int st, uint32_t n0, uint32_t *k, int *r) {
    const vg_game *g = t->g;
    if (g->types[st].is_static) {     /* *k: next entry of the static layer to look at */
        uint32_t total = g->static_start[g->w * g->h];
        for (uint32_t e = *k; e < total; e++)
            if (g->static_ents[e].type == st) {
                *k = e + 1;
                *r = -(int)e - 1;
                return 1;
            }
        *k = total;
        return 0;
    }
    uint32_t span = (uint32_t)(t->last[st] - t->first[st]);  /* *k: settled ones first, then new ones */
    if (*k < span) {
        *r = (int)(t->first[st] + (*k)++);
        return 1;
    }
    for (uint32_t i = t->settled + (*k - span); i < n0; i++)
        if (t->s->sp[i].type == st) {
            *k = span + (i - t->settled) + 1;
            *r = (int)i;
            return 1;
        }
    return 0;
}

/* The sprites of 'types' (a leaf set) overlapping sprite 'r1', in GVGAI's order. */
static int overlapping(const tick_ctx *t, int r1, uint64_t types, uint32_t n0, int *out, int max) {
    const vg_game *g = t->g;
    int x, y, x0 = 0, y0 = 0, x1 = -1, y1 = -1, n = 0;
    ref_pos(t->g, t->s, r1, &x, &y);
    int on_map = cover(t, x, y, &x0, &y0, &x1, &y1);
    if (on_map) {
        uint64_t m = 0;
        for (int cy = y0; cy <= y1; cy++)
            for (int cx = x0; cx <= x1; cx++)
                m |= g->static_mask[cy * g->w + cx] | t->dyn_mask[cy * g->w + cx];
        types &= m;
    }
    for (; types; types &= types - 1) {
        int st = __builtin_ctzll(types), r;
        if (g->types[st].is_static && on_map) {
            for (int cy = y0; cy <= y1; cy++)
                for (int cx = x0; cx <= x1; cx++)
                    for (uint32_t e = g->static_start[cy * g->w + cx]; e < g->static_start[cy * g->w + cx + 1]; e++)
                        if (g->static_ents[e].type == st && n < max) out[n++] = -(int)e - 1;
            continue;
        }
        for (uint32_t k = 0; nth_of_type(t, st, n0, &k, &r) && n < max;) {
            int ox, oy;
            ref_pos(t->g, t->s, r, &ox, &oy);
            if (r != r1 && physics_intersects(t, x, y, ox, oy)) out[n++] = r;
        }
    }
    return n;
}

static void add_event(tick_ctx *t, int a, int b) {
    vg_state *s = t->s;
    int ta = ref_type(t->g, t->s, a), tb = ref_type(t->g, t->s, b);
    if (!state_is_avatar(t->g, ta)) {
        if (!state_is_avatar(t->g, tb)) return;
        int tmp = a; a = b; b = tmp;
        tmp = ta; ta = tb; tb = tmp;
    }
    if (s->nevents >= VG_MAX_EVENTS) return;
    state_event *ev = &s->events[s->nevents++];
    int x, y;
    ref_pos(t->g, t->s, a, &x, &y);
    ev->tick = s->tick + 1;
    ev->id1 = ref_id(t->g, t->s, a);
    ev->id2 = ref_id(t->g, t->s, b);
    ev->x = (int16_t)x;
    ev->y = (int16_t)y;
    ev->t1 = (uint8_t)ta;
    ev->t2 = (uint8_t)tb;
    ev->from_avatar = 0;
}

static void run_effect(tick_ctx *t, const effect_def *e, int a, int b) {
    if (e->kind == EFFECT_LUA) {
        vg_status st = t->g->ops->effect(t->g->script, e->lua_ref, t, a, b, t->err);
        if (st != VG_OK && t->status == VG_OK) t->status = st;
    } else {
        effects[e->kind].fn(t, e, a, b);
    }
    t->s->score += e->score;
    add_event(t, a, b);
}

void interact_run(tick_ctx *t) {
    const vg_game *g = t->g;
    int second[MAX_REFS];
    build_mask(t);
    for (int p = 0; p < g->npairs && t->status == VG_OK; p++) {
        const pair_def *pd = &g->pairs[p];
        for (int k = 0; k < pd->count && t->status == VG_OK; k++) {
            const effect_def *e = &g->effects[g->pair_effects[pd->first + k]];
            uint32_t n0 = t->s->n;
            for (uint64_t ts = g->types[pd->t1].subtypes; ts; ts &= ts - 1) {
                int a;
                for (uint32_t at = 0; nth_of_type(t, __builtin_ctzll(ts), n0, &at, &a);) {
                    if (a >= 0 && (t->s->sp[a].flags & SP_KILLED)) continue;
                    int n2 = overlapping(t, a, g->types[pd->t2].subtypes, n0, second, MAX_REFS);
                    for (int j = 0; j < n2; j++) {
                        int b = second[j], ax, ay, bx, by;
                        if (a >= 0 && (t->s->sp[a].flags & SP_KILLED)) break;
                        ref_pos(t->g, t->s, a, &ax, &ay);
                        ref_pos(t->g, t->s, b, &bx, &by);
                        if (physics_intersects(t, ax, ay, bx, by)) run_effect(t, e, a, b);
                    }
                }
            }
        }
    }
}
