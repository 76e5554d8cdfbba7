/* SPDX-License-Identifier: MIT
 *
 * bg.h -- what the board-game tests (tests/boardgames/test_*.c) share:
 * reading files, playing moves by name, random positions, and the slow
 * switch. Include after support.h.
 *
 * VGDL_SLOW=1 in the environment runs the full reference sets (every
 * Pons position, deeper perft); without it the tests take a fixed subset
 * so that the default suite stays fast (tests/bench_boardgames.sh sets it).
 */
#ifndef VG_TEST_BG_H
#define VG_TEST_BG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"

static inline int bg_slow(void) {
    const char *v = getenv("VGDL_SLOW");
    return v && *v && strcmp(v, "0") != 0;
}

static inline char *bg_read(const char *path) {
    FILE *f = fopen(repo_path(path), "rb");
    if (!f) print_error("cannot open %s\n", path);
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Plays the move named 'name' for the agent to move; asserts it is legal. */
static inline void bg_play(const vg_game *g, vg_state *s, const char *name) {
    int moves[VG_MAX_MOVES], who = vg_turn(s), m = vg_move_find(g, name), legal = 0;
    double probs[VG_MAX_MOVES];
    vg_error err = {0};
    int n = vg_is_chance(g, who) ? vg_outcomes(g, s, who, moves, probs, &err) : vg_legal(g, s, who, moves, &err);
    for (int k = 0; k < n; k++) legal |= moves[k] == m;
    if (!legal) print_error("move '%s' is not legal for agent %d\n", name, who);
    assert_true(legal);
    assert_int_equal(vg_play(g, s, who, m, &err), VG_OK);
}

/* The legal moves of the agent to move, as names separated by spaces. */
static inline const char *bg_legal(const vg_game *g, const vg_state *s) {
    static char buf[1024];
    int moves[VG_MAX_MOVES];
    vg_error err = {0};
    int n = vg_legal(g, s, vg_turn(s), moves, &err), len = 0;
    buf[0] = '\0';
    for (int k = 0; k < n; k++)
        len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%s", k ? " " : "", vg_move_name(g, moves[k]));
    return buf;
}

static inline uint64_t bg_rand(uint64_t *r) { /* splitmix64 */
    uint64_t z = (*r += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Up to 'plies' uniformly random legal moves from 's' (stops at the end);
 * returns how many were played. */
static inline int bg_random_play(const vg_game *g, vg_state *s, int plies, uint64_t *rng) {
    int k = 0;
    for (; k < plies && !vg_is_over(s); k++) {
        int moves[VG_MAX_MOVES], who = vg_turn(s);
        double probs[VG_MAX_MOVES];
        vg_error err = {0};
        int n = vg_is_chance(g, who) ? vg_outcomes(g, s, who, moves, probs, &err) : vg_legal(g, s, who, moves, &err);
        if (n == 0) break;
        assert_int_equal(vg_play(g, s, who, moves[bg_rand(rng) % (uint64_t)n], &err), VG_OK);
    }
    return k;
}

#endif
