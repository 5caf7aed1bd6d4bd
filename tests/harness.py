#!/usr/bin/env python3
"""harness.py: the driver of the end-to-end test suites (issues 4, 7, 8 and 20). The shell
commands tests/run.sh, tests/errors.sh and tests/memory.sh call it with their mode.

  tests/harness.py run [PATTERN...]      tests/run/NAME.scm and examples/NAME.scm: compiled,
                                         run, stdout compared exactly with NAME.out beside it
  tests/harness.py errors [PATTERN...]   tests/errors/NAME.scm: compile-time and run-time
                                         errors, their stderr and exit status
  tests/harness.py memory [--chez] [PATTERN...]
                                         tests/memory/NAME.scm: peak RSS and CPU time at two
                                         sizes (see "memory" below)

A PATTERN selects the tests whose name contains it (a path such as tests/run/NAME.scm works
too); none selects every test.

run and errors: each test is compiled by regal at each level of REGAL_TEST_LEVELS with
REGAL_TEST_FLAGS, run with stdin from /dev/null, and checked against the directives in its
comment lines (a line `; DIRECTIVE: TEXT`, anywhere in the file):
  ; EXPECT-STATUS: N      the exit status (run: default 0; errors: required, and 1 means that
                          regal itself must fail with status 1, a compile error)
  ; EXPECT-STDERR: TEXT   stderr (of regal for a compile error, else of the program) has a line
                          containing TEXT; any number of these
  ; EXPECT-STDOUT: TEXT   (errors) the program's stdout is exactly these lines (a missing
                          final newline is ignored); when absent, stdout is not checked
  ; COMPILE-PATH: FILE    compile FILE (relative to the test's directory) instead of this file
  ; COMPILE-FLAGS: FLAGS  more regal options for this test (paths relative to the repository,
                          e.g. -I tests/run/libdirs/first); a test with -fnursery here, a
                          test of the nursery itself, passes without running when
                          REGAL_TEST_FLAGS has -fno-nursery
  ; RUN-ENV: NAME=VALUE   an environment variable of the program's run; any number of these
In run, stdout must equal NAME.out byte for byte (expected outputs come from Chez Scheme,
checked against R7RS). Compilations and runs have TIMEOUT seconds each and run JOBS at a time.
Prints a FAIL line (and a few lines of detail) per failing test and level, then
`run: N passed, M failed` (or `errors: ...`), counting tests: a test passes when it passes at
every level.

memory: each program reads its size N from the command line; it is compiled with regal -O2,
run at two sizes, its output compared with its `; OUTPUT N:` line, and its figures compared:
  loop-temp, loop-carry        peak RSS at N = 10,000,000 within FLAT_RATIO of N = 1,000,000
  global-replace, loop-objects, callcc-reentry, tasks, carry-thunk
                               peak RSS at N = 1,000,000 within FLAT_RATIO of N = 100,000
  list-build                   CPU time at N = 1,000,000 under LINEAR_RATIO x N = 100,000
  loop-accumulate              both: peak growth from 100,000 to 1,000,000 at most ACC_FACTOR x
                               the 16-byte pairs added, and time as list-build
  binary-trees                 peak RSS at depth 16 within ARENA_RATIO of the C program with an
                               arena per tree (benchmarks/c/binary-trees-arena.c, clang -O2),
                               whose output must be the same
  heap-live                    at N = 300,000, once: collections (REGAL_STATS=json) at most
                               DIVISOR_RATIO x those with GC_FREE_SPACE_DIVISOR=2
Peak RSS (KiB) comes from GNU time (`/usr/bin/time -f '%M %U %S'`), the median of RUNS runs
(GNU time, a small C program, forks the program: a fork of this Python process would count
its pages in the peak). CPU time (user + sys) is the program's own, from wait4, to the
microsecond: the median of TIME_RUNS runs less the median at N = 0 (start-up and exit); a
difference under TIME_FLOOR_MS counts as TIME_FLOOR_MS, so that a run too short to measure
cannot make the ratio large. The programs run one at a time. Safety nets on a shared machine:
each process gets CPU_LIMIT_S seconds of CPU and MEMORY_VLIMIT_KB of address space (beyond it
a program fails with "out of memory", status 71), each compilation COMPILE_TIMEOUT_S seconds.
--chez also runs each program under Chez Scheme (scheme --script) at the same sizes and checks
its output against the same expectations (how the OUTPUT lines were made). Prints one line per
test with its figures (ok or FAIL) and `memory: N passed, M failed (S s)`.

Environment:
  B                  build directory (default build), relative to the repository
  REGAL              the compiler (default $B/regal; a relative path is taken from the
                     directory the command was started in)
  REGAL_TEST_FLAGS   (run, errors) extra compile flags, e.g. "-fsanitize=address,undefined"
  REGAL_TEST_LEVELS  (run, errors) optimisation levels (default "-O0 -O2")
  JOBS               (run, errors) tests at a time (default 2)
  TIMEOUT            (run, errors) seconds per compilation and per run (default 30)
  MEMORY_VLIMIT_KB   (memory) address space per process (default 8 GiB; "unlimited")
Exit status: 0 when every selected test passed, 1 when one failed, 2 when the harness could
not start (no compiler, a bad setting).
"""
import concurrent.futures
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVNULL = subprocess.DEVNULL
OUTPUT_CAP = 64 << 20   # bytes of a program's stdout or stderr read back for the checks


