/* SPDX-License-Identifier: MIT
 *
 * fuzz_vgdl.c -- the reader of GVGAI's game files (engine/gvgai/) and vgdl
 * convert: the input is a VGDL game description, then a line "=====" and
 * a level (a one-cell "A" when there is none). The description is loaded
 * (a few ticks of play if it loads) and converted to Lua.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char path[64];
    if (!path[0]) snprintf(path, sizeof path, "/tmp/vgdl-fuzz-%d.txt", (int)getpid());   /* .txt: read as VGDL */
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    const char *level = fuzz_cut_map(text);
    FILE *f = fopen(path, "w");
    if (f && fputs(text, f) >= 0 && fclose(f) == 0) {
        vg_game *g = NULL;
        vg_error err;
        char *lua = NULL;
        if (vg_game_load_text(path, level, "fuzz-level", &g, &err) == VG_OK) fuzz_play(g, size, 30);
        vg_game_free(g);
        vg_game_convert(path, &lua, &err);
        free(lua);
    }
    unlink(path);
    free(text);
    return 0;
}
