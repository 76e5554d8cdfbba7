/* SPDX-License-Identifier: MIT
 *
 * agent.h -- the interface every agent implements, the forward model as
 * agents see it, and the registry.
 *
 * An agent is one file: a table of numeric parameters with defaults, and
 * create / act / free functions. 'act' returns a move: in a game with
 * turns{} a vg_move number of the agent to move, in a game without turns
 * an action (vg_action; an action is a move there). It sees the game
 * through vgdl.h and plays it only through an 'fm' (below): fm_copy,
 * fm_play, fm_advance, fm_legal, fm_moves, fm_heuristic, fm_evaluate, fm_bound
 * count every call, spend the decision's budget and keep the first error,
 * here and nowhere else ('make check' rejects vg_play, vg_advance and
 * vg_state_copy anywhere else in agents/). One registry table
 * (registry.c) maps names to agents.
 *
 * Budgets: wall-clock milliseconds per decision and/or forward-model calls
 * per decision (0: no limit). A call budget makes a run exactly repeatable.
 * Agents stop searching when fm_spent() says so; a decision that goes over
 * is reported as overspent, never hidden. Each decision also gets one
 * window of script work (vg_script_window), so that a game's Lua cannot
 * multiply its per-call limits by the number of calls; the fm opens it at
 * the decision's first call that may run the game's script (a decision
 * that runs none, a random agent's, pays nothing for it).
 *
 * Games for several players (vg_num_players > 1; GVGAI's two-player
 * games): an agent plays one player ('player', agent_set_player), and its
 * forward model plays the others by an opponent model ('model'): each
 * tick an action of theirs drawn at random from their available actions
 * (FM_MODEL_RANDOM, GVGAI's sample agents' assumption) or NIL
 * (FM_MODEL_NIL). fm_advance and fm_play then play a tick for all
 * players; fm_score, fm_winner and fm_actions are the agent's player's.
 *
 * Errors: the first error of a decision (a script error in an effect, a
 * termination, legal moves, heuristic() or evaluate(); out of memory; a
 * search too deep) is kept in the fm, as a status and a vg_error naming
 * file:line where there is one. From then on fm_spent() is 1, so every
 * agent stops; agent_act reports the error, and the tools exit 2 with it.
 */
#ifndef VG_AGENT_H
#define VG_AGENT_H

#include <time.h>

#include "vgdl.h"

typedef struct agent_budget {
    double ms;  /* wall-clock milliseconds per decision, 0: none */
    long calls; /* forward-model calls (copy + play) per decision, 0: none */
} agent_budget;

/* ---- The forward model as an agent sees it during one decision -------- */

/* A decision's window of script work: vg_script_window's arguments. */
typedef struct fm_window {
    long steps;
    double seconds;
} fm_window;

typedef struct fm {
    const vg_game *g;
    long calls;      /* copies and plays so far */
    long expanded;   /* states the agent expanded (its own count) */
    long max_calls;  /* 0: no limit */
    double deadline; /* monotonic seconds, 0: no limit */
    double value;    /* the agent's value for its choice, if 'has_value'; in a game with turns, for the agent to move
                         * (the one deciding): agents that play agent 0 against the rest report minus agent 0's value
                         * when another agent decides */
    int has_value;
    const int *move_of; /* per action, the move named like it (fm_action_move; agent_act's table), NULL: looked up */
    const fm_window *window; /* the window to open before the first call that may run the game's script (fm_script);
                              * NULL once it is open, or when there is none */
    int players;             /* the game's players (vg_num_players) */
    int player;              /* the one the agent decides for (0 in a game for one player) */
    int model;               /* FM_MODEL_*: what the other players do in this fm's ticks */
    uint64_t rng;            /* the opponent model's draws */
    vg_status status;        /* VG_OK until a call fails; then the first failure's, with 'error' */
    vg_error error;
} fm;

enum { FM_MODEL_RANDOM, FM_MODEL_NIL, FM_NUM_MODELS }; /* fm.model: the other players' actions at random, or NIL */
const char *fm_model_name(int model);                  /* "random", "nil" */
int fm_model_find(const char *name);                   /* FM_MODEL_*, or -1 */

