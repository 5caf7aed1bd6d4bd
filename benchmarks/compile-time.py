#!/usr/bin/env python3
"""compile-time.py: compile time against program size, Regal against Chez Scheme (issue 21).

Generates programs of growing size in five shapes (SHAPES below: N top-level defines, one call
(list 0 1 ... N-1), N nested quasiquotes walked by a recursive procedure, a quoted list of N
elements, one procedure whose body is a cond of N clauses), and for each size times
  - `regal -S` (the front end: Scheme to C, no C compiler) and `regal -O2` (to an executable),
  - Chez Scheme's compile-program at optimize-level 2 (the fastest safe level; the same
    settings as benchmarks/run.py) on the same program, behind `(import (chezscheme))`,
RUNS times each (default 3), in alternation (run k of each tool, then run k + 1), and reports
the median wall-clock seconds (also min, max and median CPU seconds of the process tree in the
CSV). A run over TIMEOUT seconds (default 120) is killed with its whole process group and
reported as "timeout"; the tool is not run again at that size. Each executable, Regal's and
Chez's, runs once afterwards and its output is checked against the one the generator expects.
Writes OUT/compile-time.csv and OUT/compile-time.md (a markdown section, `section()`, which
runtime/bench/report.py also renders into BENCHMARK_RESULTS_TYPED_CODEGEN.md: `make
bench-report` regenerates the whole report from one run; this script never edits it).
The issue's targets (10^5 defines, a 10^4-element list call and 2,000 nested quasiquotes each
under 10 s at -O2) are checked in the section; nothing here is part of `make test`.
Entry point: `make bench-compile-time` (or benchmarks/compile-time.py --help).
"""
import argparse
import csv
import os
import platform
import resource
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CHEZ_LEVEL = 2                # as benchmarks/run.py: optimize-level 3 is unsafe
TARGET_S = 10.0               # issue 21: each of TARGETS under this at -O2
RUN_TIMEOUT = 60              # running a compiled program (output check)


# ---- the programs -----------------------------------------------------------------------------
# Each generator returns (program text, expected output).
def gen_defines(n):
    body = "".join("(define v%d %d)\n" % (i, i) for i in range(n))
    return body + "(display (+ v0 v%d)) (newline)\n" % (n - 1), "%d\n" % (n - 1)


