/* SPDX-License-Identifier: MIT
 *
 * tick.h -- one tick in progress: the state being changed, and scratch
 * that lives only during the tick (the sprites moved and where they were,
 * the static sprites killed, the contacts of the collision pass, the
 * first error). Every change a rule makes to a state goes through the
 * tick_* functions here, so the tick knows what moved. Internal header.
 */
#ifndef VG_TICK_H
#define VG_TICK_H

#include "physics.h"
#include "rng.h"
#include "state.h"

/* The overlaps of the sprites moved this tick (interact.c), collected at a
 * 'version' and 'nmoved' of the tick (version UINT32_MAX: not collected);
 * 'stamp' counts collections. */
#define MAX_CONTACTS 2048
#define MAX_SHIELDS  16  /* shieldFrom's shields raised in one tick (more are ignored) */
#define MAX_PULLED   64  /* pullWithIt's sprites pulled in one tick (more are pulled again) */
#define MAX_DIRTY    256 /* sprites moved between two collections of the contacts (more: all again) */
#define MAX_OFF      64  /* sprites of edge types moved off the map in one tick, listed (more: all looked at) */
#define EDGES_DONE   UINT32_MAX
#define MAX_REST     128 /* sprites at rest in one tick (more move) */
#define REST_ON_NONE 0xffffu
typedef struct contacts {
    uint32_t version, nmoved, stamp, nsprites; /* ... and the state's sprites then */
    int valid, n, ndropped;                    /* ... of which dropped (while listed) */
    /* of the sprites moved since, the first 'nlate' of t->dirty wait (interact.c's need) for
     * the walk of pair 'walk''s first sprites past key 'walk_from' */
    uint32_t nlate;
    int walk;
    uint64_t walk_from;
    struct contact {
        int a;           /* a moved sprite (a dropped contact: REF_NONE, both sides) */
        int b;           /* a sprite overlapping it (a reference), with a rule between their types */
        uint64_t ka, kb; /* their keys: type << 32 | id */
        uint64_t pairs;  /* bit p % 64 for each pair p with work on it (pairs_of, interact.c); 0: dropped */
    } at[MAX_CONTACTS];
    /* once read enough ('reads' -1; made when many contacts are read, kept until all are
     * collected again), each changing sprite's contacts as a list: node 2i + side is contact i
     * seen from its side 'side' (0: a, 1: b); a dropped contact stays in the list of the side
     * not dropping it; head[r] is set for sprites r < nheads */
    int reads; /* reads of this collection without lists (interact.c's contacts_listed); -1: listed */
    int nheads;
    int16_t head[VG_MAX_SPRITES];
    int16_t next[2 * MAX_CONTACTS];
} contacts;
typedef struct lean lean;

/* The changing sprites of the types looked for by map cell, for the
 * collision pass's lookups when scanning their types would visit many
 * sprites: each sprite is listed under the cell holding its top-left
 * corner (cells_key), in singly linked lists (a list holds the few sprites
 * of a cell: taking one out walks it). A type is listed the first time a
 * lookup for it pays in a tick (when such scans have visited more sprites
 * than the state holds: tick_cells_list), and its sprites are kept listed
 * by every move and creation since; a sprite killed stays listed until
 * the tick ends. Only the types looked for: others would crowd the lists.
 * Where sprites may stack without bound (g->cells_typed: rivers' floods
 * put hundreds of water sprites of three types on a cell), each listed
 * type has a list per cell (its block of heads, g->cells_block), by index
 * (GVGAI's order within a type), so that a lookup reads only the sprites
 * of the types it wants, in order, and may stop at the first. */