/* Keeps 'err' as the decision's error unless one is kept already; returns 'st'. */
vg_status fm_fail(fm *f, vg_status st, const vg_error *err);
/* As fm_fail, with a message of the agent's own (no file). */
vg_status fm_failf(fm *f, vg_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Opens the decision's window of script work, if not yet open: before
 * every call that may run the game's script. */
static inline void fm_script(fm *f) {
    if (f->window) vg_script_window(f->g, f->window->steps, f->window->seconds), f->window = NULL;
}

/* Copies 'src' into 'dst': one call. */
static inline void fm_copy(fm *f, vg_state *dst, const vg_state *src) {
    f->calls++;
    vg_state_copy(dst, src);
}

/* Counts 'n' calls made outside the fm: a stored state packed or
 * restored (search.h's packer) costs what a copy does. */
static inline void fm_count(fm *f, long n) { f->calls += n; }

/* A tick of a game for several players: the agent's player does 'a', the
 * others what the opponent model says (vg_advance_multi). */
vg_status fm_tick(fm *f, vg_state *s, vg_action a, vg_error *err);

/* Plays 'move' in 's' for the agent to move: in a game with turns a
 * vg_move number (vg_play), without turns an action (vg_advance; in a game
 * for several players, fm_tick). One call; a failure is kept. */
static inline vg_status fm_play(fm *f, vg_state *s, int move) {
    vg_error err;
    f->calls++;
    fm_script(f);
    vg_status st = vg_game_has_turns(f->g) ? vg_play(f->g, s, vg_turn(s), move, &err)
                   : f->players > 1        ? fm_tick(f, s, (vg_action)move, &err)
                                           : vg_advance(f->g, s, (vg_action)move, &err);
    return st == VG_OK ? VG_OK : fm_fail(f, st, &err);
}

/* Plays one round in 's' with agent 0 doing 'a' (vg_advance: in a game
 * with turns, every other agent then plays its policy; in a game for
 * several players, fm_tick, the agent's player doing 'a'): the game as one
 * player sees it. One call; a failure is kept. */
static inline vg_status fm_advance(fm *f, vg_state *s, vg_action a) {
    vg_error err;
    f->calls++;
    fm_script(f);
    vg_status st = f->players > 1 ? fm_tick(f, s, a, &err) : vg_advance(f->g, s, a, &err);
    return st == VG_OK ? VG_OK : fm_fail(f, st, &err);
}

/* The agent's player's score and result, and its available actions (NIL
 * excluded; vg_actions in a game for one player). */
static inline double fm_score(const fm *f, const vg_state *s) {
    return f->player ? vg_player_score(f->g, s, f->player) : vg_score(s);
}
static inline vg_winner fm_winner(const fm *f, const vg_state *s) {
    return f->player ? vg_player_winner(f->g, s, f->player) : vg_winner_of(s);
}
static inline int fm_actions(const fm *f, const vg_state *s, vg_action out[VG_MAX_ACTIONS]) {
    return f->player ? vg_player_actions(f->g, s, f->player, out) : vg_actions(f->g, s, out);
}

/* The moves fm_play takes in 's' for the agent to move: its legal moves
 * in a game with turns (a chance agent's too: see fm_moves), the
 * available actions (NIL excluded) without. 0 when there are none or on
 * an error (kept). */
int fm_legal(fm *f, const vg_state *s, int moves[VG_MAX_MOVES]);
/* As fm_legal; but when the agent to move is a chance agent (turns{
 * chance = ...}), its outcomes (vg_outcomes), their probabilities in
 * 'probs' and '*chance' set (else cleared). Errors kept. */
int fm_moves(fm *f, const vg_state *s, int moves[VG_MAX_MOVES], double probs[VG_MAX_MOVES], int *chance);
/* The game's heuristic(state) / evaluate(state) (the score when it has
 * none); on an error (kept) the score. */
double fm_heuristic(fm *f, const vg_state *s);
double fm_evaluate(fm *f, const vg_state *s);
/* The game's lower bound on the actions left to a win (vg_bound: the
 * script's bound(state), else the engine's derived one, else 0;
 * VG_BOUND_DEAD when no win can be reached); on an error (kept) 0. */
int fm_bound(fm *f, const vg_state *s);
/* The move an agent that played in rounds (fm_advance) returns for
 * action 'a': 'a' itself without turns, else the move named like it (-1
 * when there is none). fm_action_move: the same, by agent_act's table. */
int agent_action_move(const vg_game *g, vg_action a);
static inline int fm_action_move(const fm *f, vg_action a) {
    return f->move_of ? f->move_of[a] : agent_action_move(f->g, a);
}
int fm_spent(const fm *f); /* 1 when the decision's budget is used up, or an error is kept */
/* 1 when 'n' more calls fit in the decision's call budget and no error is
 * kept (the clock is not read: fm_spent does that). An agent whose step
 * costs several calls (a rollout's copy and advance) asks before it, so
 * that a call budget is spent, never overspent. */
int fm_room(const fm *f, long n);
/* 1 when 'n' more calls do not fit (!fm_room) or the time is up: what an
 * agent asks before a step of 'n' calls. fm_spent(f) is fm_spent_for(f, 1). */
int fm_spent_for(const fm *f, long n);
enum { FM_CHILD = 2 }; /* the calls a child costs: its copy and its move */
/* Monotonic seconds. */
static inline double fm_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- Agents ----------------------------------------------------------- */

typedef struct agent_param {
    const char *key;
    double value; /* default */
    const char *help;
} agent_param;

typedef struct agent_def {
    const char *name;
    const char *summary;
    const agent_param *params;
    int nparams;
    /* Returns the agent's private data, or NULL when out of memory.
     * 'p' holds the parameter values in the order of 'params'. */
    void *(*create)(const vg_game *g, const double *p, uint64_t seed);
    /* Chooses a move for the agent to move in 's' (not over): a vg_move
     * number with turns, an action without; -1 when it has none. */
    int (*act)(void *self, fm *f, const vg_state *s);
    void (*free)(void *self); /* NULL is a no-op */
} agent_def;

/* What one decision cost, and its error. */
typedef struct agent_report {
    double ms;
    long calls, expanded;
    double value;
    int has_value;
    int overspent;    /* went past the budget (time: over 'ms'; calls: over 'calls') */
    vg_status status; /* VG_OK, or the decision's first error (fm) in 'error' */
    vg_error error;
} agent_report;

typedef struct agent agent;

const agent_def *agent_find(const char *name); /* NULL when unknown */
const agent_def *const *agent_list(int *n);    /* every registered agent */
/* Creates agent 'name' with settings "key=value" (n of them). On failure
 * returns NULL and writes a one-line reason into 'why'. */
agent *agent_new(const char *name, const vg_game *g, const char *const *settings, int n, uint64_t seed, char *why,
                 size_t whysize);
/* In a game for several players: the agent plays 'player' (0 unless set),
 * the others by opponent model 'model' (FM_MODEL_*; FM_MODEL_RANDOM
 * unless set). */
void agent_set_player(agent *a, int player, int model);
/* 0 when agent_new would accept 'name' and 'settings'; else -1 with
 * agent_new's reason in 'why' (an unknown agent or parameter, with the
 * nearest name; a value that is not a number). Needs no game. */
int agent_check(const char *name, const char *const *settings, int n, char *why, size_t whysize);
/* One decision for the agent to move in 's' under budget 'b', its cost
 * and error in 'r'. Returns the move (see agent_def.act): in a game
 * without turns an action, ACTION_NIL when the agent has none; in a game
 * with turns a vg_move number, -1 when it has none. After an error
 * (r->status) the move is whatever the agent had chosen so far. */
int agent_act(agent *a, const vg_state *s, const agent_budget *b, agent_report *r);
/* The action move 'move' is named like ("LEFT", ...), for a game played
 * in rounds; ACTION_NIL when none. Without turns a move is its action. */
vg_action agent_move_action(const vg_game *g, int move);
/* As agent_move_action in a's game, by a table made when 'a' was. */
vg_action agent_action(const agent *a, int move);
void agent_free(agent *a);                                 /* NULL is a no-op */
double agent_param_value(const agent *a, const char *key); /* a parameter's current value */

/* Settings from an INI file (config.c, read with inih): section [NAME]
 * holds agent NAME's parameters as key = value. Every section must name
 * an agent and every key one of its parameters, with a number; anything
 * else is an error "FILE:LINE: why" in 'why' (return -1). On success
 * appends the settings of agent 'name' to settings[n..] (strings
 * "key=value", malloc'd; free them with agent_config_free), at most 'max'
 * entries in all, and returns the new count. */
int agent_config_read(const char *path, const char *name, char **settings, int n, int max, char *why, size_t whysize);
void agent_config_free(char **settings, int n);

#endif
