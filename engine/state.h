/* SPDX-License-Identifier: MIT
 *
 * state.h -- the layout of a game state, and what reads it.
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

#include <string.h>

#include "game.h"

enum {                   /* sprite.flags */
       SP_DISABLED = 1,  /* a killed avatar: kept, but no longer plays (GVGAI) */
       SP_KILLED = 2,    /* killed this tick; removed when the tick ends */
       SP_FIRST = 4,     /* has not had its first passive move yet */
       SP_GROUND = 8,    /* stands on a solid sprite (GVGAI on_ground; continuous physics) */
       SP_LINGER = 16,   /* overlapped a partner under a rule when the last tick ended (PERSIST_SOME) */
       SP_ORIENTED = 32, /* keeps an orientation though its type does not: given one by takeOrientation */
       SP_REST = 64      /* stepped back out of what it may rest on, or at rest, last tick (rest.c): a type
                          * that may rest first asks whether its next move need happen (others never read it) */
};

enum {                   /* vg_state.persist: what overlaps outlasted the last tick */
       PERSIST_NONE = 0, /* none: the next tick checks only the sprites that move */
       PERSIST_ALL = 1,  /* some it cannot name (two static sprites, or too many): it checks every pair */
       PERSIST_SOME = 2  /* each has a side marked SP_LINGER: it checks those as if they moved */
};

/* A changing sprite: this header, then the game's extension (hp, own
 * speed, resources, class words: see game.h's EXT_*), 'stride' bytes in
 * all. Games that need no extension keep 16-byte sprites. */
typedef struct sprite {
    int16_t x, y;    /* top-left corner, pixels */
    uint32_t id;     /* creation order: GVGAI's spriteID */
    uint8_t type;    /* leaf type */
    uint8_t flags;   /* SP_* */
    int8_t dx, dy;   /* orientation */
    uint16_t moved;  /* tick it last moved or was created in; GVGAI's lastmove = tick - moved */
    int16_t counter; /* class use: spawns made (SpawnPoint), ticks a direction was kept (RandomNPC) */
} sprite;

typedef struct state_event { /* an avatar collision of the last tick */
    uint32_t id1, id2;
    int16_t x, y;
    uint8_t t1, t2, from_avatar, pad;
} state_event;

struct vg_state {
    uint32_t cap;     /* sprite capacity (the same for all states of a game) */
    uint32_t n;       /* sprites in use */
    uint32_t tick;    /* actions applied */
    uint32_t next_id; /* id of the next sprite created */
    double score;
    uint64_t rng;              /* java.util.Random's 48-bit seed */
    int32_t vars[VG_MAX_VARS]; /* the script's variables (variable{}) */
    uint8_t over, winner, nevents;
    uint8_t persist;     /* PERSIST_*: sprites may overlap under a rule, and which */
    uint8_t occ_full;    /* a cell count overflowed: counts are not to be trusted */
    uint8_t turn;        /* the agent to move (games with turns) */
    uint8_t loose;       /* a changing sprite has been off the grid (not one whole cell): overlaps need the full test */
    uint8_t action;      /* the avatar's action this tick (between ticks: the last tick's), a vg_action;
                              * in the header's padding, and left out of hashes and equality */
    uint8_t drew;        /* a draw since the seed was set could have come out otherwise (vg_state_drew; rng.h);
                              * in the header's padding, and left out of hashes and equality */
    uint8_t edges_clear; /* no changing sprite of a type with an edge effect is off the map (set by every
                              * collision pass: tick.h's off); in the padding, out of hashes and equality */
    int16_t avatar;      /* index of the avatar sprite, -1: none (kept by tick_end); player 0's */
    uint32_t stride;     /* bytes per sprite: the header and the game's extension */
    uint32_t nbitwords;  /* 64-bit words of alive bits */
    uint32_t timer_word; /* where the delayed effects start (after the cell counts) */
    uint32_t range_word; /* where the type ranges start (after the delayed effects) */
    uint32_t timers;     /* delayed effects pending */
    uint32_t nwords;     /* words of bits, counts and delayed effects: the sprites start after them */
    state_event events[VG_MAX_EVENTS];
    uint8_t held;     /* a StopCounter holds: sprite-count terminations cannot end the game (GVGAI's canEnd false) */
    uint8_t nplayers; /* players (g->nplayers): above 1, their records are the last words (state_player) */
    uint8_t views;    /* 1: what player 0 saw comes before them (state_view); these three in the padding before data */
    uint8_t warnings; /* creations refused at GVGAI's sprite bound (tick_create), up to 255; in the padding too */
    uint64_t data[];  /* alive bits, cell counts (one byte per cell), then the sprites */
};

