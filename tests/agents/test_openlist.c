/* SPDX-License-Identifier: MIT
 *
 * test_openlist.c -- the A* open list (agents/openlist.c): least priority
 * first, the last added first among equals, growth to any priority,
 * clearing, and the priority of weighted A*.
 */
#include "openlist.h"
#include "support.h"

static void test_order(void **state) {
    (void)state;
    openlist ol = {0};
    assert_int_equal(openlist_pop(&ol), OPENLIST_NONE);
    assert_true(openlist_push(&ol, 1, 16));
    assert_true(openlist_push(&ol, 2, 8));
    assert_true(openlist_push(&ol, 3, 8));
    assert_true(openlist_push(&ol, 4, 5000)); /* beyond the first buckets */
    assert_int_equal(openlist_pop(&ol), 3);   /* least priority; the last added first */
    assert_int_equal(ol.minf, 8);
    assert_int_equal(openlist_pop(&ol), 2);
    assert_int_equal(openlist_pop(&ol), 1);
    assert_int_equal(ol.minf, 16);
    assert_true(openlist_push(&ol, 5, 0)); /* lower again */
    assert_int_equal(openlist_pop(&ol), 5);
    assert_int_equal(openlist_pop(&ol), 4);
    assert_int_equal(ol.minf, 5000);
    assert_int_equal(openlist_pop(&ol), OPENLIST_NONE);
    for (uint32_t k = 0; k < 1000; k++) assert_true(openlist_push(&ol, k, 3)); /* a bucket grows */
    assert_int_equal(ol.open, 1000);
    openlist_clear(&ol);
    assert_int_equal(openlist_pop(&ol), OPENLIST_NONE);
    openlist_free(&ol);
    openlist_free(&ol);
}

static void test_prio(void **state) {
    (void)state;
    assert_int_equal(openlist_prio(3, 2, 1), 40);   /* 8 (g + h) */
    assert_int_equal(openlist_prio(3, 2, 10), 184); /* 8 g + 80 h */
    assert_int_equal(openlist_prio(0, 1, 1.5), 12);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_prio),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
