/* emit_num.c: numbers and tests in the emitted C (part of the C emitter: emit.h): c[ad]+r,
 * flonum arithmetic in C doubles, predicates and comparisons as C conditions, fixnum + - *
 * with overflow checks, integer division (and its __int128 form), each with its cold stub.
 */
#include "emit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* c[ad]+r: the letters from the right are applied first. */
const char *emit_cxr(Emitter *em, Ast *a, const char *x, const char *loc) {
    const char *path = a->prim->cxr;
    const char *cur = x;
    for (size_t i = strlen(path); i-- > 0;) {
        bool is_car = path[i] == 'a';
        /* the first step's argument may be a proven pair; later steps are unknown */
        if (!emit_check(em, i == strlen(path) - 1 && emit_proven(em, a->args.items[0], TY_PAIR)))
            emit_type_check(em, xasprintf("RT_IS_PAIR(%s)", cur), loc, a->prim->name, "a pair", cur);
        char *t = emit_temp(em);
        emit_line(em, "RtValue %s = RT_%s(%s);", t, is_car ? "CAR" : "CDR", cur);
        cur = t;
    }
    return cur;
}

/* Flonum functions computed in C doubles when every argument is a flonum (the runtime computes
 * them with the same C functions on flonums: numbers.c); inexact of a fixnum converts it. */
static const struct { PrimId id; size_t nargs; const char *fn; } emit_flo_fns[] = {
    {PRIM_sqrt, 1, "__builtin_sqrt"}, {PRIM_exp, 1, "__builtin_exp"}, {PRIM_log, 1, "__builtin_log"},
    {PRIM_sin, 1, "__builtin_sin"}, {PRIM_cos, 1, "__builtin_cos"}, {PRIM_tan, 1, "__builtin_tan"},
    {PRIM_asin, 1, "__builtin_asin"}, {PRIM_acos, 1, "__builtin_acos"}, {PRIM_atan, 1, "__builtin_atan"},
    {PRIM_atan, 2, "__builtin_atan2"}, {PRIM_abs, 1, "__builtin_fabs"}, {PRIM_floor, 1, "__builtin_floor"},
    {PRIM_ceiling, 1, "__builtin_ceil"}, {PRIM_truncate, 1, "__builtin_trunc"},
    {PRIM_round, 1, "__builtin_rint"}, /* ties to even, as R7RS round */
    {PRIM_square, 1, ""}, {PRIM_inexact, 1, "(double)"}, {PRIM_exact_to_inexact, 1, "(double)"},
};

static const char *emit_flo_fn(const Ast *a) {
    for (size_t i = 0; i < sizeof emit_flo_fns / sizeof *emit_flo_fns; i++)
        if (emit_flo_fns[i].id == a->prim->id && emit_flo_fns[i].nargs == a->args.len) return emit_flo_fns[i].fn;
    return NULL;
}

/* Arithmetic that stays in C doubles: + - * of flonums (an exact integer operand is converted,
 * as the runtime does, when there are at most two operands), / of flonums only, and the
 * functions of emit_flo_fns. */
bool emit_flo_arith(Emitter *em, Ast *a) {
    if (em->opt->untyped || a->kind != AST_PRIMCALL || emit_type(em, a) != TY_FLO) return false;
    const Prim *p = a->prim;
    if (emit_flo_fn(a)) {
        bool conv = p->id == PRIM_inexact || p->id == PRIM_exact_to_inexact;
        for (size_t i = 0; i < a->args.len; i++) {
            Type t = emit_type(em, a->args.items[i]);
            if (t != TY_FLO && !(conv && t == TY_FIX)) return false;
        }
        return true;
    }
    bool div = p->id == PRIM_div;
    if (!div && p->id != PRIM_add && p->id != PRIM_sub && p->id != PRIM_mul) return false;
    size_t n = a->args.len;
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++) {
        Type t = emit_type(em, a->args.items[i]);
        if (t == TY_FLO) continue;
        if (div || n > 2 || !t || (t & ~TY_INT)) return false;
    }
    return true;
}

/* A C double expression for a node of type flonum. */
const char *emit_flo(Emitter *em, Ast *a) {
    if (a->kind == AST_CONST && a->datum->kind == DATUM_FLONUM) return emit_double(a->datum->flo);
    if (a->kind == AST_REF && !a->var->boxed && emit_var_unboxed(em, a->var)) return emit_var_name(a->var);
    if (emit_f64_ref_node(em, a)) return emit_f64_ref(em, a);
    if (a->kind == AST_CALL) {
        const char *x = emit_flo_call(em, a);
        if (x) return x;
    }
    if (emit_flo_arith(em, a) && emit_flo_fn(a)) {
        const char *fn = emit_flo_fn(a);
        const char *x[2];
        for (size_t i = 0; i < a->args.len; i++) {
            Ast *e = a->args.items[i];
            char *t = emit_temp(em);
            if (emit_type(em, e) == TY_FLO) emit_line(em, "double %s = %s;", t, emit_flo(em, e));
            else emit_line(em, "double %s = (double)RT_FIXVAL(%s);", t, emit_expr(em, e, DEST_V));
            x[i] = t;
        }
        if (a->prim->id == PRIM_sqrt) { /* a negative (or NaN): the runtime, which raises */
            const char *bits = xasprintf("rt_dbits(%s)", x[0]);
            const char *slow = emit_stub(em, "RtValue", NULL,
                xasprintf("rt_p_sqrt(&rt_gc_region, %s, mk_float(&rt_gc_region, rt_bitsd(s0)))", emit_loc(em, a->loc)), 1, &bits);
            return xasprintf("(%s >= 0 ? __builtin_sqrt(%s) : RT_FLOVAL(%s))", x[0], x[0], slow);
        }
        if (!*fn) return xasprintf("(%s * %s)", x[0], x[0]);   /* square */
        if (fn[0] == '(') return x[0];                             /* inexact */
        return a->args.len == 2 ? xasprintf("%s(%s, %s)", fn, x[0], x[1]) : xasprintf("%s(%s)", fn, x[0]);
    }
    if (emit_flo_arith(em, a)) {
        const Prim *p = a->prim;
        const char *op = p->id == PRIM_add ? "+" : p->id == PRIM_sub ? "-" : p->id == PRIM_mul ? "*" : "/";
        size_t n = a->args.len;
        const char **v = xcalloc(n, sizeof *v);
        for (size_t i = 0; i < n; i++) {
            Ast *x = a->args.items[i];
            if (x->kind == AST_CONST && x->datum->kind == DATUM_FIXNUM) {
                v[i] = xasprintf("%lld.0", (long long)x->datum->fix);
                if (llabs(x->datum->fix) > (1LL << 53)) v[i] = xasprintf("(double)%lldLL", (long long)x->datum->fix);
                continue;
            }
            const char *e;
            if (emit_type(em, x) == TY_FLO) e = emit_flo(em, x);
            else if (emit_type(em, x) == TY_FIX) e = xasprintf("(double)RT_FIXVAL(%s)", emit_expr(em, x, DEST_V));
            else { /* an exact integer: a bignum converts out of line */
                const char *xv = emit_expr(em, x, DEST_V);
                e = xasprintf("(RT_LIKELY(RT_IS_FIXNUM(%s)) ? (double)RT_FIXVAL(%s) : rt_to_double(%s, %s))", xv, xv,
                              emit_loc(em, x->loc), xv);
            }
            if (x->kind == AST_CONST) { v[i] = e; continue; }
            char *t = emit_temp(em);
            emit_line(em, "double %s = %s;", t, e);
            v[i] = t;
        }
        const char *r;
        if (n == 1) r = xasprintf(*op == '-' ? "(-(%s))" : *op == '/' ? "(1.0 / %s)" : "(%s)", v[0]);
        else {
            r = v[0];
            for (size_t i = 1; i < n; i++) r = xasprintf("(%s %s %s)", r, op, v[i]);
        }
        free(v);
        return r;
    }
    const char *x = emit_expr(em, a, DEST_V);
    return xasprintf("RT_FLOVAL(%s)", x);
}

