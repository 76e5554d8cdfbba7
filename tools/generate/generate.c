/* SPDX-License-Identifier: MIT
 *
 * generate.c -- 'vgdl generate': new levels for a game, each with what was
 * proven or measured about it (generate.h).
 *
 *   vgdl generate GAME --out DIR [--count N] [--size WxH] [--seed S] [--length MIN-MAX]
 *                  [--generator NAME] [--seconds S] [--workers K] [--max-states N]
 *                  [--agents STRONG,WEAK] [--plays N] [--wins S,W] [--budget-calls K]
 *                  [--max-ticks T] [--sheet PNG]
 *
 * The loop, until --count levels are kept or --seconds run out:
 *   1. the generator proposes a batch of candidates (drawing from the seed)
 *   2. the workers judge them (pool.c, prove.c), verdicts in candidate order
 *   3. the generator learns from the verdicts (the search generator does)
 *   4. each candidate that passed and differs from every level kept so far
 *      is written: DIR/lvlK.txt and a row of DIR/levels.tsv
 * The script's constraints{} give the defaults of --length and --wins.
 * Exit status: 0 all levels written; 1 some, when time ran out; 2 bad
 * input, or no level at all (the reason: what became of the candidates).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "generate.h"
#include "render.h"
#include "report.h"
#include "sheet.h"

#define DEFAULT_COUNT      10
#define DEFAULT_SECONDS    60
#define DEFAULT_MAX_STATES 200000
#define DEFAULT_PLAYS      10       /* a level with chance: games each agent plays, */
#define DEFAULT_TICKS      1000     /* ... each at most so long, */
#define DEFAULT_CALLS      1000     /* ... its decisions this many forward-model calls each */
#define DEFAULT_GENERATOR  "search" /* "script" when the game's script has generate() */
#define BATCH \
    32 /* candidates proposed at once: the same for any number of workers, so that
                                      * the levels are too */

/* What the command keeps while it runs. */
typedef struct run {
    const gen_game *gm;
    const gen_opts *o;
    const char *dir;
    FILE *tsv;
    int kept;
    uint64_t *hashes; /* of the kept levels' texts */
    char **texts;
    char (*captions)[32]; /* what the contact sheet says under each: its length, or its agents' wins */
    long judged, by_verdict[NUM_VERDICTS];
    int longest; /* the longest proven solution seen, -1: none */
    double start;
    int progress; /* stderr is a terminal: a progress line */
} run;

/* ---- Options -------------------------------------------------------------- */

/* The agents of --agents STRONG,WEAK into o; 0, or 2 after printing why. */
static int read_agents(const char *list, const vg_game *g, gen_opts *o, char *buf, size_t size) {
    snprintf(buf, size, "%s", list);
    char *comma = strchr(buf, ',');
    if (!comma || strchr(comma + 1, ','))
        return cli_fail("option --agents needs STRONG,WEAK: two agents ('vgdl list agents'), not '%s'", list);
    *comma = '\0';
    o->strong = buf, o->weak = comma + 1;
    const char *names[2] = {o->strong, o->weak};
    for (int k = 0; k < 2; k++)
        if (!agent_find(names[k])) {
            char why[512];
            agent *none = agent_new(names[k], g, NULL, 0, 0, why, sizeof why);
            agent_free(none);
            return cli_fail("--agents: %s", why);
        }
    return 0;
}

/* The options of the request, with the game's defaults; 0, or 2 after printing why. */
static int read_opts(const cli_opts *co, const gen_game *gm, gen_opts *o, char *agents, size_t size) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    const vg_constraints *c = vg_game_constraints(gm->g); /* the script's, where the options say nothing */
    *o = (gen_opts){
        .count = co->count ? co->count : DEFAULT_COUNT,
        .w = co->size_w ? co->size_w : gm->w,
        .h = co->size_h ? co->size_h : gm->h,
        .seed = co->seed,
        .min_len = co->min_len     ? co->min_len
                   : c->has_length ? c->min_length
                                   : 0,
        .max_len = co->min_len     ? co->max_len
                   : c->has_length ? c->max_length
                                   : 0,
        .seconds = co->has_seconds ? co->seconds : DEFAULT_SECONDS,
        .workers = co->has_workers ? co->workers
                   : cores > 0     ? (int)cores
                                   : 1,
        .max_states = co->max_states ? co->max_states : DEFAULT_MAX_STATES,
        .plays = co->plays ? co->plays : DEFAULT_PLAYS,
        .max_ticks = co->max_ticks ? co->max_ticks : DEFAULT_TICKS,
        .calls = co->budget.calls ? co->budget.calls : DEFAULT_CALLS,
        .strong_min = co->has_wins  ? co->strong_min
                      : c->has_wins ? c->strong_min
                                    : 0.5,
        .weak_max = co->has_wins  ? co->weak_max
                    : c->has_wins ? c->weak_max
                                  : 0.1,
    };
    int wall_w = gm->border[1] + gm->border[3], wall_h = gm->border[0] + gm->border[2];
    if (o->w + wall_w > VG_MAX_MAP_SIDE || o->h + wall_h > VG_MAX_MAP_SIDE)
        return cli_fail("option --size: %dx%d and the game's border make a map over %d cells a side", o->w, o->h,
                        VG_MAX_MAP_SIDE);
    if (o->w * o->h < 2)
        return cli_fail("option --size: %dx%d leaves no room for an avatar and anything else", o->w, o->h);
    return read_agents(co->agents ? co->agents : "mcts,random", gm->g, o, agents, size);
}

