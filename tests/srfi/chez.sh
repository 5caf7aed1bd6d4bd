#!/bin/sh
# tests/srfi/chez.sh TEST.scm [REF.scm ...]: run a SRFI test program of tests/run under Chez
# Scheme 9.5 (which has no SRFI libraries), to check its expected output: the program's import
# lines are dropped, and tests/conformance/chez-prelude.scm (R7RS names Chez lacks), then the
# given files (a SRFI's reference implementation; for a lib/srfi/N.sld, the forms of its begin
# declarations) are loaded before it. Prints Chez's output.
#   tests/srfi/chez.sh tests/run/srfi-133-vectors.scm vectors-impl.scm | diff - tests/run/srfi-133-vectors.out
set -e
test="$1"; shift
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d); trap '[ -n "$KEEP" ] && cp "$tmp/prog.scm" "$KEEP"; rm -rf "$tmp"' EXIT
{
    cat "$here/../conformance/chez-prelude.scm" "$here/chez-extra.scm"
    for ref in "$@"; do
        case "$ref" in
        *.sld) scheme --script "$here/sld-body.scm" "$ref" ;;
        *) cat "$ref"; echo ;;
        esac
    done
    grep -v '^(import' "$test"
} > "$tmp/prog.scm"
scheme --script "$tmp/prog.scm"
