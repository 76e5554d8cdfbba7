/* SPDX-License-Identifier: MIT
 *
 * bound.c -- a lower bound on the actions still needed to win (vg_bound):
 * the script's bound(state) when it defines one (the author promises it
 * never overestimates), else one derived here from the rules when every
 * rule its proof needs holds, else 0. The level solver's A* is only as
 * right as this bound: "shortest" is proven under it, and it needs the
 * bound consistent (h(s) <= 1 + h(s') along any action). This file holds
 * the proofs and checks the rules they need; bound_walk.c measures.
 *
 * Wins. Every win is a SpriteCounter of limit 0 (type T) or a
 * MultiSpriteCounter of limit 0 (exactly 0; types T1..T3): the win needs
 * every sprite of T gone, of every Ti for the second. A bound for any one
 * Ti that satisfies a derivation below is a bound for its win, so a win
 * gets the largest of its types' (a SpriteCounter's type must derive);
 * the game gets the least over its wins. Any other way to win (another
 * termination, a script effect or termination) refuses.
 *
 * The avatar's walk (reach, key chains, freeze). Every avatar type is a
 * grid avatar (MovingAvatar, OrientedAvatar, HorizontalAvatar,
 * VerticalAvatar, ShootAvatar, FlakAvatar) of speed 1; no rule moves an
 * avatar except stepBack and undoAll (back where it was), turns one into a
 * new avatar elsewhere, creates one, or changes speeds; no rule acts
 * beyond its two sprites but undoAll (effect.h's FX_OTHERS: killAll,
 * transformToAll, shieldFrom, addTimer, ...); no turns{}. So each action moves
 * the avatar at most one cell, up, down, left or right, and it ends no
 * tick alive in a *wall* cell: one holding a sprite that never moves or
 * dies whose rule with every avatar type steps it back or kills it. (It
 * may touch what is in a wall cell during the tick before it is stepped
 * back, so a target in a wall cell counts as reached from next to it.) One
 * avatar at the start (none is ever created). The map's edge is no wall: a
 * ring of cells around the map stands for everything outside it (a walk
 * outside is no shorter than one along the ring). d(x, y): the fewest
 * moves from cell x to touch what is in cell y; between cells that are no
 * walls a metric.
 *
 * Reach: every rule that may kill or transform a T sprite has an avatar
 * type as the other sprite, and T's sprites never move and are never
 * created (fixed, or still by class and moved by no rule but a transform,
 * which removes them: Zen Puzzle's ground turns into walked). A T sprite is gone only when the avatar enters
 * its cell, so a win needs the avatar to touch every live T sprite's cell.
 * Any walk through them passes them in some order, and its length is at
 * least the sum of d between consecutive ones: at least the weight M of a
 * minimum spanning tree over the live T cells that are no walls (d a
 * metric there), plus d from the avatar to the first, so
 *     h = max(max over T of d(a, T), M + min over those T of d(a, T))
 * with a the avatar's cell; an unreachable T makes the state dead.
 * Consistent: a move changes each d(a, .) by at most 1; when the avatar
 * takes T at cell t, M' + d(t, T') >= M (join t to the tree by its
 * nearest edge), and h only grows when walls are added (freeze).
 *
 * Key chain (reach): when only avatars of a set W remove T (the other
 * sprite of every such rule is in W) and an avatar becomes W only by a
 * transformTo with a second sprite of a type K that never moves and is
 * never created (a key), an avatar not in W removes no T before it touches
 * a K sprite live now, in cell k; all live T are live then, and the walk
 * goes on from k. So, not in W,
 *     h = max(reach's h, min over live K of d(a, k) + reach's h from k)
 * (from a k in a wall cell only d(a, k) counts: the avatar stands next to
 * it). With no K left the state is dead. Consistent: entering k gives the
 * second term's value minus the step; the first term is reach's.
 *
 * Freeze: boxes (types some avatar pushes with bounceForward) obey push's
 * rules below; every avatar type pushes every box type; two boxes meeting,
 * and a box meeting a *freeze wall* (a wall cell whose sprite also meets
 * every box type with undoAll), are undone with undoAll, which leaves no
 * avatar or box type alone; the sprites that kill boxes are fixed (holes).
 * A box not on a hole's start cell is *frozen* when, on each axis, a
 * freeze wall or a frozen box lies next to it on either side: it cannot
 * move towards that side (undone), nor be pushed away from it (the avatar
 * would have to stand there, and an avatar entering a frozen box's cell
 * pushes it into what undoes the tick, itself included). The frozen boxes
 * are the largest set with that property (start from every box, drop the
 * ones not blocked until none is): the first of them to move would have
 * left a blocked axis. So a frozen box never moves or dies again and the
 * avatar never ends a tick in its cell: a wall for the walk, except in a
 * cell where a T or K sprite started (then it counts as open, which only
 * lowers h). The frozen set only grows, so walls are only added: h is
 * still consistent.
 *
 * Grown walls (reach): a type that never moves and never dies once
 * created (still by class, no rule moves, kills or transforms it, no
 * timeToLive) and that stops every avatar type (stepBack, undoAll or a
 * kill) makes its cell a wall from the moment one appears: Zen Puzzle's
 * walked tiles. With the avatar's own cell left open, the walls in force
 * only grow along any action (the cell left behind stays walled; the one
 * entered was open), so d' over them from the avatar -- one breadth-first
 * search per state -- obeys d'(a, t) <= 1 + d'(a', t):
 *     h = max(reach's h, max over T of d'(a, T), M + min over T of d'(a, T))
 * (M as in reach: d <= d'), and a live T out of d''s reach (a region of
 * tiles cut off) is dead. Not with a key chain while the avatar lacks W.
 *
 * Push (Sokoban): every rule that may kill or transform a T sprite (a
 * box) has as the other sprite a type of a set H (holes) that never moves
 * and is never created; a box moves only by bounceForward from an avatar
 * (of speed 1, not repeated) or back by stepBack/undoAll; no rule creates
 * boxes; two boxes meeting step back (a box-box rule stepBack or undoAll),
 * and no two share a cell at the start, so boxes never share a cell when a
 * tick ends and an action pushes at most the one box in the avatar's way,
 * one cell. A box never ends a tick in a cell holding a fixed sprite that
 * steps every box back. A box is gone only on a hole's cell, so
 *     h = sum over boxes of (pushes from its cell to the nearest hole)
 * over the cells boxes may stand in, holes of the start (holes only go):
 * each push moves one box one cell. A box that cannot reach a hole makes
 * the state dead.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "bound_merge.h"
#include "class.h"
#include "effect.h"
#include "state.h"
#include "term.h"

static uint64_t sub(const vg_game *g, int t) { return t >= 0 ? g->types[t].subtypes : 0; }
static int ring(const struct bound_rules *b, int x, int y) { return (y + 1) * b->rw + x + 1; }

/* ---- The rules the proofs need ------------------------------------------ */

