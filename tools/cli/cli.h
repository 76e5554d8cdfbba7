/* SPDX-License-Identifier: MIT
 *
 * cli.h -- what the command-line program's files share: options, game
 * loading, agents and start positions, actions files, error reporting.
 * Every function here that can fail prints why and returns the exit
 * status (2); the libraries below the commands (batch/, picture/,
 * generate/, match.h) fill a vg_error instead and leave the printing to
 * their command.
 */
#ifndef VG_CLI_H
#define VG_CLI_H

#include <glob.h>
#include <stdio.h>

#include "agent.h"

#define CLI_MAX_SET 32

typedef struct cli_opts {
    const char *game; /* the first argument */
    const char *arg;  /* the second, for commands that take two (perft's DEPTH) */
    const char *level, *agent;
    const char *actions[VG_MAX_PLAYERS]; /* --actions FILE (trace, render): each player's, in order */
    int nactions;
    const char *set[CLI_MAX_SET];
    int nset;
    uint64_t seed;
    agent_budget budget;
    double seconds;
    int has_seconds; /* --seconds was given */
    int max_ticks;
    const char *config;   /* --config FILE: agent parameters (INI) */
    long max_states;      /* --max-states N (solve) */
    double weight;        /* --weight W (solve): 0 or 1 shortest, above 1 weighted A* */
    const char *moves;    /* --moves M: the position after these moves (cli_start) */
    const char *opponent; /* --opponent NAME: the agent the person plays against (play), the other seats' agent (run) */
    const char *opp_set[CLI_MAX_SET]; /* --opponent-set k=v (run): the opponent's settings */
    int nopp_set;
    int side;        /* --side 1|2 (play): the person's seat, first or second player; 0: not given */
    int model;       /* --opponent-model (FM_MODEL_*): an agent's model of the other players of a game for several */
    const char *gif; /* --gif FILE (run, trace, solve, play): the game as an animated GIF */
    const char *actions_out;  /* --actions-out FILE (run, play): the actions played, one a line */
    const char *out;          /* -o FILE (render): the PNG */
    const char *sprites;      /* --sprites DIR: where images named by 'img' are read (render.h) */
    int cell;                 /* --cell PX: pixels a cell; 0: the default */
    int delay;                /* --delay MS: milliseconds a GIF frame; 0: the default */
    int count;                /* --count N (generate): levels to write; 0: the default */
    int size_w, size_h;       /* --size WxH (generate): the inside of a level; 0: the game's */
    int min_len, max_len;     /* --length MIN-MAX (generate): the proven shortest solution's range; 0 0: any */
    const char *generator;    /* --generator NAME (generate) */
    int workers, has_workers; /* --workers K (generate): 0 judges in the process itself */
    const char *agents;       /* --agents STRONG,WEAK (generate) */
    int plays;                /* --plays N (generate): games each agent plays on a level with chance; 0: the default */
    double strong_min, weak_max; /* --wins S,W (generate); has_wins 0: the defaults */
    int has_wins;
    const char *sheet; /* --sheet PNG (generate): the levels as a contact sheet */
} cli_opts;

/* Messages print what they quote with its control characters (but tabs)
 * as \xNN: a name holding an escape sequence or a line break neither
 * rewrites the terminal nor forges a line. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* prints "vgdl: ..." to stderr; returns 2 */
int cli_report(const vg_error *err);                                      /* prints "file:line:col: msg"; returns 2 */
void cli_put(FILE *f, const char *s); /* writes 's' to 'f', control characters as \xNN */
/* Reads the options of command argv[1] (getopt_long: anywhere, --opt=value)
 * and its 'npos' arguments, the first GAME. Options of other commands,
 * unknown ones and bad numbers are refused. 0, or 2 after printing why. */
int cli_parse(int argc, char **argv, cli_opts *o, int npos);
int cli_print_options(const char *command, FILE *f); /* the options of 'command', one a line; how many */
/* The script and map paths of GAME at --level (cli_game_paths); 0, or 2
 * after printing why when there is no such game ("did you mean"). */
