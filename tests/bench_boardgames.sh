#!/bin/sh
# bench_boardgames.sh -- Connect Four, Othello and 2048: perft speed through
# the Lua rules next to a plain C bitboard perft, the agents' strength and
# speed, and the exact solver on the reference positions. Prints tables;
# exits non-zero when a count or an exact value is wrong.
#
#   tests/bench_boardgames.sh [perft|match|2048|solve|slow|all]   (default: all)
#
# Environment: BENCH_QUICK=1 runs a short version (fewer games, shallower
# perft, subsets of the reference sets); C4_DEPTH, OTHELLO_DEPTH (perft
# depths, 8 and 9), GAMES (matches per row, 10), GAMES_2048 (20), JOBS
# (parallel 2048 games, 2), MCTS_MS (the mcts agent's time a move in the
# Connect Four and Othello matches, 1000; quick: 100).
#
# Programs: bin/vgdl (perft; run 2048), build/release/tests/bench/bench_c4
# (the C perft) and build/release/tests/bench/boardgames (matches, the
# solver sets); both are also cmocka self-checks that 'make test' runs.
# 'slow' runs the board-game test programs with VGDL_SLOW=1: every Pons
# position (L3 and L2) through the tests, Othello perft to depth 9.
set -e
cd "$(dirname "$0")/.."
make -s bin/vgdl build/release/tests/bench/bench_c4 build/release/tests/bench/boardgames \
     build/release/tests/boardgames/test_connect4 build/release/tests/boardgames/test_othello >/dev/null
what=${1:-all}
quick=${BENCH_QUICK:-0}
if [ "$quick" = 1 ]; then
  c4d=${C4_DEPTH:-7}; otd=${OTHELLO_DEPTH:-7}; games=${GAMES:-2}; g2048=${GAMES_2048:-4}; every=20; ff_last=2
  mcts_ms=${MCTS_MS:-100}
else
  c4d=${C4_DEPTH:-8}; otd=${OTHELLO_DEPTH:-9}; games=${GAMES:-10}; g2048=${GAMES_2048:-20}; every=1; ff_last=19
  mcts_ms=${MCTS_MS:-1000}
fi
jobs=${JOBS:-2}
bg=build/release/tests/bench/boardgames
fail=0

golden_col() {   # golden_col FILE DEPTH COLUMN-NAME: the value in that row and column
  awk -v d="$2" -v c="$3" -F'\t' '/^#/ {next} $1 == "depth" {for (i = 1; i <= NF; i++) col[$i] = i; next}
                                  $1 == d {print $(col[c])}' "$1"
}

perft() {
  echo "== perft: move sequences per depth through the Lua rules (vgdl perft) and a plain C bitboard perft"
  printf '%-9s %5s %14s %14s %6s %12s %12s %8s\n' game depth sequences leaves ok "Lua plays/s" "C plays/s" "C / Lua"
  bin/vgdl perft connect4 "$c4d" > /tmp/vg_perft_c4.$$
  build/release/tests/bench/bench_c4 "$c4d" > /tmp/vg_perft_c4c.$$
  for d in $(seq 1 "$c4d"); do
    line=$(awk -v d="$d" '$1 == d' /tmp/vg_perft_c4.$$)
    cline=$(awk -v d="$d" '$1 == d' /tmp/vg_perft_c4c.$$)
    seq=$(echo "$line" | cut -f2); leaves=$(echo "$line" | cut -f3); rate=$(echo "$line" | cut -f6)
    crate=$(echo "$cline" | cut -f6)
    want=$(golden_col tests/golden/boardgames/connect4/perft.tsv "$d" exact_sequences)
    wantl=$(golden_col tests/golden/boardgames/connect4/perft.tsv "$d" leaves_incl_earlier_terminals)
    ok=yes; [ "$seq" = "$want" ] && [ "$leaves" = "$wantl" ] || { ok=NO; fail=1; }
    ratio=$(awk -v a="$crate" -v b="$rate" 'BEGIN {if (b > 0) printf "%.0fx", a / b; else print "-"}')
    printf '%-9s %5s %14s %14s %6s %12s %12s %8s\n' connect4 "$d" "$seq" "$leaves" "$ok" "$rate" "$crate" "$ratio"
  done
  bin/vgdl perft othello "$otd" > /tmp/vg_perft_ot.$$
  for d in $(seq 1 "$otd"); do
    line=$(awk -v d="$d" '$1 == d' /tmp/vg_perft_ot.$$)
    seq=$(echo "$line" | cut -f2); leaves=$(echo "$line" | cut -f3); rate=$(echo "$line" | cut -f6)
    want=$(golden_col tests/golden/boardgames/othello/perft.tsv "$d" bik_total)
    wants=$(golden_col tests/golden/boardgames/othello/perft.tsv "$d" edax_moves)
    ok=yes; [ "$leaves" = "$want" ] && [ "$seq" = "$wants" ] || { ok=NO; fail=1; }
    printf '%-9s %5s %14s %14s %6s %12s %12s %8s\n' othello "$d" "$seq" "$leaves" "$ok" "$rate" - -
  done
  echo "(connect4: sequences = perft.tsv exact_sequences, leaves = leaves_incl_earlier_terminals;"
  echo " othello: leaves = Bik's bik_total, sequences = Edax's edax_moves; plays = vg_play calls, no bulk counting)"
  rm -f /tmp/vg_perft_c4.$$ /tmp/vg_perft_c4c.$$ /tmp/vg_perft_ot.$$
}

