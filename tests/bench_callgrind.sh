#!/bin/sh
# Instructions per step, this tree next to an older revision, per game: the
# tie-breaker for speed on a busy machine (docs/speed.md).
#
#   tests/bench_callgrind.sh BASE_REV [GAME...]   every one-player game of
#                                                 gvgai/all_games_sp.csv, or the games named
#
# A GAME is a GVGAI game's name (gvgai/NAME.txt, its levels beside it; a
# two-player game's as 2player/NAME) or a script's, NAME.lua
# (scripts/NAME.lua, levels/NAME/lvlL.txt), either with :L for another
# level than LEVEL (bait.lua:3).
#
# BASE_REV is exported (git archive) to a directory in /tmp and its
# tests/bench/steps is built there (with this tree's steps.c when the
# revision has none); this tree's is built too. Per game, both programs
# play the same N steps of `vgdl bench`'s copy+advance loop (level LEVEL, a
# fixed seed; every player acting in a game of several) under callgrind,
# counting the copies and advances only. The table gives both figures per
# step, the change, and whether the plays' fingerprints agree (they must,
# unless the behaviour changed on purpose between the two), the largest
# increase first; then the games over +0.5%. The raw figures go to TSV
# (build/bench-callgrind.tsv).
#
# Settings (environment): N (2000) steps, LEVEL (0), JOBS (1) games measured
# side by side, BASE_DIR (/tmp/vgdl-base-REV) where the old revision goes
# (built once, kept for the next run).
# Prints figures; asserts nothing.
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: tests/bench_callgrind.sh BASE_REV [GAME...]" >&2; exit 2; }
rev=$(git rev-parse --short "$1" 2>/dev/null) || { echo "bench_callgrind: no revision '$1'" >&2; exit 2; }
shift
command -v valgrind >/dev/null || { echo "bench_callgrind: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
n=${N:-2000} level=${LEVEL:-0} jobs=${JOBS:-1} out=${TSV:-build/bench-callgrind.tsv}
base=${BASE_DIR:-/tmp/vgdl-base-$rev}
here=$(pwd)

# The two programs (once: a game measured by itself, BENCH_CALLGRIND_ONE, finds them built).
if [ -z "${BENCH_CALLGRIND_ONE:-}" ]; then
  if [ ! -x "$base/build/release/tests/bench/steps" ]; then
    rm -rf "$base" && mkdir -p "$base" || exit 2
    git archive "$rev" | tar -x -C "$base" || exit 2
    [ -f "$base/tests/bench/steps.c" ] || cp tests/bench/steps.c "$base/tests/bench/" || exit 2
    make -C "$base" -j2 build/release/tests/bench/steps >/dev/null || exit 2
  fi
  make -j2 build/release/tests/bench/steps >/dev/null || exit 2
fi

path_of() {   # "GAME_FILE LEVEL_FILE" of GAME $1
  g=${1%%:*} l=$level
  case $1 in *:*) l=${1#*:} ;; esac
  case $g in
    *.lua) f=scripts/$g; lvl=levels/${g%.lua}/lvl$l.txt ;;
    *) f=gvgai/$g.txt; [ -f "$f" ] || f=gvgai/contphysics/$g.txt; lvl=${f%.txt}_lvl$l.txt ;;
  esac
  [ -f "$f" ] && [ -f "$lvl" ] && { echo "$f $lvl"; return; }
  echo "bench_callgrind: no game '$1' (gvgai/, gvgai/contphysics/, scripts/ and levels/)" >&2
  exit 2
}
if [ $# -gt 0 ]; then games="$*"
else games=$(cut -d, -f2 gvgai/all_games_sp.csv | tr -d '\r' | sed 's#.*/##; s#\.txt$##'); fi
for name in $games; do path_of "$name" >/dev/null || exit 2; done

# One game, as a line of TSV: the instructions per step of both, both fingerprints.
# glibc copies and clears large blocks with 'rep movsb' / 'rep stosb', which
# callgrind counts a byte at a time (a 10 KB state copy: 10,000
# "instructions", a few hundred cycles in fact); both programs are run with
# the vector loops instead, so the figures count the work.
measure() {   # $1 the steps program, $2 game file, $3 level file: "instructions fingerprint"
  GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold=1000000:glibc.cpu.x86_rep_stosb_threshold=1000000 valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
    --toggle-collect=vg_advance --toggle-collect=vg_advance_multi --toggle-collect=vg_state_copy "$1" "$2" "$3" "$n" 2>&1 |
    awk '/^fingerprint:/ { fp = $2 } /Collected :/ { ir = $NF } END { print (ir == "" ? "-" : ir), (fp == "" ? "-" : fp) }'
}
if [ "${BENCH_CALLGRIND_ONE:-}" ]; then
  for name in $games; do
    fl=$(path_of "$name") || exit 2
    f=${fl% *} lvl=${fl#* }
    b=$(measure "$base/build/release/tests/bench/steps" "$here/$f" "$here/$lvl")
    h=$(measure build/release/tests/bench/steps "$f" "$lvl")
    echo "$name $b $h" | awk -v n="$n" '{ printf "%s\t%s\t%s\t%s\t%s\n", $1, $2 == "-" ? "-" : $2 / n, $4 == "-" ? "-" : $4 / n, $3, $5 }'
  done
  exit 0
fi

mkdir -p "$(dirname "$out")"
printf 'game\tbase_instr_per_step\tinstr_per_step\tbase_fingerprint\tfingerprint\n' > "$out"
echo "# $(date -u '+%F %H:%M') UTC, base $rev, this tree $(git rev-parse --short HEAD) (+ changes), N=$n, level $level" >> "$out"
# shellcheck disable=SC2086
printf '%s\n' $games | BENCH_CALLGRIND_ONE=1 BASE_DIR="$base" xargs -P "$jobs" -n 1 sh "$0" "$rev" >> "$out"

# The table: the largest increase first.
awk -F'\t' -v rev="$rev" '
  NR <= 2 { next }
  { d = ($2 > 0 && $3 != "-") ? ($3 - $2) / $2 * 100 : 0
    line[NR] = sprintf("| %s | %.0f | %.0f | %+.1f%% | %s |", $1, $2, $3, d, $4 == $5 ? "same" : "DIFFERENT")
    key[NR] = d; if (d > 0.5) over++; if ($4 != $5) diff++; total++ }
  END {
    printf "| game | %s instr/step | now | change | fingerprint |\n|---|---|---|---|---|\n", rev
    for (i in key) idx[++m] = i
    for (i = 2; i <= m; i++) for (j = i; j > 1 && key[idx[j - 1]] < key[idx[j]]; j--) { t = idx[j]; idx[j] = idx[j - 1]; idx[j - 1] = t }
    for (i = 1; i <= m; i++) print line[idx[i]]
    printf "\n%d games; %d over +0.5%%; %d with a different fingerprint\n", total, over + 0, diff + 0
  }' "$out"
