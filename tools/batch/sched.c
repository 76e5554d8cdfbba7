/* SPDX-License-Identifier: MIT
 *
 * sched.c -- the scheduler of a batch, in the parent process: forks the
 * worker processes (worker.c), keeps each supplied with runs through a
 * pipe so that none waits, reads their results, kills a run over
 * time_limit, records a worker that died as its run's result (crashed,
 * timeout, oom, error) and starts another, and adds every row to the
 * results store, the only writer. See batch_play in batch.h.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"

typedef struct worker {
    pid_t pid;
    int to, from;                /* pipes: run numbers out, messages in */
    long long queue[BATCH_QMAX]; /* runs sent, the first one playing */
    int nq;
    double started; /* when queue[0] began */
    int killed, bye, has_note;
    result_msg note;
    char buf[sizeof(result_msg) * 64];
    size_t have;
} worker;

typedef struct runner {
    batch *b;
    store *res;
    worker *w;
    int nw;
    const long long *todo; /* runs to play, in order */
    long long ntodo, next;
    long long *again; /* runs handed back by workers that left */
    long long nagain;
    long long done, by_status[RUN_NSTATUS];
    double run_s; /* seconds the runs took, to size the queues */
    int io_error;
    double start, last_progress;
    int progress; /* stderr is a terminal */
} runner;

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig) { stop_signal = sig; }

/* Fills a row for run 'i' from a message (or from what the parent saw). */
static void make_row(const batch *b, long long i, const result_msg *m, run_row *r) {
    static const char *const outcome[] = {"none", "win", "lose", "draw"};
    batch_row_identity(b, i, r);
    r->status = (run_status)m->status;
    if (r->status == RUN_OK || r->status == RUN_ERROR) {
        const seat_stats *p = &m->seat[0], *q = &m->seat[1];
        if (r->status == RUN_OK || p->decisions)
            snprintf(r->result, sizeof r->result, "%s", outcome[m->result >= 0 && m->result <= 3 ? m->result : 0]);
        r->win = m->result == 1 && r->status == RUN_OK;
        r->score = m->score;
        if (m->opp_result >= 0 && (r->status == RUN_OK || q->decisions))
            snprintf(r->opp_result, sizeof r->opp_result, "%s", outcome[m->opp_result <= 3 ? m->opp_result : 0]);
        r->opp_score = m->opp_result >= 0 ? m->opp_score : 0;
        r->ticks = m->ticks;
        r->decisions = p->decisions;
        r->calls = p->calls;
        r->overspent = p->overspent;
        r->ms_mean = p->decisions ? p->ms_total / (double)p->decisions : 0;
        r->ms_max = p->ms_max;
        r->calls_mean = p->decisions ? (double)p->calls / (double)p->decisions : 0;
        r->opp_decisions = q->decisions;
        r->opp_calls = q->calls;
        r->opp_overspent = q->overspent;
        r->opp_ms_mean = q->decisions ? q->ms_total / (double)q->decisions : 0;
        r->opp_ms_max = q->ms_max;
        r->opp_calls_mean = q->decisions ? (double)q->calls / (double)q->decisions : 0;
    }
    r->run_ms = m->run_ms;
    r->cpu_ms = m->cpu_ms;
    snprintf(r->error, sizeof r->error, "%s", m->error);
    for (char *p = r->error; *p; p++)
        if ((unsigned char)*p < 0x20) *p = ' ';
}

static void record(runner *rn, long long i, const result_msg *m) {
    run_row r;
    make_row(rn->b, i, m, &r);
    rn->run_s += m->run_ms / 1000;
    if (store_add(rn->res, &r) && !rn->io_error) {
        rn->io_error = errno ? errno : EIO;
        stop_signal = -1;
    }
    rn->done++;
    rn->by_status[r.status < RUN_NSTATUS ? r.status : RUN_ERROR]++;
}

