/* SPDX-License-Identifier: MIT
 *
 * differ.h -- for the differential tests (test_rest_differential.c,
 * test_cells_typed.c), which play the same game two ways, a shortcut on
 * and off, and compare the states tick by tick.
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

#endif
