/* SPDX-License-Identifier: MIT
 *
 * bound.c -- a lower bound on the actions still needed to win (vg_bound):
 * the script's bound(state) when it defines one (the author promises it
 * never overestimates), else one derived here from the rules when every
 * rule its proof needs holds, else 0. The level solver's A* is only as
 * right as this bound: "shortest" is proven under it.
 *
 * Two derived bounds, one per winning SpriteCounter (limit 0, type T); a
 * game with several such wins gets the least of theirs, and any other way
 * to win (another termination, a script effect or termination) refuses.
 *
 * The avatar's walk (both). Every avatar type is a grid avatar
 * (MovingAvatar, OrientedAvatar, HorizontalAvatar, VerticalAvatar,
 * ShootAvatar, FlakAvatar) of speed 1; no rule moves an avatar except
 * stepBack and undoAll (back where it was), turns one into a new avatar
 * elsewhere, creates one, or changes speeds; no shieldFrom, addTimer,
 * killAll or transformToAll; no turns{}. So each action moves the avatar at
 * most one cell, up, down, left or right, and it ends no tick alive in a
 * *wall* cell: one holding a sprite that never moves or dies whose rule
 * with every avatar type steps it back or kills it. (It may touch what is
 * in a wall cell during the tick before it is stepped back, so a target
 * in a wall cell counts as reached from next to it.) One avatar at the
 * start (none is ever created). The map's edge is
 * no wall: a ring of cells around the map stands for everything outside
 * it (a walk outside is no shorter than one along the ring).
 *
 * Reach: every rule that may kill or transform a T sprite has an avatar
 * type as the other sprite, and T's types are fixed (never moved or
 * created: game_finish). A T sprite is gone only when the avatar enters
 * its cell, so a win needs the avatar to visit every T sprite's cell:
 *     h = max over live T sprites of d(avatar, its cell)
 * with d the walk above; an unreachable one makes the state dead. d is a
 * metric, so h(s) <= 1 + h(s') along any action: consistent.
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
#include "term.h"

enum { BOUND_REACH, BOUND_PUSH };
enum { MAX_MAPS = 64 };   /* distinct target cells given maps of their own (reach) */

typedef struct bound_goal {
    int mode;               /* BOUND_REACH, BOUND_PUSH */
    int type;               /* T */
    uint64_t pushed;        /* push: the leaf types pushed (T and what it turns into in place) */
    int nmaps;              /* reach: per target cell; push: 1 */
    int *cellmap;           /* reach: per ring cell, which map is to a target there, -1: none */
    int *maps;              /* nmaps maps of ring cells: the moves (pushes) to the target (nearest hole), -1: never */
} bound_goal;

struct bound_rules {
    int rw, rh;             /* the map and its ring */
    int ngoals;
    bound_goal goal[VG_MAX_TERMS];
    vg_obs *buf;            /* scratch for the sprites of a state */
    int cap;
};

static uint64_t sub(const vg_game *g, int t) { return t >= 0 ? g->types[t].subtypes : 0; }
static int ring(const struct bound_rules *b, int x, int y) { return (y + 1) * b->rw + x + 1; }

/* ---- The rules the proofs need ------------------------------------------ */

static int is_grid_avatar(int cls) {
    return cls == CLS_MovingAvatar || cls == CLS_OrientedAvatar || cls == CLS_HorizontalAvatar ||
           cls == CLS_VerticalAvatar || cls == CLS_ShootAvatar || cls == CLS_FlakAvatar;
}

static int is_transform(int kind) {
    return kind == EFF_transformTo || kind == EFF_transformToRandomChild || kind == EFF_transformIfCount ||
           kind == EFF_transformToSingleton;
}

/* Types some class creates (spawns, shoots, spreads). */
static uint64_t class_created(const vg_game *g) {
    uint64_t m = 0;
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (!td->leaf || td->cls < 0) continue;
        if (td->stype >= 0 && !(class_table[td->cls].flags & CLASS_READS_STYPE)) m |= sub(g, td->stype);
        m |= sub(g, td->stype2);
        for (int k = 0; k < td->stypes.n; k++) m |= sub(g, td->stypes.t[k]);
    }
    return m;
}

