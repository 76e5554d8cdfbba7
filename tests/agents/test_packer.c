/* SPDX-License-Identifier: MIT
 *
 * test_packer.c -- stored states (agents/packer.c).
 */
#include <stdlib.h>

#include "agent.h"
#include "packer.h"
#include "support.h"

#define SCRIPT "scripts/bait.lua"

/* Packed states come back byte for byte, all along a level 3 solution
 * (boxes fall into holes: the sprites after them move up), and take a
 * fraction of a state's size: under a tenth on average (89 of 1032
 * bytes), under a fifth at most. */
static void test_packer(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl3.txt");
    vg_state *s = vg_state_new(g, 0), *back = vg_state_new(g, 0);
    packer *pk = packer_new(g);
    assert_non_null(pk);
    packer_set_ref(pk, &(fm){.g = g}, s);
    vg_action *acts;
    int nacts;
    assert_true(read_actions("tests/fixtures/agents/bait_lvl3_shortest.actions", &acts, &nacts));
    size_t most = 0, sum = 0, n = 0, full = vg_state_used(s);
    for (int k = 0; k < nacts; k++) {
        assert_int_equal(vg_advance(g, s, acts[k], NULL), VG_OK);
        packed *p = packer_pack(pk, s);
        assert_non_null(p);
        packer_unpack(pk, p, back);
        assert_memory_equal(back, s, vg_state_used(s));
        if (packed_bytes(p) > most) most = packed_bytes(p);
        sum += packed_bytes(p), n++;
        packer_release(pk, p);
    }
    free(acts);
    assert_true(vg_winner_of(s) == VG_PLAYER_WINS);
    print_message("packed: mean %zu, most %zu bytes of %zu\n", sum / n, most, full);
    assert_true(most * 5 < full && sum / n * 10 < full);
    packer_free(pk);
    vg_state_free(s);
    vg_state_free(back);
    vg_game_free(g);
}

/* Blocks kept all at once fill chunks of growing sizes (the first small);
 * every one still comes back whole, also after packer_set_ref has taken
 * them back and the first chunk is reused. */
static void test_packer_many_chunks(void **state) {
    (void)state;
    vg_game *g = load_game(SCRIPT, "levels/bait/lvl3.txt");
    vg_state *s = vg_state_new(g, 0), *back = vg_state_new(g, 0);
    packer *pk = packer_new(g);
    assert_non_null(pk);
    enum { N = 20000 }; /* tens of bytes each: past several chunks (the first holds 32 KiB) */
    packed **kept = malloc(N * sizeof *kept);
    uint32_t *tick = malloc(N * sizeof *tick);
    assert_non_null(kept);
    assert_non_null(tick);
    for (int round = 0; round < 2; round++) {
        vg_state *start = vg_state_new(g, 0);
        packer_set_ref(pk, &(fm){.g = g}, start);
        vg_state_copy(s, start);
        vg_state_free(start);
        for (int k = 0; k < N; k++) { /* walks left and right: the tick tells them apart */
            assert_int_equal(vg_advance(g, s, k % 4 < 2 ? VG_ACTION_LEFT : VG_ACTION_RIGHT, NULL), VG_OK);
            assert_non_null(kept[k] = packer_pack(pk, s));
            tick[k] = (uint32_t)vg_tick(s);
        }
        for (int k = 0; k < N; k += 97) {
            packer_unpack(pk, kept[k], back);
            assert_int_equal(vg_tick(back), tick[k]);
        }
        packer_unpack(pk, kept[N - 1], back);
        assert_memory_equal(back, s, vg_state_used(s));
    }
    free(kept);
    free(tick);
    packer_free(pk);
    vg_state_free(s);
    vg_state_free(back);
    vg_game_free(g);
}

/* A state longer than the reference (Aliens: the avatar's missiles and
 * the aliens' bombs are new sprites) reads the reference as zero past its
 * end, and comes back byte for byte too. */
static void test_packer_longer_state(void **state) {
    (void)state;
    vg_game *g = load_game("gvgai/aliens.txt", "gvgai/aliens_lvl0.txt");
    vg_state *s = vg_state_new(g, 3), *back = vg_state_new(g, 0);
    packer *pk = packer_new(g);
    assert_non_null(pk);
    packer_set_ref(pk, &(fm){.g = g}, s);
    size_t ref = vg_state_used(s), longest = 0;
    for (int k = 0; k < 300 && !vg_is_over(s); k++) {
        static const vg_action plan[] = {VG_ACTION_USE, VG_ACTION_LEFT, VG_ACTION_USE, VG_ACTION_RIGHT};
        assert_int_equal(vg_advance(g, s, plan[k % 4], NULL), VG_OK);
        packed *p = packer_pack(pk, s);
        assert_non_null(p);
        packer_unpack(pk, p, back);
        assert_memory_equal(back, s, vg_state_used(s));
        if (vg_state_used(s) > longest) longest = vg_state_used(s);
        packer_release(pk, p);
    }
    assert_true(longest > ref);
    packer_free(pk);
    vg_state_free(s);
    vg_state_free(back);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_packer),
        cmocka_unit_test(test_packer_many_chunks),
        cmocka_unit_test(test_packer_longer_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
