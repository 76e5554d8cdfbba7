/* SPDX-License-Identifier: MIT
 *
 * loader.c -- runs a game script in a sandbox and turns its declarations
 * into a game through the builder API of game.h.
 *
 * A script declares its rules by calling game{}, sprite{}, map{},
 * interaction{} and termination{} (one table of C functions below), and
 * may define heuristic(state). The sandbox offers only the base, string,
 * table, math and utf8 libraries, minus everything that reaches files,
 * the OS, other chunks or nondeterminism (dofile, load, require,
 * string.dump, math.random, ...). Every call into Lua runs under an
 * instruction budget and a memory limit, and string pattern calls whose
 * worst case is too slow are refused before they start, so a script
 * cannot hang or exhaust the host; each failure names the script line.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "../io.h"
#include "lscript.h"

static script *script_of(lua_State *L) { return *(script **)lua_getextraspace(L); }

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

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The allocator: the memory limit, the length limit on strings (so that
 * no VM instruction -- a comparison, a concatenation -- costs more than
 * about a millisecond), and what is allocated is charged to the
 * instruction budget (so C functions that allocate pay for their work). */
static void *l_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    script *sc = ud;
    if (!ptr && osize == LUA_TSTRING && nsize > SCRIPT_MAX_STRING + 64) {   /* a new string */
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
        note_line(sc);               /* the allocation that failed names the script line */
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
        lua_pushcclosure(L, l_xhandler, 1);   /* the handler, below the function */
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

#define SCRIPT_MAX_PATTERN_COST 2e8     /* about a tenth of a second */

static int l_guarded_match(lua_State *L) {
    size_t slen = 0, plen = 0;
    luaL_checklstring(L, 1, &slen);
    const char *p = luaL_checklstring(L, 2, &plen);
    int mode = (int)lua_tointeger(L, lua_upvalueindex(2));
    int plain = mode == 1 && lua_toboolean(L, 4);   /* string.find's plain flag */
    double cost = plain ? ((double)slen + 1) * ((double)plen + 1) : pattern_cost(p, plen, slen);
    if (cost > SCRIPT_MAX_PATTERN_COST)
        return luaL_error(L, "pattern '%s' is too costly on a %d-character string", p, (int)slen);
    charge(L, (long)(cost / 8));         /* a step of matching is about an eighth of an instruction */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---- The sandbox ------------------------------------------------------ */

static void open_sandbox(lua_State *L) {
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base}, {LUA_STRLIBNAME, luaopen_string}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL}};
    for (const luaL_Reg *lib = libs; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    static const char *const banned[][2] = {
        {NULL, "dofile"}, {NULL, "loadfile"}, {NULL, "load"}, {NULL, "require"}, {NULL, "collectgarbage"},
        {NULL, "print"}, {"string", "dump"}, {"math", "random"}, {"math", "randomseed"}};
    for (size_t k = 0; k < sizeof banned / sizeof banned[0]; k++) {
        if (banned[k][0]) lua_getglobal(L, banned[k][0]);
        else lua_pushglobaltable(L);
        lua_pushnil(L);
        lua_setfield(L, -2, banned[k][1]);
        lua_pop(L, 1);
    }
    for (int x = 0; x < 2; x++) {                 /* pcall, xpcall */
        lua_pushinteger(L, x);
        lua_pushcclosure(L, l_protected, 1);
        lua_setglobal(L, x ? "xpcall" : "pcall");
    }
    static const struct { const char *name; int mode; } matchers[] = {
        {"find", 1}, {"match", 0}, {"gmatch", 2}, {"gsub", 2}};
    lua_getglobal(L, "string");
    for (size_t k = 0; k < sizeof matchers / sizeof matchers[0]; k++) {
        lua_getfield(L, -1, matchers[k].name);
        lua_pushinteger(L, matchers[k].mode);
        lua_pushcclosure(L, l_guarded_match, 2);
        lua_setfield(L, -2, matchers[k].name);
    }
    lua_pop(L, 1);
    static const struct { const char *lib, *name; lua_CFunction guard; } guarded[] = {
        {NULL, "setmetatable", l_setmetatable}, {"string", "rep", l_rep}, {"table", "move", l_move}};
    for (size_t k = 0; k < sizeof guarded / sizeof guarded[0]; k++) {   /* each keeps the original as upvalue 1 */
        if (guarded[k].lib) lua_getglobal(L, guarded[k].lib);
        else lua_pushglobaltable(L);
        lua_getfield(L, -1, guarded[k].name);
        lua_pushcclosure(L, guarded[k].guard, 1);
        lua_setfield(L, -2, guarded[k].name);
        lua_pop(L, 1);
    }
    lua_pushliteral(L, "");                        /* lock the string metatable */
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

/* Fills 'err' from a Lua message "chunk:line: text". */
static void error_from_lua(script *sc, const char *msg, vg_error *err) {
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
    if (sc->window_on && sc->window_end == 0) sc->window_end = t + sc->window_seconds;   /* its first call opens it */
    if (sc->window_on && (sc->window_steps <= 0 || t >= sc->window_end)) {   /* spent before the call */
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
                      "script made a string longer than %u KiB (the memory one string may use)", SCRIPT_MAX_STRING >> 10);
        else
            error_set(err, VG_ERR_SCRIPT, sc->g->script_path, 0, 0, "script used more than %u MiB of memory",
                      SCRIPT_MEMORY_LIMIT >> 20);
        if (err && strncmp(sc->where, sc->chunk, strlen(sc->chunk)) == 0)
            err->line = atoi(sc->where + strlen(sc->chunk) + 1);
    } else {   /* a string: l_message made it one, or Lua's own for an error in the handler */
        error_from_lua(sc, lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL, err);
    }
    lua_pop(L, 1);
    return VG_ERR_SCRIPT;
}

