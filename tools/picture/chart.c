/* SPDX-License-Identifier: MIT
 *
 * chart.c -- a grouped bar chart with 95% intervals as a PNG (chart.h),
 * for 'vgdl report --plot': values between 0 and 1 (win rates, scores),
 * one group of bars per game x level, one colour per agent, each bar with
 * a black whisker from its interval's low end to its high end. Text is
 * the canvas's 5x7 font (vg_glyph) at twice its size: the title above, the y axis
 * at 0, 0.25, ... 1 with light grid lines, each group's name under it,
 * and a legend (a colour square and the agent's name a line) below.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "outfile.h"
#include "render.h"

#define SCALE     2              /* font pixels a glyph pixel */
#define CH_W      (6 * SCALE)    /* a character's advance */
#define CH_H      (9 * SCALE)    /* a line */
#define PLOT_H    240            /* pixels from 0 to 1 */
#define LEFT      (5 * CH_W + 8) /* room for "0.75" and a tick */
#define TOP       (CH_H + 16)    /* the title */
#define BAR_W     16
#define BAR_GAP   4
#define GROUP_PAD 12
#define LABEL_MAX 24 /* characters of a group's name drawn */

static const uint8_t palette[CHART_COLOURS][3] = {
    {31, 119, 180}, {255, 127, 14},  {44, 160, 44},   {214, 39, 40},  {148, 103, 189},
    {140, 86, 75},  {227, 119, 194}, {127, 127, 127}, {188, 189, 34}, {23, 190, 207},
};

void chart_colour(int series, uint8_t rgb[3]) { memcpy(rgb, palette[series % CHART_COLOURS], 3); }

typedef struct canvas {
    uint8_t *rgb;
    int w, h;
} canvas;

static void fill(canvas *c, int x0, int y0, int w, int h, const uint8_t col[3]) {
    for (int y = y0 < 0 ? 0 : y0; y < y0 + h && y < c->h; y++)
        for (int x = x0 < 0 ? 0 : x0; x < x0 + w && x < c->w; x++)
            memcpy(c->rgb + ((size_t)y * (size_t)c->w + (size_t)x) * 3, col, 3);
}

/* 'text' at (x, y), its top left; at most 'max' characters. */
static void text(canvas *c, int x, int y, const char *s, int max, const uint8_t col[3]) {
    render_text(c->rgb, c->w, c->h, x, y, s, max, SCALE, (uint32_t)col[0] << 16 | (uint32_t)col[1] << 8 | col[2]);
}

/* The index of 'name' in 'names' (n of them), added when new. */
static int intern(const char **names, int *n, const char *name) {
    for (int k = 0; k < *n; k++)
        if (strcmp(names[k], name) == 0) return k;
    names[*n] = name;
    return (*n)++;
}

/* The y of 'v' (0 to 1, clamped) on the plot. */
static int y_of(double v) {
    if (!(v > 0)) v = 0;
    if (v > 1) v = 1;
    return TOP + PLOT_H - (int)lround(v * PLOT_H);
}

static void draw_axes(canvas *c, int right, const char *title) {
    static const uint8_t ink[3] = {0, 0, 0}, grid[3] = {220, 220, 220};
    text(c, 8, 8, title, 200, ink);
    for (int k = 0; k <= 4; k++) {
        char label[8];
        snprintf(label, sizeof label, "%g", k / 4.0);
        int y = y_of(k / 4.0);
        fill(c, LEFT, y, right - LEFT, 1, grid);
        fill(c, LEFT - 4, y, 4, 1, ink);
        text(c, LEFT - 6 - (int)strlen(label) * CH_W, y - 3 * SCALE, label, 8, ink);
    }
    fill(c, LEFT - 1, TOP, 1, PLOT_H + 1, ink);
    fill(c, LEFT - 1, TOP + PLOT_H, right - LEFT + 1, 1, ink);
}

/* One bar of series 's' at x, its whisker on its centre. */
static void draw_bar(canvas *c, int x, const chart_bar *b, int s) {
    static const uint8_t ink[3] = {0, 0, 0};
    uint8_t col[3];
    chart_colour(s, col);
    int y = y_of(b->value);
    fill(c, x, y, BAR_W, TOP + PLOT_H - y, col);
    int lo = y_of(b->lo), hi = y_of(b->hi), mid = x + BAR_W / 2 - 1;
    fill(c, mid, hi, 2, lo - hi + 1, ink);
    fill(c, mid - 3, hi, 8, 2, ink);
    fill(c, mid - 3, lo - 1, 8, 2, ink);
}

/* The chart's size for 'ns' series and groups of the label widths
 * 'label_w' so far ('ng' of them): '*w' and '*h' in pixels, the groups'
 * left edges in 'gx' (ng + 1 of them, when not NULL). */
