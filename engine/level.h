/* SPDX-License-Identifier: MIT
 *
 * level.h -- reading a text map into a loaded game. Internal header.
 */
#ifndef VG_LEVEL_H
#define VG_LEVEL_H

#include "game.h"

/* Parses the map 'text' (named 'name' in errors) for the rules in 'g':
 * builds the static layer and the start state and sizes every state of
 * the game; with g->gvgai_maps the text is read as GVGAI reads a level
 * (gvgai_level). On failure 'err' names the map's line and column. */
vg_status level_load(vg_game *g, const char *text, const char *name, vg_error *err);

#endif
