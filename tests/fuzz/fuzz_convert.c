/* SPDX-License-Identifier: MIT
 *
 * fuzz_convert.c -- vgdl convert, round trip: the input is a VGDL game
 * description, then a line "=====" and a level (a one-cell "A" when there
 * is none). The description is loaded on the level, and converted to Lua
 * and the script loaded on the same level: both must load or both fail,
 * and when both load they must be the same game -- the same types, and
 * the same trace line tick after tick of play on the same actions. A
 * difference aborts (a finding).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

#define TICKS 40

/* Aborts, saying what differs (the fuzzer keeps the input). */
static void differ(const char *what, const char *a, const char *b) {
    fprintf(stderr, "fuzz_convert: the converted script differs from the game file: %s\n  file:   %s\n  script: %s\n",
            what, a, b);
    abort();
}

/* The types of 'a' and 'b' are the same, by what vgdl.h shows of them. */
static void same_types(const vg_game *a, const vg_game *b) {
    char x[128], y[128];
    snprintf(x, sizeof x, "%d types, %d x %d", vg_game_num_types(a), vg_game_width(a), vg_game_height(a));
    snprintf(y, sizeof y, "%d types, %d x %d", vg_game_num_types(b), vg_game_width(b), vg_game_height(b));
    if (strcmp(x, y) != 0) differ("the game's size", x, y);
    for (int t = 0; t < vg_game_num_types(a); t++) {
        snprintf(x, sizeof x, "%s cat %d leaf %d glyph %c colour %06x hidden %d img %s", vg_type_name(a, t),
                 vg_type_category(a, t), vg_type_is_leaf(a, t), vg_type_glyph(a, t), vg_type_color(a, t),
                 vg_type_hidden(a, t), vg_type_img(a, t));
        snprintf(y, sizeof y, "%s cat %d leaf %d glyph %c colour %06x hidden %d img %s", vg_type_name(b, t),
                 vg_type_category(b, t), vg_type_is_leaf(b, t), vg_type_glyph(b, t), vg_type_color(b, t),
                 vg_type_hidden(b, t), vg_type_img(b, t));
        if (strcmp(x, y) != 0) differ("a type", x, y);
    }
}

/* Both play the same actions (drawn from 'seed') alike: the same trace line every tick. */
static void same_play(const vg_game *a, const vg_game *b, uint64_t seed) {
    static char la[1 << 16], lb[1 << 16];
    vg_state *s = vg_state_new(a, seed), *t = vg_state_new(b, seed);
    for (int k = -1; s && t && k < TICKS && !vg_is_over(s); k++) {
        vg_action act = VG_ACTION_NIL;
        if (k >= 0) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            act = (vg_action)((seed >> 61) % VG_NUM_ACTIONS);
            vg_status x = vg_advance(a, s, act, NULL), y = vg_advance(b, t, act, NULL);
            if (x != y) differ("a tick's status", vg_status_name(x), vg_status_name(y));
        }
        vg_trace_json(a, s, k >= 0 ? (int)act : -1, la, sizeof la);
        vg_trace_json(b, t, k >= 0 ? (int)act : -1, lb, sizeof lb);
        if (strcmp(la, lb) != 0) differ("a tick", la, lb);
    }
    vg_state_free(s);
    vg_state_free(t);
}

/* Writes 'text' to 'path'; 0, or -1. */
static int write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    int ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char path[64], script[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/vgdl-fuzz-convert-%d.txt", (int)getpid()); /* .txt: read as VGDL */
        snprintf(script, sizeof script, "/tmp/vgdl-fuzz-convert-%d.lua", (int)getpid());
    }
    char *text = fuzz_text(data, size), *lua = NULL;
    if (!text) return 0;
    const char *level = fuzz_cut_map(text);
    vg_game *g = NULL, *h = NULL;
    vg_error err, lerr;
    if (write_file(path, text) == 0 && vg_game_convert(path, &lua, &err) == VG_OK && write_file(script, lua) == 0) {
        vg_status st = vg_game_load_text(path, level, "fuzz-level", &g, &err);
        vg_status lst = vg_game_load_text(script, level, "fuzz-level", &h, &lerr);
        if ((st == VG_OK) != (lst == VG_OK))
            differ("one loads, the other does not", st == VG_OK ? "loads" : err.msg, lst == VG_OK ? "loads" : lerr.msg);
        if (g && h) {
            same_types(g, h);
            same_play(g, h, size);
        }
    } else if (lua == NULL && vg_game_load_text(path, level, "fuzz-level", &g, &err) == VG_OK) {
        differ("the game loads but does not convert", "loads", err.msg);
    }
    vg_game_free(g);
    vg_game_free(h);
    free(lua);
    unlink(path);
    unlink(script);
    free(text);
    return 0;
}
