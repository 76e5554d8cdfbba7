/* SPDX-License-Identifier: MIT
 *
 * test_play.c -- 'vgdl play' with its input piped in, as a person's
 * keystrokes would arrive (the binary of this build).
 *
 * 1. Connect Four against alpha-beta (depth 2, deterministic): the
 *    transcript shows the board, whose turn it is, the legal moves, each
 *    move the agent makes with its value (for its own side: 17 when the
 *    second player wins by 17); bad input gets a message and a new prompt; the
 *    game ends with the result, the score and its moves, which --moves
 *    replays to the same position.
 * 2. --side 2 gives the agent the first move; the end of the input leaves
 *    the game unfinished with status 0; --moves starts from a position.
 * 3. Without --opponent the person plays every side (Othello, with
 *    labelled squares); a chance agent's outcomes are drawn.
 * 4. Games played by keys (Bait, 2048) still are, their keys decoded (Esc
 *    then q quits), empty cells visible, 2048's numbers and a legend shown;
 *    what the avatar carries shown; --actions-out keeps the actions played;
 *    bad options exit 2.
 */
#include "run_vgdl.h"

#define ALPHABETA "--opponent alphabeta --set depth=2"

/* The last board drawn before 'marker' (7 rows of Connect Four, then the
 * column numbers). */
static const char *board_before(const char *text, const char *marker) {
    static char board[128];
    const char *end = strstr(text, marker), *labels = NULL;
    assert_non_null(end);
    for (const char *p = text; (p = strstr(p, "1234567\n")) && p < end; p++) labels = p;
    assert_non_null(labels);
    assert_true(labels - text >= 48);
    snprintf(board, sizeof board, "%.*s", 48, labels - 48);
    return board;
}

/* ---- 1. Against an agent -------------------------------------------------- */

static void test_connect4_against_alphabeta(void **state) {
    (void)state;
    /* "9" is no move, "pass" neither (an Othello move), "" is skipped. */
    assert_int_equal(sh("printf '1\\n1\\n9\\npass\\n\\n1\\n2\\n2\\n7\\n' | %s play connect4 " ALPHABETA, vgdl), 0);
    const char *t = out();
    assert_string_equal(err(), "");
    expect_in(t, "connect4: you play the first player, alphabeta the second\n");
    expect_in(t, ".......\n.......\n.......\n.......\n.......\n.......\n1234567\n"
                 "first player (you) to move; legal: 4 3 5 2 6 1 7\n> 1\nfirst player (you) plays 1\n");
    expect_in(t, "second player (alphabeta) plays 4 (value 0)\n");
    expect_in(t, "> 9\n'9' is not a move of this game; type one of the legal moves above, or quit\n"
                 "> pass\n'pass' is not a move of this game; type one of the legal moves above, or quit\n> \n> 1\n"
                 "first player (you) plays 1\n");
    expect_in(t, "second player (alphabeta) plays 4 (value 17)\n"); /* its own view: it wins by 17 */
    expect_in(t, "game over: second player (alphabeta) wins\nscore: -17 (the first player's view)\n"
                 "moves: 1 4 1 4 1 1 2 4 2 4\n");
    expect_not_in(t, "> 7"); /* the game ended before the last line was read */
    assert_string_equal(board_before(t, "game over"), ".......\n.......\nO..O...\nX..O...\nXX.O...\nXX.O...\n");

    /* The same position through --moves. */
    assert_int_equal(sh("%s show connect4 --moves '1 4 1 4 1 1 2 4 2 4'", vgdl), 0);
    expect_in(out(), "       \n       \nO  O   \nX  O   \nXX O   \nXX O   \n");
    expect_in(out(), "result: lose\nscore: -17\n");
}

/* A full column is refused until a legal move comes. */
static void test_illegal_move_reprompts(void **state) {
    (void)state;
    assert_int_equal(sh("printf '4\\n4\\n4\\n4\\n4\\n4\\n4\\n3\\n' | %s play connect4", vgdl), 0);
    expect_in(out(), "connect4: you play every side\n");
    expect_in(out(),
              "first player (you) to move; legal: 3 5 2 6 1 7\n> 4\n"
              "'4' is not legal now; type one of the legal moves above, or quit\n> 3\nfirst player (you) plays 3\n");
    expect_in(out(), "second player (you) to move; legal: 4 3 5 2 6 1 7\n"); /* X in 4, O in 4, ... */
    expect_in(out(),
              "> (end of input)\ngame left unfinished\nscore: 0 (the first player's view)\nmoves: 4 4 4 4 4 4 3\n");
}

