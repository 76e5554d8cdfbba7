/* SPDX-License-Identifier: MIT
 *
 * test_store.c -- the batch library's results store and resuming, called
 * directly (tools/batch/store.c, batch.c's batch_done); test_batch.c runs
 * the program end to end, with real kills.
 *
 * 1. Rows added and flushed are in both files, whole, in order; a store
 *    opened again appends after them.
 * 2. Repairs on opening: a torn last line (a write cut short) is cut from
 *    either file; a run written twice is kept once; when the JSON lines lag
 *    the CSV (killed between the two writes) or the CSV the JSON lines, the
 *    shorter file is rewritten from the longer; a malformed line is cut
 *    with what follows it. Each repair says so on the warning stream.
 * 3. One writer a folder: a second lock on it is refused, naming the
 *    holder's PID; a shard's store locks its own folder.
 * 4. Reading an out folder: its files and its shards' folders, each run
 *    once (the copies counted), the CSV preferred to the JSON lines.
 * 5. Resuming: batch_done marks exactly the runs of the batch that the
 *    folder holds (shards included), counts each once, skips rows of other
 *    batches, and refuses rows made with other settings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

#include "batch.h"
#include "store.h"

static char tmp[64]; /* this test's scratch folder */

static int setup(void **state) {
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/vgdl-test-store-XXXXXX");
    return mkdtemp(tmp) ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* A fresh folder under the scratch folder: its path (static). */
static const char *folder(const char *name) {
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    return path;
}

static run_row row(const char *who, long long seed) {
    run_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.game, sizeof r.game, "bait");
    snprintf(r.level, sizeof r.level, "0");
    snprintf(r.agent, sizeof r.agent, "%s", who);
    snprintf(r.config, sizeof r.config, "0000000000000000");
    snprintf(r.result, sizeof r.result, "win");
    r.seed = seed, r.win = 1, r.score = (double)seed, r.ticks = 10 * seed;
    return r;
}

/* Opens the store of folder 'dir' (locked), warnings into 'warn' (may be NULL: /dev/null). */
static void open_store(store *res, const char *dir, FILE *warn) {
    vg_error err = {0};
    FILE *sink = warn ? warn : fopen("/dev/null", "w");
    store_init(res, dir, NULL, 3600);
    assert_int_equal(store_lock(res, &err), 0);
    if (store_open(res, sink, &err)) fail_msg("%s", err.msg);
    if (!warn) fclose(sink);
}

/* Writes rows of agent 'who', seeds 1..n, to the store of 'dir' and closes it. */
static void write_rows(const char *dir, const char *who, int n) {
    store res;
    open_store(&res, dir, NULL);
    for (int k = 1; k <= n; k++) {
        run_row r = row(who, k);
        assert_int_equal(store_add(&res, &r), 0);
    }
    assert_int_equal(store_flush(&res), 0);
    store_close(&res);
}

/* The rows of results file DIR/NAME, into 'rows' (emptied first); their number. */
static size_t read_rows(const char *dir, const char *name, row_list *rows) {
    char path[512];
    vg_error err = {0};
    long long good, size;
    int bad;
    rows->n = 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    assert_int_equal(runs_read_file(path, rows, &good, &size, &bad, NULL, &err), 0);
    assert_true(good == size && bad == 0);
    return rows->n;
}

/* Appends 'text' to DIR/NAME. */
static void append(const char *dir, const char *name, const char *text) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Opens the store of 'dir' again: what it said on the warning stream (static). */
static const char *reopen(const char *dir) {
    static char said[4096];
    FILE *warn = tmpfile();
    store res;
    assert_non_null(warn);
    open_store(&res, dir, warn);
    store_close(&res);
    rewind(warn);
    said[fread(said, 1, sizeof said - 1, warn)] = '\0';
    fclose(warn);
    return said;
}

/* ---- 1. Writing ----------------------------------------------------------------- */

static void test_rows_written_whole(void **state) {
    (void)state;
    const char *dir = folder("write");
    row_list rows = {0};
    write_rows(dir, "alpha", 3);
    write_rows(dir, "beta", 2); /* opened again: appended after */
    for (int k = 0; k < 2; k++) {
        assert_int_equal(read_rows(dir, k ? RUNS_JSONL : RUNS_CSV, &rows), 5);
        assert_string_equal(rows.rows[0].agent, "alpha");
        assert_true(rows.rows[2].seed == 3 && rows.rows[2].ticks == 30);
        assert_string_equal(rows.rows[4].agent, "beta");
    }
    runs_free(&rows);
}

/* ---- 2. Repairs ----------------------------------------------------------------- */

