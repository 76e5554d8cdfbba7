/* SPDX-License-Identifier: MIT
 *
 * test_render.c -- pictures written by 'vgdl render' and --gif (tools/
 * render.c, gif.c, picture.c), decoded with the same libraries (libpng,
 * giflib) and checked against the state the engine reaches.
 *
 * 1. A PNG of Bait: its size, and the colour at the centre of every cell
 *    is that of the top visible sprite there (black when none).
 * 2. GIFs from trace, run and solve: one frame per tick plus the start,
 *    the delay asked for, the last frame held longer, looping; the last
 *    frame shows the final state.
 * 3. Board games: a board in its cells' colour, discs in theirs.
 * 4. Images: a type's 'img' drawn in its cells; a missing or damaged one,
 *    an unknown colour, an unwritable path, a bad option: exit 2 naming
 *    the file, and nothing left behind.
 * 5. Hostile paths and sizes (issue 27): a device written in place, never
 *    replaced (a full one: exit 2 "cannot write"); a FIFO written when
 *    read, refused when not, never replaced; a symbolic link followed, to
 *    nothing refused; a sprite image that is a FIFO, absolute or up a
 *    '..' refused, as is one too large to decode, and a canvas too large
 *    to draw, before the memory is spent.
 */
#include <fcntl.h>
#include <gif_lib.h>
#include <png.h>
#include <sys/stat.h>
#include <zlib.h>

#include "run_vgdl.h"
#include "vgdl.h"

/* ---- Decoding (PNGs: read_png, tests/support.c) ------------------------------ */

typedef struct gif_info {
    int frames, w, h, first_delay, last_delay, loops;
    uint8_t *rgb; /* the last frame, every frame drawn over the one before */
} gif_info;

/* Decodes the GIF 'path'; 0, or -1 when giflib cannot read it. */
static int read_gif(const char *path, gif_info *out) {
    int e;
    GifFileType *g = DGifOpenFileName(path, &e);
    memset(out, 0, sizeof *out);
    if (!g) return -1;
    if (DGifSlurp(g) != GIF_OK) {
        DGifCloseFile(g, &e);
        return -1;
    }
    out->frames = g->ImageCount;
    out->w = g->SWidth;
    out->h = g->SHeight;
    out->rgb = calloc((size_t)out->w * (size_t)out->h, 3);
    for (int i = 0; i < g->ImageCount; i++) {
        const SavedImage *im = &g->SavedImages[i];
        const GifImageDesc *d = &im->ImageDesc;
        GraphicsControlBlock gcb;
        DGifSavedExtensionToGCB(g, i, &gcb);
        if (i == 0) out->first_delay = gcb.DelayTime;
        out->last_delay = gcb.DelayTime;
        for (int k = 0; k < im->ExtensionBlockCount; k++)
            out->loops |=
                im->ExtensionBlocks[k].ByteCount == 11 && memcmp(im->ExtensionBlocks[k].Bytes, "NETSCAPE2.0", 11) == 0;
        const ColorMapObject *cm = d->ColorMap ? d->ColorMap : g->SColorMap;
        for (int y = 0; y < d->Height; y++)
            for (int x = 0; x < d->Width; x++) {
                GifColorType c = cm->Colors[im->RasterBits[y * d->Width + x]];
                uint8_t *p = out->rgb + ((size_t)(d->Top + y) * (size_t)out->w + (size_t)(d->Left + x)) * 3;
                p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
            }
    }
    DGifCloseFile(g, &e);
    return 0;
}

