/* SPDX-License-Identifier: MIT
 *
 * perft.c -- 'vgdl perft': move sequences per depth through the game's
 * Lua rules (agents/exact.h), from the level's start or the position after
 * --moves (cli_start).
 *
 *   vgdl perft GAME DEPTH [--level N|FILE] [--moves M]
 *
 * Prints a header line, then one line per depth 1..DEPTH:
 *   depth  sequences  leaves  plays  seconds  plays/s
 * 'sequences': move sequences of exactly 'depth' turns (a move that ends
 * the game ends its sequence); 'leaves': the same plus the games that
 * ended earlier (Aart Bik's Othello convention); 'plays': vg_play calls
 * the search to that depth made (every sequence is played to its end, no
 * bulk counting); plays/s: those per second of wall-clock time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "exact.h"

int cmd_perft(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    vg_state *s = NULL;
    int rc = cli_parse(argc, argv, &o, 2);
    if (rc) return rc;
    char *end;
    long depth = strtol(o.arg, &end, 10);
    if (end == o.arg || *end || depth < 0 || depth > 64)
        return cli_fail("perft: DEPTH must be 0 to 64, not '%s'", o.arg);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    if ((rc = cli_start(&o, g, &s))) {
        vg_game_free(g);
        return rc;
    }
    uint64_t *seq = calloc((size_t)depth + 1, sizeof *seq), *leaves = calloc((size_t)depth + 1, sizeof *leaves);
    if (!seq || !leaves) rc = cli_fail("out of memory");
    printf("depth\tsequences\tleaves\tplays\tseconds\tplays/s\n");
    fflush(stdout);
    for (long d = 1; d <= depth && !rc; d++) {
        vg_error err;
        double t0 = fm_now();
        long plays = exact_perft(g, s, (int)d, seq, leaves, &err);
        double dt = fm_now() - t0;
        if (plays < 0) {
            rc = cli_report(&err);
            break;
        }
        printf("%ld\t%llu\t%llu\t%ld\t%.3f\t%.0f\n", d, (unsigned long long)seq[d], (unsigned long long)leaves[d],
               plays, dt, dt > 0 ? (double)plays / dt : 0.0);
        fflush(stdout);
    }
    free(seq);
    free(leaves);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}
