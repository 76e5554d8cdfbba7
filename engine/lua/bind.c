/* SPDX-License-Identifier: MIT
 *
 * bind.c -- the state handle that custom effects, terminations and
 * heuristics receive, and the calls from the engine into those functions.
 *
 * A handle reads and changes the engine's state through the functions in
 * the table 'methods'; it holds no game data itself, and it works only
 * during the call it was given to. Sprites are named by integer handles
 * (a positive number for a changing sprite, a negative one for a static
 * sprite of the level); positions are in cells, x from the left and y
 * from the top, starting at 0. Heuristics get a read-only handle.
 *
 * Stack effects are given in the Lua manual's [-o, +p, x] notation.
 */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "lscript.h"

#define HANDLE_META "vgdl.state"

static script *script_of(lua_State *L) { return *(script **)lua_getextraspace(L); }

/* The handle passed as argument 1 (there is only one). */
static state_handle *handle_of(lua_State *L) {
    state_handle *h = lua_touserdata(L, 1);
    if (!h || h != script_of(L)->handle) luaL_typeerror(L, 1, "state");
    if (!h->s) luaL_error(L, "a state handle works only during the call it was passed to");
    return h;
}

/* The slot of the string at 'idx' in cache 'c' (see name_cache): its own, or the empty one it would take. */
static unsigned name_slot(const name_cache *c, const void *key) {
    unsigned k = (unsigned)((uint32_t)((uintptr_t)key >> 4) * 0x9e3779b1u) >> 25;   /* 7 bits: NAME_SLOTS */
    while (c->key[k] && c->key[k] != key) k = (k + 1) & (NAME_SLOTS - 1);
    return k;
}

/* Remembers that the string at 'idx' names 'value' (of 'kind'), keeping the
 * string alive; nothing once the cache is full. Allocates: call it only
 * inside a protected call. */
void bind_note_name(lua_State *L, int idx, int kind, int value) {
    script *sc = script_of(L);
    name_cache *c = &sc->names[kind];
    const void *key = lua_topointer(L, idx);
    unsigned k = name_slot(c, key);
    if (c->key[k] || c->n == NAME_CACHE) return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, sc->names_ref);
    lua_pushvalue(L, idx < 0 ? idx - 1 : idx);
    lua_rawseti(L, -2, kind * NAME_CACHE + c->n + 1);
    lua_pop(L, 1);
    c->key[k] = key;
    c->value[k] = value;
    c->n++;
}

/* The value find() gives the name at 'idx', -1 when it gives none or
 * 'idx' holds no string; names found before are known by their string's
 * address, without reading it (see name_cache), and with 'note' a name
 * found now is remembered (which allocates: only in a protected call). */
static int find_name(lua_State *L, int idx, int kind, int note, const vg_game *g,
                     int (*find)(const vg_game *, const char *)) {
    const name_cache *c = &script_of(L)->names[kind];
    unsigned k = name_slot(c, lua_topointer(L, idx));
    if (c->key[k]) return c->value[k];
    if (lua_type(L, idx) != LUA_TSTRING) return -1;
    int v = find(g, lua_tostring(L, idx));
    if (v >= 0 && note) bind_note_name(L, idx, kind, v);
    return v;
}

static tick_ctx *writable(lua_State *L, state_handle *h) {
    if (!h->t) luaL_error(L, "this state is read-only here");
    return h->t;
}

/* Sprite handle at 'idx' -> engine reference (see ref_pos in state.h). */
static int sprite_arg(lua_State *L, const state_handle *h, int idx) {
    lua_Integer k = luaL_checkinteger(L, idx);
    uint32_t nstatic = h->g->static_start[h->g->w * h->g->h];
    if (k > 0 && k <= (lua_Integer)h->s->n) return (int)k - 1;
    if (k < 0 && k >= -(lua_Integer)nstatic) return (int)k;
    return luaL_argerror(L, idx, "not a sprite handle");
}

static void push_sprite(lua_State *L, int r) {
    if (r == REF_NONE) lua_pushnil(L);              /* no sprite: the edge of the screen */
    else lua_pushinteger(L, r >= 0 ? r + 1 : r);
}

