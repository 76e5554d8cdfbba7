/* SPDX-License-Identifier: MIT
 *
 * fuzz_outfile.c -- where pictures are written (tools/picture/outfile.c):
 * the input picks what is at the path (nothing, a file, a symbolic link
 * to a file, to nothing, to a FIFO or in a loop, a FIFO read or not, a
 * directory, a device that takes all or is full, a path under a file or
 * a missing folder), the writer (a PNG, a chart, a GIF of some frames,
 * kept or abandoned) and the picture's size; then checks what must hold:
 * a device, FIFO, link or directory is never replaced; a file is replaced
 * whole or not at all; a picture written in place or through a link
 * arrives; nothing else is left in the folder. A breach aborts.
 */
#define _XOPEN_SOURCE 700 /* mknod */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "chart.h"
#include "fuzz.h"
#include "outfile.h"
#include "render.h"

enum {
    K_NONE,
    K_FILE,
    K_LINK,
    K_DANGLING,
    K_FIFO,
    K_FIFO_READ,
    K_DIR,
    K_NULL,
    K_FULL,
    K_LINK_FIFO,
    K_LINK_NULL,
    K_NO_FOLDER,
    K_UNDER_FILE,
    K_CHAIN,
    K_LOOP,
    NUM_KINDS
};

static char dir[64];
static int root; /* mknod works: devices of our own */
static vg_game *g;
static vg_state *s;

static void fail(const char *what, int kind) {
    fprintf(stderr, "fuzz_outfile: kind %d: %s\n", kind, what);
    abort();
}

/* dir/NAME into 'buf'. */
static const char *at(char *buf, const char *name) {
    snprintf(buf, 256, "%s/%s", dir, name);
    return buf;
}

