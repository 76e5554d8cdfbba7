/* SPDX-License-Identifier: MIT
 *
 * support.h -- helpers shared by the tests: paths into the repository and
 * loading a game or failing the test, reading an actions file, fixture
 * scripts whose broken line is marked "-- ERROR", replaying a trace GVGAI
 * recorded.
 */
#ifndef VG_TEST_SUPPORT_H
#define VG_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "vgdl.h"

/* ASAN: 1 in a build under AddressSanitizer (gcc's or clang's). */
#if defined(__SANITIZE_ADDRESS__)
#define ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN 1
#endif
#endif
#ifndef ASAN
#define ASAN 0
#endif

/* The scripts' time limits are this many times longer under ASan
 * (engine/lua/sandbox.c's CLOCK_SLOWDOWN). */
#define ASAN_CLOCK_SLOWDOWN 4.0

/* MEMLIMIT: a shell prefix holding a command to 1 GiB of memory. Empty
 * under AddressSanitizer, which reserves terabytes of address space for
 * its shadow memory (no virtual-memory limit can hold it): the plain
 * builds check the bound. */
#if ASAN
#define MEMLIMIT ""
#else
#define MEMLIMIT "ulimit -v 1048576; "
#endif

/* Loads script 'script' (relative to the repository root) on map 'level'. */
vg_game *load_game(const char *script, const char *level);
/* As load_game with the map given as text. */
vg_game *load_game_text(const char *script, const char *text);
/* Loads the rules 'lua' (a script's text, written to a temporary file) on
 * the map 'map'; returns the status, the game in '*out' (NULL on failure). */
vg_status load_lua_text(const char *lua, const char *map, vg_game **out, vg_error *err);
/* Loads the GVGAI game text 'rules' (written to a temporary .txt file) on
 * the map 'map'; it must load. */
vg_game *load_vgdl_text(const char *rules, const char *map);
/* As load_lua_text, expecting success (the error printed otherwise); returns the game. */
vg_game *load_lua_ok(const char *lua, const char *map);
/* As load_lua_text, expecting a script error at 'line' whose message holds 'words'. */
void load_lua_error(const char *lua, const char *map, int line, const char *words);
/* Loads and expects failure with 'status'; returns the error. */
vg_error load_fail(const char *script, const char *level, vg_status status);
const char *repo_path(const char *rel); /* absolute path of 'rel'; a static buffer */
/* Reads an actions file (one action a line, ACTION_LEFT or LEFT style;
 * blank lines and # comments skipped) into *out (malloc'd) and *n;
 * returns 0, with the line printed, when one is not an action. */
int read_actions(const char *path, vg_action **out, int *n);

double now_seconds(void); /* monotonic */
int ends_with(const char *s, const char *tail);
/* The 1-based line of 'path' that ends in "-- ERROR"; fails the test if none. */
int marked_line(const char *path);
/* 1 when 'msg' contains one of the '|'-separated alternatives of 'kw'. */
int has_keyword(const char *msg, const char *kw);
/* The path of fixture script 'name': tests/fixtures/scripts/'name'; for
 * a script given as one broken line (tests/fixtures/scripts/lines/'name'),
 * minimal.lua followed by that line; for a variant of Bait
 * (tests/fixtures/scripts/bait/'name'), Bait's rules (scripts/bait.lua up
 * to its heuristic, less the lines the variant names in "-- without: LINE"
 * comments) followed by the variant; the last two written to a temporary
 * file of the same name. A static buffer (four in turn). */
const char *fixture_script(const char *name);
/* Checks that 'err' names fixture script 'fixture' and its line
 * marked "-- ERROR", and that the message has keyword 'kw1' and, unless
 * NULL, 'kw2'. */
void expect_error_at(const vg_error *err, const char *fixture, const char *kw1, const char *kw2);

/* Runs the group 'name' of 'n' tests; with the arguments "--shard K/N"
 * (tests/run.sh runs a slow program as N processes) only tests K, K + N,
 * K + 2N, ... (K from 1). Returns cmocka's result; 1 on other arguments. */
int run_group(const char *name, const struct CMUnitTest *tests, size_t n, int argc, char **argv);

/* ---- Replaying a trace GVGAI recorded --------------------------------- */

/* Where a replay first differs from its recording. */
typedef struct trace_diff {
    int tick;                 /* the tick of the first line that differs; -1: none */
    int mismatches;           /* fields that differ on that line */
    char what[96];            /* the first: "score", "avatar.pos", "sprites.box.pos", "lines", ... */
    char want[160], got[160]; /* ... the recording's value and ours (JSON, cut short) */
    int lines;                /* lines compared */
} trace_diff;

/* Plays actions acts[0..n) on 'g' from a state seeded 'seed', one trace
 * line a tick (the start first; it stops at game over, as GVGAI's
 * recordings do), and compares each with the recording 'jsonl' (GVGAI's
 * trace format, tests/golden/gvgai/SOURCE.md; gzipped or not): tick,
 * action, score, isGameOver, winner; the avatar's pos, type, alive,
 * orientation and resources; the positions of every sprite type the
 * recording lists; and the number of lines. It stops at the first line
 * that differs; with 'print' every difference on it is printed. Returns 0
 * when the replay is the recording, 1 when not (see 'd'), -1 when the
 * recording cannot be read (d->what says why). */
int trace_replay(const vg_game *g, uint64_t seed, const vg_action *acts, int n, const char *jsonl, int print,
                 trace_diff *d);
/* The actions of a trace of a game for several players: one list a player. */
typedef struct trace_plays {
    const vg_action *acts[VG_MAX_PLAYERS];
    int n[VG_MAX_PLAYERS];
} trace_plays;
/* As trace_replay, for a game for any number of players (GVGAI's
 * two-player format when it has several): tick k plays each player's k-th
 * action (NIL past the end of its list; a player whose avatar is not
 * alive is not asked, as in GVGAI), until every list is played. The
 * players' score, winner and avatar are compared, and "actions". */
int trace_replay_plays(const vg_game *g, uint64_t seed, const trace_plays *p, const char *jsonl, int print,
                       trace_diff *d);

/* The PNG 'path' as RGB (malloc'd), its size in '*w', '*h'; NULL when it cannot be read. */
uint8_t *read_png(const char *path, int *w, int *h);

#endif
