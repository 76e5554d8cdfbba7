/* SPDX-License-Identifier: MIT
 *
 * prove.c -- one candidate judged (generate.h), in phases:
 *
 *   1. it loads (every character mapped, the game's own checks), with
 *      exactly one avatar and the sprites constraints{} asks for, and the
 *      game is not over at the start, nor after a tick of standing still
 *   2. chance: a few random plays look for a tick whose random draw could
 *      have come out otherwise (vg_state_drew); the solver settles it for
 *      the rest
 *   3. no chance: the level solver (agents/solve_level.h) proves the
 *      shortest solution, within --max-states (and --length's end); the
 *      proof holds for every seed only when no tick the solver played
 *      depended on the seed, so such a tick makes it a level with chance
 *      after all. The plan is replayed to a win, and the avatar's rules it
 *      fires give the coverage
 *   4. chance: with --length refused (there is no length to prove), else
 *      the weak agent plays first (cheap), then the strong one, each
 *      stopping as soon as the level cannot pass any more
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "generate.h"
#include "match.h"
#include "solve_level.h"

static const char *const verdict_names[NUM_VERDICTS] = {[GEN_PASS] = "pass",
                                                        [GEN_BAD_MAP] = "bad map",
                                                        [GEN_CONSTRAINT] = "breaks constraints{}",
                                                        [GEN_OVER] = "over before a move",
                                                        [GEN_UNSOLVABLE] = "unsolvable",
                                                        [GEN_UNDECIDED] = "undecided",
                                                        [GEN_SHORT] = "too short",
                                                        [GEN_LONG] = "too long or unsolvable",
                                                        [GEN_CHANCE] = "chance (no length)",
                                                        [GEN_WEAK_WINS] = "weak agent wins",
                                                        [GEN_STRONG_LOSES] = "strong agent loses",
                                                        [GEN_ERROR] = "error",
                                                        [GEN_UNJUDGED] = "not judged"};

const char *gen_verdict_name(gen_verdict v) { return v < NUM_VERDICTS ? verdict_names[v] : "?"; }

static void verdict(gen_eval *ev, gen_verdict v, const char *why) {
    ev->verdict = v;
    if (why) snprintf(ev->why, sizeof ev->why, "%s", why);
}

/* ---- Coverage: the avatar's rules that fired ---------------------------- */

/* The avatar's rules are those naming an avatar type with another sprite;
 * one fired when an avatar event (vg_events: the avatar's collisions under
 * a rule) pairs the two. */


typedef struct coverage {
    const vg_game *g;
    const vg_state *s;
    int n;             /* the avatar's rules */
    uint64_t fired[4]; /* ... those that fired, by rule (the first 256 rules) */
} coverage;

static void coverage_init(coverage *cv, const vg_game *g, const vg_state *s) {
    memset(cv, 0, sizeof *cv);
    cv->g = g, cv->s = s;
    vg_rule_info r;
    for (int k = 0; vg_rule(g, k, &r); k++)
        cv->n += r.t2 >= 0 && (gen_names_avatar(g, r.t1) || gen_names_avatar(g, r.t2));
}

/* Notes the rules the last tick's avatar events match. */
static void coverage_note(coverage *cv) {
    vg_event ev[VG_MAX_EVENTS];
    vg_rule_info r;
    int n = vg_events(cv->g, cv->s, ev, VG_MAX_EVENTS);
    for (int k = 0; vg_rule(cv->g, k, &r) && k < (int)sizeof cv->fired * 8; k++)
        for (int e = 0; e < n && e < VG_MAX_EVENTS; e++) {
            int a = ev[e].active_type, p = ev[e].passive_type;
            if (r.t2 >= 0 && ((vg_type_is_a(cv->g, a, r.t1) && vg_type_is_a(cv->g, p, r.t2)) ||
                              (vg_type_is_a(cv->g, p, r.t1) && vg_type_is_a(cv->g, a, r.t2))))
                cv->fired[k / 64] |= 1ULL << (k % 64);
        }
}

static double coverage_share(const coverage *cv) {
    int fired = 0;
    for (size_t k = 0; k < sizeof cv->fired / sizeof cv->fired[0]; k++) fired += __builtin_popcountll(cv->fired[k]);
    return cv->n ? (double)fired / cv->n : 0;
}

/* ---- 2. Chance ---------------------------------------------------------- */

#define PEEK_PLAYS 4
#define PEEK_TICKS 100

