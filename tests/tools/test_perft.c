/* SPDX-License-Identifier: MIT
 *
 * test_perft.c -- 'vgdl perft' (tools/cli/perft.c, agents/exact.c's
 * exact_perft and exact_replay) on a game whose rules raise errors
 * (tests/tools/fixtures/perft_broken.lua): a script error found by the
 * search or while playing --moves is printed as every command prints
 * one, "FILE:LINE: message", with exit status 2 (issue 19.15); the
 * counts before it are printed.
 */
#include "run_vgdl.h"

#define GAME "tests/tools/fixtures/perft_broken.lua --level tests/tools/fixtures/coin.txt"

/* Depth 1 counts; depth 2 plays "boom", whose apply() raises on line 20. */
static void test_error_in_a_move(void **state) {
    (void)state;
    assert_int_equal(sh("%s perft " GAME " 1", vgdl), 0);
    expect_in(out(), "\n1\t1\t1\t1\t");
    assert_int_equal(sh("%s perft " GAME " 2", vgdl), 2);
    expect_in(out(), "\n1\t1\t1\t1\t"); /* depth 1 printed before the error */
    assert_string_equal(err(), "tests/tools/fixtures/perft_broken.lua:20: boom went the move\n");
}

/* After "m m" legal() raises on line 15. */
static void test_error_in_legal(void **state) {
    (void)state;
    assert_int_equal(sh("%s perft " GAME " 1 --moves m,m", vgdl), 2);
    assert_string_equal(err(), "tests/tools/fixtures/perft_broken.lua:15: no moves today\n");
    assert_int_equal(sh("%s perft " GAME " 0 --moves m,m", vgdl), 0); /* depth 0 asks for no moves */
}

/* --moves: a move whose apply() raises names the line and the move; a move
 * that is not one has no line to name. */
static void test_error_in_moves(void **state) {
    (void)state;
    assert_int_equal(sh("%s perft " GAME " 1 --moves m,boom", vgdl), 2);
    assert_string_equal(err(),
                        "tests/tools/fixtures/perft_broken.lua:20: --moves: move 2 ('boom'): boom went the move\n");
    assert_int_equal(sh("%s perft " GAME " 1 --moves m,x", vgdl), 2);
    assert_string_equal(err(), "vgdl: --moves: move 2 ('x'): no such move for agent 1 here\n");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_in_a_move),
        cmocka_unit_test(test_error_in_legal),
        cmocka_unit_test(test_error_in_moves),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