/* The avatar's walk: NULL when it holds, else why not. */
static const char *walk_refused(const vg_game *g) {
    uint64_t A = g->avatar_types;
    if (g->turns) return "the game has turns";
    if (!A) return "no avatar";
    for (int t = 0; t < g->ntypes; t++)
        if ((A >> t & 1) && (!is_grid_avatar(g->types[t].cls) || g->types[t].speed != 1))
            return "an avatar that is not a grid avatar of speed 1";
    if (class_created(g) & A) return "a class creates avatars";
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = effect_flags(e->kind);
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2), made = sub(g, e->stype) | sub(g, e->stype_to);
        if (e->kind == EFFECT_SCRIPT) return "a script effect";
        if (e->kind == EFF_shieldFrom || e->kind == EFF_addTimer || e->kind == EFF_killAll ||
            e->kind == EFF_transformToAll || (f & FX_SPEED))
            return "an effect the proof does not cover";
        if ((f & FX_MOVE1) && (s1 & A) && e->kind != EFF_stepBack && e->kind != EFF_transformTo &&
            e->kind != EFF_changeResource && e->kind != EFF_addHealthPoints && e->kind != EFF_addHealthPointsToMax &&
            e->kind != EFF_subtractHealthPoints)
            return "a rule moves the avatar";
        if ((f & FX_MOVE2) && (s2 & A) && e->kind != EFF_collectResource && e->kind != EFF_collectResourceIfHeld &&
            e->kind != EFF_killIfOtherHasMore)
            return "a rule moves the avatar";
        if ((f & FX_CREATES) && (made & A) && !(e->kind == EFF_transformTo && (s1 & ~A) == 0 && (made & ~A) == 0))
            return "a rule creates an avatar";
    }
    for (int k = 0; k < g->nterms; k++) {
        const term_def *tm = &g->terms[k];
        if (tm->kind == TERM_SCRIPT) return "a script termination";
        if (tm->win && (tm->kind != TERM_SpriteCounter || tm->limit != 0))
            return "a win other than a SpriteCounter with limit 0";
    }
    return NULL;
}

/* 1 when every leaf of 'who' meeting leaf 'w' is stepped back (or, with
 * 'kills', killed) by a rule of theirs. */
static int stops(const vg_game *g, uint64_t who, int w, int kills) {
    for (int a = 0; a < g->ntypes; a++) {
        if (!(who >> a & 1)) continue;
        int stopped = 0;
        for (int k = 0; k < g->neffects && !stopped; k++) {
            const effect_def *e = &g->effects[k];
            if (!(sub(g, e->t1) >> a & 1) || !(sub(g, e->t2) >> w & 1)) continue;
            stopped = e->kind == EFF_stepBack || (e->kind == EFF_undoAll && !(e->not_types >> a & 1)) ||
                      (kills && (e->kind == EFF_killSprite || e->kind == EFF_killBoth));
        }
        if (!stopped) return 0;
    }
    return 1;
}

/* Reach for win type T: NULL when its rules hold. */
static const char *reach_refused(const vg_game *g, uint64_t T) {
    uint64_t A = g->avatar_types;
    for (int t = 0; t < g->ntypes; t++)
        if ((T >> t & 1) && !g->types[t].fixed) return "the win's sprites move or are created";
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = effect_flags(e->kind);
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2);
        if ((f & (FX_KILL1 | FX_MOVE1)) && (s1 & T) && (!s2 || (s2 & ~A))) return "the win's sprites die otherwise";
        if (((f & (FX_KILL2 | FX_MOVE2)) || e->kill_second) && (s2 & T) && (s1 & ~A)) return "the win's sprites die otherwise";
    }
    return NULL;
}

/* Push for win type T (boxes): NULL when its rules hold; '*H' the holes,
 * '*P' what is pushed: the boxes and what they turn into in their cells
 * (GVGAI's Real Sokoban: a box on a hole becomes a 'boxin', which turns
 * back into a box off it). */
static const char *push_refused(const vg_game *g, uint64_t T, uint64_t *H, uint64_t *P) {
    uint64_t A = g->avatar_types;
    *H = 0, *P = T;
    for (int k = 0; k < g->neffects; k++)
        if (is_transform(g->effects[k].kind) && (sub(g, g->effects[k].t1) & T)) *P |= sub(g, g->effects[k].stype);
    if ((class_created(g) & *P) || (*P & A)) return "boxes are created";
    int apart = 0;
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = effect_flags(e->kind);
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2), made = sub(g, e->stype) | sub(g, e->stype_to);
        int removes = (f & FX_KILL1) || is_transform(e->kind), in_place = is_transform(e->kind) && !(s1 & ~*P);
        if ((f & FX_CREATES) && (made & *P) && !in_place) return "boxes are created";
        if ((e->kind == EFF_teleportToExit || e->kind == EFF_cloneSprite) && (s1 & *P)) return "a rule moves boxes";
        if (removes && (s1 & T) && !s2) return "boxes die otherwise";
        if (removes && (s1 & T)) *H |= s2;
        if (((f & FX_KILL2) || e->kill_second) && (s2 & T)) *H |= s1;
        if ((f & FX_MOVE2) && (s2 & *P)) return "a rule moves boxes";
        if ((f & FX_MOVE1) && (s1 & *P) && !removes && e->kind != EFF_stepBack && e->kind != EFF_changeResource &&
            !(e->kind == EFF_bounceForward && s2 && !(s2 & ~A) && e->repeat <= 1))
            return "a rule moves boxes";
        if ((s1 & *P) == *P && (s2 & *P) == *P &&
            (e->kind == EFF_stepBack || (e->kind == EFF_undoAll && !(e->not_types & *P))))
            apart = 1;
    }
    if (!apart) return "no rule keeps boxes apart";
    for (int t = 0; t < g->ntypes; t++)
        if ((*H >> t & 1) && (!g->types[t].leaf || !g->types[t].fixed)) return "the holes move or are created";
    return *H ? NULL : "boxes never die";
}

