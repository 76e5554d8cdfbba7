/* SPDX-License-Identifier: MIT
 *
 * pool.c -- candidates judged in parallel worker processes (generate.h).
 *
 * Each worker is forked with the game studied and the options, and loops:
 * read a map from its pipe, judge it (gen_prove), write the verdict back.
 * The parent hands each idle worker the next candidate, one at a time,
 * and files every verdict under its candidate's index, so the order of
 * the verdicts never depends on which worker was faster. It stops as soon
 * as the candidates judged from the first on hold enough passes, or at the
 * deadline: busy workers are killed (and started again), and the rest is
 * GEN_UNJUDGED, whether or not some worker had judged it, so what is
 * judged never depends on timing but at the deadline. A worker that dies
 * takes only its candidate with it (judged GEN_ERROR) and is replaced.
 * With no workers (k = 0) candidates are judged in this process, one at a
 * time.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent.h"
#include "generate.h"

#define MAX_WORKERS 256

typedef struct worker {
    pid_t pid;    /* 0: none running */
    int to, from; /* its pipes: maps to it, verdicts from it */
    int job;      /* the candidate it is judging, -1: idle */
} worker;

struct gen_pool {
    const gen_game *gm;
    const gen_opts *o;
    int k;
    worker w[MAX_WORKERS];
};

/* Whole reads and writes: 1 done, 0 end of file or error. */
static int read_all(int fd, void *buf, size_t n) {
    for (char *p = buf; n;) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return 0;
        p += r, n -= (size_t)r;
    }
    return 1;
}

