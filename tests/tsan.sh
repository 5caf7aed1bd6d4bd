#!/bin/sh
# tsan.sh: the thread tests (tests/run/srfi-18-*.scm, tasks-*.scm) under ThreadSanitizer: each
# compiled with `regal -S` and clang -fsanitize=thread against $B/libregal-tsan.a (the runtime
# built with it), run with collections off (GC_DONT_GC=1: under TSan a signal waits for the
# thread's next intercepted call, so the collector's stop-the-world can wait for ever on a
# thread that computes), checked for its expected output and for no TSan report.
# Usage: B=build tests/tsan.sh [PATTERN...]
B=${B:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=$(mktemp -d "${TMPDIR:-/tmp}/regal-tsan.XXXXXX")
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
for t in "$here"/run/srfi-18-*.scm "$here"/run/tasks-*.scm; do
    name=$(basename "$t" .scm)
    if [ $# -gt 0 ]; then
        keep=0
        for p in "$@"; do case $name in *$p*) keep=1 ;; esac; done
        [ $keep = 1 ] || continue
    fi
    if ! "$root/$B/regal" -S "$t" -o "$work/$name.c" ||
       ! clang -O1 -g -fsanitize=thread -I"$root/runtime" "$work/$name.c" "$root/$B/libregal-tsan.a" \
             $(cat "$root/$B/rt-config" | sed 's/^[^-]*//') -o "$work/$name"; then
        echo "FAIL $name: does not compile"; fail=$((fail + 1)); continue
    fi
    GC_DONT_GC=1 TSAN_OPTIONS="halt_on_error=1 exitcode=66" timeout 120 "$work/$name" \
        > "$work/$name.stdout" 2> "$work/$name.stderr"
    st=$?
    if [ $st -ne 0 ] || grep -q "ThreadSanitizer" "$work/$name.stderr"; then
        echo "FAIL $name: status $st"; head -30 "$work/$name.stderr"; fail=$((fail + 1))
    elif ! cmp -s "$work/$name.stdout" "${t%.scm}.out"; then
        echo "FAIL $name: stdout differs from $(basename "${t%.scm}").out"
        diff "$work/$name.stdout" "${t%.scm}.out" | head -10; fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
echo "tsan: $pass passed, $fail failed"
[ $fail -eq 0 ]
