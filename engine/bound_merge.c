/* SPDX-License-Identifier: MIT
 *
 * bound_merge.c -- the derived bound of games won by merging boxes into
 * blocks of their kind (GVGAI's Clusters): a box vanishes only by being
 * pushed into a block it turns into, and the new block is a target for
 * the boxes still to come. bound.c asks for it when its own proofs refuse.
 *
 * The rules it needs (merge_refused checks each). The only win is one
 * SpriteCounter with limit 0 on a type T; no script effect or termination,
 * no turns, no killAll or transformToAll. One avatar, never created; every
 * avatar type a grid avatar of speed 1 (MovingAvatar, OrientedAvatar), and
 * no rule moves it but stepBack and undoAll: an action moves it at most
 * one cell, up, down, left or right. Each leaf of T is either
 *   - a box: a Passive sprite, not oriented, on the grid, never created;
 *     moved only by bounceForward from an avatar (not repeated), stepBack
 *     and undoAll; removed only by transformTo (not killing the second
 *     sprite) either into a type of the targets X it meets (its merge: the
 *     new sprite is one of X) or into a sink; no rule moves or kills it as
 *     the second sprite; or
 *   - a sink: a leaf of T no rule removes (GVGAI's brokenBox). A state with
 *     a sink can never be won: dead.
 * Boxes are kept apart (a stepBack or undoAll rule for every two box
 * types) and no two share a cell at the start, so an action pushes at most
 * one box, one cell. A target type is still (its class never moves it),
 * moved by no rule but stepBack and undoAll, and created only by merges
 * of the boxes that merge into it: a merged box's block stands in the cell
 * it entered or, stepped back, in the one it came from.
 *
 * The bound. For a box b of group X (the boxes merging into X) let D(b) be
 * its distance to the nearest X sprite of the state, in steps through the
 * map's cells that are not walls for b: cells of permanent sprites (never
 * moved but by stepBack or undoAll, never killed, still) that step b back
 * or that it becomes a sink on. Take the boxes of X in the order they
 * merge: the first enters a cell of an X sprite of now, and leaves a block
 * at most one cell from it; the k-th (from 0) enters a block of now or of
 * an earlier merge, so one at most k cells from a block of now, and was
 * pushed at least D(b) - k times. Every push moves one box one cell, so
 *     h = sum over groups, sum over k of max(1, D_k - k)
 * with D_0 <= D_1 <= ... the distances of the group's boxes in increasing
 * order (giving the largest discounts to the largest distances is what
 * makes the sum least over every order of merging) never overestimates the
 * pushes left. The avatar pushes a box by stepping into its cell, so
 * before the next push it walks to a cell next to a box: d - 1 moves that
 * push nothing, d its steps to the nearest box through cells that are no
 * walls for it (below; other boxes crossed as if open). h plus that never
 * overestimates the actions left. A box that cannot reach an X sprite, or that can never
 * move again (in no direction is the cell ahead open to it and the cell
 * behind open to the avatar: walls for the avatar are permanent sprites
 * that step every avatar type back or kill it) makes the state dead.
 */
#include <stdlib.h>
#include <string.h>

#include "bound.h"
#include "bound_merge.h"
#include "class.h"
#include "effect.h"
#include "state.h"
#include "term.h"

enum { MAX_GROUPS = 8, CACHE = 64 }; /* a group's distance maps kept, by the cells of its blocks and walls */

typedef struct merge_group {
    uint64_t boxes;      /* box leaves merging into 'targets' */
    uint64_t targets;    /* X */
    uint64_t walls;      /* permanent leaves that stop these boxes or sink them */
    uint64_t key[CACHE]; /* what each kept map was made from (a hash of cells), 0: nothing */
    int *dist;           /* CACHE maps: per cell, the steps to the nearest target, -1: none */
    uint8_t *wall;       /* CACHE maps: per cell, 1 on a wall for these boxes */
} merge_group;

