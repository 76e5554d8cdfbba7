#!/bin/sh
# tests/bench_agents.sh -- the agents' benchmark on Bait (run by hand or by
# 'make bench'; not part of 'make test'). Prints three tables:
#   1. astar at the default budget (40 ms a decision) on each level;
#   2. mcts at 40 ms a decision on each level over BENCH_SEEDS seeds
#      (default 20), games cut at BENCH_TICKS ticks (default 300): win
#      rate, and forward-model steps per second in its rollouts;
#   3. the solver: shortest length (or the proven lower bound when
#      undecided within BENCH_SOLVE_STATES states, default 10 million), the
#      time, and a weighted search's (weight 10) length and time; then the
#      five levels' time together.
# Two games run at once (BENCH_JOBS). Asserts nothing.
set -e
cd "$(dirname "$0")/.."
VGDL=${VGDL:-bin/vgdl}
SEEDS=${BENCH_SEEDS:-20}
TICKS=${BENCH_TICKS:-300}
JOBS=${BENCH_JOBS:-2}
STATES=${BENCH_SOLVE_STATES:-10000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { sed -n "s/^$1: //p" "$2"; }

echo "astar (default parameters, 40 ms a decision)"
printf '%-7s %-6s %6s %6s %10s %10s %10s\n' level result score ticks "mean ms" "max ms" overspent
for l in 0 1 2 3 4; do
  "$VGDL" run bait --level "$l" --agent astar --max-ticks 2000 > "$tmp/a$l"
  ms=$(field "decision ms" "$tmp/a$l")
  printf '%-7s %-6s %6s %6s %10s %10s %10s\n' "$l" "$(field result "$tmp/a$l")" "$(field score "$tmp/a$l")" \
    "$(field ticks "$tmp/a$l")" "$(echo "$ms" | sed 's/mean \([^,]*\),.*/\1/')" "$(echo "$ms" | sed 's/.*max //')" \
    "$(field "overspent decisions" "$tmp/a$l")"
done

echo
echo "mcts (default parameters, 40 ms a decision, $SEEDS seeds, at most $TICKS ticks)"
printf '%-7s %6s %8s %10s %18s\n' level wins "win %" "mean ticks" "rollout steps/s"
for l in 0 1 2 3 4; do
  seed=1
  while [ "$seed" -le "$SEEDS" ]; do
    j=0
    while [ "$j" -lt "$JOBS" ] && [ "$seed" -le "$SEEDS" ]; do
      "$VGDL" run bait --level "$l" --agent mcts --seed "$seed" --max-ticks "$TICKS" > "$tmp/m$l.$seed" &
      seed=$((seed + 1)); j=$((j + 1))
    done
    wait
  done
  cat "$tmp"/m"$l".* | awk -v l="$l" '
    /^result:/ { n++; if ($2 == "win") w++ }
    /^ticks:/ { t += $2 }
    /^decision ms:/ { ms = $4 + 0 }
    /^calls per decision:/ { c = $4 }
    /^expanded per decision:/ { e = $4; if (ms > 0) { rate += (c - e) / ms * 1000; k++ } }
    END { printf "%-7s %6d %7.0f%% %10.1f %18.0f\n", l, w, 100 * w / n, t / n, k ? rate / k : 0 }'
done

echo
echo "solver (A*; at most $STATES states), and weighted A* (weight 10)"
printf '%-7s %-11s %7s %9s %10s %9s %9s\n' level status length states seconds "w10 len" "w10 s"
total=0
for l in 0 1 2 3 4; do
  if "$VGDL" solve bait --level "$l" --max-states "$STATES" > "$tmp/s$l" 2> "$tmp/e$l"; then
    status=shortest; len=$(grep -c '^ACTION' "$tmp/s$l")
    grep -q '(shortest)' "$tmp/e$l" || status=unproven
  else
    status=undecided; len=">=$(sed -n 's/.*at least \([0-9]*\) actions.*/\1/p' "$tmp/e$l")"
    grep -q unsolvable "$tmp/e$l" && status=unsolvable && len=-
  fi
  "$VGDL" solve bait --level "$l" --weight 10 > "$tmp/w$l" 2> "$tmp/f$l" || true
  printf '%-7s %-11s %7s %9s %10s %9s %9s\n' "$l" "$status" "$len" "$(field "states explored" "$tmp/e$l")" \
    "$(field seconds "$tmp/e$l")" "$(grep -c '^ACTION' "$tmp/w$l")" "$(field seconds "$tmp/f$l")"
  total=$(awk -v a="$total" -v b="$(field seconds "$tmp/e$l")" 'BEGIN { print a + b }')
done
echo "the five levels together: $total s"
