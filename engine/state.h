/* SPDX-License-Identifier: MIT
 *
 * state.h -- the layout of a game state and of a tick in progress.
 *
 * A state is one flat block: a fixed header, one alive bit for each
 * killable fixed sprite (a sprite that never moves but can die, such as
 * Bait's holes), a count per map cell of the changing sprites covering it
 * (so that most collision checks end after one lookup), the delayed
 * effects pending, where each changing type's sprites end, then the
 * sprites that can move or be created. Sprites that never change at all (walls,
 * floors) live only in the game's static layer. Copying a state moves the
 * header, the bits, the counts and the sprites in use.
 *
 * Between ticks the sprites are sorted by (type, id), the order GVGAI
 * visits them in, so each type is one range (kept in the state). A
 * tick appends the sprites it creates and puts them in place at its end.
 *
 * Internal header.
 */
#ifndef VG_STATE_H
#define VG_STATE_H

#include "game.h"

enum {                       /* sprite.flags */
    SP_DISABLED = 1,         /* a killed avatar: kept, but no longer plays (GVGAI) */
    SP_KILLED   = 2,         /* killed this tick; removed when the tick ends */
    SP_FIRST    = 4          /* has not had its first passive move yet */
};

typedef struct sprite {
    int16_t x, y;            /* top-left corner, pixels */
    uint32_t id;             /* creation order: GVGAI's spriteID */
    uint8_t type;            /* leaf type */
    uint8_t flags;           /* SP_* */
    int8_t dx, dy;           /* orientation */
    uint16_t moved;          /* tick it last moved or was created in; GVGAI's lastmove = tick - moved */
    int16_t counter;         /* class use: spawns made (SpawnPoint), ticks a direction was kept (RandomNPC) */
} sprite;

typedef struct state_event {  /* an avatar collision of the last tick */
    uint32_t id1, id2;
    int16_t x, y;
    uint8_t t1, t2, from_avatar, pad;
} state_event;

struct vg_state {
    uint32_t cap;            /* sprite capacity (the same for all states of a game) */
    uint32_t n;              /* sprites in use */
    uint32_t tick;           /* actions applied */
    uint32_t next_id;        /* id of the next sprite created */
    double score;
    uint64_t rng;            /* java.util.Random's 48-bit seed */
    int32_t resources[VG_MAX_RESOURCES];  /* the avatar's */
    int32_t vars[VG_MAX_VARS];            /* the script's variables (variable{}) */
    uint8_t over, winner, nevents;
    uint8_t persist;         /* sprites may overlap under a rule: the next tick checks every pair */
    uint8_t occ_full;        /* a cell count overflowed: counts are not to be trusted */
    uint8_t turn;            /* the agent to move (games with turns) */
    uint8_t loose;           /* a changing sprite has been off the grid (not one whole cell): overlaps need the full test */
    int16_t avatar;          /* index of the avatar sprite, -1: none (kept by tick_end) */
    uint32_t nbitwords;      /* 64-bit words of alive bits */
    uint32_t timer_word;     /* where the delayed effects start (after the cell counts) */
    uint32_t range_word;     /* where the type ranges start (after the delayed effects) */
    uint32_t timers;         /* delayed effects pending */
    uint32_t nwords;         /* words of bits, counts and delayed effects: the sprites start after them */
    state_event events[VG_MAX_EVENTS];
    uint64_t data[];         /* alive bits, cell counts (one byte per cell), then the sprites */
};

#define STATE_BYTES(nwords, n) (offsetof(vg_state, data) + (size_t)(nwords) * 8 + (size_t)(n) * sizeof(sprite))

static inline sprite *state_sprites(const vg_state *s) { return (sprite *)(uintptr_t)(s->data + s->nwords); }
static inline int bit_get(const vg_state *s, int bit) { return (int)(s->data[bit >> 6] >> (bit & 63) & 1); }
static inline uint8_t *state_occ(const vg_state *s) { return (uint8_t *)(uintptr_t)(s->data + s->nbitwords); }
/* Where each changing leaf type's sprites end (g->range_slot order; they
 * start where the previous type's end). */
static inline uint16_t *state_ranges(const vg_state *s) { return (uint16_t *)(uintptr_t)(s->data + s->range_word); }
/* The sprites of leaf 'type', sp[from..to) (sorted; during a tick, those
 * there when it began). Fixed types have none. */