def gen_list_call(n):
    return ("(define l (list %s))\n(display (apply + l)) (newline)\n"
            % " ".join(str(i) for i in range(n)), "%d\n" % (n * (n - 1) // 2))


def gen_quasiquote(n):
    s = "x"
    for _ in range(n):
        s = "`(a ," + s + ")"
    return ("(define x 7) (define q %s)\n"
            "(define (depth q) (if (pair? q) (+ 1 (depth (cadr q))) 0))\n"
            "(display (depth q)) (newline)\n" % s, "%d\n" % n)


def gen_quoted_list(n):
    items = ["s%d" % (i % 977) if i % 3 else str(i) for i in range(n)]
    return ("(define l '(%s))\n(display (length l)) (display \" \") "
            "(display (list-ref l %d)) (newline)\n" % (" ".join(items), n - 1),
            "%d %s\n" % (n, items[n - 1]))


def gen_cond(n):
    clauses = "".join("    ((= x %d) %d)\n" % (i, 2 * i + 1) for i in range(n))
    return ("(define (f x)\n  (cond\n%s    (else 0)))\n"
            "(let loop ((i 0) (s 0))\n"
            "  (if (= i %d) (begin (display s) (newline)) (loop (+ i 1) (+ s (f i)))))\n"
            % (clauses, n), "%d\n" % (n * n))


# (name, what it is, generator, sizes)
SHAPES = [
    ("defines", "N top-level `(define vI I)`", gen_defines, [1000, 10000, 100000]),
    ("list-call", "one call `(list 0 1 ... N-1)`", gen_list_call, [1000, 10000]),
    ("quasiquote", "N nested quasiquotes `` `(a ,`(a ,...)) ``, walked by a recursive procedure",
     gen_quasiquote, [500, 1000, 2000]),
    ("quoted-list", "a quoted list of N numbers and symbols", gen_quoted_list, [10000, 100000]),
    ("cond", "one procedure whose body is a `cond` of N clauses", gen_cond, [1000, 10000]),
]
TARGETS = [("defines", 100000), ("list-call", 10000), ("quasiquote", 2000)]
TOOLS = ["regal-frontend", "regal", "chez"]


# ---- running ----------------------------------------------------------------------------------
class Timeout(Exception):
    pass


def timed(argv, timeout, stdin=None):
    """Runs argv in its own process group: (wall s, CPU s of the process tree, status, output).
    Raises Timeout after `timeout` seconds, having killed the whole group (regal's clang too)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    try:
        out, _ = p.communicate(stdin.encode() if stdin is not None else None, timeout=timeout)
    except subprocess.TimeoutExpired:
        for sig in (signal.SIGTERM, signal.SIGKILL):  # SIGTERM first: regal removes its files
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                break
            try:
                p.wait(timeout=5)
                break
            except subprocess.TimeoutExpired:
                pass
        p.communicate()
        raise Timeout()
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, p.returncode, out.decode("utf-8", "replace")


def first_error(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if "rror" in l or "xception" in l:
            return l[:120]
    return (lines[0] if lines else "no message")[:120]


class Case:
    """One program at one size: its files, and per tool the samples and status."""

    def __init__(self, a, shape, n, gen):
        self.a, self.shape, self.n = a, shape, n
        d = os.path.join(a.build, "%s-%d" % (shape, n))
        os.makedirs(d, exist_ok=True)
        text, self.expected = gen(n)
        self.scm = os.path.join(d, "prog.scm")
        self.ss = os.path.join(d, "prog.ss")
        self.c = os.path.join(d, "prog.c")
        self.exe = os.path.join(d, "prog")
        self.so = os.path.join(d, "prog.so")
        with open(self.scm, "w") as f:
            f.write(text)
        with open(self.ss, "w") as f:
            f.write("(import (chezscheme))\n" + text)
        self.samples = {t: [] for t in TOOLS}
        self.status = {t: "ok" for t in TOOLS}
        self.size = {}

    def argv(self, tool):
        if tool == "regal-frontend":
            return [self.a.regal, "-S", self.scm, "-o", self.c], None
        if tool == "regal":
            return [self.a.regal, "-O2", self.scm, "-o", self.exe], None
        return ["scheme", "-q"], ("(optimize-level %d) (debug-level 0) "
                                  "(generate-inspector-information #f) "
                                  "(compile-program \"%s\" \"%s\")\n" % (CHEZ_LEVEL, self.ss,
                                                                         self.so))

    def run(self, tool):
        if self.status[tool] != "ok":
            return
        argv, stdin = self.argv(tool)
        try:
            wall, cpu, rc, out = timed(argv, self.a.timeout, stdin)
        except Timeout:
            self.status[tool] = "timeout (over %d s)" % self.a.timeout
            return
        if rc != 0 or (tool == "chez" and ("xception" in out or not os.path.exists(self.so))):
            self.status[tool] = "error: " + first_error(out)
            return
        self.samples[tool].append((wall, cpu))

    def check(self):
        """Runs what each tool built once; a wrong output marks that tool's figures."""
        for tool, argv, path in (("regal-frontend", None, self.c), ("regal", [self.exe], self.exe),
                                 ("chez", ["scheme", "--program", self.so], self.so)):
            if self.status[tool] != "ok":
                continue
            self.size[tool] = os.path.getsize(path)
            if argv is None:
                continue
            try:
                _, _, rc, out = timed(argv, RUN_TIMEOUT)
            except Timeout:
                self.status[tool] = "program timed out"
                continue
            if rc != 0 or out != self.expected:
                self.status[tool] = "wrong output: %r" % out[:40]

    def rows(self):
        out = []
        for t in TOOLS:
            r = {"shape": self.shape, "size": self.n, "tool": t, "status": self.status[t],
                 "runs": len(self.samples[t])}
            if self.status[t] == "ok" and self.samples[t]:
                w = [x[0] for x in self.samples[t]]
                r.update(median_s="%.3f" % statistics.median(w), min_s="%.3f" % min(w),
                         max_s="%.3f" % max(w),
                         cpu_s="%.3f" % statistics.median(x[1] for x in self.samples[t]),
                         output_bytes=self.size.get(t, ""))
            out.append(r)
        return out


FIELDS = ["shape", "size", "tool", "status", "median_s", "min_s", "max_s", "cpu_s", "runs",
          "output_bytes"]


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in FIELDS})


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