#define CELLS_NONE 0xffffu
typedef struct cell_lists {
    int on;                      /* the heads are cleared this tick */
    uint32_t scanned;            /* sprites such scans have visited this tick */
    uint64_t sized;              /* leaf types whose 'size' is known this tick */
    uint64_t listed;             /* the leaf types listed (while 'on') */
    int typed;                   /* a list per type and cell (g->cells_typed), while 'on' */
    uint32_t size[VG_MAX_TYPES]; /* per leaf type: the sprites of its changing partners when the tick began */
    uint16_t head[VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE]; /* per cell (w*h used): its first sprite */
    uint16_t next[VG_MAX_SPRITES];                    /* per sprite: the next one of its list */
} cell_lists;

/* Which changing types cover each map cell, for the collision pass's
 * lookups (interact.c): a lookup from a sprite wholly on the map passes
 * over an indexed type none of whose sprites covers one of its cells,
 * where the cell counts cannot tell (other types crowd the cells, or the
 * sprite is off the grid). A type is indexed once lookups have scanned its
 * sprites a few times over this tick (interact.c): it is given a bit (one of TYPE_CELLS_BITS), set in the cells its
 * sprites cover and in those of every move and creation since. A bit is
 * not cleared when a sprite leaves a cell (nor killed): the masks are a
 * superset. */
#define TYPE_CELLS_BITS 16
typedef struct type_cells {
    uint64_t types;                   /* leaf types indexed this tick (the masks are cleared once it is not 0) */
    uint32_t scanned;                 /* lookups that scanned types not indexed this tick */
    uint32_t visits[64];              /* per leaf type: sprites scanned, once 'scanned' is past a mark (interact.c) */
    int nbits;                        /* bits given */
    uint16_t bit[64];                 /* per leaf type indexed: its bit */
    uint8_t type_of[TYPE_CELLS_BITS]; /* per bit given: its leaf type */
    uint16_t mask[VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE]; /* per cell (w*h used): the bits of the types covering it */
} type_cells;