/* The C operator of a numeric comparison and the name of its rt_<name>2 fast path, or NULL. */
static const char *emit_cmp_op(const Prim *p, const char **rt) {
    switch (p->id) {
    case PRIM_num_lt: *rt = "lt"; return "<";
    case PRIM_num_le: *rt = "le"; return "<=";
    case PRIM_num_gt: *rt = "gt"; return ">";
    case PRIM_num_ge: *rt = "ge"; return ">=";
    case PRIM_num_eq: *rt = "eq"; return "==";
    default: return NULL;
    }
}

/* The C test (a format of one %s) that a value has type t, for the type predicates (prims.def's
 * pred column) that have one; NULL for the others. */
static const char *emit_type_test(Type t) {
    switch (t) {
    case TY_NULL: return "%s == RT_NIL";
    case TY_PAIR: return "RT_IS_PAIR(%s)";
    case TY_CHAR: return "RT_IS_CHAR(%s)";
    case TY_BOOL: return "RT_IS_BOOL(%s)";
    case TY_EOF: return "%s == RT_EOF";
    case TY_VEC: return "RT_IS_TYPE(%s, TYPE_ID_VECTOR)";
    case TY_STR: return "RT_IS_TYPE(%s, TYPE_ID_STRING)";
    case TY_SYM: return "RT_IS_TYPE(%s, TYPE_ID_SYMBOL)";
    case TY_PROC: return "RT_IS_TYPE(%s, TYPE_ID_CLOSURE)";
    case TY_BVEC: return "RT_IS_TYPE(%s, TYPE_ID_BYTEVECTOR)";
    case TY_FLO: return "RT_IS_TYPE(%s, TYPE_ID_FLOAT)";
    case TY_FIX: return "RT_IS_FIXNUM(%s)";
    case TY_INT: return "RT_IS_EXACT_INTEGER(%s)";
    default: return NULL;
    }
}

/* ---- unboxed operands (emit.h) ----------------------------------------------------------------
 * (+ (* x a) (* y b)) on flonums of unproven type: each product's flonum case leaves its result
 * in a C double (its value RT_UNBOXED) instead of boxing it, and the sum reads the doubles;
 * only the sum is boxed. An operand's slow path (a fixnum, a bignum...) still makes a value,
 * and the operation's own slow path boxes an unboxed operand, in the heap, before calling the
 * runtime. So the evaluation order and every result stay as they were; ecraven nucleic's
 * transformations boxed 3.6 GB of such products in the collected heap. -fno-unboxed-operands. */
static bool emit_dual_kind(const Ast *a) {
    if (a->kind != AST_PRIMCALL) return false;
    PrimId id = a->prim->id;
    return id == PRIM_add || id == PRIM_sub || id == PRIM_mul || id == PRIM_div || id == PRIM_sqrt;
}

/* An operation that reads its operands unboxed: arithmetic, or a comparison of two. */
static bool emit_dual_reader(const Ast *a) {
    if (emit_dual_kind(a)) return true;
    if (a->kind != AST_PRIMCALL || a->args.len != 2) return false;
    PrimId id = a->prim->id;
    return id == PRIM_num_eq || id == PRIM_num_lt || id == PRIM_num_gt || id == PRIM_num_le || id == PRIM_num_ge;
}

size_t emit_dual_mark(Emitter *em, Ast *a) {
    size_t mark = em->duals.len;
    if (em->opt->untyped || em->opt->no_inline_arith || em->opt->no_unboxed_operands || !emit_dual_reader(a))
        return mark;
    for (size_t i = 0; i < a->args.len; i++) {
        Ast *x = a->args.items[i];
        if (emit_dual_kind(x) && (emit_type(em, x) & TY_FLO) && emit_type(em, x) != TY_FLO)
            vec_push(&em->duals, ((EmitDual){x, NULL}));
    }
    return mark;
}

const char **emit_dual_take(Emitter *em, Ast *a, size_t mark) {
    const char **dd = NULL;
    for (size_t k = mark; k < em->duals.len; k++) {
        if (!em->duals.items[k].d) continue;
        for (size_t i = 0; i < a->args.len; i++)
            if (a->args.items[i] == em->duals.items[k].node) {
                if (!dd) dd = xcalloc(a->args.len + 1, sizeof *dd);
                dd[i] = em->duals.items[k].d;
            }
    }
    em->duals.len = mark;
    return dd;
}

/* The slot of a when the operation it is an operand of reads it unboxed, or NULL. */
static EmitDual *emit_dual_slot(Emitter *em, const Ast *a) {
    for (size_t k = em->duals.len; k-- > 0;)
        if (em->duals.items[k].node == a && !em->duals.items[k].d) return &em->duals.items[k];
    return NULL;
}

/* Operand v (its double dd, or NULL) is a flonum: the C condition, and its double. */
static const char *emit_dual_isflo(const char *v, const char *dd) {
    return dd ? xasprintf("(%s == RT_UNBOXED || RT_IS_TYPE(%s, TYPE_ID_FLOAT))", v, v)
              : xasprintf("RT_IS_TYPE(%s, TYPE_ID_FLOAT)", v);
}
static const char *emit_dual_flo(const char *v, const char *dd) {
    return dd ? xasprintf("(%s == RT_UNBOXED ? %s : RT_FLOVAL(%s))", v, dd, v) : xasprintf("RT_FLOVAL(%s)", v);
}

/* The operands as values for a slow path: an unboxed one boxed in the collected heap. */
static const char **emit_dual_boxed(const char **v, const char **dd, size_t n) {
    if (!dd) return v;
    const char **b = xcalloc(n + 1, sizeof *b);
    for (size_t i = 0; i < n; i++)
        b[i] = dd[i] ? xasprintf("(%s == RT_UNBOXED ? mk_float(&rt_gc_region, %s) : %s)", v[i], dd[i], v[i]) : v[i];
    return b;
}