/* ---- 2. Sides, the end of the input, --moves -------------------------------- */

static void test_side_two_and_end_of_input(void **state) {
    (void)state;
    assert_int_equal(sh("printf '3\\n' | %s play connect4 " ALPHABETA " --side 2", vgdl), 0);
    const char *t = out();
    expect_in(t, "connect4: you play the second player, alphabeta the first\n");
    /* The agent moves first, without waiting for input. */
    const char *first = strstr(t, "first player (alphabeta) plays 4");
    assert_non_null(first);
    assert_true(first < strstr(t, "> 3\n"));
    expect_in(t, "second player (you) plays 3\n");
    expect_in(t, "> (end of input)\ngame left unfinished\n");
    expect_in(t, "moves: 4 3 ");
    assert_int_equal(sh("%s play connect4 " ALPHABETA, vgdl), 0); /* no input at all */
    expect_in(out(), "> (end of input)\ngame left unfinished\n");
    assert_int_equal(sh("printf 'quit\\n' | %s play connect4 " ALPHABETA, vgdl), 0);
    expect_in(out(), "> quit\ngame left unfinished\nscore: 0 (the first player's view)\nmoves: \n");
}

static void test_from_moves(void **state) {
    (void)state;
    assert_int_equal(sh("printf '2\\n' | %s play connect4 " ALPHABETA " --moves 4453", vgdl), 0);
    expect_in(out(), ".......\n.......\n.......\n.......\n...O...\n..OXX..\n1234567\n");
    expect_in(out(), "first player (you) plays 2\n.......\n.......\n.......\n.......\n...O...\n.XOXX..\n1234567\n"
                     "second player (alphabeta) plays 4 (value 0)\n");
    expect_in(out(), "moves: 4453 2 4\n");
}

/* ---- 3. Every side, chance -------------------------------------------------- */

static void test_othello_every_side(void **state) {
    (void)state;
    assert_int_equal(sh("printf 'F5\\nd6\\nquit\\n' | %s play othello", vgdl), 0);
    expect_in(out(), "othello: you play every side\n");
    expect_in(out(), "  abcdefgh\n1 ........\n2 ........\n3 ........\n4 ...OX...\n5 ...XO...\n");
    expect_in(out(), "first player (you) to move; legal: d3 c4 f5 e6\n> F5\nfirst player (you) plays f5\n");
    expect_in(out(), "second player (you) to move; legal: f4 d6 f6\n> d6\n");
    expect_in(out(), "4 ...OX...\n5 ...OXX..\n6 ...O....\n7 ........\n8 ........\n"
                     "first player (you) to move; legal: c3 c4 c5 c6 c7\n> quit\ngame left unfinished\n");
    expect_in(out(), "moves: f5 d6\n");
}

static void test_chance_agent(void **state) {
    (void)state;
    const char *coin = "tests/tools/fixtures/coin.lua --level tests/tools/fixtures/coin.txt";
    assert_int_equal(sh("printf 'HEADS\\n' | %s play %s", vgdl, coin), 0);
    expect_in(out(), "first player (you) to move; legal: heads tails\n> HEADS\nfirst player (you) plays heads\n.\n"
                     "second player (chance) plays H\nH\ngame over: first player (you) wins\nscore: 1 ");
    expect_in(out(), "moves: heads H\n");
    assert_int_equal(sh("printf 'tails\\n' | %s play %s", vgdl, coin), 0);
    expect_in(out(), "game over: first player (you) loses\n");
}

/* ---- 4. Keys, bad options --------------------------------------------------- */

static void test_key_games(void **state) {
    (void)state;
    assert_int_equal(sh("printf 'sq' | %s play bait --level 0", vgdl), 0);
    expect_in(out(), "score 0   tick 0\n");
    expect_in(out(), "score 0   tick 1\n");
    expect_in(out(), "arrows/WASD move, space USE, n wait, q quit\n");
    assert_int_equal(sh("printf 'n' | %s play 2048", vgdl), 0); /* EOF after one wait */
    expect_in(out(), "tick 1\n");
    assert_int_equal(sh("printf 'q' | %s play bait --level 0 --moves down", vgdl), 0);
    expect_in(out(), "score 0   tick 1\n");
}

