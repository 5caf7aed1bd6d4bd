#!/bin/sh
# run.sh: the end-to-end run tests (issue 4). Each tests/run/NAME.scm (and each example,
# examples/NAME.scm) is compiled by regal at each level (-O0 and -O2), run with a timeout, and
# its standard output compared exactly with NAME.out beside it. The exit status must be 0, or N when the program has a line
# `; EXPECT-STATUS: N`. Expected outputs come from Chez Scheme, checked against R7RS.
#
# Usage: tests/run.sh [PATTERN...]   only the tests whose name contains one of the PATTERNs
#                                    (a path such as tests/run/NAME.scm works too)
# Environment:
#   B                  build directory (default build)
#   REGAL              the compiler (default $B/regal)
#   REGAL_TEST_FLAGS   extra compile flags, e.g. "-fsanitize=address,undefined"
#   REGAL_TEST_LEVELS  optimisation levels to test (default "-O0 -O2")
#   JOBS               parallel jobs (default 2); TIMEOUT seconds per run (default 30)
# Prints one line (and a short diff) per failing test and level, then
# `run: N passed, M failed` counting programs; exits 1 when any failed.
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
export B REGAL REGAL_TEST_FLAGS TIMEOUT

# --one DIR/NAME LEVEL: compile and run one test at one level; writes $WORK/res/NAME.LEVEL,
# whose first line is PASS or FAIL and the rest the report.
if [ "${1:-}" = "--one" ]; then
    base=$2 level=$3
    name=$(basename "$base")
    src=$base.scm
    tag=$name$(printf '%s' "$level" | tr -c 'A-Za-z0-9' '_')
    exe=$WORK/bin/$tag
    res=$WORK/res/$tag
    fail() { { echo FAIL; echo "FAIL $name ($level${REGAL_TEST_FLAGS:+ $REGAL_TEST_FLAGS}): $1"; cat; } >"$res"; }
    # shellcheck disable=SC2086
    if ! timeout "$TIMEOUT" "$REGAL" "$src" -o "$exe" $level $REGAL_TEST_FLAGS \
            >"$WORK/out/$tag.cc" 2>&1; then
        head -n 8 "$WORK/out/$tag.cc" | sed 's/^/    /' | fail "compile failed"
        exit 0
    fi
    want=$(sed -n 's/^; *EXPECT-STATUS: *\([0-9][0-9]*\).*/\1/p' "$src" | head -n 1)
    want=${want:-0}
    timeout "$TIMEOUT" "$exe" </dev/null >"$WORK/out/$tag.stdout" 2>"$WORK/out/$tag.stderr"
    st=$?
    if [ "$st" -ne "$want" ]; then
        why="exit status $st, expected $want"
        [ "$st" -eq 124 ] && why="timed out after ${TIMEOUT}s"
        [ "$st" -gt 128 ] && [ "$st" -le 192 ] && why="$why (signal $((st - 128))?)"
        head -n 6 "$WORK/out/$tag.stderr" | sed 's/^/    stderr: /' | fail "$why"
        exit 0
    fi
    if [ ! -f "$base.out" ]; then
        echo "    (create it from a reference Scheme)" | fail "missing $base.out"
        exit 0
    fi
    if ! cmp -s "$base.out" "$WORK/out/$tag.stdout"; then
        diff -u "$base.out" "$WORK/out/$tag.stdout" | sed -n '3,14p' | sed 's/^/    /' |
            fail "stdout differs from $name.out"
        exit 0
    fi
    echo PASS >"$res"
    rm -f "$exe"
    exit 0
fi

[ -x "$REGAL" ] || { echo "run.sh: no compiler at $REGAL (build it, or set REGAL/B)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-run.XXXXXX") || exit 2
export WORK
trap 'rm -rf "$WORK"' EXIT INT TERM
mkdir -p "$WORK/bin" "$WORK/res" "$WORK/out"

# The selected tests, one DIR/NAME a line.
for f in tests/run/*.scm examples/*.scm; do
    n=$(basename "$f" .scm)
    if [ $# -eq 0 ]; then echo "${f%.scm}"; continue; fi
    for p in "$@"; do
        p=$(basename "$p" .scm)
        case $n in *"$p"*) echo "${f%.scm}"; break ;; esac
    done
done >"$WORK/names"

while IFS= read -r n; do
    for l in $REGAL_TEST_LEVELS; do printf '%s %s\n' "$n" "$l"; done
done <"$WORK/names" | xargs -n 2 -P "$JOBS" "$SELF" --one

passed=0 failed=0
while IFS= read -r n; do
    ok=1
    for l in $REGAL_TEST_LEVELS; do
        r=$WORK/res/$(basename "$n")$(printf '%s' "$l" | tr -c 'A-Za-z0-9' '_')
        if [ ! -f "$r" ]; then ok=0; echo "FAIL $n ($l): no result (harness error)"
        elif [ "$(head -n 1 "$r")" != PASS ]; then ok=0; tail -n +2 "$r"; fi
    done
    if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done <"$WORK/names"
echo "run: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