/* s->over when GVGAI's warnings ended the game (tick_create): the tick's
 * terminations may still give results (term_run); else 1 */
#define OVER_WARNED VG_OVER_WARNED

#define STATE_BYTES(nwords, stride, n) (offsetof(vg_state, data) + (size_t)(nwords)*8 + (size_t)(n) * (stride))

/* Sprite 'i' of the state (sorted by (type, id) between ticks). */
static inline sprite *state_sprite(const vg_state *s, uint32_t i) {
    return (sprite *)(void *)((char *)(uintptr_t)(s->data + s->nwords) + (size_t)i * s->stride);
}
/* ---- A changing sprite's extension (game.h's EXT_*) -------------------- */

static inline char *sprite_ext(const vg_game *g, const sprite *p, int ext) {
    return g->ext_off[ext] ? (char *)(uintptr_t)p + g->ext_off[ext] : NULL;
}
/* Its speed: its own when the rules change speeds, else its type's. */
static inline double sprite_speed(const vg_game *g, const sprite *p) {
    const char *e = sprite_ext(g, p, EXT_SPEED);
    double v;
    if (!e) return g->types[p->type].speed;
    memcpy(&v, e, sizeof v);
    return v;
}
static inline void sprite_set_speed(const vg_game *g, sprite *p, double v) {
    char *e = sprite_ext(g, p, EXT_SPEED);
    if (e) memcpy(e, &v, sizeof v);
}
/* Its health points, [0] now and [1] the most it has had; NULL when the game has none. */
static inline int16_t *sprite_health(const vg_game *g, const sprite *p) {
    return (int16_t *)(void *)sprite_ext(g, p, EXT_HEALTH);
}
/* Resource kind 'k' (game.h's res_type order): its amount, 0 when not held. */
static inline int sprite_resource(const vg_game *g, const sprite *p, int k) {
    const char *e = sprite_ext(g, p, EXT_RESOURCES);
    int16_t v;
    if (!e || k < 0 || k >= g->nres) return 0;
    memcpy(&v, e + 2 + 2 * k, sizeof v);
    return v;
}
/* 1 when the sprite holds resource kind 'k', even 0 of it (GVGAI lists it then). */
static inline int sprite_holds(const vg_game *g, const sprite *p, int k) {
    const char *e = sprite_ext(g, p, EXT_RESOURCES);
    uint16_t held;
    if (!e || k < 0 || k >= g->nres) return 0;
    memcpy(&held, e, sizeof held);
    return held >> k & 1;
}
static inline void sprite_set_resource(const vg_game *g, sprite *p, int k, int amount) {
    char *e = sprite_ext(g, p, EXT_RESOURCES);
    uint16_t held;
    int16_t v = (int16_t)amount;
    if (!e || k < 0 || k >= g->nres) return;
    memcpy(&held, e, sizeof held);
    held = (uint16_t)(held | 1u << k);
    memcpy(e, &held, sizeof held);
    memcpy(e + 2 + 2 * k, &v, sizeof v);
}
/* Two words for a class's own use; NULL when no class of the game has any. */
static inline int32_t *sprite_aux(const vg_game *g, const sprite *p) {
    return (int32_t *)(void *)sprite_ext(g, p, EXT_AUX);
}
/* A sprite that keeps another in mind (game.h's ref_holders): 'q''s id + 1
 * in aux[0] (0: none), where it is in aux[1]; and reading that place back. */
static inline void sprite_remember(int32_t *aux, const sprite *q) {
    aux[0] = (int32_t)(q->id + 1);
    aux[1] = (int32_t)((uint32_t)(uint16_t)q->x | (uint32_t)(uint16_t)q->y << 16);
}
static inline void sprite_recall(const int32_t *aux, int *x, int *y) {
    *x = (int16_t)(uint16_t)((uint32_t)aux[1] & 0xffff);
    *y = (int16_t)(uint16_t)((uint32_t)aux[1] >> 16);
}
/* What a producer creates (EXT_SPAWN): TYPE_LIST_MAX type ids; NULL when the game has no updateSpawnType. */
static inline uint8_t *sprite_spawns(const vg_game *g, const sprite *p) {
    return (uint8_t *)sprite_ext(g, p, EXT_SPAWN);
}
/* The health points a new sprite of type td starts with: hp[0] now, hp[1]
 * the most. */