struct bound_merge {
    int ngroups;
    merge_group group[MAX_GROUPS];
    uint64_t sinks;        /* leaves of T that are never removed */
    uint64_t avatar_walls; /* permanent leaves that step back or kill every avatar type */
    uint8_t *awall0;       /* per cell: 1 on a wall of the level for the avatar */
    int *queue, *d, *walk; /* scratch: per cell; per box; per cell */
    uint8_t *awall;        /* scratch: per cell, awall0 and the walls made since */
};

static uint64_t sub(const vg_game *g, int t) { return t >= 0 ? g->types[t].subtypes : 0; }

/* ---- The rules ------------------------------------------------------------ */

/* Leaves that no rule kills, transforms or moves (but stepBack and
 * undoAll), that no class moves, and that do not expire. */
static uint64_t permanent(const vg_game *g) {
    uint64_t p = 0;
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (td->leaf && td->cls >= 0 && (class_table[td->cls].flags & CLASS_STILL) && td->ttl < 0) p |= 1ULL << t;
    }
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        if (((f & (FX_KILL1 | FX_MOVE1)) && !(f & FX_UNDO)) || (f & FX_REPLACES)) p &= ~sub(g, e->t1);
        if (f & (FX_KILL2 | FX_MOVE2)) p &= ~sub(g, e->t2);
    }
    return p;
}

/* Leaves of 'among' that step every leaf of 'who' back when they meet
 * (or, with 'kills', kill it), each by a rule of theirs. */
static uint64_t stoppers(const vg_game *g, uint64_t who, uint64_t among, int kills) {
    uint64_t stopped_by[VG_MAX_TYPES] = {0}; /* per leaf: the leaves that stop it */
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        int stops = (e->flags & FX_UNDO) || (kills && (e->flags & FX_KILL1) && (e->flags & FX_SURE));
        uint64_t s1 = sub(g, e->t1) & ~e->not_types;
        for (; stops && s1; s1 &= s1 - 1) stopped_by[__builtin_ctzll(s1)] |= sub(g, e->t2);
    }
    for (uint64_t ws = who; ws; ws &= ws - 1) among &= stopped_by[__builtin_ctzll(ws)];
    return among;
}

/* The game as a whole: NULL when it fits, else why not; '*T' the win's type. */
static const char *game_refused(const vg_game *g, uint64_t *T) {
    *T = 0;
    if (g->turns) return "the game has turns";
    for (int k = 0; k < g->nterms; k++) {
        const term_def *tm = &g->terms[k];
        if (tm->kind == TERM_SCRIPT) return "a script termination";
        if (!tm->win) continue;
        if (tm->kind != TERM_SpriteCounter || tm->limit != 0 || *T) return "not one SpriteCounter win";
        *T = sub(g, tm->stype);
    }
    if (!*T || (*T & g->avatar_types)) return "no win by boxes";
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (type_in(g->avatar_types, t) && (td->speed != 1 || td->cont || td->cls < 0 ||
                                            !(td->cls == CLS_MovingAvatar || td->cls == CLS_OrientedAvatar)))
            return "an avatar that is not a grid avatar of speed 1";
    }
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        if ((f & FX_OTHERS) && !(f & FX_UNDO)) return "an effect the proof does not cover";
        if (((f & FX_MOVE1) && (sub(g, e->t1) & g->avatar_types) && !(f & FX_UNDO)) ||
            ((f & FX_MOVE2) && (sub(g, e->t2) & g->avatar_types)))
            return "a rule moves the avatar";
    }
    int avatars = 0;
    for (uint64_t ts = g->avatar_types; ts; ts &= ts - 1) avatars += state_count(g, g->start, __builtin_ctzll(ts));
    return avatars == 1 ? NULL : "not one avatar";
}

