/* SPDX-License-Identifier: MIT
 *
 * sheet.c -- a contact sheet (sheet.h): pictures in rows on a white
 * page, each centred in a cell as large as the largest, its caption
 * under it in the font at twice its size (vgdl generate --sheet: the
 * levels, each with its proven length).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "render.h"
#include "sheet.h"

#define PAD       8 /* pixels around a tile */
#define SCALE     2
#define CAPTION_H (9 * SCALE)

vg_status sheet_png(const char *path, const sheet_tile *tiles, int n, int cols, vg_error *err) {
    int cw = 0, ch = 0;
    for (int k = 0; k < n; k++) {
        int text_w = (int)strlen(tiles[k].caption) * 6 * SCALE;
        if (tiles[k].w > cw) cw = tiles[k].w;
        if (text_w > cw) cw = text_w;
        if (tiles[k].h > ch) ch = tiles[k].h;
    }
    if (cols < 1) cols = 1;
    if (cols > n) cols = n > 0 ? n : 1;
    int rows = (n + cols - 1) / cols, cell_w = cw + 2 * PAD, cell_h = ch + CAPTION_H + 2 * PAD;
    int w = cols * cell_w, h = rows * cell_h;
    uint8_t *rgb = malloc((size_t)w * (size_t)(h > 0 ? h : 1) * 3);
    if (!rgb) {
        memset(err, 0, sizeof *err);
        snprintf(err->msg, sizeof err->msg, "%s: out of memory", path);
        return VG_ERR_NOMEM;
    }
    memset(rgb, 255, (size_t)w * (size_t)h * 3);
    for (int k = 0; k < n; k++) {
        const sheet_tile *t = &tiles[k];
        int x0 = (k % cols) * cell_w + PAD + (cw - t->w) / 2, y0 = (k / cols) * cell_h + PAD + (ch - t->h);
        for (int y = 0; y < t->h; y++)
            memcpy(rgb + ((size_t)(y0 + y) * (size_t)w + (size_t)x0) * 3, t->rgb + (size_t)y * (size_t)t->w * 3,
                   (size_t)t->w * 3);
        int tx = (k % cols) * cell_w + PAD + (cw - (int)strlen(t->caption) * 6 * SCALE) / 2;
        render_text(rgb, w, h, tx, y0 + t->h + 4, t->caption, (int)strlen(t->caption), SCALE, 0x000000);
    }
    vg_status st = outfile_png(path, rgb, w, h, err);
    free(rgb);
    return st;
}
