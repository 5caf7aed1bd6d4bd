#!/usr/bin/env python3
"""gen.py: random Scheme programs for differential testing (issue 8).

    tests/diff/gen.py --seed N [--size S] [--features +chars,-bignum] > prog.scm

Every program is well formed, terminates quickly and is deterministic under R7RS: side effects
(set!, vector-set!, output, calls of closures that assign) happen only in statement positions
(bodies, let* inits, for-each), never in two arguments of one call, so the unspecified order
of argument evaluation cannot change the output; loops and recursions have small constant
bounds and a work budget keeps nested calls of loops cheap; multiplication always has one
small operand, so bignums appear but stay a few thousand bits at most; divisors are nonzero
literals; nothing unspecified is printed. Types are tracked: int, bool, list (of ints), str,
vec (of ints), fn1 (a pure one-argument procedure on ints).

Feature groups (--features, comma separated, +name turns one on, -name off; FEATURES lists
them with their defaults) let the subset grow as Regal does. The same seed and features always
give the same program.
"""
import argparse
import random
import sys

# feature group -> on by default
FEATURES = {
    "bignum": True,     # big literals and products that overflow fixnums
    "lists": True,      # cons car cdr list append reverse length list-ref memv assv
    "strings": True,    # string-append substring string-length number->string
    "vectors": True,    # make-vector vector-ref vector-set! vector->list
    "closures": True,   # lambdas capturing variables, counters that set! captured variables
    "hof": True,        # map for-each apply
    "loops": True,      # named let and do loops
    "recursion": True,  # top-level self and mutually recursive procedures (tail and non-tail)
    "setbang": True,    # set! on local and global variables
    "chars": True,      # string-ref, char->integer, write of characters
    "escapes": True,    # string literals with a quote, a backslash, non-ASCII letters
    "quasiquote": True, # `(a ,x ,@l)
    "ports": True,      # open-output-string, write/display to a string port, get-output-string
                        # (not write-string: Chez 9.5 lacks it)
    "deep": True,       # non-tail recursion 10000+ deep, loops of 100000+ iterations
    "records": False,   # define-record-type
    "variadic": True,   # rest parameters: (lambda args ...), (lambda (a . r) ...)
    "internal": True,   # internal defines at the start of procedure bodies
    "exit": True,       # some programs end with (exit k): the status is compared too
    "floats": True,     # flonum arithmetic whose result is made exact again before printing
    "rationals": True,  # exact rationals: / of integers, then numerator, round... back to one
}

SAFE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "


class Var:
    def __init__(self, name, ty, assignable=False, small=False, impure=False, cost=1, arity=1):
        self.name, self.ty = name, ty
        self.assignable = assignable  # set! allowed (int variables not used as loop counters)
        self.small = small            # a loop index: 0 <= value < 16
        self.impure = impure          # a procedure whose call has a side effect
        self.cost = cost              # work estimate of one call (procedures)
        self.arity = arity


class Ctx:
    """Where an expression is generated: variables in scope, loop multiplier, depth."""
    def __init__(self, env=(), mult=1, loops=0):
        self.env = list(env)
        self.mult = mult
        self.loops = loops

    def bind(self, *vs):
        return Ctx(self.env + list(vs), self.mult, self.loops)

    def loop(self, n):
        c = Ctx(self.env, self.mult * n, self.loops + 1)
        return c

    def vars(self, ty, pred=lambda v: True):
        return [v for v in self.env if v.ty == ty and pred(v)]


