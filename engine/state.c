/* SPDX-License-Identifier: MIT
 *
 * state.c -- game states: allocation, copy, hash, sprite creation and
 * removal, and the RNG.
 *
 * Usage profile: agents copy states millions of times a second, so a copy
 * is one memcpy of the used bytes. Creating and killing sprites happens a
 * few times per tick at most; keeping the array sorted by (type, id) at
 * tick boundaries lets a tick find each type's sprites as one range.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

/* ---- Allocation and copy ---------------------------------------------- */

vg_state *state_alloc(const vg_game *g) {
    vg_state *s = calloc(1, STATE_BYTES(g->state_cap));
    if (s) s->cap = g->state_cap;
    return s;
}

vg_state *vg_state_new(const vg_game *g, uint64_t seed) {
    vg_state *s = state_alloc(g);
    if (s) vg_state_reset(g, s, seed);
    return s;
}

void vg_state_free(vg_state *s) { free(s); }

void vg_state_reset(const vg_game *g, vg_state *s, uint64_t seed) {
    vg_state_copy(s, g->start);
    rng_seed(s, seed);
}

size_t vg_state_size(const vg_game *g) { return STATE_BYTES(g->state_cap); }

size_t vg_state_used(const vg_state *s) { return STATE_BYTES(s->n); }

void vg_state_copy(vg_state *dst, const vg_state *src) {
    assert(dst && src && dst->cap == src->cap);
    memcpy(dst, src, STATE_BYTES(src->n));
}

vg_state *vg_state_clone(const vg_state *s) {
    vg_state *c = malloc(STATE_BYTES(s->cap));
    if (c) memcpy(c, s, STATE_BYTES(s->n));
    return c;
}

/* ---- Hash and equality ------------------------------------------------ */

static uint64_t mix(uint64_t z) {   /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t sprite_key(const sprite *p) {
    return (uint64_t)(uint16_t)p->x | (uint64_t)(uint16_t)p->y << 16 |
           (uint64_t)p->type << 32 | (uint64_t)p->flags << 40 |
           (uint64_t)(uint8_t)p->dx << 48 | (uint64_t)(uint8_t)p->dy << 56;
}

/* Sprites are combined by addition, so the hash ignores their order and
 * ids: two states with the same sprites at the same places hash alike
 * however they were reached. */
uint64_t vg_state_hash(const vg_state *s) {
    uint64_t h = mix(s->rng ^ ((uint64_t)s->over << 56) ^ ((uint64_t)s->winner << 60));
    uint64_t score;
    memcpy(&score, &s->score, sizeof score);
    h ^= mix(score + 0x9e3779b97f4a7c15ULL);
    for (int r = 0; r < VG_MAX_RESOURCES; r++)
        if (s->resources[r]) h ^= mix(((uint64_t)r << 32 | (uint32_t)s->resources[r]) + 0x51ed27ULL);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        const sprite *p = &s->sp[i];
        sum += mix(sprite_key(p) ^ ((uint64_t)(uint16_t)p->counter << 24) ^ ((uint64_t)p->lastmove << 8));
    }
    return h ^ mix(sum);
}

static int key_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int vg_state_equal(const vg_state *a, const vg_state *b) {
    if (a->n != b->n) return 0;
    uint64_t ka[VG_MAX_SPRITES], kb[VG_MAX_SPRITES];
    uint32_t n = 0;
    for (uint32_t i = 0; i < a->n; i++) {
        ka[n] = (uint64_t)a->sp[i].type << 32 | (uint16_t)a->sp[i].y << 16 | (uint16_t)a->sp[i].x;
        kb[n] = (uint64_t)b->sp[i].type << 32 | (uint16_t)b->sp[i].y << 16 | (uint16_t)b->sp[i].x;
        n++;
    }
    qsort(ka, n, sizeof ka[0], key_cmp);
    qsort(kb, n, sizeof kb[0], key_cmp);
    return memcmp(ka, kb, n * sizeof ka[0]) == 0;
}

/* ---- Ticks ------------------------------------------------------------ */

void tick_begin(tick_ctx *t, const vg_game *g, vg_state *s, vg_error *err) {
    t->g = g;
    t->s = s;
    t->err = err;
    t->status = VG_OK;
    t->b = g->square;
    t->settled = s->n;
    t->mask_ready = 0;
    memset(t->first, 0, sizeof t->first);
    memset(t->last, 0, sizeof t->last);
    for (uint32_t i = 0; i < s->n; i++) {
        const sprite *p = &s->sp[i];
        if (t->last[p->type] == 0) t->first[p->type] = (uint16_t)i;
        t->last[p->type] = (uint16_t)(i + 1);
        t->lx[i] = p->x;
        t->ly[i] = p->y;
    }
}

static int before(const sprite *a, const sprite *b) {
    return a->type != b->type ? a->type < b->type : a->id < b->id;
}

void tick_end(tick_ctx *t) {
    vg_state *s = t->s;
    uint32_t out = 0;
    for (uint32_t i = 0; i < s->n; i++) {        /* drop the killed, keep the order */
        if (s->sp[i].flags & SP_KILLED) {
            if (i < t->settled) t->settled--;
            continue;
        }
        s->sp[out++] = s->sp[i];
    }
    s->n = out;
    for (uint32_t i = t->settled; i < s->n; i++) { /* insertion-sort the new ones in */
        sprite p = s->sp[i];
        uint32_t j = i;
        while (j > 0 && before(&p, &s->sp[j - 1])) {
            s->sp[j] = s->sp[j - 1];
            j--;
        }
        s->sp[j] = p;
    }
    t->settled = s->n;
}