/* ---- Distances ------------------------------------------------------------ */

/* Breadth-first from the cells marked 0 in 'dist' (the rest -1), stepping
 * only into cells not 'blocked': dist[c] the moves from c to the nearest
 * mark. 'queue' has room for every ring cell. */
static void spread(const struct bound_rules *b, const uint8_t *blocked, int *dist, int *queue) {
    int n = b->rw * b->rh, head = 0, tail = 0;
    for (int c = 0; c < n; c++)
        if (dist[c] == 0) queue[tail++] = c;
    while (head < tail) {
        int c = queue[head++], x = c % b->rw, y = c / b->rw;
        const int nb[4] = {x > 0 ? c - 1 : -1, x + 1 < b->rw ? c + 1 : -1, y > 0 ? c - b->rw : -1,
                           y + 1 < b->rh ? c + b->rw : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && dist[nb[k]] < 0 && !blocked[nb[k]]) dist[nb[k]] = dist[c] + 1, queue[tail++] = nb[k];
    }
}

/* Marks the cells holding a fixed, never killed sprite that stops 'who'. */
static void mark_blocked(const vg_game *g, const struct bound_rules *b, uint64_t who, int kills, uint8_t *blocked) {
    uint64_t stopper = 0;
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && g->types[t].fixed && !g->types[t].killable && stops(g, who, t, kills)) stopper |= 1ULL << t;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) blocked[ring(b, x, y)] = (g->static_mask[y * g->w + x] & stopper) != 0;
}

/* The cells of the sprites of 'type' in the start state, in b->buf; how many (-1: too many). */
static int start_cells(const vg_game *g, struct bound_rules *b, int type) {
    int n = vg_sprites_of(g, g->start, type, NULL, b->buf, b->cap);
    return n > b->cap ? -1 : n;
}

static int cell_of(const struct bound_rules *b, const vg_obs *o) {
    int x = (int)floor(o->x + 0.5), y = (int)floor(o->y + 0.5);
    return x < -1 || y < -1 || x > b->rw - 2 || y > b->rh - 2 ? -1 : ring(b, x, y);
}

/* The maps of a goal: reach, one per target cell; push, one to the holes. */
static vg_status goal_maps(const vg_game *g, struct bound_rules *b, bound_goal *gl, uint64_t H, int *queue) {
    int n = b->rw * b->rh;
    uint8_t *blocked = calloc((size_t)n, 1);
    gl->cellmap = malloc((size_t)n * sizeof *gl->cellmap);
    if (!blocked || !gl->cellmap) return free(blocked), VG_ERR_NOMEM;
    memset(gl->cellmap, -1, (size_t)n * sizeof *gl->cellmap);
    mark_blocked(g, b, gl->mode == BOUND_REACH ? g->avatar_types : gl->pushed, gl->mode == BOUND_REACH, blocked);
    int targets[MAX_MAPS], nt = 0;
    if (gl->mode == BOUND_REACH) {
        int ns = start_cells(g, b, gl->type);
        for (int i = 0; i < ns; i++) {
            int c = cell_of(b, &b->buf[i]);
            if (c >= 0 && gl->cellmap[c] < 0 && nt < MAX_MAPS) gl->cellmap[c] = nt, targets[nt++] = c;
        }
    } else {
        targets[nt++] = -1;
    }
    gl->nmaps = nt;
    gl->maps = malloc((size_t)(nt ? nt : 1) * (size_t)n * sizeof *gl->maps);
    if (!gl->maps) return free(blocked), VG_ERR_NOMEM;
    for (int m = 0; m < nt; m++) {
        int *d = gl->maps + (size_t)m * (size_t)n;
        memset(d, -1, (size_t)n * sizeof *d);
        if (targets[m] >= 0) d[targets[m]] = 0;
        for (int y = 0; targets[m] < 0 && y < g->h; y++)   /* push: every hole's cell */
            for (int x = 0; x < g->w; x++)
                if (g->static_mask[y * g->w + x] & H) d[ring(b, x, y)] = 0;
        spread(b, blocked, d, queue);
    }
    free(blocked);
    return VG_OK;
}