/* ---- Declaring the rules ---------------------------------------------- */

/* The script line that called the running declaration: the nearest Lua
 * function up the stack (a declaration may be called through pcall). */
static int call_line(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "l", &ar) && ar.currentline > 0) return ar.currentline;
    return 0;
}

/* Raises the builder's error as a Lua error at the declaring line. */
static int raise(lua_State *L, const vg_error *err) {
    lua_pushfstring(L, "%s:%d: %s", script_of(L)->chunk, err->line, err->msg);
    return lua_error(L);
}

static int fail(lua_State *L, const char *fmt, const char *a) {
    const char *msg = lua_pushfstring(L, fmt, a);
    lua_pushfstring(L, "%s:%d: %s", script_of(L)->chunk, call_line(L), msg);
    return lua_error(L);
}

/* Reads the value at 'idx' as a parameter; a list is kept in 'names'. */
static void to_param(lua_State *L, int idx, const char *key, param_value *v, const char **names, int max) {
    memset(v, 0, sizeof *v);
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER: v->kind = PV_NUMBER; v->num = lua_tonumber(L, idx); return;
    case LUA_TBOOLEAN: v->kind = PV_BOOL; v->b = lua_toboolean(L, idx); return;
    case LUA_TSTRING: v->kind = PV_STRING; v->str = lua_tostring(L, idx); return;
    case LUA_TTABLE:
        v->kind = PV_LIST;
        v->list = names;
        for (int k = 1;; k++) {
            if (lua_rawgeti(L, idx, k) == LUA_TNIL) { lua_pop(L, 1); break; }
            if (k > max) fail(L, "parameter '%s' lists too many names", key);
            if (!lua_isstring(L, -1)) fail(L, "parameter '%s' must list names (strings)", key);
            names[v->n++] = lua_tostring(L, -1);
            lua_pop(L, 1);    /* the string stays alive: the table holds it */
        }
        return;
    default: fail(L, "parameter '%s' has a value of the wrong type", key);
    }
}

typedef vg_status param_setter(vg_game *g, int id, const char *key, const param_value *v, int line, vg_error *err);

/* Hands every named entry of the table at 1 (other than 'skip') to 'set';
 * rejects positional entries past 'npos'. */
