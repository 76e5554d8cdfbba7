/* SPDX-License-Identifier: MIT
 *
 * test_hashmap.c -- the hash map and big tables (agents/hashmap.c): keys
 * added once and found again through growth, key 0 kept apart from an
 * empty slot, clearing (whole or key by key), the mix spreading nearby
 * keys, and big tables made longer.
 */
#include <string.h>

#include "hashmap.h"
#include "support.h"

static void test_put_find_grow(void **state) {
    (void)state;
    hmap m;
    assert_true(hmap_init(&m, 4));
    size_t cap0 = m.cap;
    int added;
    for (uint32_t k = 0; k < 5000; k++) {
        hslot *s = hmap_put(&m, (uint64_t)k * 7919, k, &added);
        assert_non_null(s);
        assert_true(added);
        s->aux = k + 1;
    }
    assert_true(m.cap > cap0); /* it grew, keeping every entry */
    assert_int_equal(m.n, 5000);
    for (uint32_t k = 0; k < 5000; k++) {
        hslot *s = hmap_find(&m, (uint64_t)k * 7919);
        assert_non_null(s);
        assert_int_equal(s->val, k);
        assert_int_equal(s->aux, k + 1);
    }
    hslot *again = hmap_put(&m, 7919, 99, &added);
    assert_false(added);
    assert_int_equal(again->val, 1); /* found, not overwritten */
    assert_null(hmap_find(&m, 3));
    hmap_clear(&m);
    assert_int_equal(m.n, 0);
    assert_null(hmap_find(&m, 7919));
    hmap_free(&m);
    hmap_free(&m); /* freeing twice is harmless */
}

/* Emptying key by key, in any order, empties every slot of a nearly full
 * table (long runs, some wrapping round its end); with a key left out,
 * the whole table is emptied all the same. */
static void test_clear_keys(void **state) {
    (void)state;
    hmap m;
    int added;
    assert_true(hmap_init(&m, 64));
    uint64_t keys[96];
    for (int k = 0; k < 96; k++) {
        keys[k] = (uint64_t)(k * 2654435761u) << 7 ^ (uint64_t)k;
        assert_non_null(hmap_put(&m, keys[k], (uint32_t)k, &added));
    }
    for (int round = 0; round < 2; round++) {
        uint64_t given[96];
        for (int k = 0; k < 96; k++) given[k] = keys[(k * 37 + 11) % 96]; /* another order */
        hmap_clear_keys(&m, given, round ? 95 : 96, sizeof *given);
        assert_int_equal(m.n, 0);
        for (size_t i = 0; i < m.cap; i++) assert_int_equal(m.slots[i].key, 0);
        for (int k = 0; k < 96; k++) assert_non_null(hmap_put(&m, keys[k], (uint32_t)k, &added));
        assert_int_equal(m.n, 96);
    }
    hmap_free(&m);
}

/* Key 0 is stored as 1 (0 marks an empty slot): they are one key. */
static void test_key_zero(void **state) {
    (void)state;
    hmap m;
    int added;
    assert_true(hmap_init(&m, 16));
    assert_non_null(hmap_put(&m, 0, 5, &added));
    assert_true(added);
    assert_int_equal(hmap_find(&m, 0)->val, 5);
    assert_int_equal(hmap_find(&m, 1)->val, 5);
    hmap_free(&m);
}

/* A big table (huge pages) comes zeroed, and is given back. */
static void test_big_alloc(void **state) {
    (void)state;
    size_t bytes = (size_t)8 << 20;
    unsigned char *p = big_alloc(bytes);
    assert_non_null(p);
    assert_int_equal(p[0] | p[bytes / 2] | p[bytes - 1], 0);
    big_free(p, bytes);
    big_free(NULL, bytes);
}

/* A table made longer keeps its contents and comes zeroed after them:
 * small to small, small to big, big to bigger. */
static void test_big_realloc(void **state) {
    (void)state;
    size_t sizes[] = {64, 4096, (size_t)4 << 20, (size_t)16 << 20};
    unsigned char *p = big_realloc(NULL, 0, sizes[0]);
    assert_non_null(p);
    memset(p, 7, sizes[0]);
    for (int k = 1; k < 4; k++) {
        p = big_realloc(p, sizes[k - 1], sizes[k]);
        assert_non_null(p);
        assert_int_equal(p[0], 7);
        assert_int_equal(p[sizes[k - 1] - 1], 7);
        assert_int_equal(p[sizes[k - 1]] | p[sizes[k] - 1], 0);
        memset(p, 7, sizes[k]);
    }
    big_free(p, sizes[3]);
}

/* Consecutive keys land in different slots of a small table. */
static void test_mix_spreads(void **state) {
    (void)state;
    int seen[64] = {0}, distinct = 0;
    for (uint64_t k = 0; k < 32; k++) distinct += !seen[hash_mix(k) & 63]++;
    assert_true(distinct >= 16);
    assert_true(hash_mix(1) != hash_mix(2));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_find_grow), cmocka_unit_test(test_clear_keys),  cmocka_unit_test(test_key_zero),
        cmocka_unit_test(test_big_alloc),     cmocka_unit_test(test_big_realloc), cmocka_unit_test(test_mix_spreads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
