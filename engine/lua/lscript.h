/* SPDX-License-Identifier: MIT
 *
 * lscript.h -- what the four parts of the Lua layer share: the sandbox
 * (sandbox.c: the libraries a script sees, its limits, calling into it),
 * the loader (loader.c: the rule-declaring functions, running the script),
 * the state handle scripts read and change the game through (handle.c)
 * and the calls from the engine into the script during play (bind.c).
 *
 * This directory is the only place that includes lua.h.
 */
#ifndef VG_LSCRIPT_H
#define VG_LSCRIPT_H

#include <lua.h>

#include "../level.h"
#include "../effect.h"
#include "../term.h"

#define VG_STR_(x)          #x
#define VG_STR(x)           VG_STR_(x)  /* a number macro as a string literal */
#define SCRIPT_MEMORY_LIMIT (64u << 20) /* bytes a script may allocate */
#ifndef VG_FUZZING
#define SCRIPT_LOAD_STEPS 200000000L /* VM instructions to declare the rules */
#define SCRIPT_CALL_STEPS 10000000L  /* VM instructions per effect, termination or heuristic call */
#else                                /* fuzzing looks for crashes: spend its time on many inputs */
#define SCRIPT_LOAD_STEPS 2000000L
#define SCRIPT_CALL_STEPS 200000L
#endif
#define SCRIPT_HOOK_EVERY   1000       /* instructions between budget checks */
#define SCRIPT_LOAD_SECONDS 10.0       /* wall-clock seconds to declare the rules */
#define SCRIPT_CALL_SECONDS 1.0        /* ... per call during play */
#define SCRIPT_MAX_STRING   (1u << 20) /* bytes in one string: bounds what one VM instruction can cost */
#define SCRIPT_ALLOC_STEP   8          /* bytes allocated that cost one instruction of the budget */
#define SCRIPT_MAX_MOVE     (1 << 20)  /* elements table.move may move in one call */

/* Names (of types, variables, moves) already looked up, by the address of
 * their Lua string (lua_topointer): Lua keeps one copy of each short
 * string, and the strings here are kept alive (in a registry table), so a
 * hit is a string, the name seen before; no other live value has its
 * address. At most NAME_CACHE names, in NAME_SLOTS slots (open
 * addressing by the address's hash: a look-up is O(1)). */
#define NAME_CACHE 64
#define NAME_SLOTS 128
typedef struct name_cache {
    int n;
    const void *key[NAME_SLOTS]; /* NULL: an empty slot */
    int value[NAME_SLOTS];
} name_cache;
enum { NAMES_TYPE, NAMES_VAR, NAMES_MOVE, NAME_KINDS };

typedef struct state_handle state_handle;

typedef struct script {
    lua_State *L;
    vg_game *g;
    size_t mem_used;
    long steps_left;       /* instruction budget left to the call in progress */
    long steps_budget;     /* ... and what it started with */
    double deadline;       /* monotonic seconds when the call in progress must end */
    double seconds;        /* ... and the seconds it was given */
    int stopped;           /* the hook stopped the call: no script code runs until it is unwound */
    int window_on;         /* a window of work is open (vg_script_window): ... */
    long window_steps;     /* ... instructions left in it ... */
    double window_seconds; /* ... the seconds it lasts from its first script call ... */
    double window_end;     /* ... and when it closes (0: no call yet) */
    int windowed;          /* the call in progress ends with the window, not with its own limits */
    int too_long;          /* an allocation failed because a string was too long */
    int loading;           /* the script is declaring its rules (game{}, sprite{}, ... allowed) */
    int effect_first;      /* first effect row of the interaction being declared */
    char where[300];       /* "file:line" of the last budget check: names the line of a memory error */
    char chunk[64];        /* chunk name used in Lua's messages */
    int handle_ref;        /* the one state handle, reused for every call */
    state_handle *handle;  /* ... and its address */
    int names_ref;         /* a table keeping the strings of 'names' alive */
    name_cache names[NAME_KINDS];
    int value_ref[3]; /* heuristic(state), evaluate(state), bound(state); LUA_NOREF when absent */
    int agents_ref, legal_ref, apply_ref, policy_ref, outcomes_ref; /* turns{}: functions, LUA_NOREF when absent */
    int move_ref
        [VG_MAX_MOVES]; /* turns{}: each move's name as apply() receives it (a string made once, not one a call) */
} script;

