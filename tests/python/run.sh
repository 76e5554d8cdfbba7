#!/bin/sh
# The Python package's tests (tests/python/test_*.py, unittest), run by
# 'make test' with the build under test: $VGDL_BUILD (release, debug,
# asan, clang) names the folder the package loads its native module from,
# and $PYTHON the interpreter (Debian's python3). Under the sanitizer
# builds the sanitizer's runtime is preloaded (python3 itself is not
# instrumented) and leak checking is off: the interpreter keeps memory to
# its exit by design, and the C tests check the library for leaks.
# Prints cmocka's closing lines, which tests/run.sh totals.
cd "$(dirname "$0")/../.." || exit 1
PYTHON=${PYTHON:-/usr/bin/python3}
case ${VGDL_BUILD:-release} in
  asan) LD_PRELOAD=$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so) ;;
  clang) LD_PRELOAD=$(clang -print-file-name=libclang_rt.asan-x86_64.so) ;;
esac
if [ -n "${LD_PRELOAD:-}" ]; then
  export LD_PRELOAD ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-} UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
fi
PYTHONPATH=python exec "$PYTHON" tests/python/main.py "$@"
