#!/bin/bash
# io.sh: write errors, signals and the driver's hygiene (issue 21, defects 4-6), the cases that
# need shell set-up: /dev/full, a closed stdout (>&-), SIGPIPE ignored, a full or size-limited
# temporary file system, signals sent to regal while it compiles or runs a program.
#   compiled programs  every write checked: an error at the write (a file error `guard` can
#                      catch) or at exit ("error: cannot write to standard output: ..."),
#                      status 70; EPIPE with SIGPIPE ignored ends the program; the exit flush
#                      reached from region.c (out of memory) and gc.c (REGAL_STATS) by its hook
#   the compiler       -S -o -, -S -o FILE, --types, --explain-regions, --help, --version on a
#                      full device or a closed stdout: status 1 and a message; a temporary C
#                      file that cannot be written: a message, never a truncated C for clang
#   the driver         -o naming an input (by device and inode), a directory or a missing
#                      file as input, $TMPDIR, SIGINT/SIGTERM/SIGHUP while the C compiler or
#                      the program under --run runs (no regal-* left, status 128+N), the C
#                      kept after a C compiler failure, --run's arguments after `--`
#   the command line   `regal -` (the program from stdin), -D NAME (cond-expand, (features))
# Each check prints PASS, FAIL or SKIP; the last line is `io: N passed, M failed, K skipped`.
# Environment: B (build directory, default build), REGAL (default $B/regal).
set -u
set -m # background jobs in their own process group, SIGINT not ignored (signal tests)
cd "$(dirname "$0")/.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}
case $REGAL in /*) ;; *) REGAL=$(pwd)/$REGAL ;; esac
WORK=$(mktemp -d "${TMPDIR:-/tmp}/regal-io.XXXXXX") || exit 2
# (in this shell only: a child signalled before its exec must not remove it)
trap '[ "$BASHPID" = $$ ] && { exec 3>&- 2>/dev/null; rm -rf "$WORK"; }' EXIT
export TMPDIR=$WORK/tmp # regal's temporary directories: checked to be gone after each test
mkdir -p "$TMPDIR"
cd "$WORK" || exit 2
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() {
    fail=$((fail + 1)); echo "FAIL $1"
    [ -s err ] && sed 's/^/    stderr: /' err | head -5
}
skipped() { skip=$((skip + 1)); echo "SKIP $1"; }
no_tmp_left() { [ -z "$(ls "$TMPDIR")" ]; }
has() { grep -qF -- "$1" "${2:-err}"; }
compile() { # compile NAME: NAME.scm -> NAME at -O0
    "$REGAL" -O0 "$1.scm" -o "$1" 2>err || { bad "compile $1"; return 1; }
}

# ---- compiled programs: write errors (R7RS 6.13) ---------------------------------------------
cat >hello.scm <<'SCM'
(display "hello") (newline)
SCM
cat >big.scm <<'SCM'
(let loop ((i 0))
  (when (< i 100000) (display "a line of text") (newline) (loop (+ i 1))))
SCM
cat >forever.scm <<'SCM'
(let loop () (write-string "y\n") (loop))
SCM
cat >guarded.scm <<'SCM'
(define r
  (guard (e ((file-error? e) (list 'caught (error-object-message e))))
    (let loop () (write-string "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx") (loop))))
(write r (current-error-port))
(newline (current-error-port))
SCM
cat >files.scm <<'SCM'
(define (try thunk)
  (display (guard (e ((file-error? e) (error-object-message e))) (thunk) 'no-error))
  (newline))
(define p (open-output-file "/dev/full"))
(write-string "abc" p)
(try (lambda () (flush-output-port p)))
(write-char #\x p)
(try (lambda () (close-port p)))
(display (output-port-open? p)) (newline)
(try (lambda () (call-with-output-file "/dev/full" (lambda (q) (write 'sym q)))))
(try (lambda () (with-output-to-file "/dev/full" (lambda () (display "hi")))))
(try (lambda () (call-with-output-file "ok.txt" (lambda (q) (write 'fine q)))))
(define lost (open-output-file "/dev/full"))
(write-string "lost at exit" lost)
SCM
cat >exit0.scm <<'SCM'
(display "hello") (newline)
(exit 0)
SCM
cat >emergency.scm <<'SCM'
(display "hello") (newline)
(emergency-exit 0)
SCM
cat >carerr.scm <<'SCM'
(display "hello") (newline)
(car 5)
SCM
cat >opens.scm <<'SCM'
(define p (open-output-file "f.txt"))
(display "to stdout")
(write-string "to file" p)
(close-port p)
SCM
cat >handler.scm <<'SCM'
(with-exception-handler
  (lambda (e) (display "again"))
  (lambda () (let loop () (display "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz") (loop))))
SCM
cat >oom.scm <<'SCM'
(define (grow l) (grow (cons (make-vector 1000 0) l)))
(display "growing") (newline)
(grow '())
SCM
for p in hello big forever guarded files exit0 emergency carerr opens handler oom; do
    compile $p || continue
done

./hello >/dev/full 2>err; st=$?
if [ $st -eq 70 ] && has "error: cannot write to standard output: No space left on device"; then
    ok "stdout on /dev/full: lost at exit, reported, status 70"
else bad "stdout on /dev/full (status $st)"; fi

./hello >&- 2>err; st=$?
if [ $st -eq 70 ] && has "error: cannot write to standard output: Bad file descriptor"; then
    ok "stdout closed (>&-): reported, status 70"
else bad "stdout closed (status $st)"; fi

./big >/dev/full 2>err; st=$?
if [ $st -eq 70 ] &&
   grep -qE "^big.scm:2:[0-9]+: (display|newline): cannot write to standard output: No space left on device$" err; then
    ok "a write that fails is an error at the write, with its location"
else bad "error at the write (status $st)"; fi

./guarded >/dev/full 2>err; st=$?
if [ $st -eq 0 ] && has '(caught "write-string: cannot write to standard output: No space left on device")'; then
    ok "a write error is a file error guard catches"
else bad "guard catches the write error (status $st)"; fi

./files >out 2>err; st=$?
cat >want <<'OUT'
flush-output-port: cannot write to "/dev/full": No space left on device
close-port: cannot write to "/dev/full": No space left on device
#f
call-with-output-file: cannot write to "/dev/full": No space left on device
with-output-to-file: cannot write to "/dev/full": No space left on device
no-error
OUT
if [ $st -eq 70 ] && cmp -s out want && [ "$(cat ok.txt)" = fine ] &&
   has 'error: cannot write to "/dev/full": No space left on device'; then
    ok "file ports: flush-output-port, close-port, call-with-output-file, with-output-to-file, exit"
else bad "file ports (status $st)"; diff want out | head -5; fi

./exit0 >/dev/full 2>err; st=$?
./emergency >/dev/full 2>err2; st2=$?
if [ $st -eq 70 ] && has "cannot write to standard output" && [ $st2 -eq 70 ] &&
   has "cannot write to standard output" err2; then
    ok "(exit 0) and (emergency-exit 0) with output lost: status 70"
else bad "exit with output lost (status $st, $st2)"; fi

./carerr >/dev/full 2>err; st=$?
if [ $st -eq 70 ] && has "error: cannot write to standard output: No space left on device" &&
   has "carerr.scm:2:1: car: expected a pair, got 5"; then
    ok "an error exit reports the output it lost, then the error"
else bad "error exit with output lost (status $st)"; fi

./big >/dev/full 2>/dev/full; st=$?
./handler >/dev/full 2>err; st2=$?
if [ $st -eq 70 ] && [ $st2 -eq 70 ] && has "handler returned from non-continuable raise"; then
    ok "stderr failing too, a handler writing again: status 70, no loop"
else bad "errors while reporting (status $st, $st2)"; fi

./opens >&- 2>err; st=$?
if [ $st -eq 70 ] && [ "$(cat f.txt)" = "to file" ] && has "Bad file descriptor"; then
    ok "stdout closed: a file the program opens does not become its stdout"
else bad "closed stdout and a file opened (status $st, f.txt: $(cat f.txt))"; fi

timeout 10 sh -c 'trap "" PIPE; exec ./forever 2>err; ' | head -1 >out
st=${PIPESTATUS[0]}
if [ $st -eq 70 ] && [ "$(cat out)" = y ] && has "write-string: cannot write to standard output: Broken pipe"; then
    ok "EPIPE with SIGPIPE ignored: a message and status 70, no endless loop"
else bad "EPIPE with SIGPIPE ignored (status $st)"; fi

timeout 10 ./forever 2>err | head -1 >out
st=${PIPESTATUS[0]}
if [ $st -eq 141 ]; then ok "EPIPE with SIGPIPE at its default: killed by SIGPIPE"
else bad "SIGPIPE at its default (status $st)"; fi

# the exit flush from the lower layers, through the hook port.c registers at start-up
(ulimit -v 1000000; timeout 60 ./oom >/dev/full 2>err); st=$?
if [ $st -eq 71 ] && has "error: cannot write to standard output" && grep -qx "out of memory" err &&
   [ "$(grep -n . err | head -1 | cut -d: -f3-)" = " cannot write to standard output: No space left on device" ]; then
    ok "out of memory (region.c) flushes the ports through the exit hook first"
else bad "out of memory with stdout on /dev/full (status $st)"; fi

REGAL_STATS=1 ./hello >/dev/full 2>err; st=$?
if [ $st -eq 70 ] && has "regal stats:" && has "cannot write to standard output" &&
   [ "$(grep -c "cannot write" err)" = 1 ]; then
    ok "REGAL_STATS (gc.c) flushes through the hook; the output lost there still fails the exit"
else bad "REGAL_STATS with stdout on /dev/full (status $st)"; fi

# ---- standard input and output through the ports' buffers (runtime/port.c) --------------------
cat >echoin.scm <<'SCM'
(let loop ()
  (let ((c (read-char)))
    (unless (eof-object? c) (write (char->integer c)) (display " ") (loop))))
(write (list (eof-object? (peek-char)) (eof-object? (read-char)))) (newline)
SCM
cat >ready.scm <<'SCM'
(write (char-ready?)) (write (read-char)) (write (char-ready?)) (write (read-line)) (newline)
SCM
cat >prompt.scm <<'SCM'
(display "name? ")
(let ((l (read-line))) (display (string-append "hi " l)) (newline))
SCM
cat >readdir.scm <<'SCM'
(display (guard (e ((file-error? e) (error-object-message e))) (read-char (open-input-file "."))))
(newline)
SCM
for p in echoin ready prompt readdir; do compile $p; done

{ printf 'a\316'; sleep 0.3; printf '\273 b\n'; sleep 0.3; printf 'z\342\202'; } | ./echoin >out 2>err; st=$?
if [ $st -eq 0 ] && [ "$(cat out)" = "97 955 32 98 10 122 65533 (#t #t)" ]; then
    ok "standard input from a pipe in pieces: a character cut between two reads, one cut by the end, peek-char at the end"
else bad "standard input in pieces (status $st): $(cat out)"; fi

{ sleep 0.5; printf 'x\nrest\n'; } | ./ready >out 2>err; st=$?
if [ $st -eq 0 ] && [ "$(cat out)" = '#f#\x#t""' ]; then
    ok "char-ready? on a pipe: false while it is empty, true with a character buffered"
else bad "char-ready? (status $st): $(cat out)"; fi

./readdir >out 2>err; st=$?
if [ $st -eq 0 ] && [ "$(cat out)" = 'read-char: cannot read from ".": Is a directory' ]; then
    ok "a read that fails is a file error naming the port"
else bad "a read that fails (status $st): $(cat out)"; fi

if command -v script > /dev/null; then
    { sleep 0.5; printf 'bob\n'; sleep 0.5; } | timeout 20 script -qec ./prompt /dev/null >out 2>&1
    if tr -d '\r' <out | head -1 | grep -qx "name? bob"; then
        ok "standard output on a terminal: the prompt shows before standard input is read"
    else bad "prompt on a terminal: $(tr -d '\r' <out | head -2)"; fi
else skipped "prompt on a terminal (no script)"; fi

# ---- the compiler's own outputs ---------------------------------------------------------------
n=0 nbad=0
for args in "-S -o - hello.scm" "--types hello.scm" "--explain-regions hello.scm" "--help" "--version"; do
    for where in full closed; do
        n=$((n + 1))
        # shellcheck disable=SC2086
        if [ $where = full ]; then "$REGAL" $args >/dev/full 2>err; else "$REGAL" $args >&- 2>err; fi
        st=$?
        if [ $st -ne 1 ] || ! has "regal: cannot write to standard output:"; then
            nbad=$((nbad + 1)); echo "    regal $args, stdout $where: status $st"
        fi
    done
done
if [ $nbad -eq 0 ]; then ok "regal's output to a full or closed stdout: status 1 and a message ($n cases)"
else bad "regal's output to a full or closed stdout: $nbad of $n"; fi

"$REGAL" -S -o /dev/full hello.scm 2>err; st=$?
if [ $st -eq 1 ] && has "regal: cannot write '/dev/full': No space left on device" && [ -c /dev/full ]; then
    ok "-S -o /dev/full: status 1 and a message (the device left alone)"
else bad "-S -o /dev/full (status $st)"; fi

# a temporary C file that cannot be written: a 20 KB string literal makes the C 20 KB long
python3 -c "print('(display \"' + 'x' * 20000 + '\")')" >long.scm
(ulimit -f 8; trap '' XFSZ; exec "$REGAL" long.scm -o long 2>err); st=$?
if [ $st -eq 1 ] && has "regal: cannot write the generated C to a temporary file in '$TMPDIR': File too large" &&
   no_tmp_left && [ ! -e long ]; then
    ok "a temporary C file that cannot be written (ulimit -f): a message, nothing left"
else bad "temporary C under ulimit -f (status $st)"; fi

if unshare -rm true 2>/dev/null; then
    mkdir -p small
    unshare -rm sh -c 'mount -t tmpfs -o size=16k tmpfs small && TMPDIR=$PWD/small exec "$0" long.scm -o long' \
        "$REGAL" 2>err
    st=$?
    if [ $st -eq 1 ] && has "regal: cannot write the generated C to a temporary file in '$WORK/small': No space left on device" &&
       [ ! -e long ]; then
        ok "a full temporary file system (16 KiB tmpfs): No space left on device, no clang run"
    else bad "full temporary file system (status $st)"; fi
else
    skipped "full temporary file system (unshare -rm not permitted here)"
fi

# ---- the driver ---------------------------------------------------------------------------------
cp hello.scm x.scm
cp x.scm x.orig
ln x.scm y.scm
"$REGAL" x.scm -o x.scm 2>err; st=$?
"$REGAL" -S x.scm -o ./y.scm 2>err2; st2=$?
if [ $st -eq 1 ] && has "regal: error: output file 'x.scm' is the input file" && [ $st2 -eq 1 ] &&
   has "regal: error: output file './y.scm' is the input file" err2 && cmp -s x.scm x.orig; then
    ok "-o naming the input (same name, or a hard link): an error, the source intact"
else bad "-o naming the input (status $st, $st2)"; fi

printf '(include "inc.scm")\n' >main.scm
printf '(display 1)\n' >inc.scm
"$REGAL" main.scm -o inc.scm 2>err; st=$?
if [ $st -eq 1 ] && has "regal: error: output file 'inc.scm' is the included file 'inc.scm'" &&
   [ "$(cat inc.scm)" = "(display 1)" ]; then
    ok "-o naming an included file: an error"
else bad "-o naming an included file (status $st)"; fi

mkdir -p adir
"$REGAL" hello.scm -o nodir/hello 2>err; st=$?
"$REGAL" hello.scm -o adir 2>err2; st2=$?
if [ $st -eq 1 ] && has "regal: cannot write 'nodir/hello': No such file or directory" &&
   [ $st2 -eq 1 ] && has "regal: cannot write 'adir': Is a directory" err2 && no_tmp_left; then
    ok "-o in a missing directory, or naming a directory: a message before any C is compiled"
else bad "bad -o (status $st, $st2)"; fi

"$REGAL" adir 2>err; st=$?
"$REGAL" missing.scm 2>err2; st2=$?
if [ $st -eq 1 ] && has "regal: cannot read 'adir': Is a directory" && [ $st2 -eq 1 ] &&
   has "regal: cannot read 'missing.scm': No such file or directory" err2; then
    ok "a directory or a missing file as input: the reason named"
else bad "directory or missing input (status $st, $st2)"; fi
if [ "$(id -u)" != 0 ]; then
    cp hello.scm locked.scm; chmod 000 locked.scm
    "$REGAL" locked.scm 2>err; st=$?
    if [ $st -eq 1 ] && has "regal: cannot read 'locked.scm': Permission denied"; then
        ok "an unreadable input: Permission denied"
    else bad "unreadable input (status $st)"; fi
else skipped "unreadable input (running as root)"; fi

printf '(write (cdr (command-line)))' >args.scm
a=$("$REGAL" -O0 --run args.scm -- a -- b 2>err)
b=$("$REGAL" -O0 --run args.scm a "b c" 2>>err)
c=$("$REGAL" -O0 args.scm --run -- -x 2>>err)
if [ "$a" = '("a" "--" "b")' ] && [ "$b" = '("a" "b c")' ] && [ "$c" = '("-x")' ] && no_tmp_left; then
    ok "--run passes exactly the arguments after the source or after --"
else bad "--run arguments: $a / $b / $c"; fi
a=$("$REGAL" --run args.scm -O0 -D x -- a b 2>err)
"$REGAL" --run args.scm a -- b 2>err; st=$?
"$REGAL" args.scm -- b 2>>err; st2=$?
if [ "$a" = '("a" "b")' ] && [ $st -eq 1 ] && [ $st2 -eq 1 ] &&
   has "regal: more than one source file ('args.scm' and 'a')" &&
   has "regal: arguments after '--' are the program's: they need --run" && no_tmp_left; then
    ok "--run with options between the source and --: the program gets only what follows --"
else bad "--run options before -- ($a, status $st $st2)"; fi

# regal - : the program from standard input (an executable a.out, or the C on stdout with -S)
rm -f a.out
a=$(printf '(display (+ 1 2))' | "$REGAL" -O0 --run - x 2>err)
printf '(display "built")' | "$REGAL" -O0 - 2>>err && b=$(./a.out)
c=$(printf '(display 1)' | "$REGAL" -S - 2>>err | head -1)
printf '(car 5)' | "$REGAL" -O0 --run - 2>err; st=$?
if [ "$a" = 3 ] && [ "$b" = built ] && [ "$c" = '/* Generated by regal 0.1.0 from <stdin>. */' ] &&
   [ $st -eq 70 ] && has "<stdin>:1:1: car: expected a pair, got 5" && no_tmp_left; then
    ok "regal - reads the program from standard input (--run, a.out, -S to stdout, <stdin>:line:col)"
