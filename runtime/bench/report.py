#!/usr/bin/env python3
"""report.py: `make bench-report`: runs every benchmark once, at one commit, and writes the whole
of BENCHMARK_RESULTS_TYPED_CODEGEN.md from that run (issue 19).

  report.py run     run every step below, record each one's exact command, time and status in
                    runtime/bench/results/run.json, then `write`
  report.py write   render the report and its plots from runtime/bench/results/ alone

Steps: bench_runner (allocation by place, typed vs constructors, seed workloads, interning,
region lifecycle, pooling with the collector upstream, metadata, hit rate, sizes), the same
runner built over malloc and over mimalloc (pooling), anchor.ss in Chez Scheme (the allocation
loops), compiled.py (programs in both allocation modes), inference.py (the figures inference
changes, with --no-types beside them), benchmarks/run.py (programs against Chez, CHICKEN and
Gambit), benchmarks/stats.py (REGAL_STATS: where the bytes go), benchmarks/compile-time.py
(compile time against program size, Regal and Chez). Every number in the report is
computed here from those files; nothing is typed by hand, and a section whose step did not run
or failed in this run says so instead of keeping older figures.
Knobs (environment): REGAL_BENCH_RUNS (runs of each program, default 5), REGAL_BENCH_REPS
(repetitions of each micro-benchmark timing, default: each section's own, 7 to 41),
REGAL_BENCH_NOTE (a remark printed at the top, e.g. "trial on a shared machine"), B (build
directory), REGAL_BENCH_COMMAND (the command shown as having produced the report).
"""
import argparse
import csv
import datetime
import importlib.util
import json
import math
import os
import platform
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
RESULTS = os.path.join(HERE, "results")
REPORT = os.path.join(ROOT, "BENCHMARK_RESULTS_TYPED_CODEGEN.md")
REL = "runtime/bench/results"                 # RESULTS as the report links it
DEFAULT_RUNS = 5
SEED = [("int", 5.34), ("float", 5.58), ("pair", 15.60), ("symbol", 51.62), ("array", 4.20),
        ("mixed", 9.48), ("large", 14.03)]
SEED_WORK = {"int": "1000 boxed integers (2^62 + i) per iteration",
             "float": "1000 flonums per iteration", "pair": "1000 pairs of two fixnums per iteration",
             "symbol": "100 symbols per iteration: 10 new names, 90 existing",
             "array": "100 vectors of 10 elements per iteration",
             "mixed": "1000 per iteration: bignum, flonum, pair, vector of 3, string of 8, "
                      "symbol lookup, in turn",
             "large": "100,000 boxed integers in one region"}
NEVER_EMITTED = {"int", "large"}
LIFE_TARGET_NS = 10.0
FLAT_TOLERANCE = 1.25         # flat: the slowest scale within 25% of the fastest
INTERN_TARGET_NS = 10.0
HEAP_TARGET = 2.0             # issue 15: a collected-heap allocation within 2x of a region's
# the tools whose versions each step's provenance line names
STEP_TOOLS = {"alloc": ["clang"], "pool-malloc": ["clang"], "pool-mimalloc": ["clang"],
              "anchor": ["chez"], "compiled": ["clang"], "inference": [],
              "programs": ["clang", "chez", "chicken", "gambit"], "region-stats": ["clang"],
              "compile-time": ["clang", "chez"], "parallel": ["clang", "chez"]}


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def sh(cmd, **kw):
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    except OSError as e:
        return subprocess.CompletedProcess(cmd, 127, "", str(e))


def utc(t=None):
    return datetime.datetime.fromtimestamp(t or time.time(), datetime.timezone.utc) \
        .strftime("%Y-%m-%d %H:%M:%S UTC")


# ============================================================================================
# run: the steps
# ============================================================================================
def versions():
    def first(cmd, pick=lambda lines: lines[0] if lines else "?"):
        r = sh(cmd)
        lines = [l.strip() for l in (r.stdout + r.stderr).splitlines() if l.strip()]
        return pick(lines) if r.returncode == 0 and lines else "not installed"

    def deb(pkg):
        r = sh(["dpkg-query", "-W", "-f=${Version}", pkg])
        return r.stdout.strip() if r.returncode == 0 and r.stdout.strip() else "?"
    return {
        "clang": first(["clang", "--version"]),
        "chez": "Chez Scheme " + first(["scheme", "--version"]),
        "chicken": "CHICKEN " + first(["csc", "-version"], lambda ls: next(
            (l.split()[1] for l in ls if l.startswith("Version")), "?")),
        "gambit": "Gambit " + first(["gsc", "-v"], lambda ls: ls[0].split()[0]),
        "libgc": deb("libgc-dev"), "gmp": deb("libgmp-dev"), "mimalloc": deb("libmimalloc-dev"),
        "gnuplot": first(["gnuplot", "--version"]),
        "python": platform.python_version(),
    }


def machine():
    cpu = "?"
    try:
        for l in open("/proc/cpuinfo"):
            if l.startswith("model name"):
                cpu = l.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for l in open("/proc/meminfo"):
            if l.startswith("MemTotal"):
                mem = "%.1f GiB" % (int(l.split()[1]) / 2 ** 20)
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "kernel": platform.release(), "memory": mem}


def loadavg():
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


def git_state():
    head = sh(["git", "-C", ROOT, "rev-parse", "HEAD"]).stdout.strip() or "?"
    st = sh(["git", "-C", ROOT, "status", "--porcelain"]).stdout.splitlines()
    # the report's own outputs do not make the measured tree dirty
    own = (REL + "/", "BENCHMARK_RESULTS_TYPED_CODEGEN.md")
    dirty = [l[3:] for l in st if not l[3:].startswith(own)]
    return {"commit": head, "short": head[:7], "dirty": bool(dirty), "dirty_files": dirty}


def rel(p):
    p = os.path.abspath(p)
    return os.path.relpath(p, ROOT) if p.startswith(ROOT + os.sep) else p


def steps(b, runs, reps):
    """[(name, argv)] in the order they run; paths in argv are absolute."""
    bb = os.path.join(b, "bench")
    r = lambda n: os.path.join(RESULTS, n)
    rp = ["--reps", str(reps)] if reps else []
    py = sys.executable
    return [
        ("alloc", [os.path.join(bb, "bench_runner"), "--csv", r("alloc.csv")] + rp),
        ("pool-malloc", [os.path.join(bb, "bench_runner_malloc"), "--csv", r("alloc.csv"),
                         "--append", "--only", "pool", "--upstream", "malloc"] + rp),
        ("pool-mimalloc", [os.path.join(bb, "bench_runner_mi"), "--csv", r("alloc.csv"),
                           "--append", "--only", "pool", "--upstream", "mimalloc"] + rp),
        ("anchor", ["scheme", "--optimize-level", "2", "--program",
                    os.path.join(HERE, "anchor.ss"), "--csv", r("anchor.csv")] + rp),
        ("compiled", [py, os.path.join(HERE, "compiled.py"), "--regal", os.path.join(b, "regal"),
                      "--csv", r("compiled.csv"), "--runs", str(runs)]),
        ("inference", [py, os.path.join(HERE, "inference.py"), "--regal",
                       os.path.join(b, "regal"), "--csv", r("inference.csv")]),
        ("programs", [py, os.path.join(ROOT, "benchmarks", "run.py"), "--regal",
                      os.path.join(b, "regal"), "--build", os.path.join(b, "bench-programs"),
                      "--out", os.path.join(b, "bench-report", "programs"), "--runs", str(runs),
                      "--csv", r("programs.csv"), "--meta", r("programs-meta.json")]),
        ("region-stats", [py, os.path.join(ROOT, "benchmarks", "stats.py"), "--regal",
                          os.path.join(b, "regal"), "--build", os.path.join(b, "region-stats"),
                          "--csv", r("region-stats.csv")]),
        ("compile-time", [py, os.path.join(ROOT, "benchmarks", "compile-time.py"), "--regal",
                          os.path.join(b, "regal"), "--build", os.path.join(b, "compile-time"),
                          "--csv", r("compile-time.csv")]),
        ("parallel", [os.path.join(ROOT, "benchmarks", "parallel", "run.sh"), str(runs),
                      r("parallel.txt")]),
    ]


