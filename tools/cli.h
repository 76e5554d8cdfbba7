/* SPDX-License-Identifier: MIT
 *
 * cli.h -- what the command-line program's files share: options, game
 * loading, error reporting.
 */
#ifndef VG_CLI_H
#define VG_CLI_H

#include "agent.h"

#define CLI_MAX_SET 32

typedef struct cli_opts {
    const char *game, *level, *agent, *actions;
    const char *set[CLI_MAX_SET];
    int nset;
    uint64_t seed;
    agent_budget budget;
    double seconds;
    int max_ticks;
    const char *config;      /* --config FILE: agent parameters (INI) */
    long max_states;         /* --max-states N (solve) */
    double weight;           /* --weight W (solve): 0 or 1 shortest, above 1 weighted A* */
    const char *moves;       /* --moves M: the position after these moves (cli_start) */
    const char *opponent;    /* --opponent NAME (play): the agent the person plays against */
    int side;                /* --side 1|2 (play): the person's seat, first or second player; 0: not given */
} cli_opts;

int cli_fail(const char *fmt, ...);                  /* prints "vgdl: ..." to stderr; returns 2 */
int cli_report(const vg_error *err);                 /* prints "file:line:col: msg"; returns 2 */
int cli_parse(int argc, char **argv, cli_opts *o);   /* 0, or 2 after printing why */
int cli_load(const cli_opts *o, vg_game **g);        /* 0, or 2 after printing why */
void cli_game_paths(const char *game, const char *level, char *script, char *map, size_t size);
int cli_read_actions(const char *path, vg_action **out, int *n);
int cli_play(int argc, char **argv);                 /* play.c */
/* decide.c: the agent named in 'o' with --config then --set settings; 0, or 2 after printing why */
int cli_agent_new(const cli_opts *o, const vg_game *g, agent **out);
int cli_decide(int argc, char **argv);               /* decide.c: vgdl decide */
/* decide.c: agent 'a' decides for the agent to move in 's' (a game with
 * turns, not over); '*move' gets the move it named (agent_report.move) if
 * legal, else the legal move named like its action. 0, or 2 after
 * printing why ('label' names the agent in the message). */
int cli_agent_move(const vg_game *g, const vg_state *s, agent *a, const char *label, const agent_budget *b,
                   agent_report *r, int *move);
int cli_solve(int argc, char **argv);                /* decide.c: vgdl solve */
int cli_batch(int argc, char **argv);                /* batch.c: vgdl batch */
int cli_report_cmd(int argc, char **argv);           /* report.c: vgdl report */
/* perft.c: the state to start from: the level's start after --moves, if given; 0, or 2 after printing why */
int cli_start(const cli_opts *o, const vg_game *g, vg_state **out);
/* perft.c: as cli_start, for commands that play whole rounds with
 * vg_advance: also refuses a position of a game with turns where agent 0
 * is not to move ('cmd' names the command in the message) */
int cli_start_round(const cli_opts *o, const vg_game *g, const char *cmd, vg_state **out);
int cli_perft(int argc, char **argv);                /* perft.c: vgdl perft */

#endif
