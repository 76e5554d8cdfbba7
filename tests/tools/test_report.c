/* SPDX-License-Identifier: MIT
 *
 * test_report.c -- 'vgdl report' (tools/batch/report.c, table.c, picture/chart.c) on
 * hand-made results (tests/tools/fixtures/report/runs.csv: Bait levels 0
 * and 1; alpha wins 6 of 8 and 2 of 4, beta_2#%& 1 of 4 and 0 of 4):
 *
 * 1. --markdown and --latex: the text report's table as a GitHub table
 *    and a booktabs tabular, names escaped; the lines around them as
 *    prose (LaTeX: % comments).
 * 2. Across levels: every run counted once (alpha 8 of 12, beta 1 of 8)
 *    with Wilson intervals worked out by hand; printed after the
 *    per-level table when an agent played two levels; --summary alone.
 * 3. --plot: the PNG decoded: its size, a white background, each bar as
 *    tall as its win rate (PLOT_H = 240 pixels for 1) in its agent's
 *    colour, black whiskers; two-player results plot scores.
 * 4. Bad options and unwritable plots: exit 2, the reason named.
 * 5. Sizes bounded before the memory is spent (issue 27): a cross table
 *    of more than 256 agents, a chart over 2^25 pixels: exit 2, the
 *    reason named, nothing printed and no picture.
 */
#include "run_vgdl.h"

#define RUNS "tests/tools/fixtures/report"

/* ---- 1. Markdown and LaTeX ------------------------------------------------ */

static void test_markdown(void **state) {
    (void)state;
    assert_int_equal(sh("%s report --markdown --no-timing " RUNS, vgdl), 0);
    assert_string_equal(
        out(),
        "| game | level | agent      | runs | fail |  win |       95% CI |       score | ticks | calls/dec | over |\n"
        "|:-----|:------|:-----------|-----:|-----:|-----:|-------------:|------------:|------:|----------:|-----:|\n"
        "| bait | 0     | alpha      |    8 |    0 | 0.75 | [0.41, 0.93] | 4.50 ± 2.45 |  45.0 |       2.0 |    0 |\n"
        "| bait | 0     | beta\\_2#%& |    4 |    0 | 0.25 | [0.05, 0.70] | 2.50 ± 1.29 |  25.0 |       2.0 |    0 |\n"
        "| bait | 1     | alpha      |    4 |    0 | 0.50 | [0.15, 0.85] | 2.50 ± 1.29 |  25.0 |       2.0 |    0 |\n"
        "| bait | 1     | beta\\_2#%& |    4 |    0 | 0.00 | [0.00, 0.49] | 2.50 ± 1.29 |  25.0 |       2.0 |    0 |\n"
        "\n"
        "20 runs; score, ticks and times are over the runs that ended ok\n"
        "\n"
        "across levels: per game x agent, every run of the agent on the game's levels counted once\n"
        "\n"
        "| game | levels | agent      | runs | fail |  win |       95% CI |       score | ticks | calls/dec | over |\n"
        "|:-----|:-------|:-----------|-----:|-----:|-----:|-------------:|------------:|------:|----------:|-----:|\n"
        "| bait | 2      | alpha      |   12 |    0 | 0.67 | [0.39, 0.86] | 3.83 ± 2.29 |  38.3 |       2.0 |    0 |\n"
        "| bait | 2      | beta\\_2#%& |    8 |    0 | 0.12 | [0.02, 0.47] | 2.50 ± 1.20 |  25.0 |       2.0 |    0 |\n"
        "\n");
}