/* Sprite 'r' if it may move ('kill' 0) or die ('kill' 1); raises an error for a static one. */
static int changeable(lua_State *L, const state_handle *h, int r, int kill) {
    const type_def *td = &h->g->types[ref_type(h->g, h->s, r)];
    if (r < 0 && !(kill && td->killable))
        luaL_error(L, "sprite type '%s' is static (no rule %s it); declare it with dynamic = true", td->name,
                   kill ? "kills" : "moves");
    return r;
}

static int alive(const state_handle *h, int r) {
    if (r < 0) return fixed_alive(h->g, h->s, (uint32_t)(-r - 1)) && !(h->t && tick_killed(h->t, r));
    return !(state_sprite(h->s, r)->flags & (SP_KILLED | SP_DISABLED));
}

static int type_arg(lua_State *L, const state_handle *h, int idx) {
    int t = find_name(L, idx, NAMES_TYPE, 1, h->g, game_type_find);
    if (t < 0) {
        luaL_checktype(L, idx, LUA_TSTRING);
        luaL_error(L, "unknown sprite type '%s'", lua_tostring(L, idx));
    }
    return t;
}

static void push_cells(lua_State *L, const vg_game *g, int pixels) {
    if (pixels % g->square == 0) lua_pushinteger(L, pixels / g->square);
    else lua_pushnumber(L, (lua_Number)pixels / g->square);
}

/* ---- Methods ---------------------------------------------------------- */

/* s:tick() [-0, +1, e] */
static int m_tick(lua_State *L) { lua_pushinteger(L, handle_of(L)->s->tick); return 1; }
/* s:score() [-0, +1, e] */
static int m_score(lua_State *L) { lua_pushnumber(L, handle_of(L)->s->score); return 1; }
/* s:width(), s:height() [-0, +1, e] */
static int m_width(lua_State *L) { lua_pushinteger(L, handle_of(L)->g->w); return 1; }
static int m_height(lua_State *L) { lua_pushinteger(L, handle_of(L)->g->h); return 1; }

/* Argument 'idx', a finite number (not NaN nor infinite). */
static lua_Number finite_arg(lua_State *L, int idx) {
    lua_Number v = luaL_checknumber(L, idx);
    if (!isfinite(v)) luaL_argerror(L, idx, "must be a finite number");
    return v;
}

/* s:add_score(n) [-0, +0, e] */
static int m_add_score(lua_State *L) {
    state_handle *h = handle_of(L);
    vg_state *s = writable(L, h)->s;
    double score = s->score + finite_arg(L, 2);
    if (!isfinite(score)) luaL_argerror(L, 2, "makes the score too large");
    s->score = score;
    return 0;
}

/* Calls 'each' on the changing sprites of the leaf types in 'want' that
 * are alive, in (type, id) order: outside a tick from the type ranges, in
 * a tick (where new sprites are not in them yet) from all of them. */
static void each_changing(lua_State *L, const state_handle *h, uint64_t want, void (*each)(lua_State *, int, void *),
                          void *ctx) {
    if (!h->t) {
        for (uint64_t ts = want & h->g->changing; ts; ts &= ts - 1) {
            uint32_t from, to;
            state_range(h->g, h->s, __builtin_ctzll(ts), &from, &to);
            for (uint32_t i = from; i < to; i++)
                if (alive(h, (int)i)) each(L, (int)i, ctx);
        }
        return;
    }
    for (uint32_t i = 0; i < h->s->n; i++)
        if ((want >> state_sprite(h->s, i)->type & 1) && alive(h, (int)i)) each(L, (int)i, ctx);
}

/* For s:count with a cell: counts the sprites overlapping it. */
typedef struct cell_count {
    const state_handle *h;
    int cx, cy, n;
} cell_count;

static int over_cell(const vg_game *g, const sprite *p, int cx, int cy) {
    int b = g->square;
    return p->x > (cx - 1) * b && p->x < (cx + 1) * b && p->y > (cy - 1) * b && p->y < (cy + 1) * b;
}

static void count_at(lua_State *L, int i, void *ctx) {
    (void)L;
    cell_count *cc = ctx;
    cc->n += over_cell(cc->h->g, state_sprite(cc->h->s, (uint32_t)i), cc->cx, cc->cy);
}

/* s:count(type [, x, y]) -> live sprites of the type and its subtypes
 * (overlapping cell x, y when given) [-0, +1, e] */
