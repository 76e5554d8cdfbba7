/* SPDX-License-Identifier: MIT
 *
 * test_runs.c -- the batch library's result rows, called directly
 * (tools/batch/runs.c, and report.c's Wilson interval); test_batch.c runs
 * the program end to end, test_store.c tests the results store.
 *
 * 1. A row written as a CSV line and as a JSON line reads back the same:
 *    text with commas, quotes, backslashes, control characters and UTF-8,
 *    a two-player run, the largest seeds; CSV quotes a field only when it
 *    must, and both files' lines match their headers.
 * 2. Malformed lines are refused: a column missing or too many, a stray
 *    quote, a bad number, a JSON line without a key it needs (but not
 *    without the two-player keys an older vgdl did not write).
 * 3. A results file read: a torn last line is left out and its offset
 *    given; a malformed line stops the reading there and is named; a CSV
 *    file with the columns of an older vgdl (no opponent) reads as
 *    one-player runs and says so; a file that is no results file is an
 *    error.
 * 4. Run keys: a two-player run's differs from the one-player run's; the
 *    key set finds what it holds, and holds it once.
 * 5. Wilson intervals: values worked out by hand, symmetric, within [0, 1],
 *    0 of 0 is the whole interval, halves (draws) between their neighbours.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

#include "report.h"

/* A row whose every field is set, its text awkward where 'awkward'. */
static run_row sample(int awkward, int two_player) {
    run_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.game, sizeof r.game, "%s", awkward ? "a,b \"c\" \\d" : "bait");
    snprintf(r.level, sizeof r.level, "%s", awkward ? "levels/x y/niveau-\xc3\xa9.txt" : "0");
    snprintf(r.agent, sizeof r.agent, "%s", "mcts");
    snprintf(r.opponent, sizeof r.opponent, "%s", two_player ? "alpha,beta" : "");
    r.seed = awkward ? -9223372036854775807LL : 7;
    r.run_seed = awkward ? UINT64_MAX : 123456789;
    snprintf(r.config, sizeof r.config, "%s", "0123456789abcdef");
    r.status = awkward ? RUN_CRASHED : RUN_OK;
    snprintf(r.result, sizeof r.result, "%s", two_player ? "draw" : "win");
    r.win = 1;
    r.score = -2.5;
    r.ticks = 300, r.decisions = 299, r.calls = 5980, r.overspent = 3;
    r.ms_mean = 1.25, r.ms_max = 40.0625, r.calls_mean = 20.125, r.run_ms = 1234.5, r.cpu_ms = 1200.25;
    if (two_player) {
        r.opp_decisions = 150, r.opp_calls = 3000, r.opp_overspent = 1;
        r.opp_ms_mean = 0.5, r.opp_ms_max = 9.75, r.opp_calls_mean = 20.5;
    }
    snprintf(r.error, sizeof r.error, "%s", awkward ? "line 1: \"x\", a tab\there, a bell\a, \\ and 100%" : "");
    return r;
}

static void same_row(const run_row *a, const run_row *b) {
    assert_string_equal(a->game, b->game);
    assert_string_equal(a->level, b->level);
    assert_string_equal(a->agent, b->agent);
    assert_string_equal(a->opponent, b->opponent);
    assert_true(a->seed == b->seed);
    assert_true(a->run_seed == b->run_seed);
    assert_string_equal(a->config, b->config);
    assert_int_equal(a->status, b->status);
    assert_string_equal(a->result, b->result);
    assert_int_equal(a->win, b->win);
    assert_true(a->score == b->score);
    assert_true(a->ticks == b->ticks && a->decisions == b->decisions && a->calls == b->calls);
    assert_true(a->overspent == b->overspent);
    assert_true(a->ms_mean == b->ms_mean && a->ms_max == b->ms_max && a->calls_mean == b->calls_mean);
    assert_true(a->run_ms == b->run_ms && a->cpu_ms == b->cpu_ms);
    assert_true(a->opp_decisions == b->opp_decisions && a->opp_calls == b->opp_calls);
    assert_true(a->opp_overspent == b->opp_overspent);
    assert_true(a->opp_ms_mean == b->opp_ms_mean && a->opp_ms_max == b->opp_ms_max);
    assert_true(a->opp_calls_mean == b->opp_calls_mean);
    assert_string_equal(a->error, b->error);
}

