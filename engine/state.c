/* SPDX-License-Identifier: MIT
 *
 * state.c -- game states: allocation, copy, hash, sprite creation, moves
 * and removal, counting, and the RNG.
 *
 * Usage profile: agents copy and advance states millions of times a
 * second, so a copy is one memcpy of the used bytes and a tick touches
 * only what moves: no per-tick pass over all sprites. A tick records each
 * sprite it moves (and where it was) in its context; collisions then need
 * to look only around those.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "state.h"

/* ---- Allocation and copy ---------------------------------------------- */

vg_state *state_alloc(const vg_game *g) {
    vg_state *s = calloc(1, STATE_BYTES(g->nwords, g->state_cap));
    if (s) {
        s->cap = g->state_cap;
        s->nbitwords = g->nbitwords;
        s->timer_word = g->timer_word;
        s->range_word = g->range_word;
        s->nwords = g->nwords;
    }
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

size_t vg_state_size(const vg_game *g) { return STATE_BYTES(g->nwords, g->state_cap); }

size_t vg_state_used(const vg_state *s) { return STATE_BYTES(s->nwords, s->n); }

void vg_state_copy(vg_state *dst, const vg_state *src) {
    assert(dst && src && dst->cap == src->cap && dst->nwords == src->nwords);
    memcpy(dst, src, STATE_BYTES(src->nwords, src->n));
}

vg_state *vg_state_clone(const vg_state *s) {
    vg_state *c = malloc(STATE_BYTES(s->nwords, s->cap));
    if (c) memcpy(c, s, STATE_BYTES(s->nwords, s->n));
    return c;
}

/* ---- Hash and equality ------------------------------------------------ */

static uint64_t mix(uint64_t z) {   /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t position_key(const sprite *p) {
    return (uint64_t)(uint16_t)p->x | (uint64_t)(uint16_t)p->y << 16 | (uint64_t)p->type << 32 |
           (uint64_t)(p->flags & SP_DISABLED) << 40;
}

/* Sprites are combined by addition, so the hash ignores their order and
 * ids: two states with the same sprites in the same places hash alike
 * however they were reached. The tick is left out; so are move timers,
 * which matter only to sprites with a cooldown above one. */
/* The alive bits of the static layer, mixed word by word. */
static uint64_t alive_hash(const vg_state *s) {
    uint64_t h = 0;
    for (uint32_t w = 0; w < s->nbitwords; w++) h ^= mix(s->data[w] + w * 0x632be59bd9b4e019ULL + 1);
    return h;
}

uint64_t vg_state_hash(const vg_state *s) {
    uint64_t h = mix(s->rng ^ ((uint64_t)s->over << 56) ^ ((uint64_t)s->winner << 60));
    uint64_t score;
    memcpy(&score, &s->score, sizeof score);
    h ^= mix(score + 0x9e3779b97f4a7c15ULL);
    for (int r = 0; r < VG_MAX_RESOURCES; r++)
        if (s->resources[r]) h ^= mix(((uint64_t)r << 32 | (uint32_t)s->resources[r]) + 0x51ed27ULL);
    h ^= alive_hash(s);
    for (uint32_t k = 0; k < s->timers; k++) h += mix(state_timers(s)[k] + 0x7a3c1b5d2e4f6071ULL);
    for (int v = 0; v < VG_MAX_VARS; v++)
        if (s->vars[v]) h ^= mix(((uint64_t)v << 32 | (uint32_t)s->vars[v]) + 0x2545f4914f6cdd1dULL);
    h ^= mix((uint64_t)s->turn + 0x5851f42d4c957f2dULL);
    const sprite *sp = state_sprites(s);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < s->n; i++)
        sum += mix(position_key(&sp[i]) ^ (uint64_t)(uint8_t)sp[i].dx << 48 ^ (uint64_t)(uint8_t)sp[i].dy << 56 ^
                   (uint64_t)(uint16_t)sp[i].counter << 41);
    return h ^ mix(sum);
}

uint64_t vg_state_position_hash(const vg_state *s) {
    uint64_t h = mix((uint64_t)s->nbitwords + 0x3c6ef372fe94f82bULL) ^ alive_hash(s);
    const sprite *sp = state_sprites(s);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < s->n; i++) sum += mix(position_key(&sp[i]));
    return h ^ mix(sum);
}

static int key_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int vg_state_equal(const vg_state *a, const vg_state *b) {
    if (a->n != b->n || a->nwords != b->nwords || memcmp(a->data, b->data, a->nbitwords * 8) != 0) return 0;
    uint64_t *ka = malloc(2 * (size_t)a->n * sizeof *ka + 1);
    if (!ka) return 0;
    uint64_t *kb = ka + a->n;
    const sprite *pa = state_sprites(a), *pb = state_sprites(b);
    for (uint32_t i = 0; i < a->n; i++) ka[i] = position_key(&pa[i]), kb[i] = position_key(&pb[i]);
    qsort(ka, a->n, sizeof *ka, key_cmp);
    qsort(kb, a->n, sizeof *kb, key_cmp);
    int same = memcmp(ka, kb, a->n * sizeof *ka) == 0;
    free(ka);
    return same;
}

