#!/bin/sh
# Runs Debian's python3 ($PYTHON) with the Python package of the build under
# test: python/ on PYTHONPATH and $VGDL_BUILD (release, debug, asan, clang)
# naming the folder it loads its native module from. Under the sanitizer
# builds the sanitizer's runtime is preloaded (python3 itself is not
# instrumented) and leak checking is off: the interpreter keeps memory to
# its exit by design, and the C tests check the library for leaks. The
# Python tests (run.sh) and the docs' examples (tests/docs/test_docs.c:
# their 'python3') run through it.
root=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
case ${VGDL_BUILD:-release} in
  asan) LD_PRELOAD=$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so) ;;
  clang) LD_PRELOAD=$(clang -print-file-name=libclang_rt.asan-x86_64.so) ;;
esac
if [ -n "${LD_PRELOAD:-}" ]; then
  export LD_PRELOAD ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-} UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
fi
PYTHONPATH=$root/python${PYTHONPATH:+:$PYTHONPATH} exec "${PYTHON:-/usr/bin/python3}" "$@"