void emit_dual_box_all(Emitter *em, const char **dd, const char **v, size_t n) {
    em->arg_duals = NULL;
    if (!dd) return;
    const char **b = emit_dual_boxed(v, dd, n);
    for (size_t i = 0; i < n; i++) {
        if (!dd[i]) continue;
        char *t = emit_temp(em);
        emit_line(em, "RtValue %s = %s;", t, b[i]);
        v[i] = t;
    }
}

/* The flonum case of a generic + - * (op) or comparison of two operands whose types are not
 * proven: NULL when inference rules flonums out (or -fno-inline-arith); otherwise it sets
 * c->test, the C condition that the operands are flonums (or a flonum and a fixnum, when one
 * operand is a known flonum: the fixnum converts, as the runtime does), c->value, the double
 * result (of a comparison: the C condition), and c->known when one operand is a known flonum
 * (no fixnum path is worth trying first). */
typedef struct EmitFloCase { const char *test, *value; bool known; } EmitFloCase;
static bool emit_flo_case(Emitter *em, Ast *a, const char **v, const char **dd, const char *cop,
                          EmitFloCase *c) {
    if (em->opt->untyped || em->opt->no_inline_arith) return false;
    Ast *x = a->args.items[0], *y = a->args.items[1];
    Type tx = emit_type(em, x), ty = emit_type(em, y);
    if (!(tx & TY_FLO) || !(ty & TY_FLO)) return false;
    bool kx = tx == TY_FLO, ky = ty == TY_FLO;
    bool arith = strcmp(cop, "+") == 0 || strcmp(cop, "-") == 0 || strcmp(cop, "*") == 0;
    /* a comparison of two values inference knows nothing of (lean compares): fixnums inline,
     * anything else the runtime's; a flonum arm there made ecraven tak 1.3x slower */
    if (!arith && tx == TY_ANY && ty == TY_ANY && !em->opt->no_lean_compares) return false;
    const char *d[2], *test = NULL;
    for (int i = 0; i < 2; i++) {
        Ast *e = a->args.items[i];
        if (e->kind == AST_CONST && e->datum->kind == DATUM_FLONUM) d[i] = emit_double(e->datum->flo);
        else d[i] = emit_dual_flo(v[i], dd ? dd[i] : NULL);
    }
    if (kx && ky) return false;   /* emit_flo_arith's case */
    if (kx || ky) {
        int u = kx ? 1 : 0;   /* the operand that is not known */
        const char *du = dd ? dd[u] : NULL;
        if (arith) { /* a fixnum converts, as numbers.c does for a flonum and a fixnum */
            test = xasprintf("(RT_IS_FIXNUM(%s) || %s)", v[u], emit_dual_isflo(v[u], du));
            d[u] = xasprintf("(RT_IS_FIXNUM(%s) ? (double)RT_FIXVAL(%s) : %s)", v[u], v[u], emit_dual_flo(v[u], du));
        } else {
            test = emit_dual_isflo(v[u], du);
        }
    } else {
        test = xasprintf("%s && %s", emit_dual_isflo(v[0], dd ? dd[0] : NULL), emit_dual_isflo(v[1], dd ? dd[1] : NULL));
    }
    *c = (EmitFloCase){test, xasprintf("%s %s %s", d[0], cop, d[1]), kx || ky};
    return true;
}

/* A comparison of two proven flonums, compared as C doubles (emit_prim_cond). */
bool emit_flo_compare(Emitter *em, const Ast *a) {
    const char *rt;
    return !em->opt->untyped && a->kind == AST_PRIMCALL && a->args.len == 2 && emit_cmp_op(a->prim, &rt) &&
           emit_type(em, a->args.items[0]) == TY_FLO && emit_type(em, a->args.items[1]) == TY_FLO;
}

bool emit_flo_sign(Emitter *em, const Ast *a) {
    return !em->opt->untyped && !em->opt->no_inline_arith && a->kind == AST_PRIMCALL && a->args.len == 1 &&
           (a->prim->id == PRIM_zero_p || a->prim->id == PRIM_positive_p || a->prim->id == PRIM_negative_p) &&
           emit_type(em, a->args.items[0]) == TY_FLO;
}

/* a's value may be a flonum without being proven one: a case for it inline pays */
static bool emit_flo_maybe(Emitter *em, Ast *a) {
    return !em->opt->untyped && !em->opt->no_inline_arith && (emit_type(em, a) & TY_FLO) && emit_type(em, a) != TY_FLO;
}

static bool emit_const_fix(const Ast *a) { return a->kind == AST_CONST && a->datum->kind == DATUM_FIXNUM; }

