/* SPDX-License-Identifier: MIT
 *
 * runs.h -- the results of batch runs: one row per run, written to and read
 * back from runs.csv and runs.jsonl (runs.c), a set of run keys, the
 * results store a batch writes (store.c: one writer per out folder, files
 * repaired before appending), and the summary table (report.c). Nothing
 * here prints except the table and the functions that take a FILE for
 * warnings.
 */
#ifndef VG_RUNS_H
#define VG_RUNS_H

#include <stdint.h>
#include <stdio.h>

typedef enum { RUN_OK = 0, RUN_CRASHED, RUN_TIMEOUT, RUN_OOM, RUN_ERROR, RUN_NSTATUS } run_status;

const char *run_status_name(run_status s);          /* "ok", "crashed", ... */

#define ROW_GAME  160
#define ROW_LEVEL 256
#define ROW_AGENT 64
#define ROW_ERROR 200

/* One run. 'result' is "win", "lose", "none" (not over: max_ticks) or ""
 * (the run did not finish); in a two-player game (a run with an
 * 'opponent') also "draw", and it is the first player's ('agent's) result.
 * The decision figures are the agent's; the opponent's are the opp_ ones
 * (0 in a one-player game). Timing fields: ms_mean, ms_max, opp_ms_mean,
 * opp_ms_max, run_ms (wall clock, agent creation to the last tick) and
 * cpu_ms (CPU time of that). */
typedef struct run_row {
    char game[ROW_GAME], level[ROW_LEVEL], agent[ROW_AGENT];
    char opponent[ROW_AGENT];       /* the second player in a two-player game; "" in a one-player game */
    long long seed;
    uint64_t run_seed;              /* seeds the state and the agent */
    char config[17];                /* hash of the settings that decide the result */
    run_status status;
    char result[5];
    int win;
    double score;
    char opp_result[5];             /* a game for two players moving at once: the opponent's own result, score */
    double opp_score;               /* (both may win, or both lose); "" and 0 otherwise */
    long long ticks, decisions, calls, overspent;
    double ms_mean, ms_max, calls_mean, run_ms, cpu_ms;
    long long opp_decisions, opp_calls, opp_overspent;
    double opp_ms_mean, opp_ms_max, opp_calls_mean;
    char error[ROW_ERROR];
} run_row;

#define RUNS_CSV   "runs.csv"
#define RUNS_JSONL "runs.jsonl"
extern const char runs_csv_header[];                /* first line of runs.csv, with '\n' */

/* Formats 'r' as one CSV line / one JSON line ending in '\n'; returns the
 * length, or -1 when 'size' is too small. */
int row_csv(const run_row *r, char *buf, size_t size);
int row_json(const run_row *r, char *buf, size_t size);
/* As row_csv, without the timing columns (ms_mean, ms_max, run_ms, cpu_ms) when
 * 'no_timing'; and the matching header line. */
int row_csv_cols(const run_row *r, int no_timing, char *buf, size_t size);
int row_csv_header(int no_timing, char *buf, size_t size);
/* Both lines at once (what a batch appends); 0, or -1 when a buffer is too small. */
int row_lines(const run_row *r, char *csv, size_t csvsize, int *csvlen, char *json, size_t jsonsize, int *jsonlen);
/* 'text' as one CSV field, quoted when it holds a comma, quote or newline; 0, or -1 when too long. */
int csv_quote(const char *text, char *buf, size_t size);
/* Parses one line (without its '\n') of the current format; 0 on success,
 * -1 when malformed. JSON lines may lack the keys older versions did not
 * write (opponent, opp_*). */
int row_parse_csv(const char *line, run_row *r);
int row_parse_json(const char *line, run_row *r);
/* The one string hash of tools/: FNV-1a of 's' from 'h' (RUNS_FNV_BASIS
 * to start), and splitmix64's finaliser to spread it. */
#define RUNS_FNV_BASIS 1469598103934665603ULL
uint64_t runs_fnv(uint64_t h, const char *s);
uint64_t runs_mix(uint64_t z);

/* The run's identity: game, level, agent, seed (and opponent, in a
 * two-player game), joined by '\x1f'. */
void row_key(const run_row *r, char *buf, size_t size);
/* The key of a run from its parts ('opponent' "" in a one-player game). */
void run_key_of(const char *game, const char *level, const char *agent, const char *opponent, long long seed, char *buf,
                size_t size);

/* A growable array of rows. */
typedef struct row_list {
    run_row *rows;
    size_t n, cap;
} row_list;
int rows_push(row_list *l, const run_row *r);        /* 0, or -1 out of memory */
void rows_free(row_list *l);

/* A set of strings (run keys) mapped to an index. */
typedef struct key_set {
    char **keys;
    long *vals;
    size_t cap, n;
} key_set;
long keys_get(const key_set *s, const char *key);    /* the value, or -1 when absent */
int keys_put(key_set *s, const char *key, long val); /* 1 added, 0 present, -1 out of memory */
void keys_free(key_set *s);

