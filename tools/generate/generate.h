/* SPDX-License-Identifier: MIT
 *
 * generate.h -- 'vgdl generate': new levels for any game, each with a proof
 * of what it asks of a player. What the room's files share:
 *
 *   study.c       what a game's own levels and rules say: the border, the
 *                 sizes, how often each character appears, the avatar's
 *                 character, each character's role (wall, goal, killer,
 *                 collectible, ...) read from the interaction rules
 *   gen_*.c       the generators, one file each behind gen_def; registry.c
 *                 lists them (one table); rng.c, the numbers they draw
 *   prove.c       one candidate judged: loaded, its constraints checked,
 *                 its shortest solution proven by the level solver (a
 *                 game without chance) or a strong and a weak agent's win
 *                 rates measured over seeds (a game with chance)
 *   pool.c        candidates judged in parallel worker processes, the
 *                 verdicts handed back in the order the candidates came
 *   generate.c    the command: options, the loop (propose, judge, keep the
 *                 distinct levels that pass), the files, the progress line
 *
 * Determinism: a generator draws only from the gen_rng it is handed, and
 * verdicts come back in candidate order whatever the number of workers,
 * so the same --seed gives the same levels.
 */
#ifndef VG_GENERATE_H
#define VG_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#include "vgdl.h"

#define GEN_MAX_SIDE  VG_MAX_MAP_SIDE
#define GEN_MAX_PLAN  2048 /* actions a proven plan may have (longer ones are refused) */
#define GEN_MAX_CHARS 96   /* printable ASCII characters a map may use */

/* ---- The random numbers of a generator (rng.c) -------------------------- */

typedef struct gen_rng {
    uint64_t s;
} gen_rng;

uint64_t gen_next(gen_rng *r);    /* splitmix64 */
int gen_below(gen_rng *r, int n); /* uniform in [0, n), n >= 1 */
double gen_unit(gen_rng *r);      /* uniform in [0, 1) */
/* Index drawn from weights w[0..n) (not all 0): k with probability w[k] / sum. */
int gen_pick(gen_rng *r, const double *w, int n);

/* ---- Maps -------------------------------------------------------------- */

/* The inside of a level: what generators write. The game's border (as its
 * own levels have it) is added around it when it is written out, unless
 * the map is whole (a script's generate() makes the whole level). */
typedef struct gen_map {
    int w, h;
    int whole;                              /* 1: the whole level, its border included */
    char cell[GEN_MAX_SIDE * GEN_MAX_SIDE]; /* row by row, w * h of them */
} gen_map;

static inline char *gen_at(gen_map *m, int x, int y) { return &m->cell[y * m->w + x]; }

/* ---- What a game's levels and rules say (study.c) ---------------------- */

typedef enum {             /* a character's role; after EMPTY, strongest first */
               ROLE_EMPTY, /* places nothing a rule names, nothing that moves or makes sprites: floor */
               ROLE_AVATAR,
               ROLE_HARMFUL,     /* kills the avatar on contact */
               ROLE_GOAL,        /* the avatar removes it, and a win counts it */
               ROLE_COLLECTIBLE, /* the avatar removes or collects it */
               ROLE_SOLID,       /* never moves, and stops the avatar (stepBack, undoAll, wallStop): walls */
               ROLE_OTHER,       /* anything else: boxes, holes, portals, ghost nests, ... */
               NUM_ROLES
} gen_role;

typedef struct gen_game {
    char script[4096]; /* the rules' path */
    const char *name;  /* GAME as given */
    vg_game *g;        /* loaded on its first level (NULL: a script with no level, only generate()) */
    int nlevels;       /* its own levels (0: a script with none, studied on maps its generate() made) */
    int border[4];     /* top, right, bottom, left: 1 when every level has that side all 'wall' */
    char wall;         /* the border's character */
    int w, h;          /* the inside of its first level: the default --size */
    int max_w, max_h;  /* the largest inside among its levels */
    int nchars;
    char chars[GEN_MAX_CHARS];  /* the characters its levels use inside the border, avatars included */
    double freq[GEN_MAX_CHARS]; /* how often each appears inside (avatars left out): sums to 1 */
    gen_role role[GEN_MAX_CHARS];
    char avatar;               /* the avatar's character (the one its levels use most) */
    char empty;                /* the character of an empty cell (floor) */
    int moving[GEN_MAX_CHARS]; /* 1 when the character places an NPC */
    int sideways;              /* the avatar moves only left and right (Aliens): it starts on an edge row */
    int avatar_row;            /* ... the row its levels start it on: 0 top, 1 bottom */
    int need[GEN_MAX_CHARS];   /* at least this many of the character for no termination to hold at the start */
    int has_generate;          /* the script defines generate(rng, w, h) */
} gen_game;

/* Reads the game GAME (a name, a script or a GVGAI file): its rules, its
 * own levels, its roles. A script with no levels but a generate() is
 * studied on maps it makes of the inside size w x h (0 0: refused, there
 * is no size to go by). 0, or 2 after printing why. Free with gen_game_free. */
int gen_game_study(const char *game, int w, int h, gen_game *gm);
void gen_game_free(gen_game *gm);
int gen_char_index(const gen_game *gm, char c); /* index in gm->chars, or -1 */
const char *gen_role_name(gen_role r);          /* "solid", ... */
int gen_names_avatar(const vg_game *g, int t);  /* 1 when some avatar type is 't' or descends from it */
/* The whole level text of 'm' with the game's border, rows ended by '\n'
 * (malloc'd; NULL when out of memory). */