/* One tick in progress: the state, and scratch that lives only during it. */
struct tick_ctx {
    const vg_game *g;
    vg_state *s;
    char *spb;       /* the state's sprites ... */
    uint32_t stride; /* ... of this many bytes each */
    vg_error *err;
    vg_status status; /* first error raised during the tick */
    int b;            /* pixels per cell */
    uint16_t now;     /* the tick being played, 1-based (mod 2^16) */
    int updating;     /* step 2: the type updating (new sprites of lower types update later in
                              * the tick); step 1: VG_MAX_TYPES; else -1 */
    uint32_t settled; /* sp[0..settled) sorted by (type, id); later ones are new */
    int full;         /* check every pair this tick, not only moved sprites */
    /* sprites moved or created this tick, in that order, and where they were before */
    uint32_t nmoved;
    uint16_t moved[VG_MAX_SPRITES];
    uint64_t touched[VG_MAX_SPRITES / 64];
    int16_t lx[VG_MAX_SPRITES], ly[VG_MAX_SPRITES];
    uint32_t version; /* counts moves, creations and sprites first touched (a creation: one), to notice them */
    /* sprites that changed place since the contacts were collected (interact.c), listed once;
     * noted only while 'track' is set (a collection of many sprites' contacts set it, and
     * cleared the bits then: a few sprites' are cheaper collected again than kept up to date) */
    int track;
    uint32_t ndirty;
    uint16_t dirty[MAX_DIRTY];
    uint64_t dirty_bits[VG_MAX_SPRITES / 64];
    uint64_t census;       /* leaf types whose sprites were killed, disabled or created: counts changed (all:
                            * anything may have) */
    uint32_t nrest;        /* sprites at rest (rest.c, 'rest' below) */
    uint64_t created;      /* leaf types of the sprites created this tick */
    uint32_t ncreated[64]; /* per leaf type in 'created': how many */
    uint16_t new_at[64];   /* ... and the index of the first */
    /* leaf types that may have a sprite not wholly on the map (a superset), found
     * when first needed (tick_outside) and kept up by every move and creation since */
    uint64_t outside;
    int outside_known;
    contacts ct;        /* what the moved sprites overlap (interact.c) */
    cell_lists cl;      /* the changing sprites by cell, when built this tick */
    struct lean {       /* while all contacts are collected: types that need not look for others (interact.c) */
        uint64_t types; /* leaf types with a 'noscan': whose sprites have all moved, or that look for no own sprite */
        uint64_t noscan[VG_MAX_TYPES];
        uint64_t back;         /* leaf types whose sprites that did not move look for moved ones ... */
        uint64_t back_for[64]; /* ... of these types */
    } lean;
    /* effects shielded from for the rest of the tick (shieldFrom): effect 'kind' of the pair (t1, t2) */
    int nshields;
    struct shield {
        uint8_t t1, t2;
        uint16_t kind;
    } shields[MAX_SHIELDS];
    /* sprites pullWithIt pulled this tick, by the declaration ('group') that pulled them */
    int npulled;
    struct pulled {
        uint16_t group, sprite;
    } pulled[MAX_PULLED];
    /* fixed sprites killed this tick, by alive bit (valid once nkilled > 0; the bits clear when it ends) */
    uint32_t nkilled;
    uint32_t noff; /* see off */
    uint64_t dying[NO_BIT / 64 + 1];
    uint64_t indexed; /* leaf types in t->cl or t->tc: their moves and creations update them */
    type_cells tc;    /* the changing types by cell, when built this tick */
    /* the sprites of edge types (g->edge_types) moved or created to a place not wholly on the
     * map this tick, for the edge effects (edge.c), which then need look only at these when
     * none was off the map as the tick began (s->edges_clear); noff past MAX_OFF: not all
     * listed; EDGES_DONE: the edge effects have run (a sprite moved off the map since clears
     * s->edges_clear) */
    uint16_t off[MAX_OFF];
    type_boxes boxes; /* the rectangles around the types, in a tick that checks every pair (interact.c) */
    /* sprites at rest (rest.c): not moved to (x, y), as pair 'pair' would step them back; per
     * cell, how many of them cover it where they are or would be (valid while nrest > 0);
     * the sprites rest_after has looked at (below nlooked) */
    uint32_t nlooked;
    struct rest {
        uint16_t i;
        uint8_t pair, ncells;
        int16_t x, y;
        uint16_t cell[4]; /* its cell, then those of (x, y) but it */
        uint16_t on;      /* the sprite at rest it rests on, REST_ON_NONE: fixed ones */
    } rest[MAX_REST];
    uint8_t rest_marks[VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE];
};

/* The cell sprite lists key a sprite at pixel (x, y) under: the cell of
 * its top-left corner, moved onto the map (off it, the nearest cell of
 * the map's edge). */
static inline int cells_key(const vg_game *g, int x, int y) {
    if ((unsigned)x >= (unsigned)g->pw) x = x < 0 ? 0 : g->pw - 1;
    if ((unsigned)y >= (unsigned)g->ph) y = y < 0 ? 0 : g->ph - 1;
    return (int)((g->span_row[y] & 0xffff) + (g->span_col[x] & 0xffff));
}

/* The cells a sprite wholly on the map at pixel (x, y) covers (a sprite is
 * one cell square: 1, 2 or 4 cells), from two tables: its first column |
 * the step to its second column << 16 (0: it covers one column), and its
 * first row so (each row as its first cell, row * map width; the step: 0
 * or the width). Two sprites cover the same cells when their squares are
 * equal. */
typedef struct square {
    uint32_t cols, rows;
} square;
static inline square square_at(const vg_game *g, int x, int y) { return (square){g->span_col[x], g->span_row[y]}; }
static inline int square_same(square a, square b) { return a.cols == b.cols && a.rows == b.rows; }
/* 1 when a sprite at pixel (x, y) is wholly on the map (GVGAI: not at its
 * edge), so that square_at() gives its cells. */
