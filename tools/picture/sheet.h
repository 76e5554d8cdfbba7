/* SPDX-License-Identifier: MIT
 *
 * sheet.h -- a contact sheet of pictures, each with a caption, as a PNG
 * (vgdl generate --sheet).
 */
#ifndef VG_SHEET_H
#define VG_SHEET_H

#include <stdint.h>

#include "vgdl.h"

typedef struct sheet_tile {
    const uint8_t *rgb; /* w * h pixels, 3 bytes each, row by row */
    int w, h;
    const char *caption; /* one line under it */
} sheet_tile;

/* Writes tiles[0..n) as a PNG at 'path': 'cols' a row, each in a cell as
 * large as the largest tile, its caption under it. VG_OK, or VG_ERR_IO /
 * VG_ERR_NOMEM naming 'path' (nothing is left behind). */
vg_status sheet_png(const char *path, const sheet_tile *tiles, int n, int cols, vg_error *err);

#endif
