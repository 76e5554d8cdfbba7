/* SPDX-License-Identifier: MIT
 *
 * render.c -- a game position drawn as pixels (render.h), and written as
 * a PNG with libpng.
 *
 * Each visible sprite is a tile of its type's colour in a shape that
 * tells the categories apart (immovable: the whole cell; movable: an
 * inset square; avatar: a disc; NPC: a diamond; resource: a small disc;
 * portal: a ring; from the avatar: a small diamond), outlined in a darker
 * shade, or its 'img' scaled to the cell. Shapes are masks computed once
 * per cell size, so a frame is a few hundred small copies: the GIF writer
 * (gif.c) calls render_draw once per tick. Text (the strip under the
 * board) uses a 5x7 pixel font, scaled with the cell.
 */
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "render.h"

/* ---- Font: 5x7 pixels, one byte a row, bit 4 the leftmost ------------ */

static const struct glyph {
    char c;
    uint8_t rows[7];
} font[] = {
    {'0', {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}}, {'1', {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E}},
    {'2', {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}}, {'3', {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E}},
    {'4', {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}}, {'5', {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E}},
    {'6', {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}}, {'7', {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08}},
    {'8', {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}}, {'9', {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C}},
    {'A', {0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11}}, {'B', {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E}},
    {'C', {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E}}, {'D', {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C}},
    {'E', {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}}, {'F', {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10}},
    {'G', {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F}}, {'H', {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}},
    {'I', {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}}, {'J', {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C}},
    {'K', {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}}, {'L', {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F}},
    {'M', {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11}}, {'N', {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}},
    {'O', {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}}, {'P', {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10}},
    {'Q', {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}}, {'R', {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11}},
    {'S', {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}}, {'T', {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}},
    {'U', {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}}, {'V', {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04}},
    {'W', {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}}, {'X', {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11}},
    {'Y', {0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04}}, {'Z', {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F}},
    {'-', {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00}}, {'.', {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C}},
    {':', {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}}, {'+', {0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00}},
    {'/', {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00}}, {'e', {0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E}},
    {'%', {0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03}}, {',', {0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08}},
    {'(', {0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02}}, {')', {0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08}},
    {'[', {0x0E, 0x08, 0x08, 0x08, 0x08, 0x08, 0x0E}}, {']', {0x0E, 0x02, 0x02, 0x02, 0x02, 0x02, 0x0E}},
    {'_', {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F}}, {'#', {0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A}},
    {'&', {0x0C, 0x12, 0x14, 0x08, 0x15, 0x12, 0x0D}},
};

#define GLYPH_W 6            /* 5 pixels and a space */
#define LINE_H 9             /* 7 pixels and two of space */
#define STRIP_FIELDS 3       /* score, tick, result */

const uint8_t *render_glyph(char c) {
    if (c >= 'a' && c <= 'z' && c != 'e') c = (char)(c - 'a' + 'A');
    for (size_t k = 0; k < sizeof font / sizeof font[0]; k++)
        if (font[k].c == c) return font[k].rows;
    return NULL;                                      /* a space, or a character the font lacks */
}

/* ---- The renderer --------------------------------------------------------- */

typedef enum { SH_CELL, SH_INSET, SH_DISC, SH_DIAMOND, SH_SMALL_DISC, SH_RING, SH_SMALL_DIAMOND, SH_COUNT } shape;

struct render {
    const vg_game *g;
    int cell, w, h, board_h;       /* cell size; picture size; the board's height (the strip is below) */
    int text, lines;               /* font scale, strip lines */
    int board_game;                /* drawn as a board with discs */
    uint8_t *rgb;                  /* the canvas, w * h * 3 */
    uint8_t *mask[SH_COUNT];       /* per shape, cell * cell: 0 outside, 1 fill, 2 outline */
    uint8_t *img[VG_MAX_TYPES];    /* per type, cell * cell RGBA, or NULL: its colour */
    uint32_t colour[VG_MAX_TYPES], outline[VG_MAX_TYPES];
    vg_obs *obs;                   /* the sprites of the frame */
    int nobs;
    uint8_t pal[256 * 3];          /* palette for the GIF */
    int npal;
    uint8_t *lut;                  /* 15-bit colour -> palette entry, 32768 */
};

