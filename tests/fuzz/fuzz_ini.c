/* SPDX-License-Identifier: MIT
 *
 * fuzz_ini.c -- the INI reader batch plans and agent settings are read
 * with (agents/inifile.c): any bytes give sections, keys and errors with
 * line numbers inside the text, never a crash or a leak.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "inifile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int lines = 1;
    for (size_t k = 0; k < size; k++) lines += data[k] == '\n';
    inifile f;
    if (inifile_parse((const char *)data, size, &f) == 0) {
        for (int k = 0; k < f.nsecs; k++) {
            const inifile_section *s = &f.secs[k];
            if (s->line < 0 || s->line > lines || strlen(s->name) >= INIFILE_NAME) abort();
            if (inifile_section_of(&f, s->name) == NULL) abort();
            for (int j = 0; j < s->n; j++)
                if (!s->kv[j].value || s->kv[j].line < 1 || s->kv[j].line > lines ||
                    inifile_get(s, s->kv[j].key) == NULL)
                    abort();
        }
        inifile_errors_sort(&f);
        for (int k = 0; k < f.nerrs; k++)
            if (f.errs[k].line < 0 || f.errs[k].line > lines || (k && f.errs[k].line < f.errs[k - 1].line)) abort();
    }
    inifile_free(&f);
    return 0;
}
