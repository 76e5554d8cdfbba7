/* SPDX-License-Identifier: MIT
 *
 * test_vgdl.c -- the vgdl command's options, run as a user runs them (the
 * binary of this build): positions given as move lists (--moves) in every
 * command that starts from a position.
 *
 * The test of tools/cli/decide.c, match.c and perft.c: they have no test file
 * of their own.
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
 *    command cannot start from, --moves given to a command without it;
 *    control characters in what a message quotes (a file's name, an
 *    action, an INI key) written as \xNN, so a message stays one line
 *    that cannot rewrite the terminal.
 * 5. run on a game with turns plays the agent's own moves (match.c): an
 *    agent against --opponent (Connect Four, Othello) or the game's
 *    policy, each move listed (the list replays with show --moves to the
 *    result printed), each agent's costs; repeatable under a call budget;
 *    --opponent-set reaches the opponent only; a chance seat plays its
 *    outcomes; one-player games (2048, Bait) play as before; a bad
 *    --opponent exits 2; more than 5% of decisions overspent is warned of.
 * 6. decide prints every agent's value for the player to move: minimax,
 *    alpha-beta and MTD(f) searching to the end agree with the solver
 *    (Pons' score) whichever player is to move.
 * 7. GVGAI's game files: a path ending in .txt, or a name with no script,
 *    is one; --level N is GAME_lvlN.txt beside it; check loads every such
 *    level; convert writes a script that plays the same trace; what the
 *    engine lacks is an error at the file's line and column.
 * 8. What a player sees and keeps: what the avatar carries (show),
 *    run --actions-out replayed by trace, solve --seed and chance.
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
    assert_true(odd > 0 && odd < 6); /* both players to move among them */
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
    assert_int_equal(sh("%s show othello --moves F5", vgdl), 0); /* any case */
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
    assert_int_equal(sh("printf 'LEFT\\n' >%s/left.txt && %s trace bait --level 0 --moves down --actions %s/left.txt",
                        tmp, vgdl, tmp),
                     0);
    expect_in(out(), "{\"tick\":1,\"action\":null,"); /* the start: one tick played */
    expect_in(out(), "\"avatar\":{\"pos\":[2,2],");
    assert_int_equal(sh("%s run connect4 --moves 4453 --agent random --seed 3", vgdl), 0);
    expect_in(out(), "result: ");
    int ticks = atoi(field(out(), "ticks"));
    assert_true(ticks > 2 && ticks <= 21); /* 2 rounds were played before */
    assert_int_equal(sh("%s bench bait --level 0 --moves down --seconds 0.01", vgdl), 0);
    expect_in(out(), "state bytes: ");
    assert_int_equal(sh("%s perft connect4 2 --moves 4453", vgdl), 0);
    expect_in(out(), "\n1\t7\t7\t7\t");
    expect_in(out(), "\n2\t49\t49\t56\t");
}

/* bench at GVGAI's sprite bound: three cannons that fill their cells with
 * blocks pass 10,000 sprites after 3,333 ticks, where GVGAI refuses new
 * sprites and soon ends the game (docs/scripting.md, Limits): the play
 * starts again from the level, with no error and no restart to report. */
