/* SPDX-License-Identifier: MIT
 *
 * loader.c -- runs a game script in the sandbox (sandbox.c) and turns
 * its declarations into a game through the builder API of game.h.
 *
 * A script declares its rules by calling game{}, sprite{}, map{},
 * interaction{}, termination{}, variable{} and turns{} (one table of C
 * functions below), and may define heuristic(state), evaluate(state) and
 * bound(state). Errors name the script line.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "../io.h"
#include "lscript.h"


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

/* Reads the value at 'idx' as a parameter; a list is kept in 'names'
 * (numbers as their text, booleans as "true" and "false": a value a
 * player, 'scoreChange = {2, -1}', 'win = {true, false}'). */
static void to_param(lua_State *L, int idx, const char *key, param_value *v, const char **names, int max) {
    memset(v, 0, sizeof *v);
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        v->kind = PV_NUMBER;
        v->num = lua_tonumber(L, idx);
        return;
    case LUA_TBOOLEAN:
        v->kind = PV_BOOL;
        v->b = lua_toboolean(L, idx);
        return;
    case LUA_TSTRING:
        v->kind = PV_STRING;
        v->str = lua_tostring(L, idx);
        return;
    case LUA_TTABLE:
        v->kind = PV_LIST;
        v->list = names;
        for (int k = 1;; k++) {
            if (lua_rawgeti(L, idx, k) == LUA_TNIL) {
                lua_pop(L, 1);
                break;
            }
            if (k > max) fail(L, "parameter '%s' lists too many names", key);
            if (lua_isboolean(L, -1)) names[v->n++] = lua_toboolean(L, -1) ? "true" : "false";
            else if (lua_isstring(L, -1)) names[v->n++] = lua_tostring(L, -1);
            else fail(L, "parameter '%s' must list names (strings), numbers or booleans", key);
            lua_pop(L, 1); /* the string stays alive: the table holds it */
        }
        return;
    default: fail(L, "parameter '%s' has a value of the wrong type", key);
    }
}

typedef vg_status param_setter(vg_game *g, int id, const char *key, const param_value *v, int line, vg_error *err);

/* Hands every named entry of the table at 1 (other than 'parent' and
 * 'update' when 'skip' is set: sprite{} reads those itself) to 'set';
 * rejects positional entries past 'npos'. */
static void named_params(lua_State *L, int npos, int skip, param_setter *set, int id) {
    script *sc = script_of(L);
    int line = call_line(L);
    const char *names[VG_MAX_TYPES];
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) == LUA_TNUMBER) {
            lua_Integer k = lua_tointeger(L, -2);
            if (k < 1 || k > npos)
                fail(L, "unexpected entry [%s] (parameters are named: key = value)", lua_tostring(L, -2));
        } else if (lua_type(L, -2) != LUA_TSTRING) {
            fail(L, "unexpected %s key", luaL_typename(L, -2));
        } else if (!skip ||
                   (strcmp(lua_tostring(L, -2), "parent") != 0 && strcmp(lua_tostring(L, -2), "update") != 0)) {
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
    lua_pop(L, 1); /* the table keeps it alive */
    return s;
}

static vg_status set_game(vg_game *g, int id, const char *key, const param_value *v, int line, vg_error *err) {
    (void)id;
    return game_set_param(g, key, v, line, err);
}

