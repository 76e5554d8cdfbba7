#!/bin/sh
# slurm-local.sh -- a one-node Slurm cluster on this machine, for tests.
#
#   tests/batch/slurm-local.sh start DIR   writes DIR/slurm.conf for this host, starts
#                                          munged, slurmctld and slurmd (all state,
#                                          logs, sockets under DIR), waits until the
#                                          node is idle; prints 'export SLURM_CONF=...'
#   tests/batch/slurm-local.sh stop DIR    stops the three daemons it started
#
# Nothing under /etc is touched and systemd is not needed: munged gets its
# own key and socket, Slurm its own config (SLURM_CONF), spool and ports.
# The settings avoid what a container or small VM may lack: no cgroups
# (ProctrackType=proctrack/linuxproc, TaskPlugin=task/none), no accounting
# database, daemons running as root. Exit status: 0 started; 3 when a
# daemon could not start (the reason, and the log's tail, on stderr);
# 2 on bad use. Needs: munge, slurm-wlm (slurmctld, slurmd, sinfo).
# Every external command runs under 'timeout' (a single sinfo can take
# minutes when the host name does not resolve), and the wait for the node
# is bounded by the clock as well as by the number of tries.
set -eu

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
cmd=$1
dir=$2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf

fail() {   # what failed, then the end of the log that says why
    echo "slurm-local: $1" >&2
    [ -n "${2:-}" ] && [ -f "$2" ] && tail -n 15 "$2" | sed 's/^/  | /' >&2
    exit 3
}

stop_pids() {   # stop_pids FILE...: SIGTERM to each pid, then SIGKILL to those left after 10 s
    pids=
    for f in "$@"; do
        [ -f "$f" ] || continue
        pid=$(cat "$f" 2>/dev/null || true)
        rm -f "$f"
        [ -n "$pid" ] && kill "$pid" 2>/dev/null && pids="$pids $pid"
    done
    n=0
    for pid in $pids; do
        while kill -0 "$pid" 2>/dev/null && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
        kill -9 "$pid" 2>/dev/null || true
    done
}

if [ "$cmd" = stop ]; then
    stop_pids "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munged.pid"
    exit 0
fi
[ "$cmd" = start ] || usage

for tool in munged slurmctld slurmd sinfo; do
    command -v $tool >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin
    command -v $tool >/dev/null 2>&1 || fail "$tool not found (install the Debian packages munge and slurm-wlm)"
done

host=$(hostname -s)
user=$(id -un)
cpus=$(nproc)
mem=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
# Ports from the directory's name, so two clusters on one machine don't
# collide; moved on while something already listens there.
port_busy() {
    hex=$(printf ':%04X' "$1")
    awk -v p="$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { found = 1 } END { exit !found }' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
base=$((17000 + $(printf '%s' "$dir" | cksum | cut -d' ' -f1) % 2000 * 2))
n=0
while port_busy $base || port_busy $((base + 1)); do
    base=$((base + 2))
    n=$((n + 1))
    [ $n -lt 100 ] || fail "no free pair of ports found from 17000 on"
done

# ---- munge: a key of our own, a socket of our own -----------------------
mkdir -p "$dir/munge" "$dir/spool/ctld" "$dir/spool/d"
chmod 700 "$dir/munge"
if [ ! -f "$dir/munge/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
    chmod 400 "$dir/munge/munge.key"
fi
stop_pids "$dir/munged.pid"
timeout 30 munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
       --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/munged.seed" \
    || fail "munged did not start" "$dir/munged.log"

# ---- slurm.conf -----------------------------------------------------------
cat > "$conf" <<CONF
# written by tests/batch/slurm-local.sh for host $host
ClusterName=vgdltest
SlurmctldHost=$host
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/spool/ctld
SlurmdSpoolDir=$dir/spool/d
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
# plugstack.conf is looked for beside slurm.conf
: > "$dir/plugstack.conf"
echo "PlugStackConfig=$dir/plugstack.conf" >> "$conf"
export SLURM_CONF="$conf"

# ---- the daemons ------------------------------------------------------------
stop_pids "$dir/slurmd.pid" "$dir/slurmctld.pid"
timeout 30 slurmctld -c -f "$conf" || fail "slurmctld did not start" "$dir/slurmctld.log"
timeout 30 slurmd -f "$conf" || fail "slurmd did not start" "$dir/slurmd.log"

n=0
deadline=$(($(date +%s) + 30))
while :; do
    state=$(timeout 5 sinfo -h -n "$host" -o '%t' 2>/dev/null || true)   # one sinfo can hang for minutes when the host does not resolve
    case $state in idle*|mix*|alloc*) break ;; esac
    n=$((n + 1))
    if [ $n -ge 300 ] || [ "$(date +%s)" -ge "$deadline" ]; then
        echo "slurm-local: node '$host' did not become idle in 30 s (state: '${state:-none}')" >&2
        tail -n 10 "$dir/slurmctld.log" | sed 's/^/  ctld | /' >&2
        tail -n 10 "$dir/slurmd.log" | sed 's/^/  d    | /' >&2
        exit 3
    fi
    sleep 0.1
done
echo "export SLURM_CONF=$conf"
