/* SPDX-License-Identifier: MIT
 *
 * cli.h -- what the command-line program's files share: options, game
 * loading, error reporting.
 */
#ifndef VG_CLI_H
#define VG_CLI_H

#include <glob.h>
#include <stdio.h>

#include "agent.h"

#define CLI_MAX_SET 32

typedef struct cli_opts {
    const char *game;        /* the first argument */
    const char *arg;         /* the second, for commands that take two (perft's DEPTH) */
    const char *level, *agent;
    const char *actions[VG_MAX_PLAYERS];   /* --actions FILE (trace, render): each player's, in order */
    int nactions;
    const char *set[CLI_MAX_SET];
    int nset;
    uint64_t seed;
    agent_budget budget;
    double seconds;
    int has_seconds;         /* --seconds was given */
    int max_ticks;
    const char *config;      /* --config FILE: agent parameters (INI) */
    long max_states;         /* --max-states N (solve) */
    double weight;           /* --weight W (solve): 0 or 1 shortest, above 1 weighted A* */
    const char *moves;       /* --moves M: the position after these moves (cli_start) */
    const char *opponent;    /* --opponent NAME: the agent the person plays against (play), the other seats' agent (run) */
    const char *opp_set[CLI_MAX_SET];   /* --opponent-set k=v (run): the opponent's settings */
    int nopp_set;
    int side;                /* --side 1|2 (play): the person's seat, first or second player; 0: not given */
    int model;               /* --opponent-model (FM_MODEL_*): an agent's model of the other players of a game for several */
    const char *gif;         /* --gif FILE (run, trace, solve, play): the game as an animated GIF */
    const char *actions_out; /* --actions-out FILE (run, play): the actions played, one a line */
    const char *out;         /* -o FILE (render): the PNG */
    const char *sprites;     /* --sprites DIR: where images named by 'img' are read (render.h) */
    int cell;                /* --cell PX: pixels a cell; 0: the default */
    int delay;               /* --delay MS: milliseconds a GIF frame; 0: the default */
    int count;               /* --count N (generate): levels to write; 0: the default */
    int size_w, size_h;      /* --size WxH (generate): the inside of a level; 0: the game's */
    int min_len, max_len;    /* --length MIN-MAX (generate): the proven shortest solution's range; 0 0: any */
    const char *generator;   /* --generator NAME (generate) */
    int workers, has_workers;   /* --workers K (generate): 0 judges in the process itself */
    const char *agents;      /* --agents STRONG,WEAK (generate) */
    int plays;               /* --plays N (generate): games each agent plays on a level with chance; 0: the default */
    double strong_min, weak_max;   /* --wins S,W (generate); has_wins 0: the defaults */
    int has_wins;
    const char *sheet;       /* --sheet PNG (generate): the levels as a contact sheet */
} cli_opts;

/* Messages print what they quote with its control characters (but tabs)
 * as \xNN: a name holding an escape sequence or a line break neither
 * rewrites the terminal nor forges a line. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));                  /* prints "vgdl: ..." to stderr; returns 2 */
int cli_report(const vg_error *err);                 /* prints "file:line:col: msg"; returns 2 */
void cli_put(FILE *f, const char *s);                /* writes 's' to 'f', control characters as \xNN */
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
int cli_is_number(const char *s);                     /* 1 when 's' is a non-empty run of digits 0-9 */
int cli_is_gvgai(const char *path);                  /* 1 when 'path' is a GVGAI game file (.txt) */
const char *cli_root(void);                          /* the folder holding scripts/, levels/ and gvgai/ */
/* The names of the games under the root (scripts/ then GVGAI's), sorted,
 * each malloc'd (the caller frees them), at most 'max'; returns how many. */
int cli_games(char **names, int max);
int cli_read_actions(const char *path, vg_action **out, int *n);
/* The --actions files of a game's players, one a player in order (fewer:
 * the others do NIL), read (cli_read_plays: 0, or 2 after printing why). */
typedef struct cli_plays {
    vg_action *acts[VG_MAX_PLAYERS];
    int n[VG_MAX_PLAYERS];
    int players, cycles;      /* the game's players; the longest file's length */
} cli_plays;
int cli_read_plays(const cli_opts *o, const vg_game *g, cli_plays *p);
void cli_plays_free(cli_plays *p);
/* Plays cycle k of 'p' in 's': each player's k-th action (NIL past its
 * file's end); told[q] gets what player q was told to do, -1 when it was
 * not asked (a game for several players: its avatar was not alive). */
vg_status cli_plays_step(const vg_game *g, vg_state *s, const cli_plays *p, int k, int told[VG_MAX_PLAYERS], vg_error *err);
/* --actions-out: opens the file (NULL in '*out' when not asked for; a game
 * played move by move is refused); adds an action, flushed at once (-1
 * when it cannot be written); closes it (with 'report', saying so when
 * what was written is not all there). 0, or 2 after printing why. */
int cli_actions_open(const cli_opts *o, const vg_game *g, FILE **out);
int cli_actions_add(FILE *f, vg_action a);
int cli_actions_close(FILE *f, const cli_opts *o, int report);
int cli_play(int argc, char **argv);                 /* play.c */
/* decide.c: the agent named 'name' with --config then the settings 'set'
 * (n of them), seeded with 'seed'; 0, or 2 after printing why */
