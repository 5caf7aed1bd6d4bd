#!/bin/bash
# memory.sh: end-to-end tests whose memory and time are checked, not only their output (issue 7,
# "Tests and numbers"). Each tests/memory/NAME.scm reads its size N from the command line; it
# is compiled with $B/regal -O2, run at two sizes, its output compared with the `; OUTPUT N:`
# line in the file, and its figures compared:
#   loop-temp, loop-carry        peak RSS at N = 10,000,000 within FLAT_RATIO of N = 1,000,000
#   global-replace, loop-objects peak RSS at N = 1,000,000 within FLAT_RATIO of N = 100,000
#   list-build                   CPU time at N = 1,000,000 under LINEAR_RATIO x N = 100,000
#   loop-accumulate              both: peak growth from 100,000 to 1,000,000 at most
#                                ACC_FACTOR x the 16-byte pairs added, and time as list-build
#   binary-trees                 peak RSS at depth 16 within ARENA_RATIO of the C program with
#                                an arena per tree (benchmarks/c/binary-trees-arena.c, clang
#                                -O2), whose output must be the same
# Peak RSS (KiB) comes from GNU time (`/usr/bin/time -f '%M %U %S'`), the median of RUNS runs.
# CPU time (user + sys) comes from bash's `time` around the bare program, to the millisecond
# (GNU time prints it to the hundredth of a second, too coarse for a 20 ms run): the median of
# TIME_RUNS runs less the median at N = 0 (start-up and exit); a difference under TIME_FLOOR_MS
# counts as TIME_FLOOR_MS, so that a run too short to measure cannot make the ratio large.
# Safety nets on a shared machine: each process gets CPU_LIMIT_S seconds of CPU and
# MEMORY_VLIMIT_KB of address space (beyond it a program fails with "out of memory", status
# 71), each compilation COMPILE_TIMEOUT_S seconds.
# Prints one line per test with its figures (ok or FAIL) and `memory: N passed, M failed`;
# exits 1 when any failed.
#
# Usage: tests/memory.sh [--chez] [PATTERN...]
#   PATTERN   only the tests whose name contains one of them
#   --chez    also run each program under Chez Scheme (scheme --script) at the same sizes and
#             check its output against the same expectations (how the OUTPUT lines were made)
# Environment: B (build directory, default build), REGAL (default $B/regal),
#   MEMORY_VLIMIT_KB (default 8 GiB; "unlimited" to lift it).
set -u
cd "$(dirname "$0")/.." || exit 2
B=${B:-build}
REGAL=${REGAL:-$B/regal}

# ---- the bounds of issue 7 ("Tests and numbers") ---------------------------------------------
FLAT_RATIO=1.2       # a loop that drops what it allocates: peak at 10x the iterations <= 1.2x
LINEAR_RATIO=15      # a 1,000,000-element list by non-tail recursion: < 15x the 100,000 time
ARENA_RATIO=2        # binary-trees: peak <= 2x the C program with an arena per tree
# ---- ours (not in the issue) -------------------------------------------------------------------
ACC_FACTOR=3         # loop-accumulate: peak growth <= 3x the bytes of the pairs it keeps
PAIR_BYTES=16        # runtime/regal.h: "a pair costs 16 bytes"
BT_DEPTH=16          # benchmarks/c/binary-trees-arena.c has `max = 16`
RUNS=3               # runs per peak RSS measurement; the median is used
TIME_RUNS=5          # runs per CPU time measurement (each well under a second); the median
TIME_FLOOR_MS=5      # CPU medians below this count as this
CPU_LIMIT_S=60       # per process (ulimit -t)
COMPILE_TIMEOUT_S=30 # per compilation (these programs take about 0.5 s)
MEMORY_VLIMIT_KB=${MEMORY_VLIMIT_KB:-8388608}
LIST_BUILD_STACK_MB=2048  # 1,000,000 frames deep, with room for frames holding region descriptors

CHEZ=0
PATTERNS=()
for a in "$@"; do
    case $a in --chez) CHEZ=1 ;; *) PATTERNS+=("$(basename "$a" .scm)") ;; esac
