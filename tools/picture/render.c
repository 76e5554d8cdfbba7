/* SPDX-License-Identifier: MIT
 *
 * render.c -- the command line's pictures of a position (render.h): the
 * library's canvas (vg_canvas, engine/draw.c) with a palette for the GIF
 * writer, written as PNG files by outfile.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "render.h"

struct render {
    vg_canvas *c;
    uint8_t pal[256 * 3]; /* palette for the GIF */
    int npal;
    uint8_t *lut; /* 15-bit colour -> palette entry, 32768 */
};

/* ---- Palette -------------------------------------------------------------- */

static void pal_add(render *r, uint32_t c) {
    for (int k = 0; k < r->npal; k++)
        if ((uint32_t)(r->pal[3 * k] << 16 | r->pal[3 * k + 1] << 8 | r->pal[3 * k + 2]) == c) return;
    if (r->npal == 256) return;
    r->pal[3 * r->npal] = (uint8_t)(c >> 16);
    r->pal[3 * r->npal + 1] = (uint8_t)(c >> 8);
    r->pal[3 * r->npal + 2] = (uint8_t)c;
    r->npal++;
}

/* The colours drawn without images; with images, a colour cube fills the
 * rest. Then the table from 15-bit colours to the nearest entry, the
 * exact colours written last so that each maps to itself. */
static int make_palette(render *r) {
    uint32_t drawn[5 + 2 * VG_MAX_TYPES];
    int images = vg_canvas_has_images(r->c), n = vg_canvas_colours(r->c, drawn, (int)(sizeof drawn / sizeof drawn[0]));
    for (int k = 0; k < n; k++) pal_add(r, drawn[k]);
    int exact = r->npal;
    for (int steps = 6; images && steps >= 2; steps--) {
        if (exact + steps * steps * steps > 256) continue;
        for (int i = 0; i < steps * steps * steps; i++) {
            uint32_t red = (uint32_t)(i / (steps * steps)) * 255 / (uint32_t)(steps - 1);
            uint32_t green = (uint32_t)(i / steps % steps) * 255 / (uint32_t)(steps - 1);
            uint32_t blue = (uint32_t)(i % steps) * 255 / (uint32_t)(steps - 1);
            pal_add(r, red << 16 | green << 8 | blue);
        }
        break;
    }
    if (!(r->lut = malloc(32768))) return -1;
    for (int i = 0; i < 32768; i++) {
        int red = (i >> 10) * 255 / 31, green = (i >> 5 & 31) * 255 / 31, blue = (i & 31) * 255 / 31, best = 0;
        long best_d = -1;
        for (int k = 0; k < r->npal; k++) {
            long dr = red - r->pal[3 * k], dg = green - r->pal[3 * k + 1], db = blue - r->pal[3 * k + 2];
            long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (best_d < 0 || d < best_d) best_d = d, best = k;
        }
        r->lut[i] = (uint8_t)best;
    }
    for (int k = exact - 1; k >= 0; k--)
        r->lut[(r->pal[3 * k] >> 3) << 10 | (r->pal[3 * k + 1] >> 3) << 5 | r->pal[3 * k + 2] >> 3] = (uint8_t)k;
    return 0;
}

const uint8_t *render_palette(const render *r, int *n) {
    *n = r->npal;
    return r->pal;
}

uint8_t render_index(render *r, uint8_t red, uint8_t green, uint8_t blue) {
    return r->lut[(red >> 3) << 10 | (green >> 3) << 5 | blue >> 3];
}

/* ---- Setup ---------------------------------------------------------------- */

vg_status render_new(const vg_game *g, const render_opts *o, render **out, vg_error *err) {
    render *r = calloc(1, sizeof *r);
    *out = NULL;
    vg_status st = r ? vg_canvas_new(g, o->cell, o->script, o->sprites, &r->c, err) : VG_ERR_NOMEM;
    if (st == VG_OK && make_palette(r)) st = VG_ERR_NOMEM;
    if (st == VG_OK) {
        *out = r;
        return VG_OK;
    }
    render_free(r);
    if (st == VG_ERR_NOMEM) {
        memset(err, 0, sizeof *err);
        snprintf(err->msg, sizeof err->msg, "out of memory");
    }
    return st;
}

void render_free(render *r) {
    if (!r) return;
    vg_canvas_free(r->c);
    free(r->lut);
    free(r);
}

int render_width(const render *r) { return vg_canvas_width(r->c); }
int render_height(const render *r) { return vg_canvas_height(r->c); }
const uint8_t *render_draw(render *r, const vg_state *s) { return vg_canvas_draw(r->c, s); }

/* ---- Files ---------------------------------------------------------------- */

vg_status render_png(render *r, const vg_state *s, const char *path, vg_error *err) {
    return outfile_png(path, render_draw(r, s), render_width(r), render_height(r), err);
}

void render_text(uint8_t *rgb, int w, int h, int x, int y, const char *text, int max, int scale, uint32_t colour) {
    for (int k = 0; text[k] && k < max; k++, x += 6 * scale) {
        const uint8_t *rows = vg_glyph((char)toupper((unsigned char)text[k])); /* "BETA", not "BeTA" */
        for (int v = 0; rows && v < 7 * scale; v++)
            for (int u = 0; u < 5 * scale; u++)
                if (rows[v / scale] >> (4 - u / scale) & 1 && x + u >= 0 && x + u < w && y + v >= 0 && y + v < h) {
                    uint8_t *p = rgb + ((size_t)(y + v) * (size_t)w + (size_t)(x + u)) * 3;
                    p[0] = (uint8_t)(colour >> 16), p[1] = (uint8_t)(colour >> 8), p[2] = (uint8_t)colour;
                }
    }
}
