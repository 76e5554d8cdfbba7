/* SPDX-License-Identifier: MIT
 *
 * tick.c -- a tick in progress: every change a rule makes to a state
 * (creating, killing and moving sprites) goes through here, so the tick
 * records what moved and where it was; the collision pass then looks
 * only around those. At the end of a tick the killed sprites are dropped
 * and the new ones sorted in (GVGAI's clearAll).
 */
#include <assert.h>
#include <string.h>

#include "players.h"

/* The sprites whose overlaps outlasted the last tick (SP_LINGER) count as
 * moved, in place, so the collision pass looks at them again; the flags
 * stay until interact_persist sets them anew (a turn may begin twice). */
__attribute__((noinline)) static void linger(tick_ctx *t) {
    for (uint32_t i = 0; i < t->s->n; i++)
        if (tick_sprite(t, i)->flags & SP_LINGER) tick_touch(t, (int)i);
}

void tick_begin(tick_ctx *t, const vg_game *g, vg_state *s, vg_error *err) {
    t->g = g;
    t->s = s;
    t->spb = (char *)state_sprite(s, 0);
    t->stride = s->stride;
    t->err = err;
    t->status = VG_OK;
    t->b = g->square;
    t->now = (uint16_t)(s->tick + 1);
    t->updating = -1;
    t->settled = s->n;
    t->full = s->persist == PERSIST_ALL;
    t->nmoved = 0;
    t->version = 0;
    t->census = 0;
    t->nrest = 0;
    t->created = 0;
    t->outside_known = 0; /* t->outside is set when first needed */
    t->nshields = 0;
    t->npulled = 0;
    t->nkilled = 0; /* t->dying is cleared by the first kill */
    t->noff = 0;
    t->ct.valid = 0;
    t->cl.on = 0;
    t->cl.scanned = 0;
    t->cl.sized = 0;
    t->indexed = 0;
    t->tc.types = 0;
    t->tc.scanned = 0;
    t->ct.version = UINT32_MAX; /* not collected (t->version would need 2^32 moves to meet it) */
    t->ct.stamp = 0;
    t->lean.types = 0;
    t->track = 0; /* t->dirty_bits are cleared when tracking starts (interact.c) */
    t->ndirty = 0;
    t->touched[0] = 0; /* the words of the sprites there; tick_create clears the next ones */
    for (uint32_t w = 1; w < (s->n + 63) / 64; w++) t->touched[w] = 0;
    if (s->persist == PERSIST_SOME) linger(t);
}

static int before(const sprite *a, const sprite *b) { return a->type != b->type ? a->type < b->type : a->id < b->id; }

/* Sprites that keep another in mind (game.h's ref_holders) keep where it
 * was when it died: GVGAI's chasers hold on to a dead sprite. */
static void note_deaths(tick_ctx *t) {
    const vg_game *g = t->g;
    for (uint32_t i = 0; i < t->s->n; i++) {
        const sprite *p = tick_sprite(t, i);
        if (!(p->flags & SP_KILLED) || !(g->ref_targets >> p->type & 1)) continue;
        for (uint32_t j = 0; j < t->s->n; j++) {
            int32_t *aux = sprite_aux(g, tick_sprite(t, j));
            if ((g->ref_holders >> tick_sprite(t, j)->type & 1) && (uint32_t)aux[0] == p->id + 1)
                sprite_remember(aux, p);
        }
    }
}

/* Drops the killed sprites, keeping the order (a run of survivors moved at
 * a time); '*settled' counts the survivors among the first of them, gone[]
 * (zeros) the killed ones per leaf type. */
static void drop_killed(tick_ctx *t, uint32_t *settled, uint16_t gone[64]) {
    vg_state *s = t->s;
    uint32_t out = 0, i = 0, n = s->n;
    while (i < n) {
        uint32_t end = i;
        while (end < n && !(tick_sprite(t, end)->flags & SP_KILLED)) end++;
        if (out != i && end > i) memmove(tick_sprite(t, out), tick_sprite(t, i), (end - i) * t->stride);
        out += end - i;
        if (end == n) break;
        const sprite *p = tick_sprite(t, end);
        if (end < t->settled) (*settled)--;
        gone[p->type]++;
        state_occ_add(t->g, s, p->x, p->y, -1);
        i = end + 1;
    }
    s->n = out;
}

