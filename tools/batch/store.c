/* SPDX-License-Identifier: MIT
 *
 * store.c -- results on disk. Reading: every results file of an out
 * folder and its shard folders, runs counted once. Writing: the store of
 * one batch, the folder's only writer (an flock on a lock file in it),
 * one write() per file for a batch of whole rows, O_APPEND, fdatasync at
 * least every sync_seconds; on opening it cuts a torn last line, keeps a
 * run written twice once, and makes the two files agree, so that a batch
 * killed at any moment resumes with every run exactly once. See runs.h.
 */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store.h"

/* ---- Reading folders ---------------------------------------------------- */

static int exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Reads one results file into 'out' with dedup through 'seen'. */
static int read_one(const char *file, row_list *out, key_set *seen, long *dups, FILE *warn, vg_error *err) {
    row_list got = {0};
    long long good, size;
    int bad;
    int rc = runs_read_file(file, &got, &good, &size, &bad, NULL, err);
    if (rc < 0) return -1;
    if (bad && warn) fprintf(warn, "vgdl: warning: %s:%d: malformed line; this file is read up to it\n", file, bad);
    for (size_t k = 0; k < got.n; k++) {
        char key[1024];
        runs_key(&got.rows[k], key, sizeof key);
        long at = runs_keys_get(seen, key);
        if (at >= 0) {
            const run_row *a = &out->rows[at], *b = &got.rows[k];
            (*dups)++;
            if (warn && (a->status != b->status || a->win != b->win || a->score != b->score || a->ticks != b->ticks ||
                         strcmp(a->config, b->config)))
                fprintf(warn,
                        "vgdl: warning: %s: run %s level %s %s%s%s seed %lld is also elsewhere with another result; "
                        "the first one read is kept\n",
                        file, b->game, b->level, b->agent, *b->opponent ? " vs " : "", b->opponent, b->seed);
            continue;
        }
        if (runs_keys_put(seen, key, (long)out->n) < 0 || runs_push(out, &got.rows[k])) {
            runs_free(&got);
            vg_error_set(err, VG_ERR_NOMEM, NULL, 0, 0, "out of memory");
            return -1;
        }
    }
    runs_free(&got);
    return 0;
}

/* Reads the results in folder 'dir' itself (CSV, else JSON lines); 1 when read, 0 when it has none. */
static int read_folder(const char *dir, row_list *out, key_set *seen, long *dups, FILE *warn, vg_error *err) {
    char file[4200];
    snprintf(file, sizeof file, "%s/%s", dir, RUNS_CSV);
    if (!exists(file)) snprintf(file, sizeof file, "%s/%s", dir, RUNS_JSONL);
    if (!exists(file)) return 0;
    return read_one(file, out, seen, dups, warn, err) ? -1 : 1;
}

int store_read_dir(const char *path, row_list *out, key_set *seen, long *dups, FILE *warn, vg_error *err) {
    struct stat st;
    if (stat(path, &st) != 0) {
        vg_error_set(err, VG_ERR_IO, path, 0, 0, "%s", strerror(errno));
        return -1;
    }
    if (S_ISREG(st.st_mode)) return read_one(path, out, seen, dups, warn, err) ? -1 : 1;
    int files = read_folder(path, out, seen, dups, warn, err);
    if (files < 0) return -1;
    DIR *d = opendir(path);
    if (!d) {
        vg_error_set(err, VG_ERR_IO, path, 0, 0, "%s", strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char sub[4200];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        if (stat(sub, &st) != 0 || !S_ISDIR(st.st_mode)) continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) break;
            names = nn;
        }
        if (!(names[n] = strdup(sub))) break;
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, name_cmp);
    int rc = 0;
    for (size_t k = 0; k < n; k++) {
        if (rc >= 0) {
            rc = read_folder(names[k], out, seen, dups, warn, err);
            if (rc > 0) files++;
        }
        free(names[k]);
    }
    free(names);
    return rc < 0 ? -1 : files;
}

/* ---- The store: one writer per folder ------------------------------------ */

