/* SPDX-License-Identifier: MIT
 *
 * fuzz.c -- helpers shared by the fuzz harnesses (see fuzz.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Reads what a game for several players shows of each player in 's'
 * (after the tick 'acts' played; NULL at the start). */
static void read_players(const vg_game *g, const vg_state *s, const int *acts) {
    char line[1 << 16];
    vg_trace_json_multi(g, s, acts, line, sizeof line);
    for (int p = 0; p < vg_num_players(g); p++) {
        vg_action out[VG_MAX_ACTIONS];
        double x, y;
        int dx, dy;
        vg_player_score(g, s, p), vg_player_winner(g, s, p), vg_player_actions(g, s, p, out);
        vg_player_last_action(g, s, p), vg_player_alive(g, s, p), vg_player_pos(g, s, p, &x, &y);
        vg_player_type(g, s, p), vg_player_orientation(g, s, p, &dx, &dy), vg_player_resource(g, s, p, 0);
    }
}

void fuzz_play(const vg_game *g, uint64_t seed, int ticks) {
    vg_state *s = vg_state_new(g, seed);
    if (!s) return;
    int several = vg_num_players(g) > 1, acts[VG_MAX_PLAYERS];
    if (several) read_players(g, s, NULL);
    for (int k = 0; k < ticks && !vg_is_over(s); k++) {
        vg_action act[VG_MAX_PLAYERS];
        for (int p = 0; p < VG_MAX_PLAYERS; p++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            act[p] = (vg_action)(seed >> 61) % VG_NUM_ACTIONS;
            acts[p] = (int)act[p];
        }
        if (!several) vg_advance(g, s, act[0], NULL);
        else if (vg_advance_multi(g, s, act, NULL) == VG_OK) read_players(g, s, acts);
    }
    vg_state_free(s);
}

int fuzz_vgdl(const uint8_t *data, size_t size) {
    static char path[64];
    if (!path[0]) snprintf(path, sizeof path, "/tmp/vgdl-fuzz-%d.txt", (int)getpid()); /* .txt: read as VGDL */
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
