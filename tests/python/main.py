# SPDX-License-Identifier: MIT
"""Runs the Python package's tests (tests/python/test_*.py) with unittest and
ends with cmocka's closing lines, which tests/run.sh totals:
'[  PASSED  ] N test(s).' and, when some failed, '[  FAILED  ] N test(s)'.
Arguments: test name patterns (unittest's -k), to run some."""
import os
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
loader = unittest.TestLoader()
loader.testNamePatterns = [f"*{p}*" for p in sys.argv[1:]] or None
suite = loader.discover(here, pattern="test_*.py", top_level_dir=here)
result = unittest.TextTestRunner(stream=sys.stdout, verbosity=1).run(suite)
bad = len(result.failures) + len(result.errors)
print(f"[  PASSED  ] {result.testsRun - bad} test(s).")
if bad:
    print(f"[  FAILED  ] {bad} test(s), listed above.")
sys.exit(1 if bad else 0)