# ---- shared by every mode -----------------------------------------------------------------------
def die(mode, msg):
    print("%s: %s" % (mode, msg), file=sys.stderr)
    sys.exit(2)


def setup(mode):
    """Resolve REGAL against the caller's directory, then work from the repository's root;
    returns the compiler's path (checked)."""
    regal = os.environ.get("REGAL", "")
    if "/" in regal and not regal.startswith("/"):
        regal = os.path.abspath(regal)
    os.chdir(ROOT)
    b = os.environ.get("B") or "build"
    regal = regal or os.path.join(b, "regal")
    if not os.access(regal, os.X_OK):
        die(mode, "no compiler at %s (build it, or set REGAL/B)" % regal)
    return regal


def env_int(mode, name, default):
    v = os.environ.get(name) or str(default)
    if not v.isdigit() or int(v) < 1:
        die(mode, "%s must be a positive integer, not %r" % (name, v))
    return int(v)


def select(names, patterns):
    """The names that contain one of the patterns (each taken as a file's base name without
    .scm), in the order given; all of them when there is no pattern."""
    pats = [os.path.basename(p)[:-4] if p.endswith(".scm") else os.path.basename(p)
            for p in patterns]
    return [n for n in names if not pats or any(p in n for p in pats)]


def shell_status(returncode):
    """A process's status as a shell reports it: 128 + N for death by signal N."""
    return 128 - returncode if returncode < 0 else returncode


def run_proc(argv, timeout=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=None,
             cwd=None):
    """Run argv with stdin from /dev/null; (status as the shell reports it, stdout, stderr).
    With a timeout it runs under timeout(1), which ends the whole process group (regal and the
    clang it started) and exits with 124."""
    if timeout is not None:
        argv = ["timeout", str(timeout)] + list(argv)
    r = subprocess.run(argv, stdin=DEVNULL, stdout=stdout, stderr=stderr, env=env, cwd=cwd)
    return shell_status(r.returncode), r.stdout, r.stderr


def status_text(st, want, timeout):
    """Why an exit status is not the one wanted."""
    if st == 124 and timeout is not None:
        return "timed out after %ss" % timeout
    why = "exit status %d, expected %d" % (st, want)
    if 128 < st <= 192:
        why += " (signal %d?)" % (st - 128)
    return why