/* 1 when one of a few random plays from 's' depends on the seed. */
static int peek_chance(const vg_game *g, const vg_state *start) {
    vg_state *s = vg_state_clone(start);
    uint64_t x = 0x2545F4914F6CDD1DULL;
    int drew = 0;
    for (int p = 0; s && p < PEEK_PLAYS && !drew; p++) {
        vg_state_reset(g, s, (uint64_t)p + 1);
        for (int t = 0; t < PEEK_TICKS && !vg_is_over(s) && !drew; t++) {
            vg_action acts[VG_MAX_ACTIONS];
            int n = vg_actions(g, s, acts);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            if (vg_advance(g, s, n ? acts[x % (uint64_t)n] : VG_ACTION_NIL, NULL) != VG_OK) break;
            drew = vg_state_drew(s);
        }
    }
    vg_state_free(s);
    return drew;
}

/* ---- 3. A proof --------------------------------------------------------- */

/* Replays the plan from 'start': 1 when it wins, coverage noted. */
static int replay(const vg_game *g, const vg_state *start, gen_eval *ev) {
    vg_state *s = vg_state_clone(start);
    coverage cv;
    if (!s) return 0;
    coverage_init(&cv, g, s);
    for (int k = 0; k < ev->plan_len && !vg_is_over(s); k++) {
        if (vg_advance(g, s, (vg_action)ev->plan[k], NULL) != VG_OK) break;
        coverage_note(&cv);
    }
    int won = vg_winner_of(s) == VG_PLAYER_WINS;
    ev->coverage = coverage_share(&cv);
    vg_state_free(s);
    return won;
}

/* Proves 'start''s shortest solution; sets ev->chance instead when the
 * solver's ticks drew a random number. */
static void prove(const vg_game *g, const vg_state *start, const gen_opts *o, gen_eval *ev) {
    fm f = {.g = g};
    solve_opts so = {o->max_states, 0, 1, o->max_len};
    solve_result r;
    solve_level(g, &f, start, &so, &r);
    ev->states = r.expanded;
    if (r.chance) {
        ev->chance = 1;
    } else if (r.status == SOLVE_ERROR) {
        verdict(ev, GEN_ERROR, f.error.msg);
    } else if (r.status == SOLVE_UNSOLVABLE) {
        ev->lower = r.lower_bound; /* with --length: no win of at most MAX moves (lower MAX + 1) */
        verdict(ev, r.lower_bound > 0 ? GEN_LONG : GEN_UNSOLVABLE, NULL);
    } else if (r.status != SOLVE_SOLVED || !r.optimal) {
        ev->lower = r.lower_bound;
        verdict(ev, GEN_UNDECIDED, NULL);
    } else if (r.len > GEN_MAX_PLAN) {
        ev->length = r.len;
        verdict(ev, GEN_LONG, "a plan longer than the longest kept");
    } else {
        ev->length = ev->lower = r.len;
        ev->plan_len = r.len;
        for (int k = 0; k < r.len; k++) ev->plan[k] = (uint8_t)r.plan[k];
        if (!replay(g, start, ev)) verdict(ev, GEN_ERROR, "the solver's plan does not replay to a win");
        else if (o->min_len && r.len < o->min_len) verdict(ev, GEN_SHORT, NULL);
        else if (o->max_len && r.len > o->max_len) verdict(ev, GEN_LONG, NULL);
    }
    free(r.plan);
}

/* ---- 4. Agents over seeds ------------------------------------------------- */

/* The seed of play 'k': spread, as java.util.Random's first draws for nearby seeds are alike. */
static uint64_t play_seed(int k) { return ((uint64_t)k + 1) * 0x9E3779B97F4A7C15ULL >> 11; }

typedef struct play_hook {
    coverage *cv;
} play_hook;

static vg_status after_round(void *ud, int who, int move, vg_error *err) {
    (void)who, (void)move, (void)err;
    play_hook *h = ud;
    if (h->cv) coverage_note(h->cv);
    return VG_OK;
}

/* Plays agent 'name' on 'g' 'o->plays' times at most, stopping once its
 * wins reach 'stop_at' or can no longer reach 'need'; its wins, or -1
 * with ev->why filled. */
static int wins_of(const vg_game *g, const gen_opts *o, const char *name, int need, int stop_at, coverage *cv,
                   gen_eval *ev, int32_t *played) {
    int wins = 0;
    *played = 0;
    for (int k = 0; k < o->plays && wins < stop_at && wins + (o->plays - k) >= need; k++) {
        char why[512];
        vg_error err;
        agent *a = agent_new(name, g, NULL, 0, play_seed(k), why, sizeof why);
        vg_state *s = a ? vg_state_new(g, play_seed(k)) : NULL;
        if (!s) {
            agent_free(a);
            verdict(ev, GEN_ERROR, a ? "out of memory" : why);
            return -1;
        }
        match_seat seat = {a, name, {0, o->calls}, NULL};
        if (cv) cv->s = s;
        play_hook h = {cv};
        int rc = match_play(g, s, &seat, o->max_ticks, after_round, &h, &err);
        wins += rc == 0 && vg_winner_of(s) == VG_PLAYER_WINS;
        (*played)++;
        vg_state_free(s);
        agent_free(a);
        if (rc) {
            verdict(ev, GEN_ERROR, err.msg);
            return -1;
        }
    }
    return wins;
}

