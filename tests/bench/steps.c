/* SPDX-License-Identifier: MIT
 *
 * steps.c -- a fixed amount of forward-model work, for counting what a
 * step costs with callgrind (instructions, cache misses) where wall-clock
 * rates are too noisy to compare two builds. Not part of the library.
 *
 *   steps                     (as make test runs it) checks that the work
 *                             is deterministic: Bait's level 0 played twice
 *                             ends in the same state
 *   steps GAME LEVEL N        N steps on GAME (a script or GVGAI .txt path)
 *                             and LEVEL (a map path) as `vgdl bench`'s
 *                             copy+advance loop takes them: copy the current
 *                             state, advance the copy with a random action
 *                             (xorshift, a fixed seed; one for every player
 *                             of a game of several), go on from it, the
 *                             level's start again when the game ends (as
 *                             `vgdl bench` sees it) or hits the sprite
 *                             limit; prints the steps, the restarts and a
 *                             fingerprint of the play (the hash of every
 *                             state, summed)
 *
 * Instructions per step: valgrind --tool=callgrind --toggle-collect=vg_advance
 * --toggle-collect=vg_state_copy build/release/tests/bench/steps GAME LEVEL N,
 * the total over N (the copies and advances only: not the loading, not the
 * fingerprint).
 */
#include <stdio.h>
#include <stdlib.h>

#include "support.h"

typedef struct play {
    uint64_t fingerprint;
    long restarts;
} play;

/* The measured loop: 'n' copy+advance steps from 'start'. */
__attribute__((noinline)) static int steps_run(const vg_game *g, const vg_state *start, long n, play *out) {
    vg_state *cur = vg_state_clone(start), *next = vg_state_clone(start);
    vg_action acts[VG_MAX_PLAYERS][VG_MAX_ACTIONS], a[VG_MAX_PLAYERS];
    int players = vg_num_players(g), nacts[VG_MAX_PLAYERS], rc = 0;
    for (int p = 0; p < players; p++) nacts[p] = vg_player_actions(g, start, p, acts[p]);
    uint64_t rng = 88172645463325252ULL;
    vg_error err;
    out->fingerprint = 0;
    out->restarts = 0;
    for (long k = 0; k < n && cur && next; k++) {
        for (int p = 0; p < players; p++) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            a[p] = nacts[p] ? acts[p][rng % (uint64_t)nacts[p]] : VG_ACTION_NIL;
        }
        vg_state_copy(next, cur);
        vg_status st = players > 1 ? vg_advance_multi(g, next, a, &err) : vg_advance(g, next, a[0], &err);
        vg_state *tmp = cur;
        cur = next;
        next = tmp;
        out->fingerprint += vg_state_hash(cur);
        /* over, as `vgdl bench` sees it: for one player not at GVGAI's sprite bound (VG_OVER_WARNED) */
        if (st == VG_ERR_LIMIT || (vg_is_over(cur) && (players > 1 || vg_is_over(cur) != VG_OVER_WARNED))) {
            out->restarts += st == VG_ERR_LIMIT;
            vg_state_copy(cur, start);
        } else if (st != VG_OK) {
            fprintf(stderr, "step %ld: %s\n", k, err.msg);
            rc = 1;
            break;
        }
    }
    if (!cur || !next) rc = 1;
    vg_state_free(cur);
    vg_state_free(next);
    return rc;
}

static int run(const char *script, const char *level, long n, play *out) {
    vg_game *g = NULL;
    vg_error err;
    if (vg_game_load(script, level, &g, &err) != VG_OK) {
        fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.msg);
        return 1;
    }
    vg_state *start = vg_state_new(g, 1);
    int rc = start ? steps_run(g, start, n, out) : 1;
    vg_state_free(start);
    vg_game_free(g);
    return rc;
}

static void test_deterministic(void **state) {
    (void)state;
    play a, b;
    char script[4096];
    snprintf(script, sizeof script, "%s", repo_path("scripts/bait.lua"));
    assert_int_equal(run(script, repo_path("levels/bait/lvl0.txt"), 2000, &a), 0);
    assert_int_equal(run(script, repo_path("levels/bait/lvl0.txt"), 2000, &b), 0);
    assert_true(a.fingerprint == b.fingerprint);
    assert_int_equal(a.restarts, 0);
}

int main(int argc, char **argv) {
    if (argc == 1) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_deterministic)};
        return cmocka_run_group_tests(tests, NULL, NULL);
    }
    play p;
    char *end = NULL;
    long n = argc == 4 ? strtol(argv[3], &end, 10) : 0;
    if (argc != 4 || !end || *end || n <= 0) {
        fprintf(stderr, "usage: steps [GAME LEVEL N]\n");
        return 2;
    }
    if (run(argv[1], argv[2], n, &p)) return 1;
    printf("steps: %ld\nrestarts: %ld\nfingerprint: %016llx\n", n, p.restarts, (unsigned long long)p.fingerprint);
    return 0;
}
