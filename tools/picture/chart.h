/* SPDX-License-Identifier: MIT
 *
 * chart.h -- a bar chart with intervals, as a PNG (vgdl report --plot).
 */
#ifndef VG_CHART_H
#define VG_CHART_H

#include <stdint.h>

#include "vgdl.h"

#define CHART_COLOURS 10 /* series colours, used in turn */

typedef struct chart_bar {
    const char *group;    /* bars with the same group stand together, groups in order of first appearance */
    const char *series;   /* a colour each, in order of first appearance; named in the legend */
    double value, lo, hi; /* the bar's height and its interval, 0 to 1 */
} chart_bar;

/* The colour of series number 's' (0: the first to appear). */
void chart_colour(int series, uint8_t rgb[3]);
/* Draws 'bars' (n of them) on a white PNG at 'path': 'title' above, a y
 * axis from 0 to 1 (PLOT_H pixels, chart.c), each group's name under it,
 * a legend of the series below. VG_OK, or VG_ERR_IO / VG_ERR_NOMEM with
 * 'err' naming 'path'. */
vg_status chart_png(const char *path, const char *title, const chart_bar *bars, int n, vg_error *err);

#endif
