#!/usr/bin/env python3
"""stats.py: where the bytes go (issue 7). Compiles every benchmarks/*.scm and examples/*.scm
with `$B/regal -O2`, runs each once with REGAL_STATS=json (no arguments, standard input from
/dev/null, as benchmarks/run.py and tests/run.sh run them) under `/usr/bin/time -f %M`, reads
the JSON object the runtime prints on stderr at exit (its keys: runtime/regal.h, next to
rt_stats_report), and prints a markdown table: bytes allocated in regions, bytes reclaimed by
region release, bytes allocated in the collected heap, bytes collected, the share of all
allocated bytes reclaimed by region release, peak RSS. Every figure of each program is printed
on stdout too. Each program is also compiled with -fprofile-heap and run once more: the site
that put the most bytes in the collected heap, with why (the reasons of --explain-regions),
and the reason with the most bytes, go into a second table.
With --csv FILE the figures are written as CSV (one row a program), with --md FILE the table
as a markdown section (`section()`, which report.py also renders into
BENCHMARK_RESULTS_TYPED_CODEGEN.md: `make bench-report` regenerates the whole report from one
run; this script never edits it).
Entry point: `make region-stats` (B=build directory).
"""
import argparse
import concurrent.futures
import csv
import os
import json
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RUN_TIMEOUT = 300
COMPILE_TIMEOUT = 120

STATS_VERSION = 1  # the "regal_stats" value this script reads (runtime/regal.h)

# the table's columns: name -> the REGAL_STATS=json key it shows
COLUMNS = [("region_alloc", "region_allocated_bytes"),
           ("region_reclaimed", "region_reclaimed_bytes"),
           ("region_popped", "region_popped_bytes"),
           ("region_collected", "region_collected_bytes"),
           ("heap_alloc", "heap_allocated_bytes"),
           ("collected", "heap_collected_bytes")]
HEADERS = {"region_alloc": "allocated in regions", "region_reclaimed": "reclaimed by regions",
           "region_popped": "of which one-shot closures given back",
           "region_collected": "collected in regions (regiongc.c)",
           "heap_alloc": "allocated in collected heap", "collected": "collected"}


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
    """Bytes reclaimed by region release / all bytes allocated (regions + collected heap)."""
    if "region_reclaimed" not in cols or "region_alloc" not in cols:
        return None
    total = cols["region_alloc"] + cols.get("heap_alloc", 0)
    return 100.0 * cols["region_reclaimed"] / total if total > 0 else None


def programs():
    out = []
    for d, exp in (("benchmarks", os.path.join(HERE, "expected")),
                   ("examples", os.path.join(ROOT, "examples"))):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".scm"):
                name = f[:-4]
                out.append((d, name, os.path.join(ROOT, d, f), os.path.join(exp, name + ".out")))
    return out