static inline int square_on_map(const vg_game *g, int x, int y) {
    return ((unsigned)x <= g->on_x) & ((unsigned)y <= g->on_y);
}
/* Puts square q's cells (row by row) into cells[]; returns how many. */
static inline int square_cells(square q, int cells[4]) {
    int c = (int)((q.cols & 0xffff) + (q.rows & 0xffff)), dc = (int)(q.cols >> 16), dr = (int)(q.rows >> 16), n = 0;
    cells[n++] = c;
    if (dc) cells[n++] = c + dc;
    if (!dr) return n;
    cells[n++] = c + dr;
    if (dc) cells[n++] = c + dr + dc;
    return n;
}

/* Puts sprite i first in the list of cell 'key'; takes it out of that list. */
static inline void cells_link(cell_lists *c, int i, int key) {
    c->next[i] = c->head[key];
    c->head[key] = (uint16_t)i;
}
static inline void cells_unlink(cell_lists *c, int i, int key) {
    uint16_t *at = &c->head[key];
    while (*at != i) at = &c->next[*at];
    *at = c->next[i];
}
/* The same with a list per type and cell (c->typed): sprite i of leaf
 * 'type' at its place by index in the type's list of cell 'key'. */
static inline void cells_link_typed(const vg_game *g, cell_lists *c, int i, int type, int key) {
    uint16_t *at = &c->head[g->cells_block[type] + key];
    while (*at < i) at = &c->next[*at]; /* CELLS_NONE ends it */
    c->next[i] = *at;
    *at = (uint16_t)i;
}
static inline void cells_unlink_typed(const vg_game *g, cell_lists *c, int i, int type, int key) {
    uint16_t *at = &c->head[g->cells_block[type] + key];
    while (*at != i) at = &c->next[*at];
    *at = c->next[i];
}

/* Notes that sprite 'i' changed place since the contacts were collected. */
static inline void tick_dirty(tick_ctx *t, int i) {
    if (!t->track || (t->dirty_bits[i >> 6] >> (i & 63) & 1)) return;
    t->dirty_bits[i >> 6] |= 1ULL << (i & 63);
    if (t->ndirty < MAX_DIRTY) t->dirty[t->ndirty] = (uint16_t)i;
    t->ndirty++;
}

/* Sprite 'i' of the state during the tick. */
static inline sprite *tick_sprite(const tick_ctx *t, uint32_t i) {
    return (sprite *)(void *)(t->spb + (size_t)i * t->stride);
}

/* 1 when sprite 'r' was killed this tick (GVGAI's kill list). */
static inline int tick_killed(const tick_ctx *t, int r) {
    if (r >= 0) return (tick_sprite(t, (uint32_t)r)->flags & SP_KILLED) != 0;
    int bit = t->g->static_ents[-r - 1].bit;
    return t->nkilled && bit != NO_BIT && (t->dying[bit >> 6] >> (bit & 63) & 1);
}

/* ---- Sprites at rest (rest.c) ----------------------------------------- */

void rest_finish(vg_game *g); /* the game's tables (g->rest_*, effect_def's pair and AFTER_REST) */
/* Sprite i of a type in g->rest_types would drift to pixel (x, y): 1 when it
 * need not (it is at rest: listed in t->rest), 0 when it must move, -1 when
 * it cannot tell yet: one changing sprite lies where it would go (ask
 * rest_try_on once the others of its type have been asked). */
int rest_try(tick_ctx *t, int i, int x, int y);
/* rest_try for the sprites it answered -1 (another changing sprite in the
 * way, which may rest): 1 when at rest, on fixed sprites or on another at
 * rest; 0 when it must move. */
int rest_try_on(tick_ctx *t, int i, int x, int y);
/* During the collision pass, at pair 'pair' (-1: before the first): the
 * sprites at rest that pairs up to it have not stepped back move now, all
 * of them, or those no longer alone in their cells. */
void rest_check(tick_ctx *t, int pair, int all);

/* After effect 'e' ran on 'a' and 'b' (AFTER_REST): rest_check when what it
 * moved or created covers a cell of a sprite at rest. */
