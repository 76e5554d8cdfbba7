#!/bin/sh
# tests/bench_batch.sh -- what 'vgdl batch' adds to the runs it plays.
#
# Plays the random agent on Bait level 0 (runs of well under a millisecond:
# the machinery's worst case) three ways, each 3 times in turn, keeping the
# fastest of each:
#   1 worker      one batch, --workers 1
#   2 workers     one batch, --workers 2
#   2 x 1 worker  two independent batches at once, half the seeds each:
#                 what this machine gives two processes with no shared
#                 machinery (the ceiling for '2 workers')
# and prints, for each:
#   runs/s        runs over wall-clock time (start to summary, all included)
#   own s         the runs' own time: the sum of run_ms in runs.csv (agent
#                 creation to the last tick, timed inside the worker)
#   overhead      wall x processes / own - 1: what forking, pipes, writing
#                 rows, fsync and the summary add (goal: under 5%)
#   cpu-over      the same in CPU time: the CPU all the batch's processes
#                 used over the runs' own CPU time (cpu_ms), which depends
#                 less on what else the machine is doing
# then the speedup of 2 workers over 1 (goal: >= 1.8) and over the ceiling.
#   BENCH_RUNS=N (default 4000), VGDL=path/to/vgdl (default bin/vgdl)
set -eu
cd "$(dirname "$0")/.."
vgdl=${VGDL:-bin/vgdl}
runs=${BENCH_RUNS:-4000}
half=$((runs / 2))
tmp=$(mktemp -d /tmp/vgdl-bench-batch-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
ini() { printf '[batch]\ngames  = bait\nlevels = 0\nagents = random\nseeds  = %s\n' "$1" > "$2"; }
ini "1-$runs" "$tmp/all.ini"
ini "1-$half" "$tmp/a.ini"
ini "$((half + 1))-$runs" "$tmp/b.ini"

now() { date +%s.%N; }
cpu_of() {   # cpu_of CMD...: runs it, prints the user+sys seconds of it and its children
    ( "$@" >/dev/null; times ) | awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }'
}
own_of() {   # own_of DIR...: the runs' own wall and CPU seconds
    for d in "$@"; do echo "$d/runs.csv"; done | xargs awk -F, '
        FNR == 1 { for (i = 1; i <= NF; i++) { if ($i == "run_ms") wc = i; if ($i == "cpu_ms") cc = i }; next }
        { w += $wc; c += $cc } END { printf "%.4f %.4f", w / 1000, c / 1000 }'
}
# one MODE: prints "wall own-wall own-cpu all-cpu"
one() {
    t0=$(now)
    case $1 in
        w1) cpu=$(cpu_of "$vgdl" batch "$tmp/all.ini" --out "$tmp/w1" --workers 1 --force); own=$(own_of "$tmp/w1") ;;
        w2) cpu=$(cpu_of "$vgdl" batch "$tmp/all.ini" --out "$tmp/w2" --workers 2 --force); own=$(own_of "$tmp/w2") ;;
        pair)
            cpu_of "$vgdl" batch "$tmp/a.ini" --out "$tmp/pa" --workers 1 --force > "$tmp/cpu_a" &
            cpu_of "$vgdl" batch "$tmp/b.ini" --out "$tmp/pb" --workers 1 --force > "$tmp/cpu_b"
            wait
            cpu=$(cat "$tmp/cpu_a" "$tmp/cpu_b" | awk '{ s += $1 } END { print s }')
            own=$(own_of "$tmp/pa" "$tmp/pb") ;;
    esac
    t1=$(now)
    echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') $own $cpu"
}
best_w1='' best_w2='' best_pair=''
for _ in 1 2 3; do
    for mode in w1 w2 pair; do
        r=$(one $mode)
        eval "b=\${best_$mode}"
        if [ -z "$b" ] || awk -v w="${r%% *}" -v b="${b%% *}" 'BEGIN { exit !(w < b) }'; then eval "best_$mode=\"\$r\""; fi
    done
done

printf 'vgdl batch: random on bait level 0, %d runs, fastest of 3 rounds\n' "$runs"
printf '%-14s %8s %8s %8s %9s %8s %8s %9s\n' "" runs/s wall-s own-s overhead cpu-s own-cpu cpu-over
row() {   # row LABEL PROCESSES "wall own ownc cpu"
    set -- "$1" "$2" $3
    rate=$(awk -v n="$runs" -v t="$3" 'BEGIN { printf "%.0f", n / t }')
    over=$(awk -v t="$3" -v o="$4" -v p="$2" 'BEGIN { printf "%.1f%%", (t * p / o - 1) * 100 }')
    cover=$(awk -v all="$6" -v o="$5" 'BEGIN { printf "%.1f%%", (all / o - 1) * 100 }')
    printf '%-14s %8s %8s %8s %9s %8s %8s %9s\n' "$1" "$rate" "$3" "$4" "$over" "$6" "$5" "$cover"
}
row "1 worker" 1 "$best_w1"
row "2 workers" 2 "$best_w2"
row "2 x 1 worker" 2 "$best_pair"
w1=${best_w1%% *} w2=${best_w2%% *} pair=${best_pair%% *}
awk -v a="$w1" -v b="$w2" -v c="$pair" 'BEGIN {
    printf "2 workers: %.2fx the throughput of 1 (goal >= 1.8)\n", a / b
    printf "this machine, two independent processes: %.2fx one (the ceiling); 2 workers reach %.0f%% of it\n", a / c, c / b * 100 }'
