/* SPDX-License-Identifier: MIT
 *
 * handle.c -- the state handle: what custom effects, updates,
 * terminations, heuristics and turns{} functions read and change the
 * game through (the table 'methods' below; docs/scripting.md lists them).
 *
 * A handle holds no game data itself and works only during the call it
 * was given to (bind.c makes the calls). Sprites are named by integer
 * handles (a positive number for a changing sprite, a negative one for a
 * static sprite of the level); positions are in cells, x from the left
 * and y from the top, starting at 0. A read-only handle (heuristics,
 * turns{}'s legal and outcomes) refuses every method that writes. A name
 * that is not a method raises "unknown state method", with the closest
 * one.
 *
 * Stack effects are given in the Lua manual's [-o, +p, x] notation.
 */
#include <math.h>
#include <string.h>

#include <lauxlib.h>

#include "../class.h"
#include "../param.h"
#include "lscript.h"

#define HANDLE_META "vgdl.state"

/* The handle passed as argument 1 (there is only one). */
static state_handle *handle_of(lua_State *L) {
    state_handle *h = lua_touserdata(L, 1);
    if (!h || h != script_of(L)->handle) luaL_typeerror(L, 1, "state");
    if (!h->s) luaL_error(L, "a state handle works only during the call it was passed to");
    return h;
}

/* ---- Names: types, variables, moves ------------------------------------ */

/* The slot of 'key' in cache 'c' (see name_cache): its own, or the empty one it would take. */
static unsigned name_slot(const name_cache *c, const void *key) {
    unsigned k = (unsigned)((uint32_t)((uintptr_t)key >> 4) * 0x9e3779b1u) >> 25; /* 7 bits: NAME_SLOTS */
    while (c->key[k] && c->key[k] != key) k = (k + 1) & (NAME_SLOTS - 1);
    return k;
}

