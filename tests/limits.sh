#!/bin/sh
# limits.sh -- the size limits of the project's C sources: files of more than
# FILE_MAX lines and functions of more than FUNC_MAX lines (from the line of
# the name to the closing brace) in engine/, agents/ and tools/.
#   tests/limits.sh            the longest functions and files, then what exceeds the limits
#   tests/limits.sh --check    only what exceeds the limits; exit status 1 if anything does
# Functions are found by matching braces: a '{' at depth 0 after a header
# holding '(' and no '=' before it opens one. Comments, strings and
# character literals are stripped first, so braces in them do not count.
FILE_MAX=${FILE_MAX:-800}
FUNC_MAX=${FUNC_MAX:-100}
cd "$(dirname "$0")/.." || exit 2
check=0
[ "${1:-}" = --check ] && check=1
files=$(ls engine/*.c engine/*/*.c agents/*.c tools/*/*.c engine/*.h engine/*/*.h agents/*.h tools/*/*.h 2>/dev/null)

funcs=$(awk '
FNR == 1 { depth = 0; head = ""; hstart = 0; name = ""; incomment = 0 }
{
    line = $0
    # strip comments (block comments may span lines), strings and characters
    out = ""
    while (line != "") {
        if (incomment) {
            k = index(line, "*/")
            if (!k) { line = ""; break }
            line = substr(line, k + 2); incomment = 0; continue
        }
        if (match(line, /\/\*|\/\/|"|\047/)) {
            out = out substr(line, 1, RSTART - 1)
            tok = substr(line, RSTART, RLENGTH)
            line = substr(line, RSTART + RLENGTH)
            if (tok == "//") { line = ""; break }
            if (tok == "/*") { incomment = 1; continue }
            # a string or character literal: skip to its unescaped end
            while (line != "") {
                c = substr(line, 1, 1)
                if (c == "\\") { line = substr(line, 3); continue }
                line = substr(line, 2)
                if (c == tok) break
            }
            out = out " "
        } else { out = out line; line = "" }
    }
    if (out ~ /^[ \t]*#/) next                         # preprocessor lines
    n = length(out)
    for (i = 1; i <= n; i++) {
        c = substr(out, i, 1)
        if (c == "{") {
            if (depth == 0) {
                h = head substr(out, 1, i - 1)
                p = index(h, "("); e = index(h, "=")
                isfn = p > 0 && (e == 0 || e > p) && h !~ /^[ \t]*(struct|enum|union|typedef)[ \t]/
                if (isfn) { name = substr(h, 1, p - 1); sub(/.*[ \t*]/, "", name); start = hstart ? hstart : FNR }
                else name = ""
            }
            depth++
        } else if (c == "}") {
            depth--
            if (depth == 0) {
                if (name != "") printf "%d %s:%d %s\n", FNR - start + 1, FILENAME, start, name
                name = ""; head = ""; hstart = 0
            }
        } else if (c == ";" && depth == 0) { head = ""; hstart = 0 }
    }
    if (depth == 0) {
        rest = out
        if (index(out, ";")) { rest = substr(out, index(out, ";") + 1) }
        if (rest ~ /[^ \t]/) { if (head == "") hstart = FNR; head = head " " rest }
        else if (out ~ /^[ \t]*$/) { head = ""; hstart = 0 }
    }
}' $files | sort -rn)

bad=0
if [ $check = 0 ]; then
    echo "longest functions (lines, file:line, name):"
    echo "$funcs" | head -15 | sed 's/^/  /'
    echo "longest files:"
    wc -l $files | grep -v ' total$' | sort -rn | head -5 | sed 's/^/  /'
fi
over=$(echo "$funcs" | awk -v m=$FUNC_MAX '$1 > m')
if [ -n "$over" ]; then
    echo "functions over $FUNC_MAX lines (split them along their phases):"
    echo "$over" | sed 's/^/  /'
    bad=1
fi
big=$(wc -l $files | grep -v ' total$' | awk -v m=$FILE_MAX '$1 > m')
if [ -n "$big" ]; then
    echo "files over $FILE_MAX lines (split them by topic):"
    echo "$big" | sed 's/^/  /'
    bad=1
fi
[ $bad = 0 ] && [ $check = 1 ] && echo "limits: no file over $FILE_MAX lines, no function over $FUNC_MAX"
exit $bad
