#!/bin/sh
# Remakes the pictures in docs/pictures/ (README.md says which is which).
# Run from anywhere; bin/vgdl must be built. The GIF takes the level
# solver about 10 to 40 seconds.
set -e
cd "$(dirname "$0")/../.."
out=docs/pictures
vgdl=bin/vgdl
actions=$(mktemp)
trap 'rm -f "$actions"' EXIT
for k in $(seq 30); do printf 'LEFT\nUP\nRIGHT\nUP\n'; done > "$actions"
$vgdl render bait --level 3 --cell 32 -o $out/bait.png
$vgdl render pacman --level 0 --cell 20 -o $out/pacman.png
$vgdl render cs188 --level mediumClassic --cell 20 -o $out/cs188.png
$vgdl render cs188_directional --level levels/cs188/mediumClassic.lay --cell 20 -o $out/cs188_directional.png
$vgdl render connect4 --moves "4 5 4 4 4 2 4 2 4 1 3 3 3 1 3 3 3 6 5 5 5 6 6" --cell 40 -o $out/connect4.png
$vgdl render othello --moves "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7" --cell 40 -o $out/othello.png
$vgdl render 2048 --actions "$actions" --cell 48 -o $out/2048.png
$vgdl solve bait --level 3 --gif $out/bait_lvl3.gif > /dev/null
gen=$(mktemp -d)
$vgdl generate sokoban --out "$gen/soko" --count 12 --size 8x7 --length 12-30 --seed 1 --sheet $out/generate-sokoban.png --cell 16 > /dev/null
rm -rf "$gen"
quick=$(mktemp -d)
$vgdl batch examples/quick.ini --out "$quick" > /dev/null
$vgdl report --plot $out/batch-wins.png "$quick" > /dev/null
rm -rf "$quick"
