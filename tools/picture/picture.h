/* SPDX-License-Identifier: MIT
 *
 * picture.h -- the command line's pictures (picture.c): the GIF that
 * --gif asks of run, trace, solve and play, written as the game plays
 * (render.h draws it). 'vgdl render' is cmd_render (commands.h).
 */
#ifndef VG_PICTURE_H
#define VG_PICTURE_H

#include "cli.h"

typedef struct picture_gif picture_gif;
/* The GIF --gif asks for ('*out' NULL without --gif); 0, or 2 after
 * printing why (an image that cannot be read, a file that cannot be
 * written). */
int picture_gif_open(const cli_opts *o, const vg_game *g, picture_gif **out);
/* Adds 's' as the GIF's next frame (NULL: no-op); VG_OK, or VG_ERR_IO with
 * 'err' filled. */
vg_status picture_gif_frame(picture_gif *c, const vg_state *s, vg_error *err);
/* Ends the GIF: kept when 'keep', else removed (NULL: no-op); 0, or 2
 * after printing why. */
int picture_gif_close(picture_gif *c, int keep);

#endif