done

[ -x "$REGAL" ] || { echo "memory.sh: no compiler at $REGAL (build it, or set B/REGAL)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "memory.sh: needs GNU time (/usr/bin/time, package time)" >&2; exit 2; }
W=$B/memory
mkdir -p "$W" || exit 2
ulimit -S -t "$CPU_LIMIT_S"
ulimit -S -v "$MEMORY_VLIMIT_KB" 2>/dev/null || echo "memory.sh: could not set ulimit -v $MEMORY_VLIMIT_KB" >&2
TIMEFORMAT='%3U %3S'
unset REGAL_STATS
START=$SECONDS
passed=0 failed=0

selected() {
    [ ${#PATTERNS[@]} -eq 0 ] && return 0
    local p
    for p in "${PATTERNS[@]}"; do case $1 in *"$p"*) return 0 ;; esac; done
    return 1
}

# 1000000 -> 1M, 100000 -> 100k
short() { awk -v n="$1" 'BEGIN { if (n >= 1e6 && n % 1e6 == 0) printf "%dM", n / 1e6;
                                 else if (n >= 1e3 && n % 1e3 == 0) printf "%dk", n / 1e3;
                                 else printf "%d", n }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f MiB", k / 1024 }'; }
median() { tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# ratio A B -> A/B to two decimals
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# le A B: A <= B; lt A B: A < B (numbers)
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

report() { # report NAME OK|FAIL TEXT
    if [ "$2" = ok ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    echo "$1: $3 $2"
}

# compile NAME: $W/NAME from tests/memory/NAME.scm; prints the error and returns 1 on failure
compile() {
    local st
    timeout "$COMPILE_TIMEOUT_S" "$REGAL" -O2 "tests/memory/$1.scm" -o "$W/$1" >"$W/$1.cc" 2>&1
    st=$?
    if [ $st -ne 0 ]; then
        failed=$((failed + 1))
        case $st in
            124) echo "$1: compile timed out after $COMPILE_TIMEOUT_S s FAIL" ;;
            *) echo "$1: compile failed (status $st) FAIL" ;;
        esac
        head -n 6 "$W/$1.cc" | sed 's/^/    /'
        return 1
    fi
}

# expected NAME N: the `; OUTPUT N:` line of tests/memory/NAME.scm
expected() { sed -n "s/^; OUTPUT $2: //p" "tests/memory/$1.scm"; }

# check_run NAME N STATUS: the run's status and output; sets WHY (empty when fine)
check_run() {
    local st=$3 want
    WHY=""
    if [ "$st" -ne 0 ]; then
        WHY="N=$2: exit status $st"
        [ "$st" -eq 71 ] && WHY="$WHY (out of memory; ulimit -v $MEMORY_VLIMIT_KB KiB)"
        [ "$st" -eq 137 ] || [ "$st" -eq 152 ] && WHY="$WHY (over $CPU_LIMIT_S s of CPU?)"
        WHY="$WHY: $(head -n 1 "$W/err" | cut -c1-120)"
        return
    fi
    if [ "$1" = binary-trees ]; then want=$(cat "$W/binary-trees-arena.out")
    else want=$(expected "$1" "$2"); fi
    if [ "$(cat "$W/out")" != "$want" ]; then
        WHY="N=$2: output $(head -n 1 "$W/out" | cut -c1-60), expected $(printf '%s\n' "$want" | head -n 1)"
    fi
}

# peak NAME N [ENV...]: median peak RSS (KiB) of RUNS runs -> PEAK; median CPU s (GNU time,
# to the hundredth, for information) -> CPUG
peak() {
    local name=$1 n=$2 i ps=() cs=() st
    shift 2
    WHY=""
    for ((i = 0; i < RUNS; i++)); do
        env "$@" /usr/bin/time -f '%M %U %S' -o "$W/time" "$W/$name" "$n" >"$W/out" 2>"$W/err"
        st=$?
        check_run "$name" "$n" "$st"
        [ -n "$WHY" ] && return 1
        read -r m u s <"$W/time"
        ps+=("$m"); cs+=("$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')")
    done
    PEAK=$(echo "${ps[*]}" | median)
    CPUG=$(echo "${cs[*]}" | median)
}

# cpu NAME N [ENV...]: median CPU milliseconds (user + sys) of TIME_RUNS bare runs -> CPU
cpu() {
    local name=$1 n=$2 i ts=() st u s kv
    shift 2
    for kv in "$@"; do local -x "$kv"; done  # no env(1): its exec would be timed too
    WHY=""
    for ((i = 0; i < TIME_RUNS; i++)); do
        { time "$W/$name" "$n" >"$W/out" 2>"$W/err"; } 2>"$W/time"
        st=$?
        check_run "$name" "$n" "$st"
        [ -n "$WHY" ] && return 1
        read -r u s <"$W/time"
        ts+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1000 + 0.5 }')")
    done
    CPU=$(echo "${ts[*]}" | median)
}

# stats NAME N: on a failure, what REGAL_STATS=1 says of the larger run (nothing before #7)
stats() {
    REGAL_STATS=1 "$W/$1" "$2" >/dev/null 2>"$W/stats"
    [ -s "$W/stats" ] && head -n 24 "$W/stats" | sed 's/^/    /'
}

# ---- flat: peak at BIG within FLAT_RATIO of the peak at SMALL -------------------------------
flat() {
    local name=$1 small=$2 big=$3 p1 p2 c1 c2 r text cpus
    selected "$name" || return
    compile "$name" || return
    if ! peak "$name" "$small"; then report "$name" FAIL "$WHY"; return; fi
    p1=$PEAK c1=$CPUG
    if ! peak "$name" "$big"; then report "$name" FAIL "$WHY"; return; fi
    p2=$PEAK c2=$CPUG
    r=$(ratio "$p2" "$p1")
    text="peak $(short "$small") $(mib "$p1"), $(short "$big") $(mib "$p2") ($r"x
    cpus="cpu $c1 s, $c2 s"
    if le "$r" "$FLAT_RATIO"; then report "$name" ok "$text <= ${FLAT_RATIO}x), $cpus"
    else report "$name" FAIL "$text > ${FLAT_RATIO}x), $cpus"; stats "$name" "$big"; fi
}

# ---- linear: CPU at BIG under LINEAR_RATIO x CPU at SMALL ------------------------------------
# The time of a run at N = 0 (start-up and exit: about 5 ms here, as much as a third of the
# 100,000 run) is taken off both, so that the ratio is that of the work that grows with N.
linear() { # linear NAME SMALL BIG [ENV...]; sets LIN_OK and LIN_TEXT
    local name=$1 small=$2 big=$3 t0 t1 t2 w1 w2 f1 r
    shift 3
    LIN_OK=FAIL
    if ! cpu "$name" 0 "$@"; then LIN_TEXT=$WHY; return; fi
    t0=$CPU
    if ! cpu "$name" "$small" "$@"; then LIN_TEXT=$WHY; return; fi
    t1=$CPU
    if ! cpu "$name" "$big" "$@"; then LIN_TEXT=$WHY; return; fi
    t2=$CPU
    w1=$((t1 - t0)) w2=$((t2 - t0))
    f1=$w1; [ "$f1" -lt "$TIME_FLOOR_MS" ] && f1=$TIME_FLOOR_MS
    r=$(awk -v a="$w2" -v b="$f1" 'BEGIN { printf "%.1f", a / b }')
    LIN_TEXT="cpu $(short "$small") $t1 ms, $(short "$big") $t2 ms, less $t0 ms at N=0: $w1 ms, $w2 ms ($r"x
    if [ "$w1" -lt "$TIME_FLOOR_MS" ]; then LIN_TEXT="$LIN_TEXT of the ${TIME_FLOOR_MS} ms floor"; fi
    if [ "$w2" -lt "$((LINEAR_RATIO * f1))" ]; then
        LIN_OK=ok; LIN_TEXT="$LIN_TEXT < ${LINEAR_RATIO}x)"
    else LIN_TEXT="$LIN_TEXT >= ${LINEAR_RATIO}x)"; fi
}

list_build() {
    selected list-build || return
    compile list-build || return
    linear list-build 100000 1000000 REGAL_STACK_MB=$LIST_BUILD_STACK_MB
    report list-build "$LIN_OK" "$LIN_TEXT"
}

loop_accumulate() {
    local name=loop-accumulate small=100000 big=1000000 p1 p2 grow allow ok=ok text
    selected $name || return
    compile $name || return
    if ! peak $name $small; then report $name FAIL "$WHY"; return; fi
    p1=$PEAK
    if ! peak $name $big; then report $name FAIL "$WHY"; return; fi
    p2=$PEAK
    grow=$((p2 - p1))
    allow=$(awk -v f="$ACC_FACTOR" -v b="$PAIR_BYTES" -v n=$((big - small)) \
                'BEGIN { printf "%d", f * b * n / 1024 }')
    text="peak $(short $small) $(mib "$p1"), $(short $big) $(mib "$p2"): +$(mib "$grow")"
    if [ "$grow" -le "$allow" ]; then text="$text <= $(mib "$allow")"
    else text="$text > $(mib "$allow")"; ok=FAIL; fi
    text="$text (${ACC_FACTOR}x the $((big - small)) pairs kept);"
    linear $name $small $big
    [ "$LIN_OK" = ok ] || ok=FAIL
    report $name $ok "$text $LIN_TEXT"
    [ $ok = ok ] || stats $name $big
}

binary_trees() {
    local name=binary-trees pc pr r text
    selected $name || return
    compile $name || return
    if ! clang -O2 benchmarks/c/binary-trees-arena.c -o "$W/binary-trees-arena" 2>"$W/err"; then
        report $name FAIL "clang failed on benchmarks/c/binary-trees-arena.c"; return
    fi
    local ps=() i
    for ((i = 0; i < RUNS; i++)); do
        /usr/bin/time -f '%M' -o "$W/time" "$W/binary-trees-arena" >"$W/binary-trees-arena.out"
        ps+=("$(cat "$W/time")")
    done
    pc=$(echo "${ps[*]}" | median)
    if ! peak $name $BT_DEPTH; then report $name FAIL "$WHY"; return; fi
    pr=$PEAK
    r=$(ratio "$pr" "$pc")
    text="peak depth $BT_DEPTH $(mib "$pr"), C arena per tree $(mib "$pc") ($r"x
    if le "$r" "$ARENA_RATIO"; then report $name ok "$text <= ${ARENA_RATIO}x), cpu $CPUG s"
    else report $name FAIL "$text > ${ARENA_RATIO}x), cpu $CPUG s"; stats $name $BT_DEPTH; fi
}

# ---- --chez: the same programs and expectations under Chez Scheme ---------------------------
chez() { # chez NAME N...
    local name=$1 n out want
    shift
    selected "$name" || return
    for n in "$@"; do
        out=$(scheme --script "tests/memory/$name.scm" "$n" 2>&1)
        if [ "$name" = binary-trees ]; then want=$(cat benchmarks/expected/binary-trees.out)
        else want=$(expected "$name" "$n"); fi
        if [ "$out" = "$want" ]; then report "chez $name N=$n" ok "output as expected"
        else report "chez $name N=$n" FAIL "output $(echo "$out" | head -n 1)"; fi
    done
}

flat loop-temp 1000000 10000000
flat loop-carry 1000000 10000000
list_build
binary_trees
flat global-replace 100000 1000000
loop_accumulate
flat loop-objects 100000 1000000
if [ $CHEZ -eq 1 ]; then
    command -v scheme >/dev/null || { echo "memory.sh: --chez needs scheme (Chez)" >&2; exit 2; }
    for t in "loop-temp 1000000 10000000" "loop-carry 1000000 10000000" \
             "list-build 100000 1000000" "binary-trees $BT_DEPTH" \
             "global-replace 100000 1000000" "loop-accumulate 100000 1000000" \
             "loop-objects 100000 1000000"; do
        # shellcheck disable=SC2086
        chez $t
    done
fi
echo "memory: $passed passed, $failed failed ($((SECONDS - START)) s)"
[ "$failed" -eq 0 ]