static void put(const char *name, const char *text) {
    char p[256];
    FILE *f = fopen(at(p, name), "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) abort();
}

/* 'S_IFMT' bits of dir/NAME without following links; 0 when missing. */
static unsigned kind_of(const char *name) {
    char p[256];
    struct stat st;
    return lstat(at(p, name), &st) == 0 ? (unsigned)(st.st_mode & S_IFMT) : 0;
}

/* 1 when dir/NAME holds "old"; 2 when a PNG or a GIF; 0 else. */
static int holds(const char *name) {
    char p[256], head[8] = "";
    FILE *f = fopen(at(p, name), "rb");
    size_t n = f ? fread(head, 1, sizeof head, f) : 0;
    if (f) fclose(f);
    if (n == 4 && memcmp(head, "old\n", 4) == 0) return 1;
    return n >= 6 && (memcmp(head, "\x89PNG", 4) == 0 || memcmp(head, "GIF89a", 6) == 0) ? 2 : 0;
}

/* Empties the folder. */
static void clear(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s/*", dir);
    if (system(cmd) != 0) abort();
}

/* What is at the path, made. */
static void make(int kind) {
    char p[256], q[256];
    switch (kind) {
    case K_FILE: put("out", "old\n"); break;
    case K_LINK: put("real", "old\n"), symlink("real", at(p, "out")); break;
    case K_DANGLING: symlink("nothing", at(p, "out")); break;
    case K_FIFO:
    case K_FIFO_READ: mkfifo(at(p, "out"), 0644); break;
    case K_DIR: mkdir(at(p, "out"), 0755); break;
    case K_NULL: mknod(at(p, "out"), S_IFCHR | 0666, makedev(1, 3)); break;
    case K_FULL: mknod(at(p, "out"), S_IFCHR | 0666, makedev(1, 7)); break;
    case K_LINK_FIFO: mkfifo(at(p, "real"), 0644), symlink("real", at(q, "out")); break;
    case K_LINK_NULL: mknod(at(p, "real"), S_IFCHR | 0666, makedev(1, 3)), symlink("real", at(q, "out")); break;
    case K_UNDER_FILE: put("file", "old\n"); break;
    case K_CHAIN: put("real", "old\n"), symlink("real", at(p, "mid")), symlink("mid", at(q, "out")); break;
    case K_LOOP: symlink("b", at(p, "out")), symlink("out", at(q, "b")); break;
    default: break;
    }
}

/* Writes a picture to 'path' with writer 'w' from 'data'; VG_OK or not. */
static vg_status write_picture(const char *path, int w, const uint8_t *data, size_t size) {
    vg_error err;
    int side = 1 + (size > 3 ? data[3] % 32 : 0);
    if (w == 0) {
        uint8_t *rgb = calloc((size_t)side * (size_t)side, 3);
        for (size_t k = 0; rgb && k < (size_t)side * (size_t)side * 3 && k + 4 < size; k++) rgb[k] = data[4 + k];
        vg_status st = rgb ? outfile_png(path, rgb, side, side, &err) : VG_ERR_NOMEM;
        free(rgb);
        return st;
    }
    if (w == 1) {
        chart_bar bars[4] = {
            {"g", "a", 0.5, 0.25, 0.75}, {"g", "b", 0.25, 0, 0.5}, {"h", "a", 1, 0.5, 1}, {"h", "c", 0, 0, 0.1}};
        return chart_png(path, "TITLE", bars, 1 + side % 4, &err);
    }
    render_opts o = {1 + side % 8, 10, "scripts/bait.lua", NULL};
    render *r = NULL;
    render_gif *gif = NULL;
    if (render_new(g, &o, &r, &err) != VG_OK) abort();
    vg_status st = render_gif_open(r, path, 10, &gif, &err);
    for (int k = 0; st == VG_OK && k < side % 5; k++) st = render_gif_frame(gif, s, &err);
    int keep = w == 2; /* 3: abandoned, as after a failed game */
    vg_status closed = st == VG_OK ? render_gif_close(gif, keep, &err) : render_gif_close(gif, 0, NULL);
    render_free(r);
    return keep && st == VG_OK ? closed : VG_ERR_IO;
}

/* The other names the folder may hold after kind 'kind'. */
static int expected(int kind, const char *name) {
    if (strcmp(name, "out") == 0) return 1;
    if (kind == K_LINK || kind == K_LINK_FIFO || kind == K_LINK_NULL || kind == K_CHAIN)
        return strcmp(name, "real") == 0 || (kind == K_CHAIN && strcmp(name, "mid") == 0);
    if (kind == K_UNDER_FILE) return strcmp(name, "file") == 0;
    if (kind == K_LOOP) return strcmp(name, "b") == 0;
    return 0;
}

static void check(int kind, int written, int reader) {
    char cmd[160];
    snprintf(cmd, sizeof cmd, "ls -A %s", dir);
    FILE *ls = popen(cmd, "r");
    char name[256];
    while (ls && fgets(name, sizeof name, ls)) {
        name[strcspn(name, "\n")] = '\0';
        if (!expected(kind, name)) fail(name, kind); /* a temporary file left, or a file made */
    }
    if (ls) pclose(ls);
    switch (kind) {
    case K_NONE:
        if (written ? holds("out") != 2 : kind_of("out") != 0) fail("a new file", kind);
        break;
    case K_FILE:
        if (kind_of("out") != S_IFREG || holds("out") != (written ? 2 : 1)) fail("the file, whole", kind);
        break;
    case K_LINK:
    case K_CHAIN:
        if (kind_of("out") != S_IFLNK || holds("real") != (written ? 2 : 1)) fail("the file through the link", kind);
        break;
    case K_DANGLING:
        if (written || kind_of("out") != S_IFLNK || kind_of("nothing")) fail("a link to nothing", kind);
        break;
    case K_FIFO:
        if (written || kind_of("out") != S_IFIFO) fail("a FIFO no one reads", kind);
        break;
    case K_FIFO_READ:
    case K_LINK_FIFO: {
        char head[8] = "";
        ssize_t n = read(reader, head, sizeof head);
        if (kind_of(kind == K_FIFO_READ ? "out" : "real") != S_IFIFO ||
            (written && (n < 4 || memcmp(head, "\x89PNG", 4) != 0) && (n < 6 || memcmp(head, "GIF89a", 6) != 0)))
            fail("a FIFO read", kind);
        break;
    }
    case K_DIR:
        if (written || kind_of("out") != S_IFDIR) fail("a directory", kind);
        break;
    case K_NULL:
        if (kind_of("out") != S_IFCHR) fail("a device", kind);
        break;
    case K_FULL:
        if (written || kind_of("out") != S_IFCHR) fail("a full device", kind);
        break;
    case K_LINK_NULL:
        if (kind_of("out") != S_IFLNK || kind_of("real") != S_IFCHR) fail("a link to a device", kind);
        break;
    case K_NO_FOLDER:
    case K_UNDER_FILE:
        if (written || (kind == K_UNDER_FILE && holds("file") != 1)) fail("no such folder", kind);
        break;
    case K_LOOP:
        if (written || kind_of("out") != S_IFLNK || kind_of("b") != S_IFLNK) fail("a loop of links", kind);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!s) {
        snprintf(dir, sizeof dir, "/tmp/vgdl-fuzz-outfile-XXXXXX");
        char p[256];
        if (!mkdtemp(dir)) abort();
        root = mknod(at(p, "probe"), S_IFCHR | 0666, makedev(1, 3)) == 0;
        unlink(p);
        vg_error err;
        if (vg_game_load("scripts/bait.lua", "levels/bait/lvl0.txt", &g, &err) != VG_OK)
            abort(); /* run from the repository */
        s = vg_state_new(g, 1);
    }
    if (size < 3) return 0;
    int kind = data[0] % NUM_KINDS, writer = data[1] % 4;
    if (!root && (kind == K_NULL || kind == K_FULL || kind == K_LINK_NULL)) return 0;
    clear();
    make(kind);
    char p[256], path[300];
    const char *tail = kind == K_NO_FOLDER ? "missing/out" : kind == K_UNDER_FILE ? "file/out" : "out";
    snprintf(path, sizeof path, "%s/%s", dir, tail);
    if (data[2] & 1 && kind != K_NO_FOLDER && kind != K_UNDER_FILE) snprintf(path, sizeof path, "%s//./%s", dir, tail);
    int reader = kind == K_FIFO_READ || kind == K_LINK_FIFO
                     ? open(at(p, kind == K_FIFO_READ ? "out" : "real"), O_RDONLY | O_NONBLOCK)
                     : -1;
    vg_status st = write_picture(path, writer, data, size);
    int written = st == VG_OK && writer != 3;
    if (writer != 3 &&
        (kind == K_NULL || kind == K_FIFO_READ || kind == K_LINK_FIFO || kind == K_LINK_NULL || kind == K_NONE ||
         kind == K_FILE || kind == K_LINK || kind == K_CHAIN) &&
        !written)
        fail("a picture that could be written was not", kind);
    check(kind, written, reader);
    if (reader >= 0) close(reader);
    return 0;
}