def read_capped(path, cap=OUTPUT_CAP):
    """The first cap bytes of a file (a runaway program's output is not read whole)."""
    with open(path, "rb") as f:
        return f.read(cap)


def head(data, n, prefix):
    """The first n lines of bytes data, each with prefix, as text lines."""
    lines = data.decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [prefix + line for line in lines[:n]]


def summary(mode, passed, failed, extra=""):
    print("%s: %d passed, %d failed%s" % (mode, passed, failed, extra), flush=True)
    sys.exit(1 if failed else 0)


# ---- run and errors: programs with their expectations beside them --------------------------------
DIRECTIVE = re.compile(rb"^; *(EXPECT-STATUS|EXPECT-STDERR|EXPECT-STDOUT|COMPILE-PATH|COMPILE-FLAGS|RUN-ENV): ?(.*)$",
                       re.M)


class Test:
    """One test program: its source and what it must do, read from its directives."""

    def __init__(self, mode, src):
        self.src = src
        self.name = os.path.basename(src)[:-4]
        self.tag = re.sub(r"[^A-Za-z0-9]", "_", src[:-4])
        d = {}
        with open(src, "rb") as f:
            for m in DIRECTIVE.finditer(f.read()):
                d.setdefault(m.group(1).decode(), []).append(m.group(2))
        status = d.get("EXPECT-STATUS", [b"0" if mode == "run" else b""])[0]
        status = status.replace(b" ", b"").replace(b"\r", b"")
        self.status = int(status) if status.isdigit() else None   # None: a malformed test
        # errors: status 1 is regal's own failure; run: it is the program's
        self.compile_error = mode == "errors" and self.status == 1
        self.stderr = d.get("EXPECT-STDERR", [])
        self.stdout = None      # the exact stdout wanted (bytes), or None: not checked
        self.stdout_from = None  # where it comes from, for messages
        self.stdout_lines = False  # from EXPECT-STDOUT lines: a missing final newline is fine
        self.missing = None     # run: the NAME.out that should be there
        if mode == "run":
            self.stdout_from = self.name + ".out"
            out = src[:-4] + ".out"
            if os.path.exists(out):
                with open(out, "rb") as f:
                    self.stdout = f.read()
            else:
                self.missing = out
        elif "EXPECT-STDOUT" in d:
            self.stdout_from = "its EXPECT-STDOUT lines"
            self.stdout_lines = True
            self.stdout = b"".join(line + b"\n" for line in d["EXPECT-STDOUT"])
        self.flags = b" ".join(d.get("COMPILE-FLAGS", [])).decode("utf-8", "surrogateescape").split()
        self.env = dict(e.decode().strip().split("=", 1) for e in d.get("RUN-ENV", []))
        path = d.get("COMPILE-PATH", [None])[0]
        self.compile_path = src if path is None else \
            os.path.join(os.path.dirname(src), path.decode("utf-8", "surrogateescape"))


def has_line_with(data, text):
    """grep -F: some line of data contains text."""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return any(text in line for line in lines)


