/* SPDX-License-Identifier: MIT
 *
 * test_ttable.c -- the transposition table and the MTD(f) driver
 * (agents/ttable.c): bounds stored by a search's window, cut-offs only at
 * the depth stored or less and never at the root, deeper bounds kept, the
 * best move first; MTD(f) finding values far from its guess.
 */
#include "support.h"
#include "ttable.h"

static void test_probe_and_store(void **state) {
    (void)state;
    ttable t;
    assert_true(tt_init(&t, 4));
    int alpha = 0, beta = 10, v = 0, first = 0;
    assert_false(tt_probe(&t, 42, 3, 1, &alpha, &beta, &v, &first));
    assert_int_equal(first, -1);
    tt_store(&t, 42, 3, 0, 10, 12, 2); /* failed high: 12 is a lower bound */
    assert_true(tt_probe(&t, 42, 3, 1, &alpha, &beta, &v, &first));
    assert_int_equal(v, 12);
    assert_int_equal(first, 2);
    assert_false(tt_probe(&t, 42, 4, 1, &alpha, &beta, &v, &first)); /* deeper than stored: no cut */
    assert_false(tt_probe(&t, 42, 3, 0, &alpha, &beta, &v, &first)); /* the root: no cut */
    tt_store(&t, 42, 3, 20, 30, 15, 1);                              /* failed low: 15 an upper bound */
    alpha = 0, beta = 100;
    assert_false(tt_probe(&t, 42, 3, 1, &alpha, &beta, &v, &first));
    assert_int_equal(alpha, 12); /* the window narrowed to [12, 15] */
    assert_int_equal(beta, 15);
    tt_store(&t, 42, 2, 0, 100, 50, 3); /* shallower: the deeper bounds stay, the move changes */
    assert_non_null(tt_find(&t, 42));
    assert_int_equal(tt_find(&t, 42)->depth, 3);
    assert_int_equal(tt_find(&t, 42)->move, 4);
    tt_store(&t, 42 + 16, 1, 0, 10, 5, 0); /* same slot, another position: replaced */
    assert_null(tt_find(&t, 42));
    tt_clear(&t);
    assert_null(tt_find(&t, 42 + 16));
    tt_free(&t);
}

static void test_first(void **state) {
    (void)state;
    int moves[] = {4, 5, 6, 7};
    tt_first(moves, 4, 6);
    assert_int_equal(moves[0], 6);
    assert_int_equal(moves[1], 4);
    assert_int_equal(moves[2], 5);
    assert_int_equal(moves[3], 7);
    tt_first(moves, 4, 9); /* not a move: no change */
    assert_int_equal(moves[0], 6);
}

/* A position worth 'value', searched fail-hard (the least informative answer). */
static int fixed(void *ud, int alpha, int beta) {
    int value = *(int *)ud;
    return value >= beta ? beta : value <= alpha ? alpha : value;
}

static void test_mtd(void **state) {
    (void)state;
    int stopped = 0;
    int values[] = {0, 1, -1, 37, -1000, 123456};
    for (int k = 0; k < 6; k++) {
        long passes = 0;
        assert_int_equal(tt_mtd(fixed, &values[k], 0, &stopped, &passes), values[k]);
        assert_true(passes < 64); /* steps doubling, then halving */
    }
    stopped = 1;
    assert_int_equal(tt_mtd(fixed, &values[3], 0, &stopped, NULL), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_probe_and_store),
        cmocka_unit_test(test_first),
        cmocka_unit_test(test_mtd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
