/* SPDX-License-Identifier: MIT
 *
 * report.c -- 'vgdl report [--csv | --markdown | --latex] [--summary]
 * [--plot PNG] [--no-timing] DIR...': the results of one or more batch out
 * folders (shards merged, each run counted once), per game x level x agent:
 * win rate with a 95% Wilson interval, score mean and standard deviation,
 * ticks, decision time and forward-model calls; then the same per game x
 * agent over all its levels (every run counts once) when an agent played
 * more than one level (--summary: only that); for two-player games, per
 * game x level a cross table of every agent against every other
 * (wins-draws-losses) with each agent's score and its Wilson interval; or,
 * with --runs, the merged rows themselves in CSV, sorted. The tables as
 * aligned text, CSV, GitHub markdown or LaTeX (booktabs); --plot draws the
 * win rates with their intervals as a PNG (chart.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "cli.h"
#include "commands.h"
#include "report.h"
#include "store.h"

void report_wilson(long wins, long n, double *lo, double *hi) { report_wilson_frac((double)wins, n, lo, hi); }

void report_wilson_frac(double wins, long n, double *lo, double *hi) {
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

/* Levels: numbers in numeric order, before paths in text order. */
static int level_cmp(const char *a, const char *b) {
    int na = cli_is_number(a), nb = cli_is_number(b);
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

/* Across levels: by game, agent, then as row_cmp. */
static int summary_cmp(const void *pa, const void *pb) {
    const run_row *a = pa, *b = pb;
    int c = strcmp(a->game, b->game);
    if (!c) c = strcmp(a->agent, b->agent);
    return c ? c : row_cmp(pa, pb);
}

static int same_game_agent(const run_row *a, const run_row *b) {
    return strcmp(a->game, b->game) == 0 && strcmp(a->agent, b->agent) == 0;
}

typedef struct group {
    const run_row *first;
    long runs, failed, wins, ok, levels;
    double score_mean, score_sd, ticks_mean, ms_mean, ms_max, calls_mean;
    long long overspent, decisions;
    int configs;
} group;

/* Sums the rows [a, b) of one group. */
static void sum_group(const run_row *a, const run_row *b, group *g) {
    memset(g, 0, sizeof *g);
    g->first = a;
    g->levels = 1;
    double ssum = 0, ssq = 0, tsum = 0, ms = 0;
    long long calls = 0;
    for (const run_row *r = a; r < b; r++) {
        g->runs++;
        if (r > a && strcmp(r->level, r[-1].level)) g->levels++; /* rows sorted by level within the group */
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

/* The groups of 'rows' (sorted so that a group's rows are together),
 * rows being in one group when 'same' says so, summed; NULL out of memory. */
static group *group_rows(const row_list *rows, int (*same)(const run_row *, const run_row *), size_t *ng) {
    size_t n = 0;
    for (size_t k = 0; k < rows->n; k++) n += k == 0 || !same(&rows->rows[k], &rows->rows[k - 1]);
    group *gs = calloc(n ? n : 1, sizeof *gs);
    *ng = 0;
    for (size_t a = 0, b; gs && a < rows->n; a = b) {
        for (b = a + 1; b < rows->n && same(&rows->rows[a], &rows->rows[b]); b++) {}
        sum_group(&rows->rows[a], &rows->rows[b], &gs[(*ng)++]);
    }
    return gs;
}

/* The level column: the level, or across levels (a summary) how many. */
static void level_cell(const group *g, int summary, char *out, size_t size) {
    if (summary) snprintf(out, size, "%ld", g->levels);
    else snprintf(out, size, "%s", g->first->level);
}

static void print_groups_csv(FILE *f, const group *gs, size_t ng, int summary, const report_opts *o) {
    fprintf(f,
            "game,%s,agent,runs,failed,wins,win_rate,ci_low,ci_high,score_mean,score_sd,ticks_mean,%scalls_mean,"
            "overspent\n",
            summary ? "levels" : "level", o->no_timing ? "" : "ms_mean,ms_max,");
    for (size_t k = 0; k < ng; k++) {
        const group *g = &gs[k];
        double lo, hi;
        report_wilson(g->wins, g->runs, &lo, &hi);
        char game[2 * ROW_GAME + 2], level[2 * ROW_LEVEL + 2], name[2 * ROW_AGENT + 2], lv[ROW_LEVEL];
        level_cell(g, summary, lv, sizeof lv);
        runs_csv_quote(g->first->game, game, sizeof game);
        runs_csv_quote(lv, level, sizeof level);
        runs_csv_quote(g->first->agent, name, sizeof name);
        char line[4096];
        snprintf(line, sizeof line, "%s,%s,%s,%ld,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.1f,", game, level, name, g->runs,
                 g->failed, g->wins, (double)g->wins / (double)g->runs, lo, hi, nz(g->score_mean), nz(g->score_sd),
                 g->ticks_mean);
        fputs(line, f);
        if (!o->no_timing) fprintf(f, "%.4f,%.4f,", g->ms_mean, g->ms_max);
        fprintf(f, "%.2f,%lld\n", g->calls_mean, g->overspent);
    }
}

enum { NCELLS = 13 }; /* columns of the one-player table */
#define CELL(r, c) (cells + ((size_t)(r)*NCELLS + (size_t)(c)) * 64)

/* The table's cells: a header row, then a row per group (across levels
 * when 'summary': the level column says how many). */
static void fill_cells(char *cells, const group *gs, size_t ng, int summary) {
    static const char *const head[NCELLS] = {"game",  "level", "agent",  "runs",   "fail",      "win", "95% CI",
                                             "score", "ticks", "ms/dec", "max ms", "calls/dec", "over"};
    for (int c = 0; c < NCELLS; c++) snprintf(CELL(0, c), 64, "%s", c == 1 && summary ? "levels" : head[c]);
    for (size_t k = 0; k < ng; k++) {
        const group *g = &gs[k];
        double lo, hi;
        report_wilson(g->wins, g->runs, &lo, &hi);
        size_t r = k + 1;
        snprintf(CELL(r, 0), 64, "%s", g->first->game);
        level_cell(g, summary, CELL(r, 1), 64);
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
static void print_footer(FILE *f, const row_list *rows, const group *gs, size_t ng, const report_opts *o) {
    long total = 0, failed = 0, by[RUN_NSTATUS] = {0};
    int mixed = 0;
    for (size_t k = 0; k < rows->n; k++) total++, by[rows->rows[k].status]++;
    for (size_t k = 0; k < ng; k++) failed += gs[k].failed, mixed |= gs[k].configs;
    report_prose(f, o);
    fprintf(f, "%ld runs", total);
    if (failed) {
        fprintf(f, ", %ld failed (", failed);
        const char *sep = "";
        for (int s = 1; s < RUN_NSTATUS; s++)
            if (by[s]) fprintf(f, "%s%ld %s", sep, by[s], runs_status_name((run_status)s)), sep = ", ";
        fprintf(f, "; they count as not won)");
    }
    fprintf(f, "; score, ticks and times are over the runs that ended ok\n");
    if (mixed)
        for (size_t k = 0; k < ng; k++)
            if (gs[k].configs) {
                report_prose(f, o);
                fprintf(f, "warning: %s level %s %s mixes runs made with different settings (config column)\n",
                        gs[k].first->game, gs[k].first->level, gs[k].first->agent);
            }
}

/* The table of 'gs' in the format asked for ('summary': across levels). */
static void print_group_table(FILE *f, const group *gs, size_t ng, int summary, const report_opts *o) {
    if (o->csv) {
        print_groups_csv(f, gs, ng, summary, o);
        return;
    }
    char *cells = calloc((ng + 1) * NCELLS, 64);
    if (!cells) {
        fprintf(stderr, "vgdl: out of memory\n");
        return;
    }
    fill_cells(cells, gs, ng, summary);
    report_grid(f, cells, (int)ng + 1, NCELLS, 3, o->no_timing ? 1u << 9 | 1u << 10 : 0, o);
    free(cells);
}

/* The summary of one-player runs ('rows' sorted, none with an opponent):
 * per game x level x agent with its footer, then (not in CSV: one table
 * a stream) per game x agent across levels when an agent played more than
 * one level; --summary: only across levels, with the footer. Leaves 'rows'
 * sorted by game and agent. 0, or -1 after printing why. */
static int print_one_player(FILE *f, row_list *rows, const report_opts *o) {
    size_t ng = 0, ns = 0;
    group *gs = o->summary ? NULL : group_rows(rows, same_group, &ng), *ss = NULL;
    if (gs) {
        print_group_table(f, gs, ng, 0, o);
        if (!o->csv) print_footer(f, rows, gs, ng, o);
    }
    if (gs || o->summary) {
        if (rows->n) qsort(rows->rows, rows->n, sizeof *rows->rows, summary_cmp);
        ss = o->summary || !o->csv ? group_rows(rows, same_game_agent, &ns) : NULL;
    }
    int many = 0;
    for (size_t k = 0; ss && k < ns; k++) many |= ss[k].levels > 1;
    if (o->summary && ss) {
        print_group_table(f, ss, ns, 1, o);
        if (!o->csv) print_footer(f, rows, ss, ns, o);
    } else if (many) {
        fputs("\n", f);
        report_prose(f, o);
        fprintf(f, "across levels: per game x agent, every run of the agent on the game's levels counted once\n%s",
                o->markdown ? "\n" : "");
        print_group_table(f, ss, ns, 1, o);
    }
    int bad = (!gs && !o->summary) || (!ss && (o->summary || !o->csv));
    if (bad) fprintf(stderr, "vgdl: out of memory\n");
    free(gs);
    free(ss);
    return bad ? -1 : 0;
}

/* ---- Two-player games: cross tables ---------------------------------------- */

/* What one agent did against one opponent (or, as a total, against all). */
typedef struct cross_cell {
    long games, failed, wins, draws, losses;
    long long decisions, calls, overspent;
    double ms_total, ms_max;
    char config[17];
    int mixed; /* rows of one pairing with different configs */
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
static int name_ptr_cmp(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The index of 'name' in the sorted 'names' (n of them); -1 when not there. */
static int name_index(char (*names)[ROW_AGENT], int n, const char *name) {
    char(*at)[ROW_AGENT] = bsearch(name, names, (size_t)n, sizeof *names, name_cmp);
    return at ? (int)(at - names) : -1;
}

typedef struct cross {
    const run_row *first;     /* the block's first row: its game and level */
    char (*names)[ROW_AGENT]; /* agents, by name */
    int n;
    cross_cell *cells; /* [a * n + o]: a against o (a == o: self-play, the first player's view) */
    cross_cell *total; /* [a]: against every other agent */
    long games, failed, first_w, first_d, first_l;
} cross;

static void cross_free(cross *x) {
    free(x->names), free(x->cells), free(x->total);
    memset(x, 0, sizeof *x);
}

/* Prints why cross_sum failed with 'rc' on the block of 'x', frees 'x'; -1. */
static int cross_fail(cross *x, int rc) {
    if (rc == -2)
        fprintf(stderr, "vgdl: report: %s level %s: %d agents, too many for a cross table (the limit is %d)\n",
                x->first->game, x->first->level, x->n, REPORT_MAX_AGENTS);
    else fprintf(stderr, "vgdl: out of memory\n");
    cross_free(x);
    return -1;
}

/* The agents of the rows [a, b) of one game x level into x->names,
 * sorted. 0; -1 out of memory; -2 more than REPORT_MAX_AGENTS agents
 * ('x->n' says how many). */
static int cross_names(const run_row *a, const run_row *b, cross *x) {
    memset(x, 0, sizeof *x);
    x->first = a;
    size_t rows = (size_t)(b - a), n = 0;
    const char **all = malloc(2 * rows * sizeof *all); /* every agent's name, sorted, each once */
    if (!all) return -1;
    for (const run_row *r = a; r < b; r++) all[n++] = r->agent, all[n++] = r->opponent;
    qsort(all, n, sizeof *all, name_ptr_cmp);
    for (size_t k = 0; k < n; k++) x->n += k == 0 || strcmp(all[k], all[k - 1]) != 0;
    if (x->n > REPORT_MAX_AGENTS) {
        free(all);
        return -2;
    }
    x->names = malloc((size_t)x->n * sizeof *x->names);
    for (size_t k = 0, m = 0; x->names && k < n; k++)
        if (k == 0 || strcmp(all[k], all[k - 1]) != 0) snprintf(x->names[m++], ROW_AGENT, "%s", all[k]);
    free(all);
    return x->names ? 0 : -1;
}

/* The end of the block of rows that starts at 'a' (one game x level). */
static const run_row *block_end(const run_row *a, const run_row *end) {
    const run_row *b = a + 1;
    while (b < end && strcmp(b->game, a->game) == 0 && strcmp(b->level, a->level) == 0) b++;
    return b;
}

/* 0 when every block of 'rows' has few enough agents for a cross table;
 * else -1 after printing why (checked before anything is printed). */
static int cross_check(const row_list *rows) {
    const run_row *end = rows->rows + rows->n;
    for (const run_row *a = rows->rows, *b; a < end; a = b) {
        b = block_end(a, end);
        cross x;
        int rc = cross_names(a, b, &x);
        if (rc) return cross_fail(&x, rc);
        cross_free(&x);
    }
    return 0;
}

/* Sums the rows [a, b) of one game x level. 0, or as cross_names. */
static int cross_sum(const run_row *a, const run_row *b, cross *x) {
    int rc = cross_names(a, b, x);
    if (rc) return rc;
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
        int opp = !r->opp_result[0]                    ? -res
                  : strcmp(r->opp_result, "win") == 0  ? 1
                  : strcmp(r->opp_result, "lose") == 0 ? -1
                                                       : 0;
        x->first_w += res > 0, x->first_l += res < 0, x->first_d += res == 0;
        pq->wins += res > 0, pq->losses += res < 0, pq->draws += res == 0;
        if (p != q)
            qp->wins += opp > 0, qp->losses += opp < 0, qp->draws += opp == 0; /* its own result: both may win */
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

static void print_cross_table(FILE *f, const cross *x, const report_opts *o) {
    int *order = malloc((size_t)x->n * sizeof *order);
    int stats = o->no_timing ? 7 : 9; /* games fail W-D-L score CI [ms/dec max] calls/dec over */
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
        report_wilson_frac((double)t->wins + 0.5 * (double)t->draws, n, &lo, &hi);
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
    report_prose(f, o);
    fprintf(f,
            "%s level %s: %ld games between %d agents; a cell is the row agent's wins-draws-losses against the "
            "column's\n%s",
            x->first->game, x->first->level, x->games, x->n, o->markdown ? "\n" : "");
    report_grid(f, cells, x->n + 1, cols, 1, 0, o);
    long fn = x->first_w + x->first_d + x->first_l;
    report_prose(f, o);
    fprintf(f, "first player: %ld-%ld-%ld", x->first_w, x->first_d, x->first_l);
    if (fn) fprintf(f, ", score %.2f", ((double)x->first_w + 0.5 * (double)x->first_d) / (double)fn);
    fprintf(f, "\n");
    for (int p = 0; p < x->n; p++)
        for (int q = 0; q < x->n; q++)
            if (x->cells[p * x->n + q].mixed) {
                report_prose(f, o);
                fprintf(f,
                        "warning: %s level %s %s against %s mixes games made with different settings (config column)\n",
                        x->first->game, x->first->level, x->names[p], x->names[q]);
            }
    free(order);
    free(cells);
}

/* One CSV line: agent against opponent ("" for the total over all). */
static void print_cross_csv_line(FILE *f, const cross *x, const char *who, const char *opponent, const cross_cell *c,
                                 const report_opts *o) {
    char game[2 * ROW_GAME + 2], level[2 * ROW_LEVEL + 2], a[2 * ROW_AGENT + 2], b[2 * ROW_AGENT + 2];
    double lo, hi;
    long n = cell_played(c);
    report_wilson_frac((double)c->wins + 0.5 * (double)c->draws, n, &lo, &hi);
    runs_csv_quote(x->first->game, game, sizeof game);
    runs_csv_quote(x->first->level, level, sizeof level);
    runs_csv_quote(who, a, sizeof a);
    runs_csv_quote(opponent, b, sizeof b);
    fprintf(f, "%s,%s,%s,%s,%ld,%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,", game, level, a, b, c->games, c->failed, c->wins,
            c->draws, c->losses, cell_score(c), lo, hi);
    if (!o->no_timing) fprintf(f, "%.4f,%.4f,", c->decisions ? c->ms_total / (double)c->decisions : 0, c->ms_max);
    fprintf(f, "%.2f,%lld\n", c->decisions ? (double)c->calls / (double)c->decisions : 0, c->overspent);
}

/* The summary of two-player runs ('rows' sorted, every one with an
 * opponent). 0, or -1 after printing why. */
static int print_two_player(FILE *f, const row_list *rows, const report_opts *o) {
    long games = 0, failed = 0, by[RUN_NSTATUS] = {0};
    if (o->csv)
        fprintf(
            f, "game,level,agent,opponent,games,failed,wins,draws,losses,score,ci_low,ci_high,%scalls_mean,overspent\n",
            o->no_timing ? "" : "ms_mean,ms_max,");
    for (size_t a = 0, b; a < rows->n; a = b) {
        b = (size_t)(block_end(&rows->rows[a], rows->rows + rows->n) - rows->rows);
        cross x;
        int rc = cross_sum(&rows->rows[a], &rows->rows[b], &x);
        if (rc) return cross_fail(&x, rc);
        games += x.games, failed += x.failed;
        for (size_t k = a; k < b; k++) by[rows->rows[k].status]++;
        if (o->csv) {
            for (int p = 0; p < x.n; p++) {
                print_cross_csv_line(f, &x, x.names[p], "", &x.total[p], o);
                for (int q = 0; q < x.n; q++)
                    if (x.cells[p * x.n + q].games)
                        print_cross_csv_line(f, &x, x.names[p], x.names[q], &x.cells[p * x.n + q], o);
            }
        } else {
            if (a) fprintf(f, "\n");
            print_cross_table(f, &x, o);
        }
        cross_free(&x);
    }
    if (o->csv) return 0;
    report_prose(f, o);
    fprintf(f, "%ld games", games);
    if (failed) {
        fprintf(f, ", %ld failed (", failed);
        const char *sep = "";
        for (int s = 1; s < RUN_NSTATUS; s++)
            if (by[s]) fprintf(f, "%s%ld %s", sep, by[s], runs_status_name((run_status)s)), sep = ", ";
        fprintf(f, "; not in W-D-L)");
    }
    fprintf(f, "; W-D-L counts both seats, a game cut off by max_ticks as a draw;\n");
    report_prose(f, o);
    fprintf(f,
            "score: (W + D/2) / (W + D + L) against the other agents, with its 95%% Wilson interval; times and calls: "
            "the agent's own decisions\n");
    return 0;
}

/* The one-player rows of 'rows' into 'one', the two-player ones into
 * 'two' (in order). 0, or -1 after printing "out of memory" (both freed). */
static int split_rows(const row_list *rows, row_list *one, row_list *two) {
    for (size_t k = 0; k < rows->n; k++)
        if (runs_push(rows->rows[k].opponent[0] ? two : one, &rows->rows[k])) {
            fprintf(stderr, "vgdl: out of memory\n");
            runs_free(one), runs_free(two);
            return -1;
        }
    return 0;
}

int report_print(FILE *f, row_list *rows, const report_opts *o) {
    if (rows->n) qsort(rows->rows, rows->n, sizeof *rows->rows, row_cmp);
    if (o->runs) {
        char line[4096];
        if (runs_header(o->no_timing, line, sizeof line) > 0) fputs(line, f);
        for (size_t k = 0; k < rows->n; k++)
            if (runs_csv_cols(&rows->rows[k], o->no_timing, line, sizeof line) > 0) fputs(line, f);
        return 0;
    }
    row_list one = {0}, two = {0};
    if (split_rows(rows, &one, &two)) return -1;
    /* --csv: one table, so that a reader (pandas) never takes the second
     * header for a row; the other is asked for with --two-player */
    int show_one = !o->two_player && (one.n || !two.n), show_two = two.n && (o->two_player || !o->csv || !one.n);
    int rc = show_two ? cross_check(&two) : 0;
    if (!rc && show_one) rc = print_one_player(f, &one, o);
    if (!rc && show_one && show_two) fprintf(f, "\n");
    if (!rc && show_two) rc = print_two_player(f, &two, o);
    if (!rc && o->csv && show_one && two.n)
        fprintf(stderr,
                "vgdl: report: the two-player games' table left out (one table a CSV): add --two-player for it\n");
    runs_free(&one);
    runs_free(&two);
    return rc;
}

/* ---- --plot ---------------------------------------------------------------- */

typedef struct bar_names {
    char group[ROW_GAME + 80], series[ROW_AGENT];
} bar_names;

/* A chart's name for a game x level: the game's file name without its
 * folder and extension, and the level's number, or its map's file name
 * likewise ("lighthouse 2", "aliens my"): a path would be cut. */
static void plot_label(const char *game, const char *level, char *out, size_t size) {
    const char *g = strrchr(game, '/') ? strrchr(game, '/') + 1 : game,
               *l = strrchr(level, '/') ? strrchr(level, '/') + 1 : level;
    int gl = (int)strcspn(g, "."),
        ll = (int)(strrchr(l, '.') && strrchr(l, '.') != l ? strrchr(l, '.') - l : (long)strlen(l));
    snprintf(out, size, "%.*s %.*s", gl < 64 ? gl : 64, g, ll < 64 ? ll : 64, l);
}

/* The bars of --plot: each agent's win rate on each game x level of the
 * one-player rows, or (none, or --two-player) its score against the other
 * agents in the two-player ones, with their 95% Wilson intervals; 'names'
 * holds their strings. How many, or -1 out of memory. */
static int plot_bars(row_list *rows, const report_opts *o, chart_bar *bars, bar_names *names, const char **title) {
    row_list one = {0}, two = {0};
    int n = 0;
    if (split_rows(rows, &one, &two)) return -1;
    if (!o->two_player && one.n) {
        *title = "WIN RATE, 95% CI";
        size_t ng;
        group *gs = group_rows(&one, same_group, &ng);
        for (size_t k = 0; gs && k < ng; k++, n++) {
            plot_label(gs[k].first->game, gs[k].first->level, names[n].group, sizeof names[n].group);
            snprintf(names[n].series, sizeof names[n].series, "%s", gs[k].first->agent);
            bars[n].value = (double)gs[k].wins / (double)gs[k].runs;
            report_wilson(gs[k].wins, gs[k].runs, &bars[n].lo, &bars[n].hi);
        }
        if (!gs) n = -1;
        free(gs);
    } else {
        *title = "SCORE (W + D/2) / GAMES, 95% CI";
        for (size_t a = 0, b; n >= 0 && a < two.n; a = b) {
            const run_row *r0 = &two.rows[a];
            b = (size_t)(block_end(r0, two.rows + two.n) - two.rows);
            cross x;
            if (cross_sum(&two.rows[a], &two.rows[b], &x)) n = -1;
            for (int p = 0; n >= 0 && p < x.n; p++, n++) {
                plot_label(r0->game, r0->level, names[n].group, sizeof names[n].group);
                snprintf(names[n].series, sizeof names[n].series, "%s", x.names[p]);
                bars[n].value = cell_score(&x.total[p]);
                report_wilson_frac((double)x.total[p].wins + 0.5 * (double)x.total[p].draws, cell_played(&x.total[p]),
                                   &bars[n].lo, &bars[n].hi);
            }
            cross_free(&x);
        }
    }
    for (int k = 0; k < n; k++) bars[k].group = names[k].group, bars[k].series = names[k].series;
    runs_free(&one);
    runs_free(&two);
    return n;
}

int report_plot(row_list *rows, const report_opts *o) {
    size_t cap = 2 * rows->n + 1; /* a bar per row at most: two-player rows have two agents */
    chart_bar *bars = calloc(cap, sizeof *bars);
    bar_names *names = calloc(cap, sizeof *names);
    const char *title = "";
    int n = bars && names ? plot_bars(rows, o, bars, names, &title) : -1, rc = 0;
    vg_error err;
    if (n < 0) rc = cli_fail("out of memory");
    else if (chart_png(o->plot, title, bars, n, &err) != VG_OK) rc = cli_report(&err);
    free(bars);
    free(names);
    return rc;
}

/* The options of 'report' into 'o'; how many folders it names, or -1
 * after printing why (exit 2). argv[i] is a folder when 'dir[i]' is set. */
static int report_options(int argc, char **argv, report_opts *o, char *dir) {
    int ndirs = 0, formats = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--csv") == 0) o->csv = 1, formats++;
        else if (strcmp(a, "--markdown") == 0) o->markdown = 1, formats++;
        else if (strcmp(a, "--latex") == 0) o->latex = 1, formats++;
        else if (strcmp(a, "--runs") == 0) o->runs = 1, formats++;
        else if (strcmp(a, "--no-timing") == 0) o->no_timing = 1;
        else if (strcmp(a, "--two-player") == 0) o->two_player = 1;
        else if (strcmp(a, "--summary") == 0) o->summary = 1;
        else if (strcmp(a, "--plot") == 0 || strncmp(a, "--plot=", 7) == 0) {
            o->plot = a[6] ? a + 7 : i + 1 < argc ? argv[++i] : "";
            if (!o->plot[0]) return cli_fail("report: --plot needs a file name (a PNG to write)"), -1;
        } else if (a[0] == '-')
            return cli_fail("report: unknown option '%s' (options: --csv, --markdown, --latex, --runs, --summary, "
                            "--two-player, --no-timing, --plot PNG)",
                            a),
                   -1;
        else dir[i] = 1, ndirs++;
    }
    if (formats > 1) return cli_fail("report: --csv, --markdown, --latex and --runs: one at a time"), -1;
    if (o->summary && o->runs) return cli_fail("report: --summary sums runs, --runs lists them: one or the other"), -1;
    if (!ndirs) return cli_fail("report needs one or more batch out folders (or runs.csv files)"), -1;
    return ndirs;
}

int cmd_report(int argc, char **argv) {
    report_opts o = {0};
    row_list rows = {0};
    key_set seen = {0};
    long dups = 0;
    int rc = 0;
    char *dir = calloc((size_t)argc, 1);
    if (!dir) return cli_fail("out of memory");
    if (report_options(argc, argv, &o, dir) < 0) {
        free(dir);
        return 2;
    }
    for (int i = 2; i < argc && !rc; i++) {
        if (!dir[i]) continue;
        vg_error err = {0};
        int files = store_read_dir(argv[i], &rows, &seen, &dups, stderr, &err);
        if (files < 0) rc = cli_report(&err);
        else if (files == 0) rc = cli_fail("%s: no %s or %s here or in its subfolders", argv[i], RUNS_CSV, RUNS_JSONL);
    }
    if (!rc && report_print(stdout, &rows, &o)) rc = 2;
    if (!rc && o.plot) rc = report_plot(&rows, &o);
    free(dir);
    runs_free(&rows);
    runs_keys_free(&seen);
    return rc;
}
