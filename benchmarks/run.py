#!/usr/bin/env python3
"""run.py: compiled-program benchmarks, Regal against CHICKEN 5, Gambit and Chez Scheme.

Compiles every benchmarks/*.scm with each implementation (the benchmark source is the same for
all; per-implementation glue lives in benchmarks/prelude/), then runs the executables of a
program in alternation: run 1 of every implementation, then run 2 with the next one first, and
so on (so no implementation always runs first, and all see the same machine state), RUNS times
each (REGAL_BENCH_RUNS, default 5); checks every output against benchmarks/expected/<name>.out;
records the median CPU time (user + sys), wall time and peak RSS (/usr/bin/time -f "%M %U %S").
The plain C floors in benchmarks/c/ run the same way.
Writes OUT/programs.csv, OUT/programs.md (a markdown section, `section()`, which report.py also
renders into BENCHMARK_RESULTS_TYPED_CODEGEN.md) and OUT/programs.png (gnuplot); OUT is
$B/bench-programs by default. It never edits the report: `make bench-report` regenerates the
whole report from one run.
Entry point: `make bench-programs` (or benchmarks/run.py --help).
"""
import argparse
import csv
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PEERS = ["chez", "chicken", "gambit"]
IMPLS = ["regal"] + PEERS
NAMES = {"regal": "Regal", "chez": "Chez Scheme", "chicken": "CHICKEN", "gambit": "Gambit",
         "c": "C"}
# CHICKEN 5: -O4 and -O5 add -unsafe (a vector-ref out of range is not caught: measured), so
# the fastest safe mode is -O3 plus the parts of -O5 that keep checks.
CSC_FLAGS = ["-O3", "-block", "-clustering", "-disable-interrupts", "-no-trace",
             "-no-lambda-info"]
# Chez: optimize-level 3 is unsafe; 2 is the fastest safe level. Whole program: compile-program.
CHEZ_LEVEL = 2
# C floors: benchmark -> [(variant, source)]
C_FLOORS = {"fib": [("C", "fib.c")],
            "binary-trees": [("C malloc/free", "binary-trees-malloc.c"),
                             ("C arena per tree", "binary-trees-arena.c")]}
COMPILE_TIMEOUT = 120
# Known reasons a peer cannot run a program (shown in the table instead of a bare error).
KNOWN_UNSUPPORTED = {
    ("chicken", "hashtable"): "no SRFI 69: it is the srfi-69 egg in CHICKEN 5, not packaged "
                              "by Debian",
    ("chicken", "interp"): "csc does not finish (measured: still running after 60 s at -O1, "
                           "-O2 and -O3, with or without -block; 2 s at -O0, which turns off "
                           "the usual integrations); triggered by the table of primitive "
                           "procedures (+ - < = * car cdr cons null?) in one list",
}
ALLOC_HEAVY = ["binary-trees", "cpstak", "deriv", "destruct", "hof", "sort", "strings",
               "hashtable", "interp", "nqueens"]


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def version(cmd):
    try:
        r = sh(cmd)
        return (r.stdout + r.stderr).strip().splitlines()
    except OSError:
        return ["not installed"]


