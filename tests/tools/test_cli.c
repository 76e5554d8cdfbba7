/* SPDX-License-Identifier: MIT
 *
 * test_cli.c -- what every command shares (tools/cli/cli.c and main in
 * tools/cli/vgdl.c), run as a user runs it:
 *
 * 1. Help on stdout with status 0 for --help, -h, help, help COMMAND and
 *    COMMAND --help; --version; an unknown command gets a suggestion.
 * 2. Options anywhere, --opt=value; numbers parsed strictly (no fraction,
 *    exponent, sign, nan, inf or overflow); options a command does not
 *    read refused with the commands that do; unknown options suggested.
 * 3. A missing game, a missing level and a broken script are told apart;
 *    check reports a script's own errors with or without levels and takes
 *    --level, refuses what is not a game and prints warnings; a script whose globals raise when read fails cleanly, at
 *    load and in play, and in a batch. A script's numbered levels are
 *    found beside it from any folder.
 * 4. list games|agents|params AGENT; an agent parameter's typo suggested.
 * 5. CS188 by number and by name, every Berkeley layout, read as Berkeley
 *    reads them.
 */
#include "run_vgdl.h"

/* Runs 'args' and expects status 'rc' with 'text' in stream 'which'
 * ("out" or "err"). */
static void expect_run(const char *args, int rc, const char *which, const char *text) {
    int got = sh("%s %s", vgdl, args);
    const char *s = slurp(which);
    if (got != rc || !strstr(s, text))
        print_error("vgdl %s: status %d (expected %d), %s:\n%s\n", args, got, rc, which, s);
    assert_int_equal(got, rc);
    expect_in(s, text);
}

/* ---- 1. help ---------------------------------------------------------- */

static void test_help(void **state) {
    (void)state;
    static const char *const forms[] = {"--help", "-h", "help"};
    for (size_t k = 0; k < 3; k++) {
        expect_run(forms[k], 0, "out", "usage: vgdl COMMAND");
        expect_in(out(), "  run ");
        assert_string_equal(err(), "");
    }
    static const char *const cmd_forms[] = {"help run", "run --help", "run bait -h", "run --agent random --help"};
    for (size_t k = 0; k < 4; k++) {
        expect_run(cmd_forms[k], 0, "out", "usage: vgdl run GAME");
        expect_in(out(), "--budget-ms MS");
        expect_not_in(out(), "--actions FILE"); /* trace's, not run's */
        expect_in(out(), "--actions-out FILE"); /* run's */
    }
    expect_run("batch --help", 0, "out", "usage: vgdl batch FILE.ini");
    expect_run("--version", 0, "out", "vgdl ");
    expect_run("", 2, "err", "a command is needed");
    expect_run("rnu bait", 2, "err", "vgdl: unknown command 'rnu'; did you mean 'run'?");
    expect_run("help rnu", 2, "err", "unknown command 'rnu'");
}

/* ---- 2. options ------------------------------------------------------- */

static void test_options_anywhere(void **state) {
    (void)state;
    expect_run("run --agent random bait --level=1 --max-ticks=5 --seed 3", 0, "out",
               "level: 1\nagent: random\nseed: 3\n");
    expect_in(out(), "ticks: 5\n");
}

static void test_strict_numbers(void **state) {
    (void)state;
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"run bait --seed 1.5", "option --seed needs a whole number from 0 to 18446744073709551615, not '1.5'"},
        {"run bait --seed 1e30", "not '1e30'"},
        {"run bait --seed -1", "not '-1'"},
        {"run bait --seed 99999999999999999999", "not '99999999999999999999'"},
        {"run bait --max-ticks 3000000000", "option --max-ticks needs a whole number from 0 to 2147483647"},
        {"bench bait --seconds inf", "option --seconds needs a number from 0 to 1e+07, not 'inf'"},
        {"bench bait --seconds nan", "not 'nan'"},
        {"run bait --budget-ms -3", "not '-3'"},
        {"solve bait --max-states 1e30", "option --max-states needs a whole number"},
        {"solve bait --max-states 0", "option --max-states needs a whole number from 1 to"},
        {"perft connect4 x", "perft: DEPTH must be 0 to 64, not 'x'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) expect_run(cases[k].args, 2, "err", cases[k].message);
}

