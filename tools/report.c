/* SPDX-License-Identifier: MIT
 *
 * report.c -- 'vgdl report [--csv] [--no-timing] DIR...': the results of
 * one or more batch out folders (shards merged, each run counted once), per
 * game x level x agent: win rate with a 95% Wilson interval, score mean and
 * standard deviation, ticks, decision time and forward-model calls; for
 * two-player games, per game x level a cross table of every agent against
 * every other (wins-draws-losses) with each agent's score and its Wilson
 * interval; or, with --runs, the merged rows themselves in CSV, sorted.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "runs.h"

void wilson(long wins, long n, double *lo, double *hi) { wilson_frac((double)wins, n, lo, hi); }

void wilson_frac(double wins, long n, double *lo, double *hi) {
    if (n <= 0) {
        *lo = 0, *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = wins / (double)n, z2 = z * z, nn = (double)n;
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
    if (!c) c = strcmp(a->opponent, b->opponent);
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

/* The groups (game x level x agent) of 'rows' (sorted), summed; NULL out of memory. */
static group *group_rows(const row_list *rows, size_t *ng) {
    size_t n = 0;
    for (size_t k = 0; k < rows->n; k++) n += k == 0 || !same_group(&rows->rows[k], &rows->rows[k - 1]);
    group *gs = calloc(n ? n : 1, sizeof *gs);
    *ng = 0;
    for (size_t a = 0, b; gs && a < rows->n; a = b) {
        for (b = a + 1; b < rows->n && same_group(&rows->rows[a], &rows->rows[b]); b++) {}
        sum_group(&rows->rows[a], &rows->rows[b], &gs[(*ng)++]);
    }
    return gs;
}

static void print_groups_csv(FILE *f, const group *gs, size_t ng, const report_opts *o) {
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
}

enum { NCELLS = 13 };   /* columns of the one-player table */
#define CELL(r, c) (cells + ((size_t)(r) * NCELLS + (size_t)(c)) * 64)

/* The table's cells: a header row, then a row per group. */
static void fill_cells(char *cells, const group *gs, size_t ng) {
    static const char *const head[NCELLS] = {"game", "level", "agent", "runs", "fail", "win", "95% CI", "score", "ticks",
                                             "ms/dec", "max ms", "calls/dec", "over"};
    for (int c = 0; c < NCELLS; c++) snprintf(CELL(0, c), 64, "%s", head[c]);
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
}

#undef CELL

/* The line under the table: runs, failures by status, mixed settings. */
static void print_footer(FILE *f, const row_list *rows, const group *gs, size_t ng) {
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
}

/* The summary of one-player runs ('rows' sorted, none with an opponent). */
static void print_grid(FILE *f, const char *cells, int rows, int cols, int nleft, unsigned skip);

