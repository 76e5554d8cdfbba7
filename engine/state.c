/* SPDX-License-Identifier: MIT
 *
 * state.c -- game states: allocation, copy, hash and equality, the type
 * ranges, the cell counts, counting sprites and finding the avatar.
 *
 * Usage profile: agents copy and advance states millions of times a
 * second, so a copy is one memcpy of the used bytes (changes during a
 * tick go through tick.c).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "class.h"
#include "rng.h"
#include "state.h"

/* ---- Allocation and copy ---------------------------------------------- */

/* A state with room for the game's capacity; only the header and the
 * words are cleared: a sprite slot is written when a sprite takes it, and
 * nothing reads past the sprites in use (so room not used costs nothing).
 * Aligned to a cache line: copies of aligned blocks are the quickest. */
vg_state *state_alloc(const vg_game *g) {
    vg_state *s = aligned_alloc(64, (STATE_BYTES(g->nwords, g->stride, g->state_cap) + 63) / 64 * 64);
    if (s) {
        memset(s, 0, STATE_BYTES(g->nwords, g->stride, 0));
        s->cap = g->state_cap;
        s->stride = g->stride;
        s->nbitwords = g->nbitwords;
        s->timer_word = g->timer_word;
        s->range_word = g->range_word;
        s->nwords = g->nwords;
        s->nplayers = (uint8_t)g->nplayers;
        s->views = (uint8_t)g->views;
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

size_t vg_state_size(const vg_game *g) { return STATE_BYTES(g->nwords, g->stride, g->state_cap); }

size_t vg_state_used(const vg_state *s) { return STATE_BYTES(s->nwords, s->stride, s->n); }

void vg_state_copy(vg_state *dst, const vg_state *src) {
    assert(dst && src && dst->cap == src->cap && dst->nwords == src->nwords);
    memcpy(dst, src, STATE_BYTES(src->nwords, src->stride, src->n));
}

vg_state *vg_state_clone(const vg_state *s) {
    vg_state *c = aligned_alloc(64, (STATE_BYTES(s->nwords, s->stride, s->cap) + 63) / 64 * 64);
    if (c) memcpy(c, s, STATE_BYTES(s->nwords, s->stride, s->n));
    return c;
}

/* ---- Hash and equality ------------------------------------------------ */

uint64_t state_mix(uint64_t z) {
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
    for (uint32_t w = 0; w < s->nbitwords; w++) h ^= state_mix(s->data[w] + w * 0x632be59bd9b4e019ULL + 1);
    return h;
}

/* The players' records and what player 0 saw (a game for several
 * players: the last words of the state), mixed word by word. */
static __attribute__((noinline)) uint64_t players_hash(const vg_state *s) {
    size_t words = PLAYER_WORDS * s->nplayers + (s->views ? s->nplayers * view_bytes(s) / 8 : 0);
    uint64_t h = 0;
    for (size_t w = s->nwords - words; w < s->nwords; w++) h ^= state_mix(s->data[w] + w * 0x2d358dccaa6c78a5ULL + 3);
    return h;
}

/* 'h' with the delayed effects pending, the script's variables and the
 * players' records mixed in. */
static uint64_t mix_timers_vars(uint64_t h, const vg_state *s) {
    if (s->nplayers > 1) h ^= players_hash(s);
    for (uint32_t k = 0; k < s->timers; k++) h += state_mix(state_timers(s)[k] + 0x7a3c1b5d2e4f6071ULL);
    static const int32_t none[VG_MAX_VARS]; /* most games have no variables: one compare */
    if (memcmp(s->vars, none, sizeof none))
        for (int v = 0; v < VG_MAX_VARS; v++)
            if (s->vars[v]) h ^= state_mix(((uint64_t)v << 32 | (uint32_t)s->vars[v]) + 0x2545f4914f6cdd1dULL);
    return h;
}

uint64_t vg_state_hash(const vg_state *s) {
    uint64_t h = state_mix(s->rng ^ ((uint64_t)s->over << 56) ^ ((uint64_t)s->winner << 60));
    uint64_t score;
    memcpy(&score, &s->score, sizeof score);
    h ^= state_mix(score + 0x9e3779b97f4a7c15ULL);
    h = mix_timers_vars(h ^ alive_hash(s), s);
    h ^= state_mix((uint64_t)s->turn + 0x5851f42d4c957f2dULL);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        const sprite *p = state_sprite(s, i);
        uint64_t k = position_key(p) ^ (uint64_t)(uint8_t)p->dx << 48 ^ (uint64_t)(uint8_t)p->dy << 56 ^
                     (uint64_t)(uint16_t)p->counter << 41;
        for (uint32_t at = sizeof(sprite); at < s->stride; at += 8) { /* the extension: health, resources, ... */
            uint64_t w;
            memcpy(&w, (const char *)p + at, sizeof w);
            k = state_mix(k ^ w);
        }
        sum += state_mix(k);
    }
    return h ^ state_mix(sum);
}

/* Sprite i's two words mixed: its place (x, y; the id masked off) and its
 * type word (type, flags, dx, dy, moved, counter) masked by 'keep', mixed
 * by one 128-bit multiply, its halves xored. */
static inline uint64_t sprite_fold(const vg_state *s, uint32_t i, uint64_t keep, uint64_t oriented) {
    __extension__ typedef unsigned __int128 u128;
    _Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && offsetof(sprite, y) == 2 &&
                       offsetof(sprite, type) == 8 && offsetof(sprite, flags) == 9 && offsetof(sprite, dx) == 10 &&
                       offsetof(sprite, dy) == 11 && offsetof(sprite, counter) == 14,
                   "sprite_fold reads a sprite as two little-endian words");
    uint64_t at, what;
    memcpy(&at, state_sprite(s, i), sizeof at);
    memcpy(&what, (const char *)state_sprite(s, i) + 8, sizeof what);
    what &= keep | ((0 - (oriented >> (what & 63) & 1)) & 0xffff0000u); /* dx, dy when the type is oriented */
    u128 m = (u128)((at & 0xffffffffu) ^ 0xa0761d6478bd642fULL) * (what ^ 0xe7037ed1a0b428dbULL);
    return (uint64_t)m ^ (uint64_t)(m >> 64);
}

