#!/bin/sh
# run.sh: issue 18's parallel benchmarks, each with its anchors in the same run: the programs
# here (binary-trees at depth 18, fib 42 by nested fork/join) with Regal on 1 and 2 workers
# (REGAL_WORKERS) and with Chez Scheme threads on 1 and 2 threads (pool.ss), each pair
# alternated by farm-bench (A = 2, B = 1: the wall ratio A/B is the inverse of the speedup);
# then task_bench (runtime/bench/task_bench.c): task lifecycle, counters, chunk pools, and the
# OpenMP tasking runtime on the lifecycle's shapes (runtime/bench/omp_tasks.c).
# The machine's load (uptime) is printed first: the speedup needs the two cores idle.
# Usage: B=build benchmarks/parallel/run.sh [RUNS [OUT]]   (from the repository root; OUT: the
# output goes to that file instead, as runtime/bench/report.py's parallel step asks)
set -e
B=${B:-build}
runs=${1:-5}
if [ -n "${2:-}" ]; then exec >"$2" 2>&1; fi
here=$(dirname "$0")
work=$(mktemp -d "${TMPDIR:-/tmp}/regal-par.XXXXXX")
trap 'rm -rf "$work"' EXIT
uptime
clang -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter -Iruntime \
    runtime/bench/task_bench.c "$B/libregal.a" -lgc -lgmp -lutf8proc -lm -lpthread -ldl \
    -o "$work/task_bench"
for p in binary-trees fib; do
    "$B/regal" -O2 "$here/$p.scm" -o "$work/$p"
    cat "$here/pool.ss" "$here/chez-$p.ss" > "$work/chez-$p.ss"
    echo "== $p: Regal, 2 workers (A) vs 1 worker (B)"
    farm-bench -n "$runs" --timeout 600 --vs "env REGAL_WORKERS=1 $work/$p" -- \
        env REGAL_WORKERS=2 "$work/$p"
    echo "== $p: Chez Scheme, 2 threads (A) vs 1 thread (B)"
    farm-bench -n "$runs" --timeout 600 --vs "env WORKERS=1 scheme --script $work/chez-$p.ss" -- \
        env WORKERS=2 scheme --script "$work/chez-$p.ss"
    echo "== $p: Regal (A) vs Chez Scheme (B), 2 workers each"
    farm-bench -n "$runs" --timeout 600 --vs "env WORKERS=2 scheme --script $work/chez-$p.ss" -- \
        env REGAL_WORKERS=2 "$work/$p"
    uptime
done
clang -O2 -fopenmp runtime/bench/omp_tasks.c -o "$work/omp_tasks"
echo "== the OpenMP tasking runtime (LLVM libomp) on the same shapes, 1 and 2 threads"
OMP_NUM_THREADS=1 "$work/omp_tasks" "$runs"
OMP_NUM_THREADS=2 "$work/omp_tasks" "$runs"
echo "== task_bench, 1 worker"
REGAL_WORKERS=1 "$work/task_bench" "$runs"
echo "== task_bench, 2 workers"
REGAL_WORKERS=2 "$work/task_bench" "$runs" lifecycle
REGAL_WORKERS=2 "$work/task_bench" "$runs" counters
uptime
