#!/bin/sh
# errors.sh: the error-path tests (issues 4 and 8): each tests/errors/NAME.scm states in its
# comment lines (EXPECT-STATUS, EXPECT-STDERR, EXPECT-STDOUT, COMPILE-PATH) what regal or the
# program must do, checked at -O0 and -O2.
# Usage: tests/errors.sh [PATTERN...]; directives and settings: tests/harness.py, which does
# the work.
exec python3 "$(dirname "$0")/harness.py" errors "$@"
