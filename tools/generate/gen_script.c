/* SPDX-License-Identifier: MIT
 *
 * gen_script.c -- the "script" generator: the game's own generate(rng, w,
 * h) (engine/lua/generate.c), each candidate made in a fresh sandbox from
 * a seed drawn here, so the same --seed gives the same maps. The script
 * makes the whole level: w and h are --size plus the border the game's
 * levels have, and its rows are written as they are. An error in the
 * script, or rows of another size, end the request (exit status 2, the
 * script's line). It learns nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generate.h"

typedef struct script_gen {
    const gen_game *gm;
    int w, h; /* the whole level */
} script_gen;

static void *create(const gen_game *gm, const gen_opts *o, vg_error *err) {
    if (!gm->has_generate) {
        vg_error_set(err, VG_ERR_ARG, NULL, 0, 0, "%s defines no generate(rng, w, h)", gm->script);
        return NULL;
    }
    script_gen *self = malloc(sizeof *self);
    if (self) *self = (script_gen){gm, o->w + gm->border[1] + gm->border[3], o->h + gm->border[0] + gm->border[2]};
    return self;
}

static int propose(void *p, gen_rng *r, gen_map *maps, int max, vg_error *err) {
    script_gen *self = p;
    for (int k = 0; k < max; k++) {
        char *text;
        if (vg_script_generate(self->gm->script, gen_next(r), self->w, self->h, &text, err) != VG_OK) return -1;
        gen_map *m = &maps[k];
        *m = (gen_map){.w = self->w, .h = self->h, .whole = 1};
        for (int y = 0; y < m->h; y++) memcpy(&m->cell[y * m->w], text + (size_t)y * (size_t)(m->w + 1), (size_t)m->w);
        free(text);
    }
    return max;
}

static void destroy(void *p) { free(p); }

const gen_def gen_script = {
    "script", "the game's own generate(rng, w, h), with its constraints{}", create, propose, NULL, destroy};
