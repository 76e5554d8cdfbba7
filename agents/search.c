/* SPDX-License-Identifier: MIT
 *
 * search.c -- see search.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

static uint64_t mix(uint64_t z) {   /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static long cell_of(double v) { return lround(v * 64.0); }   /* positions in 1/64 cells */

/* ---- Positional key ----------------------------------------------------- */

struct skey {
    const vg_game *g;
    int nimm, imm_type[VG_MAX_TYPES], imm_count[VG_MAX_TYPES];
    int ncat, cats[VG_NUM_CATS];       /* categories listed sprite by sprite */
    int nres, res_type[VG_MAX_TYPES];
    vg_obs *buf;
    int cap;
};

skey *skey_new(const vg_game *g, const vg_state *start) {
    skey *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    k->g = g;
    k->cap = 1024;
    k->buf = malloc((size_t)k->cap * sizeof *k->buf);
    if (!k->buf) {
        free(k);
        return NULL;
    }
    int listed[VG_NUM_CATS] = {0};
    for (int t = 0; t < vg_game_num_types(g); t++) {
        if (!vg_type_is_leaf(g, t)) continue;
        vg_category c = vg_type_category(g, t);
        if (c == VG_CAT_AVATAR) continue;
        if (c == VG_CAT_RESOURCE) k->res_type[k->nres++] = t;
        if (c == VG_CAT_IMMOVABLE) {
            k->imm_type[k->nimm] = t;
            k->imm_count[k->nimm++] = vg_sprites_of(g, start, t, NULL, NULL, 0);
        } else listed[c] = 1;
    }
    for (int c = 0; c < VG_NUM_CATS; c++)
        if (listed[c]) k->cats[k->ncat++] = c;
    return k;
}

void skey_free(skey *k) {
    if (!k) return;
    free(k->buf);
    free(k);
}

/* Lists sprites into the key's buffer, growing it as needed; returns the count. */
static int list(skey *k, const vg_state *s, int cat, int type) {
    for (;;) {
        int n = type >= 0 ? vg_sprites_of(k->g, s, type, NULL, k->buf, k->cap)
                          : vg_sprites(k->g, s, (vg_category)cat, NULL, k->buf, k->cap);
        if (n <= k->cap) return n;
        vg_obs *nb = realloc(k->buf, (size_t)n * 2 * sizeof *nb);
        if (!nb) return k->cap;   /* keep what fits: the key gets weaker, never wrong by omission of a listed type */
        k->buf = nb;
        k->cap = n * 2;
    }
}

static uint64_t sum_listed(const vg_obs *o, int n) {
    uint64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += mix((uint64_t)o[i].type << 44 ^ (uint64_t)(cell_of(o[i].x) & 0x3fffff) << 22 ^
                   (uint64_t)(cell_of(o[i].y) & 0x3fffff));
    return sum;
}

uint64_t skey_of(const skey *kc, const vg_state *s) {
    skey *k = (skey *)(uintptr_t)kc;   /* only the scratch buffer changes */
    const vg_game *g = k->g;
    uint64_t score;
    double sc = vg_score(s);
    memcpy(&score, &sc, sizeof score);
    uint64_t h = mix((uint64_t)vg_winner_of(s) << 8 | (uint64_t)vg_is_over(s)) ^ mix(score + 0x9e3779b97f4a7c15ULL);
    double ax, ay;
    if (vg_avatar_pos(g, s, &ax, &ay))
        h ^= mix(0xa5a5ULL << 48 ^ (uint64_t)vg_avatar_type(g, s) << 44 ^ (uint64_t)(cell_of(ax) & 0x3fffff) << 22 ^
                 (uint64_t)(cell_of(ay) & 0x3fffff));
    for (int r = 0; r < k->nres; r++) {
        int amount = vg_avatar_resource(g, s, k->res_type[r]);
        if (amount) h ^= mix((uint64_t)k->res_type[r] << 32 ^ (uint32_t)amount ^ 0x7e5ULL << 40);
    }
    uint64_t sum = 0;
    for (int c = 0; c < k->ncat; c++) sum += sum_listed(k->buf, list(k, s, k->cats[c], -1));
    for (int i = 0; i < k->nimm; i++) {
        int t = k->imm_type[i], n = vg_sprites_of(g, s, t, NULL, NULL, 0);
        if (n == k->imm_count[i]) continue;   /* as at the start */
        sum += mix((uint64_t)t << 32 ^ (uint32_t)n ^ 0xc0ffeeULL << 40) + sum_listed(k->buf, list(k, s, -1, t));
    }
    return h ^ mix(sum);
}

/* ---- Hash map ------------------------------------------------------------ */

int hmap_init(hmap *m, size_t cap) {
    size_t c = 16;
    while (c < cap * 2) c <<= 1;
    m->keys = calloc(c, sizeof *m->keys);
    m->vals = malloc(c * sizeof *m->vals);
    m->cap = c;
    m->n = 0;
    if (!m->keys || !m->vals) {
        hmap_free(m);
        return 0;
    }
    return 1;
}