/* Box leaf 'L': NULL when its rules fit, '*X' what it merges into, sinks and their walls added. */
static const char *box_refused(const vg_game *g, int L, uint64_t T, uint64_t *X, uint64_t *sinks, uint64_t *deadly) {
    const type_def *td = &g->types[L];
    uint64_t A = g->avatar_types, bit = 1ULL << L;
    *X = 0;
    if (td->cls != CLS_Passive || td->oriented || td->cont) return "a box that is not a still Passive";
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        unsigned f = e->flags;
        uint64_t s1 = sub(g, e->t1), s2 = sub(g, e->t2), made = sub(g, e->stype);
        if ((f & (FX_KILL2 | FX_MOVE2)) && (s2 & bit)) return "a rule moves or kills a box it meets";
        if (!(s1 & bit) || !(f & (FX_KILL1 | FX_MOVE1 | FX_REPLACES)) || (f & FX_UNDO)) continue;
        if ((f & FX_PUSH) && s2 && !(s2 & ~A) && e->repeat <= 1) continue;
        if (!bound_sure_transform(f) || !made || (f & FX_KILL2)) return "a rule moves or removes a box otherwise";
        if (!(made & ~T)) {
            *sinks |= made, *deadly |= s2; /* checked to be sinks by the caller */
        } else if ((made & T) || (made & ~s2) || (*X && *X != s2)) {
            return "a box turns into what it did not meet";
        } else {
            *X = s2;
        }
    }
    return *X ? NULL : "a box that merges into nothing";
}

/* Creation: boxes never; targets X only by merges of 'boxes' into X; sinks only from boxes. */
static const char *created_refused(const vg_game *g, uint64_t boxes, uint64_t sinks, uint64_t X) {
    for (int t = 0; t < g->ntypes; t++) {
        const type_def *td = &g->types[t];
        if (!td->leaf || td->cls < 0) continue;
        if (class_creates(g, td) & (boxes | sinks | X | g->avatar_types))
            return "a class creates boxes, blocks or avatars";
    }
    for (int k = 0; k < g->neffects; k++) {
        const effect_def *e = &g->effects[k];
        uint64_t made = bound_made(g, e), s1 = sub(g, e->t1), s2 = sub(g, e->t2);
        if (!(e->flags & FX_CREATES) || !(made & (boxes | sinks | X | g->avatar_types))) continue;
        int merge = bound_sure_transform(e->flags) && !(s1 & ~(boxes | sinks)) && !(made & ~(sinks | s2));
        if (!merge || (made & (boxes | g->avatar_types))) return "a rule creates boxes, blocks or avatars";
    }
    return NULL;
}

/* 1 when two sprites of 'types' share a cell at the start. */
static int stacked(const vg_game *g, uint64_t types) {
    const vg_state *s = g->start;
    uint8_t *seen = calloc((size_t)g->w * (size_t)g->h, 1);
    int clash = !seen;
    sprite_walk w;
    walk_start(&w, g, s, types & g->changing);
    for (int r; !clash && walk_next(&w, &r);) {
        const sprite *p = state_sprite(s, (uint32_t)r);
        int x = p->x / g->square, y = p->y / g->square;
        if (x < 0 || y < 0 || x >= g->w || y >= g->h) continue;
        clash = seen[y * g->w + x]++ != 0;
    }
    free(seen);
    return clash;
}

