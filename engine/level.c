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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interact.h"
#include "level.h"

#define MAX_ROWS VG_MAX_MAP_SIDE

static int by_type_id(const void *a, const void *b) {
    const sprite *x = a, *y = b;
    if (x->type != y->type) return x->type < y->type ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static void mapped_chars(const vg_game *g, char *out, size_t size) {
    size_t n = 0;
    for (int c = 32; c < 127 && n + 8 < size; c++) {
        if (g->mapping[c][0] < 0) continue;
        if (c == ' ') n += (size_t)snprintf(out + n, size - n, "space ");
        else out[n++] = (char)c, out[n++] = ' ';
    }
    out[n ? n - 1 : 0] = '\0';
}

vg_status level_load(vg_game *g, const char *text, const char *name, vg_error *err) {
    const char *row[MAX_ROWS];
    int len[MAX_ROWS], h = 0, line = 0;
    char known[256];

    /* 1. Split into rows; drop '\r' and trailing blank lines. */
    int blank_after = 0;              /* blank lines read past the row limit */
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        int n = end ? (int)(end - p) : (int)strlen(p);
        line++;
        if (n > 0 && p[n - 1] == '\r') n--;
        if (h == MAX_ROWS) {
            if (n > 0) {
                error_set(err, VG_ERR_LIMIT, name, line, 0, "map has more than %d rows", MAX_ROWS);
                return VG_ERR_LIMIT;
            }
            blank_after++;
        } else {
            row[h] = p;
            len[h++] = n;
        }
        p = end ? end + 1 : p + strlen(p);
    }
    (void)blank_after;
    while (h > 0 && len[h - 1] == 0) h--;
    if (h == 0) {
        error_set(err, VG_ERR_PARSE, name, 1, 0, "map is empty");
        return VG_ERR_PARSE;
    }

    /* 2. Check the shape and every character. */
    int w = len[0];
    if (w > VG_MAX_MAP_SIDE || w * g->square > 30000 || h * g->square > 30000) {
        error_set(err, VG_ERR_LIMIT, name, 1, 0, "map is too wide (%d columns; the limit is %d)", w, VG_MAX_MAP_SIDE);
        return VG_ERR_LIMIT;
    }
    for (int y = 0; y < h; y++) {
        if (len[y] != w) {
            error_set(err, VG_ERR_PARSE, name, y + 1, (len[y] < w ? len[y] : w) + 1,
                      "ragged map: row %d has %d columns, row 1 has %d", y + 1, len[y], w);
            return VG_ERR_PARSE;
        }
        for (int x = 0; x < w; x++) {
            unsigned char c = (unsigned char)row[y][x];
            if (c < 128 && g->mapping[c][0] >= 0) continue;
            mapped_chars(g, known, sizeof known);
            if (c == ' ')
                error_set(err, VG_ERR_PARSE, name, y + 1, x + 1, "unknown map character ' ' (a space; the script maps: %s)", known);
            else if (c >= 33 && c < 127)
                error_set(err, VG_ERR_PARSE, name, y + 1, x + 1, "unknown map character '%c' (the script maps: %s)", c, known);
            else
                error_set(err, VG_ERR_PARSE, name, y + 1, x + 1, "unknown map character 0x%02x (the script maps: %s)", c, known);
            return VG_ERR_PARSE;
        }
    }

    /* 3. Count sprites, check for an avatar, size the states. */
    int ndyn = 0, nstat = 0, avatars = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (const char *m = g->mapping[(unsigned char)row[y][x]]; *m >= 0; m++) {
                const type_def *td = &g->types[(int)*m];
                if (!td->leaf) {
                    error_set(err, VG_ERR_SCRIPT, g->script_path, g->mapping_line[(unsigned char)row[y][x]], 0,
                              "map character '%c' places '%s', which has subtypes; map a leaf type", row[y][x], td->name);
                    return VG_ERR_SCRIPT;
                }
                if (td->fixed) nstat++; else ndyn++;
                avatars += state_is_avatar(g, *m);
            }
    if (g->avatar_types && avatars == 0) {
        char want[64] = "";
        for (int c = 32; c < 127; c++)
            for (const char *m = g->mapping[c]; *m >= 0; m++)
                if (state_is_avatar(g, *m) && strlen(want) < 50) {
                    size_t n = strlen(want);
                    snprintf(want + n, sizeof want - n, "%s'%c'", n ? " or " : "", c);
                }
        error_set(err, VG_ERR_PARSE, name, 0, 0, "map has no avatar (put %s on it)", want[0] ? want : "an avatar");
        return VG_ERR_PARSE;
    }
    uint32_t cap = (uint32_t)ndyn + (g->may_create ? 256 : 8);
    if (ndyn > VG_MAX_SPRITES) {
        error_set(err, VG_ERR_LIMIT, name, 0, 0, "map has %d changing sprites; the limit is %d", ndyn, VG_MAX_SPRITES);
        return VG_ERR_LIMIT;
    }
    if (cap > VG_MAX_SPRITES) cap = VG_MAX_SPRITES;

    /* 4. The static layer: fixed sprites cell by cell, alive bits for killable ones. */
    int nbits = 0;
    for (int t = 0; t < g->ntypes; t++) g->static_count[t] = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (const char *m = g->mapping[(unsigned char)row[y][x]]; *m >= 0; m++)
                if (g->types[(int)*m].fixed) g->static_count[(int)*m]++;
    for (int t = 0, at = 0; t < g->ntypes; t++) {
        g->fixed_first[t] = at;
        at += g->static_count[t];
        g->bit_first[t] = nbits;
        if (g->types[t].killable) nbits += g->static_count[t];
    }
    if (nbits >= NO_BIT) {
        error_set(err, VG_ERR_LIMIT, name, 0, 0, "map has %d sprites that can die without moving; the limit is %d", nbits, NO_BIT - 1);
        return VG_ERR_LIMIT;
    }
    g->w = w;
    g->h = h;
    g->pw = w * g->square;
    g->ph = h * g->square;
    g->state_cap = cap;
    g->nbitwords = (uint32_t)(nbits + 63) / 64;
    g->timer_word = g->nbitwords + (uint32_t)(w * h + 7) / 8;
    g->range_word = g->timer_word + (uint32_t)(g->ntimers + 1) / 2;
    g->nwords = g->range_word + (uint32_t)(g->nranges + 3) / 4;
    g->static_mask = calloc((size_t)(w * h), sizeof *g->static_mask);
    g->static_start = calloc((size_t)(w * h + 1), sizeof *g->static_start);
    g->static_ents = calloc((size_t)nstat + 1, sizeof *g->static_ents);
    g->fixed_order = calloc((size_t)nstat + 1, sizeof *g->fixed_order);
    g->start = state_alloc(g);
    if (!g->static_mask || !g->static_start || !g->static_ents || !g->fixed_order || !g->start) {
        error_set(err, VG_ERR_NOMEM, name, 0, 0, "out of memory");
        return VG_ERR_NOMEM;
    }

    /* 5. Create the sprites in GVGAI's order: row by row, each cell's stack in mapping order. */
    vg_state *s = g->start;
    sprite *sp = state_sprites(s);
    uint32_t ne = 0, id = 0;
    int placed[VG_MAX_TYPES] = {0};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int cell = y * w + x;
            g->static_start[cell] = ne;
            for (const char *m = g->mapping[(unsigned char)row[y][x]]; *m >= 0; m++) {
                int t = *m;
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
                sprite *p = &sp[s->n++];
                p->x = (int16_t)(x * g->square);
                p->y = (int16_t)(y * g->square);
                p->id = id++;
                p->type = (uint8_t)t;
                p->flags = SP_FIRST;
                p->dx = g->types[t].dx0;
                p->dy = g->types[t].dy0;
                state_occ_add(g, s, p->x, p->y, +1);
            }
        }
    g->static_start[w * h] = ne;
    qsort(sp, s->n, sizeof sp[0], by_type_id);
    state_set_ranges(g, s);
    s->avatar = (int16_t)state_find_avatar(g, s);
    for (int v = 0; v < g->nvars; v++) s->vars[v] = g->var_init[v];
    tick_ctx t;                     /* do sprites start out overlapping under a rule? */
    tick_begin(&t, g, s, NULL);
    t.full = 1;
    s->persist = (uint8_t)interact_persist(&t);
    s->next_id = id;
    snprintf(g->level_path, sizeof g->level_path, "%s", name);
    return VG_OK;
}