/* ---- Sprites ---------------------------------------------------------- */

int state_is_avatar(const vg_game *g, int type) { return (int)(g->avatar_types >> type & 1); }

void ref_pos(const vg_game *g, const vg_state *s, int r, int *x, int *y) {
    if (r >= 0) {
        *x = s->sp[r].x;
        *y = s->sp[r].y;
        return;
    }
    uint32_t e = (uint32_t)(-r - 1), lo = 0, hi = (uint32_t)(g->w * g->h);
    while (hi - lo > 1) {                  /* the cell whose entries hold e */
        uint32_t mid = (lo + hi) / 2;
        if (g->static_start[mid] <= e) lo = mid; else hi = mid;
    }
    *x = (int)(lo % (uint32_t)g->w) * g->square;
    *y = (int)(lo / (uint32_t)g->w) * g->square;
}

int ref_type(const vg_game *g, const vg_state *s, int r) { return r >= 0 ? s->sp[r].type : g->static_ents[-r - 1].type; }

uint32_t ref_id(const vg_game *g, const vg_state *s, int r) { return r >= 0 ? s->sp[r].id : g->static_ents[-r - 1].id; }

int state_count(const vg_game *g, const vg_state *s, int type) {
    uint64_t want = g->types[type].subtypes;
    int n = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (want >> t & 1) n += g->static_count[t];
    for (uint32_t i = 0; i < s->n; i++)
        if ((want >> s->sp[i].type & 1) && !(s->sp[i].flags & (SP_KILLED | SP_DISABLED))) n++;
    return n;
}

int state_avatar(const vg_game *g, const vg_state *s) {
    int found = -1;
    for (uint32_t i = 0; i < s->n; i++) {
        if (!state_is_avatar(g, s->sp[i].type) || (s->sp[i].flags & SP_KILLED)) continue;
        if (!(s->sp[i].flags & SP_DISABLED)) return (int)i;
        if (found < 0) found = (int)i;
    }
    return found;
}

int state_create(tick_ctx *t, int type, int x, int y) {
    vg_state *s = t->s;
    const type_def *td = &t->g->types[type];
    if (td->singleton && state_count(t->g, s, type) > 0) return -1;
    if (s->n >= s->cap) {
        if (t->status == VG_OK) {
            t->status = VG_ERR_LIMIT;
            error_set(t->err, VG_ERR_LIMIT, t->g->script_path, td->line, 0,
                      "sprite limit reached: this level's states hold %u changing sprites", s->cap);
        }
        return -1;
    }
    uint32_t i = s->n++;
    sprite *p = &s->sp[i];
    memset(p, 0, sizeof *p);
    p->x = (int16_t)x;
    p->y = (int16_t)y;
    p->id = s->next_id++;
    p->type = (uint8_t)type;
    p->flags = SP_FIRST;
    t->lx[i] = p->x;
    t->ly[i] = p->y;
    state_moved(t, (int)i);
    return (int)i;
}

void state_kill(tick_ctx *t, int i, int transformed) {
    sprite *p = &t->s->sp[i];
    if (state_is_avatar(t->g, p->type) && !transformed) p->flags |= SP_DISABLED;
    else p->flags |= SP_KILLED;
}

void state_moved(tick_ctx *t, int i) {
    if (!t->mask_ready) return;
    const sprite *p = &t->s->sp[i];
    int b = t->b, w = t->g->w, h = t->g->h;
    if (p->x < 0 || p->y < 0) return;            /* off the map: found by the slow path */
    int x0 = p->x / b, y0 = p->y / b, x1 = (p->x + b - 1) / b, y1 = (p->y + b - 1) / b;
    for (int y = y0; y <= y1 && y < h; y++)
        for (int x = x0; x <= x1 && x < w; x++)
            t->dyn_mask[y * w + x] |= 1ULL << p->type;
}

/* ---- RNG: java.util.Random ------------------------------------------- */

#define RNG_MULT 0x5DEECE66DULL
#define RNG_MASK ((1ULL << 48) - 1)

void rng_seed(vg_state *s, uint64_t seed) { s->rng = (seed ^ RNG_MULT) & RNG_MASK; }

static int rng_next(vg_state *s, int bits) {
    s->rng = (s->rng * RNG_MULT + 0xB) & RNG_MASK;
    return (int32_t)(uint32_t)(s->rng >> (48 - bits));
}

int rng_int(vg_state *s, int bound) {
    assert(bound > 0);
    if ((bound & -bound) == bound) return (int)(((int64_t)bound * rng_next(s, 31)) >> 31);
    int bits, val;
    do {
        bits = rng_next(s, 31);
        val = bits % bound;
    } while ((int32_t)((uint32_t)bits - (uint32_t)val + (uint32_t)(bound - 1)) < 0);  /* Java int overflow */
    return val;
}

double rng_double(vg_state *s) {
    return (double)(((int64_t)rng_next(s, 26) << 27) + rng_next(s, 27)) * 0x1.0p-53;
}