/* The colour at the centre of cell (x, y). */
static uint32_t cell_colour(const uint8_t *rgb, int w, int cell, int x, int y) {
    const uint8_t *p = rgb + ((size_t)(y * cell + cell / 2) * (size_t)w + (size_t)(x * cell + cell / 2)) * 3;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* The colour the top visible sprite of cell (x, y) has (types in script
 * order, avatars on top), 'none' when the cell shows none. */
static uint32_t top_colour(const vg_game *g, const vg_state *s, int x, int y, uint32_t none) {
    vg_obs o[64];
    int n = vg_grid_at(g, s, x, y, o, 64), top = -1;
    for (int k = 0; k < n && k < 64; k++) {
        if (vg_type_hidden(g, o[k].type) || o[k].x != x || o[k].y != y) continue;
        int rank = o[k].type + (o[k].cat == VG_CAT_AVATAR ? VG_MAX_TYPES : 0);
        int best = top < 0 ? -1 : top + (vg_type_category(g, top) == VG_CAT_AVATAR ? VG_MAX_TYPES : 0);
        if (rank > best) top = o[k].type;
    }
    return top < 0 ? none : vg_type_color(g, top);
}

/* Every cell of 'rgb' (a picture 'w' pixels wide at 'cell' pixels a cell)
 * shows the state 's' of 'g'. */
static void expect_cells(const vg_game *g, const vg_state *s, const uint8_t *rgb, int w, int cell) {
    for (int y = 0; y < vg_game_height(g); y++)
        for (int x = 0; x < vg_game_width(g); x++) {
            uint32_t want = top_colour(g, s, x, y, 0), got = cell_colour(rgb, w, cell, x, y);
            if (want != got) print_error("cell (%d, %d): colour %06x, expected %06x\n", x, y, got, want);
            assert_int_equal(got, want);
        }
}

/* Bait's level 'level', played through 'acts' (n of them) until it ends;
 * '*played' gets the ticks played. */
static vg_state *bait_after(vg_game **g, int level, const vg_action *acts, int n, int *played) {
    char map[64];
    snprintf(map, sizeof map, "levels/bait/lvl%d.txt", level);
    assert_int_equal(vg_game_load("scripts/bait.lua", map, g, NULL), VG_OK);
    vg_state *s = vg_state_new(*g, 0);
    *played = 0;
    for (int k = 0; k < n && !vg_is_over(s); k++, (*played)++)
        assert_int_equal(vg_advance(*g, s, acts[k], NULL), VG_OK);
    return s;
}

static void write_text(const char *name, const char *text) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* ---- 1. A PNG ---------------------------------------------------------------- */

static void test_png_bait(void **state) {
    (void)state;
    assert_int_equal(sh("%s render bait --level 0 --cell 10 -o %s/b.png", vgdl, tmp), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/b.png", tmp);
    int w, h, played;
    uint8_t *rgb = read_png(path, &w, &h);
    assert_non_null(rgb);
    vg_game *g;
    vg_state *s = bait_after(&g, 0, NULL, 0, &played);
    assert_int_equal(w, vg_game_width(g) * 10);
    assert_true(h > vg_game_height(g) * 10); /* the strip below */
    expect_cells(g, s, rgb, w, 10);
    assert_int_equal(cell_colour(rgb, w, 10, 2, 1), 0xffffff); /* the avatar, white, at (2, 1) */
    assert_int_equal(cell_colour(rgb, w, 10, 0, 0), 0x404040); /* a wall, dark gray */
    free(rgb);
    vg_state_free(s);
    vg_game_free(g);
    /* After --actions: the avatar moved. */
    write_text("a.txt", "DOWN\nLEFT\n");
    assert_int_equal(sh("%s render bait --level 0 --cell 12 --actions %s/a.txt -o %s/b2.png", vgdl, tmp, tmp), 0);
    snprintf(path, sizeof path, "%s/b2.png", tmp);
    rgb = read_png(path, &w, &h);
    assert_non_null(rgb);
    vg_action acts[] = {VG_ACTION_DOWN, VG_ACTION_LEFT};
    s = bait_after(&g, 0, acts, 2, &played);
    expect_cells(g, s, rgb, w, 12);
    free(rgb);
    vg_state_free(s);
    vg_game_free(g);
}

/* A game whose avatar carries resources or health keeps a line of the
 * strip for them, drawn once it carries some. */
static void test_strip_status(void **state) {
    (void)state;
    write_text("r.txt", "RIGHT\nRIGHT\n");
    assert_int_equal(sh("%s render tests/fixtures/scripts/handle_all.lua --level tests/fixtures/maps/handle_all.txt "
                        "--cell 12 -o %s/h0.png && %s render tests/fixtures/scripts/handle_all.lua --level "
                        "tests/fixtures/maps/handle_all.txt --cell 12 --actions %s/r.txt -o %s/h1.png",
                        vgdl, tmp, vgdl, tmp, tmp),
                     0);
    char path[512];
    int w0, h0, w1, h1;
    snprintf(path, sizeof path, "%s/h0.png", tmp);
    uint8_t *a = read_png(path, &w0, &h0);
    snprintf(path, sizeof path, "%s/h1.png", tmp);
    uint8_t *b = read_png(path, &w1, &h1);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(w0, w1);
    assert_int_equal(h0, h1);                   /* the line is kept, empty or not: frames of a GIF are one size */
    int lines_differ = 0, bottom = h0 - h0 / 8; /* the status line, the strip's last */
    for (int y = bottom; y < h0; y++)
        lines_differ |= memcmp(a + (size_t)y * w0 * 3, b + (size_t)y * w0 * 3, (size_t)w0 * 3) != 0;
    assert_true(lines_differ);
    free(a);
    free(b);
}

/* ---- 2. GIFs ----------------------------------------------------------------- */

static void test_gif_trace(void **state) {
    (void)state;
    vg_action acts[] = {VG_ACTION_RIGHT, VG_ACTION_DOWN, VG_ACTION_LEFT, VG_ACTION_DOWN, VG_ACTION_UP, VG_ACTION_LEFT};
    write_text("t.txt", "RIGHT\nDOWN\nLEFT\nDOWN\nUP\nLEFT\n");
    assert_int_equal(
        sh("%s trace bait --level 1 --actions %s/t.txt --gif %s/t.gif --cell 8 --delay 50", vgdl, tmp, tmp), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/t.gif", tmp);
    gif_info gi;
    assert_int_equal(read_gif(path, &gi), 0);
    int played;
    vg_game *g;
    vg_state *s = bait_after(&g, 1, acts, 6, &played);
    assert_int_equal(gi.frames, played + 1);
    assert_int_equal(gi.w, vg_game_width(g) * 8);
    assert_int_equal(gi.first_delay, 5);
    assert_true(gi.last_delay > 5);
    assert_true(gi.loops);
    expect_cells(g, s, gi.rgb, gi.w, 8);
    free(gi.rgb);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_gif_run_and_solve(void **state) {
    (void)state;
    char path[512];
    gif_info gi;
    assert_int_equal(sh("%s run bait --level 0 --agent random --seed 5 --max-ticks 30 --gif %s/r.gif", vgdl, tmp), 0);
    const char *ticks = strstr(out(), "ticks: ");
    assert_non_null(ticks);
    snprintf(path, sizeof path, "%s/r.gif", tmp);
    assert_int_equal(read_gif(path, &gi), 0);
    assert_int_equal(gi.frames, atoi(ticks + 7) + 1);
    free(gi.rgb);
    /* solve: the plan played, ending in the win. */
    assert_int_equal(sh("%s solve bait --level 0 --gif %s/s.gif --cell 6", vgdl, tmp), 0);
    int plan = 0;
    for (const char *p = out(); (p = strchr(p, '\n')); p++) plan++;
    snprintf(path, sizeof path, "%s/s.gif", tmp);
    assert_int_equal(read_gif(path, &gi), 0);
    assert_int_equal(gi.frames, plan + 1);
    free(gi.rgb);
    /* play, by keys from a pipe: the start and one frame per key. */
    assert_int_equal(sh("printf 'sa' | %s play bait --level 0 --gif %s/p.gif", vgdl, tmp), 0);
    snprintf(path, sizeof path, "%s/p.gif", tmp);
    assert_int_equal(read_gif(path, &gi), 0);
    assert_int_equal(gi.frames, 3);
    free(gi.rgb);
}

/* ---- 3. Board games ---------------------------------------------------------- */

static void test_board(void **state) {
    (void)state;
    assert_int_equal(sh("%s render connect4 --moves 4453 --cell 20 -o %s/c.png", vgdl, tmp), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/c.png", tmp);
    int w, h;
    uint8_t *rgb = read_png(path, &w, &h);
    assert_non_null(rgb);
    assert_int_equal(w, 7 * 20);
    assert_int_equal(cell_colour(rgb, w, 20, 0, 0), 0x0000ff); /* the board: the cells' colour */
    assert_int_equal(cell_colour(rgb, w, 20, 3, 5), 0xff0000); /* the first disc, red (X) in column 4 */
    assert_int_equal(cell_colour(rgb, w, 20, 3, 4), 0xffff00); /* the second on it, yellow (O) */
    free(rgb);
    assert_int_equal(sh("%s play connect4 --gif %s/c.gif < /dev/null", vgdl, tmp), 0);
}

/* ---- 4. Images and bad input ------------------------------------------------- */

/* A game of walls drawn with image 'img' (colour 'colour'), in tmp/img.lua. */
static void write_game(const char *img, const char *colour) {
    char text[1024];
    snprintf(text, sizeof text,
             "sprite { \"floor\", \"Immovable\", hidden = true }\n"
             "sprite { \"wall\", \"Immovable\", color = \"%s\"%s%s%s }\n"
             "sprite { \"avatar\", \"MovingAvatar\", color = \"WHITE\" }\n"
             "map { \"w\", \"wall\" }\nmap { \".\", \"floor\" }\nmap { \"A\", \"avatar\", \"floor\" }\n"
             "interaction { \"avatar\", \"wall\", \"stepBack\" }\n"
             "termination { \"SpriteCounter\", stype = \"avatar\", limit = 0, win = false }\n",
             colour, img ? ", img = \"" : "", img ? img : "", img ? "\"" : "");
    write_text("img.lua", text);
    write_text("lvl.txt", "wwww\nwA.w\nwwww\n");
}

/* 1 when a file named 'prefix'... is in tmp (a picture or its temporary file). */
static int leftover(const char *prefix) { return sh("ls %s | grep -q '^%s'", tmp, prefix) == 0; }

static void test_images(void **state) {
    (void)state;
    char path[512];
    uint8_t magenta[2 * 2 * 4];
    for (int k = 0; k < 4; k++) memcpy(magenta + 4 * k, "\xff\x00\xff\xff", 4);
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    im.width = im.height = 2;
    im.format = PNG_FORMAT_RGBA;
    snprintf(path, sizeof path, "%s/tile.png", tmp);
    assert_true(png_image_write_to_file(&im, path, 0, magenta, 0, NULL));
    write_game("tile", "DARKGRAY");
    assert_int_equal(sh("%s render %s/img.lua --level %s/lvl.txt --cell 10 -o %s/i.png", vgdl, tmp, tmp, tmp), 0);
    snprintf(path, sizeof path, "%s/i.png", tmp);
    int w, h;
    uint8_t *rgb = read_png(path, &w, &h);
    assert_non_null(rgb);
    assert_int_equal(cell_colour(rgb, w, 10, 0, 0), 0xff00ff); /* the wall: its image */
    assert_int_equal(cell_colour(rgb, w, 10, 1, 1), 0xffffff); /* the avatar: its colour */
    free(rgb);
    /* The same in a GIF: the image's colour is in the palette. */
    assert_int_equal(sh("%s run %s/img.lua --level %s/lvl.txt --max-ticks 3 --agent random --cell 10 --gif %s/i.gif",
                        vgdl, tmp, tmp, tmp),
                     0);
    gif_info gi;
    snprintf(path, sizeof path, "%s/i.gif", tmp);
    assert_int_equal(read_gif(path, &gi), 0);
    assert_int_equal(cell_colour(gi.rgb, gi.w, 10, 0, 0), 0xff00ff);
    free(gi.rgb);
}

static void test_bad_input(void **state) {
    (void)state;
    /* An image that is not there, named; no picture, no temporary file. */
    write_game("nothere", "DARKGRAY");
    assert_int_equal(sh("%s render %s/img.lua --level %s/lvl.txt -o %s/m.png", vgdl, tmp, tmp, tmp), 2);
    expect_in(err(), "nothere.png");
    assert_false(leftover("m.png"));
    assert_int_equal(sh("%s run %s/img.lua --level %s/lvl.txt --max-ticks 3 --gif %s/m.gif", vgdl, tmp, tmp, tmp), 2);
    expect_in(err(), "nothere.png");
    assert_false(leftover("m.gif"));
    /* An image that is not a PNG. */
    write_text("junk.png", "this is not a PNG\n");
    write_game("junk.png", "DARKGRAY");
    assert_int_equal(sh("%s render %s/img.lua --level %s/lvl.txt -o %s/j.png", vgdl, tmp, tmp, tmp), 2);
    expect_in(err(), "junk.png");
    expect_in(err(), "not a PNG");
    assert_false(leftover("j.png"));
    /* A colour VGDL does not have: the script named. */
    write_game(NULL, "MAUVE");
    assert_int_equal(sh("%s render %s/img.lua --level %s/lvl.txt -o %s/u.png", vgdl, tmp, tmp, tmp), 2);
    expect_in(err(), "img.lua:2");
    expect_in(err(), "MAUVE");
    assert_false(leftover("u.png"));
    /* A path that cannot be written. */
    assert_int_equal(sh("%s render bait -o %s/no/such/dir/x.png", vgdl, tmp), 2);
    expect_in(err(), "no/such/dir/x.png");
    assert_int_equal(sh("%s trace bait --level 0 --actions %s/t.txt --gif %s/no/x.gif", vgdl, tmp, tmp), 2);
    expect_in(err(), "no/x.gif");
    /* Options. */
    assert_int_equal(sh("%s render bait", vgdl), 2);
    expect_in(err(), "-o");
    assert_int_equal(sh("%s render bait --cell 0 -o %s/z.png", vgdl, tmp), 2);
    expect_in(err(), "--cell");
    assert_int_equal(sh("%s show bait --gif %s/z.gif", vgdl, tmp), 2);
    assert_int_equal(sh("%s run bait --delay x --gif %s/z.gif", vgdl, tmp), 2);
    assert_false(leftover("z."));
    /* A GVGAI game: without --sprites in its colours; with a folder that
     * lacks its images, the first missing one named. */
    assert_int_equal(sh("%s render labyrinth -o %s/al.png", vgdl, tmp), 0);
    assert_int_equal(sh("%s render labyrinth --sprites %s -o %s/al2.png", vgdl, tmp, tmp), 2);
    expect_in(err(), ".png");
    assert_false(leftover("al2.png"));
}

/* ---- 5. Hostile paths and sizes ------------------------------------------------ */

/* 1 when tmp/NAME passes the shell's 'test -KIND' (c: a character
 * device, p: a FIFO, L: a symbolic link, f: a regular file). */
static int is_kind(const char *name, const char *kind) { return sh("test -%s %s/%s", kind, tmp, name) == 0; }

static void test_output_devices(void **state) {
    (void)state;
    /* Devices of our own (as root), else the system's (which a user cannot replace anyway). */
    char full[512] = "/dev/full", null[512] = "/dev/null";
    if (sh("mknod %s/full c 1 7 && mknod %s/null c 1 3", tmp, tmp) == 0) {
        snprintf(full, sizeof full, "%s/full", tmp);
        snprintf(null, sizeof null, "%s/null", tmp);
    }
    const char *writes[] = {"render bait -o", "run bait --max-ticks 3 --gif",
                            "report tests/tools/fixtures/report --plot"};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(sh("%s %s %s", vgdl, writes[k], full), 2);
        expect_in(err(), "cannot write: No space left on device");
        assert_int_equal(sh("test -c %s", full), 0); /* still the device */
        assert_int_equal(sh("%s %s %s", vgdl, writes[k], null), 0);
        assert_int_equal(sh("test -c %s", null), 0);
    }
    /* A directory is refused. */
    assert_int_equal(sh("mkdir -p %s/dir.png && %s render bait -o %s/dir.png", tmp, vgdl, tmp), 2);
    expect_in(err(), "dir.png: cannot write");
}

static void test_output_fifo_and_links(void **state) {
    (void)state;
    char path[512];
    /* A FIFO no process reads: refused at once, left a FIFO. */
    assert_int_equal(sh("mkfifo %s/f.png && timeout 10 %s render bait -o %s/f.png", tmp, vgdl, tmp), 2);
    expect_in(err(), "FIFO");
    assert_true(is_kind("f.png", "p"));
    /* Read (the reader opens first; the PNG fits the pipe): written through it. */
    snprintf(path, sizeof path, "%s/f.png", tmp);
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    assert_true(fd >= 0);
    assert_int_equal(sh("timeout 10 %s render bait -o %s/f.png", vgdl, tmp), 0);
    char head[8] = "";
    assert_int_equal(read(fd, head, 8), 8);
    assert_memory_equal(head, "\x89PNG\r\n\x1a\n", 8);
    close(fd);
    assert_true(is_kind("f.png", "p"));
    /* A symbolic link: the file it leads to is written, with its permissions kept; the link stays. */
    assert_int_equal(sh("echo old > %s/real.png && chmod 640 %s/real.png && ln -s real.png %s/link.png", tmp, tmp, tmp),
                     0);
    assert_int_equal(sh("%s render bait -o %s/link.png", vgdl, tmp), 0);
    assert_true(is_kind("link.png", "L"));
    snprintf(path, sizeof path, "%s/real.png", tmp);
    int w, h;
    uint8_t *rgb = read_png(path, &w, &h);
    assert_non_null(rgb);
    free(rgb);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);
    assert_int_equal(sh("%s run bait --max-ticks 2 --gif %s/link.png", vgdl, tmp), 0);
    assert_true(is_kind("link.png", "L"));
    /* A link to nothing: refused, nothing made. */
    assert_int_equal(sh("ln -s nothing.png %s/dangling.png && %s render bait -o %s/dangling.png", tmp, vgdl, tmp), 2);
    expect_in(err(), "symbolic link");
    assert_true(is_kind("dangling.png", "L"));
    assert_false(leftover("nothing"));
}

/* Appends to 'png' at '*n' a chunk of type 'type' holding 'data' (len bytes). */
static void png_chunk(uint8_t *png, size_t *n, const char *type, const uint8_t *data, uint32_t len) {
    uint8_t *c = png + *n;
    for (int k = 0; k < 4; k++) c[k] = (uint8_t)(len >> (24 - 8 * k));
    memcpy(c + 4, type, 4);
    if (len) memcpy(c + 8, data, len);
    uLong crc = crc32(0, c + 4, 4 + len);
    for (int k = 0; k < 4; k++) c[8 + len + k] = (uint8_t)(crc >> (24 - 8 * k));
    *n += 12 + len;
}

/* Writes tmp/NAME: a PNG whose header (IHDR) says w x h pixels, with no
 * pixels at all (an empty IDAT). */
static void write_png_header(const char *name, uint32_t w, uint32_t h) {
    uint8_t png[64] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, ihdr[13] = {0};
    size_t n = 8;
    for (int k = 0; k < 4; k++) ihdr[k] = (uint8_t)(w >> (24 - 8 * k)), ihdr[4 + k] = (uint8_t)(h >> (24 - 8 * k));
    ihdr[8] = 8, ihdr[9] = 6; /* 8 bits, RGBA */
    png_chunk(png, &n, "IHDR", ihdr, 13);
    png_chunk(png, &n, "IDAT", NULL, 0);
    png_chunk(png, &n, "IEND", NULL, 0);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(png, 1, n, f), n);
    fclose(f);
}

static void test_hostile_images(void **state) {
    (void)state;
    /* A FIFO: refused, not waited on. */
    assert_int_equal(sh("mkfifo %s/pipe.png", tmp), 0);
    write_game("pipe", "DARKGRAY");
    assert_int_equal(sh("timeout 10 %s render %s/img.lua --level %s/lvl.txt -o %s/p.png", vgdl, tmp, tmp, tmp), 2);
    expect_in(err(), "pipe.png: cannot read the sprite image: not a regular file");
    assert_false(leftover("p.png"));
    /* Outside the script's folder: absolute, or up a '..' (also under --sprites). */
    write_png_header("tile2.png", 2, 2);
    char name[256];
    snprintf(name, sizeof name, "%s/tile2", tmp);
    write_game(name, "DARKGRAY");
    assert_int_equal(sh("%s render %s/img.lua --level %s/lvl.txt -o %s/p.png", vgdl, tmp, tmp, tmp), 2);
    expect_in(err(), "img.lua: image '/");
    expect_in(err(), "is outside the script's folder");
    write_game("sub/../../x/tile2", "DARKGRAY");
    assert_int_equal(sh("%s render %s/img.lua --level %s/lvl.txt -o %s/p.png", vgdl, tmp, tmp, tmp), 2);
    expect_in(err(), "image 'sub/../../x/tile2' is outside the script's folder");
    write_game("../tile2", "DARKGRAY");
    assert_int_equal(sh("mkdir -p %s/sp && %s render %s/img.lua --level %s/lvl.txt --sprites %s/sp -o %s/p.png", tmp,
                        vgdl, tmp, tmp, tmp, tmp),
                     2);
    expect_in(err(), "is outside the --sprites folder");
    assert_false(leftover("p.png"));
    /* 30000 x 30000 pixels in 45 bytes: refused before it is decoded. */
    write_png_header("huge.png", 30000, 30000);
    write_game("huge", "DARKGRAY");
    assert_int_equal(sh(MEMLIMIT "timeout 10 %s render %s/img.lua --level %s/lvl.txt -o %s/p.png", vgdl, tmp, tmp, tmp),
                     2);
    expect_in(err(), "huge.png: sprite image too large (30000 x 30000 pixels; the limit is 2048 a side)");
    assert_false(leftover("p.png"));
}

static void test_canvas_size(void **state) {
    (void)state;
    /* 128 x 128 cells at 256 pixels: 3 GB, refused before a byte of it. */
    char map[128 * 129 + 1], *m = map;
    for (int y = 0; y < 128; y++) {
        for (int x = 0; x < 128; x++) *m++ = y == 1 && x == 1 ? 'A' : '.';
        *m++ = '\n';
    }
    *m = '\0';
    write_game(NULL, "DARKGRAY");
    write_text("big.txt", map);
    assert_int_equal(sh(MEMLIMIT "timeout 10 %s render %s/img.lua --level %s/big.txt --cell 256 -o %s/canvas.png", vgdl,
                        tmp, tmp, tmp),
                     2);
    expect_in(err(), "the picture would be 32768 x 32792 pixels, over the limit of 33554432: use a smaller --cell");
    assert_int_equal(sh(MEMLIMIT "timeout 10 %s run %s/img.lua --level %s/big.txt --cell 256 --gif %s/canvas.gif", vgdl,
                        tmp, tmp, tmp),
                     2);
    expect_in(err(), "use a smaller --cell");
    assert_false(leftover("canvas"));
    assert_int_equal(sh("%s render %s/img.lua --level %s/big.txt --cell 4 -o %s/canvas.png", vgdl, tmp, tmp, tmp), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_png_bait),
        cmocka_unit_test(test_strip_status),
        cmocka_unit_test(test_gif_trace),
        cmocka_unit_test(test_gif_run_and_solve),
        cmocka_unit_test(test_board),
        cmocka_unit_test(test_images),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_output_devices),
        cmocka_unit_test(test_output_fifo_and_links),
        cmocka_unit_test(test_hostile_images),
        cmocka_unit_test(test_canvas_size),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
