/* SPDX-License-Identifier: MIT
 *
 * observe.c -- what agents and tools may read of a state: the avatar,
 * sprite lists by category and type, the observation grid, events, a
 * text picture and the trace line (GVGAI's trace format, as JSON).
 *
 * Nothing here changes a state but vg_clear_events, which forgets the last
 * tick's events. Positions are given in cells.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics.h"
#include "state.h"

/* ---- Names ------------------------------------------------------------ */

static const char *const action_names[VG_NUM_ACTIONS] = {"ACTION_NIL",  "ACTION_UP",    "ACTION_LEFT",
                                                         "ACTION_DOWN", "ACTION_RIGHT", "ACTION_USE"};

const char *vg_action_name(vg_action a) { return (unsigned)a < VG_NUM_ACTIONS ? action_names[a] : "ACTION_NIL"; }

int vg_action_parse(const char *text, vg_action *out) {
    if (strncmp(text, "ACTION_", 7) == 0) text += 7;
    for (int a = 0; a < VG_NUM_ACTIONS; a++) {
        const char *name = action_names[a] + 7;
        size_t k = 0;
        while (name[k] && (text[k] == name[k] || text[k] == name[k] + ('a' - 'A'))) k++;
        if (!name[k] && !text[k]) {
            *out = (vg_action)a;
            return 1;
        }
    }
    return 0;
}

const char *vg_winner_name(vg_winner w) {
    static const char *names[] = {"NO_WINNER", "PLAYER_WINS", "PLAYER_LOSES"};
    return (unsigned)w < 3 ? names[w] : "NO_WINNER";
}

const char *vg_category_name(vg_category c) {
    static const char *names[] = {"npc", "immovable", "movable", "resource", "portal", "fromavatar", "avatar"};
    return (unsigned)c < VG_NUM_CATS ? names[c] : "all";
}

/* ---- Avatar ----------------------------------------------------------- */

/* Player p's avatar's index, -1: none (or no such player). */
static int avatar_of(const vg_game *g, const vg_state *s, int p) {
    return p >= 0 && p < g->nplayers ? player_avatar(s, p) : -1;
}

int vg_player_alive(const vg_game *g, const vg_state *s, int p) {
    int i = avatar_of(g, s, p);
    return i >= 0 && !(state_sprite(s, i)->flags & SP_DISABLED);
}

int vg_player_pos(const vg_game *g, const vg_state *s, int p, double *x, double *y) {
    int i = avatar_of(g, s, p);
    if (i < 0) return 0;
    *x = (double)state_sprite(s, i)->x / g->square;
    *y = (double)state_sprite(s, i)->y / g->square;
    return 1;
}

int vg_player_type(const vg_game *g, const vg_state *s, int p) {
    int i = avatar_of(g, s, p);
    return i < 0 ? -1 : state_sprite(s, i)->type;
}

void vg_player_orientation(const vg_game *g, const vg_state *s, int p, int *dx, int *dy) {
    int i = avatar_of(g, s, p);
    *dx = i < 0 ? 0 : state_sprite(s, i)->dx;
    *dy = i < 0 ? 0 : state_sprite(s, i)->dy;
}

int vg_player_resource(const vg_game *g, const vg_state *s, int p, int r) {
    int i = avatar_of(g, s, p);
    return i < 0 ? 0 : sprite_resource(g, state_sprite(s, (uint32_t)i), r);
}

int vg_avatar_alive(const vg_game *g, const vg_state *s) { return vg_player_alive(g, s, 0); }
int vg_avatar_pos(const vg_game *g, const vg_state *s, double *x, double *y) { return vg_player_pos(g, s, 0, x, y); }
int vg_avatar_type(const vg_game *g, const vg_state *s) { return vg_player_type(g, s, 0); }
void vg_avatar_orientation(const vg_game *g, const vg_state *s, int *dx, int *dy) {
    vg_player_orientation(g, s, 0, dx, dy);
}
int vg_avatar_resource(const vg_game *g, const vg_state *s, int r) { return vg_player_resource(g, s, 0, r); }

int vg_avatar_health(const vg_game *g, const vg_state *s, int *max) {
    int i = state_avatar(g, s);
    const int16_t *hp = i < 0 ? NULL : sprite_health(g, state_sprite(s, (uint32_t)i));
    if (max) *max = hp ? hp[1] : 0;
    return hp ? hp[0] : -1;
}