/* A predicate or comparison as a C condition, or NULL when a is not one. */
const char *emit_prim_cond(Emitter *em, Ast *a) {
    const Prim *p = a->prim;
    size_t n = a->args.len;
    const char *rt, *cop = emit_cmp_op(p, &rt);
    if (cop && n == 2) {
        Ast *x = a->args.items[0], *y = a->args.items[1];
        const char *loc = emit_loc(em, a->loc);
        if (!em->opt->untyped && emit_type(em, x) == TY_FLO && emit_type(em, y) == TY_FLO) {
            emit_check(em, true);
            const char *fx = emit_flo(em, x);
            char *t = emit_temp(em);
            emit_line(em, "double %s = %s;", t, fx);
            const char *fy = emit_flo(em, y);
            return xasprintf("%s %s %s", t, cop, fy);
        }
        size_t dual_mark = emit_dual_mark(em, a);
        const char **v = emit_args(em, &a->args);
        const char **dd = emit_dual_take(em, a, dual_mark);
        const char *r;
        /* = of an exact integer and a fixnum constant: bignums are never fixnum-sized, so
         * equal numbers are equal words (no tag test) */
        bool word_eq = p->id == PRIM_num_eq && !em->opt->untyped && !em->opt->no_inline_arith &&
                       ((emit_const_fix(x) && !(emit_type(em, y) & ~TY_INT)) ||
                        (emit_const_fix(y) && !(emit_type(em, x) & ~TY_INT)));
        EmitFloCase fc;
        bool flo = !word_eq && !emit_proven(em, x, TY_FIX) && emit_flo_case(em, a, v, dd, cop, &fc);
        if (!flo) {   /* no flonum case reads an unboxed operand */
            emit_dual_box_all(em, dd, v, 2);
            dd = NULL;
        }
        if (emit_check(em, word_eq))
            r = xasprintf("%s == %s", v[0], v[1]);
        else if (emit_check(em, emit_proven(em, x, TY_FIX) && emit_proven(em, y, TY_FIX)))
            r = xasprintf("(int64_t)%s %s (int64_t)%s", v[0], cop, v[1]);
        else if (em->opt->no_inline_arith)
            r = xasprintf("rt_num_%s(%s, %s, %s)", rt, loc, v[0], v[1]);
        else {
            const char *slow = emit_stub(em, "int", NULL, xasprintf("rt_num_%s(%s, s0, s1)", rt, loc), 2,
                                         emit_dual_boxed(v, dd, 2));
            if (flo && fc.known) /* a known flonum: no fixnum path */
                r = xasprintf("(%s ? %s : %s)", fc.test, fc.value, slow);
            else if (flo)
                r = xasprintf("(RT_BOTH_FIXNUM(%s, %s) ? (int64_t)%s %s (int64_t)%s : %s ? %s : %s)", v[0], v[1], v[0],
                              cop, v[1], fc.test, fc.value, slow);
            else
                r = xasprintf("(RT_BOTH_FIXNUM(%s, %s) ? (int64_t)%s %s (int64_t)%s : %s)", v[0], v[1], v[0], cop, v[1],
                              slow);
        }
        free(v);
        return r;
    }
    if (p->id == PRIM_not && n == 1) return xasprintf("!(%s)", emit_cond(em, a->args.items[0]));
    const char *test = n == 1 && prims_arg_type(p, 0) == TY_ANY ? emit_type_test(p->pred_yes) : NULL;
    if (test) {
        const char **v = emit_args(em, &a->args);
        const char *r = xasprintf(test, v[0]);
        free(v);
        return r;
    }
    if (n == 2 && (p->id == PRIM_eq_p || p->id == PRIM_eqv_p)) {
        /* eqv? is eq? unless both may be numbers eqv? compares by value (flonums, bignums,
         * ratnums, compnums): (case x ((a b) ...)) on symbols is a word compare */
        const Type by_value = TY_FLO | TY_BIG | TY_RAT | TY_CPLX;
        bool eq = p->id == PRIM_eq_p || !(emit_type(em, a->args.items[0]) & by_value) ||
                  !(emit_type(em, a->args.items[1]) & by_value);
        const char **v = emit_args(em, &a->args);
        const char *r = eq ? xasprintf("%s == %s", v[0], v[1]) : xasprintf("rt_eqv2(%s, %s)", v[0], v[1]);
        free(v);
        return r;
    }
    if (n == 2 && !em->opt->untyped &&
        (p->id == PRIM_char_eq_p || p->id == PRIM_char_lt_p || p->id == PRIM_char_gt_p ||
         p->id == PRIM_char_le_p || p->id == PRIM_char_ge_p) &&
        emit_check(em, emit_proven(em, a->args.items[0], TY_CHAR) &&
                           emit_proven(em, a->args.items[1], TY_CHAR))) {
        /* two characters (immediates): their code points compared, inline (wc's loop) */
        const char *op = p->id == PRIM_char_eq_p ? "==" : p->id == PRIM_char_lt_p ? "<"
                         : p->id == PRIM_char_gt_p ? ">" : p->id == PRIM_char_le_p ? "<=" : ">=";
        const char **v = emit_args(em, &a->args);
        const char *r = xasprintf("RT_CHARVAL(%s) %s RT_CHARVAL(%s)", v[0], op, v[1]);
        free(v);
        return r;
    }
    if (n == 1 && (p->id == PRIM_odd_p || p->id == PRIM_even_p) && !em->opt->no_inline_arith) {
        /* a fixnum's low bit; anything else (a bignum, an integral flonum, an error) in a stub */
        const char **v = emit_args(em, &a->args);
        const char *bit = xasprintf("%s(%s & RT_FIX(1))", p->id == PRIM_odd_p ? "!!" : "!", v[0]);
        const char *r;
        if (emit_check(em, emit_proven(em, a->args.items[0], TY_FIX))) r = bit;
        else {
            const char *slow = emit_stub(em, "int", NULL, xasprintf("rt_p_%s(&rt_gc_region, %s, s0) != RT_FALSE", p->cname,
                                                                  emit_loc(em, a->loc)), 1, v);
            r = xasprintf("(RT_IS_FIXNUM(%s) ? %s : %s)", v[0], bit, slow);
        }
        free(v);
        return r;
    }
    if (n == 1 && (p->id == PRIM_zero_p || p->id == PRIM_negative_p || p->id == PRIM_positive_p) &&
        !em->opt->untyped && !em->opt->no_inline_arith) {
        /* the sign of a flonum: its double compared with 0, unboxed (a NaN is none of the
         * three, -0.0 is zero); of a fixnum: its word (the tag bits are 0) */
        Ast *x = a->args.items[0];
        const char *cop = p->id == PRIM_zero_p ? "==" : p->id == PRIM_negative_p ? "<" : ">";
        if (emit_check(em, emit_flo_sign(em, a))) return xasprintf("%s %s 0.0", emit_flo(em, x), cop);
        if (p->id != PRIM_zero_p && emit_check(em, emit_proven(em, x, TY_FIX)))
            return xasprintf("(int64_t)%s %s 0", emit_expr(em, x, DEST_V), cop);
        if (p->id != PRIM_zero_p && emit_type(em, x) && !(emit_type(em, x) & ~TY_INT)) {
            /* an exact integer: a fixnum's word inline, a bignum's sign in the stub */
            const char **v = emit_args(em, &a->args);
            const char *slow = emit_stub(em, "int", NULL, xasprintf("rt_p_%s(&rt_gc_region, %s, s0) != RT_FALSE",
                                                                    p->cname, emit_loc(em, a->loc)), 1, v);
            const char *r = xasprintf("(RT_IS_FIXNUM(%s) ? (int64_t)%s %s 0 : %s)", v[0], v[0], cop, slow);
            free(v);
            return r;
        }
    }
    if (n == 1 && p->id == PRIM_zero_p) {
        const char **v = emit_args(em, &a->args);
        const char *r;
        bool exact = !em->opt->untyped && !(emit_type(em, a->args.items[0]) & ~TY_INT); /* no bignum is 0 */
        if (emit_check(em, exact || emit_proven(em, a->args.items[0], TY_FIX))) r = xasprintf("%s == RT_FIX(0)", v[0]);
        else {
            const char *loc = emit_loc(em, a->loc);
            const char *slow = emit_stub(em, "int", NULL, xasprintf("rt_num_eq(%s, s0, RT_FIX(0))", loc), 1, v);
            if (emit_flo_maybe(em, a->args.items[0])) /* a flonum: its double, inline */
                r = xasprintf("%s == RT_FIX(0) || (!RT_IS_FIXNUM(%s) && (RT_IS_TYPE(%s, TYPE_ID_FLOAT) ? RT_FLOVAL(%s) == 0 : %s))",
                              v[0], v[0], v[0], v[0], slow);
            else
                r = xasprintf("%s == RT_FIX(0) || (!RT_IS_FIXNUM(%s) && %s)", v[0], v[0], slow);
        }
        free(v);
        return r;
    }
    if (n == 1 && (p->id == PRIM_negative_p || p->id == PRIM_positive_p) && emit_flo_maybe(em, a->args.items[0])) {
        /* fixnums and flonums inline (a NaN is neither), other numbers and errors in the stub */
        const char **v = emit_args(em, &a->args);
        const char *cop = p->id == PRIM_negative_p ? "<" : ">";
        const char *slow = emit_stub(em, "int", NULL, xasprintf("rt_p_%s(&rt_gc_region, %s, s0) != RT_FALSE", p->cname,
                                                                emit_loc(em, a->loc)), 1, v);
        const char *r = xasprintf("(RT_IS_FIXNUM(%s) ? (int64_t)%s %s 0 : RT_IS_TYPE(%s, TYPE_ID_FLOAT) ? RT_FLOVAL(%s) %s 0 : %s)",
                                  v[0], v[0], cop, v[0], v[0], cop, slow);
        free(v);
        return r;
    }
    return NULL;
}

