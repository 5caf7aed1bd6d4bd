#!/bin/sh
# tests/srfi/chez.sh TEST.scm [REF.scm ...]: run a SRFI test program of tests/run under Chez
# Scheme 9.5 (which has no SRFI libraries), to check its expected output: the program's import
# lines are dropped, and tests/conformance/chez-prelude.scm (R7RS names Chez lacks), then the
# given files (a SRFI's reference implementation) are loaded before it. Prints Chez's output.
#   tests/srfi/chez.sh tests/run/srfi-133-vectors.scm vectors-impl.scm | diff - tests/run/srfi-133-vectors.out
set -e
test="$1"; shift
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
    cat "$here/../conformance/chez-prelude.scm" "$here/chez-extra.scm"
    for ref in "$@"; do cat "$ref"; echo; done
    grep -v '^(import' "$test"
} > "$tmp/prog.scm"
scheme --script "$tmp/prog.scm"
