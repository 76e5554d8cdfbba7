/* SPDX-License-Identifier: MIT
 *
 * vec.c -- states of one game stepped together, as a learning environment
 * steps them (vgdl.h's vg_vec, under Python's vgdl.Env and
 * vgdl.VectorEnv): actions numbered in the game's action table
 * (vg_env_actions), the score change as the reward, an episode's end (the
 * game over, or max_ticks played) and, when asked, the next episode begun
 * at the state's next step; what each step leaves is written into the
 * caller's arrays (vg_vec_out), observations included. One call steps
 * every state, so a caller has no loop per state. In a game for several
 * players every player acts each step (vg_advance_multi), each by its own
 * action numbers (vg_env_player_actions), and has its own reward, score,
 * result and resources.
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
    int n, players, max_ticks, autoreset;
    size_t obs_bytes; /* one state's planes */
    int nres;         /* resource kinds */
    int nacts[VG_MAX_PLAYERS];
    vg_action acts[VG_MAX_PLAYERS][VG_NUM_ACTIONS]; /* player p's action number -> vg_action */
    vg_state **s;
    uint64_t *seed; /* each state's episode's seed */
    uint8_t *ended; /* its episode ended at its last step */
};

int vg_env_actions(const vg_game *g, vg_action out[VG_NUM_ACTIONS]) {
    int n = 0;
    if (vg_game_has_turns(g)) { /* the actions agent 0's moves are named like */
        for (int a = 0; a < VG_NUM_ACTIONS; a++)
            if (vg_move_find(g, vg_action_name((vg_action)a) + 7) >= 0) out[n++] = (vg_action)a;
        return n;
    }
    return vg_env_player_actions(g, 0, out);
}

int vg_env_player_actions(const vg_game *g, int player, vg_action out[VG_NUM_ACTIONS]) {
    int n = 0;
    vg_state *s = player >= 0 && player < vg_num_players(g) ? vg_state_new(g, 0) : NULL;
    vg_action avail[VG_MAX_ACTIONS];
    int k = s ? vg_player_actions(g, s, player, avail) : 0;
    vg_state_free(s);
    out[n++] = VG_ACTION_NIL;
    for (int i = 0; i < k; i++) out[n++] = avail[i];
    return n;
}

uint64_t vg_next_seed(uint64_t seed) { /* splitmix64 */
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

vg_vec *vg_vec_new(const vg_game *g, int n, int max_ticks, int autoreset) {
    if (n < 1 || max_ticks < 0) return NULL;
    vg_vec *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    *v = (vg_vec){.g = g,
                  .n = n,
                  .players = vg_num_players(g),
                  .max_ticks = max_ticks,
                  .autoreset = autoreset != 0,
                  .nres = vg_num_resources(g)};
    v->nacts[0] = vg_env_actions(g, v->acts[0]);
    for (int p = 1; p < v->players; p++) v->nacts[p] = vg_env_player_actions(g, p, v->acts[p]);
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

/* Writes what state i shows after a step in which player p gained
 * reward[p] into 'out'; notes whether its episode ended. */
static void put(vg_vec *v, int i, const double *reward, const vg_vec_out *out) {
    const vg_state *s = v->s[i];
    int over = vg_is_over(s), tick = vg_tick(s), np = v->players;
    int truncated = !over && v->max_ticks && tick >= v->max_ticks;
    v->ended[i] = (uint8_t)(over || truncated);
    if (out->obs) vg_observe_planes(v->g, s, out->obs + (size_t)i * v->obs_bytes);
    if (out->terminated) out->terminated[i] = (uint8_t)over;
    if (out->truncated) out->truncated[i] = (uint8_t)truncated;
    if (out->tick) out->tick[i] = tick;
    for (int p = 0; p < np; p++) {
        size_t k = (size_t)i * (size_t)np + (size_t)p;
        vg_winner w = vg_player_winner(v->g, s, p);
        if (out->reward) out->reward[k] = reward[p];
        if (out->score) out->score[k] = vg_player_score(v->g, s, p);
        if (out->result) out->result[k] = (int8_t)(!over ? 0 : w == VG_NO_WINNER ? 3 : (int)w);
        for (int r = 0; out->resources && r < v->nres; r++)
            out->resources[k * (size_t)v->nres + (size_t)r] = vg_player_resource(v->g, s, p, r);
    }
}

/* Begins state i's episode with 'seed'. */
static void begin(vg_vec *v, int i, uint64_t seed, const vg_vec_out *out) {
    vg_state_reset(v->g, v->s[i], seed);
    v->seed[i] = seed;
    put(v, i, (const double[VG_MAX_PLAYERS]){0}, out);
}

void vg_vec_reset(vg_vec *v, const uint64_t *seeds, const vg_vec_out *out) {
    for (int i = 0; i < v->n; i++) begin(v, i, seeds ? seeds[i] : vg_next_seed(v->seed[i]), out);
}

vg_status vg_vec_step(vg_vec *v, const int64_t *actions, const vg_vec_out *out, vg_error *err) {
    int np = v->players;
    for (int k = 0; k < v->n * np; k++) { /* a bad action changes nothing */
        int i = k / np, p = k % np, n = v->nacts[p];
        if (actions[k] < 0 || actions[k] >= n) {
            char who[48] = "", has[32] = "the game";
            if (v->n > 1) snprintf(who, sizeof who, " (env %d)", i);
            if (np > 1) snprintf(has, sizeof has, "player %d", p);
            return error_set(err, VG_ERR_ARG, "", 0, 0, "action %lld%s is out of range: %s has %d actions, 0 to %d",
                             (long long)actions[k], who, has, n, n - 1);
        }
    }
    vg_status first = VG_OK;
    for (int i = 0; i < v->n; i++) {
        if (v->ended[i] && v->autoreset) {
            begin(v, i, vg_next_seed(v->seed[i]), out);
            continue;
        }
        vg_error e;
        vg_state *s = v->s[i];
        const int64_t *a = actions + (size_t)i * (size_t)np;
        double gained[VG_MAX_PLAYERS];
        vg_status st;
        if (np == 1) {
            gained[0] = vg_score(s);
            st = vg_advance(v->g, s, v->acts[0][a[0]], &e);
            gained[0] = vg_score(s) - gained[0];
        } else {
            vg_action acts[VG_MAX_PLAYERS];
            for (int p = 0; p < np; p++) {
                acts[p] = v->acts[p][a[p]];
                gained[p] = vg_player_score(v->g, s, p);
            }
            st = vg_advance_multi(v->g, s, acts, &e);
            for (int p = 0; p < np; p++) gained[p] = vg_player_score(v->g, s, p) - gained[p];
        }
        if (st != VG_OK && first == VG_OK) {
            first = st;
            if (err) *err = e;
        }
        put(v, i, gained, out);
    }
    return first;
}
