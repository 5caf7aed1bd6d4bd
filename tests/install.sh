#!/bin/bash
# install.sh: `make install` into a staging directory (DESTDIR), then the staged compiler, moved
# elsewhere, compiles and runs programs from a directory outside the build tree, with no
# REGAL_HOME, while the build tree is out of reach: hidden under an empty tmpfs in a private
# mount namespace (unshare -rm) when the system allows it. That the installed binary names no
# path of the build tree is checked too, so the test proves the relative search
# (compiler/driver.c, "where the runtime is"), not a fallback. Then: REGAL_HOME overrides the
# search; an installed library (share/regal/lib) is found; --help and the man page name every
# option main.c parses and every environment variable the compiler and the runtime read.
# Environment: B (build directory, default build).
set -u
cd "$(dirname "$0")/.." || exit 2
ROOT=$(pwd)
B=${B:-build}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-install.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -s "$WORK/err" ] && sed 's/^/    stderr: /' "$WORK/err" | head -8; }
skipped() { skip=$((skip + 1)); echo "SKIP $1"; }
case $WORK in "$ROOT"/*) echo "install.sh: TMPDIR is inside the build tree"; exit 2 ;; esac

if make -s B="$B" install DESTDIR="$WORK/stage" PREFIX=/usr/local >"$WORK/err" 2>&1; then
    ok "make install DESTDIR=... PREFIX=/usr/local"
else bad "make install"; if make -s B="$B" install DESTDIR="$WORK/stage2" PREFIX=/opt/regal >/dev/null 2>"$WORK/err" &&
   make -s B="$B" uninstall DESTDIR="$WORK/stage2" PREFIX=/opt/regal >/dev/null 2>>"$WORK/err" &&
   [ -z "$(find "$WORK/stage2" -type f)" ]; then ok "make uninstall removes what make install put"
else bad "make uninstall left: $(find "$WORK/stage2" -type f | head -3)"; fi

echo "install: $pass passed, $fail failed, $skip skipped"; exit 1; fi
S=$WORK/stage/usr/local
missing=
for f in bin/regal lib/regal/libregal.a lib/regal/libregal-san.a include/regal/regal.h \
         include/regal/prims.def share/regal/lib share/man/man1/regal.1; do
    [ -e "$S/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ] && [ -x "$S/bin/regal" ]; then ok "installed: regal, the runtime libraries, headers, lib/, regal.1"
else bad "missing from the staged install:$missing"; fi
if ! grep -qaF "$ROOT" "$S/bin/regal"; then ok "the installed regal holds no path of the build tree ($ROOT)"
else bad "the installed regal names the build tree"; fi

# a moved install: the staged prefix taken elsewhere, an installed library added
mv "$S" "$WORK/moved"
P=$WORK/moved
mkdir -p "$P/share/regal/lib/inst" "$WORK/elsewhere"
cat >"$P/share/regal/lib/inst/greet.sld" <<'SCM'
(define-library (inst greet) (export greet) (import (scheme base) (scheme write))
  (begin (define (greet who) (display "hello, ") (display who) (newline))))
SCM
cat >"$WORK/elsewhere/prog.scm" <<'SCM'
(import (scheme base) (scheme write) (scheme process-context) (inst greet) (regal ffi))
(define c-pow (foreign-procedure "pow" (double double) double))
(greet "installed world")
(display (c-pow 2.0 10.0)) (newline)
(display (cdr (command-line))) (newline)
(display (call-with-current-continuation (lambda (k) (+ 1 (k 41))))) (newline)
SCM
printf 'hello, installed world\n1024.0\n(a b)\n41\n' >"$WORK/want"
# run CMD... in $WORK/elsewhere with no REGAL_HOME and a PATH without the build tree
in_elsewhere() { (cd "$WORK/elsewhere" && env -u REGAL_HOME PATH=/usr/bin:/bin "$@"); }

in_elsewhere "$P/bin/regal" --print-paths >"$WORK/paths" 2>"$WORK/err"
if grep -qx "include $P/include/regal" "$WORK/paths" && grep -qx "lib $P/lib/regal" "$WORK/paths" &&
   grep -qx "libraries $P/share/regal/lib" "$WORK/paths" && grep -qx "found beside the executable" "$WORK/paths"; then
    ok "the moved install finds its runtime beside its executable"
else bad "--print-paths of the moved install: $(tr '\n' ' ' <"$WORK/paths")"; fi

# the build tree out of reach: an empty tmpfs over it, in a private mount namespace
hidden() { unshare -rm sh -c 'mount -t tmpfs none "$0" && [ -z "$(ls -A "$0")" ] && shift && exec "$@"' "$ROOT" "$@"; }
if hidden true 2>/dev/null && ! hidden "$ROOT/$B/regal" --version >/dev/null 2>&1; then
    how="with the build tree hidden (unshare, tmpfs over $ROOT: its regal cannot run there)"
    run_hidden() { in_elsewhere unshare -rm sh -c 'mount -t tmpfs none "$0" && exec "$@"' "$ROOT" "$@"; }
else
    skipped "hiding the build tree (unshare -rm not allowed here): the checks below run with it in place"
    how="from another directory"
    run_hidden() { in_elsewhere "$@"; }
fi
if run_hidden "$P/bin/regal" prog.scm -o prog 2>"$WORK/err" && run_hidden ./prog a b >"$WORK/out" 2>>"$WORK/err" &&
   cmp -s "$WORK/out" "$WORK/want"; then
    ok "the moved install compiles and runs a program (libraries, C, call/cc) $how"
else bad "compile and run with the moved install $how"; diff "$WORK/want" "$WORK/out" | head -5; fi
if run_hidden env REGAL_VERBOSE=1 "$P/bin/regal" --run prog.scm a b >"$WORK/out" 2>"$WORK/err" &&
   cmp -s "$WORK/out" "$WORK/want" && ! grep -qF "$ROOT" "$WORK/err" && grep -qF "$P/lib/regal/libregal.a" "$WORK/err"; then
    ok "--run with the moved install $how; the C compiler is given only the install's paths"
else bad "--run with the moved install"; fi
if printf '(display "from stdin")' | run_hidden "$P/bin/regal" -fsanitize=address -O1 --run - >"$WORK/out" 2>"$WORK/err" &&
   [ "$(cat "$WORK/out")" = "from stdin" ]; then
    ok "the installed sanitizer runtime links (-fsanitize=address)"
else bad "-fsanitize=address with the moved install"; fi
printf '(define (sq x) (* x x))\n(sq 12)\n' >"$WORK/elsewhere/prog-eval.scm"
printf '(import (scheme base) (scheme write) (scheme eval))\n(display (eval (list (quote +) 1 2) (environment (quote (scheme base)))))\n' \
    >"$WORK/elsewhere/prog-eval2.scm"
if [ "$(echo '(+ 1 2)' | run_hidden "$P/bin/regal" repl 2>"$WORK/err")" = 3 ] &&
   [ "$(echo '(sq 3)' | run_hidden "$P/bin/regal" repl prog-eval.scm 2>>"$WORK/err" | tail -1)" = 9 ] &&
   run_hidden "$P/bin/regal" prog-eval2.scm -o prog-eval2 2>>"$WORK/err" &&
   [ "$(run_hidden ./prog-eval2 2>>"$WORK/err")" = 3 ]; then
    ok "the moved install's REPL (regal repl) and eval in a compiled program $how"
else bad "regal repl or eval with the moved install"; fi

# REGAL_HOME overrides the search: the build tree's layout, or an installation prefix
(cd "$WORK/elsewhere" && REGAL_HOME=$ROOT "$P/bin/regal" --print-paths) >"$WORK/paths" 2>"$WORK/err"
(cd "$WORK/elsewhere" && REGAL_HOME=$P "$ROOT/$B/regal" --print-paths) >"$WORK/paths2" 2>>"$WORK/err"
if grep -qx "include $ROOT/runtime" "$WORK/paths" && grep -qx "found \$REGAL_HOME" "$WORK/paths" &&
   grep -qx "include $P/include/regal" "$WORK/paths2" && grep -qx "found \$REGAL_HOME" "$WORK/paths2"; then
    ok "REGAL_HOME overrides the search (a build tree or an installation prefix)"
else bad "REGAL_HOME: $(tr '\n' ' ' <"$WORK/paths") / $(tr '\n' ' ' <"$WORK/paths2")"; fi
(cd "$WORK/elsewhere" && REGAL_HOME=/nonexistent "$P/bin/regal" --print-paths) >"$WORK/paths" 2>"$WORK/err"
if grep -qx "found beside the executable" "$WORK/paths"; then ok "a REGAL_HOME without a runtime is passed over"
else bad "REGAL_HOME=/nonexistent: $(tr '\n' ' ' <"$WORK/paths")"; fi

# --help and regal.1 document every option main.c parses and every environment variable read
"$ROOT/$B/regal" --help >"$WORK/help"
man=$(MANWIDTH=200 man -l "$ROOT/doc/regal.1" 2>/dev/null || cat "$ROOT/doc/regal.1")
opts=$(grep -oE '(strn?cmp\(a, |a\[1\] == )"?-[-A-Za-z0-9=]*' "$ROOT/compiler/main.c" | grep -oE '"-[-A-Za-z0-9=]*' | tr -d '"' | sort -u)
vars=$(grep -ohE 'getenv\("[A-Z_]+"\)' "$ROOT"/compiler/*.c "$ROOT"/runtime/*.c | grep -oE '[A-Z_]{3,}' | sort -u)
undoc=
for o in $opts $vars; do
    case $o in
        -f|-m|-W) words="$o..." ;;
        --*=?*) words="${o%%=*}= ${o#*=}" ;;   # --dump=infer: "--dump=" and "infer"
        *) words=$o ;;
    esac
    for w in $words; do
        grep -qF -- "$w" "$WORK/help" || undoc="$undoc $w(--help)"
        printf '%s\n' "$man" | grep -qF -- "$w" || undoc="$undoc $w(regal.1)"
    done
done
if [ -z "$undoc" ] && [ -n "$opts" ] && [ -n "$vars" ]; then
    ok "--help and regal.1 name every option ($(echo $opts | wc -w)) and environment variable ($(echo $vars | wc -w))"
else bad "undocumented:$undoc"; fi
if command -v groff >/dev/null; then
    if [ -z "$(groff -man -ww -z "$ROOT/doc/regal.1" 2>&1)" ]; then ok "regal.1 formats without warnings"
    else bad "groff warnings on regal.1"; fi
fi

if make -s B="$B" install DESTDIR="$WORK/stage2" PREFIX=/opt/regal >/dev/null 2>"$WORK/err" &&
   make -s B="$B" uninstall DESTDIR="$WORK/stage2" PREFIX=/opt/regal >/dev/null 2>>"$WORK/err" &&
   [ -z "$(find "$WORK/stage2" -type f)" ]; then ok "make uninstall removes what make install put"
else bad "make uninstall left: $(find "$WORK/stage2" -type f | head -3)"; fi

echo "install: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
