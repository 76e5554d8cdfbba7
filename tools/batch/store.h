/* SPDX-License-Identifier: MIT
 *
 * store.h -- folders of batch results: reading them (a batch's out folder
 * and its shards' folders), and the store a batch writes (store.c): one
 * writer per out folder, its two files repaired before appending.
 * Warnings go to the FILE given; nothing else prints.
 */
#ifndef VG_STORE_H
#define VG_STORE_H

#include <stdio.h>

#include "runs.h"

/* Reads DIR/runs.csv (or DIR/runs.jsonl when there is no CSV) and the same
 * in every direct subfolder of DIR (shards); 'path' may also be a store
 * file. Rows already in 'seen' (by key) are skipped and counted in
 * '*dups'. Warnings go to 'warn'. Returns the number of files read, or -1
 * with 'err' filled. */
int store_read_dir(const char *path, row_list *out, key_set *seen, long *dups, FILE *warn, vg_error *err);

/* One results file being appended to. */
typedef struct store_file {
    char path[4200];
    int fd;
    long long size; /* bytes in the file: the store is its only writer */
} store_file;

/* The results store of one batch (or shard): DIR/runs.csv and
 * DIR/runs.jsonl, appended to by this process alone. */
typedef struct store {
    char dir[4096];
    store_file csv, jsonl;
    int lock_fd, parent_lock_fd; /* DIR's lock; a shard's shared lock on the folder above */
    double last_sync, sync_seconds;
    char *pend_csv, *pend_json; /* rows not written yet (whole rows only) */
    size_t pend_csv_n, pend_json_n, pend_cap;
} store;

#define STORE_LOCK ".vgdl-batch.lock"

/* Sets up 'res' for folder 'dir' (nothing opened yet); 'parent' is the
 * out folder above a shard's folder, NULL for a whole batch. */
void store_init(store *res, const char *dir, const char *parent, double sync_seconds);
/* Creates the folder and takes its lock (flock on DIR/STORE_LOCK, holding
 * this process's PID): one writer per folder. A shard also takes a shared
 * lock on its parent, which a whole batch there takes exclusively. 0; 1
 * when another process holds it ('err' names its PID); -1 on another
 * error ('err' says). The lock ends with store_close or the process. */
int store_lock(store *res, vg_error *err);
/* Opens the two files for appending after repairing them: a torn or
 * malformed tail is cut, a run written twice is kept once, and when one
 * file holds rows the other lacks (the batch was killed between the two
 * writes) the shorter is rewritten from the longer. Warnings to 'warn'.
 * 0, or -1 with 'err' filled. */
int store_open(store *res, FILE *warn, vg_error *err);
/* Adds a row to the next write; 0, or -1 (errno). */
int store_add(store *res, const run_row *r);
/* Writes the rows added so far (one write() a file) and syncs the files
 * when sync_seconds have passed; 0, or -1 (errno). */
int store_flush(store *res);
void store_close(store *res);       /* flushes, syncs, closes, unlocks; a store never opened: nothing */
int store_mkdirs(const char *path); /* mkdir -p; 0, or -1 (errno) */
int store_write_all(int fd, const void *p, size_t n); /* write() until done; 0, or -1 (errno) */

#endif
