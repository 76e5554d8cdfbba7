/* SPDX-License-Identifier: MIT
 *
 * fuzz.c -- helpers shared by the fuzz harnesses (see fuzz.h).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

char *fuzz_text(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text) return NULL;
    for (size_t k = 0; k < size; k++) text[k] = data[k] ? (char)data[k] : ' ';
    text[size] = '\0';
    return text;
}

const char *fuzz_cut_map(char *text) {
    char *cut = strstr(text, "\n=====\n");
    if (!cut) return "A\n";
    *cut = '\0';
    return cut + 7;
}

void fuzz_play(const vg_game *g, uint64_t seed, int ticks) {
    vg_state *s = vg_state_new(g, seed);
    if (!s) return;
    for (int k = 0; k < ticks && !vg_is_over(s); k++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        vg_advance(g, s, (vg_action)(seed >> 61) % VG_NUM_ACTIONS, NULL);
    }
    vg_state_free(s);
}
