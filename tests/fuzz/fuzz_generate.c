/* SPDX-License-Identifier: MIT
 *
 * fuzz_generate.c -- 'vgdl generate' (tools/generate/) run in this process
 * on options made of the input: its first line is GAME (empty: bait), the
 * rest words, split at blanks, given as they are (options and values, in
 * any order, wrong ones included). Words that would write elsewhere
 * (--out, -o, --sheet and what follows them) are dropped; the request is
 * then held small by options added last, which win: no worker processes,
 * a tenth of a second, small proofs and agent plays, a scratch folder
 * (removed after). Any words give levels or a refusal, never a crash, a
 * leak or a hang.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "fuzz.h"

int cmd_generate(int argc, char **argv); /* tools/generate/generate.c */

#define MAX_WORDS 48

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    char dir[64], cmd[128];
    snprintf(dir, sizeof dir, "/tmp/vgdl-fuzz-gen-%d", (int)getpid());
    static const char *fixed[] = {"--workers",      "0",  "--seconds",   "0.1", "--max-states", "2000", "--plays", "2",
                                  "--budget-calls", "20", "--max-ticks", "50",  "--out",        NULL};
    char *argv[3 + MAX_WORDS + sizeof fixed / sizeof fixed[0]]; /* getopt_long may reorder them, not write them */
    int argc = 0;
    argv[argc++] = (char *)"vgdl";
    argv[argc++] = (char *)"generate";
    char *nl = strchr(text, '\n'), *rest = nl ? nl + 1 : text + strlen(text);
    if (nl) *nl = '\0';
    argv[argc++] = text[0] ? text : (char *)"bait";
    for (char *w = strtok(rest, " \t\r\n"); w && argc < 3 + MAX_WORDS; w = strtok(NULL, " \t\r\n")) {
        if (strncmp(w, "--out", 5) == 0 || strncmp(w, "--sheet", 7) == 0 || strncmp(w, "-o", 2) == 0) {
            if (!strcmp(w, "--out") || !strcmp(w, "--sheet") || !strcmp(w, "-o"))
                strtok(NULL, " \t\r\n"); /* and its value */
            continue;
        }
        argv[argc++] = w;
    }
    fixed[sizeof fixed / sizeof fixed[0] - 1] = dir;
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) argv[argc++] = (char *)fixed[k];
    cmd_generate(argc, argv);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) abort();
    free(text);
    return 0;
}
