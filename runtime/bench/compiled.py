#!/usr/bin/env python3
"""compiled.py: compiled programs in both allocation modes, typed against constructors.

Compiles every example and benchmark program (examples/*.scm, benchmarks/*.scm) with
regal -O2 in both allocation modes (typed: alloc_obj_typed emitted inline; constructors:
--alloc=constructors, the out-of-line mk_* calls), runs the two executables alternately
RUNS times each (so both see the same machine state), checks that both print the same output,
and writes one CSV row per program: median CPU time (user + sys of the child) and wall time
of each mode, and whether both modes emit the same C (then the pair is an A/A measure of
noise). report.py renders the table.
Usage: compiled.py --regal build/regal --csv FILE [--runs N]
"""
import argparse
import csv
import glob
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MODES = ("typed", "constructors")


def programs():
    out = []
    for pat in ("examples/*.scm", "benchmarks/*.scm"):
        out += sorted(glob.glob(os.path.join(ROOT, pat)))
    return out


def run_once(exe, stdin_path):
    """(wall seconds, CPU seconds of the child, stdout)"""
    with open(stdin_path) if stdin_path else open(os.devnull) as fin:
        ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        r = subprocess.run([exe], stdin=fin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           timeout=300)
        wall = time.perf_counter() - t0
        ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit("compiled.py: %s exited with status %d" % (exe, r.returncode))
    cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
    return wall, cpu, r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regal", required=True)
    ap.add_argument("--csv", required=True)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    if a.runs < 1:
        sys.exit("compiled.py: --runs must be at least 1")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for src in programs():
            name = os.path.relpath(src, ROOT)
            exes, c_text = {}, {}
            for mode in MODES:
                c_text[mode] = subprocess.run([a.regal, "-S", "--alloc=" + mode, src, "-o", "-"],
                                              check=True, capture_output=True, timeout=300).stdout
                exe = os.path.join(tmp, os.path.basename(src) + "." + mode)
                subprocess.run([a.regal, "-O2", "--alloc=" + mode, src, "-o", exe], check=True,
                               timeout=300)
                exes[mode] = exe
            stdin = src[:-4] + ".in" if os.path.exists(src[:-4] + ".in") else None
            wall = {m: [] for m in MODES}
            cpu = {m: [] for m in MODES}
            outs = {}
            for i in range(a.runs):
                for mode in (MODES if i % 2 == 0 else MODES[::-1]):
                    w, c, out = run_once(exes[mode], stdin)
                    wall[mode].append(w)
                    cpu[mode].append(c)
                    outs[mode] = out
            med = {m: statistics.median(cpu[m]) for m in MODES}
            row = {"program": name, "runs": a.runs,
                   "typed_cpu_ms": "%.2f" % (med["typed"] * 1e3),
                   "constructors_cpu_ms": "%.2f" % (med["constructors"] * 1e3),
                   "typed_wall_ms": "%.2f" % (statistics.median(wall["typed"]) * 1e3),
                   "constructors_wall_ms": "%.2f" % (statistics.median(wall["constructors"]) * 1e3),
                   "ratio": "%.3f" % (med["typed"] / med["constructors"]) if med["constructors"]
                   else "nan",
                   "same_output": int(outs["typed"] == outs["constructors"]),
                   "same_c": int(c_text["typed"] == c_text["constructors"])}
            rows.append(row)
            print("%-28s typed %8s ms, constructors %8s ms CPU (ratio %s)%s" % (
                name, row["typed_cpu_ms"], row["constructors_cpu_ms"], row["ratio"],
                "" if row["same_output"] else "  OUTPUTS DIFFER"), flush=True)
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