static void test_latex(void **state) {
    (void)state;
    assert_int_equal(sh("%s report --latex --summary --no-timing " RUNS, vgdl), 0);
    assert_string_equal(
        out(),
        "\\begin{tabular}{lllrrrrrrrr}\n"
        "\\toprule\n"
        "game & levels & agent         & runs & fail &  win &      95\\% CI &           score & ticks & calls/dec & over \\\\\n"
        "\\midrule\n"
        "bait & 2      & alpha         &   12 &    0 & 0.67 & [0.39, 0.86] & 3.83 $\\pm$ 2.29 &  38.3 &       2.0 &    0 \\\\\n"
        "bait & 2      & beta\\_2\\#\\%\\& &    8 &    0 & 0.12 & [0.02, 0.47] & 2.50 $\\pm$ 1.20 &  25.0 &       2.0 &    0 \\\\\n"
        "\\bottomrule\n"
        "\\end{tabular}\n"
        "% 20 runs; score, ticks and times are over the runs that ended ok\n");
    /* a name starting with '[' is braced, else the \\ before it reads it as its option */
    assert_int_equal(sh("mkdir -p %s/br && sed 's/^bait,/[x],/' " RUNS "/runs.csv > %s/br/runs.csv", tmp, tmp), 0);
    assert_int_equal(sh("%s report --latex %s/br", vgdl, tmp), 0);
    expect_in(out(), "\\\\\n{}[x] & 0");
}

/* ---- 2. Across levels ----------------------------------------------------- */

static void test_summary(void **state) {
    (void)state;
    /* Wilson 95%: 8 of 12 [0.3906, 0.8619], 1 of 8 [0.0224, 0.4709] */
    assert_int_equal(sh("%s report --csv --summary " RUNS, vgdl), 0);
    assert_string_equal(
        out(),
        "game,levels,agent,runs,failed,wins,win_rate,ci_low,ci_high,score_mean,score_sd,ticks_mean,ms_mean,ms_max,"
        "calls_mean,overspent\n"
        "bait,2,alpha,12,0,8,0.6667,0.3906,0.8619,3.8333,2.2896,38.3,0.5000,1.0000,2.00,0\n"
        "bait,2,beta_2#%&,8,0,1,0.1250,0.0224,0.4709,2.5000,1.1952,25.0,0.5000,1.0000,2.00,0\n");
    /* CSV without --summary: the per-level table only (one table a stream); 6 of 8: [0.4093, 0.9285] */
    assert_int_equal(sh("%s report --csv " RUNS, vgdl), 0);
    expect_in(out(), "bait,0,alpha,8,0,6,0.7500,0.4093,0.9285,");
    expect_not_in(out(), "levels");
    /* text: after the per-level table and its footer */
    assert_int_equal(sh("%s report " RUNS, vgdl), 0);
    expect_in(out(), "ended ok\n\nacross levels: per game x agent");
    expect_in(out(), "bait  2       alpha        12     0  0.67  [0.39, 0.86]  3.83 ± 2.29   38.3");
    /* one level: nothing to sum across */
    assert_int_equal(sh("%s report tests/batch/fixtures/report", vgdl), 0);
    expect_not_in(out(), "across levels");
}

/* ---- 3. The plot ----------------------------------------------------------- */

/* The longest vertical run of pixels of colour 'c' in 'rgb'. */
static int tallest(const uint8_t *rgb, int w, int h, const uint8_t c[3]) {
    int best = 0;
    for (int x = 0; x < w; x++)
        for (int y = 0, run = 0; y < h; y++) {
            run = memcmp(rgb + ((size_t)y * (size_t)w + (size_t)x) * 3, c, 3) == 0 ? run + 1 : 0;
            if (run > best) best = run;
        }
    return best;
}

static int count_colour(const uint8_t *rgb, int w, int h, const uint8_t c[3]) {
    int n = 0;
    for (int k = 0; k < w * h; k++) n += memcmp(rgb + (size_t)k * 3, c, 3) == 0;
    return n;
}