int vg_game_has_status(const vg_game *g) { return g->nres > 0 || g->ext_off[EXT_HEALTH] != 0; }

int vg_avatar_status(const vg_game *g, const vg_state *s, char *buf, size_t size) {
    int i = state_avatar(g, s), max, n = 0;
    if (size) buf[0] = '\0';
    if (i < 0) return 0;
    const sprite *p = state_sprite(s, (uint32_t)i);
    int hp = vg_avatar_health(g, s, &max);
    if (hp > 0 || max > 0) n = snprintf(buf, size, "health %d/%d", hp, max);
    for (int k = 0; k < g->nres && n >= 0 && (size_t)n < size; k++)
        if (sprite_holds(g, p, k))
            n += snprintf(buf + n, size - (size_t)n, "%s%s %d", n ? ", " : "", g->types[g->res_type[k]].name,
                          sprite_resource(g, p, k));
    return n < 0 ? 0 : n;
}

/* ---- Sprite lists ----------------------------------------------------- */

static int obs_cmp(const void *a, const void *b) {
    const vg_obs *x = a, *y = b;
    if (x->type != y->type) return x->type < y->type ? -1 : 1;
    if (x->sqdist != y->sqdist) return x->sqdist < y->sqdist ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

/* Sorts out[0..n) by obs_cmp: by insertion when short (a cell's sprites). */
static void obs_sort(vg_obs *out, int n) {
    if (n > 8) {
        qsort(out, (size_t)n, sizeof *out, obs_cmp);
        return;
    }
    for (int i = 1; i < n; i++) {
        vg_obs o = out[i];
        int j = i;
        for (; j > 0 && obs_cmp(&out[j - 1], &o) > 0; j--) out[j] = out[j - 1];
        out[j] = o;
    }
}

/* Lists every live sprite of the leaf types in 'types', grouped by type,
 * sorted; returns the count. The walk reads each type's sprites in id
 * order, so only distances need a sort. */
static int fill(const vg_game *g, const vg_state *s, uint64_t types, const double ref[2], vg_obs *out, int max) {
    int n = 0, last = -1, x, y;
    vg_category cat = VG_NUM_CATS;
    sprite_walk w;
    walk_start(&w, g, s, types);
    for (int r; walk_next(&w, &r);) {
        if (r >= 0 && (state_sprite(s, (uint32_t)r)->flags & (SP_DISABLED | SP_KILLED))) continue;
        if (w.type != last) cat = vg_type_category(g, last = w.type);
        ref_pos(g, s, r, &x, &y);
        if (n < max)
            out[n] = (vg_obs){w.type, (int)ref_id(g, s, r), cat, (double)x / g->square, (double)y / g->square, 0};
        n++;
    }
    if (!ref) return n;
    for (int k = 0; k < n && k < max; k++) {
        double dx = out[k].x - ref[0], dy = out[k].y - ref[1];
        out[k].sqdist = dx * dx + dy * dy;
    }
    obs_sort(out, n < max ? n : max);
    return n;
}

/* Lists every live sprite of the leaf types in 'types', grouped by type,
 * sorted; fills up to 'max' of them (the first in that order) and returns
 * how many there are in all. */
static int collect(const vg_game *g, const vg_state *s, uint64_t types, const double ref[2], vg_obs *out, int max) {
    int n = fill(g, s, types, ref, out, max);
    if (n <= max || max <= 0) return n;
    vg_obs *all = malloc((size_t)n * sizeof *all); /* sort them all, keep the first */
    if (!all) return n;
    fill(g, s, types, ref, all, n);
    memcpy(out, all, (size_t)max * sizeof *out);
    free(all);
    return n;
}

int vg_sprites(const vg_game *g, const vg_state *s, vg_category cat, const double ref[2], vg_obs *out, int max) {
    uint64_t types = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && (cat == VG_NUM_CATS || vg_type_category(g, t) == cat)) types |= 1ULL << t;
    return collect(g, s, types, ref, out, max);
}

int vg_sprites_of(const vg_game *g, const vg_state *s, int type, const double ref[2], vg_obs *out, int max) {
    if (type < 0 || type >= g->ntypes) return 0;
    return collect(g, s, g->types[type].subtypes, ref, out, max);
}