static void test_bench_at_the_sprite_limit(void **state) {
    (void)state;
    assert_int_equal(
        sh("printf 'BasicGame\\n  SpriteSet\\n    cannon > SpawnPoint stype=block\\n    block > Immovable\\n"
           "    avatar > MovingAvatar\\n  LevelMapping\\n    c > cannon\\n  TerminationSet\\n"
           "    Timeout limit=100000 win=True\\n' > %s/flood.txt && printf 'cccA\\n' > %s/flood_lvl0.txt && "
           "%s bench %s/flood.txt --seconds 0.05",
           tmp, tmp, vgdl, tmp),
        0);
    expect_in(out(), "copy+advance/s: ");
    assert_null(strstr(out(), "restarts")); /* GVGAI's bound ends the game: no error, no restart */
    assert_int_equal(sh("%s bench bait --seconds 0.01", vgdl), 0);
    assert_null(strstr(out(), "restarts"));
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
        /* the bad move itself is quoted, not what follows it (issue 27) */
        {"show connect4 --moves 44599999", "vgdl: --moves: move 4 ('9'): no such move for agent 1 here\n"},
        {"show othello --moves f5d6z9f4", "vgdl: --moves: move 3 ('z9'): no such move for agent 0 here\n"},
        {"show othello --moves f5d6e4c3", "vgdl: --moves: move 3 ('e4'): no such move for agent 0 here\n"},
        {"show connect4 --moves 1212121345", "vgdl: --moves: move 8 ('3'): the game is already over\n"},
        {"show bait --moves left,jumpleft", "vgdl: --moves: move 2 ('jump'): no such move for agent 0 here\n"},
        {"show bait --moves \"$(printf 'left\\033[2J')\"",
         "vgdl: --moves: move 2 ('\\x1b[2J'): no such move for agent 0 here\n"},
        {"decide connect4 --agent solve --moves 1212121", "vgdl: the game is over after --moves\n"},
        {"run 2048 --moves NIL",
         "vgdl: --moves: 'run' plays whole rounds from agent 0's turn, but after 'NIL' agent 1 is to move\n"},
        {"trace connect4 --moves 445 --actions /dev/null",
         "vgdl: --moves: 'trace' plays whole rounds from agent 0's turn"},
        {"check bait --moves down",
         "vgdl: --moves is not an option of 'check' (only of: run decide solve trace play show bench perft render)\n"},
        {"show bait --moves", "vgdl: option --moves needs a value (M)\n"},
        {"show connect4 --opponent random", "vgdl: --opponent is not an option of 'show' (only of: run play)\n"},
        {"play connect4 --opponent random --opponent-set depth=1",
         "vgdl: --opponent-set is not an option of 'play' (only of: run)\n"},
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

/* Control characters in what messages quote (issue 27). */
static void test_control_characters_escaped(void **state) {
    (void)state;
    assert_int_equal(sh("%s check bait --level \"$(printf 'x\\033[2J\\ny')\"", vgdl), 2);
    assert_string_equal(err(), "vgdl: --level x\\x1b[2J\\x0ay: no such map (x\\x1b[2J\\x0ay)\n");
    assert_int_equal(sh("printf 'LEFT\\n\\033[31mred\\n' > %s/esc.txt && %s trace bait --level 0 --actions %s/esc.txt",
                        tmp, vgdl, tmp),
                     2);
    expect_in(err(), "esc.txt:2:1: unknown action '\\x1b[31mred' (use ACTION_LEFT");
    assert_int_equal(
        sh("printf '[batch]\\ngames = bait\\nagents = random\\nseeds = 1\\n\\033[2Jkey = 1\\n' > %s/esc.ini && "
           "%s batch %s/esc.ini --out %s/esc",
           tmp, vgdl, tmp, tmp),
        2);
    expect_in(err(), "esc.ini:5: unknown key '\\x1b[2Jkey' in [batch]");
    expect_not_in(err(), "\033");
}

/* ---- 5. run on a game with turns ------------------------------------------ */

#define AB4 "--agent alphabeta --set depth=4 --set anytime=1"

/* The moves agent 0 made in a "moves" list of a game from the level start
 * (every other one, the first player's first), joined without spaces. */
static const char *first_player_moves(const char *list) {
    static char mine[256];
    size_t n = 0;
    int k = 0;
    for (const char *p = list; *p && n + 1 < sizeof mine; k++) {
        size_t len = strcspn(p, " ");
        if (k % 2 == 0) n += (size_t)snprintf(mine + n, sizeof mine - n, "%.*s", (int)len, p);
        p += len;
        while (*p == ' ') p++;
    }
    mine[n] = '\0';
    return mine;
}

/* The "moves" list replays (show --moves) to the result and score run printed. */
static void expect_replays(const char *game, const char *run_out) {
    char moves[1024], result[32], score[32], want[128];
    snprintf(moves, sizeof moves, "%s", field(run_out, "moves"));
    snprintf(result, sizeof result, "%s", field(run_out, "result"));
    snprintf(score, sizeof score, "%s", field(run_out, "score"));
    assert_true(moves[0] != '\0');
    assert_int_equal(sh("%s show %s --moves '%s'", vgdl, game, moves), 0);
    snprintf(want, sizeof want, "result: %s\nscore: %s\n", result, score);
    expect_in(out(), want);
}

/* Alpha-beta (depth 4, deepening within 20000 calls a move) beats a random
 * opponent, with its own moves: not column 4 every time, as vg_advance
 * played them (it named the column like no action). */
static void test_run_connect4_against_random(void **state) {
    (void)state;
    int not_four = 0;
    for (int seed = 1; seed <= 3; seed++) {
        assert_int_equal(sh("%s run connect4 " AB4 " --opponent random --budget-calls 20000 --seed %d", vgdl, seed), 0);
        char o[4096];
        snprintf(o, sizeof o, "%s", out());
        assert_string_equal(field(o, "agent"), "alphabeta");
        assert_string_equal(field(o, "opponent"), "random");
        assert_string_equal(field(o, "result"), "win");
        assert_true(atoi(field(o, "score")) > 0);
        expect_replays("connect4", o);
        const char *mine = first_player_moves(field(o, "moves"));
        assert_int_equal(atoi(field(o, "decisions")), (int)strlen(mine));
        not_four += strspn(mine, "4") < strlen(mine);
        /* Each agent's costs: alpha-beta's within its budget, random's none. */
        double calls = atof(field(o, "calls per decision"));
        assert_true(calls > 1000 && calls <= 20002);
        expect_in(o, "\ndecision ms: mean ");
        assert_true(atoi(field(o, "opponent decisions")) == (int)strlen(mine) - 1); /* the first player moved last */
        expect_in(o, "\nopponent decision ms: mean ");
        assert_string_equal(field(o, "opponent calls per decision"), "0.0");
        assert_string_equal(field(o, "overspent decisions"), "0");
    }
    assert_true(not_four > 0);
    /* A win in column 1 at once (three discs stacked there): taken. */
    assert_int_equal(sh("%s run connect4 --moves 141415 --agent alphabeta --set depth=2 --budget-calls 100000", vgdl),
                     0);
    assert_string_equal(field(out(), "moves"), "141415 1");
    assert_string_equal(field(out(), "result"), "win");
    assert_string_equal(field(out(), "opponent"), "policy");
    assert_string_equal(field(out(), "decisions"), "1");
    expect_not_in(out(), "opponent decisions");
}

/* Alpha-beta against itself with the same settings (deepening within a
 * call budget): the same game twice. --opponent-set sets the opponent's
 * parameters only. */
static void test_run_alphabeta_twice(void **state) {
    (void)state;
#define TWICE \
    "%s run connect4 " AB4 " --set eval=1 --opponent alphabeta --opponent-set depth=4 " \
    "--opponent-set anytime=1 --opponent-set eval=1 --budget-calls 5000 --seed 1"
    char first[2048], moves[1024];
    assert_int_equal(sh(TWICE, vgdl), 0);
    snprintf(first, sizeof first, "%s", out());
    snprintf(moves, sizeof moves, "%s", field(first, "moves"));
    assert_true(strlen(moves) > 14);
    assert_true(strcmp(field(first, "result"), "win") == 0 || strcmp(field(first, "result"), "lose") == 0 ||
                strcmp(field(first, "result"), "draw") == 0);
    expect_replays("connect4", first);
    assert_true(atof(field(first, "opponent calls per decision")) > 1000);
    assert_int_equal(sh(TWICE, vgdl), 0);
    assert_string_equal(field(out(), "moves"), moves);
    assert_string_equal(field(out(), "result"), field(first, "result"));
    assert_string_equal(field(out(), "calls per decision"), field(first, "calls per decision"));
    assert_string_equal(field(out(), "opponent calls per decision"), field(first, "opponent calls per decision"));
    /* Depth 2 against depth 1, then against depth 2: only the opponent's
     * search changes, and with it the game. */
#define DEPTHS \
    "%s run connect4 --agent alphabeta --set depth=2 --set eval=1 --opponent alphabeta " \
    "--opponent-set depth=%d --opponent-set eval=1 --budget-calls 100000 --seed 1"
    assert_int_equal(sh(DEPTHS, vgdl, 1), 0);
    snprintf(moves, sizeof moves, "%s", field(out(), "moves"));
    assert_true(atof(field(out(), "opponent calls per decision")) < 50);
    assert_true(atof(field(out(), "calls per decision")) > 500);
    assert_int_equal(sh(DEPTHS, vgdl, 2), 0);
    assert_true(atof(field(out(), "opponent calls per decision")) > 100);
    assert_string_not_equal(field(out(), "moves"), moves);
#undef TWICE
#undef DEPTHS
}

/* Othello to the end, passes included, against random and against the
 * game's policy (Othello has none: a random legal move). */
static void test_run_othello(void **state) {
    (void)state;
    for (int k = 0; k < 2; k++) {
        assert_int_equal(sh("%s run othello --agent alphabeta --set depth=1 %s --budget-calls 100000 --seed 2", vgdl,
                            k ? "" : "--opponent random"),
                         0);
        char o[4096];
        snprintf(o, sizeof o, "%s", out());
        assert_string_equal(field(o, "opponent"), k ? "policy" : "random");
        const char *result = field(o, "result");
        assert_true(strcmp(result, "win") == 0 || strcmp(result, "lose") == 0 || strcmp(result, "draw") == 0);
        expect_replays("othello", o);
        assert_true(atoi(field(o, "decisions")) >= 10);
    }
}

/* A chance seat plays its outcomes: the coin always lands heads. */
static void test_run_chance_seat(void **state) {
    (void)state;
    const char *coin = "tests/tools/fixtures/coin.lua --level tests/tools/fixtures/coin.txt";
    int wins = 0;
    for (int seed = 1; seed <= 6; seed++) {
        assert_int_equal(sh("%s run %s --agent random --seed %d", vgdl, coin, seed), 0);
        char moves[64];
        snprintf(moves, sizeof moves, "%s", field(out(), "moves"));
        assert_true(strcmp(moves, "heads H") == 0 || strcmp(moves, "tails H") == 0);
        assert_string_equal(field(out(), "result"), moves[0] == 'h' ? "win" : "lose");
        wins += moves[0] == 'h';
        expect_not_in(out(), "opponent");
    }
    assert_true(wins > 0 && wins < 6);
}

/* One-player games play as they do (figures pinned when seeds became
 * GVGAI's new Random(S)), with no moves, opponent or decisions lines. */
static void test_run_one_player_unchanged(void **state) {
    (void)state;
    static const struct {
        const char *args, *result, *score, *ticks;
    } cases[] = {
        {"2048 --agent random --seed 3 --budget-calls 100", "lose", "860", "104"},
        {"2048 --agent onestep --seed 5 --budget-calls 1000 --max-ticks 300", "none", "3568", "300"},
        {"bait --level 1 --agent random --seed 7", "lose", "0", "17"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        assert_int_equal(sh("%s run %s", vgdl, cases[k].args), 0);
        assert_string_equal(field(out(), "result"), cases[k].result);
        assert_string_equal(field(out(), "score"), cases[k].score);
        assert_string_equal(field(out(), "ticks"), cases[k].ticks);
        expect_not_in(out(), "moves:");
        expect_not_in(out(), "opponent");
        expect_not_in(out(), "\ndecisions:");
        expect_in(out(), "\ncalls per decision: ");
    }
}

/* run warns on stderr when more than 5% of an agent's decisions overspent
 * (onestep with 5 calls a decision overspends every one; random never does). */
static void test_run_warns_when_overspent(void **state) {
    (void)state;
    /* minimax searches to its depth, whatever the budget (unless 'anytime') */
    assert_int_equal(sh("%s run bait --agent minimax --budget-calls 5 --max-ticks 20 --seed 1", vgdl), 0);
    expect_in(out(), "overspent decisions: 20\n");
    expect_in(err(), "warning: minimax overspent its budget in 20 of 20 decisions (100%, more than 5%)");
    assert_int_equal(sh("%s run connect4 --agent random --opponent minimax "
                        "--budget-calls 5 --seed 1",
                        vgdl),
                     0);
    expect_in(err(), "warning: minimax overspent");
    expect_not_in(err(), "warning: random");
    assert_int_equal(sh("%s run bait --agent random --max-ticks 20 --seed 1", vgdl), 0);
    assert_string_equal(err(), "");
}

static void test_run_bad_opponent(void **state) {
    (void)state;
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"run connect4 --opponent alphabet", "vgdl: unknown agent 'alphabet'; did you mean 'alphabeta'?"},
        {"run bait --agent mctss", "vgdl: unknown agent 'mctss'; did you mean 'mcts'?"},
        {"run connect4 --opponent alphabeta --opponent-set depht=1",
         "vgdl: agent 'alphabeta' has no parameter 'depht'"},
        {"run connect4 --opponent-set depth=1", "vgdl: --opponent-set needs --opponent\n"},
        {"run bait --opponent random", "vgdl: --opponent: 'bait' is a game for one player (it has no turns{})\n"},
        {"run 2048 --opponent random",
         "vgdl: --opponent: '2048' is a game for one player (its other agents are chance)\n"},
        {"run connect4 --moves 141415 --agent bfs --opponent random --budget-calls 100",
         "vgdl: agent 'bfs' (first player) named no legal move"},
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

/* ---- 6. Values for the player to move ------------------------------------ */

static void test_decide_values_for_player_to_move(void **state) {
    (void)state;
    static const char *const agents[] = {"minimax --set depth=3", "alphabeta --set depth=3",
                                         "mtdf --set depth=3 --set eval=0"};
    FILE *f = fopen("tests/golden/boardgames/connect4/Test_L3_R1", "r");
    assert_non_null(f);
    char line[256];
    int done = 0, seen[2] = {0, 0};
    while (done < 4 && fgets(line, sizeof line, f)) {
        char moves[128];
        int want;
        if (sscanf(line, "%127s %d", moves, &want) != 2 || strlen(moves) < 37) continue; /* depth 3 sees the end */
        int who = (int)(strlen(moves) % 2);
        seen[who]++;
        for (size_t k = 0; k < sizeof agents / sizeof agents[0]; k++) {
            assert_int_equal(
                sh("%s decide connect4 --agent %s --budget-calls 10000000 --moves %s", vgdl, agents[k], moves), 0);
            if (atoi(field(out(), "value")) != want)
                print_error("%s after %s: value %s, Pons %d\n", agents[k], moves, field(out(), "value"), want);
            assert_int_equal(atoi(field(out(), "value")), want);
            assert_int_equal(atoi(field(out(), "to move") + strlen("agent ")), who);
        }
        done++;
    }
    fclose(f);
    assert_int_equal(done, 4);
    assert_true(seen[0] > 0 && seen[1] > 0);
}

/* ---- 7. GVGAI's game files --------------------------------------------- */

static void test_gvgai_games(void **state) {
    (void)state;
    assert_int_equal(sh("%s check gvgai/bait.txt", vgdl), 0);
    expect_in(out(), "gvgai/bait.txt: ok, 5 levels");
    assert_int_equal(sh("%s show sokoban --level 1", vgdl), 0); /* no scripts/sokoban.lua: gvgai/sokoban.txt */
    expect_in(out(), "size: ");
    assert_int_equal(sh("%s show gvgai/sokoban.txt --level 1", vgdl), 0);
    char first[4096];
    snprintf(first, sizeof first, "%s", out());
    assert_int_equal(sh("%s show sokoban --level gvgai/sokoban_lvl1.txt", vgdl), 0);
    assert_string_equal(out(), first);
    assert_int_equal(sh("%s convert gvgai/bait.txt > %s/bait.lua", vgdl, tmp), 0);
    assert_int_equal(sh("%s trace %s/bait.lua --level gvgai/bait_lvl2.txt --actions "
                        "tests/golden/gvgai/corpus/bait/lvl2_seed1.actions --seed 1 > %s/lua.jsonl && "
                        "%s trace gvgai/bait.txt --level 2 --actions tests/golden/gvgai/corpus/bait/lvl2_seed1.actions "
                        "--seed 1 > %s/txt.jsonl && cmp %s/lua.jsonl %s/txt.jsonl && wc -l < %s/txt.jsonl",
                        vgdl, tmp, tmp, vgdl, tmp, tmp, tmp, tmp),
                     0);
    assert_true(atoi(out()) > 10);
    assert_int_equal(sh("printf 'BasicGame\\n  SpriteSet\\n    avatar > FlakAvatr\\n' > %s/typo.txt && "
                        "printf 'A\\n' > %s/typo_lvl0.txt && %s show %s/typo.txt",
                        tmp, tmp, vgdl, tmp),
                     2);
    expect_in(err(), "typo.txt:3:14: unknown sprite class 'FlakAvatr'; did you mean 'FlakAvatar'?");
    assert_int_equal(sh("%s check %s/typo.txt", vgdl, tmp), 2);
    assert_int_equal(sh("%s convert bait", vgdl), 2); /* a Lua game */
    expect_in(err(), "convert reads a GVGAI game file (.txt)");
}

/* ---- 8. The level solver on GVGAI's puzzle games ---------------------- */

/* Levels whose shortest wins GVGAI's own breadth-first search found
 * (tests/bench/gvgai-bfs.tsv), each solved here in well under a second. */
static const struct {
    const char *game;
    int level, length;
} PUZZLES[] = {
    {"sokoban", 2, 26},   {"sokoban", 3, 31},
    {"sokoban", 4, 8},    {"brainman", 0, 28}, /* an oriented avatar and a flying key: orientations in the key */
    {"brainman", 4, 49},  {"realsokoban", 1, 107},
    {"modality", 3, 158}, {"iceandfire", 0, 62},
};

/* 'solve' finds GVGAI's length, proven shortest, and the plan, replayed by
 * 'trace', wins on its last action. */
static void test_solve_gvgai_puzzles(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof PUZZLES / sizeof PUZZLES[0]; i++) {
        char want[64];
        print_message("%s level %d\n", PUZZLES[i].game, PUZZLES[i].level);
        assert_int_equal(
            sh("%s solve gvgai/%s.txt --level %d > %s/plan.actions", vgdl, PUZZLES[i].game, PUZZLES[i].level, tmp), 0);
        snprintf(want, sizeof want, "length: %d (shortest)", PUZZLES[i].length);
        expect_in(err(), want);
        assert_int_equal(sh("%s trace gvgai/%s.txt --level %d --actions %s/plan.actions | tail -1", vgdl,
                            PUZZLES[i].game, PUZZLES[i].level, tmp),
                         0);
        snprintf(want, sizeof want, "{\"tick\":%d,", PUZZLES[i].length);
        expect_in(out(), want);
        expect_in(out(), "\"winner\":\"PLAYER_WINS\"");
    }
}

/* ---- 8. What a player sees and keeps ------------------------------------ */

#define HANDLE "tests/fixtures/scripts/handle_all.lua --level tests/fixtures/maps/handle_all.txt"

/* show lists what the avatar carries; run --actions-out keeps the actions
 * played, which trace replays to the same score and tick (with the same
 * seed); a game played move by move has its moves instead. */
static void test_status_and_actions_out(void **state) {
    (void)state;
    assert_int_equal(sh("%s show " HANDLE " --moves right,right", vgdl), 0);
    expect_in(out(), "avatar: oil 1\n");
    assert_int_equal(sh("%s run " HANDLE " --agent random --seed 4 --actions-out %s/run.txt", vgdl, tmp), 0);
    char score[64], ticks[64];
    snprintf(score, sizeof score, "\"score\":%s,", field(out(), "score"));
    snprintf(ticks, sizeof ticks, "{\"tick\":%s,", field(out(), "ticks"));
    assert_int_equal(sh("%s trace " HANDLE " --seed 4 --actions %s/run.txt | tail -1", vgdl, tmp), 0);
    expect_in(out(), score);
    expect_in(out(), ticks);
    assert_int_equal(sh("%s run connect4 --agent random --actions-out %s/c4.txt", vgdl, tmp), 2);
    expect_in(err(), "--actions-out: connect4 is played move by move");
    assert_int_equal(sh("%s run bait --agent random --actions-out /nonexistent/a.txt", vgdl), 2);
    expect_in(err(), "/nonexistent/a.txt: cannot write");
}

/* solve --seed: the plan is for that seed; where chance decides how the
 * game plays, a warning says so, and "shortest" holds for that seed. */
static void test_solve_seed(void **state) {
    (void)state;
    char game[512], level[512];
    snprintf(game, sizeof game, "%s/bats.lua", tmp);
    snprintf(level, sizeof level, "%s/bats_lvl0.txt", tmp);
    FILE *f = fopen(level, "w");
    assert_non_null(f);
    fputs("wwwwwww\nwA..g.w\nw.....w\nw..b..w\nwwwwwww\n", f);
    fclose(f);
    f = fopen(game, "w");
    assert_non_null(f);
    fputs("sprite { 'floor', 'Immovable', hidden = true }\nsprite { 'wall', 'Immovable' }\n"
          "sprite { 'goal', 'Immovable' }\nsprite { 'bat', 'RandomNPC' }\nsprite { 'avatar', 'MovingAvatar' }\n"
          "map { 'A', 'avatar', 'floor' } map { 'g', 'goal', 'floor' } map { 'b', 'bat', 'floor' }\n"
          "map { '.', 'floor' } map { 'w', 'wall' }\n"
          "interaction { 'avatar', 'wall', 'stepBack' }\ninteraction { 'bat', 'wall', 'stepBack' }\n"
          "interaction { 'goal', 'avatar', 'killSprite' }\n"
          "termination { 'SpriteCounter', stype = 'goal', win = true }\n",
          f);
    fclose(f);
    assert_int_equal(sh("%s solve %s --seed 7", vgdl, game), 0);
    expect_in(
        err(),
        "warning: chance decides how this game plays: the plan is for --seed 7; with --seed 8 it plays otherwise");
    expect_in(err(), "length: 3 (shortest with --seed 7)");
    assert_int_equal(sh("%s solve bait --level 0 --seed 7", vgdl), 0);
    expect_not_in(err(), "chance");
    expect_in(err(), "(shortest)");
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
        cmocka_unit_test(test_bench_at_the_sprite_limit),
        cmocka_unit_test(test_bad_moves),
        cmocka_unit_test(test_control_characters_escaped),
        cmocka_unit_test(test_run_connect4_against_random),
        cmocka_unit_test(test_run_alphabeta_twice),
        cmocka_unit_test(test_run_othello),
        cmocka_unit_test(test_run_chance_seat),
        cmocka_unit_test(test_run_one_player_unchanged),
        cmocka_unit_test(test_run_warns_when_overspent),
        cmocka_unit_test(test_run_bad_opponent),
        cmocka_unit_test(test_decide_values_for_player_to_move),
        cmocka_unit_test(test_gvgai_games),
        cmocka_unit_test(test_solve_gvgai_puzzles),
        cmocka_unit_test(test_status_and_actions_out),
        cmocka_unit_test(test_solve_seed),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
