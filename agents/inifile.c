/* SPDX-License-Identifier: MIT
 *
 * inifile.c -- an INI file read whole with line numbers, through inih:
 * inih parses, a line reader of our own hands it the text a line at a time
 * (counting lines, noting section headers and indentation, refusing long
 * lines and NUL bytes), and the handler files each key under its section.
 * See inifile.h.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inifile.h"

typedef struct reader {
    inifile *f;
    const char *text;
    size_t len, pos;
    int lineno, indented;
    int cur, last; /* the section keys go to, and the last key set in it (-1: none) */
    int oom;
} reader;

void inifile_error_add(inifile *f, int line, const char *fmt, ...) {
    if (f->nerrs == INIFILE_MAX_ERRORS) {
        f->more++;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    f->errs[f->nerrs].line = line;
    vsnprintf(f->errs[f->nerrs].msg, sizeof f->errs[f->nerrs].msg, fmt, ap);
    f->nerrs++;
    va_end(ap);
}

void inifile_errors_sort(inifile *f) { /* insertion sort: stable, and the list is short */
    for (int k = 1; k < f->nerrs; k++) {
        inifile_error e = f->errs[k];
        int j = k;
        for (; j > 0 && f->errs[j - 1].line > e.line; j--) f->errs[j] = f->errs[j - 1];
        f->errs[j] = e;
    }
}

inifile_section *inifile_section_of(const inifile *f, const char *name) {
    for (int k = 0; k < f->nsecs; k++)
        if (strcmp(f->secs[k].name, name) == 0) return &f->secs[k];
    return NULL;
}

const inifile_kv *inifile_get(const inifile_section *s, const char *key) {
    for (int k = 0; s && k < s->n; k++)
        if (strcmp(s->kv[k].key, key) == 0) return &s->kv[k];
    return NULL;
}

static char *trim(char *s) {
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

/* A new section named 'name' at 'line'; its index, or -1 out of memory. */
static int add_section(inifile *f, const char *name, int line) {
    inifile_section *ns = realloc(f->secs, (size_t)(f->nsecs + 1) * sizeof *ns);
    if (!ns) return -1;
    f->secs = ns;
    inifile_section *s = &f->secs[f->nsecs];
    *s = (inifile_section){0};
    snprintf(s->name, sizeof s->name, "%s", name);
    s->line = line;
    return f->nsecs++;
}

/* A section header line (its text trimmed, at 't'): keys go to it from here. */
static void section_header(reader *r, char *t) {
    char *close = strchr(t, ']');
    *close = '\0';
    char *name = trim(t + 1);
    r->last = -1;
    for (int k = 0; k < r->f->nsecs; k++)
        if (strcmp(r->f->secs[k].name, name) == 0 && r->f->secs[k].line) {
            inifile_error_add(r->f, r->lineno, "section [%s] appears twice (first on line %d)", name,
                              r->f->secs[k].line);
            r->cur = k;
            return;
        }
    if (strlen(name) >= INIFILE_NAME) {
        inifile_error_add(r->f, r->lineno, "section name longer than %d characters", INIFILE_NAME - 1);
        name[INIFILE_NAME - 1] = '\0';
    }
    r->cur = add_section(r->f, name, r->lineno);
    if (r->cur < 0) r->oom = 1;
}

/* inih's line reader: the next line of the text into 'str' (at most
 * num - 1 bytes); counts lines, notes section headers and indentation. */
static char *read_line(char *str, int num, void *stream) {
    reader *r = stream;
    if (r->pos >= r->len || r->oom) return NULL;
    const char *p = r->text + r->pos, *nl = memchr(p, '\n', r->len - r->pos);
    size_t n = nl ? (size_t)(nl - p) + 1 : r->len - r->pos;
    r->pos += n;
    r->lineno++;
    str[0] = '\0';
    if (n > (size_t)num - 1) {
        inifile_error_add(r->f, r->lineno, "line longer than %d characters", num - 2);
        return str;
    }
    if (memchr(p, '\0', n)) {
        inifile_error_add(r->f, r->lineno, "the line holds a NUL byte (not a text file?)");
        return str;
    }
    memcpy(str, p, n);
    str[n] = '\0';
    r->indented = str[0] == ' ' || str[0] == '\t';
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", str);
    char *t = trim(tmp);
    if (r->lineno == 1 && (unsigned char)t[0] == 0xef && (unsigned char)t[1] == 0xbb && (unsigned char)t[2] == 0xbf)
        t += 3;
    if (t[0] == '[' && strchr(t, ']')) section_header(r, t);
    return str;
}

/* Adds 'value' to the key above it (an indented continuation line), as
 * one more item: a comma between them unless the line above ends with one. */
static int continue_value(reader *r, inifile_kv *last, const char *value) {
    size_t len = strlen(last->value), n = len + strlen(value) + 3;
    char *v = malloc(n);
    if (!v) return r->oom = 1, 0;
    snprintf(v, n, "%s%s%s", last->value, len && last->value[len - 1] == ',' ? " " : ", ", value);
    free(last->value);
    last->value = v;
    return 1;
}

static int handle(void *user, const char *section, const char *name, const char *value) {
    reader *r = user;
    (void)section;
    if (r->cur < 0 && (r->cur = inifile_section_of(r->f, "") ? 0 : add_section(r->f, "", 0)) < 0) return r->oom = 1, 0;
    inifile_section *s = &r->f->secs[r->cur];
    if (r->indented && r->last >= 0 && strcmp(s->kv[r->last].key, name) == 0)
        return continue_value(r, &s->kv[r->last], value);
    for (int k = 0; k < s->n; k++)
        if (strcmp(s->kv[k].key, name) == 0) {
            if (s->name[0])
                inifile_error_add(r->f, r->lineno, "'%s' is set twice in [%s] (first on line %d)", name, s->name,
                                  s->kv[k].line);
            else inifile_error_add(r->f, r->lineno, "'%s' is set twice (first on line %d)", name, s->kv[k].line);
            return 1;
        }
    if (strlen(name) >= INIFILE_NAME) {
        inifile_error_add(r->f, r->lineno, "key '%.40s...' is too long", name);
        return 1;
    }
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;
        inifile_kv *nk = realloc(s->kv, (size_t)cap * sizeof *nk);
        if (!nk) return r->oom = 1, 0;
        s->kv = nk;
        s->cap = cap;
    }
    inifile_kv *kv = &s->kv[s->n];
    snprintf(kv->key, sizeof kv->key, "%s", name);
    if (!(kv->value = strdup(value))) return r->oom = 1, 0;
    kv->line = r->lineno;
    r->last = s->n++;
    return 1;
}

int inifile_parse(const char *text, size_t len, inifile *f) {
    memset(f, 0, sizeof *f);
    reader r = {f, text, len, 0, 0, 0, -1, -1, 0};
    int rc = ini_parse_stream(read_line, &r, handle, &r);
    if (r.oom || rc < 0) {
        inifile_error_add(f, 0, "out of memory");
        return -1;
    }
    if (rc > 0)
        inifile_error_add(f, rc, "syntax error (a line is '[section]', 'key = value', or a comment after ; or #)");
    return 0;
}

int inifile_read(const char *path, inifile *f) {
    memset(f, 0, sizeof *f);
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        inifile_error_add(f, 0, "cannot open: %s", strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode) || (unsigned long long)st.st_size > INIFILE_MAX_SIZE) {
        if (S_ISREG(st.st_mode)) inifile_error_add(f, 0, "larger than %u MiB: not an INI file", INIFILE_MAX_SIZE >> 20);
        else inifile_error_add(f, 0, "not a regular file (a folder, a FIFO or a device)");
        close(fd);
        return -1;
    }
    char *text = malloc((size_t)st.st_size + 1);
    size_t len = 0;
    ssize_t got = 1;
    while (text && len < (size_t)st.st_size && (got = read(fd, text + len, (size_t)st.st_size - len)) > 0)
        len += (size_t)got;
    int e = errno;
    close(fd);
    if (!text || got < 0) {
        free(text);
        inifile_error_add(f, 0, "cannot read: %s", text ? strerror(e) : "out of memory");
        return -1;
    }
    int rc = inifile_parse(text, len, f);
    free(text);
    return rc;
}

void inifile_free(inifile *f) {
    if (!f) return;
    for (int k = 0; k < f->nsecs; k++) {
        for (int j = 0; j < f->secs[k].n; j++) free(f->secs[k].kv[j].value);
        free(f->secs[k].kv);
    }
    free(f->secs);
    f->secs = NULL;
    f->nsecs = 0;
}