void hmap_free(hmap *m) {
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

void hmap_clear(hmap *m) {
    if (m->keys && m->n) memset(m->keys, 0, m->cap * sizeof *m->keys);
    m->n = 0;
}

uint32_t *hmap_find(const hmap *m, uint64_t key) {
    if (!key) key = 1;
    for (size_t i = (size_t)mix(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key) return &m->vals[i];
        if (!m->keys[i]) return NULL;
    }
}

static int hmap_grow(hmap *m) {
    hmap big;
    if (!hmap_init(&big, m->cap)) return 0;   /* twice the slots */
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i]) continue;
        size_t j = (size_t)mix(m->keys[i]) & (big.cap - 1);
        while (big.keys[j]) j = (j + 1) & (big.cap - 1);
        big.keys[j] = m->keys[i];
        big.vals[j] = m->vals[i];
    }
    big.n = m->n;
    hmap_free(m);
    *m = big;
    return 1;
}

uint32_t *hmap_put(hmap *m, uint64_t key, uint32_t v, int *added) {
    if (!key) key = 1;
    if ((m->n + 1) * 4 > m->cap * 3 && !hmap_grow(m)) return NULL;
    size_t i = (size_t)mix(key) & (m->cap - 1);
    for (; m->keys[i]; i = (i + 1) & (m->cap - 1))
        if (m->keys[i] == key) {
            *added = 0;
            return &m->vals[i];
        }
    m->keys[i] = key;
    m->vals[i] = v;
    m->n++;
    *added = 1;
    return &m->vals[i];
}

/* ---- Stored states ------------------------------------------------------- */

vg_state *state_store(const vg_state *s) {
    size_t n = vg_state_used(s);
    vg_state *c = malloc(n);
    if (c) memcpy(c, s, n);
    return c;
}

/* ---- Leaf values ----------------------------------------------------------- */

static double outcome(const vg_state *s, double v) {
    if (vg_winner_of(s) == VG_PLAYER_WINS) return v + SEARCH_WIN;
    if (vg_winner_of(s) == VG_PLAYER_LOSES || vg_is_over(s)) return v - SEARCH_WIN;
    return v;
}

double search_value(const vg_game *g, const vg_state *s) { return outcome(s, vg_heuristic(g, s, NULL)); }
double search_score_value(const vg_state *s) { return outcome(s, vg_score(s)); }

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
        long x = lround(b->buf[i].x), y = lround(b->buf[i].y);
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
        for (int i = 0; i < nb && i < b->cap; i++) {
            long x = lround(b->buf[i].x), y = lround(b->buf[i].y);
            if (x >= 0 && y >= 0 && x < b->w && y < b->h) b->boxes[y * b->w + x] = 1;
        }
        for (int i = 0; i < nb && i < b->cap; i++) {
            long x = lround(b->buf[i].x), y = lround(b->buf[i].y);
            if (x >= 0 && y >= 0 && x < b->w && y < b->h && frozen(b, (int)x, (int)y)) fz[nf++] = (int)(y * b->w + x);
        }
        memset(b->boxes, 0, n);
        for (int i = 0; i < nf; i++) b->wall[fz[i]] = 1;
        free(fz);
    }
    int nk = vg_sprites_of(g, start, b->key_t, NULL, b->buf, 1);
    if (nk < 1) return b;   /* no key at the start: not this kind of game */
    b->kx = (int)lround(b->buf[0].x);
    b->ky = (int)lround(b->buf[0].y);
    bfs_from(b, b->kx, b->ky, b->dkey);
    int ng = vg_sprites_of(g, start, b->goal_t, NULL, b->buf, MAX_GOALS);
    if (ng < 1 || ng > MAX_GOALS) return b;
    b->ngoal = ng;
    for (int i = 0; i < ng; i++) {
        b->gx[i] = (int)lround(b->buf[i].x);
        b->gy[i] = (int)lround(b->buf[i].y);
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

/* 1 when a frozen box covers cell (x, y). */
static int frozen_box_at(const sbound *b, const vg_state *s, int x, int y) {
    if (b->box_t < 0) return 0;
    int n = vg_grid_at(b->g, s, x, y, b->buf, b->cap), here = 0;
    for (int i = 0; i < n && i < b->cap; i++) here |= vg_type_is_a(b->g, b->buf[i].type, b->box_t);
    if (!here) return 0;
    int nb = vg_sprites_of(b->g, s, b->box_t, NULL, b->buf, b->cap);
    if (nb > b->cap) return 0;   /* cannot tell: assume it may move */
    for (int i = 0; i < nb; i++) {
        long bx = lround(b->buf[i].x), by = lround(b->buf[i].y);
        if (bx >= 0 && by >= 0 && bx < b->w && by < b->h) b->boxes[by * b->w + bx] = 1;
    }
    int fz = frozen(b, x, y);
    for (int i = 0; i < nb; i++) {
        long bx = lround(b->buf[i].x), by = lround(b->buf[i].y);
        if (bx >= 0 && by >= 0 && bx < b->w && by < b->h) b->boxes[by * b->w + bx] = 0;
    }
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
    int ax = (int)lround(fx), ay = (int)lround(fy);
    int gx[MAX_GOALS], gy[MAX_GOALS], gi[MAX_GOALS];
    /* One goal: it is still where it started, since the game is not won
     * (R2; goals are immovable). Several: look them up. */
    int ng = b->ngoal == 1 ? 1 : vg_sprites_of(b->g, s, b->goal_t, NULL, b->buf, b->cap);
    if (ng > MAX_GOALS) return 0;   /* more goals than tracked: no bound */
    if (b->ngoal == 1) b->buf[0].x = b->gx[0], b->buf[0].y = b->gy[0];
    for (int i = 0; i < ng; i++) {
        gx[i] = (int)lround(b->buf[i].x);
        gy[i] = (int)lround(b->buf[i].y);
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
