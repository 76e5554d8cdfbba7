/* SPDX-License-Identifier: MIT
 *
 * draw.c -- a game position drawn as RGB pixels (vgdl.h's canvas), for
 * the pictures of the command line (tools/picture/: PNG and GIF) and for
 * anyone holding the library (Python's render()).
 *
 * Each visible sprite is a tile of its type's colour in a shape that
 * tells the categories apart (immovable: the whole cell; movable: an
 * inset square; avatar: a disc; NPC: a diamond; resource: a small disc;
 * portal: a ring; from the avatar: a small diamond), outlined in a darker
 * shade, or its 'img' (a PNG, read with libpng: a regular file below the
 * script's folder, its size checked before it is decoded) scaled to the
 * cell.
 * Shapes are masks computed once per cell size, so a frame is a few
 * hundred small copies: the GIF writer draws one per tick. Text (the
 * strip under the board) uses a 5x7 pixel font, scaled with the cell.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <png.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vgdl.h"

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

#define GLYPH_W      6 /* 5 pixels and a space */
#define LINE_H       9 /* 7 pixels and two of space */
#define STRIP_FIELDS 3 /* score, tick, result */

const uint8_t *vg_glyph(char c) {
    if (c >= 'a' && c <= 'z' && c != 'e') c = (char)(c - 'a' + 'A');
    for (size_t k = 0; k < sizeof font / sizeof font[0]; k++)
        if (font[k].c == c) return font[k].rows;
    return NULL; /* a space, or a character the font lacks */
}

/* ---- The canvas ----------------------------------------------------------- */

typedef enum { SH_CELL, SH_INSET, SH_DISC, SH_DIAMOND, SH_SMALL_DISC, SH_RING, SH_SMALL_DIAMOND, SH_COUNT } shape;

struct vg_canvas {
    const vg_game *g;
    int cell, w, h, board_h;    /* cell size; picture size; the board's height (the strip is below) */
    int text, lines;            /* font scale, strip lines */
    int status;                 /* 1: a last strip line for what the avatar carries (health, resources) */
    int board_game;             /* drawn as a board with discs */
    int images;                 /* 1 when a type is drawn from its image */
    uint8_t *rgb;               /* the canvas, w * h * 3 */
    uint8_t *mask[SH_COUNT];    /* per shape, cell * cell: 0 outside, 1 fill, 2 outline */
    uint8_t *img[VG_MAX_TYPES]; /* per type, cell * cell RGBA, or NULL: its colour */
    uint32_t colour[VG_MAX_TYPES], outline[VG_MAX_TYPES];
    vg_obs *obs; /* the sprites of the frame */
    int nobs;
};

#define BG        0x000000u /* empty cells */
#define STRIP_BG  0x202020u
#define TEXT      0xffffffu
#define TEXT_WIN  0x40e040u
#define TEXT_LOSE 0xff5050u