/* state_set_ranges once the tick's killed sprites are dropped (gone[] per
 * leaf type) and its new ones sorted in: each type's range from its old
 * one, without a pass over the sprites. */
static void ranges_update(tick_ctx *t, const uint16_t gone[64]) {
    const vg_game *g = t->g;
    uint16_t *end = state_ranges(t->s);
    uint64_t counted = g->changing & t->census; /* the types whose sprites may be born or dead */
    if (!counted) return;
    int first = __builtin_ctzll(counted), slot = g->range_slot[first]; /* the ranges before it stay */
    uint32_t shift = 0; /* the sprites born less those dead in the types so far: each range's end moves by it */
    for (uint64_t ts = g->changing & ~0ULL << first; ts; ts &= ts - 1, slot++) { /* the slots in type order */
        int type = __builtin_ctzll(ts);
        if (counted >> type & 1) shift += (t->created >> type & 1 ? t->ncreated[type] : 0) - gone[type];
        end[slot] = (uint16_t)(end[slot] + shift);
    }
}

/* Sorts the new sprites sp[m..n) in among sp[0..m) (sorted by (type, id)),
 * MERGE_CHUNK at a time: a chunk is sorted into a buffer, then merged in
 * from the back, each run of the sprites before it moved once. */
#define MERGE_CHUNK 32

/* merge_new when the new sprites are in order already (the tick created
 * one type, or types in order) and at most MERGE_CHUNK of the others come
 * after the first of them (Fire Truck's thousands of trucks a tick, each
 * chunk of them moved the sprites after them): those few are put aside,
 * and merged in from the front, the new ones moved a run at a time.
 * Returns 0 (nothing done) when that does not apply. */
static __attribute__((noinline)) int merge_run(tick_ctx *t, uint32_t m, uint64_t *buf) {
    size_t stride = t->stride;
    uint32_t n = t->s->n, at = m;
    while (at > 0 && m - at <= MERGE_CHUNK && before(tick_sprite(t, m), tick_sprite(t, at - 1))) at--;
    if (m - at > MERGE_CHUNK) return 0;
    for (uint32_t j = m + 1; j < n; j++)
        if (!before(tick_sprite(t, j - 1), tick_sprite(t, j))) return 0;
    memcpy(buf, tick_sprite(t, at), (m - at) * stride);
    for (uint32_t w = at, r = m, b = 0; b < m - at; b++, w++) { /* w: where the next one goes */
        const sprite *q = (const sprite *)(const void *)((char *)buf + b * stride);
        uint32_t e = r;
        while (e < n && before(tick_sprite(t, e), q)) e++;
        if (e > r) memmove(tick_sprite(t, w), tick_sprite(t, r), (e - r) * stride), w += e - r, r = e;
        memcpy(tick_sprite(t, w), q, stride);
    }
    return 1;
}

static void merge_new(tick_ctx *t, uint32_t m) {
    size_t stride = t->stride;
    uint64_t buf[MERGE_CHUNK * MAX_STRIDE / 8];
    if (t->s->n - m > MERGE_CHUNK && merge_run(t, m, buf)) return;
    while (m < t->s->n) {
        uint32_t k = t->s->n - m < MERGE_CHUNK ? t->s->n - m : MERGE_CHUNK, ord[MERGE_CHUNK];
        for (uint32_t j = 0; j < k; j++) {
            uint32_t at = j;
            for (; at > 0 && before(tick_sprite(t, m + j), tick_sprite(t, m + ord[at - 1])); at--)
                ord[at] = ord[at - 1];
            ord[at] = j;
        }
        for (uint32_t j = 0; j < k; j++) memcpy((char *)buf + j * stride, tick_sprite(t, m + ord[j]), stride);
        uint32_t hi = m; /* sp[0..hi) not moved yet */
        for (uint32_t j = k; j-- > 0;) {
            const sprite *q = (const sprite *)(const void *)((char *)buf + j * stride);
            uint32_t at = hi;
            while (at > 0 && before(q, tick_sprite(t, at - 1))) at--;
            if (hi > at) memmove(tick_sprite(t, at + j + 1), tick_sprite(t, at), (hi - at) * stride);
            memcpy(tick_sprite(t, at + j), q, stride);
            hi = at;
        }
        m += k;
    }
}

