#!/usr/bin/env python3
"""stats_test.py: REGAL_STATS end to end (issue 20). Compiles a small program that allocates in
regions and in the collected heap, runs it with REGAL_STATS=json, REGAL_STATS=1 and without,
and checks against the table next to rt_stats_report in runtime/regal.h (key, text label):
  - json: the last line of stderr parses as a JSON object whose keys are the table's, in its
    order, each value an integer (the percent a number) and regal_stats 1; benchmarks/stats.py
    reads the same object;
  - text: "regal stats:" then one line a figure, labelled as in the table, in its order, with
    the same figures as the JSON (those of the regions and the allocated bytes exactly: the
    collector's may differ from run to run);
  - without REGAL_STATS, or REGAL_STATS=0: nothing on stderr.
Prints PASS or FAIL a check, then `stats: N passed, M failed`. Usage: tests/stats_test.py
(environment: B, REGAL as for tests/harness.py).
"""
import importlib.util
import json
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True
import harness  # noqa: E402  (beside this file)

PROGRAM = """
(define (build n acc) (if (= n 0) acc (build (- n 1) (cons n acc))))
(define kept (make-vector 8 '()))
(let loop ((i 0))
  (when (< i 2000)
    (vector-set! kept (modulo i 8) (list i i))
    (loop (+ i 1))))
(display (length (build 1000 '())))
(newline)
"""
# figures the collector decides (collections, heap size, bytes collected) may vary by run
EXACT = ("regions_created", "region_peak_bytes", "chunks_from_upstream",
         "region_allocated_bytes", "region_reclaimed_bytes", "heap_allocated_bytes",
         "region_reclaimed_percent")


def documented():
    """[(key, text label or None)] from the table next to rt_stats_report in regal.h."""
    with open("runtime/regal.h") as f:
        h = f.read()
    block = h[h.index(" * rt_stats_report:"):]
    block = block[:block.index("*/")]
    rows = re.findall(r"^ \*   ([a-z][a-z_]*) {2,}(\S(?:\S| (?! ))*) {2,}\S", block, re.M)
    return [(key, None if label == "-" else label) for key, label in rows]


def main():
    regal = harness.setup("stats")
    spec = importlib.util.spec_from_file_location("stats", "benchmarks/stats.py")
    stats_py = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stats_py)
    results = []

    def check(ok, what, detail=""):
        results.append(ok)
        print("%s %s%s" % ("PASS" if ok else "FAIL", what, "" if ok or not detail else
                           ": " + detail), flush=True)
        return ok

    table = documented()
    keys = [k for k, _ in table]
    check(len(table) >= 10 and keys[0] == "regal_stats",
          "regal.h documents the keys (regal_stats first)", repr(table))
    with tempfile.TemporaryDirectory(prefix="regal-stats.") as work:
        src, exe = os.path.join(work, "p.scm"), os.path.join(work, "p")
        with open(src, "w") as f:
            f.write(PROGRAM)
        st, _, err = harness.run_proc([regal, src, "-o", exe], timeout=60)
        if not check(st == 0, "the program compiles", err.decode("utf-8", "replace")):
            harness.summary("stats", results.count(True), results.count(False))

        def run(value):
            env = dict(os.environ)
            env.pop("REGAL_STATS", None)
            if value is not None:
                env["REGAL_STATS"] = value
            st, out, err = harness.run_proc([exe], timeout=60, env=env)
            check(st == 0 and out == b"1000\n", "REGAL_STATS%s: the program runs"
                  % (" unset" if value is None else "=" + value),
                  "status %d, stdout %r" % (st, out))
            return err.decode("utf-8", "replace")

        err = run("json")
        lines = err.splitlines()
        obj = None
        try:
            obj = json.loads(lines[-1]) if lines else None
        except ValueError as e:
            check(False, "json: the last line of stderr parses", "%s: %r" % (e, lines[-1]))
        if obj is not None:
            check(isinstance(obj, dict), "json: the last line of stderr parses as an object")
            check(list(obj) == keys, "json: every documented key, in order, and no other",
                  "got %s" % list(obj))
            check(obj.get("regal_stats") == 1, "json: regal_stats is 1")
            bad = [k for k, v in obj.items() if k != "region_reclaimed_percent" and
                   (type(v) is not int or v < 0)]
            check(not bad, "json: the counts are integers >= 0", "not: %s" % bad)
            check(type(obj.get("region_reclaimed_percent")) in (int, float),
                  "json: region_reclaimed_percent is a number")
            check(obj.get("region_allocated_bytes", 0) > 0 and
                  obj.get("heap_allocated_bytes", 0) > 0,
                  "json: the program allocated in regions and in the collected heap", repr(obj))
            check(stats_py.read_stats(err) == obj, "benchmarks/stats.py reads the same object")

        text = run("1").splitlines()
        labels = [label for _, label in table if label is not None]
        check(text[:1] == ["regal stats:"], "text: the block starts with 'regal stats:'",
              repr(text[:1]))
        figures = {}
        got_labels = []
        for line in text[1:]:
            m = re.match(r"^  (\S(?:\S| (?! ))*) {2,}(\d+(?:\.\d+)?)", line)
            if m:
                got_labels.append(m.group(1))
                figures[m.group(1)] = float(m.group(2))
        check(got_labels == labels, "text: a line per documented label, in order",
              "got %s" % got_labels)
        if obj is not None:
            diff = [k for k, label in table if k in EXACT and figures.get(label) != obj.get(k)]
            check(not diff, "text and json give the same figures", "differ: %s" % diff)
        check(run(None) == "", "without REGAL_STATS: nothing on stderr")
        check(run("0") == "", "REGAL_STATS=0: nothing on stderr")

        # -fprofile-heap: the same program, its heap profile read by benchmarks/stats.py
        pexe = os.path.join(work, "p-profile")
        st, _, err = harness.run_proc([regal, "-fprofile-heap", src, "-o", pexe], timeout=60)
        if check(st == 0, "-fprofile-heap: the program compiles", err.decode("utf-8", "replace")):
            st, out, err = harness.run_proc([pexe], timeout=60, env=dict(os.environ))
            perr = err.decode("utf-8", "replace")
            check(st == 0 and out == b"1000\n", "-fprofile-heap: the program runs", perr)
            prof = stats_py.read_profile(perr)
            check(prof is not None and prof.get("heap_sites_bytes", 0) > 0,
                  "-fprofile-heap: a profile with bytes, which benchmarks/stats.py reads", perr)
            check(prof is not None and ", list" in perr and (prof.get("top_site") or "").endswith(
                  "(list): stored by 'vector-set!' at %s:6:5" % src),
                  "-fprofile-heap: the vector's lists are its largest site, stored by vector-set!",
                  repr(prof))
            check(prof is not None and prof.get("top_reason") == "stored into an object made elsewhere"
                  and prof.get("top_reason_share", 0) > 50,
                  "-fprofile-heap: its largest reason", repr(prof))
            st, _, err = harness.run_proc([exe], timeout=60, env=dict(os.environ))
            check(b"heap profile" not in err, "without -fprofile-heap: no profile")
    harness.summary("stats", results.count(True), results.count(False))


if __name__ == "__main__":
    main()