#define BG 0x000000u                /* empty cells */
#define STRIP_BG 0x202020u
#define TEXT 0xffffffu
#define TEXT_WIN 0x40e040u
#define TEXT_LOSE 0xff5050u

static uint32_t darker(uint32_t c) {
    uint32_t r = (c >> 16) & 255, g = (c >> 8) & 255, b = c & 255;
    if (r + g + b < 96) return 0x606060u;            /* a black sprite is outlined in gray */
    return (r * 5 / 8) << 16 | (g * 5 / 8) << 8 | (b * 5 / 8);
}

/* 1 when the pixel (u, v) in [-1, 1] (the cell's centre at 0) is inside 'sh'. */
static int inside(shape sh, double u, double v) {
    double r2 = u * u + v * v, d = fabs(u) + fabs(v);
    switch (sh) {
    case SH_CELL: return 1;
    case SH_INSET: return fabs(u) <= 0.78 && fabs(v) <= 0.78;
    case SH_DISC: return r2 <= 0.8 * 0.8;
    case SH_DIAMOND: return d <= 0.9;
    case SH_SMALL_DISC: return r2 <= 0.45 * 0.45;
    case SH_RING: return r2 <= 0.85 * 0.85 && r2 >= 0.5 * 0.5;
    default: return d <= 0.5;
    }
}

/* The mask of 'sh' at 'cell' pixels: 1 inside, 2 on its edge (inside with
 * a 4-neighbour outside), 0 outside; the whole cell has no edge. */
static uint8_t *make_mask(shape sh, int cell) {
    uint8_t *m = calloc((size_t)cell * (size_t)cell, 1);
    if (!m) return NULL;
    double half = cell / 2.0;
    for (int y = 0; y < cell; y++)
        for (int x = 0; x < cell; x++) {
            double u = (x + 0.5 - half) / half, v = (y + 0.5 - half) / half, px = 1 / half;
            if (!inside(sh, u, v)) continue;
            int edge = sh != SH_CELL && (!inside(sh, u - px, v) || !inside(sh, u + px, v) || !inside(sh, u, v - px) ||
                                         !inside(sh, u, v + px) || x == 0 || y == 0 || x == cell - 1 || y == cell - 1);
            m[y * cell + x] = (uint8_t)(edge ? 2 : 1);
        }
    return m;
}

static shape shape_of(const render *r, int t) {
    if (r->board_game) return SH_DISC;
    switch (vg_type_category(r->g, t)) {
    case VG_CAT_MOVABLE: return SH_INSET;
    case VG_CAT_AVATAR: return SH_DISC;
    case VG_CAT_NPC: return SH_DIAMOND;
    case VG_CAT_RESOURCE: return SH_SMALL_DISC;
    case VG_CAT_PORTAL: return SH_RING;
    case VG_CAT_FROM_AVATAR: return SH_SMALL_DIAMOND;
    default: return SH_CELL;
    }
}

vg_status render_io_error(vg_error *err, const char *path, const char *what) {
    int e = errno;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    snprintf(err->msg, sizeof err->msg, "%s: %s", what, e ? strerror(e) : "failed");
    return VG_ERR_IO;
}

/* ---- Images --------------------------------------------------------------- */

/* Reads the PNG 'path' and scales it to cell x cell RGBA (each target
 * pixel the mean of the source pixels it covers, weighted by alpha). */