static inline void type_health(const type_def *td, int16_t hp[2]) {
    hp[1] = (int16_t)(td->health_max ? td->health_max : td->health);
    hp[0] = (int16_t)(td->health < hp[1] ? td->health : hp[1]);
}
/* Sets a new sprite's extension from its type (a copy of g->ext_init's). */
void sprite_init_ext(const vg_game *g, sprite *p);
/* Fills g->ext_init from the types, once the layout is known (game_finish). */
void sprite_init_ext_all(vg_game *g);

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

/* ---- Players (a game for several: g->nplayers > 1; players.c) ---------- */

/* One player's record, in the last words of the state. Player 0's score,
 * result and avatar's index are the header's 'score', 'winner' and
 * 'avatar' (as in a game for one player); its record keeps the rest. */
typedef struct player_rec {
    double score;       /* players 1, 2, ...: the score */
    uint32_t avatar_id; /* the id of its avatar sprite (GVGAI's avatars[p]); NO_AVATAR: none */
    int16_t avatar;     /* players 1, 2, ...: the avatar's index, -1: none (kept by tick_end) */
    uint8_t winner;     /* players 1, 2, ...: its vg_winner */
    uint8_t last;       /* the action it last played (GVGAI's avatarLastAction) */
    int16_t lx, ly;     /* its avatar disabled: where it was when its last tick began (GVGAI's lastrect,
                              * which only an update renews; stepBack puts it there) */
    uint32_t start_id;  /* avatar_id when the tick began (the player of an avatar replaced twice in it) */
    uint32_t orphan_id; /* an avatar sprite made from its avatar and left to no player (two transforms in
                              * a tick: GVGAI's second takes the player, and never updates the first), NO_AVATAR */
    int16_t olx, oly;   /* ... where it was before (GVGAI's lastrect, copied from the avatar and kept) */
} player_rec;
#define NO_AVATAR    UINT32_MAX
#define PLAYER_WORDS 4 /* 64-bit words a player_rec takes */
_Static_assert(sizeof(player_rec) == PLAYER_WORDS * 8, "a player_rec is PLAYER_WORDS words");

/* What player 0 last saw of player p (a game whose avatars some player
 * cannot see: g->views): GVGAI's observation keeps the avatar it last saw,
 * with its score and result, while the avatar is hidden from player 0.
 * Player p's record is followed by its avatar sprite as then ('stride'
 * bytes); the records come just before the player records. */
typedef struct view_rec {
    double score;
    uint8_t winner;
    uint8_t seen; /* 1: it saw an avatar (GVGAI's observation starts with every player's) */
    uint8_t pad[6];
} view_rec;
static inline size_t view_bytes(const vg_state *s) { return sizeof(view_rec) + s->stride; }
static inline view_rec *state_view(const vg_state *s, int p) {
    char *players = (char *)(uintptr_t)(s->data + s->nwords - PLAYER_WORDS * s->nplayers);
    return (view_rec *)(void *)(players - (size_t)(s->nplayers - p) * view_bytes(s));
}
static inline sprite *view_sprite(const vg_state *s, int p) { return (sprite *)(void *)(state_view(s, p) + 1); }

static inline player_rec *state_player(const vg_state *s, int p) {
    return (player_rec *)(uintptr_t)(s->data + s->nwords - PLAYER_WORDS * s->nplayers) + p;
}
static inline double *player_score(const vg_state *s, int p) {
    return p ? &state_player(s, p)->score : (double *)(uintptr_t)&s->score;
}
static inline uint8_t *player_winner(const vg_state *s, int p) {
    return p ? &state_player(s, p)->winner : (uint8_t *)(uintptr_t)&s->winner;
}
/* Player p's avatar's index, -1: none. */
static inline int player_avatar(const vg_state *s, int p) { return p ? state_player(s, p)->avatar : s->avatar; }

/* ---- States (state.c) ------------------------------------------------ */

vg_state *state_alloc(const vg_game *g);              /* zeroed, sized for 'g'; NULL when out of memory */
void state_set_ranges(const vg_game *g, vg_state *s); /* the type ranges of sprites sorted by (type, id) */
void state_occ_add(const vg_game *g, vg_state *s, int x, int y, int delta); /* count a sprite at (x, y) in or out */
void state_occ_move(const vg_game *g, vg_state *s, int x0, int y0, int x, int y); /* count a sprite's move */
int state_find_avatar(const vg_game *g, const vg_state *s); /* looks it up: the first live one, else a disabled one */
int state_count(const vg_game *g, const vg_state *s,
                int type);      /* between ticks: live sprites of 'type' and subtypes, static ones included */
