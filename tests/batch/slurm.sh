#!/bin/sh
# slurm.sh VGDL DIR -- a one-node Slurm cluster on this machine
# (slurm-local.sh: munged, slurmctld, slurmd, all under DIR) runs
# tests/batch/fixtures/shards.ini as a job array submitted by
# 'vgdl batch --submit --wait', one shard per array task; the merged
# results equal the same batch run by one process. Exit status 0 when so,
# 77 (skipped) only when the daemons cannot start here, 1 on failure.
# Every external command (the cluster's daemons, sbatch, squeue, scontrol)
# runs under 'timeout', so that a Slurm that hangs fails the test instead.
set -u
vgdl=$1
dir=$2
ini=tests/batch/fixtures/shards.ini
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "slurm: $*" >&2; exit 1; }
for tool in sbatch squeue slurmctld slurmd munged; do
    command -v $tool >/dev/null 2>&1 || [ -x /usr/sbin/$tool ] \
        || fail "$tool is not installed (./setup installs slurm-wlm and munge)"
done

cluster=$dir/cluster
if ! timeout 120 "$here/slurm-local.sh" start "$cluster" > "$dir/cluster.env" 2> "$dir/cluster.err"; then
    status=$?
    cat "$dir/cluster.err" >&2
    timeout 60 "$here/slurm-local.sh" stop "$cluster" 2>/dev/null
    [ "$status" -eq 3 ] && { echo "slurm: SKIPPED: the Slurm daemons cannot start on this machine (see above)" >&2; exit 77; }
    fail "slurm-local.sh failed (status $status)"
fi
trap 'timeout 60 "$here/slurm-local.sh" stop "$cluster"' EXIT INT TERM
. "$dir/cluster.env"

timeout 60 "$vgdl" batch "$ini" --out "$dir/slurm" --slurm > "$dir/job.sh" 2>&1 || fail "--slurm failed"
grep -q '^#SBATCH --array=1-4$' "$dir/job.sh" || fail "the script has no '#SBATCH --array=1-4'"
grep -q -- '--shard "$SLURM_ARRAY_TASK_ID/4"' "$dir/job.sh" || fail "the script does not pass --shard \$SLURM_ARRAY_TASK_ID/4"

start=$(date +%s)
timeout 60 "$vgdl" batch "$ini" --out "$dir/slurm" --submit > "$dir/submit.out" 2>&1 \
    || { cat "$dir/submit.out" >&2; fail "--submit failed"; }
job=$(sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$dir/submit.out")
[ -n "$job" ] || { cat "$dir/submit.out" >&2; fail "sbatch said no job id"; }
n=0
while [ -n "$(timeout 10 squeue -h -j "$job" 2>/dev/null)" ]; do    # 'sbatch --wait' polls every few seconds: faster here
    n=$((n + 1))
    [ $n -lt 1500 ] && [ $(($(date +%s) - start)) -lt 300 ] || { timeout 10 squeue >&2; tail -n 20 "$cluster/slurmctld.log" "$cluster/slurmd.log" >&2; fail "job $job still queued after 300 s"; }
    sleep 0.2
done
took=$(($(date +%s) - start))
states=$(timeout 10 scontrol show job "$job" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | tr -s ' ')
case $states in
    *COMPLETED*) ;;
    *) fail "job $job's tasks did not complete (states:$states)" ;;
esac
timeout 10 scontrol show job "$job" | grep 'JobState=' | grep -qv 'JobState=COMPLETED' && fail "a task of job $job did not complete:$states"
for k in 1 2 3 4; do
    [ -s "$dir/slurm/shard-$k-of-4/runs.csv" ] || fail "array task $k wrote no results"
    [ -f "$dir/slurm/slurm-${job}_$k.out" ] || fail "no log slurm-${job}_$k.out"
    grep -q "shard $k/4" "$dir/slurm/slurm-${job}_$k.out" || { cat "$dir/slurm/slurm-${job}_$k.out" >&2; fail "task $k did not run shard $k/4"; }
done

timeout 300 "$vgdl" batch "$ini" --out "$dir/single" --workers 1 >/dev/null 2>&1 || fail "the single-process batch failed"
"$vgdl" report --csv --no-timing "$dir/single" > "$dir/single.csv" || fail "report failed"
"$vgdl" report --csv --no-timing "$dir/slurm" > "$dir/slurm.csv" || fail "report of the job's results failed"
cmp -s "$dir/single.csv" "$dir/slurm.csv" || { diff "$dir/single.csv" "$dir/slurm.csv" >&2; fail "the merged report differs"; }
"$vgdl" report --runs --no-timing "$dir/single" > "$dir/single.rows"
"$vgdl" report --runs --no-timing "$dir/slurm" > "$dir/slurm.rows"
cmp -s "$dir/single.rows" "$dir/slurm.rows" || fail "the merged rows differ"
echo "slurm: job $job, 4 array tasks on a local slurmctld + slurmd in ${took}s; merged results equal one process's" >&2
