/* SPDX-License-Identifier: MIT
 *
 * test_corpus.c -- GVGAI's whole collection against GVGAI's own recorded
 * traces, one per game and level: the one-player games (gvgai/, traces
 * in tests/golden/gvgai/corpus/<game>/lvlL_seedS.{actions,jsonl.gz}) and
 * the two-player games (gvgai/2player/, traces in
 * tests/golden/gvgai/corpus2p/<game>/lvlL_seedS.{p0.actions,p1.actions,
 * jsonl.gz}, one actions file a player): each game file loaded as it is
 * and its trace replayed with the same seed and actions
 * (trace_replay_plays).
 *
 * As a test: every game listed in its corpus's EXACT must replay all its
 * traces exactly, from its game file and from the Lua script 'vgdl
 * convert' writes of it; a game not listed that now does is reported (add
 * it to the list: the list only grows). Games that do not load yet,
 * because the engine lacks a class, an effect, ..., do not fail.
 *
 * With --shard K/N (tests/run.sh) it runs every Nth of those tests.
 * With --report (make corpus): one line per game and level (exact, cannot
 * load and why, or the first tick and field that differ), the totals, and
 * what the engine lacks, by the number of games it keeps from loading;
 * and how many of the exact traces the converted scripts replay exactly.
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

#include "class.h"
#include "effect.h"
#include "gvgai/gvgai.h"
#include "io.h"
#include "param.h"
#include "term.h"

#define MAX_GAMES  256
#define MAX_TRACES 16

/* A corpus: its folder, where its games are, how many players they have. */
static const struct corpus {
    const char *dir;
    const char *games[2]; /* the folders the game files are in, tried in turn */
    int players;
    int least; /* games it must have */
} corpora[] = {
    {"tests/golden/gvgai/corpus", {"gvgai", "gvgai/contphysics"}, 1, 100},
    {"tests/golden/gvgai/corpus2p", {"gvgai/2player", "gvgai/2player"}, 2, 59},
};
#define NUM_CORPORA ((int)(sizeof corpora / sizeof corpora[0]))

typedef struct trace {
    char actions[VG_MAX_PLAYERS][256], jsonl[256], level[256];
    int lvl;
    unsigned long seed;
} trace;

typedef struct game {
    char name[64];  /* "aliens"; a two-player game's "2player/aliens" */
    char path[256]; /* gvgai/NAME.txt, gvgai/contphysics/NAME.txt or gvgai/2player/NAME.txt */
    const struct corpus *corpus;
    int listed; /* in EXACT */
    int ntraces;
    trace traces[MAX_TRACES];
} game;

static game games[MAX_GAMES];
static int ngames;

/* ---- The corpus -------------------------------------------------------- */

static int find_game(const char *name) {
    for (int k = 0; k < ngames; k++)
        if (strcmp(games[k].name, name) == 0) return k;
    return -1;
}

