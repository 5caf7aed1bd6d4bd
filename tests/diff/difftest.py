#!/usr/bin/env python3
"""difftest.py: differential testing of regal against Chez Scheme (issue 8).

    tests/diff/difftest.py [-n N] [--start S] [--jobs 2] [--no-shrink] [--features F]
    tests/diff/difftest.py --regressions        check tests/diff/regressions/*.scm only

Each seed S..S+N-1 gives a program (gen.py); it runs through Chez (`scheme -q --script`), the
reference, and through regal at each level (-O0 and -O2 by default); standard output and exit
status must agree. A program Chez itself rejects is a generator bug, counted apart. A mismatch
is shrunk (a greedy reducer over the s-expressions: drop top-level forms, drop list elements,
replace a subexpression by one of its parts or by a constant, keeping each step only while Chez
still runs it cleanly and regal still disagrees in the same way) and kept as
tests/diff/regressions/seed-S.scm with Chez's output beside it (seed-S.out).
Prints one line per mismatch and `difftest: N passed, M failed` at the end; exits 1 on any
mismatch. Environment: B (build directory, default build), REGAL (default $B/regal), SCHEME
(default scheme).
"""
import argparse
import multiprocessing
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

B = os.environ.get("B", "build")
REGAL = os.environ.get("REGAL", os.path.join(B, "regal"))
SCHEME = os.environ.get("SCHEME", "scheme")
REGDIR = os.path.join(HERE, "regressions")
OPTS = None  # set in main, inherited by the workers


def run(cmd, timeout, cwd=None):
    """(status, stdout, stderr); status is 'timeout' on a timeout, -N for signal N."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, cwd=cwd)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return "timeout", e.stdout or b"", e.stderr or b""


def chez(path):
    return run([SCHEME, "-q", "--script", path], OPTS.timeout)


def chez_ok(ref):
    """Chez ran the program to its end: no timeout, no error message ((exit k) is fine)."""
    return ref[0] != "timeout" and ref[0] >= 0 and not ref[2].strip()


def regal(path, level, exe):
    """('compile', status, stderr) when regal fails, else ('ran', status, stdout)."""
    rc, out, err = run([REGAL, path, "-o", exe, level] + OPTS.regal_flags, 120)
    if rc != 0:   # once more: a loaded machine has made clang itself crash
        rc, out, err = run([REGAL, path, "-o", exe, level] + OPTS.regal_flags, 120)
    if rc != 0:
        return ("compile", rc, err)
    rc, out, err = run([exe], OPTS.timeout)
    return ("ran", rc, out, err)


def compile_sig(err):
    """What kind of compile failure: the C compiler's, regal's own diagnostic, or other."""
    return "cc" if b"C compiler failed" in err else "regal" if b": error:" in err else "other"


def verdict(ref, res):
    """None when regal agrees with the reference (status, stdout), else the kind of mismatch."""
    if res[0] == "compile":
        return "compile"
    if res[1] != ref[0]:
        return "status"
    if res[2] != ref[1]:
        return "output"
    return None


# ---- s-expressions, for the reducer -------------------------------------------------------
class Quote:
    def __init__(self, mark, x):
        self.mark, self.x = mark, x


def sx_parse(text):
    i, n = 0, len(text)

    def skip():
        nonlocal i
        while i < n:
            if text[i].isspace():
                i += 1
            elif text[i] == ";":
                while i < n and text[i] != "\n":
                    i += 1
            else:
                return

    def datum():
        nonlocal i
        skip()
        c = text[i]
        if c == "(" or c == "[":
            i += 1
            items = []
            while True:
                skip()
                if text[i] in ")]":
                    i += 1
                    return items
                items.append(datum())
        if c == "#" and text[i + 1] == "(":
            i += 1
            v = datum()
            return Quote("#", v)
        if c in "'`,":
            i += 1
            return Quote(c, datum())
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            s, i = text[i:j + 1], j + 1
            return s
        j = i + 3 if text.startswith("#\\", i) else i
        while j < n and not text[j].isspace() and text[j] not in "()[]\";":
            j += 1
        s, i = text[i:j], j
        return s

    out = []
    while True:
        skip()
        if i >= n:
            return out
        out.append(datum())


def sx_str(x):
    if isinstance(x, list):
        return "(" + " ".join(sx_str(y) for y in x) + ")"
    if isinstance(x, Quote):
        return x.mark + sx_str(x.x)
    return x


def sx_program(forms):
    return "\n".join(sx_str(f) for f in forms) + "\n"


def sx_paths(x, path=()):
    """Every list node's path, outermost first."""
    if isinstance(x, list):
        yield path
        for i, y in enumerate(x):
            yield from sx_paths(y, path + (i,))
    elif isinstance(x, Quote):
        yield from sx_paths(x.x, path + ("q",))