/* The test of an if as a C condition. */
const char *emit_cond(Emitter *em, Ast *a) {
    if (a->kind == AST_PRIMCALL) {
        const char *c = emit_prim_cond(em, a);
        if (c) return c;
    }
    const char *x = emit_expr(em, a, DEST_V);
    return xasprintf("%s != RT_FALSE", x);
}

/* A generic + - * / of three or more operands, / of two, unary - and /, or sqrt, on operands
 * that may all be flonums but are not proven to be (emit_flo_arith takes the proven ones): when
 * they are all flonums (a constant or a proven flonum needs no test), the result is computed in
 * doubles and boxed in the site's region (the sqrt of a negative number or -0.0 takes the
 * stub, which makes the complex root); otherwise the runtime's operation through a cold stub. NULL when it does not
 * apply (+ - * of two operands: emit_arith2). */
const char *emit_flo_generic(Emitter *em, Ast *a, const char **v, const char *loc) {
    const Prim *p = a->prim;
    size_t n = a->args.len;
    const char **dd = em->arg_duals;
    if (em->opt->untyped || em->opt->no_inline_arith || !(emit_type(em, a) & TY_FLO)) return NULL;
    bool nary = p->id == PRIM_add || p->id == PRIM_sub || p->id == PRIM_mul || p->id == PRIM_div;
    if (!(nary && (n >= 3 || (n == 2 && p->id == PRIM_div) || (n == 1 && (p->id == PRIM_sub || p->id == PRIM_div)))) &&
        !(p->id == PRIM_sqrt && n == 1))
        return NULL;
    Buf test = {0}, val = {0};
    const char **d = xcalloc(n, sizeof *d);
    for (size_t i = 0; i < n; i++) {
        Ast *e = a->args.items[i];
        Type t = emit_type(em, e);
        if (!(t & TY_FLO)) { free(d); buf_free(&test); return NULL; }
        if (e->kind == AST_CONST && e->datum->kind == DATUM_FLONUM) d[i] = emit_double(e->datum->flo);
        else {
            d[i] = emit_dual_flo(v[i], dd ? dd[i] : NULL);
            if (t != TY_FLO) buf_printf(&test, "%s%s", test.len ? " && " : "", emit_dual_isflo(v[i], dd ? dd[i] : NULL));
        }
    }
    const char *op = p->id == PRIM_add ? "+" : p->id == PRIM_sub ? "-" : p->id == PRIM_mul ? "*" : "/";
    if (p->id == PRIM_sqrt) {
        /* -0.0 too takes the stub: its root is 0.0+0.0i (as in Chez) */
        buf_printf(&test, "%s!__builtin_signbit(%s)", test.len ? " && " : "", d[0]);
        buf_printf(&val, "__builtin_sqrt(%s)", d[0]);
    } else if (n == 1) {
        buf_printf(&val, *op == '-' ? "-(%s)" : "1.0 / %s", d[0]);
    } else {
        buf_puts(&val, d[0]);
        for (size_t i = 1; i < n; i++) buf_printf(&val, " %s %s", op, d[i]);
    }
    free(d);
    const char *rg = emit_rg(em, a);
    Buf call = {0};
    const char **s = xcalloc(n, sizeof *s);   /* the stub's parameters */
    for (size_t i = 0; i < n; i++) s[i] = xasprintf("s%zu", i);
    emit_prim_call_text(&call, p, EMIT_RG, loc, s, n);
    free(s);
    em->arg_duals = NULL;
    const char *slow = emit_stub(em, "RtValue", rg, xstrdup(buf_cstr(&call)), n, emit_dual_boxed(v, dd, n));
    em->stats.num_generic++;
    char *t = emit_temp(em);
    EmitDual *slot = emit_dual_slot(em, a);
    emit_line(em, "RtValue %s;", t);
    if (slot) emit_line(em, "double %s_d = 0;", t);
    emit_line(em, "if (%s) {", test.len ? buf_cstr(&test) : "1");
    em->indent++;
    if (slot) {   /* its operation reads the double */
        emit_line(em, "%s_d = %s;", t, buf_cstr(&val));
        emit_line(em, "%s = RT_UNBOXED;", t);
        slot->d = xasprintf("%s_d", t);
    } else {
        char *b = emit_temp(em);
        emit_typed_float(em, b, rg, buf_cstr(&val));
        emit_line(em, "%s = %s;", t, b);
    }
    em->indent--;
    emit_line(em, "} else %s = %s;", t, slow);
    buf_free(&test);
    buf_free(&val);
    buf_free(&call);
    return t;
}

/* + - * of two operands: the fixnum fast path (its tag test left out for proven fixnums), and
 * overflow or another operand type through a cold stub to the generic operation of numbers.c;
 * with -fno-inline-arith, the generic operation out of line every time. */