static void test_torn_lines_are_cut(void **state) {
    (void)state;
    const char *dir = folder("torn");
    row_list rows = {0};
    write_rows(dir, "alpha", 3);
    append(dir, RUNS_CSV, "bait,0,alpha,,4,12"); /* a batch killed while writing */
    append(dir, RUNS_JSONL, "{\"game\":\"ba");
    const char *said = reopen(dir);
    assert_non_null(strstr(said, "runs.csv: cut a torn last line"));
    assert_non_null(strstr(said, "runs.jsonl: cut a torn last line"));
    assert_int_equal(read_rows(dir, RUNS_CSV, &rows), 3);
    assert_int_equal(read_rows(dir, RUNS_JSONL, &rows), 3);
    write_rows(dir, "beta", 1); /* whole rows after the cut */
    assert_int_equal(read_rows(dir, RUNS_CSV, &rows), 4);
    assert_int_equal(read_rows(dir, RUNS_JSONL, &rows), 4);
    runs_free(&rows);
}

static void test_malformed_line_is_cut(void **state) {
    (void)state;
    const char *dir = folder("malformed");
    row_list rows = {0};
    write_rows(dir, "alpha", 2);
    append(dir, RUNS_CSV, "not,a,row\n");
    char line[4096];
    run_row r = row("alpha", 3);
    runs_csv(&r, line, sizeof line);
    append(dir, RUNS_CSV, line); /* after it: cut too, played again */
    const char *said = reopen(dir);
    assert_non_null(strstr(said, "runs.csv:4: malformed line: cut the file there"));
    assert_int_equal(read_rows(dir, RUNS_CSV, &rows), 2);
    assert_int_equal(read_rows(dir, RUNS_JSONL, &rows), 2);
    runs_free(&rows);
}

static void test_runs_written_twice_are_kept_once(void **state) {
    (void)state;
    const char *dir = folder("twice");
    row_list rows = {0};
    write_rows(dir, "alpha", 3);
    char csv[4096], json[4096];
    run_row r = row("alpha", 2);
    r.score = 99; /* a second result for a run: the first is kept */
    runs_csv(&r, csv, sizeof csv);
    runs_json(&r, json, sizeof json);
    append(dir, RUNS_CSV, csv);
    append(dir, RUNS_JSONL, json);
    const char *said = reopen(dir);
    assert_non_null(strstr(said, "runs.csv holds 1 runs twice"));
    assert_non_null(strstr(said, "runs.jsonl holds 1 runs twice"));
    for (int k = 0; k < 2; k++) {
        assert_int_equal(read_rows(dir, k ? RUNS_JSONL : RUNS_CSV, &rows), 3);
        assert_true(rows.rows[1].seed == 2 && rows.rows[1].score == 2);
    }
    runs_free(&rows);
}

static void test_lagging_file_is_rewritten(void **state) {
    (void)state;
    row_list rows = {0};
    for (int lag = 0; lag < 2; lag++) { /* the JSON lines lag, then the CSV */
        const char *dir = folder(lag ? "lag-csv" : "lag-json");
        write_rows(dir, "alpha", 2);
        char line[4096];
        run_row r = row("alpha", 3);
        (lag ? runs_json : runs_csv)(&r, line, sizeof line);
        append(dir, lag ? RUNS_JSONL : RUNS_CSV, line);
        const char *said = reopen(dir);
        assert_non_null(strstr(said, lag ? "runs.jsonl has 3 rows and" : "runs.csv has 3 rows and"));
        assert_int_equal(read_rows(dir, RUNS_CSV, &rows), 3);
        assert_int_equal(read_rows(dir, RUNS_JSONL, &rows), 3);
        assert_true(rows.rows[2].seed == 3);
    }
    runs_free(&rows);
}

/* ---- 3. The lock ---------------------------------------------------------------- */

static void test_one_writer_a_folder(void **state) {
    (void)state;
    const char *dir = folder("locked");
    vg_error err = {0};
    char pid[32];
    store a, b, c;
    store_init(&a, dir, NULL, 1);
    assert_int_equal(store_lock(&a, &err), 0);
    store_init(&b, dir, NULL, 1);
    assert_int_equal(store_lock(&b, &err), 1);
    snprintf(pid, sizeof pid, "%d", (int)getpid());
    assert_non_null(strstr(err.msg, pid));
    store_close(&b);
    store_init(&c, folder("locked/shard-1-of-2"), dir, 1); /* a shard's folder is its own, */
    assert_int_equal(store_lock(&c, &err), 1);             /* but not while the whole batch holds the parent */
    store_close(&c);
    store_close(&a);
    store_init(&c, folder("locked/shard-1-of-2"), dir, 1);
    assert_int_equal(store_lock(&c, &err), 0);
    store_init(&b, folder("locked/shard-2-of-2"), dir, 1); /* shards side by side */
    assert_int_equal(store_lock(&b, &err), 0);
    store_close(&b);
    store_close(&c);
    store_init(&a, dir, NULL, 1); /* all closed: the folder is free again */
    assert_int_equal(store_lock(&a, &err), 0);
    store_close(&a);
}

