/* SPDX-License-Identifier: MIT
 *
 * test_special_files.c -- an out folder holding what a batch did not put
 * there (issue 27): tools/batch/store.c, runs.c and slurm.c, run as a user
 * runs 'vgdl batch' and 'vgdl report'.
 *
 * 1. A results file that is a FIFO (or another special file): a batch and
 *    a report refuse it at once, naming it, rather than wait on it.
 * 2. The lock file or the job script a symbolic link: refused, and the
 *    file it leads to left as it was (the lock file was truncated and
 *    given the batch's PID, as root even /etc/passwd).
 */
#include "../tools/run_vgdl.h"

#define INI "tests/batch/fixtures/shards.ini"

/* 1 when tmp/NAME holds exactly 'text'. */
static int holds(const char *name, const char *text) { return strcmp(slurp(name), text) == 0; }

static void test_fifo_results(void **state) {
    (void)state;
    assert_int_equal(sh("mkdir -p %s/fifo && mkfifo %s/fifo/runs.csv", tmp, tmp), 0);
    assert_int_equal(sh("timeout 10 %s batch " INI " --out %s/fifo", vgdl, tmp), 2);
    expect_in(err(), "fifo/runs.csv: not a regular file");
    assert_int_equal(sh("timeout 10 %s report %s/fifo/runs.csv", vgdl, tmp), 2);
    assert_int_equal(sh("test -p %s/fifo/runs.csv", tmp), 0);
    /* a link to a results file elsewhere: the batch does not replace the link */
    assert_int_equal(sh("mkdir -p %s/linked && ln -s ../elsewhere.csv %s/linked/runs.jsonl", tmp, tmp), 0);
    assert_int_equal(sh("timeout 10 %s batch " INI " --out %s/linked", vgdl, tmp), 2);
    expect_in(err(), "linked/runs.jsonl: not a regular file");
}

static void test_links_not_written_through(void **state) {
    (void)state;
    assert_int_equal(
        sh("printf 'precious\\n' > %s/victim && mkdir -p %s/lock && ln -s ../victim %s/lock/.vgdl-batch.lock", tmp, tmp,
           tmp),
        0);
    assert_int_equal(sh("timeout 60 %s batch " INI " --out %s/lock", vgdl, tmp), 2);
    expect_in(err(), ".vgdl-batch.lock");
    assert_true(holds("victim", "precious\n"));
    assert_int_equal(
        sh("mkdir -p %s/fakebin && printf '#!/bin/sh\\necho Submitted batch job 1\\n' > %s/fakebin/sbatch && "
           "chmod +x %s/fakebin/sbatch && mkdir -p %s/job && ln -s ../victim %s/job/batch.sbatch",
           tmp, tmp, tmp, tmp, tmp),
        0);
    assert_int_equal(sh("PATH=%s/fakebin:$PATH timeout 60 %s batch " INI " --submit --out %s/job", tmp, vgdl, tmp), 2);
    expect_in(err(), "batch.sbatch");
    assert_true(holds("victim", "precious\n"));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo_results),
        cmocka_unit_test(test_links_not_written_through),
    };
    return cmocka_run_group_tests(tests, cli_setup, cli_teardown);
}
