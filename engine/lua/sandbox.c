/* SPDX-License-Identifier: MIT
 *
 * sandbox.c -- what a game script may do, and what it may spend: the
 * libraries it sees (the base, string, table, math and utf8 libraries,
 * minus everything that reaches files, the OS, other chunks or
 * nondeterminism: dofile, load, require, string.dump, math.random, ...),
 * and the limits every call into Lua runs under: an instruction budget
 * and a wall-clock deadline (with allocations charged to the budget), a
 * memory limit, strings of at most SCRIPT_MAX_STRING bytes, string
 * pattern calls whose worst case is too slow refused before they start,
 * string.rep and table.move bounded, no __gc. So a script cannot hang or
 * exhaust the host, and each failure names the script line
 * (script_pcall).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "lscript.h"

/* ---- Limits: memory, instructions, pattern cost ----------------------- */

/* Remembers the line the script is running now (for errors that carry none). */
static void note_line(script *sc) {
    lua_Debug ar;
    if (!sc->L) return;
    for (int level = 0; lua_getstack(sc->L, level, &ar); level++)
        if (lua_getinfo(sc->L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(sc->where, sizeof sc->where, "%s:%d:", ar.short_src, ar.currentline);
            return;
        }
}

/* Under AddressSanitizer the same script work takes several times as
 * long: the scripts' clock runs CLOCK_SLOWDOWN times slower there, so
 * that their time limits allow the same work in every build. */
#if defined(__SANITIZE_ADDRESS__)
#define CLOCK_SLOWDOWN 4.0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CLOCK_SLOWDOWN 4.0
#endif
#endif
#ifndef CLOCK_SLOWDOWN
#define CLOCK_SLOWDOWN 1.0
#endif

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ((double)ts.tv_sec + (double)ts.tv_nsec * 1e-9) / CLOCK_SLOWDOWN;
}

void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    script *sc = ud;
    if (!ptr && osize == LUA_TSTRING && nsize > SCRIPT_MAX_STRING + 64) { /* a new string */
        sc->too_long = 1;
        note_line(sc);
        return NULL;
    }
    if (!ptr) osize = 0;
    if (nsize == 0) {
        free(ptr);
        sc->mem_used -= osize;
        return NULL;
    }
    if (nsize > osize && sc->mem_used + (nsize - osize) > SCRIPT_MEMORY_LIMIT) {
        note_line(sc); /* the allocation that failed names the script line */
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p) {
        sc->mem_used += nsize - osize;
        if (nsize > osize) sc->steps_left -= (long)((nsize - osize) / SCRIPT_ALLOC_STEP);
    }
    return p;
}

/* Stops the call in progress: from here on no script code runs (message
 * handlers included) until the error reaches script_pcall. */
static int stop(lua_State *L, script *sc, const char *why) {
    sc->stopped = 1;
    lua_pushfstring(L, "%s script ran too long (%s; an endless loop?)", sc->where, why);
    return lua_error(L);
}

/* Stops the call if it has spent its instructions or its time. */
static void check_limits(lua_State *L, script *sc) {
    char why[64];
    if (sc->windowed && (sc->steps_left < 0 || now_seconds() > sc->deadline))
        stop(L, sc, "over the script work allowed for this decision");
    if (sc->steps_left < 0) {
        snprintf(why, sizeof why, "over %d million instructions", (int)(sc->steps_budget / 1000000));
        stop(L, sc, why);
    }
    if (now_seconds() > sc->deadline) {
        snprintf(why, sizeof why, "over %g seconds", sc->seconds);
        stop(L, sc, why);
    }
}

/* Every SCRIPT_HOOK_EVERY instructions: the budget and the deadline. A VM
 * instruction costs at most about a millisecond (strings are short; C
 * functions with loops of their own charge their work below), so the
 * deadline holds to within a few. */
static void l_hook(lua_State *L, lua_Debug *ar) {
    script *sc = script_of(L);
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
        snprintf(sc->where, sizeof sc->where, "%s:%d:", ar->short_src, ar->currentline);
    sc->steps_left -= SCRIPT_HOOK_EVERY;
    check_limits(L, sc);
}

/* Charges 'steps' of work done by a C function to the budget, and stops
 * the call if that spends it or the deadline has passed: such functions
 * may run many times between two of the hook's checks. */
static void charge(lua_State *L, long steps) {
    script *sc = script_of(L);
    sc->steps_left -= steps;
    if (sc->steps_left < 0 || now_seconds() > sc->deadline) {
        note_line(sc);
        check_limits(L, sc);
    }
}

/* The message handler xpcall installs: the script's own handler, unless
 * the hook stopped the call (the handler would run with hooks off). */
