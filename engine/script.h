/* SPDX-License-Identifier: MIT
 *
 * script.h -- what the engine asks of the language a game's custom rules
 * are written in: the callbacks a loader installs on a game.
 *
 * The core never names the guest language. A custom effect or
 * termination is a 'script_ref' (an opaque number the loader gave it) and
 * reaches the script through these callbacks; engine/lua/ implements them
 * for Lua. Internal header.
 */
#ifndef VG_SCRIPT_H
#define VG_SCRIPT_H

#include "vgdl.h"

typedef struct tick_ctx tick_ctx; /* one tick in progress (tick.h) */

typedef struct script_ops {
    /* Runs a custom effect on sprites i1, i2 (indices into the state's sprites). */
    vg_status (*effect)(void *script, int ref, tick_ctx *t, int i1, int i2, vg_error *err);
    /* Runs a type's update function on its sprite i. */
    vg_status (*update)(void *script, int ref, tick_ctx *t, int i, vg_error *err);
    /* Turns: how many agents, the legal moves of one, playing one, the default move of one. */
    vg_status (*agents)(void *script, const vg_game *g, const vg_state *s, int *n, vg_error *err);
    vg_status (*legal)(void *script, const vg_game *g, const vg_state *s, int agent, int *moves, int *n, vg_error *err);
    vg_status (*apply)(void *script, tick_ctx *t, int agent, int move, vg_error *err);
    vg_status (*policy)(void *script, tick_ctx *t, int agent, int *move, vg_error *err);
    vg_status (*outcomes)(void *script, const vg_game *g, const vg_state *s, int agent, int *moves, double *probs,
                          int *n, vg_error *err);
    /* Runs a custom termination; sets '*done' and '*win'. */
    vg_status (*termination)(void *script, int ref, tick_ctx *t, int *done, int *win, vg_error *err);
    /* The script's heuristic(state) (which 0), evaluate(state) (which 1) or bound(state) (which 2). */
    vg_status (*value)(void *script, int which, const vg_game *g, const vg_state *s, double *out, vg_error *err);
    /* Opens a window of script work: 'steps' instructions and 'seconds' over all calls from now (0, 0: none). */
    void (*window)(void *script, long steps, double seconds);
    void (*close)(void *script);
} script_ops;

/* engine/lua/generate.c: vg_script_generate for a Lua script. */
vg_status script_generate(const char *script_path, uint64_t seed, int w, int h, char **text, vg_error *err);
/* engine/lua/loader.c: vg_game_load_text for a Lua script. */
vg_status script_load_game(const char *script_path, const char *level_text, const char *level_name, vg_game **out,
                           vg_error *err);

#endif
