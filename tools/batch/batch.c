/* SPDX-License-Identifier: MIT
 *
 * batch.c -- 'vgdl batch FILE.ini': the command-line front end of the
 * batch library (batch.h). It reads the options, then
 *
 *   1. plan      batch_load: the file checked, games loaded (errors: exit 2)
 *   2. resume    the store locked and repaired; the runs already in the
 *                out folder (shards too) skipped
 *   3. run       batch_play: the rest in worker processes
 *   4. report    the summary of everything in the out folder
 *
 * with one clean-up at the end; or writes (--slurm) or submits (--submit)
 * the batch as a Slurm job array. --shard K/N plays one shard of N (the
 * runs dealt by a hash of their identity) into OUT/shard-K-of-N/.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "cli.h"
#include "commands.h"
#include "match.h"
#include "report.h"

static int ll_cmp(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

typedef struct batch_opts {
    const char *ini, *out;
    int shard_k, shard_n, force, dry_run, slurm, submit, wait, workers;
} batch_opts;

static int parse_opts(int argc, char **argv, batch_opts *o) {
    memset(o, 0, sizeof *o);
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--force") == 0) o->force = 1;
        else if (strcmp(a, "--dry-run") == 0) o->dry_run = 1;
        else if (strcmp(a, "--slurm") == 0) o->slurm = 1;
        else if (strcmp(a, "--submit") == 0) o->submit = 1;
        else if (strcmp(a, "--wait") == 0) o->wait = 1;
        else if (strcmp(a, "--out") == 0 || strcmp(a, "--shard") == 0 || strcmp(a, "--workers") == 0) {
            if (!v) return cli_fail("option %s needs a value", a);
            i++;
            char *end;
            if (strcmp(a, "--out") == 0) o->out = v;
            else if (strcmp(a, "--workers") == 0) {
                long n = strtol(v, &end, 10);
                if (*end || n < 1 || n > 1024) return cli_fail("--workers needs a number from 1 to 1024, not '%s'", v);
                o->workers = (int)n;
            } else {
                char tail;
                if (sscanf(v, "%d/%d%c", &o->shard_k, &o->shard_n, &tail) != 2 || o->shard_n < 1 || o->shard_k < 1 ||
                    o->shard_k > o->shard_n)
                    return cli_fail("--shard needs K/N with 1 <= K <= N, not '%s'", v);
            }
        } else if (a[0] == '-') return cli_fail("batch: unknown option '%s'", a);
        else if (o->ini) return cli_fail("batch takes one INI file (got '%s' and '%s')", o->ini, a);
        else o->ini = a;
    }
    if (!o->ini) return cli_fail("batch needs an INI file (see docs/batch.md)");
    if (o->wait && !o->submit) return cli_fail("--wait goes with --submit");
    if ((o->slurm || o->submit) && o->shard_n)
        return cli_fail("--slurm and --submit make the shards themselves: drop --shard");
    return 0;
}

/* Removes the results files under 'dir' (and its shard folders when 'shards'). */
static void remove_results(const char *dir, int shards) {
    char path[4300];
    const char *names[] = {RUNS_CSV, RUNS_JSONL};
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        unlink(path);
        if (!shards) continue;
        char pattern[4300];
        snprintf(pattern, sizeof pattern, "%s/shard-*/%s", dir, names[k]);
        glob_t gl;
        if (glob(pattern, 0, NULL, &gl) == 0) {
            for (size_t j = 0; j < gl.gl_pathc; j++) unlink(gl.gl_pathv[j]);
            globfree(&gl);
        }
    }
}

static uint64_t key_hash(const char *s) { return runs_mix(runs_fnv(RUNS_FNV_BASIS, s)); }

typedef struct hashed {
    uint64_t h;
    long long i;
} hashed;