static int is_grid_avatar(int cls) {
    return cls == CLS_MovingAvatar || cls == CLS_OrientedAvatar || cls == CLS_HorizontalAvatar ||
           cls == CLS_VerticalAvatar || cls == CLS_ShootAvatar || cls == CLS_FlakAvatar;
}

/* The types rule 'e' may create: those its 'stype' and 'stypeTo' name, and a clone's own. */
uint64_t bound_made(const vg_game *g, const effect_def *e) {
    return sub(g, e->stype) | sub(g, e->stype_to) | (e->flags & FX_CLONES ? sub(g, e->t1) : 0);
}

/* A rule that surely replaces its first sprite, in its place, by one of its 'stype' (transformTo). */
int bound_sure_transform(unsigned f) { return (f & FX_REPLACES) && (f & FX_SURE); }

/* Types some class creates (spawns, shoots, spreads). */
uint64_t bound_class_created(const vg_game *g) {
    uint64_t m = 0;
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (!td->leaf || td->cls < 0) continue;
        m |= class_creates(g, td);
    }
    return m;
}

/* A win the proofs cover: a SpriteCounter or a MultiSpriteCounter of limit 0. */
static int counted_win(const term_def *tm) {
    return tm->limit == 0 && (tm->kind == TERM_SpriteCounter || (tm->kind == TERM_MultiSpriteCounter && !tm->min));
}