def check(t, level, cfg):
    """Compile and run test t at one level; None when it passes, else the report's lines."""
    flags = cfg["flags"]
    tag = t.tag + re.sub(r"[^A-Za-z0-9]", "_", level)

    def fail(msg, detail=()):
        return ["FAIL %s (%s%s): %s" % (t.name, level, " " + flags if flags else "", msg)] + \
            list(detail)

    if t.status is None:
        return fail("malformed test", ["    no valid EXPECT-STATUS line"])
    if "-fnursery" in t.flags and "-fno-nursery" in flags.split():
        return None   # a test of the nursery itself, in a run without it (make test-run-no-nursery)
    exe = os.path.join(cfg["work"], "bin", tag)
    timeout = cfg["timeout"]
    cst, cout, cerr = run_proc([cfg["regal"], t.compile_path, "-o", exe] + level.split() +
                               t.flags + flags.split(), timeout=timeout)
    if t.compile_error:
        if cst != 1:
            return fail("regal exit status %d, expected 1 (a compile error)" % cst,
                        head(cerr, 6, "    stderr: "))
        out, err = b"", cerr
    else:
        if cst != 0:
            why = "compile timed out after %ss" % timeout if cst == 124 else \
                "compile failed (status %d)" % cst
            return fail(why, head(cerr + cout, 8, "    "))
        out_f = os.path.join(cfg["work"], tag + ".stdout")
        err_f = os.path.join(cfg["work"], tag + ".stderr")
        # Each program runs in a directory of its own, holding only a link to tests/ (paths
        # like tests/run/load/defs.scm resolve as from the repository's root): the files it
        # writes neither land in the checkout nor meet another run's.
        cwd = os.path.join(cfg["work"], tag + ".cwd")
        os.mkdir(cwd)
        os.symlink(os.path.join(ROOT, "tests"), os.path.join(cwd, "tests"))
        with open(out_f, "wb") as o, open(err_f, "wb") as e:
            st, _, _ = run_proc([exe], timeout=timeout, stdout=o, stderr=e,
                                env=dict(os.environ, **t.env) if t.env else None, cwd=cwd)
        out, err = read_capped(out_f), read_capped(err_f)
        for f in (exe, out_f, err_f):
            os.unlink(f)
        shutil.rmtree(cwd)
        if st != t.status:
            return fail(status_text(st, t.status, timeout), head(err, 6, "    stderr: "))
    for want in t.stderr:
        if not has_line_with(err, want):
            return fail("stderr lacks the expected text",
                        ["    want: " + want.decode("utf-8", "replace")] +
                        head(err, 6, "    got:  "))
    if t.missing is not None:
        return fail("missing " + t.missing, ["    (create it from a reference Scheme)"])
    if t.stdout is not None:
        if t.stdout_lines and out and not out.endswith(b"\n"):
            out += b"\n"
        if out != t.stdout:
            want_f = os.path.join(cfg["work"], tag + ".want")
            got_f = os.path.join(cfg["work"], tag + ".got")
            for f, data in ((want_f, t.stdout), (got_f, out)):
                with open(f, "wb") as fh:
                    fh.write(data)
            diff = subprocess.run(["diff", "-u", want_f, got_f], stdout=subprocess.PIPE)
            return fail("stdout differs from " + t.stdout_from,
                        head(b"\n".join(diff.stdout.split(b"\n")[2:]), 12, "    "))
    return None


def programs(mode, patterns):
    regal = setup(mode)
    dirs = ["tests/run", "examples"] if mode == "run" else ["tests/errors"]
    srcs = [os.path.join(d, f) for d in dirs for f in sorted(os.listdir(d)) if f.endswith(".scm")]
    tests = [Test(mode, s) for s in srcs]
    chosen = set(select([t.name for t in tests], patterns))
    tests = [t for t in tests if t.name in chosen]
    if patterns and not tests:
        print("%s: no test matches %s" % (mode, " ".join(patterns)), file=sys.stderr)
    levels = (os.environ.get("REGAL_TEST_LEVELS") or "-O0 -O2").split()
    cfg = {"regal": regal, "flags": os.environ.get("REGAL_TEST_FLAGS", "").strip(),
           "timeout": env_int(mode, "TIMEOUT", 30)}
    jobs = env_int(mode, "JOBS", 2)
    with tempfile.TemporaryDirectory(prefix="regal-%s." % mode) as work:
        cfg["work"] = work
        os.mkdir(os.path.join(work, "bin"))
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [[pool.submit(check, t, level, cfg) for level in levels] for t in tests]
            passed = failed = 0
            for t, fs in zip(tests, futures):
                reports = []
                for level, f in zip(levels, fs):
                    try:
                        r = f.result()
                    except Exception as e:  # a bug here must not pass for a test's success
                        r = ["FAIL %s (%s): harness error: %r" % (t.name, level, e)]
                    reports += r or []
                for line in reports:
                    print(line)
                if reports:
                    failed += 1
                else:
                    passed += 1
    summary(mode, passed, failed)


