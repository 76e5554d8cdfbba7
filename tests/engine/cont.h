/* SPDX-License-Identifier: MIT
 *
 * cont.h -- for the tests of continuous physics (test_physics_cont.c,
 * test_class_cont.c, test_effect_wall.c): a state's first sprite of a
 * type, and advancing a state or failing the test.
 */
#ifndef VG_TEST_CONT_H
#define VG_TEST_CONT_H

#include <stdio.h>
#include <string.h>

#include "support.h"

#include "tick.h"

/* The first sprite of leaf type 'type' in 's' (the test fails if none). */
static inline const sprite *first_of(const vg_game *g, const vg_state *s, const char *type) {
    int t = vg_type_find(g, type);
    assert_true(t >= 0);
    for (uint32_t i = 0; i < s->n; i++)
        if (state_sprite(s, i)->type == t) return state_sprite(s, i);
    fail_msg("no sprite of type %s", type);
    return NULL;
}

static inline void advance(const vg_game *g, vg_state *s, vg_action a) {
    vg_error err = {0};
    assert_int_equal(vg_advance(g, s, a, &err), VG_OK);
}

#endif