static int write_all(int fd, const void *buf, size_t n) {
    for (const char *p = buf; n;) {
        ssize_t r = write(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return 0;
        p += r, n -= (size_t)r;
    }
    return 1;
}

/* A map on the wire: its size, then its cells. */
static int send_map(int fd, const gen_map *m) {
    int32_t wh[2] = {m->w, m->h};
    return write_all(fd, wh, sizeof wh) && write_all(fd, m->cell, (size_t)m->w * (size_t)m->h);
}

static int recv_map(int fd, gen_map *m) {
    int32_t wh[2];
    if (!read_all(fd, wh, sizeof wh) || wh[0] < 1 || wh[1] < 1 || wh[0] > GEN_MAX_SIDE || wh[1] > GEN_MAX_SIDE)
        return 0;
    m->w = wh[0], m->h = wh[1];
    return read_all(fd, m->cell, (size_t)m->w * (size_t)m->h);
}

/* A worker's life: judge what comes until the pipe closes. */
static void work(const gen_pool *p, int in, int out) {
    static gen_map m;
    static gen_eval ev;
    while (recv_map(in, &m)) {
        gen_prove(p->gm, p->o, &m, &ev);
        if (!write_all(out, &ev, offsetof(gen_eval, plan)) || !write_all(out, ev.plan, (size_t)ev.plan_len)) break;
    }
    _exit(0);
}

/* Starts worker 'w'; 1 done, 0 when it cannot be. */
static int start(gen_pool *p, worker *w) {
    int to[2], from[2];
    if (pipe(to)) return 0;
    if (pipe(from)) {
        close(to[0]), close(to[1]);
        return 0;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(to[1]), close(from[0]);
        for (int k = 0; k < p->k; k++) /* the other workers' pipes are not this one's */
            if (p->w[k].pid > 0) close(p->w[k].to), close(p->w[k].from);
        work(p, to[0], from[1]);
    }
    close(to[0]), close(from[1]);
    if (pid < 0) {
        close(to[1]), close(from[0]);
        return 0;
    }
    *w = (worker){pid, to[1], from[0], -1};
    return 1;
}

/* Stops worker 'w' ('kill': at once) and waits for it. */
static void stop(worker *w, int kill_it) {
    if (w->pid <= 0) return;
    close(w->to);
    close(w->from);
    if (kill_it) kill(w->pid, SIGKILL);
    waitpid(w->pid, NULL, 0);
    w->pid = 0;
    w->job = -1;
}

gen_pool *gen_pool_new(const gen_game *gm, const gen_opts *o, int k) {
    gen_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    *p = (gen_pool){gm, o, k < MAX_WORKERS ? k : MAX_WORKERS, {{0}}};
    signal(SIGPIPE, SIG_IGN); /* a worker that died is seen on its pipe, not by a signal */
    for (int i = 0; i < p->k; i++)
        if (!start(p, &p->w[i])) {
            gen_pool_free(p);
            return NULL;
        }
    return p;
}

void gen_pool_free(gen_pool *p) {
    for (int i = 0; p && i < p->k; i++) stop(&p->w[i], 0);
    free(p);
}

static void unjudged(gen_eval *ev, gen_verdict v, const char *why) {
    memset(ev, 0, offsetof(gen_eval, plan));
    ev->length = ev->lower = -1;
    ev->verdict = v;
    snprintf(ev->why, sizeof ev->why, "%s", why);
}

/* Reads worker 'w''s verdict into evs[w->job] and marks it judged; when
 * the worker died its candidate is judged GEN_ERROR and a new worker takes
 * its place. 0 when none can be started. */
static int collect(gen_pool *p, worker *w, gen_eval *evs, char *judged) {
    gen_eval *ev = &evs[w->job];
    judged[w->job] = 1;
    if (read_all(w->from, ev, offsetof(gen_eval, plan)) && ev->plan_len >= 0 && ev->plan_len <= GEN_MAX_PLAN &&
        read_all(w->from, ev->plan, (size_t)ev->plan_len)) {
        w->job = -1;
        return 1;
    }
    unjudged(ev, GEN_ERROR, "the worker process judging it died");
    stop(w, 1);
    return start(p, w);
}

/* Ends the judging at candidate 'from': every busy worker is stopped (and
 * started again) and what is not judged from there on is GEN_UNJUDGED.
 * 0, or -1 when a worker could not be started again. */
static int cut(gen_pool *p, gen_eval *evs, int from, int n, const char *why) {
    int rc = 0;
    for (int i = 0; i < p->k; i++)
        if (p->w[i].job >= 0) {
            stop(&p->w[i], 1);
            rc |= !start(p, &p->w[i]);
        }
    for (int i = from; i < n; i++) unjudged(&evs[i], GEN_UNJUDGED, why);
    return rc ? -1 : 0;
}

int gen_pool_judge(gen_pool *p, const gen_map *maps, gen_eval *evs, int n, int want, double deadline) {
    int next = 0, rc = 0, prefix = 0, passed = 0; /* candidates [0, prefix) all judged, 'passed' of them passed */
    char *judged = calloc((size_t)n + 1, 1);
    if (!judged) return -1;
    while (prefix < n) {
        if (passed >= want) {                          /* enough: the rest is not needed (nor judged, so it cannot */
            rc = cut(p, evs, prefix, n, "not needed"); /* depend on which worker was faster) */
            break;
        }
        if (deadline > 0 && fm_now() > deadline) { /* out of time */
            rc = cut(p, evs, prefix, n, "out of time");
            break;
        }
        if (p->k == 0) { /* no workers: here, one at a time */
            gen_prove(p->gm, p->o, &maps[next], &evs[next]);
            judged[next++] = 1;
        }
        for (int i = 0; i < p->k && next < n; i++) /* 1. every idle worker gets the next candidate */
            if (p->w[i].pid > 0 && p->w[i].job < 0) {
                p->w[i].job = next;
                if (!send_map(p->w[i].to, &maps[next++])) rc |= !collect(p, &p->w[i], evs, judged); /* it died */
            }
        struct pollfd fds[MAX_WORKERS]; /* 2. wait for a verdict */
        int who[MAX_WORKERS], nf = 0;
        for (int i = 0; i < p->k; i++)
            if (p->w[i].pid > 0 && p->w[i].job >= 0) fds[nf] = (struct pollfd){p->w[i].from, POLLIN, 0}, who[nf++] = i;
        if (p->k && nf == 0 && next < n) { /* no worker left */
            cut(p, evs, prefix, n, "no worker process could be started");
            rc = -1;
            break;
        }
        double left = deadline > 0 ? deadline - fm_now() : 1.0; /* a second at most, and not past the deadline */
        int ready = nf && left > 0 ? poll(fds, (nfds_t)nf, left > 1 ? 1000 : (int)(left * 1000) + 1) : 0;
        if (ready < 0 && errno != EINTR) {
            rc = -1;
            break;
        }
        for (int f = 0; f < nf && ready > 0; f++) /* 3. the verdicts that came */
            if (fds[f].revents) rc |= !collect(p, &p->w[who[f]], evs, judged);
        for (; prefix < n && judged[prefix]; prefix++) passed += evs[prefix].verdict == GEN_PASS;
    }
    free(judged);
    return rc ? -1 : 0;
}
