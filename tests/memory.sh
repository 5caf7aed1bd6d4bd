#!/bin/sh
# memory.sh: end-to-end tests whose memory and time are checked, not only their output (issue
# 7): flat loops, linear list building, binary-trees against the C arena, each tests/memory/
# NAME.scm at two sizes.
# Usage: tests/memory.sh [--chez] [PATTERN...]; the bounds and how they are measured:
# tests/harness.py, which does the work.
exec python3 "$(dirname "$0")/harness.py" memory "$@"
