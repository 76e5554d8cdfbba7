#!/bin/sh
# bench_adversarial.sh -- minimax, alpha-beta and expectimax on CS188 Pacman.
#
#   tests/bench_adversarial.sh            the benchmark and the trappedClassic duel
#   tests/bench_adversarial.sh bench      states expanded and time per decision on
#                                         smallClassic, depths 2-4, each agent
#   tests/bench_adversarial.sh duel [N]   expectimax vs alpha-beta, depth 3, on
#                                         trappedClassic, N seeds (20)
#   tests/bench_adversarial.sh games [N]  expectimax, depth 2, eval=1 (evaluate(state))
#                                         on smallClassic against random ghosts, N seeds (10)
#
# The driver is a small C program kept below (tests/ programs are test suites,
# so it is not a file there); it is built against build/release/libvgdl.a.
# Run from the repository root. Seeds: a seed S is the state's seed as in
# 'vgdl run --seed S'; the duel also runs seeds spread by a multiplicative
# hash, since java.util.Random (the engine's generator) draws nearly the same
# first numbers for consecutive seeds.
set -e
cd "$(dirname "$0")/.."
make -s build/release/libvgdl.a
out=build/release/bench_adversarial
mkdir -p "$out"
cat > "$out/driver.c" <<'EOF'
/* SPDX-License-Identifier: MIT
 * driver.c -- written by tests/bench_adversarial.sh; see there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adversarial.h"

/* Berkeley's layout; spaces as '_' when the engine does not map ' ' yet. */
static vg_game *load(const char *level) {
    static char text[1 << 16];
    char path[256];
    snprintf(path, sizeof path, "levels/cs188/%s.lay", level);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    vg_game *g;
    vg_error err;
    if (vg_game_load_text("scripts/cs188.lua", text, path, &g, &err) == VG_OK) return g;
    for (char *p = text; *p; p++)
        if (*p == ' ') *p = '_';
    if (vg_game_load_text("scripts/cs188.lua", text, path, &g, &err) == VG_OK) return g;
    fprintf(stderr, "%s:%d: %s\n", err.file, err.line, err.msg);
    exit(2);
}

static uint64_t next_rand(uint64_t *x) {
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

/* bench LEVEL STATES DMIN DMAX: per agent and depth, over STATES states
 * reached by random play, the mean states expanded and generated and the
 * mean and largest time per decision. */
static int bench(const char *level, int nstates, int dmin, int dmax) {
    vg_game *g = load(level);
    vg_state **states = calloc((size_t)nstates, sizeof *states);
    for (int k = 0; k < nstates; k++) {
        vg_state *s = vg_state_new(g, (uint64_t)k + 1), *next = vg_state_clone(s);
        uint64_t rng = 0x9E3779B97F4A7C15ULL * (uint64_t)(k + 1);
        for (int step = 0; step < 3 * k; step++) {
            vg_action acts[VG_MAX_ACTIONS];
            int n = vg_actions(g, s, acts);
            vg_state_copy(next, s);
            vg_advance(g, next, acts[next_rand(&rng) % (uint64_t)n], NULL);
            if (vg_is_over(next)) break;
            vg_state_copy(s, next);
        }
        vg_state_free(next);
        states[k] = s;
    }
    static const char *const names[] = {"minimax", "alphabeta", "expectimax"};
    printf("%s, %d states (random play from the start), leaves valued by the score\n", level, nstates);
    printf("%-10s %5s %12s %12s %10s %10s\n", "agent", "depth", "expanded", "generated", "ms mean", "ms max");
    for (int d = dmin; d <= dmax; d++)
        for (int kind = 0; kind < 3; kind++) {
            double exp = 0, gen = 0, ms = 0, ms_max = 0;
            for (int k = 0; k < nstates; k++) {
                adv_options o = {.kind = (adv_kind)kind, .depth = d};
                fm f = {.g = g};
                adv_result r;
                double t0 = fm_now();
                adv_search(g, states[k], &o, &f, &r);
                double t = (fm_now() - t0) * 1000;
                exp += (double)r.expanded, gen += (double)r.generated, ms += t;
                if (t > ms_max) ms_max = t;
            }
            printf("%-10s %5d %12.0f %12.0f %10.2f %10.2f\n", names[kind], d, exp / nstates, gen / nstates,
                   ms / nstates, ms_max);
        }
    for (int k = 0; k < nstates; k++) vg_state_free(states[k]);
    free(states);
    vg_game_free(g);
    return 0;
}

/* play LEVEL AGENT SEEDS HASH k=v...: one game per seed, no time budget. */
static int play(const char *level, const char *name, int seeds, int hash, const char *const *set, int nset) {
    vg_game *g = load(level);
    int wins = 0;
    double total = 0, ms = 0;
    long decisions = 0;
    printf("%s, %s", level, name);
    for (int k = 0; k < nset; k++) printf(" %s", set[k]);
    printf(", seeds 1..%d%s:", seeds, hash ? " hashed" : "");
    for (int seed = 1; seed <= seeds; seed++) {
        char why[256];
        uint64_t sv = hash ? (uint64_t)seed * 0x9E3779B97F4A7C15ULL : (uint64_t)seed;
        agent *a = agent_new(name, g, set, nset, sv, why, sizeof why);
        if (!a) { fprintf(stderr, "%s\n", why); return 2; }
        vg_state *s = vg_state_new(g, sv);
        while (!vg_is_over(s)) {
            agent_budget b = {0};
            agent_report r;
            vg_action act = agent_act(a, s, &b, &r);
            ms += r.ms, decisions++;
            vg_advance(g, s, act, NULL);
        }
        int won = vg_winner_of(s) == VG_PLAYER_WINS;
        wins += won;
        total += vg_score(s);
        printf(" %s%g", won ? "W" : "L", vg_score(s));
        vg_state_free(s);
        agent_free(a);
    }
    printf("\n  wins %d/%d, mean score %.1f, %.2f ms per decision\n", wins, seeds, total / seeds,
           decisions ? ms / (double)decisions : 0);
    vg_game_free(g);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 6 && strcmp(argv[1], "bench") == 0) return bench(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
    if (argc >= 6 && strcmp(argv[1], "play") == 0)
        return play(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]), (const char *const *)argv + 6, argc - 6);
    fprintf(stderr, "usage: driver bench LEVEL STATES DMIN DMAX | play LEVEL AGENT SEEDS HASH [k=v...]\n");
    return 2;
}
EOF
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iengine -Iagents -o "$out/driver" "$out/driver.c" \
   build/release/libvgdl.a $(pkg-config --libs lua5.4 inih libpng) -lm
d="$out/driver"
what=${1:-all}
n=$2
if [ "$what" = bench ] || [ "$what" = all ]; then
  "$d" bench smallClassic 10 2 4
fi
if [ "$what" = duel ] || [ "$what" = all ]; then
  for hash in 0 1; do
    "$d" play trappedClassic expectimax "${n:-20}" $hash depth=3
    "$d" play trappedClassic alphabeta "${n:-20}" $hash depth=3
  done
fi
if [ "$what" = games ]; then
  "$d" play smallClassic expectimax "${n:-10}" 1 depth=2 eval=1
fi