/* The state handle a callback receives; valid only during the call. */
struct state_handle {
    const vg_game *g;
    const vg_state *s; /* read access */
    tick_ctx *t;       /* write access: NULL for read-only calls */
};

/* The script a Lua state runs (kept in its extra space). */
static inline script *script_of(lua_State *L) { return *(script **)lua_getextraspace(L); }

/* handle.c: the state handle */
void handle_open(lua_State *L); /* creates the state handle; needs the script in the extra space */
/* Pushes sprite reference 'r' as a handle (nil for REF_NONE, no sprite). */
void handle_push_sprite(lua_State *L, int r);
/* Notes that the string at 'idx' names 'value' (of kind NAMES_*), keeping
 * the string alive; nothing once the cache is full. Allocates: only in a
 * protected call. */
void handle_note_name(lua_State *L, int idx, int kind, int value);
/* The value find() gives the name at 'idx', -1 when it gives none or
 * 'idx' holds no string; names found before are known by their string's
 * address, without reading it (see name_cache), and with 'note' a name
 * found now is noted (which allocates: only in a protected call). */
int handle_find_name(lua_State *L, int idx, int kind, int note, const vg_game *g,
                     int (*find)(const vg_game *, const char *));

/* bind.c: the script_ops callbacks of script.h */
vg_status bind_effect(void *script, int ref, tick_ctx *t, int i1, int i2, vg_error *err);
vg_status bind_update(void *script, int ref, tick_ctx *t, int i, vg_error *err);
vg_status bind_termination(void *script, int ref, tick_ctx *t, int *done, int *win, vg_error *err);
vg_status bind_value(void *script, int which, const vg_game *g, const vg_state *s, double *out, vg_error *err);
vg_status bind_agents(void *script, const vg_game *g, const vg_state *s, int *n, vg_error *err);
vg_status bind_legal(void *script, const vg_game *g, const vg_state *s, int agent, int *moves, int *n, vg_error *err);
vg_status bind_apply(void *script, tick_ctx *t, int agent, int move, vg_error *err);
vg_status bind_policy(void *script, tick_ctx *t, int agent, int *move, vg_error *err);
vg_status bind_outcomes(void *script, const vg_game *g, const vg_state *s, int agent, int *moves, double *probs, int *n,
                        vg_error *err);

/* sandbox.c */
/* The allocator of a script's Lua state ('ud' is the script): the memory
 * limit, the length limit on strings (so that no VM instruction -- a
 * comparison, a concatenation -- costs more than about a millisecond),
 * and what is allocated is charged to the instruction budget (so C
 * functions that allocate pay for their work). */
void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
/* Opens the libraries a script sees, with their guards, and the hook that
 * keeps the budget. Allocates: only in a protected call. */
void sandbox_open(lua_State *L);
/* Fills 'err' from a Lua message "chunk:line: text" (NULL: none). */
void sandbox_error(script *sc, const char *msg, vg_error *err);
/* loader.c */
/* A fresh sandbox that has run the script at 'script_path': its game with
 * the rules declared, not finished, no level (free with game_free). */
vg_status script_open(const char *script_path, vg_game **out, vg_error *err);
int script_raise(lua_State *L, const vg_error *err); /* the builder's error as a Lua error at the declaring line */
int script_call_line(lua_State *L);                  /* the script line that called the running declaration */
int lgen_constraints(lua_State *L);                  /* generate.c: constraints{}, a declaration */
/* Calls the function on the stack top (below it 'nargs' arguments) with
 * the budget 'steps' instructions and 'seconds' of wall-clock time; on
 * error fills 'err' with the script's file and line. */
vg_status script_pcall(script *sc, int nargs, int nresults, long steps, double seconds, vg_error *err);

#endif
