/* SPDX-License-Identifier: MIT
 *
 * path.c -- GVGAI's path finder (tools/pathfinder), run once at load.
 *
 * GVGAI computes, when a level is built, a path from every open cell to
 * every cell it can reach, and its chasers look the paths up during play.
 * Its search is a Dijkstra over the four neighbours of a cell, tried up,
 * down, left, right, each cell given its parent when first seen, with a
 * java.util.PriorityQueue ordered by distance alone. Which of several
 * shortest paths it keeps depends on the order that queue hands out
 * cells of equal distance, so the queue here is Java's binary heap, step
 * for step. Only the first step of each path is kept: one byte per pair
 * of open cells, so a lookup during play costs two loads.
 *
 * GVGAI keys its paths by x * 100 + y, so on maps wider or taller than
 * 100 cells its paths alias; this table does not copy that.
 */
#include <stdio.h>
#include <stdlib.h>

#include "class.h"
#include "path.h"
#include "state.h"

#define NO_STEP 0xff

struct path_table {
    int w, h, nopen;
    int32_t *open; /* per cell (y * w + x): its number among the open cells, -1: an obstacle */
    int32_t *cell; /* per open cell: its cell */
    uint8_t *step; /* [from * nopen + to]: the first step, a row of class_base_dirs, or NO_STEP */
};

void path_free(struct path_table *p) {
    if (!p) return;
    free(p->open);
    free(p->cell);
    free(p->step);
    free(p);
}

/* ---- Java's PriorityQueue: a binary heap of (distance, cell) ----------- */

typedef struct heap {
    int n;
    int32_t *cost, *cell;
} heap;

/* PriorityQueue.offer: sift up while strictly smaller than the parent. */
static void heap_offer(heap *q, int cost, int cell) {
    int k = q->n++;
    while (k > 0) {
        int parent = (k - 1) >> 1;
        if (cost >= q->cost[parent]) break;
        q->cost[k] = q->cost[parent], q->cell[k] = q->cell[parent];
        k = parent;
    }
    q->cost[k] = cost, q->cell[k] = cell;
}

/* PriorityQueue.poll: the root; the last element sifts down from the
 * root, to the right child only when it is strictly smaller than the left. */
static int heap_poll(heap *q, int *cost) {
    int top = q->cell[0], n = --q->n, k = 0, half = n >> 1;
    int kc = q->cost[n], kcell = q->cell[n];
    *cost = q->cost[0];
    while (k < half) {
        int child = 2 * k + 1;
        if (child + 1 < n && q->cost[child] > q->cost[child + 1]) child++;
        if (kc <= q->cost[child]) break;
        q->cost[k] = q->cost[child], q->cell[k] = q->cell[child];
        k = child;
    }
    if (n > 0) q->cost[k] = kc, q->cell[k] = kcell;
    return top;
}

/* ---- Building the table -------------------------------------------------- */

/* GVGAI's neighbour order (PathFinder): up, down, left, right, as rows of class_base_dirs. */
static const int neighbour_dirs[4] = {0, 2, 1, 3};

/* One search from open cell 'from' (GVGAI's _dijkstraa): fills row 'from'
 * of the table. 'seen' and the heap are scratch of p->nopen entries. */
static void search_from(struct path_table *p, int from, uint8_t *seen, uint8_t *first, heap *q) {
    uint8_t *row = p->step + (size_t)from * (size_t)p->nopen;
    for (int k = 0; k < p->nopen; k++) seen[k] = 0, row[k] = NO_STEP;
    seen[from] = 1;
    q->n = 0;
    heap_offer(q, 0, from);
    while (q->n > 0) {
        int cost, c = heap_poll(q, &cost);
        if (c != from) row[c] = first[c];
        int x = p->cell[c] % p->w, y = p->cell[c] / p->w;
        for (int k = 0; k < 4; k++) {
            int d = neighbour_dirs[k], nx = x + class_base_dirs[d][0], ny = y + class_base_dirs[d][1];
            if (nx < 0 || ny < 0 || nx >= p->w || ny >= p->h) continue;
            int nc = p->open[ny * p->w + nx];
            if (nc < 0 || seen[nc]) continue;
            seen[nc] = 1;
            first[nc] = (uint8_t)(c == from ? d : first[c]);
            heap_offer(q, cost + 1, nc);
        }
    }
}

