/* SPDX-License-Identifier: MIT
 *
 * test_generate.c -- 'vgdl generate', run as a user runs it (the binary of
 * this build). The test of tools/generate/: it has no test file of its own.
 *
 * 1. Games without chance (Bait's script, GVGAI's Sokoban file; the
 *    progress line on a terminal only): every
 *    level written loads ('vgdl check'), is as wide and high as its row
 *    says, differs from the others; its listed plan replays to a win in
 *    exactly 'shortest' moves, and 'vgdl solve' proves the same length,
 *    within --length, and standing still for a tick does not end it (a
 *    level over before a move is refused); each generator works; a
 *    sprite no rule names that makes sprites (a spawn point) is placed.
 *    A Lua game with no levels of its own brings generate() and
 *    constraints{}: its levels keep them, and other generators learn from
 *    the maps it makes; its errors end the request at the script's line.
 * 2. Games with chance (Zelda, Aliens): each row's win rates are the
 *    agents' own, replayed with 'vgdl run' on the play seeds, and within
 *    --wins; with --length only Zelda's levels without chance pass, proven
 *    as in 1.
 * 3. The same --seed gives the same levels, with one worker or two.
 * 4. A generated folder is a batch level set (levels = DIR/ *.txt).
 * 5. An impossible request ends with exit status 2 and a reason within
 *    --seconds; bad options and folders are refused with status 2.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <math.h>
#include <time.h>

#include "tools/run_vgdl.h"

#define MAX_ROWS 16

/* One row of levels.tsv, split at tabs. */
typedef struct row {
    char cols[13][2048];
} row;

