/* SPDX-License-Identifier: MIT
 *
 * search.c -- see search.h.
 */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, madvise */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "search.h"

static uint64_t mix(uint64_t z) {   /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ---- Positional key ----------------------------------------------------- */

uint64_t search_key(const vg_game *g, const vg_state *s) {
    uint64_t score;
    double sc = vg_score(s);
    memcpy(&score, &sc, sizeof score);
    uint64_t h = vg_state_position_hash(s) ^ mix(score + 0x9e3779b97f4a7c15ULL) ^
                 mix((uint64_t)vg_winner_of(s) << 8 | (uint64_t)vg_is_over(s) << 4 | (uint64_t)vg_turn(s) << 16);
    for (int r = 0, nres = vg_num_resources(g); r < nres; r++) {
        int amount = vg_avatar_resource(g, s, r);
        if (amount) h ^= mix((uint64_t)r << 32 ^ (uint32_t)amount ^ 0x7e5ULL << 40);
    }
    return h;
}

/* ---- Big tables ---------------------------------------------------------
 * The solver's hash map and stored states reach gigabytes and are read
 * at random: on huge pages (where the system offers them) a probe costs
 * far fewer TLB misses, and the memory far fewer page faults. */

enum { BIG = 2 << 20 };   /* smaller tables come from calloc */

/* 'bytes' of zeroed memory, or NULL; give it back with big_free. */
static void *big_alloc(size_t bytes) {
    if (bytes < BIG) return calloc(1, bytes);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);   /* a hint: no harm when refused */
#endif
    return p;
}

static void big_free(void *p, size_t bytes) {
    if (bytes < BIG)
        free(p);
    else if (p)
        munmap(p, bytes);
}

/* ---- Hash map ------------------------------------------------------------ */

int hmap_init(hmap *m, size_t cap) {
    size_t c = 16;
    while (c < cap * 2) c <<= 1;
    m->slots = big_alloc(c * sizeof *m->slots);
    m->cap = m->slots ? c : 0;
    m->n = 0;
    return m->slots != NULL;
}

void hmap_free(hmap *m) {
    big_free(m->slots, m->cap * sizeof *m->slots);
    memset(m, 0, sizeof *m);
}

void hmap_clear(hmap *m) {
    if (m->slots && m->n) memset(m->slots, 0, m->cap * sizeof *m->slots);
    m->n = 0;
}

hslot *hmap_find(const hmap *m, uint64_t key) {
    if (!key) key = 1;
    for (size_t i = (size_t)mix(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->slots[i].key == key) return &m->slots[i];
        if (!m->slots[i].key) return NULL;
    }
}

void hmap_prefetch(const hmap *m, uint64_t key) {
#if defined(__GNUC__)
    __builtin_prefetch(&m->slots[(size_t)mix(key ? key : 1) & (m->cap - 1)]);
#else
    (void)m, (void)key;
#endif
}

static int hmap_grow(hmap *m) {
    hmap big;
    if (!hmap_init(&big, m->cap)) return 0;   /* twice the slots */
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->slots[i].key) continue;
        size_t j = (size_t)mix(m->slots[i].key) & (big.cap - 1);
        while (big.slots[j].key) j = (j + 1) & (big.cap - 1);
        big.slots[j] = m->slots[i];
    }
    big.n = m->n;
    hmap_free(m);
    *m = big;
    return 1;
}

hslot *hmap_put(hmap *m, uint64_t key, uint32_t v, int *added) {
    if (!key) key = 1;
    if ((m->n + 1) * 4 > m->cap * 3 && !hmap_grow(m)) return NULL;
    size_t i = (size_t)mix(key) & (m->cap - 1);
    for (; m->slots[i].key; i = (i + 1) & (m->cap - 1))
        if (m->slots[i].key == key) {
            *added = 0;
            return &m->slots[i];
        }
    m->slots[i] = (hslot){key, v, 0};
    m->n++;
    *added = 1;
    return &m->slots[i];
}

