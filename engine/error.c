/* SPDX-License-Identifier: MIT
 *
 * error.c -- filling a vg_error, status names, and the one edit distance
 * behind every "did you mean" of the project (engine, agents, batch).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "error.h"

vg_status vg_error_set(vg_error *err, vg_status st, const char *file, int line, int col, const char *fmt, ...) {
    if (!err) return st;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return st;
}

/* Levenshtein distance ignoring case; 99 for names too long to matter. */
static int edit_distance(const char *a, const char *b) {
    int la = (int)strlen(a), lb = (int)strlen(b), row[64];
    if (la > 63 || lb > 63) return 99;
    for (int j = 0; j <= lb; j++) row[j] = j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = diag + cost;
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int vg_closest_name(const char *word, const char *const *names, int n) {
    int best = -1, dist = 99;
    for (int k = 0; k < n; k++) {
        int d = edit_distance(word, names[k]);
        if (d < dist) dist = d, best = k;
    }
    return dist <= 1 + (int)strlen(word) / 3 ? best : -1;
}

void error_suggest(vg_error *err, const char *word, const char *const *names, int n) {
    int best = vg_closest_name(word, names, n);
    if (!err || best < 0) return;
    size_t len = strlen(err->msg);
    snprintf(err->msg + len, sizeof err->msg - len, "; did you mean '%s'?", names[best]);
}

vg_status error_unknown(vg_error *err, const char *file, int line, const char *what, const char *word,
                        const char *const *names, int n) {
    error_set(err, VG_ERR_SCRIPT, file, line, 0, "unknown %s '%s'", what, word);
    error_suggest(err, word, names, n);
    return VG_ERR_SCRIPT;
}

const char *vg_status_name(vg_status st) {
    static const char *const names[] = {
        "ok", "cannot read file", "parse error", "script error", "out of memory", "limit exceeded", "bad argument"};
    return (unsigned)st < sizeof names / sizeof names[0] ? names[st] : "unknown status";
}
