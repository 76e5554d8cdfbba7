/* SPDX-License-Identifier: MIT
 *
 * bound.c -- see bound.h: Bait's lower bound on the actions left, with
 * its proof, and its dead states. The one place that knows Bait's sprite
 * names; the A* agents, the level solver and MCTS call it through
 * bound.h. (The solver's own proof will replace it; until then it stays
 * here, working as it does.)
 */
#include <stdlib.h>

#include "bound.h"

/* ---- Lower bound for key-and-door games -------------------------------------
 *
 * The rules assumed (Bait's; checked only through the type names):
 *   R1. each action moves the avatar by at most one cell, up, down, left or
 *       right, and never into a wall cell (a move into a wall is undone);
 *       walls never move or disappear;
 *   R2. the game is won only when every goal is gone, and a goal goes only
 *       when the avatar carrying the key (an avatar of a type other than
 *       the starting one) enters its cell;
 *   R3. the avatar gets the key only by entering the key's cell while
 *       keyless; the key never moves; the key is gone only when taken;
 *   R4. a box moves only when the avatar walks into it, and then one cell
 *       on in the same direction, unless that cell holds a wall or a box
 *       (then the move is undone); a box never enters a wall's cell.
 *
 * Bound. Let d(p, q) be the length of a shortest 4-connected path from p to
 * q through cells without a wall or a box frozen in the start state (see
 * below: such a box never moves, and the avatar never enters its cell, so
 * for the avatar it is a wall; boxes, holes, everything else counted
 * passable). Keyless avatar at A, key at K, goals G1..Gm:
 *     h = d(A, K) + max_i d(K, Gi)        (the farthest goal still to visit)
 * Avatar holding the key:  h = max_i d(A, Gi).
 *
 * Proof of admissibility. By R1 the avatar's cells over the remaining
 * actions form a walk in the wall-free grid in which each action adds at
 * most one step, so k actions cover a walk of at most k steps. By R2 and
 * R3 every winning continuation of a keyless avatar visits K and, later,
 * every goal: its walk contains a subwalk from A to K (length >= d(A, K))
 * followed by one from K to each Gi (length >= d(K, Gi)). Hence at least
 * d(A, K) + max_i d(K, Gi) actions remain. Holding the key, the walk must
 * still reach every remaining goal. A distance is a metric, so the bound
 * is also consistent (h(s) <= 1 + h(s') along any action), which lets A*
 * expand each state once. Using max over goals rather than a sum keeps it
 * admissible when goals lie on one path.
 *
 * Dead states (returned as SBOUND_DEAD; pruning them never removes a
 * winning line, so never a shortest one):
 *   - the game is over and not won;
 *   - the avatar is keyless and no key is left (the key is "lost");
 *   - K or a goal cannot be reached from A through wall-free cells;
 *   - a box that can never move again covers K or a goal. A box is frozen
 *     when it is blocked along both axes; an axis is blocked when a wall,
 *     or a frozen box, is next to it on either side of that axis: by R4 it
 *     cannot be pushed towards that neighbour, and it cannot be pushed away
 *     from it because the avatar cannot stand in that neighbour's cell (a
 *     wall by R1; a frozen box never leaves its cell, and the avatar enters
 *     a box's cell only by moving the box). While a box is being tested it
 *     counts as a wall for its neighbours' tests (the usual Sokoban freeze
 *     test): if each of two boxes can move only after the other, neither
 *     ever moves. Anything else next to a box (a hole, a mushroom, floor)
 *     is taken as passable, which only makes the test more cautious.
 *     A covered key is then never entered (the avatar would have to push
 *     the box), and a covered goal is never entered either. */

#define MAX_GOALS 8

/* The cell a position in cells rounds to (-1 for any left of or above the grid). */
static inline int cell_of(double v) { return v < -0.5 ? -1 : (int)(v + 0.5); }

struct sbound {
    const vg_game *g;
    int active, w, h;
    int key_t, goal_t, box_t, start_avatar;
    uint8_t *wall;
    int kx, ky, *dkey;
    int ngoal, gx[MAX_GOALS], gy[MAX_GOALS], *dgoal[MAX_GOALS];
    vg_obs *buf;
    int cap;
    uint8_t *boxes, *visiting;   /* scratch for the freeze test */
};

static int frozen(const sbound *b, int x, int y);

/* Sets the cells of the 'nb' boxes listed in b->buf to 'v' in b->boxes. */
static void mark_boxes(const sbound *b, int nb, uint8_t v) {
    for (int i = 0; i < nb; i++) {
        int x = cell_of(b->buf[i].x), y = cell_of(b->buf[i].y);
        if (x >= 0 && y >= 0 && x < b->w && y < b->h) b->boxes[y * b->w + x] = v;
    }
}