static int m_count(lua_State *L) {
    state_handle *h = handle_of(L);
    int type = type_arg(L, h, 2);
    if (lua_isnoneornil(L, 3)) {
        lua_pushinteger(L, h->t ? tick_count(h->t, type, 0) : state_count(h->g, h->s, type));
        return 1;
    }
    lua_Integer x = luaL_checkinteger(L, 3), y = luaL_checkinteger(L, 4);
    uint64_t want = h->g->types[type].subtypes;
    cell_count cc = {h, (int)x, (int)y, 0};
    if (x >= 0 && y >= 0 && x < h->g->w && y < h->g->h) {
        int cell = (int)y * h->g->w + (int)x;
        for (uint32_t e = h->g->static_start[cell]; e < h->g->static_start[cell + 1]; e++)
            cc.n += (want >> h->g->static_ents[e].type & 1) && alive(h, -(int)e - 1);
        /* outside a tick the cell's count of changing sprites says when none is there */
        if (h->t || h->s->occ_full || h->s->loose || state_occ(h->s)[cell]) each_changing(L, h, want, count_at, &cc);
    }
    lua_pushinteger(L, cc.n);
    return 1;
}

static void push_listed(lua_State *L, int i, void *ctx) {
    int *n = ctx;
    push_sprite(L, i);
    lua_rawseti(L, -2, ++*n);
}

/* s:sprites(type) -> list of sprite handles [-0, +1, m] */
static int m_sprites(lua_State *L) {
    state_handle *h = handle_of(L);
    uint64_t want = h->g->types[type_arg(L, h, 2)].subtypes;
    int n = 0;
    uint64_t fixed = want & ~h->g->changing;
    lua_newtable(L);
    if (fixed && !(fixed & (fixed - 1))) {   /* one static type: its own list, in the same (id) order */
        int t = __builtin_ctzll(fixed);
        const uint32_t *list = h->g->fixed_order + h->g->fixed_first[t];
        for (int k = 0; k < h->g->static_count[t]; k++)
            if (alive(h, -(int)list[k] - 1)) push_sprite(L, -(int)list[k] - 1), lua_rawseti(L, -2, ++n);
    } else if (fixed) {
        for (uint32_t e = 0; e < h->g->static_start[h->g->w * h->g->h]; e++)
            if ((want >> h->g->static_ents[e].type & 1) && alive(h, -(int)e - 1))
                push_sprite(L, -(int)e - 1), lua_rawseti(L, -2, ++n);
    }
    each_changing(L, h, want, push_listed, &n);
    return 1;
}

/* s:avatar() -> sprite handle or nil [-0, +1, e] */
static int m_avatar(lua_State *L) {
    state_handle *h = handle_of(L);
    int i = state_find_avatar(h->g, h->s);
    if (i < 0) lua_pushnil(L);
    else push_sprite(L, i);
    return 1;
}

/* s:pos(sprite) -> x, y [-0, +2, e] */
static int m_pos(lua_State *L) {
    state_handle *h = handle_of(L);
    int x, y;
    ref_pos(h->g, h->s, sprite_arg(L, h, 2), &x, &y);
    push_cells(L, h->g, x);
    push_cells(L, h->g, y);
    return 2;
}

/* s:type(sprite) -> type name [-0, +1, e] */
static int m_type(lua_State *L) {
    state_handle *h = handle_of(L);
    lua_pushstring(L, h->g->types[ref_type(h->g, h->s, sprite_arg(L, h, 2))].name);
    return 1;
}

/* s:is(sprite, type) -> true when the sprite's type is or descends from 'type' [-0, +1, e] */
static int m_is(lua_State *L) {
    state_handle *h = handle_of(L);
    int t = ref_type(h->g, h->s, sprite_arg(L, h, 2));
    lua_pushboolean(L, vg_type_is_a(h->g, t, type_arg(L, h, 3)));
    return 1;
}

/* s:alive(sprite) [-0, +1, e] */
static int m_alive(lua_State *L) {
    state_handle *h = handle_of(L);
    lua_pushboolean(L, alive(h, sprite_arg(L, h, 2)));
    return 1;
}