/* Groups the boxes by what they merge into; NULL when every rule fits. */
static const char *merge_refused(const vg_game *g, struct bound_merge *b) {
    uint64_t T, perm = permanent(g), boxes = 0, sinks = 0;
    const char *why = game_refused(g, &T);
    if (why) return why;
    for (int L = 0; L < g->ntypes; L++) { /* the sinks first: leaves of T that nothing removes from T */
        if (!(T >> L & 1)) continue;
        int removed = 0;
        for (int k = 0; k < g->neffects; k++) {
            const effect_def *e = &g->effects[k];
            unsigned f = e->flags;
            int leaves_T = (f & FX_REPLACES) && (sub(g, e->stype) & ~T); /* turning into a T leaf is no removal */
            removed |= ((sub(g, e->t1) >> L & 1) && (((f & FX_KILL1) && !(f & FX_UNDO)) || leaves_T)) ||
                       ((sub(g, e->t2) >> L & 1) && (f & FX_KILL2));
        }
        if (!removed) sinks |= 1ULL << L;
    }
    uint64_t sink_set = sinks;
    for (int L = 0; L < g->ntypes && !why; L++) {
        if (!(T >> L & 1) || (sinks >> L & 1)) continue;
        uint64_t X, dead = 0;
        if ((why = box_refused(g, L, T, &X, &sinks, &dead))) break;
        if (sinks != sink_set) return "a box turns into a box that may go";
        boxes |= 1ULL << L;
        int k = 0;
        while (k < b->ngroups && b->group[k].targets != X) k++;
        if (k == MAX_GROUPS) return "too many kinds of boxes";
        if (k == b->ngroups) b->ngroups++, b->group[k].targets = X;
        b->group[k].boxes |= 1ULL << L;
        b->group[k].walls |= dead & perm;
    }
    if (why) return why;
    if (stoppers(g, boxes, boxes, 0) != boxes) return "no rule keeps boxes apart";
    if (stacked(g, boxes)) return "two boxes share a cell";
    for (int k = 0; k < b->ngroups; k++) {
        merge_group *gr = &b->group[k];
        if ((why = created_refused(g, boxes, sinks, gr->targets))) return why;
        for (int t = 0; t < g->ntypes; t++)
            if (type_in(gr->targets, t) && (g->types[t].cls < 0 || !(class_table[g->types[t].cls].flags & CLASS_STILL)))
                return "a block that moves";
        for (int j = 0; j < g->neffects; j++) {
            const effect_def *e = &g->effects[j];
            unsigned f = e->flags;
            if (((f & FX_MOVE1) && (sub(g, e->t1) & gr->targets) && !(f & FX_UNDO)) ||
                ((f & FX_MOVE2) && (sub(g, e->t2) & gr->targets)))
                return "a rule moves blocks";
        }
        gr->walls |= stoppers(g, gr->boxes, perm & ~gr->targets, 0);
    }
    for (int c = 0; c < g->w * g->h; c++) { /* walled in: no box or avatar leaves the map */
        int x = c % g->w, y = c / g->w;
        if (x > 0 && y > 0 && x + 1 < g->w && y + 1 < g->h) continue;
        for (int k = 0; k < b->ngroups; k++)
            if (!(g->static_mask[c] & b->group[k].walls)) return "the map is not walled in";
    }
    b->sinks = sinks;
    b->avatar_walls = stoppers(g, g->avatar_types, perm, 1);
    return NULL;
}

/* ---- Deriving and evaluating ---------------------------------------------- */

void bound_merge_free(struct bound_merge *b) {
    if (!b) return;
    for (int k = 0; k < b->ngroups; k++) free(b->group[k].dist), free(b->group[k].wall);
    free(b->awall0), free(b->queue), free(b->d), free(b->walk), free(b->awall);
    free(b);
}

/* Marks the cells of the sprites of 'types' in the state (in 'dist' with
 * 0, in 'm' with 1; either may be NULL), the static ones only when
 * 'fixed'; 0 when one is off the grid. */
static int mark(const vg_game *g, const vg_state *s, uint64_t types, int fixed, uint8_t *m, int *dist) {
    for (int c = 0; fixed && c < g->w * g->h; c++)
        if (g->static_mask[c] & types) { /* permanent or targets: never killed, so alive */
            if (m) m[c] = 1;
            if (dist) dist[c] = 0;
        }
    for (uint64_t ts = types & g->changing; ts; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++) {
            const sprite *p = state_sprite(s, i);
            int x = p->x / g->square, y = p->y / g->square;
            if (p->x % g->square || p->y % g->square || x < 0 || y < 0 || x >= g->w || y >= g->h) return 0;
            if (m) m[y * g->w + x] = 1;
            if (dist) dist[y * g->w + x] = 0;
        }
    }
    return 1;
}

