/* SPDX-License-Identifier: MIT
 *
 * bench_c4.c -- a plain C bitboard Connect Four perft, written for the
 * benchmark as the yardstick for 'vgdl perft connect4' (the same counts
 * through the Lua rules and the forward model). Not part of the library.
 *
 *   bench_c4            (as make test runs it) checks depths 1-8 against
 *                       tests/golden/boardgames/connect4/perft.tsv
 *   bench_c4 DEPTH      prints depth, sequences, leaves, plays, seconds,
 *                       plays/s for depths 1..DEPTH, as 'vgdl perft' does
 *
 * The board is Pascal Pons' layout: bit 7 * column + row (row 0 at the
 * bottom, one spare bit on top of each column), 'cur' the discs of the
 * side to move, 'mask' all discs. Every move is made (copy-make, no bulk
 * counting at the last ply, no table), so "plays" counts the same thing
 * as vgdl perft's: one per move sequence prefix.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support.h"

#define W 7
#define H 6

static uint64_t seq[64], ended[64], plays;

static int four(uint64_t b) {
    uint64_t m = b & (b >> 1);
    if (m & (m >> 2)) return 1;
    m = b & (b >> 7);
    if (m & (m >> 14)) return 1;
    m = b & (b >> 6);
    if (m & (m >> 12)) return 1;
    m = b & (b >> 8);
    return (m & (m >> 16)) != 0;
}

static void perft(uint64_t cur, uint64_t mask, int ply, int depth) {
    if (ply == depth) return;
    for (int c = 0; c < W; c++) {
        uint64_t top = (uint64_t)1 << (7 * c + H - 1);
        if (mask & top) continue;
        uint64_t m = (mask + ((uint64_t)1 << (7 * c))) | mask; /* the disc falls */
        uint64_t mine = cur | (m ^ mask);
        plays++;
        seq[ply + 1]++;
        if (four(mine)) {
            ended[ply + 1]++;
            continue;
        }
        if (ply + 1 == W * H) {
            ended[ply + 1]++; /* full board: a draw */
            continue;
        }
        perft(mine ^ m, m, ply + 1, depth);
    }
}

static void run(int depth) {
    memset(seq, 0, sizeof seq);
    memset(ended, 0, sizeof ended);
    plays = 0;
    seq[0] = 1;
    perft(0, 0, 0, depth);
}

static uint64_t leaves(int d) {
    uint64_t n = seq[d];
    for (int k = 0; k < d; k++) n += ended[k];
    return n;
}

static void test_perft_table(void **state) {
    (void)state;
    FILE *f = fopen(repo_path("tests/golden/boardgames/connect4/perft.tsv"), "r");
    assert_non_null(f);
    char line[512];
    int rows = 0;
    run(8);
    while (fgets(line, sizeof line, f)) {
        int d;
        unsigned long long exact, wins, all;
        if (line[0] == '#' || sscanf(line, "%d %llu %llu %llu", &d, &exact, &wins, &all) != 4 || d < 1 || d > 8)
            continue;
        assert_int_equal(seq[d], exact);
        assert_int_equal(leaves(d), all);
        rows++;
    }
    fclose(f);
    assert_int_equal(rows, 8);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc > 1) {
        int depth = atoi(argv[1]);
        if (depth < 1 || depth > 42) {
            fprintf(stderr, "usage: bench_c4 [DEPTH]\n");
            return 2;
        }
        printf("depth\tsequences\tleaves\tplays\tseconds\tplays/s\n");
        for (int d = 1; d <= depth; d++) {
            double t0 = now();
            run(d);
            double dt = now() - t0;
            printf("%d\t%llu\t%llu\t%llu\t%.3f\t%.0f\n", d, (unsigned long long)seq[d], (unsigned long long)leaves(d),
                   (unsigned long long)plays, dt, dt > 0 ? (double)plays / dt : 0.0);
            fflush(stdout);
        }
        return 0;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_perft_table)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