int store_mkdirs(const char *path) {
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    return mkdir(tmp, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int store_write_all(int fd, const void *p, size_t n) {
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p = (const char *)p + w;
        n -= (size_t)w;
    }
    return 0;
}

void store_init(store *res, const char *dir, const char *parent, double sync_seconds) {
    memset(res, 0, sizeof *res);
    snprintf(res->dir, sizeof res->dir, "%s", dir);
    res->csv.fd = res->jsonl.fd = res->lock_fd = res->parent_lock_fd = -1;
    res->sync_seconds = sync_seconds;
    if (parent) res->parent_lock_fd = -2; /* to take */
}

/* The PID a whole batch holding 'fd' exclusively wrote there, or 0 when the
 * lock is shared (shards hold it). The holder writes its PID just after
 * taking the lock, so an empty or stale PID is read again for up to a second. */
static long lock_holder(int fd) {
    for (int tries = 0; tries < 50; tries++) {
        if (flock(fd, LOCK_SH | LOCK_NB) == 0) return 0; /* shared: shards (or the holder has gone) */
        char text[32] = "";
        ssize_t n = pread(fd, text, sizeof text - 1, 0);
        long pid = n > 0 ? atol(text) : 0;
        if (pid > 0 && (kill((pid_t)pid, 0) == 0 || errno != ESRCH)) return pid;
        nanosleep(&(struct timespec){0, 20000000}, NULL);
    }
    return 0;
}

/* Takes the lock on 'dir' (LOCK_EX or LOCK_SH); the lock file's descriptor,
 * or -1 (errno; EWOULDBLOCK: held, by a whole batch whose PID is put in
 * 'pid', or by shards: 'pid' 0). */
static int lock_dir(const char *dir, int how, int write_pid, long *pid) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_LOCK);
    int fd =
        open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0666); /* written: never through a link */
    struct stat st;
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        close(fd);
        errno = EINVAL;
        return -1;
    }
    if (fd < 0) return -1;
    if (flock(fd, how | LOCK_NB) != 0) {
        int e = errno;
        *pid = e == EWOULDBLOCK ? lock_holder(fd) : 0;
        close(fd);
        errno = e;
        return -1;
    }
    if (write_pid) {
        char text[32];
        int n = snprintf(text, sizeof text, "%ld\n", (long)getpid());
        if (ftruncate(fd, 0) != 0 || pwrite(fd, text, (size_t)n, 0) != n) {}
    }
    return fd;
}

/* The parent folder of a shard's folder (its out folder). */
static void parent_of(const char *dir, char *out, size_t size) {
    snprintf(out, size, "%s", dir);
    char *slash = strrchr(out, '/');
    if (slash && slash != out) *slash = '\0';
    else snprintf(out, size, "%s", slash ? "/" : ".");
}

/* Another batch holds 'dir' (its process 'pid'; 0: shards of one, each
 * with a shared lock); 1 with 'err' saying so. */
static int in_use(vg_error *err, const char *dir, long pid) {
    if (pid > 0)
        vg_error_set(err, VG_ERR_IO, NULL, 0, 0,
                     "%s is in use: another batch (process %ld) writes its results there; "
                     "wait for it to end, or use another out folder",
                     dir, pid);
    else
        vg_error_set(err, VG_ERR_IO, NULL, 0, 0,
                     "%s is in use: shards of another batch write their results under it; "
                     "wait for them to end, or use another out folder",
                     dir);
    return 1;
}

int store_lock(store *res, vg_error *err) {
    if (store_mkdirs(res->dir))
        return vg_error_set(err, VG_ERR_IO, res->dir, 0, 0, "cannot create the folder: %s", strerror(errno)), -1;
    long pid = 0;
    if ((res->lock_fd = lock_dir(res->dir, LOCK_EX, 1, &pid)) < 0)
        return errno == EWOULDBLOCK
                   ? in_use(err, res->dir, pid)
                   : (vg_error_set(err, VG_ERR_IO, res->dir, 0, 0, "%s: %s", STORE_LOCK, strerror(errno)), -1);
    if (res->parent_lock_fd != -2) return 0;
    /* A shard shares its out folder with the other shards; a whole batch has it alone. */
    char parent[4096];
    parent_of(res->dir, parent, sizeof parent);
    if ((res->parent_lock_fd = lock_dir(parent, LOCK_SH, 0, &pid)) >= 0) return 0;
    int e = errno;
    close(res->lock_fd);
    res->lock_fd = -1;
    return e == EWOULDBLOCK ? in_use(err, parent, pid)
                            : (vg_error_set(err, VG_ERR_IO, parent, 0, 0, "%s: %s", STORE_LOCK, strerror(e)), -1);
}

/* Appends whole lines with one write(); on a short write cuts the file back
 * so that no partial line stays. */
static int append_line(store_file *o, const char *line, size_t n) {
    ssize_t w;
    do w = write(o->fd, line, n);
    while (w < 0 && errno == EINTR);
    if (w == (ssize_t)n) {
        o->size += (long long)n;
        return 0;
    }
    int e = w < 0 ? errno : ENOSPC;
    if (ftruncate(o->fd, (off_t)o->size) != 0) {}
    errno = e;
    return -1;
}

