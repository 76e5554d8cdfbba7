#!/bin/sh
# Pictures' benchmark: GIF frames encoded per second of CPU time at 20 px
# cells on Bait level 3 (the avatar walking right and left, so every frame
# differs), and the peak memory (RSS) of 'vgdl trace --gif' for games of
# 200 and 2,000 ticks (the most a GVGAI game lasts), which should not
# grow with the frames.
# Each figure is 'trace' with --gif minus the same 'trace' without it
# (which prints the same trace). Prints figures; asserts nothing.
set -e
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# CPU seconds (user + system) and peak RSS in kB of a command, one line.
measure() {
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null
  awk '{ printf "%.3f %d\n", $1 + $2, $3 }' "$tmp/time"
}
printf '%-8s %10s %10s %12s %12s %10s\n' ticks plain-s gif-s frames/s peak-RSS-kB gif-bytes
for n in 200 2000; do
  awk -v n="$n" 'BEGIN { for (k = 0; k < n; k++) print (k % 2 ? "LEFT" : "RIGHT") }' > "$tmp/acts"
  plain=$(measure bin/vgdl trace bait --level 3 --actions "$tmp/acts")
  gif=$(measure bin/vgdl trace bait --level 3 --actions "$tmp/acts" --gif "$tmp/out.gif" --cell 20)
  set -- $plain $gif
  rate=$(awk -v n="$n" -v a="$1" -v b="$3" 'BEGIN { d = b - a; if (d <= 0) print "-"; else printf "%.0f", (n + 1) / d }')
  printf '%-8s %10s %10s %12s %12s %10s\n' "$n" "$1" "$3" "$rate" "$4" "$(wc -c < "$tmp/out.gif")"
done