/* ---- Stored states ------------------------------------------------------
 *
 * A packed state is a list of steps that rebuild it from the reference,
 * front to back, with a read position in the reference: skip some of its
 * words, copy some, then take some words from the packed state itself
 * (each stands for one word of the reference). Skipping is what makes it
 * small: when a sprite is removed, the ones after it sit one sprite
 * earlier than in the reference, and a step that skips the removed one
 * copies all of them. Each step is one word (skip << 48 | copy << 24 |
 * literal count) followed by the literal words. */

enum { SEEN_BITS = 12 };   /* the reference's words, hashed to one of 4096 bits */

struct packer {
    vg_state *ref;
    uint64_t seen[(1 << SEEN_BITS) / 64];   /* a bit for each word of the reference (a Bloom filter) */
    uint64_t *scratch;     /* room for the steps of the largest state */
    size_t most;           /* words in the largest packed block */
    packed **spare;        /* [words]: released blocks of that size, linked through 'next' */
    uint64_t **chunks;     /* every block is cut from one of these, */
    size_t nchunks, left;  /* the newest with 'left' words uncut */
};

struct packed {
    union {
        struct {
            uint32_t n;    /* the state's length in words */
            uint32_t len;  /* the steps' */
        };
        packed *next;      /* on a spare list */
    };
    uint64_t steps[];
};

enum { PACK_MAX_SKIP = 16,    /* words skipped to find the reference again: a few removed sprites */
       PACK_CHUNK = 1 << 19 }; /* words in a chunk (4 MiB) */

packer *packer_new(const vg_game *g) {
    packer *pk = calloc(1, sizeof *pk);
    if (!pk) return NULL;
    pk->ref = vg_state_new(g, 0);
    pk->most = vg_state_size(g) / 8 * 2 + 2;   /* at worst a step word a literal, and the header */
    pk->scratch = malloc(pk->most * 8);
    pk->spare = calloc(pk->most + 1, sizeof *pk->spare);
    if (!pk->ref || !pk->scratch || !pk->spare) {
        packer_free(pk);
        return NULL;
    }
    return pk;
}

void packer_free(packer *pk) {
    if (!pk) return;
    vg_state_free(pk->ref);
    free(pk->scratch);
    free(pk->spare);
    for (size_t i = 0; i < pk->nchunks; i++) big_free(pk->chunks[i], PACK_CHUNK * 8);
    free(pk->chunks);
    free(pk);
}

/* A block of 'words' words: a released one of that size, or cut from the newest chunk. */
static packed *block_new(packer *pk, size_t words) {
    packed *p = pk->spare[words];
    if (p) {
        pk->spare[words] = p->next;
        return p;
    }
    if (pk->left < words) {
        uint64_t **cs = realloc(pk->chunks, (pk->nchunks + 1) * sizeof *cs), *c;
        if (!cs) return NULL;
        pk->chunks = cs;
        if (!(c = big_alloc(PACK_CHUNK * 8))) return NULL;
        cs[pk->nchunks++] = c;
        pk->left = PACK_CHUNK;
    }
    pk->left -= words;
    return (packed *)(void *)(pk->chunks[pk->nchunks - 1] + pk->left);
}

void packer_release(packer *pk, packed *p) {
    if (!p) return;
    size_t words = 1 + p->len;
    p->next = pk->spare[words];
    pk->spare[words] = p;
}

static inline unsigned seen_bit(uint64_t w) { return (unsigned)((w * 0x9e3779b97f4a7c15ULL) >> (64 - SEEN_BITS)); }
static inline void seen_add(packer *pk, uint64_t w) { pk->seen[seen_bit(w) / 64] |= 1ULL << (seen_bit(w) % 64); }
/* 0 when the reference holds no word equal to w; 1 when it may. */
static inline int seen_has(const packer *pk, uint64_t w) { return pk->seen[seen_bit(w) / 64] >> (seen_bit(w) % 64) & 1; }

void packer_set_ref(packer *pk, fm *f, const vg_state *ref) {
    fm_copy(f, pk->ref, ref);
    memset(pk->seen, 0, sizeof pk->seen);
    const uint64_t *r = (const uint64_t *)(const void *)ref;
    for (size_t j = 0; j < vg_state_used(ref) / 8; j++) seen_add(pk, r[j]);
    for (size_t i = 1; i < pk->nchunks; i++) big_free(pk->chunks[i], PACK_CHUNK * 8);   /* the first is kept for reuse */
    if (pk->nchunks) pk->nchunks = 1, pk->left = PACK_CHUNK;
    memset(pk->spare, 0, (pk->most + 1) * sizeof *pk->spare);
}