/* The avatar's walk: NULL when it holds, else why not. */
static const char *walk_refused(const vg_game *g) {
    uint64_t A = g->avatar_types;
    if (g->turns) return "the game has turns";
    if (!A) return "no avatar";
    for (int t = 0; t < g->ntypes; t++)
        if (type_in(A, t) && (!is_grid_avatar(g->types[t].cls) || g->types[t].speed != 1))
            return "an avatar that is not a grid avatar of speed 1";
    if (bound_class_created(g) & A) return "a class creates avatars";
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2), made = bound_made(g, e);
        if (e->kind == EFFECT_SCRIPT) return "a script effect";
        if (((f & FX_OTHERS) && !(f & FX_UNDO)) || (f & FX_SPEED)) return "an effect the proof does not cover";
        if ((f & FX_MOVE1) && (s1 & A) && !(f & (FX_UNDO | FX_VALUES1)) && !bound_sure_transform(f))
            return "a rule moves the avatar";
        if ((f & FX_MOVE2) && (s2 & A) && !(f & FX_VALUES2)) return "a rule moves the avatar";
        if ((f & FX_CREATES) && (made & A) && !(bound_sure_transform(f) && (s1 & ~A) == 0 && (made & ~A) == 0))
            return "a rule creates an avatar";
    }
    for (int k = 0; k < g->nterms; k++) {
        const term_def *tm = &g->terms[k];
        if (tm->kind == TERM_SCRIPT) return "a script termination";
        if (tm->win && !counted_win(tm)) return "a win other than a sprite counter with limit 0";
    }
    return NULL;
}

/* Leaf types that never move and are never created: fixed ones, and ones
 * of a class still at speed 0 that no rule or class moves or creates;
 * with 'removed', a rule may still transform one into another type (its
 * sprite is gone, the new one is not of the type). */
static uint64_t still_types(const vg_game *g, int removed) {
    uint64_t moved = bound_class_created(g), m = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        if ((f & FX_MOVE1) && !(removed && (f & FX_REPLACES))) moved |= sub(g, e->t1);
        if (f & FX_MOVE2) moved |= sub(g, e->t2);
        moved |= bound_made(g, e);
    }
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (!td->leaf || td->cls < 0) continue;
        unsigned cf = class_table[td->cls].flags;
        int still = (cf & CLASS_STILL) || ((cf & CLASS_SPEED) && td->speed == 0);
        if (td->fixed ||
            (still && td->ttl < 0 && !td->force_dynamic && !(moved >> t & 1) && !(g->avatar_types >> t & 1)))
            m |= 1ULL << t;
    }
    return m;
}

/* 1 when every leaf of 'who' meeting leaf 'w' is stepped back (or, with
 * 'kills', killed) by a rule of theirs. */
int bound_stops(const vg_game *g, uint64_t who, int w, int kills) {
    for (int a = 0; a < g->ntypes; a++) {
        if (!type_in(who, a)) continue;
        int stopped = 0;
        for (int k = 0; k < g->neffects && !stopped; k++) {
            const effect_def *e = &g->effects[k];
            if (!(sub(g, e->t1) >> a & 1) || !(sub(g, e->t2) >> w & 1)) continue;
            stopped = ((e->flags & FX_UNDO) && !(e->not_types >> a & 1)) ||
                      (kills && (e->flags & FX_KILL1) && (e->flags & FX_SURE));
        }
        if (!stopped) return 0;
    }
    return 1;
}

