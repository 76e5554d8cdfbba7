/* SPDX-License-Identifier: MIT
 *
 * bound.h -- the lower bound on the actions still needed to win that the
 * engine derives from a game's rules when it can prove it (bound.c: the
 * proofs and which rules they need; bound_walk.c: the walk's distances and
 * evaluating a state), next to the script's bound(state) hook; vg_bound in
 * vgdl.h picks one.
 *
 * Internal header: agents and tools include only vgdl.h.
 */
#ifndef VG_BOUND_H
#define VG_BOUND_H

#include "game.h"

enum { BOUND_REACH, BOUND_PUSH };
enum {
    BOUND_MAX_MAPS = 64, /* distinct target cells given maps of their own (reach) */
    BOUND_MAX_KEYS = 4,  /* key types of a key chain */
    BOUND_MAX_GOALS = 3 * VG_MAX_TERMS,
    BOUND_SLOTS = 64,  /* frozen-box sets whose maps are kept */
    BOUND_SEEN = 16384 /* box layouts whose frozen set is kept */
};

/* One derived bound: a win needs every sprite of 'type' gone. */
typedef struct bound_goal {
    int mode;        /* BOUND_REACH, BOUND_PUSH */
    int type;        /* T */
    int win;         /* which win it serves (a MultiSpriteCounter's types share one) */
    uint64_t pushed; /* push: the leaf types pushed (T and what it turns into in place) */
    int *holes;      /* push: per ring cell, pushes to the nearest hole, -1: never */
    uint64_t W;      /* reach: avatar leaf types whose touch removes T (all avatars: no chain) */
    int nkeys;       /* reach: a key chain's K types, 0: none */
    int keys[BOUND_MAX_KEYS];
    int t_covered, k_covered; /* freeze: a T (K) under a frozen box is never touched again */
} bound_goal;

/* The maps to every target cell with one set of frozen boxes as walls. */
typedef struct bound_slot {
    uint64_t hash; /* of the frozen cells; 0: empty slot */
    uint64_t *set; /* the frozen cells, a bit per ring cell */
    int *maps;     /* nmaps maps, as bound_rules.maps */
} bound_slot;

/* A box layout seen, and what froze in it. Layouts are told apart by a
 * 64-bit hash of the boxes' cells, as the solver tells positions apart. */
typedef struct bound_seen {
    uint64_t hash;     /* of the boxes' cells; 0: empty */
    uint64_t fhash;    /* of its frozen set (bound_slot.hash), 0: none */
    uint16_t cover[3]; /* the cells of frozen boxes on targets */
    int16_t ncover;    /* how many; -1: more than 3 (not kept) */
} bound_seen;

struct bound_rules {
    int rw, rh, cells; /* the map and its ring; rw * rh */
    int ngoals, nwins;
    bound_goal goal[BOUND_MAX_GOALS];
    /* the walk */
    uint8_t *blocked; /* per ring cell: a wall for the avatar */
    int nmaps;
    int *cellmap; /* per ring cell, which map is to a target there, -1: none */
    int *maps;    /* nmaps maps of ring cells: the moves to touch the target, -1: never */
    /* frozen boxes (bound.c's "freeze"), boxes 0 when its rules do not hold */
    uint64_t boxes; /* the leaf types pushed */
    uint64_t grown; /* grown walls (bound.c): leaf types created, never moved or killed, that stop the avatar */
    int *adist;     /* grown walls: scratch, the walk from the avatar's cell */
    uint64_t *gset; /* grown walls: scratch, their cells, a bit per ring cell */
    uint8_t *fwall; /* per ring cell: a wall for boxes and the avatar (1); a cell boxes die in or the ring (2) */
    uint8_t *keep;  /* per ring cell: a target is there; never a wall for the walk */
    int words;      /* uint64_t words of a frozen set */
    bound_slot slot[BOUND_SLOTS];
    bound_seen *seen; /* BOUND_SEEN layouts, by hash; NULL: none kept */
    uint64_t *zob;    /* per ring cell: a random word; a box layout's hash is the sum over its boxes */
    uint64_t last;    /* the last layout's hash (0: none) and its maps: a state's children mostly share it */
    const int *last_maps;
    /* scratch (evaluating is not reentrant: one game, one thread) */
    uint8_t *mark;
    uint64_t *set;
    uint64_t *covered; /* the last state's target cells under a frozen box, a bit per ring cell */
    int *queue, *cellbuf;
    int npx, npy;    /* pixels across and down the ring */
    int *fixed_cell; /* per entry of the static layer (g->static_ents): its ring cell */
    int *col, *row;  /* per pixel from the ring's corner: the ring column, the ring row * rw; -1 between cells */
    vg_obs *buf;
    int cap;
    struct bound_block *block; /* bound_block.c: a blocker a pushed box must remove; NULL: none */
};

/* Derives the bound for 'g' once its level is loaded (level_load calls
 * it): g->bound is set when every rule the proof needs holds, left NULL
 * otherwise, and g->bound_note says which proof or why none. VG_OK, or
 * VG_ERR_NOMEM. */
vg_status bound_derive(vg_game *g);
/* The derived bound of 's' (not over); VG_BOUND_DEAD when it can never be won. */
int bound_derived(const vg_game *g, const vg_state *s);
void bound_free(struct bound_rules *b); /* NULL is a no-op */

/* bound_walk.c, for bound.c: the maps of 'b' once its goals, blocked cells
 * and (with boxes) fwall and keep are set: VG_OK or VG_ERR_NOMEM. */
vg_status bound_walk_init(const vg_game *g, struct bound_rules *b);
/* Breadth-first from the cells marked 0 in 'dist' (the rest -1), stepping
 * only into cells not 'blocked' (nor set in 'extra', a bit per cell, if
 * not NULL): dist[c] the moves from c to the nearest mark. */
void bound_spread(const struct bound_rules *b, const uint8_t *blocked, const uint64_t *extra, int *dist);
/* The ring cell of a sprite, -1 off the map and its ring. */
int bound_cell(const struct bound_rules *b, const vg_obs *o);
/* The ring cells of the live sprites of leaf types 'types' in 's' into
 * 'out' (room for 'max'); how many there are, -1 when one is off the map
 * and its ring or between cells. */
int bound_ring_cells(const vg_game *g, const struct bound_rules *b, const vg_state *s, uint64_t types, int *out,
                     int max);

/* bound.c's rule readers, for bound_block.c. */
uint64_t bound_made(const vg_game *g, const effect_def *e); /* the types rule 'e' may create */
int bound_sure_transform(unsigned f);           /* FX_* 'f' surely replace the first sprite in place (transformTo) */
uint64_t bound_class_created(const vg_game *g); /* leaf types some class creates */
/* 1 when every leaf of 'who' meeting leaf 'w' is stepped back (or, with
 * 'kills', killed) by a rule of theirs. */
int bound_stops(const vg_game *g, uint64_t who, int w, int kills);

/* bound_block.c: derives b->block for 'g' (b's single reach goal and walk
 * set up) when its rules hold, else leaves it NULL: VG_OK or
 * VG_ERR_NOMEM. */
vg_status bound_block_derive(const vg_game *g, struct bound_rules *b);
/* The blocker bound of 's' (0 when no blocker stands between the avatar
 * and the win), VG_BOUND_DEAD when no box can ever clear one. */
int bound_block_eval(const vg_game *g, struct bound_rules *b, const vg_state *s);
void bound_block_free(struct bound_block *k); /* NULL is a no-op */

#endif
