/* SPDX-License-Identifier: MIT
 *
 * level.c -- text maps: one character per cell, each mapped by the script
 * to a stack of sprites.
 *
 * Reads liberally where that is harmless (CRLF line ends, blank lines at
 * the end) and strictly elsewhere: ragged rows, unknown characters, a map
 * with no avatar or one over the size limits are errors naming line and
 * column. Sprites are created row by row, left to right, each cell's stack
 * in mapping order, which gives them GVGAI's ids. Sprites of static types
 * go to the game's static layer; the rest form the start state.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "effect.h"
#include "interact.h"
#include "level.h"
#include "path.h"
#include "players.h"

#define MAX_ROWS VG_MAX_MAP_SIDE

static int by_type_id(const void *a, const void *b) {
    const sprite *x = a, *y = b;
    if (x->type != y->type) return x->type < y->type ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static void mapped_chars(const vg_game *g, char *out, size_t size) {
    size_t n = 0;
    for (int c = 32; c < 127 && n + 8 < size; c++) {
        if (g->mapping[c][0] == -1 || g->mapping[c][0] == MAP_UNDECLARED) continue;
        if (c == ' ') n += (size_t)snprintf(out + n, size - n, "space ");
        else out[n++] = (char)c, out[n++] = ' ';
    }
    out[n ? n - 1 : 0] = '\0';
}

/* The map's rows, as read from its text. */
typedef struct map_rows {
    const char *row[MAX_ROWS];
    int len[MAX_ROWS];
    int w, h;
} map_rows;

/* 1 when 'name' is a Berkeley CS188 layout (.lay), read as Berkeley reads
 * one: each line stripped of white space at both ends, and the width that
 * of the first row, longer rows cut to it (capsuleClassic has one). */
static int is_layout(const char *name) {
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".lay") == 0;
}

/* Phase 1. Splits 'text' into rows; drops '\r' and trailing blank lines
 * (and reads a layout as is_layout says). */
static vg_status split_rows(map_rows *m, const char *text, const char *name, vg_error *err) {
    int line = 0, lay = is_layout(name);
    m->h = 0;
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        int n = end ? (int)(end - p) : (int)strlen(p);
        line++;
        if (n > 0 && p[n - 1] == '\r') n--;
        const char *row = p;
        while (lay && n > 0 && (row[n - 1] == ' ' || row[n - 1] == '\t' || row[n - 1] == '\r')) n--;
        while (lay && n > 0 && (*row == ' ' || *row == '\t')) row++, n--;
        if (lay && m->h > 0 && n > m->len[0]) n = m->len[0];
        if (m->h == MAX_ROWS) {
            if (n > 0) return error_set(err, VG_ERR_LIMIT, name, line, 0, "map has more than %d rows", MAX_ROWS);
        } else {
            m->row[m->h] = row;
            m->len[m->h++] = n;
        }
        p = end ? end + 1 : p + strlen(p);
    }
    while (m->h > 0 && m->len[m->h - 1] == 0) m->h--;
    if (m->h == 0) return error_set(err, VG_ERR_PARSE, name, 1, 0, "map is empty");
    m->w = m->len[0];
    return VG_OK;
}

/* Phase 2. Checks the shape and every character. */
static vg_status check_cells(vg_game *g, const map_rows *m, const char *name, vg_error *err) {
    char known[256];
    if (g->square == 0) { /* GVGAI: 800 pixels across the longer side, at least 2 a cell */
        int side = m->w > m->h ? m->w : m->h;
        g->square = 800 / side < 2 ? 2 : 800 / side;
    }
    if (m->w > VG_MAX_MAP_SIDE || m->w * g->square > 30000 || m->h * g->square > 30000)
        return error_set(err, VG_ERR_LIMIT, name, 1, 0, "map is too wide (%d columns; the limit is %d)", m->w,
                         VG_MAX_MAP_SIDE);
    for (int y = 0; y < m->h; y++) {
        if (m->len[y] != m->w)
            return error_set(err, VG_ERR_PARSE, name, y + 1, (m->len[y] < m->w ? m->len[y] : m->w) + 1,
                             "ragged map: row %d has %d columns, row 1 has %d", y + 1, m->len[y], m->w);
        for (int x = 0; x < m->w; x++) {
            unsigned char c = (unsigned char)m->row[y][x];
            if (g->mapping[c][0] == MAP_UNDECLARED) /* GVGAI fails on the level that uses it */
                return game_unknown_type(g, err, g->mapping_line[c], "sprite type", g->map_undeclared[c]);
            if (g->mapping[c][0] != -1) continue;
            mapped_chars(g, known, sizeof known);
            if (c == ' ')
                return error_set(err, VG_ERR_PARSE, name, y + 1, x + 1,
                                 "unknown map character ' ' (a space; the script maps: %s)", known);
            if (c >= 33 && c < 127)
                return error_set(err, VG_ERR_PARSE, name, y + 1, x + 1,
                                 "unknown map character '%c' (the script maps: %s)", c, known);
            return error_set(err, VG_ERR_PARSE, name, y + 1, x + 1,
                             "unknown map character 0x%02x (the script maps: %s)", c, known);
        }
    }
    return VG_OK;
}