/* 1 when every leaf of 'who' meeting leaf 'w' (as the first sprite) is
 * covered by a rule of theirs with all the flags 'need' (FX_PUSH: pushed
 * on; UNDO_ALL: every move undone, leaving none of 'all' alone). */
#define UNDO_ALL (FX_UNDO | FX_OTHERS)
static int every_pair(const vg_game *g, uint64_t who, int w, unsigned need, uint64_t all) {
    for (int a = 0; a < g->ntypes; a++) {
        int found = !type_in(who, a);
        for (int k = 0; k < g->neffects && !found; k++) {
            const effect_def *e = &g->effects[k];
            found = (e->flags & need) == need && (sub(g, e->t1) >> a & 1) && (sub(g, e->t2) >> w & 1) &&
                    !(e->not_types & all);
        }
        if (!found) return 0;
    }
    return 1;
}

/* Reach for win type T: NULL when its rules hold; '*W' the avatar types
 * whose touch removes T. */
static const char *reach_refused(const vg_game *g, uint64_t T, uint64_t *W) {
    uint64_t A = g->avatar_types;
    *W = 0;
    if (T & ~still_types(g, 1)) return "the win's sprites move or are created";
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2);
        if ((f & (FX_KILL1 | FX_MOVE1)) && (s1 & T)) {
            if (!s2 || (s2 & ~A)) return "the win's sprites die otherwise";
            *W |= s2;
        }
        if ((f & (FX_KILL2 | FX_MOVE2)) && (s2 & T)) {
            if (s1 & ~A) return "the win's sprites die otherwise";
            *W |= s1;
        }
    }
    if (!*W) *W = A;
    return NULL;
}

/* A key chain for a reach goal whose T only avatars of gl->W remove: the
 * K types of the transformTo rules that turn other avatars into W, in
 * gl->keys; none (gl->W = every avatar type) when one is not a key. */
static void key_chain(const vg_game *g, bound_goal *gl) {
    uint64_t A = g->avatar_types, still = still_types(g, 0);
    gl->nkeys = 0;
    for (int k = 0; k < g->neffects && gl->W != A; k++) {
        const effect_def *e = &g->effects[k];
        uint64_t made = bound_made(g, e), s2 = sub(g, e->t2);
        if (!(e->flags & FX_CREATES) || !(made & gl->W) || !(sub(g, e->t1) & ~gl->W)) continue;
        int known = 0;
        for (int i = 0; i < gl->nkeys; i++) known |= gl->keys[i] == e->t2;
        if (!bound_sure_transform(e->flags) || !s2 || (s2 & ~still) || (!known && gl->nkeys == BOUND_MAX_KEYS))
            gl->W = A;
        else if (!known) gl->keys[gl->nkeys++] = e->t2;
    }
    if (gl->W == A) gl->nkeys = 0;
}

/* Push for win type T (boxes): NULL when its rules hold; '*H' the holes,
 * '*P' what is pushed: the boxes and what they turn into in their cells
 * (GVGAI's Real Sokoban: a box on a hole becomes a 'boxin', which turns
 * back into a box off it). */