# ---- memory: figures checked, not only output (issue 7, "Tests and numbers") ---------------
# the bounds of issue 7
FLAT_RATIO = 1.2       # a loop that drops what it allocates: peak at 10x the iterations <= 1.2x
LINEAR_RATIO = 15      # a 1,000,000-element list by non-tail recursion: < 15x the 100,000 time
ARENA_RATIO = 2        # binary-trees: peak <= 2x the C program with an arena per tree
# ours (not in the issue)
ACC_FACTOR = 3         # loop-accumulate: peak growth <= 3x the bytes of the pairs it keeps
DIVISOR_RATIO = 0.75   # heap-live: collections <= 0.75x those with GC_FREE_SPACE_DIVISOR=2
PAIR_BYTES = 16        # runtime/regal.h: "a pair costs 16 bytes"
BT_DEPTH = 16          # benchmarks/c/binary-trees-arena.c has `max = 16`
RUNS = 3               # runs per peak RSS measurement; the median is used
TIME_RUNS = 5          # runs per CPU time measurement (each well under a second); the median
TIME_FLOOR_MS = 5      # CPU medians below this count as this
CPU_LIMIT_S = 60       # per process (a soft RLIMIT_CPU, as `ulimit -S -t`)
COMPILE_TIMEOUT_S = 30  # per compilation (these programs take about 0.5 s)
LIST_BUILD_STACK_MB = 2048  # 1,000,000 frames deep, with room for frames holding region descriptors
# the tests, in the order they run, with their sizes
MEMORY_TESTS = [("loop-temp", 1000000, 10000000), ("loop-carry", 1000000, 10000000),
                ("list-build", 100000, 1000000), ("binary-trees", BT_DEPTH),
                ("global-replace", 100000, 1000000), ("loop-accumulate", 100000, 1000000),
                ("loop-objects", 100000, 1000000), ("callcc-reentry", 100000, 1000000),
                ("tasks", 100000, 1000000), ("carry-thunk", 100000, 1000000),
                ("container-churn", 1000000, 10000000), ("tail-cycle", 2000000, 20000000),
                ("tail-cycle-gc", 200000, 2000000), ("heap-live", 300000)]


