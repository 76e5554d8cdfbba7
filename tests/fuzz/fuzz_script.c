/* SPDX-License-Identifier: MIT
 *
 * fuzz_script.c -- the Lua loader and the sandbox: the input is a game
 * script, then a line "=====" and a map (a one-cell "A" when there is
 * none); if it loads, a few ticks of play run its effects and updates, and
 * its heuristic, evaluate and bound read a few states (the read-only
 * handle). tests/fuzz/script.dict gives it the handle's method names.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    const char *map = fuzz_cut_map(text);
    int fd = memfd_create("fuzz-script.lua", 0); /* the loader reads scripts from files */
    if (fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text)) {
        char path[64];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        vg_game *g = NULL;
        vg_error err;
        if (vg_game_load_text(path, map, "fuzz-map", &g, &err) == VG_OK) {
            fuzz_play(g, size, 30);
            vg_state *s = vg_state_new(g, size); /* the read-only handle: heuristic, evaluate, bound */
            for (int k = 0; s && k < 5 && !vg_is_over(s); k++) {
                vg_heuristic(g, s, NULL);
                vg_evaluate(g, s, NULL);
                vg_bound(g, s, NULL);
                vg_advance(g, s, (vg_action)(k % VG_NUM_ACTIONS), NULL);
            }
            vg_state_free(s);
        }
        vg_game_free(g);
    }
    if (fd >= 0) close(fd);
    free(text);
    return 0;
}
