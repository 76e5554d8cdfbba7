/* SPDX-License-Identifier: MIT
 *
 * batch.h -- the batch library: every game x level x agent x seed an INI
 * file lists, played in parallel worker processes, one row per run in a
 * results store. 'vgdl batch' (batch.c) is one front end; another (a
 * Python binding, say) calls the same steps:
 *
 *   batch_load      plan.c    the INI file read and checked, games loaded,
 *                             the runs numbered 0..total-1
 *   store_open    store.c   the out folder locked, its files repaired
 *   batch_done      batch.c   which runs the store holds already (resume)
 *   batch_play      sched.c   the rest played by worker processes
 *                             (worker.c), each row added to the store
 *   report_print    report.c  the summary
 *   batch_slurm_*   slurm.c   or: the same as a Slurm job array
 *
 * A game for two agents taking turns (turns{} with two agents, neither
 * chance) is played round-robin: every ordered pair of listed agents, each
 * seed once per order. docs/batch.md describes every key and file.
 */
#ifndef VG_BATCH_H
#define VG_BATCH_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "agent.h"
#include "inifile.h"
#include "runs.h"
#include "store.h"

#define BATCH_MAX_RUNS   10000000LL
#define BATCH_MAX_SET    32 /* settings of one agent */
#define BATCH_MAX_LEVELS 100000

/* One entry of 'agents': a registered agent, or a section naming one. */
typedef struct agent_spec {
    char label[ROW_AGENT]; /* its name in 'agents' and in the store */
    char impl[ROW_AGENT];  /* the registered agent that plays */
    const char *settings[BATCH_MAX_SET * 2];
    int lines[BATCH_MAX_SET * 2];
    int nset;
    agent_budget budget; /* the batch's, or the section's own budget_ms / budget_calls */
    char config[17];
    int bad; /* an error was given for it already */
} agent_spec;

/* A batch as planned: what the file says, the games loaded, the runs numbered. */
typedef struct batch {
    const char *path; /* the INI file */
    inifile ini;      /* its sections, and every error found (the file's and the plan's) */

    char (*games)[ROW_GAME];
    char (*scripts)[4096];
    int ngames;
    char (*levels)[ROW_LEVEL];
    int nlevels;
    agent_spec *agents;
    int nagents;
    long long *seeds;
    int nseeds;
    vg_game **loaded;   /* [game * nlevels + level] */
    char **load_err;    /* [game * nlevels + level]: why its rules failed to load (its runs are
                                    error rows), else NULL */
    int *two;           /* [game]: two agents take turns (round-robin) */
    long long *slots;   /* [game]: runs per level and seed: agents, or ordered pairs of agents */
    long long *offset;  /* [game]: its first run within a seed */
    long long per_seed; /* runs per seed */
    int self_play;      /* two-player games: also each agent against itself */
    int model;          /* games for two players moving at once: the agents' opponent model (FM_MODEL_*) */

    int workers, workers_set;
    char out[4096];
    agent_budget budget;
    int max_ticks;
    unsigned long long seed;
    double time_limit;    /* seconds a run may take, 0: none */
    long memory_mb;       /* per worker process, 0: none */
    long runs_per_worker; /* 0: any number */
    double sync_seconds;
    int shards;
    const char *slurm_partition, *slurm_time, *slurm_args;
    int slurm_line;  /* the line of the first slurm_ key, for errors found later */
    long long total; /* runs in the whole batch */
} batch;

/* ---- plan.c: the plan ---------------------------------------------------- */

/* Reads and checks the file 'path' (kept, not copied) and loads its games;
 * returns 0, or the number of errors (b->ini.errs; print them with
 * batch_print_errors). Free 'b' with batch_free either way. */
int batch_load(batch *b, const char *path);
void batch_print_errors(batch *b, FILE *f); /* "FILE:LINE: message", sorted by line */
void batch_free(batch *b);
/* Run 'i' (0 <= i < total): game, level, agent, opponent (-1 in a
 * one-player game) and seed index. Seeds outermost, agents innermost. */