static int needs_paths(const vg_game *g) {
    for (int t = 0; t < g->ntypes; t++)
        if (g->types[t].leaf && g->types[t].cls >= 0 && (class_table[g->types[t].cls].flags & CLASS_PATH)) return 1;
    return 0;
}

/* The open cells: those where no sprite of an 'obs' type starts. */
static int find_open(const vg_game *g, struct path_table *p) {
    int ncells = g->w * g->h, nopen = 0;
    for (int c = 0; c < ncells; c++) p->open[c] = (g->static_mask[c] & g->obstacles) ? -1 : 0;
    for (uint32_t i = 0; i < g->start->n; i++) {
        const sprite *s = state_sprite(g->start, i);
        int c = path_cell(g, s->x, s->y);
        if (c >= 0 && (g->obstacles >> s->type & 1)) p->open[c] = -1;
    }
    for (int c = 0; c < ncells; c++)
        if (p->open[c] == 0) p->cell[nopen] = c, p->open[c] = nopen++;
    return nopen;
}

vg_status path_build(vg_game *g, const char *name, vg_error *err) {
    vg_status st = VG_ERR_NOMEM;
    struct path_table *p = NULL;
    uint8_t *seen = NULL, *first = NULL;
    heap q = {0, NULL, NULL};
    path_free(g->path);
    g->path = NULL;
    if (!needs_paths(g)) return VG_OK;
    int ncells = g->w * g->h;
    if (!(p = calloc(1, sizeof *p)) || !(p->open = malloc((size_t)ncells * sizeof *p->open)) ||
        !(p->cell = malloc((size_t)ncells * sizeof *p->cell)))
        goto done;
    p->w = g->w, p->h = g->h;
    p->nopen = find_open(g, p);
    if (p->nopen > PATH_MAX_OPEN) {
        st = error_set(err, VG_ERR_LIMIT, name, 0, 0, "map has %d open cells for the path finder; the limit is %d",
                       p->nopen, PATH_MAX_OPEN);
        goto done;
    }
    size_t n = (size_t)p->nopen;
    if (!(p->step = malloc(n * n + 1)) || !(seen = malloc(n + 1)) || !(first = malloc(n + 1)) ||
        !(q.cost = malloc((n + 1) * sizeof *q.cost)) || !(q.cell = malloc((n + 1) * sizeof *q.cell)))
        goto done;
    for (int c = 0; c < p->nopen; c++) search_from(p, c, seen, first, &q);
    g->path = p;
    p = NULL;
    st = VG_OK;
done:
    if (st == VG_ERR_NOMEM) error_set(err, st, name, 0, 0, "out of memory for the path finder's table");
    path_free(p);
    free(seen);
    free(first);
    free(q.cost);
    free(q.cell);
    return st;
}

/* ---- Lookups during play --------------------------------------------------- */

int path_cell(const vg_game *g, int x, int y) {
    int cx = x / g->square, cy = y / g->square; /* C truncates towards 0, as Java's (int) does */
    return cx < 0 || cy < 0 || cx >= g->w || cy >= g->h ? -1 : cy * g->w + cx;
}

int path_step_cells(const vg_game *g, int from, int to) {
    const struct path_table *p = g->path;
    if (!p || from < 0 || to < 0) return -1;
    int a = p->open[from], b = p->open[to];
    if (a < 0 || b < 0) return -1;
    uint8_t d = p->step[(size_t)a * (size_t)p->nopen + (size_t)b];
    return d == NO_STEP ? -1 : d;
}

int path_step(const vg_game *g, int x, int y, int tx, int ty) {
    return path_step_cells(g, path_cell(g, x, y), path_cell(g, tx, ty));
}