static void chart_size(int ng, int ns, const int *label_w, int legend_w, int title_w, long long *gx, long long *w,
                       long long *h) {
    long long bars_w = (long long)ns * (BAR_W + BAR_GAP) - BAR_GAP + 2 * GROUP_PAD, x = LEFT;
    for (int g = 0; g < ng; g++) {
        if (gx) gx[g] = x;
        x += label_w[g] > bars_w ? label_w[g] : bars_w;
    }
    if (gx) gx[ng] = x;
    *w = x + 16;
    if (*w < legend_w + 8) *w = legend_w + 8;
    if (*w < title_w) *w = title_w;
    *h = TOP + PLOT_H + 8 + CH_H + 12 + (long long)ns * (CH_H + 4) + 8;
}

/* The width of a group's or a series' name as drawn. */
static int label_width(const char *name) {
    int len = (int)strnlen(name, LABEL_MAX);
    return len * CH_W;
}

vg_status chart_png(const char *path, const char *title, const chart_bar *bars, int n, vg_error *err) {
    const char **groups = calloc((size_t)n + 1, sizeof *groups), **series = calloc((size_t)n + 1, sizeof *series);
    int *label_w = calloc((size_t)n + 1, sizeof *label_w), ng = 0, ns = 0, legend_w = 0;
    long long *gx = calloc((size_t)n + 2, sizeof *gx), w = 0, h = 0;
    int title_w = 16 + (int)strnlen(title, 200) * CH_W;
    canvas c = {0};
    vg_status st = VG_ERR_NOMEM;
    if (!groups || !series || !label_w || !gx) goto done;
    /* 1. The groups and series, the size growing with each: refused as
     *    soon as it is over the limit, before any pixel is spent. */
    for (int k = 0; k < n; k++) {
        int g0 = ng, s0 = ns, g = intern(groups, &ng, bars[k].group), s = intern(series, &ns, bars[k].series);
        if (g == g0) label_w[g] = label_width(groups[g]) + GROUP_PAD;
        if (s == s0 && 8 + CH_H + 8 + label_width(series[s]) > legend_w)
            legend_w = 8 + CH_H + 8 + label_width(series[s]);
        if (g == g0 || s == s0) chart_size(ng, ns, label_w, legend_w, title_w, NULL, &w, &h);
        if (w * h > VG_CANVAS_MAX_PIXELS) {
            memset(err, 0, sizeof *err);
            snprintf(err->file, sizeof err->file, "%s", path);
            snprintf(
                err->msg, sizeof err->msg,
                "the chart would be over %lld x %lld pixels (%d game x level groups and %d agents so far), over the limit of %d",
                w, h, ng, ns, VG_CANVAS_MAX_PIXELS);
            st = VG_ERR_LIMIT;
            goto done;
        }
    }
    chart_size(ng, ns, label_w, legend_w, title_w, gx, &w, &h);
    c.w = (int)w, c.h = (int)h;
    int bars_w = ns * (BAR_W + BAR_GAP) - BAR_GAP + 2 * GROUP_PAD, legend_y = TOP + PLOT_H + 8 + CH_H + 12;
    /* 2. The picture. */
    c.rgb = malloc((size_t)c.w * (size_t)c.h * 3);
    if (!c.rgb) goto done;
    memset(c.rgb, 255, (size_t)c.w * (size_t)c.h * 3);
    draw_axes(&c, (int)gx[ng], title);
    static const uint8_t ink[3] = {0, 0, 0};
    for (int k = 0; k < n; k++) {
        int g = intern(groups, &ng, bars[k].group), s = intern(series, &ns, bars[k].series);
        int span = (int)(gx[g + 1] - gx[g]), x0 = (int)gx[g] + (span - bars_w) / 2 + GROUP_PAD;
        draw_bar(&c, x0 + s * (BAR_W + BAR_GAP), &bars[k], s);
    }
    for (int g = 0; g < ng; g++)
        text(&c, (int)(gx[g] + gx[g + 1] - label_width(groups[g])) / 2, TOP + PLOT_H + 8, groups[g], LABEL_MAX, ink);
    for (int s = 0; s < ns; s++) {
        uint8_t col[3];
        chart_colour(s, col);
        int y = legend_y + s * (CH_H + 4);
        fill(&c, 8, y, CH_H - 4, CH_H - 4, col);
        text(&c, 8 + CH_H + 8, y, series[s], LABEL_MAX, ink);
    }
    st = outfile_png(path, c.rgb, c.w, c.h, err);
done:
    if (st == VG_ERR_NOMEM) {
        memset(err, 0, sizeof *err);
        snprintf(err->msg, sizeof err->msg, "%s: out of memory", path);
    }
    free(c.rgb);
    free(groups);
    free(series);
    free(label_w);
    free(gx);
    return st;
}