void rest_after(tick_ctx *t, const effect_def *e, int a, int b);

/* ---- A tick (tick.c) ------------------------------------------------- */

void tick_begin(tick_ctx *t, const vg_game *g, vg_state *s, vg_error *err);
void tick_end(tick_ctx *t); /* removes killed sprites, sorts new ones in */
/* Creates a sprite of leaf 'type' at pixel (x, y); returns its index, or -1:
 * a singleton that exists, unless 'force'; GVGAI's bound reached (more
 * than GV_MAX_SPRITES sprites: the state counts a warning, and more than
 * GV_MAX_WARNINGS of them end the game when the tick ends, s->over
 * OVER_WARNED: the terminations may still give results, term_run); or the
 * state is full (then t->status is set). */
#define GV_MAX_SPRITES  10000
#define GV_MAX_WARNINGS 25
int tick_create(tick_ctx *t, int type, int x, int y, int force);
/* tick_create(t, type, x, y, 1) at the place of each changing sprite
 * src[0..n) in turn, as long as that needs no check (GVGAI's bound far);
 * returns how many it created: sprites s->n, s->n + 1, ... as it began. */
uint32_t tick_create_at(tick_ctx *t, int type, const uint16_t *src, uint32_t n);
void tick_kill(tick_ctx *t, int r, int transformed); /* GVGAI killSprite: an avatar not transformed is disabled */
void tick_set_pos(tick_ctx *t, int i, int x, int y); /* every move goes through here (or tick_set_pos_free) */
/* tick_set_pos in a game whose overlaps go by rectangles (g->geom): no cell
 * counts (its state gives them up from the start, occ_full), no grid, edge
 * or cell lists to keep. */
void tick_set_pos_free(tick_ctx *t, int i, int x, int y);
/* Sprite i counts as moved this tick, from pixel (x, y) (tick_last_pos). */
void tick_moved_from(tick_ctx *t, int i, int x, int y);
void tick_cells_list(tick_ctx *t, uint64_t types); /* lists the sprites of leaf set 'types' by cell too (t->cl) */
/* Takes the sprites killed this tick out of the lists per type and cell
 * (t->cl, typed and on), for lookups that want live sprites only (the
 * lists then no longer give what GVGAI still meets until the tick ends). */
void tick_cells_drop_killed(tick_ctx *t);
/* Indexes the changing leaf types 'types' by cell (t->tc), as far as bits
 * last; marks the cells a sprite of an indexed type covers at (x, y). */
void tick_type_cells(tick_ctx *t, uint64_t types);
void tick_type_cells_mark(tick_ctx *t, int type, int x, int y);
/* During a tick: sprites of 'type' and subtypes, the ones killed this tick
 * included when 'dying' is 1 (GVGAI counts them until the tick ends). */
int tick_count(tick_ctx *t, int type, int dying);
static inline void type_range(const tick_ctx *t, int type, uint32_t *from, uint32_t *to) {
    state_range(t->g, t->s, type, from, to);
}
/* Starts walk 'w' (state.h) over the sprites of the leaf types in 'types'
 * during a tick: those there when it began, then those created since,
 * below index 'limit' (t->s->n: all so far). */
static inline void tick_walk(sprite_walk *w, const tick_ctx *t, uint64_t types, uint32_t limit) {
    walk_begin(w, t->g, t->s, types, t->settled, limit, t->created);
}
/* The leaf types that may have a sprite not wholly on the map now: only
 * they can overlap a sprite that is wholly off it. */
uint64_t tick_outside_find(tick_ctx *t);
static inline uint64_t tick_outside(tick_ctx *t) { return t->outside_known ? t->outside : tick_outside_find(t); }
/* Where sprite 'r' was before this tick's moves (GVGAI's lastrect). */
static inline void tick_last_pos(const tick_ctx *t, int r, int *x, int *y) {
    if (r >= 0 && (t->touched[r >> 6] >> (r & 63) & 1)) {
        *x = t->lx[r];
        *y = t->ly[r];
    } else {
        ref_pos(t->g, t->s, r, x, y);
    }
}