/* Every trace of corpus 'c', grouped by game; the games listed in its EXACT. */
static void read_corpus(const struct corpus *c) {
    glob_t gl;
    char pattern[300], prefix[16] = "";
    const char *ext = c->players > 1 ? ".p0.actions" : ".actions";
    snprintf(pattern, sizeof pattern, "%s/*/lvl*_seed*%s", c->dir, ext);
    if (c->players > 1) snprintf(prefix, sizeof prefix, "%dplayer/", c->players);
    if (glob(pattern, 0, NULL, &gl) != 0) return;
    for (size_t k = 0; k < gl.gl_pathc; k++) {
        const char *path = gl.gl_pathv[k], *name = path + strlen(c->dir) + 1, *base = strrchr(path, '/') + 1;
        int len = (int)(base - 1 - name), g = -1, lvl, n = 0;
        unsigned long seed;
        char name0[64];
        snprintf(name0, sizeof name0, "%s%.*s", prefix, len, name);
        if (sscanf(base, "lvl%d_seed%lu%n", &lvl, &seed, &n) != 2 || strcmp(base + n, ext) != 0) continue;
        if ((g = find_game(name0)) < 0) {
            if (ngames == MAX_GAMES) break;
            g = ngames++;
            games[g].corpus = c;
            snprintf(games[g].name, sizeof games[g].name, "%s", name0);
            snprintf(games[g].path, sizeof games[g].path, "%s/%.*s.txt", c->games[0], len, name);
            if (access(games[g].path, F_OK) != 0)
                snprintf(games[g].path, sizeof games[g].path, "%s/%.*s.txt", c->games[1], len, name);
        }
        game *gm = &games[g];
        if (gm->ntraces == MAX_TRACES) continue;
        trace *t = &gm->traces[gm->ntraces++];
        int cut = (int)(strlen(path) - strlen(ext));
        for (int q = 0; q < c->players; q++)
            if (c->players == 1) snprintf(t->actions[q], sizeof t->actions[q], "%s", path);
            else snprintf(t->actions[q], sizeof t->actions[q], "%.*s.p%d.actions", cut, path, q);
        snprintf(t->jsonl, sizeof t->jsonl, "%.*s.jsonl.gz", cut, path);
        char stem[256];
        snprintf(stem, sizeof stem, "%.*s", (int)(strlen(gm->path) - 4), gm->path);
        snprintf(t->level, sizeof t->level, "%s_lvl%d.txt", stem, lvl);
        t->lvl = lvl;
        t->seed = seed;
    }
    globfree(&gl);
    char exact[300], line[256];
    snprintf(exact, sizeof exact, "%s/EXACT", c->dir);
    FILE *f = fopen(exact, "r");
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "#\r\n")] = '\0';
        char word[64], full[80];
        if (sscanf(line, "%63s", word) != 1) continue;
        snprintf(full, sizeof full, "%s%s", prefix, word);
        int g = find_game(full);
        if (g < 0) fprintf(stderr, "%s: no game '%s' in the corpus\n", exact, word);
        else games[g].listed = 1;
    }
    if (f) fclose(f);
}

/* ---- One trace --------------------------------------------------------- */

typedef enum { EXACT, NO_LOAD, DIFFERS, BROKEN } outcome;

/* Loads the game of 'gm' as 'vgdl convert' writes it, a Lua script, on
 * the level of trace 't' as it is (the script reads it as GVGAI does). */
static vg_status load_converted(const game *gm, const trace *t, vg_game **out, vg_error *err) {
    char *lua = NULL, *text = NULL, script[256];
    size_t len;
    FILE *f = NULL;
    snprintf(script, sizeof script, "/tmp/vgdl-corpus-%d-%s.lua", (int)getpid(), strrchr(gm->path, '/') + 1);
    vg_status st = vg_game_convert(gm->path, &lua, err);
    if (st == VG_OK && (!(f = fopen(script, "w")) || fputs(lua, f) < 0))
        st = error_set(err, VG_ERR_IO, script, 0, 0, "cannot write the converted script");
    if (f) fclose(f);
    if (st == VG_OK) st = io_read_file(t->level, &text, &len, err);
    if (st == VG_OK) st = vg_game_load_text(script, text, t->level, out, err);
    unlink(script);
    free(text);
    free(lua);
    return st;
}

/* Replays trace 't' of 'gm' (with 'converted', on its game converted to
 * Lua); 'why' says what went wrong. */