const char *emit_arith2(Emitter *em, Ast *a, const char **v, const char *loc) {
    const Prim *p = a->prim;
    const char *op = p->id == PRIM_add ? "add" : p->id == PRIM_sub ? "sub" : "mul";
    const char *rg = emit_rg(em, a);
    const char **dd = em->arg_duals;
    bool fix = emit_check(em, emit_proven(em, a->args.items[0], TY_FIX) && emit_proven(em, a->args.items[1], TY_FIX));
    EmitFloCase fc;
    bool flo = !fix && !em->opt->no_inline_arith &&
               emit_flo_case(em, a, v, dd, *op == 'a' ? "+" : *op == 's' ? "-" : "*", &fc);
    if (flo) em->arg_duals = NULL;
    else emit_dual_box_all(em, dd, v, 2);   /* no flonum case reads them */
    if (em->opt->no_inline_arith) {
        em->stats.num_generic++;
        return xasprintf("rt_%s(%s, %s, %s, %s)", op, rg, loc, v[0], v[1]);
    }
    char *t = emit_temp(em);
    if (fix && *op != 'm' && emit_proven(em, a, TY_FIX)) { /* the bounds of enclosing tests rule out overflow */
        emit_line(em, "RtValue %s = (RtValue)((int64_t)%s %c (int64_t)%s);", t, v[0], *op == 'a' ? '+' : '-', v[1]);
        return t;
    }
    em->stats.num_generic++;
    const char *slow = emit_stub(em, "RtValue", rg, xasprintf("rt_%s(" EMIT_RG ", %s, s0, s1)", op, loc), 2,
                                 emit_dual_boxed(v, flo ? dd : NULL, 2));
    const char *tags = fix ? "" : xasprintf("RT_BOTH_FIXNUM(%s, %s) && ", v[0], v[1]);
    /* the fixnum case: no overflow (a product's left operand untagged) */
    const char *fixed = *op == 'm'
        ? xasprintf("!__builtin_mul_overflow((int64_t)%s >> 3, (int64_t)%s, &%s_r)", v[0], v[1], t)
        : xasprintf("!__builtin_%s_overflow((int64_t)%s, (int64_t)%s, &%s_r)", op, v[0], v[1], t);
    if (flo) {
        /* fixnums (unless an operand is a known flonum), then flonums inline, boxed in the
         * site's region (or left in a double for the operation this is an operand of), then
         * the stub */
        EmitDual *slot = emit_dual_slot(em, a);
        emit_line(em, "RtValue %s;", t);
        if (slot) emit_line(em, "double %s_d = 0;", t);
        if (fc.known) emit_line(em, "if (%s) {", fc.test);
        else {
            emit_line(em, "int64_t %s_r;", t);
            emit_line(em, "if (%s%s) %s = (RtValue)%s_r;", tags, fixed, t, t);
            emit_line(em, "else if (%s) {", fc.test);
        }
        em->indent++;
        if (slot) {
            emit_line(em, "%s_d = %s;", t, fc.value);
            emit_line(em, "%s = RT_UNBOXED;", t);
            slot->d = xasprintf("%s_d", t);
        } else {
            char *b = emit_temp(em);
            emit_typed_float(em, b, rg, fc.value);
            emit_line(em, "%s = %s;", t, b);
        }
        em->indent--;
        emit_line(em, "} else %s = %s;", t, slow);
        return t;
    }
    emit_line(em, "int64_t %s_r;", t);
    emit_line(em, "RtValue %s = %s%s ? (RtValue)%s_r : %s;", t, tags, fixed, t, slow);
    return t;
}

const char *emit_acc_op(Emitter *em, PrimId op, const char *acc, const char *x, const char *loc) {
    const char *v[2] = {acc, x};
    const char *name = op == PRIM_add ? "add" : "mul";
    char *t = emit_temp(em);
    em->stats.num_generic++;
    const char *slow = emit_stub(em, "RtValue", "rr", xasprintf("rt_%s(" EMIT_RG ", %s, s0, s1)", name, loc), 2, v);
    emit_line(em, "int64_t %s_r;", t);
    if (op == PRIM_mul)
        emit_line(em, "RtValue %s = RT_BOTH_FIXNUM(%s, %s) && !__builtin_mul_overflow((int64_t)%s >> 3, (int64_t)%s, &%s_r) ? (RtValue)%s_r : %s;",
                  t, acc, x, acc, x, t, t, slow);
    else
        emit_line(em, "RtValue %s = RT_BOTH_FIXNUM(%s, %s) && !__builtin_add_overflow((int64_t)%s, (int64_t)%s, &%s_r) ? (RtValue)%s_r : %s;",
                  t, acc, x, acc, x, t, t, slow);
    return t;
}

/* ---- integer division ------------------------------------------------------------------------
 * quotient remainder modulo and the truncate-/floor- forms (R7RS 6.2.6) of two fixnums, inline:
 * on tagged words, x / y is the untagged quotient (both are scaled by 8) and x % y the tagged
 * remainder; the floor forms adjust when the remainder's sign differs from the divisor's. Only
 * the most negative fixnum divided by -1 overflows a quotient. A zero divisor, another number
 * or an overflow take the cold stub (the runtime's operation). When the dividend is a tree of
 * + - * of at most EMIT_WIDE_BITS bits in all, (modulo (+ (* seed 1103515245) 12345) m) say,
 * the tree is computed in __int128 when its leaves are fixnums, so the intermediate bignum is
 * never made. */
bool emit_intdiv_kind(const Prim *p, bool *floor, DivWant *want) {
    switch (p->id) {
    case PRIM_quotient: case PRIM_truncate_quotient: *floor = false; *want = DIV_Q; return true;
    case PRIM_remainder: case PRIM_truncate_remainder: *floor = false; *want = DIV_R; return true;
    case PRIM_modulo: case PRIM_floor_remainder: *floor = true; *want = DIV_R; return true;
    case PRIM_floor_quotient: *floor = true; *want = DIV_Q; return true;
    default: return false;
    }
}

#define EMIT_WIDE_BITS 125
/* The bits of a dividend tree's value when its leaves are fixnums (a fixnum constant: its own
 * width), or -1 when e is a leaf; collects the leaves in evaluation order. */
static int emit_wide_bits(Ast *e, AstVec *leaves, bool top) {
    bool op = e->kind == AST_PRIMCALL && e->args.len == 2 &&
              (e->prim->id == PRIM_add || e->prim->id == PRIM_sub || e->prim->id == PRIM_mul);
    if (!op) {
        if (top) return -1;
        vec_push(leaves, e);
        if (e->kind == AST_CONST && e->datum->kind == DATUM_FIXNUM) {
            int64_t c = e->datum->fix;
            uint64_t m = c < 0 ? (uint64_t)0 - (uint64_t)c : (uint64_t)c;
            int bits = 1;
            while (m) { bits++; m >>= 1; }
            return bits;
        }
        return 61;
    }
    int a = emit_wide_bits(e->args.items[0], leaves, false);
    int b = emit_wide_bits(e->args.items[1], leaves, false);
    return e->prim->id == PRIM_mul ? a + b : (a > b ? a : b) + 1;
}

/* The C expression of a dividend tree over __int128 leaf values w<i>. */
static void emit_wide_expr(Buf *b, Ast *e, AstVec *leaves, size_t *next) {
    bool op = e->kind == AST_PRIMCALL && e->args.len == 2 &&
              (e->prim->id == PRIM_add || e->prim->id == PRIM_sub || e->prim->id == PRIM_mul);
    if (!op) {
        buf_printf(b, "w%zu", (*next)++);
        return;
    }
    buf_putc(b, '(');
    emit_wide_expr(b, e->args.items[0], leaves, next);
    buf_puts(b, e->prim->id == PRIM_add ? " + " : e->prim->id == PRIM_sub ? " - " : " * ");
    emit_wide_expr(b, e->args.items[1], leaves, next);
    buf_putc(b, ')');
}

/* The generic evaluation of a dividend tree in a stub: operands s<i>, intermediates in the
 * collected heap (the slow path's garbage, bounded there). */
