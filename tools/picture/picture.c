/* SPDX-License-Identifier: MIT
 *
 * picture.c -- the command line's pictures: 'vgdl render' (one position
 * as a PNG) and the --gif option of run, trace, solve and play (the game
 * as an animated GIF), drawn by render.c and gif.c.
 *
 *   vgdl render GAME [--level N|FILE] [--moves M] [--actions F] -o OUT.png [--cell PX] [--sprites DIR]
 *   vgdl run|trace|solve|play GAME ... --gif OUT.gif [--cell PX] [--delay MS] [--sprites DIR]
 *
 * Errors (an image that cannot be read, a file that cannot be written)
 * name the file and exit 2, and leave no picture behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "picture.h"
#include "render.h"

struct picture_gif {
    render *r;
    render_gif *gif;
};

/* A renderer for 'g' with the options in 'o'; 0, or 2 after printing why. */
static int open_render(const cli_opts *o, const vg_game *g, render **out) {
    char script[4096], map[4096];
    vg_error err = {0};
    cli_game_paths(o->game, o->level, script, map, sizeof script);
    render_opts ro = {o->cell, o->delay, script, o->sprites};
    return render_new(g, &ro, out, &err) == VG_OK ? 0 : cli_report(&err);
}

int picture_gif_open(const cli_opts *o, const vg_game *g, picture_gif **out) {
    vg_error err = {0};
    *out = NULL;
    if (!o->gif) return 0;
    picture_gif *c = calloc(1, sizeof *c);
    if (!c) return cli_fail("out of memory");
    int rc = open_render(o, g, &c->r);
    if (!rc && render_gif_open(c->r, o->gif, o->delay, &c->gif, &err) != VG_OK) rc = cli_report(&err);
    if (rc) {
        render_free(c->r);
        free(c);
        return rc;
    }
    *out = c;
    return 0;
}

vg_status picture_gif_frame(picture_gif *c, const vg_state *s, vg_error *err) {
    return c ? render_gif_frame(c->gif, s, err) : VG_OK;
}

int picture_gif_close(picture_gif *c, int keep) {
    if (!c) return 0;
    vg_error err = {0};
    int rc = render_gif_close(c->gif, keep, &err) == VG_OK ? 0 : cli_report(&err);
    render_free(c->r);
    free(c);
    return rc;
}

/* vgdl render: the position after --moves and --actions as a PNG. */
int cmd_render(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    vg_state *s = NULL;
    cli_plays plays = {0};
    render *r = NULL;
    vg_error err = {0};
    int told[VG_MAX_PLAYERS], rc = cli_parse(argc, argv, &o, 1);
    if (rc) return rc;
    if (!o.out) return cli_fail("render needs -o FILE.png");
    if ((rc = cli_load(&o, &g))) return rc;
    if (o.nactions) rc = cli_start_round(&o, g, "render --actions", &s);
    else rc = cli_start(&o, g, &s);
    if (!rc && o.nactions) rc = cli_read_plays(&o, g, &plays);
    for (int k = 0; k < plays.cycles && !rc && !vg_is_over(s); k++)
        if (cli_plays_step(g, s, &plays, k, told, &err) != VG_OK) rc = cli_report(&err);
    if (!rc) rc = open_render(&o, g, &r);
    if (!rc && render_png(r, s, o.out, &err) != VG_OK) rc = cli_report(&err);
    render_free(r);
    cli_plays_free(&plays);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}