void handle_note_name(lua_State *L, int idx, int kind, int value) {
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

int handle_find_name(lua_State *L, int idx, int kind, int note, const vg_game *g,
                     int (*find)(const vg_game *, const char *)) {
    const name_cache *c = &script_of(L)->names[kind];
    unsigned k = name_slot(c, lua_topointer(L, idx));
    if (c->key[k]) return c->value[k];
    if (lua_type(L, idx) != LUA_TSTRING) return -1;
    int v = find(g, lua_tostring(L, idx));
    if (v >= 0 && note) handle_note_name(L, idx, kind, v);
    return v;
}

/* ---- Arguments ---------------------------------------------------------- */

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

void handle_push_sprite(lua_State *L, int r) {
    if (r == REF_NONE) lua_pushnil(L); /* no sprite: the edge of the screen */
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

/* The changing sprite at argument 2, in a writable handle (sprite_arg, changeable). */
static sprite *changing_arg(lua_State *L, state_handle *h) {
    tick_ctx *t = writable(L, h);
    return tick_sprite(t, (uint32_t)changeable(L, h, sprite_arg(L, h, 2), 0));
}

static int alive(const state_handle *h, int r) {
    if (r < 0) return fixed_alive(h->g, h->s, (uint32_t)(-r - 1)) && !(h->t && tick_killed(h->t, r));
    return !(state_sprite(h->s, r)->flags & (SP_KILLED | SP_DISABLED));
}

static int type_arg(lua_State *L, const state_handle *h, int idx) {
    int t = handle_find_name(L, idx, NAMES_TYPE, 1, h->g, game_type_find);
    if (t < 0) {
        luaL_checktype(L, idx, LUA_TSTRING);
        luaL_error(L, "unknown sprite type '%s'", lua_tostring(L, idx));
    }
    return t;
}

/* Argument 'idx', a finite number (not NaN nor infinite). */
static lua_Number finite_arg(lua_State *L, int idx) {
    lua_Number v = luaL_checknumber(L, idx);
    if (!isfinite(v)) luaL_argerror(L, idx, "must be a finite number");
    return v;
}

/* Argument 'idx', a whole number from 'lo' to 'hi'. */
static int whole_arg(lua_State *L, int idx, lua_Integer lo, lua_Integer hi) {
    lua_Integer v = luaL_checkinteger(L, idx);
    if (v < lo || v > hi) luaL_argerror(L, idx, lua_pushfstring(L, "must be from %I to %I", lo, hi));
    return (int)v;
}

/* Raises an error saying the game's sprites keep no 'what' of their own:
 * the loader gives them a field only when the script's text names its
 * setter (see script_sets in game.h). */
static int not_kept(lua_State *L, const char *what, const char *method) {
    return luaL_error(L,
                      "%s: this game's sprites keep no %s of their own (they do when the script names %s: "
                      "call it as state:%s)",
                      method, what, method, method);
}

static void push_cells(lua_State *L, const vg_game *g, int pixels) {
    if (pixels % g->square == 0) lua_pushinteger(L, pixels / g->square);
    else lua_pushnumber(L, (lua_Number)pixels / g->square);
}

/* The tick being played, or between ticks the next one (sprite.moved counts in these). */
static uint16_t now(const state_handle *h) { return h->t ? h->t->now : (uint16_t)(h->s->tick + 1); }

/* ---- The game ------------------------------------------------------------ */

/* s:tick() [-0, +1, e] */
static int m_tick(lua_State *L) {
    lua_pushinteger(L, handle_of(L)->s->tick);
    return 1;
}
/* s:score() [-0, +1, e] */
static int m_score(lua_State *L) {
    lua_pushnumber(L, handle_of(L)->s->score);
    return 1;
}
/* s:width(), s:height() [-0, +1, e] */
static int m_width(lua_State *L) {
    lua_pushinteger(L, handle_of(L)->g->w);
    return 1;
}
static int m_height(lua_State *L) {
    lua_pushinteger(L, handle_of(L)->g->h);
    return 1;
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

/* s:action() -> "LEFT", "USE", "NIL", ...: the avatar's action this tick
 * (between ticks, the last tick's) [-0, +1, e] */
static int m_action(lua_State *L) {
    lua_pushstring(L, vg_action_name((vg_action)handle_of(L)->s->action) + 7); /* past "ACTION_" */
    return 1;
}

/* s:random() -> a float in [0, 1); s:random(n) -> a whole number in 1..n;
 * from the state's RNG [-0, +1, e] */
static int m_random(lua_State *L) {
    state_handle *h = handle_of(L);
    if (lua_isnoneornil(L, 2)) {
        lua_pushnumber(L, rng_double(writable(L, h)->s));
        return 1;
    }
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= 0x7fffffff, 2, "must be from 1 to 2^31-1");
    lua_pushinteger(L, rng_int(writable(L, h)->s, (int)n) + 1);
    return 1;
}

static int var_arg(lua_State *L, const state_handle *h, int idx) {
    int v = handle_find_name(L, idx, NAMES_VAR, 1, h->g, vg_var_find);
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
static int m_turn(lua_State *L) {
    lua_pushinteger(L, handle_of(L)->s->turn);
    return 1;
}

/* s:win(), s:lose(), s:draw() -- ends the game now [-0, +0, e] */
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

/* ---- Finding sprites ------------------------------------------------------ */

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
    handle_push_sprite(L, i);
    lua_rawseti(L, -2, ++*n);
}

/* s:sprites(type) -> list of sprite handles [-0, +1, m] */
static int m_sprites(lua_State *L) {
    state_handle *h = handle_of(L);
    uint64_t want = h->g->types[type_arg(L, h, 2)].subtypes;
    int n = 0;
    uint64_t fixed = want & ~h->g->changing;
    lua_newtable(L);
    if (fixed && !(fixed & (fixed - 1))) { /* one static type: its own list, in the same (id) order */
        int t = __builtin_ctzll(fixed);
        const uint32_t *list = h->g->fixed_order + h->g->fixed_first[t];
        for (int k = 0; k < h->g->static_count[t]; k++)
            if (alive(h, -(int)list[k] - 1)) handle_push_sprite(L, -(int)list[k] - 1), lua_rawseti(L, -2, ++n);
    } else if (fixed) {
        for (uint32_t e = 0; e < h->g->static_start[h->g->w * h->g->h]; e++)
            if ((want >> h->g->static_ents[e].type & 1) && alive(h, -(int)e - 1))
                handle_push_sprite(L, -(int)e - 1), lua_rawseti(L, -2, ++n);
    }
    each_changing(L, h, want, push_listed, &n);
    return 1;
}

/* s:avatar() -> sprite handle or nil [-0, +1, e] */
static int m_avatar(lua_State *L) {
    state_handle *h = handle_of(L);
    int i = state_find_avatar(h->g, h->s);
    if (i < 0) lua_pushnil(L);
    else handle_push_sprite(L, i);
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
        if (alive(h, -(int)e - 1)) handle_push_sprite(L, -(int)e - 1), lua_rawseti(L, -2, ++n);
    for (uint32_t i = 0; i < h->s->n; i++)
        if (alive(h, (int)i) && over_cell(h->g, state_sprite(h->s, i), cx, cy))
            handle_push_sprite(L, (int)i), lua_rawseti(L, -2, ++n);
    return 1;
}

/* ---- One sprite: what it is ---------------------------------------------- */

/* s:pos(sprite) -> x, y [-0, +2, e] */
static int m_pos(lua_State *L) {
    state_handle *h = handle_of(L);
    int x, y;
    ref_pos(h->g, h->s, sprite_arg(L, h, 2), &x, &y);
    push_cells(L, h->g, x);
    push_cells(L, h->g, y);
    return 2;
}

/* s:prev_pos(sprite) -> x, y: where it stood when the tick began (GVGAI's
 * lastrect; between ticks, where it is) [-0, +2, e] */
static int m_prev_pos(lua_State *L) {
    state_handle *h = handle_of(L);
    int r = sprite_arg(L, h, 2), x, y;
    if (h->t) tick_last_pos(h->t, r, &x, &y);
    else ref_pos(h->g, h->s, r, &x, &y);
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

/* s:id(sprite) -> the number that is the sprite's for its whole life (GVGAI's obsID) [-0, +1, e] */
static int m_id(lua_State *L) {
    state_handle *h = handle_of(L);
    lua_pushinteger(L, ref_id(h->g, h->s, sprite_arg(L, h, 2)));
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

/* ---- One sprite: what it carries ------------------------------------------ */

/* s:orientation(sprite) -> dx, dy, kept: the way it faces (0, 0: none; a
 * sprite of continuous physics: its real orientation), and whether it
 * keeps an orientation (GVGAI's is_oriented: transformTo, attractGaze
 * and teleportToExit hand orientations only between such sprites) [-0, +3, e] */
static int m_orientation(lua_State *L) {
    state_handle *h = handle_of(L);
    int r = sprite_arg(L, h, 2);
    const type_def *td = &h->g->types[ref_type(h->g, h->s, r)];
    const sprite *p = r >= 0 ? state_sprite(h->s, (uint32_t)r) : NULL;
    if (p && td->vec) {
        double x, y;
        physics_vec(h->g, p, &x, &y);
        lua_pushnumber(L, x);
        lua_pushnumber(L, y);
    } else {
        lua_pushinteger(L, p ? p->dx : td->dx0);
        lua_pushinteger(L, p ? p->dy : td->dy0);
    }
    lua_pushboolean(L, ref_oriented(h->g, h->s, r));
    return 3;
}

/* s:set_orientation(sprite, dx, dy): on the grid each of -1, 0, 1; with
 * continuous physics any direction (kept as given) [-0, +0, e] */
static int m_set_orientation(lua_State *L) {
    state_handle *h = handle_of(L);
    sprite *p = changing_arg(L, h);
    lua_Number x = finite_arg(L, 3), y = finite_arg(L, 4);
    if (h->g->types[p->type].vec) {
        physics_set_vec(h->g, p, x, y);
    } else if ((x != -1 && x != 0 && x != 1) || (y != -1 && y != 0 && y != 1)) {
        luaL_error(L, "set_orientation: dx and dy must each be -1, 0 or 1 (a grid sprite), not %f and %f", x, y);
    }
    p->dx = (int8_t)((x > 0) - (x < 0));
    p->dy = (int8_t)((y > 0) - (y < 0));
    return 0;
}

/* s:speed(sprite) -> cells a move (its own when rules change speeds, else its type's) [-0, +1, e] */
static int m_speed(lua_State *L) {
    state_handle *h = handle_of(L);
    lua_pushnumber(L, ref_speed(h->g, h->s, sprite_arg(L, h, 2)));
    return 1;
}

/* s:set_speed(sprite, v) -- v from 0 to 100 [-0, +0, e] */
static int m_set_speed(lua_State *L) {
    state_handle *h = handle_of(L);
    sprite *p = changing_arg(L, h);
    lua_Number v = finite_arg(L, 3);
    luaL_argcheck(L, v >= 0 && v <= 100, 3, "must be from 0 to 100");
    if (!h->g->ext_off[EXT_SPEED]) return not_kept(L, "speed", "set_speed");
    sprite_set_speed(h->g, p, v);
    return 0;
}

/* s:health(sprite) -> points, max: its health points and the most it has
 * had (GVGAI's maxHealthPoints, from the type's, else its first points) [-0, +2, e] */
static int m_health(lua_State *L) {
    state_handle *h = handle_of(L);
    int r = sprite_arg(L, h, 2);
    const int16_t *hp = r >= 0 ? sprite_health(h->g, state_sprite(h->s, (uint32_t)r)) : NULL;
    const type_def *td = &h->g->types[ref_type(h->g, h->s, r)];
    int max = td->health_max ? td->health_max : td->health;
    lua_pushinteger(L, hp ? hp[0] : (td->health < max ? td->health : max));
    lua_pushinteger(L, hp ? hp[1] : max);
    return 2;
}

/* s:set_health(sprite, n) -> the points it now has: n, but a rise stops
 * at the type's limitHealthPoints (a sprite that took more from what it
 * was transformed from keeps them until they fall); the most it has had
 * follows [-0, +1, e] */
static int m_set_health(lua_State *L) {
    state_handle *h = handle_of(L);
    sprite *p = changing_arg(L, h);
    int n = whole_arg(L, 3, -30000, 30000), lim = h->g->types[p->type].health_limit;
    int16_t *hp = sprite_health(h->g, p);
    if (!hp) return not_kept(L, "health points", "set_health");
    hp[0] = (int16_t)(n <= hp[0] || n < lim ? n : lim);
    if (hp[0] > hp[1]) hp[1] = hp[0];
    lua_pushinteger(L, hp[0]);
    return 1;
}

/* The resource kind of the type at argument 'idx', -1 when the game
 * keeps none of it. */
static int resource_arg(lua_State *L, const state_handle *h, int idx) { return h->g->res_slot[type_arg(L, h, idx)]; }

/* s:resource(sprite, type) -> how much of resource 'type' it holds [-0, +1, e] */
static int m_resource(lua_State *L) {
    state_handle *h = handle_of(L);
    int r = sprite_arg(L, h, 2), k = resource_arg(L, h, 3);
    lua_pushinteger(L, r >= 0 ? sprite_resource(h->g, state_sprite(h->s, (uint32_t)r), k) : 0);
    return 1;
}

/* s:set_resource(sprite, type, n) -> the amount it now holds: n, within 0
 * and the resource's limit (a Resource's 'limit'; 0 for other types) [-0, +1, e] */
static int m_set_resource(lua_State *L) {
    state_handle *h = handle_of(L);
    sprite *p = changing_arg(L, h);
    int type = type_arg(L, h, 3), k = h->g->res_slot[type];
    lua_Integer n = luaL_checkinteger(L, 4);
    if (k < 0)
        return luaL_error(L,
                          "set_resource: '%s' is not a resource of this game (a type of class Resource or "
                          "ResourcePack, or one a rule names as 'resource')",
                          h->g->types[type].name);
    int lim = class_resource_limit(h->g, type);
    int v = n < 0 ? 0 : n > lim ? lim : (int)n;
    sprite_set_resource(h->g, p, k, v);
    lua_pushinteger(L, v);
    return 1;
}

/* s:cooldown(sprite) -> ticks before it may move again (0: now; its
 * type's 'cooldown' counts from its last move) [-0, +1, e] */
static int m_cooldown(lua_State *L) {
    state_handle *h = handle_of(L);
    int r = sprite_arg(L, h, 2), wait = 0;
    if (r >= 0) {
        const sprite *p = state_sprite(h->s, (uint32_t)r);
        wait = h->g->types[p->type].cooldown - (uint16_t)(now(h) - p->moved);
    }
    lua_pushinteger(L, wait > 0 ? wait : 0);
    return 1;
}

/* s:set_cooldown(sprite, n) -- it may move again in n ticks (0 to its type's cooldown) [-0, +0, e] */
static int m_set_cooldown(lua_State *L) {
    state_handle *h = handle_of(L);
    sprite *p = changing_arg(L, h);
    int cooldown = h->g->types[p->type].cooldown, n = whole_arg(L, 3, 0, cooldown);
    p->moved = (uint16_t)(now(h) - (cooldown - n));
    return 0;
}

/* s:timer(sprite) -> the ticks it has left before it dies by itself
 * (timeToLive, a Flicker's limit), nil when it has no such end [-0, +1, e] */
static int m_timer(lua_State *L) {
    state_handle *h = handle_of(L);
    int r = sprite_arg(L, h, 2), left;
    if (r >= 0 && class_timer(h->g, state_sprite(h->s, (uint32_t)r), &left)) lua_pushinteger(L, left);
    else lua_pushnil(L);
    return 1;
}

/* s:set_timer(sprite, n) -- it dies by itself in n ticks [-0, +0, e] */
static int m_set_timer(lua_State *L) {
    state_handle *h = handle_of(L);
    sprite *p = changing_arg(L, h);
    int left, n = whole_arg(L, 3, 0, 30000);
    if (!class_timer(h->g, p, &left))
        return luaL_error(L, "set_timer: a '%s' has no timer (give its type a timeToLive, or make it a Flicker)",
                          h->g->types[p->type].name);
    class_set_timer(h->g, p, n);
    return 0;
}

/* s:param(type, name) -> the type's sprite parameter 'name' (sprite{}'s
 * names: "limit", "value", "speed", "stype", ...; a type by its name, a
 * list of types as a list, nil when it names none), or "class": its
 * class's name [-0, +1, e] */
static int m_param(lua_State *L) {
    state_handle *h = handle_of(L);
    int type = type_arg(L, h, 2);
    const char *key = luaL_checkstring(L, 3);
    if (strcmp(key, "class") == 0) {
        int cls = h->g->types[type].cls;
        if (cls < 0) lua_pushnil(L);
        else lua_pushstring(L, class_table[cls].name);
        return 1;
    }
    param_value v;
    const char *names[VG_MAX_TYPES];
    vg_error err;
    if (param_get(h->g, type, key, &v, names, &err) != VG_OK) return luaL_error(L, "param: %s", err.msg);
    switch (v.kind) {
    case PV_NUMBER:
        if (v.num == (double)(lua_Integer)v.num) lua_pushinteger(L, (lua_Integer)v.num);
        else lua_pushnumber(L, v.num);
        break;
    case PV_BOOL: lua_pushboolean(L, v.b); break;
    case PV_STRING: lua_pushlstring(L, v.str, (size_t)v.n); break;
    case PV_LIST:
        if (v.n == 0 && !v.list) { /* a type or effect parameter naming none */
            lua_pushnil(L);
            break;
        }
        lua_createtable(L, v.n, 0);
        for (int k = 0; k < v.n; k++) lua_pushstring(L, v.list[k]), lua_rawseti(L, -2, k + 1);
        break;
    }
    return 1;
}

/* ---- Changing sprites -------------------------------------------------------- */

/* s:kill(sprite) [-0, +0, e] */
static int m_kill(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    tick_kill(t, changeable(L, h, sprite_arg(L, h, 2), 1), 0);
    return 0;
}

/* Pixels of a position given in cells, to the nearest (cells read back
 * from pixels give the same pixels); raises an error for one that is not
 * a number a sprite can be at (NaN, huge: a state keeps 16-bit pixels). */
static int to_pixels(lua_Number cells, lua_State *L, const tick_ctx *t, int arg) {
    lua_Number px = cells * t->b;
    if (!(px > -30000 && px < 30000)) luaL_argerror(L, arg, "position out of range");
    return (int)lround(px);
}

static void place(lua_State *L, tick_ctx *t, int i, lua_Number x, lua_Number y) {
    tick_set_pos(t, i, to_pixels(x, L, t, 3), to_pixels(y, L, t, 4));
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

/* s:step(sprite, dx, dy [, speed]) -> whether it moved: GVGAI's active
 * movement, (dx, dy) times its speed (or 'speed') in cells, when its
 * cooldown allows; then it must wait its cooldown again. A grid sprite's
 * move: a sprite of continuous physics is refused [-0, +1, e] */
static int m_step(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    int i = changeable(L, h, sprite_arg(L, h, 2), 0);
    lua_Number dx = finite_arg(L, 3), dy = finite_arg(L, 4);
    sprite *p = tick_sprite(t, (uint32_t)i);
    lua_Number speed = lua_isnoneornil(L, 5) ? sprite_speed(h->g, p) : finite_arg(L, 5);
    luaL_argcheck(L, fabs(dx) <= 1 && fabs(dy) <= 1, 3, "a direction: dx and dy from -1 to 1");
    luaL_argcheck(L, speed >= 0 && speed <= 100, 5, "must be from 0 to 100");
    if (h->g->types[p->type].cont) return luaL_error(L, "step: '%s' has continuous physics", h->g->types[p->type].name);
    lua_pushboolean(L, physics_active(t, i, dx, dy, speed));
    return 1;
}

/* s:set_pos(sprite, x, y) [-0, +0, e] */
static int m_set_pos(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    place(L, t, changeable(L, h, sprite_arg(L, h, 2), 0), luaL_checknumber(L, 3), luaL_checknumber(L, 4));
    return 0;
}

static int spawn(lua_State *L, tick_ctx *t, int type, int x, int y) {
    if (!t->g->types[type].leaf && t->g->types[type].self >= 0) type = t->g->types[type].self; /* its own sprites */
    if (t->g->types[type].fixed || !t->g->types[type].leaf)
        luaL_error(L, "cannot create a '%s': %s", t->g->types[type].name,
                   t->g->types[type].leaf ? "the type is static; declare it with dynamic = true" : "it has subtypes");
    int i = tick_create(t, type, x, y, 0);
    if (i < 0 && t->status != VG_OK) luaL_error(L, "%s", t->err ? t->err->msg : "the state is full");
    if (i < 0) lua_pushnil(L);
    else handle_push_sprite(L, i);
    return i;
}

/* s:spawn(type, x, y) -> new sprite handle, or nil (a singleton exists) [-0, +1, e] */
static int m_spawn(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    int type = type_arg(L, h, 2);
    spawn(L, t, type, to_pixels(luaL_checknumber(L, 3), L, t, 3), to_pixels(luaL_checknumber(L, 4), L, t, 4));
    return 1;
}

/* s:transform(sprite, type) -> the new sprite's handle, or nil: as
 * transformTo, the new sprite takes the old one's place (and where it
 * stood when the tick began), its orientation when both keep one and
 * the new one has none, its resources and health [-0, +1, e] */
static int m_transform(lua_State *L) {
    state_handle *h = handle_of(L);
    tick_ctx *t = writable(L, h);
    int i = changeable(L, h, sprite_arg(L, h, 2), 0), type = type_arg(L, h, 3);
    if (tick_sprite(t, (uint32_t)i)->flags & SP_DISABLED) { /* a dead avatar stays dead (transformTo) */
        lua_pushnil(L);
        return 1;
    }
    int n = spawn(L, t, type, tick_sprite(t, i)->x, tick_sprite(t, i)->y);
    if (n >= 0) effect_take_over(t, i, n);
    return 1;
}

/* ---- The table ------------------------------------------------------------- */

static const luaL_Reg methods[] = {{"tick", m_tick},
                                   {"score", m_score},
                                   {"width", m_width},
                                   {"height", m_height},
                                   {"add_score", m_add_score},
                                   {"action", m_action},
                                   {"random", m_random},
                                   {"var", m_var},
                                   {"set_var", m_set_var},
                                   {"turn", m_turn},
                                   {"win", m_win},
                                   {"lose", m_lose},
                                   {"draw", m_draw},
                                   {"count", m_count},
                                   {"sprites", m_sprites},
                                   {"avatar", m_avatar},
                                   {"at", m_at},
                                   {"pos", m_pos},
                                   {"prev_pos", m_prev_pos},
                                   {"type", m_type},
                                   {"id", m_id},
                                   {"is", m_is},
                                   {"alive", m_alive},
                                   {"orientation", m_orientation},
                                   {"set_orientation", m_set_orientation},
                                   {"speed", m_speed},
                                   {"set_speed", m_set_speed},
                                   {"health", m_health},
                                   {"set_health", m_set_health},
                                   {"resource", m_resource},
                                   {"set_resource", m_set_resource},
                                   {"cooldown", m_cooldown},
                                   {"set_cooldown", m_set_cooldown},
                                   {"timer", m_timer},
                                   {"set_timer", m_set_timer},
                                   {"param", m_param},
                                   {"kill", m_kill},
                                   {"move", m_move},
                                   {"step", m_step},
                                   {"set_pos", m_set_pos},
                                   {"spawn", m_spawn},
                                   {"transform", m_transform},
                                   {NULL, NULL}};

/* The methods table's __index: a name that is not a method. */
static int l_unknown_method(lua_State *L) {
    const char *names[sizeof methods / sizeof methods[0]];
    int n = 0;
    for (const luaL_Reg *m = methods; m->name; m++) names[n++] = m->name;
    const char *word = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    int best = vg_closest_name(word, names, n);
    if (best >= 0) return luaL_error(L, "unknown state method '%s'; did you mean '%s'?", word, names[best]);
    return luaL_error(L, "unknown state method '%s'", word);
}

void handle_open(lua_State *L) {
    script *sc = script_of(L);
    luaL_newmetatable(L, HANDLE_META);
    luaL_newlib(L, methods);
    lua_createtable(L, 0, 1); /* the methods' own metatable: unknown names */
    lua_pushcfunction(L, l_unknown_method);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
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
