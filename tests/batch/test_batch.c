/* SPDX-License-Identifier: MIT
 *
 * test_batch.c -- 'vgdl batch' and 'vgdl report', run as a user runs them:
 * the real binary of this build (build/BUILD/vgdl, else bin/vgdl) on the
 * INI files in tests/batch/fixtures/, results in a temporary folder.
 *
 * With test_runs.c and test_store.c (the rows, the store and resuming,
 * called directly), the test of tools/batch/: plan.c, worker.c, sched.c,
 * slurm.c and report.c have no test file of their own.
 *
 * 1. A batch writes one row per run to runs.csv and runs.jsonl and prints
 *    a summary; the rows replay with 'vgdl run --seed RUN_SEED'; GVGAI's
 *    game files play in a batch as scripts do.
 * 2. Bad files: unknown keys, agents, games, sections and settings, bad
 *    ranges and values are errors naming file:line, exit status 2, before
 *    anything runs.
 * 3. Runs that crash, hang, exhaust memory or exit are recorded as such
 *    and the batch goes on (VGDL_BATCH_FAULT picks the runs); so are the
 *    runs of a game whose script fails to load.
 * 4. Resuming: a second run skips what is done; --force starts over;
 *    other settings in the same folder are refused; a torn last line and
 *    a JSON file that lags the CSV are repaired; a batch killed with
 *    SIGKILL many times (kill_resume.sh) or stopped with SIGTERM ends with
 *    every run once and the rows of an uninterrupted batch.
 * 5. Results do not depend on the number of workers; shards run by GNU
 *    parallel (parallel.sh) and by a one-node Slurm cluster (slurm.sh)
 *    merge into the single-process results.
 * 6. report: the Wilson interval, mean, sd, merging and deduplication on
 *    hand-made results; the progress line only on a terminal; the example
 *    files are valid; results files of an older vgdl are read, and
 *    rewritten before a batch appends to them.
 * 7. Two-player games (Connect Four): a round-robin plays every ordered
 *    pair of agents once a seed, so each agent is first as often as
 *    second, each seat with its own agent and budget; the cross table of
 *    'report' agrees with the rows (and with hand-made results); a killed
 *    or damaged round-robin resumes to the rows of an uninterrupted one,
 *    shards too; agents that cannot play, crashes and self-play.
 * 8. One writer per out folder: the same file started twice on one folder
 *    plays every run once (the second batch exits 2 naming the first's
 *    PID); a file holding a run twice is repaired on resume, both files.
 * 9. Slurm: settings and paths that would run as shell commands are
 *    refused or quoted; --submit --dry-run submits nothing.
 * 10. 100000 levels checked at once; a misspelt agent's error points from
 *    the misspelling to its section.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent.h"
#include "support.h"

static char vgdl[1024]; /* the binary under test */
static char tmp[256];   /* this run's scratch folder */

/* Runs a shell command (printf-style) with stdout and stderr in tmp/out
 * and tmp/err; returns its exit status. */
