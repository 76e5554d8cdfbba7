/* SPDX-License-Identifier: MIT
 *
 * bind.c -- the calls from the engine into the script during play: the
 * script_ops callbacks of script.h (custom effects, updates and
 * terminations, heuristic, evaluate and bound, and turns{}'s functions).
 * Each hands the function the one state handle (handle.c), valid for the
 * call, writable where the engine is in a tick, read-only elsewhere; a
 * function that returns what it must not is an error naming the line
 * that defines it.
 */
#include <string.h>

#include <lauxlib.h>

#include "lscript.h"

/* ---- Calls from the engine -------------------------------------------- */

/* Pushes function 'ref' and the handle (now valid for 'g', 's', 't'); the
 * caller pushes the other arguments and calls finish(). */
static void begin(script *sc, int ref, const vg_game *g, const vg_state *s, tick_ctx *t) {
    lua_State *L = sc->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, sc->handle_ref);
    *sc->handle = (state_handle){g, s, t};
}

/* Calls what begin() set up with 'nargs' more arguments; leaves 'nresults'
 * results on the stack on success. The handle is invalid afterwards. */
static vg_status finish(script *sc, int nargs, int nresults, vg_error *err) {
    vg_status st = script_pcall(sc, 1 + nargs, nresults, SCRIPT_CALL_STEPS, SCRIPT_CALL_SECONDS, err);
    *sc->handle = (state_handle){0};
    return st;
}

/* A script function returned what it must not: the error names the line
 * that defines function 'ref'. */
static vg_status bad_result(script *sc, int ref, const char *what, vg_error *err) {
    lua_Debug ar;
    lua_settop(sc->L, 0);
    lua_rawgeti(sc->L, LUA_REGISTRYINDEX, ref);
    int line = lua_getinfo(sc->L, ">S", &ar) ? ar.linedefined : 0;
    error_set(err, VG_ERR_SCRIPT, sc->g->script_path, line > 0 ? line : 0, 0, "%s", what);
    return VG_ERR_SCRIPT;
}

vg_status bind_effect(void *p, int ref, tick_ctx *t, int i1, int i2, vg_error *err) {
    begin(p, ref, t->g, t->s, t);
    handle_push_sprite(((script *)p)->L, i1);
    handle_push_sprite(((script *)p)->L, i2);
    return finish(p, 2, 0, err);
}

vg_status bind_update(void *p, int ref, tick_ctx *t, int i, vg_error *err) {
    begin(p, ref, t->g, t->s, t);
    handle_push_sprite(((script *)p)->L, i);
    return finish(p, 1, 0, err);
}

vg_status bind_termination(void *p, int ref, tick_ctx *t, int *done, int *win, vg_error *err) {
    script *sc = p;
    begin(sc, ref, t->g, t->s, t);
    vg_status st = finish(sc, 0, 2, err);
    if (st != VG_OK) return st;
    *done = lua_toboolean(sc->L, -2);
    if (!lua_isnil(sc->L, -1)) *win = lua_toboolean(sc->L, -1);
    lua_pop(sc->L, 2);
    return VG_OK;
}

vg_status bind_value(void *p, int which, const vg_game *g, const vg_state *s, double *out, vg_error *err) {
    script *sc = p;
    begin(sc, sc->value_ref[which], g, s, NULL);
    vg_status st = finish(sc, 0, 1, err);
    if (st != VG_OK) return st;
    int isnum = 0;
    *out = lua_tonumberx(sc->L, -1, &isnum);
    lua_pop(sc->L, 1);
    static const char *const what[3] = {"heuristic(state) must return a number", "evaluate(state) must return a number",
                                        "bound(state) must return a number, 0 or more"};
    return isnum && (which != 2 || *out >= 0) ? VG_OK : bad_result(sc, sc->value_ref[which], what[which], err);
}

vg_status bind_agents(void *p, const vg_game *g, const vg_state *s, int *n, vg_error *err) {
    script *sc = p;
    begin(sc, sc->agents_ref, g, s, NULL);
    vg_status st = finish(sc, 0, 1, err);
    if (st != VG_OK) return st;
    lua_Integer k = lua_isinteger(sc->L, -1) ? lua_tointeger(sc->L, -1) : 0;
    lua_pop(sc->L, 1);
    if (k < 1 || k > VG_MAX_AGENTS)
        return bad_result(sc, sc->agents_ref,
                          "turns{}.agents(state) must return a whole number from 1 to " VG_STR(VG_MAX_AGENTS), err);
    *n = (int)k;
    return VG_OK;
}

/* The move named by the string at the stack top, or -1. Called outside
 * any protected call, so it must not allocate: the loader noted every
 * move's name (handle_note_name), and a string that is one is that string. */
static int move_at_top(script *sc) { return handle_find_name(sc->L, -1, NAMES_MOVE, 0, sc->g, vg_move_find); }

