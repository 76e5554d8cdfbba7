/* SPDX-License-Identifier: MIT
 *
 * test_vgdl.c -- the vgdl command's options, run as a user runs them (the
 * binary of this build): positions given as move lists (--moves) in every
 * command that starts from a position.
 *
 * 1. decide --agent solve after --moves prints Pons' score (the exact value
 *    for the player to move) for lines of Test_L3_R1, names a legal move,
 *    and that move keeps the value (the position after it is worth minus
 *    as much to the other player).
 * 2. show after --moves draws the position (Connect Four, Othello, Bait),
 *    the agent to move and its legal moves; separators do not matter.
 * 3. solve, trace, run, bench and perft start from the position.
 * 4. Bad input exits with status 2 and a message saying what is wrong: an
 *    illegal move, an unknown one, a move after the end, a position a
 *    command cannot start from, --moves given to a command without it.
 */
#include "run_vgdl.h"

/* The "key: value" line 'key' of the output (static buffer; "" when absent). */
static const char *field(const char *text, const char *key) {
    static char val[256];
    size_t klen = strlen(key);
    val[0] = '\0';
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        if (strncmp(p, key, klen) || strncmp(p + klen, ": ", 2)) continue;
        p += klen + 2;
        snprintf(val, sizeof val, "%.*s", (int)strcspn(p, "\n"), p);
        break;
    }
    return val;
}

/* ---- 1. decide -------------------------------------------------------- */

static void test_decide_gives_pons_score(void **state) {
    (void)state;
    FILE *f = fopen("tests/golden/boardgames/connect4/Test_L3_R1", "r");
    assert_non_null(f);
    char line[256];
    int done = 0, odd = 0;
    while (done < 6 && fgets(line, sizeof line, f)) {
        char moves[128], move[16];
        int want;
        if (sscanf(line, "%127s %d", moves, &want) != 2) continue;
        assert_int_equal(sh("%s decide connect4 --agent solve --moves %s", vgdl, moves), 0);
        char value[32];
        snprintf(value, sizeof value, "%d", want);
        assert_string_equal(field(out(), "value"), value);
        int who = (int)(strlen(moves) % 2);
        odd += who;
        char to_move[16];
        snprintf(to_move, sizeof to_move, "agent %d", who);
        assert_string_equal(field(out(), "to move"), to_move);
        snprintf(move, sizeof move, "%s", field(out(), "move"));
        assert_int_equal(strlen(move), 1);
        assert_true(move[0] >= '1' && move[0] <= '7');
        /* After the best move, the other player's value is minus ours
         * (when the game goes on). */
        int rc = sh("%s decide connect4 --agent solve --moves %s%s", vgdl, moves, move);
        if (rc == 2) {
            expect_in(err(), "the game is over after --moves");
        } else {
            assert_int_equal(rc, 0);
            assert_int_equal(atoi(field(out(), "value")), -want);
        }
        done++;
    }
    fclose(f);
    assert_int_equal(done, 6);
    assert_true(odd > 0 && odd < 6);   /* both players to move among them */
}

/* Without --moves decide still starts from the level start; a game with
 * no turns prints no move. */
static void test_decide_from_level_start(void **state) {
    (void)state;
    assert_int_equal(sh("%s decide bait --level 0 --agent onestep --budget-calls 100", vgdl), 0);
    expect_in(out(), "action: ACTION_");
    expect_not_in(out(), "\nmove: ");
    assert_int_equal(sh("%s decide bait --level 0 --agent onestep --budget-calls 100 --moves down", vgdl), 0);
    expect_in(out(), "action: ACTION_");
}

/* ---- 2. show ---------------------------------------------------------- */

static void test_show_connect4(void **state) {
    (void)state;
    assert_int_equal(sh("%s show connect4 --moves 4453", vgdl), 0);
    const char *board = "       \n       \n       \n       \n   O   \n  OXX  \nsize: 7 x 6\n";
    assert_memory_equal(out(), board, strlen(board));
    expect_in(out(), "X X               2  immovable\n");
    expect_in(out(), "O O               2  immovable\n");
    expect_in(out(), "to move: agent 0\nlegal: 4 3 5 2 6 1 7\n");
    char first[4096];
    snprintf(first, sizeof first, "%s", out());
    assert_int_equal(sh("%s show connect4 --moves '4 4,5;3'", vgdl), 0);
    assert_string_equal(out(), first);
    /* A full column is not legal any more. */
    assert_int_equal(sh("%s show connect4 --moves 444444", vgdl), 0);
    expect_in(out(), "legal: 3 5 2 6 1 7\n");
    /* A finished game gives its result. */
    assert_int_equal(sh("%s show connect4 --moves 1212121", vgdl), 0);
    expect_in(out(), "result: win\nscore: 18\n");
}

