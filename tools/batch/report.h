/* SPDX-License-Identifier: MIT
 *
 * report.h -- 'vgdl report': the summary of batch results as tables
 * (report.c; table.c lays the tables out), the Wilson interval, and the
 * chart of --plot.
 */
#ifndef VG_REPORT_H
#define VG_REPORT_H

#include <stdio.h>

#include "runs.h"

/* The summary: per game x level x agent, runs, failures, win rate with a
 * 95% Wilson interval, score mean and sd, ticks, decision time, calls; for
 * two-player games (rows with an opponent) a cross table per game x level:
 * wins-draws-losses of every agent against every other, and each agent's
 * score with its Wilson interval. */
typedef struct report_opts {
    int csv;       /* machine-readable CSV instead of an aligned table */
    int no_timing; /* leave out the timing columns (to compare batches) */
    int runs;      /* the runs themselves (merged, sorted) instead of the summary */
    int two_player; /* only the two-player games' table (--csv prints one table: without it the one-player one when any) */
    int markdown;     /* the tables as GitHub markdown tables */
    int latex;        /* the tables as LaTeX tabulars (booktabs), the other lines as % comments */
    int summary;      /* one-player runs: only the table across levels (per game x agent) */
    const char *plot; /* report --plot: the PNG of win rates (cmd_report draws it) */
} report_opts;
#define REPORT_MAX_AGENTS 256 /* agents in one game x level's cross table (its cells grow with the square) */
/* Prints the report of 'rows' (sorting them); 0, or -1 after printing why
 * on stderr (out of memory, too many agents for a cross table), checked
 * before the tables they would cut short. */
int report_print(FILE *f, row_list *rows, const report_opts *o);
/* --plot: the chart of the win rates (or two-player scores) of 'rows'
 * (sorted by report_print) as a PNG at o->plot. 0, or 2 after printing
 * why. */
int report_plot(row_list *rows, const report_opts *o);
/* table.c: prints cells [rows][cols] (64 bytes each, the first row the
 * header) aligned, the first 'nleft' columns to the left, the others to
 * the right, leaving out the columns whose bit is set in 'skip': as text
 * (two spaces between), a GitHub markdown table (a blank line after it)
 * or a LaTeX tabular (booktabs), as 'o' asks. */
void report_grid(FILE *f, const char *cells, int rows, int cols, int nleft, unsigned skip, const report_opts *o);
/* table.c: starts a line of prose around the tables ("% " with --latex). */
void report_prose(FILE *f, const report_opts *o);
void report_wilson(long wins, long n, double *lo, double *hi); /* 95% interval */
void report_wilson_frac(double wins, long n, double *lo,
                        double *hi); /* the same, for a fractional count (draws as halves) */

#endif