static void named_params(lua_State *L, int npos, const char *skip, param_setter *set, int id) {
    script *sc = script_of(L);
    int line = call_line(L);
    const char *names[VG_MAX_TYPES];
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) == LUA_TNUMBER) {
            lua_Integer k = lua_tointeger(L, -2);
            if (k < 1 || k > npos) fail(L, "unexpected entry [%s] (parameters are named: key = value)", lua_tostring(L, -2));
        } else if (lua_type(L, -2) != LUA_TSTRING) {
            fail(L, "unexpected %s key", luaL_typename(L, -2));
        } else if (!skip || strcmp(lua_tostring(L, -2), skip) != 0) {
            const char *key = lua_tostring(L, -2);
            param_value v;
            vg_error err;
            to_param(L, -1, key, &v, names, VG_MAX_TYPES);
            if (set(sc->g, id, key, &v, line, &err) != VG_OK) raise(L, &err);
        }
        lua_pop(L, 1);
    }
}

static const char *string_at(lua_State *L, int k, const char *what) {
    if (lua_rawgeti(L, 1, k) != LUA_TSTRING) fail(L, "%s must be a string", what);
    const char *s = lua_tostring(L, -1);
    lua_pop(L, 1);   /* the table keeps it alive */
    return s;
}

static vg_status set_game(vg_game *g, int id, const char *key, const param_value *v, int line, vg_error *err) {
    (void)id;
    return game_set_param(g, key, v, line, err);
}

/* game { square_size = 50, max_ticks = 2000 } */
static int l_game(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    named_params(L, 0, NULL, set_game, 0);
    return 0;
}

/* sprite { "name", "Class", parent = "p", key = value, ... } */
static int l_sprite(lua_State *L) {
    script *sc = script_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *name = string_at(L, 1, "the sprite's name (first entry)");
    const char *cls = lua_rawgeti(L, 1, 2) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    lua_pop(L, 1);
    const char *parent = lua_getfield(L, 1, "parent") == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (!parent && !lua_isnil(L, -1)) fail(L, "%s", "'parent' must be a sprite type name");
    lua_pop(L, 1);
    int id;
    vg_error err;
    if (game_add_type(sc->g, name, parent, cls, call_line(L), &id, &err) != VG_OK) raise(L, &err);
    named_params(L, 2, "parent", game_type_param, id);
    return 0;
}

static vg_status no_params(vg_game *g, int id, const char *key, const param_value *v, int line, vg_error *err) {
    (void)id, (void)v;
    return game_error(g, err, VG_ERR_SCRIPT, line, "this declaration takes no named entries ('%s')", key);
}

