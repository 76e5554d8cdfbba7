#!/bin/sh
# tests/fuzz/run.sh SECONDS NAME... -- runs each fuzzer (built by 'make fuzz'
# in build/fuzz/) for SECONDS (default 60), its corpus in build/fuzz/corpus/NAME
# seeded from the project's own files and tests/fuzz/regress/NAME, with the
# dictionary tests/fuzz/NAME.dict when there is one; an input must end
# within 10 s and 1 GiB. What a fuzzer finds is written to
# build/fuzz/crashes/NAME/; copy each input into tests/fuzz/regress/NAME/
# once it is fixed, so 'make test' keeps it fixed.
# Prints executions and corpus size per fuzzer; exits 1 if anything was found.
set -u
cd "$(dirname "$0")/../.."
secs=${1:-60}
[ -n "$secs" ] || secs=60
shift
found=0
for name in "$@"; do
  corpus=build/fuzz/corpus/$name crashes=build/fuzz/crashes/$name
  mkdir -p "$corpus" "$crashes"
  case $name in
    map) for f in levels/*/*.txt; do { printf '\000'; cat "$f"; } > "$corpus/seed_$(echo "$f" | tr / _)"; done ;;
    script) for f in scripts/*.lua tests/fixtures/scripts/*.lua; do
              g=$(basename "$f" .lua); map=$(ls levels/"$g"/*.txt 2>/dev/null | head -1)
              { cat "$f"; echo "====="; cat "${map:-tests/fixtures/maps/tiny.txt}"; } > "$corpus/seed_$g"
            done
            for f in tests/fixtures/scripts/lines/*.lua; do    # one line each, after minimal.lua
              { cat tests/fixtures/scripts/minimal.lua "$f"; echo "====="; cat tests/fixtures/maps/tiny.txt; } \
                > "$corpus/seed_line_$(basename "$f" .lua)"
            done ;;
    actions) cp tests/golden/gvgai/bait/*.actions "$corpus/" ;;
    ini) for f in examples/*.ini tests/batch/fixtures/*.ini; do cp "$f" "$corpus/seed_$(echo "$f" | tr / _)"; done ;;
    vgdl|convert|vgdl2p) [ "$name" = vgdl2p ] && dir=gvgai/2player || dir=gvgai
          for f in "$dir"/*_lvl0.txt; do
            { cat "${f%_lvl0.txt}.txt"; echo "====="; cat "$f"; } > "$corpus/seed_$(basename "$f" _lvl0.txt)"
          done ;;
    image) for f in docs/pictures/*.png; do { printf '\030'; cat "$f"; } > "$corpus/seed_$(basename "$f")"; done ;;
    report) for f in tests/tools/fixtures/report/runs.csv tests/batch/fixtures/report*/runs.csv; do
              { printf '@'; cat "$f"; } > "$corpus/seed_$(echo "$f" | tr / _)"
            done ;;
  esac   # outfile: its regression inputs are its seeds (one a kind of path and writer)
  log=build/fuzz/$name.log
  dict=; [ -f tests/fuzz/"$name".dict ] && dict=-dict=tests/fuzz/"$name".dict   # the words its inputs are made of
  build/fuzz/fuzz_"$name" "$corpus" tests/fuzz/regress/"$name" $dict -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 \
    -artifact_prefix="$crashes/" -print_final_stats=1 > "$log" 2>&1
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  n=$(ls "$corpus" | wc -l)
  bad=$(ls "$crashes" | wc -l)
  printf '%-8s %10s executions %6s corpus files %3s found\n' "$name" "${runs:-?}" "$n" "$bad"
  [ "$bad" -eq 0 ] || found=1
done
exit $found
