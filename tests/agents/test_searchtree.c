/* SPDX-License-Identifier: MIT
 *
 * test_searchtree.c -- the A* search tree (agents/searchtree.c): nodes
 * come out by priority, deeper first among equals, a node pushed again
 * with a better priority comes out once (its stale entry skipped), an
 * expanded one never again, and the plan is the actions down from the root.
 */
#include <stdlib.h>

#include "searchtree.h"
#include "support.h"

static uint32_t child(stree *t, uint32_t parent, int action, int h) {
    uint32_t id = stree_add(t);
    assert_int_not_equal(id, STREE_NONE);
    t->nodes[id].parent = parent;
    t->nodes[id].g = parent == id ? 0 : t->nodes[parent].g + 1;
    t->nodes[id].h = h;
    t->nodes[id].action = (uint8_t)action;
    assert_true(stree_push(t, id));
    return id;
}

static void test_order_and_plan(void **state) {
    (void)state;
    stree t = {.weight = 1, .first_cap = 2};   /* grows twice below */
    uint32_t root = child(&t, 0, 0, 3);
    assert_int_equal(stree_pop(&t), root);
    t.nodes[root].expanded = 1;
    uint32_t a = child(&t, root, VG_ACTION_LEFT, 3);    /* f = 4 */
    uint32_t b = child(&t, root, VG_ACTION_RIGHT, 2);   /* f = 3 */
    uint32_t c = child(&t, b, VG_ACTION_UP, 1);         /* f = 3, deeper: first */
    assert_int_equal(stree_pop(&t), c);
    t.nodes[c].expanded = 1;
    t.nodes[a].h = 1;                                   /* a better way: pushed again, f = 2 */
    assert_true(stree_push(&t, a));
    assert_int_equal(stree_pop(&t), a);
    t.nodes[a].expanded = 1;
    assert_int_equal(stree_pop(&t), b);                 /* a's old entry (f = 4) is skipped */
    t.nodes[b].expanded = 1;
    assert_int_equal(stree_pop(&t), STREE_NONE);
    vg_action *plan = NULL;
    int len = 0;
    assert_true(stree_plan(&t, c, &plan, &len));
    assert_int_equal(len, 2);
    assert_int_equal(plan[0], VG_ACTION_RIGHT);
    assert_int_equal(plan[1], VG_ACTION_UP);
    free(plan);
    stree_clear(&t);
    assert_int_equal(t.n, 0);
    assert_int_equal(stree_pop(&t), STREE_NONE);
    stree_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_order_and_plan)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