/* ---- A move, written out where it is most of a tick ------------------- */

/* Notes sprite i as moved this tick, and where it was (once a tick). */
static inline void tick_touch(tick_ctx *t, int i) {
    if (t->touched[i >> 6] >> (i & 63) & 1) return;
    t->touched[i >> 6] |= 1ULL << (i & 63);
    t->moved[t->nmoved++] = (uint16_t)i;
    t->version++;
    t->lx[i] = tick_sprite(t, i)->x;
    t->ly[i] = tick_sprite(t, i)->y;
}

/* Counts a sprite in (delta +1) or out (-1) of the cells of square q, as
 * state_occ_rect does (written out: a loop over square_cells costs the
 * moves of x-racer and lasers 4-6% more instructions). A count that wraps
 * on the way in gives up on counts (occ_full); one on the way out cannot
 * wrap while they are kept (a sprite leaving a cell was counted in it),
 * and once given up on they are not read again. */
static inline void tick_occ_cell(vg_state *s, uint8_t *o, int delta) {
    *o = (uint8_t)(*o + delta);
    if (delta > 0 && *o == 0) s->occ_full = 1;
}
static inline void tick_occ_square(vg_state *s, square q, int delta) {
    uint8_t *o = state_occ(s) + (q.cols & 0xffff) + (q.rows & 0xffff);
    int dc = (int)(q.cols >> 16), dr = (int)(q.rows >> 16);
    tick_occ_cell(s, o, delta);
    if (dc) tick_occ_cell(s, o + dc, delta);
    if (!dr) return;
    tick_occ_cell(s, o + dr, delta);
    if (dc) tick_occ_cell(s, o + dr + dc, delta);
}

/* tick_set_pos's rarer parts: keeping the tick's indexes (t->cl, t->tc) up
 * to date with sprite i's move to pixel (x, y); the whole move of sprite i
 * (p) to or from a place not wholly on the map. */
void tick_index_move(tick_ctx *t, int i, int x, int y);
void tick_move_edge(tick_ctx *t, sprite *p, int i, int x, int y);

/* Sprite i (p) moves to pixel (x, y), once tick_set_pos has noted the
 * move: wholly on the map, its count moves from the cells of its square to
 * those of the new one when they differ; the state is 'loose' from the
 * first sprite off the grid on. */
static inline __attribute__((always_inline)) void tick_move_square(tick_ctx *t, sprite *p, int i, int x, int y) {
    const vg_game *g = t->g;
    if (!(square_on_map(g, p->x, p->y) & square_on_map(g, x, y))) {
        tick_move_edge(t, p, i, x, y); /* to or from a place not wholly on the map */
        return;
    }
    square from = square_at(g, p->x, p->y), to = square_at(g, x, y);
    if (!square_same(from, to)) {
        tick_occ_square(t->s, from, -1);
        tick_occ_square(t->s, to, +1);
    }
    if ((to.cols | to.rows) >> 16) t->s->loose = 1;
    if (t->indexed) tick_index_move(t, i, x, y);
    p->x = (int16_t)x;
    p->y = (int16_t)y;
}

/* tick_set_pos for sprite i (p) drifting to pixel (x, y) (class.c's passive
 * update: most of the ticks of x-racer, lasers, boloadventures), written
 * out in the caller's loop. Such a sprite is more often between cells than
 * not: no test of one cell to one first. */
static inline __attribute__((always_inline)) void tick_set_pos_drift(tick_ctx *t, sprite *p, int i, int x, int y) {
    tick_touch(t, i);
    if (x == p->x && y == p->y) return;
    t->version++;
    tick_dirty(t, i);
    tick_move_square(t, p, i, x, y);
}

#endif
