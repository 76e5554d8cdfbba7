#!/bin/sh
# make bench: the forward model's speed on every Bait level, measured as
# ../shared/gvgai/speed.md describes (random actions, one thread), next to
# GVGAI's own copy+advance rate on the same machine type; then the agents'
# benchmark when it exists. Prints figures; asserts nothing.
set -e
cd "$(dirname "$0")/.."
gvgai_rate() {   # GVGAI's copy+advance/s per Bait level (speed.md)
  case $1 in 0) echo 31876;; 1) echo 49305;; 2) echo 27512;; 3) echo 16249;; 4) echo 65466;; esac
}
printf '%-8s %14s %14s %16s %12s %12s\n' level advance/s copy/s copy+advance/s state-bytes "x GVGAI"
for l in 0 1 2 3 4; do
  out=$(bin/vgdl bench bait --level "$l" --seconds "${BENCH_SECONDS:-2}")
  adv=$(echo "$out" | sed -n 's/^advance\/s: //p')
  cpy=$(echo "$out" | sed -n 's/^copy\/s: //p')
  both=$(echo "$out" | sed -n 's/^copy+advance\/s: //p')
  bytes=$(echo "$out" | sed -n 's/^state bytes: //p')
  printf '%-8s %14s %14s %16s %12s %12s\n' "bait $l" "$adv" "$cpy" "$both" "$bytes" "$((both / $(gvgai_rate "$l")))"
done
if [ -x tests/bench_agents.sh ]; then tests/bench_agents.sh; fi
if [ -x tests/bench_render.sh ]; then tests/bench_render.sh; fi
tests/python/python.sh tests/bench_python.py
