/* SPDX-License-Identifier: MIT
 *
 * error.h -- filling a vg_error, and "did you mean" suggestions.
 *
 * Every message the engine gives a user is made here or through here: a
 * file, a line (and column), one line of text, and for a misspelt name the
 * closest valid one. Internal header.
 */
#ifndef VG_ERROR_H
#define VG_ERROR_H

#include "vgdl.h"

/* The engine's name for vg_error_set (vgdl.h). */
#define error_set vg_error_set
/* Appends "; did you mean 'x'?" to 'err' when one of names[0..n) is close
 * to 'word'. */
void error_suggest(vg_error *err, const char *word, const char *const *names, int n);
/* "unknown WHAT 'word'" at file:line, with a suggestion from names[0..n);
 * returns VG_ERR_SCRIPT. */
vg_status error_unknown(vg_error *err, const char *file, int line, const char *what, const char *word,
                        const char *const *names, int n);

#endif