/* ---- 4. Reading a folder ---------------------------------------------------------- */

static void test_folder_with_shards(void **state) {
    (void)state;
    char shard[256];
    vg_error err = {0};
    const char *out = folder("shards");
    write_rows(out, "alpha", 2); /* seeds 1, 2 */
    snprintf(shard, sizeof shard, "%s/shard-1-of-2", out);
    write_rows(shard, "alpha", 3); /* 1, 2 again and 3 */
    snprintf(shard, sizeof shard, "%s/shard-2-of-2", out);
    write_rows(shard, "beta", 2);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", shard, RUNS_CSV);
    unlink(path); /* only its JSON lines: read them */
    row_list rows = {0};
    key_set seen = {0};
    long dups = 0;
    assert_int_equal(store_read_dir(out, &rows, &seen, &dups, NULL, &err), 3);
    assert_int_equal(rows.n, 5);
    assert_int_equal(dups, 2);
    assert_true(runs_keys_get(&seen, "bait\x1f"
                                     "0\x1f"
                                     "beta\x1f"
                                     "2") >= 0);
    runs_free(&rows);
    runs_keys_free(&seen);
}

/* ---- 5. Resuming ---------------------------------------------------------------- */

/* The rows of batch 'b''s runs 'which' (indices), as a worker would make them. */
static void write_runs(const batch *b, const char *dir, const long long *which, int n) {
    store res;
    open_store(&res, dir, NULL);
    for (int k = 0; k < n; k++) {
        run_row r;
        memset(&r, 0, sizeof r);
        batch_row_identity(b, which[k], &r);
        snprintf(r.result, sizeof r.result, "lose");
        assert_int_equal(store_add(&res, &r), 0);
    }
    store_close(&res);
}

static void test_resume_marks_done_runs(void **state) {
    (void)state;
    batch b;
    memset(&b, 0, sizeof b);
    if (batch_load(&b, "tests/batch/fixtures/small.ini")) batch_print_errors(&b, stderr);
    assert_int_equal(b.total, 20); /* 2 levels x 2 agents x 5 seeds */
    snprintf(b.out, sizeof b.out, "%s", folder("resume"));
    long long all[20], before = 0;
    for (int k = 0; k < 20; k++) all[k] = k;
    unsigned char done[20] = {0};
    assert_int_equal(batch_done(&b, all, 20, done, &before), 0); /* no folder yet: nothing done */
    assert_true(before == 0);
    const long long some[] = {0, 3, 7}, more[] = {7, 12, 19};
    char shard[256];
    write_runs(&b, b.out, some, 3);
    snprintf(shard, sizeof shard, "%s/shard-1-of-2", b.out);
    write_runs(&b, shard, more, 3);         /* run 7 in both: counted once */
    run_row other = row("someone-else", 1); /* a run of another batch: no business of this one */
    store res;
    open_store(&res, b.out, NULL);
    assert_int_equal(store_add(&res, &other), 0);
    store_close(&res);
    assert_int_equal(batch_done(&b, all, 20, done, &before), 0);
    assert_true(before == 5);
    for (int k = 0; k < 20; k++) assert_int_equal(done[k], k == 0 || k == 3 || k == 7 || k == 12 || k == 19);
    const long long slice[] = {1, 12, 19}; /* a shard's slice: positions in it */
    unsigned char sdone[3] = {0};
    before = 0;
    assert_int_equal(batch_done(&b, slice, 3, sdone, &before), 0);
    assert_true(before == 2 && !sdone[0] && sdone[1] && sdone[2]);
    run_row changed; /* a run made with other settings: refused */
    memset(&changed, 0, sizeof changed);
    batch_row_identity(&b, 4, &changed);
    changed.config[0] = changed.config[0] == '0' ? '1' : '0';
    open_store(&res, b.out, NULL);
    assert_int_equal(store_add(&res, &changed), 0);
    store_close(&res);
    memset(done, 0, sizeof done);
    assert_int_equal(batch_done(&b, all, 20, done, &before), 2);
    batch_free(&b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_written_whole),        cmocka_unit_test(test_torn_lines_are_cut),
        cmocka_unit_test(test_malformed_line_is_cut),     cmocka_unit_test(test_runs_written_twice_are_kept_once),
        cmocka_unit_test(test_lagging_file_is_rewritten), cmocka_unit_test(test_one_writer_a_folder),
        cmocka_unit_test(test_folder_with_shards),        cmocka_unit_test(test_resume_marks_done_runs),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
