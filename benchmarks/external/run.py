#!/usr/bin/env python3
"""run.py: ecraven's r7rs-benchmarks (vendored in src/ and inputs/) compiled by regal, checked,
and timed against Chez Scheme (make bench-external; not part of make test).

Each program is assembled as ecraven's `bench` script does for an R7RS system:
src/NAME.scm + src/common.scm + a postlude naming the implementation + src/common-postlude.scm.
Regal compiles that file as is (regal -O2). Chez Scheme 9.5 gets the same text with its
(import ...) forms removed, after (import (except (chezscheme) NAMES-THE-PROGRAM-DEFINES)) and
chez-prelude.ss (the R7RS names Chez 9.5 lacks), compiled by compile-program at optimize-level 2
(safe). Every program reads its input from inputs/NAME.input on stdin, in a work directory under
$B/bench-external/ where inputs/ is linked and outputs/ is written; inputs/bib, the text cat,
tail and wc read (not in the vendored snapshot), is made there from src/*.scm (bib_text()).
A run passes when it exits 0 and prints the benchmark's +!CSVLINE! line with a time: the
program's own check compares its result with the expected one in the input file (INCORRECT
otherwise).

  run.py [NAME...]              check: each program once, with its iteration count set to 1
  run.py --full [NAME...]       check with the real inputs
  run.py --time N [NAME...]     check, then N runs of each implementation on the real inputs,
                                alternating Regal and Chez; median CPU time (user+sys, from
                                /usr/bin/time) and the Chez/Regal ratio; writes
                                $B/bench-external/times.csv and table.md
  --skip-check, --chez-first    with --time: no separate check run (each timed run is still
                                checked); Chez runs first in odd-numbered runs instead of even
  --no-chez                     Regal only
Environment: B (default build), REGAL (default $B/regal). Exit status 1 when a check fails.
"""
import argparse, os, re, shutil, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
B = os.path.abspath(os.environ.get('B', os.path.join(ROOT, 'build')))
REGAL = os.path.abspath(os.environ.get('REGAL', os.path.join(B, 'regal')))
CHEZ_LEVEL = 2
# ecraven's `bench` script, ALL_BENCHMARKS, in its order
PROGRAMS = """browse deriv destruc diviter divrec puzzle triangl tak takl ntakl cpstak ctak
fib fibc fibfp sum sumfp fft mbrot mbrotZ nucleic pi pnpoly ray simplex
ack array1 string sum1 cat tail wc read1
compiler conform dynamic earley graphs lattice matrix maze mazefun nqueens paraffins parsing
peval primes quicksort scheme slatex chudnovsky nboyer sboyer gcbench mperm equal bv2string""".split()
TIMEOUT = 600


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def bib_text():
    """inputs/bib: src/*.scm in name order, repeated, cut to 4,400,000 characters at a line."""
    names = sorted(f for f in os.listdir(os.path.join(HERE, 'src')) if f.endswith('.scm'))
    data = ''.join(open(os.path.join(HERE, 'src', f), encoding='utf-8').read() for f in names)
    out = data * (4400000 // len(data) + 1)
    return out[:4400000].rsplit('\n', 1)[0] + '\n'


def workdir():
    w = os.path.join(B, 'bench-external')
    os.makedirs(os.path.join(w, 'inputs'), exist_ok=True)
    os.makedirs(os.path.join(w, 'outputs'), exist_ok=True)
    for f in os.listdir(os.path.join(HERE, 'inputs')):
        dst = os.path.join(w, 'inputs', f)
        if not os.path.lexists(dst):
            os.symlink(os.path.join(HERE, 'inputs', f), dst)
    bib = os.path.join(w, 'inputs', 'bib')
    if not os.path.exists(bib):
        with open(bib, 'w', encoding='utf-8') as f:
            f.write(bib_text())
    return w


def strip_imports(text):
    """The text without its top-level (import ...) forms."""
    out, i = [], 0
    while True:
        m = re.search(r'^\(import\b', text[i:], re.M)
        if not m:
            out.append(text[i:])
            return ''.join(out)
        s = i + m.start()
        out.append(text[i:s])
        depth, j = 0, s
        while True:
            c = text[j]
            if c == '(':
                depth += 1
            elif c == ')':
                depth -= 1
                if depth == 0:
                    break
            elif c == ';':
                while text[j] != '\n':
                    j += 1
            elif c == '"':
                j += 1
                while text[j] != '"':
                    j += 2 if text[j] == '\\' else 1
            j += 1
        i = j + 1


_chez_exports = None


def chez_exports():
    global _chez_exports
    if _chez_exports is None:
        r = sh(['scheme', '-q'], input="(for-each (lambda (s) (display s) (newline)) "
                                        "(library-exports '(chezscheme)))")
        _chez_exports = set(r.stdout.split())
    return _chez_exports


def program_text(name, impl):
    src = lambda f: open(os.path.join(HERE, f), encoding='utf-8').read()
    body = src('src/%s.scm' % name)
    common, post = src('src/common.scm'), src('src/common-postlude.scm')
    if impl == 'regal':
        return body + common + src('regal-postlude.scm') + post
    text = (src('chez-prelude.ss') + strip_imports(body) + common +
            '(define (this-scheme-implementation-name) "chez")\n' + post)
    defined = set(re.findall(r'^\(define(?:-syntax|-record-type)?\s+\(?([^\s()]+)', text, re.M))
    clash = sorted(defined & chez_exports())
    return ('(import (except (chezscheme) %s)\n'
            '        (rename (only (chezscheme) define-record-type)\n'
            '                (define-record-type r6rs:define-record-type)))\n'
            % ' '.join(clash)) + text


def build(name, impl, w):
    """The command that runs the program, or raises RuntimeError with the compiler's message."""
    d = os.path.join(w, impl)
    os.makedirs(d, exist_ok=True)
    if impl == 'regal':
        s, exe = os.path.join(d, name + '.scm'), os.path.join(d, name)
        open(s, 'w', encoding='utf-8').write(program_text(name, impl))
        r = sh([REGAL, '-O2', s, '-o', exe], timeout=TIMEOUT)
        if r.returncode != 0:
            raise RuntimeError('compile error: ' + r.stderr.strip()[-400:])
        return [exe]
    s, so = os.path.join(d, name + '.ss'), os.path.join(d, name + '.so')
    open(s, 'w', encoding='utf-8').write(program_text(name, impl))
    if os.path.exists(so):
        os.remove(so)
    r = sh(['scheme', '-q'], input='(optimize-level %d) (debug-level 0) '
           '(generate-inspector-information #f) (compile-program "%s" "%s")\n'
           % (CHEZ_LEVEL, s, so), timeout=TIMEOUT)
    if not os.path.exists(so) or 'xception' in r.stdout + r.stderr:
        raise RuntimeError('compile error: ' + (r.stdout + r.stderr).strip()[-400:])
    return ['scheme', '--program', so]


def input_text(name, quick):
    text = open(os.path.join(HERE, 'inputs', name + '.input'), encoding='utf-8').read()
    if quick:   # the first datum is the iteration count (not in equal and mperm)
        text = re.sub(r'\A\s*\d+\s*\n', '1\n', text)
    return text


def run_once(cmd, name, w, quick):
    """(ok, cpu seconds, message)."""
    tf = os.path.join(w, 'time.txt')
    try:
        r = sh(['/usr/bin/time', '-f', '%U %S', '-o', tf] + cmd, input=input_text(name, quick),
               cwd=w, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return False, None, 'timed out after %d s' % TIMEOUT
    u, s = open(tf).read().split()[-2:]
    cpu = float(u) + float(s)
    line = [l for l in r.stdout.split('\n') if l.startswith('+!CSVLINE!+')]
    if r.returncode != 0:
        return False, cpu, 'exit status %d: %s' % (r.returncode, (r.stderr or r.stdout).strip()[-300:])
    if not line or line[-1].endswith(',INCORRECT'):
        return False, cpu, 'incorrect result: ' + r.stdout.strip()[-300:]
    return True, cpu, ''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('names', nargs='*')
    ap.add_argument('--full', action='store_true')
    ap.add_argument('--time', type=int, default=0)
    ap.add_argument('--no-chez', action='store_true')
    ap.add_argument('--skip-check', action='store_true',
                    help='with --time: build only, no check run (each timed run is still checked)')
    ap.add_argument('--chez-first', action='store_true', help='with --time: Chez runs first')
    a = ap.parse_args()
    names = a.names or PROGRAMS
    impls = ['regal'] if a.no_chez else ['regal', 'chez']
    w = workdir()
    cmds, failed = {}, []
    for n in names:
        for impl in impls:
            try:
                cmds[n, impl] = build(n, impl, w)
                if a.time and a.skip_check:
                    continue
                ok, cpu, msg = run_once(cmds[n, impl], n, w, not (a.full or a.time))
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                ok, cpu, msg = False, None, str(e)
            print('%-11s %-5s %s%s' % (n, impl, 'ok' if ok else 'FAIL',
                                        ' %.2f s' % cpu if cpu is not None else '')
                  + ('  ' + msg if msg else ''), flush=True)
            if not ok:
                failed.append((n, impl))
                cmds.pop((n, impl), None)
    good = sum(1 for n in names if (n, 'regal') not in failed)
    print('regal: %d of %d programs compile%s' % (good, len(names), '' if a.time and a.skip_check
                                                   else ', run and give the right result'))
    if a.time:
        times = {}
        for n in names:
            if any((n, i) not in cmds for i in impls):
                continue
            for k in range(a.time):
                order = impls if (k % 2 == 0) != a.chez_first else impls[::-1]
                for impl in order:
                    ok, cpu, msg = run_once(cmds[n, impl], n, w, False)
                    if not ok:
                        print('%-11s %-5s FAIL  %s' % (n, impl, msg), flush=True)
                        failed.append((n, impl))
                    times.setdefault((n, impl), []).append(cpu if ok else float('nan'))
            med = {i: statistics.median(times[n, i]) for i in impls}
            print('%-11s ' % n + '  '.join('%s %.2f s (%s)' % (i, med[i], ' '.join('%.2f' % t for t in times[n, i]))
                                          for i in impls)
                  + ('  chez/regal %.2f' % (med['chez'] / med['regal']) if 'chez' in impls else ''),
                  flush=True)
        write_table(w, names, impls, times)
    sys.exit(1 if any(i == 'regal' for _, i in failed) else 0)


def write_table(w, names, impls, times):
    import math
    rows = []
    with open(os.path.join(w, 'times.csv'), 'w') as f:
        f.write('program,' + ','.join('%s_median_cpu_s,%s_runs' % (i, i) for i in impls) + '\n')
        for n in names:
            if (n, 'regal') not in times:
                continue
            med = {i: statistics.median(times[n, i]) for i in impls}
            f.write(n + ',' + ','.join('%.3f,%s' % (med[i], ' '.join('%.3f' % t for t in times[n, i]))
                                       for i in impls) + '\n')
            rows.append((n, med))
    if 'chez' not in impls:
        return
    rows.sort(key=lambda r: r[1]['chez'] / r[1]['regal'])
    lines = ['| Program | Regal CPU s | Chez CPU s | Chez/Regal |', '| --- | ---: | ---: | ---: |']
    for n, m in rows:
        lines.append('| %s | %.2f | %.2f | %.2f |' % (n, m['regal'], m['chez'], m['chez'] / m['regal']))
    ratios = [m['chez'] / m['regal'] for _, m in rows]
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    lines.append('\nGeometric mean of Chez/Regal over %d programs: %.2f (above 1: Regal faster).'
                 % (len(ratios), gm))
    open(os.path.join(w, 'table.md'), 'w').write('\n'.join(lines) + '\n')
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
