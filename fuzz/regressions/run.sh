#!/bin/sh
# fuzz/regressions/run.sh: every input a fuzzer found a crash with (issue 8) must now make the
# compiler exit with status 0 or 1, never a signal or another status. Each input is compiled
# to C only (-S), which is all the front-end fuzzers exercise.
# Usage: fuzz/regressions/run.sh   (environment: B, default build; REGAL, default $B/regal)
cd "$(dirname "$0")/../.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}
out=$(mktemp -d) || exit 2
trap 'rm -rf "$out"' EXIT
pass=0 fail=0
for f in fuzz/regressions/*; do
    case $f in *.sh|*/README*) continue ;; esac
    [ -f "$f" ] || continue
    timeout 60 "$REGAL" -S "$f" -o "$out/out.c" >/dev/null 2>"$out/err"
    rc=$?
    if [ $rc -eq 0 ] || [ $rc -eq 1 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $f: regal exited with status $rc"
        head -5 "$out/err"
    fi
done
echo "fuzz regressions: $pass passed, $fail failed"
[ $fail -eq 0 ]