static const char *push_refused(const vg_game *g, uint64_t T, uint64_t *H, uint64_t *P) {
    uint64_t A = g->avatar_types;
    *H = 0, *P = T;
    for (int k = 0; k < g->neffects; k++)
        if ((g->effects[k].flags & FX_REPLACES) && (sub(g, g->effects[k].t1) & T)) *P |= sub(g, g->effects[k].stype);
    if ((bound_class_created(g) & *P) || (*P & A)) return "boxes are created";
    int apart = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2), made = bound_made(g, e);
        int removes = f & (FX_KILL1 | FX_REPLACES), in_place = (f & FX_REPLACES) && !(s1 & ~*P);
        if ((f & FX_CREATES) && (made & *P) && !in_place) return "boxes are created";
        if (removes && (s1 & T) && !s2) return "boxes die otherwise";
        if (removes && (s1 & T)) *H |= s2;
        if ((f & FX_KILL2) && (s2 & T)) *H |= s1;
        if ((f & FX_MOVE2) && (s2 & *P)) return "a rule moves boxes";
        if ((f & FX_MOVE1) && (s1 & *P) && !(f & (FX_REPLACES | FX_UNDO | FX_VALUES1)) && /* a teleport, too */
            !((f & FX_PUSH) && s2 && !(s2 & ~A) && e->repeat <= 1))
            return "a rule moves boxes";
        if ((s1 & *P) == *P && (s2 & *P) == *P && (f & FX_UNDO) && !(e->not_types & *P)) apart = 1;
    }
    if (!apart) return "no rule keeps boxes apart";
    for (int t = 0; t < g->ntypes; t++)
        if (type_in(*H, t) && (!g->types[t].leaf || !g->types[t].fixed)) return "the holes move or are created";
    return *H ? NULL : "boxes never die";
}

/* Freeze: NULL when its rules hold; '*B' the boxes, '*H' what kills them. */
static const char *freeze_refused(const vg_game *g, uint64_t *B, uint64_t *H) {
    uint64_t A = g->avatar_types, P = 0;
    *B = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        uint64_t s2 = sub(g, e->t2);
        if ((e->flags & FX_PUSH) && s2 && !(s2 & ~A)) *B |= sub(g, e->t1) & ~A;
    }
    if (!*B) return "no boxes";
    const char *why = push_refused(g, *B, H, &P);
    if (why && strcmp(why, "boxes never die") != 0) return why;
    if (P != *B) return "boxes turn into other types";
    for (int t = 0; t < g->ntypes; t++) {
        if (!type_in(*B, t)) continue;
        unsigned cf = class_table[g->types[t].cls].flags;
        if (!((cf & CLASS_STILL) || ((cf & CLASS_SPEED) && g->types[t].speed == 0)) || g->types[t].ttl >= 0)
            return "boxes move by themselves";
        if (!every_pair(g, *B, t, UNDO_ALL, A | *B)) return "boxes meeting are not undone";
    }
    for (int a = 0; a < g->ntypes; a++)
        if (type_in(A, a) && !every_pair(g, *B, a, FX_PUSH, 0)) return "an avatar does not push boxes";
    return NULL;
}

/* Marks the cells holding a fixed, never killed sprite that stops 'who'. */
static void mark_blocked(const vg_game *g, const struct bound_rules *b, uint64_t who, int kills, uint8_t *blocked) {
    uint64_t stopper = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && g->types[t].fixed && !g->types[t].killable && bound_stops(g, who, t, kills))
            stopper |= 1ULL << t;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) blocked[ring(b, x, y)] = (g->static_mask[y * g->w + x] & stopper) != 0;
}

/* The freeze walls (1) and the cells of what kills boxes (2) in b->fwall. */
static void mark_freeze(const vg_game *g, struct bound_rules *b, uint64_t H) {
    uint64_t A = g->avatar_types, wall = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && g->types[t].fixed && !g->types[t].killable && bound_stops(g, A, t, 1) &&
            every_pair(g, b->boxes, t, UNDO_ALL, A | b->boxes))
            wall |= 1ULL << t;
    memset(b->fwall, 2, (size_t)b->cells); /* the ring: boxes there never freeze */
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            uint64_t m = g->static_mask[y * g->w + x];
            b->fwall[ring(b, x, y)] = m & H ? 2 : (m & wall) != 0;
        }
}

