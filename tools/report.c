/* SPDX-License-Identifier: MIT
 *
 * report.c -- 'vgdl report [--csv] [--no-timing] DIR...': the results of
 * one or more batch out folders (shards merged, each run counted once), per
 * game x level x agent: win rate with a 95% Wilson interval, score mean and
 * standard deviation, ticks, decision time and forward-model calls; or,
 * with --runs, the merged rows themselves in CSV, sorted.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "runs.h"

void wilson(long wins, long n, double *lo, double *hi) {
    if (n <= 0) {
        *lo = 0, *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = (double)wins / (double)n, z2 = z * z, nn = (double)n;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z / (1 + z2 / nn) * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

static int is_num(const char *s) {
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

/* Levels: numbers in numeric order, before paths in text order. */
static int level_cmp(const char *a, const char *b) {
    int na = is_num(a), nb = is_num(b);
    if (na && nb) {
        size_t la = strlen(a), lb = strlen(b);
        return la != lb ? (la < lb ? -1 : 1) : strcmp(a, b);
    }
    if (na != nb) return na ? -1 : 1;
    return strcmp(a, b);
}

static int row_cmp(const void *pa, const void *pb) {
    const run_row *a = pa, *b = pb;
    int c = strcmp(a->game, b->game);
    if (!c) c = level_cmp(a->level, b->level);
    if (!c) c = strcmp(a->agent, b->agent);
    if (!c) c = a->seed < b->seed ? -1 : a->seed > b->seed;
    return c;
}

static int same_group(const run_row *a, const run_row *b) {
    return strcmp(a->game, b->game) == 0 && strcmp(a->level, b->level) == 0 && strcmp(a->agent, b->agent) == 0;
}

typedef struct group {
    const run_row *first;
    long runs, failed, wins, ok;
    double score_mean, score_sd, ticks_mean, ms_mean, ms_max, calls_mean;
    long long overspent, decisions;
    int configs;
} group;

/* Sums the rows [a, b) of one group. */
static void sum_group(const run_row *a, const run_row *b, group *g) {
    memset(g, 0, sizeof *g);
    g->first = a;
    double ssum = 0, ssq = 0, tsum = 0, ms = 0;
    long long calls = 0;
    for (const run_row *r = a; r < b; r++) {
        g->runs++;
        g->wins += r->win;
        if (r > a && strcmp(r->config, r[-1].config)) g->configs = 1;
        if (r->status != RUN_OK) {
            g->failed++;
            continue;
        }
        g->ok++;
        ssum += r->score;
        tsum += (double)r->ticks;
        ms += r->ms_mean * (double)r->decisions;
        calls += r->calls;
        g->decisions += r->decisions;
        g->overspent += r->overspent;
        if (r->ms_max > g->ms_max) g->ms_max = r->ms_max;
    }
    if (g->ok) {
        g->score_mean = ssum / (double)g->ok;
        g->ticks_mean = tsum / (double)g->ok;
        for (const run_row *r = a; r < b; r++)
            if (r->status == RUN_OK) ssq += (r->score - g->score_mean) * (r->score - g->score_mean);
        g->score_sd = g->ok > 1 ? sqrt(ssq / (double)(g->ok - 1)) : 0;
    }
    if (g->decisions) {
        g->ms_mean = ms / (double)g->decisions;
        g->calls_mean = (double)calls / (double)g->decisions;
    }
}

/* A -0.0000 would differ from 0.0000 between otherwise equal reports. */
static double nz(double v) { return fabs(v) < 5e-5 ? 0.0 : v; }

enum { MAX_COLS = 16 };

