/* SPDX-License-Identifier: MIT
 *
 * vgdl.h -- the whole public API of the vgdl engine.
 *
 * Anything not declared in this header is not API. A game is a Lua script
 * (the rules) plus a text map (the level); loading both gives a 'vg_game',
 * which is immutable while it is played. A 'vg_state' is one moment of play:
 * flat and pointer-free, so copying it is one bounded memcpy and advancing
 * it allocates nothing (unless the game calls Lua during the tick).
 *
 * The forward model follows GVGAI's StateObservation: copy, advance,
 * available actions, score, winner, avatar and sprite observations, the
 * observation grid and the events of the last tick. docs/api.md maps each
 * StateObservation method to its vg_ call.
 *
 * Every fallible call returns a 'vg_status'; data errors fill a 'vg_error'
 * with the file, line (and column) and a message. The engine never prints
 * and never exits.
 */
#ifndef VGDL_H
#define VGDL_H

#include <stddef.h>
#include <stdint.h>

/* ---- Status codes and errors ------------------------------------------ */

typedef enum {
    VG_OK = 0,
    VG_ERR_IO,     /* a file could not be read */
    VG_ERR_PARSE,  /* a level map (or actions file) is malformed */
    VG_ERR_SCRIPT, /* a Lua script failed to load or raised an error */
    VG_ERR_NOMEM,  /* out of memory */
    VG_ERR_LIMIT,  /* a fixed engine limit was exceeded (sprites, types, map size) */
    VG_ERR_ARG     /* a bad argument from the caller */
} vg_status;

typedef struct vg_error {
    char file[256]; /* file the error is in, "" when none */
    int line;       /* 1-based line, 0 when unknown */
    int col;        /* 1-based column, 0 when unknown */
    char msg[512];  /* what is wrong, one line */
} vg_error;

const char *vg_status_name(vg_status st); /* "ok", "parse error", ... */
/* Fills 'err' (ignored when NULL) with 'file' ("" or NULL: none), 'line'
 * and 'col' (0: unknown) and a printf-style message of one line; returns
 * 'st', so that a failing call can end with 'return vg_error_set(...)'.
 * The one way the library, its agents and tools fill an error. */