uint64_t state_mix(uint64_t z); /* splitmix64's finaliser: the engine's one hash mix */
static inline int state_avatar(const vg_game *g, const vg_state *s) {
    (void)g;
    return s->avatar;
} /* the avatar's index, or -1 */
static inline int state_is_avatar(const vg_game *g, int type) { return (int)(g->avatar_types >> type & 1); }

/* A sprite reference: an index into the state's sprites (r >= 0) or a
 * fixed sprite of the level (r < 0: entry -r-1 of the static layer). */
static inline void ref_pos(const vg_game *g, const vg_state *s, int r, int *x, int *y) { /* pixels */
    if (r >= 0) {
        const sprite *p = state_sprite(s, r);
        *x = p->x, *y = p->y;
    } else {
        const struct static_ent *e = &g->static_ents[-r - 1];
        *x = e->cx * g->square, *y = e->cy * g->square;
    }
}
static inline int ref_type(const vg_game *g, const vg_state *s, int r) {
    return r >= 0 ? state_sprite(s, r)->type : g->static_ents[-r - 1].type;
}
/* A sprite's speed: its own (sprite_speed), a static sprite's its type's. */
static inline double ref_speed(const vg_game *g, const vg_state *s, int r) {
    return r >= 0 ? sprite_speed(g, state_sprite(s, (uint32_t)r)) : g->types[g->static_ents[-r - 1].type].speed;
}
/* Whether a sprite keeps an orientation (GVGAI's is_oriented): its type
 * does, or transformToSingleton's takeOrientation gave it one. */
static inline int sprite_oriented(const vg_game *g, const sprite *p) {
    return g->types[p->type].oriented || (p->flags & SP_ORIENTED);
}
static inline int ref_oriented(const vg_game *g, const vg_state *s, int r) {
    return r >= 0 ? sprite_oriented(g, state_sprite(s, r)) : g->types[g->static_ents[-r - 1].type].oriented;
}
static inline uint32_t ref_id(const vg_game *g, const vg_state *s, int r) {
    return r >= 0 ? state_sprite(s, r)->id : g->static_ents[-r - 1].id;
}
static inline int fixed_alive(const vg_game *g, const vg_state *s, uint32_t e) { /* static layer entry e exists */
    return g->static_ents[e].bit == NO_BIT || bit_get(s, g->static_ents[e].bit);
}

/* ---- Walking the sprites of a set of types ------------------------------ */

/* The one loop over the sprites of a set of leaf types, in GVGAI's order:
 * type by type, the lowest first; a fixed type's live ones from its list
 * in the static layer (id order), a changing type's from its range (id
 * order) and then, during a tick, those created since (tick_walk, tick.h).
 * It yields references (>= 0 a changing sprite, killed and disabled ones
 * included: the caller decides; < 0 a static one):
 *     sprite_walk w;
 *     walk_start(&w, g, s, types);         (between ticks; tick_walk during one)
 *     for (int r; walk_next(&w, &r);) ...
 * (The hottest loops of a tick -- step.c's updates, class_chaser.c's
 * closest targets, interact.c's edge effects -- walk a type's range and
 * new sprites by hand: through this walk they cost a few instructions more
 * per type, up to 4% of a step in GVGAI's Survive Zombies, callgrind says.) */
typedef struct sprite_walk {
    const vg_game *g;
    const vg_state *s;
    uint64_t ts;             /* the types after the current one */
    int type;                /* the current type */
    const uint32_t *list;    /* a fixed type: its list in the static layer; NULL: a changing type */
    uint32_t k, end;         /* the current type: the next of list[k..end) or of its range [k, end) */
    uint32_t i, n0;          /* ... then its new sprites among [i, n0) */
    uint32_t settled, limit; /* sprites settled.. were created this tick (those from 'limit' on are not walked), */
    uint64_t fresh;          /* ... of these types only */
} sprite_walk;

/* Moves to the next type; 0 when none is left. */
static inline __attribute__((always_inline)) int walk_type(sprite_walk *w) {
    const vg_game *g = w->g;
    if (!w->ts) return 0;
    int t = w->type = __builtin_ctzll(w->ts);
    w->ts &= w->ts - 1;
    if (!(g->changing >> t & 1)) {
        w->list = g->fixed_order + g->fixed_first[t];
        w->k = 0, w->end = (uint32_t)g->static_count[t];
        w->i = w->n0 = 0;
        return 1;
    }
    w->list = NULL;
    state_range(g, w->s, t, &w->k, &w->end);
    w->i = w->settled;
    w->n0 = w->fresh >> t & 1 ? w->limit : w->settled;
    return 1;
}
/* Starts walk 'w' over the sprites of the leaf types in 'types' (see
 * sprite_walk for 'settled', 'limit' and 'fresh'). */
