/* SPDX-License-Identifier: MIT
 *
 * render.h -- pictures of a game: one position as a PNG (libpng), a whole
 * game as an animated GIF (giflib) written frame by frame as it plays.
 *
 * A picture is the library's canvas (vgdl.h, vg_canvas: each visible
 * sprite as a tile of its type's colour or its 'img', shaped by its
 * category; under the board a strip with the score, the tick and the
 * result; board games as a board with discs); this room adds the palette
 * a GIF needs and writes the files.
 *
 * Files are written as outfile.h says: a regular file through a
 * temporary file beside it, renamed when complete, so a failure never
 * leaves a half-written picture; a device or FIFO in place, never
 * replaced.
 */
#ifndef VG_RENDER_H
#define VG_RENDER_H

#include "vgdl.h"

#define RENDER_DELAY 100 /* milliseconds a GIF frame, unless --delay says otherwise */

typedef struct render_opts {
    int cell;            /* pixels a cell (1 to 256); 0: VG_CANVAS_CELL */
    int delay_ms;        /* GIF: milliseconds a frame; 0: RENDER_DELAY */
    const char *script;  /* the game's script: a Lua script's images are read beside it */
    const char *sprites; /* --sprites DIR: images are read under it (GVGAI's sprites/ folder); NULL: none */
} render_opts;

typedef struct render render;

/* A renderer for game 'g' (which must outlive it): the canvas, and every
 * type's image loaded and scaled to the cell. An image name is a path
 * under o->sprites if given, else (a Lua script) beside o->script, with
 * ".png" added when it has no extension; a GVGAI game's images are read
 * only with o->sprites (else its types are drawn in their colours).
 * Returns VG_OK with '*out' owned by the caller (render_free), or an error
 * naming the image file (missing, not a PNG) with '*out' NULL. */
vg_status render_new(const vg_game *g, const render_opts *o, render **out, vg_error *err);
void render_free(render *r);       /* NULL is a no-op */
int render_width(const render *r); /* picture size in pixels */
int render_height(const render *r);
/* Draws 's' on the canvas; returns it: width * height pixels, 3 bytes
 * (R, G, B) each, row by row, owned by 'r', valid until the next call. */
const uint8_t *render_draw(render *r, const vg_state *s);
/* The canvas's colours, at most 256 (exactly those drawn without images),
 * for the GIF: '*n' gets how many; owned by 'r'. */
const uint8_t *render_palette(const render *r, int *n);
/* The palette entry closest to (red, green, blue). */
uint8_t render_index(render *r, uint8_t red, uint8_t green, uint8_t blue);
/* Writes 's' as a PNG to 'path' (outfile_png). VG_OK, or VG_ERR_IO
 * naming 'path' (nothing is left behind). */
vg_status render_png(render *r, const vg_state *s, const char *path, vg_error *err);

/* Writes at most 'max' characters of 'text' in upper case on 'rgb' (w *
 * h pixels, 3 bytes each) in the canvas's font (vg_glyph), each font pixel
 * 'scale' pixels a side, its top left at (x, y), in 0xRRGGBB 'colour'; a
 * character advances 6 * scale pixels; clipped to the picture. */
void render_text(uint8_t *rgb, int w, int h, int x, int y, const char *text, int max, int scale, uint32_t colour);

/* ---- gif.c: an animated GIF written as the game plays ---------------- */

typedef struct render_gif render_gif;

/* Starts a GIF of the game 'r' draws at 'path' (outfile_open: a
 * temporary file beside it until render_gif_close); frames last 'delay_ms' each (0:
 * RENDER_DELAY), the last one longer, and the GIF loops. Memory does not
 * grow with the frames: each is compared with the one before and only
 * the rectangle that changed is written. VG_OK with '*out' set, or
 * VG_ERR_IO naming 'path'. */
vg_status render_gif_open(render *r, const char *path, int delay_ms, render_gif **out, vg_error *err);
/* Adds 's' as the next frame. VG_OK or VG_ERR_IO (the GIF is then
 * abandoned: close it with keep 0). */
vg_status render_gif_frame(render_gif *gif, const vg_state *s, vg_error *err);
/* Writes the last frame and renames the file to its path ('keep' 1), or
 * removes it ('keep' 0); frees 'gif' (NULL is a no-op). VG_OK or
 * VG_ERR_IO naming the path. */
vg_status render_gif_close(render_gif *gif, int keep, vg_error *err);
int render_gif_frames(const render_gif *gif); /* frames added so far */

#endif
