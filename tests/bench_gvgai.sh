#!/bin/sh
# make bench-gvgai: GVGAI's forward model and vgdl's, measured back to back
# on the same game and level, in one run on this machine (docs/speed.md).
#
#   tests/bench_gvgai.sh [GAME...]      every one-player game of
#                                       gvgai/all_games_sp.csv, or the games named
#   PLAYERS=2 tests/bench_gvgai.sh ...  (make bench-gvgai2p) the same on GVGAI's
#                                       two-player games, gvgai/2player/all_games_2p.csv
#
# Per game, GVGAI (its own game and level files, the ones in gvgai/, through
# the Java harness: `run.sh speed GAME LEVEL RUN_S WARMUP_S`, `speed2` for
# two players) and then vgdl
# (`bin/vgdl bench`), the same method on both: random actions; copy the
# current state, advance the copy, go on from it, the level's start again
# when the game ends; thread CPU time; the median of 3 runs after a warm-up.
# The whole list is measured RUNS times (default 3); per game it prints the
# median of the runs' rates, the median ratio and the spread of the ratios
# (lowest-highest), the lowest ratio first, then how many games are under
# 100x. A game whose play restarts at one of vgdl's limits (`vgdl bench`'s
# restarts: a state's room for sprites or delayed effects) is marked (see
# docs/speed.md, rivers and the two-player games).
#
# A two-player game: both sides play a random action of every player each
# tick (the harness's `speed2`: StateObservationMulti.advance(ACTIONS[]);
# `vgdl bench` on a game of two players), each player's drawn from its
# avatar's actions at the start, and start again from the level when every
# player's result is decided.
#
# Settings (environment, or make variables: make bench-gvgai GAMES="pong run"):
#   GVGAI_HARNESS  a built GVGAI harness (its run.sh and build/): without it
#                  only vgdl is measured. Building one: the harness's README
#                  (the project's reference material, shared/gvgai/harness/):
#                  its build.sh compiles a GVGAI checkout and the harness.
#                  PLAYERS=2 needs a harness with the `speed2` command
#                  (docs/speed.md says what it does).
#   RUNS (3), LEVEL (0), GVGAI_SECONDS (0.5) and GVGAI_WARMUP (1) a GVGAI
#   run's and warm-up's seconds, BENCH_SECONDS (0.3) a vgdl run's, JAVA_OPTS.
#   TSV            where the raw figures go (build/bench-gvgai.tsv, with
#                  PLAYERS=2 build/bench-gvgai2p.tsv): one line per run and game.
#   PLAYERS        2: GVGAI's two-player games (gvgai/2player/); else 1.
# Prints figures; asserts nothing.
cd "$(dirname "$0")/.."
runs=${RUNS:-3} level=${LEVEL:-0} secs=${BENCH_SECONDS:-0.3}
gsecs=${GVGAI_SECONDS:-0.5} gwarm=${GVGAI_WARMUP:-1} players=${PLAYERS:-1}
if [ "$players" = 2 ]; then dirs="gvgai/2player" index=gvgai/2player/all_games_2p.csv out=${TSV:-build/bench-gvgai2p.tsv} speed=speed2
else dirs="gvgai gvgai/contphysics" index=gvgai/all_games_sp.csv out=${TSV:-build/bench-gvgai.tsv} speed=speed; fi
harness=${GVGAI_HARNESS:-}
if [ -n "$harness" ] && [ ! -f "$harness/build/classpath" ]; then
  echo "bench_gvgai: GVGAI_HARNESS=$harness is not a built harness (no build/classpath):" >&2
  echo "  build it with its build.sh against a GVGAI checkout (its README.md)" >&2
  exit 2
fi
if [ -n "$harness" ] && [ "$speed" = speed2 ] && ! "$harness/run.sh" speed2 2>&1 | grep -q 'usage: speed2'; then
  echo "bench_gvgai: GVGAI_HARNESS=$harness has no 'speed2' command (every player's action each tick):" >&2
  echo "  the two sides would not do the same work; see docs/speed.md" >&2
  exit 2
fi
[ -n "$harness" ] || echo "(GVGAI_HARNESS not set: vgdl alone; see docs/speed.md to measure GVGAI beside it)"

