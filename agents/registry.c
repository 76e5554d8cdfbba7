/* SPDX-License-Identifier: MIT
 *
 * registry.c -- the table of agents, parameter parsing, and the decision
 * wrapper that applies the budget and measures what a decision cost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

#include "agent.h"

extern const agent_def agent_random, agent_onestep;
extern const agent_def agent_minimax, agent_alphabeta, agent_expectimax;
extern const agent_def agent_bfs, agent_dfs, agent_ldfs, agent_astar, agent_mcts, agent_rhea;
extern const agent_def agent_mtdf, agent_solve;

static const agent_def *const agents[] = {
    &agent_random, &agent_onestep, &agent_minimax, &agent_alphabeta, &agent_expectimax, &agent_bfs,   &agent_dfs,
    &agent_ldfs,   &agent_astar,   &agent_mcts,    &agent_rhea,      &agent_mtdf,       &agent_solve,
};
#define NUM_AGENTS ((int)(sizeof agents / sizeof agents[0]))

#define AGENT_MAX_PARAMS 32 /* parameters of one agent, at most */

struct agent {
    const agent_def *def;
    const vg_game *g;
    void *self;
    double params[AGENT_MAX_PARAMS];
    int turns;                         /* the game has turns{} */
    int move_of[VG_NUM_ACTIONS];       /* per action, agent_action_move (fm_action_move) */
    vg_action action_of[VG_MAX_MOVES]; /* per move, agent_move_action (agent_action) */
    /* What a decision under budget 'planned' does (plan_budget), made
     * once for a run, not once a decision: */
    agent_budget planned;
    double stop_after;        /* seconds from the decision's start to the agent's deadline, 0: none */
    fm_window window;         /* the decision's window of script work */
    int player, model;        /* a game for several players: its player, the others' model (fm.h) */
    uint64_t seed, decisions; /* the opponent model draws from these */
};

const agent_def *agent_find(const char *name) {
    for (int k = 0; k < NUM_AGENTS; k++)
        if (strcmp(agents[k]->name, name) == 0) return agents[k];
    return NULL;
}

const agent_def *const *agent_list(int *n) {
    *n = NUM_AGENTS;
    return agents;
}

/* "agent A has no parameter K", with the closest parameter if one is near. */
static void unknown_param(const agent_def *def, const char *setting, size_t klen, char *why, size_t whysize) {
    char key[64];
    const char *keys[64];
    int n = def->nparams < 64 ? def->nparams : 64;
    snprintf(key, sizeof key, "%.*s", (int)(klen < 60 ? klen : 60), setting);
    for (int k = 0; k < n; k++) keys[k] = def->params[k].key;
    int near = vg_closest_name(key, keys, n);
    if (near >= 0)
        snprintf(why, whysize, "agent '%s' has no parameter '%s'; did you mean '%s'?", def->name, key, keys[near]);
    else
        snprintf(why, whysize, "agent '%s' has no parameter '%s' ('vgdl list params %s' lists them)", def->name, key,
                 def->name);
}

/* Agent 'name''s definition, its parameters (defaults, then 'settings')
 * in params[] in its order; NULL with 'why' for an unknown agent or a bad
 * setting. */
static const agent_def *settle(const char *name, const char *const *settings, int n, double *params, char *why,
                               size_t whysize) {
    const agent_def *def = agent_find(name);
    if (!def) {
        const char *names[NUM_AGENTS];
        for (int k = 0; k < NUM_AGENTS; k++) names[k] = agents[k]->name;
        int near = vg_closest_name(name, names, NUM_AGENTS);
        int len = near >= 0
                      ? snprintf(why, whysize, "unknown agent '%s'; did you mean '%s'? (agents:", name, names[near])
                      : snprintf(why, whysize, "unknown agent '%s' (agents:", name);
        for (int k = 0; k < NUM_AGENTS && len > 0 && (size_t)len < whysize; k++)
            len += snprintf(why + len, whysize - (size_t)len, " %s", names[k]);
        if (len > 0 && (size_t)len < whysize) snprintf(why + len, whysize - (size_t)len, ")");
        return NULL;
    }
    for (int k = 0; k < def->nparams; k++) params[k] = def->params[k].value;
    for (int i = 0; i < n; i++) {
        const char *eq = strchr(settings[i], '=');
        size_t klen = eq ? (size_t)(eq - settings[i]) : 0;
        int k = 0;
        while (k < def->nparams &&
               !(strlen(def->params[k].key) == klen && strncmp(def->params[k].key, settings[i], klen) == 0))
            k++;
        char *end = NULL;
        double v = eq ? strtod(eq + 1, &end) : 0;
        if (!eq || k == def->nparams || end == eq + 1 || *end) {
            if (!eq) snprintf(why, whysize, "setting '%s' is not key=value", settings[i]);
            else if (k == def->nparams) unknown_param(def, settings[i], klen, why, whysize);
            else snprintf(why, whysize, "parameter '%.*s' needs a number, not '%s'", (int)klen, settings[i], eq + 1);
            return NULL;
        }
        params[k] = v;
    }
    return def;
}

int agent_check(const char *name, const char *const *settings, int n, char *why, size_t whysize) {
    double params[AGENT_MAX_PARAMS];
    return settle(name, settings, n, params, why, whysize) ? 0 : -1;
}