/* 1 when two sprites of the leaf types 'types' share a cell in the start state. */
static int stacked(const vg_game *g, struct bound_rules *b, uint64_t types) {
    int n = 0;
    for (uint64_t ts = types; ts; ts &= ts - 1) {
        int k = vg_sprites_of(g, g->start, __builtin_ctzll(ts), NULL, b->buf + n, b->cap - n);
        if (k > b->cap - n) return 1;
        n += k;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (bound_cell(b, &b->buf[i]) == bound_cell(b, &b->buf[j])) return 1;
    return 0;
}

/* Derives goal 'gl' for type 'type': 0, or -1 with '*why'. */
static int derive_goal(const vg_game *g, struct bound_rules *b, bound_goal *gl, int type, const char **why) {
    uint64_t T = sub(g, type), H = 0, A = g->avatar_types;
    gl->type = type;
    if (!T || (T & A)) return *why = "the win counts avatars", -1;
    const char *r = reach_refused(g, T, &gl->W);
    if (!r) {
        gl->mode = BOUND_REACH;
        key_chain(g, gl);
        return 0;
    }
    const char *p = push_refused(g, T, &H, &gl->pushed);
    if (!p && stacked(g, b, gl->pushed)) p = "two boxes share a cell";
    if (p) return *why = r, -1;
    gl->mode = BOUND_PUSH;
    uint8_t *blocked = calloc((size_t)b->cells, 1);
    gl->holes = malloc((size_t)b->cells * sizeof *gl->holes);
    if (!blocked || !gl->holes) return free(blocked), *why = NULL, -2;
    mark_blocked(g, b, gl->pushed, 0, blocked);
    memset(gl->holes, -1, (size_t)b->cells * sizeof *gl->holes);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (g->static_mask[y * g->w + x] & H) gl->holes[ring(b, x, y)] = 0;
    bound_spread(b, blocked, NULL, gl->holes);
    free(blocked);
    return 0;
}

/* The goals of every win: VG_OK with '*why' NULL, or why not. */
static vg_status derive_wins(const vg_game *g, struct bound_rules *b, const char **why) {
    for (int k = 0; k < g->nterms && !*why; k++) {
        const term_def *tm = &g->terms[k];
        if (!tm->win) continue;
        const int types[3] = {tm->stype, tm->kind == TERM_MultiSpriteCounter ? tm->stype2 : -1,
                              tm->kind == TERM_MultiSpriteCounter ? tm->stype3 : -1};
        int derived = 0;
        const char *first = NULL;
        for (int i = 0; i < 3; i++) {
            if (types[i] < 0) continue;
            bound_goal *gl = &b->goal[b->ngoals];
            const char *no = NULL;
            int r = derive_goal(g, b, gl, types[i], &no);
            if (r == -2) return VG_ERR_NOMEM;
            if (r == 0) gl->win = b->nwins, b->ngoals++, derived++;
            else if (!first) first = no;
        }
        if (!derived) *why = first ? first : "a win counts nothing";
        b->nwins++;
    }
    if (!*why && !b->ngoals) *why = "no win";
    return VG_OK;
}

/* The index of the pair (in GVGAI's order) each effect runs in. */
static void pair_of(const vg_game *g, int *pair) {
    for (int p = 0; p < g->npairs; p++)
        for (int i = 0; i < g->pairs[p].count; i++) pair[g->pair_effects[g->pairs[p].first + i]] = p;
}

/* 1 when every pair in which an avatar meets a sprite of 'X' comes after
 * every pair that pushes a box or undoes a box's move ('pair' from pair_of). */
static int covered_after(const vg_game *g, const int *pair, uint64_t B, uint64_t X) {
    uint64_t A = g->avatar_types;
    int last = -1, first = g->npairs;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2);
        if ((s1 & B) && ((e->flags & UNDO_ALL) == UNDO_ALL || ((e->flags & FX_PUSH) && (s2 & A))) && pair[k] > last)
            last = pair[k];
        if ((((s1 & X) && (s2 & A)) || ((s1 & A) && (s2 & X))) && pair[k] < first) first = pair[k];
    }
    return last < first;
}