/* Phase 3. Counts the sprites each kind of state will hold and checks
 * that the map has an avatar; sizes the state's sprite capacity. */
static vg_status count_sprites(vg_game *g, const map_rows *m, const char *name, int *nstat, vg_error *err) {
    int ndyn = 0, avatars = 0;
    *nstat = 0;
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++) {
            unsigned char c = (unsigned char)m->row[y][x];
            for (const char *t = g->mapping[c]; *t >= 0; t++) {
                const type_def *td = &g->types[(int)*t];
                if (!td->leaf)
                    return error_set(err, VG_ERR_SCRIPT, g->script_path, g->mapping_line[c], 0,
                                     "map character '%c' places '%s', which has subtypes; map a leaf type", c,
                                     td->name);
                if (td->fixed) (*nstat)++;
                else ndyn++;
                avatars += state_is_avatar(g, *t);
            }
        }
    if (g->avatar_types && avatars == 0) {
        char want[64] = "";
        for (int c = 32; c < 127; c++)
            for (const char *t = g->mapping[c]; *t >= 0; t++)
                if (state_is_avatar(g, *t) && strlen(want) < 50) {
                    size_t n = strlen(want);
                    snprintf(want + n, sizeof want - n, "%s'%c'", n ? " or " : "", c);
                }
        return error_set(err, VG_ERR_PARSE, name, 0, 0, "map has no avatar (put %s on it)",
                         want[0] ? want : "an avatar");
    }
    if (ndyn > VG_MAX_SPRITES)
        return error_set(err, VG_ERR_LIMIT, name, 0, 0, "map has %d changing sprites; the limit is %d", ndyn,
                         VG_MAX_SPRITES);
    /* Room for what rules create. Rules that add sprites: as many as the engine
     * allows, since nothing bounds them (Bolo Adventures' laser cannons fire one
     * a tick, and the shots take ten ticks a cell to reach a wall); a copy moves
     * only the sprites in use, so that room costs memory, not time. Rules that
     * only replace sprites: killed ones stay until the tick ends, and a tick may
     * replace every sprite, even more than once (themole's transformToAll). */
    uint32_t cap = g->may_grow ? VG_MAX_SPRITES : (uint32_t)ndyn + (g->may_create ? 3 * (uint32_t)ndyn + 256 : 8);
    g->state_cap = cap > VG_MAX_SPRITES ? VG_MAX_SPRITES : cap;
    /* Below this many changing sprites, neither that room nor GVGAI's bound
     * (GV_MAX_SPRITES, the fixed ones counted) can be reached. */
    int room = GV_MAX_SPRITES + 1 - *nstat;
    g->create_below = room < 0 ? 0 : (uint32_t)room < g->state_cap ? (uint32_t)room : g->state_cap;
    return VG_OK;
}

/* Phase 4. The layout of every state (alive bits of killable fixed
 * sprites, cell counts, delayed effects, type ranges) and the static
 * layer's tables. */
