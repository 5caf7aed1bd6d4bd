#!/bin/sh
# run.sh: the end-to-end run tests (issue 4): each tests/run/NAME.scm and examples/NAME.scm is
# compiled at each level (-O0 and -O2), run, and its stdout compared with NAME.out beside it.
# Usage: tests/run.sh [PATTERN...]; settings (REGAL_TEST_FLAGS, REGAL_TEST_LEVELS, JOBS,
# TIMEOUT, B, REGAL) and directives (EXPECT-STATUS...): tests/harness.py, which does the work.
exec python3 "$(dirname "$0")/harness.py" run "$@"
