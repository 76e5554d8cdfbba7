/* SPDX-License-Identifier: MIT
 *
 * gif.c -- a game as an animated GIF (render.h), written with giflib
 * frame by frame as the game plays.
 *
 * Memory stays flat in the number of frames: the writer keeps the frame
 * last written and the one waiting to be written (as palette indices),
 * and writes only the rectangle in which they differ. The waiting frame
 * is written when the next arrives, or at the close with a longer delay,
 * so the last position stays on screen before the GIF loops.
 */
#include <errno.h>
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "render.h"

#define FINAL_HOLD_CS 150 /* the last frame shows this much longer (hundredths of a second) */

struct render_gif {
    render *r;
    outfile out; /* the file */
    GifFileType *gf;
    int w, h, delay_cs, frames, pending, written; /* frames added; one waiting; frames in the file */
    uint8_t *shown;                               /* the picture as the file shows it so far, w * h palette indices */
    uint8_t *next;                                /* the frame waiting to be written */
};

/* Fills 'err' for a giflib failure (code 'e') on the GIF's file: the
 * system's reason when a write failed (a full disk), else giflib's. */
static vg_status gif_fail(render_gif *gif, int e, vg_error *err) {
    int sys = e == E_GIF_ERR_WRITE_FAILED || e == E_GIF_ERR_CLOSE_FAILED ? errno : 0;
    errno = sys;
    outfile_error(err, gif->out.path, "cannot write");
    if (!sys)
        snprintf(err->msg, sizeof err->msg, "cannot write the GIF (giflib: %s)",
                 GifErrorString(e) ? GifErrorString(e) : "?");
    return VG_ERR_IO;
}

/* The header: screen size, the palette (padded to a power of two) and
 * the NETSCAPE2.0 block that loops the animation forever. */
static int put_header(render_gif *gif) {
    int n, size = 2, bits = 1;
    const uint8_t *pal = render_palette(gif->r, &n);
    while (size < n) size *= 2, bits++;
    GifColorType colours[256];
    memset(colours, 0, sizeof colours);
    for (int k = 0; k < n; k++) colours[k] = (GifColorType){pal[3 * k], pal[3 * k + 1], pal[3 * k + 2]};
    ColorMapObject *map = GifMakeMapObject(size, colours);
    if (!map) return E_GIF_ERR_NOT_ENOUGH_MEM;
    EGifSetGifVersion(gif->gf, true);
    int ok = EGifPutScreenDesc(gif->gf, gif->w, gif->h, bits, 0, map) == GIF_OK;
    GifFreeMapObject(map);
    static const GifByteType loop[3] = {1, 0, 0}; /* sub-block 1, repeat count 0: forever */
    ok = ok && EGifPutExtensionLeader(gif->gf, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif->gf, 11, "NETSCAPE2.0") == GIF_OK &&
         EGifPutExtensionBlock(gif->gf, 3, loop) == GIF_OK && EGifPutExtensionTrailer(gif->gf) == GIF_OK;
    return ok ? 0 : gif->gf->Error;
}

/* Writes the waiting frame, shown for 'delay' hundredths of a second: the
 * rectangle where it differs from the picture so far (one pixel when it
 * does not). 0, or giflib's error code. */
static int put_frame(render_gif *gif, int delay) {
    int x0 = gif->w, y0 = gif->h, x1 = -1, y1 = -1;
    for (int y = 0; y < gif->h; y++) {
        const uint8_t *a = gif->shown + (size_t)y * (size_t)gif->w, *b = gif->next + (size_t)y * (size_t)gif->w;
        if (gif->written && memcmp(a, b, (size_t)gif->w) == 0) continue;
        int l = 0, r = gif->w - 1;
        if (gif->written) {
            while (a[l] == b[l]) l++;
            while (a[r] == b[r]) r--;
        }
        x0 = l < x0 ? l : x0, x1 = r > x1 ? r : x1;
        y0 = y < y0 ? y : y0, y1 = y;
    }
    if (x1 < 0) x0 = y0 = x1 = y1 = 0;
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, delay, NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(gif->gf, GRAPHICS_EXT_FUNC_CODE, 4, ext) != GIF_OK ||
        EGifPutImageDesc(gif->gf, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, NULL) != GIF_OK)
        return gif->gf->Error;
    for (int y = y0; y <= y1; y++) {
        uint8_t *row = gif->next + (size_t)y * (size_t)gif->w + (size_t)x0;
        if (EGifPutLine(gif->gf, row, x1 - x0 + 1) != GIF_OK) return gif->gf->Error;
        memcpy(gif->shown + (size_t)y * (size_t)gif->w + (size_t)x0, row, (size_t)(x1 - x0 + 1));
    }
    gif->pending = 0;
    gif->written++;
    return 0;
}

vg_status render_gif_open(render *r, const char *path, int delay_ms, render_gif **out, vg_error *err) {
    render_gif *gif = calloc(1, sizeof *gif);
    *out = NULL;
    if (!gif) {
        errno = ENOMEM;
        return outfile_error(err, path, "cannot write");
    }
    gif->r = r;
    gif->w = render_width(r);
    gif->h = render_height(r);
    gif->delay_cs = ((delay_ms > 0 ? delay_ms : RENDER_DELAY) + 5) / 10;
    if (gif->delay_cs < 2) gif->delay_cs = 2; /* viewers slow down shorter delays */
    int fd = outfile_open(&gif->out, path, err), e = 0;
    errno = 0; /* what a failed write sets is the reason gif_fail gives */
    if (fd < 0) {
        free(gif);
        return VG_ERR_IO;
    }
    gif->shown = malloc((size_t)gif->w * (size_t)gif->h);
    gif->next = malloc((size_t)gif->w * (size_t)gif->h);
    if (!gif->shown || !gif->next) e = E_GIF_ERR_NOT_ENOUGH_MEM;
    else if ((gif->gf = EGifOpenFileHandle(fd, &e))) e = put_header(gif); /* giflib owns fd from here */
    if (!gif->gf) close(fd);
    if (e) {
        gif_fail(gif, e, err);
        render_gif_close(gif, 0, NULL);
        return VG_ERR_IO;
    }
    *out = gif;
    return VG_OK;
}

vg_status render_gif_frame(render_gif *gif, const vg_state *s, vg_error *err) {
    int e = gif->pending ? put_frame(gif, gif->delay_cs) : 0;
    if (e) return gif_fail(gif, e, err);
    const uint8_t *rgb = render_draw(gif->r, s);
    size_t n = (size_t)gif->w * (size_t)gif->h;
    for (size_t k = 0; k < n; k++, rgb += 3) gif->next[k] = render_index(gif->r, rgb[0], rgb[1], rgb[2]);
    gif->pending = 1;
    gif->frames++;
    return VG_OK;
}

vg_status render_gif_close(render_gif *gif, int keep, vg_error *err) {
    if (!gif) return VG_OK;
    vg_status st = VG_OK;
    int e = keep && gif->pending ? put_frame(gif, gif->delay_cs + FINAL_HOLD_CS) : 0, e_close = 0;
    if (e) st = gif_fail(gif, e, err), keep = 0;
    if (gif->gf && EGifCloseFile(gif->gf, &e_close) != GIF_OK && keep) st = gif_fail(gif, e_close, err), keep = 0;
    vg_status st_file = outfile_end(&gif->out, keep, err);
    if (st == VG_OK) st = st_file;
    free(gif->shown);
    free(gif->next);
    free(gif);
    return st;
}

int render_gif_frames(const render_gif *gif) { return gif->frames; }