static vg_status lay_out(vg_game *g, const map_rows *m, int nstat, const char *name, vg_error *err) {
    int nbits = 0, w = m->w, h = m->h;
    for (int t = 0; t < g->ntypes; t++) g->static_count[t] = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (const char *t = g->mapping[(unsigned char)m->row[y][x]]; *t >= 0; t++)
                if (g->types[(int)*t].fixed) g->static_count[(int)*t]++;
    for (int t = 0, at = 0; t < g->ntypes; t++) {
        g->fixed_first[t] = at;
        at += g->static_count[t];
        g->bit_first[t] = nbits;
        if (g->types[t].killable) nbits += g->static_count[t];
    }
    if (nbits >= NO_BIT)
        return error_set(err, VG_ERR_LIMIT, name, 0, 0,
                         "map has %d sprites that can die without moving; the limit is %d", nbits, NO_BIT - 1);
    g->w = w;
    g->h = h;
    g->inv_square = (1ULL << 32) / (uint64_t)g->square + 1;
    g->pw = w * g->square;
    g->ph = h * g->square;
    g->on_x = (unsigned)(g->pw - g->square);
    g->on_y = (unsigned)(g->ph - g->square);
    game_cells_typed(g, g->cells_stack);
    g->cell_fixed = 0;
    for (int t = 0; t < g->ntypes; t++) {
        g->size_w[t] = (int)(g->square * g->types[t].w_mult);
        g->size_h[t] = (int)(g->square * g->types[t].h_mult);
        if (t < 64 && g->types[t].leaf && !(g->changing >> t & 1) && g->size_w[t] <= g->square &&
            g->size_h[t] <= g->square)
            g->cell_fixed |= 1ULL << t;
    }
    g->nbitwords = (uint32_t)(nbits + 63) / 64;
    g->timer_word = g->nbitwords + (uint32_t)(w * h + 7) / 8;
    g->range_word = g->timer_word + (uint32_t)(g->ntimers + 1) / 2;
    g->nwords = g->range_word + (uint32_t)(g->nranges + 3) / 4;
    if (g->views) g->nwords += (uint32_t)g->nplayers * (uint32_t)(sizeof(view_rec) + g->stride) / 8; /* state_view */
    if (g->nplayers > 1) g->nwords += PLAYER_WORDS * (uint32_t)g->nplayers; /* their records (state_player) */
    g->static_mask = calloc((size_t)(w * h), sizeof *g->static_mask);
    g->static_start = calloc((size_t)(w * h + 1), sizeof *g->static_start);
    g->static_ents = calloc((size_t)nstat + 1, sizeof *g->static_ents);
    g->fixed_order = calloc((size_t)nstat + 1, sizeof *g->fixed_order);
    g->start = state_alloc(g);
    g->cell_col = malloc((size_t)(g->pw + g->ph) * 2 * sizeof *g->cell_col);
    if (!g->static_mask || !g->static_start || !g->static_ents || !g->fixed_order || !g->start || !g->cell_col)
        return error_set(err, VG_ERR_NOMEM, name, 0, 0, "out of memory");
    g->cell_row = g->cell_col + g->pw;
    g->span_col = (uint32_t *)(g->cell_row + g->ph);
    g->span_row = g->span_col + g->pw;
    int b = g->square;
    for (int x = 0; x < g->pw; x++) {
        g->cell_col[x] = x % b ? -1 : x / b;
        g->span_col[x] = (uint32_t)(x / b) | (uint32_t)(x % b && x / b + 1 < w) << 16;
    }
    for (int y = 0; y < g->ph; y++) {
        g->cell_row[y] = y % b ? -1 : y / b * w;
        g->span_row[y] = (uint32_t)(y / b * w) | (uint32_t)(y % b && y / b + 1 < h ? w : 0) << 16;
    }
    return VG_OK;
}

/* Phase 5. Creates the sprites in GVGAI's order (row by row, each cell's
 * stack in mapping order): fixed ones into the static layer, the rest
 * into the start state. Returns the next sprite id. */
static uint32_t place_sprites(vg_game *g, const map_rows *m) {
    vg_state *s = g->start;
    uint32_t ne = 0, id = 0;
    int placed[VG_MAX_TYPES] = {0};
    s->occ_full = (uint8_t)g->geom; /* overlaps by rectangles read no cell counts: none are kept */
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++) {
            int cell = y * m->w + x;
            g->static_start[cell] = ne;
            for (const char *tp = g->mapping[(unsigned char)m->row[y][x]]; *tp >= 0; tp++) {
                int t = *tp;
                if (g->types[t].fixed) {
                    struct static_ent *e = &g->static_ents[ne];
                    *e = (struct static_ent){(uint8_t)t, (uint8_t)x, (uint8_t)y, NO_BIT, id++};
                    if (g->types[t].killable) {
                        e->bit = (uint16_t)(g->bit_first[t] + placed[t]);
                        s->data[e->bit >> 6] |= 1ULL << (e->bit & 63);
                    }
                    g->fixed_order[g->fixed_first[t] + placed[t]++] = ne++;
                    g->static_mask[cell] |= 1ULL << t;
                    continue;
                }
                sprite *p = state_sprite(s, s->n++);
                *p = (sprite){.x = (int16_t)(x * g->square),
                              .y = (int16_t)(y * g->square),
                              .id = id++,
                              .type = (uint8_t)t,
                              .flags = SP_FIRST,
                              .dx = g->types[t].dx0,
                              .dy = g->types[t].dy0};
                sprite_init_ext(g, p);
                state_occ_add(g, s, p->x, p->y, +1);
            }
        }
    g->static_start[m->w * m->h] = ne;
    for (int t = 0; t < VG_MAX_TYPES; t++)
        g->static_box[t][0] = g->static_box[t][1] = INT32_MAX, g->static_box[t][2] = g->static_box[t][3] = INT32_MIN;
    for (uint32_t e = 0; e < ne; e++) {
        const struct static_ent *se = &g->static_ents[e];
        int32_t *box = g->static_box[se->type], x = se->cx * g->square, y = se->cy * g->square;
        if (x < box[0]) box[0] = x;
        if (y < box[1]) box[1] = y;
        if (x + g->size_w[se->type] > box[2]) box[2] = x + g->size_w[se->type];
        if (y + g->size_h[se->type] > box[3]) box[3] = y + g->size_h[se->type];
    }
    qsort(state_sprite(s, 0), s->n, s->stride, by_type_id);
    return id;
}