vg_status bound_merge_try(vg_game *g) {
    bound_merge_free(g->bound_merge);
    g->bound_merge = NULL;
    struct bound_merge *b = calloc(1, sizeof *b);
    if (!b) return VG_ERR_NOMEM;
    if (merge_refused(g, b)) {
        bound_merge_free(b);
        return VG_OK;
    }
    size_t cells = (size_t)g->w * (size_t)g->h;
    int ok = (b->awall0 = calloc(cells, 1)) && (b->queue = malloc(cells * sizeof *b->queue)) &&
             (b->d = malloc(((size_t)g->state_cap + 1) * sizeof *b->d)) &&
             (b->walk = malloc(cells * sizeof *b->walk)) && (b->awall = malloc(cells));
    for (int k = 0; k < b->ngroups && ok; k++)
        ok = (b->group[k].dist = malloc(CACHE * cells * sizeof *b->group[k].dist)) &&
             (b->group[k].wall = malloc(CACHE * cells));
    if (!ok) {
        bound_merge_free(b);
        return VG_ERR_NOMEM;
    }
    mark(g, g->start, b->avatar_walls & ~g->changing, 1, b->awall0, NULL);
    g->bound_merge = b;
    g->bound_note = "merge: every box must be pushed into a block of its kind";
    return VG_OK;
}

/* 1 when the cell 'c' + step is on the map and not marked in 'm'. */
static int open_at(const vg_game *g, const uint8_t *m, int c, int dx, int dy) {
    int x = c % g->w + dx, y = c / g->w + dy;
    return x >= 0 && y >= 0 && x < g->w && y < g->h && !m[y * g->w + x];
}

/* Breadth-first from the cells at 0 in 'dist' (the rest -1) through cells
 * not in 'wall': dist[c] the steps from c to the nearest of them. With
 * 'stop' >= 0, ends once that cell is reached. */
static void spread(const vg_game *g, const uint8_t *wall, int *dist, int *queue, int stop) {
    static const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int head = 0, tail = 0;
    for (int c = 0; c < g->w * g->h; c++)
        if (dist[c] == 0) queue[tail++] = c;
    while (head < tail) {
        int c = queue[head++], x = c % g->w, y = c / g->w;
        if (c == stop) return;
        for (int k = 0; k < 4; k++) {
            int nx = x + dirs[k][0], ny = y + dirs[k][1], n = c + dirs[k][1] * g->w + dirs[k][0];
            if (nx >= 0 && ny >= 0 && nx < g->w && ny < g->h && !wall[n] && dist[n] < 0)
                dist[n] = dist[c] + 1, queue[tail++] = n;
        }
    }
}

/* The group's walls and distances to its blocks in state 's' (kept, by the
 * cells of the blocks and walls that are sprites of the state); 0 when a
 * sprite is off the grid. */
static int group_map(const vg_game *g, const struct bound_merge *b, merge_group *gr, const vg_state *s, int **dist,
                     uint8_t **wall) {
    uint64_t key = 0x5bd1e995;
    for (uint64_t ts = (gr->targets | gr->walls) & g->changing; ts; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++) {
            const sprite *p = state_sprite(s, i);
            key = state_mix(key ^
                            ((uint64_t)__builtin_ctzll(ts) << 40 | (uint64_t)(uint16_t)p->x << 20 | (uint16_t)p->y));
        }
    }
    key |= 1;
    size_t cells = (size_t)g->w * (size_t)g->h, slot = key & (CACHE - 1);
    *dist = gr->dist + slot * cells, *wall = gr->wall + slot * cells;
    if (gr->key[slot] == key) return 1;
    gr->key[slot] = 0;
    memset(*wall, 0, cells);
    memset(*dist, -1, cells * sizeof **dist);
    if (!mark(g, s, gr->walls, 1, *wall, NULL) || !mark(g, s, gr->targets, 1, NULL, *dist)) return 0;
    spread(g, *wall, *dist, b->queue, -1);
    gr->key[slot] = key;
    return 1;
}

