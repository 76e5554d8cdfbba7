/* SPDX-License-Identifier: MIT
 *
 * fuzz.h -- what the fuzz harnesses share. Each tests/fuzz/fuzz_NAME.c
 * defines LLVMFuzzerTestOneInput for one reader of user input; it is
 * linked with libFuzzer by 'make fuzz', and with replay.c into a test
 * that 'make test' runs on every file in tests/fuzz/regress/NAME/ (the
 * crashes fuzzing found, kept so they stay fixed).
 */
#ifndef VG_FUZZ_H
#define VG_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "vgdl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (malloc'd), NULs inside replaced by spaces. */
char *fuzz_text(const uint8_t *data, size_t size);
/* Cuts 'text' at a line "=====" and returns what follows it: the map of a
 * game given with its map ("A\n", a one-cell map, when there is none). */
const char *fuzz_cut_map(char *text);
/* Plays up to 'ticks' ticks of 'g' from its start, actions drawn from
 * 'seed'; in a game for several players every player acts, and each
 * player's score, result, actions, avatar and trace line are read after
 * every tick. */
void fuzz_play(const vg_game *g, uint64_t seed, int ticks);
/* fuzz_vgdl's input (a VGDL game description, a line "=====", a level):
 * loaded, played a few ticks if it loads, and converted to Lua. Returns 0. */
int fuzz_vgdl(const uint8_t *data, size_t size);

#endif
