/* SPDX-License-Identifier: MIT
 *
 * io.c -- reading a game's text files: regular files only, of a bounded
 * size, so that a FIFO, /dev/zero or a huge file cannot block or exhaust
 * a load; and action lists (vg_read_actions), one action a line.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "io.h"

vg_status io_read_file(const char *path, char **out, size_t *len, vg_error *err) {
    *out = NULL;
    *len = 0;
    if (!path[0]) return error_set(err, VG_ERR_IO, path, 0, 0, "no file name given");
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* O_NONBLOCK: opening a FIFO must not wait */
    if (fd < 0) return error_set(err, VG_ERR_IO, path, 0, 0, "cannot open file");
    struct stat st;
    vg_status status = VG_OK;
    char *buf = NULL;
    size_t n = 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        status = error_set(err, VG_ERR_IO, path, 0, 0, "not a regular file");
    } else if ((uintmax_t)st.st_size > IO_MAX_FILE) {
        status = error_set(err, VG_ERR_IO, path, 0, 0, "file too large (%jd bytes; the limit is %u)",
                           (intmax_t)st.st_size, IO_MAX_FILE);
    } else if (!(buf = malloc((size_t)st.st_size + 1))) {
        status = error_set(err, VG_ERR_NOMEM, path, 0, 0, "out of memory");
    } else {
        for (ssize_t got; n < (size_t)st.st_size; n += (size_t)got) { /* a file that grows is cut at its size */
            got = read(fd, buf + n, (size_t)st.st_size - n);
            if (got == 0) break;
            if (got < 0) {
                status = error_set(err, VG_ERR_IO, path, 0, 0, "cannot read file");
                break;
            }
        }
    }
    close(fd);
    if (status != VG_OK) {
        free(buf);
        return status;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return VG_OK;
}

vg_status vg_parse_actions(const char *text, const char *name, vg_action **out, int *n, vg_error *err) {
    int cap = 0, line = 0;
    *out = NULL;
    *n = 0;
    for (const char *p = text; *p;) {
        const char *end = p + strcspn(p, "\n");
        line++;
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        const char *e = end;
        while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
        char word[32];
        size_t len = (size_t)(e - p);
        snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), p);
        vg_action a;
        if (len > 0 && *p != '#' && (len >= sizeof word || !vg_action_parse(word, &a))) {
            free(*out);
            *out = NULL;
            *n = 0;
            return error_set(err, VG_ERR_PARSE, name, line, 1,
                             "unknown action '%.*s%s' (use ACTION_LEFT, LEFT, ... NIL, USE)",
                             (int)(len < 40 ? len : 40), p, len > 40 ? "..." : "");
        }
        if (len > 0 && *p != '#') {
            if (*n == cap) {
                cap = cap ? 2 * cap : 256;
                vg_action *na = realloc(*out, (size_t)cap * sizeof *na);
                if (!na) {
                    free(*out);
                    *out = NULL;
                    *n = 0;
                    return error_set(err, VG_ERR_NOMEM, name, line, 0, "out of memory");
                }
                *out = na;
            }
            (*out)[(*n)++] = a;
        }
        p = *end ? end + 1 : end;
    }
    return VG_OK;
}

vg_status vg_read_actions(const char *path, vg_action **out, int *n, vg_error *err) {
    char *text;
    size_t len;
    *out = NULL;
    *n = 0;
    vg_status st = io_read_file(path, &text, &len, err);
    if (st != VG_OK) return st;
    st = memchr(text, '\0', len) ? error_set(err, VG_ERR_PARSE, path, 0, 0, "not a text file")
                                 : vg_parse_actions(text, path, out, n, err);
    free(text);
    return st;
}
