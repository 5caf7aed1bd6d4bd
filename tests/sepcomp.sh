#!/bin/bash
# sepcomp.sh: separate compilation (issue 17 item 2; compiler/interface.c). The program
# tests/sepcomp/main.scm and its two libraries (geo vec), (geo shape) give main.out compiled
#   whole           regal -I lib main.scm; and with the libraries on the command line
#   separately      regal -c each library into a build directory (its .o and .rgi), then
#                   regal -I build main.scm vec.o shape.o; at -O2, -O0, with --check-regions,
#                   and with AddressSanitizer and UBSan; several libraries in one -c command;
#                   one library compiled, the other given as source; likewise control.scm
#                   (tail calls, closures, parameterize, call/cc through (flow control)) and
#                   reexport.scm (re-exported primitive and keyword, macros over built-ins);
#                   each example as a library unit of its own, same output as examples/*.out
# and checks: the C of the link calls the libraries' direct entries, each library's object
# defines them, every library initialised once; `make -j2` on tests/sepcomp/project (four
# libraries and a program), rebuilt after a change of the root library; the errors: an
# object file missing at link, a missing .o, a stale .rgi, a .rgi of another compiler
# version, a .rgi compiled against an older .rgi of its import, a malformed .rgi, a library
# imported as source while compiling separately.
# Each check prints PASS or FAIL; the last line is `sepcomp: N passed, M failed`.
# Environment: B (build directory, default build), REGAL (default $B/regal).
set -u
cd "$(dirname "$0")/.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}
case $REGAL in /*) ;; *) REGAL=$(pwd)/$REGAL ;; esac
SRC=$(pwd)/tests/sepcomp
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-sepcomp.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() {
    fail=$((fail + 1)); echo "FAIL $1"
    [ -s err ] && sed 's/^/    stderr: /' err | head -5
}
has() { grep -qF -- "$1" "${2:-err}"; }
same() { # same NAME EXE: EXE's output is main.out
    if "$2" >out 2>err && cmp -s out "$SRC/main.out"; then ok "$1"; else bad "$1"; diff out "$SRC/main.out" | head -5; fi
}

# ---- the program, whole and separate -----------------------------------------------------------
"$REGAL" -I "$SRC/lib" "$SRC/main.scm" -o whole 2>err && same "whole program" ./whole || bad "whole program: compile"
"$REGAL" "$SRC/main.scm" "$SRC/lib/geo/vec.sld" "$SRC/lib/geo/shape.sld" -o whole2 2>err &&
    same "whole program, libraries on the command line" ./whole2 || bad "whole, libraries on the command line: compile"
for flags in "-O2" "-O0" "--check-regions -g" "-fsanitize=address,undefined -O1 --check-regions"; do
    rm -rf b && mkdir -p b/geo
    if "$REGAL" $flags -c "$SRC/lib/geo/vec.sld" -o b/geo/vec.o 2>err &&
       "$REGAL" $flags -I b -c "$SRC/lib/geo/shape.sld" -o b/geo/shape.o 2>err &&
       "$REGAL" $flags -I b "$SRC/main.scm" b/geo/vec.o b/geo/shape.o -o sep 2>err; then
        same "separate ($flags)" ./sep
    else
        bad "separate ($flags): compile"
    fi
done
[ "$(grep -c '^init (geo vec)$' out)" = 1 ] && ok "(geo vec) initialised once, imported by the program and (geo shape)" ||
    bad "(geo vec) initialised once"

# the link's C calls the direct entries the objects define
"$REGAL" -I b -S "$SRC/main.scm" b/geo/vec.o b/geo/shape.o -o main.c 2>err
if has "regal_x_geo_20vec_V_sum6(" main.c && has "extern RtValue regal_v_geo_20vec_V_counter;" main.c &&
   nm b/geo/vec.o | grep -q " T regal_x_geo_20vec_V_vec_2b$" &&
   nm b/geo/vec.o | grep -q " T regal_g_geo_20vec_V_vec_2dsum$" &&
   nm b/geo/vec.o | grep -q " D regal_v_geo_20vec_V_counter$" &&
   nm b/geo/vec.o | grep -q " T regal_init_geo_20vec$"; then
    ok "direct entries: called by the program, defined by the library's object"
else
    bad "direct entries"
fi
# the interface's summaries: vec+ keeps nothing, so (make-vec i 0) passed to it in a loop
# lives in the loop's iteration region, not the collected heap
"$REGAL" -I b --explain-regions "$SRC/main.scm" b/geo/vec.o b/geo/shape.o >regions 2>err
has "main.scm:43:91: result of a call: iteration region of the loop 'loop'" regions &&
    ok "an argument of another unit's procedure that keeps nothing: in the caller's region" ||
    bad "the interface's argument summaries"
grep -q "regal_x_geo_20vec_V_vec_2dsum" main.c && bad "a procedure with rest arguments has no direct entry" ||
    ok "a procedure with rest arguments is called through its closure"

# several libraries in one -c command (in order), written beside their sources
rm -rf c && cp -r "$SRC/lib" c
if "$REGAL" -I c -c c/geo/vec.sld c/geo/shape.sld 2>err && [ -f c/geo/vec.o ] && [ -f c/geo/shape.rgi ] &&
   "$REGAL" -I c "$SRC/main.scm" c/geo/vec.o c/geo/shape.o -o sep2 2>err; then
    same "regal -c of two libraries in one command" ./sep2
else
    bad "regal -c of two libraries in one command"
fi
# one library compiled, the other given as source with the program
if "$REGAL" -I c "$SRC/main.scm" c/geo/shape.sld c/geo/vec.o -o mixed 2>err; then
    same "a compiled library and a library given as source" ./mixed
else
    bad "a compiled library and a library given as source: compile"
fi

# re-exports: a primitive renamed, a keyword, macros over built-in names and a private variable
"$REGAL" -c "$SRC/lib/x/re.sld" -o b/re.o 2>err && mkdir -p b/x && mv b/re.o b/re.rgi b/x/ &&
    "$REGAL" -I b "$SRC/reexport.scm" b/x/re.o -o re 2>err && ./re >out 2>&1 && cmp -s out "$SRC/reexport.out" &&
    "$REGAL" -I "$SRC/lib" "$SRC/reexport.scm" -o re_whole 2>/dev/null && ./re_whole | cmp -s - "$SRC/reexport.out" &&
    ok "re-exported primitive and keyword, macros, cond-expand (library ...): whole and separate" ||
    bad "re-exports"
has "reexport.scm:13:39: warning: wrong number of arguments to 'double-all': expected 1, got 2; the call raises an error when it runs" &&
    ok "a call of another unit's procedure with the wrong argument count: a warning" || bad "arity warning"

# control across the boundary: 3M tail calls through a library, closures, parameters, call/cc
for flags in "-O2" "-O0" "-fsanitize=address,undefined -O1 --check-regions -g"; do
    mkdir -p b/flow
    "$REGAL" $flags -c "$SRC/lib/flow/control.sld" -o b/flow/control.o 2>err &&
        "$REGAL" $flags -I b "$SRC/control.scm" b/flow/control.o -o ctl 2>err && ./ctl >out 2>err &&
        cmp -s out "$SRC/control.out" && ok "tail calls, closures, parameterize, call/cc across the boundary ($flags)" ||
        bad "control across the boundary ($flags)"
done
"$REGAL" -I "$SRC/lib" "$SRC/control.scm" -o ctl_whole 2>err && ./ctl_whole | cmp -s - "$SRC/control.out" &&
    ok "control.scm whole" || bad "control.scm whole"

# each example as a library of its own (its top level the library's body, the program one
# import): the library unit's C (shared symbols, its initialiser, its top-level region) runs it
# as the whole program does
IMPORTS="(scheme base) (scheme char) (scheme cxr) (scheme file) (scheme inexact) (scheme write)"
for f in "$(dirname "$SRC")"/../examples/*.scm; do
    n=$(basename "$f" .scm); mkdir -p ex/ex
    { echo "(define-library (ex $n) (export) (import $IMPORTS) (begin"; cat "$f"; echo "))"; } >"ex/ex/$n.sld"
    echo "(import (ex $n))" >"ex/$n.scm"
    if "$REGAL" -c "ex/ex/$n.sld" 2>err && "$REGAL" "ex/$n.scm" "ex/ex/$n.o" -o ex/prog 2>err &&
       ex/prog >out 2>&1 && cmp -s out "${f%.scm}.out"; then
        ok "examples/$n.scm as a separately compiled library"
    else
        bad "examples/$n.scm as a separately compiled library"
    fi
done

# ---- make -j2 on a project of several libraries --------------------------------------------------
rm -rf proj && cp -r "$SRC/project" proj && rm -rf proj/build
expect='(14 81 (alpha beta) (base left right top main))'
if make -s -j2 -C proj REGAL="$REGAL" B=build >err 2>&1 && [ "$(proj/build/main | head -1)" = "$expect" ]; then
    ok "make -j2: four libraries and a program"
else
    bad "make -j2"
fi
sleep 0.01; touch proj/src/proj/base.sld
if make -j2 -C proj REGAL="$REGAL" B=build >log 2>err && [ "$(grep -c -- ' -c ' log)" = 4 ] &&
   [ "$(proj/build/main | head -1)" = "$expect" ]; then
    ok "make -j2 after a change of the root library: it and its three importers recompiled"
else
    bad "make -j2 after a change"
fi

# ---- errors ------------------------------------------------------------------------------------
"$REGAL" -I b "$SRC/main.scm" b/geo/shape.o -o x 2>err
[ $? = 1 ] && has "regal: error: library (geo vec) is compiled separately ('b/geo/vec.rgi'), but its object file 'b/geo/vec.o' is not on the command line" &&
    ok "link: a library's object file missing from the command line" || bad "link: missing object"
"$REGAL" -I b "$SRC/main.scm" b/geo/vec.o b/geo/none.o -o x 2>err
[ $? = 1 ] && has "regal: cannot read 'b/geo/none.o': No such file or directory" && ok "link: an object file that does not exist" ||
    bad "link: no such object"
rm -rf s && cp -r "$SRC/lib" s && "$REGAL" -c s/geo/vec.sld 2>err && sleep 0.01 && touch s/geo/vec.sld
"$REGAL" -I s -c s/geo/shape.sld 2>err
[ $? = 1 ] && has "error: the interface file 's/geo/vec.rgi' is out of date: '$WORK/s/geo/vec.sld' changed after it was compiled (compile it again with regal -c)" &&
    [ "$(wc -l <err)" = 1 ] && ok "a stale .rgi: an error naming it and its source" || bad "stale .rgi"
"$REGAL" -c s/geo/vec.sld 2>err && sed -i 's/(regal-interface "[^"]*"/(regal-interface "0.0.1"/' s/geo/vec.rgi
"$REGAL" -I s -c s/geo/shape.sld 2>err
[ $? = 1 ] && has "error: the interface file 's/geo/vec.rgi' was written by regal 0.0.1, not by this regal" &&
    ok "a .rgi of another compiler version" || bad ".rgi of another version"
rm -rf d && cp -r "$SRC/lib" d && "$REGAL" -c d/geo/vec.sld 2>err && "$REGAL" -I d -c d/geo/shape.sld 2>err &&
    sed -i 's/(define (sum6 a b c d e f)/(define (sum6 a b c d e f . g)/' d/geo/vec.sld && "$REGAL" -c d/geo/vec.sld 2>err
"$REGAL" -I d "$SRC/main.scm" d/geo/vec.o d/geo/shape.o -o x 2>err
[ $? = 1 ] && has "error: the interface file 'd/geo/shape.rgi' was compiled against another version of (geo vec) ('d/geo/vec.rgi' changed since): compile '$WORK/d/geo/shape.sld' again with regal -c" &&
    ok "an interface compiled against an older interface of its import" || bad "interface against an older import"
echo '(regal-interface "0.1.0" 1) (library' >s/geo/vec.rgi
"$REGAL" -I s -c s/geo/shape.sld 2>err
[ $? = 1 ] && has "'s/geo/vec.rgi' is not a valid interface file" && ok "a malformed .rgi" || bad "malformed .rgi"
rm -f s/geo/vec.rgi
"$REGAL" -I s -c s/geo/shape.sld 2>err
[ $? = 1 ] && has "error: library (geo vec) is not compiled: no 'geo/vec.rgi' in s" &&
    ok "compiling separately, a library found only as source" || bad "library found only as source"
"$REGAL" -c "$SRC/main.scm" -o x.o 2>err
[ $? = 1 ] && has "regal -c compiles libraries: a library file holds define-library forms only" &&
    ok "regal -c of a program" || bad "regal -c of a program"

echo "sepcomp: $pass passed, $fail failed"
[ "$fail" = 0 ]
