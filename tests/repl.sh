#!/bin/bash
# repl.sh: the REPL (`regal repl`, eval/repl.c) driven through a pipe and through a
# pseudo-terminal (make test-repl):
#   pipe       tests/repl/*.scm as standard input: stdout and stderr against NAME.out and
#              NAME.err, and the exit status (session.scm ends with (exit 3)); chez-agree.scm
#              also against Chez Scheme's `scheme -q` when it is installed (the same stdout)
#   one-liner  echo '(+ 1 2)' | regal repl prints 3, as `scheme -q` does
#   files      regal repl FILE loads FILE first; end of input inside a datum is reported
#   terminal   under script(1): the banner, the prompt, a form over two lines, an error that
#              does not end the session, ,q leaves with status 0
# Each check prints PASS, FAIL or SKIP; the last line is `repl: N passed, M failed, K skipped`.
# Environment: B (build directory, default build), REGAL (default $B/regal).
set -u
cd "$(dirname "$0")/.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-repl.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0 skip=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1"; shift; printf '    %s\n' "$@"; fail=$((fail + 1)); }
sk() { echo "SKIP $1"; skip=$((skip + 1)); }

# ---- through a pipe ----------------------------------------------------------------------------
for input in tests/repl/*.scm; do
    name=${input%.scm}
    want_status=0
    [ "$(basename "$name")" = session ] && want_status=3
    "$REGAL" repl < "$input" > "$WORK/out" 2> "$WORK/err"
    status=$?
    if [ $status -ne $want_status ]; then
        ko "$input: exit status" "got $status, expected $want_status"
    elif ! cmp -s "$WORK/out" "$name.out"; then
        ko "$input: stdout" "$(diff "$name.out" "$WORK/out" | head -20)"
    elif ! cmp -s "$WORK/err" "$name.err"; then
        ko "$input: stderr" "$(diff "$name.err" "$WORK/err" | head -20)"
    else
        ok "$input (pipe: stdout, stderr, status $status)"
    fi
done
if command -v scheme > /dev/null; then
    scheme -q < tests/repl/chez-agree.scm > "$WORK/chez" 2> /dev/null
    if cmp -s "$WORK/chez" tests/repl/chez-agree.out; then ok "chez-agree.scm: the same stdout as scheme -q"
    else ko "chez-agree.scm: stdout differs from scheme -q" "$(diff "$WORK/chez" tests/repl/chez-agree.out | head -20)"; fi
else
    sk "chez-agree.scm against scheme -q (Chez Scheme not installed)"
fi

# ---- the one-liner of the README ---------------------------------------------------------------
got=$(echo '(+ 1 2)' | "$REGAL" repl 2>&1)
[ "$got" = 3 ] && ok "echo '(+ 1 2)' | regal repl prints 3" || ko "echo '(+ 1 2)' | regal repl" "got: $got"

# ---- files and the end of the input -------------------------------------------------------------
printf '(define from-file 41)\n(display "loaded\\n")\n' > "$WORK/f.scm"
got=$(echo '(+ from-file 1)' | "$REGAL" repl "$WORK/f.scm" 2>&1)
[ "$got" = "$(printf 'loaded\n42')" ] && ok "regal repl FILE loads FILE first" || ko "regal repl FILE" "got: $got"
got=$(printf '(+ 1 2)\n(display\n  "x"' | "$REGAL" repl 2>&1)
want=$(printf '3\nrepl:2:1: error: unterminated list: '"'"'('"'"' opened here has no '"'"')'"'"'')
[ "$got" = "$want" ] && ok "end of input inside a datum: reported where it opened" || ko "end of input inside a datum" "got: $got" "want: $want"
got=$(printf '(define (f) (g))\n(f)\n(define (g) 5)\n(f)\n' | "$REGAL" repl 2>&1)
[ "$got" = "$(printf "repl:1:14: unbound variable 'g'\n5")" ] && ok "a name defined after its use: an error until it is defined" || ko "forward reference" "got: $got"

got=$(printf '(define (f n) (+ 1 (f n)))\n(f 1)\n(+ 1 2)\n' | REGAL_STACK_MB=32 "$REGAL" repl 2>&1)
[ "$got" = "$(printf 'repl:1:1: stack overflow (recursion too deep in evaluated code)\n3')" ] \
    && ok "recursion without end in evaluated code: an error, the session goes on" || ko "stack overflow" "got: $got"

# ---- through a pseudo-terminal ------------------------------------------------------------------
if command -v script > /dev/null; then
    printf '(+ 1 2)\n(define (twice x)\n  (* 2 x))\n(car 1)\n(twice 21)\n,q\n(display "not reached")\n' \
        | timeout 20 script -qec "$REGAL repl" /dev/null > "$WORK/tty" 2>&1
    status=$?
    # the terminal's echo and readline's escapes aside, in order: banner, 3, the error, 42
    sed -e 's/\x1b\[[?0-9;]*[a-zA-Z]//g' -e 's/\r//g' "$WORK/tty" > "$WORK/tty.txt"
    if [ $status -ne 0 ]; then
        ko "terminal: exit status" "got $status" "$(cat "$WORK/tty.txt")"
    elif ! grep -q '^Regal .* REPL' "$WORK/tty.txt"; then
        ko "terminal: no banner" "$(cat "$WORK/tty.txt")"
    elif ! grep -q '^> (+ 1 2)$' "$WORK/tty.txt" || ! grep -qx '3' "$WORK/tty.txt" \
        || ! grep -q "^repl:4:1: car: expected a pair, got 1$" "$WORK/tty.txt" \
        || ! grep -qx '42' "$WORK/tty.txt" || grep -qx 'not reached' "$WORK/tty.txt"; then
        ko "terminal: the session" "$(cat "$WORK/tty.txt")"
    else
        ok "terminal (script): banner, prompt, a form over two lines, an error, ,q"
    fi
else
    sk "terminal (script(1) not installed)"
fi

echo "repl: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