vg_status vg_error_set(vg_error *err, vg_status st, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* For "did you mean": the index of the name in names[0..n) closest to
 * 'word' (edit distance, ignoring case) when it is close enough to be a
 * misspelling of it, else -1. */
int vg_closest_name(const char *word, const char *const *names, int n);

#define VG_VERSION "0.9.0" /* the program's and the library's version (vgdl --version) */

/* ---- Limits ----------------------------------------------------------- */

#define VG_MAX_TYPES     128   /* sprite types per game, parents included */
#define VG_MAX_LEAVES    64    /* leaf types (those that hold sprites) per game: a type set is a 64-bit mask */
#define VG_MAX_SPRITES   10240 /* changing sprites in one state: room for GVGAI's own bound (GV_MAX_SPRITES) */
#define VG_MAX_MAP_SIDE  128   /* rows and columns of a level map */
#define VG_MAX_RESOURCES 16    /* resource kinds per game */
#define VG_MAX_EVENTS    8     /* avatar events remembered from the last tick */
#define VG_MAX_ACTIONS   6     /* size of an action list */
#define VG_MAX_AGENTS    64    /* agents taking turns in one game */
#define VG_MAX_PLAYERS   4     /* players of a game with an avatar each (GVGAI's no_players) */

/* ---- Actions, winners, categories ------------------------------------- */

typedef enum { /* GVGAI's Types.ACTIONS order */
               VG_ACTION_NIL = 0,
               VG_ACTION_UP,
               VG_ACTION_LEFT,
               VG_ACTION_DOWN,
               VG_ACTION_RIGHT,
               VG_ACTION_USE,
               VG_NUM_ACTIONS
} vg_action;

typedef enum { VG_NO_WINNER = 0, VG_PLAYER_WINS, VG_PLAYER_LOSES } vg_winner;

typedef enum { /* GVGAI's observation categories */
               VG_CAT_NPC = 0,
               VG_CAT_IMMOVABLE,
               VG_CAT_MOVABLE,
               VG_CAT_RESOURCE,
               VG_CAT_PORTAL,
               VG_CAT_FROM_AVATAR,
               VG_CAT_AVATAR,
               VG_NUM_CATS
} vg_category;

const char *vg_action_name(vg_action a);               /* "ACTION_LEFT" */
int vg_action_parse(const char *text, vg_action *out); /* "ACTION_LEFT", "LEFT", "left"; 1 on success */
const char *vg_winner_name(vg_winner w);               /* "PLAYER_WINS" */
/* An action list: one action a line ("ACTION_LEFT", "LEFT", "left"), blank
 * lines and lines starting with '#' skipped. On success '*out' is a
 * malloc'd array of '*n' actions (free it); on failure NULL, and 'err'
 * names the file ('name' for text) and line. */
vg_status vg_read_actions(const char *path, vg_action **out, int *n, vg_error *err);
vg_status vg_parse_actions(const char *text, const char *name, vg_action **out, int *n, vg_error *err);
const char *vg_category_name(vg_category c); /* "npc", "immovable", ... */

/* ---- Games: load and free --------------------------------------------- */

typedef struct vg_game vg_game;
typedef struct vg_state vg_state;

/* Loads the rules in 'script_path' and the text map in 'level_path'. The
 * rules are a GVGAI game description (VGDL) when the path ends in ".txt",
 * the level then read as GVGAI reads one (short rows padded with spaces,
 * characters the game does not map empty); else a Lua script. On success
 * '*out' owns a new game (free it with vg_game_free). On failure '*out' is
 * NULL and 'err' (if not NULL) says where and why. */
vg_status vg_game_load(const char *script_path, const char *level_path, vg_game **out, vg_error *err);
/* As vg_game_load, the level given as text; 'level_name' names it in errors. */
vg_status vg_game_load_text(const char *script_path, const char *level_text, const char *level_name, vg_game **out,
                            vg_error *err);
/* The GVGAI game description 'path' (VGDL, .txt) written as a Lua script
 * that loads to the same game: '*lua' gets the text (malloc'd; the caller
 * frees it). Only the syntax is checked: a game using what the engine does
 * not have converts, and the script fails to load as the game file does. */
vg_status vg_game_convert(const char *path, char **lua, vg_error *err);
void vg_game_free(vg_game *g); /* NULL is a no-op */
/* Games by name, in the project's folders under 'root' (the folder that
 * holds scripts/, levels/ and gvgai/). 'game' is a name (scripts/GAME.lua,
 * else GVGAI's gvgai/GAME.txt, gvgai/contphysics/GAME.txt or
 * gvgai/2player/GAME.txt), a path to a
 * Lua script, or a path ending in ".txt" (GVGAI's VGDL); 'level' (NULL:
 * "0") a path to a map, or a number N or a level's name looked for in the
 * script's level places (vg_level_places), the first that has it (a
 * number none has: the last place's lvlN.txt, or its N-th Berkeley layout,
 * *.lay in name order). vg_game_paths writes where they would be (neither
 * need exist). */
void vg_game_paths(const char *root, const char *game, const char *level, char *script, char *map, size_t size);
/* The places a script's levels are looked for in, in order: for a Lua
 * script DIR/GAME.lua, DIR/levels/GAME/, then DIR itself (GVGAI's naming,
 * GAME_lvlN.txt: a converted game keeps its levels), then root's
 * levels/GAME/; for a GVGAI game file, the folder it is in
 * (GAME_lvlN.txt). Each is a folder and what the name of level N starts
 * with there (PREFIX N .txt), and whether its files are the folder's (not
 * only PREFIX's). Returns how many. */
#define VG_LEVEL_PLACES 3
typedef struct vg_level_place {
    char dir[4096];
    char prefix[300];
    int folder;
} vg_level_place;
int vg_level_places(const char *root, const char *script, vg_level_place p[VG_LEVEL_PLACES]);
/* The games under 'root' (scripts and GVGAI's games), sorted: malloc'd
 * names into names[0..max) (the caller frees each); returns how many. */
int vg_game_names(const char *root, char **names, int max);
/* Loads 'game' at 'level' as vg_game_paths finds them. Failures, in
 * 'err', as a user needs them: VG_ERR_ARG for a game that is not there
 * ("unknown game 'bat'; did you mean 'bait'?", or a path: "no such
 * file"); the script's own errors when the level is missing too; then
 * VG_ERR_IO for a missing level ("bait has no level 9 (...)"); else
 * vg_game_load's. */
vg_status vg_game_open(const char *root, const char *game, const char *level, vg_game **out, vg_error *err);

int vg_game_width(const vg_game *g);                        /* map columns */
int vg_game_height(const vg_game *g);                       /* map rows */
int vg_game_num_types(const vg_game *g);                    /* sprite types, parents included */
const char *vg_type_name(const vg_game *g, int type);       /* NULL when out of range */
int vg_type_find(const vg_game *g, const char *name);       /* type id, or -1 */
int vg_type_is_leaf(const vg_game *g, int type);            /* 1 when no type has it as parent */
int vg_type_is_a(const vg_game *g, int type, int ancestor); /* 1 when 'type' is or descends from 'ancestor' */
vg_category vg_type_category(const vg_game *g, int type);
char vg_type_glyph(const vg_game *g, int type);      /* map character that first places it, or '?' */
uint32_t vg_type_color(const vg_game *g, int type);  /* 0xRRGGBB */
int vg_type_hidden(const vg_game *g, int type);      /* 1 when not drawn */
const char *vg_type_img(const vg_game *g, int type); /* the script's image name ('img'), "" when none */
/* What is likely a mistake in the game's rules though it plays (a Chaser
 * with nothing to chase, a rule an earlier stepBack keeps from running, a
 * parameter GVGAI ignores): up to 'max' of them into out[], each with its
 * file and line; returns how many there are (more than 'max' maybe). */
int vg_game_warnings(const vg_game *g, vg_error *out, int max);
int vg_game_has_heuristic(const vg_game *g);      /* 1 when the script defines heuristic(state) */
int vg_num_resources(const vg_game *g);           /* resource kinds (sprite types held as resources), in type order */
int vg_resource_type(const vg_game *g, int slot); /* the type of resource kind 'slot', or -1 */

/* ---- States: create, copy, hash, free --------------------------------- */

/* A new state at the level's start, its RNG seeded with 'seed' as GVGAI's
 * new java.util.Random(seed), so that a trace GVGAI recorded with seed S
 * replays (java.util.Random's first draws for nearby seeds are alike;
 * callers who count seeds 1, 2, 3 and want unrelated games spread them).
 * NULL when out of memory. */
vg_state *vg_state_new(const vg_game *g, uint64_t seed);
void vg_state_free(vg_state *s);                                   /* NULL is a no-op */
void vg_state_reset(const vg_game *g, vg_state *s, uint64_t seed); /* back to the level start */
size_t vg_state_size(const vg_game *g);                            /* bytes a state of this game may need */
size_t vg_state_used(const vg_state *s);                           /* bytes vg_state_copy moves for 's' */
void vg_state_copy(vg_state *dst, const vg_state *src);            /* both from the same game */
vg_state *vg_state_clone(const vg_state *s);                       /* a new copy; NULL when out of memory */
uint64_t vg_state_hash(const vg_state *s);                         /* 64-bit hash of everything but the tick */
int vg_state_equal(const vg_state *a, const vg_state *b); /* GVGAI's equalPosition: same sprites at the same places */
uint64_t vg_state_position_hash(const vg_state *s); /* hash of what vg_state_equal compares: equal states hash alike */
/* vg_state_position_hash, and also the orientation of every sprite whose
 * type keeps one (GVGAI's is_oriented: oriented avatars, missiles, ...),
 * which decides where it moves or aims next, each sprite's class counter
 * (a Flicker's age decides when it dies: Zen Puzzle's win waits for it),
 * the delayed effects pending and the script's variables: what a search
 * may merge states by. */
uint64_t vg_state_search_hash(const vg_game *g, const vg_state *s);
/* 1 when some tick since the level's start (or vg_state_reset) drew a
 * random number whose use could have come out otherwise under another
 * seed: a random NPC's step, a spawn with a probability below 1, a
 * script's s:random(n), ... (a spawn with probability 1 still draws, as
 * in GVGAI, but could not come out otherwise). 0: the play so far is the
 * same under every seed. Kept in the state, copied with it; not part of
 * its hashes or of vg_state_equal. */
int vg_state_drew(const vg_state *s);

/* ---- Forward model ---------------------------------------------------- */

/* Plays one tick with the avatar doing 'a'. A state whose game is over is
 * left unchanged. Returns VG_OK, or VG_ERR_SCRIPT (with 'err' filled, if
 * not NULL) when a Lua effect or termination raised an error; the state is
 * then over with no winner. */
vg_status vg_advance(const vg_game *g, vg_state *s, vg_action a, vg_error *err);
int vg_actions(const vg_game *g, const vg_state *s,
               vg_action out[VG_MAX_ACTIONS]); /* available actions, NIL excluded; returns the count */
/* 0 while the game goes on, else 1; VG_OVER_WARNED when GVGAI's sprite
 * bound ended it (more than 25 creations refused past 10,000 sprites), with
 * no winner: GVGAI's isGameOver() then stays false. */
#define VG_OVER_WARNED 2
int vg_is_over(const vg_state *s);
vg_winner vg_winner_of(const vg_state *s);
double vg_score(const vg_state *s);
int vg_tick(const vg_state *s); /* actions applied so far */

/* ---- Observations ----------------------------------------------------- */

typedef struct vg_obs {
    int type; /* leaf sprite type */
    int id;   /* unique sprite id in this game (GVGAI's obsID) */
    vg_category cat;
    double x, y;   /* position in cells; fractional while between cells */
    double sqdist; /* squared distance in cells to the reference point, or 0 */
} vg_obs;

typedef struct vg_event {
    int tick;         /* tick the event happened in */
    int active_type;  /* the avatar's (or avatar-spawned sprite's) type */
    int passive_type; /* the type it collided with */
    int active_id, passive_id;
    int from_avatar; /* 1 when the active sprite was spawned by the avatar */
    double x, y;     /* where, in cells */
} vg_event;

int vg_avatar_alive(const vg_game *g, const vg_state *s);                     /* 0 once killed */
int vg_avatar_pos(const vg_game *g, const vg_state *s, double *x, double *y); /* 0 when there is no avatar */
int vg_avatar_type(const vg_game *g, const vg_state *s);                      /* leaf type, or -1 */
void vg_avatar_orientation(const vg_game *g, const vg_state *s, int *dx, int *dy);
int vg_avatar_resource(const vg_game *g, const vg_state *s,
                       int slot); /* amount of resource kind 'slot' held, 0..vg_num_resources-1 */
/* The avatar's health points and, in '*max' (may be NULL), the most it has
 * had (GVGAI's maxHealthPoints); -1 when the game's sprites keep none or
 * there is no avatar. */
int vg_avatar_health(const vg_game *g, const vg_state *s, int *max);
/* What the avatar carries, as a person reads it: "health 3/5, oil 2, key 0"
 * (its health when the game keeps it, then each resource it holds, in type
 * order), "" when nothing. Writes at most 'size' bytes; returns the length
 * the whole text has (as snprintf). */
int vg_avatar_status(const vg_game *g, const vg_state *s, char *buf, size_t size);
/* 1 when the game's avatar can carry something vg_avatar_status shows
 * (health points or resources): pictures keep a line for it. */
int vg_game_has_status(const vg_game *g);
/* Sprites of category 'cat' (VG_NUM_CATS: all), grouped by type, each group
 * sorted by distance to (ref[0], ref[1]) when 'ref' is not NULL, else by id.
 * Fills up to 'max' entries of 'out'; returns how many there are in all. */
int vg_sprites(const vg_game *g, const vg_state *s, vg_category cat, const double ref[2], vg_obs *out, int max);
/* As vg_sprites, only sprites of leaf 'type' (or its subtypes). */
int vg_sprites_of(const vg_game *g, const vg_state *s, int type, const double ref[2], vg_obs *out, int max);
/* Sprites overlapping cell (x, y): the observation grid. */
int vg_grid_at(const vg_game *g, const vg_state *s, int x, int y, vg_obs *out, int max);
int vg_events(const vg_game *g, const vg_state *s, vg_event *out, int max); /* avatar collisions of the last tick */
/* Forgets the last tick's events (vg_events then lists none); nothing else
 * changes, and advancing does not depend on them: for states kept only to
 * be advanced later, which then store smaller (a tick starts this way). */
void vg_clear_events(vg_state *s);

/* The grid as one-hot planes, what learning code takes: one plane per
 * leaf type (the types sprites have), in type order, each height x width
 * bytes, 1 where a sprite of its type covers the cell (one between cells:
 * every cell it overlaps; as vg_grid_at, a killed avatar is not there). */
int vg_planes(const vg_game *g);            /* how many planes */
int vg_plane_type(const vg_game *g, int k); /* the leaf type of plane k, or -1 */
/* Writes 's' as vg_planes(g) x height x width bytes (plane, row, column). */
void vg_observe_planes(const vg_game *g, const vg_state *s, uint8_t *out);

/* ---- Several agents taking turns -------------------------------------- */

/* Games whose script declares turns{} are played one agent at a time:
 * agent 0 (the avatar, Pacman, the first player), then 1, 2, ... and
 * round again; a tick is one full round. Moves are numbered in the order
 * the script names them (vg_move_name). vg_advance still works on such a
 * game: agent 0 plays the move named like the action ("LEFT", "NIL", ...),
 * then every other agent plays its policy's move. A game without turns{}
 * has one agent whose moves are its actions. */
#define VG_MAX_MOVES 64
int vg_num_agents(const vg_game *g, const vg_state *s); /* agents that take turns, >= 1 */
int vg_turn(const vg_state *s);                         /* the agent to move */
/* Legal moves of 'agent' in 's', in the game's order; returns how many
 * (0 when the game is over or on a script error, with 'err' filled). */
int vg_legal(const vg_game *g, const vg_state *s, int agent, int moves[VG_MAX_MOVES], vg_error *err);
/* Plays 'move' for the agent whose turn it is ('agent' must be vg_turn(s)). */
vg_status vg_play(const vg_game *g, vg_state *s, int agent, int move, vg_error *err);
/* Plays for the agent whose turn it is the move vg_advance would make for
 * an agent other than 0: a chance agent's outcome drawn from the state's
 * RNG, else the script's turns{}.policy, else a legal move drawn from the
 * state's RNG. '*move' (may be NULL) gets the move played (-1 when the
 * game is over: the state is left as it is). VG_ERR_ARG on a game
 * without turns{}; a script error as vg_play. */
vg_status vg_play_policy(const vg_game *g, vg_state *s, int *move, vg_error *err);
const char *vg_move_name(const vg_game *g, int move); /* NULL when out of range */
int vg_move_find(const vg_game *g, const char *name); /* move number, or -1 */
int vg_game_has_turns(const vg_game *g);              /* 1 when the script declares turns{} */
/* 1 when the game has no turns{}, or some move is named like an action
 * ("LEFT", "NIL"): then vg_advance plays agent 0's moves (Bait, 2048,
 * CS188 Pacman); 0 for a board game (Connect Four, Othello). */
int vg_moves_are_actions(const vg_game *g);
/* Chance: an agent the script marks as chance (turns{ chance = {...} })
 * plays no policy of its own: its moves are outcomes with probabilities,
 * listed here (normalised to sum to 1), applied with vg_play, or drawn
 * from the state's RNG by vg_advance. */
int vg_is_chance(const vg_game *g, int agent);
int vg_outcomes(const vg_game *g, const vg_state *s, int agent, int moves[VG_MAX_MOVES], double probs[VG_MAX_MOVES],
                vg_error *err);

/* The script's variables (variable{}): whole numbers kept in the state. */
int vg_var_find(const vg_game *g, const char *name); /* variable number, or -1 */
int vg_var(const vg_state *s, int var);              /* its value (0 when out of range) */
void vg_set_var(vg_state *s, int var, int value);    /* sets it (ignored when out of range) */

/* ---- Several players ---------------------------------------------------- */

/* A game for several players ('players = 2'; GVGAI's two-player games,
 * 'no_players=2') gives each player an avatar, a score and a result, and
 * moves all the avatars in one tick: the players act at once, player 0's
 * avatar moving first (GVGAI's StateObservationMulti). A player whose
 * avatar is disabled is not asked (its action is ignored). One
 * termination ends the game for all, each player winning or losing as it
 * says. The calls without a player above are player 0's: vg_advance
 * plays player 0's action with every other player doing NIL; vg_score,
 * vg_winner_of, vg_actions and vg_avatar_* read player 0's. A game for
 * one player has player 0 only. */
int vg_num_players(const vg_game *g); /* >= 1 */
/* One tick, player p doing acts[p] (vg_num_players entries; an action the
 * avatar does not have is NIL). Otherwise as vg_advance. */
vg_status vg_advance_multi(const vg_game *g, vg_state *s, const vg_action *acts, vg_error *err);
double vg_player_score(const vg_game *g, const vg_state *s, int player);
vg_winner vg_player_winner(const vg_game *g, const vg_state *s, int player);
/* Player p's available actions (NIL excluded): its avatar's. */
int vg_player_actions(const vg_game *g, const vg_state *s, int player, vg_action out[VG_MAX_ACTIONS]);
vg_action vg_player_last_action(const vg_game *g, const vg_state *s,
                                int player); /* what its avatar last did; NIL at first */
/* Player p's avatar: as vg_avatar_alive, _pos, _type, _orientation,
 * _resource. A player's avatar can be gone (GVGAI's null): then it is not
 * alive and has no position, type -1. */
int vg_player_alive(const vg_game *g, const vg_state *s, int player);
int vg_player_pos(const vg_game *g, const vg_state *s, int player, double *x, double *y);
int vg_player_type(const vg_game *g, const vg_state *s, int player);
void vg_player_orientation(const vg_game *g, const vg_state *s, int player, int *dx, int *dy);
int vg_player_resource(const vg_game *g, const vg_state *s, int player, int slot);
/* 1 when type 'type' is hidden from player p (GVGAI hidden=True,False);
 * vg_type_hidden is 1 when it is hidden from every player. */
int vg_type_hidden_from(const vg_game *g, int type, int player);
/* One JSON line of a two-player trace (GVGAI's format, described in
 * tests/golden/gvgai/SOURCE.md, "corpus2p"): 'acts' the actions of the tick that led to 's', one a
 * player, -1 for a player that was not asked; NULL for the start state.
 * Returns as vg_trace_json. */
int vg_trace_json_multi(const vg_game *g, const vg_state *s, const int *acts, char *buf, size_t size);

/* ---- The rules, read back (level generators) ------------------------- */

/* The types map character 'c' places, in order, in types[0..7); returns
 * how many (0: an empty cell), or -1 when the game does not map 'c'. */
int vg_glyph_types(const vg_game *g, char c, int types[8]);
const char *vg_type_class(const vg_game *g, int type); /* its class's name ("MovingAvatar"); "" when none */
int vg_type_stype(const vg_game *g, int type);         /* the type it spawns, shoots, chases or flees; -1 */

enum {                      /* vg_rule_info.does: what an effect may do */
       VG_DOES_KILL1 = 1,   /* kill the first sprite */
       VG_DOES_KILL2 = 2,   /* kill the second */
       VG_DOES_CHANGE1 = 4, /* move or change the first */
       VG_DOES_CHANGE2 = 8, /* move or change the second */
       VG_DOES_CREATE = 16, /* create sprites */
       VG_DOES_ANY = 31     /* a script's effect: any of them */
};
#define VG_RULE_EDGE (-1)     /* vg_rule_info.t2 of a rule at the screen's edge */
#define VG_RULE_TIME (-2)     /* ... of a rule fired by the clock */
typedef struct vg_rule_info { /* one interaction row: 't1 t2 > effect' */
    int t1, t2;               /* the colliding types (as the script names them: parents too) */
    const char *effect;       /* "killSprite", "stepBack", ...; "script" for a function of the script */
    unsigned does;            /* VG_DOES_* */
    double score;             /* scoreChange (the first player's) */
    int stype;                /* the type it creates or names, -1 */
    int resource;             /* the resource (its type) it reads or changes, -1 */
    int limit;                /* killIfHasLess, killIfOtherHasMore, ...: the amount it compares with */
} vg_rule_info;
typedef struct vg_term_info { /* one termination */
    const char *kind;         /* "SpriteCounter", "Timeout", ...; "script" */
    int stype[3];             /* the types it counts, -1 */
    int limit;
    int win; /* 1: ending here is a win */
} vg_term_info;
int vg_rule_count(const vg_game *g);
int vg_rule(const vg_game *g, int k, vg_rule_info *out); /* row k, in script order; 0 when out of range */
int vg_term_count(const vg_game *g);
int vg_term(const vg_game *g, int k, vg_term_info *out); /* termination k, in script order; 0 when out of range */

/* ---- The levels a game asks for: constraints{} and generate() --------- */

#define VG_MAX_CONSTRAINTS 16
typedef struct vg_constraints {             /* what a script's constraints{} says a level must be */
    int has_length, min_length, max_length; /* length = {MIN, MAX} (or N): its proven shortest solution */
    int has_wins;
    double strong_min,
        weak_max; /* wins = {S, W}: with chance, a strong agent wins at least S of its games, a weak one at most W */
    int nsprites;
    struct vg_count { /* sprites = { name = {MIN, MAX} (or N), ... }: sprites of a type at the start */
        int type, min, max;
    } sprites[VG_MAX_CONSTRAINTS];
} vg_constraints;
const vg_constraints *vg_game_constraints(const vg_game *g); /* all zero: none said */
int vg_game_has_generate(const vg_game *g);                  /* 1 when the script defines generate(rng, w, h) */
/* Runs the script at 'script_path' afresh (its own sandbox: no level is
 * needed) and calls its generate(rng, w, h), 'rng' drawing from 'seed':
 * '*text' gets the map it returns, h rows of w characters each ended by
 * '\n' (malloc'd; the caller frees it). A script without generate(), a
 * GVGAI game file, a result that is not h strings of w printable
 * characters, or an error in the script: an error naming the script line. */
vg_status vg_script_generate(const char *script_path, uint64_t seed, int w, int h, char **text, vg_error *err);

/* ---- Learning environments: states stepped together ------------------- */

/* The actions a learning environment offers in 'g', in its numbering
 * (action 0, 1, ...): ACTION_NIL, then the avatar's actions at the level's
 * start in GVGAI's order; in a game with turns{}, the actions agent 0's
 * moves are named like. Returns how many. */
int vg_env_actions(const vg_game *g, vg_action out[VG_NUM_ACTIONS]);
/* Player p's in a game for several players: ACTION_NIL, then its avatar's
 * actions at the level's start (vg_env_actions is player 0's). */
int vg_env_player_actions(const vg_game *g, int player, vg_action out[VG_NUM_ACTIONS]);
/* The seed of the episode after one seeded 'seed' (splitmix64). */
uint64_t vg_next_seed(uint64_t seed);

/* n states of one game (engine/vec.c), each playing episodes: stepped
 * together by action numbers (vg_env_actions), the reward of a step being
 * the score it gained; an episode ends when the game is over (terminated)
 * or has played 'max_ticks' (truncated; 0: never). With 'autoreset', a
 * state whose episode ended at its last step begins the next one at its
 * next step (its action unused, reward 0), seeded vg_next_seed of the one
 * before. In a game for several players (vg_num_players P > 1) every
 * player acts at each step (vg_advance_multi), by its own action numbers
 * (vg_env_player_actions), and the per-player outputs have P entries a
 * state. Python's vgdl.Env, vgdl.VectorEnv and vgdl.ParallelEnv are built
 * on it. */
typedef struct vg_vec vg_vec;
/* What each state shows after a reset or step, written into the caller's
 * arrays (NULL: not wanted), entry i for state i; in the per-player ones
 * (reward, score, result, resources) entry i * P + p for player p. */
typedef struct vg_vec_out {
    uint8_t *obs;        /* n x vg_planes x height x width (vg_observe_planes) */
    double *reward;      /* n x P: the score gained by the step; 0 after a reset */
    double *score;       /* n x P */
    uint8_t *terminated; /* the game is over */
    uint8_t *truncated;  /* max_ticks played and the game not over */
    int8_t *result;      /* n x P: 0 playing, 1 won, 2 lost, 3 over with no winner */
    int32_t *tick;
    int32_t *resources; /* n x P x vg_num_resources: each player's avatar's (vg_player_resource) */
} vg_vec_out;
/* n >= 1 states of 'g' (which must outlive them), at the level's start;
 * NULL when out of memory or an argument is out of range. */
vg_vec *vg_vec_new(const vg_game *g, int n, int max_ticks, int autoreset);
void vg_vec_free(vg_vec *v);      /* NULL is a no-op */
int vg_vec_size(const vg_vec *v); /* n */
/* Begins every state's next episode, state i's seeded seeds[i] (NULL: the
 * seed after its last episode's); fills 'out'. */
void vg_vec_reset(vg_vec *v, const uint64_t *seeds, const vg_vec_out *out);
/* Steps every state, player p of state i by action number
 * actions[i * P + p] (P = 1: actions[i]); fills 'out'.
 * VG_ERR_ARG when an action is out of range (no state is stepped);
 * VG_ERR_SCRIPT (the first, in 'err') when a script failed in a state,
 * whose game is then over; every state is stepped all the same. */
vg_status vg_vec_step(vg_vec *v, const int64_t *actions, const vg_vec_out *out, vg_error *err);
vg_state *vg_vec_state(const vg_vec *v, int i); /* state i, owned by 'v'; NULL when out of range */
uint64_t vg_vec_seed(const vg_vec *v, int i);   /* the seed of state i's episode */

/* ---- Script hooks ----------------------------------------------------- */

/* The game's heuristic(state) from its script, higher is better for the
 * player; falls back to the score when the script has none. On a Lua error
 * returns the score and fills 'err'. */
double vg_heuristic(const vg_game *g, const vg_state *s, vg_error *err);
/* The game's evaluate(state) (a leaf value for adversarial search, from
 * agent 0's view); falls back to the score. Errors as vg_heuristic. */
double vg_evaluate(const vg_game *g, const vg_state *s, vg_error *err);
int vg_game_has_evaluate(const vg_game *g); /* 1 when the script defines evaluate(state) */
/* ---- Lower bound on the actions to a win ------------------------------ */

#define VG_BOUND_DEAD 0x3fffffff /* a state from which no win can be reached */
typedef enum { VG_BOUND_NONE, VG_BOUND_SCRIPT, VG_BOUND_DERIVED } vg_bound_kind;
/* A lower bound on the actions still needed to win from 's' (the level
 * solver's A* heuristic: never more than the truth): 0 for a won state,
 * VG_BOUND_DEAD for a lost one or one that can never be won; else the
 * script's bound(state) rounded up (a number from 2^30 - 1 up, math.huge
 * too, says "never"), or when it has none the bound the engine derived from
 * the rules (engine/bound.c), or 0. On a script error returns 0 and fills
 * 'err'. */
int vg_bound(const vg_game *g, const vg_state *s, vg_error *err);
/* Which bound vg_bound gives; '*note' (if not NULL) says which proof, or why none was derived. */
vg_bound_kind vg_game_bound(const vg_game *g, const char **note);
/* Opens a window of script work: from now on, all the calls the game
 * makes into its script (effects, terminations, heuristics, turns{}) may
 * use at most 'steps' instructions and 'seconds' of wall-clock time
 * (counted from the window's first call) together, besides each call's own limits; then they fail with
 * VG_ERR_SCRIPT. For one agent decision, so that a script's cost cannot
 * multiply by the number of forward-model calls. 0 and 0 close it. */
void vg_script_window(const vg_game *g, long steps, double seconds);

/* ---- Pictures --------------------------------------------------------- */

/* A canvas draws positions of one game as RGB pixels (engine/draw.c):
 * each visible sprite a tile of its type's colour, shaped by its category,
 * or its 'img' scaled to the cell; types in script order, avatars on top;
 * under the board a strip with the score, the tick and the result. A board
 * game (!vg_moves_are_actions) is drawn as a board with discs. */
typedef struct vg_canvas vg_canvas;
#define VG_CANVAS_CELL           24         /* pixels a cell, when not given */
#define VG_CANVAS_MAX_PIXELS     (1 << 25)  /* a picture's width x height, refused before it is drawn */
#define VG_CANVAS_MAX_IMAGE_SIDE 2048       /* a sprite image's width and height, refused before it is decoded */
#define VG_CANVAS_MAX_IMAGE_FILE (16 << 20) /* a sprite image file's bytes */
/* A canvas for 'g' (which must outlive it), 'cell' pixels a cell (1 to
 * 256; 0: VG_CANVAS_CELL). A type's image ('img') is a PNG read under
 * 'sprites' if not NULL, else beside 'script' (the game's path), ".png"
 * added when the name has none; a GVGAI game's (a .txt path) only with
 * 'sprites'; 'script' NULL: no images. An image is a regular file below
 * that folder (a name that is absolute or goes up a '..': VG_ERR_SCRIPT
 * naming the script). VG_OK with '*out' (vg_canvas_free); VG_ERR_IO
 * naming an image that is missing, not a regular file, not a PNG or too
 * large; VG_ERR_LIMIT for a picture over VG_CANVAS_MAX_PIXELS;
 * VG_ERR_NOMEM. */
vg_status vg_canvas_new(const vg_game *g, int cell, const char *script, const char *sprites, vg_canvas **out,
                        vg_error *err);
void vg_canvas_free(vg_canvas *c);       /* NULL is a no-op */
int vg_canvas_width(const vg_canvas *c); /* the picture's size in pixels */
int vg_canvas_height(const vg_canvas *c);
/* Draws 's'; returns the picture: width * height pixels of 3 bytes (R, G,
 * B), row by row, owned by 'c' and valid until its next draw. */
const uint8_t *vg_canvas_draw(vg_canvas *c, const vg_state *s);
/* Every colour the canvas draws without images (0xRRGGBB: background,
 * strip, text, each type's fill and outline), into out[0..max); returns
 * how many there are. */
int vg_canvas_colours(const vg_canvas *c, uint32_t *out, int max);
int vg_canvas_has_images(const vg_canvas *c); /* 1 when some type is drawn from its image */
/* The canvas's 5x7 font: the seven rows of 'c' (bit 4 the leftmost
 * pixel; lower case drawn as upper case but 'e'); NULL for a space or a
 * character it lacks. */
const uint8_t *vg_glyph(char c);

/* ---- Text ------------------------------------------------------------- */

/* Writes the state as a map, one character per cell (the top visible
 * sprite's glyph), rows ended by '\n', NUL-terminated; returns the length
 * needed (like snprintf). */
int vg_render_text(const vg_game *g, const vg_state *s, char *buf, size_t size);
/* Writes one JSON object (GVGAI trace format) describing 's' after 'a'
 * ('a' < 0: the start state); returns the length needed (like snprintf),
 * or -1 when out of memory. */
int vg_trace_json(const vg_game *g, const vg_state *s, int a, char *buf, size_t size);

#endif
