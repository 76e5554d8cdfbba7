/* SPDX-License-Identifier: MIT
 *
 * agent.h -- the interface every agent implements, and the registry.
 *
 * An agent is one file: a table of numeric parameters with defaults, and
 * create / act / free functions. It sees the game only through vgdl.h and
 * reaches the forward model through an 'fm', which counts every copy and
 * advance so that budgets can be enforced and reported. One registry
 * table (registry.c) maps names to agents.
 *
 * Budgets: wall-clock milliseconds per decision and/or forward-model calls
 * per decision (0: no limit). A call budget makes a run exactly repeatable.
 * Agents stop searching when fm_spent() says so; a decision that goes over
 * is reported as overspent, never hidden.
 */
#ifndef VG_AGENT_H
#define VG_AGENT_H

#include "vgdl.h"

typedef struct agent_budget {
    double ms;          /* wall-clock milliseconds per decision, 0: none */
    long calls;         /* forward-model calls (copy + advance) per decision, 0: none */
} agent_budget;

/* The forward model as an agent sees it during one decision. */
typedef struct fm {
    const vg_game *g;
    long calls;         /* copies and advances so far */
    long expanded;      /* states the agent expanded (its own count) */
    long max_calls;     /* 0: no limit */
    double deadline;    /* monotonic seconds, 0: no limit */
    double value;       /* the agent's value for its choice, if 'has_value'; in a game with turns, for the agent to move
                         * (the one deciding): agents that play agent 0 against the rest report minus agent 0's value
                         * when another agent decides */
    int has_value;
    int move;           /* in a game with turns: the move (vg_move number) chosen for the agent to move, if 'has_move' */
    int has_move;
} fm;

static inline void fm_copy(fm *f, vg_state *dst, const vg_state *src) { f->calls++; vg_state_copy(dst, src); }
static inline void fm_advance(fm *f, vg_state *s, vg_action a) { f->calls++; vg_advance(f->g, s, a, NULL); }
static inline vg_state *fm_clone(fm *f, const vg_state *s) { f->calls++; return vg_state_clone(s); }
int fm_spent(const fm *f);                 /* 1 when the decision's budget is used up */
double fm_now(void);                       /* monotonic seconds */

typedef struct agent_param {
    const char *key;
    double value;       /* default */
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
    /* Chooses an action for 's' (not over). */
    vg_action (*act)(void *self, fm *f, const vg_state *s);
    void (*free)(void *self);              /* NULL is a no-op */
} agent_def;

/* What one decision cost. */
typedef struct agent_report {
    double ms;
    long calls, expanded;
    double value;
    int has_value;
    int overspent;      /* went past the budget (time: over 'ms'; calls: over 'calls') */
    int move;           /* the move the agent named for the agent to move (fm 'move'), -1: none (its action stands) */
} agent_report;

typedef struct agent agent;

const agent_def *agent_find(const char *name);           /* NULL when unknown */
const agent_def *const *agent_list(int *n);              /* every registered agent */
/* Creates agent 'name' with settings "key=value" (n of them). On failure
 * returns NULL and writes a one-line reason into 'why'. */
agent *agent_new(const char *name, const vg_game *g, const char *const *settings, int n, uint64_t seed,
                 char *why, size_t whysize);
vg_action agent_act(agent *a, const vg_state *s, const agent_budget *b, agent_report *r);
void agent_free(agent *a);                                /* NULL is a no-op */
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