char *gen_map_text(const gen_game *gm, const gen_map *m);

/* ---- Options ------------------------------------------------------------ */

typedef struct gen_opts {
    int count; /* levels wanted */
    int w, h;  /* inside size */
    uint64_t seed;
    int min_len, max_len; /* proven shortest solution in range; 0, 0: any */
    double seconds;       /* time for the whole request */
    int workers;
    long max_states;             /* the solver's limit for one candidate */
    int plays;                   /* games each agent plays on a level with chance */
    int max_ticks;               /* ... each at most this long */
    const char *strong, *weak;   /* the agents of a level with chance */
    long calls;                  /* their forward-model calls a decision */
    double strong_min, weak_max; /* a level with chance passes when strong wins >= strong_min, weak <= weak_max */
} gen_opts;

/* ---- One candidate's verdict (prove.c) --------------------------------- */

typedef enum {
    GEN_PASS,       /* keep it */
    GEN_BAD_MAP,    /* does not load, or has no avatar */
    GEN_CONSTRAINT, /* breaks the script's constraints{} (its sprites' counts) */
    GEN_OVER,       /* the game is over at the start, or after a tick of standing still */
    GEN_UNSOLVABLE, /* no action sequence wins */
    GEN_UNDECIDED,  /* no proof within --max-states */
    GEN_SHORT,
    GEN_LONG,         /* proven, outside --length */
    GEN_CHANCE,       /* --length asked, but the level has chance: no length to prove */
    GEN_WEAK_WINS,    /* chance: the weak agent wins too often */
    GEN_STRONG_LOSES, /* chance: the strong agent wins too rarely */
    GEN_ERROR,        /* a script error during play; a worker that died */
    GEN_UNJUDGED,     /* not judged: --seconds ran out, or enough passed before it */
    NUM_VERDICTS
} gen_verdict;

typedef struct gen_eval {
    int32_t verdict; /* gen_verdict */
    int32_t chance;  /* 1: some tick drew a random number: measured by agents, not proven */
    int32_t length;  /* proven shortest solution (chance 0), else -1 */
    int32_t lower;   /* undecided: every win needs at least this many actions */
    int64_t states;  /* states the solver explored */
    double coverage; /* share of the avatar's rules that fired (along the plan, or in the strong games) */
    int32_t strong_wins, weak_wins;   /* chance: games won ... */
    int32_t strong_plays, weak_plays; /* ... of games played (early stops play fewer) */
    int32_t plan_len;
    uint8_t plan[GEN_MAX_PLAN]; /* the proven plan: vg_action values */
    char why[160];              /* what went wrong (GEN_BAD_MAP, GEN_ERROR) */
} gen_eval;

const char *gen_verdict_name(gen_verdict v); /* "unsolvable", ... */
/* Judges candidate 'm' of game 'gm' under 'o': never fails, the verdict
 * says what became of it. */
void gen_prove(const gen_game *gm, const gen_opts *o, const gen_map *m, gen_eval *ev);
/* The same on a level text already loaded as 'g' (the script hook's
 * maps, tests). */
void gen_prove_game(const vg_game *g, const gen_opts *o, gen_eval *ev);

/* ---- Worker processes (pool.c) ---------------------------------------- */

typedef struct gen_pool gen_pool;

/* 'k' workers (0: none, candidates judged in this process), each with
 * everything 'gm' and 'o' hold. NULL when a process cannot be started. */
gen_pool *gen_pool_new(const gen_game *gm, const gen_opts *o, int k);
/* Judges maps[0..n) in parallel; evs[i] is maps[i]'s verdict. It stops
 * once the candidates judged from the first on hold 'want' passes, or at
 * 'deadline' (monotonic seconds, fm_now; 0: none): the rest is then
 * GEN_UNJUDGED. A worker that dies takes its candidate with it
 * (GEN_ERROR) and is replaced. 0, or -1 when a worker could not be
 * started again. */
int gen_pool_judge(gen_pool *p, const gen_map *maps, gen_eval *evs, int n, int want, double deadline);
void gen_pool_free(gen_pool *p); /* stops the workers; NULL is a no-op */

/* ---- Generators (gen_*.c, registry.c) ----------------------------------- */

typedef struct gen_def {
    const char *name, *summary;
    /* The generator's state for game 'gm' and options 'o'; NULL with
     * 'err' filled when it cannot work on this game (NULL with 'err'
     * empty: out of memory). */
    void *(*create)(const gen_game *gm, const gen_opts *o, vg_error *err);
    /* Fills maps[0..max) with new candidates, drawing only from 'r';
     * returns how many (at least 1), or -1 with 'err' filled (an error in
     * the game's script: the request cannot go on). */
    int (*propose)(void *self, gen_rng *r, gen_map *maps, int max, vg_error *err);
    /* What the candidates of the last 'propose' became (NULL: it does not learn). */
    void (*learn)(void *self, const gen_map *maps, const gen_eval *evs, int n);
    void (*destroy)(void *self);
} gen_def;

extern const gen_def gen_random, gen_constructive, gen_search, gen_script;
const gen_def *const *gen_list(int *n);    /* registry.c: every generator */
const gen_def *gen_find(const char *name); /* NULL when unknown */

#endif