int vg_var(const vg_state *s, int var) { return var >= 0 && var < VG_MAX_VARS ? s->vars[var] : 0; }

void vg_set_var(vg_state *s, int var, int value) {
    if (var >= 0 && var < VG_MAX_VARS) s->vars[var] = value;
}

/* ---- Ticks ------------------------------------------------------------ */

void tick_begin(tick_ctx *t, const vg_game *g, vg_state *s, vg_error *err) {
    t->g = g;
    t->s = s;
    t->sp = state_sprites(s);
    t->err = err;
    t->status = VG_OK;
    t->b = g->square;
    t->now = (uint16_t)(s->tick + 1);
    t->settled = s->n;
    t->full = s->persist;
    t->nmoved = 0;
    t->moved_types = 0;
    t->version = 0;
    t->census = 0;
    t->nkilled = 0;
    t->ct.valid = 0;
    t->ct.stamp = 0;
    for (uint32_t w = 0; w < (s->cap + 63) / 64; w++) t->touched[w] = 0;
}

static int before(const sprite *a, const sprite *b) {
    return a->type != b->type ? a->type < b->type : a->id < b->id;
}

void tick_end(tick_ctx *t) {
    vg_state *s = t->s;
    sprite *sp = t->sp;
    if (!t->census) return;
    for (uint32_t k = 0; k < t->nkilled; k++) {    /* fixed sprites */
        int bit = t->g->static_ents[t->killed[k]].bit;
        s->data[bit >> 6] &= ~(1ULL << (bit & 63));
    }
    uint32_t out = 0, settled = t->settled;
    for (uint32_t i = 0; i < s->n; i++) {           /* drop the killed, keep the order */
        if (sp[i].flags & SP_KILLED) {
            if (i < t->settled) settled--;
            occ_add(t->g, s, sp[i].x, sp[i].y, -1);
            continue;
        }
        if (out != i) sp[out] = sp[i];
        out++;
    }
    s->n = out;
    for (uint32_t i = settled; i < s->n; i++) {     /* insertion-sort the new ones in */
        sprite p = sp[i];
        uint32_t j = i;
        while (j > 0 && before(&p, &sp[j - 1])) {
            sp[j] = sp[j - 1];
            j--;
        }
        sp[j] = p;
    }
    t->settled = s->n;
    state_set_ranges(t->g, s);
    s->avatar = (int16_t)state_find_avatar(t->g, s);
}

/* ---- Sprites ---------------------------------------------------------- */

void state_set_ranges(const vg_game *g, vg_state *s) {
    uint16_t *end = state_ranges(s);
    const sprite *sp = state_sprites(s);
    uint32_t i = 0;
    for (uint64_t ts = g->changing; ts; ts &= ts - 1) {
        int type = __builtin_ctzll(ts);
        while (i < s->n && sp[i].type == type) i++;
        end[g->range_slot[type]] = (uint16_t)i;
    }
}

int state_count(const vg_game *g, const vg_state *s, int type) {
    const sprite *sp = state_sprites(s);
    int n = 0;
    for (uint64_t ts = g->types[type].subtypes; ts; ts &= ts - 1) {
        int leaf = __builtin_ctzll(ts);
        const type_def *td = &g->types[leaf];
        if (td->killable) {
            for (int b = g->bit_first[leaf], end = b + g->static_count[leaf]; b < end; b++) n += bit_get(s, b);
        } else if (td->fixed) {
            n += g->static_count[leaf];
        } else {
            uint32_t from, to;
            state_range(g, s, leaf, &from, &to);
            for (uint32_t i = from; i < to; i++) n += !(sp[i].flags & (SP_KILLED | SP_DISABLED));
        }
    }
    return n;
}

int tick_count(tick_ctx *t, int type, int dying) {
    const vg_game *g = t->g;
    int n = 0;
    for (uint64_t ts = g->types[type].subtypes; ts; ts &= ts - 1) {
        int leaf = __builtin_ctzll(ts);
        const type_def *td = &g->types[leaf];
        if (td->fixed) {
            const uint32_t *list = g->fixed_order + g->fixed_first[leaf];
            for (int k = 0; k < g->static_count[leaf]; k++)
                n += fixed_alive(g, t->s, list[k]) && (dying || !state_killed(t, -(int)list[k] - 1));
            continue;
        }
        uint32_t from, to;
        type_range(t, leaf, &from, &to);
        for (uint32_t i = from; i < to + (t->s->n - t->settled); i++) {
            const sprite *p = &t->sp[i < to ? i : t->settled + (i - to)];
            n += p->type == leaf && !(p->flags & SP_DISABLED) && (dying || !(p->flags & SP_KILLED));
        }
    }
    return n;
}

