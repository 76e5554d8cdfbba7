/* SPDX-License-Identifier: MIT
 *
 * support.h -- helpers shared by the tests: paths into the repository and
 * loading a game or failing the test, reading an actions file.
 */
#ifndef VG_TEST_SUPPORT_H
#define VG_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "vgdl.h"

/* Loads script 'script' (relative to the repository root) on map 'level'. */
vg_game *load_game(const char *script, const char *level);
/* As load_game with the map given as text. */
vg_game *load_game_text(const char *script, const char *text);
/* Loads and expects failure with 'status'; returns the error. */
vg_error load_fail(const char *script, const char *level, vg_status status);
const char *repo_path(const char *rel);    /* absolute path of 'rel'; a static buffer */
/* Reads an actions file (one action a line, ACTION_LEFT or LEFT style;
 * blank lines and # comments skipped) into *out (malloc'd) and *n;
 * returns 0, with the line printed, when one is not an action. */
int read_actions(const char *path, vg_action **out, int *n);

#endif
