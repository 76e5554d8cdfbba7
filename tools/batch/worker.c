/* SPDX-License-Identifier: MIT
 *
 * worker.c -- a batch's worker process: forked by the scheduler after the
 * games are loaded, it reads run numbers from a pipe, plays each run
 * (creating its agents afresh) and writes one result_msg per run back,
 * with its address space limited (RLIMIT_AS). A fatal signal sends what
 * the process knew (its size, errno) before it dies of it, so that the
 * parent can tell a crash from running out of memory. It leaves, and the
 * parent starts another, after an allocation failed, when runs leaked
 * over 64 MiB, or after runs_per_worker runs. See batch.h.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "batch.h"
#include "cli.h"
#include "match.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1 /* ASan reserves terabytes of address space: no RLIMIT_AS */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

int batch_under_asan = UNDER_ASAN;

static volatile sig_atomic_t crash_fd = -1;
static volatile int64_t crash_run = -1;
static long page_kb = 4; /* set by batch_worker_main */

/* Address space in KiB, from /proc (async-signal-safe: open, read, close). */
static int64_t vm_kb(void) {
    char buf[64];
    int fd = open("/proc/self/statm", O_RDONLY);
    if (fd < 0) return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    int64_t pages = 0;
    for (ssize_t k = 0; k < n && buf[k] >= '0' && buf[k] <= '9'; k++) pages = pages * 10 + (buf[k] - '0');
    return pages * page_kb;
}

/* A fatal signal in a worker: tell the parent how big the process was and
 * what errno said (ENOMEM: a failed allocation led here), then die of it. */