static void test_options_of_other_commands(void **state) {
    (void)state;
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"show bait --agent nosuch", "vgdl: --agent is not an option of 'show' (only of: run decide)"},
        {"show bait --config /nonexistent", "--config is not an option of 'show'"},
        {"check bait --actions /nonexistent", "--actions is not an option of 'check' (only of: trace render)"},
        {"run bait --lvl 1", "vgdl: run: unknown option '--lvl'; did you mean '--level'?"},
        {"run bait --level", "vgdl: option --level needs a value (N|FILE)"},
        {"run bait -x", "vgdl: run: unknown option '-x'"},
        {"run bait extra", "vgdl: run: unexpected argument 'extra'"},
        {"run", "run needs a GAME"},
        {"perft connect4", "perft needs 2 arguments"},
        {"perft connect4 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 "
         "34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65",
         "perft: unexpected argument '2'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) expect_run(cases[k].args, 2, "err", cases[k].message);
}

/* ---- 3. games, levels, check ----------------------------------------- */

static void test_missing_game_or_level(void **state) {
    (void)state;
    expect_run("run bat", 2, "err", "vgdl: unknown game 'bat'; did you mean 'bait'?");
    expect_run("run bait --level 9", 2, "err", "vgdl: bait has no level 9 (");
    expect_run("run bait --level nosuch", 2, "err", "vgdl: level nosuch: no such map (nosuch)");
    expect_run("run bait --level ''", 2, "err", "--level needs a number, a level's name or a map file, not ''");
    expect_run("run /nonexistent/game.lua", 2, "err", "vgdl: /nonexistent/game.lua: no such file (the game's rules)");
}

static void test_check_script(void **state) {
    (void)state;
    /* a user's own script, no levels beside it: its errors are reported */
    sh("cp %s %s/my.lua && printf 'sprite { \"box\", \"Immovabel\" }\\n' >> %s/my.lua",
       repo_path("tests/fixtures/scripts/minimal.lua"), tmp, tmp);
    char args[512];
    snprintf(args, sizeof args, "check %s/my.lua", tmp);
    expect_run(args, 2, "err", "my.lua:13:");
    expect_in(err(), "did you mean 'Immovable'?");
    /* fixed, it is checked without levels, and with one */
    sh("cp %s %s/my.lua", repo_path("tests/fixtures/scripts/minimal.lua"), tmp);
    expect_run(args, 0, "out", "my.lua: script ok; no levels found");
    snprintf(args, sizeof args, "check %s/my.lua --level %s", tmp, repo_path("tests/fixtures/maps/tiny.txt"));
    expect_run(args, 0, "out", "my.lua: ok, 1 level\n");
    expect_run("check bait --level 3", 0, "out", "bait.lua: ok, 1 level\n");
    expect_run("check bait", 0, "out", "bait.lua: ok, 5 levels\n");
}

/* Writes tmp/NAME: the minimal fixture script followed by 'more'. */
static void write_script(const char *name, const char *more) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    FILE *in = fopen(repo_path("tests/fixtures/scripts/minimal.lua"), "r"), *f = fopen(path, "w");
    assert_non_null(in);
    assert_non_null(f);
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf, in);
    fwrite(buf, 1, n, f);
    fputs(more, f);
    fclose(in);
    fclose(f);
}

/* check tells a game from a mistake: what is not a game exits 2 naming
 * the file; warnings (a rule that cannot run, a missing image) go to
 * stderr, and the check still passes. */
static void test_check_not_a_game(void **state) {
    (void)state;
    static const struct {
        const char *text, *words;
    } cases[] = {
        {"", "e.lua: not a game: it declares no sprite types"},
        {"return 42\n", "e.lua: not a game: it declares no sprite types"},
        {"game { square_size = 10 }\n", "e.lua: not a game"},
        {"sprite { 'avatar', 'MovingAvatar' }\n", "e.lua: not a game yet: no map{} places a sprite"},
    };
    char path[512];
    snprintf(path, sizeof path, "%s/e.lua", tmp);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(cases[k].text, f);
        fclose(f);
        char args[600];
        snprintf(args, sizeof args, "check %s", path);
        expect_run(args, 2, "err", cases[k].words);
    }
    write_script("w.lua", "sprite { 'box', 'Immovable', img = 'box' }\nmap { 'b', 'box', 'floor' }\n"
                          "interaction { 'avatar', 'wall', 'killSprite' }\n");
    char args[1024];
    snprintf(args, sizeof args, "check %s/w.lua --level %s", tmp, "tests/fixtures/maps/tiny.txt");
    expect_run(args, 0, "out", "w.lua: ok, 1 level");
    expect_in(err(),
              "w.lua:15: warning: killSprite of ('avatar', 'wall') comes after a stepBack of the same pair (line 11)");
    expect_in(err(), "w.lua: warning: its pictures cannot be drawn: ");
    expect_in(err(), "box.png");
}

