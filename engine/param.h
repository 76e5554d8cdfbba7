/* SPDX-License-Identifier: MIT
 *
 * param.h -- the parameters a game may set: one table row per parameter
 * of sprites, effects, terminations and the game (name, kind, range,
 * field), and setting one from a loader's value with its checks and "did
 * you mean". Internal header.
 */
#ifndef VG_PARAM_H
#define VG_PARAM_H

#include "game.h"

typedef enum { PARAMS_SPRITE, PARAMS_EFFECT, PARAMS_TERM, PARAMS_GAME } param_table;

/* Fills out[] with the names of table 'table''s parameters, in the table's
 * order (at most 'max'); returns how many. */
int param_names(param_table table, const char **out, int max);
/* 1 when parameter 'key' of 'table' holds a boolean a player (hidden,
 * win), where a GVGAI file's word other than "true" reads as false. */
int param_is_flags(param_table table, const char *key);
/* Sets parameter 'key' of the record at 'base' (a type_def, effect_def,
 * term_def or the vg_game, as 'table' says) from 'v'. A sprite parameter
 * naming a type not declared yet is kept in g->fixups for game_finish.
 * Returns VG_OK, or VG_ERR_SCRIPT with 'err' at the script's 'line'. */
vg_status param_set(vg_game *g, param_table table, void *base, const char *key, const param_value *v, int line,
                    vg_error *err);
/* The value of sprite parameter 'key' on type 'type' in '*out', as a
 * loader would give it (a type as its name, a direction as UP ... NONE, a
 * colour by its name; a string 'n' bytes long); a type or list
 * parameter that names none is an empty list. A list's names go in
 * 'names' (room for VG_MAX_TYPES). VG_ERR_SCRIPT for an unknown key. */
vg_status param_get(const vg_game *g, int type, const char *key, param_value *out, const char **names, vg_error *err);
/* Once the game is declared (game_finish): every parameter a sprite type
 * or an effect row sets must apply to its class (a classless type's: one
 * of its leaves') or effect, else VG_ERR_SCRIPT at its line, or with
 * g->gvgai_maps (one of GVGAI's games) a warning. */
vg_status param_check_applies(vg_game *g, vg_error *err);
/* Copies into 'td' every sprite parameter set on 'parent' (td->set says which). */
void param_inherit(type_def *td, const type_def *parent);

#endif