static void emit_wide_generic(Buf *b, Emitter *em, Ast *e, size_t *next) {
    bool op = e->kind == AST_PRIMCALL && e->args.len == 2 &&
              (e->prim->id == PRIM_add || e->prim->id == PRIM_sub || e->prim->id == PRIM_mul);
    if (!op) {
        buf_printf(b, "s%zu", (*next)++);
        return;
    }
    buf_printf(b, "rt_%s(&rt_gc_region, %s, ", e->prim->id == PRIM_add ? "add" : e->prim->id == PRIM_sub ? "sub" : "mul",
               emit_loc(em, e->loc));
    emit_wide_generic(b, em, e->args.items[0], next);
    buf_puts(b, ", ");
    emit_wide_generic(b, em, e->args.items[1], next);
    buf_putc(b, ')');
}

const char *emit_intdiv(Emitter *em, Ast *a, bool floor, DivWant want, const char *loc) {
    AstVec leaves = {0};
    int bits = emit_wide_bits(a->args.items[0], &leaves, true);
    bool wide = bits > 0 && bits <= EMIT_WIDE_BITS && !em->opt->no_inline_arith;
    if (!wide) {            /* the dividend is one operand: drop the leaves the walk collected */
        leaves.len = 0;
        vec_push(&leaves, a->args.items[0]);
    }
    vec_push(&leaves, a->args.items[1]);
    const char **v = emit_args(em, &leaves);   /* the leaves, then the divisor */
    size_t nl = leaves.len - 1;
    const char *d = v[nl];
    const char *rt = a->prim->cname;
    if (em->opt->no_inline_arith) {
        em->stats.num_generic++;
        return xasprintf("rt_p_%s(%s, %s, %s, %s)", rt, emit_rg(em, a), loc, v[0], d);
    }
    Buf gen = {0};
    size_t next = 0;
    buf_printf(&gen, "rt_p_%s(" EMIT_RG ", %s, ", rt, loc);
    if (wide) emit_wide_generic(&gen, em, a->args.items[0], &next);
    else buf_puts(&gen, "s0");
    buf_printf(&gen, ", s%zu)", nl);
    const char *slow = emit_stub(em, "RtValue", emit_rg(em, a), buf_cstr(&gen), leaves.len, v);
    Buf tags = {0};
    for (size_t i = 0; i <= nl; i++)
        if (!emit_check(em, emit_proven(em, leaves.items[i], TY_FIX))) buf_printf(&tags, "%s | ", v[i]);
    char *t = emit_temp(em);
    emit_line(em, "RtValue %s;", t);
    emit_line(em, "if (RT_LIKELY(%s%s != RT_FIX(0))) {", tags.len ? xasprintf("((%s0) & 7) == 0 && ", buf_cstr(&tags)) : "", d);
    em->indent++;
    if (wide) {
        for (size_t i = 0; i < nl; i++) emit_line(em, "__int128 w%zu = RT_FIXVAL(%s);", i, v[i]);
        Buf x = {0};
        next = 0;
        emit_wide_expr(&x, a->args.items[0], &leaves, &next);
        emit_line(em, "__int128 %s_x = %s, %s_y = RT_FIXVAL(%s);", t, buf_cstr(&x), t, d);
        emit_line(em, "__int128 %s_q = %s_x / %s_y, %s_r = %s_x %% %s_y;", t, t, t, t, t, t);
    } else {
        emit_line(em, "int64_t %s_q = (int64_t)%s / (int64_t)%s, %s_r = (int64_t)%s %% (int64_t)%s;", t, v[0], d, t, v[0], d);
    }
    emit_line(em, "(void)%s_q; (void)%s_r;", t, t);
    if (floor) emit_line(em, "if (%s_r != 0 && ((%s_r < 0) != ((int64_t)%s < 0))) { %s_r += %s; %s_q -= 1; }", t, t, d, t,
                         wide ? xasprintf("%s_y", t) : d, t);
    if (want == DIV_R) {
        emit_line(em, "%s = %s;", t, wide ? xasprintf("RT_FIX((int64_t)%s_r)", t) : xasprintf("(RtValue)%s_r", t));
    } else { /* the quotient may leave the fixnum range */
        emit_line(em, "if (RT_LIKELY(%s_q >= RT_FIXNUM_MIN && %s_q <= RT_FIXNUM_MAX)) %s = RT_FIX((int64_t)%s_q);", t, t, t, t);
        emit_line(em, "else %s = %s;", t, slow);
    }
    em->indent--;
    emit_line(em, "} else %s = %s;", t, slow);
    em->stats.num_generic++;
    free(v);
    return t;
}

/* ---- flonum vectors (RtF64Vector: vectors infer.c marks Ast.flovec) ---------------------------
 * A double per element. vector-ref gives a C double (boxed only where an RtValue is needed),
 * vector-set! stores one, vector-length reads the header; each with the vector and index tests
 * left out where proven and the bounds test always, the errors through cold stubs calling the
 * runtime's rt_f64v_* (which raise the vector primitives' errors). */
bool emit_f64_ref_node(Emitter *em, const Ast *a) {
    return !em->opt->untyped && a->kind == AST_PRIMCALL && a->prim->id == PRIM_vector_ref && a->args.len == 2 &&
           a->args.items[0]->flovec;
}

/* The test that v is a flonum vector and k an index in it. */
static const char *emit_f64_index_ok(Emitter *em, Ast *a, const char *v, const char *k) {
    Buf b = {0};
    if (!emit_check(em, emit_proven(em, a->args.items[0], TY_VEC)))
        buf_printf(&b, "RT_IS_TYPE(%s, TYPE_ID_F64VECTOR) && ", v);
    if (!emit_check(em, emit_proven(em, a->args.items[1], TY_FIX))) buf_printf(&b, "RT_IS_FIXNUM(%s) && ", k);
    buf_printf(&b, "(uint64_t)RT_FIXVAL(%s) < RT_HDR_COUNT(*RT_OBJ(%s))", k, v);
    return buf_cstr(&b);
}

const char *emit_f64_ref(Emitter *em, Ast *a) {
    const char **v = emit_args(em, &a->args);
    char *t = emit_temp(em);
    const char *loc = emit_loc(em, a->loc);
    emit_line(em, "double %s;", t);
    emit_line(em, "if (RT_LIKELY(%s)) %s = RT_AS(RtF64Vector, %s)->d[RT_FIXVAL(%s)];", emit_f64_index_ok(em, a, v[0], v[1]),
              t, v[0], v[1]);
    emit_line(em, "else %s = RT_FLOVAL(%s);", t,
              emit_stub(em, "RtValue", NULL, xasprintf("rt_f64v_ref(&rt_gc_region, %s, s0, s1)", loc), 2, v));
    free(v);
    return t;
}