static void measure(const vg_game *g, const vg_state *start, const gen_opts *o, gen_eval *ev) {
    coverage cv;
    coverage_init(&cv, g, start);
    int weak_allowed = (int)floor(o->weak_max * o->plays + 1e-9),
        strong_need = (int)ceil(o->strong_min * o->plays - 1e-9);
    ev->weak_wins = wins_of(g, o, o->weak, 0, weak_allowed + 1, NULL, ev, &ev->weak_plays);
    if (ev->weak_wins < 0) return;
    if (ev->weak_wins > weak_allowed) {
        verdict(ev, GEN_WEAK_WINS, NULL);
        return;
    }
    ev->strong_wins = wins_of(g, o, o->strong, strong_need, o->plays + 1, &cv, ev, &ev->strong_plays);
    if (ev->strong_wins < 0) return;
    ev->coverage = coverage_share(&cv);
    if (ev->strong_wins < strong_need) verdict(ev, GEN_STRONG_LOSES, NULL);
}

/* ---- The phases ------------------------------------------------------------ */

/* 1 when the game is over after one tick of the avatar standing still: a
 * level won or lost before a move (Sokoban with no box, Zelda with no
 * door: GVGAI checks the terminations after a tick, not at the start). */
static int over_at_once(const vg_game *g, const vg_state *start) {
    vg_state *s = vg_state_clone(start);
    int over = s && vg_advance(g, s, VG_ACTION_NIL, NULL) == VG_OK && vg_is_over(s);
    vg_state_free(s);
    return over;
}

/* 1 when the start 's' has as many sprites of each type as constraints{}
 * asks; else 0, with ev->why saying which. */
static int counts_kept(const vg_game *g, const vg_state *s, gen_eval *ev) {
    const vg_constraints *c = vg_game_constraints(g);
    for (int k = 0; k < c->nsprites; k++) {
        int n = vg_sprites_of(g, s, c->sprites[k].type, NULL, NULL, 0);
        if (n < c->sprites[k].min || n > c->sprites[k].max) {
            snprintf(ev->why, sizeof ev->why, "%d %s (constraints{} asks %d to %d)", n,
                     vg_type_name(g, c->sprites[k].type), c->sprites[k].min, c->sprites[k].max);
            return 0;
        }
    }
    return 1;
}

void gen_prove_game(const vg_game *g, const gen_opts *o, gen_eval *ev) {
    memset(ev, 0, offsetof(gen_eval, plan));
    ev->length = ev->lower = -1;
    ev->why[0] = '\0';
    vg_state *s = vg_state_new(g, 0);
    if (!s) {
        verdict(ev, GEN_ERROR, "out of memory");
        return;
    }
    int avatars = vg_sprites(g, s, VG_CAT_AVATAR, NULL, NULL, 0);
    if (avatars != 1) {
        snprintf(ev->why, sizeof ev->why, "%d avatars (a level has one)", avatars);
        verdict(ev, GEN_BAD_MAP, NULL);
    } else if (!counts_kept(g, s, ev)) {
        verdict(ev, GEN_CONSTRAINT, NULL);
    } else if (vg_is_over(s) || over_at_once(g, s)) {
        verdict(ev, GEN_OVER, NULL);
    } else {
        ev->chance = peek_chance(g, s);
        if (!ev->chance) prove(g, s, o, ev);
        if (ev->chance && (o->min_len || o->max_len)) verdict(ev, GEN_CHANCE, NULL); /* no length to keep it by */
        else if (ev->chance) measure(g, s, o, ev);
    }
    vg_state_free(s);
}

void gen_prove(const gen_game *gm, const gen_opts *o, const gen_map *m, gen_eval *ev) {
    char *text = gen_map_text(gm, m);
    vg_game *g = NULL;
    vg_error err;
    if (!text) {
        memset(ev, 0, offsetof(gen_eval, plan));
        verdict(ev, GEN_ERROR, "out of memory");
        return;
    }
    if (vg_game_load_text(gm->script, text, "candidate", &g, &err) != VG_OK) {
        memset(ev, 0, offsetof(gen_eval, plan));
        ev->length = ev->lower = -1;
        verdict(ev, GEN_BAD_MAP, err.msg);
    } else {
        gen_prove_game(g, o, ev);
    }
    vg_game_free(g);
    free(text);
}
