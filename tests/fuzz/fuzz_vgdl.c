/* SPDX-License-Identifier: MIT
 *
 * fuzz_vgdl.c -- the reader of GVGAI's game files (engine/gvgai/) and vgdl
 * convert: the input is a VGDL game description, then a line "=====" and
 * a level (a one-cell "A" when there is none). The description is loaded
 * (a few ticks of play if it loads) and converted to Lua (fuzz_vgdl). Its
 * corpus is seeded from GVGAI's one-player games; fuzz_vgdl2p's from the
 * two-player ones.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_vgdl(data, size); }