def first_error(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if "rror" in l or "xception" in l or "unbound" in l.lower():
            return l[:160]
    return (lines[0] if lines else "no message")[:160]


def defined_names(src):
    return set(re.findall(r"^\(define\s+\(?([^\s()]+)", src, re.M))


class Failure(Exception):
    pass


class Builder:
    def __init__(self, a):
        self.a = a
        self.out = a.build
        os.makedirs(self.out, exist_ok=True)
        self._chez_exports = None

    def chez_exports(self):
        if self._chez_exports is None:
            r = sh(["scheme", "-q"], input="(for-each (lambda (s) (display s) (newline)) "
                                           "(library-exports '(chezscheme)))")
            self._chez_exports = set(r.stdout.split())
        return self._chez_exports

    def prelude(self, impl):
        p = os.path.join(HERE, "prelude", {"chez": "chez.ss"}.get(impl, impl + ".scm"))
        return open(p).read() if os.path.exists(p) else ""

    def timed(self, cmd, cwd=None):
        t0 = time.perf_counter()
        try:
            r = sh(cmd, cwd=cwd, timeout=COMPILE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise Failure("compile timeout: over %d s" % COMPILE_TIMEOUT)
        dt = time.perf_counter() - t0
        if r.returncode != 0:
            raise Failure("compile error: " + first_error(r.stderr + r.stdout))
        return dt

    def build(self, name, impl):
        """Returns (command to run, compile seconds, front-end seconds or None, size bytes)."""
        src = os.path.join(HERE, name + ".scm")
        text = open(src).read()
        d = os.path.join(self.out, impl)
        os.makedirs(d, exist_ok=True)
        exe = os.path.join(d, name)
        if impl == "regal":
            fe = self.timed([self.a.regal, "-S", src, "-o", exe + ".c"])
            total = self.timed([self.a.regal, "-O2", src, "-o", exe])
            return [exe], total, fe, os.path.getsize(exe)
        if impl == "chicken":
            s = os.path.join(d, name + ".scm")
            open(s, "w").write(self.prelude("chicken") + text)
            total = self.timed(["csc"] + CSC_FLAGS + [s, "-o", exe])
            return [exe], total, None, os.path.getsize(exe)
        if impl == "gambit":
            s = os.path.join(d, name + ".scm")
            open(s, "w").write(self.prelude("gambit") + text)
            total = self.timed(["gsc", "-exe", "-o", exe, s])
            return [exe], total, None, os.path.getsize(exe)
        if impl == "chez":
            s = os.path.join(d, name + ".ss")
            clash = sorted(defined_names(self.prelude("chez") + text) & self.chez_exports())
            imp = "(import (except (chezscheme) %s))\n" % " ".join(clash) if clash else \
                "(import (chezscheme))\n"
            open(s, "w").write(imp + self.prelude("chez") + text)
            so = exe + ".so"
            total = self._chez_compile(s, so)
            return ["scheme", "--program", so], total, None, os.path.getsize(so)
        raise ValueError(impl)

    def _chez_compile(self, s, so):
        t0 = time.perf_counter()
        r = sh(["scheme", "-q"], input="(optimize-level %d) (debug-level 0) "
               "(generate-inspector-information #f) (compile-program %s %s)\n"
               % (CHEZ_LEVEL, '"%s"' % s, '"%s"' % so), timeout=COMPILE_TIMEOUT)
        dt = time.perf_counter() - t0
        if r.returncode != 0 or not os.path.exists(so) or "xception" in r.stdout + r.stderr:
            raise Failure("compile error: " + first_error(r.stdout + r.stderr))
        return dt

    def build_c(self, src):
        d = os.path.join(self.out, "c")
        os.makedirs(d, exist_ok=True)
        exe = os.path.join(d, os.path.basename(src)[:-2])
        total = self.timed(["clang", "-O2", os.path.join(HERE, "c", src), "-o", exe])
        return [exe], total, None, os.path.getsize(exe)


def run_once(cmd, expected, timeout):
    """One run: (wall seconds, peak RSS in KB, CPU seconds (user + sys)); Failure on a
    non-zero exit, a timeout or an output that differs from the expected one."""
    tf = os.path.join(os.environ.get("TMPDIR", "/tmp"), "regal-bench-time.%d" % os.getpid())
    t0 = time.perf_counter()
    try:
        r = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", "-o", tf] + cmd,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure("timeout: over %d s" % timeout)
    dt = time.perf_counter() - t0
    out = r.stdout.decode("utf-8", "replace")
    if r.returncode != 0:
        raise Failure("run error (status %d): %s" % (r.returncode, first_error(
            r.stderr.decode("utf-8", "replace") + out)))
    if out != expected:
        got = [l for l in out.splitlines() if l][:1]
        raise Failure("wrong output: " + (got[0][:60] if got else "(empty)"))
    m, u, sy = open(tf).read().split()[-3:]
    return dt, int(m), float(u) + float(sy)


def measure(cmd, expected, runs, timeout):
    """Median wall seconds, min, max, median peak RSS (KB), runs, median CPU seconds of
    `runs` runs of one command (for the start-up measurement)."""
    xs = [run_once(cmd, expected, timeout) for _ in range(runs)]
    w = [x[0] for x in xs]
    return (statistics.median(w), min(w), max(w), statistics.median(x[1] for x in xs), len(xs),
            statistics.median(x[2] for x in xs))


def machine():
    cpu = "?"
    try:
        for l in open("/proc/cpuinfo"):
            if l.startswith("model name"):
                cpu = l.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        "cpu": cpu, "cores": str(os.cpu_count()), "kernel": platform.release(),
        "loadavg": " ".join(open("/proc/loadavg").read().split()[:3]),
        "commit": sh(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.strip() or "?",
        "regal": "regal -O2 (clang %s)" % version(["clang", "--version"])[0].split("version")[-1]
                                          .strip().split()[0],
        "chez": "Chez Scheme %s, compile-program at optimize-level %d (safe)"
                % (version(["scheme", "--version"])[0], CHEZ_LEVEL),
        "chicken": "CHICKEN %s, csc %s" % (
            next((l.split()[1] for l in version(["csc", "-version"]) if l.startswith("Version")),
                 "?"), " ".join(CSC_FLAGS)),
        "gambit": "Gambit %s, gsc -exe, (declare (standard-bindings) (extended-bindings) "
                  "(block)), safe" % version(["gsc", "-v"])[0].split()[0],
    }


# ---- report -----------------------------------------------------------------------------------
def fmt_t(r, runs):
    if r["status"] != "ok":
        return r["status"]
    s = "%.2f / %.2f" % (float(r["cpu_s"]), float(r["median_s"]))
    if int(r["runs"]) < runs:
        s += " (%s run%s)" % (r["runs"], "" if r["runs"] == "1" else "s")
    return s


def fmt_mb(r):
    return "%.1f" % (float(r["rss_kb"]) / 1024) if r["status"] == "ok" else "–"


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def section(rows, meta, runs, slow, preamble="", csv_link="programs.csv",
            png_link="programs.png"):
    """The markdown section of one run: rows as in programs.csv, meta as machine() gives
    it (with chez_startup when measured)."""
    by = {(r["program"], r["impl"]): r for r in rows}
    progs = sorted({r["program"] for r in rows})
    ok = lambda p, i: by.get((p, i), {}).get("status") == "ok"
    # Ratios use CPU time (user + sys): on a shared machine wall time also measures the other
    # processes (each program here is single-threaded).
    t = lambda p, i: max(float(by[(p, i)]["cpu_s"]), 0.01)
    tw = lambda p, i: float(by[(p, i)]["median_s"])
    s = ["## Compiled programs against Chez Scheme, CHICKEN and Gambit\n"]
    if preamble:
        s.append(preamble + "\n")
    s += ["| Implementation | Mode |", "|---|---|"]
    for i in IMPLS:
        s.append("| %s | %s |" % (NAMES[i], meta[i]))
    s.append("| C floor | clang -O2 |")
    s.append("\nEach program (benchmarks/*.scm, the same source for every implementation; the "
             "per-implementation glue is in benchmarks/prelude/) is compiled by each "
             "implementation, then the executables run in alternation, %d times each (run k of "
             "every implementation, the first one rotating; an implementation stops after a "
             "run over %g s), and every output is compared with benchmarks/expected/. Time: "
             "median CPU seconds (user + sys, from /usr/bin/time) / median wall-clock seconds "
             "of the whole process, start-up included (Chez loads its boot files: %s for an "
             "empty program). Ratios, geometric means and targets use CPU time: on a shared "
             "machine wall time includes waiting for a core; the programs are single-threaded. "
             "Memory: median peak RSS (MB). Raw numbers: [%s](%s).\n"
             % (runs, slow, meta.get("chez_startup", "?"), os.path.basename(csv_link), csv_link))
    s.append("![CPU time of each peer relative to Regal](%s)\n" % png_link)
    s.append("### Time: CPU s / wall s, and peak memory (MB)\n")
    s.append("| Program | Regal | Chez | CHICKEN | Gambit | C | Regal MB | Chez MB | CHICKEN MB "
             "| Gambit MB | C MB |")
    s.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for p in progs:
        cs = [r for r in rows if r["program"] == p and r["impl"].startswith("C")]
        ct = "<br>".join("%s: %s" % (r["impl"], fmt_t(r, runs)) for r in cs) or "–"
        cm = "<br>".join(fmt_mb(r) for r in cs) or "–"
        s.append("| %s | %s | %s | %s |" % (
            p, " | ".join(fmt_t(by[(p, i)], runs) if (p, i) in by else "–" for i in IMPLS), ct,
            " | ".join(fmt_mb(by[(p, i)]) if (p, i) in by else "–" for i in IMPLS)) + " %s |" % cm)
    s.append("\n### Ratios: peer CPU time / Regal CPU time (above 1: Regal is faster)\n")
    s.append("| Program | Chez/Regal | CHICKEN/Regal | Gambit/Regal | Regal MB / Chez MB |")
    s.append("|---|---|---|---|---|")
    for p in progs:
        cells = []
        for i in PEERS:
            if ok(p, "regal") and ok(p, i):
                x = t(p, i) / t(p, "regal")
                cells.append(("**%.2f**" if x < 1 else "%.2f") % x)
            else:
                cells.append("–")
        if ok(p, "regal") and ok(p, "chez"):
            m = float(by[(p, "regal")]["rss_kb"]) / float(by[(p, "chez")]["rss_kb"])
            cells.append(("**%.2f**" if m > 1.2 else "%.2f") % m)
        else:
            cells.append("–")
        s.append("| %s | %s |" % (p, " | ".join(cells)))
    gm = {}
    for i in PEERS:
        xs = [t(p, i) / t(p, "regal") for p in progs if ok(p, "regal") and ok(p, i)]
        gm[i] = (gmean(xs), len(xs))
    s.append("| **geometric mean** | %s | |" % " | ".join(
        "%.2f (%d programs)" % gm[i] if gm[i][1] else "–" for i in PEERS))
    s.append("| geometric mean of wall times | %s | |" % " | ".join(
        "%.2f" % gmean([tw(p, i) / tw(p, "regal") for p in progs if ok(p, "regal") and ok(p, i)])
        for i in PEERS))
    s.append("\nBold: Regal is slower, or its peak RSS is above 1.2x Chez's (issue 15).\n")
    # targets
    s.append("### Targets (issues 9 and 15)\n")
    s.append("| Target | Measured | |")
    s.append("|---|---|---|")
    v = lambda b: "**PASS**" if b else "**MISS**"
    for i in PEERS:
        both = [p for p in progs if ok(p, "regal") and ok(p, i)]
        lose = [p for p in both if t(p, i) < t(p, "regal")]
        s.append("| Faster than %s on every program | slower on %d of %d%s | %s |" % (
            NAMES[i], len(lose), len(both), (": " + ", ".join(lose)) if lose else "",
            v(not lose and both)))
    s.append("| At least 2x faster than Chez on the geometric mean | %.2fx | %s |"
             % (gm["chez"][0], v(gm["chez"][0] >= 2)))
    both = [p for p in progs if ok(p, "regal") and ok(p, "chez")]
    fat = [p for p in both
           if float(by[(p, "regal")]["rss_kb"]) > 1.2 * float(by[(p, "chez")]["rss_kb"])]
    s.append("| Peak RSS at most 1.2x Chez's on every program | above on %d of %d%s | %s |" % (
        len(fat), len(both), (": " + ", ".join(fat)) if fat else "", v(not fat and both)))
    arena = by.get(("binary-trees", "C arena per tree"))
    if arena and arena["status"] == "ok" and ok("binary-trees", "regal"):
        x = float(by[("binary-trees", "regal")]["rss_kb"]) / float(arena["rss_kb"])
        s.append("| binary-trees peak memory at most 2x the C arena version | %.1f MB vs %.1f MB "
                 "= %.1fx | %s |" % (float(by[("binary-trees", "regal")]["rss_kb"]) / 1024,
                                     float(arena["rss_kb"]) / 1024, x, v(x <= 2)))
    small = [p for p in progs if p not in ALLOC_HEAVY and ok(p, "regal")]
    big = [p for p in small if float(by[(p, "regal")]["rss_kb"]) > 8 * 1024]
    s.append("| A few MB (≤ 8) on the programs that hardly allocate (%s) | %s | %s |" % (
        ", ".join(small), ("over on " + ", ".join("%s %.0f MB" % (p, float(
            by[(p, "regal")]["rss_kb"]) / 1024) for p in big)) if big else "all within",
        v(not big)))
    fe = [(p, float(by[(p, "regal")]["frontend_s"]) / float(by[(p, "regal")]["compile_s"]))
          for p in progs if by.get((p, "regal"), {}).get("frontend_s")]
    if fe:
        worst = max(fe, key=lambda z: z[1])
        s.append("| Front end under 10%% of the compile time on every program | largest share "
                 "%.1f%% (%s) | %s |" % (100 * worst[1], worst[0], v(worst[1] < 0.10)))
    # compile time
    s.append("\n### Compile time (s) and output size\n")
    s.append("Regal front end: `regal -S` (Scheme to C, no clang); total: `regal -O2` to an "
             "executable. Size: the executable (Chez: the compiled program's .so, which needs the "
             "Chez boot files at run time).\n")
    s.append("| Program | Regal front end | Regal total | front-end share | Chez | CHICKEN | "
             "Gambit | Regal KB | Chez KB | CHICKEN KB | Gambit KB |")
    s.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for p in progs:
        rg = by.get((p, "regal"), {})
        cells = [p]
        if rg.get("frontend_s"):
            f, c = float(rg["frontend_s"]), float(rg["compile_s"])
            cells += ["%.3f" % f, "%.3f" % c, "%.1f%%" % (100 * f / c)]
        else:
            cells += ["–", "–", "–"]
        for i in PEERS:
            r = by.get((p, i), {})
            cells.append("%.2f" % float(r["compile_s"]) if r.get("compile_s") else "–")
        for i in IMPLS:
            r = by.get((p, i), {})
            cells.append("%d" % (int(r["size"]) // 1024) if r.get("size") else "–")
        s.append("| " + " | ".join(cells) + " |")
    # what failed
    fails = [r for r in rows if r["status"] != "ok"]
    s.append("\n### Programs an implementation could not run\n")
    if fails:
        for r in fails:
            s.append("- %s, %s: %s" % (r["program"], NAMES.get(r["impl"], r["impl"]),
                                        r["status"]))
    else:
        s.append("None: every implementation compiled and ran every program with the expected "
                 "output.")
    return "\n".join(s) + "\n"


def plot(rows, png, datdir):
    """programs.png: peer CPU time / Regal CPU time per program (gnuplot); returns the error
    text, or None."""
    by = {(r["program"], r["impl"]): r for r in rows}
    progs = sorted({r["program"] for r in rows})
    os.makedirs(datdir, exist_ok=True)
    dat = os.path.join(datdir, "ratios.dat")
    with open(dat, "w") as f:
        f.write("# program chez chicken gambit (peer CPU time / Regal CPU time; NaN: not run)\n")
        for p in progs:
            vals = []
            for i in PEERS:
                if by.get((p, "regal"), {}).get("status") == "ok" and \
                        by.get((p, i), {}).get("status") == "ok":
                    vals.append("%.4f" % (max(float(by[(p, i)]["cpu_s"]), 0.01) /
                                          max(float(by[(p, "regal")]["cpu_s"]), 0.01)))
                else:
                    vals.append("NaN")
            f.write("%s %s\n" % (p, " ".join(vals)))
    gp = """set terminal pngcairo size 1100,520 font ',10'
set output '%s'
set title 'Peer CPU time / Regal CPU time per program (above 1: Regal faster; log scale)'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set yrange [0.01:100]
set grid ytics
set xtics rotate by -35
set key top left
set arrow from graph 0, first 1 to graph 1, first 1 nohead lw 2 lc rgb 'black'
plot '%s' using 2:xtic(1) title 'Chez Scheme', '' using 3 title 'CHICKEN', '' using 4 title 'Gambit'
""" % (png, dat)
    r = sh(["gnuplot"], input=gp)
    return None if r.returncode == 0 else "gnuplot failed: " + r.stderr


FIELDS = ["program", "impl", "status", "median_s", "min_s", "max_s", "runs", "cpu_s", "rss_kb",
          "compile_s", "frontend_s", "size"]


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in FIELDS})


def main():
    b = os.environ.get("B", "build")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regal", default=os.path.join(ROOT, b, "regal"))
    ap.add_argument("--build", default=os.path.join(ROOT, b, "bench-programs"),
                    help="where the executables go")
    ap.add_argument("--out", help="where programs.csv/.md/.png go (default: --build)")
    ap.add_argument("--csv", help="write the CSV here instead of OUT/programs.csv")
    ap.add_argument("--runs", type=int, default=int(os.environ.get("REGAL_BENCH_RUNS", "5")),
                    help="runs of each executable (default REGAL_BENCH_RUNS, or 5)")
    ap.add_argument("--slow", type=float, default=60.0,
                    help="after a run slower than this (s), an implementation stops")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--only", help="comma-separated programs")
    ap.add_argument("--impls", default=",".join(IMPLS + ["c"]))
    ap.add_argument("--meta", help="also write the machine and versions as JSON to this file")
    a = ap.parse_args()
    if a.runs < 1:
        sys.exit("run.py: --runs must be at least 1")
    a.build = os.path.abspath(a.build)
    a.regal = os.path.abspath(a.regal)
    out = os.path.abspath(a.out or a.build)
    os.makedirs(out, exist_ok=True)
    progs = sorted(f[:-4] for f in os.listdir(HERE) if f.endswith(".scm"))
    if a.only:
        progs = [p for p in progs if p in a.only.split(",")]
    impls = a.impls.split(",")
    b = Builder(a)
    meta = machine()
    rows = []
    # start-up cost of Chez (boot files), reported in the text
    try:
        d = os.path.join(a.build, "chez")
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "empty.ss"), "w").write("(import (chezscheme))\n")
        b._chez_compile(os.path.join(d, "empty.ss"), os.path.join(d, "empty.so"))
        m = measure(["scheme", "--program", os.path.join(d, "empty.so")], "", 3, 10)
        meta["chez_startup"] = "%.2f s CPU (%.2f s wall)" % (m[5], m[0])
    except (Failure, OSError):
        pass
    print("%-13s %-17s %9s %9s %9s %8s %9s  %s" % ("program", "impl", "cpu_s", "wall_s",
                                                   "rss_MB", "compile", "frontend", "status"))
    for p in progs:
        expected = open(os.path.join(HERE, "expected", p + ".out")).read()
        jobs = [(i, None) for i in IMPLS if i in impls]
        if "c" in impls:
            jobs += list(C_FLOORS.get(p, []))
        live = []            # [row, command, samples] of the implementations that built
        for impl, csrc in jobs:
            row = dict(program=p, impl=impl, status="ok")
            rows.append(row)
            try:
                if (impl, p) in KNOWN_UNSUPPORTED:
                    raise Failure("unsupported: " + KNOWN_UNSUPPORTED[(impl, p)])
                cmd, ct, fe, size = b.build_c(csrc) if csrc else b.build(p, impl)
                row.update(compile_s="%.4f" % ct, frontend_s="%.4f" % fe if fe else "",
                           size=str(size))
                live.append([row, cmd, []])
            except Failure as e:
                row["status"] = ("%s: " % impl if impl == "regal" else "") + str(e)
            except subprocess.TimeoutExpired:
                row["status"] = "compile timeout"
        for k in range(a.runs):
            for j in range(len(live)):
                row, cmd, samples = live[(j + k) % len(live)]
                if row["status"] != "ok" or (samples and samples[-1][0] > a.slow):
                    continue
                try:
                    samples.append(run_once(cmd, expected, a.timeout))
                except Failure as e:
                    row["status"] = ("%s: " % row["impl"] if row["impl"] == "regal" else "") + \
                        str(e)
        for row, cmd, samples in live:
            if row["status"] == "ok":
                w = [x[0] for x in samples]
                row.update(median_s="%.4f" % statistics.median(w), min_s="%.4f" % min(w),
                           max_s="%.4f" % max(w), runs=str(len(samples)),
                           rss_kb=str(int(statistics.median(x[1] for x in samples))),
                           cpu_s="%.3f" % statistics.median(x[2] for x in samples))
        for row in rows[len(rows) - len(jobs):]:
            print("%-13s %-17s %9s %9s %9s %8s %9s  %s" % (
                p, row["impl"], row.get("cpu_s", "–"), row.get("median_s", "–"),
                "%.1f" % (int(row["rss_kb"]) / 1024) if row.get("rss_kb") else "–",
                row.get("compile_s", "–"), row.get("frontend_s") or "–", row["status"]),
                flush=True)
    order = {p: k for k, p in enumerate(progs)}
    rows.sort(key=lambda r: (order[r["program"]], (IMPLS + ["C"]).index(r["impl"])
                             if r["impl"] in IMPLS else 9))
    write_csv(a.csv or os.path.join(out, "programs.csv"), rows)
    if a.meta:
        with open(a.meta, "w") as f:
            json.dump(meta, f, indent=1)
    err = plot(rows, os.path.join(out, "programs.png"), out)
    if err:
        print(err, file=sys.stderr)
    pre = ("Generated by `benchmarks/run.py` at commit %s on %s; %s, %s cores, Linux %s; load "
           "average at start %s." % (meta["commit"], meta["date"], meta["cpu"], meta["cores"],
                                      meta["kernel"], meta["loadavg"]))
    with open(os.path.join(out, "programs.md"), "w") as f:
        f.write(section(rows, meta, a.runs, a.slow, pre))
    print("\nwrote programs.csv, programs.md and programs.png in %s" % out)


if __name__ == "__main__":
    main()
