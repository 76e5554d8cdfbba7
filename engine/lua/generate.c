/* SPDX-License-Identifier: MIT
 *
 * generate.c -- the Lua side of level generation: constraints{}, a
 * declaration whose entries go to the builder (game_add_constraint), and
 * running a script's generate(rng, w, h) in a sandbox of its own
 * (script_generate, vgdl.h's vg_script_generate).
 *
 *   constraints { length = {10, 25}, wins = {0.5, 0.1}, sprites = { box = {1, 3}, goal = 1 } }
 *
 *   function generate(rng, w, h)   -- rng(n): a whole number 1..n; rng(): a number in [0, 1)
 *       local rows = {} ... return rows   -- h strings of w characters
 *   end
 */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "lscript.h"

/* ---- constraints{} --------------------------------------------------------- */

/* The number or {lo, hi} at the stack top, as lo and hi; 0 when it is neither. */
static int range_at(lua_State *L, double *lo, double *hi) {
    if (lua_type(L, -1) == LUA_TNUMBER) {
        *lo = *hi = lua_tonumber(L, -1);
        return 1;
    }
    if (!lua_istable(L, -1) || lua_rawlen(L, -1) != 2) return 0;
    int ok = lua_rawgeti(L, -1, 1) == LUA_TNUMBER && lua_rawgeti(L, -2, 2) == LUA_TNUMBER;
    *lo = lua_tonumber(L, -2), *hi = lua_tonumber(L, -1);
    lua_pop(L, 2);
    return ok;
}

static void add(lua_State *L, const char *what, const char *type, double lo, double hi) {
    vg_error err;
    script *sc = *(script **)lua_getextraspace(L);
    if (game_add_constraint(sc->g, what, type, lo, hi, script_call_line(L), &err) != VG_OK) script_raise(L, &err);
}

/* An error at the declaring line. */
static void fail_at(lua_State *L, const char *msg) {
    vg_error err = {0};
    snprintf(err.msg, sizeof err.msg, "%s", msg);
    err.line = script_call_line(L);
    script_raise(L, &err);
}

/* constraints { key = value, ... } */
int lgen_constraints(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        double lo, hi;
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        if (!key) fail_at(L, "constraints{} takes named entries (length = ..., wins = ..., sprites = ...)");
        if (strcmp(key, "sprites") != 0) {
            if (!range_at(L, &lo, &hi)) lo = -1, hi = -2; /* no range: the builder says what the key needs */
            add(L, key, NULL, lo, hi);
        } else if (!lua_istable(L, -1)) {
            fail_at(L, "constraints{}: sprites needs a table: { name = {MIN, MAX} (or N), ... }");
        } else {
            for (lua_pushnil(L); lua_next(L, -2); lua_pop(L, 1)) {
                if (lua_type(L, -2) != LUA_TSTRING)
                    fail_at(L, "constraints{}: sprites are counted by type name (name = ...)");
                if (!range_at(L, &lo, &hi)) lo = -1, hi = -2;
                add(L, key, lua_tostring(L, -2), lo, hi);
            }
        }
        lua_pop(L, 1);
    }
    return 0;
}

/* ---- generate(rng, w, h) ------------------------------------------------------ */

/* rng(n) -> a whole number in 1..n; rng() -> a number in [0, 1): splitmix64
 * on the state in upvalue 1 (a full userdata). */
static int l_rng(lua_State *L) {
    uint64_t *s = lua_touserdata(L, lua_upvalueindex(1)), z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    if (lua_isnoneornil(L, 1)) {
        lua_pushnumber(L, (double)(z >> 11) * 0x1.0p-53);
        return 1;
    }
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n >= 1, 1, "rng(n) needs a whole number n >= 1");
    lua_pushinteger(L, (lua_Integer)(z % (uint64_t)n) + 1);
    return 1;
}

/* One call of generate(): its arguments in, its map or what is wrong with it out. */
typedef struct gen_call {
    uint64_t seed;
    int w, h;
    char *text;      /* the rows, each ended by '\n' (malloc'd) */
    const char *why; /* what is wrong with the result, NULL: nothing */
    int line;        /* ... at the line that defines generate */
} gen_call;

/* The rows generate() returned (the stack top) into c->text, or c->why. */
static void take_rows(lua_State *L, gen_call *c) {
    size_t stride = (size_t)c->w + 1;
    if (!lua_istable(L, -1) || (int)lua_rawlen(L, -1) != c->h) {
        c->why = "must return a table of h rows (strings)";
        return;
    }
    if (!(c->text = malloc(stride * (size_t)c->h + 1))) luaL_error(L, "out of memory");
    for (int y = 0; y < c->h && !c->why; y++) {
        size_t len;
        const char *row = lua_rawgeti(L, -1, y + 1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        if (!row || len != (size_t)c->w) c->why = "must return h rows of w characters each";
        for (size_t x = 0; row && x < len && !c->why; x++)
            if (row[x] < 32 || row[x] > 126) c->why = "must return rows of printable characters";
        if (!c->why)
            memcpy(c->text + (size_t)y * stride, row, (size_t)c->w), c->text[(size_t)y * stride + (size_t)c->w] = '\n';
        lua_pop(L, 1);
    }
    c->text[stride * (size_t)c->h] = '\0';
}

/* Calls generate(rng, w, h) for the call given as argument 1 (a light
 * userdata); run by script_pcall, so that everything it does -- reading
 * the global, allocating, the script's own code -- is protected. */
static int l_generate(lua_State *L) {
    gen_call *c = lua_touserdata(L, 1);
    lua_Debug ar;
    lua_getglobal(L, "generate");
    lua_pushvalue(L, -1);
    c->line = lua_getinfo(L, ">S", &ar) ? ar.linedefined : 0;
    *(uint64_t *)lua_newuserdatauv(L, sizeof c->seed, 0) = c->seed;
    lua_pushcclosure(L, l_rng, 1);
    lua_pushinteger(L, c->w);
    lua_pushinteger(L, c->h);
    lua_call(L, 3, 1);
    take_rows(L, c);
    return 0;
}

vg_status script_generate(const char *script_path, uint64_t seed, int w, int h, char **text, vg_error *err) {
    vg_game *g;
    *text = NULL;
    vg_status st = script_open(script_path, &g, err);
    if (st != VG_OK) return st;
    script *sc = g->script;
    gen_call c = {seed, w, h, NULL, NULL, 0};
    if (!g->has_generate) {
        st = error_set(err, VG_ERR_ARG, script_path, 0, 0, "the script defines no generate(rng, w, h)");
    } else {
        lua_pushcfunction(sc->L, l_generate);
        lua_pushlightuserdata(sc->L, &c);
        st = script_pcall(sc, 1, 0, SCRIPT_LOAD_STEPS, SCRIPT_LOAD_SECONDS, err);
    }
    if (st == VG_OK && c.why)
        st = error_set(err, VG_ERR_SCRIPT, script_path, c.line > 0 ? c.line : 0, 0, "generate(rng, %d, %d) %s", w, h,
                       c.why);
    if (st == VG_OK) *text = c.text;
    else free(c.text);
    game_free(g);
    return st;
}