void batch_decode(const batch *b, long long i, int *g, int *l, int *a, int *o, int *s);
void batch_run_key(const batch *b, long long i, char *buf, size_t size); /* runs.h's run key */
/* The seed a run plays with, from the batch seed and the run's identity
 * only, below 2^53 (so that 'vgdl run --seed' takes it exactly). */
uint64_t batch_run_seed(const batch *b, int g, int l, int a, int o, long long seed);
/* The hash of the settings that decide a run's result besides its identity. */
void batch_run_config(const batch *b, int a, int o, char out[17]);
/* Fills row 'r' with run i's identity (game, level, agents, seeds, config). */
void batch_row_identity(const batch *b, long long i, run_row *r);

/* ---- batch.c: resuming --------------------------------------------------- */

/* Marks done[p] for each run slice[p] that the out folder b->out holds
 * (every results file under it, shards too, each run once); '*before'
 * counts those newly marked. 0, or 2 after printing why: a row of a run in
 * the slice made with other settings (another config hash), a store
 * file that cannot be read, out of memory. */
int batch_done(const batch *b, const long long *slice, long long n, unsigned char *done, long long *before);

/* ---- worker.c: a worker process ------------------------------------------ */

enum { MSG_RESULT = 1, MSG_CRASH, MSG_BYE };

/* A seat's decisions: the agent's in a one-player game; the first and the
 * second player's in a two-player game. */
typedef struct seat_stats {
    int64_t decisions, calls, overspent;
    double ms_total, ms_max;
} seat_stats;

/* What a worker sends its parent: a run's result, its crash, or goodbye. */
typedef struct result_msg {
    int32_t kind, status, sig, err_no;
    int64_t run, ticks, vm_kb;
    int32_t result;     /* 0 not over, 1 win, 2 lose, 3 a draw (two-player games) */
    int32_t opp_result; /* a game for two players moving at once: the second player's, as 'result'; else -1 */
    seat_stats seat[2];
    double score, opp_score, run_ms, cpu_ms;
    char error[ROW_ERROR];
} result_msg;

#define BATCH_QMAX 32 /* runs a worker may have queued */

/* The worker process's body (after fork): reads run numbers from 'in',
 * plays each, writes a result_msg for each to 'out'; never returns. */
void batch_worker_main(const batch *b, int in, int out, pid_t parent);
/* Plays run 'i' in this process and fills 'm'. */
void batch_play_one(const batch *b, long long i, result_msg *m);
extern int batch_under_asan; /* ASan: no address-space limit */

/* ---- sched.c: playing the runs ------------------------------------------- */

typedef struct batch_tally {
    long long done, by_status[RUN_NSTATUS];
    int io_error; /* errno of a failed write to the store, 0: none */
    double seconds;
} batch_tally;

/* Plays runs todo[0..ntodo) with b->workers worker processes, each row
 * added to 'res' as it ends; a progress line on stderr when it is a
 * terminal ('before' runs were done already, of 'total'). SIGINT, SIGTERM
 * and SIGHUP stop it (the runs being played are not recorded). Returns 0,
 * the signal that stopped it, or -1 when no worker could start (errno). */
int batch_play(batch *b, store *res, const long long *todo, long long ntodo, long long before, long long total,
               batch_tally *t);

/* ---- slurm.c: Slurm job arrays -------------------------------------------- */

/* Refuses what cannot go into a job script safely: slurm_ settings with
 * quotes, '$', '`', '\\' or a newline, and paths (INI file, out folder,
 * working directory) with a newline or a control character. 0, or -1
 * with 'err' filled. */
int batch_slurm_check(const batch *b, const char *ini, vg_error *err);
/* Writes the job script: array task K runs shard K of b->shards. */
void batch_slurm_script(FILE *f, const batch *b, const char *ini);
/* Writes OUT/batch.sbatch and submits it with sbatch (and --wait); with
 * 'dry_run' only writes it and says what it would run. 0, or -1 with
 * 'err' filled. */
int batch_submit(const batch *b, const char *ini, int wait, int dry_run, vg_error *err);

#endif