agent *agent_new(const char *name, const vg_game *g, const char *const *settings, int n, uint64_t seed, char *why,
                 size_t whysize) {
    double params[AGENT_MAX_PARAMS];
    const agent_def *def = settle(name, settings, n, params, why, whysize);
    if (!def) return NULL;
    agent *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(why, whysize, "out of memory");
        return NULL;
    }
    a->def = def;
    a->g = g;
    memcpy(a->params, params, sizeof a->params);
    a->turns = vg_game_has_turns(g);
    for (int k = 0; k < VG_NUM_ACTIONS; k++) a->move_of[k] = agent_action_move(g, (vg_action)k);
    for (int m = 0; m < VG_MAX_MOVES; m++) a->action_of[m] = agent_move_action(g, m);
    a->planned = (agent_budget){-1, -1};
    a->seed = seed;
    a->self = def->create(g, a->params, seed);
    if (!a->self) {
        snprintf(why, whysize, "out of memory");
        free(a);
        return NULL;
    }
    return a;
}

double agent_param_value(const agent *a, const char *key) {
    for (int k = 0; k < a->def->nparams; k++)
        if (strcmp(a->def->params[k].key, key) == 0) return a->params[k];
    return 0;
}

/* The script work one decision may do (vg_script_window): the time
 * budget and AGENT_SCRIPT_SECONDS more (a game whose Lua loops stops
 * there, not once per call), and with a call budget AGENT_SCRIPT_STEPS VM
 * instructions a call (so that a run under a call budget stays
 * repeatable). Without a budget only the seconds apply. */
#define AGENT_SCRIPT_SECONDS 10.0
#define AGENT_SCRIPT_STEPS   1000000L

/* Makes a's figures for decisions under budget 'b'. */
static void plan_budget(agent *a, const agent_budget *b) {
    a->planned = *b;
    /* The agent's clock stops a little early (2%, at most 1 ms) so that the
     * step it is in when time runs out still ends within the budget. */
    double margin = b->ms * 0.02 < 1 ? b->ms * 0.02 : 1;
    a->stop_after = b->ms > 0 ? (b->ms - margin) / 1000.0 : 0;
    a->window.steps = b->calls > 0 && b->calls < LONG_MAX / AGENT_SCRIPT_STEPS ? b->calls * AGENT_SCRIPT_STEPS : 0;
    a->window.seconds = (b->ms > 0 ? b->ms / 1000.0 : 0) + AGENT_SCRIPT_SECONDS;
}

int agent_act(agent *a, const vg_state *s, const agent_budget *b, agent_report *r) {
    if (b->ms != a->planned.ms || b->calls != a->planned.calls) plan_budget(a, b);
    double start = fm_now();
    /* Field by field: the fm's and the report's vg_error (776 bytes) are
     * written only when a call fails; zeroing and copying them cost a
     * random agent's decision more than the decision itself. */
    fm f;
    f.g = a->g;
    f.calls = f.expanded = 0;
    f.value = 0;
    f.has_value = 0;
    f.status = VG_OK;
    f.max_calls = b->calls;
    f.move_of = a->move_of;
    f.deadline = b->ms > 0 ? start + a->stop_after : 0;
    f.window = &a->window; /* opened by the first call that may run the script (fm_script) */
    f.players = vg_num_players(a->g);
    f.player = a->player;
    f.model = a->model;
    f.rng = a->seed * 0x9e3779b97f4a7c15ULL + ++a->decisions;
    int move = a->def->act(a->self, &f, s);
    if (!f.window) vg_script_window(a->g, 0, 0);
    double ms = (fm_now() - start) * 1000.0;
    r->ms = ms, r->calls = f.calls, r->expanded = f.expanded, r->value = f.value, r->has_value = f.has_value;
    r->overspent = (b->ms > 0 && ms > b->ms) || (b->calls > 0 && f.calls > b->calls);
    r->status = f.status;
    if (f.status != VG_OK) r->error = f.error;
    else r->error.file[0] = r->error.msg[0] = '\0', r->error.line = r->error.col = 0;
    if (move < 0 && !a->turns) move = VG_ACTION_NIL;
    return move;
}

vg_action agent_move_action(const vg_game *g, int move) {
    vg_action act;
    if (!vg_game_has_turns(g)) return move >= 0 && move < VG_NUM_ACTIONS ? (vg_action)move : VG_ACTION_NIL;
    const char *name = vg_move_name(g, move);
    return name && vg_action_parse(name, &act) ? act : VG_ACTION_NIL;
}

vg_action agent_action(const agent *a, int move) {
    return move >= 0 && move < VG_MAX_MOVES ? a->action_of[move] : VG_ACTION_NIL;
}

int agent_action_move(const vg_game *g, vg_action a) {
    if (!vg_game_has_turns(g)) return (int)a;
    return vg_move_find(g, vg_action_name(a) + 7); /* "ACTION_LEFT" -> "LEFT" */
}

void agent_set_player(agent *a, int player, int model) {
    a->player = player;
    a->model = model;
}

void agent_free(agent *a) {
    if (!a) return;
    if (a->def->free) a->def->free(a->self);
    free(a);
}
