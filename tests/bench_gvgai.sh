#!/bin/sh
# make bench-gvgai: copy+advance/s on level 0 of every GVGAI game (gvgai/,
# gvgai/contphysics/), measured as `vgdl bench` does (random actions, thread
# CPU time, median of 3), next to GVGAI's own rate where it was measured
# (tests/bench/gvgai-speed.tsv: GVGAI on this machine type, 20 games, copied
# from the project's reference material). A game that does not load prints
# its error instead. Ends with the slowest game and the lowest ratio.
# Prints figures; asserts nothing. BENCH_SECONDS sets a run's length (0.2).
cd "$(dirname "$0")/.."
secs=${BENCH_SECONDS:-0.2}
printf '%-18s %16s %14s %10s\n' game copy+advance/s GVGAI x-GVGAI
for f in gvgai/*.txt gvgai/contphysics/*.txt; do
  name=$(basename "$f" .txt)
  case $name in *_lvl*|*_glvl|*_ggame|GVGAI-LICENSE) continue;; esac
  if ! out=$(bin/vgdl bench "$f" --level 0 --seconds "$secs" 2>&1); then
    printf '%-18s %s\n' "$name" "$(echo "$out" | head -1)"
    continue
  fi
  rate=$(echo "$out" | sed -n 's/^copy+advance\/s: //p')
  ref=$(awk -v g="$name" '$1 == g { print $4 }' tests/bench/gvgai-speed.tsv)
  ratio=-
  [ -n "$ref" ] && ratio=$(awk -v a="$rate" -v b="$ref" 'BEGIN { printf "%.0f", a / b }')
  printf '%-18s %16s %14s %10s\n' "$name" "$rate" "${ref:--}" "$ratio"
done | tee /tmp/bench_gvgai.$$
awk 'NR > 1 && $2 ~ /^[0-9]+$/ { if (min == "" || $2 < min) { min = $2; g = $1 }
                                  if ($4 ~ /^[0-9]+$/ && (rmin == "" || $4 < rmin)) { rmin = $4; rg = $1 } }
     END { printf "slowest: %s %s copy+advance/s; lowest ratio to GVGAI: %s %sx\n", g, min, rg, rmin }' /tmp/bench_gvgai.$$
rm -f /tmp/bench_gvgai.$$
