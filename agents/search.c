/* SPDX-License-Identifier: MIT
 *
 * search.c -- see search.h.
 */
#include <string.h>

#include "search.h"

/* ---- Positional key ----------------------------------------------------- */

uint64_t search_key(const vg_game *g, const vg_state *s) {
    uint64_t score;
    double sc = vg_score(s);
    memcpy(&score, &sc, sizeof score);
    uint64_t h = vg_state_search_hash(g, s) ^ hash_mix(score + 0x9e3779b97f4a7c15ULL) ^
                 hash_mix((uint64_t)vg_winner_of(s) << 8 | (uint64_t)vg_is_over(s) << 4 | (uint64_t)vg_turn(s) << 16);
    for (int r = 0, nres = vg_num_resources(g); r < nres; r++) {
        int amount = vg_avatar_resource(g, s, r);
        if (amount) h ^= hash_mix((uint64_t)r << 32 ^ (uint32_t)amount ^ 0x7e5ULL << 40);
    }
    return h;
}

/* ---- Leaf values ----------------------------------------------------------- */

static double outcome(const fm *f, const vg_state *s, double v) {
    if (fm_winner(f, s) == VG_PLAYER_WINS) return v + SEARCH_WIN;
    if (fm_winner(f, s) == VG_PLAYER_LOSES || vg_is_over(s)) return v - SEARCH_WIN;
    return v;
}

double search_value(fm *f, const vg_state *s) { return outcome(f, s, fm_heuristic(f, s)); }