static inline void state_range(const vg_game *g, const vg_state *s, int type, uint32_t *from, uint32_t *to) {
    if (!(g->changing >> type & 1)) {
        *from = *to = 0;
        return;
    }
    const uint16_t *end = state_ranges(s);
    int slot = g->range_slot[type];
    *from = slot ? end[slot - 1] : 0;
    *to = end[slot];
}
/* A delayed effect: the tick it fires in (high 16 bits), the effect row (low 16). */
static inline uint32_t *state_timers(const vg_state *s) { return (uint32_t *)(uintptr_t)(s->data + s->timer_word); }

/* The overlaps of the sprites moved this tick (interact.c), collected at a
 * 'version' and 'nmoved' of the tick; 'stamp' counts collections. */
#define MAX_CONTACTS 512
typedef struct contacts {
    uint32_t version, nmoved, stamp;
    int valid, n;
    int a[MAX_CONTACTS];     /* a moved sprite */
    int b[MAX_CONTACTS];     /* a sprite overlapping it (a reference), with a rule between their types */
} contacts;

/* One tick in progress: the state, and scratch that lives only during it. */
struct tick_ctx {
    const vg_game *g;
    vg_state *s;
    sprite *sp;              /* the state's sprites */
    vg_error *err;
    vg_status status;        /* first error raised during the tick */
    int b;                   /* pixels per cell */
    uint16_t now;            /* the tick being played, 1-based (mod 2^16) */
    uint32_t settled;        /* sp[0..settled) sorted by (type, id); later ones are new */
    int full;                /* check every pair this tick, not only moved sprites */
    /* sprites moved or created this tick, in that order, and where they were before */
    uint32_t nmoved;
    uint64_t moved_types;    /* leaf types of the moved sprites */
    uint16_t moved[VG_MAX_SPRITES];
    uint64_t touched[VG_MAX_SPRITES / 64];
    int16_t lx[VG_MAX_SPRITES], ly[VG_MAX_SPRITES];
    uint32_t version;        /* counts moves and creations, to notice them */
    int census;              /* sprites were killed, disabled or created: counts changed */
    contacts ct;             /* what the moved sprites overlap (interact.c) */
    /* fixed sprites killed this tick (their bits clear when it ends) */
    uint32_t nkilled;
    uint32_t killed[VG_MAX_SPRITES];
};

/* ---- state.c ---------------------------------------------------------- */

vg_state *state_alloc(const vg_game *g);             /* zeroed, sized for 'g'; NULL when out of memory */
void tick_begin(tick_ctx *t, const vg_game *g, vg_state *s, vg_error *err);
void tick_end(tick_ctx *t);                           /* removes killed sprites, sorts new ones in */
void state_set_ranges(const vg_game *g, vg_state *s); /* the type ranges of sprites sorted by (type, id) */
/* Creates a sprite of leaf 'type' at pixel (x, y); returns its index, or -1
 * (a singleton that exists, unless 'force'; or the state is full: then
 * t->status is set). */
int state_create(tick_ctx *t, int type, int x, int y, int force);
void state_kill(tick_ctx *t, int r, int transformed); /* GVGAI killSprite: an avatar not transformed is disabled */
int state_killed(const tick_ctx *t, int r);           /* killed this tick (GVGAI's kill list) */
void state_set_pos(tick_ctx *t, int i, int x, int y); /* every move goes through here */
void occ_add(const vg_game *g, vg_state *s, int x, int y, int delta); /* count a sprite at (x, y) in or out */
static inline int state_avatar(const vg_game *g, const vg_state *s) { (void)g; return s->avatar; } /* the avatar's index, or -1 */
int state_find_avatar(const vg_game *g, const vg_state *s); /* looks it up: the first live one, else a disabled one */
int state_count(const vg_game *g, const vg_state *s, int type); /* between ticks: live sprites of 'type' and subtypes, static ones included */
/* During a tick: sprites of 'type' and subtypes, the ones killed this tick
 * included when 'dying' is 1 (GVGAI counts them until the tick ends). */
int tick_count(tick_ctx *t, int type, int dying);
static inline void type_range(tick_ctx *t, int type, uint32_t *from, uint32_t *to) { state_range(t->g, t->s, type, from, to); }
static inline int state_is_avatar(const vg_game *g, int type) { return (int)(g->avatar_types >> type & 1); }
/* A sprite reference: an index into the state's sprites (r >= 0) or a
 * fixed sprite of the level (r < 0: entry -r-1 of the static layer). */
