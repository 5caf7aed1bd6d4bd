#!/usr/bin/env python3
"""inference.py: the figures of each benchmark program that depend on type inference (issue 19).

For every benchmarks/*.scm it runs `regal --types PROG` and `regal --types --no-types PROG`
and reads the summary both print (terms defined in compiler/regalc.h, EmitStats): inline
allocation sites and those typed, generic arithmetic sites, calls of allocating runtime
primitives, run-time checks and those removed. With --no-types the compiler ignores the
inferred types, so the difference between the two columns is what inference bought.
Writes one CSV row per program (report.py renders the table).
Usage: inference.py --regal build/regal --csv FILE
"""
import argparse
import csv
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIELDS = ["program", "alloc_typed", "alloc_sites", "generic", "prim_alloc", "checks_removed",
          "checks"]
PATTERNS = [(("alloc_typed", "alloc_sites"), r"allocation sites typed: (\d+)/(\d+)"),
            (("generic",), r"generic arithmetic[^:]*: (\d+)"),
            (("prim_alloc",), r"calls of allocating runtime primitives: (\d+)"),
            (("checks_removed", "checks"), r"checks removed: (\d+)/(\d+)")]


def summary(regal, src, no_types):
    """The --types summary of src as {field: int}; exits on a compiler error or a missing
    line (the report must not show a figure it did not read)."""
    cmd = [regal, "--types"] + (["--no-types"] if no_types else []) + [src]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit("inference.py: %s failed (status %d): %s" % (" ".join(cmd), r.returncode,
                                                               r.stderr.strip()[:300]))
    out = {}
    for keys, pat in PATTERNS:
        m = re.search(pat, r.stdout)
        if m is None:
            sys.exit("inference.py: no line matching %r in the output of %s" % (pat, " ".join(cmd)))
        for k, g in zip(keys, m.groups()):
            out[k] = int(g)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regal", default=os.path.join(ROOT, "build", "regal"))
    ap.add_argument("--csv", required=True)
    a = ap.parse_args()
    rows = []
    for src in sorted(glob.glob(os.path.join(ROOT, "benchmarks", "*.scm"))):
        row = {"program": os.path.basename(src)[:-4]}
        for suffix, nt in (("", False), ("_nt", True)):
            for k, v in summary(a.regal, src, nt).items():
                row[k + suffix] = v
        rows.append(row)
        print("%-14s checks removed %d/%d (no types %d/%d), generic arithmetic %d (%d), "
              "typed allocation sites %d (%d)" % (
                  row["program"], row["checks_removed"], row["checks"], row["checks_removed_nt"],
                  row["checks_nt"], row["generic"], row["generic_nt"], row["alloc_typed"],
                  row["alloc_typed_nt"]))
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS + [k + "_nt" for k in FIELDS[1:]])
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
