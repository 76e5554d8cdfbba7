/* SPDX-License-Identifier: MIT
 *
 * gvgai.h -- GVGAI's own game files: reading a VGDL description (.txt)
 * into a game through the builder API of game.h, as the Lua loader does,
 * and writing the same game as a Lua script.
 *
 * Three steps, each its own file:
 *   reader.c   syntax: the text into statements (gvgai_parse), GVGAI's
 *              indentation, blocks, 'key=value' parameters and values;
 *   walk.c     GVGAI's meaning: the statements into declarations in the
 *              order a builder takes them (gvgai_walk): classes and
 *              parameters inherited down the sprite tree, GVGAI's default
 *              types and map characters, parameters that only draw;
 *   build.c    the declarations into a vg_game (gvgai_load_game), with a
 *              GVGAI level read as GVGAI reads it; convert.c the same
 *              declarations as Lua (vg_game_convert).
 * Internal header.
 */
#ifndef VG_GVGAI_H
#define VG_GVGAI_H

#include "../game.h"

/* ---- Syntax (reader.c) ------------------------------------------------- */

/* A word of the file: NUL-terminated text, where it starts (1-based). */
typedef struct gv_tok {
    const char *s;
    int line, col;
} gv_tok;

/* 'key=value': the value as a parameter (numbers, True/False in any case,
 * comma-separated lists, else a name). */
typedef struct gv_param {
    gv_tok key, val;
    param_value v;
} gv_param;

typedef enum { GV_SPRITE, GV_MAP, GV_INTERACTION, GV_TERMINATION } gv_block;

/* One line of a block. */
typedef struct gv_stmt {
    gv_block block;
    gv_tok name;    /* sprite name, map character, first sprite type, termination class */
    gv_tok word;    /* the class of a sprite, the effect of an interaction; .s NULL if none */
    int first, n;   /* map: the types it places; interaction: the second types (in gv_desc.args) */
    int pfirst, np; /* parameters (in gv_desc.params) */
    int parent;     /* sprite: the statement it is nested in, -1 at the top */
} gv_stmt;

typedef struct gv_desc {
    const char *path;
    char *text;     /* the file, cut into words in place */
    char **lists;   /* storage of list values */
    gv_tok game;    /* "BasicGame" */
    int gfirst, gn; /* its parameters */
    gv_stmt *stmts;
    int nstmts;
    gv_tok *args;
    int nargs;
    gv_param *params;
    int nparams;
} gv_desc;

/* Parses the VGDL text 'text' of 'path' (which names it in errors, and must
 * outlive 'd'). Checks only the syntax: any class, effect or name is taken.
 * Returns VG_OK, or VG_ERR_SCRIPT (VG_ERR_NOMEM) with 'err' at the line and
 * column; 'd' must be freed with gvgai_free either way. */
vg_status gvgai_parse(const char *path, const char *text, gv_desc *d, vg_error *err);
void gvgai_free(gv_desc *d);

/* ---- Meaning (walk.c) --------------------------------------------------- */

/* One declaration, as the builder API takes it. */
typedef enum { GD_TYPE, GD_GAME, GD_MAP, GD_EFFECT, GD_TERM } gd_kind;

typedef struct gv_decl {
    gd_kind kind;
    const gv_tok *name;        /* type name, map character, first type, termination class; GD_GAME: the game line */
    const char *parent;        /* GD_TYPE: NULL at the top */
    const gv_tok *word;        /* GD_TYPE: its class, NULL when it is its parent's; GD_EFFECT: the effect */
    const gv_tok *const *args; /* GD_MAP: the types it places; GD_EFFECT: the second types */
    int nargs;
    const gv_param *const *params;
    int nparams;
    int depth;        /* GD_TYPE: how deep in the sprite tree */
    const char *note; /* what GVGAI does here that the text does not show, or NULL */
} gv_decl;

/* Takes one declaration; VG_OK, or an error in 'err'. */
typedef vg_status gv_emit_fn(void *ud, const gv_decl *d, vg_error *err);

/* Hands the game in 'd' to 'emit', one declaration at a time: the sprite
 * types (parents first), the game's parameters, the map characters, the
 * interactions, the terminations. Stops at the first error 'emit' returns. */
vg_status gvgai_walk(const gv_desc *d, gv_emit_fn *emit, void *ud, vg_error *err);
/* 1 when the game leaves out sprite parameter 'key', which GVGAI reads only
 * to draw (autotiling, ...) or not at all; '*why' (may be NULL) says what
 * it does in GVGAI. The drawing parameters img and color are kept. */
int gvgai_ignored_param(const char *key, const char **why);

/* ---- The game (build.c) ------------------------------------------------- */

/* vg_game_load_text for a GVGAI game file 'path': its rules, then the level
 * 'level_text' ('level_name' in errors) read as GVGAI reads one. */
vg_status gvgai_load_game(const char *path, const char *level_text, const char *level_name, vg_game **out,
                          vg_error *err);

#endif