static inline void ref_pos(const vg_game *g, const vg_state *s, int r, int *x, int *y) { /* pixels */
    if (r >= 0) {
        const sprite *p = &state_sprites(s)[r];
        *x = p->x, *y = p->y;
    } else {
        const struct static_ent *e = &g->static_ents[-r - 1];
        *x = e->cx * g->square, *y = e->cy * g->square;
    }
}
static inline int ref_type(const vg_game *g, const vg_state *s, int r) {
    return r >= 0 ? state_sprites(s)[r].type : g->static_ents[-r - 1].type;
}
static inline uint32_t ref_id(const vg_game *g, const vg_state *s, int r) {
    return r >= 0 ? state_sprites(s)[r].id : g->static_ents[-r - 1].id;
}
static inline int fixed_alive(const vg_game *g, const vg_state *s, uint32_t e) { /* static layer entry e exists */
    return g->static_ents[e].bit == NO_BIT || bit_get(s, g->static_ents[e].bit);
}
/* Cells a sprite at pixel (x, y) covers: columns c[0]..c[1], rows c[2]..c[3]; empty when off the map. */
static inline void cells_of(const vg_game *g, int x, int y, int c[4]) {
    int b = g->square;
    if (x + b <= 0 || y + b <= 0) {
        c[0] = c[2] = 0, c[1] = c[3] = -1;
        return;
    }
    c[0] = x < 0 ? 0 : (int)(((uint64_t)x * g->inv_square) >> 32);
    c[1] = (int)(((uint64_t)(x + b - 1) * g->inv_square) >> 32);
    c[2] = y < 0 ? 0 : (int)(((uint64_t)y * g->inv_square) >> 32);
    c[3] = (int)(((uint64_t)(y + b - 1) * g->inv_square) >> 32);
    if (c[1] >= g->w) c[1] = g->w - 1;
    if (c[3] >= g->h) c[3] = g->h - 1;
}

/* The map cell a sprite at pixel (x, y) covers when it covers exactly one
 * (on the map, aligned to the grid), else -1: the common case, one lookup. */
static inline int cell_exact(const vg_game *g, int x, int y) {
    if ((unsigned)x >= (unsigned)g->pw || (unsigned)y >= (unsigned)g->ph) return -1;
    int cx = (int)(((uint64_t)x * g->inv_square) >> 32), cy = (int)(((uint64_t)y * g->inv_square) >> 32);
    return cx * g->square == x && cy * g->square == y ? cy * g->w + cx : -1;
}

/* java.util.Random, bit for bit, on the state's seed. */
void rng_seed(vg_state *s, uint64_t seed);
int rng_int(vg_state *s, int bound);                 /* uniform in [0, bound) */
float rng_float(vg_state *s);                        /* uniform in [0, 1), Java's nextFloat */
double rng_double(vg_state *s);                      /* uniform in [0, 1) */

/* ---- physics.c -------------------------------------------------------- */

/* GVGAI's GridPhysics.activeMovement: moves sprite i by 'speed' cells along
 * (dx, dy) if its cooldown allows; 'speed' 0 uses the sprite's own speed.
 * Returns 1 when it moved. */
int physics_active(tick_ctx *t, int i, double dx, double dy, double speed);
static inline int physics_intersects(int b, int x1, int y1, int x2, int y2) {
    return x1 - x2 < b && x2 - x1 < b && y1 - y2 < b && y2 - y1 < b;
}
void physics_dir(vg_action a, int *dx, int *dy);

/* ---- interact.c, terminate.c, sprite.c -------------------------------- */

void interact_run(tick_ctx *t);                       /* all collision effects of one tick */
int interact_persist(tick_ctx *t);                    /* 1 when sprites overlap under some rule now */
int effect_find(const char *name);                   /* row of the effect table, or -1 */
unsigned effect_flags(int kind);                     /* FX_* below */
const char *const *effect_names(int *n);
void terminate_run(tick_ctx *t);                      /* sets over/winner */
int term_find(const char *name);
const char *const *term_names(int *n);
int sprite_class_find(const char *name);
#define EFFECT_LUA (-2)
#define TERM_LUA   (-2)
enum { FX_MOVE1 = 1, FX_MOVE2 = 2, FX_KILL1 = 4, FX_KILL2 = 8, FX_CREATES = 16, FX_NEEDS2 = 32 };
#define REF_NONE INT32_MIN   /* no sprite: an effect fired by time */

#endif