static outcome replay(const game *gm, const trace *t, int converted, int print, char *why, size_t size) {
    vg_game *g = NULL;
    vg_error err = {0};
    vg_action *acts[VG_MAX_PLAYERS] = {NULL};
    trace_plays plays = {{NULL}, {0}};
    if ((converted ? load_converted(gm, t, &g, &err) : vg_game_load(gm->path, t->level, &g, &err)) != VG_OK) {
        if (err.line) snprintf(why, size, "%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
        else snprintf(why, size, "%s: %s", err.file, err.msg);
        return NO_LOAD;
    }
    trace_diff d;
    int read = 1;
    for (int q = 0; q < gm->corpus->players && read; q++) {
        read = vg_read_actions(t->actions[q], &acts[q], &plays.n[q], &err) == VG_OK;
        plays.acts[q] = acts[q];
    }
    int rc = read ? trace_replay_plays(g, t->seed, &plays, t->jsonl, print, &d) : -1;
    if (rc < 0) snprintf(why, size, "%s", read ? d.what : err.msg);
    else if (rc > 0) snprintf(why, size, "tick %d: %s: expected %.60s, got %.60s", d.tick, d.what, d.want, d.got);
    else snprintf(why, size, "%d ticks", d.lines - 1);
    for (int q = 0; q < VG_MAX_PLAYERS; q++) free(acts[q]);
    vg_game_free(g);
    return rc < 0 ? BROKEN : rc ? DIFFERS : EXACT;
}

/* ---- The test ---------------------------------------------------------- */

/* A listed game replays all its traces exactly, from its game file and
 * from the Lua script 'vgdl convert' writes of it (a two-player game's
 * script on its first trace only, unless VGDL_SLOW is set: the suite
 * stays quick, and the game files play every trace). */
static void test_exact(void **state) {
    const game *gm = *state;
    int bad = 0, all = gm->corpus->players == 1 || getenv("VGDL_SLOW");
    for (int converted = 0; converted <= 1; converted++)
        for (int k = 0; k < (converted && !all ? 1 : gm->ntraces); k++) {
            char why[512];
            if (replay(gm, &gm->traces[k], converted, 1, why, sizeof why) == EXACT) continue;
            print_error("%s level %d%s: %s\n", gm->name, gm->traces[k].lvl, converted ? " (converted to Lua)" : "",
                        why);
            bad++;
        }
    assert_int_equal(bad, 0);
}

/* The corpora are there, EXACT lists games of them, and a game not
 * listed that now replays exactly is reported. */
static void test_unlisted(void **state) {
    (void)state;
    for (int c = 0; c < NUM_CORPORA; c++) {
        int n = 0;
        for (int g = 0; g < ngames; g++) n += games[g].corpus == &corpora[c];
        if (n < corpora[c].least)
            print_error("%s: %d games, expected %d or more\n", corpora[c].dir, n, corpora[c].least);
        assert_true(n >= corpora[c].least);
    }
    for (int g = 0; g < ngames; g++) {
        assert_true(games[g].ntraces >= 1);
        if (games[g].listed) continue;
        int exact = 0;
        for (int k = 0; k < games[g].ntraces; k++) {
            char why[512];
            outcome o = replay(&games[g], &games[g].traces[k], 0, 0, why, sizeof why);
            if (o == BROKEN) print_error("%s: %s\n", games[g].traces[k].jsonl, why);
            assert_int_not_equal(o, BROKEN);
            exact += o == EXACT;
        }
        if (exact == games[g].ntraces)
            print_message("notice: %s now replays all %d of its traces exactly: add it to %s/EXACT\n", games[g].name,
                          exact, games[g].corpus->dir);
    }
}

/* ---- The report -------------------------------------------------------- */

/* What the engine lacks, and the games it keeps from loading. */
typedef struct lack {
    char what[80];
    int ngames;
    char games[400];
} lack;

static lack lacks[512];
static int nlacks;

static void note_lack(const char *game_name, const char *kind, const char *name) {
    char what[80];
    snprintf(what, sizeof what, "%s %s", kind, name);
    int k = 0;
    while (k < nlacks && strcmp(lacks[k].what, what) != 0) k++;
    if (k == nlacks) {
        if (nlacks == (int)(sizeof lacks / sizeof lacks[0])) return;
        memset(&lacks[nlacks], 0, sizeof lacks[0]);
        snprintf(lacks[nlacks++].what, sizeof lacks[0].what, "%s", what);
    }
    lack *l = &lacks[k];
    size_t len = strlen(l->games);
    if (len >= strlen(game_name) && strcmp(l->games + len - strlen(game_name), game_name) == 0) return; /* noted */
    l->ngames++;
    if (len + strlen(game_name) + 8 < sizeof l->games)
        snprintf(l->games + len, sizeof l->games - len, "%s%s", len ? " " : "", game_name);
}

typedef struct census {
    const char *game;
    vg_game *g; /* scratch: parameters are tried on it */
} census;

/* Notes each parameter of 'd' the engine does not know in 'table'. */
static void census_params(census *c, const gv_decl *d, param_table table, const char *kind) {
    type_def td;
    effect_def ed;
    term_def tm;
    void *base[] = {[PARAMS_SPRITE] = &td, [PARAMS_EFFECT] = &ed, [PARAMS_TERM] = &tm, [PARAMS_GAME] = c->g};
    for (int k = 0; k < d->nparams; k++) {
        vg_error err = {0};
        char unknown[128];
        memset(&td, 0, sizeof td), memset(&ed, 0, sizeof ed), memset(&tm, 0, sizeof tm);
        c->g->nfixups = 0;
        size_t n = (size_t)snprintf(unknown, sizeof unknown, "unknown %s '%s'", kind, d->params[k]->key.s);
        if (param_set(c->g, table, base[table], d->params[k]->key.s, &d->params[k]->v, 0, &err) != VG_OK &&
            strncmp(err.msg, unknown, n) == 0 && (err.msg[n] == '\0' || err.msg[n] == ';'))
            note_lack(c->game, kind, d->params[k]->key.s);
    }
}

/* A walk that notes every class, effect, termination and parameter the engine lacks. */
static vg_status census_decl(void *ud, const gv_decl *d, vg_error *err) {
    census *c = ud;
    (void)err;
    switch (d->kind) {
    case GD_TYPE:
        if (d->word && class_find(d->word->s) < 0) note_lack(c->game, "class", d->word->s);
        census_params(c, d, PARAMS_SPRITE, "sprite parameter");
        break;
    case GD_GAME: census_params(c, d, PARAMS_GAME, "game parameter"); break;
    case GD_MAP: break;
    case GD_EFFECT:
        if (effect_find(d->word->s) < 0) note_lack(c->game, "effect", d->word->s);
        census_params(c, d, PARAMS_EFFECT, "effect parameter");
        break;
    case GD_TERM:
        if (term_find(d->name->s) < 0) note_lack(c->game, "termination", d->name->s);
        census_params(c, d, PARAMS_TERM, "termination parameter");
        break;
    }
    return VG_OK;
}

static void census_game(const game *gm) {
    char *text;
    size_t len;
    gv_desc d;
    vg_error err;
    memset(&d, 0, sizeof d);
    if (io_read_file(gm->path, &text, &len, &err) != VG_OK) return;
    census c = {gm->name, game_new(gm->path)};
    if (c.g && gvgai_parse(gm->path, text, &d, &err) == VG_OK) gvgai_walk(&d, census_decl, &c, &err);
    gvgai_free(&d);
    game_free(c.g);
    free(text);
}

static int by_games(const void *a, const void *b) {
    const lack *x = a, *y = b;
    return x->ngames != y->ngames ? y->ngames - x->ngames : strcmp(x->what, y->what);
}

static int report(void) {
    int games_exact = 0, traces = 0, exact = 0, loading = 0, broken = 0, converted = 0;
    for (int g = 0; g < ngames; g++) {
        int n = 0, loads = 0;
        for (int k = 0; k < games[g].ntraces; k++) {
            char why[700];
            outcome o = replay(&games[g], &games[g].traces[k], 0, 0, why, sizeof why);
            if (o == EXACT) converted += replay(&games[g], &games[g].traces[k], 1, 0, why, sizeof why) == EXACT;
            static const char *const label[] = {"exact", "cannot load", "differs", "cannot replay"};
            printf("%-20s lvl%d  %s: %s\n", games[g].name, games[g].traces[k].lvl, label[o], why);
            n += o == EXACT;
            loads += o != NO_LOAD;
            broken += o == BROKEN;
        }
        if (loads < games[g].ntraces) census_game(&games[g]);
        traces += games[g].ntraces;
        exact += n;
        games_exact += n == games[g].ntraces;
        loading += loads > 0;
    }
    printf("\n%d/%d games exact, %d/%d traces exact; %d/%d games load\n", games_exact, ngames, exact, traces, loading,
           ngames);
    printf("converted to Lua (vgdl convert): %d of the %d exact traces replay exactly\n", converted, exact);
    qsort(lacks, (size_t)nlacks, sizeof lacks[0], by_games);
    if (nlacks) printf("\nwhat the engine lacks, by the games it keeps from loading:\n");
    for (int k = 0; k < nlacks; k++) printf("%4d  %-36s %s\n", lacks[k].ngames, lacks[k].what, lacks[k].games);
    return broken ? 1 : 0;
}

int main(int argc, char **argv) {
    for (int c = 0; c < NUM_CORPORA; c++) read_corpus(&corpora[c]);
    if (ngames == 0) {
        fprintf(stderr, "test_corpus: no traces in %s (run from the repository's root)\n", corpora[0].dir);
        return 1;
    }
    if (argc > 1 && strcmp(argv[1], "--report") == 0) return report();
    struct CMUnitTest tests[MAX_GAMES + 1];
    int n = 0;
    tests[n++] = (struct CMUnitTest){.name = "test_unlisted", .test_func = test_unlisted};
    for (int g = 0; g < ngames; g++)
        if (games[g].listed)
            tests[n++] =
                (struct CMUnitTest){.name = games[g].name, .test_func = test_exact, .initial_state = &games[g]};
    return run_group("corpus", tests, (size_t)n, argc, argv);
}
