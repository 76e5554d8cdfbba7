/* SPDX-License-Identifier: MIT
 *
 * perft.c -- 'vgdl perft': move sequences per depth through the game's
 * Lua rules (agents/exact.h), and positions given as move lists
 * (--moves), which the commands start from with cli_start() or
 * cli_start_round().
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
#include "exact.h"

int cli_start(const cli_opts *o, const vg_game *g, vg_state **out) {
    vg_error err;
    *out = vg_state_new(g, o->seed);
    if (!*out) return cli_fail("out of memory");
    if (!o->moves) return 0;
    if (exact_replay(g, *out, o->moves, &err) < 0) {
        vg_state_free(*out);
        *out = NULL;
        char what[sizeof err.msg];
        snprintf(what, sizeof what, "%s", err.msg);
        snprintf(err.msg, sizeof err.msg, "--moves: %s", what);
        return cli_report(&err);
    }
    return 0;
}

int cli_start_round(const cli_opts *o, const vg_game *g, const char *cmd, vg_state **out) {
    int rc = cli_start(o, g, out);
    if (rc || !vg_game_has_turns(g) || vg_turn(*out) == 0 || vg_is_over(*out)) return rc;
    rc = cli_fail("--moves: '%s' plays whole rounds from agent 0's turn, but after '%s' agent %d is to move", cmd,
                  o->moves, vg_turn(*out));
    vg_state_free(*out);
    *out = NULL;
    return rc;
}

int cli_perft(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    vg_state *s = NULL;
    int rc = cli_parse(argc, argv, &o, 2);
    if (rc) return rc;
    char *end;
    long depth = strtol(o.arg, &end, 10);
    if (end == o.arg || *end || depth < 0 || depth > 64) return cli_fail("perft: DEPTH must be 0 to 64, not '%s'", o.arg);
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
        printf("%ld\t%llu\t%llu\t%ld\t%.3f\t%.0f\n", d, (unsigned long long)seq[d], (unsigned long long)leaves[d], plays,
               dt, dt > 0 ? (double)plays / dt : 0.0);
        fflush(stdout);
    }
    free(seq);
    free(leaves);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}