/* A script whose globals raise when read (issue 27.1): at load, every
 * command that loads it exits 2 naming its line (it aborted the process);
 * in play, the run fails as a script error, and in a batch that run is
 * an error row while the others play on. */
static void test_hostile_globals(void **state) {
    (void)state;
    char map[1024];
    snprintf(map, sizeof map, "%s", repo_path("tests/fixtures/maps/tiny.txt")); /* repo_path's buffer is shared */
    write_script("h.lua", "setmetatable(_G, {__index = function(t, k) error(\"no \" .. k) end})\n");
    static const char *const cmds[] = {"check", "show", "run", "trace", "bench", "render"};
    for (size_t k = 0; k < sizeof cmds / sizeof cmds[0]; k++) {
        char args[1024];
        snprintf(args, sizeof args, "%s %s/h.lua --level %s%s", cmds[k], tmp, map,
                 k == 3   ? " --actions /dev/null"
                 : k == 5 ? " -o x.png"
                          : "");
        expect_run(args, 2, "err", "h.lua:13: no heuristic");
    }
    /* in play: an effect hides the globals; the next effect reads one */
    write_script("p.lua", "interaction { \"avatar\", \"floor\", function() setmetatable(_G, "
                          "{__index = function(t, k) error(\"no \" .. k) end}) end }\n"
                          "interaction { \"avatar\", \"floor\", function() return nosuch end }\n");
    write_script("q.lua", "");
    char args[1024];
    snprintf(args, sizeof args, "run %s/p.lua --level %s --agent random", tmp, map);
    expect_run(args, 2, "err", "p.lua:13: no nosuch");
    sh("printf '[batch]\\ngames = %s/p.lua, %s/q.lua\\nlevels = %s\\nagents = random\\nbudget_calls = 10\\n"
       "max_ticks = 20\\nout = %s/res\\nworkers = 1\\n' > %s/h.ini",
       tmp, tmp, map, tmp, tmp);
    snprintf(args, sizeof args, "batch %s/h.ini", tmp);
    expect_run(args, 0, "out", "");
    const char *csv = slurp("res/runs.csv");
    expect_in(csv, ",error,");
    expect_in(csv, "p.lua:13: no nosuch");
    expect_in(csv, ",ok,");
    write_script("p.lua", "setmetatable(_G, {__index = function(t, k) error(\"no \" .. k) end})\n");
    /* at load: a warning naming it, its runs error rows, the other game's played */
    sh("sed 's,/res$,/res2,' %s/h.ini > %s/h2.ini", tmp, tmp);
    snprintf(args, sizeof args, "batch %s/h2.ini", tmp);
    expect_run(args, 0, "err", "p.lua' does not load");
    expect_in(err(), "p.lua:13: no heuristic (its runs are recorded as errors)");
    csv = slurp("res2/runs.csv");
    expect_in(csv, ",error,");
    expect_in(csv, "p.lua:13: no heuristic");
    expect_in(csv, ",ok,");
}

/* A script's numbered levels beside it, from any folder: DIR/levels/GAME/
 * first, then DIR/GAME_lvlN.txt (a converted GVGAI game keeps its
 * levels), then the project's levels/GAME/; in check, run and batch. */