/* game { square_size = 50, max_ticks = 2000 } */
static int l_game(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    named_params(L, 0, 0, set_game, 0);
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
    int type = lua_getfield(L, 1, "update");
    if (type == LUA_TFUNCTION) game_type_update(sc->g, id, luaL_ref(L, LUA_REGISTRYINDEX));
    else if (type != LUA_TNIL) fail(L, "%s", "'update' must be a function(state, sprite)");
    else lua_pop(L, 1);
    named_params(L, 2, 1, game_type_param, id);
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
    named_params(L, n + 1, 0, no_params, 0);
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
            if (n == VG_MAX_TYPES) fail(L, "%s", "the second entry lists more sprite types than a game has (128)");
            _Static_assert(VG_MAX_TYPES == 128, "the message names VG_MAX_TYPES");
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
    named_params(L, 3, 0, set_effect, n);
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
    named_params(L, 1, 0, game_term_param, id);
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
        handle_note_name(L, -1, NAMES_MOVE, sc->g->nmoves - 1); /* so that play finds moves without allocating */
        sc->move_ref[sc->g->nmoves - 1] = luaL_ref(L, LUA_REGISTRYINDEX);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    if (sc->g->nmoves == 0) fail(L, "%s", "'moves' is empty");
    static const struct {
        const char *key;
        size_t offset;
        int required;
    } fns[] = {{"legal", offsetof(script, legal_ref), 1},
               {"apply", offsetof(script, apply_ref), 1},
               {"policy", offsetof(script, policy_ref), 0},
               {"agents", offsetof(script, agents_ref), 0},
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
                fail(L, "%s",
                     "turns{}: 'agents' must be a function or a whole number from 1 to " VG_STR(VG_MAX_AGENTS));
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
        if (sc->outcomes_ref == LUA_NOREF)
            fail(L, "%s", "turns{}: chance agents need 'outcomes', a function(state, agent)");
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
    named_params(L, 2, 0, no_params, 0);
    return 0;
}

/* A declaration (upvalue 1) called while the script loads; called later
 * (from an effect, a termination...) it would change a game in play. */
static int l_declaration(lua_State *L) {
    if (!script_of(L)->loading)
        fail(L, "%s{} declares rules: it can be called only while the script loads",
             lua_tostring(L, lua_upvalueindex(2)));
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

static const luaL_Reg declarations[] = {{"game", l_game},
                                        {"sprite", l_sprite},
                                        {"map", l_map},
                                        {"interaction", l_interaction},
                                        {"termination", l_termination},
                                        {"turns", l_turns},
                                        {"variable", l_variable},
                                        {"constraints", lgen_constraints},
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
    sc->window_end =
        0; /* the clock starts at the window's first script call: a decision that calls none reads no clock */
}

static const script_ops lua_ops = {bind_effect, bind_update,   bind_agents,   bind_legal,
                                   bind_apply,  bind_policy,   bind_outcomes, bind_termination,
                                   bind_value,  script_window, script_close};

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
    sandbox_open(L);
    handle_open(L);
    for (const luaL_Reg *d = declarations; d->name; d++) { /* the declaring functions become globals */
        lua_pushcfunction(L, d->func);
        lua_pushstring(L, d->name);
        lua_pushcclosure(L, l_declaration, 2);
        lua_setglobal(L, d->name);
    }
    return 0;
}

/* 1 when 'src' holds 'word' as a whole name (not inside a longer one). */
static int names_word(const char *src, size_t len, const char *word) {
    size_t n = strlen(word);
    for (size_t k = 0; k + n <= len; k++)
        if (memcmp(src + k, word, n) == 0 && !(k > 0 && (isalnum((unsigned char)src[k - 1]) || src[k - 1] == '_')) &&
            !(k + n < len && (isalnum((unsigned char)src[k + n]) || src[k + n] == '_')))
            return 1;
    return 0;
}

/* What the script's code may set on sprites (game.h's SETS_*), read off
 * its text: the sandbox loads no other code, so the text is all of it. */
static unsigned script_sets(const char *src, size_t len) {
    static const struct {
        const char *method;
        unsigned sets;
    } setters[] = {{"set_speed", SETS_SPEED},        {"set_health", SETS_HEALTH},
                   {"set_resource", SETS_RESOURCES}, {"set_orientation", SETS_ORIENTATION},
                   {"set_cooldown", SETS_SPRITES},   {"set_timer", SETS_SPRITES},
                   {"set_pos", SETS_SPRITES},        {"move", SETS_SPRITES},
                   {"step", SETS_SPRITES},           {"kill", SETS_SPRITES},
                   {"transform", SETS_SPRITES}};
    unsigned sets = 0;
    for (size_t k = 0; k < sizeof setters / sizeof setters[0]; k++)
        if (names_word(src, len, setters[k].method)) sets |= setters[k].sets;
    return sets ? sets | SETS_SPRITES : 0;
}

static vg_status run_script(vg_game *g, script *sc, vg_error *err) {
    char *src;
    size_t len;
    vg_status st = io_read_file(g->script_path, &src, &len, err);
    if (st != VG_OK) return st;
    g->script_sets = script_sets(src, len);
    lua_State *L = sc->L;
    const char *base = strrchr(g->script_path, '/');
    snprintf(sc->chunk, sizeof sc->chunk, "%s", base ? base + 1 : g->script_path);
    char chunkname[sizeof sc->chunk + 1];
    snprintf(chunkname, sizeof chunkname, "=%s", sc->chunk);
    int lst = luaL_loadbufferx(L, src, len, chunkname, "t");
    free(src);
    if (lst != LUA_OK) {
        sandbox_error(sc, lua_tostring(L, -1), err);
        lua_pop(L, 1);
        return VG_ERR_SCRIPT;
    }
    sc->loading = 1;
    st = script_pcall(sc, 0, 0, SCRIPT_LOAD_STEPS, SCRIPT_LOAD_SECONDS, err);
    sc->loading = 0;
    if (st != VG_OK) return st;
    lua_pushcfunction(L, l_value_hooks); /* reading a global may run the script's code (an __index on _G) */
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
    sc->L = lua_newstate(sandbox_alloc, sc);
    if (!sc->L) goto done;
    g->ops = &lua_ops;
    g->script = sc;
    *(script **)lua_getextraspace(sc->L) = sc;
    lua_pushcfunction(sc->L, l_open);
    sc = NULL;                                                             /* the game owns it now */
    if (lua_pcall(((script *)g->script)->L, 0, 0, 0) != LUA_OK) goto done; /* out of memory */
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