def sx_get(x, path):
    for p in path:
        x = x.x if p == "q" else x[p]
    return x


def sx_replace(x, path, new):
    if not path:
        return new
    p = path[0]
    if p == "q":
        return Quote(x.mark, sx_replace(x.x, path[1:], new))
    return x[:p] + [sx_replace(x[p], path[1:], new)] + x[p + 1:]


def sx_size(x):
    if isinstance(x, list):
        return 1 + sum(sx_size(y) for y in x)
    if isinstance(x, Quote):
        return 1 + sx_size(x.x)
    return 1


def candidates(forms):
    """Smaller programs, biggest reductions first."""
    n = len(forms)
    k = n // 2
    while k >= 1:                       # drop runs of top-level forms
        for s in range(0, n, k):
            yield forms[:s] + forms[s + k:]
        k //= 2
    for fi, f in enumerate(forms):
        for path in list(sx_paths(f)):
            node = sx_get(f, path)
            if not isinstance(node, list):
                continue
            def put(new):
                return forms[:fi] + [sx_replace(f, path, new)] + forms[fi + 1:]
            if path:
                for c in ("0", "'()", "#f"):
                    if sx_str(node) != c:
                        yield put(c)
            for i, y in enumerate(node):
                if path and isinstance(y, (list, Quote)) or path and i > 0:
                    yield put(y)                       # hoist a part
            for i in range(len(node) - 1, 0, -1):
                yield put(node[:i] + node[i + 1:])     # drop an element
            for i, y in enumerate(node):               # simplify a numeric atom
                if isinstance(y, str) and y.lstrip("-").isdigit() and y not in ("0", "1"):
                    yield put(node[:i] + ["1"] + node[i + 1:])


def shrink(src, level, kind, sig, work, deadline):
    """Greedy reduction of a program while regal still disagrees with Chez in the same way."""
    forms = sx_parse(src)
    path = os.path.join(work, "shrink.scm")
    exe = os.path.join(work, "shrink.exe")
    tests = 0

    def interesting(cand):
        nonlocal tests
        tests += 1
        with open(path, "w") as f:
            f.write(sx_program(cand))
        res = regal(path, level, exe)
        if res[0] == "compile" and (kind != "compile" or compile_sig(res[2]) != sig):
            return False
        ref = chez(path)
        if not chez_ok(ref):
            return False
        return verdict(ref, res) == kind

    progress = True
    while progress and time.time() < deadline:
        progress = False
        for cand in candidates(forms):
            if time.time() >= deadline:
                break
            if sx_size(cand) >= sx_size(forms):
                continue
            if interesting(cand):
                forms, progress = cand, True
                break
    return sx_program(forms), tests


# ---- one seed -----------------------------------------------------------------------------
def check_seed(seed):
    """(seed, status, message): status is 'pass', 'fail' or 'skip' (Chez rejects it)."""
    work = os.path.join(OPTS.work, "s%d" % seed)
    os.makedirs(work, exist_ok=True)
    src = gen.Gen(seed, OPTS.feat, OPTS.size).program()
    path = os.path.join(work, "prog.scm")
    with open(path, "w") as f:
        f.write(src)
    ref = chez(path)
    if not chez_ok(ref):
        return (seed, "skip", "seed %d: Chez rejects the program (status %s): %s" % (
            seed, ref[0], ref[2].decode(errors="replace").strip()[:300]))
    for level in OPTS.levels:
        res = regal(path, level, os.path.join(work, "prog" + level))
        kind = verdict(ref, res)
        if kind is None:
            continue
        msg = "seed %d (%s): %s mismatch" % (seed, level, kind)
        if res[0] == "compile":
            msg += ": " + res[2].decode(errors="replace").strip().splitlines()[-1][:200] if res[2].strip() else ""
        elif kind == "status":
            msg += ": Chez exits 0, regal %s: %s" % (res[1], res[3].decode(errors="replace").strip()[:200])
        if OPTS.shrink:
            sig = compile_sig(res[2]) if res[0] == "compile" else None
            small, tests = shrink(src, level, kind, sig, work, time.time() + OPTS.shrink_seconds)
            name = os.path.join(REGDIR, "seed-%d.scm" % seed)
            sref = chez_text(small, work)
            with open(name, "w") as f:
                f.write(";; difftest seed %d, %s: %s mismatch (shrunk in %d tries)\n%s%s" % (
                    seed, level, kind, tests, "; EXPECT-STATUS: %d\n" % sref[0] if sref[0] else "", small))
            with open(name[:-4] + ".out", "wb") as f:
                f.write(sref[1])
            msg += "\n  shrunk to %s:\n    %s" % (os.path.relpath(name, ROOT), small.strip().replace("\n", "\n    "))
        else:
            msg += "\n  reproduce: tests/diff/gen.py --seed %d%s > p.scm" % (
                seed, " --features " + OPTS.features if OPTS.features else "")
        return (seed, "fail", msg)
    return (seed, "pass", "")