static void test_levels_beside_script(void **state) {
    (void)state;
    char tiny[1024], bin[1024];
    snprintf(tiny, sizeof tiny, "%s", repo_path("tests/fixtures/maps/tiny.txt")); /* repo_path's buffer is shared */
    char cwd[512];
    snprintf(bin, sizeof bin, "%s/%s", vgdl[0] == '/' ? "" : getcwd(cwd, sizeof cwd),
             vgdl); /* run from other folders */
    sh("mkdir -p %s/g/levels/mini && cp %s %s/g/mini.lua && cp %s %s/g/levels/mini/lvl0.txt && "
       "printf 'wwwww\nwA..w\nwwwww\n' > %s/g/levels/mini/lvl1.txt && printf 'wwwwww\nwA...w\nwwwwww\n' > %s/g/mini_lvl1.txt && "
       "printf 'wwwwwww\nwA....w\nwwwwwww\n' > %s/g/mini_lvl2.txt",
       tmp, repo_path("tests/fixtures/scripts/minimal.lua"), tmp, tiny, tmp, tmp, tmp, tmp);
    assert_int_equal(sh("cd %s/g && %s check mini.lua", tmp, bin), 0);
    expect_in(out(), "mini.lua: ok, 2 levels\n"); /* levels/mini/ first: the _lvl files are not looked at */
    assert_int_equal(sh("cd %s/g && %s show mini.lua --level 1", tmp, bin), 0);
    expect_in(out(), "size: 5 x 3\n"); /* levels/mini/lvl1.txt, not mini_lvl1.txt */
    assert_int_equal(sh("cd %s/g && %s show mini.lua --level 2", tmp, bin), 0);
    expect_in(out(), "size: 7 x 3\n"); /* beside it */
    assert_int_equal(sh("cd / && %s run %s/g/mini.lua --level 1 --agent random --max-ticks 3", bin, tmp), 0);
    expect_in(out(), "level: 1\n");
    assert_int_equal(sh("cd %s/g && %s show mini.lua --level 5", tmp, bin), 2);
    expect_in(err(), "has no level 5");
    /* a converted GVGAI game finds its GAME_lvlN.txt beside it */
    sh("mkdir -p %s/z && %s convert zelda > %s/z/zelda.lua && cp gvgai/zelda_lvl*.txt %s/z/", tmp, bin, tmp, tmp);
    assert_int_equal(sh("cd %s/z && %s check zelda.lua", tmp, bin), 0);
    expect_in(out(), "zelda.lua: ok, 5 levels\n");
    /* a batch of the script's numbered levels, and its report */
    sh("printf '[batch]\ngames = %s/g/mini.lua\nlevels = 0-2\nagents = random\nbudget_calls = 10\nmax_ticks = 5\n"
       "out = %s/lres\nworkers = 1\n' > %s/l.ini",
       tmp, tmp, tmp);
    assert_int_equal(sh("cd / && %s batch %s/l.ini", bin, tmp), 0);
    assert_int_equal(sh("%s report %s/lres --plot %s/l.png", bin, tmp, tmp), 0);
    expect_in(out(), "mini.lua");
}

/* ---- 4. list ---------------------------------------------------------- */

static void test_list(void **state) {
    (void)state;
    expect_run("list games", 0, "out", "bait\n");
    expect_in(out(), "aliens\n"); /* GVGAI's, from gvgai/ */
    expect_not_in(out(), "LICENSE");
    expect_not_in(out(), "_lvl");
    expect_run("list agents", 0, "out", "mcts ");
    expect_run("list params mcts", 0, "out", "rollout_depth ");
    expect_run("list params mtcs", 2, "err", "unknown agent 'mtcs'; did you mean 'mcts'?");
    expect_run("list nothing", 2, "err", "usage: vgdl list games | agents | params AGENT");
    expect_run("run bait --agent mcts --set rolout_depth=3", 2, "err",
               "agent 'mcts' has no parameter 'rolout_depth'; did you mean 'rollout_depth'?");
}

/* ---- 5. CS188 --------------------------------------------------------- */

static void test_cs188_levels(void **state) {
    (void)state;
    expect_run("check cs188", 0, "out", "cs188.lua: ok, 11 levels\n");
    expect_run("show cs188 --level 0", 0, "out", "size: 19 x 7\n"); /* capsuleClassic: the first, alphabetically */
    expect_run("show cs188 --level capsuleClassic", 0, "out", "size: 19 x 7\n"); /* its last row, 20 long, cut */
    expect_run("show cs188 --level minimaxClassic", 0, "out", "size: 9 x 5\n");  /* trailing spaces stripped */
    expect_run("show cs188 --level 11", 2, "err", "cs188 has no level 11");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_options_anywhere),
        cmocka_unit_test(test_strict_numbers),
        cmocka_unit_test(test_options_of_other_commands),
        cmocka_unit_test(test_missing_game_or_level),
        cmocka_unit_test(test_check_script),
        cmocka_unit_test(test_hostile_globals),
        cmocka_unit_test(test_check_not_a_game),
        cmocka_unit_test(test_levels_beside_script),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_cs188_levels),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
