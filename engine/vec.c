/* SPDX-License-Identifier: MIT
 *
 * vec.c -- states of one game stepped together, as a learning environment
 * steps them (vgdl.h's vg_vec, under Python's vgdl.Env and
 * vgdl.VectorEnv): actions numbered in the game's action table
 * (vg_env_actions), the score change as the reward, an episode's end (the
 * game over, or max_ticks played) and, when asked, the next episode begun
 * at the state's next step; what each step leaves is written into the
 * caller's arrays (vg_vec_out), observations included. One call steps
 * every state, so a caller has no loop per state.
 *
 * Episodes are seeded: the first as the caller says, each later one with
 * vg_next_seed of the one before, so a run repeats exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "vgdl.h"

struct vg_vec {
    const vg_game *g;
    int n, nacts, max_ticks, autoreset;
    size_t obs_bytes;        /* one state's planes */
    int nres;                /* resource kinds */
    vg_action acts[VG_NUM_ACTIONS];
    vg_state **s;
    uint64_t *seed;          /* each state's episode's seed */
    uint8_t *ended;          /* its episode ended at its last step */
};

int vg_env_actions(const vg_game *g, vg_action out[VG_NUM_ACTIONS]) {
    int n = 0;
    if (vg_game_has_turns(g)) {                    /* the actions agent 0's moves are named like */
        for (int a = 0; a < VG_NUM_ACTIONS; a++)
            if (vg_move_find(g, vg_action_name((vg_action)a) + 7) >= 0) out[n++] = (vg_action)a;
        return n;
    }
    vg_state *s = vg_state_new(g, 0);
    vg_action avail[VG_MAX_ACTIONS];
    int k = s ? vg_actions(g, s, avail) : 0;
    vg_state_free(s);
    out[n++] = VG_ACTION_NIL;
    for (int i = 0; i < k; i++) out[n++] = avail[i];
    return n;
}

uint64_t vg_next_seed(uint64_t seed) {            /* splitmix64 */
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

vg_vec *vg_vec_new(const vg_game *g, int n, int max_ticks, int autoreset) {
    if (n < 1 || max_ticks < 0) return NULL;
    vg_vec *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    *v = (vg_vec){.g = g, .n = n, .max_ticks = max_ticks, .autoreset = autoreset != 0, .nres = vg_num_resources(g)};
    v->nacts = vg_env_actions(g, v->acts);
    v->obs_bytes = (size_t)vg_planes(g) * (size_t)vg_game_width(g) * (size_t)vg_game_height(g);
    v->s = calloc((size_t)n, sizeof *v->s);
    v->seed = calloc((size_t)n, sizeof *v->seed);
    v->ended = calloc((size_t)n, 1);
    for (int i = 0; v->s && i < n; i++)
        if (!(v->s[i] = vg_state_new(g, 0))) break;
    if (!v->s || !v->seed || !v->ended || !v->s[n - 1]) {
        vg_vec_free(v);
        return NULL;
    }
    return v;
}

void vg_vec_free(vg_vec *v) {
    if (!v) return;
    for (int i = 0; v->s && i < v->n; i++) vg_state_free(v->s[i]);
    free(v->s);
    free(v->seed);
    free(v->ended);
    free(v);
}

int vg_vec_size(const vg_vec *v) { return v->n; }
vg_state *vg_vec_state(const vg_vec *v, int i) { return i >= 0 && i < v->n ? v->s[i] : NULL; }
uint64_t vg_vec_seed(const vg_vec *v, int i) { return i >= 0 && i < v->n ? v->seed[i] : 0; }

/* Writes what state i shows after a step that gained 'reward' into 'out';
 * notes whether its episode ended. */
static void put(vg_vec *v, int i, double reward, const vg_vec_out *out) {
    const vg_state *s = v->s[i];
    int over = vg_is_over(s), tick = vg_tick(s);
    int truncated = !over && v->max_ticks && tick >= v->max_ticks;
    v->ended[i] = (uint8_t)(over || truncated);
    if (out->obs) vg_observe_planes(v->g, s, out->obs + (size_t)i * v->obs_bytes);
    if (out->reward) out->reward[i] = reward;
    if (out->score) out->score[i] = vg_score(s);
    if (out->terminated) out->terminated[i] = (uint8_t)over;
    if (out->truncated) out->truncated[i] = (uint8_t)truncated;
    if (out->result) out->result[i] = (int8_t)(!over ? 0 : vg_winner_of(s) == VG_NO_WINNER ? 3 : (int)vg_winner_of(s));
    if (out->tick) out->tick[i] = tick;
    for (int r = 0; out->resources && r < v->nres; r++)
        out->resources[(size_t)i * (size_t)v->nres + (size_t)r] = vg_avatar_resource(v->g, s, r);
}

/* Begins state i's episode with 'seed'. */
static void begin(vg_vec *v, int i, uint64_t seed, const vg_vec_out *out) {
    vg_state_reset(v->g, v->s[i], seed);
    v->seed[i] = seed;
    put(v, i, 0, out);
}

void vg_vec_reset(vg_vec *v, const uint64_t *seeds, const vg_vec_out *out) {
    for (int i = 0; i < v->n; i++) begin(v, i, seeds ? seeds[i] : vg_next_seed(v->seed[i]), out);
}

vg_status vg_vec_step(vg_vec *v, const int64_t *actions, const vg_vec_out *out, vg_error *err) {
    for (int i = 0; i < v->n; i++)                 /* a bad action changes nothing */
        if (actions[i] < 0 || actions[i] >= v->nacts) {
            char who[32] = "";
            if (v->n > 1) snprintf(who, sizeof who, " (env %d)", i);
            return error_set(err, VG_ERR_ARG, "", 0, 0, "action %lld%s is out of range: the game has %d actions, 0 to %d",
                             (long long)actions[i], who, v->nacts, v->nacts - 1);
        }
    vg_status first = VG_OK;
    for (int i = 0; i < v->n; i++) {
        if (v->ended[i] && v->autoreset) {
            begin(v, i, vg_next_seed(v->seed[i]), out);
            continue;
        }
        vg_error e;
        double before = vg_score(v->s[i]);
        vg_status st = vg_advance(v->g, v->s[i], v->acts[actions[i]], &e);
        if (st != VG_OK && first == VG_OK) {
            first = st;
            if (err) *err = e;
        }
        put(v, i, vg_score(v->s[i]) - before, out);
    }
    return first;
}