static void test_show_othello(void **state) {
    (void)state;
    assert_int_equal(sh("%s show othello --moves f5d6", vgdl), 0);
    const char *board = "        \n        \n        \n   OX   \n   OXX  \n   O    \n        \n        \nsize: 8 x 8\n";
    assert_memory_equal(out(), board, strlen(board));
    expect_in(out(), "X X               3  immovable\n");
    expect_in(out(), "O O               3  immovable\n");
    expect_in(out(), "to move: agent 0\nlegal: c3 c4 c5 c6 c7\n");
    assert_int_equal(sh("%s show othello --moves F5", vgdl), 0);   /* any case */
    expect_in(out(), "to move: agent 1\nlegal: f4 d6 f6\n");
}

static void test_show_bait(void **state) {
    (void)state;
    assert_int_equal(sh("%s show bait --level 0", vgdl), 0);
    expect_in(out(), "wgAww\nww  w\n");
    expect_not_in(out(), "to move");
    assert_int_equal(sh("%s show bait --level 0 --moves down", vgdl), 0);
    expect_in(out(), "wg ww\nwwA w\n");
}

/* ---- 3. Other commands -------------------------------------------------- */

/* A shortest plan after its own first action is one action shorter. */
static void test_solve_from_moves(void **state) {
    (void)state;
    assert_int_equal(sh("%s solve bait --level 0", vgdl), 0);
    expect_in(err(), "(shortest)");
    int len = atoi(field(err(), "length"));
    char first[32];
    snprintf(first, sizeof first, "%s", out() + strlen("ACTION_"));
    first[strcspn(first, "\n")] = '\0';
    assert_true(len > 1);
    assert_int_equal(sh("%s solve bait --level 0 --moves %s", vgdl, first), 0);
    assert_int_equal(atoi(field(err(), "length")), len - 1);
}

static void test_trace_run_bench_perft_from_moves(void **state) {
    (void)state;
    assert_int_equal(sh("printf 'LEFT\\n' >%s/left.txt && %s trace bait --level 0 --moves down --actions %s/left.txt", tmp,
                        vgdl, tmp), 0);
    expect_in(out(), "{\"tick\":1,\"action\":null,");            /* the start: one tick played */
    expect_in(out(), "\"avatar\":{\"pos\":[2,2],");
    assert_int_equal(sh("%s run connect4 --moves 4453 --agent random --seed 3", vgdl), 0);
    expect_in(out(), "result: ");
    int ticks = atoi(field(out(), "ticks"));
    assert_true(ticks > 2 && ticks <= 21);                        /* 2 rounds were played before */
    assert_int_equal(sh("%s bench bait --level 0 --moves down --seconds 0.01", vgdl), 0);
    expect_in(out(), "state bytes: ");
    assert_int_equal(sh("%s perft connect4 2 --moves 4453", vgdl), 0);
    expect_in(out(), "\n1\t7\t7\t7\t");
    expect_in(out(), "\n2\t49\t49\t56\t");
}

/* ---- 4. Bad input ------------------------------------------------------- */

static void test_bad_moves(void **state) {
    (void)state;
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"show connect4 --moves 4444444", "vgdl: --moves: move 7 ('4'): not legal for agent 0 here\n"},
        {"decide connect4 --agent solve --moves 4459", "vgdl: --moves: move 4 ('9'): no such move for agent 1 here\n"},
        {"show othello --moves f5d6e4", "vgdl: --moves: move 3 ('e4'): no such move for agent 0 here\n"},
        {"show othello --moves f5f5", "vgdl: --moves: move 2 ('f5'): not legal for agent 1 here\n"},
        {"show connect4 --moves 12121213", "vgdl: --moves: move 8 ('3'): the game is already over\n"},
        {"play connect4 --moves 48", "vgdl: --moves: move 2 ('8'): no such move for agent 1 here\n"},
        {"solve bait --moves jump", "vgdl: --moves: move 1 ('jump'): no such move for agent 0 here\n"},
        {"decide connect4 --agent solve --moves 1212121", "vgdl: the game is over after --moves\n"},
        {"run connect4 --moves 4", "vgdl: --moves: 'run' plays whole rounds from agent 0's turn, but after '4' agent 1 is to move\n"},
        {"trace connect4 --moves 445 --actions /dev/null", "vgdl: --moves: 'trace' plays whole rounds from agent 0's turn"},
        {"check bait --moves down", "vgdl: --moves is not an option of 'check' (only of: run decide solve trace play show bench perft)\n"},
        {"show bait --moves", "vgdl: option --moves needs a value\n"},
        {"show connect4 --opponent random", "vgdl: --opponent is not an option of 'show' (only of: play)\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int rc = sh("%s %s", vgdl, cases[k].args);
        if (rc != 2 || !strstr(err(), cases[k].message))
            print_error("vgdl %s: status %d, stderr:\n%s\n", cases[k].args, rc, err());
        assert_int_equal(rc, 2);
        expect_in(err(), cases[k].message);
        assert_string_equal(out(), "");
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decide_gives_pons_score),
        cmocka_unit_test(test_decide_from_level_start),
        cmocka_unit_test(test_show_connect4),
        cmocka_unit_test(test_show_othello),
        cmocka_unit_test(test_show_bait),
        cmocka_unit_test(test_solve_from_moves),
        cmocka_unit_test(test_trace_run_bench_perft_from_moves),
        cmocka_unit_test(test_bad_moves),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