/* The folder 'dir', made if missing ('*made' says whether it was); refused when it holds generated levels
 * already. 0, or 2 after printing why. */
static int make_dir(const char *dir, int *made) {
    char path[4200];
    *made = mkdir(dir, 0777) == 0;
    if (!*made && errno != EEXIST) return cli_fail("--out %s: cannot make the folder: %s", dir, strerror(errno));
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) return cli_fail("--out %s: not a folder", dir);
    snprintf(path, sizeof path, "%s/levels.tsv", dir);
    if (access(path, F_OK) == 0)
        return cli_fail(
            "--out %s: it holds generated levels already (levels.tsv); choose another folder or remove them", dir);
    return 0;
}

/* ---- Keeping a level ---------------------------------------------------------- */

static uint64_t text_hash(const char *s) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

/* 1 when 'text' is a level kept already. */
static int seen(const run *r, const char *text, uint64_t h) {
    for (int k = 0; k < r->kept; k++)
        if (r->hashes[k] == h && strcmp(r->texts[k], text) == 0) return 1;
    return 0;
}

/* The plan as --moves takes it: "right,down,...". */
static void print_plan(FILE *f, const gen_eval *ev) {
    for (int k = 0; k < ev->plan_len; k++) {
        fputs(k ? "," : "", f);
        for (const char *c = vg_action_name((vg_action)ev->plan[k]) + 7; *c; c++)
            fputc(tolower((unsigned char)*c), f); /* "ACTION_UP" */
    }
    if (!ev->plan_len) fputc('-', f);
}

static void print_rate(FILE *f, int wins, int plays) {
    double lo, hi;
    report_wilson(wins, plays, &lo, &hi);
    fprintf(f, "\t%.2f\t%.2f\t%.2f", plays ? (double)wins / plays : 0.0, lo, hi);
}

/* Writes level 'text' as DIR/lvlK.txt and its row; 0, or 2 after printing why. */
static int keep(run *r, char *text, uint64_t h, const gen_map *m, const gen_eval *ev) {
    char path[4200];
    snprintf(path, sizeof path, "%s/lvl%d.txt", r->dir, r->kept);
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) return cli_fail("cannot write %s: %s", path, strerror(errno));
    const gen_game *gm = r->gm;
    int wall = !m->whole;
    fprintf(r->tsv, "lvl%d.txt\t%d\t%d", r->kept, m->w + wall * (gm->border[1] + gm->border[3]),
            m->h + wall * (gm->border[0] + gm->border[2]));
    if (ev->chance) {
        fprintf(r->tsv, "\t-\t-");
        print_rate(r->tsv, ev->strong_wins, ev->strong_plays);
        print_rate(r->tsv, ev->weak_wins, ev->weak_plays);
    } else {
        fprintf(r->tsv, "\t%d\t%lld\t-\t-\t-\t-\t-\t-", ev->length, (long long)ev->states);
    }
    fprintf(r->tsv, "\t%.2f\t", ev->coverage);
    print_plan(r->tsv, ev);
    fputc('\n', r->tsv);
    if (fflush(r->tsv) != 0) return cli_fail("cannot write %s/levels.tsv: %s", r->dir, strerror(errno));
    if (ev->chance)
        snprintf(r->captions[r->kept], sizeof r->captions[0], "lvl%d: %d/%d vs %d/%d", r->kept, ev->strong_wins,
                 ev->strong_plays, ev->weak_wins, ev->weak_plays);
    else snprintf(r->captions[r->kept], sizeof r->captions[0], "lvl%d: %d moves", r->kept, ev->length);
    r->hashes[r->kept] = h;
    r->texts[r->kept++] = text;
    return 0;
}