def show(argv):
    """The command as a reader would type it from the repository root."""
    out = []
    for x in argv:
        if x == sys.executable:
            x = "python3"
        elif os.path.isabs(x):
            x = rel(x)
        out.append(shlex.quote(x))
    return " ".join(out)


def cmd_run(a):
    b = os.path.abspath(os.environ.get("B", "build"))
    runs = int(os.environ.get("REGAL_BENCH_RUNS", DEFAULT_RUNS))
    reps = int(os.environ.get("REGAL_BENCH_REPS", "0"))
    if runs < 1 or reps < 0 or (reps and reps < 3):
        sys.exit("report.py: REGAL_BENCH_RUNS must be >= 1 and REGAL_BENCH_REPS >= 3")
    os.makedirs(RESULTS, exist_ok=True)
    for f in os.listdir(RESULTS):                  # nothing of an earlier run survives
        os.remove(os.path.join(RESULTS, f))
    t0 = time.time()
    run = {"git": git_state(), "date_start": utc(t0), "machine": machine(),
           "versions": versions(), "loadavg_start": loadavg(),
           "command": os.environ.get("REGAL_BENCH_COMMAND", "runtime/bench/report.py run"),
           "knobs": {"REGAL_BENCH_RUNS": runs, "REGAL_BENCH_REPS": reps or None,
                     "REGAL_BENCH_NOTE": os.environ.get("REGAL_BENCH_NOTE", "")},
           "steps": {}}
    failed = []
    for name, argv in steps(b, runs, reps):
        print("report.py: [%s] %s" % (name, show(argv)), flush=True)
        s0 = time.time()
        try:
            r = subprocess.run(argv, cwd=ROOT, stdout=sys.stderr)
            status = "ok" if r.returncode == 0 else "exit status %d" % r.returncode
        except OSError as e:
            status = "could not start: %s" % e
        run["steps"][name] = {"command": show(argv), "start": utc(s0),
                              "seconds": round(time.time() - s0, 1), "status": status}
        if status != "ok":
            failed.append(name)
            print("report.py: step %s failed: %s" % (name, status), file=sys.stderr)
    run["git_end"] = git_state()
    run["date_end"] = utc()
    run["seconds"] = round(time.time() - t0, 1)
    run["loadavg_end"] = loadavg()
    with open(os.path.join(RESULTS, "run.json"), "w") as f:
        json.dump(run, f, indent=1)
    cmd_write(a)
    if failed:
        sys.exit("report.py: steps failed: %s (the report says so)" % ", ".join(failed))


# ============================================================================================
# write: the data of one run
# ============================================================================================
class Rows:
    """A bench_runner-format CSV (section,item,variant,median,min,max,unit,count,note)."""

    def __init__(self, path):
        self.rows, self.meta = [], {}
        if not os.path.exists(path):
            return
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if r["section"] == "meta":
                    self.meta[r["item"]] = r["note"]
                    continue
                for k in ("median", "min", "max", "count"):
                    r[k] = float(r[k])
                self.rows.append(r)

    def get(self, section, item=None, variant=None):
        for r in self.rows:
            if r["section"] == section and (item is None or r["item"] == item) and \
                    (variant is None or r["variant"] == variant):
                return r
        return None

    def all(self, section):
        return [r for r in self.rows if r["section"] == section]

    def items(self, section):
        seen = []
        for r in self.all(section):
            if r["item"] not in seen:
                seen.append(r["item"])
        return seen


def ns(r, digits=2):
    return "–" if r is None else "%.*f" % (digits, r["median"])


def spread(r, digits=2):
    return "%.*f–%.*f" % (digits, r["min"], digits, r["max"])


def cell(r, digits=2):
    return "–" if r is None else "%s (%s)" % (ns(r, digits), spread(r, digits))


def verdict(ok):
    return "**PASS**" if ok else "**MISS**"


class Report:
    def __init__(self):
        with open(os.path.join(RESULTS, "run.json")) as f:
            self.run = json.load(f)
        self.alloc = Rows(os.path.join(RESULTS, "alloc.csv"))
        self.anchor = Rows(os.path.join(RESULTS, "anchor.csv"))
        self.chez = self.anchor.rows[0]["variant"] if self.anchor.rows else "Chez Scheme"

    def ok(self, step):
        return self.run["steps"].get(step, {}).get("status") == "ok"

    def tools(self, names):
        """Short versions of the tools the steps used: clang 14.0.6, Chez Scheme 9.5.8..."""
        v = self.run["versions"]
        short = {"clang": "clang " + v["clang"].split("version")[-1].split()[0]
                 if "version" in v["clang"] else v["clang"],
                 "chez": v["chez"], "chicken": v["chicken"], "gambit": v["gambit"]}
        out = []
        for n in names:
            for t in STEP_TOOLS.get(n, []):
                if short[t] not in out:
                    out.append(short[t])
        return ", ".join(out)

    def provenance(self, *names):
        """The line under a section's heading: exact command(s), commit, machine, tools."""
        g, m = self.run["git"], self.run["machine"]
        parts = []
        for n in names:
            st = self.run["steps"].get(n)
            if st is None:   # a step newer than this run: its command, marked as not run
                argv = dict(steps(os.path.abspath(os.environ.get("B", "build")),
                                  self.run["knobs"]["REGAL_BENCH_RUNS"],
                                  self.run["knobs"]["REGAL_BENCH_REPS"] or 0)).get(n)
                parts.append("`%s` (**did not run** in this run)" % show(argv) if argv
                             else "step `%s` did not run" % n)
                continue
            parts.append("`%s` (%s, %.0f s%s)" % (
                st["command"], st["start"], st["seconds"],
                "" if st["status"] == "ok" else ", **FAILED: %s**" % st["status"]))
        tools = self.tools(names)
        return ("*Command: %s. Commit %s%s; %s, %s cores%s.*" % (
            "; ".join(parts), g["short"], " with uncommitted changes" if g["dirty"] else "",
            m["cpu"], m["cores"], "; " + tools if tools else ""))

    def missing(self, *names):
        bad = [n for n in names if not self.ok(n)]
        if not bad:
            return None
        return ("**Not measured in this run** (step %s: %s); no older figures are kept.\n" % (
            ", ".join(bad), "; ".join(self.run["steps"].get(n, {}).get("status", "did not run")
                                      for n in bad)))


