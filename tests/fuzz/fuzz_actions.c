/* SPDX-License-Identifier: MIT
 *
 * fuzz_actions.c -- the action-list reader (vg_parse_actions).
 */
#include <stdlib.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    vg_action *acts = NULL;
    int n = 0;
    vg_error err;
    if (text && vg_parse_actions(text, "fuzz-actions", &acts, &n, &err) == VG_OK)
        for (int k = 0; k < n; k++)
            if ((unsigned)acts[k] >= VG_NUM_ACTIONS) abort();
    free(acts);
    free(text);
    return 0;
}
