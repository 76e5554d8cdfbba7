#!/bin/sh
# The Python package's tests (tests/python/test_*.py, unittest), run by
# 'make test' with the build under test ($VGDL_BUILD) through python.sh.
# Prints cmocka's closing lines, which tests/run.sh totals. Arguments:
# name patterns, to run some of the tests.
exec "$(dirname "$0")/python.sh" "$(dirname "$0")/main.py" "$@"
