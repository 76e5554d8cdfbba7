/* SPDX-License-Identifier: MIT
 *
 * test_searchtree.c -- the A* search tree (agents/searchtree.c): nodes
 * come out by priority, deeper first among equals, a node pushed again
 * with a better priority comes out once (its stale entry skipped), an
 * expanded one never again, and the plan is the actions down from the root;
 * held states come back whole, the oldest packed when the holding is full.
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
    stree t = {.weight = 1, .first_cap = 2}; /* grows twice below */
    uint32_t root = child(&t, 0, 0, 3);
    assert_int_equal(stree_pop(&t), root);
    t.nodes[root].expanded = 1;
    uint32_t a = child(&t, root, VG_ACTION_LEFT, 3);  /* f = 4 */
    uint32_t b = child(&t, root, VG_ACTION_RIGHT, 2); /* f = 3 */
    uint32_t c = child(&t, b, VG_ACTION_UP, 1);       /* f = 3, deeper: first */
    assert_int_equal(stree_pop(&t), c);
    t.nodes[c].expanded = 1;
    t.nodes[a].h = 1; /* a better way: pushed again, f = 2 */
    assert_true(stree_push(&t, a));
    assert_int_equal(stree_pop(&t), a);
    t.nodes[a].expanded = 1;
    assert_int_equal(stree_pop(&t), b); /* a's old entry (f = 4) is skipped */
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

/* STREE_HOLD + 1 states held: the first is packed to make room (and
 * unpacks to what it was), the others come back whole, and a dropped
 * one is no longer held. Each state is Bait level 0 after k moves left. */
static void test_holding(void **state) {
    (void)state;
    vg_game *g = load_game("scripts/bait.lua", "levels/bait/lvl0.txt");
    vg_state *s = vg_state_new(g, 0), *cur = vg_state_new(g, 0), *back = vg_state_new(g, 0);
    fm f = {.g = g};
    packer *pk = packer_new(g);
    packer_set_ref(pk, &f, s);
    stree t = {.weight = 1};
    stree_holding hd;
    assert_true(stree_hold_init(&hd, g));
    uint64_t hash[STREE_HOLD + 1];
    for (int k = 0; k <= STREE_HOLD; k++) {
        uint32_t id = stree_add(&t);
        vg_state *kid = vg_state_new(g, 0);
        vg_state_copy(kid, s);
        hash[k] = vg_state_hash(kid);
        assert_int_equal(vg_tick(kid), k);
        vg_state *mine = kid;
        assert_true(stree_hold(&t, &hd, pk, id, &kid));
        assert_ptr_not_equal(kid, mine); /* a spare buffer in exchange */
        vg_state_free(kid);
        assert_true(t.nodes[id].held);
        assert_int_equal(vg_advance(g, s, VG_ACTION_LEFT, NULL), VG_OK);
    }
    assert_false(t.nodes[0].held); /* packed to make room */
    assert_non_null(t.nodes[0].st);
    packer_unpack(pk, t.nodes[0].st, back);
    assert_int_equal(vg_state_hash(back), hash[0]);
    assert_int_equal(vg_tick(back), 0);
    stree_hold_drop(&t, &hd, 5);
    assert_false(t.nodes[5].held);
    for (uint32_t id = STREE_HOLD; id >= 1; id--) {
        if (id == 5) continue;
        stree_hold_take(&t, &hd, id, &cur);
        assert_false(t.nodes[id].held);
        assert_int_equal(vg_state_hash(cur), hash[id]);
        assert_int_equal(vg_tick(cur), id);
    }
    assert_int_equal(hd.n, 0);
    stree_hold_free(&hd);
    stree_free(&t);
    packer_free(pk);
    vg_state_free(s);
    vg_state_free(cur);
    vg_state_free(back);
    vg_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_order_and_plan), cmocka_unit_test(test_holding)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