static int l_xhandler(lua_State *L) {
    if (script_of(L)->stopped) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* pcall and xpcall for scripts: an exhausted budget or memory cannot be caught. */
static int l_protected(lua_State *L) {
    script *sc = script_of(L);
    int is_x = (int)lua_tointeger(L, lua_upvalueindex(1));
    int n = lua_gettop(L);
    luaL_checkany(L, 1);
    if (is_x) {
        luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_pushvalue(L, 2);
        lua_pushcclosure(L, l_xhandler, 1); /* the handler, below the function */
        lua_pushvalue(L, 1);
        lua_replace(L, 2);
        lua_replace(L, 1);
    }
    int st = lua_pcall(L, n - 1 - is_x, LUA_MULTRET, is_x ? 1 : 0);
    if (sc->stopped || sc->steps_left < 0 || st == LUA_ERRMEM) return lua_error(L);
    lua_pushboolean(L, st == LUA_OK);
    lua_insert(L, 1 + is_x);
    return lua_gettop(L) - is_x;
}

/* Finalizers (__gc) run with hooks off, out of any budget: refused. */
static int l_setmetatable(lua_State *L) {
    if (lua_istable(L, 2) && lua_getfield(L, 2, "__gc") != LUA_TNIL)
        return luaL_error(L, "finalizers (__gc) are not allowed in game scripts");
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* string.rep: the result must be a string scripts may have (an empty
 * piece repeated any number of times is empty, at once). */
static int l_rep(lua_State *L) {
    size_t l, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if ((lua_Integer)(l + lsep) > (lua_Integer)(SCRIPT_MAX_STRING / (size_t)n + 1))
        return luaL_error(L, "string.rep: the result would be longer than %d bytes", (int)SCRIPT_MAX_STRING);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* table.move: at most SCRIPT_MAX_MOVE elements, each charged to the budget. */
static int l_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    if (e >= f) {
        if (e - f >= SCRIPT_MAX_MOVE || (f < 0 && e > LUA_MAXINTEGER + f))
            return luaL_error(L, "table.move: more than %d elements", SCRIPT_MAX_MOVE);
        charge(L, (long)(e - f + 1));
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Worst-case steps of a Lua pattern match against an n-character subject:
 * every start position, times n for each repetition item (the matcher may
 * retry everything after it at every position), each back-reference and
 * balance item (%1, %b: up to n characters compared), times the pattern's
 * length. A sound bound: a match costs at most this many steps. */
static double pattern_cost(const char *p, size_t plen, size_t slen) {
    double n = (double)slen + 1, cost = n * ((double)plen + 1);
    for (size_t i = 0; i < plen && cost <= 1e18; i++) {
        if (p[i] == '%' && i + 1 < plen) {
            if (p[i + 1] == 'b' || (p[i + 1] >= '0' && p[i + 1] <= '9')) cost *= n;
            i += p[i + 1] == 'b' ? 3 : 1;
            continue;
        }
        if (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?') cost *= n;
    }
    return cost;
}

#define SCRIPT_MAX_PATTERN_COST 2e8 /* about a tenth of a second */

static int l_guarded_match(lua_State *L) {
    size_t slen = 0, plen = 0;
    luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    int mode = (int)lua_tointeger(L, lua_upvalueindex(2));
    int plain = mode == 1 && lua_toboolean(L, 4); /* string.find's plain flag */
    double cost = plain ? ((double)slen + 1) * ((double)plen + 1) : pattern_cost(p, plen, slen);
    if (cost > SCRIPT_MAX_PATTERN_COST)
        return luaL_error(L, "pattern '%s' is too costly on a %d-character string", p, (int)slen);
    charge(L, (long)(cost / 8)); /* a step of matching is about an eighth of an instruction */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---- The sandbox ------------------------------------------------------ */

void sandbox_open(lua_State *L) {
    lua_sethook(L, l_hook, LUA_MASKCOUNT, SCRIPT_HOOK_EVERY);
    static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},       {LUA_STRLIBNAME, luaopen_string},
                                    {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
                                    {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL}};
    for (const luaL_Reg *lib = libs; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    static const char *const banned[][2] = {{NULL, "dofile"},   {NULL, "loadfile"},       {NULL, "load"},
                                            {NULL, "require"},  {NULL, "collectgarbage"}, {NULL, "print"},
                                            {"string", "dump"}, {"math", "random"},       {"math", "randomseed"}};
    for (size_t k = 0; k < sizeof banned / sizeof banned[0]; k++) {
        if (banned[k][0]) lua_getglobal(L, banned[k][0]);
        else lua_pushglobaltable(L);
        lua_pushnil(L);
        lua_setfield(L, -2, banned[k][1]);
        lua_pop(L, 1);
    }
    for (int x = 0; x < 2; x++) { /* pcall, xpcall */
        lua_pushinteger(L, x);
        lua_pushcclosure(L, l_protected, 1);
        lua_setglobal(L, x ? "xpcall" : "pcall");
    }
    static const struct {
        const char *name;
        int mode;
    } matchers[] = {{"find", 1}, {"match", 0}, {"gmatch", 2}, {"gsub", 2}};
    lua_getglobal(L, "string");
    for (size_t k = 0; k < sizeof matchers / sizeof matchers[0]; k++) {
        lua_getfield(L, -1, matchers[k].name);
        lua_pushinteger(L, matchers[k].mode);
        lua_pushcclosure(L, l_guarded_match, 2);
        lua_setfield(L, -2, matchers[k].name);
    }
    lua_pop(L, 1);
    static const struct {
        const char *lib, *name;
        lua_CFunction guard;
    } guarded[] = {{NULL, "setmetatable", l_setmetatable}, {"string", "rep", l_rep}, {"table", "move", l_move}};
    for (size_t k = 0; k < sizeof guarded / sizeof guarded[0]; k++) { /* each keeps the original as upvalue 1 */
        if (guarded[k].lib) lua_getglobal(L, guarded[k].lib);
        else lua_pushglobaltable(L);
        lua_getfield(L, -1, guarded[k].name);
        lua_pushcclosure(L, guarded[k].guard, 1);
        lua_setfield(L, -2, guarded[k].name);
        lua_pop(L, 1);
    }
    lua_pushliteral(L, ""); /* lock the string metatable */
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

/* ---- Calling into Lua ------------------------------------------------- */

/* The message handler of every call: an error object that is not a string
 * (error(nil), error({})) gets the line that raised it; a number becomes
 * its text here, in the protected call, since converting it allocates. */
static int l_message(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) return 1;
    if (lua_type(L, 1) == LUA_TNUMBER) {
        lua_pushstring(L, lua_tostring(L, 1));
        return 1;
    }
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: error raised with a %s value, not a message", ar.short_src, ar.currentline,
                            luaL_typename(L, 1));
            return 1;
        }
    lua_pushfstring(L, "error raised with a %s value, not a message", luaL_typename(L, 1));
    return 1;
}

void sandbox_error(script *sc, const char *msg, vg_error *err) {
    int line = 0;
    size_t cl = strlen(sc->chunk);
    const char *text = msg;
    if (!msg) msg = text = "unknown error";
    if (strncmp(msg, sc->chunk, cl) == 0 && msg[cl] == ':') {
        char *end;
        long n = strtol(msg + cl + 1, &end, 10);
        if (end != msg + cl + 1 && *end == ':') {
            line = (int)n;
            text = end + 1;
            while (*text == ' ') text++;
        }
    }
    if (line == 0 && strncmp(sc->where, sc->chunk, cl) == 0) line = atoi(sc->where + cl + 1);
    error_set(err, VG_ERR_SCRIPT, sc->g->script_path, line, 0, "%s", text);
}

vg_status script_pcall(script *sc, int nargs, int nresults, long steps, double seconds, vg_error *err) {
    lua_State *L = sc->L;
    double t = now_seconds();
    sc->windowed = 0;
    if (sc->window_on && sc->window_end == 0) sc->window_end = t + sc->window_seconds; /* its first call opens it */
    if (sc->window_on && (sc->window_steps <= 0 || t >= sc->window_end)) {             /* spent before the call */
        lua_settop(L, lua_gettop(L) - nargs - 1);
        return error_set(err, VG_ERR_SCRIPT, sc->g->script_path, 0, 0,
                         "script ran too long (over the script work allowed for this decision)");
    }
    if (sc->window_on && sc->window_steps < steps) steps = sc->window_steps, sc->windowed = 1;
    if (sc->window_on && sc->window_end < t + seconds) seconds = sc->window_end - t, sc->windowed = 1;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, l_message);
    lua_insert(L, base);
    sc->steps_left = sc->steps_budget = steps;
    sc->seconds = seconds;
    sc->deadline = t + seconds;
    sc->stopped = sc->too_long = 0;
    int st = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    sc->stopped = 0;
    if (sc->window_on) sc->window_steps -= steps - sc->steps_left;
    if (st == LUA_OK) return VG_OK;
    if (st == LUA_ERRMEM) {
        if (sc->too_long)
            error_set(err, VG_ERR_SCRIPT, sc->g->script_path, 0, 0,
                      "script made a string longer than %u KiB (the memory one string may use)",
                      SCRIPT_MAX_STRING >> 10);
        else
            error_set(err, VG_ERR_SCRIPT, sc->g->script_path, 0, 0, "script used more than %u MiB of memory",
                      SCRIPT_MEMORY_LIMIT >> 20);
        if (err && strncmp(sc->where, sc->chunk, strlen(sc->chunk)) == 0)
            err->line = atoi(sc->where + strlen(sc->chunk) + 1);
    } else { /* a string: l_message made it one, or Lua's own for an error in the handler */
        sandbox_error(sc, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL, err);
    }
    lua_pop(L, 1);
    return VG_ERR_SCRIPT;
}