static void bfs_from(const sbound *b, int x0, int y0, int *dist) {
    int n = b->w * b->h, *queue = malloc((size_t)n * sizeof *queue), head = 0, tail = 0;
    for (int c = 0; c < n; c++) dist[c] = -1;
    if (!queue || x0 < 0 || y0 < 0 || x0 >= b->w || y0 >= b->h) {
        free(queue);
        return;
    }
    dist[y0 * b->w + x0] = 0;
    queue[tail++] = y0 * b->w + x0;
    while (head < tail) {
        int c = queue[head++], x = c % b->w, y = c / b->w;
        static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k], nc = ny * b->w + nx;
            if (nx < 0 || ny < 0 || nx >= b->w || ny >= b->h || b->wall[nc] || dist[nc] >= 0) continue;
            dist[nc] = dist[c] + 1;
            queue[tail++] = nc;
        }
    }
    free(queue);
}

void sbound_free(sbound *b) {
    if (!b) return;
    free(b->wall);
    free(b->dkey);
    for (int i = 0; i < MAX_GOALS; i++) free(b->dgoal[i]);
    free(b->buf);
    free(b->boxes);
    free(b->visiting);
    free(b);
}

sbound *sbound_new(const vg_game *g, const vg_state *start) {
    sbound *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->g = g;
    b->w = vg_game_width(g);
    b->h = vg_game_height(g);
    b->key_t = vg_type_find(g, "key");
    b->goal_t = vg_type_find(g, "goal");
    b->box_t = vg_type_find(g, "box");
    b->start_avatar = vg_avatar_type(g, start);
    int wall_t = vg_type_find(g, "wall");
    if (b->key_t < 0 || b->goal_t < 0 || wall_t < 0 || b->start_avatar < 0) return b;   /* inactive */
    size_t n = (size_t)b->w * (size_t)b->h;
    b->cap = (int)n * 4 + 64;
    b->wall = calloc(n, 1);
    b->boxes = calloc(n, 1);
    b->visiting = calloc(n, 1);
    b->dkey = malloc(n * sizeof *b->dkey);
    b->buf = malloc((size_t)b->cap * sizeof *b->buf);
    if (!b->wall || !b->boxes || !b->visiting || !b->dkey || !b->buf) {
        sbound_free(b);
        return NULL;
    }
    int nw = vg_sprites_of(g, start, wall_t, NULL, b->buf, b->cap);
    for (int i = 0; i < nw && i < b->cap; i++) {
        int x = cell_of(b->buf[i].x), y = cell_of(b->buf[i].y);
        if (x >= 0 && y >= 0 && x < b->w && y < b->h) b->wall[y * b->w + x] = 1;
    }
    /* Boxes frozen from the start never move again, and the avatar never
     * enters their cells: for distances they are walls. */
    if (b->box_t >= 0) {
        int nb = vg_sprites_of(g, start, b->box_t, NULL, b->buf, b->cap);
        int *fz = malloc((size_t)(nb > 0 ? nb : 1) * sizeof *fz), nf = 0;
        if (!fz) {
            sbound_free(b);
            return NULL;
        }
        if (nb > b->cap) nb = b->cap;
        mark_boxes(b, nb, 1);
        for (int i = 0; i < nb; i++) {
            int x = cell_of(b->buf[i].x), y = cell_of(b->buf[i].y);
            if (x >= 0 && y >= 0 && x < b->w && y < b->h && frozen(b, x, y)) fz[nf++] = y * b->w + x;
        }
        mark_boxes(b, nb, 0);
        for (int i = 0; i < nf; i++) b->wall[fz[i]] = 1;
        free(fz);
    }
    int nk = vg_sprites_of(g, start, b->key_t, NULL, b->buf, 1);
    if (nk < 1) return b;   /* no key at the start: not this kind of game */
    b->kx = cell_of(b->buf[0].x);
    b->ky = cell_of(b->buf[0].y);
    bfs_from(b, b->kx, b->ky, b->dkey);
    int ng = vg_sprites_of(g, start, b->goal_t, NULL, b->buf, MAX_GOALS);
    if (ng < 1 || ng > MAX_GOALS) return b;
    b->ngoal = ng;
    for (int i = 0; i < ng; i++) {
        b->gx[i] = cell_of(b->buf[i].x);
        b->gy[i] = cell_of(b->buf[i].y);
    }
    for (int i = 0; i < ng; i++) {
        if (!(b->dgoal[i] = malloc(n * sizeof *b->dgoal[i]))) {
            sbound_free(b);
            return NULL;
        }
        bfs_from(b, b->gx[i], b->gy[i], b->dgoal[i]);
    }
    b->active = 1;
    return b;
}