void report_print(FILE *f, row_list *rows, const report_opts *o) {
    if (rows->n) qsort(rows->rows, rows->n, sizeof *rows->rows, row_cmp);
    if (o->runs) {
        char line[4096];
        if (row_csv_header(o->no_timing, line, sizeof line) > 0) fputs(line, f);
        for (size_t k = 0; k < rows->n; k++)
            if (row_csv_cols(&rows->rows[k], o->no_timing, line, sizeof line) > 0) fputs(line, f);
        return;
    }
    size_t ngroups = 0;
    for (size_t k = 0; k < rows->n; k++) ngroups += k == 0 || !same_group(&rows->rows[k], &rows->rows[k - 1]);
    group *gs = calloc(ngroups ? ngroups : 1, sizeof *gs);
    if (!gs) {
        fprintf(stderr, "vgdl: out of memory\n");
        return;
    }
    size_t ng = 0;
    for (size_t a = 0, b; a < rows->n; a = b) {
        for (b = a + 1; b < rows->n && same_group(&rows->rows[a], &rows->rows[b]); b++) {}
        sum_group(&rows->rows[a], &rows->rows[b], &gs[ng++]);
    }
    if (o->csv) {
        fprintf(f, "game,level,agent,runs,failed,wins,win_rate,ci_low,ci_high,score_mean,score_sd,ticks_mean,%scalls_mean,"
                   "overspent\n", o->no_timing ? "" : "ms_mean,ms_max,");
        for (size_t k = 0; k < ng; k++) {
            const group *g = &gs[k];
            double lo, hi;
            wilson(g->wins, g->runs, &lo, &hi);
            char game[2 * ROW_GAME + 2], level[2 * ROW_LEVEL + 2], name[2 * ROW_AGENT + 2];
            csv_quote(g->first->game, game, sizeof game);
            csv_quote(g->first->level, level, sizeof level);
            csv_quote(g->first->agent, name, sizeof name);
            char line[4096];
            snprintf(line, sizeof line, "%s,%s,%s,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.1f,", game, level, name, g->runs,
                     g->failed, g->wins, (double)g->wins / (double)g->runs, lo, hi, nz(g->score_mean), nz(g->score_sd),
                     g->ticks_mean);
            fputs(line, f);
            if (!o->no_timing) fprintf(f, "%.4f,%.4f,", g->ms_mean, g->ms_max);
            fprintf(f, "%.2f,%lld\n", g->calls_mean, g->overspent);
        }
        free(gs);
        return;
    }
    /* An aligned table: cells first, then widths. */
    const char *head[MAX_COLS] = {"game", "level", "agent", "runs", "fail", "win", "95% CI", "score", "ticks",
                                  "ms/dec", "max ms", "calls/dec", "over"};
    int ncols = 13, timing[MAX_COLS] = {0};
    timing[9] = timing[10] = 1;
    size_t width[MAX_COLS] = {0};
    char *cells = calloc((ng + 1) * MAX_COLS, 64);
    if (!cells) {
        free(gs);
        return;
    }
#define CELL(r, c) (cells + ((size_t)(r) * MAX_COLS + (size_t)(c)) * 64)
    for (int c = 0; c < ncols; c++) snprintf(CELL(0, c), 64, "%s", head[c]);
    for (size_t k = 0; k < ng; k++) {
        const group *g = &gs[k];
        double lo, hi;
        wilson(g->wins, g->runs, &lo, &hi);
        size_t r = k + 1;
        snprintf(CELL(r, 0), 64, "%s", g->first->game);
        snprintf(CELL(r, 1), 64, "%s", g->first->level);
        snprintf(CELL(r, 2), 64, "%s", g->first->agent);
        snprintf(CELL(r, 3), 64, "%ld", g->runs);
        snprintf(CELL(r, 4), 64, "%ld", g->failed);
        snprintf(CELL(r, 5), 64, "%.2f", (double)g->wins / (double)g->runs);
        snprintf(CELL(r, 6), 64, "[%.2f, %.2f]", lo, hi);
        if (g->ok) {
            snprintf(CELL(r, 7), 64, "%.2f ± %.2f", nz(g->score_mean), nz(g->score_sd));
            snprintf(CELL(r, 8), 64, "%.1f", g->ticks_mean);
            snprintf(CELL(r, 9), 64, "%.3f", g->ms_mean);
            snprintf(CELL(r, 10), 64, "%.3f", g->ms_max);
            snprintf(CELL(r, 11), 64, "%.1f", g->calls_mean);
        } else
            for (int c = 7; c <= 11; c++) snprintf(CELL(r, c), 64, "-");
        snprintf(CELL(r, 12), 64, "%lld", g->overspent);
    }
    for (size_t r = 0; r <= ng; r++)
        for (int c = 0; c < ncols; c++) {
            const char *s = CELL(r, c);
            size_t w = 0;
            for (; *s; s++) w += ((unsigned char)*s & 0xc0) != 0x80;   /* characters, not bytes */
            if (w > width[c]) width[c] = w;
        }
    for (size_t r = 0; r <= ng; r++) {
        char line[2048];
        size_t len = 0;
        for (int c = 0; c < ncols; c++) {
            if (o->no_timing && timing[c]) continue;
            const char *s = CELL(r, c);
            size_t w = 0;
            for (const char *q = s; *q; q++) w += ((unsigned char)*q & 0xc0) != 0x80;
            size_t pad = width[c] - w;
            int left = c < 3;
            if (len && len < sizeof line) len += (size_t)snprintf(line + len, sizeof line - len, "  ");
            if (!left && len < sizeof line) len += (size_t)snprintf(line + len, sizeof line - len, "%*s", (int)pad, "");
            if (len < sizeof line) len += (size_t)snprintf(line + len, sizeof line - len, "%s", s);
            if (left && c < ncols - 1 && len < sizeof line) len += (size_t)snprintf(line + len, sizeof line - len, "%*s", (int)pad, "");
        }
        while (len > 0 && len < sizeof line && line[len - 1] == ' ') line[--len] = '\0';
        fprintf(f, "%s\n", line);
    }
#undef CELL
    long total = 0, failed = 0, by[RUN_NSTATUS] = {0};
    int mixed = 0;
    for (size_t k = 0; k < rows->n; k++) total++, by[rows->rows[k].status]++;
    for (size_t k = 0; k < ng; k++) failed += gs[k].failed, mixed |= gs[k].configs;
    fprintf(f, "%ld runs", total);
    if (failed) {
        fprintf(f, ", %ld failed (", failed);
        const char *sep = "";
        for (int s = 1; s < RUN_NSTATUS; s++)
            if (by[s]) fprintf(f, "%s%ld %s", sep, by[s], run_status_name((run_status)s)), sep = ", ";
        fprintf(f, "; they count as not won)");
    }
    fprintf(f, "; score, ticks and times are over the runs that ended ok\n");
    if (mixed)
        for (size_t k = 0; k < ng; k++)
            if (gs[k].configs)
                fprintf(f, "warning: %s level %s %s mixes runs made with different settings (config column)\n",
                        gs[k].first->game, gs[k].first->level, gs[k].first->agent);
    free(cells);
    free(gs);
}

int cli_report_cmd(int argc, char **argv) {
    report_opts o = {0};
    row_list rows = {0};
    key_set seen = {0};
    long dups = 0;
    int ndirs = 0, rc = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--csv") == 0) o.csv = 1;
        else if (strcmp(argv[i], "--no-timing") == 0) o.no_timing = 1;
        else if (strcmp(argv[i], "--runs") == 0) o.runs = 1;
        else if (argv[i][0] == '-') return cli_fail("report: unknown option '%s' (options: --csv, --runs, --no-timing)", argv[i]);
        else ndirs++;
    }
    if (!ndirs) return cli_fail("report needs one or more batch out folders (or runs.csv files)");
    for (int i = 2; i < argc && !rc; i++) {
        if (argv[i][0] == '-') continue;
        char why[4400];
        int files = runs_read_dir(argv[i], &rows, &seen, &dups, stderr, why, sizeof why);
        if (files < 0) rc = cli_fail("%s", why);
        else if (files == 0) rc = cli_fail("%s: no %s or %s here or in its subfolders", argv[i], RUNS_CSV, RUNS_JSONL);
    }
    if (!rc) report_print(stdout, &rows, &o);
    rows_free(&rows);
    keys_free(&seen);
    return rc;
}