/* Grown walls: the leaf types created, never moved or killed after, that
 * stop every avatar type. */
static uint64_t grown_walls(const vg_game *g) {
    uint64_t A = g->avatar_types, gone = A, m = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        if (f & (FX_MOVE1 | FX_KILL1)) gone |= sub(g, e->t1);
        if (f & (FX_MOVE2 | FX_KILL2)) gone |= sub(g, e->t2);
    }
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (!td->leaf || td->cls < 0 || td->fixed || (gone >> t & 1) || td->ttl >= 0 || td->force_dynamic) continue;
        unsigned cf = class_table[td->cls].flags;
        if (((cf & CLASS_STILL) || ((cf & CLASS_SPEED) && td->speed == 0)) && bound_stops(g, A, t, 1)) m |= 1ULL << t;
    }
    return m;
}

/* Boxes that freeze, when a reach goal is derived and freeze's rules hold. */
static vg_status derive_freeze(const vg_game *g, struct bound_rules *b) {
    uint64_t H = 0;
    int reach = 0;
    for (int k = 0; k < b->ngoals; k++) reach |= b->goal[k].mode == BOUND_REACH;
    if (!reach || freeze_refused(g, &b->boxes, &H) || stacked(g, b, b->boxes)) return b->boxes = 0, VG_OK;
    b->words = (b->cells + 63) / 64;
    b->fwall = calloc((size_t)b->cells, 1);
    b->keep = calloc((size_t)b->cells, 1);
    b->mark = calloc((size_t)b->cells, 1);
    b->set = calloc((size_t)b->words, sizeof *b->set);
    b->covered = calloc((size_t)b->words, sizeof *b->covered);
    b->seen = calloc(BOUND_SEEN, sizeof *b->seen); /* none kept when it fails */
    b->zob = malloc((size_t)b->cells * sizeof *b->zob);
    if (!b->fwall || !b->keep || !b->mark || !b->set || !b->covered || !b->zob) return VG_ERR_NOMEM;
    for (int c = 0; c < b->cells; c++) b->zob[c] = state_mix((uint64_t)c + 0x6a09e667f3bcc909ULL);
    mark_freeze(g, b, H);
    int pair[VG_MAX_EFFECTS];
    pair_of(g, pair);
    for (int k = 0; k < b->ngoals; k++) {
        bound_goal *gl = &b->goal[k];
        uint64_t K = 0;
        for (int i = 0; i < gl->nkeys; i++) K |= sub(g, gl->keys[i]);
        gl->t_covered = gl->mode == BOUND_REACH && covered_after(g, pair, b->boxes, sub(g, gl->type));
        gl->k_covered = K && covered_after(g, pair, b->boxes, K);
    }
    return VG_OK;
}

/* ---- Deriving ------------------------------------------------------------- */

void bound_free(struct bound_rules *b) {
    if (!b) return;
    for (int k = 0; k < b->ngoals; k++) free(b->goal[k].holes);
    for (int k = 0; k < BOUND_SLOTS; k++) free(b->slot[k].set), free(b->slot[k].maps);
    free(b->blocked), free(b->cellmap), free(b->maps), free(b->fwall), free(b->keep), free(b->mark), free(b->set),
        free(b->covered), free(b->seen), free(b->zob);
    free(b->queue), free(b->cellbuf), free(b->buf), free(b->col), free(b->fixed_cell), free(b->adist), free(b->gset);
    bound_block_free(b->block);
    free(b);
}