const char *emit_f64_set(Emitter *em, Ast *a) {
    AstVec two = {a->args.items, 2, 2};
    const char **v = emit_args(em, &two);
    const char *x = emit_flo(em, a->args.items[2]);
    char *t = emit_temp(em);
    emit_line(em, "double %s = %s;", t, x);
    const char *loc = emit_loc(em, a->loc);
    emit_line(em, "if (RT_LIKELY(%s)) RT_AS(RtF64Vector, %s)->d[RT_FIXVAL(%s)] = %s;", emit_f64_index_ok(em, a, v[0], v[1]),
              v[0], v[1], t);
    const char *ops[3] = {v[0], v[1], xasprintf("rt_dbits(%s)", t)};
    emit_line(em, "else %s;", emit_stub(em, "int", NULL, xasprintf("(rt_f64v_set(%s, s0, s1, rt_bitsd(s2)), 0)", loc), 3, ops));
    free(v);
    return "RT_UNSPEC";
}

/* (vector-length v): inline for vectors, flonum and boolean vectors alike, the runtime for
 * errors. */
const char *emit_vector_length(Emitter *em, Ast *a, const char *v, const char *loc) {
    bool f64 = a->args.items[0]->flovec && !em->opt->untyped, b8 = a->args.items[0]->boolvec && !em->opt->untyped;
    const char *ok = emit_check(em, emit_proven(em, a->args.items[0], TY_VEC)) ? "1"
                   : xasprintf("RT_IS_TYPE(%s, %s)", v, f64 ? "TYPE_ID_F64VECTOR" : b8 ? "TYPE_ID_BOOLVECTOR" : "TYPE_ID_VECTOR");
    const char *slow = f64  ? emit_stub(em, "RtValue", NULL, xasprintf("rt_f64v_length(%s, s0)", loc), 1, &v)
                       : b8 ? emit_stub(em, "RtValue", NULL, xasprintf("rt_boolv_length(%s, s0)", loc), 1, &v)
                            : emit_stub(em, "RtValue", NULL, xasprintf("rt_p_vector_length(&rt_gc_region, %s, s0)", loc), 1, &v);
    return xasprintf("(RT_LIKELY(%s) ? RT_FIX(RT_HDR_COUNT(*RT_OBJ(%s))) : %s)", ok, v, slow);
}

/* (make-vector n fill) of an unboxed vector into RtValue t: when n (the size's value) is a
 * fixnum below 2^24, an object of type tid (C type ctype) of `bytes` bytes in rg, its header,
 * then `fill` (a statement on t_p); otherwise `slow` (the runtime's, for large sizes and
 * errors). */
static void emit_unboxed_make(Emitter *em, Ast *a, const char *rg, const char *t, const char *n, const char *ctype,
                              const char *tid, const char *bytes, const char *fill, const char *slow) {
    const char *size_ok = emit_check(em, emit_proven(em, a->args.items[0], TY_FIX))
                              ? xasprintf("(uint64_t)RT_FIXVAL(%s) <= 0xffffffu", n)
                              : xasprintf("RT_IS_FIXNUM(%s) && (uint64_t)RT_FIXVAL(%s) <= 0xffffffu", n, n);
    emit_line(em, "RtValue %s;", t);
    emit_line(em, "if (RT_LIKELY(%s)) {", size_ok);
    emit_line(em, "    %s *%s_p = %s;", ctype, t, emit_typed_mem(rg, tid, bytes));
    emit_line(em, "    %s_p->hdr = RT_HDR(%s, RT_FIXVAL(%s));", t, tid, n);
    emit_line(em, "    %s", fill);
    emit_line(em, "    %s = RT_TAG_AS_OBJ(%s_p);", t, t);
    emit_line(em, "} else %s = %s;", t, slow);
}

/* (vector x ...) and (make-vector n fill) of a flonum vector: the doubles stored directly. */
const char *emit_f64_alloc(Emitter *em, Ast *a) {
    const char *rg = emit_rg(em, a);
    const char *loc = emit_loc(em, a->loc);
    char *t = emit_temp(em);
    em->stats.alloc_sites++;
    em->stats.alloc_typed++;
    if (a->prim->id == PRIM_vector) {
        size_t n = a->args.len;
        const char **x = xcalloc(n + 1, sizeof *x);
        for (size_t i = 0; i < n; i++) {
            x[i] = emit_temp(em);
            emit_line(em, "double %s = %s;", x[i], emit_flo(em, a->args.items[i]));
        }
        emit_line(em, "RtF64Vector *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_F64VECTOR", xasprintf("%zu", n * sizeof(double))));
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_F64VECTOR, %zu);", t, n);
        for (size_t i = 0; i < n; i++) emit_line(em, "%s_p->d[%zu] = %s;", t, i, x[i]);
        emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
        free(x);
        return t;
    }
    AstVec one = {a->args.items, 1, 1};
    const char **v = emit_args(em, &one);
    char *fill = emit_temp(em);
    emit_line(em, "double %s = %s;", fill, emit_flo(em, a->args.items[1]));
    const char *ops[2] = {v[0], xasprintf("rt_dbits(%s)", fill)};
    emit_unboxed_make(em, a, rg, t, v[0], "RtF64Vector", "TYPE_ID_F64VECTOR", xasprintf("(size_t)RT_FIXVAL(%s) * 8", v[0]),
                      xasprintf("for (int64_t i = 0; i < RT_FIXVAL(%s); i++) %s_p->d[i] = %s;", v[0], t, fill),
                      emit_stub(em, "RtValue", rg, xasprintf("rt_f64v_make(" EMIT_RG ", %s, s0, rt_bitsd(s1))", loc), 2, ops));
    free(v);
    return t;
}

/* (vector x ...) and (make-vector n fill) of a boolean vector (Ast.boolvec): a byte per
 * element, 1 for #t (inference proved every element a boolean). v: the arguments' values. */
const char *emit_b8_alloc(Emitter *em, Ast *a, const char **v, const char *loc) {
    const char *rg = emit_rg(em, a);
    char *t = emit_temp(em);
    em->stats.alloc_sites++;
    em->stats.alloc_typed++;
    if (a->prim->id == PRIM_vector) {
        size_t n = a->args.len;
        emit_line(em, "RtBoolVector *%s_p = %s;", t, emit_typed_mem(rg, "TYPE_ID_BOOLVECTOR", xasprintf("%zu", n)));
        emit_line(em, "%s_p->hdr = RT_HDR(TYPE_ID_BOOLVECTOR, %zu);", t, n);
        for (size_t i = 0; i < n; i++) emit_line(em, "%s_p->b[%zu] = %s;", t, i, emit_truth_byte(v[i]));
        emit_line(em, "RtValue %s = RT_TAG_AS_OBJ(%s_p);", t, t);
        return t;
    }
    emit_unboxed_make(em, a, rg, t, v[0], "RtBoolVector", "TYPE_ID_BOOLVECTOR", xasprintf("(size_t)RT_FIXVAL(%s)", v[0]),
                      xasprintf("memset(%s_p->b, %s, (size_t)RT_FIXVAL(%s));", t, emit_truth_byte(v[1]), v[0]),
                      emit_stub(em, "RtValue", rg, xasprintf("rt_boolv_make(" EMIT_RG ", %s, s0, s1)", loc), 2, v));
    return t;
}