static uint32_t darker(uint32_t c) {
    uint32_t r = (c >> 16) & 255, g = (c >> 8) & 255, b = c & 255;
    if (r + g + b < 96) return 0x606060u; /* a black sprite is outlined in gray */
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

static shape shape_of(const vg_canvas *r, int t) {
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

/* Fills 'err' with "what: errno's reason" for 'path'; returns VG_ERR_IO. */
static vg_status io_error(vg_error *err, const char *path, const char *what) {
    int e = errno;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    snprintf(err->msg, sizeof err->msg, "%s: %s", what, e ? strerror(e) : "failed");
    return VG_ERR_IO;
}

/* ---- Images --------------------------------------------------------------- */

/* Fills 'err' for the image file 'path' and returns VG_ERR_IO. */
static vg_status image_error(vg_error *err, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static vg_status image_error(vg_error *err, const char *path, const char *fmt, ...) {
    va_list ap;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return VG_ERR_IO;
}

/* The file 'path' read whole into memory: a regular file of at most
 * VG_CANVAS_MAX_IMAGE_FILE bytes (a FIFO or a device is refused, not
 * waited on). VG_OK with '*out' malloc'd, or VG_ERR_IO naming 'path'. */
static vg_status read_image_file(const char *path, uint8_t **out, size_t *len, vg_error *err) {
    struct stat st;
    uint8_t *buf = NULL;
    *out = NULL;
    *len = 0;
    errno = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return io_error(err, path, "cannot read the sprite image");
    vg_status status = VG_OK;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        status = image_error(err, path, "cannot read the sprite image: not a regular file");
    else if (st.st_size > VG_CANVAS_MAX_IMAGE_FILE)
        status = image_error(err, path, "sprite image too large (%jd bytes; the limit is %d)", (intmax_t)st.st_size,
                             VG_CANVAS_MAX_IMAGE_FILE);
    else if (!(buf = malloc((size_t)st.st_size + 1)))
        status = image_error(err, path, "cannot read the sprite image: out of memory");
    else
        for (ssize_t got; *len < (size_t)st.st_size; *len += (size_t)got)
            if ((got = read(fd, buf + *len, (size_t)st.st_size - *len)) <= 0) break; /* cut short: a damaged PNG */
    close(fd);
    if (status != VG_OK) free(buf);
    else *out = buf;
    return status;
}

/* Reads the PNG 'path' and scales it to cell x cell RGBA (each target
 * pixel the mean of the source pixels it covers, weighted by alpha). An
 * image over VG_CANVAS_MAX_IMAGE_SIDE pixels a side is refused before it
 * is decoded. */
static vg_status load_image(const char *path, int cell, uint8_t **out, vg_error *err) {
    png_image im;
    uint8_t *file, *src = NULL, *dst = NULL;
    size_t len;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    *out = NULL;
    vg_status st = read_image_file(path, &file, &len, err);
    if (st != VG_OK) return st;
    if (!png_image_begin_read_from_memory(&im, file, len)) {
        st = image_error(err, path, "not a PNG image (libpng: %s)", im.message);
    } else if (im.width > VG_CANVAS_MAX_IMAGE_SIDE || im.height > VG_CANVAS_MAX_IMAGE_SIDE) {
        st = image_error(err, path, "sprite image too large (%u x %u pixels; the limit is %d a side)",
                         (unsigned)im.width, (unsigned)im.height, VG_CANVAS_MAX_IMAGE_SIDE);
    } else {
        im.format = PNG_FORMAT_RGBA;
        src = malloc(PNG_IMAGE_SIZE(im));
        dst = malloc((size_t)cell * (size_t)cell * 4);
        if (!src || !dst || !png_image_finish_read(&im, NULL, src, 0, NULL))
            st = image_error(err, path, "a damaged PNG image (libpng: %s)", src && dst ? im.message : "out of memory");
    }
    png_image_free(&im);
    free(file);
    if (st != VG_OK) {
        free(src);
        free(dst);
        return st;
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

/* The file of image 'name': under 'sprites' if given, else beside
 * 'script'; ".png" added when the name has no extension. A name that
 * would lead outside that folder (absolute, or a '..' in it) is refused:
 * VG_ERR_SCRIPT naming the script. */
static vg_status image_path(const char *name, const char *script, const char *sprites, char *path, size_t size,
                            vg_error *err) {
    const char *dot = strrchr(name, '.'), *slash = strrchr(name, '/');
    const char *ext = dot && (!slash || dot > slash) ? "" : ".png";
    int up = 0;
    for (const char *p = name; *p; p += strcspn(p, "/"), p += *p == '/')
        up |= strncmp(p, "..", 2) == 0 && (p[2] == '/' || p[2] == '\0');
    if (name[0] == '/' || up) {
        memset(err, 0, sizeof *err);
        snprintf(err->file, sizeof err->file, "%s", script);
        snprintf(err->msg, sizeof err->msg, "image '%s' is outside %s (images are named below it, without '..')", name,
                 sprites ? "the --sprites folder" : "the script's folder");
        return VG_ERR_SCRIPT;
    }
    if (sprites) snprintf(path, size, "%s/%s%s", sprites, name, ext);
    else {
        const char *cut = strrchr(script, '/');
        snprintf(path, size, "%.*s%s%s%s", cut ? (int)(cut - script) : 0, script, cut ? "/" : "", name, ext);
    }
    return VG_OK;
}

/* 1 when 'path' ends in ".txt": a GVGAI game file, whose images are read only from a sprites folder. */
static int is_gvgai(const char *path) {
    size_t n = strlen(path);
    return n > 4 && strcmp(path + n - 4, ".txt") == 0;
}

/* ---- Setup ---------------------------------------------------------------- */

/* Each type's colour: its own, but a type that relies on an image drawn
 * without it (a GVGAI game without --sprites) and has no colour (the
 * engine's gray) gets one, as GVGAI draws such a type in a random colour:
 * an avatar white (in a game for several players, each avatar type the
 * next of white, yellow, cyan, magenta), a wall dark gray, the others the
 * next of a list. */
static void pick_colours(vg_canvas *r) {
    static const uint32_t spare[] = {0xffa500, 0x80c0ff, 0xffc0cb, 0x800080, 0xffd700, 0x80ff80,
                                     0x8b4513, 0xff8080, 0x00c000, 0xffff99, 0xff0000, 0x0000ff};
    static const uint32_t avatars[] = {0xffffff, 0xffff00, 0x00ffff, 0xff00ff};
    size_t next = 0, avatar = 0, several = vg_num_players(r->g) > 1;
    for (int t = 0; t < vg_game_num_types(r->g); t++) {
        const char *img = vg_type_img(r->g, t);
        r->colour[t] = vg_type_color(r->g, t);
        if (!img[0] || r->colour[t] != 0x808080 || r->img[t] || vg_type_hidden(r->g, t)) continue;
        if (vg_type_category(r->g, t) == VG_CAT_AVATAR) r->colour[t] = avatars[several ? avatar++ % 4 : 0];
        else if (strstr(vg_type_name(r->g, t), "wall") || strstr(img, "wall")) r->colour[t] = 0x404040;
        else r->colour[t] = spare[next++ % (sizeof spare / sizeof spare[0])];
    }
    for (int t = 0; t < vg_game_num_types(r->g); t++) r->outline[t] = darker(r->colour[t]);
}

/* The strip's lines: score, tick and result on one line if the widest of
 * each fits across the board, else one line each; in a game for several
 * players each player's score, and who won. */
static int strip_lines(int width, int text, int several) {
    const char *const widest[STRIP_FIELDS] = {several ? "SCORE -123456/-123456" : "SCORE -1234567.5", "TICK 123456",
                                              several ? "P1 WINS P2 WINS" : "GAME OVER"};
    int total = 0;
    for (int k = 0; k < STRIP_FIELDS; k++) total += ((int)strlen(widest[k]) + 2) * GLYPH_W * text;
    return total + 2 * text <= width ? 1 : STRIP_FIELDS;
}

/* Reads the image of every visible leaf type that names one; 1 when there was one. */
static vg_status load_images(vg_canvas *r, const char *script, const char *sprites, vg_error *err) {
    const vg_game *g = r->g;
    for (int t = 0; t < vg_game_num_types(g); t++) {
        const char *img = vg_type_img(g, t);
        if (!img[0] || vg_type_hidden(g, t) || !vg_type_is_leaf(g, t) || (is_gvgai(script) && !sprites)) continue;
        char path[4096];
        vg_status st = image_path(img, script, sprites, path, sizeof path, err);
        if (st == VG_OK) st = load_image(path, r->cell, &r->img[t], err);
        if (st != VG_OK) return st;
        r->images = 1;
    }
    return VG_OK;
}

vg_status vg_canvas_new(const vg_game *g, int cell, const char *script, const char *sprites, vg_canvas **out,
                        vg_error *err) {
    vg_canvas *r = calloc(1, sizeof *r);
    *out = NULL;
    if (!r) goto nomem;
    r->g = g;
    r->cell = cell > 0 ? cell : VG_CANVAS_CELL;
    r->board_game = vg_game_has_turns(g) && !vg_moves_are_actions(g);
    r->text = r->cell >= 24 ? 2 : 1;
    r->w = vg_game_width(g) * r->cell;
    if (r->w < 40 * GLYPH_W * r->text / 2) r->text = 1; /* a narrow board: small text */
    r->lines = strip_lines(r->w, r->text, vg_num_players(g) > 1);
    r->status = vg_game_has_status(g); /* a line more for what the avatar carries */
    r->board_h = vg_game_height(g) * r->cell;
    r->h = r->board_h + (r->lines + r->status) * LINE_H * r->text + 3 * r->text;
    if ((long long)r->w * r->h > VG_CANVAS_MAX_PIXELS) { /* checked before a byte of it is spent */
        memset(err, 0, sizeof *err);
        snprintf(err->msg, sizeof err->msg,
                 "the picture would be %d x %d pixels, over the limit of %d: use a smaller --cell", r->w, r->h,
                 VG_CANVAS_MAX_PIXELS);
        vg_canvas_free(r);
        return VG_ERR_LIMIT;
    }
    if (!(r->rgb = malloc((size_t)r->w * (size_t)r->h * 3))) goto nomem;
    for (int k = 0; k < SH_COUNT; k++)
        if (!(r->mask[k] = make_mask((shape)k, r->cell))) goto nomem;
    vg_status st = script ? load_images(r, script, sprites, err) : VG_OK;
    if (st != VG_OK) {
        vg_canvas_free(r);
        return st;
    }
    pick_colours(r);
    *out = r;
    return VG_OK;
nomem:
    vg_canvas_free(r);
    memset(err, 0, sizeof *err);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return VG_ERR_NOMEM;
}

void vg_canvas_free(vg_canvas *r) {
    if (!r) return;
    free(r->rgb);
    for (int k = 0; k < SH_COUNT; k++) free(r->mask[k]);
    for (int t = 0; t < VG_MAX_TYPES; t++) free(r->img[t]);
    free(r->obs);
    free(r);
}

int vg_canvas_width(const vg_canvas *r) { return r->w; }
int vg_canvas_height(const vg_canvas *r) { return r->h; }
int vg_canvas_has_images(const vg_canvas *r) { return r->images; }

int vg_canvas_colours(const vg_canvas *r, uint32_t *out, int max) {
    const uint32_t fixed[] = {BG, STRIP_BG, TEXT, TEXT_WIN, TEXT_LOSE};
    int n = 0, nf = (int)(sizeof fixed / sizeof fixed[0]);
    for (int k = 0; k < nf; k++, n++)
        if (n < max) out[n] = fixed[k];
    for (int t = 0; t < vg_game_num_types(r->g); t++, n += 2)
        if (n + 1 < max) out[n] = r->colour[t], out[n + 1] = r->outline[t];
    return n;
}

/* ---- Drawing -------------------------------------------------------------- */

static void put_rgb(uint8_t *p, uint32_t c) {
    p[0] = (uint8_t)(c >> 16);
    p[1] = (uint8_t)(c >> 8);
    p[2] = (uint8_t)c;
}

static void fill_rect(vg_canvas *r, int x0, int y0, int w, int h, uint32_t c) {
    for (int y = y0; y < y0 + h && y < r->h; y++)
        for (int x = x0; x < x0 + w && x < r->w; x++) put_rgb(r->rgb + ((size_t)y * (size_t)r->w + (size_t)x) * 3, c);
}

/* Draws type 't' with its top-left corner at pixel (px, py) (clipped to
 * the board): its image, else its shape in its colour and outline. */
static void draw_sprite(vg_canvas *r, int t, int px, int py, shape sh) {
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
static void draw_square(vg_canvas *r, int t, int px, int py) {
    fill_rect(r, px, py, r->cell, r->cell, r->outline[t]);
    fill_rect(r, px + 1, py + 1, r->cell - 2, r->cell - 2, r->colour[t]);
}

/* The avatar's facing: a dot of its outline colour towards its orientation. */
static void draw_facing(vg_canvas *r, const vg_state *s, int t, int px, int py) {
    int dx, dy, c = r->cell, d = c / 6 > 1 ? c / 6 : 1;
    vg_avatar_orientation(r->g, s, &dx, &dy);
    if ((dx == 0 && dy == 0) || r->img[t] || c < 8) return;
    int cx = px + c / 2 + dx * c * 5 / 16 - d / 2, cy = py + c / 2 + dy * c * 5 / 16 - d / 2;
    if (cy >= 0 && cy + d <= r->board_h && cx >= 0) fill_rect(r, cx, cy, d, d, r->outline[t]);
}

static void draw_text(vg_canvas *r, int x, int y, const char *text, uint32_t c) {
    int k = r->text;
    for (; *text; text++, x += GLYPH_W * k) {
        const uint8_t *rows = vg_glyph(*text);
        for (int v = 0; rows && v < 7; v++)
            for (int u = 0; u < 5; u++)
                if (rows[v] >> (4 - u) & 1) fill_rect(r, x + u * k, y + v * k, k, k, c);
    }
}

/* The strip: score, tick and the result once the game is over; then, in
 * a game whose avatar carries health or resources, what it carries. */
static void draw_strip(vg_canvas *r, const vg_state *s) {
    char field[STRIP_FIELDS][32];
    uint32_t colour = TEXT;
    snprintf(field[0], sizeof field[0], "SCORE %.10g", vg_score(s));
    snprintf(field[1], sizeof field[1], "TICK %d", vg_tick(s));
    field[2][0] = '\0';
    for (int p = 1; p < vg_num_players(r->g); p++) { /* "SCORE 3/2", "P2 WINS" */
        size_t n = strlen(field[0]);
        snprintf(field[0] + n, sizeof field[0] - n, "/%.10g", vg_player_score(r->g, s, p));
    }
    for (int p = 0; p < vg_num_players(r->g) && vg_num_players(r->g) > 1 && vg_is_over(s); p++) {
        size_t n = strlen(field[2]);
        if (vg_player_winner(r->g, s, p) == VG_PLAYER_WINS)
            snprintf(field[2] + n, sizeof field[2] - n, "%sP%d WINS", n ? " " : "", p + 1);
    }
    if (vg_num_players(r->g) > 1 && vg_is_over(s)) {
        if (!field[2][0]) snprintf(field[2], sizeof field[2], "NO WINNER");
    } else if (vg_is_over(s)) {
        vg_winner w = vg_winner_of(s);
        snprintf(field[2], sizeof field[2], "%s",
                 w == VG_PLAYER_WINS    ? "WIN"
                 : w == VG_PLAYER_LOSES ? "LOSE"
                 : r->board_game        ? "DRAW"
                                        : "GAME OVER");
        colour = w == VG_PLAYER_WINS ? TEXT_WIN : w == VG_PLAYER_LOSES ? TEXT_LOSE : TEXT;
    }
    fill_rect(r, 0, r->board_h, r->w, r->h - r->board_h, STRIP_BG);
    int k = r->text, x = 2 * k, y = r->board_h + 2 * k;
    for (int f = 0; f < STRIP_FIELDS; f++) {
        draw_text(r, x, y, field[f], f == 2 ? colour : TEXT);
        if (r->lines == 1) x += ((int)strlen(field[f]) + 2) * GLYPH_W * k;
        else y += LINE_H * k;
    }
    char status[256];
    int room = (r->w - 4 * k) / (GLYPH_W * k); /* as much as the width holds */
    if (r->status && vg_avatar_status(r->g, s, status, sizeof status) > 0 && room > 0) {
        if (room < (int)sizeof status) status[room] = '\0';
        draw_text(r, 2 * k, r->board_h + 2 * k + r->lines * LINE_H * k, status, TEXT);
    }
}

const uint8_t *vg_canvas_draw(vg_canvas *r, const vg_state *s) {
    const vg_game *g = r->g;
    int n = vg_sprites(g, s, VG_NUM_CATS, NULL, r->obs, r->nobs);
    if (n > r->nobs) { /* grows to the largest frame, once */
        vg_obs *more = realloc(r->obs, (size_t)n * sizeof *more);
        if (more) r->obs = more, r->nobs = n;
        n = vg_sprites(g, s, VG_NUM_CATS, NULL, r->obs, r->nobs);
    }
    if (n > r->nobs) n = r->nobs;
    fill_rect(r, 0, 0, r->w, r->board_h, BG);
    for (int pass = 0; pass < 2; pass++) /* types in script order, avatars last */
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
