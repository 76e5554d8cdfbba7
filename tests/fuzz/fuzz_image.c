/* SPDX-License-Identifier: MIT
 *
 * fuzz_image.c -- the sprite image reader of pictures (tools/picture/
 * render.c): the input's first byte is the cell size (1 to 64 pixels),
 * the rest a type's image (img.png beside a small game's script). The
 * renderer loads and scales it, draws the level with it and writes the
 * picture; a bad image must be refused with its reason, an image too
 * large before it is decoded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "render.h"

static const char game[] = "sprite { \"floor\", \"Immovable\", hidden = true }\n"
                           "sprite { \"wall\", \"Immovable\", color = \"BLUE\", img = \"img\" }\n"
                           "sprite { \"avatar\", \"MovingAvatar\", img = \"img.png\" }\n"
                           "map { \"w\", \"wall\" }\nmap { \".\", \"floor\" }\nmap { \"A\", \"avatar\", \"floor\" }\n";

static char dir[64], script[128], image[128], picture[128];
static vg_game *g;
static vg_state *s;

/* The game and the files, once. */
static int setup(void) {
    snprintf(dir, sizeof dir, "/tmp/vgdl-fuzz-image-XXXXXX");
    if (!mkdtemp(dir)) return -1;
    snprintf(script, sizeof script, "%s/game.lua", dir);
    snprintf(image, sizeof image, "%s/img.png", dir);
    snprintf(picture, sizeof picture, "%s/out.png", dir);
    FILE *f = fopen(script, "w");
    if (!f || fputs(game, f) < 0 || fclose(f) != 0) return -1;
    vg_error err;
    if (vg_game_load_text(script, "wwww\nwA.w\nwwww\n", "level", &g, &err) != VG_OK) return -1;
    s = vg_state_new(g, 1);
    return s ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!s && setup() != 0) abort();
    if (size < 1) return 0;
    FILE *f = fopen(image, "wb");
    if (!f) return 0;
    int ok = fwrite(data + 1, 1, size - 1, f) == size - 1;
    if (fclose(f) != 0 || !ok) return 0;
    render_opts o = {1 + data[0] % 64, 0, script, NULL};
    render *r = NULL;
    vg_error err;
    if (render_new(g, &o, &r, &err) == VG_OK) {
        if (render_png(r, s, picture, &err) != VG_OK) abort(); /* a picture it could read is drawn */
        render_free(r);
    } else if (r || !err.msg[0]) {
        abort(); /* refused: with a reason, and no renderer */
    }
    unlink(image);
    return 0;
}
