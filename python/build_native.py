# SPDX-License-Identifier: MIT
#
# build_native.py -- writes the C source of the Python package's native
# module (vgdl._native), cffi's API mode over libvgdl.so: the part of
# engine/vgdl.h and agents/agent.h the package calls, declared below and
# checked against the real headers when the module compiles (a field or a
# prototype that drifted is a compile error, not a crash). The Makefile
# compiles it and links it to libvgdl.so:
#
#   python3 python/build_native.py build/release/python/_native.c
import contextlib
import io
import sys

try:
    import cffi
except ImportError:
    sys.exit("build_native.py: cffi is missing: install Debian's python3-cffi (./setup --deps-only)")

CDEF = """
typedef enum { VG_OK, VG_ERR_IO, VG_ERR_PARSE, VG_ERR_SCRIPT, VG_ERR_NOMEM, VG_ERR_LIMIT, VG_ERR_ARG, ... } vg_status;
typedef struct vg_error { char file[...]; int line; int col; char msg[...]; } vg_error;
typedef enum { VG_ACTION_NIL, VG_NUM_ACTIONS, ... } vg_action;
typedef enum { VG_NO_WINNER, VG_PLAYER_WINS, VG_PLAYER_LOSES, ... } vg_winner;
#define VG_MAX_ACTIONS ...
#define VG_MAX_MOVES ...
#define VG_MAX_AGENTS ...
#define VG_MAX_PLAYERS ...

typedef struct vg_game vg_game;
typedef struct vg_state vg_state;

void free(void *p);
const char *vg_action_name(vg_action a);
const char *vg_status_name(vg_status st);

vg_status vg_game_open(const char *root, const char *game, const char *level, vg_game **out, vg_error *err);
int vg_game_names(const char *root, char **names, int max);
void vg_game_paths(const char *root, const char *game, const char *level, char *script, char *map, size_t size);
void vg_game_free(vg_game *g);
int vg_game_width(const vg_game *g);
int vg_game_height(const vg_game *g);
const char *vg_type_name(const vg_game *g, int type);
int vg_num_resources(const vg_game *g);
int vg_resource_type(const vg_game *g, int slot);
int vg_game_has_turns(const vg_game *g);
int vg_moves_are_actions(const vg_game *g);

vg_state *vg_state_new(const vg_game *g, uint64_t seed);
void vg_state_free(vg_state *s);
vg_state *vg_state_clone(const vg_state *s);
void vg_state_copy(vg_state *dst, const vg_state *src);
uint64_t vg_state_hash(const vg_state *s);
int vg_state_equal(const vg_state *a, const vg_state *b);

vg_status vg_advance(const vg_game *g, vg_state *s, vg_action a, vg_error *err);
int vg_actions(const vg_game *g, const vg_state *s, vg_action out[]);
int vg_is_over(const vg_state *s);
vg_winner vg_winner_of(const vg_state *s);
double vg_score(const vg_state *s);
int vg_tick(const vg_state *s);
int vg_avatar_pos(const vg_game *g, const vg_state *s, double *x, double *y);
int vg_avatar_resource(const vg_game *g, const vg_state *s, int slot);
int vg_render_text(const vg_game *g, const vg_state *s, char *buf, size_t size);

int vg_num_players(const vg_game *g);
vg_status vg_advance_multi(const vg_game *g, vg_state *s, const vg_action *acts, vg_error *err);
double vg_player_score(const vg_game *g, const vg_state *s, int player);
vg_winner vg_player_winner(const vg_game *g, const vg_state *s, int player);
int vg_player_actions(const vg_game *g, const vg_state *s, int player, vg_action out[]);
int vg_player_alive(const vg_game *g, const vg_state *s, int player);
int vg_player_pos(const vg_game *g, const vg_state *s, int player, double *x, double *y);
int vg_player_resource(const vg_game *g, const vg_state *s, int player, int slot);
int vg_type_hidden_from(const vg_game *g, int type, int player);

int vg_planes(const vg_game *g);
int vg_plane_type(const vg_game *g, int k);
void vg_observe_planes(const vg_game *g, const vg_state *s, uint8_t *out);

int vg_num_agents(const vg_game *g, const vg_state *s);
int vg_turn(const vg_state *s);
int vg_legal(const vg_game *g, const vg_state *s, int agent, int moves[], vg_error *err);
vg_status vg_play(const vg_game *g, vg_state *s, int agent, int move, vg_error *err);
vg_status vg_play_policy(const vg_game *g, vg_state *s, int *move, vg_error *err);
const char *vg_move_name(const vg_game *g, int move);
int vg_is_chance(const vg_game *g, int agent);

int vg_env_actions(const vg_game *g, vg_action out[]);
int vg_env_player_actions(const vg_game *g, int player, vg_action out[]);
uint64_t vg_next_seed(uint64_t seed);
typedef struct vg_vec vg_vec;
typedef struct vg_vec_out {
    uint8_t *obs; double *reward; double *score; uint8_t *terminated; uint8_t *truncated;
    int8_t *result; int32_t *tick; int32_t *resources;
} vg_vec_out;
vg_vec *vg_vec_new(const vg_game *g, int n, int max_ticks, int autoreset);
void vg_vec_free(vg_vec *v);
void vg_vec_reset(vg_vec *v, const uint64_t *seeds, const vg_vec_out *out);
vg_status vg_vec_step(vg_vec *v, const int64_t *actions, const vg_vec_out *out, vg_error *err);
vg_state *vg_vec_state(const vg_vec *v, int i);
uint64_t vg_vec_seed(const vg_vec *v, int i);

typedef struct vg_canvas vg_canvas;
vg_status vg_canvas_new(const vg_game *g, int cell, const char *script, const char *sprites, vg_canvas **out,
                        vg_error *err);
void vg_canvas_free(vg_canvas *c);
int vg_canvas_width(const vg_canvas *c);
int vg_canvas_height(const vg_canvas *c);
const uint8_t *vg_canvas_draw(vg_canvas *c, const vg_state *s);

typedef struct agent_budget { double ms; long calls; } agent_budget;
typedef struct agent_report { double ms; long calls, expanded; double value; int has_value; int overspent;
                              vg_status status; vg_error error; ...; } agent_report;
typedef struct agent agent;
typedef struct agent_def { const char *name; const char *summary; ...; } agent_def;
const agent_def *const *agent_list(int *n);
int agent_check(const char *name, const char *const *settings, int n, char *why, size_t whysize);
agent *agent_new(const char *name, const vg_game *g, const char *const *settings, int n, uint64_t seed,
                 char *why, size_t whysize);
int agent_act(agent *a, const vg_state *s, const agent_budget *b, agent_report *r);
void agent_free(agent *a);
void agent_set_player(agent *a, int player, int model);
int fm_model_find(const char *name);
double agent_param_value(const agent *a, const char *key);
"""


def main(out):
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    ffi.set_source("vgdl._native", '#include <stdlib.h>\n#include "vgdl.h"\n#include "agent.h"\n')
    with contextlib.redirect_stdout(io.StringIO()):    # cffi says "generating ..."
        ffi.emit_c_code(out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: build_native.py OUT.c")
    main(sys.argv[1])