/* Files the verdicts of one batch, keeping what passed; 0, or 2 after printing why. */
static int file_batch(run *r, const gen_map *maps, const gen_eval *evs, int n) {
    for (int i = 0; i < n && r->kept < r->o->count; i++) {
        const gen_eval *ev = &evs[i];
        if (ev->verdict == GEN_UNJUDGED) continue;
        r->judged++;
        r->by_verdict[ev->verdict]++;
        if (ev->length > r->longest) r->longest = ev->length;
        if (ev->verdict != GEN_PASS) continue;
        char *text = gen_map_text(r->gm, &maps[i]);
        if (!text) return cli_fail("out of memory");
        uint64_t h = text_hash(text);
        if (seen(r, text, h)) {
            free(text);
            continue;
        }
        int rc = keep(r, text, h, &maps[i], ev);
        if (rc) {
            free(text);
            return rc;
        }
    }
    return 0;
}

/* ---- Progress and the end ------------------------------------------------------- */

static void fmt_time(double s, char *buf, size_t size) {
    long t = (long)(s + 0.5);
    snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

/* "12/20 levels, 143 candidates, 0:07 elapsed, at most 0:53 left" (when stderr is a terminal, as batch's). */
static void show_progress(const run *r, int final) {
    if (!r->progress) return;
    char el[32], left[32];
    double t = fm_now() - r->start;
    fmt_time(t, el, sizeof el);
    fmt_time(r->o->seconds > t ? r->o->seconds - t : 0, left, sizeof left);
    fprintf(stderr, "\r%d/%d levels, %ld candidates, %s elapsed, at most %s left\033[K%s", r->kept, r->o->count,
            r->judged, el, left, final ? "\n" : "");
    fflush(stderr);
}

/* "150 candidates judged: 12 pass, 38 too short, ...; the longest proven solution 30 moves" into buf. */
static void tally(const run *r, char *buf, size_t size) {
    size_t n = (size_t)snprintf(buf, size, "%ld candidates judged", r->judged);
    const char *sep = ": ";
    for (int v = 0; v < NUM_VERDICTS && n < size; v++)
        if (r->by_verdict[v]) {
            n += (size_t)snprintf(buf + n, size - n, "%s%ld %s", sep, r->by_verdict[v],
                                  gen_verdict_name((gen_verdict)v));
            sep = ", ";
        }
    if (r->longest >= 0 && n < size) snprintf(buf + n, size - n, "; the longest proven solution %d moves", r->longest);
}

/* ---- The contact sheet ------------------------------------------------------------- */

/* Level k drawn at its start, the board only (no strip), into tile 't'
 * (its pixels malloc'd); VG_OK or the error. */
static vg_status draw_level(const run *r, const cli_opts *co, int k, sheet_tile *t, vg_error *err) {
    vg_game *g = NULL;
    render *rd = NULL;
    vg_state *s = NULL;
    render_opts ro = {co->cell, 0, r->gm->script, co->sprites};
    vg_status st = vg_game_load_text(r->gm->script, r->texts[k], r->captions[k], &g, err);
    if (st == VG_OK) st = render_new(g, &ro, &rd, err);
    if (st == VG_OK && !(s = vg_state_new(g, 0))) st = VG_ERR_NOMEM;
    int board_h = g ? vg_game_height(g) * (co->cell ? co->cell : VG_CANVAS_CELL) : 0; /* the strip below it left out */
    size_t bytes = st == VG_OK ? (size_t)render_width(rd) * (size_t)board_h * 3 : 0;
    uint8_t *rgb = bytes ? malloc(bytes) : NULL;
    if (st == VG_OK && !rgb) st = VG_ERR_NOMEM;
    if (st == VG_ERR_NOMEM) snprintf(err->msg, sizeof err->msg, "out of memory"), err->file[0] = '\0';
    if (st == VG_OK) {
        memcpy(rgb, render_draw(rd, s), bytes);
        *t = (sheet_tile){rgb, render_width(rd), board_h, r->captions[k]};
    }
    vg_state_free(s);
    render_free(rd);
    vg_game_free(g);
    return st;
}

/* --sheet PNG: the levels kept, a few a row; 0, or 2 after printing why. */
static int draw_sheet(const run *r, const cli_opts *co) {
    sheet_tile *tiles = calloc((size_t)r->kept, sizeof *tiles);
    vg_error err = {0};
    vg_status st = tiles ? VG_OK : VG_ERR_NOMEM;
    int cols = 1;
    while (cols * cols < r->kept) cols++;
    for (int k = 0; k < r->kept && st == VG_OK; k++) st = draw_level(r, co, k, &tiles[k], &err);
    if (st == VG_OK) st = sheet_png(co->sheet, tiles, r->kept, cols, &err);
    for (int k = 0; tiles && k < r->kept; k++) free((void *)tiles[k].rgb);
    free(tiles);
    if (st == VG_ERR_NOMEM && !tiles) return cli_fail("out of memory");
    return st == VG_OK ? 0 : cli_report(&err);
}

/* ---- The command ------------------------------------------------------------------ */

/* The loop (the header's steps); 0, or 2 after printing why. */
static int generate(run *r, const gen_def *def, void *self, gen_pool *pool) {
    static gen_map maps[BATCH];
    static gen_eval evs[BATCH];
    gen_rng rng = {r->o->seed ^ 0x6a09e667f3bcc909ULL};
    double deadline = r->start + r->o->seconds;
    int rc = 0;
    while (!rc && r->kept < r->o->count && fm_now() < deadline) {
        vg_error err = {0};
        int n = def->propose(self, &rng, maps, BATCH, &err);
        if (n < 0) rc = cli_report(&err);
        else if (gen_pool_judge(pool, maps, evs, n, r->o->count - r->kept, deadline))
            rc = cli_fail("a worker process could not be started");
        if (!rc && def->learn) def->learn(self, maps, evs, n);
        if (!rc) rc = file_batch(r, maps, evs, n);
        show_progress(r, 0);
    }
    show_progress(r, 1);
    return rc;
}

/* What the run ends with: the summary, and the exit status. */
static int finish(const run *r, const char *game) {
    char counts[1024];
    tally(r, counts, sizeof counts);
    if (r->kept == 0) return cli_fail("no level of %s passed within %g s (%s)", game, r->o->seconds, counts);
    printf("%s/levels.tsv: %d level%s in %.1f s; %s\n", r->dir, r->kept, r->kept == 1 ? "" : "s", fm_now() - r->start,
           counts);
    if (r->kept < r->o->count) {
        fprintf(stderr, "vgdl: only %d of %d levels within %g s\n", r->kept, r->o->count, r->o->seconds);
        return 1;
    }
    return 0;
}

int cmd_generate(int argc, char **argv) {
    cli_opts co;
    gen_game gm;
    gen_opts o;
    char agents[256], path[4200];
    vg_error err = {0};
    int rc = cli_parse(argc, argv, &co, 1), made = 0;
    if (rc) return rc;
    if (!co.out) return cli_fail("generate needs --out DIR: the folder the levels are written to");
    const gen_def *def = co.generator ? gen_find(co.generator) : NULL;
    if (co.generator && !def) {
        int n;
        const gen_def *const *all = gen_list(&n);
        const char *names[16];
        for (int k = 0; k < n && k < 16; k++) names[k] = all[k]->name;
        int near = vg_closest_name(co.generator, names, n);
        if (near >= 0) return cli_fail("unknown generator '%s'; did you mean '%s'?", co.generator, names[near]);
        return cli_fail("unknown generator '%s' (random, constructive, search, script)", co.generator);
    }
    if ((rc = gen_game_study(co.game, co.size_w, co.size_h, &gm)) ||
        (rc = read_opts(&co, &gm, &o, agents, sizeof agents))) {
        gen_game_free(&gm);
        return rc;
    }
    if (!def) def = gen_find(gm.has_generate ? "script" : DEFAULT_GENERATOR);
    void *self = def->create(&gm, &o, &err);
    gen_pool *pool = NULL;
    run r = {.gm = &gm, .o = &o, .dir = co.out, .longest = -1, .start = fm_now(), .progress = isatty(2)};
    r.hashes = calloc((size_t)o.count, sizeof *r.hashes);
    r.texts = calloc((size_t)o.count, sizeof *r.texts);
    r.captions = calloc((size_t)o.count, sizeof *r.captions);
    if (!self) rc = cli_fail("generator %s: %s", def->name, err.msg[0] ? err.msg : "out of memory");
    else if (!r.hashes || !r.texts || !r.captions) rc = cli_fail("out of memory");
    else if (!(rc = make_dir(co.out, &made))) {
        snprintf(path, sizeof path, "%s/levels.tsv", co.out);
        if (!(r.tsv = fopen(path, "w"))) rc = cli_fail("cannot write %s: %s", path, strerror(errno));
    }
    if (!rc) {
        fprintf(r.tsv,
                "file\twidth\theight\tshortest\tstates\tstrong\tstrong_low\tstrong_high\tweak\tweak_low\tweak_high\t"
                "coverage\tplan\n");
        if (!(pool = gen_pool_new(&gm, &o, o.workers))) rc = cli_fail("cannot start the worker processes");
    }
    if (!rc) rc = generate(&r, def, self, pool);
    gen_pool_free(pool);
    if (r.tsv && fclose(r.tsv) != 0 && !rc) rc = cli_fail("cannot write %s/levels.tsv: %s", co.out, strerror(errno));
    if (r.tsv && r.kept == 0 && remove(path) == 0 && made) rmdir(co.out); /* no level: nothing left behind */
    if (!rc && co.sheet && r.kept) rc = draw_sheet(&r, &co);
    if (!rc) rc = finish(&r, co.game);
    for (int k = 0; k < r.kept; k++) free(r.texts[k]);
    free(r.texts);
    free(r.captions);
    free(r.hashes);
    if (self) def->destroy(self);
    gen_game_free(&gm);
    return rc;
}