void tick_end(tick_ctx *t) {
    vg_state *s = t->s;
    if (!t->census) return;
    if (s->warnings > GV_MAX_WARNINGS && !s->over) s->over = OVER_WARNED; /* GVGAI's end: results as they are */
    t->cl.on = 0;                                                         /* the sprites move in the array */
    t->indexed = 0;
    if (t->g->ref_holders) note_deaths(t);
    for (uint32_t w = 0; t->nkilled && w < s->nbitwords; w++) s->data[w] &= ~t->dying[w]; /* fixed sprites */
    uint32_t settled = t->settled;
    uint16_t gone[64] = {0};
    drop_killed(t, &settled, gone);
    merge_new(t, settled);
    t->settled = s->n;
    ranges_update(t, gone);
    if (t->g->nplayers > 1) players_find(t->g, s);
    else s->avatar = (int16_t)state_find_avatar(t->g, s);
}

int tick_count(tick_ctx *t, int type, int dying) {
    unsigned gone = dying ? SP_DISABLED : SP_DISABLED | SP_KILLED;
    int n = 0;
    sprite_walk w;
    tick_walk(&w, t, t->g->types[type].subtypes, t->s->n);
    for (int r; walk_next(&w, &r);)
        n += r < 0 ? dying || !tick_killed(t, r) : !(tick_sprite(t, (uint32_t)r)->flags & gone);
    return n;
}

/* 1 when tick_count(t, type, 1) > 0: the first sprite found ends it. */
static int tick_any(tick_ctx *t, int type) {
    const vg_game *g = t->g;
    for (uint64_t ts = g->types[type].subtypes; ts; ts &= ts - 1) {
        int leaf = __builtin_ctzll(ts);
        if (g->types[leaf].fixed) {
            const uint32_t *list = g->fixed_order + g->fixed_first[leaf];
            for (int k = 0; k < g->static_count[leaf]; k++)
                if (fixed_alive(g, t->s, list[k])) return 1;
            continue;
        }
        uint32_t from, to;
        type_range(t, leaf, &from, &to);
        for (uint32_t i = from; i < to; i++)
            if (!(tick_sprite(t, i)->flags & SP_DISABLED)) return 1;
        for (uint32_t i = t->settled; i < t->s->n && (t->created >> leaf & 1); i++)
            if (tick_sprite(t, i)->type == leaf && !(tick_sprite(t, i)->flags & SP_DISABLED)) return 1;
    }
    return 0;
}

/* Keeps the indexes of the tick (t->cl, t->tc) up to date with sprite i's
 * move to pixel (x, y). */
__attribute__((noinline)) void tick_index_move(tick_ctx *t, int i, int x, int y) {
    const sprite *p = tick_sprite(t, i);
    int type = p->type;
    if (!(t->indexed >> type & 1)) return;
    if (t->cl.on && (t->cl.listed >> type & 1)) {
        int from = cells_key(t->g, p->x, p->y), to = cells_key(t->g, x, y);
        if (from != to && t->cl.typed)
            cells_unlink_typed(t->g, &t->cl, i, type, from), cells_link_typed(t->g, &t->cl, i, type, to);
        else if (from != to) cells_unlink(&t->cl, i, from), cells_link(&t->cl, i, to);
    }
    if (t->tc.types >> type & 1) tick_type_cells_mark(t, type, x, y);
}

/* Sprite i of leaf 'type' was created at, or moved from a place wholly on
 * the map to, a place not wholly on it: t->outside (once known) and t->off
 * (or, after the edge effects, the state's edges_clear) learn it. (A move
 * from a place not wholly on the map tells them nothing new: its type is
 * in t->outside already, and it was listed, or the state not clear.) */