/* Reads a results file (runs.csv or runs.jsonl, by its name) and appends
 * its rows to 'out'. Lines must end in '\n': an unterminated last line (a
 * write cut short) is ignored, and its offset returned in '*good_end'
 * together with the offset after the last good line (so that a writer can
 * truncate). A malformed line stops the reading there. A CSV file's columns
 * are found by its header: a file written before the opponent columns
 * existed reads as one-player runs, and '*old_header' (may be NULL) is set
 * so that a writer can rewrite it before appending. Returns 0, 1 when the
 * file does not exist, or -1 with a reason in 'why'. */
int runs_read_file(const char *path, row_list *out, long long *good_end, long long *size, int *bad_line, int *old_header,
                   char *why, size_t whysize);

/* ---- store.c: folders of results, and the store a batch writes ---------- */

/* Reads DIR/runs.csv (or DIR/runs.jsonl when there is no CSV) and the same
 * in every direct subfolder of DIR (shards); 'path' may also be a results
 * file. Rows already in 'seen' (by key) are skipped and counted in
 * '*dups'. Warnings go to 'warn'. Returns the number of files read, or -1
 * with a reason in 'why'. */
int runs_read_dir(const char *path, row_list *out, key_set *seen, long *dups, FILE *warn, char *why, size_t whysize);

/* One results file being appended to. */
typedef struct outfile {
    char path[4200];
    int fd;
    long long size;              /* bytes in the file: the store is its only writer */
} outfile;

/* The results store of one batch (or shard): DIR/runs.csv and
 * DIR/runs.jsonl, appended to by this process alone. */
typedef struct results {
    char dir[4096];
    outfile csv, jsonl;
    int lock_fd, parent_lock_fd; /* DIR's lock; a shard's shared lock on the folder above */
    double last_sync, sync_seconds;
    char *pend_csv, *pend_json;  /* rows not written yet (whole rows only) */
    size_t pend_csv_n, pend_json_n, pend_cap;
} results;

#define RUNS_LOCK ".vgdl-batch.lock"

/* Sets up 'res' for folder 'dir' (nothing opened yet); 'parent' is the
 * out folder above a shard's folder, NULL for a whole batch. */
void results_init(results *res, const char *dir, const char *parent, double sync_seconds);
/* Creates the folder and takes its lock (flock on DIR/RUNS_LOCK, holding
 * this process's PID): one writer per folder. A shard also takes a shared
 * lock on its parent, which a whole batch there takes exclusively. 0; 1
 * when another process holds it ('why' names its PID); -1 on another
 * error ('why' says). The lock ends with results_close or the process. */
int results_lock(results *res, char *why, size_t whysize);
/* Opens the two files for appending after repairing them: a torn or
 * malformed tail is cut, a run written twice is kept once, and when one
 * file holds rows the other lacks (the batch was killed between the two
 * writes) the shorter is rewritten from the longer. Warnings to 'warn'.
 * 0, or -1 with a reason in 'why'. */
int results_open(results *res, FILE *warn, char *why, size_t whysize);
/* Adds a row to the next write; 0, or -1 (errno). */
int results_add(results *res, const run_row *r);
/* Writes the rows added so far (one write() a file) and syncs the files
 * when sync_seconds have passed; 0, or -1 (errno). */
int results_flush(results *res);
void results_close(results *res);   /* flushes, syncs, closes, unlocks; a store never opened: nothing */
int results_mkdirs(const char *path);                  /* mkdir -p; 0, or -1 (errno) */
int runs_write_all(int fd, const void *p, size_t n);   /* write() until done; 0, or -1 (errno) */

/* The summary: per game x level x agent, runs, failures, win rate with a
 * 95% Wilson interval, score mean and sd, ticks, decision time, calls; for
 * two-player games (rows with an opponent) a cross table per game x level:
 * wins-draws-losses of every agent against every other, and each agent's
 * score with its Wilson interval. */
typedef struct report_opts {
    int csv;        /* machine-readable CSV instead of an aligned table */
    int no_timing;  /* leave out the timing columns (to compare batches) */
    int runs;       /* the runs themselves (merged, sorted) instead of the summary */
    int two_player; /* only the two-player games' table (--csv prints one table: without it the one-player one when any) */
    int markdown;   /* the tables as GitHub markdown tables */
    int latex;      /* the tables as LaTeX tabulars (booktabs), the other lines as % comments */
    int summary;    /* one-player runs: only the table across levels (per game x agent) */
    const char *plot;   /* report --plot: the PNG of win rates (cli_report_cmd draws it) */
} report_opts;
#define REPORT_MAX_AGENTS 256   /* agents in one game x level's cross table (its cells grow with the square) */
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
void wilson(long wins, long n, double *lo, double *hi);             /* 95% interval */
void wilson_frac(double wins, long n, double *lo, double *hi);      /* the same, for a fractional count (draws as halves) */

#endif