# The games: GVGAI's index of its one-player (or two-player) games, or the names given.
path_of() {   # the game file of name $1
  for d in $dirs; do [ -f "$d/$1.txt" ] && { echo "$d/$1.txt"; return; }; done
  echo "bench_gvgai: no game '$1' in $dirs" >&2
  exit 2
}
if [ $# -gt 0 ]; then games="$*"
else games=$(cut -d, -f2 "$index" | tr -d '\r' | sed 's#.*/##; s#\.txt$##'); fi
for name in $games; do path_of "$name" >/dev/null || exit 2; done

mkdir -p "$(dirname "$out")"
printf 'run\tgame\tgvgai_copy_advance_per_s\tvgdl_copy_advance_per_s\tvgdl_restarts\n' > "$out"
echo "# $(date -u '+%F %H:%M') UTC, $(git rev-parse --short HEAD 2>/dev/null), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >> "$out"
r=1
while [ "$r" -le "$runs" ]; do
  for name in $games; do
    f=$(path_of "$name")
    lvl=${f%.txt}_lvl$level.txt
    gv=-
    if [ -n "$harness" ]; then
      gv=$("$harness/run.sh" "$speed" "$f" "$lvl" "$gsecs" "$gwarm" 2>/dev/null | awk 'NF == 4 { print $4 }')
      [ -n "$gv" ] || gv=-
    fi
    vg=$(bin/vgdl bench "$f" --level "$level" --seconds "$secs" 2>&1)
    rate=$(echo "$vg" | sed -n 's/^copy+advance\/s: //p')
    restarts=$(echo "$vg" | sed -n 's/^restarts: \([0-9]*\).*/\1/p')
    [ -n "$rate" ] || { echo "$name: $(echo "$vg" | head -1)" >&2; rate=-; }
    printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$name" "$gv" "$rate" "${restarts:-0}" >> "$out"
    printf '\rrun %s/%s %-20s' "$r" "$runs" "$name" >&2
  done
  r=$((r + 1))
done
printf '\r%40s\r' '' >&2

# Per game: medians of the rates and of the ratios, the spread of the ratios.
awk -F'\t' -v runs="$runs" '
  function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t } }
  function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  NR <= 2 { next }
  { g = $2; if (!(g in seen)) { seen[g] = 1; order[++ng] = g }
    if ($4 != "-") vg[g, ++nv[g]] = $4
    if ($3 != "-") gv[g, ++ngv[g]] = $3
    if ($3 != "-" && $4 != "-") rt[g, ++nr[g]] = $4 / $3
    if ($5 > 0) restarts[g] = 1 }
  END {
    printf "%-20s %12s %14s %9s %17s\n", "game", "GVGAI/s", "vgdl/s", "ratio", "spread (ratio)"
    for (k = 1; k <= ng; k++) {
      g = order[k]; n = 0
      for (i = 1; i <= nv[g]; i++) a[i] = vg[g, i]; v = nv[g] ? median(a, nv[g]) : -1
      for (i = 1; i <= ngv[g]; i++) a[i] = gv[g, i]; G = ngv[g] ? median(a, ngv[g]) : -1
      lo = hi = ratio = -1
      if (nr[g]) { for (i = 1; i <= nr[g]; i++) a[i] = rt[g, i]; ratio = median(a, nr[g]); lo = a[1]; hi = a[nr[g]] }
      line[k] = sprintf("%-20s %12s %14s %9s %17s%s", g, G < 0 ? "-" : sprintf("%.0f", G), v < 0 ? "-" : sprintf("%.0f", v),
                        ratio < 0 ? "-" : sprintf("%.1fx", ratio), lo < 0 ? "-" : sprintf("%.1f-%.1f", lo, hi),
                        restarts[g] ? "  (restarts at a vgdl limit)" : "")
      key[k] = ratio < 0 ? 1e18 : ratio
      if (ratio >= 0) { rated++; if (ratio < 100) under++; if (lo < 100) anyunder++ }
    }
    for (i = 2; i <= ng; i++) for (j = i; j > 1 && key[j - 1] > key[j]; j--) {
      t = key[j]; key[j] = key[j - 1]; key[j - 1] = t; t = line[j]; line[j] = line[j - 1]; line[j - 1] = t }
    for (k = 1; k <= ng; k++) print line[k]
    if (rated) printf "%d games, %d runs each: %d under 100x by the median ratio, %d in at least one run\n", rated, runs, under, anyunder
  }' "$out"
