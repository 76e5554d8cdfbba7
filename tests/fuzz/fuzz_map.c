/* SPDX-License-Identifier: MIT
 *
 * fuzz_map.c -- the level map reader: any text as a map of Bait or
 * Pacman (the first byte picks), then a few ticks of play if it loads.
 */
#include <stdlib.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *const scripts[] = {"scripts/bait.lua", "scripts/pacman.lua"};
    if (size < 1) return 0;
    char *text = fuzz_text(data + 1, size - 1);
    vg_game *g = NULL;
    vg_error err;
    if (text && vg_game_load_text(scripts[data[0] & 1], text, "fuzz-map", &g, &err) == VG_OK) fuzz_play(g, data[0], 50);
    vg_game_free(g);
    free(text);
    return 0;
}