vg_status bind_legal(void *p, const vg_game *g, const vg_state *s, int agent, int *moves, int *n, vg_error *err) {
    script *sc = p;
    lua_State *L = sc->L;
    if (g->chance >> agent & 1) {
        double probs[VG_MAX_MOVES];
        return bind_outcomes(p, g, s, agent, moves, probs, n, err);
    }
    begin(sc, sc->legal_ref, g, s, NULL);
    lua_pushinteger(L, agent);
    vg_status st = finish(sc, 1, 1, err);
    if (st != VG_OK) return st;
    if (!lua_istable(L, -1))
        return bad_result(sc, sc->legal_ref, "turns{}.legal(state, agent) must return a list of move names", err);
    *n = 0;
    for (int k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
        int m = move_at_top(sc);
        if (m < 0 || *n == VG_MAX_MOVES)
            return bad_result(sc, sc->legal_ref, "turns{}.legal(state, agent) returned a name that is not a move", err);
        moves[(*n)++] = m;
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    if (*n == 0) {
        char what[160];
        snprintf(what, sizeof what,
                 "turns{}.legal(state, agent) returned no move for agent %d: a game that is not "
                 "over needs one (a pass is a move)",
                 agent);
        return bad_result(sc, sc->legal_ref, what, err);
    }
    return VG_OK;
}

vg_status bind_apply(void *p, tick_ctx *t, int agent, int move, vg_error *err) {
    script *sc = p;
    begin(sc, sc->apply_ref, t->g, t->s, t);
    lua_pushinteger(sc->L, agent);
    lua_rawgeti(sc->L, LUA_REGISTRYINDEX, sc->move_ref[move]);
    return finish(sc, 2, 0, err);
}

/* outcomes(state, agent) -> { {move, p}, ... }: the chance agent's moves
 * and their probabilities, normalised to sum to 1. */
vg_status bind_outcomes(void *p, const vg_game *g, const vg_state *s, int agent, int *moves, double *probs, int *n,
                        vg_error *err) {
    script *sc = p;
    lua_State *L = sc->L;
    begin(sc, sc->outcomes_ref, g, s, NULL);
    lua_pushinteger(L, agent);
    vg_status st = finish(sc, 1, 1, err);
    if (st != VG_OK) return st;
    static const char shape[] = "turns{}.outcomes(state, agent) must return a list of {move name, probability}";
    if (!lua_istable(L, -1)) return bad_result(sc, sc->outcomes_ref, shape, err);
    double sum = 0;
    *n = 0;
    for (int k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
        if (!lua_istable(L, -1) || *n == VG_MAX_MOVES) return bad_result(sc, sc->outcomes_ref, shape, err);
        lua_rawgeti(L, -1, 1);
        int m = move_at_top(sc);
        lua_rawgeti(L, -2, 2);
        int isnum = 0;
        double pr = lua_tonumberx(L, -1, &isnum);
        if (m < 0 || !isnum || !(pr >= 0)) return bad_result(sc, sc->outcomes_ref, shape, err);
        moves[*n] = m;
        probs[(*n)++] = pr;
        sum += pr;
        lua_pop(L, 3);
    }
    lua_pop(L, 2);
    if (*n > 0 && !(sum > 0))
        return bad_result(sc, sc->outcomes_ref, "turns{}.outcomes: the probabilities sum to 0", err);
    for (int k = 0; k < *n; k++) probs[k] /= sum;
    return VG_OK;
}

/* The policy's move, or (without a policy) a legal move drawn from the
 * state's RNG: by the outcomes' probabilities for a chance agent. */
vg_status bind_policy(void *p, tick_ctx *t, int agent, int *move, vg_error *err) {
    script *sc = p;
    if (t->g->chance >> agent & 1) {
        int moves[VG_MAX_MOVES], n = 0;
        double probs[VG_MAX_MOVES], r;
        vg_status st = bind_outcomes(p, t->g, t->s, agent, moves, probs, &n, err);
        if (st != VG_OK) return st;
        if (n == 0) return bad_result(sc, sc->outcomes_ref, "turns{}.outcomes(state, agent) returned no outcome", err);
        r = rng_double(t->s);
        *move = moves[n - 1];
        for (int k = 0; k < n; k++) {
            if (r < probs[k]) {
                *move = moves[k];
                break;
            }
            r -= probs[k];
        }
        return VG_OK;
    }
    if (sc->policy_ref == LUA_NOREF) {
        int moves[VG_MAX_MOVES], n = 0;
        vg_status st = bind_legal(p, t->g, t->s, agent, moves, &n, err);
        if (st != VG_OK) return st;
        *move = moves[rng_int(t->s, n)];
        return VG_OK;
    }
    begin(sc, sc->policy_ref, t->g, t->s, t);
    lua_pushinteger(sc->L, agent);
    vg_status st = finish(sc, 1, 1, err);
    if (st != VG_OK) return st;
    *move = move_at_top(sc);
    lua_pop(sc->L, 1);
    return *move < 0 ? bad_result(sc, sc->policy_ref, "turns{}.policy(state, agent) must return a move name", err)
                     : VG_OK;
}