# ---- header -----------------------------------------------------------------------------------
def sec_header(R):
    run, g, m, v = R.run, R.run["git"], R.run["machine"], R.run["versions"]
    k = run["knobs"]
    trial = []
    if k["REGAL_BENCH_RUNS"] < DEFAULT_RUNS:
        trial.append("REGAL_BENCH_RUNS=%d: each program ran %d time(s), not %d" % (
            k["REGAL_BENCH_RUNS"], k["REGAL_BENCH_RUNS"], DEFAULT_RUNS))
    if k["REGAL_BENCH_REPS"]:
        trial.append("REGAL_BENCH_REPS=%d: every micro-benchmark timing repeated %d times "
                     "instead of each section's default" % (k["REGAL_BENCH_REPS"],
                                                             k["REGAL_BENCH_REPS"]))
    s = ["# Regal benchmark report\n",
         "Generated by `%s` (runtime/bench/report.py) from one run at one commit; every table "
         "below comes from this run, and its raw data are in [%s/](%s/). Do not edit: rerun "
         "`make bench-report`.\n" % (run["command"], REL, REL)]
    if trial or k["REGAL_BENCH_NOTE"]:
        s.append("> **%s**%s\n" % (
            "TRIAL RUN, not for quotation" if trial else "Note",
            "".join("\n> - " + t for t in ([k["REGAL_BENCH_NOTE"]] if k["REGAL_BENCH_NOTE"]
                                              else []) + trial)))
    dirty = ""
    if g["dirty"]:
        dirty = " **with uncommitted changes** (%s%s)" % (
            ", ".join(g["dirty_files"][:8]), ", ..." if len(g["dirty_files"]) > 8 else "")
    if run.get("git_end", g)["commit"] != g["commit"]:
        dirty += " **(HEAD moved to %s during the run)**" % run["git_end"]["short"]
    s += ["| | |", "|---|---|",
          "| Commit | `%s`%s |" % (g["commit"], dirty),
          "| Date | %s to %s (%.0f s in all) |" % (run["date_start"], run["date_end"],
                                                  run["seconds"]),
          "| Command | `%s`; REGAL_BENCH_RUNS=%s, REGAL_BENCH_REPS=%s |" % (
              run["command"], k["REGAL_BENCH_RUNS"], k["REGAL_BENCH_REPS"] or "default"),
          "| Machine | %s, %s cores, %s memory, Linux %s |" % (m["cpu"], m["cores"], m["memory"],
                                                              m["kernel"]),
          "| Load average at start / end | %s / %s |" % (run["loadavg_start"],
                                                       run["loadavg_end"]),
          "| C compiler | %s |" % v["clang"],
          "| Peers | %s; %s; %s |" % (v["chez"], v["chicken"], v["gambit"]),
          "| Libraries | libgc %s, GMP %s, mimalloc %s, glibc %s |" % (
              v["libgc"], v["gmp"], v["mimalloc"], R.alloc.meta.get("libc", "?")),
          "| Benchmark flags | `%s` (no `-march=native`); runtime `%s` |" % (
              R.alloc.meta.get("bench_cflags", "?"), R.alloc.meta.get("runtime_cflags", "?")),
          "| Steps | %s |" % "; ".join("%s %.0f s%s" % (n, st["seconds"], "" if st["status"] == "ok"
                                                        else " (**%s**)" % st["status"])
                                       for n, st in run["steps"].items())]
    s.append("\n![allocation by place, and the region lifecycle](%s/bench.png)\n" % REL)
    return "\n".join(s) + "\n"


# ---- targets ----------------------------------------------------------------------------------
def flat(rows):
    lo, hi = min(r["median"] for r in rows), max(r["median"] for r in rows)
    return lo, hi, hi / lo <= FLAT_TOLERANCE


def sec_targets(R):
    A = R.alloc
    out = []
    for item in HEAP_SIZE_ITEMS:
        c, h = A.get("place", item, "region, chunks"), A.get("place", item, "collected heap")
        if c and h:
            f = h["median"] / c["median"]
            out.append(("issue 15: collected heap without the nursery (libgc, -fno-nursery) within %gx of region chunks, %d-byte %s" % (
                HEAP_TARGET, int(c["note"].split()[0]), item),
                "%s vs %s ns = %.1fx" % (ns(h), ns(c), f), f <= HEAP_TARGET))
        nu = A.get("place", item, NURSERY) if c else None
        if c and nu:
            f = nu["median"] / c["median"]
            out.append(("issue 15: the nursery (the default collected heap) within %gx of region chunks, %d-byte %s"
                        % (HEAP_TARGET, int(c["note"].split()[0]), item),
                        "%s vs %s ns = %.1fx" % (ns(nu), ns(c), f), f <= HEAP_TARGET))
    for variant in ("empty", "inline buffer used"):
        rows = [r for r in A.all("lifecycle") if r["variant"].startswith(variant)]
        if rows:
            lo, hi, ok = flat(rows)
            out.append(("issue 3: region lifecycle (%s) under %g ns at every scale" % (
                variant, LIFE_TARGET_NS), "%.2f to %.2f ns" % (lo, hi), hi < LIFE_TARGET_NS))
    for r0 in ("empty", "inline buffer used", "spilled"):
        rows = [r for r in A.all("lifecycle") if r["variant"].startswith(r0)]
        if rows:
            lo, hi, ok = flat(rows)
            out.append(("issue 19: lifecycle (%s) flat from 100K to 10M (slowest within %d%%)" % (
                r0, round((FLAT_TOLERANCE - 1) * 100)), "%.2f–%.2f ns (%.2fx)" % (lo, hi, hi / lo),
                ok))
    it = [r for r in A.all("intern") if r["variant"].startswith("rt_intern")]
    if it:
        worst = max(r["median"] for r in it)
        out.append(("issue 3: interning an existing name under %g ns (every pattern)" %
                    INTERN_TARGET_NS, "at most %.2f ns" % worst, worst < INTERN_TARGET_NS))
    for item in ("pair", "flonum"):
        t, b = A.get("place", item, "region, chunks"), A.get("place", item, "bump, in cache")
        if t and b:
            f = t["median"] / b["median"]
            out.append(("issue 3: typed %s in region chunks within 2x of a bump pointer in cache"
                        % item, "%s vs %s ns = %.2fx" % (ns(t), ns(b), f), f <= 2.0))
    s = ["## Targets\n", "Computed from the tables below; program-level targets (issues 9 and "
         "15) are in their own sections.\n"]
    if not out:
        return "\n".join(s + [R.missing("alloc") or "No target could be computed.\n"])
    met = sum(1 for _, _, ok in out if ok)
    s += ["%d of %d met.\n" % (met, len(out)), "| Target | Measured (median) | |", "|---|---|---|"]
    s += ["| %s | %s | %s |" % (t, m, verdict(ok)) for t, m, ok in out]
    return "\n".join(s) + "\n"


# the per-size rows of the collected heap against region chunks (issue 15): 16, 32, 64 and 256
# bytes, closures (no tail in the heap) and vectors (one byte of tail: the next granule)
HEAP_SIZE_ITEMS = ["pair", "flonum", "closure, 2 free variables", "closure, 6 free variables",
                   "closure, 30 free variables", "vector of 3", "vector of 7", "vector of 31"]


# ---- allocation by place ----------------------------------------------------------------------
NURSERY = "collected heap, nursery (default)"
PLACES = ["region, inline buffer", "region, chunks", "collected heap", NURSERY, "malloc+free",
          "mimalloc+free", "bump, in cache", "bump, beyond the caches"]
MAIN_KINDS = ["pair", "flonum", "box", "closure, 2 free variables", "vector of 3",
              "vector of 10", "vector of 100", "string of 8 characters", "record, 2 fields",
              "bignum, one limb", "bignum from (+ 2^62 i)"]


def anchor_check(R, item):
    """The Chez row for item, or None; a row whose object count differs from bench_runner's
    is not the same workload and is not shown."""
    a = R.anchor.get("anchor", item)
    p = R.alloc.get("place", item)
    if a is None or p is None or int(a["count"]) != int(p["count"]):
        return None
    return a