int vg_grid_at(const vg_game *g, const vg_state *s, int x, int y, vg_obs *out, int max) {
    if (x < 0 || y < 0 || x >= g->w || y >= g->h) return 0;
    int n = 0, cell = y * g->w + x, b = g->square;
    for (uint32_t e = g->static_start[cell]; e < g->static_start[cell + 1]; e++) {
        int t = g->static_ents[e].type;
        if (!fixed_alive(g, s, e)) continue;
        if (n < max) out[n] = (vg_obs){t, (int)g->static_ents[e].id, vg_type_category(g, t), x, y, 0};
        n++;
    }
    int left = s->occ_full ? INT_MAX : state_occ(s)[cell]; /* changing sprites covering the cell, when counted */
    for (uint32_t i = 0; i < s->n && left > 0; i++) {
        const sprite *p = state_sprite(s, i);
        if (abs(p->x - x * b) >= b || abs(p->y - y * b) >= b) continue;
        left--;
        if (p->flags & SP_DISABLED) continue;
        if (n < max)
            out[n] = (vg_obs){p->type, (int)p->id, vg_type_category(g, p->type), (double)p->x / b, (double)p->y / b, 0};
        n++;
    }
    obs_sort(out, n < max ? n : max);
    return n;
}

/* ---- Planes: the grid as arrays ---------------------------------------- */

/* plane[t]: the plane of type t, -1 for a parent type; returns how many planes. */
static int plane_table(const vg_game *g, int8_t plane[VG_MAX_TYPES]) {
    int n = 0;
    for (int t = 0; t < g->ntypes; t++) plane[t] = (int8_t)(g->types[t].leaf ? n++ : -1);
    return n;
}

int vg_planes(const vg_game *g) {
    int8_t plane[VG_MAX_TYPES];
    return plane_table(g, plane);
}

int vg_plane_type(const vg_game *g, int k) {
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && k-- == 0) return t;
    return -1;
}

void vg_observe_planes(const vg_game *g, const vg_state *s, uint8_t *out) {
    int8_t plane[VG_MAX_TYPES];
    size_t cells = (size_t)g->w * (size_t)g->h;
    memset(out, 0, (size_t)plane_table(g, plane) * cells);
    for (uint32_t e = 0; e < g->static_start[cells]; e++) {
        const struct static_ent *f = &g->static_ents[e];
        if (fixed_alive(g, s, e)) out[(size_t)plane[f->type] * cells + (size_t)f->cy * (size_t)g->w + f->cx] = 1;
    }
    for (uint32_t i = 0; i < s->n; i++) {
        const sprite *p = state_sprite(s, i);
        int c[4];
        if (p->flags & SP_DISABLED) continue;
        cells_of(g, p->x, p->y, c);
        uint8_t *o = out + (size_t)plane[p->type] * cells;
        for (int y = c[2]; y <= c[3]; y++)
            for (int x = c[0]; x <= c[1]; x++) o[y * g->w + x] = 1;
    }
}

int vg_events(const vg_game *g, const vg_state *s, vg_event *out, int max) {
    for (int k = 0; k < s->nevents && k < max; k++) {
        const state_event *e = &s->events[k];
        out[k] = (vg_event){(int)s->tick,
                            e->t1,
                            e->t2,
                            (int)e->id1,
                            (int)e->id2,
                            e->from_avatar,
                            (double)e->x / g->square,
                            (double)e->y / g->square};
    }
    return s->nevents;
}

void vg_clear_events(vg_state *s) {
    memset(s->events, 0, s->nevents * sizeof *s->events); /* all-zero when none: states compare and pack alike */
    s->nevents = 0;
}

/* ---- Text ------------------------------------------------------------- */

typedef struct sbuf {
    char *buf;
    size_t size, len;
} sbuf;

__attribute__((format(printf, 2, 3))) static void put(sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->len < b->size ? b->size - b->len : 0;
    int n = vsnprintf(room ? b->buf + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) b->len += (size_t)n;
}

static int whole(double v) { return v > -1e9 && v < 1e9 && v == (double)(int)v && (v != 0 || !signbit(v)); }

/* "[x,y]" as "[%.17g,%.17g]" writes it; whole numbers (most positions)
 * without printf's costly floating-point path. */
static void put_pos(sbuf *b, double x, double y) {
    if (whole(x) && whole(y)) put(b, "[%d,%d]", (int)x, (int)y);
    else put(b, "[%.17g,%.17g]", x, y);
}