/* Writes 'rows' into a fresh file that replaces 'path' (through path.tmp). */
static int rewrite_file(const char *path, const row_list *rows, int json) {
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) return -1;
    int bad = !json && store_write_all(fd, runs_csv_header, strlen(runs_csv_header));
    char line[4096];
    for (size_t k = 0; k < rows->n && !bad; k++) {
        int n = json ? runs_json(&rows->rows[k], line, sizeof line) : runs_csv(&rows->rows[k], line, sizeof line);
        bad = n < 0 || store_write_all(fd, line, (size_t)n);
    }
    bad |= fsync(fd) != 0;
    bad |= close(fd) != 0;
    if (bad || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* Cuts a results file back to its last good line (a torn or malformed
 * tail); 0, or -1 with 'err' filled. */
static int cut_tail(const store_file *o, long long good, long long size, int bad, FILE *warn, vg_error *err) {
    if (good >= size) return 0;
    if (bad)
        fprintf(warn, "vgdl: %s:%d: malformed line: cut the file there (%lld bytes); those runs are played again\n",
                o->path, bad, size - good);
    else
        fprintf(warn, "vgdl: %s: cut a torn last line (%lld bytes) left by an interrupted batch\n", o->path,
                size - good);
    if (truncate(o->path, (off_t)good) == 0) return 0;
    vg_error_set(err, VG_ERR_IO, o->path, 0, 0, "cannot truncate: %s", strerror(errno));
    return -1;
}

/* Keeps the first row of each run; returns how many were dropped (-1 out of memory). */
static long drop_duplicates(row_list *rows) {
    key_set seen = {0};
    size_t kept = 0;
    for (size_t k = 0; k < rows->n; k++) {
        char key[1024];
        runs_key(&rows->rows[k], key, sizeof key);
        int fresh = runs_keys_put(&seen, key, (long)k);
        if (fresh < 0) return runs_keys_free(&seen), -1;
        if (fresh) rows->rows[kept++] = rows->rows[k];
    }
    runs_keys_free(&seen);
    long dropped = (long)(rows->n - kept);
    rows->n = kept;
    return dropped;
}

static int same_runs(const row_list *a, const row_list *b) {
    if (a->n != b->n) return 0;
    for (size_t k = 0; k < a->n; k++) {
        char ka[1024], kb[1024];
        runs_key(&a->rows[k], ka, sizeof ka);
        runs_key(&b->rows[k], kb, sizeof kb);
        if (strcmp(ka, kb)) return 0;
    }
    return 1;
}

/* Makes the two files hold the same runs once each: a run written twice
 * (by two batches before there was a lock) is kept once, in both files;
 * when one file lacks rows the other has, it is rewritten from the other;
 * an old CSV header is rewritten with today's columns. */
static int repair(store_file *files[2], row_list rows[2], int old_header, FILE *warn, vg_error *err) {
    int redo[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        long dups = drop_duplicates(&rows[k]);
        if (dups < 0) return vg_error_set(err, VG_ERR_NOMEM, NULL, 0, 0, "out of memory"), -1;
        if (dups) fprintf(warn, "vgdl: %s holds %ld runs twice: keeping the first row of each\n", files[k]->path, dups);
        redo[k] = dups > 0;
    }
    redo[0] |= old_header;
    if (old_header)
        fprintf(warn, "vgdl: %s has the columns of an older vgdl: rewriting it with today's\n", files[0]->path);
    if (!same_runs(&rows[0], &rows[1])) {
        int from = rows[1].n > rows[0].n, to = !from;
        if (rows[to].n)
            fprintf(warn, "vgdl: %s has %zu rows and %s %zu: rewriting the second from the first\n", files[from]->path,
                    rows[from].n, files[to]->path, rows[to].n);
        rows[to].n = 0;
        for (size_t k = 0; k < rows[from].n; k++)
            if (runs_push(&rows[to], &rows[from].rows[k]))
                return vg_error_set(err, VG_ERR_NOMEM, NULL, 0, 0, "out of memory"), -1;
        redo[to] = 1;
    }
    for (int k = 0; k < 2; k++)
        if (redo[k] && rewrite_file(files[k]->path, &rows[k], k == 1))
            return vg_error_set(err, VG_ERR_IO, files[k]->path, 0, 0, "cannot rewrite: %s", strerror(errno)), -1;
    return 0;
}

/* Opens a results file for appending (the CSV with its header when new). */
static int open_append(store_file *o, int csv, vg_error *err) {
    o->fd = open(o->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    struct stat st;
    if (o->fd < 0 || fstat(o->fd, &st) != 0)
        return vg_error_set(err, VG_ERR_IO, o->path, 0, 0, "%s", strerror(errno)), -1;
    o->size = (long long)st.st_size;
    if (csv && o->size == 0 && append_line(o, runs_csv_header, strlen(runs_csv_header)))
        return vg_error_set(err, VG_ERR_IO, o->path, 0, 0, "%s", strerror(errno)), -1;
    return 0;
}

int store_open(store *res, FILE *warn, vg_error *err) {
    if (store_mkdirs(res->dir)) {
        vg_error_set(err, VG_ERR_IO, res->dir, 0, 0, "cannot create the folder: %s", strerror(errno));
        return -1;
    }
    store_file *files[2] = {&res->csv, &res->jsonl};
    row_list rows[2] = {{0}, {0}};
    snprintf(res->csv.path, sizeof res->csv.path, "%s/%s", res->dir, RUNS_CSV);
    snprintf(res->jsonl.path, sizeof res->jsonl.path, "%s/%s", res->dir, RUNS_JSONL);
    int rc = 0, old_header = 0;
    for (int k = 0; k < 2 && !rc; k++) { /* written in place and replaced when repaired: regular files only */
        struct stat st;
        if (lstat(files[k]->path, &st) == 0 && !S_ISREG(st.st_mode))
            return vg_error_set(err, VG_ERR_IO, files[k]->path, 0, 0,
                                "not a regular file (a batch writes its results there)"),
                   -1;
    }
    for (int k = 0; k < 2 && !rc; k++) {
        long long good, size;
        int bad;
        rc = runs_read_file(files[k]->path, &rows[k], &good, &size, &bad, k == 0 ? &old_header : NULL, err) < 0
                 ? -1
                 : cut_tail(files[k], good, size, bad, warn, err);
    }
    if (!rc) rc = repair(files, rows, old_header, warn, err);
    for (int k = 0; k < 2 && !rc; k++) rc = open_append(files[k], k == 0, err);
    runs_free(&rows[0]);
    runs_free(&rows[1]);
    res->last_sync = now_s();
    return rc;
}
static int store_sync(store *res) {
    res->last_sync = now_s();
    int csv = fdatasync(res->csv.fd), jsonl = fdatasync(res->jsonl.fd); /* both, even when the first fails */
    return csv || jsonl ? -1 : 0;
}

/* Writes the rows gathered so far: one write() to the CSV file, then one to
 * the JSON lines; a kill between or during them leaves whole rows only
 * (a cut write is cut back), which the next start reconciles. */
int store_flush(store *res) {
    int rc = 0;
    if (res->pend_csv_n) {
        rc = append_line(&res->csv, res->pend_csv, res->pend_csv_n) ||
             append_line(&res->jsonl, res->pend_json, res->pend_json_n);
        res->pend_csv_n = res->pend_json_n = 0;
    }
    if (!rc && now_s() - res->last_sync >= res->sync_seconds) rc = store_sync(res);
    return rc;
}

/* Adds a row to the next write. */
int store_add(store *res, const run_row *r) {
    if (res->pend_cap - res->pend_csv_n < 4096 || res->pend_cap - res->pend_json_n < 4096) {
        if (res->pend_csv_n && store_flush(res)) return -1;
        if (!res->pend_csv) {
            res->pend_cap = 1 << 16;
            res->pend_csv = malloc(res->pend_cap);
            res->pend_json = malloc(res->pend_cap);
            if (!res->pend_csv || !res->pend_json) return errno = ENOMEM, -1;
        }
    }
    int n, m;
    if (runs_lines(r, res->pend_csv + res->pend_csv_n, 4096, &n, res->pend_json + res->pend_json_n, 4096, &m))
        return errno = EOVERFLOW, -1;
    res->pend_csv_n += (size_t)n;
    res->pend_json_n += (size_t)m;
    return 0;
}

void store_close(store *res) {
    if (res->csv.fd > 0) store_flush(res);
    free(res->pend_csv);
    free(res->pend_json);
    res->pend_csv = res->pend_json = NULL;
    if (res->csv.fd > 0) store_sync(res);
    if (res->csv.fd > 0) close(res->csv.fd);
    if (res->jsonl.fd > 0) close(res->jsonl.fd);
    res->csv.fd = res->jsonl.fd = -1;
    if (res->lock_fd >= 0 && ftruncate(res->lock_fd, 0) != 0) {} /* no PID left behind to mislead */
    if (res->lock_fd >= 0) close(res->lock_fd);
    if (res->parent_lock_fd >= 0) close(res->parent_lock_fd);
    res->lock_fd = res->parent_lock_fd = -1;
}