static int cmp_int(const void *a, const void *b) {
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* One group's pushes, or VG_BOUND_DEAD; its boxes' cells marked 0 in b->walk; -1 when a sprite is off the grid. */
static int group_bound(const vg_game *g, struct bound_merge *b, merge_group *gr, const vg_state *s) {
    int *dist, n = 0;
    uint8_t *wall;
    if (!group_map(g, b, gr, s, &dist, &wall)) return -1;
    for (uint64_t ts = gr->boxes; ts; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        for (uint32_t i = from; i < to; i++) {
            const sprite *p = state_sprite(s, i);
            int x = p->x / g->square, y = p->y / g->square, c = y * g->w + x;
            if (p->x % g->square || p->y % g->square || x < 0 || y < 0 || x >= g->w || y >= g->h) return -1;
            if (dist[c] < 0) return VG_BOUND_DEAD;
            int moves = (open_at(g, wall, c, 1, 0) && open_at(g, b->awall, c, -1, 0)) ||
                        (open_at(g, wall, c, -1, 0) && open_at(g, b->awall, c, 1, 0)) ||
                        (open_at(g, wall, c, 0, 1) && open_at(g, b->awall, c, 0, -1)) ||
                        (open_at(g, wall, c, 0, -1) && open_at(g, b->awall, c, 0, 1));
            if (!moves) return VG_BOUND_DEAD;
            b->d[n++] = dist[c];
            b->walk[c] = 0;
        }
    }
    qsort(b->d, (size_t)n, sizeof *b->d, cmp_int);
    int h = 0;
    for (int k = 0; k < n; k++) h += b->d[k] - k > 1 ? b->d[k] - k : 1;
    return h;
}

/* The avatar's steps to a cell next to a box (whose cells are 0 in
 * b->walk, the rest -1), through cells that are no walls for it: moves
 * before the next push. 0 when there is no box. */
static int walk_bound(const vg_game *g, const struct bound_merge *b, const vg_state *s) {
    int a = state_avatar(g, s);
    if (a < 0) return 0;
    const sprite *p = state_sprite(s, (uint32_t)a);
    int x = p->x / g->square, y = p->y / g->square;
    if (p->x % g->square || p->y % g->square || x < 0 || y < 0 || x >= g->w || y >= g->h) return 0;
    int c = y * g->w + x;
    spread(g, b->awall, b->walk, b->queue, c);
    return b->walk[c] > 1 ? b->walk[c] - 1 : 0; /* unreachable (-1): 0, no proof of death */
}

int bound_merge_eval(const vg_game *g, struct bound_merge *b, const vg_state *s) {
    for (uint64_t ts = b->sinks; ts; ts &= ts - 1) {
        uint32_t from, to;
        state_range(g, s, __builtin_ctzll(ts), &from, &to);
        if (to > from || g->static_count[__builtin_ctzll(ts)] > 0) return VG_BOUND_DEAD;
    }
    size_t cells = (size_t)g->w * (size_t)g->h;
    memcpy(b->awall, b->awall0, cells);
    if (!mark(g, s, b->avatar_walls, 0, b->awall, NULL)) return 0;
    memset(b->walk, -1, cells * sizeof *b->walk);
    int h = 0;
    for (int k = 0; k < b->ngroups; k++) {
        int gh = group_bound(g, b, &b->group[k], s);
        if (gh < 0) return 0;
        if (gh >= VG_BOUND_DEAD) return VG_BOUND_DEAD;
        h += gh;
    }
    return h + walk_bound(g, b, s);
}