# ---- the markdown section ---------------------------------------------------------------------
def section(rows, preamble="", csv_link="compile-time.csv"):
    """The markdown section of one run, from rows as in compile-time.csv."""
    by = {(r["shape"], int(r["size"]), r["tool"]): r for r in rows}
    ok = lambda s, n, t: by.get((s, n, t), {}).get("status") == "ok"
    sec = lambda s, n, t: float(by[(s, n, t)]["median_s"])
    runs = max((int(r["runs"]) for r in rows if r["status"] == "ok"), default=0)
    s = ["## Compile time against program size\n"]
    if preamble:
        s.append(preamble + "\n")
    s.append("Programs generated by `benchmarks/compile-time.py` in five shapes, at growing "
             "sizes N. *Regal -O2*: `regal -O2 prog.scm -o prog`, Scheme to an executable "
             "(clang included); *front end*: `regal -S`, Scheme to C only, and its share of the "
             "total. *Chez*: Chez Scheme's `compile-program` at optimize-level 2 (safe) on the "
             "same program behind `(import (chezscheme))`. Median wall-clock seconds of %d runs "
             "(run k of each tool in turn); a run over the time limit is killed and the tool "
             "not run again at that size. Every executable and Chez program ran once after and "
             "printed the expected output. Ratio: Regal -O2 / Chez (below 1: Regal compiles "
             "faster). C: the size of the generated C. CPU: median CPU seconds (user + sys) of the "
             "process and its children (clang), which a busy machine does not inflate as it "
             "does wall time. Raw: [%s](%s) (with min and max).\n" % (runs, os.path.basename(csv_link), csv_link))
    s.append("| Shape | N | C | Regal front end s | Regal -O2 s | front-end share | Chez s | "
             "Regal / Chez | Regal -O2 CPU s | Chez CPU s |")
    s.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, what, _, _ in SHAPES:
        sizes = sorted({int(r["size"]) for r in rows if r["shape"] == name})
        for n in sizes:
            cells = [name, "{:,}".format(n)]
            fe = by.get((name, n, "regal-frontend"), {})
            cells.append(human(int(fe["output_bytes"])) if fe.get("output_bytes") else "–")
            for t in ("regal-frontend", "regal"):
                cells.append("%.2f" % sec(name, n, t) if ok(name, n, t)
                             else by.get((name, n, t), {}).get("status", "–"))
            cells.append("%.0f%%" % (100 * sec(name, n, "regal-frontend") / sec(name, n, "regal"))
                         if ok(name, n, "regal") and ok(name, n, "regal-frontend") else "–")
            cells.append("%.2f" % sec(name, n, "chez") if ok(name, n, "chez")
                         else by.get((name, n, "chez"), {}).get("status", "–"))
            if ok(name, n, "regal") and ok(name, n, "chez"):
                cells.append("%.2f" % (sec(name, n, "regal") / max(sec(name, n, "chez"), 0.001)))
            elif ok(name, n, "regal") and by.get((name, n, "chez"), {}).get(
                    "status", "").startswith("timeout"):
                cells.append("< %.3f" % (sec(name, n, "regal") / float(
                    by[(name, n, "chez")]["status"].split("over ")[1].split()[0])))
            else:
                cells.append("–")
            for t in ("regal", "chez"):
                cells.append(by[(name, n, t)]["cpu_s"] if ok(name, n, t) else "–")
            s.append("| " + " | ".join(cells) + " |")
    s.append("\nShapes: " + "; ".join("*%s*: %s" % (name, what) for name, what, _, _ in SHAPES)
             + ".\n")
    s.append("### Target (issue 21): each under %g s at -O2\n" % TARGET_S)
    s.append("| Program | Regal -O2 | |")
    s.append("|---|---|---|")
    for name, n in TARGETS:
        r = by.get((name, n, "regal"))
        if r is None:
            s.append("| %s, N = {:,} | not measured | – |".format(n) % name)
        elif r["status"] != "ok":
            s.append("| %s, N = {:,} | %s | **MISS** |".format(n) % (name, r["status"]))
        else:
            t = float(r["median_s"])
            s.append("| %s, N = {:,} | %.2f s | %s |".format(n) % (
                name, t, "**PASS**" if t < TARGET_S else "**MISS**"))
    bad = [r for r in rows if r["status"] != "ok"]
    if bad:
        s.append("\nNot measured: " + "; ".join("%s N=%s %s: %s" % (
            r["shape"], r["size"], r["tool"], r["status"]) for r in bad) + ".")
    return "\n".join(s) + "\n"