def compile_one(regal, build, prog, flags=()):
    d, name, src, _ = prog
    exe = os.path.join(build, "%s-%s%s" % (d, name, "-profile" if flags else ""))
    try:
        r = sh([regal, "-O2"] + list(flags) + [src, "-o", exe], timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "compile timeout: over %d s" % COMPILE_TIMEOUT
    if r.returncode != 0:
        msg = (r.stderr.decode("utf-8", "replace").strip().splitlines() or [""])[0]
        return None, "compile error (status %d)%s" % (r.returncode, ": " + msg[:120] if msg else "")
    return exe, None


def run_one(exe, expected, stats=True):
    tf = exe + ".time"
    env = dict(os.environ, REGAL_STATS="json") if stats else dict(os.environ)
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


UNITS = {"B": 1, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3}
PROFILE_SITE = re.compile(r"^\s+([\d.]+) (B|KiB|MiB|GiB)\s+(\d+)\s+(\S+), (.*?): (.*)$")
PROFILE_REASON = re.compile(r"^\s+([\d.]+) (B|KiB|MiB|GiB)\s+([\d.]+)%\s+(.*)$")


def read_profile(stderr):
    """The heap profile a -fprofile-heap program printed at exit (runtime/gc.c,
    rt_heap_sites_report): {"heap_sites_bytes", "top_site", "top_site_share", "top_reason",
    "top_reason_share"}, shares in percent of the profiled bytes; None without a profile."""
    lines = stderr.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("regal heap profile:"):
            break
    else:
        return None
    prof = {}
    m = re.match(r"regal heap profile:\s+([\d.]+) (B|KiB|MiB|GiB)", lines[i])
    if m:
        prof["heap_sites_bytes"] = float(m.group(1)) * UNITS[m.group(2)]
    reasons = False
    for line in lines[i + 1:]:
        if line.strip() == "by reason:":
            reasons = True
            continue
        m = (PROFILE_REASON if reasons else PROFILE_SITE).match(line)
        if not m:
            continue
        if not reasons and "top_site" not in prof:
            b = float(m.group(1)) * UNITS[m.group(2)]
            prof["top_site"] = ("%s (%s): %s" % (m.group(4), m.group(5), m.group(6))).replace(ROOT + os.sep, "")
            total = prof.get("heap_sites_bytes") or 0
            prof["top_site_share"] = 100.0 * b / total if total else None
        elif reasons and "top_reason" not in prof:
            prof["top_reason"] = m.group(4)
            prof["top_reason_share"] = float(m.group(3))
    return prof


CSV_FIELDS = ["program", "status", "found", "rss_kb"] + [c for c, _ in COLUMNS] + \
    ["heap_sites_bytes", "top_site", "top_site_share", "top_reason", "top_reason_share"]
PROFILE_FIELDS = CSV_FIELDS[-5:]


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        for r in rows:
            d = {"program": r["name"], "status": r["status"], "found": int(r["found"]),
                 "rss_kb": "" if r["rss"] is None else r["rss"]}
            for c, _ in COLUMNS:
                d[c] = "" if r["cols"].get(c) is None else "%.0f" % r["cols"][c]
            for c in PROFILE_FIELDS:
                v = (r.get("profile") or {}).get(c)
                d[c] = "" if v is None else ("%.1f" % v if isinstance(v, float) else v)
            w.writerow(d)


def read_csv(path):
    """The rows of write_csv back, in the shape section() takes."""
    rows = []
    with open(path, newline="") as f:
        for d in csv.DictReader(f):
            prof = {}
            for c in PROFILE_FIELDS:
                if d.get(c):
                    prof[c] = d[c] if c in ("top_site", "top_reason") else float(d[c])
            rows.append({"name": d["program"], "status": d["status"], "found": d["found"] == "1",
                         "rss": int(d["rss_kb"]) if d["rss_kb"] else None,
                         "cols": {c: float(d[c]) for c, _ in COLUMNS if d.get(c)},
                         "profile": prof or None})
    return rows


def section(rows, preamble=""):
    cols = [c for c, _ in COLUMNS]
    s = ["## Region inference: where the bytes go\n"]
    if preamble:
        s.append(preamble + "\n")
    s.append("Every benchmarks/*.scm and examples/*.scm compiled with `regal -O2` and run once "
             "with `REGAL_STATS=json`; the figures are the ones the runtime prints at exit. "
             "Reclaimed by region release: bytes reclaimed by regions / (bytes allocated in "
             "regions + bytes allocated in the collected heap). Reclaimed by regions includes "
             "the bytes of the one-shot closures that gave themselves back to their region when "
             "called (compiler/oneshot.c, rt_region_pop), also shown apart. Peak RSS: "
             "`/usr/bin/time -f %M`. –: the runtime printed no such figure.\n")
    if not any(r["found"] for r in rows):
        s.append("No program printed its statistics (REGAL_STATS=json), so only peak RSS is "
                 "measured.\n")
    s.append("| Program | " + " | ".join(HEADERS[c] for c in cols) +
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
    # issue 15: >= 90% over the whole suite, >= 75% on each program above 100 MB
    bench = [r for r in rows if "(example)" not in r["name"]]
    btot = {}
    for c in ("region_alloc", "region_reclaimed", "region_collected", "heap_alloc"):
        btot[c] = sum(r["cols"].get(c, 0.0) for r in bench)
    bp = share(btot)
    both = dict(btot, region_reclaimed=btot["region_reclaimed"] + btot["region_collected"])
    bq = share(both)
    heavy = [(r["name"], share(r["cols"])) for r in bench
             if r["cols"].get("region_alloc", 0) + r["cols"].get("heap_alloc", 0) > 100e6]
    low = [(n, x) for n, x in heavy if x is None or x < 75.0]
    v = lambda b: "**PASS**" if b else "**MISS**"
    s.append("\n| Target (issue 15) | Measured | |")
    s.append("|---|---|---|")
    s.append("| At least 90%% of the bytes allocated by benchmarks/ reclaimed by region release "
             "| %s | %s |" % ("–" if bp is None else "%.1f%%" % bp, v(bp is not None and bp >= 90)))
    s.append("| (Freed without the collected heap: region release, or the collection of tail "
             "cycles' and the container rule's regions, runtime/regiongc.c) | %s | |"
             % ("–" if bq is None else "%.1f%%" % bq))
    s.append("| At least 75%% on each benchmark allocating over 100 MB (%d programs) | %s | %s |"
             % (len(heavy), ("below on " + ", ".join("%s %s" % (n, "–" if x is None else
                                                             "%.1f%%" % x) for n, x in low))
                if low else "all above", v(not low)))
    # where the collected heap's bytes come from (-fprofile-heap)
    prof = [r for r in rows if r.get("profile") and (r["profile"].get("heap_sites_bytes") or 0) >= 1024 ** 2]
    if prof:
        s.append("\n### Where the collected heap's bytes come from\n")
        s.append("Each program compiled again with `regal -O2 -fprofile-heap` and run once: the "
                 "bytes made at the allocation sites region inference put in the collected heap "
                 "(for a call site, with what its callee made in the region the call gave it), the "
                 "site with the most of them and why it is in the heap, and the reason with the "
                 "most (--explain-regions' reasons). Programs with at least 1 MiB there, most "
                 "first.\n")
        s.append("| Program | bytes from heap sites | the largest site (what): why | its share | "
                 "the largest reason | its share |")
        s.append("|---|---:|---|---:|---|---:|")
        for r in sorted(prof, key=lambda r: -r["profile"]["heap_sites_bytes"]):
            p = r["profile"]
            site = (p.get("top_site") or "–").replace("|", "\\|")
            pct = lambda x: "–" if x is None else "%.1f%%" % x
            s.append("| %s | %s | %s | %s | %s | %s |" % (
                r["name"], human(p["heap_sites_bytes"]), site, pct(p.get("top_site_share")),
                (p.get("top_reason") or "–").replace("|", "\\|"), pct(p.get("top_reason_share"))))
    return "\n".join(s) + "\n"


def main():
    b = os.environ.get("B", "build")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regal", default=os.path.join(b, "regal"),
                    help="the compiler (default $B/regal)")
    ap.add_argument("--build", default=os.path.join(b, "region-stats"),
                    help="where the executables go (default $B/region-stats)")
    ap.add_argument("--only", help="comma-separated program names")
    ap.add_argument("--csv", help="write the figures as CSV to this file")
    ap.add_argument("--md", help="write the table as a markdown section to this file")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print each program's whole stats block as printed")
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
        profiled = list(ex.map(lambda p: compile_one(regal, os.path.abspath(a.build), p,
                                                     ("-fprofile-heap",)), progs))
    rows = []
    for (d, name, _, expected), (exe, err), (pexe, _) in zip(progs, built, profiled):
        row = {"name": name if d == "benchmarks" else "%s (example)" % name, "cols": {},
               "rss": None, "found": False, "status": "ok", "profile": None}
        if pexe is not None:
            perr, _, pstatus = run_one(pexe, expected, stats=False)
            if perr is not None and pstatus == "ok":
                row["profile"] = read_profile(perr)
        rows.append(row)
        if exe is None:
            row["status"] = err
            print("%-28s %s" % (row["name"], err), flush=True)
            continue
        stderr, rss, status = run_one(exe, expected)
        row["rss"], row["status"] = rss, status
        stats = read_stats(stderr) if stderr is not None else None
        row["found"] = stats is not None
        row["cols"] = {c: float(stats[k]) for c, k in COLUMNS if stats and k in stats}
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
    commit = sh(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.decode().strip()
    sec = section(rows, "Generated by `benchmarks/stats.py` at commit %s on %s." % (
        commit or "?", time.strftime("%Y-%m-%d %H:%M %Z")))
    print()
    print(sec, end="")
    if a.csv:
        write_csv(a.csv, rows)
    if a.md:
        with open(a.md, "w") as f:
            f.write(sec)


if __name__ == "__main__":
    main()