static vg_status load_image(const char *path, int cell, uint8_t **out, vg_error *err) {
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    *out = NULL;
    errno = 0;
    if (access(path, R_OK) != 0) return render_io_error(err, path, "cannot read the sprite image");
    if (!png_image_begin_read_from_file(&im, path)) {
        errno = 0;
        render_io_error(err, path, "not a PNG image");
        snprintf(err->msg, sizeof err->msg, "not a PNG image (libpng: %s)", im.message);
        return VG_ERR_IO;
    }
    im.format = PNG_FORMAT_RGBA;
    uint8_t *src = malloc(PNG_IMAGE_SIZE(im)), *dst = malloc((size_t)cell * (size_t)cell * 4);
    if (!src || !dst || !png_image_finish_read(&im, NULL, src, 0, NULL)) {
        errno = 0;
        render_io_error(err, path, "not a PNG image");
        snprintf(err->msg, sizeof err->msg, "a damaged PNG image (libpng: %s)", src && dst ? im.message : "out of memory");
        png_image_free(&im);
        free(src);
        free(dst);
        return VG_ERR_IO;
    }
    int sw = (int)im.width, sh = (int)im.height;
    for (int y = 0; y < cell; y++)
        for (int x = 0; x < cell; x++) {
            int x0 = x * sw / cell, x1 = (x + 1) * sw / cell, y0 = y * sh / cell, y1 = (y + 1) * sh / cell;
            if (x1 <= x0) x1 = x0 + 1;
            if (y1 <= y0) y1 = y0 + 1;
            double sum[4] = {0, 0, 0, 0}, n = 0;
            for (int v = y0; v < y1; v++)
                for (int u = x0; u < x1; u++, n++) {
                    const uint8_t *p = src + ((size_t)v * (size_t)sw + (size_t)u) * 4;
                    for (int c = 0; c < 3; c++) sum[c] += p[c] * (double)p[3];
                    sum[3] += p[3];
                }
            uint8_t *q = dst + ((size_t)y * (size_t)cell + (size_t)x) * 4;
            for (int c = 0; c < 3; c++) q[c] = (uint8_t)(sum[3] > 0 ? sum[c] / sum[3] + 0.5 : 0);
            q[3] = (uint8_t)(sum[3] / n + 0.5);
        }
    free(src);
    *out = dst;
    return VG_OK;
}

/* The file of image 'name': under 'sprites', else beside 'script'; ".png"
 * added when the name has no extension. */
static void image_path(const char *name, const render_opts *o, char *path, size_t size) {
    const char *dot = strrchr(name, '.'), *slash = strrchr(name, '/');
    const char *ext = dot && (!slash || dot > slash) ? "" : ".png";
    if (name[0] == '/') snprintf(path, size, "%s%s", name, ext);
    else if (o->sprites) snprintf(path, size, "%s/%s%s", o->sprites, name, ext);
    else {
        const char *cut = strrchr(o->script, '/');
        snprintf(path, size, "%.*s%s%s%s", cut ? (int)(cut - o->script) : 0, o->script, cut ? "/" : "", name, ext);
    }
}

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
static int make_palette(render *r, int images) {
    const uint32_t fixed[] = {BG, STRIP_BG, TEXT, TEXT_WIN, TEXT_LOSE};
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) pal_add(r, fixed[k]);
    for (int t = 0; t < vg_game_num_types(r->g); t++) {
        pal_add(r, r->colour[t]);
        pal_add(r, r->outline[t]);
    }
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

/* Each type's colour: its own, but a type that relies on an image drawn
 * without it (a GVGAI game without --sprites) and has no colour (the
 * engine's gray) gets one, as GVGAI draws such a type in a random colour:
 * an avatar white, a wall dark gray, the others the next of a list. */
