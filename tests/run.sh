#!/bin/sh
# Runs each test program given and prints one closing line with the totals.
# A program that crashes counts as a failure.
passed=0; failed=0
for t in "$@"; do
  out=$("$t" 2>&1); rc=$?
  printf '%s\n' "$out"
  p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
  passed=$((passed + ${p:-0}))
  if [ "$rc" -ne 0 ] && [ -z "$f" ]; then f=1; echo "$t: exited with status $rc"; fi
  failed=$((failed + ${f:-0}))
done
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
