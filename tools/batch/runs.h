/* SPDX-License-Identifier: MIT
 *
 * runs.h -- the results of batch runs: one row per run, written to and read
 * back from runs.csv and runs.jsonl, a list of rows, a set of run keys
 * (runs.c). The store a batch writes is store.h, the summary report.h.
 */
#ifndef VG_RUNS_H
#define VG_RUNS_H

#include <stdint.h>
#include <stdio.h>

#include "vgdl.h"

typedef enum { RUN_OK = 0, RUN_CRASHED, RUN_TIMEOUT, RUN_OOM, RUN_ERROR, RUN_NSTATUS } run_status;

const char *runs_status_name(run_status s); /* "ok", "crashed", ... */

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
    char opponent[ROW_AGENT]; /* the second player in a two-player game; "" in a one-player game */
    long long seed;
    uint64_t run_seed; /* seeds the state and the agent */
    char config[17];   /* hash of the settings that decide the result */
    run_status status;
    char result[5];
    int win;
    double score;
    char opp_result[5]; /* a game for two players moving at once: the opponent's own result, score */
    double opp_score;   /* (both may win, or both lose); "" and 0 otherwise */
    long long ticks, decisions, calls, overspent;
    double ms_mean, ms_max, calls_mean, run_ms, cpu_ms;
    long long opp_decisions, opp_calls, opp_overspent;
    double opp_ms_mean, opp_ms_max, opp_calls_mean;
    char error[ROW_ERROR];
} run_row;

#define RUNS_CSV   "runs.csv"
#define RUNS_JSONL "runs.jsonl"
extern const char runs_csv_header[]; /* first line of runs.csv, with '\n' */

/* Formats 'r' as one CSV line / one JSON line ending in '\n'; returns the
 * length, or -1 when 'size' is too small. */
int runs_csv(const run_row *r, char *buf, size_t size);
int runs_json(const run_row *r, char *buf, size_t size);
/* As runs_csv, without the timing columns (ms_mean, ms_max, run_ms, cpu_ms) when
 * 'no_timing'; and the matching header line. */
int runs_csv_cols(const run_row *r, int no_timing, char *buf, size_t size);
int runs_header(int no_timing, char *buf, size_t size);
/* Both lines at once (what a batch appends); 0, or -1 when a buffer is too small. */
int runs_lines(const run_row *r, char *csv, size_t csvsize, int *csvlen, char *json, size_t jsonsize, int *jsonlen);
/* 'text' as one CSV field, quoted when it holds a comma, quote or newline; 0, or -1 when too long. */
int runs_csv_quote(const char *text, char *buf, size_t size);
/* Parses one line (without its '\n') of the current format; 0 on success,
 * -1 when malformed. JSON lines may lack the keys older versions did not
 * write (opponent, opp_*). */
int runs_parse_csv(const char *line, run_row *r);
int runs_parse_json(const char *line, run_row *r);
/* The one string hash of tools/: FNV-1a of 's' from 'h' (RUNS_FNV_BASIS
 * to start), and splitmix64's finaliser to spread it. */
#define RUNS_FNV_BASIS 1469598103934665603ULL
uint64_t runs_fnv(uint64_t h, const char *s);
uint64_t runs_mix(uint64_t z);

/* The run's identity: game, level, agent, seed (and opponent, in a
 * two-player game), joined by '\x1f'. */
void runs_key(const run_row *r, char *buf, size_t size);
/* The key of a run from its parts ('opponent' "" in a one-player game). */
void runs_key_of(const char *game, const char *level, const char *agent, const char *opponent, long long seed,
                 char *buf, size_t size);

/* A growable array of rows. */
typedef struct row_list {
    run_row *rows;
    size_t n, cap;
} row_list;
int runs_push(row_list *l, const run_row *r); /* 0, or -1 out of memory */
void runs_free(row_list *l);

/* A set of strings (run keys) mapped to an index. */
typedef struct key_set {
    char **keys;
    long *vals;
    size_t cap, n;
} key_set;
long runs_keys_get(const key_set *s, const char *key);    /* the value, or -1 when absent */
int runs_keys_put(key_set *s, const char *key, long val); /* 1 added, 0 present, -1 out of memory */
void runs_keys_free(key_set *s);

/* Reads a results file (runs.csv or runs.jsonl, by its name) and appends
 * its rows to 'out'. Lines must end in '\n': an unterminated last line (a
 * write cut short) is ignored, and its offset returned in '*good_end'
 * together with the offset after the last good line (so that a writer can
 * truncate). A malformed line stops the reading there. A CSV file's columns
 * are found by its header: a file written before the opponent columns
 * existed reads as one-player runs, and '*old_header' (may be NULL) is set
 * so that a writer can rewrite it before appending. Returns 0, 1 when the
 * file does not exist, or -1 with 'err' filled (the file named). */
int runs_read_file(const char *path, row_list *out, long long *good_end, long long *size, int *bad_line,
                   int *old_header, vg_error *err);

#endif