static void pick_colours(render *r) {
    static const uint32_t spare[] = {0xffa500, 0x80c0ff, 0xffc0cb, 0x800080, 0xffd700, 0x80ff80,
                                     0x8b4513, 0xff8080, 0x00c000, 0xffff99, 0xff0000, 0x0000ff};
    size_t next = 0;
    for (int t = 0; t < vg_game_num_types(r->g); t++) {
        const char *img = vg_type_img(r->g, t);
        r->colour[t] = vg_type_color(r->g, t);
        if (!img[0] || r->colour[t] != 0x808080 || r->img[t] || vg_type_hidden(r->g, t)) continue;
        if (vg_type_category(r->g, t) == VG_CAT_AVATAR) r->colour[t] = 0xffffff;
        else if (strstr(vg_type_name(r->g, t), "wall") || strstr(img, "wall")) r->colour[t] = 0x404040;
        else r->colour[t] = spare[next++ % (sizeof spare / sizeof spare[0])];
    }
    for (int t = 0; t < vg_game_num_types(r->g); t++) r->outline[t] = darker(r->colour[t]);
}

/* The strip's lines: score, tick and result on one line if the widest of
 * each fits across the board, else one line each. */
static int strip_lines(int width, int text) {
    static const char *const widest[STRIP_FIELDS] = {"SCORE -1234567.5", "TICK 123456", "GAME OVER"};
    int total = 0;
    for (int k = 0; k < STRIP_FIELDS; k++) total += ((int)strlen(widest[k]) + 2) * GLYPH_W * text;
    return total + 2 * text <= width ? 1 : STRIP_FIELDS;
}

vg_status render_new(const vg_game *g, const render_opts *o, render **out, vg_error *err) {
    render *r = calloc(1, sizeof *r);
    *out = NULL;
    if (!r) goto nomem;
    r->g = g;
    r->cell = o->cell > 0 ? o->cell : RENDER_CELL;
    r->board_game = vg_game_has_turns(g) && !match_moves_are_actions(g);
    r->text = r->cell >= 24 ? 2 : 1;
    r->w = vg_game_width(g) * r->cell;
    if (r->w < 40 * GLYPH_W * r->text / 2) r->text = 1;       /* a narrow board: small text */
    r->lines = strip_lines(r->w, r->text);
    r->board_h = vg_game_height(g) * r->cell;
    r->h = r->board_h + r->lines * LINE_H * r->text + 3 * r->text;
    if (!(r->rgb = malloc((size_t)r->w * (size_t)r->h * 3))) goto nomem;
    for (int k = 0; k < SH_COUNT; k++)
        if (!(r->mask[k] = make_mask((shape)k, r->cell))) goto nomem;
    int images = 0;
    for (int t = 0; t < vg_game_num_types(g); t++) {
        const char *img = vg_type_img(g, t);
        if (!img[0] || vg_type_hidden(g, t) || !vg_type_is_leaf(g, t) || (cli_is_gvgai(o->script) && !o->sprites)) continue;
        char path[4096];
        image_path(img, o, path, sizeof path);
        vg_status st = load_image(path, r->cell, &r->img[t], err);
        if (st != VG_OK) {
            render_free(r);
            return st;
        }
        images = 1;
    }
    pick_colours(r);
    if (make_palette(r, images)) goto nomem;
    *out = r;
    return VG_OK;
nomem:
    render_free(r);
    memset(err, 0, sizeof *err);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return VG_ERR_NOMEM;
}

void render_free(render *r) {
    if (!r) return;
    free(r->rgb);
    for (int k = 0; k < SH_COUNT; k++) free(r->mask[k]);
    for (int t = 0; t < VG_MAX_TYPES; t++) free(r->img[t]);
    free(r->obs);
    free(r->lut);
    free(r);
}

int render_width(const render *r) { return r->w; }
int render_height(const render *r) { return r->h; }
int render_board_height(const render *r) { return r->board_h; }

/* ---- Drawing -------------------------------------------------------------- */

static void put_rgb(uint8_t *p, uint32_t c) {
    p[0] = (uint8_t)(c >> 16);
    p[1] = (uint8_t)(c >> 8);
    p[2] = (uint8_t)c;
}