static void test_plot(void **state) {
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/wins.png", tmp);
    assert_int_equal(sh("%s report " RUNS " --plot %s", vgdl, path), 0);
    expect_in(out(), "across levels"); /* the report is printed as well */
    int w, h;
    uint8_t *rgb = read_png(path, &w, &h);
    assert_non_null(rgb);
    assert_int_equal(w, 252);
    assert_int_equal(h, 364);
    static const uint8_t white[3] = {255, 255, 255}, black[3] = {0, 0, 0};
    static const uint8_t alpha[3] = {31, 119, 180}, beta[3] = {255, 127, 14}; /* chart.c's first two colours */
    assert_memory_equal(rgb, white, 3);
    assert_memory_equal(rgb + ((size_t)h * (size_t)w - 1) * 3, white, 3);
    /* alpha's tallest bar is level 0's 0.75 of 240 pixels (its whisker
     * splits it down the middle); beta's 0.25 of 240 */
    assert_int_equal(tallest(rgb, w, h, alpha), 180);
    assert_int_equal(tallest(rgb, w, h, beta), 60);
    assert_true(count_colour(rgb, w, h, black) > 500); /* whiskers, axes, text */
    free(rgb);
    /* two-player results: each agent's score against the others */
    snprintf(path, sizeof path, "%s/two.png", tmp);
    assert_int_equal(sh("%s report tests/batch/fixtures/report2 --plot=%s", vgdl, path), 0);
    rgb = read_png(path, &w, &h);
    assert_non_null(rgb);
    assert_true(tallest(rgb, w, h, alpha) > 0);
    free(rgb);
}

/* ---- 4. Bad options ----------------------------------------------------------- */

static void test_bad_options(void **state) {
    (void)state;
    static const char *const cases[][2] = {
        {"report " RUNS " --plot", "--plot needs a file name"},
        {"report " RUNS " --plot=", "--plot needs a file name"},
        {"report --csv --latex " RUNS, "one at a time"},
        {"report --markdown --runs " RUNS, "one at a time"},
        {"report --summary --runs " RUNS, "--summary"},
        {"report --sumary " RUNS, "unknown option '--sumary'"},
        {"report --plot x.png", "needs one or more batch out folders"},
        {"report " RUNS " --plot /nonexistent/dir/x.png", "/nonexistent/dir/x.png"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        if (sh("%s %s", vgdl, cases[k][0]) != 2) print_error("%s: not exit 2\n", cases[k][0]);
        assert_int_equal(sh("%s %s", vgdl, cases[k][0]), 2);
        expect_in(err(), cases[k][1]);
    }
}

/* ---- 5. Sizes ---------------------------------------------------------------- */

/* tmp/NAME/runs.csv: 'n' rows of agents agN (against agN+1 when 'two'),
 * made from the first row of 'from'. */
static void many_agents(const char *name, const char *from, int n, int two) {
    assert_int_equal(sh("mkdir -p %s/%s && head -1 %s > %s/%s/runs.csv", tmp, name, from, tmp, name), 0);
    assert_int_equal(sh("row=$(sed -n 2p %s | cut -d, -f%s); i=0; while [ $i -lt %d ]; do "
                        "echo \"bait,0,ag$i,%s$row\"; i=$((i+1)); done >> %s/%s/runs.csv",
                        from, two ? "5-" : "4-", n, two ? "op$i," : "", tmp, name),
                     0);
}

static void test_sizes(void **state) {
    (void)state;
    many_agents("two", "tests/batch/fixtures/report2/runs.csv", 300, 1); /* 600 agents */
    assert_int_equal(sh(MEMLIMIT "timeout 10 %s report %s/two --plot %s/cross.png", vgdl, tmp, tmp), 2);
    assert_string_equal(err(),
                        "vgdl: report: bait level 0: 600 agents, too many for a cross table (the limit is 256)\n");
    assert_string_equal(out(), "");
    assert_int_equal(sh("test -e %s/cross.png", tmp), 1);
    many_agents("one", RUNS "/runs.csv", 300, 0);
    assert_int_equal(sh(MEMLIMIT "timeout 10 %s report %s/one --plot %s/one.png", vgdl, tmp, tmp), 2);
    expect_in(err(), "one.png: the chart would be over");
    expect_in(err(), "over the limit of 33554432");
    assert_int_equal(sh("test -e %s/one.png", tmp), 1);
    many_agents("fine", RUNS "/runs.csv", 200, 0); /* 200 agents on one level: a chart under the limit */
    assert_int_equal(sh("%s report %s/fine --plot %s/fine.png", vgdl, tmp, tmp), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_markdown), cmocka_unit_test(test_latex),       cmocka_unit_test(test_summary),
        cmocka_unit_test(test_plot),     cmocka_unit_test(test_bad_options), cmocka_unit_test(test_sizes),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
