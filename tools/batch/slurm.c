/* SPDX-License-Identifier: MIT
 *
 * slurm.c -- a batch as a Slurm job array: the job script (array task K
 * runs shard K of N) and its submission with sbatch. Everything a script
 * names is single-quoted for sh, or refused when it cannot be (a path with
 * a newline; slurm_ settings with quotes, '$' or '`'), so that nothing in
 * a path or a setting runs as a command. See batch.h.
 */
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "batch.h"

/* 's' in single quotes for sh. */
static void shq(FILE *f, const char *s) {
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'') fputs("'\\''", f);
        else fputc(*s, f);
    }
    fputc('\'', f);
}

static int abs_path(const char *path, char *out, size_t size) {
    if (path[0] == '/') return snprintf(out, size, "%s", path), 0;
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) return -1;
    snprintf(out, size, "%s/%s", cwd, path);
    return 0;
}

/* 1 when 's' can stand in an #SBATCH line as it is: sbatch splits those
 * lines at blanks and reads quotes, and --output reads '%'. */
static int plain(const char *s) { return !s[strcspn(s, " \t'\"\\%")]; }

/* A character no path that goes into a script may hold. */
static int control(const char *s) {
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) return 1;
    return 0;
}

/* The paths a job script names: the program, the INI file, the out folder
 * and the working directory, absolute. */
typedef struct job_paths {
    char exe[4096], ini[4096], out[4096], cwd[4096];
} job_paths;

static void job_paths_of(const batch *b, const char *ini, job_paths *p) {
    snprintf(p->exe, sizeof p->exe, "vgdl");
    ssize_t n = readlink("/proc/self/exe", p->exe, sizeof p->exe - 1);
    if (n > 0) p->exe[n] = '\0';
    if (!realpath(ini, p->ini)) abs_path(ini, p->ini, sizeof p->ini);
    abs_path(b->out, p->out, sizeof p->out);
    if (!getcwd(p->cwd, sizeof p->cwd)) snprintf(p->cwd, sizeof p->cwd, ".");
}

int batch_slurm_check(const batch *b, const char *ini, vg_error *err) {
    job_paths p;
    job_paths_of(b, ini, &p);
    const char *what[4] = {"the program's path", "the INI file's path", "the out folder", "the working directory"};
    const char *path[4] = {p.exe, p.ini, p.out, p.cwd};
    for (int k = 0; k < 4; k++)
        if (control(path[k]))
            return vg_error_set(err, VG_ERR_ARG, NULL, 0, 0,
                                "%s holds a newline or another control character: "
                                "it cannot go into a job script (rename it)",
                                what[k]),
                   -1;
    const char *texts[3] = {b->slurm_partition, b->slurm_time, b->slurm_args};
    for (int k = 0; k < 3; k++)
        if (texts[k] && strpbrk(texts[k], "\n\r'\"\\$`"))
            return vg_error_set(err, VG_ERR_ARG, NULL, 0, 0, "slurm settings may not hold quotes, '$', '`' or '\\'"),
                   -1;
    return 0;
}

void batch_slurm_script(FILE *f, const batch *b, const char *ini) {
    job_paths p;
    job_paths_of(b, ini, &p);
    const char *base = strrchr(ini, '/');
    base = base ? base + 1 : ini;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(base, "."), base);
    for (char *c = name; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_') *c = '_';
    fprintf(f, "#!/bin/sh\n");
    fprintf(f, "# vgdl batch %s as a Slurm job array: array task K runs shard K of %d.\n", p.ini, b->shards);
    fprintf(f, "# Written by 'vgdl batch --slurm'. Results: %s/shard-K-of-%d/;\n", p.out, b->shards);
    fprintf(f, "# when the tasks are done: vgdl report %s\n", p.out);
    fprintf(f, "#SBATCH --job-name=vgdl-%s\n", name);
    fprintf(f, "#SBATCH --array=1-%d\n", b->shards);
    fprintf(f, "#SBATCH --ntasks=1\n");
    fprintf(f, "#SBATCH --cpus-per-task=%d\n", b->workers_set ? b->workers : 1);
    if (plain(p.out)) fprintf(f, "#SBATCH --output=%s/slurm-%%A_%%a.out\n", p.out);
    if (b->slurm_partition) fprintf(f, "#SBATCH --partition=%s\n", b->slurm_partition);
    if (b->slurm_time) fprintf(f, "#SBATCH --time=%s\n", b->slurm_time);
    if (b->slurm_args) {
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", b->slurm_args);
        for (char *save = NULL, *a = strtok_r(copy, " \t", &save); a; a = strtok_r(NULL, " \t", &save))
            fprintf(f, "#SBATCH %s\n", a);
    }
    fprintf(f, "cd ");
    shq(f, p.cwd);
    fprintf(f, " || exit 1\nexec ");
    shq(f, p.exe);
    fprintf(f, " batch ");
    shq(f, p.ini);
    fprintf(f, " --out ");
    shq(f, p.out);
    fprintf(f, " --shard \"$SLURM_ARRAY_TASK_ID/%d\"\n", b->shards);
}

/* Runs sbatch on 'path' (with --wait); 0, or -1 with 'err' filled. */
static int run_sbatch(const char *path, int wait, vg_error *err) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        if (wait) execlp("sbatch", "sbatch", "--wait", path, (char *)NULL);
        else execlp("sbatch", "sbatch", path, (char *)NULL);
        fprintf(stderr, "vgdl: cannot run sbatch: %s (is Slurm installed, and sbatch on the PATH?)\n", strerror(errno));
        _exit(127);
    }
    int st = 0;
    if (pid < 0) return vg_error_set(err, VG_ERR_IO, NULL, 0, 0, "fork: %s", strerror(errno)), -1;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return vg_error_set(err, VG_ERR_IO, NULL, 0, 0, "sbatch failed (status %d)",
                            WIFEXITED(st) ? WEXITSTATUS(st) : -1),
               -1;
    return 0;
}

int batch_submit(const batch *b, const char *ini, int wait, int dry_run, vg_error *err) {
    char path[4300];
    snprintf(path, sizeof path, "%s/batch.sbatch", b->out);
    if (dry_run) { /* nothing written, nothing submitted */
        batch_slurm_script(stdout, b, ini);
        printf("# --dry-run: not submitted; 'vgdl batch %s --submit' writes this to %s and runs sbatch%s on it "
               "(%d array tasks, %lld runs)\n",
               ini, path, wait ? " --wait" : "", b->shards, b->total);
        return 0;
    }
    int fd =
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0666); /* no FIFO, no link */
    struct stat st;
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        close(fd);
        return vg_error_set(err, VG_ERR_IO, path, 0, 0, "not a regular file"), -1;
    }
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        vg_error_set(err, VG_ERR_IO, path, 0, 0, "%s", strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    batch_slurm_script(f, b, ini);
    if (fclose(f) != 0) return vg_error_set(err, VG_ERR_IO, path, 0, 0, "%s", strerror(errno)), -1;
    printf("submitting %s (%d array tasks, %lld runs)\n", path, b->shards, b->total);
    if (run_sbatch(path, wait, err)) return -1;
    if (wait) printf("done: vgdl report %s\n", b->out);
    return 0;
}