/* s:at(x, y) -> handles of the sprites overlapping cell (x, y) [-0, +1, m] */
static int m_at(lua_State *L) {
    state_handle *h = handle_of(L);
    lua_Integer x = luaL_checkinteger(L, 2), y = luaL_checkinteger(L, 3);
    int n = 0;
    lua_newtable(L);
    if (x < 0 || y < 0 || x >= h->g->w || y >= h->g->h) return 1;
    int cx = (int)x, cy = (int)y, cell = cy * h->g->w + cx;
    for (uint32_t e = h->g->static_start[cell]; e < h->g->static_start[cell + 1]; e++)
        if (alive(h, -(int)e - 1)) push_sprite(L, -(int)e - 1), lua_rawseti(L, -2, ++n);
    for (uint32_t i = 0; i < h->s->n; i++)
        if (alive(h, (int)i) && over_cell(h->g, state_sprite(h->s, i), cx, cy)) push_sprite(L, (int)i), lua_rawseti(L, -2, ++n);
    return 1;
}

/* s:kill(sprite) [-0, +0, e] */
static int m_kill(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    tick_kill(t, changeable(L, h, sprite_arg(L, h, 2), 1), 0);
    return 0;
}

/* Pixels of a position given in cells; raises an error for one that is
 * not a number a sprite can be at (NaN, huge: a state keeps 16-bit pixels). */
static int to_pixels(lua_State *L, const tick_ctx *t, lua_Number cells, int arg) {
    lua_Number px = cells * t->b;
    if (!(px > -30000 && px < 30000)) luaL_argerror(L, arg, "position out of range");
    return (int)px;
}

static void place(lua_State *L, tick_ctx *t, int i, lua_Number x, lua_Number y) {
    tick_set_pos(t, i, to_pixels(L, t, x, 3), to_pixels(L, t, y, 4));
}

/* s:move(sprite, dx, dy) -- by cells [-0, +0, e] */
static int m_move(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    int i = changeable(L, h, sprite_arg(L, h, 2), 0);
    place(L, t, i, (lua_Number)tick_sprite(t, i)->x / t->b + luaL_checknumber(L, 3),
          (lua_Number)tick_sprite(t, i)->y / t->b + luaL_checknumber(L, 4));
    return 0;
}

/* s:set_pos(sprite, x, y) [-0, +0, e] */
static int m_set_pos(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    place(L, t, changeable(L, h, sprite_arg(L, h, 2), 0), luaL_checknumber(L, 3), luaL_checknumber(L, 4));
    return 0;
}

static int spawn(lua_State *L, tick_ctx *t, int type, int x, int y) {
    if (t->g->types[type].fixed || !t->g->types[type].leaf)
        luaL_error(L, "cannot create a '%s': %s", t->g->types[type].name,
                   t->g->types[type].leaf ? "the type is static; declare it with dynamic = true" : "it has subtypes");
    int i = tick_create(t, type, x, y, 0);
    if (i < 0) lua_pushnil(L);
    else push_sprite(L, i);
    return i;
}

/* s:spawn(type, x, y) -> new sprite handle, or nil (a singleton exists) [-0, +1, e] */
static int m_spawn(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    int type = type_arg(L, h, 2);
    spawn(L, t, type, to_pixels(L, t, luaL_checknumber(L, 3), 3), to_pixels(L, t, luaL_checknumber(L, 4), 4));
    return 1;
}

/* s:transform(sprite, type) -> the new sprite's handle, or nil [-0, +1, e] */
static int m_transform(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    int i = changeable(L, h, sprite_arg(L, h, 2), 0), type = type_arg(L, h, 3);
    if (spawn(L, t, type, tick_sprite(t, i)->x, tick_sprite(t, i)->y) >= 0)
        tick_kill(t, i, !state_is_avatar(t->g, tick_sprite(t, i)->type) || state_is_avatar(t->g, type));
    return 1;
}

/* s:random(n) -> uniform integer in 1..n from the state's RNG [-0, +1, e] */
static int m_random(lua_State *L) {
    state_handle *h = handle_of(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= 0x7fffffff, 2, "must be from 1 to 2^31-1");
    lua_pushinteger(L, rng_int(writable(L, h)->s, (int)n) + 1);
    return 1;
}