/* The line without its '\n' (in place). */
static char *chomp(char *line) {
    size_t n = strlen(line);
    assert_true(n > 0 && line[n - 1] == '\n');
    line[n - 1] = '\0';
    return line;
}

/* Counts the commas of a CSV line outside quotes. */
static int fields(const char *line) {
    int n = 1, quoted = 0;
    for (const char *p = line; *p; p++) {
        if (*p == '"') quoted = !quoted;
        n += *p == ',' && !quoted;
    }
    return n;
}

/* ---- 1. Round trips ------------------------------------------------------- */

static void test_round_trip(void **state) {
    (void)state;
    for (int k = 0; k < 4; k++) {
        run_row r = sample(k & 1, k >> 1 & 1), back;
        char csv[4096], json[4096], csv2[4096], json2[4096];
        int n, m;
        assert_true(runs_csv(&r, csv, sizeof csv) > 0);
        assert_true(runs_json(&r, json, sizeof json) > 0);
        assert_int_equal(runs_lines(&r, csv2, sizeof csv2, &n, json2, sizeof json2, &m), 0);
        assert_string_equal(csv, csv2); /* one row, the same lines whichever way */
        assert_string_equal(json, json2);
        assert_int_equal(n, (int)strlen(csv));
        assert_int_equal(m, (int)strlen(json));
        assert_int_equal(fields(csv), fields(runs_csv_header));
        assert_int_equal(runs_parse_csv(chomp(csv), &back), 0);
        same_row(&r, &back);
        assert_int_equal(runs_parse_json(chomp(json), &back), 0);
        same_row(&r, &back);
        assert_null(strchr(json, '\t')); /* control characters escaped */
    }
    assert_int_equal(runs_csv(&(run_row){0}, (char[8]){0}, 8), -1); /* a buffer too small */
}

static void test_csv_quoting(void **state) {
    (void)state;
    char buf[64];
    assert_int_equal(runs_csv_quote("plain text; no comma", buf, sizeof buf), 0);
    assert_string_equal(buf, "plain text; no comma");
    assert_int_equal(runs_csv_quote("a,b", buf, sizeof buf), 0);
    assert_string_equal(buf, "\"a,b\"");
    assert_int_equal(runs_csv_quote("say \"hi\"", buf, sizeof buf), 0);
    assert_string_equal(buf, "\"say \"\"hi\"\"\"");
    assert_int_equal(runs_csv_quote("two\nlines", buf, sizeof buf), 0);
    assert_string_equal(buf, "\"two\nlines\"");
    assert_int_equal(runs_csv_quote("a,b", buf, 4), -1);
    char header[1024];
    assert_int_equal(runs_header(0, header, sizeof header), (int)strlen(runs_csv_header));
    assert_string_equal(header, runs_csv_header);
    assert_true(runs_header(1, header, sizeof header) > 0); /* without the timing columns */
    assert_null(strstr(header, "ms"));
    run_row r = sample(0, 0);
    char line[1024];
    assert_true(runs_csv_cols(&r, 1, line, sizeof line) > 0);
    assert_int_equal(fields(line), fields(header));
}

/* ---- 2. Malformed lines ----------------------------------------------------- */

static void test_malformed_lines(void **state) {
    (void)state;
    run_row r = sample(0, 0), back;
    char csv[4096], json[4096], bad[4096];
    chomp((runs_csv(&r, csv, sizeof csv), csv));
    chomp((runs_json(&r, json, sizeof json), json));
    snprintf(bad, sizeof bad, "%s", csv);
    *strrchr(bad, ',') = '\0'; /* a column missing */
    assert_int_equal(runs_parse_csv(bad, &back), -1);
    snprintf(bad, sizeof bad, "%s,x", csv); /* one too many */
    assert_int_equal(runs_parse_csv(bad, &back), -1);
    snprintf(bad, sizeof bad, "ba\"it%s", strchr(csv, ',')); /* a stray quote */
    assert_int_equal(runs_parse_csv(bad, &back), -1);
    snprintf(bad, sizeof bad, "%s", csv);
    memcpy(strstr(bad, ",300,"), ",3x0,", 5); /* a bad number of ticks */
    assert_int_equal(runs_parse_csv(bad, &back), -1);
    snprintf(bad, sizeof bad, "%s", json);
    memcpy(strstr(bad, "\"ticks\""), "\"tocks\"", 7); /* a key it needs missing */
    assert_int_equal(runs_parse_json(bad, &back), -1);
    assert_int_equal(runs_parse_json("{\"game\":\"bait\"", &back), -1);
    assert_int_equal(runs_parse_json("[]", &back), -1);
    /* an older vgdl's line: no opponent keys; a one-player run */
    char *p = strstr(json, ",\"opponent\":\"\"");
    assert_non_null(p);
    memmove(p, p + strlen(",\"opponent\":\"\""), strlen(p + strlen(",\"opponent\":\"\"")) + 1);
    assert_int_equal(runs_parse_json(json, &back), 0);
    assert_string_equal(back.opponent, "");
}