static inline void note_off(tick_ctx *t, int i, int type) {
    if (t->outside_known) t->outside |= 1ULL << type;
    if (!(t->g->edge_types >> type & 1)) return;
    if (t->noff == EDGES_DONE) {
        t->s->edges_clear = 0;
        return;
    }
    if (t->noff < MAX_OFF) t->off[t->noff] = (uint16_t)i;
    t->noff++;
}

/* The rest of tick_set_pos for a move to or from a place not wholly on
 * the map: sprite i moves to pixel (x, y). */
__attribute__((noinline)) void tick_move_edge(tick_ctx *t, sprite *p, int i, int x, int y) {
    if (!t->s->loose && cell_exact(t->g, x, y) < 0) t->s->loose = 1;
    if (square_on_map(t->g, p->x, p->y)) note_off(t, i, p->type); /* to a place not wholly on the map */
    if (!cell_off_map(t->g, p->x, p->y) || !cell_off_map(t->g, x, y)) state_occ_move(t->g, t->s, p->x, p->y, x, y);
    if (t->indexed) tick_index_move(t, i, x, y);
    p->x = (int16_t)x;
    p->y = (int16_t)y;
}

void tick_moved_from(tick_ctx *t, int i, int x, int y) {
    tick_touch(t, i);
    t->lx[i] = x;
    t->ly[i] = y;
}

/* The rest of tick_set_pos but for a move from one cell to another
 * (tick_move_square, out of line here). */
static __attribute__((noinline)) void move(tick_ctx *t, sprite *p, int i, int x, int y) {
    tick_move_square(t, p, i, x, y);
}

void tick_set_pos(tick_ctx *t, int i, int x, int y) {
    sprite *p = tick_sprite(t, i);
    tick_touch(t, i);
    if (x == p->x && y == p->y) return;
    t->version++;
    tick_dirty(t, i);
    const vg_game *g = t->g;
    uint8_t *occ = state_occ(t->s);
    int from = cell_exact(g, p->x, p->y), to;
    if (from >= 0 && (to = cell_exact(g, x, y)) >= 0 && occ[from] > 0 && occ[to] < UINT8_MAX) { /* one cell to one */
        occ[from]--;
        occ[to]++;
        if (t->indexed) tick_index_move(t, i, x, y);
        p->x = (int16_t)x;
        p->y = (int16_t)y;
        return;
    }
    move(t, p, i, x, y);
}

void tick_set_pos_free(tick_ctx *t, int i, int x, int y) {
    sprite *p = tick_sprite(t, i);
    tick_touch(t, i);
    if (x == p->x && y == p->y) return;
    t->version++;
    tick_dirty(t, i);
    p->x = (int16_t)x;
    p->y = (int16_t)y;
}

/* tick_cells_list for a game of a list per type and cell: type by type,
 * its heads cleared, its sprites put first from the last on (the lists
 * come out by index). */
static __attribute__((noinline)) void cells_list_typed(tick_ctx *t, uint64_t types) {
    const vg_game *g = t->g;
    cell_lists *c = &t->cl;
    for (uint64_t ts = types; ts; ts &= ts - 1) {
        int type = __builtin_ctzll(ts), block = g->cells_block[type];
        uint32_t from, to;
        memset(c->head + block, 0xff, (size_t)g->w * g->h * sizeof c->head[0]);
        type_range(t, type, &from, &to);
        for (uint32_t i = t->s->n; i-- > t->settled && (t->created >> type & 1);) /* the new ones */
            if (tick_sprite(t, i)->type == type)
                cells_link(c, (int)i, block + cells_key(g, tick_sprite(t, i)->x, tick_sprite(t, i)->y));
        for (uint32_t i = to; i-- > from;)
            cells_link(c, (int)i, block + cells_key(g, tick_sprite(t, i)->x, tick_sprite(t, i)->y));
    }
}