static void print_one_player(FILE *f, const row_list *rows, const report_opts *o) {
    size_t ng;
    group *gs = group_rows(rows, &ng);
    char *cells = gs && !o->csv ? calloc((ng + 1) * NCELLS, 64) : NULL;
    if (!gs || (!o->csv && !cells)) fprintf(stderr, "vgdl: out of memory\n");
    else if (o->csv) print_groups_csv(f, gs, ng, o);
    else {
        fill_cells(cells, gs, ng);
        print_grid(f, cells, (int)ng + 1, NCELLS, 3, o->no_timing ? 1u << 9 | 1u << 10 : 0);
        print_footer(f, rows, gs, ng);
    }
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
        else if (strcmp(argv[i], "--two-player") == 0) o.two_player = 1;
        else if (argv[i][0] == '-')
            return cli_fail("report: unknown option '%s' (options: --csv, --two-player, --runs, --no-timing)", argv[i]);
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

/* ---- Two-player games: cross tables ---------------------------------------- */

/* What one agent did against one opponent (or, as a total, against all). */
typedef struct cross_cell {
    long games, failed, wins, draws, losses;
    long long decisions, calls, overspent;
    double ms_total, ms_max;
    char config[17];
    int mixed;                  /* rows of one pairing with different configs */
} cross_cell;

static void cell_decisions(cross_cell *c, long long decisions, double ms_mean, double ms_max, long long calls,
                           long long overspent) {
    c->decisions += decisions;
    c->ms_total += ms_mean * (double)decisions;
    c->calls += calls;
    c->overspent += overspent;
    if (ms_max > c->ms_max) c->ms_max = ms_max;
}

static void cell_add(cross_cell *to, const cross_cell *c) {
    to->games += c->games, to->failed += c->failed;
    to->wins += c->wins, to->draws += c->draws, to->losses += c->losses;
    to->decisions += c->decisions, to->calls += c->calls, to->overspent += c->overspent;
    to->ms_total += c->ms_total;
    if (c->ms_max > to->ms_max) to->ms_max = c->ms_max;
}

static long cell_played(const cross_cell *c) { return c->wins + c->draws + c->losses; }
static double cell_score(const cross_cell *c) {
    long n = cell_played(c);
    return n ? ((double)c->wins + 0.5 * (double)c->draws) / (double)n : 0;
}

static int name_cmp(const void *a, const void *b) { return strcmp(a, b); }

static int name_index(char (*names)[ROW_AGENT], int n, const char *name) {
    for (int k = 0; k < n; k++)
        if (strcmp(names[k], name) == 0) return k;
    return -1;
}

typedef struct cross {
    const run_row *first;       /* the block's first row: its game and level */
    char (*names)[ROW_AGENT];   /* agents, by name */
    int n;
    cross_cell *cells;          /* [a * n + o]: a against o (a == o: self-play, the first player's view) */
    cross_cell *total;          /* [a]: against every other agent */
    long games, failed, first_w, first_d, first_l;
} cross;

static void cross_free(cross *x) {
    free(x->names), free(x->cells), free(x->total);
    memset(x, 0, sizeof *x);
}

/* Sums the rows [a, b) of one game x level. 0, or -1 out of memory. */
static int cross_sum(const run_row *a, const run_row *b, cross *x) {
    memset(x, 0, sizeof *x);
    x->first = a;
    int cap = 0;
    for (const run_row *r = a; r < b; r++)
        for (int side = 0; side < 2; side++) {
            const char *name = side ? r->opponent : r->agent;
            if (name_index(x->names, x->n, name) >= 0) continue;
            if (x->n == cap) {
                cap = cap ? cap * 2 : 8;
                char(*nn)[ROW_AGENT] = realloc(x->names, (size_t)cap * sizeof *nn);
                if (!nn) return -1;
                x->names = nn;
            }
            snprintf(x->names[x->n++], ROW_AGENT, "%s", name);
        }
    qsort(x->names, (size_t)x->n, sizeof *x->names, name_cmp);
    x->cells = calloc((size_t)x->n * (size_t)x->n, sizeof *x->cells);
    x->total = calloc((size_t)x->n, sizeof *x->total);
    if (!x->cells || !x->total) return -1;
    for (const run_row *r = a; r < b; r++) {
        int p = name_index(x->names, x->n, r->agent), q = name_index(x->names, x->n, r->opponent);
        cross_cell *pq = &x->cells[p * x->n + q], *qp = &x->cells[q * x->n + p];
        if (!pq->config[0]) snprintf(pq->config, sizeof pq->config, "%s", r->config);
        else if (strcmp(pq->config, r->config)) pq->mixed = 1;
        x->games++;
        pq->games++;
        if (p != q) qp->games++;
        if (r->status != RUN_OK) {
            x->failed++;
            pq->failed++;
            if (p != q) qp->failed++;
            continue;
        }
        int res = strcmp(r->result, "win") == 0 ? 1 : strcmp(r->result, "lose") == 0 ? -1 : 0;
        x->first_w += res > 0, x->first_l += res < 0, x->first_d += res == 0;
        pq->wins += res > 0, pq->losses += res < 0, pq->draws += res == 0;
        if (p != q) qp->wins += res < 0, qp->losses += res > 0, qp->draws += res == 0;
        cell_decisions(pq, r->decisions, r->ms_mean, r->ms_max, r->calls, r->overspent);
        cell_decisions(qp, r->opp_decisions, r->opp_ms_mean, r->opp_ms_max, r->opp_calls, r->opp_overspent);
    }
    for (int p = 0; p < x->n; p++)
        for (int q = 0; q < x->n; q++)
            if (p != q) cell_add(&x->total[p], &x->cells[p * x->n + q]);
    return 0;
}

/* Agents in the order of the table: best score first, then by name. */
static const cross *rank_of;
static int rank_cmp(const void *pa, const void *pb) {
    int a = *(const int *)pa, b = *(const int *)pb;
    double sa = cell_score(&rank_of->total[a]), sb = cell_score(&rank_of->total[b]);
    if (sa != sb) return sa > sb ? -1 : 1;
    return strcmp(rank_of->names[a], rank_of->names[b]);
}

static size_t text_width(const char *s) {   /* characters, not bytes */
    size_t w = 0;
    for (; *s; s++) w += ((unsigned char)*s & 0xc0) != 0x80;
    return w;
}

/* Prints cells [rows][cols] (64 bytes each) aligned: the first 'nleft'
 * columns to the left, the others to the right, two spaces between; the
 * columns whose bit is set in 'skip' left out. */
static void print_grid(FILE *f, const char *cells, int rows, int cols, int nleft, unsigned skip) {
    size_t *width = calloc((size_t)cols, sizeof *width);
    if (!width) return;
#define GCELL(r, c) (cells + ((size_t)(r) * (size_t)cols + (size_t)(c)) * 64)
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (text_width(GCELL(r, c)) > width[c]) width[c] = text_width(GCELL(r, c));
    for (int r = 0; r < rows; r++) {
        char line[4096];
        size_t len = 0;
        for (int c = 0; c < cols && len < sizeof line; c++) {
            if (c < 32 && skip >> c & 1) continue;
            const char *s = GCELL(r, c);
            int pad = (int)(width[c] - text_width(s));
            const char *sep = len ? "  " : "";
            if (c < nleft) len += (size_t)snprintf(line + len, sizeof line - len, "%s%s%*s", sep, s, pad, "");
            else len += (size_t)snprintf(line + len, sizeof line - len, "%s%*s%s", sep, pad, "", s);
        }
#undef GCELL
        if (len >= sizeof line) len = sizeof line - 1;
        while (len > 0 && line[len - 1] == ' ') line[--len] = '\0';
        fprintf(f, "%s\n", line);
    }
    free(width);
}

static void print_cross_table(FILE *f, const cross *x, const report_opts *o) {
    int *order = malloc((size_t)x->n * sizeof *order);
    int stats = o->no_timing ? 7 : 9;             /* games fail W-D-L score CI [ms/dec max] calls/dec over */
    int cols = 1 + x->n + stats;
    char *cells = calloc((size_t)(x->n + 1) * (size_t)cols, 64);
    if (!order || !cells) {
        free(order), free(cells);
        return;
    }
    for (int k = 0; k < x->n; k++) order[k] = k;
    rank_of = x;
    qsort(order, (size_t)x->n, sizeof *order, rank_cmp);
#define XCELL(r, c) (cells + ((size_t)(r) * (size_t)cols + (size_t)(c)) * 64)
    snprintf(XCELL(0, 0), 64, "agent");
    for (int k = 0; k < x->n; k++) snprintf(XCELL(0, 1 + k), 64, "%s", x->names[order[k]]);
    const char *head[] = {"games", "fail", "W-D-L", "score", "95% CI", "ms/dec", "max ms", "calls/dec", "over"};
    for (int c = 0, h = 0; c < stats; c++, h++) {
        if (o->no_timing && h == 5) h = 7;
        snprintf(XCELL(0, 1 + x->n + c), 64, "%s", head[h]);
    }
    for (int r = 0; r < x->n; r++) {
        int p = order[r];
        const cross_cell *t = &x->total[p];
        snprintf(XCELL(r + 1, 0), 64, "%s", x->names[p]);
        for (int k = 0; k < x->n; k++) {
            const cross_cell *c = &x->cells[p * x->n + order[k]];
            if (!c->games) snprintf(XCELL(r + 1, 1 + k), 64, "-");
            else snprintf(XCELL(r + 1, 1 + k), 64, "%ld-%ld-%ld", c->wins, c->draws, c->losses);
        }
        double lo, hi;
        long n = cell_played(t);
        wilson_frac((double)t->wins + 0.5 * (double)t->draws, n, &lo, &hi);
        int c = 1 + x->n;
        snprintf(XCELL(r + 1, c++), 64, "%ld", t->games);
        snprintf(XCELL(r + 1, c++), 64, "%ld", t->failed);
        snprintf(XCELL(r + 1, c++), 64, "%ld-%ld-%ld", t->wins, t->draws, t->losses);
        if (n) {
            snprintf(XCELL(r + 1, c++), 64, "%.2f", cell_score(t));
            snprintf(XCELL(r + 1, c++), 64, "[%.2f, %.2f]", lo, hi);
        } else {
            snprintf(XCELL(r + 1, c++), 64, "-");
            snprintf(XCELL(r + 1, c++), 64, "-");
        }
        if (!o->no_timing) {
            if (t->decisions) snprintf(XCELL(r + 1, c), 64, "%.3f", t->ms_total / (double)t->decisions);
            else snprintf(XCELL(r + 1, c), 64, "-");
            snprintf(XCELL(r + 1, c + 1), 64, "%.3f", t->ms_max);
            c += 2;
        }
        if (t->decisions) snprintf(XCELL(r + 1, c++), 64, "%.1f", (double)t->calls / (double)t->decisions);
        else snprintf(XCELL(r + 1, c++), 64, "-");
        snprintf(XCELL(r + 1, c), 64, "%lld", t->overspent);
    }
#undef XCELL
    fprintf(f, "%s level %s: %ld games between %d agents; a cell is the row agent's wins-draws-losses against the "
               "column's\n", x->first->game, x->first->level, x->games, x->n);
    print_grid(f, cells, x->n + 1, cols, 1, 0);
    long fn = x->first_w + x->first_d + x->first_l;
    fprintf(f, "first player: %ld-%ld-%ld", x->first_w, x->first_d, x->first_l);
    if (fn) fprintf(f, ", score %.2f", ((double)x->first_w + 0.5 * (double)x->first_d) / (double)fn);
    fprintf(f, "\n");
    for (int p = 0; p < x->n; p++)
        for (int q = 0; q < x->n; q++)
            if (x->cells[p * x->n + q].mixed)
                fprintf(f, "warning: %s level %s %s against %s mixes games made with different settings (config column)\n",
                        x->first->game, x->first->level, x->names[p], x->names[q]);
    free(order);
    free(cells);
}

/* One CSV line: agent against opponent ("" for the total over all). */
static void print_cross_csv_line(FILE *f, const cross *x, const char *who, const char *opponent, const cross_cell *c,
                                 const report_opts *o) {
    char game[2 * ROW_GAME + 2], level[2 * ROW_LEVEL + 2], a[2 * ROW_AGENT + 2], b[2 * ROW_AGENT + 2];
    double lo, hi;
    long n = cell_played(c);
    wilson_frac((double)c->wins + 0.5 * (double)c->draws, n, &lo, &hi);
    csv_quote(x->first->game, game, sizeof game);
    csv_quote(x->first->level, level, sizeof level);
    csv_quote(who, a, sizeof a);
    csv_quote(opponent, b, sizeof b);
    fprintf(f, "%s,%s,%s,%s,%ld,%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,", game, level, a, b, c->games, c->failed, c->wins, c->draws,
            c->losses, cell_score(c), lo, hi);
    if (!o->no_timing) fprintf(f, "%.4f,%.4f,", c->decisions ? c->ms_total / (double)c->decisions : 0, c->ms_max);
    fprintf(f, "%.2f,%lld\n", c->decisions ? (double)c->calls / (double)c->decisions : 0, c->overspent);
}

/* The summary of two-player runs ('rows' sorted, every one with an opponent). */
static void print_two_player(FILE *f, const row_list *rows, const report_opts *o) {
    long games = 0, failed = 0, by[RUN_NSTATUS] = {0};
    if (o->csv)
        fprintf(f, "game,level,agent,opponent,games,failed,wins,draws,losses,score,ci_low,ci_high,%scalls_mean,overspent\n",
                o->no_timing ? "" : "ms_mean,ms_max,");
    for (size_t a = 0, b; a < rows->n; a = b) {
        const run_row *r0 = &rows->rows[a];
        for (b = a + 1; b < rows->n && strcmp(rows->rows[b].game, r0->game) == 0 && strcmp(rows->rows[b].level, r0->level) == 0; b++) {}
        cross x;
        if (cross_sum(&rows->rows[a], &rows->rows[b], &x)) {
            cross_free(&x);
            fprintf(stderr, "vgdl: out of memory\n");
            return;
        }
        games += x.games, failed += x.failed;
        for (size_t k = a; k < b; k++) by[rows->rows[k].status]++;
        if (o->csv) {
            for (int p = 0; p < x.n; p++) {
                print_cross_csv_line(f, &x, x.names[p], "", &x.total[p], o);
                for (int q = 0; q < x.n; q++)
                    if (x.cells[p * x.n + q].games) print_cross_csv_line(f, &x, x.names[p], x.names[q], &x.cells[p * x.n + q], o);
            }
        } else {
            if (a) fprintf(f, "\n");
            print_cross_table(f, &x, o);
        }
        cross_free(&x);
    }
    if (o->csv) return;
    fprintf(f, "%ld games", games);
    if (failed) {
        fprintf(f, ", %ld failed (", failed);
        const char *sep = "";
        for (int s = 1; s < RUN_NSTATUS; s++)
            if (by[s]) fprintf(f, "%s%ld %s", sep, by[s], run_status_name((run_status)s)), sep = ", ";
        fprintf(f, "; not in W-D-L)");
    }
    fprintf(f, "; W-D-L counts both seats, a game cut off by max_ticks as a draw;\nscore: (W + D/2) / (W + D + L) "
               "against the other agents, with its 95%% Wilson interval; times and calls: the agent's own decisions\n");
}

void report_print(FILE *f, row_list *rows, const report_opts *o) {
    if (rows->n) qsort(rows->rows, rows->n, sizeof *rows->rows, row_cmp);
    if (o->runs) {
        char line[4096];
        if (row_csv_header(o->no_timing, line, sizeof line) > 0) fputs(line, f);
        for (size_t k = 0; k < rows->n; k++)
            if (row_csv_cols(&rows->rows[k], o->no_timing, line, sizeof line) > 0) fputs(line, f);
        return;
    }
    row_list one = {0}, two = {0};
    for (size_t k = 0; k < rows->n; k++)
        if (rows_push(rows->rows[k].opponent[0] ? &two : &one, &rows->rows[k])) {
            fprintf(stderr, "vgdl: out of memory\n");
            rows_free(&one), rows_free(&two);
            return;
        }
    /* --csv: one table, so that a reader (pandas) never takes the second
     * header for a row; the other is asked for with --two-player */
    int show_one = !o->two_player && (one.n || !two.n), show_two = two.n && (o->two_player || !o->csv || !one.n);
    if (show_one) print_one_player(f, &one, o);
    if (show_one && show_two) fprintf(f, "\n");
    if (show_two) print_two_player(f, &two, o);
    if (o->csv && show_one && two.n)
        fprintf(stderr, "vgdl: report: the two-player games' table left out (one table a CSV): add --two-player for it\n");
    rows_free(&one);
    rows_free(&two);
}