/* Reads tmp/DIR/levels.tsv: its rows after the header; how many. */
static int read_tsv(const char *dir, row *rows) {
    char path[512], line[8192];
    snprintf(path, sizeof path, "%s/%s/levels.tsv", tmp, dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int n = -1;
    while (fgets(line, sizeof line, f) && n < MAX_ROWS) {
        line[strcspn(line, "\n")] = '\0';
        if (n++ < 0) {
            assert_string_equal(
                line, "file\twidth\theight\tshortest\tstates\tstrong\tstrong_low\tstrong_high\tweak\tweak_low\t"
                      "weak_high\tcoverage\tplan");
            continue;
        }
        char *p = line;
        for (int c = 0; c < 13; c++) {
            size_t len = strcspn(p, "\t");
            assert_true(c == 12 || p[len] == '\t');
            snprintf(rows[n - 1].cols[c], sizeof rows[n - 1].cols[c], "%.*s", (int)len, p);
            p += len + (p[len] ? 1 : 0);
        }
    }
    fclose(f);
    return n;
}

/* Width and height of tmp/PATH's map. */
static void map_size(const char *path, int *w, int *h) {
    char full[512], line[512];
    snprintf(full, sizeof full, "%s/%s", tmp, path);
    FILE *f = fopen(full, "r");
    assert_non_null(f);
    *w = *h = 0;
    while (fgets(line, sizeof line, f)) {
        int len = (int)strcspn(line, "\n");
        if (*h && len != *w) fail_msg("%s: ragged row", path);
        *w = len, (*h)++;
    }
    fclose(f);
}

/* Checks the levels of a game without chance in tmp/DIR. */
static void check_proven(const char *game, const char *dir, int count, int lo, int hi) {
    row rows[MAX_ROWS];
    assert_int_equal(read_tsv(dir, rows), count);
    for (int k = 0; k < count; k++) {
        const row *r = &rows[k];
        char level[256];
        snprintf(level, sizeof level, "%s/%s", dir, r->cols[0]);
        int w, h, len = atoi(r->cols[3]);
        map_size(level, &w, &h);
        assert_int_equal(w, atoi(r->cols[1]));
        assert_int_equal(h, atoi(r->cols[2]));
        assert_true(len >= lo && len <= hi);
        assert_string_equal(r->cols[5], "-");
        assert_int_equal(sh("cd %s && %s check %s --level %s", tmp, vgdl, game, level), 0);
        /* the plan replays to a win in exactly 'len' moves */
        assert_int_equal(
            sh("cd %s && echo '%s' | tr ',' '\\n' > plan.txt && %s trace %s --level %s --actions plan.txt | tail -1",
               tmp, r->cols[12], vgdl, game, level),
            0);
        char tick[64];
        snprintf(tick, sizeof tick, "{\"tick\":%d,", len);
        expect_in(out(), tick);
        expect_in(out(), "\"winner\":\"PLAYER_WINS\"");
        /* standing still for a tick does not end it */
        assert_int_equal(sh("cd %s && echo nil > nil.txt && %s trace %s --level %s --actions nil.txt | tail -1", tmp,
                            vgdl, game, level),
                         0);
        expect_in(out(), "\"isGameOver\":false");
        /* the solver proves the same length */
        assert_int_equal(sh("cd %s && %s solve %s --level %s", tmp, vgdl, game, level), 0);
        char says[64];
        snprintf(says, sizeof says, "length: %d (shortest)", len);
        expect_in(err(), says);
        for (int j = 0; j < k; j++) /* distinct */
            assert_int_not_equal(sh("cd %s && cmp -s %s/%s %s", tmp, dir, rows[j].cols[0], level), 0);
    }
}

/* ---- 1. Without chance ------------------------------------------------ */

static void test_bait(void **state) {
    (void)state;
    assert_int_equal(
        sh("cd %s && %s generate bait --out bait1 --count 3 --size 6x5 --length 6-20 --seed 7 --workers 2", tmp, vgdl),
        0);
    expect_in(out(), "bait1/levels.tsv: 3 levels in ");
    assert_string_equal(err(), ""); /* stderr is not a terminal: no progress line */
    check_proven("bait", "bait1", 3, 6, 20);
    if (sh("command -v script") != 0) return;
    assert_int_equal(
        sh("cd %s && script -qec '%s generate bait --out bait2 --count 2 --size 6x5 --seed 7' /dev/null", tmp, vgdl),
        0);
    expect_in(out(), "2/2 levels, ");
    expect_in(out(), " candidates, ");
    expect_in(out(), " elapsed, at most ");
}

static void test_sokoban_each_generator(void **state) {
    (void)state;
    static const char *const gens[] = {"random", "constructive", "search"};
    for (int k = 0; k < 3; k++) {
        char dir[32];
        snprintf(dir, sizeof dir, "soko-%s", gens[k]);
        assert_int_equal(
            sh("cd %s && %s generate sokoban --out %s --count 2 --size 6x5 --length 5-20 --seed 1 --generator %s", tmp,
               vgdl, dir, gens[k]),
            0);
        check_proven("sokoban", dir, 2, 5, 20);
    }
}

/* A level over before a move (Sokoban with no box: GVGAI checks the
 * terminations after a tick) is refused, however short a length is wanted. */
static void test_over_before_a_move(void **state) {
    (void)state;
    assert_int_equal(
        sh("cd %s && %s generate sokoban --out soko-short --count 6 --size 5x4 --length 1-100 --seed 2 --generator random",
           tmp, vgdl),
        0);
    expect_in(out(), " over before a move");
    check_proven("sokoban", "soko-short", 6, 1, 100);
}

/* A sprite no rule names but that acts (a spawn point, as Pacman's ghost
 * nests) is placed by the constructive generator as its levels have it,
 * not taken for the empty floor. */
static void test_acting_sprites_placed(void **state) {
    (void)state;
    assert_int_equal(sh("cd %s && cat > nests.lua <<'EOF'\n"
                        "sprite { 'floor', 'Immovable', hidden = true }\n"
                        "sprite { 'wall', 'Immovable' }\n"
                        "sprite { 'door', 'Immovable' }\n"
                        "sprite { 'spark', 'Immovable' }\n"
                        "sprite { 'nest', 'SpawnPoint', stype = 'spark', total = 1 }\n"
                        "sprite { 'avatar', 'MovingAvatar' }\n"
                        "map { '.', 'floor' } map { 'w', 'wall' } map { 'g', 'door', 'floor' }\n"
                        "map { 'n', 'nest', 'floor' } map { 'A', 'avatar', 'floor' }\n"
                        "interaction { 'avatar', 'wall', 'stepBack' }\n"
                        "interaction { 'door', 'avatar', 'killSprite' }\n"
                        "termination { 'SpriteCounter', stype = 'door', limit = 0, win = true }\n"
                        "EOF\n"
                        "printf 'wwwwwwww\\nwA.n..nw\\nw.n..n.w\\nwn..n.gw\\nwwwwwwww\\n' > nests_lvl0.txt && "
                        "%s generate nests.lua --out nests --generator constructive --count 3 --seed 1",
                        tmp, vgdl),
                     0);
    check_proven("nests.lua", "nests", 3, 1, 100);
    assert_int_equal(sh("cd %s && cat nests/lvl*.txt | tr -cd n | wc -c", tmp), 0);
    assert_true(atoi(out()) > 0);
}

/* A Lua game written for the test, with no levels: its own generate() and
 * constraints{} (length 6-40, 2 to 4 coins); the other generators learn
 * from the maps it makes. */
static void test_script_game(void **state) {
    (void)state;
    char coins[PATH_MAX];
    assert_non_null(realpath("tests/fixtures/scripts/coins.lua", coins));
    assert_int_equal(sh("cd %s && %s generate %s --out coins1 --count 3 --size 7x6 --seed 5", tmp, vgdl, coins), 0);
    check_proven(coins, "coins1", 3, 6, 40);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(sh("cd %s && tr -cd c < coins1/lvl%d.txt | wc -c", tmp, k), 0);
        assert_true(atoi(out()) >= 2 && atoi(out()) <= 4);
    }
    assert_int_equal(
        sh("cd %s && %s generate %s --out coins2 --count 2 --size 7x6 --seed 5 --generator search --length 3-30", tmp,
           vgdl, coins),
        0);
    check_proven(coins, "coins2", 2, 3, 30);
    assert_int_equal(sh("cd %s && %s generate %s --out coins3", tmp, vgdl, coins), 2);
    expect_in(err(), "no levels of its own to take a size from: give --size WxH");
    assert_int_equal(sh("cd %s && %s generate bait --out coins4 --generator script", tmp, vgdl), 2);
    expect_in(err(), "generator script: ");
    expect_in(err(), "bait.lua defines no generate(rng, w, h)");
    /* a generate() that makes a map of the wrong size: exit 2 at its line */
    assert_int_equal(
        sh("cd %s && sed 's/^    return rows$/    rows[h] = nil return rows/' %s > short.lua && %s generate short.lua --out coins5 "
           "--size 7x6",
           tmp, coins, vgdl),
        2);
    expect_in(err(), "short.lua:");
    expect_in(err(), "generate(rng, 7, 6) must return a table of h rows");
}