/* ---- Deriving ------------------------------------------------------------- */

void bound_free(struct bound_rules *b) {
    if (!b) return;
    for (int k = 0; k < b->ngoals; k++) free(b->goal[k].cellmap), free(b->goal[k].maps);
    free(b->buf);
    free(b);
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
            if (cell_of(b, &b->buf[i]) == cell_of(b, &b->buf[j])) return 1;
    return 0;
}

/* Which proof covers win 'tm' (-1: none, '*why' says why); '*H' the holes
 * and '*P' the pushed types of a push. */
static int goal_mode(const vg_game *g, struct bound_rules *b, const term_def *tm, uint64_t *H, uint64_t *P,
                     const char **why) {
    uint64_t T = sub(g, tm->stype);
    if (!T || (T & g->avatar_types)) return *why = "the win counts avatars", -1;
    const char *r = reach_refused(g, T);
    if (!r) return BOUND_REACH;
    const char *p = push_refused(g, T, H, P);
    if (!p && stacked(g, b, *P)) p = "two boxes share a cell";
    if (!p) return BOUND_PUSH;
    *why = r;
    return -1;
}

vg_status bound_derive(vg_game *g) {
    bound_free(g->bound);
    g->bound = NULL;
    const char *why = walk_refused(g);
    if (why) return g->bound_note = why, bound_merge_try(g);
    struct bound_rules *b = calloc(1, sizeof *b);
    int *queue = NULL;
    if (!b) return VG_ERR_NOMEM;
    b->rw = g->w + 2, b->rh = g->h + 2;
    b->cap = (int)(g->state_cap + g->static_start[g->w * g->h]) + 16;
    b->buf = malloc((size_t)b->cap * sizeof *b->buf);
    queue = malloc((size_t)b->rw * (size_t)b->rh * sizeof *queue);
    vg_status st = b->buf && queue ? VG_OK : VG_ERR_NOMEM;
    int avatars = 0;   /* one walk: a second avatar could touch what the first does not */
    for (uint64_t ts = g->avatar_types; ts; ts &= ts - 1) avatars += vg_sprites_of(g, g->start, __builtin_ctzll(ts), NULL, NULL, 0);
    if (avatars > 1) why = "more than one avatar";
    for (int k = 0; k < g->nterms && st == VG_OK && !why; k++) {
        const term_def *tm = &g->terms[k];
        if (!tm->win) continue;
        uint64_t H = 0;
        bound_goal *gl = &b->goal[b->ngoals];
        gl->type = tm->stype;
        if ((gl->mode = goal_mode(g, b, tm, &H, &gl->pushed, &why)) < 0) break;
        b->ngoals++;
        st = goal_maps(g, b, gl, H, queue);
    }
    free(queue);
    if (st != VG_OK || why || b->ngoals == 0) {
        g->bound_note = why ? why : "no win";
        bound_free(b);
        return st == VG_OK ? bound_merge_try(g) : st;
    }
    g->bound = b;
    g->bound_note = b->goal[0].mode == BOUND_REACH ? "reach: the avatar must visit every sprite the win removes"
                                                   : "push: every box must be pushed onto a hole";
    return VG_OK;
}

/* ---- Evaluating ----------------------------------------------------------- */

static int goal_bound(const vg_game *g, const struct bound_rules *b, const bound_goal *gl, const vg_state *s) {
    int n = vg_sprites_of(g, s, gl->type, NULL, b->buf, b->cap), h = 0, a = -1;
    if (n > b->cap) return 0;
    double ax, ay;
    if (gl->mode == BOUND_REACH) {
        if (!vg_avatar_pos(g, s, &ax, &ay)) return VG_BOUND_DEAD;
        vg_obs o = {.x = ax, .y = ay};
        if ((a = cell_of(b, &o)) < 0) return 0;
    }
    size_t cells = (size_t)b->rw * (size_t)b->rh;
    for (int i = 0; i < n; i++) {
        int c = cell_of(b, &b->buf[i]);
        if (c < 0) return 0;
        int m = gl->mode == BOUND_PUSH ? 0 : gl->cellmap[c];
        if (m < 0) continue;   /* a target beyond MAX_MAPS: counts 0 */
        int d = gl->maps[(size_t)m * cells + (size_t)(gl->mode == BOUND_PUSH ? c : a)];
        if (d < 0) return VG_BOUND_DEAD;
        h = gl->mode == BOUND_PUSH ? h + d : (d > h ? d : h);
    }
    return h;
}

int bound_derived(const vg_game *g, const vg_state *s) {
    const struct bound_rules *b = g->bound;
    int best = VG_BOUND_DEAD;
    for (int k = 0; k < b->ngoals; k++) {
        int h = goal_bound(g, b, &b->goal[k], s);
        if (h < best) best = h;
    }
    return best;
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
