#!/bin/sh
# check.sh: run tests/run tests of SRFI 18 and tasks under Chez Scheme with tests/chez/srfi-18.ss
# (the test's import line dropped, R7RS define-record-type renamed to the shim's form) and
# compare the output with the test's .out. Usage: tests/chez/check.sh tests/run/NAME.scm...
here=$(dirname "$0")
status=0
for t in "$@"; do
    tmp=$(mktemp /tmp/regal-chez.XXXXXX.ss)
    { cat "$here/srfi-18.ss"; sed -e '/^(import /d' -e 's/(define-record-type /(define-record-type7 /' "$t"; } > "$tmp"
    if scheme --script "$tmp" | cmp -s - "${t%.scm}.out"; then echo "chez ok: $t"
    else echo "chez DIFFERS: $t"; scheme --script "$tmp" | diff - "${t%.scm}.out" | head -20; status=1; fi
    rm -f "$tmp"
done
exit $status
