/* SPDX-License-Identifier: MIT
 *
 * table.c -- the tables of 'vgdl report' (report.c) written out: cells
 * aligned as text for people, or as a GitHub markdown table, or as a
 * LaTeX tabular in booktabs' style (\toprule, \midrule, \bottomrule;
 * needs \usepackage{booktabs}), each cell escaped as its format needs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

void report_prose(FILE *f, const report_opts *o) {
    if (o->latex) fputs("% ", f);
}

static size_t text_width(const char *s) { /* characters, not bytes */
    size_t w = 0;
    for (; *s; s++) w += ((unsigned char)*s & 0xc0) != 0x80;
    return w;
}

enum { CELL_OUT = 256 }; /* a cell as written: escaped for markdown or LaTeX */

/* LaTeX's text for 'c' when it is special, else NULL. */
static const char *latex_special(char c) {
    switch (c) {
    case '&': return "\\&";
    case '%': return "\\%";
    case '$': return "\\$";
    case '#': return "\\#";
    case '_': return "\\_";
    case '{': return "\\{";
    case '}': return "\\}";
    case '~': return "\\textasciitilde{}";
    case '^': return "\\textasciicircum{}";
    case '\\': return "\\textbackslash{}";
    case '<': return "\\textless{}";
    case '>': return "\\textgreater{}";
    default: return NULL;
    }
}

/* 's' as the table's format writes it: markdown with \ | * _ ` < escaped
 * by a backslash; LaTeX with its special characters escaped, "±" in math
 * mode and, in a row's 'first' cell, a leading '[' braced (else the \\
 * ending the row before takes it for its option); text as it is. Cut at
 * 'size'. */
static void cell_escape(const char *s, int first, const report_opts *o, char *out, size_t size) {
    size_t n = 0;
    out[0] = '\0';
    if (o->latex && first && *s == '[') n += (size_t)snprintf(out, size, "{}");
    for (; *s && n < size; s++) {
        char one[3] = {*s, '\0', '\0'};
        const char *put = one;
        if (o->markdown && strchr("\\|*_`<", *s)) one[0] = '\\', one[1] = *s;
        else if (o->latex && latex_special(*s)) put = latex_special(*s);
        else if (o->latex && strncmp(s, "\xc2\xb1", 2) == 0) put = "$\\pm$", s++;
        n += (size_t)snprintf(out + n, size - n, "%s", put);
    }
}

/* One row of the grid: cells 'row[0..cols)' padded to 'width', joined as
 * the format joins them. */
static void print_row(FILE *f, const char *row, int cols, const size_t *width, int nleft, unsigned skip,
                      const report_opts *o) {
    char line[16384];
    size_t len = 0;
    const char *first = o->markdown ? "| " : "", *sep = o->markdown ? " | " : o->latex ? " & " : "  ";
    for (int c = 0, shown = 0; c < cols && len < sizeof line; c++) {
        if (c < 32 && skip >> c & 1) continue;
        const char *s = row + (size_t)c * CELL_OUT;
        int pad = (int)(width[c] - text_width(s));
        const char *before = shown++ ? sep : first;
        if (c < nleft) len += (size_t)snprintf(line + len, sizeof line - len, "%s%s%*s", before, s, pad, "");
        else len += (size_t)snprintf(line + len, sizeof line - len, "%s%*s%s", before, pad, "", s);
    }
    if (len >= sizeof line) len = sizeof line - 1;
    if (!o->markdown && !o->latex)
        while (len > 0 && line[len - 1] == ' ') line[--len] = '\0';
    fprintf(f, "%s%s\n", line, o->markdown ? " |" : o->latex ? " \\\\" : "");
}

/* See runs.h: the cells escaped, their widths, then the rows. */
void report_grid(FILE *f, const char *cells, int rows, int cols, int nleft, unsigned skip, const report_opts *o) {
    size_t *width = calloc((size_t)cols, sizeof *width);
    char *esc = malloc((size_t)rows * (size_t)cols * CELL_OUT);
    if (!width || !esc) {
        free(width), free(esc);
        fprintf(stderr, "vgdl: out of memory\n");
        return;
    }
    for (int k = 0; k < rows * cols; k++) {
        char *e = esc + (size_t)k * CELL_OUT;
        cell_escape(cells + (size_t)k * 64, k % cols == 0, o, e, CELL_OUT);
        if (text_width(e) > width[k % cols]) width[k % cols] = text_width(e);
        if (o->markdown && width[k % cols] < 3) width[k % cols] = 3;
    }
    if (o->latex) {
        fputs("\\begin{tabular}{", f);
        for (int c = 0; c < cols; c++)
            if (!(c < 32 && skip >> c & 1)) fputc(c < nleft ? 'l' : 'r', f);
        fputs("}\n\\toprule\n", f);
    }
    for (int r = 0; r < rows; r++) {
        print_row(f, esc + (size_t)r * (size_t)cols * CELL_OUT, cols, width, nleft, skip, o);
        if (r == 0 && o->latex) fputs("\\midrule\n", f);
        if (r == 0 && o->markdown) {
            for (int c = 0; c < cols; c++) {
                if (c < 32 && skip >> c & 1) continue;
                fprintf(f, "|%s", c < nleft ? ":" : "");
                for (size_t k = 1; k < width[c] + 2; k++) fputc('-', f);
                fprintf(f, "%s", c < nleft ? "" : ":");
            }
            fputs("|\n", f);
        }
    }
    if (o->latex) fputs("\\bottomrule\n\\end{tabular}\n", f);
    if (o->markdown) fputs("\n", f);
    free(width);
    free(esc);
}