match() {
  echo "== matches: $games games a row, each side first in half, random opening moves (2 in Connect Four, 4 in Othello)"
  echo "   alphabeta:D = adversarial.h alpha-beta to D plies (both sides move in a ply), leaves by evaluate(state);"
  echo "   mtdf:MS = MTD(f) deepening for MS ms a move; mcts:MS = agents/mcts.c (UCT, random rollouts, proofs,"
  echo "   the tree kept between moves) for MS ms a move, its default parameters; Othello's mcts and mtdf:500 rows"
  echo "   play half as many games"
  $bg header
  $bg match connect4 alphabeta:4 random "$games" || fail=1
  $bg match connect4 mtdf:100 random "$games" || fail=1
  $bg match connect4 mtdf:100 alphabeta:4 "$games" || fail=1
  $bg match othello alphabeta:2 random "$games" || fail=1
  $bg match othello mtdf:100 random "$games" || fail=1
  $bg match othello mtdf:500 alphabeta:4 "$(( (games + 1) / 2 ))" || fail=1
  $bg match connect4 "mcts:$mcts_ms" alphabeta:4 "$games" || fail=1
  $bg match connect4 "mcts:$mcts_ms" random "$games" || fail=1
  $bg match othello "mcts:$mcts_ms" alphabeta:4 "$(( (games + 1) / 2 ))" || fail=1
  $bg match othello "mcts:$mcts_ms" random "$(( (games + 1) / 2 ))" || fail=1
}

g2048_row() {   # g2048_row LABEL RUN-OPTIONS...: games 1..$g2048 (the seeds) of 2048, one table row; sets wins
  label=$1; shift
  dir=$(mktemp -d)
  seq 1 "$g2048" | xargs -P "$jobs" -I{} sh -c "bin/vgdl run 2048 $* --seed {} > $dir/{}.txt"
  wins=$(grep -l '^result: win' "$dir"/*.txt | wc -l)
  awk -v label="$label" -v n="$g2048" -v wins="$wins" '
    /^score:/ {score += $2}
    /^decision ms:/ {gsub(",", ""); ms += $4; games++}
    END {printf "%-22s %6d %8d %9.0f%% %12.0f %12.1f\n", label, n, wins, 100 * wins / n, score / n,
                games ? 1000 / (ms / games) : 0}' "$dir"/*.txt
  rm -rf "$dir"
}

g2048() {
  echo "== 2048: expectimax (adversarial.h; the spawn is a chance node weighted by vg_outcomes), depth 2, eval=1;"
  echo "   mcts (agents/mcts.c; spawns drawn by vg_outcomes) 40 ms a move, rollouts of 10 rounds (a move and a spawn)"
  echo "   valued by score + evaluate;"
  echo "   $g2048 games each (seeds 1..$g2048), the game won on the first 2048 tile"
  printf '%-22s %6s %8s %10s %12s %12s\n' agent games reached share "mean score" moves/s
  g2048_row "expectimax depth 2" --agent expectimax --set depth=2 --set eval=1
  ewins=$wins
  g2048_row "mcts 40 ms" --agent mcts --budget-ms 40 --set rollout_depth=10 --set heuristic_weight=1
  [ "$((ewins * 10))" -ge "$((g2048 * 9))" ] || echo "   (expectimax below the 90% goal)"
}

solve() {
  echo "== exact solver ('solve'): Pascal Pons' Connect Four sets, every ${every}th position"
  printf '%-12s %6s %6s %10s %10s %10s %10s %10s %10s\n' set positions wrong seconds "mean ms" "max ms" "mean nodes" "max nodes" "nodes/s"
  $bg pons tests/golden/boardgames/connect4/Test_L3_R1 "$every" || fail=1
  $bg pons tests/golden/boardgames/connect4/Test_L2_R1 "$every" || fail=1
  echo "== exact solver: FForum endgames 1-$ff_last, every legal move's exact score (moves ordered by evaluate() in the first 8 plies)"
  $bg fforum 1 "$ff_last" || fail=1
}

slow() {
  echo "== the board-game tests with VGDL_SLOW=1 (all Pons positions, Othello perft to 9)"
  VGDL_SLOW=1 build/release/tests/boardgames/test_connect4 | tail -1
  VGDL_SLOW=1 build/release/tests/boardgames/test_othello | tail -1
}

case $what in
  perft) perft ;;
  match) match ;;
  2048) g2048 ;;
  solve) solve ;;
  slow) slow ;;
  all) perft; match; g2048; solve ;;
  *) echo "usage: $0 [perft|match|2048|solve|slow|all]" >&2; exit 2 ;;
esac
exit $fail
