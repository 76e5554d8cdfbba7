/* SPDX-License-Identifier: MIT
 *
 * registry.c -- the level generators: one table (adding one is a file and
 * a row).
 */
#include <string.h>

#include "generate.h"

static const gen_def *const generators[] = {&gen_random, &gen_constructive, &gen_search, &gen_script};

const gen_def *const *gen_list(int *n) {
    *n = (int)(sizeof generators / sizeof generators[0]);
    return generators;
}

const gen_def *gen_find(const char *name) {
    for (size_t k = 0; k < sizeof generators / sizeof generators[0]; k++)
        if (strcmp(generators[k]->name, name) == 0) return generators[k];
    return NULL;
}