/* ---- 2. With chance ------------------------------------------------------ */

/* The seed of play k (0-based) of a level with chance, as docs/generate.md says. */
static unsigned long long play_seed(int k) { return ((unsigned long long)k + 1) * 0x9E3779B97F4A7C15ULL >> 11; }

/* Wins of 'agent' on tmp/LEVEL over 'plays' seeds, replayed with vgdl run. */
static int replay_wins(const char *game, const char *level, const char *agent, int plays, int calls, int ticks) {
    int wins = 0;
    for (int k = 0; k < plays; k++) {
        assert_int_equal(sh("cd %s && %s run %s --level %s --agent %s --budget-calls %d --max-ticks %d --seed %llu",
                            tmp, vgdl, game, level, agent, calls, ticks, play_seed(k)),
                         0);
        wins += strstr(out(), "result: win\n") != NULL;
    }
    return wins;
}

static void check_measured(const char *game, const char *dir, const char *opts, int plays, int calls, int ticks) {
    assert_int_equal(
        sh("cd %s && %s generate %s --out %s --count 2 --seed 3 --plays %d --budget-calls %d --max-ticks %d %s", tmp,
           vgdl, game, dir, plays, calls, ticks, opts),
        0);
    row rows[MAX_ROWS];
    assert_int_equal(read_tsv(dir, rows), 2);
    for (int k = 0; k < 2; k++) {
        const row *r = &rows[k];
        char level[256];
        snprintf(level, sizeof level, "%s/%s", dir, r->cols[0]);
        assert_string_equal(r->cols[3], "-");
        assert_string_equal(r->cols[12], "-");
        assert_int_equal(sh("cd %s && %s check %s --level %s", tmp, vgdl, game, level), 0);
        double strong = atof(r->cols[5]), weak = atof(r->cols[8]);
        assert_true(strong >= 0.5 && weak <= 0.1);
        assert_true(atof(r->cols[6]) <= strong && strong <= atof(r->cols[7]));
        assert_int_equal(replay_wins(game, level, "random", plays, calls, ticks), (int)lround(weak * plays));
        assert_int_equal(replay_wins(game, level, "mcts", plays, calls, ticks), (int)lround(strong * plays));
    }
}