class Gen:
    def __init__(self, seed, features, size):
        self.r = random.Random(seed)
        self.f = features
        self.size = size
        self.n = 0
        self.work = 0          # work of the top-level form being generated
        self.globals = []      # Vars defined at the top level so far

    # ---- helpers -------------------------------------------------------------------------
    # Names that would break or inject into the generated C if pasted into it unescaped
    # (issue 21); bar-quoted, so Chez and Regal read them alike (no backslashes: Chez 9.5 does
    # not read R7RS escapes inside |...|).
    HOSTILE = ['"); system("id', '*/ x /*', '??=??/', '%s%n', ' ( ) ; ', "#'`,@", '\t']

    def fresh(self, p):
        self.n += 1
        if self.chance(0.15):
            return "|%s%d%s|" % (p, self.n, self.pick(self.HOSTILE))
        return "%s%d" % (p, self.n)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def weighted(self, opts):
        """opts: list of (weight, thunk); thunks returning None are retried elsewhere."""
        opts = [(w, t) for w, t in opts if w > 0]
        while opts:
            tot = sum(w for w, _ in opts)
            x = self.r.random() * tot
            for i, (w, t) in enumerate(opts):
                x -= w
                if x <= 0:
                    break
            res = opts[i][1]()
            if res is not None:
                return res
            del opts[i]
        raise RuntimeError("no alternative")

    def budget_ok(self, ctx, cost):
        return ctx.mult * cost + self.work <= 4000

    def spend(self, ctx, cost):
        self.work += ctx.mult * cost

    # ---- literals ------------------------------------------------------------------------
    def int_lit(self):
        if self.f["bignum"] and self.chance(0.12):
            return self.pick([
                str(self.r.choice([1, -1]) * self.r.randrange(2**59, 2**63)),
                str(self.r.choice([1, -1]) * self.r.randrange(10**18, 10**30)),
                str(2**60 - 1), str(-2**60), str(2**61 - 1), str(-2**61), str(2**62)])
        return str(self.r.randint(-20, 100))

    def small_lit(self):
        return str(self.r.choice([-3, -2, -1, 1, 2, 3, 5, 7, 10, 1000]))

    def str_lit(self):
        n = self.r.randint(0, 6)
        chars = SAFE_CHARS
        if self.f["escapes"] and self.chance(0.2):
            chars = SAFE_CHARS[:10] + '"\\' + "\u00e9\u03bb\u65e5\u00fc"
        body = "".join(self.pick(chars) for _ in range(n))
        return '"' + body.replace("\\", "\\\\").replace('"', '\\"') + '"'

    # ---- int -----------------------------------------------------------------------------
    def small(self, ctx):
        """An int expression known to be small (for products and loop bounds)."""
        idx = ctx.vars("int", lambda v: v.small)
        if idx and self.chance(0.4):
            return self.pick(idx).name
        if self.f["bignum"] and ctx.mult <= 10 and self.chance(0.15):
            return str(self.r.choice([1, -1]) * self.r.randrange(2**40, 2**62))
        return self.small_lit()

    def nonzero(self):
        if self.f["bignum"] and self.chance(0.15):
            return str(self.r.choice([1, -1]) * self.r.randrange(2**61, 2**70))
        return str(self.r.choice([-7, -3, -2, -1, 1, 2, 3, 4, 5, 7, 10, 16, 100]))

    def e_int(self, ctx, d):
        if d <= 0:
            vs = ctx.vars("int")
            if vs and self.chance(0.6):
                return self.pick(vs).name
            return self.int_lit()
        f, d1 = self.f, d - 1
        return self.weighted([
            (3, lambda: self.int_lit()),
            (6, lambda: self.pick(ctx.vars("int")).name if ctx.vars("int") else None),
            (6, lambda: "(%s %s %s)" % (self.pick(["+", "-"]), self.e_int(ctx, d1), self.e_int(ctx, d1))),
            (2, lambda: "(+ %s %s %s)" % (self.e_int(ctx, d1), self.e_int(ctx, d1), self.e_int(ctx, d1))),
            (1, lambda: "(- %s)" % self.e_int(ctx, d1)),
            (4, lambda: "(* %s %s)" % ((self.e_int(ctx, d1), self.small(ctx)) if self.chance(0.5)
                                       else (self.small(ctx), self.e_int(ctx, d1)))),
            (3, lambda: "(%s %s %s)" % (self.pick(["quotient", "remainder", "modulo"]),
                                        self.e_int(ctx, d1), self.nonzero())),
            (1, lambda: "(%s %s %s)" % (self.pick(["min", "max"]), self.e_int(ctx, d1), self.e_int(ctx, d1))),
            (1, lambda: "(abs %s)" % self.e_int(ctx, d1)),
            (3, lambda: "(if %s %s %s)" % (self.e_bool(ctx, d1), self.e_int(ctx, d1), self.e_int(ctx, d1))),
            (2, lambda: self.e_let(ctx, d, "int")),
            (1, lambda: self.e_cond(ctx, d, "int")),
            (1, lambda: self.e_case(ctx, d, "int")),
            (2 if f["lists"] else 0, lambda: "(length %s)" % self.e_list(ctx, d1)),
            (2 if f["lists"] else 0, lambda: self.e_list_ref(ctx, d1)),
            (1 if f["lists"] else 0, lambda: self.e_car(ctx, d1)),
            (1 if f["lists"] else 0, lambda: self.e_memv(ctx, d1)),
            (1 if f["lists"] and f["hof"] else 0, lambda: self.e_assv(ctx, d1)),
            (2 if f["hof"] and f["lists"] else 0, lambda: self.e_apply(ctx, d1)),
            (1 if f["strings"] else 0, lambda: "(string-length %s)" % self.e_str(ctx, d1)),
            (1 if f["vectors"] else 0, lambda: "(vector-length %s)" % self.e_vec(ctx, d1)),
            (2 if f["vectors"] else 0, lambda: self.e_vector_ref(ctx, d1)),
            (1 if f["chars"] and f["strings"] else 0, lambda: self.e_char_code(ctx, d1)),
            (3, lambda: self.e_call_fn1(ctx, d1)),
            (2 if f["closures"] else 0, lambda: "((lambda (%s) %s) %s)" % self.lam1(ctx, d1, self.e_int(ctx, d1))),
            (3 if f["loops"] else 0, lambda: self.e_named_let(ctx, d)),
            (2 if f["loops"] else 0, lambda: self.e_do(ctx, d)),
            (3, lambda: self.e_call_global(ctx, d1)),
            (1 if f["records"] else 0, lambda: self.e_record_get(ctx, d1)),
            (1 if f["variadic"] else 0, lambda: self.e_variadic(ctx, d1)),
            (2 if f["rationals"] else 0, lambda: self.e_rat_to_int(ctx, d1)),
            (1 if f["floats"] else 0, lambda: "(exact (%s (* %s %s)))" % (
                self.pick(["round", "floor", "truncate", "ceiling"]), self.pick(["0.5", "1.5", "-2.25", "0.1"]),
                self.e_int(ctx, d1))),
        ])

    def e_rat(self, ctx, d):
        """An exact rational: a quotient of integers, sums, products and differences of them,
        min and max, abs, or a ratnum literal."""
        if d <= 0 or self.chance(0.4):
            if self.chance(0.2):
                return "%d/%d" % (self.r.randrange(-20, 21), self.r.choice([2, 3, 7, 12, 100]))
            return "(/ %s %s)" % (self.e_int(ctx, d - 1), self.nonzero())
        d1 = d - 1
        return self.weighted([
            (3, lambda: "(%s %s %s)" % (self.pick(["+", "-", "*"]), self.e_rat(ctx, d1), self.e_rat(ctx, d1))),
            (1, lambda: "(/ %s %s)" % (self.e_rat(ctx, d1), self.nonzero())),
            (1, lambda: "(%s %s %s)" % (self.pick(["min", "max"]), self.e_rat(ctx, d1), self.e_rat(ctx, d1))),
            (1, lambda: "(abs %s)" % self.e_rat(ctx, d1)),
            (1, lambda: "(* %s %s)" % (self.e_rat(ctx, d1), self.small(ctx))),
            (1, lambda: "(expt %s %d)" % (self.e_rat(ctx, d1), self.r.choice([0, 1, 2, 3]))),
        ])

    def e_rat_to_int(self, ctx, d):
        """An exact integer from an exact rational (R7RS 6.2.6)."""
        r = self.e_rat(ctx, d)
        return self.weighted([
            (3, lambda: "(%s %s)" % (self.pick(["numerator", "denominator", "round", "floor", "ceiling",
                                                "truncate"]), r)),
            (1, lambda: "(if (%s %s %s) 1 0)" % (self.pick(["<", "=", ">=", "eqv?", "equal?"]), r,
                                                 self.e_rat(ctx, d))),
            (1, lambda: "(string-length (number->string %s))" % r),
            (1, lambda: "(exact (round (* 1000 (exact->inexact %s))))" % r),
        ])

    def e_variadic(self, ctx, d):
        args = " ".join(self.e_int(ctx, d) for _ in range(self.r.randint(0, 4)))
        if self.chance(0.5):
            r = self.fresh("r")
            body = self.pick(["(apply + %s)" % r, "(length %s)" % r, "(apply max 0 %s)" % r])
            return "((lambda %s %s) %s)" % (r, body, args)
        a, r = self.fresh("a"), self.fresh("r")
        return "((lambda (%s . %s) (+ %s (* 2 (length %s)))) %s %s)" % (a, r, a, r, self.e_int(ctx, d), args)

    def lam1(self, ctx, d, arg):
        x = self.fresh("x")
        body = self.e_int(ctx.bind(Var(x, "int")), d)
        return (x, body, arg)

    def e_let(self, ctx, d, ty):
        kind = self.pick(["let", "let*", "letrec"] if self.f["closures"] else ["let", "let*"])
        n = self.r.randint(1, 3)
        binds, new = [], []
        for _ in range(n):
            t = self.pick(["int", "int", "int", "list", "str", "vec", "bool"])
            if t == "list" and not self.f["lists"] or t == "str" and not self.f["strings"] \
                    or t == "vec" and not self.f["vectors"]:
                t = "int"
            name = self.fresh("v")
            inner = ctx.bind(*new) if kind == "let*" else ctx
            if kind == "letrec":   # letrec: inits are lambdas (R7RS 4.2.2: no reference before init)
                x = self.fresh("x")
                binds.append("(%s (lambda (%s) %s))" % (name, x, self.e_int(ctx.bind(Var(x, "int")), d - 1)))
                new.append(Var(name, "fn1"))
                continue
            binds.append("(%s %s)" % (name, self.gen(t, inner, d - 1)))
            new.append(Var(name, t, assignable=(t == "int")))
        return "(%s (%s) %s)" % (kind, " ".join(binds), self.gen(ty, ctx.bind(*new), d - 1))

    def e_cond(self, ctx, d, ty):
        n = self.r.randint(1, 3)
        cl = ["(%s %s)" % (self.e_bool(ctx, d - 1), self.gen(ty, ctx, d - 1)) for _ in range(n)]
        return "(cond %s (else %s))" % (" ".join(cl), self.gen(ty, ctx, d - 1))

    def e_case(self, ctx, d, ty):
        k = self.r.randint(2, 5)
        vals = list(range(k))
        self.r.shuffle(vals)
        cl, i = [], 0
        while i < len(vals) - 1 and len(cl) < 3:
            j = i + self.r.randint(1, 2)
            cl.append("((%s) %s)" % (" ".join(map(str, vals[i:j])), self.gen(ty, ctx, d - 1)))
            i = j
        return "(case (modulo %s %d) %s (else %s))" % (self.e_int(ctx, d - 1), k, " ".join(cl),
                                                       self.gen(ty, ctx, d - 1))

    def e_list_ref(self, ctx, d):
        l = self.fresh("l")
        return "(let ((%s %s)) (list-ref (cons %s %s) (modulo %s (+ 1 (length %s)))))" % (
            l, self.e_list(ctx, d), self.e_int(ctx, d), l, self.e_int(ctx, d), l)

    def e_car(self, ctx, d):
        l = self.fresh("l")
        return "(let ((%s %s)) (if (pair? %s) (car %s) %s))" % (l, self.e_list(ctx, d), l, l, self.e_int(ctx, d))

    def e_memv(self, ctx, d):
        m = self.fresh("m")
        return "(let ((%s (memv %s %s))) (if %s (length %s) %s))" % (
            m, self.e_int(ctx, d), self.e_list(ctx, d), m, m, self.e_int(ctx, d))

    def e_assv(self, ctx, d):
        p, x = self.fresh("p"), self.fresh("x")
        val = self.e_int(ctx.bind(Var(x, "int")), d)
        return "(let ((%s (assv %s (map (lambda (%s) (cons %s %s)) %s)))) (if %s (cdr %s) %s))" % (
            p, self.e_int(ctx, d), x, x, val, self.e_list(ctx, d), p, p, self.e_int(ctx, d))

    def e_apply(self, ctx, d):
        return self.weighted([
            (2, lambda: "(apply + %s)" % self.e_list(ctx, d)),
            (1, lambda: "(apply max %s %s)" % (self.e_int(ctx, d), self.e_list(ctx, d))),
            (1, lambda: "(apply min (cons %s %s))" % (self.e_int(ctx, d), self.e_list(ctx, d))),
            (1, lambda: "(apply %s (list %s))" % (self.e_fn1(ctx, d), self.e_int(ctx, d))),
        ])

    def e_vector_ref(self, ctx, d):
        v = self.fresh("w")
        return "(let ((%s %s)) (if (> (vector-length %s) 0) (vector-ref %s (modulo %s (vector-length %s))) %s))" % (
            v, self.e_vec(ctx, d), v, v, self.e_int(ctx, d), v, self.e_int(ctx, d))

    def e_char_code(self, ctx, d):
        s = self.fresh("s")
        return "(let ((%s (string-append \"q\" %s))) (char->integer (string-ref %s (modulo %s (string-length %s)))))" % (
            s, self.e_str(ctx, d), s, self.e_int(ctx, d), s)

    def e_call_fn1(self, ctx, d):
        return "(%s %s)" % (self.e_fn1(ctx, d), self.e_int(ctx, d))

    def e_call_global(self, ctx, d):
        """A call of a pure top-level procedure, within the work budget."""
        fs = [v for v in self.globals if v.ty == "proc" and self.budget_ok(ctx, v.cost)]
        if not fs:
            return None
        f = self.pick(fs)
        self.spend(ctx, f.cost)
        if f.arity == -1:   # recursive: the first argument is the depth, kept small
            return "(%s (modulo %s %d) %s)" % (f.name, self.e_int(ctx, d), f.depth,
                                               " ".join(self.e_int(ctx, d) for _ in range(f.extra)))
        return "(%s %s)" % (f.name, " ".join(self.e_int(ctx, d) for _ in range(f.arity)))

    def loop_n(self):
        return self.r.randint(0, 8)

    def e_named_let(self, ctx, d):
        n = self.loop_n()
        if not self.budget_ok(ctx, n + 1):
            return None
        lp, i, acc = self.fresh("loop"), self.fresh("i"), self.fresh("acc")
        inner = ctx.loop(n + 1).bind(Var(i, "int", small=True), Var(acc, "int"))
        self.spend(inner, 1)
        upd = self.acc_update(inner, acc, d - 1)
        if self.chance(0.5):
            return "(let %s ((%s 0) (%s %s)) (if (>= %s %d) %s (%s (+ %s 1) %s)))" % (
                lp, i, acc, self.e_int(ctx, d - 1), i, n, acc, lp, i, upd)
        return "(let %s ((%s %d) (%s %s)) (if (= %s 0) %s (%s (- %s 1) %s)))" % (
            lp, i, n, acc, self.e_int(ctx, d - 1), i, acc, lp, i, upd)

    def acc_update(self, ctx, acc, d):
        return self.weighted([
            (3, lambda: "(+ %s %s)" % (acc, self.e_int(ctx, d))),
            (1, lambda: "(- %s %s)" % (self.e_int(ctx, d), acc)),
            (1, lambda: "(* %s %s)" % (acc, self.small(ctx))),
            (1, lambda: "(quotient %s %s)" % (acc, self.nonzero())),
            (1, lambda: "(if %s %s %s)" % (self.e_bool(ctx, d), acc, self.e_int(ctx, d))),
        ])

    def e_do(self, ctx, d):
        n = self.loop_n()
        if not self.budget_ok(ctx, n + 1):
            return None
        i, acc = self.fresh("i"), self.fresh("acc")
        inner = ctx.loop(n + 1).bind(Var(i, "int", small=True), Var(acc, "int"))
        self.spend(inner, 1)
        return "(do ((%s 0 (+ %s 1)) (%s %s %s)) ((= %s %d) %s))" % (
            i, i, acc, self.e_int(ctx, d - 1), self.acc_update(inner, acc, d - 1), i, n, acc)

    # ---- bool ----------------------------------------------------------------------------
    def e_bool(self, ctx, d):
        if d <= 0:
            vs = ctx.vars("bool")
            if vs and self.chance(0.5):
                return self.pick(vs).name
            return "(%s %s %s)" % (self.pick(["<", "=", ">", "<=", ">="]), self.e_int(ctx, 0), self.e_int(ctx, 0))
        d1, f = d - 1, self.f
        return self.weighted([
            (1, lambda: self.pick(["#t", "#f"])),
            (2, lambda: self.pick(ctx.vars("bool")).name if ctx.vars("bool") else None),
            (6, lambda: "(%s %s %s)" % (self.pick(["<", "=", ">", "<=", ">="]), self.e_int(ctx, d1), self.e_int(ctx, d1))),
            (1, lambda: "(%s %s %s %s)" % (self.pick(["<", "=", "<=", ">="]), self.e_int(ctx, d1),
                                           self.e_int(ctx, d1), self.e_int(ctx, d1))),
            (2, lambda: "(%s %s)" % (self.pick(["zero?", "even?", "odd?", "positive?", "negative?"]), self.e_int(ctx, d1))),
            (2, lambda: "(not %s)" % self.e_bool(ctx, d1)),
            (2, lambda: "(%s %s %s)" % (self.pick(["and", "or"]), self.e_bool(ctx, d1), self.e_bool(ctx, d1))),
            (1, lambda: "(%s)" % self.pick(["and", "or"])),
            (2 if f["lists"] else 0, lambda: "(%s %s)" % (self.pick(["null?", "pair?"]), self.e_list(ctx, d1))),
            (1 if f["lists"] else 0, lambda: "(equal? %s %s)" % (self.e_list(ctx, d1), self.e_list(ctx, d1))),
            (1 if f["strings"] else 0, lambda: "(string=? %s %s)" % (self.e_str(ctx, d1), self.e_str(ctx, d1))),
            (1, lambda: "(eqv? %s %s)" % (self.e_int(ctx, d1), self.e_int(ctx, d1))),
            (1, lambda: "(if %s %s %s)" % (self.e_bool(ctx, d1), self.e_bool(ctx, d1), self.e_bool(ctx, d1))),
        ])

    # ---- list ----------------------------------------------------------------------------
    def e_list(self, ctx, d):
        if d <= 0:
            vs = ctx.vars("list")
            if vs and self.chance(0.6):
                return self.pick(vs).name
            return self.pick(["'()", "'(%s)" % " ".join(str(self.r.randint(-9, 99)) for _ in range(self.r.randint(1, 5)))])
        d1, f = d - 1, self.f
        return self.weighted([
            (2, lambda: "'(%s)" % " ".join(str(self.r.randint(-9, 99)) for _ in range(self.r.randint(0, 5)))),
            (5, lambda: self.pick(ctx.vars("list")).name if ctx.vars("list") else None),
            (3, lambda: "(list %s)" % " ".join(self.e_int(ctx, d1) for _ in range(self.r.randint(0, 4)))),
            (3, lambda: "(cons %s %s)" % (self.e_int(ctx, d1), self.e_list(ctx, d1))),
            (2, lambda: "(append %s %s)" % (self.e_list(ctx, d1), self.e_list(ctx, d1))),
            (2, lambda: "(reverse %s)" % self.e_list(ctx, d1)),
            (1, lambda: self.e_cdr(ctx, d1)),
            (2 if f["hof"] else 0, lambda: "(map %s %s)" % (self.e_fn1(ctx, d1), self.e_list(ctx, d1))),
            (1 if f["hof"] else 0, lambda: self.e_map2(ctx, d1)),
            (2 if f["vectors"] else 0, lambda: "(vector->list %s)" % self.e_vec(ctx, d1)),
            (2 if f["loops"] else 0, lambda: self.e_build_list(ctx, d)),
            (1, lambda: "(if %s %s %s)" % (self.e_bool(ctx, d1), self.e_list(ctx, d1), self.e_list(ctx, d1))),
            (1, lambda: self.e_let(ctx, d, "list")),
            (1, lambda: self.e_cond(ctx, d, "list")),
            (1 if f["quasiquote"] else 0, lambda: "`(%s ,%s ,@%s %s)" % (
                self.r.randint(0, 9), self.e_int(ctx, d1), self.e_list(ctx, d1), self.r.randint(0, 9))),
            (1, lambda: "(list-tail %s (modulo %s 2))" % (self.e_list_min2(ctx, d1), self.e_int(ctx, d1))),
            (1, lambda: "(append %s %s %s)" % (self.e_list(ctx, d1), self.e_list(ctx, d1), self.e_list(ctx, d1))),
            (1 if f["hof"] else 0, lambda: "(map (lambda (%s) (%s %s)) (list %s %s))" % self.e_call_each(ctx, d1)),
        ])

    def e_list_min2(self, ctx, d):
        return "(cons %s (cons %s %s))" % (self.e_int(ctx, d), self.e_int(ctx, d), self.e_list(ctx, d))

    def e_call_each(self, ctx, d):
        f = self.fresh("fn")
        return (f, f, self.e_int(ctx, d), self.e_fn1(ctx, d), self.e_fn1(ctx, d))

    def e_map2(self, ctx, d):
        a, b, l = self.fresh("a"), self.fresh("b"), self.fresh("l")
        return "(let ((%s %s)) (map (lambda (%s %s) (- %s %s)) %s (reverse %s)))" % (
            l, self.e_list(ctx, d), a, b, a, b, l, l)

    def e_cdr(self, ctx, d):
        l = self.fresh("l")
        return "(let ((%s %s)) (if (pair? %s) (cdr %s) %s))" % (l, self.e_list(ctx, d), l, l, self.e_list(ctx, d))

    def e_build_list(self, ctx, d):
        n = self.loop_n()
        if not self.budget_ok(ctx, n + 1):
            return None
        lp, i, acc = self.fresh("loop"), self.fresh("i"), self.fresh("acc")
        inner = ctx.loop(n + 1).bind(Var(i, "int", small=True))
        self.spend(inner, 1)
        return "(let %s ((%s 0) (%s '())) (if (>= %s %d) (reverse %s) (%s (+ %s 1) (cons %s %s))))" % (
            lp, i, acc, i, n, acc, lp, i, self.e_int(inner, d - 1), acc)

    # ---- str -----------------------------------------------------------------------------
    def e_str(self, ctx, d):
        if d <= 0:
            vs = ctx.vars("str")
            if vs and self.chance(0.6):
                return self.pick(vs).name
            return self.str_lit()
        d1 = d - 1
        return self.weighted([
            (3, lambda: self.str_lit()),
            (4, lambda: self.pick(ctx.vars("str")).name if ctx.vars("str") else None),
            (3, lambda: "(string-append %s)" % " ".join(self.e_str(ctx, d1) for _ in range(self.r.randint(0, 3)))),
            (3, lambda: "(number->string %s)" % self.e_int(ctx, d1)),
            (2, lambda: self.e_substring(ctx, d1)),
            (1, lambda: "(if %s %s %s)" % (self.e_bool(ctx, d1), self.e_str(ctx, d1), self.e_str(ctx, d1))),
            (1, lambda: "(symbol->string '%s)" % self.pick(["abc", "x", "hello-world", "k9"])),
            (1 if self.f["loops"] else 0, lambda: self.e_build_str(ctx, d)),
            (1, lambda: self.e_let(ctx, d, "str")),
            (1 if self.f["ports"] else 0, lambda: self.e_port(ctx, d1)),
            (1 if self.f["chars"] else 0, lambda: "(list->string (reverse (string->list %s)))" % self.e_str(ctx, d1)),
        ])

    def e_port(self, ctx, d):
        p = self.fresh("port")
        ty = self.pick(["int", "list", "str", "bool"])
        return "(let ((%s (open-output-string))) (%s %s %s) (display %s %s) (get-output-string %s))" % (
            p, self.pick(["write", "display"]), self.gen(ty, ctx, d), p, self.e_str(ctx, d), p, p)

    def e_substring(self, ctx, d):
        s, n, k = self.fresh("s"), self.fresh("n"), self.fresh("k")
        return "(let* ((%s %s) (%s (string-length %s)) (%s (quotient %s %d))) (substring %s %s (- %s %s)))" % (
            s, self.e_str(ctx, d), n, s, k, n, self.r.randint(2, 4), s, k, n, k)

    def e_build_str(self, ctx, d):
        n = self.loop_n()
        if not self.budget_ok(ctx, n + 1):
            return None
        i, acc = self.fresh("i"), self.fresh("acc")
        inner = ctx.loop(n + 1).bind(Var(i, "int", small=True))
        self.spend(inner, 1)
        piece = self.pick(["(number->string %s)" % i, self.str_lit(), "(number->string %s)" % self.e_int(inner, d - 1)])
        return "(do ((%s 0 (+ %s 1)) (%s \"\" (string-append %s %s))) ((= %s %d) %s))" % (
            i, i, acc, acc, piece, i, n, acc)

    # ---- vec -----------------------------------------------------------------------------
    def e_vec(self, ctx, d, nonempty=False):
        vs = ctx.vars("vec")
        lo = 1 if nonempty else 0
        if d <= 0:
            if vs and self.chance(0.7):
                return self.pick(vs).name
            return "(make-vector %d %s)" % (self.r.randint(max(lo, 1), 5), self.e_int(ctx, 0))
        d1 = d - 1
        return self.weighted([
            (4, lambda: self.pick(vs).name if vs else None),
            (3, lambda: "(make-vector %d %s)" % (self.r.randint(lo, 5), self.e_int(ctx, d1))),
            (3, lambda: "(vector %s)" % " ".join(self.e_int(ctx, d1) for _ in range(self.r.randint(max(lo, 1), 4)))),
            (0 if nonempty else 2, lambda: "(list->vector %s)" % self.e_list(ctx, d1)),
            (1, lambda: "(if %s %s %s)" % (self.e_bool(ctx, d1), self.e_vec(ctx, d1, nonempty), self.e_vec(ctx, d1, nonempty))),
        ])

    # ---- fn1 -----------------------------------------------------------------------------
    def e_fn1(self, ctx, d):
        fs = ctx.vars("fn1", lambda v: not v.impure)
        return self.weighted([
            (3, lambda: self.pick(fs).name if fs else None),
            (3 if self.f["closures"] else 0, lambda: "(lambda (%s) %s)" % self.lam1(ctx, max(d - 1, 0), "")[:2]),
            (1, lambda: self.pick(["-", "abs", "+"])),
            (1 if self.f["closures"] else 0, lambda: self.e_compose(ctx, d)),
            (1, lambda: "(lambda (%s) (* %s %s))" % self.kx(ctx)),
        ])

    def kx(self, ctx):
        x = self.fresh("x")
        return (x, x, self.small(ctx))

    def e_compose(self, ctx, d):
        f, g, x = self.fresh("f"), self.fresh("g"), self.fresh("x")
        return "(let ((%s %s) (%s %s)) (lambda (%s) (%s (%s %s))))" % (
            f, self.e_fn1(ctx, d - 1), g, self.e_fn1(ctx, d - 1), x, f, g, x)

    # ---- records (off by default) --------------------------------------------------------
    def e_record_get(self, ctx, d):
        rs = [v for v in self.globals if v.ty == "rtype"]
        if not rs:
            return None
        r = self.pick(rs)
        return "(%s-a (%s %s %s))" % (r.name, "make-" + r.name, self.e_int(ctx, d), self.e_int(ctx, d))

    def gen(self, ty, ctx, d):
        return {"int": self.e_int, "bool": self.e_bool, "list": self.e_list, "str": self.e_str,
                "vec": self.e_vec, "fn1": self.e_fn1}[ty](ctx, d)

    # ---- statements ----------------------------------------------------------------------
    def show(self, ctx, d):
        """A statement that prints a value."""
        tys = ["int", "int", "bool"] + (["list"] if self.f["lists"] else []) \
            + (["str"] if self.f["strings"] else []) + (["vec"] if self.f["vectors"] else [])
        ty = self.pick(tys)
        e = self.gen(ty, ctx, d)
        how = "write" if ty == "str" and self.chance(0.5) else "display"
        return "(%s %s) (newline)" % (how, e) if self.chance(0.7) else "(%s %s) (display \" \")" % (how, e)

    def stmts(self, ctx, d, n=None):
        n = n if n is not None else self.r.randint(1, 3)
        return " ".join(self.stmt(ctx, d) for _ in range(n))

    def stmt(self, ctx, d):
        d1, f = d - 1, self.f
        ints = ctx.vars("int", lambda v: v.assignable)
        vecs = ctx.vars("vec")
        impure = ctx.vars("fn1", lambda v: v.impure)
        if d <= 0:
            return self.show(ctx, 1)
        return self.weighted([
            (6, lambda: self.show(ctx, self.r.randint(1, 3))),
            (3 if f["setbang"] and ints else 0, lambda: "(set! %s %s)" % (self.pick(ints).name, self.e_int(ctx, 2))),
            (2 if vecs else 0, lambda: self.s_vector_set(ctx, vecs)),
            (3 if impure else 0, lambda: "(display (%s %s)) (newline)" % (self.pick(impure).name, self.e_int(ctx, 2))),
            (2 if f["hof"] and f["lists"] else 0, lambda: self.s_for_each(ctx, d)),
            (2 if f["loops"] else 0, lambda: self.s_do(ctx, d)),
            (1 if f["loops"] else 0, lambda: self.s_named_let(ctx, d)),
            (2, lambda: "(%s %s %s)" % (self.pick(["when", "unless"]), self.e_bool(ctx, 2), self.stmts(ctx, d1))),
            (1, lambda: "(if %s (begin %s) (begin %s))" % (self.e_bool(ctx, 2), self.stmts(ctx, d1), self.stmts(ctx, d1))),
            (3, lambda: self.s_let(ctx, d)),
            (2 if f["closures"] and f["setbang"] else 0, lambda: self.s_counter(ctx, d)),
        ])

    def s_vector_set(self, ctx, vecs):
        v = self.pick(vecs).name
        return "(when (> (vector-length %s) 0) (vector-set! %s (modulo %s (vector-length %s)) %s))" % (
            v, v, self.e_int(ctx, 2), v, self.e_int(ctx, 2))

    def s_for_each(self, ctx, d):
        x = self.fresh("x")
        if not self.budget_ok(ctx, 6):
            return None
        inner = ctx.loop(6).bind(Var(x, "int"))
        self.spend(inner, 1)
        return "(for-each (lambda (%s) %s) %s)" % (x, self.stmts(inner, d - 1), self.e_list(ctx, 2))

    def s_do(self, ctx, d):
        n = self.loop_n()
        if not self.budget_ok(ctx, n + 1):
            return None
        i = self.fresh("i")
        inner = ctx.loop(n + 1).bind(Var(i, "int", small=True))
        self.spend(inner, 1)
        return "(do ((%s 0 (+ %s 1))) ((= %s %d)) %s)" % (i, i, i, n, self.stmts(inner, d - 1))

    def s_named_let(self, ctx, d):
        n = self.loop_n()
        if not self.budget_ok(ctx, n + 1):
            return None
        lp, i = self.fresh("loop"), self.fresh("i")
        inner = ctx.loop(n + 1).bind(Var(i, "int", small=True))
        self.spend(inner, 1)
        return "(let %s ((%s 0)) (when (< %s %d) %s (%s (+ %s 1))))" % (lp, i, i, n, self.stmts(inner, d - 1), lp, i)

    def s_let(self, ctx, d):
        kind = self.pick(["let", "let*"])
        n = self.r.randint(1, 3)
        binds, new = [], []
        impure = ctx.vars("fn1", lambda v: v.impure)
        for _ in range(n):
            t = self.pick(["int", "int", "list", "str", "vec", "bool", "fn1"])
            if t == "list" and not self.f["lists"] or t == "str" and not self.f["strings"] \
                    or t == "vec" and not self.f["vectors"] or t == "fn1" and not self.f["closures"]:
                t = "int"
            name = self.fresh("v")
            inner = ctx.bind(*new) if kind == "let*" else ctx
            if kind == "let*" and t == "int" and impure and self.chance(0.3):
                init = "(%s %s)" % (self.pick(impure).name, self.e_int(inner, 1))  # sequential: fine
            else:
                init = self.gen(t, inner, 2)
            binds.append("(%s %s)" % (name, init))
            new.append(Var(name, t, assignable=(t == "int")))
        return "(%s (%s) %s)" % (kind, " ".join(binds), self.stmts(ctx.bind(*new), d - 1))

    def s_counter(self, ctx, d):
        """A closure that assigns a captured variable: calls are side effects."""
        n, c, k = self.fresh("n"), self.fresh("c"), self.fresh("k")
        start = self.e_int(ctx, 1)
        body = self.pick(["(set! %s (+ %s %s)) %s" % (n, n, k, n),
                          "(set! %s (- %s %s)) (* 2 %s)" % (n, k, n, n),
                          "(let ((old %s)) (set! %s %s) old)" % (n, n, k)])
        inner = ctx.bind(Var(c, "fn1", impure=True), Var(n, "int", assignable=True))
        return "(let ((%s %s)) (let ((%s (lambda (%s) %s))) %s (display %s) (newline)))" % (
            n, start, c, k, body, self.stmts(inner, d - 1), n)

    # ---- top level -----------------------------------------------------------------------
    def top_define(self):
        ctx = Ctx(self.globals_env())
        t = self.pick(["int", "int", "list", "str", "vec", "fn1"])
        if t == "list" and not self.f["lists"] or t == "str" and not self.f["strings"] \
                or t == "vec" and not self.f["vectors"] or t == "fn1" and not self.f["closures"]:
            t = "int"
        name = self.fresh("g")
        e = self.gen(t, ctx, 3)
        self.globals.append(Var(name, t, assignable=(t == "int")))
        return "(define %s %s)" % (name, e)

    def top_proc(self):
        name = self.fresh("f")
        arity = self.r.randint(1, 3)
        ps = [self.fresh("p") for _ in range(arity)]
        self.work = 0
        ctx = Ctx(self.globals_env()).bind(*[Var(p, "int") for p in ps])
        defs = []
        if self.f["internal"] and self.chance(0.3):   # R7RS 5.3.2: internal definitions
            for _ in range(self.r.randint(1, 2)):
                h, x = self.fresh("h"), self.fresh("x")
                if self.chance(0.5):
                    defs.append("(define (%s %s) %s)" % (h, x, self.e_int(ctx.bind(Var(x, "int")), 2)))
                    ctx = ctx.bind(Var(h, "fn1"))
                else:
                    defs.append("(define %s %s)" % (h, self.e_int(ctx, 2)))
                    ctx = ctx.bind(Var(h, "int"))
        body = " ".join(defs + [self.e_int(ctx, 4)])
        v = Var(name, "proc", cost=max(1, self.work), arity=arity)
        self.globals.append(v)
        return "(define (%s %s) %s)" % (name, " ".join(ps), body)

    def top_rec(self):
        """A recursive procedure; its first argument bounds the recursion depth."""
        name, n, a = self.fresh("r"), self.fresh("n"), self.fresh("a")
        depth = self.r.randint(2, 12)
        self.work = 0
        ctx = Ctx(self.globals_env()).bind(Var(n, "int", small=True), Var(a, "int"))
        if self.chance(0.5):   # tail recursive with an accumulator
            src = "(define (%s %s %s) (if (<= %s 0) %s (%s (- %s 1) %s)))" % (
                name, n, a, n, a, name, n, self.acc_update(ctx, a, 2))
        else:                  # non-tail
            src = "(define (%s %s %s) (if (<= %s 0) %s (+ %s (%s (- %s 1) %s))))" % (
                name, n, a, n, self.e_int(ctx, 1), self.e_int(ctx, 2), name, n, a)
        v = Var(name, "proc", cost=max(1, self.work) * depth, arity=-1)
        v.depth, v.extra = depth, 1
        self.globals.append(v)
        return src

    def top_mutual(self):
        ev, od, n = self.fresh("ev"), self.fresh("od"), self.fresh("n")
        src = ("(define (%s %s) (if (= %s 0) #t (%s (- %s 1))))\n"
               "(define (%s %s) (if (= %s 0) #f (%s (- %s 1))))") % (ev, n, n, od, n, od, n, n, ev, n)
        self.mutual.append((ev, od))
        return src

    def globals_env(self):
        return [v for v in self.globals if v.ty in ("int", "list", "str", "vec", "fn1", "bool")]

    def top_record(self):
        name = self.fresh("rec")
        self.globals.append(Var(name, "rtype"))
        return "(define-record-type %s (make-%s a b) %s? (a %s-a) (b %s-b set-%s-b!))" % (
            name, name, name, name, name, name)

    def program(self):
        out = [";; generated by tests/diff/gen.py"]
        self.mutual = []
        for _ in range(self.size):
            self.work = 0
            kind = self.weighted([
                (3, lambda: "define"),
                (2, lambda: "proc"),
                (1 if self.f["recursion"] else 0, lambda: "rec"),
                (0.3 if self.f["recursion"] and not self.mutual else 0, lambda: "mutual"),
                (0.3 if self.f["records"] else 0, lambda: "record"),
                (5, lambda: "stmt"),
            ])
            if kind == "define":
                out.append(self.top_define())
            elif kind == "proc":
                out.append(self.top_proc())
            elif kind == "rec":
                out.append(self.top_rec())
            elif kind == "mutual":
                out.append(self.top_mutual())
                ev, od = self.mutual[-1]
                out.append("(display (list (%s %d) (%s %d))) (newline)" % (
                    ev, self.r.randint(0, 60), od, self.r.randint(0, 60)))
            elif kind == "record":
                out.append(self.top_record())
            else:
                self.work = 0
                out.append(self.stmt(Ctx(self.globals_env()), 3))
        # finally show every global value
        for v in self.globals:
            if v.ty in ("int", "list", "str", "vec"):
                out.append("(write %s) (newline)" % v.name)
        if self.f["deep"] and self.chance(0.1):
            b, n = self.fresh("build"), self.fresh("n")
            k = self.pick([10000, 100000, 1000000])
            out.append("(define (%s %s) (if (= %s 0) '() (cons %s (%s (- %s 1)))))" % (b, n, n, n, b, n))
            # apply takes at most RT_MAX_ARGS (65536) arguments in regal: a documented limit
            total = "(apply + l)" if k <= 10000 else "(let sum ((l l) (s 0)) (if (null? l) s (sum (cdr l) (+ s (car l)))))"
            out.append("(let ((l (%s %d))) (display (length l)) (newline) (display %s) (newline))" % (b, k, total))
        if self.f["deep"] and self.chance(0.1):
            lp, i, acc = self.fresh("loop"), self.fresh("i"), self.fresh("acc")
            out.append("(display (let %s ((%s 0) (%s 0)) (if (= %s %d) %s (%s (+ %s 1) (+ %s (* %s %s)))))) (newline)" % (
                lp, i, acc, i, self.pick([100000, 1000000]), acc, lp, i, acc, i, i))
        if self.f["exit"] and self.chance(0.15):
            out.append("(display \"bye\") (exit %d)" % self.pick([0, 1, 3, 42]))
        return "\n".join(out) + "\n"


def parse_features(spec):
    f = dict(FEATURES)
    for item in filter(None, (spec or "").split(",")):
        on = not item.startswith("-")
        name = item.lstrip("+-")
        if name == "all":
            f = {k: on for k in f}
        elif name in f:
            f[name] = on
        else:
            sys.exit("gen.py: unknown feature '%s' (known: %s)" % (name, ", ".join(f)))
    return f


def main():
    ap = argparse.ArgumentParser(description="random Scheme programs for differential testing")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--size", type=int, default=12, help="top-level forms (default 12)")
    ap.add_argument("--features", default="", help="e.g. +chars,-bignum (see FEATURES)")
    a = ap.parse_args()
    sys.stdout.write(Gen(a.seed, parse_features(a.features), a.size).program())


if __name__ == "__main__":
    main()
