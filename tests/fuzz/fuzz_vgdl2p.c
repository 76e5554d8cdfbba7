/* SPDX-License-Identifier: MIT
 *
 * fuzz_vgdl2p.c -- the reader of GVGAI's two-player game files: as
 * fuzz_vgdl (a VGDL game description, a line "=====", a level; loaded,
 * played, converted), its corpus seeded from gvgai/2player/ and its
 * dictionary (vgdl2p.dict) the words of games for several players:
 * no_players, per-player scoreChange and win lists, avatars by player,
 * hidden lists, counters. A game that loads is played with every player
 * acting each tick, and each player's score, result, avatar and trace
 * line are read (fuzz_play).
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_vgdl(data, size); }