static void fill_rect(render *r, int x0, int y0, int w, int h, uint32_t c) {
    for (int y = y0; y < y0 + h && y < r->h; y++)
        for (int x = x0; x < x0 + w && x < r->w; x++) put_rgb(r->rgb + ((size_t)y * (size_t)r->w + (size_t)x) * 3, c);
}

/* Draws type 't' with its top-left corner at pixel (px, py) (clipped to
 * the board): its image, else its shape in its colour and outline. */
static void draw_sprite(render *r, int t, int px, int py, shape sh) {
    int c = r->cell;
    uint32_t fill = r->colour[t], edge = r->outline[t];
    for (int y = 0; y < c; y++) {
        if (py + y < 0 || py + y >= r->board_h) continue;
        for (int x = 0; x < c; x++) {
            if (px + x < 0 || px + x >= r->w) continue;
            uint8_t *p = r->rgb + ((size_t)(py + y) * (size_t)r->w + (size_t)(px + x)) * 3;
            if (r->img[t]) {
                const uint8_t *q = r->img[t] + ((size_t)y * (size_t)c + (size_t)x) * 4;
                for (int k = 0; k < 3; k++) p[k] = (uint8_t)((q[k] * q[3] + p[k] * (255 - q[3]) + 127) / 255);
                continue;
            }
            uint8_t m = r->mask[sh][y * c + x];
            if (m) put_rgb(p, m == 1 ? fill : edge);
        }
    }
}

/* A board game's square: the hidden type's colour with a darker edge. */
static void draw_square(render *r, int t, int px, int py) {
    fill_rect(r, px, py, r->cell, r->cell, r->outline[t]);
    fill_rect(r, px + 1, py + 1, r->cell - 2, r->cell - 2, r->colour[t]);
}

/* The avatar's facing: a dot of its outline colour towards its orientation. */
static void draw_facing(render *r, const vg_state *s, int t, int px, int py) {
    int dx, dy, c = r->cell, d = c / 6 > 1 ? c / 6 : 1;
    vg_avatar_orientation(r->g, s, &dx, &dy);
    if ((dx == 0 && dy == 0) || r->img[t] || c < 8) return;
    int cx = px + c / 2 + dx * c * 5 / 16 - d / 2, cy = py + c / 2 + dy * c * 5 / 16 - d / 2;
    if (cy >= 0 && cy + d <= r->board_h && cx >= 0) fill_rect(r, cx, cy, d, d, r->outline[t]);
}

void render_text(uint8_t *rgb, int w, int h, int x, int y, const char *text, int scale, uint32_t colour) {
    for (; *text; text++, x += GLYPH_W * scale) {
        const uint8_t *rows = render_glyph(*text);
        for (int v = 0; rows && v < 7 * scale; v++)
            for (int u = 0; u < 5 * scale; u++)
                if (rows[v / scale] >> (4 - u / scale) & 1 && x + u >= 0 && x + u < w && y + v >= 0 && y + v < h)
                    put_rgb(rgb + ((size_t)(y + v) * (size_t)w + (size_t)(x + u)) * 3, colour);
    }
}

static void draw_text(render *r, int x, int y, const char *text, uint32_t c) { render_text(r->rgb, r->w, r->h, x, y, text, r->text, c); }

/* The strip: score, tick and the result once the game is over. */
static void draw_strip(render *r, const vg_state *s) {
    char field[STRIP_FIELDS][32];
    uint32_t colour = TEXT;
    snprintf(field[0], sizeof field[0], "SCORE %.10g", vg_score(s));
    snprintf(field[1], sizeof field[1], "TICK %d", vg_tick(s));
    field[2][0] = '\0';
    if (vg_is_over(s)) {
        vg_winner w = vg_winner_of(s);
        snprintf(field[2], sizeof field[2], "%s",
                 w == VG_PLAYER_WINS ? "WIN" : w == VG_PLAYER_LOSES ? "LOSE" : r->board_game ? "DRAW" : "GAME OVER");
        colour = w == VG_PLAYER_WINS ? TEXT_WIN : w == VG_PLAYER_LOSES ? TEXT_LOSE : TEXT;
    }
    fill_rect(r, 0, r->board_h, r->w, r->h - r->board_h, STRIP_BG);
    int k = r->text, x = 2 * k, y = r->board_h + 2 * k;
    for (int f = 0; f < STRIP_FIELDS; f++) {
        draw_text(r, x, y, field[f], f == 2 ? colour : TEXT);
        if (r->lines == 1) x += ((int)strlen(field[f]) + 2) * GLYPH_W * k;
        else y += LINE_H * k;
    }
}