static int start_worker(runner *rn, worker *w) {
    int to[2], from[2];
    if (pipe(to) != 0) return -1;
    if (pipe(from) != 0) {
        close(to[0]), close(to[1]);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        return -1;
    }
    if (pid == 0) {
        close(to[1]);
        close(from[0]);
        for (int k = 0; k < rn->nw; k++)
            if (rn->w[k].pid > 0) close(rn->w[k].to), close(rn->w[k].from);
        close(rn->res->csv.fd);
        close(rn->res->jsonl.fd);
        close(rn->res->lock_fd); /* the folder's lock ends with the parent, not with its last worker */
        if (rn->res->parent_lock_fd >= 0) close(rn->res->parent_lock_fd);
        batch_worker_main(rn->b, to[0], from[1], parent);
        _exit(0);
    }
    close(to[0]);
    close(from[1]);
    memset(w, 0, sizeof *w);
    w->pid = pid;
    w->to = to[1];
    w->from = from[0];
    return 0;
}

static int next_run(runner *rn, long long *i) {
    if (rn->nagain) return *i = rn->again[--rn->nagain], 1;
    if (rn->next < rn->ntodo) return *i = rn->todo[rn->next++], 1;
    return 0;
}

static int work_left(const runner *rn) { return rn->nagain > 0 || rn->next < rn->ntodo; }

/* Keeps a worker supplied, so that it never waits for the parent: about
 * 50 ms of work queued (at least 2 runs, at most BATCH_QMAX), sent in one write
 * when half of it is done; long runs stay 2 deep so that no worker holds
 * back runs at the end. */
static void feed(runner *rn, worker *w) {
    if (w->pid <= 0 || w->bye || w->killed) return;
    double mean = rn->done ? rn->run_s / (double)rn->done : 1;
    int depth = mean > 0.025 ? 2 : mean < 0.05 / BATCH_QMAX ? BATCH_QMAX : (int)(0.05 / mean);
    long long left = rn->ntodo - rn->next + rn->nagain; /* near the end, no worker holds back much */
    if (depth > left / rn->nw + 1) depth = (int)(left / rn->nw + 1);
    if (depth < 2) depth = 2;
    if (w->nq > depth / 2) return;
    int64_t msg[BATCH_QMAX];
    int n = 0;
    long long i;
    while (w->nq + n < depth && next_run(rn, &i)) msg[n++] = i;
    if (!n) return;
    if (store_write_all(w->to, msg, (size_t)n * sizeof msg[0])) {
        while (n) rn->again[rn->nagain++] = msg[--n];
        return;
    }
    if (w->nq == 0) w->started = fm_now();
    for (int k = 0; k < n; k++) w->queue[w->nq++] = msg[k];
}