void tick_cells_drop_killed(tick_ctx *t) {
    const vg_game *g = t->g;
    cell_lists *c = &t->cl;
    for (uint64_t ts = c->listed; ts; ts &= ts - 1) {
        uint16_t *head = c->head + g->cells_block[__builtin_ctzll(ts)];
        for (int k = 0; k < g->w * g->h; k++)
            for (uint16_t *at = &head[k]; *at != CELLS_NONE;)
                if (tick_sprite(t, *at)->flags & SP_KILLED) *at = c->next[*at];
                else at = &c->next[*at];
    }
}

void tick_cells_list(tick_ctx *t, uint64_t types) {
    const vg_game *g = t->g;
    cell_lists *c = &t->cl;
    if (!c->on) {
        c->on = 1;
        c->listed = 0;
        if (!(c->typed = g->cells_typed)) memset(c->head, 0xff, (size_t)g->w * g->h * sizeof c->head[0]);
    }
    types &= ~c->listed;
    c->listed |= types;
    t->indexed |= types;
    if (c->typed) {
        cells_list_typed(t, types);
        return;
    }
    for (uint64_t ts = types; ts; ts &= ts - 1) {
        uint32_t from, to;
        type_range(t, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++)
            cells_link(c, (int)i, cells_key(g, tick_sprite(t, i)->x, tick_sprite(t, i)->y));
    }
    for (uint32_t i = t->settled; i < t->s->n && (t->created & types); i++) /* the new ones */
        if (types >> tick_sprite(t, i)->type & 1)
            cells_link(c, (int)i, cells_key(g, tick_sprite(t, i)->x, tick_sprite(t, i)->y));
}

void tick_type_cells_mark(tick_ctx *t, int type, int x, int y) {
    const vg_game *g = t->g;
    int c[4];
    uint16_t bit = t->tc.bit[type], *mask = t->tc.mask;
    if (square_on_map(g, x, y)) {
        square q = square_at(g, x, y);
        uint16_t *m = mask + (q.cols & 0xffff) + (q.rows & 0xffff);
        int dc = (int)(q.cols >> 16), dr = (int)(q.rows >> 16);
        m[0] |= bit, m[dc] |= bit, m[dr] |= bit, m[dr + dc] |= bit;
        return;
    }
    cells_of(g, x, y, c);
    for (int cy = c[2]; cy <= c[3]; cy++)
        for (int cx = c[0]; cx <= c[1]; cx++) t->tc.mask[cy * t->g->w + cx] |= bit;
}

void tick_type_cells(tick_ctx *t, uint64_t types) {
    type_cells *tc = &t->tc;
    if (!tc->types) {
        memset(tc->mask, 0, (size_t)t->g->w * t->g->h * sizeof tc->mask[0]);
        tc->nbits = 0;
    }
    for (types &= ~tc->types; types && tc->nbits < TYPE_CELLS_BITS; types &= types - 1) {
        int type = __builtin_ctzll(types);
        uint32_t from, to;
        tc->type_of[tc->nbits] = (uint8_t)type;
        tc->bit[type] = (uint16_t)(1u << tc->nbits++);
        tc->types |= 1ULL << type;
        t->indexed |= 1ULL << type;
        type_range(t, type, &from, &to);
        for (uint32_t i = from; i < to; i++) {
            const sprite *p = tick_sprite(t, i);
            int cell = cell_exact(t->g, p->x, p->y);
            if (cell >= 0) tc->mask[cell] |= tc->bit[type];
            else tick_type_cells_mark(t, type, p->x, p->y);
        }
        for (uint32_t i = t->settled; i < t->s->n && (t->created >> type & 1); i++) /* the new ones */
            if (tick_sprite(t, i)->type == type)
                tick_type_cells_mark(t, type, tick_sprite(t, i)->x, tick_sprite(t, i)->y);
    }
}

uint64_t tick_outside_find(tick_ctx *t) { /* from now on, moves and creations add to it */
    t->outside_known = 1;
    t->outside = 0;
    for (uint32_t i = 0; i < t->s->n; i++) {
        const sprite *p = tick_sprite(t, i);
        if (!square_on_map(t->g, p->x, p->y)) t->outside |= 1ULL << p->type;
    }
    return t->outside;
}

