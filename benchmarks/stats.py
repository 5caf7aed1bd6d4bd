#!/usr/bin/env python3
"""stats.py: where the bytes go (issue 7). Compiles every benchmarks/*.scm and examples/*.scm
with `$B/regal -O2`, runs each once with REGAL_STATS=json (no arguments, standard input from
/dev/null, as benchmarks/run.py and tests/run.sh run them) under `/usr/bin/time -f %M`, reads
the JSON object the runtime prints on stderr at exit (its keys: runtime/regal.h, next to
rt_stats_report), and prints a markdown table: bytes allocated in regions, bytes reclaimed by
region release, bytes allocated in the collected heap, bytes collected, the share of all
allocated bytes reclaimed by region release, peak RSS. Every figure of each program is printed
on stdout too.
With --write, the table is spliced into BENCHMARK_RESULTS_TYPED_CODEGEN.md between
<!-- region-stats:begin --> and <!-- region-stats:end --> (appended with its markers when they
are absent; the rest of the file is kept as it is) and written to benchmarks/region-stats.md.
Entry point: `make region-stats` (B=build directory).
"""
import argparse
import concurrent.futures
import os
import json
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REPORT = os.path.join(ROOT, "BENCHMARK_RESULTS_TYPED_CODEGEN.md")
SECTION_MD = os.path.join(HERE, "region-stats.md")
BEGIN, END = "<!-- region-stats:begin -->", "<!-- region-stats:end -->"
RUN_TIMEOUT = 300
COMPILE_TIMEOUT = 120

STATS_VERSION = 1  # the "regal_stats" value this script reads (runtime/regal.h)

# the table's columns: REGAL_STATS=json key -> header
COLUMNS = [("region_allocated_bytes", "allocated in regions"),
           ("region_reclaimed_bytes", "reclaimed by regions"),
           ("heap_allocated_bytes", "allocated in collected heap"),
           ("heap_collected_bytes", "collected")]


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def read_stats(stderr):
    """The statistics a program printed with REGAL_STATS=json: the last line of stderr that is
    a JSON object with the key "regal_stats", as a dict; None when there is none."""
    for line in reversed(stderr.splitlines()):
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and "regal_stats" in obj:
            return obj
    return None


def human(b):
    if b is None:
        return "–"
    if b < 1024:
        return "%d B" % b
    if b < 1024 ** 2:
        return "%.1f KiB" % (b / 1024)
    if b < 1024 ** 3:
        return "%.1f MiB" % (b / 1024 ** 2)
    return "%.2f GiB" % (b / 1024 ** 3)


def share(cols):
    """Bytes reclaimed by region release / all bytes allocated (regions + collected heap), as
    the runtime's region_reclaimed_percent; for the sums of the last row too."""
    if "region_reclaimed_bytes" not in cols or "region_allocated_bytes" not in cols:
        return None
    total = cols["region_allocated_bytes"] + cols.get("heap_allocated_bytes", 0)
    return 100.0 * cols["region_reclaimed_bytes"] / total if total > 0 else None


def programs():
    out = []
    for d, exp in (("benchmarks", os.path.join(HERE, "expected")),
                   ("examples", os.path.join(ROOT, "examples"))):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".scm"):
                name = f[:-4]
                out.append((d, name, os.path.join(ROOT, d, f), os.path.join(exp, name + ".out")))
    return out


