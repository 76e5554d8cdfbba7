/* SPDX-License-Identifier: MIT
 *
 * outfile.c -- where a picture is written (outfile.h): a PNG of render or
 * report --plot, a GIF of --gif, a contact sheet; and the PNG files
 * themselves, written with libpng.
 *
 * What is at the path decides how:
 *   nothing, or a regular file   a temporary file beside it, renamed over
 *                                it when complete (keeping an existing
 *                                file's permissions), so a failure never
 *                                leaves a half-written picture;
 *   a symbolic link              followed: the file it leads to is the one
 *                                written (as above); a link to nothing is
 *                                refused;
 *   a device, FIFO or socket     written in place, never replaced
 *                                (/dev/full then fails "cannot write"); a
 *                                FIFO no process reads is refused, not
 *                                waited for;
 *   a directory                  refused.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

/* -1 after filling 'err' with "cannot write: 'why'" for o->path ('why'
 * NULL: errno's reason). */
static int refuse(const outfile *o, const char *why, vg_error *err) {
    outfile_error(err, o->path, "cannot write");
    if (why) snprintf(err->msg, sizeof err->msg, "cannot write: %s", why);
    return -1;
}

/* A temporary file beside o->dest with the permissions 'mode' (less the
 * umask when 'umasked'); its descriptor, or -1. */
static int open_temp(outfile *o, mode_t mode, int umasked, vg_error *err) {
    if ((size_t)snprintf(o->tmp, sizeof o->tmp, "%s.XXXXXX", o->dest) >= sizeof o->tmp) {
        o->tmp[0] = '\0';
        errno = ENAMETOOLONG;
        return refuse(o, NULL, err);
    }
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        o->tmp[0] = '\0';
        return refuse(o, NULL, err);
    }
    if (umasked) {
        mode_t mask = umask(0); /* mkstemp makes it private: as open() would not */
        umask(mask);
        mode &= ~mask;
    }
    if (fchmod(fd, mode) != 0) {} /* a file system without modes: keep mkstemp's */
    return fd;
}

/* A device, FIFO or socket, opened where it is. */
static int open_in_place(outfile *o, const struct stat *st, vg_error *err) {
    int fd = open(o->path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC); /* O_NONBLOCK: a FIFO with no reader fails */
    struct stat now;
    if (fd < 0) return refuse(o, errno == ENXIO && S_ISFIFO(st->st_mode) ? "a FIFO that no process reads" : NULL, err);
    if (fstat(fd, &now) != 0 || S_ISREG(now.st_mode) || S_ISDIR(now.st_mode)) { /* replaced since stat(): start again */
        close(fd);
        return refuse(o, "the file changed while it was opened", err);
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

int outfile_open(outfile *o, const char *path, vg_error *err) {
    struct stat st, lst;
    memset(o, 0, sizeof *o);
    snprintf(o->path, sizeof o->path, "%s", path);
    errno = 0;
    if (!path[0]) return refuse(o, "no file name given", err);
    if (strlen(path) >= sizeof o->path) return errno = ENAMETOOLONG, refuse(o, NULL, err);
    if (stat(path, &st) != 0) {
        if (errno != ENOENT) return refuse(o, NULL, err);
        if (lstat(path, &lst) == 0) return refuse(o, "a symbolic link to a file that does not exist", err);
        snprintf(o->dest, sizeof o->dest, "%s", path); /* a new file */
        return open_temp(o, 0666, 1, err);
    }
    if (S_ISDIR(st.st_mode)) return errno = EISDIR, refuse(o, NULL, err);
    if (!S_ISREG(st.st_mode)) return open_in_place(o, &st, err);
    if (access(path, W_OK) != 0) return refuse(o, NULL, err); /* a file we may not write is not replaced */
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        char *real = realpath(path, NULL); /* the file the links lead to */
        if (!real || strlen(real) >= sizeof o->dest) {
            if (real) errno = ENAMETOOLONG;
            free(real);
            return refuse(o, NULL, err);
        }
        snprintf(o->dest, sizeof o->dest, "%s", real);
        free(real);
    } else {
        snprintf(o->dest, sizeof o->dest, "%s", path);
    }
    return open_temp(o, st.st_mode & 07777, 0, err);
}

vg_status outfile_end(outfile *o, int keep, vg_error *err) {
    if (!o->tmp[0]) return VG_OK; /* written in place: nothing to rename */
    errno = 0;
    vg_status st = VG_OK;
    if (!keep || rename(o->tmp, o->dest) != 0) {
        if (keep) st = outfile_error(err, o->path, "cannot write");
        unlink(o->tmp);
    }
    o->tmp[0] = '\0';
    return st;
}

vg_status outfile_error(vg_error *err, const char *path, const char *what) {
    int e = errno;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    snprintf(err->msg, sizeof err->msg, "%s: %s", what, e ? strerror(e) : "failed");
    return VG_ERR_IO;
}

vg_status outfile_png(const char *path, const uint8_t *rgb, int w, int h, vg_error *err) {
    outfile o;
    int fd = outfile_open(&o, path, err);
    if (fd < 0) return VG_ERR_IO;
    FILE *f = fdopen(fd, "wb");
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    im.width = (png_uint_32)w;
    im.height = (png_uint_32)h;
    im.format = PNG_FORMAT_RGB;
    errno = 0;
    int ok = f && png_image_write_to_stdio(&im, f, 0, rgb, 0, NULL);
    ok &= f && fflush(f) == 0;
    if (f) ok &= fclose(f) == 0;
    else close(fd);
    if (!ok) {
        outfile_error(err, path, "cannot write");
        outfile_end(&o, 0, NULL);
        return VG_ERR_IO;
    }
    return outfile_end(&o, 1, err);
}