static void test_zelda(void **state) {
    (void)state;
    check_measured("zelda", "zelda1", "--size 8x5", 4, 200, 300);
    /* with --length only levels without chance (no monster) pass: proven, replayed */
    assert_int_equal(
        sh("cd %s && %s generate zelda --out zelda2 --count 2 --size 7x5 --length 4-30 --seed 1", tmp, vgdl), 0);
    expect_in(out(), "chance (no length)");
    check_proven("zelda", "zelda2", 2, 4, 30);
}

static void test_aliens(void **state) {
    (void)state;
    check_measured("aliens", "aliens1", "--size 12x6", 3, 100, 1000);
}

/* ---- 3. Repeatable --------------------------------------------------------- */

static void test_same_seed_same_levels(void **state) {
    (void)state;
    for (int k = 1; k <= 2; k++)
        assert_int_equal(
            sh("cd %s && %s generate sokoban --out again%d --count 4 --size 6x5 --length 8-20 --seed 11 --generator "
               "search --workers %d",
               tmp, vgdl, k, k),
            0);
    assert_int_equal(sh("cd %s && diff -r again1 again2", tmp), 0);
    assert_int_equal(
        sh("cd %s && %s generate sokoban --out again3 --count 4 --size 6x5 --length 8-20 --seed 12 --generator search",
           tmp, vgdl),
        0);
    assert_int_not_equal(sh("cd %s && diff -r again1 again3", tmp), 0);
}

/* ---- 4. A batch level set ---------------------------------------------------- */

static void test_batch_takes_the_folder(void **state) {
    (void)state;
    assert_int_equal(
        sh("cd %s && %s generate bait --out set --count 3 --size 5x4 --seed 2 && printf '[batch]\\ngames = bait\\n"
           "levels = set/*.txt\\nagents = random\\nseeds = 1\\nworkers = 1\\nout = set-runs\\n' > set.ini && %s batch set.ini",
           tmp, vgdl, vgdl),
        0);
    assert_int_equal(sh("cd %s && tail -n +2 set-runs/runs.csv | wc -l", tmp), 0);
    assert_int_equal(atoi(out()), 3);
}

/* ---- 5. Refused ----------------------------------------------------------------- */

static void test_impossible(void **state) {
    (void)state;
    time_t t0 = time(NULL);
    assert_int_equal(sh("cd %s && %s generate sokoban --out none --size 3x3 --length 50-60 --seconds 2", tmp, vgdl), 2);
    assert_true(time(NULL) - t0 <= 8);
    expect_in(err(), "vgdl: no level of sokoban passed within 2 s (");
    expect_in(err(), "candidates judged");
    assert_int_not_equal(sh("cd %s && ls none", tmp), 0); /* nothing left behind: the same request can run again */
    assert_int_equal(
        sh("cd %s && mkdir mine && %s generate sokoban --out mine --size 3x3 --length 50-60 --seconds 0.5", tmp, vgdl),
        2);
    assert_int_equal(sh("cd %s && ls -A mine | wc -l", tmp), 0); /* a folder of the user's own is kept, empty */
    assert_int_equal(atoi(out()), 0);
}