static int var_arg(lua_State *L, const state_handle *h, int idx) {
    int v = find_name(L, idx, NAMES_VAR, 1, h->g, vg_var_find);
    if (v >= 0) return v;
    luaL_checktype(L, idx, LUA_TSTRING);
    const char *name = lua_tostring(L, idx);
    return luaL_error(L, "unknown variable '%s' (declare it with variable { \"%s\", 0 })", name, name);
}

/* s:var(name) -> the variable's value [-0, +1, e] */
static int m_var(lua_State *L) {
    state_handle *h = handle_of(L);
    lua_pushinteger(L, h->s->vars[var_arg(L, h, 2)]);
    return 1;
}

/* s:set_var(name, n) [-0, +0, e] */
static int m_set_var(lua_State *L) {
    state_handle *h = handle_of(L);
    int v = var_arg(L, h, 2);
    lua_Integer n = luaL_checkinteger(L, 3);
    luaL_argcheck(L, n >= INT32_MIN && n <= INT32_MAX, 3, "out of range");
    writable(L, h)->s->vars[v] = (int32_t)n;
    return 0;
}

/* s:turn() -> the agent to move [-0, +1, e] */
static int m_turn(lua_State *L) { lua_pushinteger(L, handle_of(L)->s->turn); return 1; }

/* s:win(), s:lose() -- ends the game now [-0, +0, e] */
static int end_game(lua_State *L, int winner) {
    state_handle *h = handle_of(L);
    vg_state *s = writable(L, h)->s;
    s->over = 1;
    s->winner = (uint8_t)winner;
    return 0;
}
static int m_win(lua_State *L) { return end_game(L, VG_PLAYER_WINS); }
static int m_lose(lua_State *L) { return end_game(L, VG_PLAYER_LOSES); }
static int m_draw(lua_State *L) { return end_game(L, VG_NO_WINNER); }

static const luaL_Reg methods[] = {
    {"var", m_var}, {"set_var", m_set_var}, {"turn", m_turn}, {"win", m_win}, {"lose", m_lose}, {"draw", m_draw},
    {"tick", m_tick}, {"score", m_score}, {"width", m_width}, {"height", m_height},
    {"add_score", m_add_score}, {"count", m_count}, {"sprites", m_sprites}, {"avatar", m_avatar},
    {"pos", m_pos}, {"type", m_type}, {"is", m_is}, {"alive", m_alive}, {"at", m_at},
    {"kill", m_kill}, {"move", m_move}, {"set_pos", m_set_pos}, {"spawn", m_spawn},
    {"transform", m_transform}, {"random", m_random}, {NULL, NULL}};

void bind_open(lua_State *L) {
    script *sc = *(script **)lua_getextraspace(L);
    luaL_newmetatable(L, HANDLE_META);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    state_handle *h = lua_newuserdatauv(L, sizeof *h, 0);
    memset(h, 0, sizeof *h);
    luaL_setmetatable(L, HANDLE_META);
    sc->handle = h;
    sc->handle_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    sc->names_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

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
    push_sprite(((script *)p)->L, i1);
    push_sprite(((script *)p)->L, i2);
    return finish(p, 2, 0, err);
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
        return bad_result(sc, sc->agents_ref, "turns{}.agents(state) must return a whole number from 1 to " VG_STR(VG_MAX_AGENTS), err);
    *n = (int)k;
    return VG_OK;
}

/* The move named by the string at the stack top, or -1. Called outside
 * any protected call, so it must not allocate: the loader noted every
 * move's name (bind_note_name), and a string that is one is that string. */
static int move_at_top(script *sc) {
    return find_name(sc->L, -1, NAMES_MOVE, 0, sc->g, vg_move_find);
}

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
    if (!lua_istable(L, -1)) return bad_result(sc, sc->legal_ref, "turns{}.legal(state, agent) must return a list of move names", err);
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
        snprintf(what, sizeof what, "turns{}.legal(state, agent) returned no move for agent %d: a game that is not "
                 "over needs one (a pass is a move)", agent);
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
    if (*n > 0 && !(sum > 0)) return bad_result(sc, sc->outcomes_ref, "turns{}.outcomes: the probabilities sum to 0", err);
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
    return *move < 0 ? bad_result(sc, sc->policy_ref, "turns{}.policy(state, agent) must return a move name", err) : VG_OK;
}