/* Sprites drawn later cover earlier ones: types in script order, avatars last. */
static int draw_rank(const vg_game *g, int t) { return state_is_avatar(g, t) ? VG_MAX_TYPES + t : t; }

int vg_render_text(const vg_game *g, const vg_state *s, char *buf, size_t size) {
    int w = g->w, h = g->h, b = g->square;
    int top[VG_MAX_MAP_SIDE * VG_MAX_MAP_SIDE];
    for (int c = 0; c < w * h; c++) {
        top[c] = -1;
        for (uint32_t e = g->static_start[c]; e < g->static_start[c + 1]; e++) {
            int t = g->static_ents[e].type;
            if (fixed_alive(g, s, e) && !vg_type_hidden(g, t) && (top[c] < 0 || draw_rank(g, t) > draw_rank(g, top[c])))
                top[c] = t;
        }
    }
    for (uint32_t i = 0; i < s->n; i++) {
        const sprite *p = state_sprite(s, i);
        int x = (p->x + b / 2) / b, y = (p->y + b / 2) / b, t = p->type;
        if (p->x < 0 || p->y < 0 || x >= w || y >= h || (p->flags & SP_DISABLED) || vg_type_hidden(g, t)) continue;
        int *c = &top[y * w + x];
        if (*c < 0 || draw_rank(g, t) > draw_rank(g, *c)) *c = t;
    }
    sbuf out = {buf, size, 0};
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) put(&out, "%c", top[y * w + x] < 0 ? ' ' : g->types[top[y * w + x]].glyph);
        put(&out, "\n");
    }
    return (int)out.len;
}

/* Writes 'text' as a JSON string, escaped. */
static void put_json_string(sbuf *b, const char *text) {
    put(b, "\"");
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') put(b, "\\%c", *c);
        else if (*c < 0x20) put(b, "\\u%04x", *c);
        else put(b, "%c", *c);
    }
    put(b, "\"");
}

/* The avatar's resources, as GVGAI lists them: {"name":amount,...} in type order. */
static void put_resources(sbuf *b, const vg_game *g, const sprite *p) {
    put(b, "{");
    for (int k = 0, first = 1; k < g->nres; k++) {
        if (!sprite_holds(g, p, k)) continue;
        put(b, first ? "" : ",");
        put_json_string(b, g->types[g->res_type[k]].name);
        put(b, ":%d", sprite_resource(g, p, k));
        first = 0;
    }
    put(b, "}");
}

/* Avatar 'p' as a trace's: {"pos", "orientation", "type", "alive", "resources"}; null for none (NULL). */
static void put_avatar(sbuf *out, const vg_game *g, const sprite *p) {
    if (!p) {
        put(out, "null");
        return;
    }
    double q = g->square, ox = p->dx, oy = p->dy;
    if (g->types[p->type].vec) physics_vec(g, p, &ox, &oy); /* a real orientation (physics_cont.c) */
    put(out, "{\"pos\":");
    put_pos(out, p->x / q, p->y / q);
    put(out, ",\"orientation\":");
    put_pos(out, ox, oy);
    put(out, ",\"type\":");
    put_json_string(out, g->types[p->type].name);
    put(out, ",\"alive\":%s,\"resources\":", (p->flags & SP_DISABLED) ? "false" : "true");
    put_resources(out, g, p);
    put(out, "}");
}

/* A trace's "sprites": every leaf type, its live sprites' cells in GVGAI's
 * order (by row, then column); then the line's closing brace. 0, or -1 when
 * out of memory. */
static int put_sprites(sbuf *out, const vg_game *g, const vg_state *s) {
    put(out, ",\"sprites\":{");
    int max = (int)s->n + (int)g->static_start[g->w * g->h];
    vg_obs *obs = malloc((size_t)(max + 1) * sizeof *obs);
    if (!obs) return -1;
    int first = 1;
    for (int t = 0; t < g->ntypes; t++) {
        if (!g->types[t].leaf) continue;
        int n = collect(g, s, 1ULL << t, NULL, obs, max);
        for (int i = 1; i < n; i++) {
            vg_obs o = obs[i];
            int j = i;
            while (j > 0 && (obs[j - 1].y > o.y || (obs[j - 1].y == o.y && obs[j - 1].x > o.x)))
                obs[j] = obs[j - 1], j--;
            obs[j] = o;
        }
        put(out, first ? "" : ",");
        put_json_string(out, g->types[t].name);
        put(out, ":{\"n\":%d,\"pos\":[", n);
        for (int i = 0; i < n; i++) {
            put(out, i ? "," : "");
            put_pos(out, obs[i].x, obs[i].y);
        }
        put(out, "]}");
        first = 0;
    }
    put(out, "}}");
    free(obs);
    return 0;
}