def chez_text(src, work):
    path = os.path.join(work, "final.scm")
    with open(path, "w") as f:
        f.write(src)
    return chez(path)


def check_regression(path):
    """A saved case: regal at each level must print the saved Chez output and exit 0 (or the
    status of a `; EXPECT-STATUS: N` line)."""
    with open(path[:-4] + ".out", "rb") as f:
        want = f.read()
    status = 0
    with open(path) as f:
        for line in f:
            if line.startswith("; EXPECT-STATUS:"):
                status = int(line.split(":")[1])
    name = os.path.basename(path)[:-4]
    work = os.path.join(OPTS.work, "reg-" + name)
    os.makedirs(work, exist_ok=True)
    for level in OPTS.levels:
        res = regal(path, level, os.path.join(work, "prog" + level))
        kind = verdict((status, want), res)
        if kind:
            return (name, "fail", "regression %s (%s): %s mismatch" % (os.path.relpath(path, ROOT), level, kind))
    return (name, "pass", "")


def main():
    global OPTS
    ap = argparse.ArgumentParser(description="differential testing of regal against Chez Scheme")
    ap.add_argument("-n", type=int, default=100, help="number of programs (default 100)")
    ap.add_argument("--start", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--size", type=int, default=12, help="top-level forms per program")
    ap.add_argument("--features", default="", help="feature groups, as gen.py --features")
    ap.add_argument("--levels", default="-O0,-O2")
    ap.add_argument("--regal-flags", default="", help="extra flags for regal, space separated")
    ap.add_argument("--timeout", type=float, default=20, help="seconds per run")
    ap.add_argument("--no-shrink", dest="shrink", action="store_false")
    ap.add_argument("--shrink-seconds", type=float, default=240, help="budget per mismatch")
    ap.add_argument("--regressions", action="store_true", help="check tests/diff/regressions only")
    ap.add_argument("--with-regressions", action="store_true", help="check them too")
    ap.add_argument("--work", default=os.path.join(B, "difftest"))
    OPTS = ap.parse_args()
    OPTS.feat = gen.parse_features(OPTS.features)
    OPTS.levels = OPTS.levels.split(",")
    OPTS.regal_flags = OPTS.regal_flags.split()
    if not shutil.which(SCHEME):
        sys.exit("difftest: no '%s' (Chez Scheme); run scripts/deps.sh" % SCHEME)
    if not os.path.exists(REGAL):
        sys.exit("difftest: no compiler at %s; run make" % REGAL)
    shutil.rmtree(OPTS.work, ignore_errors=True)
    os.makedirs(OPTS.work)
    os.makedirs(REGDIR, exist_ok=True)

    jobs = []
    if OPTS.regressions or OPTS.with_regressions:
        regs = sorted(os.path.join(REGDIR, f) for f in os.listdir(REGDIR) if f.endswith(".scm"))
        jobs += [(check_regression, p) for p in regs]
    if not OPTS.regressions:
        jobs += [(check_seed, s) for s in range(OPTS.start, OPTS.start + OPTS.n)]
    passed = failed = skipped = 0
    t0 = time.time()
    with multiprocessing.Pool(OPTS.jobs) as pool:
        for _, status, msg in pool.imap_unordered(call, jobs):
            if status == "pass":
                passed += 1
            elif status == "fail":
                failed += 1
                print("FAIL " + msg, flush=True)
            else:
                skipped += 1
                print("SKIP " + msg, flush=True)
    print("difftest: %d passed, %d failed%s (%.0fs)" % (
        passed, failed, ", %d rejected by Chez (generator bugs)" % skipped if skipped else "",
        time.time() - t0))
    if not failed:
        shutil.rmtree(OPTS.work, ignore_errors=True)
    sys.exit(1 if failed or skipped else 0)


def call(job):
    fn, arg = job
    return fn(arg)


if __name__ == "__main__":
    main()
