#!/bin/sh
# parallel.sh VGDL DIR -- the 4 shards of tests/batch/fixtures/shards.ini
# run at once by GNU parallel, merged by 'vgdl report', equal the same
# batch run by one process: the summary (--csv) and every row (--runs),
# timing columns aside. Exit status 0 when so.
set -u
vgdl=$1
dir=$2
ini=tests/batch/fixtures/shards.ini
fail() { echo "parallel: $*" >&2; exit 1; }
command -v parallel >/dev/null 2>&1 || fail "GNU parallel is not installed (./setup installs it)"

"$vgdl" batch "$ini" --out "$dir/single" --workers 1 >/dev/null 2>&1 || fail "the single-process batch failed"
timeout 300 parallel --will-cite --halt now,fail=1 -j 4 "$vgdl" batch "$ini" --out "$dir/sharded" --shard {}/4 ::: 1 2 3 4 \
    >"$dir/parallel.out" 2>&1 || { cat "$dir/parallel.out" >&2; fail "a shard failed"; }
for k in 1 2 3 4; do
    [ -s "$dir/sharded/shard-$k-of-4/runs.csv" ] || fail "shard $k wrote no results"
done
total=0
for k in 1 2 3 4; do total=$((total + $(wc -l < "$dir/sharded/shard-$k-of-4/runs.csv") - 1)); done
[ "$total" -eq 80 ] || fail "the shards hold $total rows, not 80 (disjoint slices of 80 runs)"

"$vgdl" report --csv --no-timing "$dir/single" > "$dir/single.csv" || fail "report failed"
"$vgdl" report --csv --no-timing "$dir"/sharded/shard-* > "$dir/sharded.csv" || fail "report of the shards failed"
cmp -s "$dir/single.csv" "$dir/sharded.csv" || { diff "$dir/single.csv" "$dir/sharded.csv" >&2; fail "the merged report differs"; }
"$vgdl" report --csv --no-timing "$dir/sharded" > "$dir/sharded2.csv" || fail "report of the out folder failed"
cmp -s "$dir/single.csv" "$dir/sharded2.csv" || fail "the report of the out folder (shards found inside) differs"
"$vgdl" report --runs --no-timing "$dir/single" > "$dir/single.rows"
"$vgdl" report --runs --no-timing "$dir/sharded" > "$dir/sharded.rows"
cmp -s "$dir/single.rows" "$dir/sharded.rows" || fail "the merged rows differ"
echo "parallel: 4 shards through GNU parallel, merged: equal to one process ($(($(wc -l < "$dir/single.csv") - 1)) table rows, 80 runs)" >&2