static void test_bad_options(void **state) {
    (void)state;
    static const struct {
        const char *args, *says;
    } cases[] = {
        {"bait", "generate needs --out DIR"},
        {"bait --out x --size 0x3", "option --size needs WxH, whole numbers from 1 to 128, not '0x3'"},
        {"bait --out x --size 7", "option --size needs WxH"},
        {"bait --out x --size 200x200", "option --size needs WxH"},
        {"bait --out x --length 9-3", "option --length: MIN 9 is more than MAX 3"},
        {"bait --out x --length 5-x", "option --length needs MIN-MAX"},
        {"bait --out x --generator serch", "unknown generator 'serch'; did you mean 'search'?"},
        {"bait --out x --agents mcts", "option --agents needs STRONG,WEAK"},
        {"bait --out x --agents mcts,rando", "--agents: unknown agent 'rando'"},
        {"bait --out x --wins 2,0", "option --wins needs a number from 0 to 1, not '2'"},
        {"bait --out x --wins 0.5", "option --wins needs S,W"},
        {"bait --out x --count 0", "option --count needs a whole number from 1"},
        {"bait --out x --workers 257", "option --workers needs a whole number from 0 to 256"},
        {"bait --out x --budget-ms 5", "--budget-ms is not an option of 'generate'"},
        {"bait --out x --size 127x5", "option --size: 127x5 and the game's border make a map over 128 cells a side"},
        {"biat --out x", "unknown game 'biat'; did you mean 'bait'?"},
        {"connect4 --out x", "generate makes levels of one-player games"},
        {"tron --out x", "tron: generate makes levels of one-player games (it has 2 players)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        assert_int_equal(sh("cd %s && %s generate %s", tmp, vgdl, cases[k].args), 2);
        expect_in(err(), cases[k].says);
    }
    assert_int_equal(sh("cd %s && ls x 2>/dev/null | wc -l", tmp), 0); /* nothing written */
    assert_int_equal(atoi(out()), 0);
    assert_int_equal(sh("cd %s && mkdir -p full && touch full/levels.tsv && %s generate bait --out full", tmp, vgdl),
                     2);
    expect_in(err(), "--out full: it holds generated levels already (levels.tsv)");
    assert_int_equal(sh("cd %s && touch afile && %s generate bait --out afile", tmp, vgdl), 2);
    expect_in(err(), "--out afile: not a folder");
}

/* cli_setup, with the binary's path made absolute: the commands run in the
 * scratch folder, which links the repository's games (so that 'bait' is
 * found from there whichever build the binary is). */
static int setup(void **state) {
    char abs[PATH_MAX], repo[PATH_MAX];
    if (cli_setup(state) || !realpath(vgdl, abs) || !getcwd(repo, sizeof repo)) return -1;
    snprintf(vgdl, sizeof vgdl, "%s", abs);
    return sh("cd %s && ln -s '%s/scripts' '%s/levels' '%s/gvgai' .", tmp, repo, repo, repo);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bait),
        cmocka_unit_test(test_sokoban_each_generator),
        cmocka_unit_test(test_over_before_a_move),
        cmocka_unit_test(test_acting_sprites_placed),
        cmocka_unit_test(test_script_game),
        cmocka_unit_test(test_zelda),
        cmocka_unit_test(test_aliens),
        cmocka_unit_test(test_same_seed_same_levels),
        cmocka_unit_test(test_batch_takes_the_folder),
        cmocka_unit_test(test_impossible),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests(tests, setup, cli_teardown);
}
