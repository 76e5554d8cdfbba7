/* SPDX-License-Identifier: MIT
 *
 * path.h -- GVGAI's path finder, computed once at load: the first step of
 * the path GVGAI's finder gives from every open cell of the level to every
 * other, so that a path-finding chaser's step during play is a lookup.
 * The table belongs to the game (vg_game.path), not to states. Internal
 * header.
 */
#ifndef VG_PATH_H
#define VG_PATH_H

#include "game.h"

#ifndef VG_FUZZING
#define PATH_MAX_OPEN 4096 /* open cells a level may have for a path table (16 MiB) */
#else                      /* fuzzing: a table a sixteenth the size keeps an input well under its time limit */
#define PATH_MAX_OPEN 1024
#endif

/* Builds the table of game 'g' for its loaded level (the static layer and
 * the start state): a cell is an obstacle when a sprite of one of the
 * game's 'obs' types starts there (GVGAI reads them off the level's first
 * observation). Does nothing in a game without path-finding classes.
 * Replaces a table built before. Fails (VG_ERR_NOMEM, or VG_ERR_LIMIT
 * naming 'name' when the level has more than PATH_MAX_OPEN open cells). */
vg_status path_build(vg_game *g, const char *name, vg_error *err);
/* Frees a table; NULL is fine. */
void path_free(struct path_table *p);
/* The first step of GVGAI's path from the sprite at pixel (x, y) to the
 * one at (tx, ty) (each in the cell its position truncates to, as GVGAI's
 * Node does): a row of class_base_dirs, or -1 when GVGAI has no path
 * (the same cell, either off the map or on an obstacle, or no way there). */
int path_step(const vg_game *g, int x, int y, int tx, int ty);
/* The cell GVGAI looks a sprite at pixel (x, y) up in (y * w + x), -1
 * when off the map. */
int path_cell(const vg_game *g, int x, int y);
/* path_step between cells as path_cell gives them. */
int path_step_cells(const vg_game *g, int from, int to);

#endif