/* The position hash: the type, place and disabled flag of every sprite,
 * the orientation of sprites of the types in 'oriented' (a bit per type),
 * and with 'counters' each sprite's class counter. */
static uint64_t position_hash(const vg_state *s, uint64_t oriented, int counters) {
    const uint64_t keep = 0xffu | (uint64_t)SP_DISABLED << 8 | (counters ? 0xffffULL << 48 : 0);
    uint64_t h = state_mix((uint64_t)s->nbitwords + 0x3c6ef372fe94f82bULL) ^ alive_hash(s), sum = 0;
    if (!oriented) /* the common case, kept a tight loop */
        for (uint32_t i = 0; i < s->n; i++) sum += sprite_fold(s, i, keep, 0);
    else
        for (uint32_t i = 0; i < s->n; i++) sum += sprite_fold(s, i, keep, oriented);
    return h ^ state_mix(sum);
}

uint64_t vg_state_position_hash(const vg_state *s) { return position_hash(s, 0, 0); }

uint64_t vg_state_search_hash(const vg_game *g, const vg_state *s) {
    return mix_timers_vars(position_hash(s, g->oriented_types, 1), s);
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
    for (uint32_t i = 0; i < a->n; i++)
        ka[i] = position_key(state_sprite(a, i)), kb[i] = position_key(state_sprite(b, i));
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

/* ---- Sprites ---------------------------------------------------------- */

void state_set_ranges(const vg_game *g, vg_state *s) {
    uint16_t *end = state_ranges(s);
    uint32_t i = 0;
    for (uint64_t ts = g->changing; ts; ts &= ts - 1) {
        int type = __builtin_ctzll(ts);
        while (i < s->n && state_sprite(s, i)->type == type) i++;
        end[g->range_slot[type]] = (uint16_t)i;
    }
}

int state_count(const vg_game *g, const vg_state *s, int type) {
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
            for (uint32_t i = from; i < to; i++) n += !(state_sprite(s, i)->flags & (SP_KILLED | SP_DISABLED));
        }
    }
    return n;
}

int state_find_avatar(const vg_game *g, const vg_state *s) {
    int found = -1;
    for (uint64_t ts = g->avatar_types; ts; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++) {
            unsigned flags = state_sprite(s, i)->flags;
            if (flags & SP_KILLED) continue;
            if (!(flags & SP_DISABLED)) return (int)i;
            if (found < 0) found = (int)i;
        }
    }
    return found;
}

/* Counts a sprite in or out of cells c (cells_of's). */
static inline void occ_cells(const vg_game *g, vg_state *s, const int c[4], int delta) {
    state_occ_rect(g, s, c[0], c[1], c[2] * g->w, c[3] * g->w, delta);
}

void state_occ_add(const vg_game *g, vg_state *s, int x, int y, int delta) {
    if (s->occ_full) return; /* counts given up on are not read again (thousands of Fire Truck's trucks on a cell) */
    int c[4], cell = cell_exact(g, x, y);
    if (cell >= 0) { /* the common case: one cell */
        state_occ_rect(g, s, cell, cell, 0, 0, delta);
        return;
    }
    cells_of(g, x, y, c);
    occ_cells(g, s, c, delta);
}

void state_occ_move(const vg_game *g, vg_state *s, int x0, int y0, int x, int y) {
    int a[4], c[4];
    cells_of(g, x0, y0, a);
    cells_of(g, x, y, c);
    if (a[0] == c[0] && a[1] == c[1] && a[2] == c[2] && a[3] == c[3]) return; /* the same cells (or none) */
    occ_cells(g, s, a, -1);
    occ_cells(g, s, c, +1);
}

/* What type p->type gives a new sprite's extension (zeroed before). */
static void ext_from_type(const vg_game *g, sprite *p) {
    const type_def *td = &g->types[p->type];
    sprite_set_speed(g, p, td->speed);
    char *v = sprite_ext(g, p, EXT_CONT);
    if (v) { /* a real orientation (physics_cont.c), and no rotation */
        double o[3] = {td->dx0, td->dy0, 0};
        memcpy(v, o, sizeof o);
    }
    uint8_t *spawns = sprite_spawns(g, p);
    if (spawns && td->cls == CLS_BomberRandomMissile) /* what a producer creates: its list, or its 'stype' */
        for (int k = 0; k < td->stypes.n; k++) spawns[k] = (uint8_t)td->stypes.t[k];
    else if (spawns && td->stype >= 0) spawns[0] = (uint8_t)td->stype;
    int16_t *hp = sprite_health(g, p);
    if (hp) type_health(td, hp);
}

void sprite_init_ext_all(vg_game *g) {
    _Alignas(16) char buf[MAX_STRIDE];
    sprite *p = (sprite *)(void *)buf;
    for (int t = 0; t < g->ntypes; t++) {
        memset(buf, 0, sizeof buf);
        p->type = (uint8_t)t;
        ext_from_type(g, p);
        memcpy(g->ext_init[t], buf + sizeof(sprite), g->stride - sizeof(sprite));
    }
}

void sprite_init_ext(const vg_game *g, sprite *p) {
    if (g->stride > sizeof(sprite)) memcpy(p + 1, g->ext_init[p->type], g->stride - sizeof(sprite));
}
