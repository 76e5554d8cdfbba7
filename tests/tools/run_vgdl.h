/* SPDX-License-Identifier: MIT
 *
 * run_vgdl.h -- for the tests of the vgdl command (tests/tools/, tests/docs/): the binary of
 * this build (build/BUILD/vgdl, else bin/vgdl), run through the shell with
 * its output captured in a scratch folder. Each test program includes it
 * once.
 */
#ifndef VG_TEST_TOOLS_RUN_VGDL_H
#define VG_TEST_TOOLS_RUN_VGDL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"

static char vgdl[1024]; /* the binary under test */
static char tmp[256];   /* this run's scratch folder */

/* Runs a shell command (printf-style) with stdout and stderr in tmp/out
 * and tmp/err and stdin empty (unless the command pipes its own); returns
 * its exit status. */
static inline int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline int sh(const char *fmt, ...) {
    char cmd[8192], full[9000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "( %s ) >%s/out 2>%s/err </dev/null", cmd, tmp, tmp);
    int st = system(full);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The contents of tmp/NAME (static buffer, one of 4 in turn; "" when missing). */
static inline const char *slurp(const char *name) {
    static char buf[4][1 << 18];
    static int k;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    k = (k + 1) % 4;
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf[k], 1, sizeof buf[k] - 1, f) : 0;
    if (f) fclose(f);
    buf[k][n] = '\0';
    return buf[k];
}

static inline const char *out(void) { return slurp("out"); }
static inline const char *err(void) { return slurp("err"); }

static inline void expect_in(const char *haystack, const char *needle) {
    if (!strstr(haystack, needle)) print_error("expected '%s' in:\n%s\n", needle, haystack);
    assert_non_null(strstr(haystack, needle));
}

static inline void expect_not_in(const char *haystack, const char *needle) {
    if (strstr(haystack, needle)) print_error("did not expect '%s' in:\n%s\n", needle, haystack);
    assert_null(strstr(haystack, needle));
}

/* Finds the binary (next to the test's build folder, else bin/vgdl) and
 * makes the scratch folder. */
static inline int cli_setup(void **state) {
    (void)state;
    char self[1024];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    snprintf(vgdl, sizeof vgdl, "bin/vgdl");
    if (n > 0) {
        self[n] = '\0';
        char *cut = strstr(self, "/tests/");
        if (cut) {
            snprintf(cut, sizeof self - (size_t)(cut - self), "/vgdl");
            if (access(self, X_OK) == 0) snprintf(vgdl, sizeof vgdl, "%s", self);
        }
    }
    if (access(vgdl, X_OK) != 0) {
        print_error("no vgdl binary (%s): build it first (make)\n", vgdl);
        return -1;
    }
    snprintf(tmp, sizeof tmp, "/tmp/vgdl-test-cli-XXXXXX");
    return mkdtemp(tmp) ? 0 : -1;
}

static inline int cli_teardown(void **state) {
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

#endif
