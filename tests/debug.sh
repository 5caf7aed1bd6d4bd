#!/bin/bash
# debug.sh: what needs a debugger or the shell (issue 17 item 5):
#   gdb       a program compiled with -g stops at a breakpoint on a Scheme line (break
#             FILE.scm:N), and gdb's backtrace puts every frame at its Scheme line: each C
#             line of the generated code has its own #line (skipped without gdb)
#   backtrace REGAL_BACKTRACE=N prints at most N lines and "..." (0: none); a stripped
#             executable says it has no symbol table; the status stays 70
# Each check prints PASS, FAIL or SKIP; the last line is `debug: N passed, M failed, K skipped`.
# Environment: B (build directory, default build), REGAL (default $B/regal).
set -u
cd "$(dirname "$0")/.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}
case $REGAL in /*) ;; *) REGAL=$(pwd)/$REGAL ;; esac
SRC=$(pwd)/tests/debug/frames.scm
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-debug.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 2
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -20; }
has() { grep -qF -- "$2" "$1"; }   # has FILE TEXT: a line of FILE contains TEXT

# -- gdb: the breakpoint and the line of every frame, at -O0 (at -O2 clang moves code across
#    lines and inlines; the line table is still right for what is left)
if ! command -v gdb >/dev/null; then
    skip=$((skip + 1)); echo "SKIP gdb: no gdb on PATH"
else
    "$REGAL" -g -O0 -Wall -Wextra -Werror "$SRC" -o frames 2>err || bad "gdb: compile -g" err
    gdb -batch -nx -ex 'break frames.scm:5' -ex run -ex bt ./frames >gdb.out 2>&1
    if has gdb.out "Breakpoint 1, scm_lambda0_inner_direct" && has gdb.out "frames.scm:5" &&
       grep -q '^#0 .*inner_direct .* at .*frames\.scm:5$' gdb.out &&
       grep -q '^#1 .*middle_direct .* at .*frames\.scm:8$' gdb.out &&
       grep -q '^#2 .*outer_direct .* at .*frames\.scm:11$' gdb.out &&
       grep -q '^#3 .*regal_top0 .* at .*frames\.scm:12$' gdb.out &&
       grep -q '^#4 .*regal_program .* at .*prog\.c:[0-9]*$' gdb.out; then
        ok "gdb: break frames.scm:5, frames at lines 5, 8, 11, 12, then the C of main"
    else
        bad "gdb: break frames.scm:5 and its backtrace" gdb.out
    fi
    # a line in a let's body: the multiplication, and its cold stub (two locations)
    gdb -batch -nx -ex 'break frames.scm:9' -ex run -ex 'info line *$pc' ./frames >gdb2.out 2>&1
    if grep -q 'hit Breakpoint 1[.0-9]*, scm_lambda1_middle_direct' gdb2.out && has gdb2.out 'Line 9 of "'; then
        ok "gdb: break frames.scm:9 stops in middle at line 9"
    else
        bad "gdb: break frames.scm:9" gdb2.out
    fi
fi

# -- the backtrace of the error at the end of frames.scm: (car (outer 1)) at top level
"$REGAL" -O0 "$SRC" -o bt 2>err || bad "backtrace: compile" err
./bt >out 2>err; st=$?
if [ $st = 70 ] && has err "frames.scm:14:1: car: expected a pair, got 10" &&
   has err "  #0 <top level> $SRC" && ! has err "#1"; then
    ok "backtrace: status 70, the message, one frame"
else
    bad "backtrace: status $st" err
fi
cat >deep.scm <<'EOS'
(define (down n) (if (= n 0) (car n) (+ 1 (down (- n 1)))))
(define (a x) (list (down x)))
(define (b x) (list (a x)))
(define (c x) (list (b x)))
(display (c 3))
EOS
"$REGAL" -O0 deep.scm -o deep 2>err || bad "backtrace: compile deep.scm" err
REGAL_BACKTRACE=2 ./deep >out 2>err; st=$?
if [ $st = 70 ] && has err "#0 down deep.scm:1:1 (4 frames)" && has err "#1 a deep.scm:2:1" &&
   has err "  ..." && ! has err "#2"; then
    ok "backtrace: REGAL_BACKTRACE=2 prints two lines, then ..."
else
    bad "backtrace: REGAL_BACKTRACE=2 (status $st)" err
fi
REGAL_BACKTRACE=0 ./deep >out 2>err; st=$?
if [ $st = 70 ] && has err "deep.scm:1:30: car: expected a pair, got 0" && ! has err "backtrace"; then
    ok "backtrace: REGAL_BACKTRACE=0 prints none"
else
    bad "backtrace: REGAL_BACKTRACE=0 (status $st)" err
fi
./deep >out 2>err; st=$?
if [ $st = 70 ] && has err "#3 c deep.scm:4:1" && has err "#4 <top level> deep.scm" && ! has err "..."; then
    ok "backtrace: every frame by default"
else
    bad "backtrace: default (status $st)" err
fi
if command -v strip >/dev/null; then
    strip -o stripped deep && ./stripped >out 2>err; st=$?
    if [ $st = 70 ] && has err "no backtrace: the executable has no symbol table (stripped)"; then
        ok "backtrace: a stripped executable says so"
    else
        bad "backtrace: stripped (status $st)" err
    fi
else
    skip=$((skip + 1)); echo "SKIP backtrace: no strip"
fi

echo "debug: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