/* What the avatar carries is shown under the board; --actions-out keeps
 * the actions played, which trace replays to the same end. */
static void test_status_and_actions_out(void **state) {
    (void)state;
    assert_int_equal(
        sh("printf 'ddsnq' | %s play tests/fixtures/scripts/handle_all.lua --level tests/fixtures/maps/handle_all.txt "
           "--actions-out %s/a.txt",
           vgdl, tmp),
        0);
    expect_in(out(), "score 0   tick 2   oil 1\n");
    assert_string_equal(slurp("a.txt"), "RIGHT\nRIGHT\nDOWN\nNIL\n");
    assert_int_equal(sh("%s trace tests/fixtures/scripts/handle_all.lua --level tests/fixtures/maps/handle_all.txt "
                        "--actions %s/a.txt | tail -1",
                        vgdl, tmp),
                     0);
    expect_in(out(), "\"tick\":4,");
    assert_int_equal(sh("printf 'q' | %s play connect4 --actions-out %s/c.txt", vgdl, tmp), 2);
    expect_in(err(), "played move by move");
}

/* Keys are decoded, not read a byte at a time: Esc then q quits (the q is
 * not swallowed by the Esc), arrows with parameters (ctrl+left: ESC [ 1 ; 5
 * D) are arrows, other sequences are ignored. */
static void test_escape_keys(void **state) {
    (void)state;
    assert_int_equal(sh("printf '\\033qd' | %s play bait --level 0", vgdl), 0);
    expect_in(out(), "score 0   tick 0\n");
    expect_not_in(out(), "tick 1\n");
    /* Bait level 0: the avatar at (2, 1) with a wall on its right and floor below */
    assert_int_equal(sh("printf '\\033[1;5B\\033[15~q' | %s play bait --level 0", vgdl), 0);
    expect_in(out(), "score 0   tick 1\n");
    expect_not_in(out(), "tick 2\n");
}

/* In colour (the key games) an empty cell is a visible dim dot (Connect
 * Four's empty board is not blank), 2048's tiles show their numbers, and
 * a legend names what the board shows. */
static void test_board_in_colour(void **state) {
    (void)state;
    assert_int_equal(sh("printf 'n' | %s play 2048", vgdl), 0);
    expect_in(out(), "\x1b[2m.\x1b[0m ");
    expect_in(out(), "m     2 \x1b[0m");
    expect_in(out(), "legend: 2 t2\n");
    assert_int_equal(sh("printf 'q' | %s play bait --level 0", vgdl), 0);
    expect_in(out(), "legend: A nokey, k key, g goal, 1 box, w wall\n");
}

static void test_bad_options(void **state) {
    (void)state;
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"play 2048 --opponent random", "vgdl: --opponent: '2048' is not a game for two players\n"},
        {"play bait --opponent random", "vgdl: --opponent: 'bait' is not a game for two players\n"},
        {"play connect4 --side 2", "vgdl: --side needs --opponent (without one you play every side)\n"},
        {"play connect4 --opponent random --side 3",
         "vgdl: option --side needs 1 (first player) or 2 (second), not '3'\n"},
        {"play connect4 --opponent nosuch", "vgdl: unknown agent 'nosuch' (agents: "},
        {"play connect4 --opponent alphabeta --set nosuch=1",
         "vgdl: agent 'alphabeta' has no parameter 'nosuch' ('vgdl list params alphabeta' lists them)\n"},
        {"run connect4 --side 1", "vgdl: --side is not an option of 'run' (only of: play decide)\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int rc = sh("printf '4\\n' | %s %s", vgdl, cases[k].args);
        if (rc != 2 || !strstr(err(), cases[k].message))
            print_error("vgdl %s: status %d, stderr:\n%s\n", cases[k].args, rc, err());
        assert_int_equal(rc, 2);
        expect_in(err(), cases[k].message);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_connect4_against_alphabeta),
        cmocka_unit_test(test_illegal_move_reprompts),
        cmocka_unit_test(test_side_two_and_end_of_input),
        cmocka_unit_test(test_from_moves),
        cmocka_unit_test(test_othello_every_side),
        cmocka_unit_test(test_chance_agent),
        cmocka_unit_test(test_key_games),
        cmocka_unit_test(test_status_and_actions_out),
        cmocka_unit_test(test_escape_keys),
        cmocka_unit_test(test_board_in_colour),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
