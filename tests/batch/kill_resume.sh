#!/bin/sh
# kill_resume.sh VGDL DIR [INI RUNS] -- a batch killed with SIGKILL, again
# and again half-way (each time after a varying share of its rows), then
# run to its end, has every run exactly once in runs.csv and runs.jsonl,
# and the same rows (timing columns aside) as the same batch run without
# interruption. Exit status 0 when so. INI
# (tests/batch/fixtures/kill.ini) is the batch, RUNS (400) its runs.
set -u
vgdl=$1
dir=$2
ini=${3:-tests/batch/fixtures/kill.ini}
want_runs=${4:-400}
fail() { echo "kill_resume: $*" >&2; exit 1; }

start=$(date +%s%N)
"$vgdl" batch "$ini" --out "$dir/clean" >/dev/null 2>&1 || fail "the clean batch failed"
took_ms=$((($(date +%s%N) - start) / 1000000))
runs=$(($(wc -l < "$dir/clean/runs.csv") - 1))
[ "$runs" -eq "$want_runs" ] || fail "the clean batch has $runs rows, not $want_runs"

# kill when the batch has written some more rows (a share that varies), so
# that each kill lands half-way however fast this machine plays the runs
rows_of() { r=0; [ -f "$dir/killed/runs.csv" ] && r=$(($(wc -l < "$dir/killed/runs.csv") - 1)); echo $((r < 0 ? 0 : r)); }
kills=0
for k in 1 3 2 4 1 5 2 6 3 7; do
    before=$(rows_of)
    "$vgdl" batch "$ini" --out "$dir/killed" >/dev/null 2>>"$dir/killed.err" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null && [ "$(rows_of)" -lt $((before + runs * k / 32)) ]; do sleep 0.005; done
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    [ "$(rows_of)" -lt "$runs" ] && kills=$((kills + 1))     # it was killed half-way
done
[ "$kills" -ge 2 ] || fail "only $kills of the batches were killed half-way (the machine is too fast for this test?)"
"$vgdl" batch "$ini" --out "$dir/killed" >"$dir/final.out" 2>>"$dir/killed.err" || fail "the resumed batch failed"
grep -q '^batch .*done before' "$dir/final.out" || fail "no start line"

for f in runs.csv runs.jsonl; do
    n=$(grep -c . "$dir/killed/$f")
    want=$runs
    [ "$f" = runs.csv ] && want=$((runs + 1))
    [ "$n" -eq "$want" ] || fail "$f has $n lines, not $want"
done
dups=$(tail -n +2 "$dir/killed/runs.csv" | cut -d, -f1-5 | sort | uniq -d | wc -l)
[ "$dups" -eq 0 ] || fail "$dups runs appear twice in runs.csv"
dups=$(sed 's/"run_seed".*//' "$dir/killed/runs.jsonl" | sort | uniq -d | wc -l)
[ "$dups" -eq 0 ] || fail "$dups runs appear twice in runs.jsonl"
"$vgdl" report --runs --no-timing "$dir/clean" > "$dir/clean.rows" || fail "report failed"
"$vgdl" report --runs --no-timing "$dir/killed" > "$dir/killed.rows" || fail "report failed"
cmp -s "$dir/clean.rows" "$dir/killed.rows" || { diff "$dir/clean.rows" "$dir/killed.rows" | head >&2; fail "rows differ from the clean batch's"; }
# the JSON lines hold the same runs as the CSV
jl=$(sed 's/.*"game":"\([^"]*\)","level":"\([^"]*\)","agent":"\([^"]*\)","opponent":"\([^"]*\)","seed":\([0-9]*\).*/\1,\2,\3,\4,\5/' "$dir/killed/runs.jsonl" | sort)
cl=$(tail -n +2 "$dir/killed/runs.csv" | cut -d, -f1-5 | sort)
[ "$jl" = "$cl" ] || fail "runs.jsonl and runs.csv hold different runs"
echo "kill_resume: a batch takes ${took_ms} ms; $kills kills half-way, then $runs runs each exactly once, rows equal to the clean batch's" >&2
