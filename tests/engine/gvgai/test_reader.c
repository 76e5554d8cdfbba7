/* SPDX-License-Identifier: MIT
 *
 * test_reader.c -- GVGAI game files (engine/gvgai/): the syntax on its own
 * (indentation, blocks, parameters and values, errors at line and column),
 * what a file means (inheritance of classes and parameters, GVGAI's
 * default types and map characters, EOS first, names declared twice,
 * levels read as GVGAI reads them), errors from the builder placed at the
 * word they name, every game of gvgai/ parsed, and vgdl convert: the Lua
 * script of every game loads to the same game as its file, and hostile
 * games (issue 27) load, or fail, both ways alike.
 *
 * The test of engine/gvgai/reader.c, walk.c, build.c and convert.c: they
 * have no test file of their own.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "support.h"

#include "class.h"
#include "effect.h"
#include "gvgai/gvgai.h"
#include "io.h"

/* Writes 'text' to a temporary file named 'name'; returns its path (a static buffer, four in turn). */
static const char *temp_file(const char *name, const char *text) {
    static char path[4][256];
    static int k;
    k = (k + 1) % 4;
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/vgdl-gvgai-%d", (int)getpid());
    mkdir(dir, 0700);
    snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
    FILE *f = fopen(path[k], "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path[k];
}

/* Loads VGDL 'text' on map 'level'; NULL when it fails ('err' says why). */
static vg_game *load_vgdl(const char *text, const char *level, vg_error *err) {
    vg_game *g = NULL;
    memset(err, 0, sizeof *err);
    vg_game_load_text(temp_file("game.txt", text), level, "level", &g, err);
    return g;
}

/* Loads the Lua script 'text' on map 'level'; NULL when it fails ('err' says why). */
static vg_game *load_lua(const char *text, const char *level, vg_error *err) {
    vg_game *g = NULL;
    memset(err, 0, sizeof *err);
    vg_game_load_text(temp_file("game.lua", text), level, "level", &g, err);
    return g;
}

/* ---- Syntax ------------------------------------------------------------ */

static const char *const syntax_game = "# a comment line\n"
                                       "BasicGame square_size=20 key_handler=Pulse   # the game\n"
                                       "  SpriteSet\n"
                                       "    floor > Immovable hidden=TRUE img=oryx/floor\n"
                                       "    portal >\n"
                                       "    \tspawn > SpawnPoint stype=ghost prob=.5 orientation=DUP\n"
                                       "    ghost > stypes=a,b,c\n"
                                       "\n"
                                       "  LevelMapping\n"
                                       "    . > floor\n"
                                       "    A > floor avatar\n"
                                       "  InteractionSet\n"
                                       "    ghost EOS wall > stepBack\n"
                                       "  TerminationSet\n"
                                       "    SpriteCounter stype=avatar limit=0 win=False\n";

static void test_syntax(void **state) {
    (void)state;
    gv_desc d;
    vg_error err;
    assert_int_equal(gvgai_parse("g.txt", syntax_game, &d, &err), VG_OK);
    assert_string_equal(d.game.s, "BasicGame");
    assert_int_equal(d.game.line, 2);
    assert_int_equal(d.gn, 2);
    assert_string_equal(d.params[d.gfirst].key.s, "square_size");
    assert_true(d.params[d.gfirst].v.kind == PV_NUMBER && d.params[d.gfirst].v.num == 20);
    assert_int_equal(d.nstmts, 8);
    const gv_stmt *floor = &d.stmts[0], *portal = &d.stmts[1], *spawn = &d.stmts[2], *ghost = &d.stmts[3];
    assert_string_equal(floor->name.s, "floor");
    assert_string_equal(floor->word.s, "Immovable");
    assert_int_equal(floor->word.line, 4);
    assert_int_equal(floor->word.col, 13);
    assert_true(d.params[floor->pfirst].v.kind == PV_BOOL && d.params[floor->pfirst].v.b == 1); /* TRUE */
    assert_true(d.params[floor->pfirst + 1].v.kind == PV_STRING);
    assert_string_equal(d.params[floor->pfirst + 1].v.str, "oryx/floor");
    assert_null(portal->word.s);        /* 'portal >': a parent without a class */
    assert_int_equal(spawn->parent, 1); /* a tab counts one: 5 > 4, nested in portal */
    assert_int_equal(ghost->parent, -1);
    assert_true(d.params[spawn->pfirst + 1].v.kind == PV_NUMBER && d.params[spawn->pfirst + 1].v.num == 0.5);
    assert_string_equal(d.params[spawn->pfirst + 2].v.str, "UP"); /* GVGAI's DUP is its UP */
    const param_value *list = &d.params[ghost->pfirst].v;
    assert_int_equal(list->kind, PV_LIST);
    assert_int_equal(list->n, 3);
    assert_string_equal(list->list[2], "c");
    const gv_stmt *a = &d.stmts[5], *inter = &d.stmts[6], *term = &d.stmts[7];
    assert_int_equal(a->block, GV_MAP);
    assert_int_equal(a->n, 2);
    assert_string_equal(d.args[a->first + 1].s, "avatar");
    assert_int_equal(inter->block, GV_INTERACTION);
    assert_int_equal(inter->n, 2);
    assert_string_equal(d.args[inter->first + 1].s, "wall");
    assert_string_equal(inter->word.s, "stepBack");
    assert_string_equal(term->name.s, "SpriteCounter");
    assert_int_equal(term->np, 3);
    assert_true(d.params[term->pfirst + 2].v.kind == PV_BOOL && d.params[term->pfirst + 2].v.b == 0);
    gvgai_free(&d);
}

static void test_syntax_errors(void **state) {
    (void)state;
    static const struct {
        const char *text;
        int line, col;
        const char *msg;
    } cases[] = {
        {"BasicGam\n", 1, 1, "starts with 'BasicGame"},
        {"", 0, 0, "no 'BasicGame' line"},
        {"BasicGame\n  Spriteset\n", 2, 3, "unknown block 'Spriteset'; did you mean 'SpriteSet'?"},
        {"BasicGame\n  SpriteSet extra\n", 2, 13, "stands alone"},
        {"BasicGame\nSpriteSet\n", 2, 1, "not indented under the 'BasicGame' line"},
        {"BasicGame\n  SpriteSet\n    floor Immovable\n", 3, 11, "'>' after its name"},
        {"BasicGame\n  SpriteSet\n    floor > Immovable Passive\n", 3, 23,
         "a second class, 'Passive' (after 'Immovable')"},
        {"BasicGame\n  SpriteSet\n    floor > speed=\n", 3, 13, "'speed' has no value"},
        {"BasicGame\n  SpriteSet\n    floor > =1\n", 3, 13, "no parameter name"},
        {"BasicGame\n  SpriteSet\n    floor > a=b=c\n", 3, 15, "one '='"},
        {"BasicGame\n  SpriteSet\n    floor > stypes=a,,b\n", 3, 20, "empty item"},
        {"BasicGame\n  LevelMapping\n    ab > floor\n", 3, 5, "one character"},
        {"BasicGame\n  LevelMapping\n    a floor\n", 3, 7, "'c > type"},
        {"BasicGame\n  InteractionSet\n    a b stepBack\n", 3, 9, "first second ... > effect"},
        {"BasicGame\n  InteractionSet\n    a > stepBack\n", 3, 7, "first second ... > effect"},
        {"BasicGame\n  InteractionSet\n    a b >\n", 3, 9, "no effect after '>'"},
        {"BasicGame\n  InteractionSet\n    a b > stepBack killSprite\n", 3, 20, "a second effect, 'killSprite'"},
        {"BasicGame\n  InteractionSet\n    a b > stepBack\n      c d > stepBack\n", 4, 7, "only sprites nest"},
        {"BasicGame\n  TerminationSet\n    Timeout limit=5 win\n", 3, 21, "unexpected word 'win'"},
        {"BasicGame speed\n", 1, 11, "unexpected word 'speed'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        gv_desc d;
        vg_error err = {0};
        vg_status st = gvgai_parse("bad.txt", cases[k].text, &d, &err);
        gvgai_free(&d);
        if (st != VG_ERR_SCRIPT || err.line != cases[k].line || err.col != cases[k].col ||
            !strstr(err.msg, cases[k].msg))
            print_error("case %zu: expected %d:%d '%s', got %s %d:%d '%s'\n", k, cases[k].line, cases[k].col,
                        cases[k].msg, vg_status_name(st), err.line, err.col, err.msg);
        assert_int_equal(st, VG_ERR_SCRIPT);
        assert_string_equal(err.file, "bad.txt");
        assert_int_equal(err.line, cases[k].line);
        assert_int_equal(err.col, cases[k].col);
        assert_non_null(strstr(err.msg, cases[k].msg));
    }
}

/* ---- Meaning ----------------------------------------------------------- */

static const vg_game *cur; /* the game type() looks in */

/* Loads VGDL 'text' on map 'level', which must work; the game becomes 'cur'. */
static vg_game *must_load(const char *text, const char *level) {
    vg_error err;
    vg_game *g = load_vgdl(text, level, &err);
    if (!g) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_non_null(g);
    cur = g;
    return g;
}

static const type_def *type(const char *name) {
    int t = game_type_find(cur, name);
    if (t < 0) print_error("no type '%s'\n", name);
    assert_true(t >= 0);
    return &cur->types[t];
}

static void test_inheritance_and_defaults(void **state) {
    (void)state;
    static const char *const text = "BasicGame obs=food,moving key_handler=Pulse\n"
                                    "    SpriteSet\n"
                                    "        food > Immovable color=RED\n"
                                    "            pellet > portal=True\n"
                                    "            power > Resource shrinkfactor=0.5\n"
                                    "                big > portal=True\n"
                                    "        moving >\n"
                                    "            ghost > RandomNPC cons=3\n"
                                    "                fast > speed=2\n"
                                    "        avatar > MovingAvatar img=oryx/man\n"
                                    "    InteractionSet\n"
                                    "        EOS ghost avatar > stepBack\n"
                                    "        avatar eos > stepBack\n"
                                    "    TerminationSet\n"
                                    "        SpriteCounter stype=food win=True\n";
    vg_game *g = must_load(text, "wA.\n");
    assert_int_equal(game_type_find(g, "wall"), 0); /* GVGAI's default wall, first */
    assert_int_equal(type("wall")->cls, CLS_Immovable);
    assert_int_equal(type("pellet")->cls, CLS_Immovable);
    assert_int_equal(type("pellet")->color, type("food")->color); /* inherited */
    assert_int_equal(type("power")->cls, CLS_Immovable);          /* a parent names a class: its own is ignored */
    assert_int_equal(type("big")->cls, CLS_Resource);             /* ... but its children take it */
    assert_int_equal(type("fast")->cls, CLS_RandomNPC);
    assert_int_equal(type("fast")->cons, 3);
    assert_true(type("fast")->speed == 2 && type("ghost")->speed == 1);
    assert_string_equal(type("avatar")->img, "oryx/man");
    assert_int_equal(vg_type_category(g, game_type_find(g, "pellet")), VG_CAT_PORTAL); /* GVGAI's portal=True */
    assert_int_equal(vg_type_category(g, game_type_find(g, "big")), VG_CAT_RESOURCE);  /* ... but a resource first */
    assert_int_equal(g->obs_named.n, 2);                                               /* obs: the types named ... */
    assert_int_equal(g->obs_named.t[0], game_type_find(g, "food"));
    assert_int_equal(g->obs_named.t[1], game_type_find(g, "moving"));
    int food_own = type("food")->self; /* ... whose own sprites block paths (none here) */
    assert_true(g->obstacles == (food_own >= 0 ? 1ULL << food_own : 0));
    assert_int_equal(g->neffects, 3); /* EOS first: ghost EOS, avatar EOS; then avatar EOS */
    assert_int_equal(g->effects[0].t1, game_type_find(g, "ghost"));
    assert_int_equal(g->effects[1].t1, game_type_find(g, "avatar"));
    for (int k = 0; k < 3; k++) assert_int_equal(g->effects[k].t2, EOS_TYPE);
    assert_int_equal(g->mapping['w'][0], game_type_find(g, "wall")); /* GVGAI's default map characters */
    assert_int_equal(g->mapping['A'][0], game_type_find(g, "avatar"));
    assert_int_equal(g->mapping[' '][0], MAP_EMPTY);
    assert_int_equal(g->mapping['.'][0], -1);
    assert_int_equal(vg_game_width(g), 3); /* '.' is not mapped: an empty cell */
    vg_game_free(g);

    g = must_load("BasicGame\n  SpriteSet\n    floor > Immovable\n", "A\nAw\n\n"); /* no avatar declared */
    assert_int_equal(game_type_find(g, "avatar"), 1);
    assert_int_equal(type("avatar")->cls, CLS_MovingAvatar);
    assert_int_equal(vg_game_width(g), 1);  /* the first line's width */
    assert_int_equal(vg_game_height(g), 3); /* a blank last line is a row, as in GVGAI */
    vg_game_free(g);
}

static void test_declared_twice(void **state) {
    (void)state;
    static const char *const text = "BasicGame\n"
                                    "  SpriteSet\n"
                                    "    wall > Immovable color=RED\n"
                                    "    enemy >\n"
                                    "      under >\n"
                                    "        mole > RandomNPC\n"
                                    "    gem >\n"
                                    "      under >\n"
                                    "        jewel > Immovable\n"
                                    "    avatar > MovingAvatar\n"
                                    "    wall > Immovable color=BLUE\n"
                                    "  TerminationSet\n"
                                    "    SpriteCounter stype=under win=True\n";
    vg_game *g = must_load(text, "wA\n");
    assert_int_equal(type("wall")->line, 11); /* the last one counts */
    assert_int_equal(type("under~1")->parent, game_type_find(g, "enemy"));
    assert_int_equal(type("under")->parent, game_type_find(g, "gem"));
    assert_int_equal(g->terms[0].stype, game_type_find(g, "under"));
    vg_game_free(g);
}

/* The engine's error for a game, placed at the word it names. */
static void test_errors_located(void **state) {
    (void)state;
    static const struct {
        const char *line; /* the game's fourth line */
        int col;
        const char *msg;
    } cases[] = {
        {"    avatar > MovingAvatr", 14, "unknown sprite class 'MovingAvatr'; did you mean 'MovingAvatar'?"},
        {"    avatar > HoverAvatar", 14, "unknown sprite class 'HoverAvatar'"},
        {"    avatar > MovingAvatar sped=2", 27, "unknown sprite parameter 'sped'; did you mean 'speed'?"},
        {"    avatar > MovingAvatar color=PURPEL", 33, "unknown colour 'PURPEL'; did you mean 'PURPLE'?"},
        {"    avatar > MovingAvatar cooldown=1.5", 27, "'cooldown' must be a whole number"},
        {"  InteractionSet\n    avatar wal > stepBack", 12, "unknown sprite type 'wal'; did you mean 'wall'?"},
        {"  InteractionSet\n    avatar wall > stepback", 19, "unknown effect 'stepback'; did you mean 'stepBack'?"},
        {"  InteractionSet\n    avatar TIME > killBoth", 0, "killBoth needs two sprites; it cannot be timed (TIME)"},
        {"  TerminationSet\n    SpriteCountr stype=avatar", 5,
         "unknown termination 'SpriteCountr'; did you mean 'SpriteCounter'?"},
        {"  TerminationSet\n    Timeout limit=10 winn=True", 22,
         "unknown termination parameter 'winn'; did you mean 'win'?"},
        {"  LevelMapping\n    x > flor", 9, "unknown sprite type 'flor'; did you mean 'floor'?"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char text[512];
        snprintf(text, sizeof text, "BasicGame\n  SpriteSet\n    floor > Immovable\n%s%s\n",
                 strncmp(cases[k].line, "    avatar >", 12) == 0 ? "" : "    avatar > MovingAvatar\n", cases[k].line);
        vg_error err;
        vg_game *g = load_vgdl(text, "Ax\n", &err); /* 'x' is used: a type it names must exist */
        int line = strchr(cases[k].line, '\n') ? 6 : 4;
        if (g || err.line != line || err.col != cases[k].col || !strstr(err.msg, cases[k].msg))
            print_error("case %zu: expected %d:%d '%s', got %d:%d '%s'\n", k, line, cases[k].col, cases[k].msg,
                        err.line, err.col, err.msg);
        assert_null(g);
        assert_true(ends_with(err.file, "game.txt"));
        assert_int_equal(err.line, line);
        assert_int_equal(err.col, cases[k].col);
        assert_non_null(strstr(err.msg, cases[k].msg));
    }
}

/* A map character placing a type the game does not declare is an error
 * only on a level that uses it (witnessprotected's 'n > floor running'),
 * and so it is in its conversion (issue 27: it was a comment, and the
 * converted level then loaded). */
static void test_undeclared_map_type(void **state) {
    (void)state;
    const char *text = "BasicGame\n  SpriteSet\n    floor > Immovable\n  LevelMapping\n    n > floor running\n";
    vg_error err;
    vg_game *g = load_vgdl(text, "A.\n", &err);
    assert_non_null(g);
    vg_game_free(g);
    g = load_vgdl(text, "An\n", &err);
    assert_null(g);
    assert_int_equal(err.line, 5);
    assert_int_equal(err.col, 15);
    assert_non_null(strstr(err.msg, "unknown sprite type 'running'"));
    char *lua = NULL;
    assert_int_equal(vg_game_convert(temp_file("game.txt", text), &lua, &err), VG_OK);
    assert_non_null(strstr(lua, "\nmap { \"n\", \"floor\", \"running\" }"));
    g = load_lua(lua, "A.\n", &err);
    assert_non_null(g);
    vg_game_free(g);
    g = load_lua(lua, "An\n", &err);
    assert_null(g);
    assert_non_null(strstr(err.msg, "unknown sprite type 'running'"));
    free(lua);
}

/* ---- GVGAI's collection ------------------------------------------------ */

static vg_status ignore(void *ud, const gv_decl *d, vg_error *err) {
    (void)d, (void)err;
    (*(int *)ud)++;
    return VG_OK;
}

/* The .txt files of gvgai/, levels and all, in 'gl'. */
static void gvgai_files(glob_t *gl) {
    assert_int_equal(glob("gvgai/*.txt", 0, NULL, gl), 0);
    assert_int_equal(glob("gvgai/contphysics/*.txt", GLOB_APPEND, NULL, gl), 0);
}

/* 1 for a game file (not a level, nor the licence). */
static int is_game(const char *path) {
    return !strstr(path, "_lvl") && !strstr(path, "_glvl") && !strstr(path, "LICENSE");
}

/* Every game file of gvgai/ parses and walks, whether the engine has its classes or not. */
static void test_every_game_parses(void **state) {
    (void)state;
    glob_t gl;
    int games = 0;
    gvgai_files(&gl);
    for (size_t k = 0; k < gl.gl_pathc; k++) {
        if (!is_game(gl.gl_pathv[k])) continue;
        games++;
        char *text;
        size_t len;
        gv_desc d;
        vg_error err = {0};
        int decls = 0;
        assert_int_equal(io_read_file(gl.gl_pathv[k], &text, &len, &err), VG_OK);
        vg_status st = gvgai_parse(gl.gl_pathv[k], text, &d, &err);
        if (st == VG_OK) st = gvgai_walk(&d, ignore, &decls, &err);
        if (st != VG_OK) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
        assert_int_equal(st, VG_OK);
        assert_true(decls >= 4);
        gvgai_free(&d);
        free(text);
    }
    assert_true(games >= 130);
    globfree(&gl);
}

/* The rules of two games are the same, script lines aside. */
static void same_rules(const vg_game *a, const vg_game *b, const char *what) {
    int same = a->ntypes == b->ntypes && a->neffects == b->neffects && a->nterms == b->nterms &&
               a->square == b->square && a->max_ticks == b->max_ticks && a->obstacles == b->obstacles &&
               memcmp(a->mapping, b->mapping, sizeof a->mapping) == 0;
    for (int t = 0; same && t < a->ntypes; t++) {
        type_def x = a->types[t], y = b->types[t];
        x.line = y.line = 0;
        same = memcmp(&x, &y, sizeof x) == 0;
        if (!same) print_error("%s: type '%s' differs\n", what, x.name);
    }
    for (int k = 0; same && k < a->neffects; k++) {
        effect_def x = a->effects[k], y = b->effects[k];
        x.line = y.line = x.script_ref = y.script_ref = 0;
        same = memcmp(&x, &y, sizeof x) == 0;
        if (!same) print_error("%s: interaction %d (%s) differs\n", what, k, effect_name(x.kind));
    }
    for (int k = 0; same && k < a->nterms; k++) {
        term_def x = a->terms[k], y = b->terms[k];
        x.line = y.line = x.script_ref = y.script_ref = 0;
        same = memcmp(&x, &y, sizeof x) == 0;
        if (!same) print_error("%s: termination %d differs\n", what, k);
    }
    if (!same) print_error("%s: the converted script's rules differ from the game file's\n", what);
    assert_true(same);
}

/* Both games play 'actions' alike, tick for tick (their trace lines are the same text). */
static void same_play(const vg_game *a, const vg_game *b, const char *actions, const char *what) {
    vg_action *acts = NULL;
    int n = 0;
    assert_true(read_actions(actions, &acts, &n));
    vg_state *s = vg_state_new(a, 1), *t = vg_state_new(b, 1);
    static char la[1 << 20], lb[1 << 20];
    for (int k = -1; k < n && !vg_is_over(s); k++) {
        if (k >= 0) {
            vg_advance(a, s, acts[k], NULL);
            vg_advance(b, t, acts[k], NULL);
        }
        vg_trace_json(a, s, k >= 0 ? (int)acts[k] : -1, la, sizeof la);
        vg_trace_json(b, t, k >= 0 ? (int)acts[k] : -1, lb, sizeof lb);
        if (strcmp(la, lb) != 0) print_error("%s: tick %d differs\n", what, k + 1);
        assert_string_equal(la, lb);
    }
    vg_state_free(s);
    vg_state_free(t);
    free(acts);
}

/* The same error, or one of the same kind where a Lua table's parameters
 * come in another order ("unknown sprite parameter 'a'" and "... 'b'"). */
static int same_error(const char *a, const char *b) {
    size_t n = strcspn(a, "'");
    return strcmp(a, b) == 0 || (a[n] && strncmp(a, b, n + 1) == 0);
}

/* vgdl convert: the Lua script of every game loads to the same rules and
 * plays its corpus traces alike; a game the engine cannot load yet fails
 * the same way as a script. */
static void test_convert_round_trip(void **state) {
    (void)state;
    glob_t gl;
    int loaded = 0;
    gvgai_files(&gl);
    for (size_t k = 0; k < gl.gl_pathc; k++) {
        const char *path = gl.gl_pathv[k], *base = strrchr(path, '/') + 1;
        if (!is_game(path)) continue;
        char *lua, name[128], level[256], *text;
        size_t len;
        vg_error err = {0}, lerr = {0};
        if (strstr(path, "_ggame")) continue; /* a level generator's game: no levels */
        assert_int_equal(vg_game_convert(path, &lua, &err), VG_OK);
        snprintf(name, sizeof name, "%.*s.lua", (int)(strlen(base) - 4), base);
        const char *script = temp_file(name, lua);
        free(lua);
        snprintf(level, sizeof level, "%.*s_lvl0.txt", (int)(strlen(path) - 4), path);
        assert_int_equal(io_read_file(level, &text, &len, &err), VG_OK);
        vg_game *g = NULL, *h = NULL;
        vg_status st = vg_game_load_text(path, text, level, &g, &err);
        vg_status lst = vg_game_load_text(script, text, level, &h, &lerr);
        if (st != lst || (st != VG_OK && !same_error(err.msg, lerr.msg)))
            print_error("%s: %s: %s; converted: %s: %s\n", path, vg_status_name(st), err.msg, vg_status_name(lst),
                        lerr.msg);
        assert_int_equal(st, lst);
        if (st != VG_OK) assert_true(same_error(err.msg, lerr.msg));
        if (g && h) {
            char actions[256];
            snprintf(actions, sizeof actions, "tests/golden/gvgai/corpus/%.*s/lvl0_seed1.actions",
                     (int)(strlen(base) - 4), base);
            same_rules(g, h, path);
            if (access(actions, F_OK) == 0) same_play(g, h, actions, path);
            loaded++;
        }
        vg_game_free(g);
        vg_game_free(h);
        free(text);
    }
    assert_true(loaded >= 2);
    globfree(&gl);
}

/* ---- Hostile games (issue 27): both loaders agree --------------------- */

/* Loads VGDL 'text' on 'level' and its conversion too: both load, or
 * both fail ('expect' VG_OK: load); the same rules when they load. The
 * converted script in '*lua' (the caller frees it) when asked. */
static void both_ways(const char *text, const char *level, int expect_ok, char **lua_out) {
    vg_error err, lerr;
    char *lua = NULL;
    vg_game *g = load_vgdl(text, level, &err);
    if (!!g != expect_ok) print_error("expected it to %s: %s\n", expect_ok ? "load" : "fail", g ? "loads" : err.msg);
    assert_int_equal(!!g, expect_ok);
    vg_status st = vg_game_convert(temp_file("game.txt", text), &lua, &lerr);
    if (st != VG_OK) { /* convert refuses what the reader refuses */
        assert_false(expect_ok);
        return;
    }
    vg_game *h = load_lua(lua, level, &lerr);
    if (!!h != expect_ok) print_error("converted, it %s:\n%s\n", h ? "loads" : lerr.msg, lua);
    assert_int_equal(!!h, expect_ok);
    if (g && h) same_rules(g, h, "game.txt");
    vg_game_free(g);
    vg_game_free(h);
    if (lua_out) *lua_out = lua;
    else free(lua);
}

static void test_convert_hostile(void **state) {
    (void)state;
    static const char head[] = "BasicGame%s\n  SpriteSet\n    floor > Immovable\n    goal > Immovable\n%s\n"
                               "  LevelMapping\n    . > floor\n    g > goal\n%s\n  InteractionSet\n%s\n";
    static const struct {
        const char *game, *sprites, *maps, *rules, *level;
        int ok;
        const char *lua; /* in the converted script */
    } cases[] = {
        /* 1e400 is Lua's 1e999 (it was 'inf', an undefined global: the entry vanished) */
        {" square_size=1e400", "", "", "", "A.\n", 0, "square_size = 1e999"},
        {"", "    avatar > MovingAvatar foo=1e400", "", "", "A.\n", 0, "foo = 1e999"},
        {"", "", "", "    avatar floor > stepBack scoreChange=-1e400", "A.\n", 0, "scoreChange = -1e999"},
        {"", "", "", "    avatar floor > stepBack scoreChange=-0.0", "A.\n", 1, "scoreChange = -0.0"},
        /* a key given twice: its last value (GVGAI keeps parameters in a map) */
        {"", "    avatar > MovingAvatar speed=fast speed=0.5", "", "", "A.\n", 1, "speed = 0.5 }"},
        /* 'parent' would be sprite{}'s own entry in Lua */
        {"", "    box > Passive parent=floor", "", "", "A.\n", 0, NULL},
        /* a byte over 127: mapped as itself, not as 'i' (0xe9 & 127) */
        {"", "", "    \xe9 > ghost", "", "A.i\n", 1, "map { \"\\233\", \"ghost\" }"},
        {"", "", "    \xe9 > ghost", "", "A.\xe9\n", 0, NULL},
        {"", "", "    \xe9 > goal", "", "A.\xe9\n", 1, NULL},
        /* a list longer than the Lua loader takes */
        {"",
         "    avatar > ShootAvatar stype=goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,"
         "goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,"
         "goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,goal,"
         "goal,goal,goal,goal,goal",
         "", "", "A.\n", 0, NULL},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char text[4096], *lua = NULL;
        snprintf(text, sizeof text, head, cases[k].game, cases[k].sprites, cases[k].maps, cases[k].rules);
        both_ways(text, cases[k].level, cases[k].ok, &lua);
        if (cases[k].lua && (!lua || !strstr(lua, cases[k].lua)))
            print_error("case %zu: no '%s' in:\n%s\n", k, cases[k].lua, lua ? lua : "(not converted)");
        if (cases[k].lua) assert_true(lua && strstr(lua, cases[k].lua));
        free(lua);
    }
}

/* An interaction row of more second types than a game has: refused by
 * both loaders, never cut short (it was cut at 256 rows: 'goal' after 256
 * walls was dropped, and the avatar walked over it alive). */
static void test_many_second_types(void **state) {
    (void)state;
    static char text[8192];
    int n = snprintf(text, sizeof text,
                     "BasicGame\n  SpriteSet\n    goal > Immovable\n  LevelMapping\n    g > goal\n"
                     "  InteractionSet\n    avatar");
    for (int k = 0; k < 256; k++) n += snprintf(text + n, sizeof text - (size_t)n, " wall");
    snprintf(text + n, sizeof text - (size_t)n, " goal > killSprite\n");
    vg_error err;
    assert_null(load_vgdl(text, "Ag\n", &err));
    char want[80];
    snprintf(want, sizeof want, "an interaction names 257 second types (the limit is %d)", VG_MAX_TYPES);
    assert_non_null(strstr(err.msg, want));
    both_ways(text, "Ag\n", 0, NULL);
}

/* A line break in the game file's name stays in the header comment. */
static void test_convert_file_name(void **state) {
    (void)state;
    const char *path = temp_file("x\nerror('the name ran')\n.txt", "BasicGame\n  SpriteSet\n    floor > Immovable\n");
    char *lua = NULL;
    vg_error err;
    assert_int_equal(vg_game_convert(path, &lua, &err), VG_OK);
    assert_non_null(strstr(lua, "-- x\\x0aerror('the name ran')\\x0a.txt: GVGAI's game"));
    vg_game *h = load_lua(lua, "A\n", &err);
    if (!h) print_error("%s\n", err.msg);
    assert_non_null(h);
    vg_game_free(h);
    unlink(path);
    free(lua);
}

/* The reader and the walk are linear: 40,000 lines declaring one sprite,
 * and as many map lines naming undeclared types (these took seconds,
 * growing with the square of the lines). */
static void test_many_lines(void **state) {
    (void)state;
    size_t cap = 4 << 20, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text, cap, "BasicGame\n  SpriteSet\n");
    for (int k = 0; k < 40000; k++) n += (size_t)snprintf(text + n, cap - n, "    wall > Immovable\n");
    n += (size_t)snprintf(text + n, cap - n, "  LevelMapping\n");
    for (int k = 0; k < 40000; k++) n += (size_t)snprintf(text + n, cap - n, "    %c > ghost%d\n", 33 + k % 90, k);
    clock_t t0 = clock();
    vg_error err;
    vg_game *g = load_vgdl(text, "A\n", &err);
    assert_null(g); /* a character is mapped twice */
    assert_non_null(strstr(err.msg, "mapped twice"));
    char *lua = NULL;
    assert_int_equal(vg_game_convert(temp_file("game.txt", text), &lua, &err), VG_OK);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (secs > 1) print_error("40,000 lines took %.2f s\n", secs);
    assert_true(secs < 1); /* linear: a few milliseconds; quadratic: seconds */
    free(lua);
    free(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_syntax),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_inheritance_and_defaults),
        cmocka_unit_test(test_declared_twice),
        cmocka_unit_test(test_errors_located),
        cmocka_unit_test(test_undeclared_map_type),
        cmocka_unit_test(test_every_game_parses),
        cmocka_unit_test(test_convert_round_trip),
        cmocka_unit_test(test_convert_hostile),
        cmocka_unit_test(test_many_second_types),
        cmocka_unit_test(test_convert_file_name),
        cmocka_unit_test(test_many_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
