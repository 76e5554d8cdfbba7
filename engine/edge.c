/* SPDX-License-Identifier: MIT
 *
 * edge.c -- the effects at the edge of the screen (EOS), step 2 of the
 * collision pass (interact.c): each one on the sprites of its first type
 * that are not wholly on the map (GVGAI's isAtEdge), in GVGAI's order.
 *
 * Such sprites are few, and all the sprites of those types many: when no
 * sprite of them was off the map as the tick began (the state's
 * edges_clear), only those moved or created off it since can be, and the
 * tick lists them (tick.h's off). Otherwise every sprite of a type that
 * may have one off the map (tick_outside, when known) is looked at.
 */
#include "effect.h"
#include "interact.h"

/* Applies edge effect 'e' to sprite j when it is of leaf type 'st', not
 * killed, and not wholly on the map. One left off the map ends the
 * listing for the rest of the tick (t->noff past MAX_OFF): it is looked at
 * again next tick, moved or not. */
static inline void edge_visit(tick_ctx *t, const effect_def *e, uint32_t j, int st) {
    const vg_game *g = t->g;
    const sprite *p = tick_sprite(t, j);
    if (g->geom) { /* sprites of several sizes: every one is looked at, every tick */
        if (p->type == st && !(p->flags & SP_KILLED) && physics_off_screen(g, p) && !(p->flags & SP_DISABLED))
            effect_apply(t, e, (int)j, REF_NONE);
        return;
    }
    if (p->type != st || (p->flags & SP_KILLED) || square_on_map(g, p->x, p->y)) return;
    if (!(p->flags & SP_DISABLED)) effect_apply(t, e, (int)j, REF_NONE);
    if (!(p->flags & SP_KILLED) && !square_on_map(g, p->x, p->y)) t->noff = MAX_OFF + 1;
}

/* The sprites of t->off of leaf type 'st' below index 'n0', in index
 * order (GVGAI's), each once, into out[]; returns how many. */
static int edge_listed(const tick_ctx *t, int st, uint32_t n0, uint16_t *out) {
    int m = 0;
    for (uint32_t u = 0; u < t->noff; u++) {
        uint16_t j = t->off[u];
        if (j >= n0 || tick_sprite(t, j)->type != st) continue;
        int k = m;
        for (; k > 0 && out[k - 1] > j; k--) out[k] = out[k - 1];
        if (k > 0 && out[k - 1] == j) { /* listed already: close the gap */
            for (; k < m; k++) out[k] = out[k + 1];
            continue;
        }
        out[k] = j, m++;
    }
    return m;
}

/* 1 when a sprite of t->off is off the map now, or they were not all
 * listed, or one was left off it (edge_visit). */
static int edge_any_off(const tick_ctx *t) {
    if (t->noff > MAX_OFF) return 1;
    for (uint32_t u = 0; u < t->noff; u++) {
        const sprite *p = tick_sprite(t, t->off[u]);
        if (!(p->flags & SP_KILLED) && !square_on_map(t->g, p->x, p->y)) return 1;
    }
    return 0;
}

void edge_run(tick_ctx *t) {
    const vg_game *g = t->g;
    int listed = t->s->edges_clear;
    if (listed && t->noff == 0 && t->status == VG_OK) { /* none off the map as the tick began, nor since */
        t->noff = EDGES_DONE;
        return;
    }
    for (int k = 0; k < g->neos && t->status == VG_OK; k++) {
        const effect_def *e = &g->effects[g->eos_effects[k]];
        for (uint64_t ts = g->types[e->t1].subtypes; ts; ts &= ts - 1) {
            int st = __builtin_ctzll(ts);
            if (g->types[st].fixed) continue; /* never off the screen */
            uint32_t from, to, n0 = t->s->n;
            if (listed && t->noff <= MAX_OFF) {
                uint16_t off[MAX_OFF];
                for (int q = 0, m = edge_listed(t, st, n0, off); q < m; q++) edge_visit(t, e, off[q], st);
                continue;
            }
            if (!g->geom && t->outside_known && !(t->outside >> st & 1)) continue;
            type_range(t, st, &from, &to);
            for (uint32_t i = from; i < to + (n0 - t->settled); i++) /* as sprite_walk: the range, the new ones */
                edge_visit(t, e, i < to ? i : t->settled + (i - to), st);
        }
    }
    if (g->geom) return; /* edges_clear stays 0: its sprites are not listed (g->edge_types) */
    t->s->edges_clear = t->status == VG_OK && !edge_any_off(t);
    t->noff = EDGES_DONE; /* from here on, a sprite moved off the map clears it again (tick.c) */
}
