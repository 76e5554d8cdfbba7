/* SPDX-License-Identifier: MIT
 *
 * replay.c -- runs one fuzz harness (linked in) on every file of
 * tests/fuzz/regress/FUZZ_NAME/, one cmocka test each: the inputs fuzzing
 * found a crash, a hang or a sanitizer report with, kept so they stay
 * fixed. A test passes when the harness returns (under 'make test
 * BUILD=asan' also with no sanitizer report). Tests run from the
 * repository root, where the harnesses find the scripts they name.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support.h"
#include "fuzz.h"

#define STR_(x) #x
#define STR(x)  STR_(x)

static char dir[512];

static void test_input(void **state) {
    const char *name = *state;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static uint8_t buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_int_equal(LLVMFuzzerTestOneInput(buf, n), 0);
}

int main(void) {
    snprintf(dir, sizeof dir, "%s", repo_path("tests/fuzz/regress/" STR(FUZZ_NAME)));
    struct CMUnitTest tests[256];
    char *names[256];
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && n < 256 && (e = readdir(d));)
        if (e->d_name[0] != '.') {
            names[n] = strdup(e->d_name);
            tests[n] = (struct CMUnitTest){.name = names[n], .test_func = test_input, .initial_state = names[n]};
            n++;
        }
    if (d) closedir(d);
    int rc = _cmocka_run_group_tests(STR(FUZZ_NAME), tests, (size_t)n, NULL, NULL);
    for (int k = 0; k < n; k++) free(names[k]);
    return rc;
}
