/* SPDX-License-Identifier: MIT
 *
 * test_rng.c -- the state's generator is java.util.Random bit for bit,
 * seeded as new Random(seed): the expected draws below were printed by
 * Java 17 (nextInt(bound) for powers of two and others, nextFloat,
 * nextDouble), so GVGAI's random games replay.
 */
#include "support.h"

#include "rng.h"
#include "state.h"

static void test_next_int(void **state) {
    (void)state;
    static const struct {
        uint64_t seed;
        int bound;
        int draws[5];
    } cases[] = {
        {1, 100, {85, 88, 47, 13, 54}},
        {42, 7, {1, 5, 6, 3, 5}},
        {42, 16, {11, 0, 10, 0, 4}}, /* a power of two takes the high bits */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        vg_state s = {0};
        rng_seed(&s, cases[c].seed);
        for (int k = 0; k < 5; k++) assert_int_equal(rng_int(&s, cases[c].bound), cases[c].draws[k]);
    }
    vg_state s = {0};
    rng_seed(&s, 123456789); /* a bound near 2^30: the rejection loop */
    assert_int_equal(rng_int(&s, 1000000007), 426010958);
    assert_int_equal(rng_int(&s, 1000000007), 639209593);
    assert_int_equal(rng_int(&s, 1000000007), 981296483);
}

static void test_next_float_and_double(void **state) {
    (void)state;
    vg_state s = {0};
    rng_seed(&s, 7);
    assert_true(rng_float(&s) == 0.730699f);
    assert_true(rng_float(&s) == 0.63853765f);
    assert_true(rng_float(&s) == 0.7491696f);
    rng_seed(&s, 7);
    assert_true(rng_double(&s) == 0.7306990420600421);
    assert_true(rng_double(&s) == 0.7491696031336331);
    assert_true(rng_double(&s) == 0.34830970303125697);
}

/* The generator lives in the state: a copy draws what the original draws. */
static void test_copied_with_the_state(void **state) {
    (void)state;
    vg_state a = {0}, b;
    rng_seed(&a, 99);
    rng_int(&a, 10);
    b = a;
    for (int k = 0; k < 10; k++) assert_int_equal(rng_int(&a, 1000), rng_int(&b, 1000));
}

/* The mark (vg_state_drew): set by a draw that could have come out
 * otherwise, not by one that could not; cleared by seeding; the numbers
 * drawn are the same either way. */
static void test_drew(void **state) {
    (void)state;
    vg_state s = {0}, t = {0};
    rng_seed(&s, 5);
    rng_seed(&t, 5);
    assert_false(vg_state_drew(&s));
    rng_int(&s, 1);
    assert_true(rng_chance(&s, 1.0));
    assert_false(rng_chance(&s, 0.0));
    rng_roll(&s, 1.0);
    assert_false(vg_state_drew(&s));
    rng_int(&t, 1);
    rng_double(&t);
    rng_double(&t);
    rng_float(&t);
    assert_true(t.rng == s.rng); /* the same draws */
    rng_chance(&s, 0.5);
    assert_true(vg_state_drew(&s));
    rng_seed(&s, 5);
    assert_false(vg_state_drew(&s));
    rng_int(&s, 2);
    assert_true(vg_state_drew(&s));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_next_int),
        cmocka_unit_test(test_next_float_and_double),
        cmocka_unit_test(test_copied_with_the_state),
        cmocka_unit_test(test_drew),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