def sec_places(R):
    A = R.alloc
    s = ["## 1. What compiled programs allocate, and where\n", R.provenance("alloc", "anchor") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    llc = int(A.meta.get("llc_bytes", "0") or 0)
    cold = int(A.meta.get("cold_bytes", "0") or 0)
    s.append(
        "Each object is built as compiler/emit.c builds it (its memory, then the header and every "
        "field written once; the fixnum i in every slot) and stored into a ring of 1024 slots, so "
        "at most 1024 are live. One timing builds 16 MiB of objects (1 MiB for the bignum "
        "addition); the median of the timings, in ns per object, with min–max in "
        "[alloc.csv](%s/alloc.csv). Places: *inline buffer*: a frame region "
        "(`rt_region_enter`) filled to its end%s, then `rt_region_recycle`, as a loop region "
        "does (the runner checks that it never takes a chunk); *chunks*: a region entered, filled with 2 MiB (chunks from the per-thread "
        "pool), left; *collected heap*: `rt_heap_typed`/`rt_heap_sized` exactly as compiled "
        "code allocates an object whose site is placed in the collected heap (a pop from the "
        "thread's free list of the object's kind and size; refills and collections included); "
        "*nursery*: the collected heap of a program as compiled by default (the nursery is on "
        "unless `-fno-nursery`), "
        "`rt_nursery_alloc` (a bump window; runtime/nursery.c), its minor collections included "
        "and one at the end of each timing, so that the timing frees what it made (the ring's "
        "objects, in static data, are pinned survivors); objects over 256 bytes go to libgc "
        "from there; *malloc+free*, *mimalloc+free*: the object a ring slot held is freed when "
        "the slot takes the next one; *bump*: a pointer bumped with no test over a prefaulted "
        "buffer, either the same 2 MiB again and again (in cache) or %d MiB (%s the %d MiB "
        "last-level cache) walked through, so every object lands in memory last written long "
        "ago. *Chez*: the same loop in Chez Scheme ([anchor.ss](runtime/bench/anchor.ss): "
        "`(vector-set! ring (fxand i 1023) (cons i i))` and so on, %s), allocating in its "
        "nursery with generational collection and paying its write barrier for the store.\n"
        % (REL, sized(A, "inline_bytes", " (%s bytes)"), cold >> 20,
           "%.0fx" % (cold / llc) if llc else "?", llc >> 20, R.chez))
    hdr = ["Object", "Bytes"] + PLACES + ["Chez"]
    s.append("| " + " | ".join(hdr) + " |")
    s.append("|---|" + "---:|" * (len(hdr) - 1))
    for item in MAIN_KINDS:
        rows = {p: A.get("place", item, p) for p in PLACES}
        any_row = next((r for r in rows.values() if r), None)
        if any_row is None:
            continue
        name = item
        if item == "bignum, one limb":
            name += " ¹"
        if item == "bignum from (+ 2^62 i)":
            name += " ²"
        cells = [name, any_row["note"].split()[0]]
        for p in PLACES:
            cells.append(ns(rows[p]))
        cells.append(ns(anchor_check(R, item)))
        s.append("| " + " | ".join(cells) + " |")
    s.append("\n–: does not apply (a vector of 100 does not fit the inline buffer; the bignum "
             "addition allocates where numbers.c puts its result, a region or the heap).\n"
             "¹ The compiler never emits a bignum allocation: the runtime's arithmetic makes "
             "them (numbers.c), in the region it is given; the row is the allocation and fill "
             "alone. Small integers are fixnums, immediate: no row is shown for them.\n"
             "² `(+ 2^62 i)`: generic addition with a bignum operand, GMP included, as compiled "
             "code calls it (`rt_add`); Chez runs the same addition.\n")
    # computed remarks
    rem = []
    ratios = []
    for item in MAIN_KINDS[:-1]:
        c, h = A.get("place", item, "region, chunks"), A.get("place", item, "collected heap")
        if c and h:
            ratios.append((h["median"] / c["median"], item))
    if ratios:
        lo, hi = min(ratios), max(ratios)
        rem.append("The collected heap costs %.1fx (%s) to %.1fx (%s) a region-chunk "
                   "allocation of the same object." % (lo[0], lo[1], hi[0], hi[1]))
    cz = []
    for item in MAIN_KINDS[:-2]:
        a, c = anchor_check(R, item), A.get("place", item, "collected heap")
        if a and c:
            cz.append((c["median"] / a["median"], item))
    if cz:
        rem.append("Against Chez's nursery, the collected heap is %.1fx to %.1fx slower "
                   "(geometric mean %.1fx over %d objects); region chunks are %s." % (
                       min(cz)[0], max(cz)[0], math.exp(sum(math.log(x) for x, _ in cz) / len(cz)),
                       len(cz), describe_vs_chez(R)))
    bw = [(A.get("place", i, "bump, beyond the caches"), A.get("place", i, "bump, in cache"))
          for i in MAIN_KINDS]
    bw = [(c, w) for c, w in bw if c and w]
    if bw:
        rem.append("Writing memory last touched long ago costs %.1fx to %.1fx writing the same "
                   "objects in cache (bump beyond the caches against bump in cache)." % (
                       min(c["median"] / w["median"] for c, w in bw),
                       max(c["median"] / w["median"] for c, w in bw)))
    s += ["- " + x for x in rem]
    return "\n".join(s) + "\n"


def sized(A, key, fmt):
    """fmt with the runtime's constant `key` as the runner recorded it, or "" if it did not."""
    v = A.meta.get(key, "")
    return fmt % v if v else ""


def describe_vs_chez(R):
    xs = []
    for item in MAIN_KINDS[:-2]:
        a, c = anchor_check(R, item), R.alloc.get("place", item, "region, chunks")
        if a and c:
            xs.append(a["median"] / c["median"])
    if not xs:
        return "not comparable"
    g = math.exp(sum(math.log(x) for x in xs) / len(xs))
    return ("%.1fx to %.1fx faster than Chez (geometric mean %.1fx)" % (min(xs), max(xs), g)
            if min(xs) >= 1 else "%.2fx to %.1fx Chez's speed (geometric mean %.1fx)"
            % (min(xs), max(xs), g))


def sec_sizes_heap(R):
    A = R.alloc
    s = ["## 2. The collected heap against region chunks, per size (issue 15)\n",
         R.provenance("alloc", "anchor") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s.append("The same measurement as section 1 for objects of 16, 32, 64 and 256 bytes (a pair, "
             "a flonum, closures of 2, 6 and 30 free variables, vectors of 3, 7 and 31 slots): "
             "typed allocation in region chunks against the collected heap, as compiled code "
             "emits both: `rt_heap_typed`/`rt_heap_sized` for a site placed in the heap, and "
             "`alloc_obj_sized(rr, …)` when the caller's region `rr` is the heap at run time (its "
             "window's test fails, then the typed slow path). Target (issue 15): the collected heap "
             "within %gx of a region allocation of the same size. The heap hands out 16-byte "
             "granules; a vector gets one byte of tail there (runtime/regal.h, R7), so a vector "
             "of 3, 7 or 31 slots takes one granule more than its size.\n" % HEAP_TARGET)
    s += ["| Bytes | Object | Region chunks ns (min–max) | Collected heap ns (min–max) | "
          "Heap / region | Heap as the caller's region ns | Nursery (-fnursery) ns (min–max) | "
          "Nursery / region | Chez ns | Target: heap | Target: nursery |",
          "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for item in HEAP_SIZE_ITEMS:
        c, h = A.get("place", item, "region, chunks"), A.get("place", item, "collected heap")
        if not (c and h):
            continue
        f = h["median"] / c["median"]
        rr = A.get("place", item, "collected heap, as the caller's region")
        nu = A.get("place", item, NURSERY)
        fn = nu["median"] / c["median"] if nu else None
        s.append("| %s | %s | %s | %s | %.1f | %s | %s | %s | %s | %s | %s |" % (
            c["note"].split()[0], item, cell(c), cell(h), f, cell(rr) if rr else "–",
            cell(nu) if nu else "–", "%.1f" % fn if nu else "–",
            ns(anchor_check(R, item)), verdict(f <= HEAP_TARGET),
            verdict(fn <= HEAP_TARGET) if nu else "–"))
    s.append("\n*Nursery*: the same objects where a program puts its collected-heap objects by "
             "default (runtime/nursery.c; section 1), minor collections included. The *collected "
             "heap* columns are libgc's own allocation, which a program compiled with "
             "`-fno-nursery`, or linking separately compiled libraries, uses instead (and any "
             "program once its nursery has turned itself off).\n")
    return "\n".join(s) + "\n"


# ---- typed vs constructors --------------------------------------------------------------------
LPATHS = ["typed, inline", "constructor, inline", "typed, out of line", "constructor, out of line"]


def sec_like(R):
    A = R.alloc
    s = ["## 3. Typed allocation against the constructors, like for like\n",
         R.provenance("alloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s.append("The objects compiled code builds in both allocation modes, in region chunks (as in "
             "section 1). *Typed*: what `--alloc=typed` emits, `alloc_obj_typed`/`alloc_obj_sized` "
             "with a constant type id and every field written; *constructor*: what "
             "`--alloc=constructors` emits, the `mk_*` call and the stores compiled code adds "
             "after it (the slots of `(vector a b c)`, a closure's free variables, a record's "
             "fields, which `mk_*` has first filled with a placeholder). *Inline*: the typed code "
             "in place, and the constructor's body inlined ([ctor_inline.h](runtime/bench/"
             "ctor_inline.h), object.c's `mk_*` made `static inline`); *out of line*: a call "
             "either way, to [typed_ool.c](runtime/bench/typed_ool.c) or to libregal's `mk_*`. "
             "Before timing, the runner checks that all four build the same bytes.\n")
    s += ["| Object | Bytes | Typed inline | Constructor inline | Typed / constructor | "
          "Typed out of line | Constructor out of line | Typed / constructor |",
          "|---|---:|---:|---:|---:|---:|---:|---:|"]
    inl, ool = [], []
    for item in A.items("like"):
        r = {p: A.get("like", item, p) for p in LPATHS}
        if not all(r.values()):
            continue
        a, b = r["typed, inline"]["median"] / r["constructor, inline"]["median"], \
            r["typed, out of line"]["median"] / r["constructor, out of line"]["median"]
        inl.append((a, item))
        ool.append((b, item))
        s.append("| %s | %s | %s | %s | %.2f | %s | %s | %.2f |" % (
            item, r["typed, inline"]["note"].split()[0], ns(r["typed, inline"]),
            ns(r["constructor, inline"]), a, ns(r["typed, out of line"]),
            ns(r["constructor, out of line"]), b))
    if inl:
        call = [(A.get("like", i, "constructor, out of line")["median"] /
                 A.get("like", i, "typed, inline")["median"]) for _, i in inl]
        s.append("\n%s\n" % like_sentence(inl, ool, call))
    return "\n".join(s) + "\n"


PREFILLED = {"closure, 2 free variables", "vector of 3", "record, 2 fields"}


def like_sentence(inl, ool, call):
    """The one-sentence explanation under the like-for-like table, from its numbers: inl and
    ool are (typed / constructor, object) inline and out of line, call the gains of the typed
    inline path over the out-of-line constructor."""
    same = [i for x, i in inl if abs(x - 1) <= 0.10]
    odd = ["%s %.2f" % (i, x) for x, i in inl if abs(x - 1) > 0.10]
    fast = [(x, i) for x, i in ool if x < 0.90]
    if set(i for _, i in fast) <= PREFILLED:
        where = ("only where `mk_*` first writes placeholders into slots the caller then "
                 "overwrites (%s)" % ", ".join("%s %.2f" % (i, x) for x, i in sorted(fast))
                 if fast else "by no more than 10%")
    else:
        where = "by %.2f to %.2f (typed / constructor)" % (min(ool)[0], max(ool)[0])
    return ("Like for like, the type id buys nothing by itself: inlined, typed and constructor "
            "allocation are within 10%% of each other on %d of %d objects%s, and out of line "
            "they differ %s; the %.1fx to %.1fx that emitted code gains over calling `mk_*` "
            "(typed inline against constructor out of line) is the call, which the typed path "
            "avoids by being emitted inline." % (
                len(same), len(inl), " (not on: %s)" % ", ".join(odd) if odd else "", where,
                min(call), max(call)))


# ---- seed claims ------------------------------------------------------------------------------
def sec_seed(R):
    A = R.alloc
    s = ["## 4. The seed document's claims against our figures\n", R.provenance("alloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s.append("The seed document reported the figures of the first column for these seven "
             "workloads (issue 3). Ours: the same workload, typed path "
             "(what the compiler emits), in one region created before and released after each "
             "timed batch (64 iterations; the large workload: one of 100,000); the constructor (`mk_*`, out of line) beside it.\n")
    s += ["| Workload | Seed claim ns/object | Ours, typed ns/object (min–max) | Seed / ours | "
          "Ours, constructor ns/object |", "|---|---:|---:|---:|---:|"]
    for w, claim in SEED:
        t, c = A.get("seed", w, "typed"), A.get("seed", w, "constructor")
        if t is None:
            continue
        mark = " ³" if w in NEVER_EMITTED else ""
        s.append("| %s%s: %s | %.2f | %s | %.1fx | %s |" % (
            w, mark, SEED_WORK[w], claim, cell(t), claim / t["median"], ns(c)))
    s.append("\n³ Boxed integer objects (`TYPE_ID_INT`, one limb): compiled code never allocates "
             "one for an integer in fixnum range (fixnums are immediate, 0 bytes); the row "
             "measures the seed's workload only. The symbol row is dominated by interning (the "
             "10 new names a batch allocate their symbol and name in rt_global_region).\n")
    return "\n".join(s) + "\n"


# ---- lifecycle --------------------------------------------------------------------------------
def sec_lifecycle(R):
    A = R.alloc
    s = ["## 5. Region lifecycle: rt_region_enter + rt_region_leave\n",
         R.provenance("alloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    variants = []
    for r in A.all("lifecycle"):
        if r["variant"] not in variants:
            variants.append(r["variant"])
    s.append("One lifecycle: a call of a non-inlined function whose C frame holds a `Region`: "
             "`rt_region_enter`, the allocations, `rt_region_leave`, as a compiled procedure "
             "with a frame region does. The loop of N lifecycles is timed as a whole. *Empty*: "
             "no allocation; *inline buffer used*: a pair, a flonum and a pair (48 bytes); "
             "*spilled*: 40 pairs (640 bytes) overflow the %sinline buffer, so a chunk "
             "comes from the per-thread pool and goes back (the runner checks both: no chunk "
             "for the first two, one per lifecycle for the third). Median ns per lifecycle "
             "(min–max).\n" % sized(A, "inline_bytes", "%s-byte "))
    s += ["| Lifecycles | " + " | ".join(variants) + " |", "|---:|" + "---:|" * len(variants)]
    for item in A.items("lifecycle"):
        s.append("| %s | %s |" % ("{:,}".format(int(item)), " | ".join(
            cell(A.get("lifecycle", item, v)) for v in variants)))
    for v in variants:
        rows = [r for r in A.all("lifecycle") if r["variant"] == v]
        lo, hi, ok = flat(rows)
        s.append("%s- %s: %.2f to %.2f ns across the scales (%.2fx): %s." % (
            "\n" if v == variants[0] else "", v, lo, hi, hi / lo,
            "flat" if ok else "NOT flat (slowest more than %d%% above fastest)" %
            round((FLAT_TOLERANCE - 1) * 100)))
    rows = A.all("lifecycle")
    if rows:
        s.append("- %s." % rows[0]["note"].capitalize())
    return "\n".join(s) + "\n"


# ---- interning, pooling, metadata, hit rate, sizes --------------------------------------------
def sec_intern(R):
    A = R.alloc
    s = ["## 6. Interning an existing name\n", R.provenance("alloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s.append("`rt_intern(name, len)` (the length known, as for a symbol literal) and "
             "`mk_symbol(r, name)` (which adds a `strlen`) on names already in the table. A "
             "lookup hashes the UTF-8 bytes a word at a time and walks one bucket's chain, "
             "comparing hash, length and bytes (runtime/object.c); it allocates nothing. The last row runs "
             "after the seed's symbol workload has added its new names, so buckets and names are "
             "spread in memory.\n")
    s += ["| Pattern | Symbols in table | `rt_intern` ns (min–max) | `mk_symbol` ns (min–max) |",
          "|---|---:|---:|---:|"]
    for r in A.all("intern"):
        if not r["variant"].startswith("rt_intern"):
            continue
        c = A.get("intern", r["item"], "mk_symbol(r, name)")
        s.append("| %s | %s | %s | %s |" % (r["item"], r["note"].split(" symbols")[0], cell(r),
                                           cell(c)))
    return "\n".join(s) + "\n"


def sec_pool(R):
    A = R.alloc
    s = ["## 7. Pooled chunks against fresh ones (binary-trees)\n",
         R.provenance("alloc", "pool-malloc", "pool-mimalloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s.append("For depth d = 4, 6, …, 16, 2^(20−d) trees of depth d, each built from typed pairs "
             "in its own region, walked and released (14.7 M pairs a run). *Pooled*: chunks from "
             "the per-thread pool%s; *fresh*: `rt_pool_disabled = 1`, every chunk "
             "from the upstream allocator and back. Upstream *collector*: the collector's "
             "uncollectable memory, what compiled programs use; *malloc* and *mimalloc*: the "
             "runtime rebuilt with `-DRT_USE_MALLOC` / `-DRT_USE_MIMALLOC` (bench_runner_malloc, "
             "bench_runner_mi).\n" % sized(A, "pool_max", " (at most %s kept)"))
    s += ["| Upstream | Pooled ms/run (min–max) | Fresh ms/run (min–max) | Fresh / pooled | "
          "Upstream allocations per run (pooled / fresh) | Page faults per run (pooled / fresh) |",
          "|---|---:|---:|---:|---:|---:|"]
    for up in ("collector", "malloc", "mimalloc"):
        p = A.get("pool", up, "pooled chunks")
        f = next((r for r in A.all("pool") if r["item"] == up and
                  r["variant"].startswith("fresh")), None)
        if not (p and f):
            s.append("| %s | not measured | | | | |" % up)
            continue
        ua = lambda r: r["note"].split("; ")[1].split(" ")[0]
        pf = lambda r: r["note"].split("; ")[2].split(" ")[0]
        s.append("| %s | %s | %s | %.2f | %s / %s | %s / %s |" % (
            up, cell(p, 1), cell(f, 1), f["median"] / p["median"], ua(p), ua(f), pf(p), pf(f)))
    return "\n".join(s) + "\n"


def sec_metadata(R):
    A = R.alloc
    s = ["## 8. The cost of per-object metadata\n", R.provenance("alloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s.append("The same tree built and walked in one region (creation and release outside the "
             "timing): Regal's 16-byte pairs against pairs carrying a 48-byte header of the kind "
             "other region runtimes put on every object (owner region, generation, refcount, "
             "mark, tag, flags, size, two reserved words), filled at allocation.%s\n" % pool_note(A))
    s += ["| Tree | Objects | ns/node (min–max) | Bytes in region | Bytes/node |",
          "|---|---:|---:|---:|---:|"]
    for r in A.all("metadata"):
        b = A.get("metadata_bytes", r["item"], r["variant"])
        s.append("| %s, %s | %s | %s | %s | %.1f |" % (
            r["item"], r["variant"], "{:,}".format(int(r["count"])), cell(r),
            "{:,}".format(int(b["median"])), b["median"] / r["count"]))
    return "\n".join(s) + "\n"


def pool_note(A):
    """Which trees need more chunks than the pool keeps, from the run's own sizes."""
    chunk, pmax = int(A.meta.get("chunk_bytes", 0) or 0), int(A.meta.get("pool_max", 0) or 0)
    if not (chunk and pmax):
        return ""
    big = []
    for r in A.all("metadata_bytes"):
        n = math.ceil(r["median"] / chunk)
        if n > pmax:
            big.append("%s, %s (%d chunks)" % (r["item"], r["variant"], n))
    if not big:
        return " Every tree fits the %d chunks the pool keeps." % pmax
    return (" More chunks than the pool keeps (%d of %d bytes): %s; the excess comes from "
            "upstream on every run." % (pmax, chunk, "; ".join(big)))


def sec_hitrate(R):
    A = R.alloc
    s = ["## 9. Inline buffer hit rate\n", R.provenance("alloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s.append("Counted, not computed: hitrate.c is compiled with `-DRT_COUNT_INLINE`, so the "
             "allocation fast path counts every request the inline buffer serves; each address is "
             "also checked against the buffer's bounds, and the runner stops if the two counts "
             "differ. Pattern: for k = 1..64, a region allocating k objects, then released.\n")
    s += ["| Objects | Hits (counter) | Hits (addresses) | Allocations | Hit rate | "
          "First k that spills |", "|---|---:|---:|---:|---:|---:|"]
    for r in A.all("hitrate"):
        s.append("| %s | %d | %d | %d | %.1f%% | %s |" % (
            r["variant"], r["median"], r["min"], r["max"], 100 * r["median"] / r["max"],
            r["note"].split(": ")[-1]))
    return "\n".join(s) + "\n"


def sec_objsizes(R):
    A = R.alloc
    s = ["## 10. Object sizes\n", R.provenance("alloc") + "\n"]
    miss = R.missing("alloc")
    if miss:
        return "\n".join(s + [miss])
    s += ["The type table's size (the fixed part `alloc_obj_typed` bumps) and `sizeof` of the "
          "C struct; variable parts are added per element.\n",
          "| Type | Struct | Table bytes | sizeof | May live inline |", "|---|---|---:|---:|---|"]
    for r in A.all("size"):
        s.append("| %s | %s | %d | %d | %s |" % (r["item"], r["variant"], r["median"], r["min"],
                                                "yes" if r["max"] else "no"))
    return "\n".join(s) + "\n"


# ---- inference --------------------------------------------------------------------------------
def read_dicts(name):
    path = os.path.join(RESULTS, name)
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def sec_inference(R):
    s = ["## 11. What type inference changes, per benchmark program\n",
         R.provenance("inference") + "\n"]
    miss = R.missing("inference")
    rows = read_dicts("inference.csv")
    if miss or not rows:
        return "\n".join(s + [miss or "No data.\n"])
    s.append("From `regal --types PROG` and `regal --types --no-types PROG` (terms defined in "
             "compiler/regalc.h, EmitStats; raw: [inference.csv](%s/inference.csv)). *Checks "
             "emitted*: the run-time type tests in the generated C (checks counted minus checks "
             "removed; unboxed flonum code also has fewer checks to count). *Generic arithmetic*: "
             "`+ - *` sites left to the fixnum fast path and the runtime's generic code. *Typed "
             "allocation sites*: inline allocations with a constant type id; with --no-types "
             "arithmetic on flonums is left to the runtime's generic code, so no flonum box is "
             "allocated inline: the difference is the sites that exist only because inference "
             "knows the type of the value. The allocation mode alone types every "
             "inline site (100%% in both columns), so that share says nothing about inference.\n"
             % REL)
    s += ["| Program | Checks emitted, no types → types | Removed by inference | Generic "
          "arithmetic, no types → types | Typed allocation sites, no types → types | Typed only "
          "thanks to inference | Allocating runtime calls, no types → types |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    tot = {k: 0 for k in ("ce_nt", "ce", "g_nt", "g", "a_nt", "a", "p_nt", "p")}
    for r in rows:
        v = {k: int(x) for k, x in r.items() if k != "program"}
        ce_nt = v["checks_nt"] - v["checks_removed_nt"]
        ce = v["checks"] - v["checks_removed"]
        d = dict(ce_nt=ce_nt, ce=ce, g_nt=v["generic_nt"], g=v["generic"],
                 a_nt=v["alloc_typed_nt"], a=v["alloc_typed"], p_nt=v["prim_alloc_nt"],
                 p=v["prim_alloc"])
        for k in tot:
            tot[k] += d[k]
        s.append("| %s | %d → %d | %d | %d → %d | %d → %d | %d | %d → %d |" % (
            r["program"], ce_nt, ce, ce_nt - ce, d["g_nt"], d["g"], d["a_nt"], d["a"],
            d["a"] - d["a_nt"], d["p_nt"], d["p"]))
    s.append("| **all** | %d → %d | **%d** (%.0f%%) | %d → %d | %d → %d | **%d** | %d → %d |" % (
        tot["ce_nt"], tot["ce"], tot["ce_nt"] - tot["ce"],
        100.0 * (tot["ce_nt"] - tot["ce"]) / tot["ce_nt"] if tot["ce_nt"] else 0,
        tot["g_nt"], tot["g"], tot["a_nt"], tot["a"], tot["a"] - tot["a_nt"], tot["p_nt"],
        tot["p"]))
    return "\n".join(s) + "\n"


# ---- compiled programs, typed vs constructors -------------------------------------------------
def sec_compiled(R):
    s = ["## 12. Compiled programs: typed allocation against the constructors\n",
         R.provenance("compiled") + "\n"]
    miss = R.missing("compiled")
    rows = read_dicts("compiled.csv")
    if miss or not rows:
        return "\n".join(s + [miss or "No data.\n"])
    runs = rows[0]["runs"]
    s.append("Each example and benchmark compiled by `regal -O2` twice, typed (default) and "
             "`--alloc=constructors`; the two executables run alternately, %s each; times "
             "are medians of CPU time (user + sys) with the wall-time median beside; the ratio is "
             "typed / constructors of the CPU medians. Where both modes emit the same C (no "
             "allocation site), the pair is an A/A comparison: its ratio shows the noise, and it "
             "is left out of the geometric mean. Raw: [compiled.csv](%s/compiled.csv).\n"
             % ("%s time%s" % (runs, "" if runs == "1" else "s"), REL))
    s += ["| Program | Typed ms CPU (wall) | Constructors ms CPU (wall) | Ratio | Same output | "
          "Same C |", "|---|---:|---:|---:|:-:|:-:|"]
    for r in rows:
        s.append("| %s | %s (%s) | %s (%s) | %s | %s | %s |" % (
            r["program"], r["typed_cpu_ms"], r["typed_wall_ms"], r["constructors_cpu_ms"],
            r["constructors_wall_ms"], r["ratio"],
            "yes" if r["same_output"] == "1" else "**no**", "yes" if r["same_c"] == "1" else "no"))
    xs = [float(r["ratio"]) for r in rows if r["ratio"] not in ("nan", "") and r["same_c"] != "1"]
    aa = [float(r["ratio"]) for r in rows if r["ratio"] not in ("nan", "") and r["same_c"] == "1"]
    if xs:
        s.append("\nGeometric mean of the ratios over the %d programs whose C differs: %.3f." % (
            len(xs), math.exp(sum(math.log(x) for x in xs) / len(xs))))
    if aa:
        s.append("A/A noise (same C in both modes: %s): ratios from %.3f to %.3f." % (
            ", ".join(r["program"] for r in rows if r["same_c"] == "1"), min(aa), max(aa)))
    return "\n".join(s) + "\n"


# ---- programs against the peers, and where the bytes go ---------------------------------------
def sec_programs(R):
    runpy = load_module("bench_run", os.path.join(ROOT, "benchmarks", "run.py"))
    rows = read_dicts("programs.csv")
    miss = R.missing("programs")
    if miss or not rows:
        return "\n".join(["## 13. Compiled programs against Chez Scheme, CHICKEN and Gambit\n",
                          R.provenance("programs") + "\n", miss or "No data.\n"])
    with open(os.path.join(RESULTS, "programs-meta.json")) as f:
        meta = json.load(f)
    runs = int(R.run["knobs"]["REGAL_BENCH_RUNS"])
    if R.plots:
        err = runpy.plot(rows, os.path.join(RESULTS, "programs.png"), datdir())
        if err:
            print("report.py: " + err, file=sys.stderr)
    md = runpy.section(rows, meta, runs, 60.0, R.provenance("programs"),
                       csv_link=REL + "/programs.csv", png_link=REL + "/programs.png")
    return md.replace("## Compiled programs against", "## 13. Compiled programs against", 1)


def sec_region_stats(R):
    stats = load_module("bench_stats", os.path.join(ROOT, "benchmarks", "stats.py"))
    path = os.path.join(RESULTS, "region-stats.csv")
    miss = R.missing("region-stats")
    if miss or not os.path.exists(path):
        return "\n".join(["## 14. Region inference: where the bytes go\n",
                          R.provenance("region-stats") + "\n", miss or "No data.\n"])
    md = stats.section(stats.read_csv(path), R.provenance("region-stats") +
                       " Raw: [region-stats.csv](%s/region-stats.csv)." % REL)
    return md.replace("## Region inference", "## 14. Region inference", 1)


def sec_losses(R):
    """Where Regal is slower than Chez, beside where its bytes go: computed, no prose to age."""
    s = ["## 15. Where Regal is slower than Chez, and where its bytes go\n",
         R.provenance("programs", "region-stats", "inference") + "\n"]
    prog = {(r["program"], r["impl"]): r for r in read_dicts("programs.csv")}
    stats_rows = {r["program"]: r for r in read_dicts("region-stats.csv")}
    inf = {r["program"]: r for r in read_dicts("inference.csv")}
    if not prog or not stats_rows:
        return "\n".join(s + [R.missing("programs", "region-stats") or "No data.\n"])
    s.append("Every program of section 13 on which Regal takes more CPU time than Chez, with "
             "its REGAL_STATS figures (section 14) and its generic arithmetic sites (section "
             "11); the collected-heap cost per object is in section 1.\n")
    s += ["| Program | Regal / Chez CPU | Bytes allocated | In the collected heap | Reclaimed by "
          "regions | Regal / Chez peak RSS | Generic arithmetic sites |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    n = 0
    for p in sorted({k[0] for k in prog}):
        rg, cz = prog.get((p, "regal")), prog.get((p, "chez"))
        if not (rg and cz and rg["status"] == "ok" and cz["status"] == "ok"):
            continue
        tr = max(float(rg["cpu_s"]), 0.01) / max(float(cz["cpu_s"]), 0.01)
        if tr <= 1:
            continue
        n += 1
        st = stats_rows.get(p, {})
        ra, rr, ha = (float(st.get(k) or 0) for k in ("region_alloc", "region_reclaimed",
                                                     "heap_alloc"))
        tot = ra + ha
        s.append("| %s | %.2f | %s | %s | %s | %.2f | %s |" % (
            p, tr, human(tot), "%.0f%%" % (100 * ha / tot) if tot else "–",
            "%.0f%%" % (100 * rr / tot) if tot else "–",
            float(rg["rss_kb"]) / float(cz["rss_kb"]), inf.get(p, {}).get("generic", "–")))
    if n == 0:
        s.append("| none | | | | | | |")
    return "\n".join(s) + "\n"


def sec_compile_time(R):
    ct = load_module("bench_compile_time", os.path.join(ROOT, "benchmarks", "compile-time.py"))
    path = os.path.join(RESULTS, "compile-time.csv")
    miss = R.missing("compile-time")
    if miss or not os.path.exists(path):
        return "\n".join(["## 16. Compile time against program size\n",
                          R.provenance("compile-time") + "\n", miss or "No data.\n"])
    md = ct.section(ct.read_csv(path), R.provenance("compile-time"),
                    csv_link=REL + "/compile-time.csv")
    return md.replace("## Compile time against", "## 16. Compile time against", 1)


def sec_parallel(R):
    """Issue 18: benchmarks/parallel/run.sh's output as it ran, under the seeds' figures."""
    head = ["## 17. Parallel tasks and threads (issue 18)\n", R.provenance("parallel") + "\n"]
    miss = R.missing("parallel")
    path = os.path.join(RESULTS, "parallel.txt")
    if miss or not os.path.exists(path):
        return "\n".join(head + [miss or "No data.\n",
                                  "Figures measured outside a report run, with their commands: "
                                  "[benchmarks/parallel/RESULTS.md](benchmarks/parallel/RESULTS.md).\n"])
    text = open(path).read().rstrip("\n")
    return "\n".join(head + [
        "The seeds' figures, beside which these stand: a coroutine `fork` whose whole lifecycle "
        "costs 97-195 ns at 100K-10M tasks; a job system running 50k jobs in 10.0 ms with a "
        "counter per job, 5.2 ms without. Issue 18's targets: a trivial task's lifecycle <= 50 ns "
        "and flat from 100K to 10M; parallel binary-trees >= 1.7x faster on 2 workers than on 1 "
        "(which needs the second core idle: the `uptime` lines show the load). The run's output, "
        "unedited (farm-bench: A = 2 workers, B = 1, so a wall A/B of 0.5 is a 2x speedup; "
        "task_bench and the OpenMP runtime: ns per task, CPU and wall):\n",
        "```", text, "```\n"])


def human(b):
    for unit, k in (("GiB", 2 ** 30), ("MiB", 2 ** 20), ("KiB", 2 ** 10)):
        if b >= k:
            return "%.1f %s" % (b / k, unit)
    return "%d B" % b


def sec_method(R):
    align = ""
    if "-falign-loops=" in R.alloc.meta.get("bench_cflags", ""):
        align = ("\n  bench_runner.c itself is compiled with `-falign-loops=64` (runtime/bench/"
                 "Makefile): every timed\n  loop starts a cache line, so two paths are not "
                 "compared through where their loops land.")
    return """## Method

- Micro-benchmarks (sections 1 to 10, bench_runner): `clock_gettime(CLOCK_MONOTONIC)` around
  each timing; a warm-up before timing; the median and min–max of the repetitions (15 for
  allocation, 7 for lifecycle and pooling, 11 for metadata, 41 for interning, unless
  REGAL_BENCH_REPS says otherwise); the paths of a row run in rotating order, so none always
  runs first. Every object built is stored in a global ring (sections 1 to 3) or folded into a
  checksum (the seed workloads), and every timing ends with an empty `asm volatile` with a
  memory clobber, so no allocation or store can be removed. Before timing, the runner checks
  that every path of a comparison builds byte-identical objects.
- bench_runner links the runtime compiled programs link (libregal.a at `-O2`; the collector
  started by `rt_gc_init` with the runtime's heap settings, as `rt_start` starts it); only the
  pooling rows for malloc and mimalloc use the runtime rebuilt with those upstreams.%s
- Programs (sections 12 and 13): CPU time (user + sys) is the figure compared; executables of
  one program run in alternation so all see the same machine state; outputs are checked.
- Compile time (section 16): wall-clock seconds of whole compilations (regal with clang;
  Chez's compile-program), the median of 3, each tool in turn; CPU seconds beside them.
- The machine may be shared: the load average at start and end is in the header; the min
  column shows the undisturbed cost when a median was disturbed.
""" % align


SECTIONS = [sec_header, sec_targets, sec_places, sec_sizes_heap, sec_like, sec_seed,
            sec_lifecycle, sec_intern, sec_pool, sec_metadata, sec_hitrate, sec_objsizes,
            sec_inference, sec_compiled, sec_programs, sec_region_stats, sec_losses,
            sec_compile_time, sec_parallel, sec_method]


# ---- plots ------------------------------------------------------------------------------------
def datdir():
    d = os.path.join(os.path.abspath(os.environ.get("B", os.path.join(ROOT, "build"))),
                     "bench-report")
    os.makedirs(d, exist_ok=True)
    return d


def plot_bench(R):
    A, d = R.alloc, datdir()
    with open(os.path.join(d, "places.dat"), "w") as f:
        f.write("# object chunks heap malloc chez (median ns/object; NaN: not measured)\n")
        for item in MAIN_KINDS[:-2] + MAIN_KINDS[-1:]:
            vals = [A.get("place", item, "region, chunks"), A.get("place", item, "collected heap"),
                    A.get("place", item, "malloc+free"), anchor_check(R, item)]
            label = "bignum (+ 2^62 i)" if item.startswith("bignum from") else item.split(",")[0]
            f.write('"%s" %s\n' % (label, " ".join(
                "%.4f" % v["median"] if v else "NaN" for v in vals)))
    variants = []
    for r in A.all("lifecycle"):
        if r["variant"] not in variants:
            variants.append(r["variant"])
    with open(os.path.join(d, "lifecycle.dat"), "w") as f:
        f.write("# n " + " | ".join(variants) + "\n")
        for item in A.items("lifecycle"):
            f.write("%s %s\n" % (item, " ".join(
                "%.4f" % A.get("lifecycle", item, v)["median"] for v in variants)))
    r = sh(["gnuplot", "-e", "datdir='%s'; out='%s'" % (d, os.path.join(RESULTS, "bench.png")),
            os.path.join(HERE, "bench.gp")])
    if r.returncode != 0:
        print("report.py: gnuplot failed: " + r.stderr, file=sys.stderr)


def cmd_write(a):
    R = Report()
    plots = not getattr(a, "no_plots", False)
    if plots and R.ok("alloc"):
        plot_bench(R)
    R.plots = plots
    text = "\n".join(sec(R) for sec in SECTIONS)
    out = getattr(a, "out", None) or REPORT
    with open(out, "w") as f:
        f.write(text)
    print("report.py: wrote %s (from %s)" % (rel(out), rel(RESULTS)))


def main():
    global RESULTS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["run", "write"])
    ap.add_argument("--results", help="write: read the run from this directory (default %s)" % REL)
    ap.add_argument("--out", help="write: the markdown file (default the report)")
    ap.add_argument("--no-plots", action="store_true", help="write: leave the PNG files alone")
    a = ap.parse_args()
    if a.what == "run" and (a.results or a.out or a.no_plots):
        sys.exit("report.py: --results, --out and --no-plots are options of `write`")
    if a.results:
        RESULTS = os.path.abspath(a.results)
    {"run": cmd_run, "write": cmd_write}[a.what](a)


if __name__ == "__main__":
    main()