/* GVGAI's own bound: whether the game holds more than GV_MAX_SPRITES
 * sprites, counted as GVGAI counts them (every sprite, static ones and
 * those killed this tick included). Far from it, the changing sprites and
 * the static layer's size say so; near it, the fixed sprites that died
 * before this tick are taken off (their alive bits, against the start's). */
static inline int gvgai_full(const tick_ctx *t) {
    const vg_game *g = t->g;
    const vg_state *s = t->s;
    uint32_t fixed = g->static_start[g->w * g->h];
    if (s->n + fixed <= GV_MAX_SPRITES) return 0;
    for (uint32_t w = 0; w < s->nbitwords; w++)
        fixed -= (uint32_t)__builtin_popcountll(g->start->data[w] & ~s->data[w]);
    return s->n + fixed > GV_MAX_SPRITES;
}

/* Counts n sprites of leaf 'type' made from index 'first' on (t->created,
 * ncreated, new_at: every creation goes through here). */
static inline void count_created(tick_ctx *t, int type, uint32_t first, uint32_t n) {
    if (!(t->created >> type & 1)) t->ncreated[type] = 0, t->new_at[type] = (uint16_t)first, t->created |= 1ULL << type;
    t->ncreated[type] += n;
}

/* tick_create's work once its checks have passed: sprite s->n, of leaf
 * 'type' at pixel (x, y) (the caller notes 'type' in t->census). */
static inline __attribute__((always_inline)) int create(tick_ctx *t, int type, int x, int y) {
    vg_state *s = t->s;
    const vg_game *g = t->g;
    const type_def *td = &g->types[type];
    uint32_t i = s->n++;
    sprite *p = tick_sprite(t, i);
    *p = (sprite){
        .x = (int16_t)x,
        .y = (int16_t)y,
        .id = s->next_id++,
        .type = (uint8_t)type,
        .flags = SP_FIRST,
        .dx = td->dx0,
        .dy = td->dy0,
        .moved = (uint16_t)(t->now - (type < t->updating))}; /* GVGAI counts a tick before its update in this one */
    if (t->stride > sizeof *p) memcpy(p + 1, g->ext_init[type], t->stride - sizeof *p); /* sprite_init_ext */
    if (!(i & 63)) t->touched[i >> 6] = t->dirty_bits[i >> 6] = 0; /* words tick_begin, interact.c did not clear */
    tick_touch(t, (int)i);                                         /* one version */
    if (t->indexed >> type & 1) {
        if (t->cl.on && (t->cl.listed >> type & 1) && t->cl.typed)
            cells_link_typed(g, &t->cl, (int)i, type, cells_key(g, x, y));
        else if (t->cl.on && (t->cl.listed >> type & 1)) cells_link(&t->cl, (int)i, cells_key(g, x, y));
        if (t->tc.types >> type & 1) tick_type_cells_mark(t, type, x, y);
    }
    count_created(t, type, i, 1);
    state_occ_add(g, s, x, y, +1);
    if (!s->loose && cell_exact(g, x, y) < 0) s->loose = 1;
    if (!square_on_map(g, x, y)) note_off(t, (int)i, type);
    return (int)i;
}

int tick_create(tick_ctx *t, int type, int x, int y, int force) {
    vg_state *s = t->s;
    for (int a = type; a >= 0 && !force; a = t->g->types[a].parent) /* GVGAI: a singleton anywhere above */
        if (t->g->types[a].singleton && tick_any(t, a)) return -1;
    if (s->n >= t->g->create_below) { /* near GVGAI's bound or the state's room */
        if (gvgai_full(t)) {          /* GVGAI refuses it, with a warning (tick_end counts them) */
            if (s->warnings < UINT8_MAX) s->warnings++;
            t->census = ~0ULL; /* the game may end on the warnings: tick_end decides */
            return -1;
        }
        if (s->n >= s->cap) {
            if (t->status == VG_OK) {
                t->status = VG_ERR_LIMIT;
                error_set(t->err, VG_ERR_LIMIT, t->g->script_path, t->g->types[type].line, 0,
                          "sprite limit reached: this level's states hold %u changing sprites", s->cap);
            }
            return -1;
        }
    }
    t->census |= 1ULL << type;
    return create(t, type, x, y);
}