static int hashed_cmp(const void *a, const void *b) {
    const hashed *x = a, *y = b;
    if (x->h != y->h) return x->h < y->h ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

/* The runs of shard k of n: the batch's runs ordered by a hash of their
 * identity, dealt round-robin, so that shards are equal in size, mix every
 * agent and level, and do not depend on the order of the file's lists. */
static long long *shard_runs(const batch *b, int k, int n, long long *count) {
    hashed *hs = malloc((size_t)(b->total ? b->total : 1) * sizeof *hs);
    long long *runs = malloc((size_t)(b->total / n + 1) * sizeof *runs);
    *count = 0;
    if (!hs || !runs) {
        free(hs), free(runs);
        return NULL;
    }
    for (long long i = 0; i < b->total; i++) {
        char key[1024];
        batch_run_key(b, i, key, sizeof key);
        hs[i] = (hashed){key_hash(key), i};
    }
    qsort(hs, (size_t)b->total, sizeof *hs, hashed_cmp);
    for (long long p = k - 1; p < b->total; p += n) runs[(*count)++] = hs[p].i;
    free(hs);
    qsort(runs, (size_t)*count, sizeof *runs, ll_cmp); /* play them in the batch's order */
    return runs;
}


/* The runs of this batch or shard (*slice, *n); 0, or 2 after printing why. */
static int plan_slice(const batch *b, const batch_opts *o, long long **slice, long long *n) {
    *n = 0;
    if (o->shard_n) *slice = shard_runs(b, o->shard_k, o->shard_n, n);
    else if ((*slice = malloc((size_t)(b->total ? b->total : 1) * sizeof **slice)))
        for (; *n < b->total; (*n)++) (*slice)[*n] = *n;
    return *slice ? 0 : cli_fail("out of memory");
}

/* The store of this batch or shard locked (one writer per folder), with
 * --force emptied, and opened; 0, or 2 after printing why. */
static int open_store(const batch_opts *o, store *res) {
    vg_error err = {0};
    int locked = store_lock(res, &err);
    if (locked) return cli_report(&err);
    if (o->force) remove_results(res->dir, o->shard_n == 0);
    return store_open(res, stderr, &err) ? cli_report(&err) : 0;
}

/* A row of the out folder that is run slice[p]: 0 when its settings are
 * this batch's, else 2 after printing why. */
static int same_settings(const batch *b, const run_row *r, long long i) {
    int g, l, a, opp, s;
    char config[17];
    batch_decode(b, i, &g, &l, &a, &opp, &s);
    batch_run_config(b, a, opp, config);
    if (strcmp(r->config, config) == 0) return 0;
    if (opp >= 0)
        return cli_fail(
            "%s holds games of '%s' against '%s' made with other settings (config %s, now %s): use --force to "
            "start over, or another out",
            b->out, b->agents[a].label, b->agents[opp].label, r->config, config);
    return cli_fail(
        "%s holds runs of agent '%s' made with other settings (config %s, now %s): use --force to start over, "
        "or another out",
        b->out, b->agents[a].label, r->config, config);
}

int batch_done(const batch *b, const long long *slice, long long n, unsigned char *done, long long *before) {
    key_set mine = {0}, seen = {0};
    row_list rows = {0};
    long dups = 0;
    int rc = 0;
    vg_error err = {0};
    struct stat st;
    for (long long p = 0; p < n && !rc; p++) {
        char key[1024];
        batch_run_key(b, slice[p], key, sizeof key);
        if (runs_keys_put(&mine, key, (long)p) < 0) rc = cli_fail("out of memory");
    }
    if (!rc && stat(b->out, &st) == 0 && store_read_dir(b->out, &rows, &seen, &dups, stderr, &err) < 0)
        rc = cli_report(&err);
    for (size_t k = 0; k < rows.n && !rc; k++) {
        char key[1024];
        runs_key(&rows.rows[k], key, sizeof key);
        long p = runs_keys_get(&mine, key);
        if (p < 0) continue;
        rc = same_settings(b, &rows.rows[k], slice[p]);
        if (!rc && !done[p]) done[p] = 1, (*before)++;
    }
    runs_free(&rows);
    runs_keys_free(&seen);
    runs_keys_free(&mine);
    return rc;
}

/* The runs still to play, in order (*todo, *ntodo); 0, or 2 after printing why. */
static int resume(const batch *b, const batch_opts *o, const long long *slice, long long n, long long **todo,
                  long long *ntodo, long long *before) {
    unsigned char *done = calloc((size_t)(n ? n : 1), 1);
    *before = *ntodo = 0;
    int rc = done ? 0 : cli_fail("out of memory");
    if (!rc && !o->force) rc = batch_done(b, slice, n, done, before);
    if (!rc && !(*todo = malloc((size_t)(n - *before + 1) * sizeof **todo))) rc = cli_fail("out of memory");
    for (long long p = 0; p < n && !rc; p++)
        if (!done[p]) (*todo)[(*ntodo)++] = slice[p];
    free(done);
    return rc;
}

static void print_plan(const batch *b, const batch_opts *o, long long nslice, long long before, long long ntodo,
                       const char *dir) {
    int ntwo = 0;
    for (int g = 0; g < b->ngames; g++) ntwo += b->two[g];
    if (!ntwo)
        printf("batch %s: %lld runs (%d games x %d levels x %d agents x %d seeds)", o->ini, b->total, b->ngames,
               b->nlevels, b->nagents, b->nseeds);
    else {
        long long pairs = (long long)b->nagents * (b->nagents - 1) + (b->self_play ? b->nagents : 0);
        printf("batch %s: %lld runs (%d games x %d levels x %d seeds; ", o->ini, b->total, b->ngames, b->nlevels,
               b->nseeds);
        if (ntwo < b->ngames) printf("%d agents in each of %d one-player games, ", b->nagents, b->ngames - ntwo);
        printf("%lld games between %d agents%s in each of %d two-player games)", pairs, b->nagents,
               b->self_play ? " with self-play" : "", ntwo);
    }
    if (o->shard_n) printf(", shard %d/%d: %lld", o->shard_k, o->shard_n, nslice);
    printf("; %lld done before, %lld to run with %d worker%s; results in %s\n", before, ntodo, b->workers,
           b->workers == 1 ? "" : "s", dir);
    fflush(stdout);
}

/* After the runs: what became of them, then the summary of the out folder. */
static int report_runs(const batch *b, const batch_opts *o, const batch_tally *t, int stopped, long long before,
                       long long nslice, const char *dir) {
    if (t->io_error)
        return cli_fail("%s: cannot write results: %s (the runs written so far are kept; run again to resume)", dir,
                        strerror(t->io_error));
    if (stopped < 0) return cli_fail("cannot start worker processes: %s", strerror(errno));
    if (stopped > 0) {
        fprintf(stderr, "vgdl: interrupted (%s) after %lld of %lld runs; run the same command to resume\n",
                strsignal(stopped), before + t->done, nslice);
        return 128 + stopped;
    }
    printf("played %lld runs in %.1f s", t->done, t->seconds);
    for (int s = 1; s < RUN_NSTATUS; s++)
        if (t->by_status[s]) printf(", %lld %s", t->by_status[s], runs_status_name((run_status)s));
    printf("\n\n");
    row_list rows = {0};
    key_set seen = {0};
    long dups = 0;
    report_opts ro = {0};
    vg_error err = {0};
    if (store_read_dir(b->out, &rows, &seen, &dups, stderr, &err) >= 0) {
        if (o->shard_n) printf("everything in %s so far (every shard there):\n", b->out);
        if (report_print(stdout, &rows, &ro)) {} /* why is on stderr; the batch's own results stand */
        fflush(stdout);
        match_warn_overspent_rows(&rows);
    } else {
        cli_report(&err); /* no summary; the batch's own results stand */
    }
    runs_free(&rows);
    runs_keys_free(&seen);
    return 0;
}

/* --slurm and --submit: the job script, written or submitted. */
static int slurm_cmd(const batch *b, const batch_opts *o) {
    vg_error err = {0};
    if (batch_slurm_check(b, o->ini, &err)) return cli_report(&err);
    if (o->slurm) batch_slurm_script(stdout, b, o->ini);
    if (!o->dry_run && store_mkdirs(b->out))
        return cli_fail("%s: cannot create the folder: %s", b->out, strerror(errno));
    if (o->submit && batch_submit(b, o->ini, o->wait, o->dry_run, &err)) return cli_report(&err);
    return 0;
}

int cmd_batch(int argc, char **argv) {
    batch_opts o;
    int rc = parse_opts(argc, argv, &o);
    if (rc) return rc;
    batch b;
    store res;
    long long *slice = NULL, *todo = NULL, nslice = 0, ntodo = 0, before = 0;
    char dir[4096];
    /* 1. The plan. */
    if (batch_load(&b, o.ini)) {
        batch_print_errors(&b, stderr);
        rc = 2;
    }
    for (int k = 0; !rc && k < b.ngames * b.nlevels; k++) /* a game's first level whose rules fail to load */
        if (b.load_err[k] && (k % b.nlevels == 0 || !b.load_err[k - 1]))
            fprintf(stderr,
                    "vgdl: warning: game '%s' does not load from level '%s' on: %s (its runs are recorded as errors)\n",
                    b.games[k / b.nlevels], b.levels[k % b.nlevels], b.load_err[k]);
    if (o.out) snprintf(b.out, sizeof b.out, "%s", o.out);
    if (o.workers) b.workers = o.workers, b.workers_set = 1;
    if (o.shard_n) snprintf(dir, sizeof dir, "%s/shard-%d-of-%d", b.out, o.shard_k, o.shard_n);
    else snprintf(dir, sizeof dir, "%s", b.out);
    store_init(&res, dir, o.shard_n ? b.out : NULL, b.sync_seconds);
    if (!rc && (o.slurm || o.submit)) rc = slurm_cmd(&b, &o);
    else if (!rc) {
        rc = plan_slice(&b, &o, &slice, &nslice);
        /* 2. Resume: what the out folder holds already. */
        if (!rc && !o.dry_run) rc = open_store(&o, &res);
        if (!rc) rc = resume(&b, &o, slice, nslice, &todo, &ntodo, &before);
        if (!rc) print_plan(&b, &o, nslice, before, ntodo, dir);
        /* 3. Run, and 4. report. */
        if (!rc && !o.dry_run) {
            batch_tally t;
            int stopped = batch_play(&b, &res, todo, ntodo, before, nslice, &t), e = errno;
            store_close(&res);
            errno = e; /* why no worker started, for the message */
            rc = report_runs(&b, &o, &t, stopped, before, nslice, dir);
        }
    }
    free(todo);
    free(slice);
    store_close(&res);
    batch_free(&b);
    return rc;
}