/* The level of 'text' as the start state (phases 1-4, then the sprites). */
static vg_status load_text(vg_game *g, const char *text, const char *name, vg_error *err) {
    map_rows m = {.h = 0};
    int nstat;
    vg_status st;
    if ((st = split_rows(&m, text, name, err)) != VG_OK || (st = check_cells(g, &m, name, err)) != VG_OK ||
        (st = count_sprites(g, &m, name, &nstat, err)) != VG_OK || (st = lay_out(g, &m, nstat, name, err)) != VG_OK)
        return st;
    vg_state *s = g->start;
    s->next_id = place_sprites(g, &m);
    effect_timers_start(g, s);
    state_set_ranges(g, s);
    s->avatar = (int16_t)state_find_avatar(g, s);
    if (g->nplayers > 1 && (st = players_start(g, s, name, err)) != VG_OK) return st;
    for (int v = 0; v < g->nvars; v++) s->vars[v] = g->var_init[v];
    tick_ctx t; /* do sprites start out overlapping under a rule? */
    tick_begin(&t, g, s, NULL);
    t.full = 1;
    s->persist = (uint8_t)interact_persist(&t);
    if ((st = path_build(g, name, err)) != VG_OK) return st;
    snprintf(g->level_path, sizeof g->level_path, "%s", name);
    return bound_derive(g) == VG_OK ? VG_OK : error_set(err, VG_ERR_NOMEM, name, 0, 0, "out of memory");
}

/* The map 'text' as GVGAI reads a level for game 'g'
 * (BasicGame.buildStringLevel): its lines as Java's readLine splits them,
 * each cut or padded with spaces to the first one's width, and every
 * character the game does not map made a space (an empty cell). A new
 * string (the caller frees it); NULL when out of memory. The first line
 * is at most VG_MAX_MAP_SIDE wide (level_load checks), and one row past
 * the limit is kept for load_text to refuse: padding never makes a small
 * file a huge map. */
static char *gvgai_level(const vg_game *g, const char *text) {
    size_t len = strlen(text), w = strcspn(text, "\r\n"), lines = 1;
    for (const char *c = text; *c && lines <= MAX_ROWS + 1; c++) lines += *c == '\n' || (*c == '\r' && c[1] != '\n');
    char *out = malloc(lines * (w + 1) + 1), *o = out;
    if (!out) return NULL;
    for (const char *p = text; p < text + len && lines-- > 0;) {
        size_t n = strcspn(p, "\r\n");
        for (size_t x = 0; x < w; x++) {
            unsigned char c = x < n ? (unsigned char)p[x] : ' ';
            *o++ = g->mapping[c][0] != -1 ? (char)c : ' ';
        }
        *o++ = '\n';
        p += n;
        p += *p == '\r' && p[1] == '\n' ? 2 : *p ? 1 : 0;
    }
    *o = '\0';
    return out;
}

vg_status level_load(vg_game *g, const char *text, const char *name, vg_error *err) {
    if (!g->gvgai_maps) return load_text(g, text, name, err);
    size_t w = strcspn(text, "\r\n");
    if (w > VG_MAX_MAP_SIDE)
        return error_set(err, VG_ERR_LIMIT, name, 1, 0, "map is too wide (%zu columns; the limit is %d)", w,
                         VG_MAX_MAP_SIDE);
    char *cells = gvgai_level(g, text);
    vg_status st = cells ? load_text(g, cells, name, err) : error_set(err, VG_ERR_NOMEM, name, 0, 0, "out of memory");
    free(cells);
    return st;
}
