/* SPDX-License-Identifier: MIT
 *
 * outfile.h -- where a picture is written: a PNG of render or report
 * --plot, a GIF of --gif, a contact sheet. A regular file (or none) is
 * written through a temporary file beside it, renamed over it when
 * complete, so a failure never leaves a half-written picture; a device
 * or FIFO in place, never replaced (outfile.c says what each kind of path
 * gets).
 */
#ifndef VG_OUTFILE_H
#define VG_OUTFILE_H

#include <stdint.h>

#include "vgdl.h"

typedef struct outfile {
    char path[4096]; /* the path given, which errors name */
    char dest[4096]; /* the file renamed over: 'path', or where its symbolic links lead */
    char tmp[4096];  /* the temporary file beside it; "" when written in place (a device, a FIFO) */
} outfile;

/* Opens 'path' for writing a picture: a regular file or none
 * through a temporary file beside it, a device or FIFO in place.
 * Returns a descriptor for the caller to write and close, then end with
 * outfile_end; or -1 with 'err' naming 'path' ("cannot write: ..."). */
int outfile_open(outfile *o, const char *path, vg_error *err);
/* After the descriptor is closed: the temporary file renamed over the
 * target ('keep' 1) or removed ('keep' 0). VG_OK, or VG_ERR_IO naming
 * the path. */
vg_status outfile_end(outfile *o, int keep, vg_error *err);
/* Fills 'err' with "cannot write" or another 'what' for 'path' and errno's reason; returns VG_ERR_IO. */
vg_status outfile_error(vg_error *err, const char *path, const char *what);
/* Writes 'rgb' (w * h pixels, 3 bytes each, row by row) as a PNG to
 * 'path' (outfile_open). VG_OK, or VG_ERR_IO naming 'path' (nothing
 * is left behind). */
vg_status outfile_png(const char *path, const uint8_t *rgb, int w, int h, vg_error *err);

#endif