/* map { "A", "nokey", "floor" } */
static int l_map(lua_State *L) {
    script *sc = script_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *c = string_at(L, 1, "the map character (first entry)");
    if (strlen(c) != 1) fail(L, "map character '%s' must be one character", c);
    const char *types[8];
    int n = 0;
    for (; lua_rawgeti(L, 1, n + 2) != LUA_TNIL; n++) {
        if (n == 8) fail(L, "map character '%s' places too many sprites (the limit is 7)", c);
        if (!lua_isstring(L, -1)) fail(L, "%s", "map entries after the character must be sprite type names");
        types[n] = lua_tostring(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    vg_error err;
    if (game_add_mapping(sc->g, c[0], types, n, call_line(L), &err) != VG_OK) raise(L, &err);
    named_params(L, n + 1, NULL, no_params, 0);
    return 0;
}

/* Sets a parameter on all rows of the interaction being declared. */
static vg_status set_effect(vg_game *g, int count, const char *key, const param_value *v, int line, vg_error *err) {
    const script *sc = g->script;
    for (int k = 0; k < count; k++) {
        vg_status st = game_effect_param(g, sc->effect_first + k, key, v, line, err);
        if (st != VG_OK) return st;
    }
    return VG_OK;
}

/* Entry 'i' of the declaration's table (argument 1): a name, returned (it
 * stays valid while the table does), or a function, kept in the registry
 * with its reference in '*ref' (NULL returned); else the script error
 * 'wrong'. */
static const char *name_or_function(lua_State *L, int i, int *ref, const char *wrong) {
    const char *name = NULL;
    *ref = LUA_NOREF;
    int t = lua_rawgeti(L, 1, i);
    if (t == LUA_TSTRING) name = lua_tostring(L, -1);
    else if (t == LUA_TFUNCTION) *ref = luaL_ref(L, LUA_REGISTRYINDEX), lua_pushnil(L);
    else fail(L, "%s", wrong);
    lua_pop(L, 1);
    return name;
}

/* interaction { "avatar", "wall", "stepBack" }
 * interaction { "box", {"wall", "box"}, "undoAll" }
 * interaction { "avatar", "portal", function(state, a, b) ... end, scoreChange = 1 } */
static int l_interaction(lua_State *L) {
    script *sc = script_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *t1 = string_at(L, 1, "the first sprite type (first entry)");
    const char *t2[VG_MAX_TYPES];
    int n = 0;
    if (lua_rawgeti(L, 1, 2) == LUA_TSTRING) {
        t2[n++] = lua_tostring(L, -1);
    } else if (lua_istable(L, -1)) {
        for (; lua_rawgeti(L, -1, n + 1) != LUA_TNIL; n++) {
            if (n == VG_MAX_TYPES) fail(L, "%s", "the second entry lists more sprite types than a game has (64)");
            if (!lua_isstring(L, -1)) fail(L, "%s", "the second entry must list sprite type names");
            t2[n] = lua_tostring(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    } else {
        fail(L, "%s", "the second entry must be a sprite type name or a list of them");
    }
    lua_pop(L, 1);
    int ref;
    const char *effect = name_or_function(L, 3, &ref, "the third entry must be an effect name or a function");
    int first;
    vg_error err;
    if (game_add_effect(sc->g, t1, t2, n, effect, ref, call_line(L), &first, &err) != VG_OK) raise(L, &err);
    sc->effect_first = first;
    named_params(L, 3, NULL, set_effect, n);
    return 0;
}

/* termination { "SpriteCounter", stype = "goal", limit = 0, win = true }
 * termination { function(state) return done end, win = false } */
static int l_termination(lua_State *L) {
    script *sc = script_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    int ref;
    const char *kind = name_or_function(L, 1, &ref, "the first entry must be a termination name or a function");
    int id;
    vg_error err;
    if (game_add_term(sc->g, kind, ref, call_line(L), &id, &err) != VG_OK) raise(L, &err);
    named_params(L, 1, NULL, game_term_param, id);
    return 0;
}

/* turns { moves = { "LEFT", "NIL", ... }, agents = 3 or function(state),
 *         legal = function(state, agent), apply = function(state, agent, move),
 *         policy = function(state, agent) }            -- policy is optional */
static int l_turns(lua_State *L) {
    script *sc = script_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    vg_error err;
    if (sc->g->turns) fail(L, "%s", "turns{} is declared twice");
    sc->g->turns = 1;
    if (lua_getfield(L, 1, "moves") != LUA_TTABLE) fail(L, "%s", "turns{} needs 'moves', a list of move names");
    for (int k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
        if (!lua_isstring(L, -1)) fail(L, "%s", "'moves' must list names (strings)");
        if (game_add_move(sc->g, lua_tostring(L, -1), call_line(L), &err) != VG_OK) raise(L, &err);
        lua_pushstring(L, sc->g->move_names[sc->g->nmoves - 1]);
        bind_note_name(L, -1, NAMES_MOVE, sc->g->nmoves - 1);   /* so that play finds moves without allocating */
        sc->move_ref[sc->g->nmoves - 1] = luaL_ref(L, LUA_REGISTRYINDEX);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    if (sc->g->nmoves == 0) fail(L, "%s", "'moves' is empty");
    static const struct { const char *key; size_t offset; int required; } fns[] = {
        {"legal", offsetof(script, legal_ref), 1}, {"apply", offsetof(script, apply_ref), 1},
        {"policy", offsetof(script, policy_ref), 0}, {"agents", offsetof(script, agents_ref), 0},
        {"outcomes", offsetof(script, outcomes_ref), 0}};
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
        int *ref = (int *)(void *)((char *)sc + fns[k].offset);
        int type = lua_getfield(L, 1, fns[k].key);
        if (type == LUA_TFUNCTION) {
            *ref = luaL_ref(L, LUA_REGISTRYINDEX);
            continue;
        }
        if (type == LUA_TNUMBER && strcmp(fns[k].key, "agents") == 0) {
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > VG_MAX_AGENTS)
                fail(L, "%s", "turns{}: 'agents' must be a function or a whole number from 1 to " VG_STR(VG_MAX_AGENTS));
            sc->g->nagents = (int)lua_tointeger(L, -1);
        } else if (type != LUA_TNIL || fns[k].required) {
            fail(L, "turns{}: '%s' must be a function", fns[k].key);
        }
        lua_pop(L, 1);
    }
    if (sc->agents_ref == LUA_NOREF && sc->g->nagents == 0) sc->g->nagents = 1;
    if (lua_getfield(L, 1, "chance") == LUA_TTABLE) {
        for (int k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > 63)
                fail(L, "%s", "turns{}: 'chance' must list agent numbers (0 to 63)");
            sc->g->chance |= 1ULL << lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        if (sc->outcomes_ref == LUA_NOREF) fail(L, "%s", "turns{}: chance agents need 'outcomes', a function(state, agent)");
    } else if (!lua_isnil(L, -1)) {
        fail(L, "%s", "turns{}: 'chance' must be a list of agent numbers");
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        if (strcmp(key, "moves") && strcmp(key, "legal") && strcmp(key, "apply") && strcmp(key, "policy") &&
            strcmp(key, "agents") && strcmp(key, "chance") && strcmp(key, "outcomes"))
            fail(L, "turns{}: unknown entry '%s' (moves, agents, legal, apply, policy, chance, outcomes)", key);
        lua_pop(L, 1);
    }
    return 0;
}

/* variable { "scared", 0 } -- a whole number kept in the state, read with
 * state:var("scared") and changed with state:set_var("scared", n) */
static int l_variable(lua_State *L) {
    script *sc = script_of(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *name = string_at(L, 1, "the variable's name (first entry)");
    int init = 0;
    if (lua_rawgeti(L, 1, 2) != LUA_TNIL) {
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < INT32_MIN || lua_tointeger(L, -1) > INT32_MAX)
            fail(L, "variable '%s' must start as a whole number that fits in 32 bits", name);
        init = (int)lua_tointeger(L, -1);
    }
    lua_pop(L, 1);
    vg_error err;
    if (game_add_var(sc->g, name, init, call_line(L), &err) != VG_OK) raise(L, &err);
    named_params(L, 2, NULL, no_params, 0);
    return 0;
}

/* A declaration (upvalue 1) called while the script loads; called later
 * (from an effect, a termination...) it would change a game in play. */
static int l_declaration(lua_State *L) {
    if (!script_of(L)->loading)
        fail(L, "%s{} declares rules: it can be called only while the script loads", lua_tostring(L, lua_upvalueindex(2)));
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

static const luaL_Reg declarations[] = {
    {"game", l_game}, {"sprite", l_sprite}, {"map", l_map}, {"interaction", l_interaction},
    {"termination", l_termination}, {"turns", l_turns}, {"variable", l_variable}, {"constraints", lgen_constraints},
    {NULL, NULL}};

/* ---- Loading a game --------------------------------------------------- */

static void script_close(void *p) {
    script *sc = p;
    if (!sc) return;
    if (sc->L) lua_close(sc->L);
    free(sc);
}

static void script_window(void *p, long steps, double seconds) {
    script *sc = p;
    sc->window_on = steps > 0 || seconds > 0;
    sc->window_steps = steps > 0 ? steps : LONG_MAX;
    sc->window_seconds = seconds > 0 ? seconds : 1e300;
    sc->window_end = 0;   /* the clock starts at the window's first script call: a decision that calls none reads no clock */
}

static const script_ops lua_ops = {bind_effect, bind_agents, bind_legal, bind_apply, bind_policy, bind_outcomes,
                                   bind_termination, bind_value, script_window, script_close};

/* Keeps the global functions heuristic, evaluate and bound the script
 * defined, and notes whether it defines generate (run by script_pcall). */
static int l_value_hooks(lua_State *L) {
    script *sc = script_of(L);
    static const char *const hooks[3] = {"heuristic", "evaluate", "bound"};
    int *has[3] = {&sc->g->has_heuristic, &sc->g->has_evaluate, &sc->g->has_bound};
    for (int k = 0; k < 3; k++) {
        if (lua_getglobal(L, hooks[k]) == LUA_TFUNCTION) {
            sc->value_ref[k] = luaL_ref(L, LUA_REGISTRYINDEX);
            *has[k] = 1;
        } else {
            lua_pop(L, 1);
        }
    }
    sc->g->has_generate = lua_getglobal(L, "generate") == LUA_TFUNCTION;
    lua_pop(L, 1);
    return 0;
}

/* Opens the sandbox, the state handle and the declaring functions in a
 * fresh Lua state (run by lua_pcall: it allocates). */
static int l_open(lua_State *L) {
    open_sandbox(L);
    bind_open(L);
    for (const luaL_Reg *d = declarations; d->name; d++) {   /* the declaring functions become globals */
        lua_pushcfunction(L, d->func);
        lua_pushstring(L, d->name);
        lua_pushcclosure(L, l_declaration, 2);
        lua_setglobal(L, d->name);
    }
    return 0;
}

static vg_status run_script(vg_game *g, script *sc, vg_error *err) {
    char *src;
    size_t len;
    vg_status st = io_read_file(g->script_path, &src, &len, err);
    if (st != VG_OK) return st;
    lua_State *L = sc->L;
    const char *base = strrchr(g->script_path, '/');
    snprintf(sc->chunk, sizeof sc->chunk, "%s", base ? base + 1 : g->script_path);
    char chunkname[sizeof sc->chunk + 1];
    snprintf(chunkname, sizeof chunkname, "=%s", sc->chunk);
    int lst = luaL_loadbufferx(L, src, len, chunkname, "t");
    free(src);
    if (lst != LUA_OK) {
        error_from_lua(sc, lua_tostring(L, -1), err);
        lua_pop(L, 1);
        return VG_ERR_SCRIPT;
    }
    sc->loading = 1;
    st = script_pcall(sc, 0, 0, SCRIPT_LOAD_STEPS, SCRIPT_LOAD_SECONDS, err);
    sc->loading = 0;
    if (st != VG_OK) return st;
    lua_pushcfunction(L, l_value_hooks);   /* reading a global may run the script's code (an __index on _G) */
    return script_pcall(sc, 0, 0, SCRIPT_CALL_STEPS, SCRIPT_CALL_SECONDS, err);
}

vg_status script_open(const char *script_path, vg_game **out, vg_error *err) {
    *out = NULL;
    vg_game *g = game_new(script_path);
    script *sc = calloc(1, sizeof *sc);
    vg_status st = VG_ERR_NOMEM;
    if (!g || !sc) goto done;
    sc->g = g;
    sc->value_ref[0] = sc->value_ref[1] = sc->value_ref[2] = LUA_NOREF;
    sc->agents_ref = sc->legal_ref = sc->apply_ref = sc->policy_ref = sc->outcomes_ref = LUA_NOREF;
    sc->L = lua_newstate(l_alloc, sc);
    if (!sc->L) goto done;
    g->ops = &lua_ops;
    g->script = sc;
    *(script **)lua_getextraspace(sc->L) = sc;
    lua_sethook(sc->L, l_hook, LUA_MASKCOUNT, SCRIPT_HOOK_EVERY);
    lua_pushcfunction(sc->L, l_open);
    sc = NULL;                                     /* the game owns it now */
    if (lua_pcall(((script *)g->script)->L, 0, 0, 0) != LUA_OK) goto done;   /* out of memory */
    if ((st = run_script(g, g->script, err)) != VG_OK) goto done;
    *out = g;
    g = NULL;
done:
    if (st == VG_ERR_NOMEM) error_set(err, st, script_path, 0, 0, "out of memory");
    script_close(sc);
    game_free(g);
    return st;
}

vg_status script_load_game(const char *script_path, const char *level_text, const char *level_name, vg_game **out,
                           vg_error *err) {
    vg_game *g;
    vg_status st = script_open(script_path, &g, err);
    *out = NULL;
    if (st != VG_OK) return st;
    if ((st = game_finish(g, err)) == VG_OK && (st = level_load(g, level_text, level_name, err)) == VG_OK &&
        (!g->turns || ((script *)g->script)->agents_ref == LUA_NOREF ||
         (st = bind_agents(g->script, g, g->start, &g->nagents, err)) == VG_OK)) {
        *out = g;
        return VG_OK;
    }
    if (st == VG_ERR_NOMEM) error_set(err, st, script_path, 0, 0, "out of memory");
    game_free(g);
    return st;
}

int script_raise(lua_State *L, const vg_error *err) { return raise(L, err); }
int script_call_line(lua_State *L) { return call_line(L); }