static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...) {
    char cmd[8192], full[9000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "( %s ) >%s/out 2>%s/err </dev/null", cmd, tmp, tmp);
    int st = system(full);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The contents of a file (static buffer; "" when missing). */
static const char *slurp(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static const char *slurp(const char *fmt, ...) {
    static char buf[4][1 << 18];
    static int k;
    char path[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(path, sizeof path, fmt, ap);
    va_end(ap);
    k = (k + 1) % 4;
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf[k], 1, sizeof buf[k] - 1, f) : 0;
    if (f) fclose(f);
    buf[k][n] = '\0';
    return buf[k];
}

static const char *out(void) { return slurp("%s/out", tmp); }
static const char *err(void) { return slurp("%s/err", tmp); }

static int count_lines(const char *text) {
    int n = 0;
    for (; *text; text++) n += *text == '\n';
    return n;
}

static void expect_in(const char *haystack, const char *needle) {
    if (!strstr(haystack, needle)) print_error("expected '%s' in:\n%s\n", needle, haystack);
    assert_non_null(strstr(haystack, needle));
}

static int exists(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int exists(const char *fmt, ...) {
    char path[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(path, sizeof path, fmt, ap);
    va_end(ap);
    struct stat st;
    return stat(path, &st) == 0;
}

static int setup(void **state) {
    (void)state;
    char self[1024];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    snprintf(vgdl, sizeof vgdl, "bin/vgdl");
    if (n > 0) {
        self[n] = '\0';
        char *cut = strstr(self, "/tests/batch/");
        if (cut) {
            snprintf(cut, sizeof self - (size_t)(cut - self), "/vgdl");
            if (access(self, X_OK) == 0) snprintf(vgdl, sizeof vgdl, "%s", self);
        }
    }
    if (access(vgdl, X_OK) != 0) {
        print_error("no vgdl binary (%s): build it first (make)\n", vgdl);
        return -1;
    }
    snprintf(tmp, sizeof tmp, "/tmp/vgdl-test-batch-XXXXXX");
    return mkdtemp(tmp) ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* ---- 1. A batch --------------------------------------------------------- */

static void test_batch_writes_rows_and_summary(void **state) {
    (void)state;
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/small", vgdl, tmp), 0);
    const char *csv = slurp("%s/small/runs.csv", tmp), *jsonl = slurp("%s/small/runs.jsonl", tmp);
    assert_int_equal(count_lines(csv), 21);
    assert_int_equal(count_lines(jsonl), 20);
    const char *header =
        "game,level,agent,opponent,seed,run_seed,config,status,result,win,score,ticks,decisions,ms_mean,"
        "ms_max,calls,calls_mean,overspent,opp_result,opp_score,opp_decisions,opp_ms_mean,opp_ms_max,opp_calls,opp_calls_mean,"
        "opp_overspent,run_ms,cpu_ms,error\n";
    assert_true(strncmp(csv, header, strlen(header)) == 0);
    int ok = 0;
    for (const char *p = csv; (p = strstr(p, ",ok,")); p++) ok++;
    assert_int_equal(ok, 20);
    expect_in(jsonl, "{\"game\":\"bait\",\"level\":\"0\",\"agent\":\"random\",\"opponent\":\"\",\"seed\":1,");
    expect_in(out(), "20 runs (1 games x 2 levels x 2 agents x 5 seeds); 0 done before, 20 to run with 2 workers");
    expect_in(out(), "95% CI");
    expect_in(out(), "20 runs; score, ticks");
    assert_string_equal(err(), ""); /* stderr is not a terminal: no progress line */
}

/* An agent that overspends more than 5% of its decisions is warned of on
 * stderr after the report, once over all its runs; one that does not is
 * not named. */
static void test_batch_warns_when_overspent(void **state) {
    (void)state;
    char ini[512];
    snprintf(ini, sizeof ini, "%s/over.ini", tmp);
    FILE *f = fopen(ini, "w");
    assert_non_null(f);
    fprintf(f,
            "[batch]\ngames = bait\nlevels = 0\nagents = random, mcts, minimax\nseeds = 1-2\nworkers = 1\n"
            "budget_calls = 5\nmax_ticks = 10\nout = %s/over\n",
            tmp);
    fclose(f);
    assert_int_equal(sh("%s batch %s", vgdl, ini), 0);
    /* minimax searches to its depth, whatever the budget; mcts stops where it ends */
    expect_in(err(), "warning: minimax overspent its budget in 20 of 20 decisions (100%, more than 5%)");
    assert_null(strstr(err(), "random"));
    assert_null(strstr(err(), "mcts"));
}

/* Every row replays with 'vgdl run' and the row's run_seed. */
static void test_rows_replay_with_vgdl_run(void **state) {
    (void)state;
    const char *csv = slurp("%s/small/runs.csv", tmp);
    int checked = 0;
    for (const char *line = strchr(csv, '\n') + 1; *line && checked < 6; line = strchr(line, '\n') + 1) {
        char level[16], who[32], status[16], result[8];
        long long seed, run_seed, ticks;
        double score;
        int win;
        assert_int_equal(sscanf(line, "bait,%15[^,],%31[^,],,%lld,%lld,%*[^,],%15[^,],%7[^,],%d,%lf,%lld,", level, who,
                                &seed, &run_seed, status, result, &win, &score, &ticks),
                         9);
        assert_int_equal(sh("%s run bait --level %s --agent %s --seed %lld --budget-calls 20 --max-ticks 300", vgdl,
                            level, who, run_seed),
                         0);
        char want[256];
        snprintf(want, sizeof want, "result: %s\nscore: %g\nticks: %lld\n", result, score, ticks);
        expect_in(out(), want);
        checked++;
    }
    assert_int_equal(checked, 6);
}

/* GVGAI's game files in a batch (tests/batch/fixtures/gvgai.ini, the small
 * form of examples/gvgai20.ini): every run ends ok, the report names the
 * files, and a row replays with 'vgdl run'. */
static void test_gvgai_game_files(void **state) {
    (void)state;
    assert_int_equal(sh("%s batch tests/batch/fixtures/gvgai.ini --out %s/gvgai", vgdl, tmp), 0);
    expect_in(out(), "4 runs (2 games x 1 levels x 2 agents x 1 seeds)");
    const char *csv = slurp("%s/gvgai/runs.csv", tmp);
    assert_int_equal(count_lines(csv), 5);
    int ok = 0;
    for (const char *p = csv; (p = strstr(p, ",ok,")); p++) ok++;
    assert_int_equal(ok, 4);
    long long run_seed, ticks;
    double score;
    char result[8];
    const char *row = strstr(csv, "gvgai/zelda.txt,0,mcts,,1,");
    assert_non_null(row);
    assert_int_equal(
        sscanf(row, "gvgai/zelda.txt,0,mcts,,1,%lld,%*[^,],ok,%7[^,],%*d,%lf,%lld,", &run_seed, result, &score, &ticks),
        4);
    assert_int_equal(sh("%s report %s/gvgai", vgdl, tmp), 0);
    expect_in(out(), "gvgai/aliens.txt  0      mcts");
    assert_int_equal(sh("%s run gvgai/zelda.txt --level 0 --agent mcts --seed %lld --budget-calls 50 --max-ticks 40",
                        vgdl, run_seed),
                     0);
    char want[256];
    snprintf(want, sizeof want, "result: %s\nscore: %g\nticks: %lld\n", result, score, ticks);
    expect_in(out(), want);
}

/* ---- 2. Bad files ----------------------------------------------------- */

static void test_errors_name_file_and_line(void **state) {
    (void)state;
    static const struct {
        const char *file, *want;
    } cases[] = {
        {"err_key.ini", "err_key.ini:5: unknown key 'wokers' in [batch]; did you mean 'workers'?"},
        {"err_agent.ini", "err_agent.ini:3: unknown agent 'nosuchagent' (agents: random onestep"},
        {"err_game.ini", "err_game.ini:2: unknown game 'nosuchgame' (no ./scripts/nosuchgame.lua; games: "},
        {"err_level_range.ini", "err_level_range.ini:3: bad level range '4-2' (use N or A-B with A <= B)"},
        {"err_level_missing.ini",
         "err_level_missing.ini:3: game 'bait' level '99': ./levels/bait/lvl99.txt: cannot open"},
        {"err_seed_range.ini", "err_seed_range.ini:4: bad seed '9-x'"},
        {"err_seed_dup.ini", "err_seed_dup.ini:4: seed 2 is listed twice"},
        {"err_workers.ini", "err_workers.ini:4: 'workers' needs a whole number from 1 to 1024, not 'two'"},
        {"err_budget.ini", "err_budget.ini:4: 'budget_ms' needs a number from 0 to 1e+09, not '-5'"},
        {"err_setting.ini", "err_setting.ini:6: [onestep]: agent 'onestep' has no parameter 'depth'"},
        {"err_impl.ini", "err_impl.ini:6: unknown agent 'nosuchagent'"},
        {"err_section.ini", "err_section.ini:5: section [ranodm] is not in 'agents'; did you mean [random]?"},
        {"err_syntax.ini", "err_syntax.ini:4: syntax error"},
        {"err_outside.ini", "err_outside.ini:1: 'games' is outside any section"},
        {"err_two_player.ini",
         "err_two_player.ini:2: game 'connect4' is for two players taking turns: list two agents or more"},
        {"err_agent_budget.ini",
         "err_agent_budget.ini:6: 'budget_calls' needs a whole number from 0 to 1e+15, not 'lots'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int rc = sh("%s batch tests/batch/fixtures/%s --out %s/bad", vgdl, cases[k].file, tmp);
        if (rc != 2) print_error("%s: exit status %d\n", cases[k].file, rc);
        assert_int_equal(rc, 2);
        char want[512];
        snprintf(want, sizeof want, "tests/batch/fixtures/%s", cases[k].want);
        expect_in(err(), want);
        assert_string_equal(out(), "");
        assert_false(exists("%s/bad", tmp)); /* nothing ran, nothing was written */
    }
    assert_int_equal(sh("%s batch tests/batch/fixtures/err_game.ini", vgdl), 2);
    expect_in(err(), " bait"); /* the games there are */
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --shard 5/4", vgdl), 2);
    expect_in(err(), "--shard needs K/N with 1 <= K <= N, not '5/4'");
    assert_int_equal(sh("%s batch tests/batch/fixtures/nosuch.ini", vgdl), 2);
    expect_in(err(), "tests/batch/fixtures/nosuch.ini: cannot open");
}

/* ---- 3. Runs that go wrong ---------------------------------------------- */

static const char *row_of(const char *csv, const char *key) {
    static char line[1024];
    const char *p = strstr(csv, key);
    if (!p) return "";
    size_t n = strcspn(p, "\n");
    snprintf(line, sizeof line, "%.*s", (int)n, p);
    return line;
}

static void test_failed_runs_are_recorded(void **state) {
    (void)state;
    const char *faults = ASAN ? "crash:random:1,hang:onestep:2,exit:onestep:4,abort:random:5"
                              : "crash:random:1,hang:onestep:2,oom:random:3,exit:onestep:4,abort:random:5";
    assert_int_equal(
        sh("VGDL_BATCH_FAULT=%s %s batch tests/batch/fixtures/faults.ini --out %s/faults", faults, vgdl, tmp), 0);
    const char *csv = slurp("%s/faults/runs.csv", tmp);
    assert_int_equal(count_lines(csv), 13);
    expect_in(row_of(csv, "bait,0,random,,1,"), ",crashed,,0,0,0,0,");
    expect_in(row_of(csv, "bait,0,random,,1,"), "killed by signal 11");
    expect_in(row_of(csv, "bait,0,onestep,,2,"), ",timeout,");
    expect_in(row_of(csv, "bait,0,onestep,,2,"), "no result after 4 s (time_limit): killed");
    if (!ASAN) {
        expect_in(row_of(csv, "bait,0,random,,3,"), ",oom,");
        expect_in(row_of(csv, "bait,0,random,,3,"), "out of memory");
    }
    expect_in(row_of(csv, "bait,0,onestep,,4,"), ",error,");
    expect_in(row_of(csv, "bait,0,onestep,,4,"), "exited with status 3");
    expect_in(row_of(csv, "bait,0,random,,5,"), ",crashed,");
    expect_in(row_of(csv, "bait,0,random,,5,"), "killed by signal 6");
    expect_in(row_of(csv, "bait,0,random,,6,"), ",ok,"); /* the batch went on */
    expect_in(row_of(csv, "bait,0,onestep,,6,"), ",ok,");
    expect_in(row_of(csv, "bait,0,random,,2,"), ",ok,");
    expect_in(out(), "played 12 runs");
    expect_in(out(), "1 timeout");
}

static void test_game_that_fails_to_load_is_recorded(void **state) {
    (void)state;
    assert_int_equal(sh("%s batch tests/batch/fixtures/load_fail.ini --out %s/load_fail", vgdl, tmp), 0);
    expect_in(err(), "warning: game 'tests/fixtures/scripts/lines/global_index_error.lua' does not load");
    const char *csv = slurp("%s/load_fail/runs.csv", tmp);
    assert_int_equal(count_lines(csv), 5);
    for (int seed = 1; seed <= 2; seed++) {
        char key[256];
        snprintf(key, sizeof key, "global_index_error.lua,levels/bait/lvl0.txt,random,,%d,", seed);
        expect_in(row_of(csv, key), ",error,");
        expect_in(row_of(csv, key), "global_index_error.lua:1: ");
        snprintf(key, sizeof key, "bait,levels/bait/lvl0.txt,random,,%d,", seed);
        expect_in(row_of(csv, key), ",ok,"); /* the batch went on */
    }
    expect_in(out(), "4 runs, 2 failed (2 error");
}

/* ---- 4. Resuming ----------------------------------------------------------- */

static void test_resume_skips_done_runs_and_force_starts_over(void **state) {
    (void)state;
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/small", vgdl, tmp), 0);
    expect_in(out(), "20 done before, 0 to run");
    assert_int_equal(count_lines(slurp("%s/small/runs.csv", tmp)), 21);
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/small --force", vgdl, tmp), 0);
    expect_in(out(), "0 done before, 20 to run");
    assert_int_equal(count_lines(slurp("%s/small/runs.csv", tmp)), 21);
    assert_int_equal(count_lines(slurp("%s/small/runs.jsonl", tmp)), 20);
}

static void test_other_settings_are_refused(void **state) {
    (void)state;
    assert_int_equal(sh("sed 's/budget_calls = 20/budget_calls = 30/' tests/batch/fixtures/small.ini > %s/other.ini && "
                        "%s batch %s/other.ini --out %s/small",
                        tmp, vgdl, tmp, tmp),
                     2);
    expect_in(err(), "holds runs of agent 'random' made with other settings");
    expect_in(err(), "use --force");
    assert_int_equal(count_lines(slurp("%s/small/runs.csv", tmp)), 21);
}

static void test_torn_line_and_lagging_json_are_repaired(void **state) {
    (void)state;
    assert_int_equal(sh("%s report --runs --no-timing %s/small > %s/before.rows", vgdl, tmp, tmp), 0);
    /* a half-written row at the end of the CSV; the JSON file two rows short */
    assert_int_equal(
        sh("head -n 18 %s/small/runs.csv > %s/c && printf 'bait,1,onestep,5,123,ab' >> %s/c && mv %s/c %s/small/runs.csv && "
           "head -n 15 %s/small/runs.jsonl > %s/j && mv %s/j %s/small/runs.jsonl",
           tmp, tmp, tmp, tmp, tmp, tmp, tmp, tmp, tmp),
        0);
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/small", vgdl, tmp), 0);
    expect_in(err(), "runs.csv: cut a torn last line (23 bytes)");
    expect_in(err(), "rewriting the second from the first");
    expect_in(out(), "17 done before, 3 to run");
    assert_int_equal(count_lines(slurp("%s/small/runs.csv", tmp)), 21);
    assert_int_equal(count_lines(slurp("%s/small/runs.jsonl", tmp)), 20);
    assert_int_equal(sh("%s report --runs --no-timing %s/small > %s/after.rows && cmp %s/before.rows %s/after.rows",
                        vgdl, tmp, tmp, tmp, tmp),
                     0);
    /* a malformed line in the middle of both files: they are cut there and the rest played again */
    assert_int_equal(
        sh("sed -i '6s/,ok,/,okay,/' %s/small/runs.csv && sed -i '3s/\"ok\"/\"okay\"/' %s/small/runs.jsonl && "
           "%s batch tests/batch/fixtures/small.ini --out %s/small",
           tmp, tmp, vgdl, tmp),
        0);
    expect_in(err(), "runs.csv:6: malformed line: cut the file there");
    expect_in(err(), "runs.jsonl:3: malformed line: cut the file there");
    expect_in(err(), "runs.csv has 4 rows and");
    expect_in(out(), "4 done before, 16 to run");
    assert_int_equal(sh("%s report --runs --no-timing %s/small > %s/after.rows && cmp %s/before.rows %s/after.rows",
                        vgdl, tmp, tmp, tmp, tmp),
                     0);
    assert_int_equal(count_lines(slurp("%s/small/runs.jsonl", tmp)), 20);
    /* only the CSV damaged: the JSON lines hold every row, and the CSV is rebuilt from them */
    assert_int_equal(
        sh("sed -i '9s/,ok,/,okay,/' %s/small/runs.csv && %s batch tests/batch/fixtures/small.ini --out %s/small", tmp,
           vgdl, tmp),
        0);
    expect_in(err(), "runs.jsonl has 20 rows and");
    expect_in(out(), "20 done before, 0 to run");
    assert_int_equal(sh("%s report --runs --no-timing %s/small > %s/after.rows && cmp %s/before.rows %s/after.rows",
                        vgdl, tmp, tmp, tmp, tmp),
                     0);
}

static void test_killed_batch_resumes_exactly_once(void **state) {
    (void)state;
    int rc = sh("mkdir -p %s/kill && sh tests/batch/kill_resume.sh %s %s/kill", tmp, vgdl, tmp);
    if (rc) print_error("%s%s", out(), err());
    assert_int_equal(rc, 0);
}

static void test_stopped_batch_resumes(void **state) {
    (void)state;
    /* a run that hangs keeps the batch busy until SIGTERM comes */
    assert_int_equal(
        sh("VGDL_BATCH_FAULT=hang:random:3 %s batch tests/batch/fixtures/kill.ini --out %s/term & p=$!; "
           "n=0; until [ $(cat %s/term/runs.csv 2>/dev/null | wc -l) -ge 3 ] || [ $n -ge 200 ]; do sleep 0.05; n=$((n+1)); done; "
           "kill -TERM $p; wait $p",
           vgdl, tmp, tmp),
        143);
    expect_in(err(), "interrupted (Terminated) after");
    expect_in(err(), "run the same command to resume");
    assert_null(strstr(slurp("%s/term/runs.csv", tmp), "bait,0,random,,3,")); /* the run stopped is not recorded */
    assert_int_equal(sh("%s batch tests/batch/fixtures/kill.ini --out %s/term", vgdl, tmp), 0);
    assert_int_equal(count_lines(slurp("%s/term/runs.csv", tmp)), 401);
    expect_in(slurp("%s/term/runs.csv", tmp), "bait,0,random,,3,");
    assert_int_equal(sh("tail -n +2 %s/term/runs.csv | cut -d, -f1-5 | sort | uniq -d | wc -l", tmp), 0);
    assert_string_equal(out(), "0\n");
}

/* ---- 5. Workers, shards, clusters ---------------------------------------- */

static void test_rows_do_not_depend_on_workers(void **state) {
    (void)state;
    assert_int_equal(
        sh("%s batch tests/batch/fixtures/small.ini --out %s/w1 --workers 1 && "
           "%s batch tests/batch/fixtures/small.ini --out %s/w2 --workers 2 && "
           "%s report --runs --no-timing %s/w1 > %s/w1.rows && %s report --runs --no-timing %s/w2 > %s/w2.rows && "
           "cmp %s/w1.rows %s/w2.rows",
           vgdl, tmp, vgdl, tmp, vgdl, tmp, tmp, vgdl, tmp, tmp, tmp, tmp),
        0);
    /* the batch seed changes every run's seed */
    assert_int_equal(sh("printf 'seed = 7\\n' | cat tests/batch/fixtures/small.ini - > %s/seeded.ini && "
                        "%s batch %s/seeded.ini --out %s/seeded",
                        tmp, vgdl, tmp, tmp),
                     0);
    assert_int_equal(
        sh("tail -n +2 %s/w1/runs.csv | cut -d, -f6 | sort > %s/a && tail -n +2 %s/seeded/runs.csv | cut -d, -f6 | sort > %s/b && "
           "comm -12 %s/a %s/b | wc -l",
           tmp, tmp, tmp, tmp, tmp, tmp),
        0);
    assert_string_equal(out(), "0\n");
}

static void test_shards_are_disjoint_and_complete(void **state) {
    (void)state;
    for (int k = 1; k <= 3; k++)
        assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/sh --shard %d/3", vgdl, tmp, k), 0);
    expect_in(out(), "shard 3/3: 6; 0 done before, 6 to run");
    assert_int_equal(sh("cat %s/sh/shard-*/runs.csv | grep -v ^game | cut -d, -f1-5 | sort | uniq -d | wc -l", tmp), 0);
    assert_string_equal(out(), "0\n");
    assert_int_equal(
        sh("%s report --runs --no-timing %s/sh > %s/sh.rows && cmp %s/sh.rows %s/w1.rows", vgdl, tmp, tmp, tmp, tmp),
        0);
    /* an unsharded batch in the same folder finds the shards' runs done */
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/sh", vgdl, tmp), 0);
    expect_in(out(), "20 done before, 0 to run");
}

static void test_shards_through_gnu_parallel(void **state) {
    (void)state;
    int rc = sh("mkdir -p %s/par && sh tests/batch/parallel.sh %s %s/par", tmp, vgdl, tmp);
    if (rc) print_error("%s%s", out(), err());
    assert_int_equal(rc, 0);
}

static void test_slurm_script(void **state) {
    (void)state;
    assert_int_equal(sh("%s batch tests/batch/fixtures/shards.ini --out %s/sl --slurm", vgdl, tmp), 0);
    const char *s = out();
    expect_in(s, "#!/bin/sh\n");
    expect_in(s, "#SBATCH --array=1-4\n");
    expect_in(s, "#SBATCH --cpus-per-task=1\n");
    expect_in(s, "/sl/slurm-%A_%a.out\n");
    expect_in(s, " batch '");
    expect_in(s, "/tests/batch/fixtures/shards.ini' --out '");
    expect_in(s, " --shard \"$SLURM_ARRAY_TASK_ID/4\"\n");
    assert_int_equal(sh("%s batch tests/batch/fixtures/shards.ini --slurm --shard 1/2", vgdl), 2);
}

static void test_job_array_on_local_slurm(void **state) {
    (void)state;
    int rc = sh("mkdir -p %s/slurm && timeout 900 sh tests/batch/slurm.sh %s %s/slurm", tmp, vgdl, tmp);
    if (rc == 77) {
        print_message("%s", err());
        skip();
    }
    if (rc) print_error("%s%s", out(), err());
    assert_int_equal(rc, 0);
}

/* ---- 6. report, progress, examples -------------------------------------------- */

static void test_report_numbers(void **state) {
    (void)state;
    /* alpha: 20 runs, 15 won, scores 1..20; beta: 10 runs, none won, one crashed */
    assert_int_equal(sh("%s report --csv tests/batch/fixtures/report/a tests/batch/fixtures/report/b", vgdl), 0);
    assert_string_equal(
        out(),
        "game,level,agent,runs,failed,wins,win_rate,ci_low,ci_high,score_mean,score_sd,ticks_mean,ms_mean,ms_max,calls_mean,overspent\n"
        "bait,0,alpha,20,0,15,0.7500,0.5313,0.8881,10.5000,5.9161,105.0,0.5000,1.0000,2.00,0\n"
        "bait,0,beta,10,1,0,0.0000,0.0000,0.2775,1.5556,0.5270,100.0,0.2500,0.5000,5.00,9\n");
    /* the parent folder finds both; --no-timing drops the time columns */
    assert_int_equal(sh("%s report --csv --no-timing tests/batch/fixtures/report", vgdl), 0);
    expect_in(out(), "bait,0,alpha,20,0,15,0.7500,0.5313,0.8881,10.5000,5.9161,105.0,2.00,0\n");
    assert_int_equal(sh("%s report tests/batch/fixtures/report", vgdl), 0);
    expect_in(
        out(),
        "bait  0      alpha    20     0  0.75  [0.53, 0.89]  10.50 ± 5.92  105.0   0.500   1.000        2.0     0\n");
    expect_in(out(), "30 runs, 1 failed (1 crashed; they count as not won)");
    assert_int_equal(sh("%s report %s/nothing-here", vgdl, tmp), 2);
    expect_in(err(), "nothing-here");
    assert_int_equal(sh("%s report --bogus x", vgdl), 2);
}

static void test_progress_line_on_a_terminal(void **state) {
    (void)state;
    if (sh("command -v script") != 0) skip();
    assert_int_equal(sh("script -qec '%s batch tests/batch/fixtures/small.ini --out %s/tty' /dev/null", vgdl, tmp), 0);
    expect_in(out(), "20/20 runs, ");
    expect_in(out(), " elapsed, ");
    expect_in(out(), " left");
}

static void test_example_files(void **state) {
    (void)state;
    assert_int_equal(sh("%s batch examples/quick.ini --dry-run --out %s/ex", vgdl, tmp), 0);
    expect_in(out(), "to run with");
    int has_all = agent_find("astar") && agent_find("mcts");
    int rc = sh("%s batch examples/bait-demo.ini --dry-run --out %s/ex", vgdl, tmp);
    if (has_all) assert_int_equal(rc, 0);
    else { /* until astar and mcts exist: an error on the 'agents' line */ assert_int_equal(rc, 2);
        expect_in(err(), "examples/bait-demo.ini:4: unknown agent '");
    }
    assert_int_equal(sh("%s batch tests/batch/fixtures/variants.ini --dry-run", vgdl), 0);
    expect_in(out(), "24 runs (1 games x 2 levels x 3 agents x 4 seeds)");
    assert_int_equal(sh("%s batch examples/gvgai20.ini --dry-run --out %s/ex20", vgdl, tmp), 0);
    expect_in(out(), "1000 runs (20 games x 5 levels x 2 agents x 5 seeds)");
}

static void test_old_results_are_read_and_rewritten(void **state) {
    (void)state;
    /* small's results as an older vgdl wrote them: no opponent columns */
    assert_int_equal(sh("mkdir -p %s/old && cut -d, -f1-3,5-18,27- %s/w1/runs.csv > %s/old/runs.csv && "
                        "head -c 200 %s/old/runs.csv",
                        tmp, tmp, tmp, tmp),
                     0);
    expect_in(out(),
              "game,level,agent,seed,run_seed,config,status,result,win,score,ticks,decisions,ms_mean,ms_max,calls,"
              "calls_mean,overspent,run_ms,cpu_ms,error\nbait,0,random,1,");
    assert_int_equal(
        sh("%s report --runs --no-timing %s/old > %s/old.rows && cmp %s/old.rows %s/w1.rows", vgdl, tmp, tmp, tmp, tmp),
        0);
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/old", vgdl, tmp), 0);
    expect_in(err(), "has the columns of an older vgdl: rewriting it with today's");
    expect_in(out(), "20 done before, 0 to run");
    expect_in(slurp("%s/old/runs.csv", tmp), "game,level,agent,opponent,seed,");
    assert_int_equal(count_lines(slurp("%s/old/runs.jsonl", tmp)), 20);
    assert_int_equal(
        sh("%s report --runs --no-timing %s/old > %s/old.rows && cmp %s/old.rows %s/w1.rows", vgdl, tmp, tmp, tmp, tmp),
        0);
}

/* ---- 7. Two-player games -------------------------------------------------- */

typedef struct game_row {
    char agent[32], opponent[32], status[16], result[8];
    long long seed, decisions, opp_decisions, overspent;
    double calls_mean;
    int win;
} game_row;

/* Splits a CSV line without quoted fields into 'fields' (in place). */
static int split_csv(char *line, char **fields, int max) {
    int n = 0;
    for (char *p = line; n < max;) {
        fields[n++] = p;
        p = strchr(p, ',');
        if (!p) break;
        *p++ = '\0';
    }
    return n;
}

/* The rows of a runs.csv, by the header's column names; returns how many. */
static int read_games(const char *path, game_row *rows, int max) {
    static char text[1 << 18];
    snprintf(text, sizeof text, "%s", slurp("%s", path));
    char *save = NULL, *line = strtok_r(text, "\n", &save), *f[64];
    int col[9] = {-1, -1, -1, -1, -1, -1, -1, -1, -1}, n = 0;
    const char *want[9] = {"agent",     "opponent",      "status",    "result",    "seed",
                           "decisions", "opp_decisions", "overspent", "calls_mean"};
    int nf = line ? split_csv(line, f, 64) : 0;
    for (int k = 0; k < nf; k++)
        for (int j = 0; j < 9; j++)
            if (strcmp(f[k], want[j]) == 0) col[j] = k;
    for (int j = 0; j < 9; j++) assert_true(col[j] >= 0);
    while ((line = strtok_r(NULL, "\n", &save)) && n < max) {
        nf = split_csv(line, f, 64);
        assert_int_equal(nf, 29);
        game_row *r = &rows[n++];
        snprintf(r->agent, sizeof r->agent, "%s", f[col[0]]);
        snprintf(r->opponent, sizeof r->opponent, "%s", f[col[1]]);
        snprintf(r->status, sizeof r->status, "%s", f[col[2]]);
        snprintf(r->result, sizeof r->result, "%s", f[col[3]]);
        r->seed = atoll(f[col[4]]);
        r->decisions = atoll(f[col[5]]);
        r->opp_decisions = atoll(f[col[6]]);
        r->overspent = atoll(f[col[7]]);
        r->calls_mean = atof(f[col[8]]);
        r->win = atoi(f[col[3] + 1]);
    }
    return n;
}

static const char *const c4_agents[3] = {"random", "onestep", "alphabeta"};

static void test_round_robin_plays_every_pairing_both_ways(void **state) {
    (void)state;
    assert_int_equal(sh("%s batch tests/batch/fixtures/connect4.ini --out %s/c4", vgdl, tmp), 0);
    expect_in(out(), "12 runs (1 games x 1 levels x 2 seeds; 6 games between 3 agents in each of 1 two-player games); "
                     "0 done before, 12 to run");
    game_row rows[64];
    char path[512];
    snprintf(path, sizeof path, "%s/c4/runs.csv", tmp);
    int n = read_games(path, rows, 64);
    assert_int_equal(n, 12);
    int first[3] = {0}, second[3] = {0};
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            for (long long seed = 1; seed <= 2; seed++) {
                int found = 0;
                for (int k = 0; k < n; k++)
                    found += strcmp(rows[k].agent, c4_agents[a]) == 0 && strcmp(rows[k].opponent, c4_agents[b]) == 0 &&
                             rows[k].seed == seed;
                if (found != (a != b))
                    print_error("%s vs %s seed %lld: %d games\n", c4_agents[a], c4_agents[b], seed, found);
                assert_int_equal(found, a != b); /* every pairing once a seed and order, no self-play */
            }
    for (int k = 0; k < n; k++) {
        const game_row *r = &rows[k];
        for (int a = 0; a < 3; a++) {
            first[a] += strcmp(r->agent, c4_agents[a]) == 0;
            second[a] += strcmp(r->opponent, c4_agents[a]) == 0;
        }
        assert_string_equal(r->status, "ok");
        assert_true(strcmp(r->result, "win") == 0 || strcmp(r->result, "lose") == 0 || strcmp(r->result, "draw") == 0);
        assert_int_equal(r->win, strcmp(r->result, "win") == 0);
        /* the first player moves first: as many moves as the second, or one more; a win takes 4 discs */
        assert_true(r->decisions == r->opp_decisions || r->decisions == r->opp_decisions + 1);
        assert_true(r->decisions >= 4);
        /* alphabeta's own budget (20000 calls) is not the batch's (100): ~2000 calls a decision, none over */
        if (strcmp(r->agent, "alphabeta") == 0) {
            assert_true(r->calls_mean > 100);
            assert_int_equal(r->overspent, 0);
        }
    }
    for (int a = 0; a < 3; a++) {
        assert_int_equal(first[a], 4); /* 2 opponents x 2 seeds, first in each */
        assert_int_equal(second[a], 4);
    }
    /* one replay gives the same rows (call budgets only) */
    assert_int_equal(
        sh("%s batch tests/batch/fixtures/connect4.ini --out %s/c4b --workers 1 && "
           "%s report --runs --no-timing %s/c4 > %s/c4.rows && %s report --runs --no-timing %s/c4b > %s/c4b.rows && "
           "cmp %s/c4.rows %s/c4b.rows",
           vgdl, tmp, vgdl, tmp, tmp, vgdl, tmp, tmp, tmp, tmp),
        0);
}

typedef struct wdl {
    long games, failed, w, d, l;
} wdl;

/* Parses 'report --csv' of two-player games: cell[a][b] (b = 3: the total). */
static void read_cross_csv(const char *csv, wdl cell[3][4]) {
    static char text[1 << 16];
    snprintf(text, sizeof text, "%s", csv);
    memset(cell, 0, sizeof(wdl) * 12);
    char *save = NULL, *line = strtok_r(text, "\n", &save), *f[32];
    assert_non_null(line);
    assert_string_equal(line,
                        "game,level,agent,opponent,games,failed,wins,draws,losses,score,ci_low,ci_high,ms_mean,ms_max,"
                        "calls_mean,overspent");
    while ((line = strtok_r(NULL, "\n", &save))) {
        assert_int_equal(split_csv(line, f, 32), 16);
        int a = -1, b = 3;
        for (int k = 0; k < 3; k++) {
            if (strcmp(f[2], c4_agents[k]) == 0) a = k;
            if (strcmp(f[3], c4_agents[k]) == 0) b = k;
        }
        assert_true(a >= 0);
        if (b == 3) assert_string_equal(f[3], "");
        cell[a][b] = (wdl){atol(f[4]), atol(f[5]), atol(f[6]), atol(f[7]), atol(f[8])};
        double score = atof(f[9]), played = (double)(cell[a][b].w + cell[a][b].d + cell[a][b].l);
        if (played > 0) assert_true(fabs(score - ((double)cell[a][b].w + 0.5 * (double)cell[a][b].d) / played) < 1e-4);
    }
}

static void test_cross_table_agrees_with_rows(void **state) {
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/c4/runs.csv", tmp);
    game_row rows[64];
    int n = read_games(path, rows, 64);
    assert_int_equal(n, 12);
    assert_int_equal(sh("%s report --csv %s/c4", vgdl, tmp), 0);
    wdl cell[3][4];
    read_cross_csv(out(), cell);
    long fw = 0, fd = 0, fl = 0;
    for (int k = 0; k < n; k++)
        fw += rows[k].result[0] == 'w', fd += rows[k].result[0] == 'd', fl += rows[k].result[0] == 'l';
    for (int a = 0; a < 3; a++) {
        wdl sum = {0};
        for (int b = 0; b < 3; b++) {
            wdl want = {0};
            for (int k = 0; k < n; k++) { /* a's results against b from the rows, in both seats */
                const game_row *r = &rows[k];
                int as_first = strcmp(r->agent, c4_agents[a]) == 0 && strcmp(r->opponent, c4_agents[b]) == 0;
                int as_second = strcmp(r->agent, c4_agents[b]) == 0 && strcmp(r->opponent, c4_agents[a]) == 0;
                if (!as_first && !as_second) continue;
                int res = r->result[0] == 'w' ? 1 : r->result[0] == 'l' ? -1 : 0;
                if (as_second) res = -res;
                want.games++, want.w += res > 0, want.d += res == 0, want.l += res < 0;
            }
            if (a == b) {
                assert_int_equal(cell[a][b].games, 0);
                continue;
            }
            assert_int_equal(want.games, 4); /* 2 seeds x both orders */
            assert_int_equal(cell[a][b].games, want.games);
            assert_int_equal(cell[a][b].failed, 0);
            assert_int_equal(cell[a][b].w, want.w);
            assert_int_equal(cell[a][b].d, want.d);
            assert_int_equal(cell[a][b].l, want.l);
            /* what a won against b, b lost against a */
            assert_int_equal(cell[a][b].w, cell[b][a].l);
            assert_int_equal(cell[a][b].d, cell[b][a].d);
            sum.games += cell[a][b].games, sum.w += cell[a][b].w, sum.d += cell[a][b].d, sum.l += cell[a][b].l;
        }
        assert_int_equal(cell[a][3].games, 8);
        assert_int_equal(cell[a][3].games, sum.games);
        assert_int_equal(cell[a][3].w, sum.w);
        assert_int_equal(cell[a][3].d, sum.d);
        assert_int_equal(cell[a][3].l, sum.l);
    }
    /* the table for people: each agent's line holds its total W-D-L, and the first player's tally */
    assert_int_equal(sh("%s report %s/c4", vgdl, tmp), 0);
    expect_in(out(), "connect4 level 0: 12 games between 3 agents;");
    for (int a = 0; a < 3; a++) {
        char line[256], want[64];
        snprintf(line, sizeof line, "\n%s ", c4_agents[a]);
        const char *at = strstr(out(), line);
        assert_non_null(at);
        snprintf(line, sizeof line, "%.*s", (int)strcspn(at + 1, "\n"), at + 1);
        snprintf(want, sizeof want, "  8     0  %ld-%ld-%ld  ", cell[a][3].w, cell[a][3].d, cell[a][3].l);
        expect_in(line, want);
    }
    char first[64];
    snprintf(first, sizeof first, "first player: %ld-%ld-%ld", fw, fd, fl);
    expect_in(out(), first);
}

static void test_report_two_player_numbers(void **state) {
    (void)state;
    /* alpha-beta 3-2-1 over 6 games, alpha-gamma 2-1-0 and a crash (a game cut off by max_ticks is a draw) */
    assert_int_equal(sh("%s report --csv tests/batch/fixtures/report2", vgdl), 0);
    assert_string_equal(
        out(),
        "game,level,agent,opponent,games,failed,wins,draws,losses,score,ci_low,ci_high,ms_mean,ms_max,calls_mean,overspent\n"
        "g,0,alpha,,10,1,5,3,1,0.7222,0.4019,0.9096,1.0000,2.0000,10.00,1\n"
        "g,0,alpha,beta,6,0,3,2,1,0.6667,0.3000,0.9032,1.0000,2.0000,10.00,1\n"
        "g,0,alpha,gamma,4,1,2,1,0,0.8333,0.3100,0.9823,1.0000,2.0000,10.00,0\n"
        "g,0,beta,,6,0,1,2,3,0.3333,0.0968,0.7000,0.5000,1.0000,10.00,0\n"
        "g,0,beta,alpha,6,0,1,2,3,0.3333,0.0968,0.7000,0.5000,1.0000,10.00,0\n"
        "g,0,gamma,,4,1,0,1,2,0.1667,0.0177,0.6900,2.0000,4.0000,10.00,2\n"
        "g,0,gamma,alpha,4,1,0,1,2,0.1667,0.0177,0.6900,2.0000,4.0000,10.00,2\n");
    assert_int_equal(sh("%s report tests/batch/fixtures/report2", vgdl), 0);
    expect_in(out(),
              "agent  alpha   beta  gamma  games  fail  W-D-L  score        95% CI  ms/dec  max ms  calls/dec  over\n"
              "alpha      -  3-2-1  2-1-0     10     1  5-3-1   0.72  [0.40, 0.91]   1.000   2.000       10.0     1\n"
              "beta   1-2-3      -      -      6     0  1-2-3   0.33  [0.10, 0.70]   0.500   1.000       10.0     0\n"
              "gamma  0-1-2      -      -      4     1  0-1-2   0.17  [0.02, 0.69]   2.000   4.000       10.0     2\n"
              "first player: 4-3-2, score 0.61\n"
              "10 games, 1 failed (1 crashed; not in W-D-L)");
    /* one- and two-player results together: both summaries */
    assert_int_equal(sh("%s report tests/batch/fixtures/report tests/batch/fixtures/report2", vgdl), 0);
    expect_in(out(), "bait  0      alpha    20     0  0.75");
    expect_in(out(), "30 runs, 1 failed");
    expect_in(out(), "\n\ng level 0: 10 games between 3 agents;");
    /* --csv prints one table (pandas would read a second header as a row):
     * the one-player one, a note on stderr; --two-player the other */
    assert_int_equal(sh("%s report --csv --no-timing tests/batch/fixtures/report tests/batch/fixtures/report2", vgdl),
                     0);
    expect_in(out(), "bait,0,beta,10,1,0,0.0000,0.0000,0.2775,1.5556,0.5270,100.0,5.00,9\n");
    assert_null(strstr(out(), "\n\n"));
    assert_null(strstr(out(), "opponent"));
    expect_in(err(), "add --two-player");
    assert_int_equal(
        sh("%s report --csv --two-player --no-timing tests/batch/fixtures/report tests/batch/fixtures/report2", vgdl),
        0);
    const char *two =
        "game,level,agent,opponent,games,failed,wins,draws,losses,score,ci_low,ci_high,calls_mean,overspent\n"
        "g,0,alpha,,10,1,5,3,1,0.7222,0.4019,0.9096,10.00,1\n";
    assert_true(strncmp(out(), two, strlen(two)) == 0);
    assert_null(strstr(out(), "bait"));
}

static void test_round_robin_resumes(void **state) {
    (void)state;
    /* damaged: 7 rows and a torn one in the CSV, the JSON lines 3 rows behind */
    assert_int_equal(
        sh("cp -r %s/c4 %s/c4r && head -n 8 %s/c4/runs.csv > %s/c4r/runs.csv && printf 'connect4,0,random,onestep,2,8' "
           ">> %s/c4r/runs.csv && head -n 4 %s/c4/runs.jsonl > %s/c4r/runs.jsonl",
           tmp, tmp, tmp, tmp, tmp, tmp, tmp),
        0);
    assert_int_equal(sh("%s batch tests/batch/fixtures/connect4.ini --out %s/c4r", vgdl, tmp), 0);
    expect_in(err(), "cut a torn last line");
    expect_in(out(), "7 done before, 5 to run");
    assert_int_equal(count_lines(slurp("%s/c4r/runs.csv", tmp)), 13);
    assert_int_equal(count_lines(slurp("%s/c4r/runs.jsonl", tmp)), 12);
    assert_int_equal(sh("tail -n +2 %s/c4r/runs.csv | cut -d, -f1-5 | sort | uniq -d | wc -l", tmp), 0);
    assert_string_equal(out(), "0\n");
    assert_int_equal(
        sh("%s report --runs --no-timing %s/c4r > %s/c4r.rows && cmp %s/c4r.rows %s/c4.rows", vgdl, tmp, tmp, tmp, tmp),
        0);
    assert_int_equal(sh("%s batch tests/batch/fixtures/connect4.ini --out %s/c4r", vgdl, tmp), 0);
    expect_in(out(), "12 done before, 0 to run");
    /* another budget for one agent: the games it played are other games */
    assert_int_equal(
        sh("sed 's/budget_calls = 20000/budget_calls = 30000/' tests/batch/fixtures/connect4.ini > %s/c4other.ini && "
           "%s batch %s/c4other.ini --out %s/c4r",
           tmp, vgdl, tmp, tmp),
        2);
    expect_in(err(), "alphabeta");
    expect_in(err(), "made with other settings");
    /* shards: disjoint, and together the rows of one batch */
    for (int k = 1; k <= 2; k++)
        assert_int_equal(
            sh("%s batch tests/batch/fixtures/connect4.ini --out %s/c4sh --shard %d/2 --workers 1", vgdl, tmp, k), 0);
    expect_in(out(), "shard 2/2: 6;");
    assert_int_equal(sh("%s report --runs --no-timing %s/c4sh > %s/c4sh.rows && cmp %s/c4sh.rows %s/c4.rows", vgdl, tmp,
                        tmp, tmp, tmp),
                     0);
    /* killed with SIGKILL again and again */
    int rc = sh("mkdir -p %s/kill2 && sh tests/batch/kill_resume.sh %s %s/kill2 tests/batch/fixtures/kill2.ini 1800",
                tmp, vgdl, tmp);
    if (rc) print_error("%s%s", out(), err());
    assert_int_equal(rc, 0);
}

static void test_round_robin_failures_and_self_play(void **state) {
    (void)state;
    /* a planner for one player names no move in Connect Four: the game is an error, the batch goes on */
    assert_int_equal(
        sh("printf '[batch]\\ngames = connect4\\nagents = random, bfs\\nbudget_calls = 50\\n' > %s/bfs.ini && "
           "%s batch %s/bfs.ini --out %s/bfs",
           tmp, vgdl, tmp, tmp),
        0);
    const char *csv = slurp("%s/bfs/runs.csv", tmp);
    expect_in(row_of(csv, "connect4,0,bfs,random,1,"), "agent 'bfs' (first player) named no legal move");
    expect_in(row_of(csv, "connect4,0,random,bfs,1,"), "agent 'bfs' (second player) named no legal move");
    expect_in(row_of(csv, "connect4,0,random,bfs,1,"), ",error,");
    expect_in(out(), "2 games, 2 failed (2 error; not in W-D-L)");
    /* a crash in a game: recorded, counted as failed for both agents, not in W-D-L */
    assert_int_equal(
        sh("VGDL_BATCH_FAULT=crash:random:1 %s batch tests/batch/fixtures/connect4.ini --out %s/c4crash", vgdl, tmp),
        0);
    csv = slurp("%s/c4crash/runs.csv", tmp);
    expect_in(row_of(csv, "connect4,0,random,onestep,1,"), ",crashed,");
    expect_in(row_of(csv, "connect4,0,random,alphabeta,1,"), ",crashed,");
    expect_in(row_of(csv, "connect4,0,onestep,random,1,"), ",ok,");
    expect_in(out(), "12 games, 2 failed (2 crashed; not in W-D-L)");
    expect_in(out(), "\nrandom  ");
    assert_int_equal(sh("%s report --csv %s/c4crash | grep '^connect4,0,random,,'", vgdl, tmp), 0);
    expect_in(out(), "connect4,0,random,,8,2,");
    /* self-play: each agent also against itself, once a seed */
    assert_int_equal(
        sh("printf '[batch]\\ngames = connect4\\nagents = random, onestep, alphabeta\\nseeds = 1-2\\nself_play = 1\\n' "
           "> %s/self.ini && %s batch %s/self.ini --dry-run",
           tmp, vgdl, tmp),
        0);
    expect_in(
        out(),
        "18 runs (1 games x 1 levels x 2 seeds; 9 games between 3 agents with self-play in each of 1 two-player games)");
    assert_int_equal(
        sh("printf '[batch]\\ngames = connect4\\nagents = random, onestep\\nself_play = 1\\nbudget_calls = 50\\n' "
           "> %s/self2.ini && %s batch %s/self2.ini --out %s/self",
           tmp, vgdl, tmp, tmp),
        0);
    csv = slurp("%s/self/runs.csv", tmp);
    assert_int_equal(count_lines(csv), 5);
    expect_in(row_of(csv, "connect4,0,random,random,1,"), ",ok,");
    expect_in(row_of(csv, "connect4,0,onestep,onestep,1,"), ",ok,");
    expect_in(out(), "4 games between 2 agents");
}

/* ---- 8. One writer per out folder; files that hold a run twice ------------- */

/* The same file started twice at once on one folder: one batch plays, the
 * other exits 2 naming the process that holds the folder; every run once. */
static void test_one_writer_per_out_folder(void **state) {
    (void)state;
    int rc = sh("%s batch tests/batch/fixtures/kill.ini --out %s/twice >%s/a.out 2>%s/a.err & a=$!; "
                "%s batch tests/batch/fixtures/kill.ini --out %s/twice >%s/b.out 2>%s/b.err & b=$!; "
                "wait $a; ra=$?; wait $b; rb=$?; echo $ra $rb",
                vgdl, tmp, tmp, tmp, vgdl, tmp, tmp, tmp);
    assert_int_equal(rc, 0);
    const char *codes = out();
    int ra = -1, rb = -1;
    assert_int_equal(sscanf(codes, "%d %d", &ra, &rb), 2);
    assert_true((ra == 0 && (rb == 0 || rb == 2)) || (rb == 0 && ra == 2));
    if (ra == 2 || rb == 2) {
        const char *e = slurp("%s/%s.err", tmp, ra == 2 ? "a" : "b");
        expect_in(e, "twice is in use: another batch (process ");
        expect_in(e, "wait for it to end, or use another out folder");
    }
    assert_int_equal(count_lines(slurp("%s/twice/runs.csv", tmp)), 401);
    assert_int_equal(count_lines(slurp("%s/twice/runs.jsonl", tmp)), 400);
    assert_int_equal(sh("tail -n +2 %s/twice/runs.csv | cut -d, -f1-5 | sort | uniq -d | wc -l", tmp), 0);
    assert_string_equal(out(), "0\n");
    /* a batch held up by a hanging run: the second is refused at once, and says by whom */
    assert_int_equal(
        sh("VGDL_BATCH_FAULT=hang:random:1 %s batch tests/batch/fixtures/kill.ini --out %s/held --force & p=$!; "
           "n=0; until [ -s %s/held/runs.csv ] || [ $n -ge 200 ]; do sleep 0.05; n=$((n+1)); done; "
           "timeout 20 %s batch tests/batch/fixtures/kill.ini --out %s/held; rc=$?; kill -TERM $p; wait $p; "
           "echo \"pid $p\"; exit $rc",
           vgdl, tmp, tmp, vgdl, tmp),
        2);
    char want[128];
    int pid = 0;
    const char *p = strstr(out(), "pid ");
    assert_non_null(p);
    pid = atoi(p + 4);
    snprintf(want, sizeof want, "held is in use: another batch (process %d)", pid);
    expect_in(err(), want);
    /* a shard and a whole batch on one folder do not mix either */
    assert_int_equal(
        sh("VGDL_BATCH_FAULT=hang:random:1 %s batch tests/batch/fixtures/kill.ini --out %s/mixed --shard 1/2 & p=$!; "
           "n=0; until [ -s %s/mixed/shard-1-of-2/runs.csv ] || [ $n -ge 200 ]; do sleep 0.05; n=$((n+1)); done; "
           "timeout 20 %s batch tests/batch/fixtures/kill.ini --out %s/mixed; rc=$?; kill -TERM $p; wait $p; exit $rc",
           vgdl, tmp, tmp, vgdl, tmp),
        2);
    expect_in(err(), "mixed is in use");
}

/* A run written twice (by two batches before there was a lock) is kept
 * once, in both files, by the next start (issue 19.11). */
static void test_resume_repairs_duplicated_runs(void **state) {
    (void)state;
    assert_int_equal(
        sh("%s batch tests/batch/fixtures/small.ini --out %s/dup && %s report --runs --no-timing %s/dup > %s/dup.rows",
           vgdl, tmp, vgdl, tmp, tmp),
        0);
    /* rows 3-5 again at the end of both files, and one more in the CSV only */
    assert_int_equal(
        sh("sed -n 4,6p %s/dup/runs.csv >> %s/dup/runs.csv && sed -n 9p %s/dup/runs.csv >> %s/dup/runs.csv && "
           "sed -n 3,5p %s/dup/runs.jsonl >> %s/dup/runs.jsonl",
           tmp, tmp, tmp, tmp, tmp, tmp),
        0);
    assert_int_equal(count_lines(slurp("%s/dup/runs.csv", tmp)), 25);
    assert_int_equal(sh("%s batch tests/batch/fixtures/small.ini --out %s/dup", vgdl, tmp), 0);
    expect_in(err(), "runs.csv holds 4 runs twice: keeping the first row of each");
    expect_in(err(), "runs.jsonl holds 3 runs twice");
    expect_in(out(), "20 done before, 0 to run");
    assert_int_equal(count_lines(slurp("%s/dup/runs.csv", tmp)), 21);
    assert_int_equal(count_lines(slurp("%s/dup/runs.jsonl", tmp)), 20);
    assert_int_equal(sh("tail -n +2 %s/dup/runs.csv | cut -d, -f1-5 | sort | uniq -d | wc -l", tmp), 0);
    assert_string_equal(out(), "0\n");
    assert_int_equal(
        sh("grep -o '\"game\":\"bait\",\"level\":\"[0-9]*\",\"agent\":\"[a-z]*\",\"opponent\":\"\",\"seed\":[0-9]*' "
           "%s/dup/runs.jsonl | sort | uniq -d | wc -l",
           tmp),
        0);
    assert_string_equal(out(), "0\n");
    assert_int_equal(sh("%s report --runs --no-timing %s/dup | cmp - %s/dup.rows", vgdl, tmp, tmp), 0);
}

/* ---- 9. Slurm settings and paths that would run as commands (issue 19) ----- */

static void test_slurm_settings_are_checked(void **state) {
    (void)state;
    /* 19.9: all three set: checked (no read past the list), and written */
    assert_int_equal(
        sh("printf '[batch]\\ngames = bait\\nagents = random\\nshards = 2\\nslurm_partition = short\\n"
           "slurm_time = 0:10:00\\nslurm_args = --mem=1G --qos=low\\n' > %s/sl3.ini && %s batch %s/sl3.ini --slurm --out %s/sl3",
           tmp, vgdl, tmp, tmp),
        0);
    expect_in(out(), "#SBATCH --partition=short\n#SBATCH --time=0:10:00\n#SBATCH --mem=1G\n#SBATCH --qos=low\n");
    /* slurm_args alone is checked too, on its own line */
    static const char *const bad[] = {"$(touch INJECTED)", "`touch INJECTED`", "--comment=\\047x\\047",
                                      "--comment=\\\"x\\\""};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(sh("printf '[batch]\\ngames = bait\\nagents = random\\nslurm_args = %s\\n' > %s/slbad.ini && "
                            "%s batch %s/slbad.ini --slurm --out %s/slbad",
                            bad[k], tmp, vgdl, tmp, tmp),
                         2);
        expect_in(err(), "slbad.ini:4: 'slurm_args' may not hold quotes, '$', '`' or '\\'");
    }
    assert_false(exists("INJECTED"));
}

static void test_job_script_paths_are_quoted_or_refused(void **state) {
    (void)state;
    /* 19.10: a newline in the out folder, the INI path or the working directory is refused */
    assert_int_equal(
        sh("%s batch tests/batch/fixtures/shards.ini --slurm --out \"$(printf '%s/nl\\ntouch INJECTED')\"", vgdl, tmp),
        2);
    expect_in(err(), "the out folder holds a newline");
    assert_int_equal(
        sh("mkdir -p \"$(printf '%s/d\\nx')\" && cp tests/batch/fixtures/shards.ini \"$(printf '%s/d\\nx/s.ini')\" && "
           "%s batch \"$(printf '%s/d\\nx/s.ini')\" --slurm --out %s/nlini",
           tmp, tmp, vgdl, tmp, tmp),
        2);
    expect_in(err(), "the INI file's path holds a newline");
    char here[1024], abs_vgdl[2100];
    assert_non_null(getcwd(here, sizeof here));
    if (vgdl[0] == '/') snprintf(abs_vgdl, sizeof abs_vgdl, "%s", vgdl);
    else snprintf(abs_vgdl, sizeof abs_vgdl, "%s/%s", here, vgdl);
    assert_int_equal(sh("cd \"$(printf '%s/d\\nx')\" && ln -sf %s/scripts scripts && ln -sf %s/levels levels && "
                        "%s batch %s/tests/batch/fixtures/shards.ini --slurm --out %s/nlcwd",
                        tmp, here, here, abs_vgdl, here, tmp),
                     2);
    expect_in(err(), "the working directory holds a newline");
    /* quotes, spaces and '$' in the out folder are single-quoted in the script, and keep sbatch's lines plain */
    assert_int_equal(
        sh("%s batch tests/batch/fixtures/shards.ini --slurm --out \"%s/o'x \\$(touch INJECTED)\" > %s/job.sh", vgdl,
           tmp, tmp),
        0);
    const char *s = slurp("%s/job.sh", tmp);
    expect_in(s, "/o'\\''x $(touch INJECTED)' --shard \"$SLURM_ARRAY_TASK_ID/4\"\n");
    assert_null(strstr(s, "#SBATCH --output"));
    assert_int_equal(sh("sh -n %s/job.sh", tmp), 0);
    assert_int_equal(
        sh("grep -v '^#' %s/job.sh | sed 's/^exec /echo /' > %s/echo.sh && cd %s && sh %s/echo.sh", tmp, tmp, tmp, tmp),
        0);
    assert_false(exists("%s/INJECTED", tmp));
    assert_false(exists("INJECTED"));
}

/* 19.13: --submit --dry-run shows the job and submits nothing. */
static void test_submit_dry_run_does_not_submit(void **state) {
    (void)state;
    assert_int_equal(
        sh("mkdir -p %s/fakebin && printf '#!/bin/sh\\ntouch %s/SBATCH_CALLED\\necho Submitted batch job 1\\n' > "
           "%s/fakebin/sbatch && chmod +x %s/fakebin/sbatch",
           tmp, tmp, tmp, tmp),
        0);
    assert_int_equal(
        sh("PATH=%s/fakebin:$PATH %s batch tests/batch/fixtures/shards.ini --submit --dry-run --out %s/dry", tmp, vgdl,
           tmp),
        0);
    expect_in(out(), "#SBATCH --array=1-4\n");
    expect_in(out(), "--dry-run: not submitted");
    assert_false(exists("%s/SBATCH_CALLED", tmp));
    assert_false(exists("%s/dry/batch.sbatch", tmp));
    /* without --dry-run the fake sbatch is called: the test can tell */
    assert_int_equal(
        sh("PATH=%s/fakebin:$PATH %s batch tests/batch/fixtures/shards.ini --submit --out %s/dry", tmp, vgdl, tmp), 0);
    assert_true(exists("%s/SBATCH_CALLED", tmp));
}

/* ---- 10. Big lists and misspelt agents --------------------------------------- */

/* 19.12: 100000 levels are checked for repeats in linear time: the errors come at once. */
static void test_many_levels_are_checked_fast(void **state) {
    (void)state;
    double t0 = now_seconds();
    assert_int_equal(sh("printf '[batch]\\ngames = bait\\nlevels = 0-99999\\nagents = random\\n' > %s/lv.ini && "
                        "timeout 60 %s batch %s/lv.ini --dry-run",
                        tmp, vgdl, tmp),
                     2);
    double took = now_seconds() - t0;
    expect_in(err(), "lv.ini:3: game 'bait' level '5': ");
    expect_in(err(), "more errors not shown");
    if (took > 20) print_error("took %.1f s\n", took);
    assert_true(took < 20); /* 38 s when the check was quadratic; about 1 s on a quiet machine now */
    assert_int_equal(sh("printf '[batch]\\ngames = bait\\nlevels = 0-99998, 4\\nagents = random\\n' > %s/lv2.ini && "
                        "timeout 60 %s batch %s/lv2.ini --dry-run",
                        tmp, vgdl, tmp),
                     2);
    expect_in(err(), "lv2.ini:3: level '4' is listed twice");
}

/* 17.11: a misspelt agent with a section for the right name: the error
 * points from the misspelling to the section, not the other way. */
static void test_misspelt_agent_points_to_its_section(void **state) {
    (void)state;
    assert_int_equal(sh("printf '[batch]\\ngames = bait\\nagents = random, mtcs\\n[mcts]\\nc = 1\\n' > %s/typo.ini && "
                        "%s batch %s/typo.ini --dry-run",
                        tmp, vgdl, tmp),
                     2);
    expect_in(err(), "typo.ini:3: unknown agent 'mtcs'; did you mean 'mcts' (the section [mcts] on line 4)?");
    assert_null(strstr(err(), "did you mean [mtcs]"));
    assert_int_equal(count_lines(err()), 1);
    /* a label of one's own, misspelt */
    assert_int_equal(
        sh("printf '[batch]\\ngames = bait\\nagents = random, gredy\\n[greedy]\\nagent = onestep\\n' > %s/typo2.ini && "
           "%s batch %s/typo2.ini --dry-run",
           tmp, vgdl, tmp),
        2);
    expect_in(err(), "typo2.ini:3: unknown agent 'gredy'; did you mean 'greedy' (the section [greedy] on line 4)?");
    /* a section whose agent is listed under another name is still its own error */
    assert_int_equal(
        sh("printf '[batch]\\ngames = bait\\nagents = random, onestep\\n[ranodm]\\nx = 1\\n' > %s/typo3.ini && "
           "%s batch %s/typo3.ini --dry-run",
           tmp, vgdl, tmp),
        2);
    expect_in(err(), "typo3.ini:4: section [ranodm] is not in 'agents'; did you mean [random]?");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batch_writes_rows_and_summary),
        cmocka_unit_test(test_batch_warns_when_overspent),
        cmocka_unit_test(test_rows_replay_with_vgdl_run),
        cmocka_unit_test(test_gvgai_game_files),
        cmocka_unit_test(test_errors_name_file_and_line),
        cmocka_unit_test(test_failed_runs_are_recorded),
        cmocka_unit_test(test_game_that_fails_to_load_is_recorded),
        cmocka_unit_test(test_resume_skips_done_runs_and_force_starts_over),
        cmocka_unit_test(test_other_settings_are_refused),
        cmocka_unit_test(test_torn_line_and_lagging_json_are_repaired),
        cmocka_unit_test(test_killed_batch_resumes_exactly_once),
        cmocka_unit_test(test_stopped_batch_resumes),
        cmocka_unit_test(test_rows_do_not_depend_on_workers),
        cmocka_unit_test(test_shards_are_disjoint_and_complete),
        cmocka_unit_test(test_shards_through_gnu_parallel),
        cmocka_unit_test(test_slurm_script),
        cmocka_unit_test(test_job_array_on_local_slurm),
        cmocka_unit_test(test_report_numbers),
        cmocka_unit_test(test_progress_line_on_a_terminal),
        cmocka_unit_test(test_example_files),
        cmocka_unit_test(test_old_results_are_read_and_rewritten),
        cmocka_unit_test(test_round_robin_plays_every_pairing_both_ways),
        cmocka_unit_test(test_cross_table_agrees_with_rows),
        cmocka_unit_test(test_report_two_player_numbers),
        cmocka_unit_test(test_round_robin_resumes),
        cmocka_unit_test(test_round_robin_failures_and_self_play),
        cmocka_unit_test(test_one_writer_per_out_folder),
        cmocka_unit_test(test_resume_repairs_duplicated_runs),
        cmocka_unit_test(test_slurm_settings_are_checked),
        cmocka_unit_test(test_job_script_paths_are_quoted_or_refused),
        cmocka_unit_test(test_submit_dry_run_does_not_submit),
        cmocka_unit_test(test_many_levels_are_checked_fast),
        cmocka_unit_test(test_misspelt_agent_points_to_its_section),
    };
    if (getenv("VGDL_TEST_FILTER")) cmocka_set_test_filter(getenv("VGDL_TEST_FILTER")); /* e.g. "test_slurm*" */
    return cmocka_run_group_tests(tests, setup, teardown);
}
