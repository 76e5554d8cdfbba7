/* SPDX-License-Identifier: MIT
 *
 * gen_constructive.c -- the "constructive" generator: sprites placed by
 * their roles (study.c), after GVGAI's constructive level generator as its
 * description tells it (tracks/levelGeneration), in its order:
 *
 *   1. how much of the inside each role covers: here measured on the
 *      game's own levels (GVGAI guesses it from the rules), each share
 *      drawn within +-COVER_JITTER of it
 *   2. solid sprites laid as corridors of random length that turn at
 *      random, a cell taken only when the free cells around it stay
 *      joined (so the free cells stay one region)
 *   3. the avatar on a free cell (one that moves only sideways, as
 *      Aliens' does, on the edge row the game's levels start it on)
 *   4. harmful sprites: the moving ones far from the avatar (a cell's
 *      chance grows with its distance), the others anywhere
 *   5. collectibles and goals, then everything else, anywhere free
 *   6. the terminations made to not hold at the start: more sprites of a
 *      type a termination counts down, and what removes a type a win
 *      wants gone (study.c's 'need'), on free cells, else on cells of
 *      what is not needed
 * Within a role the character is drawn by how often the game's levels use
 * it. Candidates are independent: it learns nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "generate.h"

#define COVER_JITTER 0.3 /* a role's cover varies by this share of itself */
#define TURN_CHANCE  0.3 /* a corridor turns at a cell with this chance */

typedef struct constructive {
    const gen_game *gm;
    int w, h;
    double cover[NUM_ROLES]; /* share of the inside each role covers in the game's levels */
} constructive;

static void *create(const gen_game *gm, const gen_opts *o, vg_error *err) {
    (void)err;
    constructive *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    *self = (constructive){.gm = gm, .w = o->w, .h = o->h};
    for (int k = 0; k < gm->nchars; k++) self->cover[gm->role[k]] += gm->freq[k];
    return self;
}

/* ---- The map being built ---------------------------------------------------- */

typedef struct build {
    const gen_game *gm;
    gen_map *m;
    gen_rng *r;
} build;

static int is_free(const build *b, int i) { return b->m->cell[i] == b->gm->empty; }

/* 1 when taking cell 'i' cannot split the free cells: the free cells
 * around it (N, NE, E, ... NW, each next to the one before) that touch a
 * side of it are one run, so a way through 'i' can go round it instead.
 * (Only such cells are taken: the check is local, a flood fill is not
 * needed, and the free cells stay one region.) */
static int simple(const build *b, int i) {
    static const int ring[8][2] = {{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};
    int x = i % b->m->w, y = i / b->m->w, open[8], all = 1, runs = 0;
    for (int k = 0; k < 8; k++) {
        int nx = x + ring[k][0], ny = y + ring[k][1];
        open[k] = nx >= 0 && ny >= 0 && nx < b->m->w && ny < b->m->h && is_free(b, ny * b->m->w + nx);
        all &= open[k];
    }
    for (int k = 0; k < 8 && !all; k++) { /* each run, from where it starts: does it hold a side neighbour? */
        if (!open[k] || open[(k + 7) % 8]) continue;
        int side = 0;
        for (int j = k; j < k + 8 && open[j % 8]; j++) side |= j % 2 == 0;
        runs += side;
    }
    return runs <= 1;
}

/* A character of role 'role' drawn by the game's use of it; 0 when it has none. */
static char char_of(build *b, gen_role role) {
    double w[GEN_MAX_CHARS] = {0}, sum = 0;
    for (int k = 0; k < b->gm->nchars; k++)
        if (b->gm->role[k] == role) sum += w[k] = b->gm->freq[k] > 0 ? b->gm->freq[k] : 1e-3;
    return sum > 0 ? b->gm->chars[gen_pick(b->r, w, b->gm->nchars)] : 0;
}

#define PROBES 32 /* cells tried at random before a free one is looked for in order */

/* A free cell drawn with weights 'w' (NULL: uniformly), or -1 when none is free. */
static int free_cell(build *b, const double *w) {
    int n = b->m->w * b->m->h, count = 0;
    for (int k = 0; k < PROBES && !w; k++) { /* uniformly: most cells are free, a probe or two finds one */
        int i = gen_below(b->r, n);
        if (is_free(b, i)) return i;
    }
    double weights[GEN_MAX_SIDE * GEN_MAX_SIDE];
    for (int i = 0; i < n; i++) count += (weights[i] = is_free(b, i) ? (w ? w[i] : 1) : 0) > 0;
    return count ? gen_pick(b->r, weights, n) : -1;
}

/* How many cells role 'role' covers this time. */
static int cells_for(const constructive *self, build *b, gen_role role) {
    double share = self->cover[role] * (1 + COVER_JITTER * (2 * gen_unit(b->r) - 1));
    return (int)(share * b->m->w * b->m->h + gen_unit(b->r)); /* rounded at random: small shares still appear */
}

/* ---- The steps ------------------------------------------------------------------- */

/* 2. Solid corridors. */
static void lay_solids(const constructive *self, build *b) {
    static const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    int left = cells_for(self, b, ROLE_SOLID), tries = 2 * left + 50;
    char c = char_of(b, ROLE_SOLID);
    while (c && left > 0 && tries-- > 0) {
        int i = free_cell(b, NULL), d = gen_below(b->r, 4),
            len = 1 + gen_below(b->r, b->m->w > b->m->h ? b->m->w : b->m->h);
        if (i < 0 || !simple(b, i)) continue;
        for (int x = i % b->m->w, y = i / b->m->w; len-- > 0 && left > 0;) {
            b->m->cell[y * b->m->w + x] = c, left--;
            if (gen_unit(b->r) < TURN_CHANCE) d = (d + (gen_below(b->r, 2) ? 1 : 3)) % 4;
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || ny < 0 || nx >= b->m->w || ny >= b->m->h || !is_free(b, ny * b->m->w + nx) ||
                !simple(b, ny * b->m->w + nx))
                break;
            x = nx, y = ny;
        }
    }
}