static void on_crash(int sig) {
    static result_msg m;
    m.kind = MSG_CRASH;
    m.sig = sig;
    m.err_no = errno;
    m.run = crash_run;
    m.vm_kb = vm_kb();
    if (crash_fd >= 0) {
        ssize_t w = write(crash_fd, &m, sizeof m);
        (void)w;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* VGDL_BATCH_FAULT=KIND:AGENT:SEED[,...] makes a worker misbehave on that
 * run (KIND: crash, abort, hang, oom, exit) -- for testing the machinery. */
static const char *fault_spec;

static void maybe_fault(const agent_spec *as, long long seed) {
    const char *spec = fault_spec;
    if (!spec) return;
    char copy[512];
    snprintf(copy, sizeof copy, "%s", spec);
    for (char *save = NULL, *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char kind[16], who[ROW_AGENT];
        long long s;
        if (sscanf(item, " %15[^:]:%63[^:]:%lld", kind, who, &s) != 3 || strcmp(who, as->label) || s != seed) continue;
        if (strcmp(kind, "crash") == 0) raise(SIGSEGV);
        if (strcmp(kind, "abort") == 0) abort();
        if (strcmp(kind, "exit") == 0) exit(3);
        if (strcmp(kind, "hang") == 0)
            for (;;) sleep(1);
        if (strcmp(kind, "oom") == 0) { /* grow until malloc fails, then fail as careless code does */
            for (;;) {
                char *p = malloc(1 << 20);
                if (!p) abort();
                p[0] = 1;
            }
        }
    }
}

static double cpu_now(void) { /* CPU seconds of this (single-threaded) process */
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void script_error(result_msg *m, const vg_error *err) {
    m->status = RUN_ERROR;
    if (err->file[0] && err->line) snprintf(m->error, sizeof m->error, "%s:%d: %s", err->file, err->line, err->msg);
    else snprintf(m->error, sizeof m->error, "%s", err->msg);
}

/* A player's result as result_msg codes it: 1 win, 2 lose, 0 not over;
 * between two players, 3 a draw (over, no winner). */
static int32_t result_code(vg_winner w, int nseats, int over) {
    int32_t r = w == VG_PLAYER_WINS ? 1 : w == VG_PLAYER_LOSES ? 2 : 0;
    return nseats == 2 && r == 0 && over ? 3 : r;
}

/* Plays run 'i' in this worker and fills 'm'. In a two-player game the
 * first player's agent and the state are seeded with the run's seed, the
 * second player's agent with the run's seed + 1. */
void batch_play_one(const batch *b, long long i, result_msg *m) {
    int g, l, a, o, s;
    batch_decode(b, i, &g, &l, &a, &o, &s);
    const agent_spec *seat[2] = {&b->agents[a], o >= 0 ? &b->agents[o] : NULL};
    int nseats = o >= 0 ? 2 : 1;
    const vg_game *game = b->loaded[g * b->nlevels + l];
    uint64_t seed = batch_run_seed(b, g, l, a, o, b->seeds[s]);
    memset(m, 0, sizeof *m);
    m->kind = MSG_RESULT;
    m->run = i;
    if (!game) { /* its rules failed to load (plan.c): the run is an error row */
        m->status = RUN_ERROR;
        snprintf(m->error, sizeof m->error, "%s", b->load_err[g * b->nlevels + l]);
        return;
    }
    double t0 = fm_now(), c0 = cpu_now();
    char why[512] = "";
    agent *ag[2] = {NULL, NULL};
    int made = 0;
    for (; made < nseats; made++) {
        const agent_spec *as = seat[made];
        if (!(ag[made] = agent_new(as->impl, game, as->settings, as->nset, seed + (uint64_t)made, why, sizeof why)))
            break;
    }
    vg_state *st = made == nseats ? vg_state_new(game, seed) : NULL;
    if (!st) {
        m->status = (made < nseats && !strstr(why, "out of memory")) ? RUN_ERROR : RUN_OOM;
        if (made == nseats) snprintf(m->error, sizeof m->error, "out of memory (a new state)");
        else if (nseats == 2) snprintf(m->error, sizeof m->error, "agent '%s': %s", seat[made]->label, why);
        else snprintf(m->error, sizeof m->error, "%s", why);
        agent_free(ag[0]);
        agent_free(ag[1]);
        m->run_ms = (fm_now() - t0) * 1000;
        m->cpu_ms = (cpu_now() - c0) * 1000;
        return;
    }
    maybe_fault(seat[0], b->seeds[s]);
    /* Two agents take turns (match_play asks the one to move, and names
     * the seat in its messages); one agent plays rounds as agent 0. */
    match_stats stats[2] = {{0}};
    static match_seat seats[MATCH_MAX_SEATS];
    memset(seats, 0, sizeof seats);
    int at_once = !vg_game_has_turns(game) && vg_num_players(game) > 1; /* players moving at once, one agent each */
    for (int k = 0; k < nseats; k++) {
        seats[k] = (match_seat){ag[k], seat[k]->label, seat[k]->budget, &stats[k]};
        if (at_once) agent_set_player(ag[k], k, b->model);
    }
    vg_error err;
    if (match_play(game, st, seats, b->max_ticks, NULL, NULL, &err)) script_error(m, &err);
    for (int k = 0; k < nseats; k++)
        m->seat[k] =
            (seat_stats){stats[k].decisions, stats[k].calls, stats[k].overspent, stats[k].ms_total, stats[k].ms_max};
    m->ticks = vg_tick(st);
    m->score = vg_score(st);
    m->result = result_code(vg_winner_of(st), nseats, vg_is_over(st) && m->status == RUN_OK);
    m->opp_result =
        at_once ? result_code(vg_player_winner(game, st, 1), nseats, vg_is_over(st) && m->status == RUN_OK) : -1;
    m->opp_score = at_once ? vg_player_score(game, st, 1) : 0;
    vg_state_free(st);
    agent_free(ag[0]);
    agent_free(ag[1]);
    m->run_ms = (fm_now() - t0) * 1000;
    m->cpu_ms = (cpu_now() - c0) * 1000;
}

static size_t heap_in_use(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

void batch_worker_main(const batch *b, int in, int out, pid_t parent) {
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) _exit(0);
    page_kb = sysconf(_SC_PAGESIZE) / 1024;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGINT, &sa, NULL); /* the parent decides what an interrupt means */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &sa, NULL);
    static char altstack[1 << 16];
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
    int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};
    for (size_t k = 0; k < sizeof fatal / sizeof fatal[0]; k++) sigaction(fatal[k], &sa, NULL);
    crash_fd = out;
    fault_spec = getenv("VGDL_BATCH_FAULT");
    if (b->memory_mb > 0 && !batch_under_asan) {
        struct rlimit rl = {(rlim_t)b->memory_mb << 20, (rlim_t)b->memory_mb << 20};
        setrlimit(RLIMIT_AS, &rl);
    }
    size_t baseline = heap_in_use();
    long done = 0;
    int64_t runs[BATCH_QMAX];
    size_t have = 0, at = 0;
    for (;;) {
        if (at == have / sizeof runs[0]) { /* the next runs, as many as the parent sent */
            memmove(runs, (char *)runs + at * sizeof runs[0], have - at * sizeof runs[0]);
            have -= at * sizeof runs[0];
            at = 0;
            do {
                ssize_t r = read(in, (char *)runs + have, sizeof runs - have);
                if (r < 0 && errno == EINTR) continue;
                if (r <= 0) _exit(0);
                have += (size_t)r;
            } while (have < sizeof runs[0]);
        }
        int64_t i = runs[at++];
        if (i < 0) _exit(0);
        crash_run = i;
        result_msg m;
        batch_play_one(b, i, &m);
        if (store_write_all(out, &m, sizeof m)) _exit(0);
        done++;
        /* Leave (the parent starts a fresh worker) after an allocation failed,
         * when runs leaked over 64 MiB, or after runs_per_worker runs. */
        if (m.status == RUN_OOM || heap_in_use() > baseline + (64u << 20) ||
            (b->runs_per_worker && done >= b->runs_per_worker)) {
            memset(&m, 0, sizeof m);
            m.kind = MSG_BYE;
            store_write_all(out, &m, sizeof m);
            _exit(0);
        }
    }
}
