#!/usr/bin/env bash
# tests/bench_solve.sh -- the level solver's benchmark (run by hand or by
# 'make bench-solve'; not part of 'make test'): 'vgdl solve' on Bait's
# levels 0-4 (scripts/bait.lua) and on every level of GVGAI's puzzle games
# listed in tests/bench/gvgai-bfs.tsv, one level at a time. Per level: the
# length found, whether it is proven shortest, the states explored, the
# solver's CPU seconds (its 'cpu seconds' line: loading left out, as in
# GVGAI's figures), its peak memory, and beside them GVGAI's breadth-first
# search's length and CPU seconds from the table, with the ratio of the
# two times where GVGAI's search found a win. Then Bait's five levels'
# time together. Limits per level: BENCH_SOLVE_STATES states (default 10
# million) and BENCH_SOLVE_SECONDS seconds (default 120). BENCH_GAMES
# (a regular expression) keeps only the matching games. Asserts nothing.
set -u
cd "$(dirname "$0")/.."
VGDL=${VGDL:-bin/vgdl}
STATES=${BENCH_SOLVE_STATES:-10000000}
SECONDS_MAX=${BENCH_SOLVE_SECONDS:-120}
GAMES=${BENCH_GAMES:-.}
TABLE=tests/bench/gvgai-bfs.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { sed -n "s/^$1: //p" "$2"; }

# GVGAI's row for a game and level: "length seconds result" (tab-separated).
gvgai_row() { awk -F'\t' -v g="$1" -v l="$2" '$1 == g && $2 == l { print $3 "\t" $7 "\t" $8 }' "$TABLE"; }

# One level: solve GAME (a name or a path) on level L, print a row for NAME.
bench_level() {
  local name=$1 game=$2 l=$3 out=$tmp/out err=$tmp/err
  "$VGDL" solve "$game" --level "$l" --max-states "$STATES" --seconds "$SECONDS_MAX" > "$out" 2> "$err"
  local len proven=no
  if grep -q '^length:' "$err"; then
    len=$(grep -c '^ACTION' "$out")
    grep -q '(shortest)' "$err" && proven=yes
  elif grep -q '^unsolvable' "$err"; then
    len=none; proven=yes
  else
    len=">=$(sed -n 's/.*at least \([0-9]*\) actions.*/\1/p' "$err")"
  fi
  local cpu; cpu=$(field "cpu seconds" "$err")
  local row glen=- gs=- ratio=-
  row=$(gvgai_row "$name" "$l")
  if [ -n "$row" ]; then
    glen=$(echo "$row" | cut -f1)
    gs=$(echo "$row" | cut -f2)
    [ "$glen" = "-" ] && gs="gave up"
    if [ "$glen" != "-" ] && [ -n "$cpu" ]; then
      ratio=$(awk -v a="$gs" -v b="$cpu" 'BEGIN { printf "%.0f", a / (b > 0.0005 ? b : 0.0005) }')
    fi
  fi
  printf '%-15s %3s %7s %6s %10s %9s %6s %6s %9s %7s\n' "$name" "$l" "$len" "$proven" \
    "$(field "states explored" "$err")" "$cpu" "$(field "peak memory" "$err" | sed 's/ MB//')" "$glen" "$gs" "$ratio"
  echo "$cpu" > "$tmp/cpu"
}

printf '%-15s %3s %7s %6s %10s %9s %6s %6s %9s %7s\n' game level length proven states "cpu s" MB "GVGAI" "GVGAI s" ratio
total=0
if echo bait | grep -qE "$GAMES"; then
  for l in 0 1 2 3 4; do
    bench_level bait bait "$l"
    total=$(awk -v a="$total" -v b="$(cat "$tmp/cpu")" 'BEGIN { print a + b }')
  done
fi
for g in $(awk -F'\t' '!/^#/ && NR > 1 && $1 != "game" && $1 != "bait" { print $1 }' "$TABLE" | uniq); do
  echo "$g" | grep -qE "$GAMES" || continue
  for l in $(awk -F'\t' -v g="$g" '$1 == g { print $2 }' "$TABLE"); do
    bench_level "$g" "gvgai/$g.txt" "$l"
  done
done
echo "Bait's five levels together: $total cpu s"