int cli_agent_new(const cli_opts *o, const char *name, const char *const *set, int n, uint64_t seed,
                  const vg_game *g, agent **out);
int cli_decide(int argc, char **argv);               /* decide.c: vgdl decide */
int cli_solve(int argc, char **argv);                /* decide.c: vgdl solve */
int cli_batch(int argc, char **argv);                /* batch.c: vgdl batch */
int cli_generate(int argc, char **argv);             /* generate/generate.c: vgdl generate */
int cli_report_cmd(int argc, char **argv);           /* report.c: vgdl report */
/* perft.c: the state to start from: the level's start after --moves, if given; 0, or 2 after printing why */
int cli_start(const cli_opts *o, const vg_game *g, vg_state **out);
/* perft.c: as cli_start, for commands that play whole rounds with
 * vg_advance: also refuses a position of a game with turns where agent 0
 * is not to move ('cmd' names the command in the message) */
int cli_start_round(const cli_opts *o, const vg_game *g, const char *cmd, vg_state **out);
int cli_perft(int argc, char **argv);                /* perft.c: vgdl perft */

/* ---- picture.c: pictures (render.h) ---- */

typedef struct cli_gif cli_gif;
int cli_render(int argc, char **argv);               /* vgdl render: one position as a PNG */
/* The GIF --gif asks for ('*out' NULL without --gif); 0, or 2 after
 * printing why (an image that cannot be read, a file that cannot be
 * written). */
int cli_gif_open(const cli_opts *o, const vg_game *g, cli_gif **out);
/* Adds 's' as the GIF's next frame (NULL: no-op); 0, or -1 with 'err' filled. */
int cli_gif_frame(cli_gif *c, const vg_state *s, vg_error *err);
/* Ends the GIF: kept when 'keep', else removed (NULL: no-op); 0, or 2
 * after printing why. */
int cli_gif_close(cli_gif *c, int keep);

/* ---- match.c: a game played with an agent (or the game's policy) in every seat ---- */

#define MATCH_MAX_SEATS 256   /* vg_num_agents is at most 255 */

/* What one agent's decisions cost, summed. */
typedef struct match_stats {
    long decisions, calls, expanded, overspent;
    double ms_total, ms_max;
} match_stats;

/* Who plays one seat (agent k of the game). */
typedef struct match_seat {
    agent *agent;            /* NULL: the game plays it (vg_play_policy); a chance seat always is */
    const char *label;       /* names the agent in messages */
    agent_budget budget;
    match_stats *stats;      /* its decisions are added here (seats may share one); may be NULL */
} match_seat;

/* Called after each move played turn by turn ('who' the agent that moved), or
 * each round played with vg_advance ('who' -1, 'move' the action); 0, or -1 with 'err' filled. */
typedef int match_move_fn(void *ud, int who, int move, vg_error *err);

void match_note(match_stats *st, const agent_report *r);  /* adds one decision */
/* Warns on stderr, naming 'label', when more than MATCH_OVERSPENT_PCT
 * percent of 'decisions' overspent their budget (its results are then not
 * those of the budget asked for); returns 1 when it warned. */
#define MATCH_OVERSPENT_PCT 5
int match_warn_overspent(const char *label, long long decisions, long long overspent);
/* The same for each agent over a batch's rows (runs.h), in either seat;
 * returns how many agents it warned about. */
struct row_list;
int match_warn_overspent_rows(const struct row_list *l);
/* "first player", "second player" in a game of two agents, else "agent K". */
const char *match_seat_name(const vg_game *g, int who, char *buf, size_t size);
/* The agent of 'seat' decides for the agent to move in 's' (a game with
 * turns, not over), its decision added to seat->stats; '*move' gets
 * the legal move it returned. 0, or -1 with 'err' filled: a script error
 * (the agent's, from its decision, or in the legal moves), or (no file)
 * no legal move, or none named. */
int match_decide(const vg_game *g, const vg_state *s, const match_seat *seat, agent_report *r, int *move,
                 vg_error *err);
/* The seats of a game: its agents (turns{}), else its players. */
int match_seats(const vg_game *g);
/* 1 when match_play plays turn by turn: the game has turns{} and either
 * a seat other than 0 has an agent (not a chance seat), or agent 0's
 * moves are not actions. 0: in rounds, with vg_advance. */
int match_by_turns(const vg_game *g, const match_seat *seats);
/* Plays 's' until the game is over or 'max_ticks' rounds are played (0:
 * no limit). 'seats' has match_seats entries; seats[0].agent is not NULL.
 * In rounds (match_by_turns 0) agent 0's agent acts and vg_advance plays
 * the round, reported to 'on_move' (may be NULL) with 'who' -1 and 'move'
 * the action; in a game for several players every seat's agent acts and
 * vg_advance_multi plays the tick (each agent set to its player,
 * agent_set_player), reported the same way with player 0's action; else
 * turn by turn, each move reported to 'on_move'. 0, or -1 with 'err'
 * filled (err->file empty: the match's own message). */
int match_play(const vg_game *g, vg_state *s, const match_seat *seats, int max_ticks, match_move_fn *on_move, void *ud,
               vg_error *err);

#endif