int cli_paths(const cli_opts *o, char *script, char *map, size_t size);
/* Loads 'script' on an empty map: 2 after reporting its error when the
 * script itself is broken, else 0 (errors of the map are not its). */
int cli_check_script(const char *script);
/* Loads GAME at --level; an unknown game ("did you mean"), a missing level
 * and a broken script or map are told apart. 0, or 2 after printing why. */
int cli_load(const cli_opts *o, vg_game **g);
/* The rules and the map of GAME (a name, a script, or a GVGAI game file:
 * .txt) at 'level' (a number, a level's name or a path; NULL: 0). A level
 * of a Lua script DIR/GAME.lua is looked for in DIR/levels/GAME/ (lvlN.txt,
 * NAME.txt, NAME.lay), then beside it (GAME_lvlN.txt), then in the
 * project's levels/GAME/; of a GVGAI game file, beside it (GAME_lvlN.txt). */
void cli_game_paths(const char *game, const char *level, char *script, char *map, size_t size);
/* Every level file of 'script', from the first of those places that has
 * any, in 'gl' (globfree it); 'where' says where it looked. How many. */
int cli_level_files(const char *script, glob_t *gl, char *where, size_t size);
int cli_is_number(const char *s);   /* 1 when 's' is a non-empty run of digits 0-9 */
int cli_is_gvgai(const char *path); /* 1 when 'path' is a GVGAI game file (.txt) */
const char *cli_root(void);         /* the folder holding scripts/, levels/ and gvgai/ */
/* The names of the games under the root (scripts/ then GVGAI's), sorted,
 * each malloc'd (the caller frees them), at most 'max'; returns how many. */
int cli_games(char **names, int max);
int cli_read_actions(const char *path, vg_action **out, int *n);
/* The --actions files of a game's players, one a player in order (fewer:
 * the others do NIL), read (cli_read_plays: 0, or 2 after printing why). */
typedef struct cli_plays {
    vg_action *acts[VG_MAX_PLAYERS];
    int n[VG_MAX_PLAYERS];
    int players, cycles; /* the game's players; the longest file's length */
} cli_plays;
int cli_read_plays(const cli_opts *o, const vg_game *g, cli_plays *p);
void cli_plays_free(cli_plays *p);
/* Plays cycle k of 'p' in 's': each player's k-th action (NIL past its
 * file's end); told[q] gets what player q was told to do, -1 when it was
 * not asked (a game for several players: its avatar was not alive). */
vg_status cli_plays_step(const vg_game *g, vg_state *s, const cli_plays *p, int k, int told[VG_MAX_PLAYERS],
                         vg_error *err);
/* --actions-out: opens the file (NULL in '*out' when not asked for; a game
 * played move by move is refused); adds an action, flushed at once (-1
 * when it cannot be written); closes it (with 'report', saying so when
 * what was written is not all there). 0, or 2 after printing why. */
int cli_actions_open(const cli_opts *o, const vg_game *g, FILE **out);
int cli_actions_add(FILE *f, vg_action a);
int cli_actions_close(FILE *f, const cli_opts *o, int report);
/* The agent named 'name' with --config then the settings 'set' (n of
 * them), seeded with 'seed'; 0, or 2 after printing why. */
int cli_agent_new(const cli_opts *o, const char *name, const char *const *set, int n, uint64_t seed, const vg_game *g,
                  agent **out);
/* The state to start from: the level's start after --moves, if given; 0,
 * or 2 after printing why. */
int cli_start(const cli_opts *o, const vg_game *g, vg_state **out);
/* As cli_start, for commands that play whole rounds with vg_advance: also
 * refuses a position of a game with turns where agent 0 is not to move
 * ('cmd' names the command in the message). */
int cli_start_round(const cli_opts *o, const vg_game *g, const char *cmd, vg_state **out);

#endif
