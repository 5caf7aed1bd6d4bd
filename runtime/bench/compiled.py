#!/usr/bin/env python3
"""compiled.py: the "Compiled programs" measurement of `make bench`.

Compiles every example and benchmark program (examples/*.scm, benchmarks/*.scm,
runtime/bench/programs/*.scm) with regal -O2 in both allocation modes (typed, constructors),
runs the two executables alternately RUNS times (so both see the same machine state), and
writes one CSV row per program: median wall time of each mode, the ratio typed/constructors
of the medians, and the --types summary (allocation sites typed / total, checks removed /
total). report.py turns the CSV into the section "## Compiled programs".
Usage: compiled.py --regal build/regal --csv compiled.csv [--runs 7]
"""
import argparse
import csv
import glob
import os
import re
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def programs():
    out = []
    for pat in ("examples/*.scm", "benchmarks/*.scm", "runtime/bench/programs/*.scm"):
        out += sorted(glob.glob(os.path.join(ROOT, pat)))
    return out


def types_summary(regal, src):
    r = subprocess.run([regal, "--types", src], capture_output=True, text=True, timeout=120)
    s = {}
    for key, pat in (("alloc", r"allocation sites typed: (\d+)/(\d+)"),
                     ("checks", r"checks removed: (\d+)/(\d+)")):
        m = re.search(pat, r.stdout)
        s[key] = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    m = re.search(r"generic arithmetic[^:]*: (\d+)", r.stdout)
    s["generic"] = int(m.group(1)) if m else 0
    m = re.search(r"calls of allocating runtime primitives: (\d+)", r.stdout)
    s["prims"] = int(m.group(1)) if m else 0
    return s


def run_once(exe, stdin_path):
    with open(stdin_path) if stdin_path else open(os.devnull) as fin:
        t0 = time.perf_counter()
        r = subprocess.run([exe], stdin=fin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           timeout=300)
        return time.perf_counter() - t0, r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--regal", required=True)
    ap.add_argument("--csv", required=True)
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for src in programs():
            name = os.path.relpath(src, ROOT)
            exes = {}
            c_text = {}
            for mode in ("typed", "constructors"):
                c_text[mode] = subprocess.run([a.regal, "-S", "--alloc=" + mode, src, "-o", "-"],
                                              check=True, capture_output=True, timeout=300).stdout
                exe = os.path.join(tmp, os.path.basename(src) + "." + mode)
                subprocess.run([a.regal, "-O2", "--alloc=" + mode, src, "-o", exe], check=True,
                               timeout=300)
                exes[mode] = exe
            stdin = src[:-4] + ".in" if os.path.exists(src[:-4] + ".in") else None
            times = {"typed": [], "constructors": []}
            outs = {}
            runs = a.runs
            for i in range(a.runs):
                if i >= runs:
                    break
                order = ("typed", "constructors") if i % 2 == 0 else ("constructors", "typed")
                for mode in order:
                    t, out = run_once(exes[mode], stdin)
                    times[mode].append(t)
                    outs[mode] = out
                if i == 0 and max(times["typed"][0], times["constructors"][0]) > 1.0:
                    runs = 3  # long programs: 3 runs each keeps make bench short
            s = types_summary(a.regal, src)
            mt, mc = statistics.median(times["typed"]), statistics.median(times["constructors"])
            rows.append({"program": name, "typed_ms": "%.2f" % (mt * 1e3),
                         "constructors_ms": "%.2f" % (mc * 1e3),
                         "ratio": "%.3f" % (mt / mc if mc else float("nan")),
                         "same_output": int(outs["typed"] == outs["constructors"]),
                         "same_c": int(c_text["typed"] == c_text["constructors"]),
                         "alloc_typed": s["alloc"][0], "alloc_sites": s["alloc"][1],
                         "checks_removed": s["checks"][0], "checks": s["checks"][1],
                         "generic_arith": s["generic"], "prim_alloc_calls": s["prims"],
                         "runs": len(times["typed"])})
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["program"])
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
