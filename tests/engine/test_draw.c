/* SPDX-License-Identifier: MIT
 *
 * test_draw.c -- the canvas (engine/draw.c): positions as RGB pixels.
 * (Whole pictures are compared through the program in
 * tests/tools/test_render.c, and with Python's render() in
 * tests/python/test_env.py.)
 *
 * 1. The size: the board's cells, then the strip; a sprite is drawn in its
 *    type's colour, an empty cell is the background, a hidden type is not
 *    drawn; the colours listed are those drawn.
 * 2. An image that cannot be read is an error naming its file.
 */
#include <string.h>

#include "support.h"

/* The pixel (x, y) of the canvas as 0xRRGGBB. */
static uint32_t pixel(const vg_canvas *c, const uint8_t *rgb, int x, int y) {
    const uint8_t *p = rgb + ((size_t)y * (size_t)vg_canvas_width(c) + (size_t)x) * 3;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static void test_bait(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    vg_state *s = vg_state_new(g, 1);
    vg_canvas *c;
    vg_error err;
    assert_int_equal(vg_canvas_new(g, 8, "scripts/bait.lua", NULL, &c, &err), VG_OK);
    assert_int_equal(vg_canvas_width(c), 5 * 8);
    assert_true(vg_canvas_height(c) > 6 * 8); /* the strip below the board */
    const uint8_t *rgb = vg_canvas_draw(c, s);
    int wall = vg_type_find(g, "wall"), avatar = vg_type_find(g, "nokey");
    assert_int_equal(pixel(c, rgb, 4, 4), vg_type_color(g, wall));                   /* (0,0): a wall fills its cell */
    assert_int_equal(pixel(c, rgb, 2 * 8 + 4, 1 * 8 + 4), vg_type_color(g, avatar)); /* the avatar at (2,1), a disc */
    assert_int_equal(pixel(c, rgb, 2 * 8 + 4, 2 * 8 + 4), 0x000000); /* (2,2): floor only, which is hidden */
    uint32_t colours[5 + 2 * VG_MAX_TYPES];
    int n = vg_canvas_colours(c, colours, 5 + 2 * VG_MAX_TYPES), found = 0;
    assert_int_equal(n, 5 + 2 * vg_game_num_types(g));
    for (int k = 0; k < n; k++) found |= colours[k] == vg_type_color(g, wall);
    assert_true(found);
    assert_false(vg_canvas_has_images(c));
    assert_non_null(vg_glyph('A'));
    assert_null(vg_glyph(' '));
    vg_canvas_free(c);
    vg_canvas_free(NULL);
    vg_state_free(s);
    vg_game_free(g);
}

static void test_missing_image(void **state) {
    (void)state;
    vg_game *g = load_lua_ok("sprite { \"wall\", \"Immovable\", img = \"nosuch\" }\n"
                             "sprite { \"avatar\", \"MovingAvatar\" }\n"
                             "map { \"w\", \"wall\" }\nmap { \"A\", \"avatar\" }\n",
                             "wwww\nwAww\nwwww\n");
    vg_canvas *c = (vg_canvas *)1;
    vg_error err;
    assert_int_equal(vg_canvas_new(g, 8, "/nonexistent/dir/game.lua", NULL, &c, &err), VG_ERR_IO);
    assert_null(c);
    assert_string_equal(err.file, "/nonexistent/dir/nosuch.png");
    assert_int_equal(vg_canvas_new(g, 8, NULL, NULL, &c, &err), VG_OK); /* no script: no images */
    vg_canvas_free(c);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bait),
        cmocka_unit_test(test_missing_image),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
