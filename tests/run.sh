#!/usr/bin/env bash
# tests/run.sh -- runs test programs side by side and says where the time goes.
#
#   tests/run.sh [-j JOBS] [-t TIMES] TEST...
#
# A TEST is a program, or PROGRAM:N for a slow one run as N processes
# (PROGRAM --shard K/N for K = 1..N, support.h's run_group). JOBS of them
# run at once (default: the number of cores). Each one's output is printed
# whole when it ends, then its time (wall clock and CPU); at the end the
# slowest, the whole run's time, and last the totals line "P passed,
# F failed" (scripts read the last line). A program that crashes or exits
# with an error but no cmocka failure counts as one failure. TIMES, a file,
# keeps each program's last time, so that the next run starts the slowest
# first and the others fill in around them.
set -u
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
times=
while getopts j:t: opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    t) times=$OPTARG ;;
    *) echo "usage: tests/run.sh [-j JOBS] [-t TIMES] TEST..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

# ---- 1. The runs: a program, or each shard of one
runs=()
for t in "$@"; do
  if [[ $t == *:* ]]; then
    for ((k = 1; k <= ${t##*:}; k++)); do runs+=("${t%:*} --shard $k/${t##*:}"); done
  else
    runs+=("$t")
  fi
done

# ---- 2. Their order: the slowest last time first; runs with no time yet before them all
declare -A last=()
if [[ -n $times && -r $times ]]; then
  while IFS=$'\t' read -r ms run; do last[$run]=$ms; done < "$times"
fi
order=()
while IFS=$'\t' read -r _ i; do order+=("$i"); done < <(
  for i in "${!runs[@]}"; do printf '%s\t%s\n' "${last[${runs[i]}]:-999999999}" "$i"; done | sort -s -t$'\t' -k1,1nr)

# ---- 3. Run them, JOBS at a time; report each as it ends
dir=$(mktemp -d "${TMPDIR:-/tmp}/vgdl-run.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
TIMEFORMAT='%R %U %S'
declare -A index_of=()
declare -a wall_ms=() cpu_ms=()
passed=0 failed=0 t0=${EPOCHREALTIME/[.,]/}

start() {   # run number $1, in the background
  local i=$1
  { time ${runs[i]} > "$dir/$i.out" 2>&1; echo $? > "$dir/$i.rc"; } 2> "$dir/$i.time" &
  index_of[$!]=$i
}

ms() { local s=${1/[.,]/}; echo $((10#$s)); }   # "1.234" (seconds) -> 1234

report() {  # run number $1, ended
  local i=$1 out rc p f wall user sys
  out=$(< "$dir/$i.out")
  rc=$(< "$dir/$i.rc")
  read -r wall user sys < "$dir/$i.time"
  printf '%s\n' "$out"
  p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  if [[ $rc -ne 0 && -z $f ]]; then f=1; echo "${runs[i]}: exited with status $rc"; fi
  passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0}))
  wall_ms[i]=$(ms "$wall") cpu_ms[i]=$(($(ms "$user") + $(ms "$sys")))
  printf -- '-- %s: %s s (CPU %d.%03d s)\n' "${runs[i]}" "$wall" $((cpu_ms[i] / 1000)) $((cpu_ms[i] % 1000))
}

next=0 running=0
while ((next < ${#order[@]} || running > 0)); do
  while ((running < jobs && next < ${#order[@]})); do
    start "${order[next]}"
    next=$((next + 1)) running=$((running + 1))
  done
  wait -n -p ended
  report "${index_of[$ended]}"
  running=$((running - 1))
done

# ---- 4. The slowest, the whole run, the totals
elapsed=$(((${EPOCHREALTIME/[.,]/} - t0) / 1000))
cpu=0
for i in "${!runs[@]}"; do cpu=$((cpu + cpu_ms[i])); done
echo
echo "slowest (wall clock, CPU):"
for i in "${!runs[@]}"; do printf '%s\t%s\n' "${wall_ms[i]}" "$i"; done | sort -t$'\t' -k1,1nr | head -8 |
  while IFS=$'\t' read -r w i; do
    printf '  %4d.%01d s  %4d.%01d s  %s\n' $((w / 1000)) $((w % 1000 / 100)) $((cpu_ms[i] / 1000)) \
      $((cpu_ms[i] % 1000 / 100)) "${runs[i]}"
  done
printf '%d runs of %d programs, %d at a time: %d.%01d s wall clock, %d.%01d s CPU\n' "${#runs[@]}" $# "$jobs" \
  $((elapsed / 1000)) $((elapsed % 1000 / 100)) $((cpu / 1000)) $((cpu % 1000 / 100))
if [[ -n $times ]]; then
  for i in "${!runs[@]}"; do printf '%s\t%s\n' "${wall_ms[i]}" "${runs[i]}"; done > "$times.new" && mv "$times.new" "$times"
fi
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
