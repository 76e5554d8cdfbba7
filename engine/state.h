/* SPDX-License-Identifier: MIT
 *
 * state.h -- the layout of a game state and of a tick in progress.
 *
 * A state is one flat block: a fixed header followed by the sprites that
 * can change (static ones live in the game). Copying a state moves the
 * header and the sprites in use, nothing else. Between ticks the sprites
 * are sorted by (type, id), which is the order GVGAI visits them in; a tick
 * appends the sprites it creates and puts them in place when it ends.
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
    uint8_t lastmove;        /* ticks since the sprite last moved (saturates) */
    uint8_t spare;
    int16_t counter;         /* class use: spawns left, time to live */
} sprite;

typedef struct state_event {
    uint32_t tick, id1, id2;
    int16_t x, y;
    uint8_t t1, t2, from_avatar, pad;
} state_event;

struct vg_state {
    uint32_t cap;            /* capacity of sp[] (the same for all states of a game) */
    uint32_t n;              /* sprites in use */
    uint32_t tick;           /* actions applied */
    uint32_t next_id;        /* id of the next sprite created */
    double score;
    uint64_t rng;            /* java.util.Random's 48-bit seed */
    int32_t resources[VG_MAX_RESOURCES];  /* the avatar's */
    uint8_t over, winner, nevents, pad;
    uint32_t pad2;
    state_event events[VG_MAX_EVENTS];
    sprite sp[];
};

#define STATE_BYTES(n) (offsetof(vg_state, sp) + (size_t)(n) * sizeof(sprite))

/* One tick in progress: the state, and scratch that lives only during it. */
struct tick_ctx {
    const vg_game *g;
    vg_state *s;
    vg_error *err;
    vg_status status;        /* first error raised during the tick */
    int b;                   /* pixels per cell */
    uint32_t settled;        /* sp[0..settled) sorted by (type, id); later ones are new */
    uint16_t first[VG_MAX_TYPES], last[VG_MAX_TYPES];  /* settled range per leaf type */
    int mask_ready;          /* dyn_mask is built */
    int16_t lx[VG_MAX_SPRITES], ly[VG_MAX_SPRITES];    /* GVGAI's lastrect */
    uint64_t dyn_mask[VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE]; /* per cell: leaf types that may be there */
};

/* ---- state.c ---------------------------------------------------------- */

vg_state *state_alloc(const vg_game *g);             /* zeroed, capacity set; NULL when out of memory */
void tick_begin(tick_ctx *t, const vg_game *g, vg_state *s, vg_error *err);
void tick_end(tick_ctx *t);                           /* removes killed sprites, sorts new ones in */
/* Creates a sprite of leaf 'type' at pixel (x, y); returns its index, or -1
 * (a singleton that exists, or the state is full: then t->status is set). */
int state_create(tick_ctx *t, int type, int x, int y);
void state_kill(tick_ctx *t, int i, int transformed); /* GVGAI killSprite: an avatar not transformed is disabled */
void state_moved(tick_ctx *t, int i);                 /* tell the collision index that sprite i moved */
int state_avatar(const vg_game *g, const vg_state *s); /* index of the avatar sprite, or -1 */
int state_count(const vg_game *g, const vg_state *s, int type); /* live sprites of 'type' and subtypes, static ones included */
int state_is_avatar(const vg_game *g, int type);
/* A sprite reference: an index into the state's sprites (r >= 0) or a
 * static sprite of the level (r < 0: entry -r-1 of the static layer). */
void ref_pos(const vg_game *g, const vg_state *s, int r, int *x, int *y); /* pixels */
int ref_type(const vg_game *g, const vg_state *s, int r);
uint32_t ref_id(const vg_game *g, const vg_state *s, int r);

/* java.util.Random, bit for bit, on the state's seed. */
void rng_seed(vg_state *s, uint64_t seed);
int rng_int(vg_state *s, int bound);                 /* uniform in [0, bound) */
double rng_double(vg_state *s);                      /* uniform in [0, 1) */

/* ---- physics.c -------------------------------------------------------- */

/* GVGAI's GridPhysics.activeMovement: moves sprite i by 'speed' cells along
 * (dx, dy) if its cooldown allows; 'speed' 0 uses the sprite's own speed.
 * Returns 1 when it moved. */
int physics_active(tick_ctx *t, int i, double dx, double dy, double speed);
int physics_intersects(const tick_ctx *t, int x1, int y1, int x2, int y2);
void physics_dir(vg_action a, int *dx, int *dy);

/* ---- interact.c, terminate.c, sprite.c -------------------------------- */

void interact_run(tick_ctx *t);                       /* all collision effects of one tick */
int effect_find(const char *name);                   /* row of the effect table, or -1 */
int effect_creates(int kind);                        /* 1 when the effect can create sprites */
int effect_changes(int kind, int which);             /* 1 when it moves, kills or transforms sprite 1 or 2 */
const char *const *effect_names(int *n);
void terminate_run(tick_ctx *t);                      /* sets over/winner */
int term_find(const char *name);
const char *const *term_names(int *n);
int sprite_class_find(const char *name);
#define EFFECT_LUA (-2)
#define TERM_LUA   (-2)

#endif
