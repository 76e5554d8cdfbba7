/* SPDX-License-Identifier: MIT
 *
 * builder.h -- for tests that build games through the builder API
 * (game.h): a parameter value from its text.
 */
#ifndef VG_TEST_BUILDER_H
#define VG_TEST_BUILDER_H

#include <stdlib.h>
#include <string.h>

#include "game.h"

/* 'text' as a loader would hand it over: a number when it reads as one,
 * a boolean for "true" and "false", else a string (a type or effect name).
 * The value points into 'text'. */
static inline param_value text_value(const char *text) {
    char *end;
    double num = strtod(text, &end);
    if (*text && *end == '\0') return (param_value){.kind = PV_NUMBER, .num = num};
    if (!strcmp(text, "true") || !strcmp(text, "false")) return (param_value){.kind = PV_BOOL, .b = text[0] == 't'};
    return (param_value){.kind = PV_STRING, .str = text};
}

#endif