/* 3. The avatar; returns its cell. */
static int place_avatar(build *b) {
    int n = b->m->w * b->m->h, row = b->gm->avatar_row ? b->m->h - 1 : 0;
    double w[GEN_MAX_SIDE * GEN_MAX_SIDE];
    for (int i = 0; i < n; i++) w[i] = !b->gm->sideways || i / b->m->w == row;
    int i = free_cell(b, w);
    if (i < 0) i = b->gm->sideways ? row * b->m->w + gen_below(b->r, b->m->w) : gen_below(b->r, n);
    b->m->cell[i] = b->gm->avatar;
    return i;
}

/* Places 'count' sprites of role 'role' on free cells; the moving ones
 * weighted by their distance from cell 'avatar' (-1: uniformly). */
static void scatter(build *b, gen_role role, int count, int avatar) {
    int n = b->m->w * b->m->h;
    double far[GEN_MAX_SIDE * GEN_MAX_SIDE];
    for (int i = 0; i < n && avatar >= 0; i++) {
        int ddx = i % b->m->w - avatar % b->m->w, ddy = i / b->m->w - avatar / b->m->w;
        far[i] = (double)(abs(ddx) + abs(ddy)) * (abs(ddx) + abs(ddy));
    }
    while (count-- > 0) {
        char c = char_of(b, role);
        int k = gen_char_index(b->gm, c);
        int i = c ? free_cell(b, avatar >= 0 && b->gm->moving[k] ? far : NULL) : -1;
        if (i < 0) return;
        b->m->cell[i] = c;
    }
}

/* 6. At least gm->need[k] of each character. */
/* A cell to give up for a needed sprite when none is free: one that holds
 * neither the avatar nor a solid sprite (the free cells stay joined) nor a
 * character with no more of it than it needs; -1 when there is none. */
static int spare_cell(build *b) {
    const gen_game *gm = b->gm;
    int n = b->m->w * b->m->h, have[GEN_MAX_CHARS] = {0};
    double w[GEN_MAX_SIDE * GEN_MAX_SIDE];
    for (int i = 0; i < n; i++) have[gen_char_index(gm, b->m->cell[i])]++;
    for (int i = 0; i < n; i++) {
        int k = gen_char_index(gm, b->m->cell[i]);
        w[i] = gm->role[k] != ROLE_AVATAR && gm->role[k] != ROLE_SOLID && have[k] > gm->need[k];
    }
    int any = 0;
    for (int i = 0; i < n && !any; i++) any = w[i] > 0;
    return any ? gen_pick(b->r, w, n) : -1;
}

static void meet_needs(build *b) {
    for (int k = 0; k < b->gm->nchars; k++) {
        int have = 0;
        for (int i = 0; i < b->m->w * b->m->h; i++) have += b->m->cell[i] == b->gm->chars[k];
        for (int i; have < b->gm->need[k] && ((i = free_cell(b, NULL)) >= 0 || (i = spare_cell(b)) >= 0); have++)
            b->m->cell[i] = b->gm->chars[k];
    }
}

static int propose(void *p, gen_rng *r, gen_map *maps, int max, vg_error *err) {
    constructive *self = p;
    int n = self->w * self->h;
    (void)err;
    for (int k = 0; k < max; k++) {
        gen_map *m = &maps[k];
        build b = {self->gm, m, r};
        m->w = self->w, m->h = self->h, m->whole = 0;
        memset(m->cell, self->gm->empty, (size_t)n);
        lay_solids(self, &b);
        int avatar = place_avatar(&b);
        scatter(&b, ROLE_HARMFUL, cells_for(self, &b, ROLE_HARMFUL), avatar);
        scatter(&b, ROLE_GOAL, cells_for(self, &b, ROLE_GOAL), -1);
        scatter(&b, ROLE_COLLECTIBLE, cells_for(self, &b, ROLE_COLLECTIBLE), -1);
        scatter(&b, ROLE_OTHER, cells_for(self, &b, ROLE_OTHER), -1);
        meet_needs(&b);
    }
    return max;
}

static void destroy(void *p) { free(p); }

const gen_def gen_constructive = {
    "constructive", "sprites placed by their roles in the rules (GVGAI's constructive generator)",
    create,         propose,
    NULL,           destroy};
