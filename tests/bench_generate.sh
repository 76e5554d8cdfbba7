#!/bin/sh
# tests/bench_generate.sh -- 'make bench-generate': the figures of 'vgdl
# generate' (docs/results.md#level-generation), measured on this machine, printed.
#   1. Sokoban (GVGAI's sokoban.txt), 8x7 inside: 20 distinct levels with a
#      proven shortest solution of 12-30 moves, with each generator: wall
#      seconds (goal: under 60 s on 2 cores), candidates judged, yield (the
#      share of candidates that passed), variety (the mean share of cells
#      two levels of the set differ in, over every pair)
#   2. Bait 8x6: 20 levels of 10-25 moves (goal: under 30 s)
#   3. Zelda, Aliens, Boulder Dash (12x8): 10 levels each that MCTS (1,000 calls a
#      decision) wins at least half of 10 seeds and random play at most 1:
#      the share of candidates that are such levels (yield); then every
#      level kept replayed on 10 other seeds ('vgdl batch'): the share that
#      still meet both
#   4. with GVGAI_HARNESS (a built GVGAI harness, as bench-gvgai's): every
#      Sokoban and Bait level of 1-2 checked by GVGAI itself
#      (tests/gvgai_levels.sh: its plan played in GVGAI's game loop, the
#      level re-solved by GVGAI's breadth-first search, lengths compared)
# WORKERS (default 2) worker processes; SEED (default 1).
set -eu
cd "$(dirname "$0")/.."
vgdl=bin/vgdl
here=$PWD
W=${WORKERS:-2}
S=${SEED:-1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "bench-generate: $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $W workers, seed $S"

now() { date +%s.%N; }

# The mean share of cells two levels of folder $1 differ in, over every pair.
variety() {
    for f in "$1"/lvl*.txt; do tr -d '\n' < "$f"; echo; done | awk '
        { m[NR] = $0 }
        END { for (i = 1; i <= NR; i++) for (j = i + 1; j <= NR; j++) {
                  d = 0; n = length(m[i]); for (k = 1; k <= n; k++) d += substr(m[i], k, 1) != substr(m[j], k, 1)
                  s += d / n; p++ }
              printf "%.3f", p ? s / p : 0 }'
}

# One request: prints a row of the table; $1 a label, the rest generate's arguments.
run() {
    label=$1; shift
    t0=$(now)
    $vgdl generate "$@" --workers "$W" --seed "$S" > "$out/last" 2>&1 || true
    t1=$(now)
    dir=$(sed -n 's|^\(.*\)/levels.tsv: .*|\1|p' "$out/last")
    judged=$(sed -n 's/.*; \([0-9]*\) candidates judged: \([0-9]*\) pass.*/\1/p' "$out/last")
    passed=$(sed -n 's/.*; \([0-9]*\) candidates judged: \([0-9]*\) pass.*/\2/p' "$out/last")
    kept=$(ls "$dir"/lvl*.txt 2>/dev/null | wc -l)
    printf '%-28s %6.1f s %5s levels %6s candidates %6.1f%% yield  variety %s\n' "$label" "$(echo "$t1 - $t0" | bc)" \
        "$kept" "${judged:-?}" "$(echo "${passed:-0} * 100 / ${judged:-1}" | bc -l)" "$(variety "$dir")"
}

echo
echo "1. Sokoban 8x7 inside, 20 levels of 12-30 moves (goal: under 60 s)"
for g in search constructive random; do
    run "sokoban $g" sokoban --out "$out/soko-$g" --count 20 --size 8x7 --length 12-30 --generator $g --seconds 600
done
echo
echo "2. Bait 8x6 inside, 20 levels of 10-25 moves (goal: under 30 s)"
for g in search constructive random; do
    run "bait $g" bait --out "$out/bait-$g" --count 20 --size 8x6 --length 10-25 --generator $g --seconds 600
done
echo
echo "3. Action games: 10 levels MCTS (1,000 calls) wins >= 50% of 10 seeds and random <= 10%"
for g in zelda aliens boulderdash; do
    size=; [ $g = boulderdash ] && size="--size 12x8"   # its first level's 24x11 inside: MCTS seldom gets ten diamonds out
    run "$g search" $g --out "$out/act-$g" --count 10 --seconds 1800 $size
    # relative paths: a run's seed derives from its identity, the level's path included, so this is repeatable
    printf '[batch]\ngames = %s\nlevels = act-%s/*.txt\nagents = mcts, random\nseeds = 11-20\nbudget_calls = 1000\n' \
        "$g" "$g" > "$out/$g.ini"
    printf 'budget_ms = 0\nmax_ticks = 1000\nworkers = %s\nout = held-%s\n' "$W" "$g" >> "$out/$g.ini"
    (cd "$out" && "$here/$vgdl" batch $g.ini > /dev/null 2>&1) || true
    $vgdl report --csv "$out/held-$g" 2>/dev/null | awk -F, '
        NR > 1 && $2 != "" { rate[$2 "," $3] = $7; levels[$2] = 1 }
        END { n = 0; ok = 0
              for (l in levels) { n++; if (rate[l ",mcts"] >= 0.5 && rate[l ",random"] <= 0.1) ok++ }
              printf "%-28s held out (seeds 11-20): %d of %d levels still MCTS >= 50%% and random <= 10%%\n", "", ok, n }'
done

if [ -n "${GVGAI_HARNESS:-}" ]; then
    echo
    echo "4. GVGAI on the levels of 1 and 2: each plan played in its game loop, each level searched breadth-first"
    for set in soko-search soko-constructive bait-search; do
        game=sokoban; case $set in bait*) game=bait ;; esac
        tests/gvgai_levels.sh "$GVGAI_HARNESS" $game "$out/$set" || true
    done
fi