static const char *note_of(const struct bound_rules *b) {
    int push = 0, chain = 0, multi = b->ngoals > b->nwins;
    for (int k = 0; k < b->ngoals; k++) push |= b->goal[k].mode == BOUND_PUSH, chain |= b->goal[k].nkeys > 0;
    if (push) return "push: every box must be pushed onto a hole";
    if (b->block)
        return "reach: the avatar must visit every sprite the win removes; a blocker in its way needs a box pushed into it";
    if (chain && b->boxes)
        return "reach: the avatar must visit every sprite the win removes, after a key; frozen boxes are walls";
    if (chain) return "reach: the avatar must visit every sprite the win removes, after a key";
    if (b->boxes) return "reach: the avatar must visit every sprite the win removes; frozen boxes are walls";
    return multi ? "reach: the avatar must visit every sprite of one of the types the win counts"
                 : "reach: the avatar must visit every sprite the win removes";
}

vg_status bound_derive(vg_game *g) {
    bound_free(g->bound);
    g->bound = NULL;
    const char *why = walk_refused(g);
    if (why) return g->bound_note = why, bound_merge_try(g);
    struct bound_rules *b = calloc(1, sizeof *b);
    if (!b) return VG_ERR_NOMEM;
    b->rw = g->w + 2, b->rh = g->h + 2, b->cells = b->rw * b->rh;
    b->cap = (int)(g->state_cap + g->static_start[g->w * g->h]) + 16;
    b->buf = malloc((size_t)b->cap * sizeof *b->buf);
    b->queue = malloc((size_t)b->cells * sizeof *b->queue);
    b->cellbuf = malloc((size_t)(b->cap > b->cells ? b->cap : b->cells) * sizeof *b->cellbuf);
    b->blocked = calloc((size_t)b->cells, 1);
    vg_status st = b->buf && b->queue && b->cellbuf && b->blocked ? VG_OK : VG_ERR_NOMEM;
    int avatars = 0; /* one walk: a second avatar could touch what the first does not */
    for (uint64_t ts = g->avatar_types; ts; ts &= ts - 1)
        avatars += vg_sprites_of(g, g->start, __builtin_ctzll(ts), NULL, NULL, 0);
    if (avatars > 1) why = "more than one avatar";
    if (st == VG_OK && !why) st = derive_wins(g, b, &why);
    if (st == VG_OK && !why) st = derive_freeze(g, b);
    if (st == VG_OK && !why && (b->grown = grown_walls(g)) != 0) {
        b->adist = malloc((size_t)b->cells * sizeof *b->adist);
        b->gset = calloc((size_t)(b->cells + 63) / 64, sizeof *b->gset);
        st = b->adist && b->gset ? VG_OK : VG_ERR_NOMEM;
    }
    if (st == VG_OK && !why) {
        mark_blocked(g, b, g->avatar_types, 1, b->blocked);
        st = bound_walk_init(g, b);
        if (st == VG_OK) st = bound_block_derive(g, b);
    }
    if (st != VG_OK || why) {
        g->bound_note = why ? why : "out of memory";
        bound_free(b);
        return st == VG_OK ? bound_merge_try(g) : st;
    }
    g->bound = b;
    g->bound_note = note_of(b);
    return VG_OK;
}

/* ---- The bound in force (vgdl.h) ------------------------------------------ */

int vg_bound(const vg_game *g, const vg_state *s, vg_error *err) {
    if (s->over) return s->winner == VG_PLAYER_WINS ? 0 : VG_BOUND_DEAD;
    if (g->has_bound) {
        double v = 0;
        if (g->ops->value(g->script, 2, g, s, &v, err) != VG_OK) return 0;
        return v >= VG_BOUND_DEAD ? VG_BOUND_DEAD : (int)ceil(v);
    }
    return g->bound ? bound_derived(g, s) : g->bound_merge ? bound_merge_eval(g, g->bound_merge, s) : 0;
}

vg_bound_kind vg_game_bound(const vg_game *g, const char **note) {
    if (note) *note = g->has_bound ? "the script's bound(state)" : g->bound_note ? g->bound_note : "";
    return g->has_bound ? VG_BOUND_SCRIPT : g->bound || g->bound_merge ? VG_BOUND_DERIVED : VG_BOUND_NONE;
}