def short(n):
    """1000000 -> 1M, 100000 -> 100k"""
    if n >= 1000000 and n % 1000000 == 0:
        return "%dM" % (n // 1000000)
    if n >= 1000 and n % 1000 == 0:
        return "%dk" % (n // 1000)
    return "%d" % n


def mib(kib):
    return "%.1f MiB" % (kib / 1024)


def median(xs):
    return sorted(xs)[(len(xs) + 1) // 2 - 1]


def first_line(path, width):
    with open(path, "rb") as f:
        return (f.read().decode("utf-8", "replace").split("\n") or [""])[0][:width]


class Memory:
    def __init__(self, regal, patterns, chez):
        self.regal, self.patterns, self.chez = regal, patterns, chez
        self.w = os.path.join(os.environ.get("B") or "build", "memory")
        self.vlimit = os.environ.get("MEMORY_VLIMIT_KB") or "8388608"
        self.passed = self.failed = 0

    def report(self, name, ok, text):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print("%s: %s %s" % (name, text, "ok" if ok else "FAIL"), flush=True)

    def path(self, f):
        return os.path.join(self.w, f)

    def expected(self, name, n):
        """The `; OUTPUT N:` lines of tests/memory/NAME.scm."""
        with open("tests/memory/%s.scm" % name) as f:
            return "\n".join(line[len("; OUTPUT %d: " % n):].rstrip("\n") for line in f
                             if line.startswith("; OUTPUT %d: " % n))

    def compile(self, name):
        with open(self.path(name + ".cc"), "wb") as cc:
            st, _, _ = run_proc([self.regal, "-O2", "tests/memory/%s.scm" % name, "-o",
                                 self.path(name)], timeout=COMPILE_TIMEOUT_S, stdout=cc,
                                stderr=subprocess.STDOUT)
        if st == 0:
            return True
        self.failed += 1
        if st == 124:
            print("%s: compile timed out after %d s FAIL" % (name, COMPILE_TIMEOUT_S))
        else:
            print("%s: compile failed (status %d) FAIL" % (name, st))
        with open(self.path(name + ".cc"), "rb") as f:
            print("\n".join(head(f.read(), 6, "    ")))
        return False

    def check_run(self, name, n, st):
        """The run's status and output: None when fine, else why not."""
        if st != 0:
            why = "N=%d: exit status %d" % (n, st)
            if st == 71:
                why += " (out of memory; ulimit -v %s KiB)" % self.vlimit
            if st in (128 + signal.SIGKILL, 128 + signal.SIGXCPU):
                why += " (over %d s of CPU?)" % CPU_LIMIT_S
            return why + ": " + first_line(self.path("err"), 120)
        if name == "binary-trees":
            with open(self.path("binary-trees-arena.out")) as f:
                want = f.read().rstrip("\n")
        else:
            want = self.expected(name, n)
        with open(self.path("out"), "rb") as f:
            got = f.read().decode("utf-8", "replace").rstrip("\n")
        if got != want:
            return "N=%d: output %s, expected %s" % (n, got.split("\n")[0][:60],
                                                    want.split("\n")[0])
        return None

    def launch(self, argv, env):
        """Start argv with stdout and stderr to $W/out and $W/err."""
        with open(self.path("out"), "wb") as out, open(self.path("err"), "wb") as err:
            return subprocess.Popen(argv, stdin=DEVNULL, stdout=out, stderr=err,
                                    env=dict(os.environ, **env))

    def peak(self, name, n, env=None):
        """(median peak RSS KiB, median CPU s as GNU time gives it, to the hundredth: for
        information), or raises Failed."""
        ps, cs = [], []
        for _ in range(RUNS):
            p = self.launch(["/usr/bin/time", "-f", "%M %U %S", "-o", self.path("time"),
                             self.path(name), str(n)], env or {})
            why = self.check_run(name, n, shell_status(p.wait()))
            if why:
                raise Failed(why)
            with open(self.path("time")) as f:
                m, u, s = f.read().split()[-3:]
            ps.append(int(m))
            cs.append(float(u) + float(s))
        return median(ps), median(cs)

    def cpu(self, name, n, env=None):
        """Median CPU milliseconds (user + sys) of TIME_RUNS runs, or raises Failed."""
        ts = []
        for _ in range(TIME_RUNS):
            p = self.launch([self.path(name), str(n)], env or {})
            _, status, ru = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
            why = self.check_run(name, n, shell_status(p.returncode))
            if why:
                raise Failed(why)
            ts.append(int((ru.ru_utime + ru.ru_stime) * 1000 + 0.5))
        return median(ts)

    def stats(self, name, n):
        """On a failure: what REGAL_STATS=1 says of the larger run."""
        r = subprocess.run([self.path(name), str(n)], stdin=DEVNULL, stdout=DEVNULL,
                           stderr=subprocess.PIPE, env=dict(os.environ, REGAL_STATS="1"))
        for line in head(r.stderr, 24, "    "):
            print(line)

    # peak at BIG within FLAT_RATIO of the peak at SMALL
    def flat(self, name, small, big):
        try:
            p1, c1 = self.peak(name, small)
            p2, c2 = self.peak(name, big)
        except Failed as e:
            return self.report(name, False, str(e))
        r = "%.2f" % (p2 / p1)
        ok = float(r) <= FLAT_RATIO
        self.report(name, ok, "peak %s %s, %s %s (%sx %s %gx), cpu %g s, %g s" % (
            short(small), mib(p1), short(big), mib(p2), r, "<=" if ok else ">", FLAT_RATIO,
            c1, c2))
        if not ok:
            self.stats(name, big)

    # CPU at BIG under LINEAR_RATIO x CPU at SMALL. The time of a run at N = 0 (start-up and
    # exit: about 5 ms here, as much as a third of the 100,000 run) is taken off both, so that
    # the ratio is that of the work that grows with N. Returns (ok, text).
    def linear(self, name, small, big, env=None):
        try:
            t0 = self.cpu(name, 0, env)
            t1 = self.cpu(name, small, env)
            t2 = self.cpu(name, big, env)
        except Failed as e:
            return False, str(e)
        w1, w2 = t1 - t0, t2 - t0
        f1 = max(w1, TIME_FLOOR_MS)
        text = "cpu %s %d ms, %s %d ms, less %d ms at N=0: %d ms, %d ms (%.1fx" % (
            short(small), t1, short(big), t2, t0, w1, w2, w2 / f1)
        if w1 < TIME_FLOOR_MS:
            text += " of the %d ms floor" % TIME_FLOOR_MS
        ok = w2 < LINEAR_RATIO * f1
        return ok, text + (" < %dx)" if ok else " >= %dx)") % LINEAR_RATIO

    def list_build(self, name, small, big):
        self.report(name, *self.linear(name, small, big,
                                       {"REGAL_STACK_MB": str(LIST_BUILD_STACK_MB)}))

    def loop_accumulate(self, name, small, big):
        try:
            p1, _ = self.peak(name, small)
            p2, _ = self.peak(name, big)
        except Failed as e:
            return self.report(name, False, str(e))
        grow = p2 - p1
        allow = int(ACC_FACTOR * PAIR_BYTES * (big - small) / 1024)
        ok = grow <= allow
        text = "peak %s %s, %s %s: +%s %s %s (%dx the %d pairs kept);" % (
            short(small), mib(p1), short(big), mib(p2), mib(grow), "<=" if ok else ">",
            mib(allow), ACC_FACTOR, big - small)
        lin_ok, lin_text = self.linear(name, small, big)
        ok = ok and lin_ok
        self.report(name, ok, text + " " + lin_text)
        if not ok:
            self.stats(name, big)

    def binary_trees(self, name, depth):
        arena = self.path("binary-trees-arena")
        if subprocess.run(["clang", "-O2", "benchmarks/c/binary-trees-arena.c", "-o", arena],
                          stderr=DEVNULL).returncode != 0:
            return self.report(name, False, "clang failed on benchmarks/c/binary-trees-arena.c")
        ps = []
        for _ in range(RUNS):
            with open(self.path("binary-trees-arena.out"), "wb") as out:
                subprocess.run(["/usr/bin/time", "-f", "%M", "-o", self.path("time"), arena],
                               stdin=DEVNULL, stdout=out)
            with open(self.path("time")) as f:
                ps.append(int(f.read().split()[-1]))
        pc = median(ps)
        try:
            pr, cg = self.peak(name, depth)
        except Failed as e:
            return self.report(name, False, str(e))
        r = "%.2f" % (pr / pc)
        ok = float(r) <= ARENA_RATIO
        self.report(name, ok, "peak depth %d %s, C arena per tree %s (%sx %s %gx), cpu %g s" % (
            depth, mib(pr), mib(pc), r, "<=" if ok else ">", ARENA_RATIO, cg))
        if not ok:
            self.stats(name, depth)

    def collections(self, name, n, env):
        """The collections REGAL_STATS=json counts in a run at N (output checked)."""
        p = self.launch([self.path(name), str(n)], dict(env, REGAL_STATS="json"))
        p.wait()
        why = self.check_run(name, n, shell_status(p.returncode))
        if why:
            raise Failed(why)
        with open(self.path("err"), "rb") as f:
            m = re.search(rb'"collections":(\d+)', f.read())
        if not m:
            raise Failed("REGAL_STATS=json printed no collection count")
        return int(m.group(1))

    # live data in the collected heap: fewer collections than with the divisor fixed at 2
    def divisor(self, name, n):
        try:
            c = self.collections(name, n, {})
            c2 = self.collections(name, n, {"GC_FREE_SPACE_DIVISOR": "2"})
        except Failed as e:
            return self.report(name, False, str(e))
        r = "%.2f" % (c / max(c2, 1))
        ok = float(r) <= DIVISOR_RATIO
        self.report(name, ok, "collections at %s: %d, with GC_FREE_SPACE_DIVISOR=2: %d (%sx %s %gx)" % (
            short(n), c, c2, r, "<=" if ok else ">", DIVISOR_RATIO))

    def under_chez(self, name, sizes):
        for n in sizes:
            r = subprocess.run(["scheme", "--script", "tests/memory/%s.scm" % name, str(n)],
                               stdin=DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out = r.stdout.decode("utf-8", "replace").rstrip("\n")
            if name == "binary-trees":
                with open("benchmarks/expected/binary-trees.out") as f:
                    want = f.read().rstrip("\n")
            else:
                want = self.expected(name, n)
            if out == want:
                self.report("chez %s N=%d" % (name, n), True, "output as expected")
            else:
                self.report("chez %s N=%d" % (name, n), False,
                            "output " + out.split("\n")[0])

    def main(self):
        start = time.monotonic()
        kinds = {"list-build": self.list_build, "binary-trees": self.binary_trees,
                 "loop-accumulate": self.loop_accumulate, "heap-live": self.divisor}
        chosen = select([t[0] for t in MEMORY_TESTS], self.patterns)
        for name, *sizes in MEMORY_TESTS:
            if name in chosen and self.compile(name):
                kinds.get(name, self.flat)(name, *sizes)
        if self.chez:
            for name, *sizes in MEMORY_TESTS:
                if name in chosen:
                    self.under_chez(name, sizes)
        summary("memory", self.passed, self.failed, " (%d s)" % (time.monotonic() - start))


class Failed(Exception):
    """A measured run that failed: its message says why."""


def memory(args):
    chez = "--chez" in args
    patterns = [a for a in args if a != "--chez"]
    regal = setup("memory")
    if not os.access("/usr/bin/time", os.X_OK):
        die("memory", "needs GNU time (/usr/bin/time, package time)")
    if chez and subprocess.run(["sh", "-c", "command -v scheme"], stdout=DEVNULL).returncode:
        die("memory", "--chez needs scheme (Chez)")
    m = Memory(regal, patterns, chez)
    os.makedirs(m.w, exist_ok=True)
    if m.vlimit != "unlimited" and not m.vlimit.isdigit():
        die("memory", "MEMORY_VLIMIT_KB must be a number of KiB or unlimited, not %r" % m.vlimit)
    # soft limits on this process, inherited by every program it starts (as `ulimit -S`)
    for lim, value, what in (
            (resource.RLIMIT_CPU, CPU_LIMIT_S, "ulimit -t %d" % CPU_LIMIT_S),
            (resource.RLIMIT_AS, resource.RLIM_INFINITY if m.vlimit == "unlimited"
             else int(m.vlimit) * 1024, "ulimit -v " + m.vlimit)):
        try:
            resource.setrlimit(lim, (value, resource.getrlimit(lim)[1]))
        except (ValueError, OSError):
            print("memory: could not set %s" % what, file=sys.stderr)
    os.environ.pop("REGAL_STATS", None)
    m.main()


def main():
    modes = {"run": lambda a: programs("run", a), "errors": lambda a: programs("errors", a),
             "memory": memory}
    if len(sys.argv) < 2 or sys.argv[1] not in modes:
        die("harness.py", "usage: tests/harness.py run|errors|memory [--chez] [PATTERN...]")
    modes[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