const uint8_t *render_draw(render *r, const vg_state *s) {
    const vg_game *g = r->g;
    int n = vg_sprites(g, s, VG_NUM_CATS, NULL, r->obs, r->nobs);
    if (n > r->nobs) {                                 /* grows to the largest frame, once */
        vg_obs *more = realloc(r->obs, (size_t)n * sizeof *more);
        if (more) r->obs = more, r->nobs = n;
        n = vg_sprites(g, s, VG_NUM_CATS, NULL, r->obs, r->nobs);
    }
    if (n > r->nobs) n = r->nobs;
    fill_rect(r, 0, 0, r->w, r->board_h, BG);
    for (int pass = 0; pass < 2; pass++)               /* types in script order, avatars last */
        for (int k = 0; k < n; k++) {
            const vg_obs *o = &r->obs[k];
            int px = (int)lround(o->x * r->cell), py = (int)lround(o->y * r->cell);
            if ((o->cat == VG_CAT_AVATAR) != pass) continue;
            if (vg_type_hidden(g, o->type)) {
                if (r->board_game) draw_square(r, o->type, px, py);
                continue;
            }
            draw_sprite(r, o->type, px, py, shape_of(r, o->type));
            if (pass) draw_facing(r, s, o->type, px, py);
        }
    draw_strip(r, s);
    return r->rgb;
}

/* ---- Files ---------------------------------------------------------------- */

int render_temp_open(const char *path, char *tmp, size_t size, vg_error *err) {
    errno = 0;
    if ((size_t)snprintf(tmp, size, "%s.XXXXXX", path) >= size) {
        errno = ENAMETOOLONG;
        render_io_error(err, path, "cannot write");
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        render_io_error(err, path, "cannot write");
        return -1;
    }
    mode_t mask = umask(0);                            /* mkstemp makes it private: as open() would */
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    return fd;
}

vg_status render_temp_close(const char *tmp, const char *path, int keep, vg_error *err) {
    errno = 0;
    if (keep && rename(tmp, path) == 0) return VG_OK;
    vg_status st = keep ? render_io_error(err, path, "cannot write") : VG_OK;
    unlink(tmp);
    return st;
}

vg_status render_png(render *r, const vg_state *s, const char *path, vg_error *err) {
    return render_write_png(path, render_draw(r, s), r->w, r->h, err);
}

vg_status render_write_png(const char *path, const uint8_t *rgb, int w, int h, vg_error *err) {
    char tmp[4096];
    int fd = render_temp_open(path, tmp, sizeof tmp, err);
    if (fd < 0) return VG_ERR_IO;
    FILE *f = fdopen(fd, "wb");
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    im.width = (png_uint_32)w;
    im.height = (png_uint_32)h;
    im.format = PNG_FORMAT_RGB;
    errno = 0;
    int ok = f && png_image_write_to_stdio(&im, f, 0, rgb, 0, NULL);
    ok &= f && fflush(f) == 0;
    if (f) ok &= fclose(f) == 0;
    else close(fd);
    if (!ok) {
        render_io_error(err, path, "cannot write");
        render_temp_close(tmp, path, 0, NULL);
        return VG_ERR_IO;
    }
    return render_temp_close(tmp, path, 1, err);
}