int sbound_active(const sbound *b) { return b->active; }

static int blocked(const sbound *b, int x, int y);

static int frozen(const sbound *b, int x, int y) {
    int c = y * b->w + x;
    b->visiting[c] = 1;
    int fz = (blocked(b, x - 1, y) || blocked(b, x + 1, y)) && (blocked(b, x, y - 1) || blocked(b, x, y + 1));
    b->visiting[c] = 0;
    return fz;
}

static int blocked(const sbound *b, int x, int y) {
    if (x < 0 || y < 0 || x >= b->w || y >= b->h) return 1;
    int c = y * b->w + x;
    return b->wall[c] || b->visiting[c] || (b->boxes[c] && frozen(b, x, y));
}

/* 1 when a box that can never move again covers cell (x, y). The cell is
 * looked at first: listing every box is needed only when one is there. */
static int frozen_box_at(const sbound *b, const vg_state *s, int x, int y) {
    vg_obs here[8];
    int n = b->box_t < 0 ? 0 : vg_grid_at(b->g, s, x, y, here, 8), boxed = 0;
    for (int i = 0; i < n && i < 8; i++) boxed |= vg_type_is_a(b->g, here[i].type, b->box_t);
    if (!boxed) return 0;
    int nb = vg_sprites_of(b->g, s, b->box_t, NULL, b->buf, b->cap);
    if (nb > b->cap) return 0;   /* too many to list: none is taken to be frozen */
    mark_boxes(b, nb, 1);
    int fz = frozen(b, x, y);
    mark_boxes(b, nb, 0);
    return fz;
}

/* d(p, goal i), from the goal's map while it is where it started. */
static int dist_to(const sbound *b, const int *map, int mx, int my, int px, int py, int qx, int qy) {
    if (map && qx == mx && qy == my) return px >= 0 && py >= 0 && px < b->w && py < b->h ? map[py * b->w + px] : -1;
    return abs(px - qx) + abs(py - qy);
}

int sbound_of(const sbound *b, const vg_state *s) {
    if (vg_is_over(s)) return vg_winner_of(s) == VG_PLAYER_WINS ? 0 : SBOUND_DEAD;
    if (!b->active) return 0;
    double fx, fy;
    if (!vg_avatar_pos(b->g, s, &fx, &fy)) return SBOUND_DEAD;
    int ax = cell_of(fx), ay = cell_of(fy);
    int gx[MAX_GOALS], gy[MAX_GOALS], gi[MAX_GOALS];
    /* One goal: it is still where it started, since the game is not won
     * (R2; goals are immovable). Several: look them up. */
    int ng = b->ngoal == 1 ? 1 : vg_sprites_of(b->g, s, b->goal_t, NULL, b->buf, b->cap);
    if (ng > MAX_GOALS) return 0;   /* more goals than tracked: no bound */
    if (b->ngoal == 1) b->buf[0].x = b->gx[0], b->buf[0].y = b->gy[0];
    for (int i = 0; i < ng; i++) {
        gx[i] = cell_of(b->buf[i].x);
        gy[i] = cell_of(b->buf[i].y);
        gi[i] = -1;
        for (int j = 0; j < b->ngoal; j++)
            if (b->gx[j] == gx[i] && b->gy[j] == gy[i]) gi[i] = j;
    }
    int haskey = vg_avatar_type(b->g, s) != b->start_avatar, from_x = ax, from_y = ay, base = 0;
    if (!haskey) {
        if (vg_sprites_of(b->g, s, b->key_t, NULL, NULL, 0) == 0) return SBOUND_DEAD;   /* the key is lost */
        int kx = b->kx, ky = b->ky;   /* the key never moves (R3) */
        base = dist_to(b, b->dkey, b->kx, b->ky, ax, ay, kx, ky);
        if (base < 0 || frozen_box_at(b, s, kx, ky)) return SBOUND_DEAD;
        from_x = kx, from_y = ky;
    }
    int far = 0;
    for (int i = 0; i < ng; i++) {
        int d = dist_to(b, gi[i] >= 0 ? b->dgoal[gi[i]] : NULL, gi[i] >= 0 ? b->gx[gi[i]] : 0,
                        gi[i] >= 0 ? b->gy[gi[i]] : 0, from_x, from_y, gx[i], gy[i]);
        if (d < 0 || frozen_box_at(b, s, gx[i], gy[i])) return SBOUND_DEAD;
        if (d > far) far = d;
    }
    return base + far;
}