def compile_one(regal, build, prog):
    d, name, src, _ = prog
    exe = os.path.join(build, "%s-%s" % (d, name))
    try:
        r = sh([regal, "-O2", src, "-o", exe], timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "compile timeout: over %d s" % COMPILE_TIMEOUT
    if r.returncode != 0:
        msg = (r.stderr.decode("utf-8", "replace").strip().splitlines() or [""])[0]
        return None, "compile error (status %d)%s" % (r.returncode, ": " + msg[:120] if msg else "")
    return exe, None


def run_one(exe, expected):
    tf = exe + ".time"
    env = dict(os.environ, REGAL_STATS="json")
    try:
        r = sh(["/usr/bin/time", "-f", "%M", "-o", tf, exe], stdin=subprocess.DEVNULL, env=env,
               timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, None, "timeout: over %d s" % RUN_TIMEOUT
    err = r.stderr.decode("utf-8", "replace")
    try:
        rss = int(open(tf).read().split()[-1])
    except (OSError, ValueError, IndexError):
        rss = None
    status = "ok"
    if r.returncode != 0:
        status = "exit status %d" % r.returncode
    elif os.path.exists(expected) and r.stdout.decode("utf-8", "replace") != open(expected).read():
        status = "wrong output"
    return err, rss, status


def table(rows, meta):
    cols = [c for c, _ in COLUMNS]
    headers = dict(COLUMNS)
    s = [BEGIN, "## Region inference: where the bytes go\n",
         "Generated by `make region-stats` (benchmarks/stats.py) on %s at commit %s: every "
         "benchmarks/*.scm and examples/*.scm compiled with `regal -O2` and run once with "
         "`REGAL_STATS=json`; the figures are the ones the runtime prints at exit. "
         "Reclaimed by region release: bytes reclaimed by regions / (bytes allocated in "
         "regions + bytes allocated in the collected heap). Peak RSS: `/usr/bin/time -f %%M`. "
         "–: the runtime printed no such figure. Do not edit: rerun `make region-stats`.\n"
         % (meta["date"], meta["commit"])]
    if not any(r["found"] for r in rows):
        s.append("No program printed its statistics (REGAL_STATS=json), so only peak RSS is "
                 "measured.\n")
    s.append("| Program | " + " | ".join(headers[c] for c in cols) +
             " | reclaimed by region release | peak RSS |")
    s.append("|---" * (len(cols) + 3) + "|")
    tot = {c: 0.0 for c in cols}
    seen = {c: False for c in cols}
    for r in rows:
        cells = []
        for c in cols:
            v = r["cols"].get(c)
            if v is not None:
                tot[c] += v
                seen[c] = True
            cells.append(human(v))
        p = share(r["cols"])
        name = r["name"] + ("" if r["status"] == "ok" else " (%s)" % r["status"])
        s.append("| %s | %s | %s | %s |" % (
            name, " | ".join(cells), "–" if p is None else "%.1f%%" % p,
            "–" if r["rss"] is None else "%.1f MiB" % (r["rss"] / 1024)))
    tcols = {c: tot[c] for c in cols if seen[c]}
    p = share(tcols)
    s.append("| **all programs** | %s | %s | |" % (
        " | ".join(human(tcols.get(c)) for c in cols), "–" if p is None else "**%.1f%%**" % p))
    s.append(END)
    return "\n".join(s) + "\n"


def splice(section):
    old = open(REPORT).read() if os.path.exists(REPORT) else ""
    if BEGIN in old and END in old and old.index(BEGIN) < old.index(END):
        new = old[:old.index(BEGIN)] + section.rstrip("\n") + old[old.index(END) + len(END):]
    else:
        new = old.rstrip("\n") + "\n\n" + section
    with open(REPORT, "w") as f:
        f.write(new)


def main():
    b = os.environ.get("B", "build")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regal", default=os.path.join(b, "regal"),
                    help="the compiler (default $B/regal)")
    ap.add_argument("--build", default=os.path.join(b, "region-stats"),
                    help="where the executables go (default $B/region-stats)")
    ap.add_argument("--only", help="comma-separated program names (with --write, the table "
                    "then holds only those)")
    ap.add_argument("--write", action="store_true",
                    help="splice the table into BENCHMARK_RESULTS_TYPED_CODEGEN.md")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print each program's whole stderr")
    a = ap.parse_args()
    regal = os.path.abspath(a.regal)
    if not os.access(regal, os.X_OK):
        sys.exit("stats.py: no compiler at %s (build it, or set B / --regal)" % regal)
    os.makedirs(a.build, exist_ok=True)
    progs = programs()
    if a.only:
        progs = [p for p in progs if p[1] in a.only.split(",")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        built = list(ex.map(lambda p: compile_one(regal, os.path.abspath(a.build), p), progs))
    rows = []
    for (d, name, _, expected), (exe, err) in zip(progs, built):
        row = {"name": name if d == "benchmarks" else "%s (example)" % name, "cols": {},
               "rss": None, "found": False, "status": "ok"}
        rows.append(row)
        if exe is None:
            row["status"] = err
            print("%-28s %s" % (row["name"], err), flush=True)
            continue
        stderr, rss, status = run_one(exe, expected)
        row["rss"], row["status"] = rss, status
        stats = read_stats(stderr) if stderr is not None else None
        row["found"] = stats is not None
        row["cols"] = {c: stats[c] for c, _ in COLUMNS if stats and c in stats}
        print("%-28s peak RSS %s, %s; %s" % (
            row["name"], "?" if rss is None else "%.1f MiB" % (rss / 1024), status,
            "no REGAL_STATS=json line" if stats is None else "%d figures" % (len(stats) - 1)),
            flush=True)
        if stats is not None and stats["regal_stats"] != STATS_VERSION:
            print("    warning: regal_stats %r, this script reads version %d"
                  % (stats["regal_stats"], STATS_VERSION))
        if a.verbose and stderr:
            for line in stderr.splitlines():
                print("    | " + line)
        for key, value in (stats or {}).items():
            if key != "regal_stats":
                print("    %-28s %16s" % (key, value))
    meta = {"date": time.strftime("%Y-%m-%d %H:%M %Z"),
            "commit": sh(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout
            .decode().strip() or "?"}
    sec = table(rows, meta)
    print()
    print(sec, end="")
    if a.write:
        with open(SECTION_MD, "w") as f:
            f.write(sec)
        splice(sec)
        print("stats.py: wrote %s and the region-stats section of %s"
              % (os.path.relpath(SECTION_MD, ROOT), os.path.relpath(REPORT, ROOT)))


if __name__ == "__main__":
    main()
