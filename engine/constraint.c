/* SPDX-License-Identifier: MIT
 *
 * constraint.c -- what a game says of the levels it wants (its script's
 * constraints{}), for level generators: the builder call that checks and
 * keeps each, and the reader (vgdl.h).
 */
#include <math.h>
#include <string.h>

#include "game.h"

const vg_constraints *vg_game_constraints(const vg_game *g) { return &g->constraints; }

int vg_game_has_generate(const vg_game *g) { return g->has_generate; }

/* 1 when lo..hi is a range of whole numbers from 'min' to 'max'. */
static int whole_range(double lo, double hi, double min, double max) {
    return lo == floor(lo) && hi == floor(hi) && lo >= min && lo <= hi && hi <= max;
}

vg_status game_add_constraint(vg_game *g, const char *what, const char *type, double lo, double hi, int line,
                              vg_error *err) {
    vg_constraints *c = &g->constraints;
    if (strcmp(what, "length") == 0) {
        if (c->has_length) return game_error(g, err, VG_ERR_SCRIPT, line, "constraints{} says 'length' twice");
        if (!whole_range(lo, hi, 1, 1e6))
            return game_error(g, err, VG_ERR_SCRIPT, line,
                              "constraints{}: length needs {MIN, MAX}, whole numbers 1 <= MIN <= MAX");
        c->has_length = 1, c->min_length = (int)lo, c->max_length = (int)hi;
        return VG_OK;
    }
    if (strcmp(what, "wins") == 0) {
        if (c->has_wins) return game_error(g, err, VG_ERR_SCRIPT, line, "constraints{} says 'wins' twice");
        if (!(lo >= 0 && lo <= 1 && hi >= 0 && hi <= 1))
            return game_error(g, err, VG_ERR_SCRIPT, line, "constraints{}: wins needs {S, W}, shares from 0 to 1");
        c->has_wins = 1, c->strong_min = lo, c->weak_max = hi;
        return VG_OK;
    }
    if (strcmp(what, "sprites") == 0) {
        int t = game_type_find(g, type);
        if (t < 0) return game_unknown_type(g, err, line, "sprite type", type);
        for (int k = 0; k < c->nsprites; k++)
            if (c->sprites[k].type == t)
                return game_error(g, err, VG_ERR_SCRIPT, line, "constraints{} counts '%s' twice", type);
        if (c->nsprites == VG_MAX_CONSTRAINTS)
            return game_error(g, err, VG_ERR_LIMIT, line, "constraints{} counts too many types (the limit is %d)",
                              VG_MAX_CONSTRAINTS);
        if (!whole_range(lo, hi, 0, VG_MAX_SPRITES))
            return game_error(g, err, VG_ERR_SCRIPT, line,
                              "constraints{}: sprites.%s needs {MIN, MAX} (or N), whole numbers 0 <= MIN <= MAX", type);
        c->sprites[c->nsprites++] = (struct vg_count){t, (int)lo, (int)hi};
        return VG_OK;
    }
    static const char *const keys[] = {"length", "wins", "sprites"};
    int near = vg_closest_name(what, keys, 3);
    if (near >= 0)
        return game_error(g, err, VG_ERR_SCRIPT, line, "constraints{}: unknown key '%s'; did you mean '%s'?", what,
                          keys[near]);
    return game_error(g, err, VG_ERR_SCRIPT, line, "constraints{}: unknown key '%s' (length, wins, sprites)", what);
}
