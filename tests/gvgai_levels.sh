#!/bin/sh
# tests/gvgai_levels.sh -- the levels 'vgdl generate' proved, checked by
# GVGAI itself (bench-generate's part 4; docs/results.md#level-generation):
#
#   tests/gvgai_levels.sh HARNESS GAME DIR
#
# HARNESS is a built GVGAI harness (its run.sh: the project's reference
# material, shared/gvgai/harness/), GAME a GVGAI game of gvgai/ (sokoban),
# DIR a folder 'vgdl generate' wrote. For each level of DIR/levels.tsv with
# a proven length L:
#   1. GVGAI's own game loop plays the listed plan ('run.sh record'): it
#      must win, at its last move
#   2. GVGAI's forward model searched breadth-first ('run.sh solve',
#      MAX_STATES states, MAX_CPU seconds): the same length L; or it stopped
#      at a cap having tried every sequence of d < L moves (consistent); or
#      it ran out of states with no win: its states are told apart by the
#      sprites' cells and the score only (not the avatar's orientation nor
#      a sprite's speed), so it can miss a win; 1 says whether there is one
# One line a level, then the totals; exit status 1 when some level's plan
# does not win in GVGAI or GVGAI's search found a different length.
set -u
[ $# -eq 3 ] || { echo "usage: tests/gvgai_levels.sh HARNESS GAME DIR" >&2; exit 2; }
harness=$1 game=$2 dir=$3
max_states=${MAX_STATES:-3000000} max_cpu=${MAX_CPU:-120}
cd "$(dirname "$0")/.."
rules=gvgai/$game.txt
[ -x "$harness/run.sh" ] || { echo "gvgai_levels: $harness: no run.sh (a built GVGAI harness)" >&2; exit 2; }
[ -f "$rules" ] || { echo "gvgai_levels: no GVGAI game $rules" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
tail -n +2 "$dir/levels.tsv" | while IFS=$tab read -r file w h shortest states s sl sh wk wl wh cov plan; do
    [ "$shortest" = - ] && continue
    level=$dir/$file
    # 1. the plan in GVGAI's game loop
    echo "$plan" | tr ',' '\n' | tr a-z A-Z | sed 's/^/ACTION_/' > "$tmp/plan"
    last=$("$harness/run.sh" record "$rules" "$level" 1 "$tmp/plan" 2>/dev/null | tail -1)
    case $last in
    *"\"tick\":$shortest,"*'"winner":"PLAYER_WINS"'*) plan_wins=1 ;;
    *) plan_wins=0 ;;
    esac
    # 2. GVGAI's search: level length states cpu_s searched_depth ...
    set -- $("$harness/run.sh" solve "$rules" "$level" "$max_states" "$max_cpu" "$tmp/bfs" 2>/dev/null)
    got=${2:-?} searched=${3:-0} cpu=${4:-0} depth=${5:-0}
    capped=$(awk -v n="$searched" -v c="$cpu" -v mn="$max_states" -v mc="$max_cpu" 'BEGIN { print (n >= mn || c >= mc) }')
    if [ $plan_wins = 0 ]; then verdict="DIFFERENT: the plan does not win in GVGAI"
    elif [ "$got" = "$shortest" ]; then verdict=same
    elif [ "$got" = -1 ] && [ "$capped" = 1 ] && [ "$depth" -lt "$shortest" ]; then
        verdict="GVGAI's search stopped at its cap with no win of $depth moves or fewer: consistent"
    elif [ "$got" = -1 ] && [ "$capped" = 0 ]; then
        verdict="GVGAI's search ran out of states after $searched with no win, but the plan wins in GVGAI: its search missed it"
    else verdict="DIFFERENT: GVGAI's search found $got"; fi
    printf '%s %s: vgdl %s, GVGAI %s (%s states, %s s): %s\n' "$game" "$level" "$shortest" "$got" "$searched" "$cpu" "$verdict"
done | awk '{ print } / same$/ { s++ } /consistent$/ { c++ } /missed it$/ { m++ } /DIFFERENT/ { d++ }
            END { printf "%d same, %d consistent, %d missed by its search (the plan wins in GVGAI), %d different\n", s, c, m, d
                  exit d > 0 }'