/* A worker's pipe closed: reap it, and record the run it was playing. */
static void worker_gone(runner *rn, worker *w) {
    int st = 0;
    while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
    close(w->to);
    close(w->from);
    w->pid = 0;
    int first = 0;
    if (w->nq && !w->bye && !stop_signal) {
        result_msg m;
        memset(&m, 0, sizeof m);
        m.run = w->queue[0];
        m.run_ms = (fm_now() - w->started) * 1000;
        long long limit_kb = rn->b->memory_mb << 10;
        int near_limit = w->has_note && limit_kb > 0 && !batch_under_asan && w->note.vm_kb >= limit_kb * 9 / 10;
        if (w->killed) {
            m.status = RUN_TIMEOUT;
            snprintf(m.error, sizeof m.error, "no result after %g s (time_limit): killed", rn->b->time_limit);
        } else if (WIFSIGNALED(st)) {
            int sig = WTERMSIG(st);
            if (sig == SIGKILL) {
                m.status = RUN_OOM;
                snprintf(m.error, sizeof m.error,
                         "killed by SIGKILL, not by the batch (the kernel's out-of-memory killer?)");
            } else if (w->has_note && (w->note.err_no == ENOMEM || near_limit)) {
                m.status = RUN_OOM;
                snprintf(m.error, sizeof m.error,
                         "out of memory: %s with %lld MiB of address space in use (memory_mb %ld)", strsignal(sig),
                         (long long)(w->note.vm_kb >> 10), rn->b->memory_mb);
            } else {
                m.status = RUN_CRASHED;
                snprintf(m.error, sizeof m.error, "killed by signal %d (%s)", sig, strsignal(sig));
            }
        } else {
            m.status = RUN_ERROR;
            snprintf(m.error, sizeof m.error, "the worker process exited with status %d in the middle of the run",
                     WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        }
        record(rn, w->queue[0], &m);
        first = 1;
    }
    for (int k = first; k < w->nq; k++) rn->again[rn->nagain++] = w->queue[k];
    w->nq = 0;
}

static void handle(runner *rn, worker *w, const result_msg *m, double now) {
    if (m->kind == MSG_CRASH) {
        w->note = *m;
        w->has_note = 1;
    } else if (m->kind == MSG_BYE) w->bye = 1;
    else if (m->kind == MSG_RESULT && w->nq && m->run == w->queue[0]) {
        record(rn, m->run, m);
        memmove(w->queue, w->queue + 1, (size_t)--w->nq * sizeof w->queue[0]);
        w->started = now;
    }
}

static void fmt_time(double s, char *buf, size_t size) {
    long t = (long)(s + 0.5);
    if (t >= 3600) snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

static void show_progress(runner *rn, long long before, long long total, int final) {
    double now = fm_now();
    if (!rn->progress || (!final && now - rn->last_progress < 0.2)) return;
    rn->last_progress = now;
    char el[32], left[32] = "?";
    double elapsed = now - rn->start;
    long long remaining = total - before - rn->done;
    if (rn->done) fmt_time(elapsed / (double)rn->done * (double)remaining, left, sizeof left);
    fmt_time(elapsed, el, sizeof el);
    long long failed = rn->done - rn->by_status[RUN_OK];
    fprintf(stderr, "\r%lld/%lld runs", before + rn->done, total);
    if (failed) fprintf(stderr, ", %lld failed", failed);
    fprintf(stderr, ", %s elapsed, %s left\033[K%s", el, left, final ? "\n" : "");
    fflush(stderr);
}

/* Kills a worker whose run is over time_limit; returns how long the
 * parent may wait before the next worker's run is (at most 'wait'). */
static double check_time_limits(runner *rn, double wait) {
    double now = fm_now();
    for (int k = 0; k < rn->nw; k++) {
        worker *w = &rn->w[k];
        if (w->pid <= 0 || !w->nq || w->killed || rn->b->time_limit <= 0) continue;
        double left = w->started + rn->b->time_limit - now;
        if (left <= 0) {
            kill(w->pid, SIGKILL);
            w->killed = 1;
        } else if (left < wait) wait = left;
    }
    return wait;
}

/* Reads what worker 'w' sent: its messages handled, more runs fed; its
 * pipe closed: it is gone. */
static void read_worker(runner *rn, worker *w, double now) {
    ssize_t got = read(w->from, w->buf + w->have, sizeof w->buf - w->have);
    if (got < 0 && errno == EINTR) return;
    if (got <= 0) {
        worker_gone(rn, w);
        return;
    }
    w->have += (size_t)got;
    size_t off = 0;
    while (w->have - off >= sizeof(result_msg)) {
        result_msg m;
        memcpy(&m, w->buf + off, sizeof m);
        handle(rn, w, &m, now);
        off += sizeof m;
    }
    memmove(w->buf, w->buf + off, w->have - off);
    w->have -= off;
    feed(rn, w);
}

/* Starts workers in the free slots while there is work; 1 while some
 * worker is busy or work is left, 0 when all is done; -1 when no worker
 * runs and none can start. */
static int keep_workers(runner *rn) {
    int busy = 0, alive = 0;
    for (int k = 0; k < rn->nw; k++) {
        worker *w = &rn->w[k];
        if (w->pid <= 0 && work_left(rn) && !stop_signal) {
            if (start_worker(rn, w) == 0) feed(rn, w);
            else if (alive == 0 && k == rn->nw - 1) return errno = EAGAIN, -1;
        }
        if (w->pid > 0) alive++, busy += w->nq > 0;
    }
    return busy || work_left(rn);
}

/* Done or stopped: whatever still runs is killed, its runs not recorded. */
static void stop_workers(runner *rn) {
    for (int k = 0; k < rn->nw; k++) {
        worker *w = &rn->w[k];
        if (w->pid <= 0) continue;
        int64_t quit = -1;
        if (store_write_all(w->to, &quit, sizeof quit) || stop_signal) kill(w->pid, SIGKILL);
        int st;
        while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
        close(w->to);
        close(w->from);
        w->pid = 0;
    }
}

/* Plays rn->todo with rn->nw workers. Returns 0, the signal that stopped
 * it, or -1 when no worker could start. */
static int run_all(runner *rn, long long before, long long total) {
    struct pollfd *pfd = calloc((size_t)rn->nw, sizeof *pfd);
    if (!pfd) return -1;
    int rc = 0;
    for (;;) {
        int more = keep_workers(rn);
        if (more < 0) rc = -1;
        if (more <= 0 || stop_signal) break;
        /* When runs are short, let their results gather for a few
         * milliseconds: one wake-up and one write for many rows, instead
         * of a wake-up per run taking CPU from the workers. */
        if (rn->done && rn->run_s / (double)rn->done < 0.005) {
            struct timespec nap = {0, 4000000};
            nanosleep(&nap, NULL);
        }
        double wait = check_time_limits(rn, rn->progress ? 0.2 : 5.0);
        for (int k = 0; k < rn->nw; k++) pfd[k] = (struct pollfd){rn->w[k].pid > 0 ? rn->w[k].from : -1, POLLIN, 0};
        int ready = poll(pfd, (nfds_t)rn->nw, (int)(wait * 1000) + 1);
        if (ready < 0 && errno != EINTR) break;
        double now = fm_now();
        for (int k = 0; k < rn->nw && ready > 0; k++)
            if (pfd[k].revents && rn->w[k].pid > 0) read_worker(rn, &rn->w[k], now);
        if (store_flush(rn->res) && !rn->io_error) {
            rn->io_error = errno ? errno : EIO;
            stop_signal = -1;
        }
        show_progress(rn, before, total, 0);
    }
    stop_workers(rn);
    free(pfd);
    show_progress(rn, before, total, 1);
    return rc ? rc : stop_signal;
}

int batch_play(batch *b, store *res, const long long *todo, long long ntodo, long long before, long long total,
               batch_tally *t) {
    runner rn;
    memset(&rn, 0, sizeof rn);
    memset(t, 0, sizeof *t);
    rn.b = b;
    rn.res = res;
    rn.todo = todo;
    rn.ntodo = ntodo;
    rn.nw = b->workers < ntodo ? b->workers : (int)(ntodo ? ntodo : 1);
    rn.again = malloc((size_t)(rn.nw * BATCH_QMAX + 1) * sizeof *rn.again);
    rn.w = calloc((size_t)rn.nw, sizeof *rn.w);
    if (!rn.again || !rn.w) {
        free(rn.again), free(rn.w);
        return errno = ENOMEM, -1;
    }
    struct sigaction sa, old_int, old_term, old_hup, old_pipe;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &old_pipe);
    stop_signal = 0;
    rn.start = rn.last_progress = fm_now();
    rn.progress = isatty(STDERR_FILENO);
    int stopped = ntodo ? run_all(&rn, before, total) : 0;
    int e = errno;
    if (store_flush(res) && !rn.io_error) rn.io_error = errno ? errno : EIO;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    sigaction(SIGPIPE, &old_pipe, NULL);
    t->done = rn.done;
    memcpy(t->by_status, rn.by_status, sizeof t->by_status);
    t->io_error = rn.io_error;
    t->seconds = fm_now() - rn.start;
    free(rn.again), free(rn.w);
    errno = e;
    return stopped;
}
