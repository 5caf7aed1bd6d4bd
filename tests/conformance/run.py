#!/usr/bin/env python3
"""run.py: the conformance suite (make conformance).

Each tests/conformance/<section>.scm holds `(test expected expr)` forms (and any definitions
they need), in the style of the R7RS tests. Until the front end has syntax-rules in every
build, the `test` form is rewritten here, textually, into a call of the harness procedure:
    (test E X)  ->  (conf-test "X" E (lambda () X))
so an error in X is caught and counted as a failure. The program is harness.scm + the
rewritten file + (conf-report); it is compiled with regal (-O2) and run, and its RESULT line
gives the section's counts. With --chez each file is also run under Chez Scheme (with
chez-prelude.scm for the names Chez 9.5 lacks) and the two counts are shown side by side:
the expectations were checked there (except in sections that define libraries, which Chez 9.5
cannot read). A section's leading define-library and import forms go before the harness.

Usage: run.py [--chez] [SECTION...]     prints the per-section table; exits 1 on a failure.
Environment: B (build directory, default build), REGAL (default $B/regal).
"""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def skip_atmosphere(s, i):
    """Index of the next datum at or after i, skipping whitespace and comments."""
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c == ';':
            while i < len(s) and s[i] != '\n':
                i += 1
        elif s.startswith('#|', i):
            depth, i = 1, i + 2
            while i < len(s) and depth:
                if s.startswith('|#', i): depth, i = depth - 1, i + 2
                elif s.startswith('#|', i): depth, i = depth + 1, i + 2
                else: i += 1
        elif s.startswith('#;', i):
            i = datum_end(s, skip_atmosphere(s, i + 2))
        else:
            return i
    return i


def datum_end(s, i):
    """Index just past the datum starting at s[i]."""
    c = s[i]
    if c in "'`":
        return datum_end(s, skip_atmosphere(s, i + 1))
    if c == ',':
        j = i + 2 if s.startswith(',@', i) else i + 1
        return datum_end(s, skip_atmosphere(s, j))
    if c in '([' or s.startswith('#(', i) or s.startswith('#u8(', i):
        i = s.index('(', i) + 1 if c not in '([' else i + 1
        while True:
            i = skip_atmosphere(s, i)
            if i >= len(s):
                raise SyntaxError('unbalanced parentheses')
            if s[i] in ')]':
                return i + 1
            i = datum_end(s, i)
    if c == '"' or c == '|':
        i += 1
        while s[i] != c:
            i += 2 if s[i] == '\\' else 1
        return i + 1
    if s.startswith('#\\', i):
        i += 3
    while i < len(s) and not s[i].isspace() and s[i] not in '()[]";':
        if s[i] == '|':
            i = datum_end(s, i)
        else:
            i += 1
    return i


def scheme_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', ' ') + '"'


def rewrite(s):
    out, i = [], 0
    while True:
        j = skip_atmosphere(s, i)
        out.append(s[i:j])
        if j >= len(s):
            return ''.join(out)
        k = datum_end(s, j)
        form = s[j:k]
        m = re.match(r'\(test\s', form)
        if m:
            a = skip_atmosphere(form, m.end())
            b = datum_end(form, a)
            c = skip_atmosphere(form, b)
            d = datum_end(form, c)
            expected, expr = form[a:b], form[c:d]
            form = '(conf-test %s %s (lambda () %s))' % (scheme_string(expr), expected, expr)
        out.append(form)
        i = k


def leading_declarations(s):
    """The section's leading define-library and import forms (R7RS 5.1: a program begins with
    its imports, which the harness needs too), and the rest."""
    i = 0
    while True:
        j = skip_atmosphere(s, i)
        if j >= len(s) or not re.match(r'\((define-library|import)\s', s[j:j + 16]):
            return s[:j], s[j:]
        i = datum_end(s, j)


def program(section, path):
    with open(os.path.join(HERE, 'harness.scm')) as f:
        harness = f.read()
    with open(path) as f:
        decls, body = leading_declarations(f.read())
    return '%s\n%s\n%s\n(conf-report %s)\n' % (decls, harness, rewrite(body),
                                                scheme_string(section))


def parse(out):
    m = re.search(r'^RESULT \S+ (\d+) (\d+)$', out, re.M)
    return (int(m.group(1)), int(m.group(2))) if m else None


def run_regal(section, path, work):
    b = os.environ.get('B', 'build')
    regal = os.environ.get('REGAL', os.path.join(ROOT, b, 'regal'))
    src = os.path.join(work, section + '.scm')
    exe = os.path.join(work, section)
    with open(src, 'w') as f:
        f.write(program(section, path))
    r = subprocess.run([regal, src, '-o', exe, '-O2'], capture_output=True, text=True)
    if r.returncode != 0:
        first = (r.stderr.strip().splitlines() or ['?'])[0]
        return None, 'compile error: ' + first.replace(work + '/', '')
    try:
        r = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, 'timed out'
    res = parse(r.stdout)
    if res is None:
        return None, 'crashed (status %d): %s' % (r.returncode, r.stderr.strip()[:200])
    fails = [l for l in r.stdout.splitlines() if l.startswith('FAIL ')]
    return res, '\n'.join('    ' + l for l in fails)


def run_chez(section, path, work):
    with open(path) as f:
        if 'define-library' in f.read():
            return None, 'not run: Chez Scheme 9.5 has no define-library'
    src = os.path.join(work, section + '.chez.scm')
    with open(os.path.join(HERE, 'chez-prelude.scm')) as f:
        prelude = f.read()
    with open(src, 'w') as f:
        f.write(prelude + program(section, path))
    r = subprocess.run(['scheme', '-q', '--script', src], capture_output=True, text=True)
    return parse(r.stdout), r.stdout + r.stderr


def main():
    args = sys.argv[1:]
    chez = '--chez' in args
    args = [a for a in args if a != '--chez']
    files = sorted(f for f in os.listdir(HERE) if f.endswith('.scm')
                   and f not in ('harness.scm', 'chez-prelude.scm'))
    if args:
        files = [f for f in files if any(a in f for a in args)]
    rows, notes, bad = [], [], False
    with tempfile.TemporaryDirectory(prefix='regal-conf.') as work:
        for f in files:
            section = f[:-4]
            res, note = run_regal(section, os.path.join(HERE, f), work)
            row = [section, '-', '-']
            if res:
                row[1:3] = [str(res[0]), str(res[1])]
                bad |= res[1] > 0
            else:
                bad = True
            if chez:
                cres, cout = run_chez(section, os.path.join(HERE, f), work)
                skipped = cout.startswith('not run')
                row.append('%d/%d' % cres if cres else 'n/a' if skipped else 'error')
                if (cres is None and not skipped) or (cres and cres[1]):
                    notes.append('%s under Chez:\n%s' % (section, cout.strip()[-600:]))
            rows.append(row)
            if note:
                notes.append('%s: %s' % (section, note.strip()))
    head = ['section', 'passed', 'failed'] + (['chez pass/fail'] if chez else [])
    w = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: '| ' + ' | '.join(c.ljust(w[i]) for i, c in enumerate(r)) + ' |'
    print(line(head))
    print('|' + '|'.join('-' * (x + 2) for x in w) + '|')
    for r in rows:
        print(line(r))
    tp = sum(int(r[1]) for r in rows if r[1] != '-')
    tf = sum(int(r[2]) for r in rows if r[2] != '-')
    print('total: %d passed, %d failed, %d sections not run' %
          (tp, tf, sum(1 for r in rows if r[1] == '-')))
    for n in notes:
        print(n)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