else bad "regal - (got '$a' '$b' '$c', status $st)"; fi

# -D NAME: a feature for cond-expand, in a library too, and in (features)
mkdir -p dlib/feat
cat >dlib/feat/lib.sld <<'SCM'
(define-library (feat lib) (export where) (import (scheme base))
  (cond-expand (fast (begin (define where "lib: fast")))
               (else (begin (define where "lib: slow")))))
SCM
cat >feat.scm <<'SCM'
(import (scheme base) (scheme write) (feat lib))
(cond-expand ((and fast (not slow)) (display "fast")) (else (display "slow")))
(newline) (display where) (newline)
(write (let loop ((f (features)) (acc '()))
         (cond ((null? f) (reverse acc))
               ((memq (car f) '(fast extra r7rs)) (loop (cdr f) (cons (car f) acc)))
               (else (loop (cdr f) acc)))))
SCM
a=$("$REGAL" -O0 -I dlib --run feat.scm 2>err | tr '\n' ' ')
b=$("$REGAL" -O0 -I dlib -D fast -Dextra -D r7rs -D fast --run feat.scm 2>>err | tr '\n' ' ')
"$REGAL" -D 2>err; st=$?
"$REGAL" -D '(x)' feat.scm 2>>err; st2=$?
if [ "$a" = 'slow lib: slow (r7rs)' ] && [ "$b" = 'fast lib: fast (r7rs fast extra)' ] &&
   [ $st -eq 1 ] && [ $st2 -eq 1 ] && has "regal: -D needs a feature name" &&
   has "regal: -D '(x)': a feature is an identifier"; then
    ok "-D NAME sets a feature for cond-expand (program and library) and (features)"
else bad "-D (got '$a' / '$b', status $st $st2)"; fi

# a C compiler that fails, naming the C file as clang does: the C is kept where it says
cat >failcc <<'SH'
#!/bin/sh
for a; do case $a in *.c) echo "$a:1:1: error: something is wrong" >&2 ;; esac; done
exit 1
SH
chmod +x failcc
"$REGAL" --cc="$WORK/failcc" hello.scm -o hello2 2>err; st=$?
kept=$(sed -n "s/.*kept in '\(.*\)'$/\1/p" err)
named=$(sed -n 's/:1:1: error: something is wrong$//p' err)
if [ $st -eq 1 ] && has "regal: the C compiler failed (status 1) on the generated C, kept in" &&
   [ -n "$kept" ] && [ "$kept" = "$named" ] && [ -f "$kept" ] && has "rt_start" "$kept"; then
    ok "after a C compiler failure the C file it names still exists, and regal says where"
else bad "C compiler failure (status $st)"; fi
rm -rf "$TMPDIR"/regal-*

"$REGAL" --cc="$WORK/no-such-cc" hello.scm -o hello2 2>err; st=$?
if [ $st -eq 1 ] && has "regal: cannot run the C compiler '$WORK/no-such-cc'" && no_tmp_left; then
    ok "a C compiler that cannot be run: a message, the temporary directory removed"
else bad "missing C compiler (status $st)"; fi

# signals while the C compiler runs: a C compiler that sleeps, its pid in cc.pid
cat >slowcc <<'SH'
#!/bin/sh
echo $$ >"$CC_PID"
exec sleep 30
SH
chmod +x slowcc
export CC_PID=$WORK/cc.pid
wait_for() { # wait_for COMMAND...: up to 10 s for it to succeed
    for _ in $(seq 100); do "$@" && return 0; sleep 0.1; done
    return 1
}
for sig in INT TERM HUP; do
    rm -f cc.pid
    "$REGAL" --cc="$WORK/slowcc" hello.scm -o hello2 2>err &
    pid=$!
    wait_for test -s cc.pid
    tmp_seen=$(ls "$TMPDIR")
    kill -$sig $pid
    wait $pid 2>/dev/null; st=$?
    ccpid=$(cat cc.pid 2>/dev/null)
    num=$(kill -l $sig)
    if [ $st -eq $((128 + num)) ] && [ -n "$tmp_seen" ] && case $tmp_seen in regal-*) true ;; *) false ;; esac &&
       no_tmp_left && ! kill -0 "$ccpid" 2>/dev/null; then
        ok "SIG$sig while the C compiler runs: in \$TMPDIR, removed, the compiler stopped, status $st"
    else bad "SIG$sig while the C compiler runs (status $st, in TMPDIR then: '$tmp_seen', now: '$(ls "$TMPDIR")')"; fi
done

# signals while the program runs under --run: it reads a fifo that stays open and empty
cat >waiter.scm <<'SCM'
(display "ready") (newline) (flush-output-port)
(read-line)
(display "not reached") (newline)
SCM
mkfifo fifo
exec 3<>fifo
for sig in INT TERM HUP group-INT; do
    rm -f out # (not truncated by the redirection: the child may not have done it yet)
    "$REGAL" -O0 --run waiter.scm <fifo >out 2>err &
    pid=$!
    wait_for grep -qs ready out
    case $sig in
        group-*) sig=${sig#group-}; kill -$sig -- -$pid; what="SIG$sig to the process group" ;;
        *) kill -$sig $pid; what="SIG$sig" ;;
    esac
    wait $pid 2>/dev/null; st=$?
    num=$(kill -l $sig)
    if [ $st -eq $((128 + num)) ] && [ "$(cat out)" = ready ] && no_tmp_left &&
       ! pgrep -f "$TMPDIR/regal-" >/dev/null; then
        ok "$what under --run: forwarded to the program, the directory removed, status $st"
    else bad "$what under --run (status $st, left: '$(ls "$TMPDIR")')"; fi
done
exec 3>&-

echo "io: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
