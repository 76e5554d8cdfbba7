/* SPDX-License-Identifier: MIT
 *
 * inifile.h -- an INI file read whole, with line numbers: sections, their
 * keys and values in file order, each with the line it is on, and the
 * errors found (line and message), so that whoever interprets the file can
 * name file:line in its own messages. Parsed by inih; read by batch plans
 * (tools/batch/plan.c) and agent settings (agents/config.c).
 *
 *   [batch]                  a section
 *   games = bait, pacman     a key and its value (spaces around trimmed)
 *     connect4               an indented line continues the key above:
 *                            its value becomes "bait, pacman, connect4"
 *   ; a comment, # too       and after ' ;' on a line
 *
 * Errors of the file's form are found here: a line that is none of these,
 * a line too long, a NUL byte, a section or a key given twice, a name too
 * long. Keys before any section go into a section named "" (line 0), for
 * the caller to refuse in its own words.
 */
#ifndef VG_INIFILE_H
#define VG_INIFILE_H

#include <stddef.h>

#define INIFILE_NAME       64 /* bytes of a section name or key, with the NUL */
#define INIFILE_MAX_ERRORS 64 /* errors kept; 'more' counts the rest */
#define INIFILE_MAX_SIZE   (16u << 20)

typedef struct inifile_kv {
    char key[INIFILE_NAME];
    char *value;
    int line;
} inifile_kv;

typedef struct inifile_section {
    char name[INIFILE_NAME]; /* "" for keys before any section */
    int line;
    inifile_kv *kv;
    int n, cap;
    int used; /* free for the caller: e.g. "something refers to it" */
} inifile_section;

typedef struct inifile_error {
    int line; /* 0: the file as a whole */
    char msg[200];
} inifile_error;

typedef struct inifile {
    inifile_section *secs;
    int nsecs;
    inifile_error errs[INIFILE_MAX_ERRORS];
    int nerrs, more;
} inifile;

/* Reads the regular file 'path' (at most INIFILE_MAX_SIZE bytes; a FIFO or
 * a device is refused unread) into '*f', which it initialises. Returns 0
 * when the file was read, even with errors in it (f->nerrs); -1 when it
 * could not be read at all (a line-0 error in f says why) or memory ran
 * out. Free with inifile_free either way. */
int inifile_read(const char *path, inifile *f);
/* The same for 'len' bytes of text in memory. */
int inifile_parse(const char *text, size_t len, inifile *f);
void inifile_free(inifile *f); /* NULL or a zeroed inifile: nothing */

/* Adds an error (printf-style) at 'line' to f's list; kept for the
 * interpreter's errors too, so that all come out sorted together. */
void inifile_error_add(inifile *f, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void inifile_errors_sort(inifile *f); /* by line, stable */

/* The section named 'name', or NULL. */
inifile_section *inifile_section_of(const inifile *f, const char *name);
/* The key 'key' of section 's' (may be NULL), or NULL. */
const inifile_kv *inifile_get(const inifile_section *s, const char *key);

#endif