def human(b):
    for unit, k in (("MB", 10 ** 6), ("KB", 10 ** 3)):
        if b >= k:
            return "%.1f %s" % (b / k, unit)
    return "%d B" % b


def machine_line():
    cpu = "?"
    try:
        for l in open("/proc/cpuinfo"):
            if l.startswith("model name"):
                cpu = l.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True).stdout.strip() or "?"
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    return ("Generated by `benchmarks/compile-time.py` at commit %s on %s; %s, %s cores, "
            "Linux %s; load average at start %s." % (commit, time.strftime("%Y-%m-%d %H:%M %Z"),
                                                      cpu, os.cpu_count(), platform.release(),
                                                      load))


def main():
    b = os.environ.get("B", "build")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regal", default=os.path.join(ROOT, b, "regal"))
    ap.add_argument("--build", default=os.path.join(ROOT, b, "compile-time"),
                    help="where the programs and what they compile to go")
    ap.add_argument("--out", help="where compile-time.csv/.md go (default: --build)")
    ap.add_argument("--csv", help="write the CSV here instead of OUT/compile-time.csv")
    ap.add_argument("--runs", type=int, default=3, help="runs of each compilation (default 3)")
    ap.add_argument("--timeout", type=int, default=120,
                    help="seconds before a compilation is killed (default 120)")
    ap.add_argument("--only", help="comma-separated shapes, each with its sizes if wanted: "
                    "defines:1000/10000,cond")
    ap.add_argument("--tools", default=",".join(TOOLS))
    a = ap.parse_args()
    if a.runs < 1:
        sys.exit("compile-time.py: --runs must be at least 1")
    a.build = os.path.abspath(a.build)
    a.regal = os.path.abspath(a.regal)
    out = os.path.abspath(a.out or a.build)
    os.makedirs(out, exist_ok=True)
    shapes = SHAPES
    if a.only:
        want = {}
        for w in a.only.split(","):
            name, _, sizes = w.partition(":")
            want[name] = [int(x) for x in sizes.split("/")] if sizes else None
        unknown = set(want) - {n for n, _, _, _ in SHAPES}
        if unknown:
            sys.exit("compile-time.py: no shape %s" % ", ".join(sorted(unknown)))
        shapes = [(n, w, g, want[n] or sz) for n, w, g, sz in SHAPES if n in want]
    tools = [t for t in TOOLS if t in a.tools.split(",")]
    pre = machine_line()
    rows = []
    print("%-12s %7s %-15s %8s %8s %8s  %s" % ("shape", "N", "tool", "median", "min", "max",
                                              "status"), flush=True)
    for name, _, gen, sizes in shapes:
        for n in sizes:
            c = Case(a, name, n, gen)
            for t in TOOLS:
                if t not in tools:
                    c.status[t] = "not run"
            for _ in range(a.runs):
                for t in tools:
                    c.run(t)
            c.check()
            for r in c.rows():
                rows.append(r)
                print("%-12s %7d %-15s %8s %8s %8s  %s" % (
                    name, n, r["tool"], r.get("median_s", "–"), r.get("min_s", "–"),
                    r.get("max_s", "–"), r["status"]), flush=True)
    write_csv(a.csv or os.path.join(out, "compile-time.csv"), rows)
    with open(os.path.join(out, "compile-time.md"), "w") as f:
        f.write(section(rows, pre))
    print("\nwrote compile-time.csv and compile-time.md in %s" % out)


if __name__ == "__main__":
    main()