/* ---- 3. Results files --------------------------------------------------------- */

/* Writes 'text' to a fresh temporary file named like 'name' (runs.csv or
 * runs.jsonl, so that its kind is known); returns its path (static). */
static const char *results_file(const char *name, const char *text) {
    static char dir[64], path[128];
    snprintf(dir, sizeof dir, "/tmp/vgdl-test-runs-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void remove_file(const char *path) {
    char dir[128];
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = '\0';
    unlink(path);
    rmdir(dir);
}

static void test_torn_and_malformed_files(void **state) {
    (void)state;
    char text[8192], line[4096];
    run_row a = sample(1, 0), b = sample(0, 1);
    for (int json = 0; json <= 1; json++) {
        size_t n = (size_t)snprintf(text, sizeof text, "%s", json ? "" : runs_csv_header);
        (json ? runs_json : runs_csv)(&a, line, sizeof line);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s", line);
        (json ? runs_json : runs_csv)(&b, line, sizeof line);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s", line);
        long long whole = (long long)n;
        snprintf(text + n, sizeof text - n, "%.20s", line); /* a torn third line */
        const char *path = results_file(json ? RUNS_JSONL : RUNS_CSV, text);
        row_list rows = {0};
        long long good, size;
        int bad, old;
        vg_error err = {0};
        assert_int_equal(runs_read_file(path, &rows, &good, &size, &bad, &old, &err), 0);
        assert_int_equal(rows.n, 2);
        same_row(&rows.rows[0], &a);
        same_row(&rows.rows[1], &b);
        assert_true(good == whole && size == whole + 20 && bad == 0 && old == 0);
        runs_free(&rows);
        remove_file(path);
        /* the first row malformed: nothing read past it, its line named */
        text[json ? 3 : strlen(runs_csv_header) + 3] = '"';
        path = results_file(json ? RUNS_JSONL : RUNS_CSV, text);
        assert_int_equal(runs_read_file(path, &rows, &good, &size, &bad, &old, &err), 0);
        assert_int_equal(rows.n, 0);
        assert_int_equal(bad, json ? 1 : 2);
        assert_true(good == (json ? 0 : (long long)strlen(runs_csv_header)));
        runs_free(&rows);
        remove_file(path);
    }
    row_list rows = {0};
    long long good, size;
    int bad;
    vg_error err = {0};
    const char *path = results_file(RUNS_CSV, "name,wins\nx,1\n");
    assert_int_equal(runs_read_file(path, &rows, &good, &size, &bad, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "not a vgdl batch results file"));
    assert_int_equal(err.line, 1);
    assert_string_equal(err.file, path);
    remove_file(path);
    assert_int_equal(runs_read_file("/tmp/vgdl-no-such-dir/runs.csv", &rows, &good, &size, &bad, NULL, &err), 1);
}

/* A file of an older vgdl: its header without the opponent columns. */
static void test_older_columns(void **state) {
    (void)state;
    static const char *const gone[] = {"opponent",  "opp_decisions",  "opp_ms_mean",  "opp_ms_max",
                                       "opp_calls", "opp_calls_mean", "opp_overspent"};
    run_row r = sample(1, 0);
    char header[1024], line[4096], text[8192], kept[1024] = "";
    size_t hn = 0, kn = 0;
    snprintf(header, sizeof header, "%s", runs_csv_header);
    chomp(header);
    runs_csv(&r, line, sizeof line);
    chomp(line);
    /* drop the columns from the header and the row alike (the row's quoted fields come before them or are last) */
    char *hsave, *h = strtok_r(header, ",", &hsave);
    int col = 0, skip[64] = {0};
    for (; h; h = strtok_r(NULL, ",", &hsave), col++) {
        int drop = 0;
        for (size_t k = 0; k < sizeof gone / sizeof gone[0]; k++) drop |= strcmp(h, gone[k]) == 0;
        skip[col] = drop;
        if (!drop) hn += (size_t)snprintf(kept + hn, sizeof kept - hn, "%s%s", hn ? "," : "", h);
    }
    size_t n = (size_t)snprintf(text, sizeof text, "%s\n", kept);
    const char *p = line;
    for (int c = 0; c < col; c++) {
        const char *end = p;
        if (*end == '"')
            for (end++; *end && !(*end == '"' && end[1] != '"'); end += *end == '"' ? 2 : 1) {}
        end += strcspn(end, ",");
        if (!skip[c])
            kn += (size_t)snprintf(text + n + kn, sizeof text - n - kn, "%s%.*s", kn ? "," : "", (int)(end - p), p);
        p = *end ? end + 1 : end;
    }
    snprintf(text + n + kn, sizeof text - n - kn, "\n");
    const char *path = results_file(RUNS_CSV, text);
    row_list rows = {0};
    long long good, size;
    int bad, old;
    vg_error err = {0};
    assert_int_equal(runs_read_file(path, &rows, &good, &size, &bad, &old, &err), 0);
    assert_int_equal(old, 1);
    assert_int_equal(rows.n, 1);
    same_row(&rows.rows[0], &r);
    runs_free(&rows);
    remove_file(path);
}

/* ---- 4. Keys ------------------------------------------------------------------ */

static void test_keys(void **state) {
    (void)state;
    run_row one = sample(0, 0), two = sample(0, 1);
    char k1[1024], k2[1024], k3[1024];
    runs_key(&one, k1, sizeof k1);
    runs_key(&two, k2, sizeof k2);
    runs_key_of("bait", "0", "mcts", "", 7, k3, sizeof k3);
    assert_string_equal(k1, k3);
    assert_string_not_equal(k1, k2);
    key_set s = {0};
    char key[64];
    for (long k = 0; k < 5000; k++) { /* grows past its first tables */
        snprintf(key, sizeof key, "run %ld", k);
        assert_int_equal(runs_keys_put(&s, key, k), 1);
    }
    assert_int_equal(runs_keys_put(&s, "run 42", 7), 0); /* held once: the first value stays */
    assert_int_equal(runs_keys_get(&s, "run 42"), 42);
    assert_int_equal(runs_keys_get(&s, "run 4999"), 4999);
    assert_int_equal(runs_keys_get(&s, "run 5000"), -1);
    assert_int_equal(s.n, 5000);
    runs_keys_free(&s);
}

/* ---- 5. Wilson intervals -------------------------------------------------------- */

static void interval(long wins, long n, double lo, double hi) {
    double l, h;
    report_wilson(wins, n, &l, &h);
    if (fabs(l - lo) > 5e-5 || fabs(h - hi) > 5e-5)
        fail_msg("%ld of %ld: [%.4f, %.4f], not [%.4f, %.4f]", wins, n, l, h, lo, hi);
}

static void test_wilson(void **state) {
    (void)state;
    interval(15, 20, 0.5313, 0.8881); /* by hand, z = 1.96 */
    interval(0, 10, 0.0, 0.2775);
    interval(10, 10, 0.7225, 1.0);
    interval(1, 2, 0.0945, 0.9055);
    interval(0, 0, 0.0, 1.0); /* no runs: anything */
    for (long n = 1; n <= 40; n++)
        for (long k = 0; k <= n; k++) {
            double lo, hi, lo2, hi2, flo, fhi;
            report_wilson(k, n, &lo, &hi);
            report_wilson(n - k, n, &lo2, &hi2);
            double p = (double)k / (double)n;
            assert_true(lo >= 0 && hi <= 1 && lo <= p + 1e-12 && p <= hi + 1e-12);
            assert_true(fabs(lo - (1 - hi2)) < 1e-12 && fabs(hi - (1 - lo2)) < 1e-12); /* symmetric */
            if (k == n) continue;
            report_wilson_frac((double)k + 0.5, n, &flo, &fhi); /* a draw counts half: between its neighbours */
            report_wilson(k + 1, n, &lo2, &hi2);
            assert_true(lo <= flo && flo <= lo2 && hi <= fhi && fhi <= hi2);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),      cmocka_unit_test(test_csv_quoting),
        cmocka_unit_test(test_malformed_lines), cmocka_unit_test(test_torn_and_malformed_files),
        cmocka_unit_test(test_older_columns),   cmocka_unit_test(test_keys),
        cmocka_unit_test(test_wilson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
