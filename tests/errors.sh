#!/bin/sh
# errors.sh: the error-path tests (issues 4 and 8). Each tests/errors/NAME.scm states what must
# happen, in comment lines at its top:
#   ; EXPECT-STATUS: N      required. 1: regal itself must fail with status 1 (a compile error);
#                           anything else: regal must compile it, and the program must exit N
#   ; EXPECT-STDERR: TEXT   stderr (of regal for status 1, else of the program) contains TEXT;
#                           any number of these
#   ; EXPECT-STDOUT: TEXT   the program's stdout is exactly these lines (a missing final newline
#                           is ignored); when absent, stdout is not checked
#   ; COMPILE-PATH: FILE    compile FILE (relative to tests/errors) instead of this file
# Each test runs at -O0 and at -O2.
#
# Usage: tests/errors.sh [PATTERN...]   only the tests whose name contains one of the PATTERNs
# Environment: B (build dir, default build), REGAL (default $B/regal), REGAL_TEST_FLAGS (extra
#   compile flags), REGAL_TEST_LEVELS (default "-O0 -O2"), JOBS (default 2), TIMEOUT (default 30)
# Prints one line per failing test and level, then `errors: N passed, M failed`; exits 1 when
# any failed.
set -u
SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
case ${REGAL:-} in ""|/*) ;; */*) REGAL=$(pwd)/$REGAL ;; esac
cd "$(dirname "$SELF")/.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}
REGAL_TEST_FLAGS=${REGAL_TEST_FLAGS:-}
REGAL_TEST_LEVELS=${REGAL_TEST_LEVELS:--O0 -O2}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-30}
DIR=tests/errors
export B REGAL REGAL_TEST_FLAGS TIMEOUT

# --one NAME LEVEL: one test at one level; writes $WORK/res/TAG, first line PASS or FAIL.
if [ "${1:-}" = "--one" ]; then
    name=$2 level=$3
    src=$DIR/$name.scm
    tag=$name$(printf '%s' "$level" | tr -c 'A-Za-z0-9' '_')
    exe=$WORK/bin/$tag
    res=$WORK/res/$tag
    out=$WORK/out/$tag
    fail() { { echo FAIL; echo "FAIL $name ($level${REGAL_TEST_FLAGS:+ $REGAL_TEST_FLAGS}): $1"; cat; } >"$res"; }
    directive() { sed -n "s/^; *$1: \{0,1\}//p" "$src"; }
    want=$(directive EXPECT-STATUS | head -n 1 | tr -d ' \r')
    case $want in
        ''|*[!0-9]*) echo "no valid EXPECT-STATUS line" | fail "malformed test"; exit 0 ;;
    esac
    path=$(directive COMPILE-PATH | head -n 1)
    if [ -n "$path" ]; then path=$DIR/$path; else path=$src; fi

    # shellcheck disable=SC2086
    timeout "$TIMEOUT" "$REGAL" "$path" -o "$exe" $level $REGAL_TEST_FLAGS \
        >"$out.ccout" 2>"$out.stderr"
    cst=$?
    if [ "$want" -eq 1 ]; then
        if [ "$cst" -ne 1 ]; then
            head -n 6 "$out.stderr" | sed 's/^/    stderr: /' |
                fail "regal exit status $cst, expected 1 (a compile error)"
            exit 0
        fi
        : >"$out.stdout"
    else
        if [ "$cst" -ne 0 ]; then
            head -n 6 "$out.stderr" | sed 's/^/    /' | fail "compile failed (status $cst)"
            exit 0
        fi
        timeout "$TIMEOUT" "$exe" </dev/null >"$out.stdout" 2>"$out.stderr"
        st=$?
        rm -f "$exe"
        if [ "$st" -ne "$want" ]; then
            why="exit status $st, expected $want"
            [ "$st" -eq 124 ] && why="timed out after ${TIMEOUT}s"
            [ "$st" -gt 128 ] && [ "$st" -le 192 ] && why="$why (signal $((st - 128))?)"
            head -n 6 "$out.stderr" | sed 's/^/    stderr: /' | fail "$why"
            exit 0
        fi
    fi
    directive EXPECT-STDERR >"$out.patterns"
    while IFS= read -r pat; do
        if ! grep -qF -- "$pat" "$out.stderr"; then
            { echo "    want: $pat"; head -n 6 "$out.stderr" | sed 's/^/    got:  /'; } |
                fail "stderr lacks the expected text"
            exit 0
        fi
    done <"$out.patterns"
    if grep -q '^; *EXPECT-STDOUT:' "$src"; then
        directive EXPECT-STDOUT >"$out.want"
        # Ignore a missing final newline in the program's output.
        if [ -s "$out.stdout" ] && [ "$(tail -c 1 "$out.stdout" | od -An -c | tr -d ' ')" != '\n' ]; then
            echo >>"$out.stdout"
        fi
        if ! cmp -s "$out.want" "$out.stdout"; then
            diff -u "$out.want" "$out.stdout" | sed -n '3,12p' | sed 's/^/    /' |
                fail "stdout differs from its EXPECT-STDOUT lines"
            exit 0
        fi
    fi
    echo PASS >"$res"
    exit 0
fi

[ -x "$REGAL" ] || { echo "errors.sh: no compiler at $REGAL (build it, or set REGAL/B)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-errors.XXXXXX") || exit 2
export WORK
trap 'rm -rf "$WORK"' EXIT INT TERM
mkdir -p "$WORK/bin" "$WORK/res" "$WORK/out"

for f in "$DIR"/*.scm; do
    n=$(basename "$f" .scm)
    if [ $# -eq 0 ]; then echo "$n"; continue; fi
    for p in "$@"; do
        p=$(basename "$p" .scm)
        case $n in *"$p"*) echo "$n"; break ;; esac
    done
done >"$WORK/names"

while IFS= read -r n; do
    for l in $REGAL_TEST_LEVELS; do printf '%s %s\n' "$n" "$l"; done
done <"$WORK/names" | xargs -n 2 -P "$JOBS" "$SELF" --one

passed=0 failed=0
while IFS= read -r n; do
    ok=1
    for l in $REGAL_TEST_LEVELS; do
        r=$WORK/res/$n$(printf '%s' "$l" | tr -c 'A-Za-z0-9' '_')
        if [ ! -f "$r" ]; then ok=0; echo "FAIL $n ($l): no result (harness error)"
        elif [ "$(head -n 1 "$r")" != PASS ]; then ok=0; tail -n +2 "$r"; fi
    done
    if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done <"$WORK/names"
echo "errors: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
