/* SPDX-License-Identifier: MIT
 *
 * fuzz_report.c -- 'vgdl report' (tools/batch/runs.c, store.c, report.c,
 * table.c, picture/chart.c): the input's first byte picks the format and
 * options, the rest is a results file (runs.csv, or runs.jsonl when bit 7
 * of the first byte is set) in a folder of its own. The folder is read,
 * the report printed (to /dev/null) and, when bit 6 is set, plotted; a
 * report too large is refused before its memory is spent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "report.h"
#include "store.h"

static char dir[64], csv[128], jsonl[128], plot[128];
static FILE *null;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!null) {
        snprintf(dir, sizeof dir, "/tmp/vgdl-fuzz-report-XXXXXX");
        if (!mkdtemp(dir) || !(null = fopen("/dev/null", "w"))) abort();
        snprintf(csv, sizeof csv, "%s/runs.csv", dir);
        snprintf(jsonl, sizeof jsonl, "%s/runs.jsonl", dir);
        snprintf(plot, sizeof plot, "%s/plot.png", dir);
    }
    if (size < 1) return 0;
    unsigned pick = data[0];
    const char *file = pick & 0x80 ? jsonl : csv;
    FILE *f = fopen(file, "wb");
    if (!f) return 0;
    int ok = fwrite(data + 1, 1, size - 1, f) == size - 1;
    if (fclose(f) != 0 || !ok) return 0;
    report_opts o = {0};
    o.csv = (pick & 3) == 1, o.markdown = (pick & 3) == 2, o.latex = (pick & 3) == 3;
    o.runs = (pick >> 2 & 3) == 1, o.summary = (pick >> 2 & 3) == 2, o.two_player = (pick >> 2 & 3) == 3;
    o.no_timing = pick >> 4 & 1;
    o.plot = pick & 0x40 ? plot : NULL;
    row_list rows = {0};
    key_set seen = {0};
    long dups = 0;
    vg_error err = {0};
    if (store_read_dir(dir, &rows, &seen, &dups, null, &err) >= 0 && report_print(null, &rows, &o) == 0 && o.plot)
        report_plot(&rows, &o);
    runs_free(&rows);
    runs_keys_free(&seen);
    unlink(file);
    unlink(plot);
    return 0;
}