/* The skip (at most 'most') after which the reference goes on as s[i..]
 * does, or -1: no skip and two equal words (or the end of s), or a skip
 * and four (words equal by chance, zeros say, must not throw the reading
 * off). A word the reference does not hold (most changed ones: sprites
 * carry their ids) is told at once by the filter. */
static inline int resync(const packer *pk, size_t nref, size_t at, const uint64_t *s, size_t n, size_t i, size_t most) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref;
    if (at < nref && r[at] == s[i] && (i + 1 == n || (at + 1 < nref && r[at + 1] == s[i + 1]))) return 0;
    if (!most || !seen_has(pk, s[i])) return -1;
    for (size_t sk = 1; sk <= most && at + sk < nref; sk++) {
        if (r[at + sk] != s[i]) continue;
        size_t got = 1;
        while (got < 4 && i + got < n && at + sk + got < nref && r[at + sk + got] == s[i + got]) got++;
        if (got == 4 || i + got == n) return (int)sk;
    }
    return -1;
}

/* How far the next skip may go, 'skipped' words skipped so far: the
 * reference is longer than the state by the words of the sprites removed
 * since, and skips need not add up to more. */
static size_t skip_room(size_t nref, size_t n, size_t skipped) {
    size_t room = nref > n + skipped ? nref - n - skipped : 0;
    return room < PACK_MAX_SKIP ? room : PACK_MAX_SKIP;
}

packed *packer_pack(packer *pk, const vg_state *st) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref, *s = (const uint64_t *)(const void *)st;
    size_t nref = vg_state_used(pk->ref) / 8, n = vg_state_used(st) / 8, len = 0, i = 0, at = 0;
    uint64_t *out = pk->scratch;
    while (i < n) {
        size_t most = skip_room(nref, n, at - i);
        int sk = resync(pk, nref, at, s, n, i, most);
        size_t skip = sk > 0 ? (size_t)sk : 0, copy = 0;
        if (sk >= 0) {
            size_t most_copy = nref - at - skip < n - i ? nref - at - skip : n - i;
            while (copy < most_copy && r[at + skip + copy] == s[i + copy]) copy++;
        }
        at += skip + copy, i += copy;
        size_t lit = 0;   /* literal words up to where the reference goes on again */
        most = skip_room(nref, n, at - i);
        while (i + lit < n && resync(pk, nref, at + lit, s, n, i + lit, most) < 0) lit++;
        out[len] = (uint64_t)skip << 48 | (uint64_t)copy << 24 | lit;
        memcpy(out + len + 1, s + i, lit * 8);
        len += 1 + lit, i += lit, at += lit;
    }
    packed *p = block_new(pk, 1 + len);
    if (!p) return NULL;
    p->n = (uint32_t)n;
    p->len = (uint32_t)len;
    memcpy(p->steps, out, len * 8);
    return p;
}

size_t packed_bytes(const packed *p) { return sizeof *p + (size_t)p->len * 8; }

void packer_unpack(const packer *pk, const packed *p, vg_state *dst) {
    const uint64_t *r = (const uint64_t *)(const void *)pk->ref, *step = p->steps;
    uint64_t *d = (uint64_t *)(void *)dst;
    for (size_t i = 0, at = 0; i < p->n; step++) {
        size_t skip = *step >> 48, copy = *step >> 24 & 0xffffff, lit = *step & 0xffffff;
        at += skip;
        memcpy(d + i, r + at, copy * 8);
        memcpy(d + i + copy, step + 1, lit * 8);
        i += copy + lit, at += copy + lit, step += lit;
    }
}

/* ---- Leaf values ----------------------------------------------------------- */

static double outcome(const vg_state *s, double v) {
    if (vg_winner_of(s) == VG_PLAYER_WINS) return v + SEARCH_WIN;
    if (vg_winner_of(s) == VG_PLAYER_LOSES || vg_is_over(s)) return v - SEARCH_WIN;
    return v;
}

double search_value(fm *f, const vg_state *s) { return outcome(s, fm_heuristic(f, s)); }
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