static inline void walk_begin(sprite_walk *w, const vg_game *g, const vg_state *s, uint64_t types, uint32_t settled,
                              uint32_t limit, uint64_t fresh) {
    w->g = g, w->s = s, w->ts = types, w->settled = settled, w->limit = limit, w->fresh = fresh;
    if (!walk_type(w)) w->type = -1, w->list = NULL, w->k = w->end = w->i = w->n0 = 0;
}
/* Starts walk 'w' between ticks. */
static inline void walk_start(sprite_walk *w, const vg_game *g, const vg_state *s, uint64_t types) {
    walk_begin(w, g, s, types, s->n, s->n, 0);
}
/* The next sprite into '*r'; 0 when the walk is over. */
static inline __attribute__((always_inline)) int walk_next(sprite_walk *w, int *r) {
    do {
        if (w->list) {
            while (w->k < w->end) {
                uint32_t e = w->list[w->k++];
                if (fixed_alive(w->g, w->s, e)) return *r = -(int)e - 1, 1;
            }
        } else if (w->k < w->end) {
            return *r = (int)w->k++, 1;
        } else {
            while (w->i < w->n0)
                if (state_sprite(w->s, w->i++)->type == w->type) return *r = (int)w->i - 1, 1;
        }
    } while (walk_type(w));
    return 0;
}
/* Skips, in walk 'w' just started, what comes before 'after' (type << 32
 * | id, GVGAI's order): the types below its type, and in its type the
 * sprites up to its id. */
static inline void walk_skip(sprite_walk *w, uint64_t after) {
    uint32_t id = (uint32_t)after;
    int type = (int)(after >> 32);
    w->ts &= ~0ULL << type;
    if (w->type < type && !walk_type(w)) w->list = NULL, w->k = w->end = w->i = w->n0 = 0;
    if (w->type != type) return;
    uint32_t lo = w->k, hi = w->end; /* the list or the range, both in id order: the first id after */
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if ((w->list ? w->g->static_ents[w->list[mid]].id : state_sprite(w->s, mid)->id) <= id) lo = mid + 1;
        else hi = mid;
    }
    w->k = lo;
    if (w->k < w->end) return;
    lo = w->i, hi = w->n0; /* the new ones: ids rise along them too */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (state_sprite(w->s, mid)->id <= id) lo = mid + 1;
        else hi = mid;
    }
    w->i = lo;
}
/* 1 when a sprite at pixel (x, y) covers no map cell (is counted in none). */
static inline int cell_off_map(const vg_game *g, int x, int y) {
    return x + g->square <= 0 || y + g->square <= 0 || x >= g->pw || y >= g->ph;
}
/* Cells a sprite at pixel (x, y) covers: columns c[0]..c[1], rows c[2]..c[3]; empty when off the map. */
static inline void cells_of(const vg_game *g, int x, int y, int c[4]) {
    int b = g->square;
    if (cell_off_map(g, x, y)) {
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

/* Counts a sprite in (delta +1) or out (-1) of the cells of columns c0..c1
 * in rows r0..r1, each given as its first cell (row * map width); a count
 * that would wrap gives up on counts (occ_full). */
static inline void state_occ_rect(const vg_game *g, vg_state *s, int c0, int c1, int r0, int r1, int delta) {
    uint8_t *occ = state_occ(s);
    for (int r = r0; r <= r1; r += g->w)
        for (int k = c0; k <= c1; k++) {
            uint8_t *o = &occ[r + k];
            if ((delta > 0 && *o == UINT8_MAX) || (delta < 0 && *o == 0)) s->occ_full = 1;
            else *o = (uint8_t)(*o + delta);
        }
}

/* The map cell a sprite at pixel (x, y) covers when it covers exactly one
 * (on the map, aligned to the grid), else -1: the common case, one lookup. */
static inline int cell_exact(const vg_game *g, int x, int y) {
    if ((unsigned)x >= (unsigned)g->pw || (unsigned)y >= (unsigned)g->ph) return -1;
    int cx = g->cell_col[x], row = g->cell_row[y];
    return (cx | row) < 0 ? -1 : row + cx;
}

#endif