int vg_trace_json(const vg_game *g, const vg_state *s, int a, char *buf, size_t size) {
    sbuf out = {buf, size, 0};
    put(&out, "{\"tick\":%u,\"action\":", s->tick);
    put(&out, a < 0 ? "null" : "\"%s\"", vg_action_name((vg_action)a));
    int decided = s->over && s->winner != VG_NO_WINNER; /* GVGAI's game over: a winner decided */
    put(&out, ",\"score\":%.17g,\"isGameOver\":%s,\"winner\":\"%s\",\"avatar\":", s->score, decided ? "true" : "false",
        vg_winner_name((vg_winner)s->winner));
    put_avatar(&out, g, state_avatar(g, s) < 0 ? NULL : state_sprite(s, (uint32_t)state_avatar(g, s)));
    return put_sprites(&out, g, s) < 0 ? -1 : (int)out.len;
}

/* Player p's result as player 0 sees it (GVGAI's observation: for an
 * avatar player 0 cannot see, the one it last saw; state.h's view_rec). */
static vg_winner seen_winner(const vg_game *g, const vg_state *s, int p) {
    if (!g->views) return vg_player_winner(g, s, p);
    return state_view(s, p)->seen ? (vg_winner)state_view(s, p)->winner : VG_NO_WINNER;
}

/* Player p's avatar in GVGAI's observation: its copy of the model takes,
 * type by type and by id, every sprite that has been the player's avatar,
 * so the later of its avatar now and the one a double transform left to no
 * player (player_rec's orphan_id); -1: none. */
static int observed_avatar(const vg_game *g, const vg_state *s, int p) {
    int av = player_avatar(s, p);
    uint32_t id = state_player(s, p)->orphan_id;
    for (uint64_t ts = g->avatar_types; ts && id != NO_AVATAR; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++) {
            const sprite *o = state_sprite(s, i), *a = av < 0 ? NULL : state_sprite(s, (uint32_t)av);
            if (o->id == id) return !a || o->type > a->type || (o->type == a->type && o->id > a->id) ? (int)i : av;
        }
    }
    return av;
}

int vg_trace_json_multi(const vg_game *g, const vg_state *s, const int *acts, char *buf, size_t size) {
    sbuf out = {buf, size, 0};
    int decided = 1; /* GVGAI's game over: every player's result decided */
    for (int p = 0; p < g->nplayers; p++) decided &= seen_winner(g, s, p) != VG_NO_WINNER;
    put(&out, "{\"tick\":%u,\"actions\":%s", s->tick, acts ? "[" : "null");
    for (int p = 0; acts && p < g->nplayers; p++) {
        put(&out, p ? "," : "");
        put(&out, acts[p] < 0 ? "null" : "\"%s\"", vg_action_name((vg_action)acts[p]));
    }
    put(&out, "%s,\"gameTick\":%d,\"isGameOver\":%s,\"players\":[", acts ? "]" : "",
        (int)s->tick - (s->over && s->tick > 0), s->over && decided ? "true" : "false");
    for (int p = 0; p < g->nplayers; p++) {
        const view_rec *v = g->views ? state_view(s, p) : NULL;
        int av = observed_avatar(g, s, p);
        put(&out, p ? ",{" : "{");
        if (v ? !v->seen : av < 0) put(&out, "\"score\":null,\"winner\":null"); /* GVGAI's player with no avatar */
        else
            put(&out, "\"score\":%.17g,\"winner\":\"%s\"", v ? v->score : vg_player_score(g, s, p),
                vg_winner_name(seen_winner(g, s, p)));
        put(&out, ",\"lastAction\":\"%s\",\"avatar\":", vg_action_name(vg_player_last_action(g, s, p)));
        put_avatar(&out, g, v ? view_sprite(s, p) : av < 0 ? NULL : state_sprite(s, (uint32_t)av));
        put(&out, "}");
    }
    put(&out, "]");
    return put_sprites(&out, g, s) < 0 ? -1 : (int)out.len;
}
