/* SPDX-License-Identifier: MIT
 *
 * differ.h -- for the differential tests (test_rest_differential.c,
 * test_cells_typed.c), which play the same game two ways, a shortcut on
 * and off, and compare the states tick by tick (play_differential).
 */
#ifndef VG_TEST_DIFFER_H
#define VG_TEST_DIFFER_H

#include <string.h>

#include "support.h"

#include "state.h"

/* The first difference between states a and b of game g, or NULL: their
 * sprites (but the flags of the tick's bookkeeping, SP_LINGER and SP_REST),
 * hash, score and events. */
static inline const char *states_differ(const vg_game *g, const vg_state *a, const vg_state *b) {
    if (a->n != b->n) return "sprite count";
    for (uint32_t i = 0; i < a->n; i++) {
        sprite p = *state_sprite(a, i), q = *state_sprite(b, i);
        p.flags &= (uint8_t) ~(SP_LINGER | SP_REST), q.flags &= (uint8_t) ~(SP_LINGER | SP_REST);
        if (memcmp(&p, &q, sizeof p)) return "a sprite";
        if (memcmp(state_sprite(a, i) + 1, state_sprite(b, i) + 1, a->stride - sizeof p)) return "a sprite's extension";
    }
    if (vg_state_hash(a) != vg_state_hash(b)) return "the state hash";
    if (vg_score(a) != vg_score(b)) return "the score";
    vg_event ea[64], eb[64];
    int na = vg_events(g, a, ea, 64);
    if (na != vg_events(g, b, eb, 64) || memcmp(ea, eb, (size_t)na * sizeof ea[0])) return "the events";
    return NULL;
}

/* Plays 'ticks' random ticks of games g (a shortcut on) and plain (off),
 * loaded alike, from 'seed' in step: every player draws one of its actions
 * or NIL from a generator seeded by 'seed'; both start again when g's play
 * is over. Fails the test, naming 'label', at the first tick after which
 * their states differ (states_differ). Calls each(s, ctx) with g's state
 * after every tick. */
static inline void play_differential(const vg_game *g, const vg_game *plain, uint64_t seed, int ticks,
                                     const char *label, void (*each)(const vg_state *s, void *ctx), void *ctx) {
    vg_state *s = vg_state_new(g, seed), *p = vg_state_new(plain, seed);
    uint64_t draw = seed * 0x9E3779B97F4A7C15u + 1;
    vg_error err;
    for (int k = 1; k <= ticks; k++) {
        vg_action acts[VG_MAX_PLAYERS], mine[VG_MAX_ACTIONS];
        for (int q = 0; q < vg_num_players(g); q++) {
            int n = vg_player_actions(g, s, q, mine);
            draw = draw * 6364136223846793005u + 1442695040888963407u;
            uint64_t r = (draw >> 33) % (uint64_t)(n + 1); /* n: NIL */
            acts[q] = r < (uint64_t)n ? mine[r] : VG_ACTION_NIL;
        }
        assert_int_equal(vg_advance_multi(g, s, acts, &err), VG_OK);
        assert_int_equal(vg_advance_multi(plain, p, acts, &err), VG_OK);
        const char *what = states_differ(g, s, p);
        if (what) fail_msg("%s seed %llu: %s differs after tick %d", label, (unsigned long long)seed, what, k);
        each(s, ctx);
        if (vg_is_over(s)) {
            vg_state_free(s), vg_state_free(p);
            s = vg_state_new(g, seed + (uint64_t)k), p = vg_state_new(plain, seed + (uint64_t)k);
        }
    }
    vg_state_free(s), vg_state_free(p);
}

#endif