int state_find_avatar(const vg_game *g, const vg_state *s) {
    const sprite *sp = state_sprites(s);
    int found = -1;
    for (uint64_t ts = g->avatar_types; ts; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++) {
            if (sp[i].flags & SP_KILLED) continue;
            if (!(sp[i].flags & SP_DISABLED)) return (int)i;
            if (found < 0) found = (int)i;
        }
    }
    return found;
}

static inline void touch(tick_ctx *t, int i) {
    if (t->touched[i >> 6] >> (i & 63) & 1) return;
    t->touched[i >> 6] |= 1ULL << (i & 63);
    t->moved[t->nmoved++] = (uint16_t)i;
    t->moved_types |= 1ULL << t->sp[i].type;
    t->lx[i] = t->sp[i].x;
    t->ly[i] = t->sp[i].y;
}

void occ_add(const vg_game *g, vg_state *s, int x, int y, int delta) {
    int c[4];
    uint8_t *occ = state_occ(s);
    cells_of(g, x, y, c);
    for (int cy = c[2]; cy <= c[3]; cy++)
        for (int cx = c[0]; cx <= c[1]; cx++) {
            uint8_t *o = &occ[cy * g->w + cx];
            if ((delta > 0 && *o == UINT8_MAX) || (delta < 0 && *o == 0)) s->occ_full = 1;   /* give up on counts */
            else *o = (uint8_t)(*o + delta);
        }
}

void state_set_pos(tick_ctx *t, int i, int x, int y) {
    sprite *p = &t->sp[i];
    touch(t, i);
    if (x == p->x && y == p->y) return;
    t->version++;
    const vg_game *g = t->g;
    uint8_t *occ = state_occ(t->s);
    int from = cell_exact(g, p->x, p->y), to = cell_exact(g, x, y);
    if (from >= 0 && to >= 0 && occ[from] > 0 && occ[to] < UINT8_MAX) {   /* one cell to one cell */
        occ[from]--;
        occ[to]++;
    } else {
        if (to < 0) t->s->loose = 1;
        occ_add(g, t->s, p->x, p->y, -1);
        occ_add(g, t->s, x, y, +1);
    }
    p->x = (int16_t)x;
    p->y = (int16_t)y;
}

int state_create(tick_ctx *t, int type, int x, int y, int force) {
    vg_state *s = t->s;
    const type_def *td = &t->g->types[type];
    for (int a = type; a >= 0 && !force; a = t->g->types[a].parent)   /* GVGAI: a singleton anywhere above */
        if (t->g->types[a].singleton && tick_count(t, a, 1) > 0) return -1;
    if (s->n >= s->cap) {
        if (t->status == VG_OK) {
            t->status = VG_ERR_LIMIT;
            error_set(t->err, VG_ERR_LIMIT, t->g->script_path, td->line, 0,
                      "sprite limit reached: this level's states hold %u changing sprites", s->cap);
        }
        return -1;
    }
    uint32_t i = s->n++;
    sprite *p = &t->sp[i];
    memset(p, 0, sizeof *p);
    p->x = (int16_t)x;
    p->y = (int16_t)y;
    p->id = s->next_id++;
    p->type = (uint8_t)type;
    p->flags = SP_FIRST;
    p->dx = td->dx0;
    p->dy = td->dy0;
    p->moved = t->now;
    touch(t, (int)i);
    t->version++;
    t->census = 1;
    occ_add(t->g, s, x, y, +1);
    if (cell_exact(t->g, x, y) < 0) s->loose = 1;
    return (int)i;
}

void state_kill(tick_ctx *t, int r, int transformed) {
    t->census = 1;
    if (r < 0) {
        if (!state_killed(t, r)) t->killed[t->nkilled++] = (uint32_t)(-r - 1);
        return;
    }
    sprite *p = &t->sp[r];
    if (state_is_avatar(t->g, p->type) && !transformed) p->flags |= SP_DISABLED;
    else p->flags |= SP_KILLED;
}

int state_killed(const tick_ctx *t, int r) {
    if (r >= 0) return (t->sp[r].flags & SP_KILLED) != 0;
    for (uint32_t k = 0; k < t->nkilled; k++)
        if (t->killed[k] == (uint32_t)(-r - 1)) return 1;
    return 0;
}

/* ---- RNG: java.util.Random ------------------------------------------- */

#define RNG_MULT 0x5DEECE66DULL
#define RNG_MASK ((1ULL << 48) - 1)

/* java.util.Random seeded with the seed spread by splitmix64: Java's first
 * draws for nearby seeds are almost the same, and users count seeds 1, 2, 3. */
void rng_seed(vg_state *s, uint64_t seed) { s->rng = (mix(seed + 0x9e3779b97f4a7c15ULL) ^ RNG_MULT) & RNG_MASK; }

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

float rng_float(vg_state *s) { return (float)rng_next(s, 24) / (float)(1 << 24); }

double rng_double(vg_state *s) {
    return (double)(((int64_t)rng_next(s, 26) << 27) + rng_next(s, 27)) * 0x1.0p-53;
}