/* create() for many sprites of one type, what the type decides read once:
 * the new header is a copy of one made here, its extension copied a word at
 * a time (the stride is a multiple of 8), the indexes' tests and the
 * created counts once, a cell list key once for the sprites made in a row
 * at one place (Fire Truck piles thousands of trucks on a cell); the cell
 * counts, once given up on, not at all. */
uint32_t tick_create_at(tick_ctx *t, int type, const uint16_t *src, uint32_t n) {
    vg_state *s = t->s;
    const vg_game *g = t->g;
    const type_def *td = &g->types[type];
    uint32_t room = s->n < g->create_below ? g->create_below - s->n : 0, first = s->n;
    if (n > room) n = room;
    t->census |= 1ULL << type;
    if (!n) return 0;
    sprite head = {.type = (uint8_t)type,
                   .flags = SP_FIRST,
                   .dx = td->dx0,
                   .dy = td->dy0,
                   .moved = (uint16_t)(t->now - (type < t->updating))};
    const uint64_t *ext = (const uint64_t *)(const void *)g->ext_init[type];
    size_t words = (t->stride - sizeof head) / 8;
    int indexed = (int)(t->indexed >> type & 1);
    int linked = indexed && t->cl.on && (t->cl.listed >> type & 1) ? 1 + t->cl.typed : 0; /* 2: lists per type */
    int marked = indexed && (t->tc.types >> type & 1);
    int px = INT16_MIN - 1, py = 0, key = 0; /* the last place keyed (sprites are piled up) */
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = first + k;
        const sprite *o = tick_sprite(t, src[k]);
        int x = o->x, y = o->y;
        sprite *p = tick_sprite(t, i);
        head.x = (int16_t)x, head.y = (int16_t)y, head.id = s->next_id + k;
        *p = head;
        for (size_t w = 0; w < words; w++) memcpy((char *)(p + 1) + w * 8, ext + w, 8); /* sprite_init_ext */
        if (!(i & 63)) t->touched[i >> 6] = t->dirty_bits[i >> 6] = 0;
        tick_touch(t, (int)i);
        if (linked) {
            if (x != px || y != py) key = cells_key(g, x, y), px = x, py = y;
            if (linked == 1) cells_link(&t->cl, (int)i, key);
            else cells_link_typed(g, &t->cl, (int)i, type, key);
        }
        if (marked) tick_type_cells_mark(t, type, x, y);
        if (!s->occ_full) state_occ_add(g, s, x, y, +1);
        if (!s->loose && cell_exact(g, x, y) < 0) s->loose = 1;
        if (!square_on_map(g, x, y)) note_off(t, (int)i, type);
    }
    s->n = first + n;
    s->next_id += n;
    count_created(t, type, first, n);
    return n;
}

void tick_kill(tick_ctx *t, int r, int transformed) {
    if (r < 0) { /* a fixed sprite: only killable ones (game_finish) have an alive bit */
        int bit = t->g->static_ents[-r - 1].bit;
        t->census |= 1ULL << t->g->static_ents[-r - 1].type;
        assert(bit != NO_BIT);
        if (t->nkilled == 0) memset(t->dying, 0, t->s->nbitwords * sizeof t->dying[0]);
        t->dying[bit >> 6] |= 1ULL << (bit & 63);
        t->nkilled++;
        return;
    }
    sprite *p = tick_sprite(t, r);
    t->census |= 1ULL << p->type;
    if (!state_is_avatar(t->g, p->type) || transformed) {
        p->flags |= SP_KILLED;
    } else if (!(p->flags & SP_DISABLED)) {
        p->flags |= SP_DISABLED;
        if (t->g->nplayers > 1) players_disabled(t, r);
    }
}
