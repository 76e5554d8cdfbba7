/* SPDX-License-Identifier: MIT
 *
 * gen_random.c -- the "random" generator (GVGAI's random level generator,
 * by its description): every cell of the inside drawn by how often each
 * character appears inside the game's own levels, then the avatar on one
 * cell drawn uniformly. Candidates are independent: it learns nothing.
 */
#include <stdlib.h>

#include "generate.h"

typedef struct random_gen {
    const gen_game *gm;
    int w, h;
} random_gen;

static void *create(const gen_game *gm, const gen_opts *o, vg_error *err) {
    (void)err;
    random_gen *self = malloc(sizeof *self);
    if (self) *self = (random_gen){gm, o->w, o->h};
    return self;
}

static int propose(void *p, gen_rng *r, gen_map *maps, int max, vg_error *err) {
    random_gen *self = p;
    const gen_game *gm = self->gm;
    (void)err;
    for (int k = 0; k < max; k++) {
        gen_map *m = &maps[k];
        m->w = self->w, m->h = self->h, m->whole = 0;
        for (int i = 0; i < m->w * m->h; i++) m->cell[i] = gm->chars[gen_pick(r, gm->freq, gm->nchars)];
        m->cell[gen_below(r, m->w * m->h)] = gm->avatar;
    }
    return max;
}

static void destroy(void *p) { free(p); }

const gen_def gen_random = {
    "random", "each cell by the frequencies of the game's own levels, one avatar", create, propose, NULL, destroy};
