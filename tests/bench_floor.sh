#!/bin/sh
# The floor of a step next to what the engine spends (docs/speed.md, "The
# floor"): per game, the instructions per step of `vgdl bench`'s
# copy+advance loop (tests/bench/steps under callgrind, the copies and
# advances only) and the work a step does, counted from the calls the
# engine makes: sprites moved (tick_set_pos, step-backs included), lookups
# of a sprite's overlaps (overlap_find, physics_overlapping; a sprite on the grid whose
# cell rules out everything wanted is not looked up), effects applied
# (effect_apply, effect_apply_batch), sprites created (tick_create) and
# killed (tick_kill). The floor prices that work at what a tight loop needs:
# a move 15 instructions, a lookup 25, an effect 30, a creation 30, a kill
# 10 (the copy, a memcpy of a few KB, left out).
#
#   tests/bench_floor.sh GAME...     a GVGAI game's name, or NAME.lua (a script's)
#
# Settings (environment): N (500) steps, LEVEL (0). Prints a Markdown table;
# asserts nothing.
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: tests/bench_floor.sh GAME..." >&2; exit 2; }
command -v valgrind >/dev/null || { echo "bench_floor: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
n=${N:-500} level=${LEVEL:-0}
make -j2 build/release/tests/bench/steps >/dev/null || exit 2
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT

echo "| game | engine instr/step | moves | lookups | effects | created | killed | floor | engine / floor |"
echo "|---|---|---|---|---|---|---|---|---|"
for name in "$@"; do
  case $name in
    *.lua) f=scripts/$name lvl=levels/${name%.lua}/lvl$level.txt ;;
    *) f=gvgai/$name.txt; [ -f "$f" ] || f=gvgai/contphysics/$name.txt; lvl=${f%.txt}_lvl$level.txt ;;
  esac
  [ -f "$f" ] && [ -f "$lvl" ] || { echo "bench_floor: no game '$name'" >&2; exit 2; }
  # glibc's vector copies rather than 'rep movsb' (callgrind counts it a byte at a time)
  GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold=1000000:glibc.cpu.x86_rep_stosb_threshold=1000000 \
    valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
    --toggle-collect=vg_advance --toggle-collect=vg_state_copy build/release/tests/bench/steps "$f" "$lvl" "$n" >/dev/null 2>&1 ||
    { echo "bench_floor: $name: steps failed" >&2; exit 2; }
  # callgrind's file names a function by "(id) name" the first time, "(id)" after; calls=N follow a cfn= line
  awk -v game="$name" -v n="$n" '
    /^(fn|cfn)=\(/ { id = $0; sub(/^c?fn=/, "", id); nm = id; sub(/^\([0-9]+\) */, "", nm); sub(/ .*/, "", id)
                     sub(/\..*$/, "", nm); if (nm != "") name[id] = nm; if ($0 ~ /^cfn=/) callee = name[id]; next }
    /^calls=/ { split($0, c, /[= ]/); calls[callee] += c[2]; next }
    /^summary:|^totals:/ { total = $2 }
    END {
      mv = calls["tick_set_pos"] / n; lk = (calls["overlap_find"] + calls["physics_overlapping"]) / n
      ef = (calls["effect_apply"] + calls["effect_apply_batch"]) / n; cr = calls["tick_create"] / n; kl = calls["tick_kill"] / n
      floor = 15 * mv + 25 * lk + 30 * ef + 30 * cr + 10 * kl; ins = total / n
      printf "| %s | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f | %.0fx |\n", game, ins, mv, lk, ef, cr, kl, floor, (floor > 0 ? ins / floor : 0)
    }' "$out"
done
