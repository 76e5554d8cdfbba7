/* SPDX-License-Identifier: MIT
 *
 * load.c -- vg_game_load: a game's rules read by the loader their file
 * asks for (a GVGAI game description, .txt: engine/gvgai/; else a Lua
 * script: engine/lua/), then its level.
 */
#include <string.h>
#include <stdlib.h>

#include "gvgai/gvgai.h"
#include "io.h"

vg_status vg_game_load_text(const char *script_path, const char *level_text, const char *level_name, vg_game **out,
                            vg_error *err) {
    size_t n = strlen(script_path);
    if (n > 4 && strcmp(script_path + n - 4, ".txt") == 0)
        return gvgai_load_game(script_path, level_text, level_name, out, err);
    return script_load_game(script_path, level_text, level_name, out, err);
}

vg_status vg_script_generate(const char *script_path, uint64_t seed, int w, int h, char **text, vg_error *err) {
    size_t n = strlen(script_path);
    *text = NULL;
    if (n > 4 && strcmp(script_path + n - 4, ".txt") == 0)
        return error_set(err, VG_ERR_ARG, script_path, 0, 0, "a GVGAI game file has no generate(rng, w, h): only a Lua script may");
    return script_generate(script_path, seed, w, h, text, err);
}

vg_status vg_game_load(const char *script_path, const char *level_path, vg_game **out, vg_error *err) {
    char *text;
    size_t len;
    *out = NULL;
    vg_status st = io_read_file(level_path, &text, &len, err);
    if (st != VG_OK) return st;
    if (memchr(text, '\0', len)) {
        free(text);
        return error_set(err, VG_ERR_PARSE, level_path, 0, 0, "map is not a text file");
    }
    st = vg_game_load_text(script_path, text, level_path, out, err);
    free(text);
    return st;
}
