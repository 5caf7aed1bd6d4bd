#!/bin/bash
# ffi.sh: foreign procedures with a user's C code (tests/ffi/): tests/ffi/main.scm calls
# vec.c given as a .c file, as a .o, and as a static library found with -L and -l, and libm
# through a library importing (regal ffi); its output must be tests/ffi/main.out, then its last
# call (a number where C wants a string) must stop it with status 70 and the message. Also
# --run with the C file before the source, and a missing C function (the link fails).
# Environment: B (build directory, default build), REGAL (default $B/regal).
set -u
cd "$(dirname "$0")/.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}
case $REGAL in /*) ;; *) REGAL=$(pwd)/$REGAL ;; esac
SRC=$(pwd)/tests/ffi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-ffi.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -s err ] && sed 's/^/    stderr: /' err | head -5; }
WANT_ERR="main.scm:5:15: shout: expected a string or #f (string) as argument 1, got 42"
# check NAME EXE: the output and the final error of a linked program
check() {
    "$2" >out 2>err; st=$?
    if [ $st -eq 70 ] && cmp -s out "$SRC/main.out" && grep -qF "$WANT_ERR" err; then ok "$1"
    else bad "$1 (status $st)"; diff "$SRC/main.out" out | head -5; fi
}
FLAGS="-O1 -Wall -Wextra -Werror -I $SRC/lib"

cp "$SRC/main.scm" "$SRC/vec.c" .
if "$REGAL" $FLAGS vec.c main.scm -o with-c 2>err; then check "a user's .c file compiled and linked with the program" ./with-c
else bad "compile with vec.c"; fi

# the object file and the library are built by the user's own C compiler with regal.h's
# directory, which regal --print-include-dir names
RINC=$("$REGAL" --print-include-dir)
if clang -O1 -c -I "$RINC" vec.c -o vec.o 2>err && "$REGAL" $FLAGS main.scm vec.o -o with-o 2>err; then
    check "a .o file" ./with-o
else bad "compile with vec.o"; fi
mkdir -p libdir && rm -f libdir/libvec.a && ar rcs libdir/libvec.a vec.o
if "$REGAL" $FLAGS main.scm -L libdir -lvec -lm -o with-l 2>err; then check "-L DIR -l LIB (a static library)" ./with-l
else bad "compile with -L libdir -lvec"; fi

"$REGAL" $FLAGS --run vec.c main.scm >out 2>err; st=$?
if [ $st -eq 70 ] && cmp -s out "$SRC/main.out" && ! grep -q "regal:" err; then ok "--run with the C file before the source"
else bad "--run vec.c main.scm (status $st)"; fi

printf '(define f (foreign-procedure "regal_no_such_function" () int))\n(display (f))\n' >missing.scm
"$REGAL" -O0 missing.scm -o missing 2>err; st=$?
if [ $st -eq 1 ] && grep -q "regal_no_such_function" err; then ok "a C function nobody defines: the link fails, naming it"
else bad "missing C function (status $st)"; fi

echo "ffi: $pass passed, $fail failed"
[ $fail -eq 0 ]
