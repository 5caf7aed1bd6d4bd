/* eval.c: the evaluator: eval, environment, scheme-report-environment, null-environment,
 * interaction-environment and load (R7RS 6.12, (scheme load)), for the REPL (repl.c) and for
 * compiled programs (through rt_eval_install and the runtime's hooks, runtime/control.c).
 *
 * A form goes through the compiler's own front end (reader.c, expand.c and the files under
 * it), one top-level form at a time in a session that lives as long as the process
 * (expand_session_form), then is compiled to a tree of EvNodes, each holding the C function
 * that runs it (a closure-compiling interpreter): variables are resolved to frame slots once,
 * when the form is compiled; primitives are called through their entry points rt_p_<name>
 * (prims.def, the one table). Interpreted lambdas are real runtime procedures: a closure whose
 * code is ev_entry (free[0]: its EvLambda, free[1]: the frame it closes over), so compiled code
 * (sort, map, dynamic-wind, call/cc, with-exception-handler...) calls them and they call
 * compiled procedures, both through the one calling convention (regal.h, "Calls").
 * Tail calls (R7RS 3.5): a call in tail position of a lambda body does not call; it leaves
 * its procedure and arguments where a call puts them (ev_tail_fn, ev_tail_reg, rt_nargs,
 * rt_xargs) and returns EV_TAIL to ev_entry, which loops for an interpreted procedure and
 * musttail-calls a compiled one: no tail call grows the C stack.
 * Memory: every frame, node, closure and constant is in the collected heap (rt_gc_region),
 * referenced by exact pointers (R7); globals are cells of uncollectable collector memory
 * (roots, never freed). The front end's own data (datums, AST) are malloc'd and never freed.
 * Entry points: ev_eval_datum, ev_load_file, rt_eval_install.
 */
#include "eval.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gc/gc.h>

/* The front end's data (datums, AST, names, messages) is malloc'd and never freed, as in the
 * compiler: under AddressSanitizer its allocations are made with leak detection off, so
 * LeakSanitizer reports only the runtime's own leaks. */
#if defined(RT_ASAN)
#include <sanitizer/lsan_interface.h>
#define EV_FRONT_BEGIN() __lsan_disable()
#define EV_FRONT_END() __lsan_enable()
#else
#define EV_FRONT_BEGIN() ((void)0)
#define EV_FRONT_END() ((void)0)
#endif

/* ---- the session ---------------------------------------------------------------------------- */
static Expander *ev_ex;

static Expander *ev_session(void) {
    if (!ev_ex) {
        const char *home = getenv("REGAL_HOME");
        static ExpandOptions xo;
        xo.prelude = false; /* map, for-each... stay the runtime's primitives */
        xo.installed_dir = home && *home ? xasprintf("%s/lib", home) : REGAL_LIBRARY_DIR;
        ev_ex = expand_session_new(&xo, "repl");
    }
    return ev_ex;
}

TopEnv *ev_interaction(void) { return expand_session_program(ev_session()); }

/* ---- nodes ---------------------------------------------------------------------------------- */
typedef struct EvNode EvNode;
typedef RtValue (*EvRun)(EvNode *n, RtValue *fr);

/* A global's location: uncollectable memory (a root); RT_UNDEFINED until it is defined. */
typedef struct EvCell { RtValue value; const char *name; } EvCell;

/* An interpreted lambda: what ev_entry needs to bind its arguments and run its body. */
typedef struct EvLambda {
    int nreq;
    bool rest;
    int nslots;          /* frame slots after the parent link: parameters, then its lets */
    EvNode *body;
    const char *loc;
} EvLambda;

/* A frame is an array of values in the collected heap: fr[0] is the enclosing frame (a raw
 * pointer), fr[1..] the slots. Which fields a node uses depends on its run function. */
struct EvNode {
    EvRun run;
    const char *loc;      /* "file:line:col" of the form, or NULL */
    RtValue value;        /* a constant */
    EvCell *cell;         /* a global */
    int depth, index;     /* a local: frames to go up, slot; let, letrec: first slot */
    bool define;          /* a global's definition */
    const void *fn;       /* a primitive's entry point */
    EvLambda *lambda;
    size_t n;             /* kids */
    EvNode *kids[];       /* call: operator, operands; primitive call: operands; if: test,
                             then, else; seq: items; set: value; let, letrec: inits, body */
};

#define EV_TAIL RT_IMM(0, 0x7a11)      /* a tail call is pending: ev_entry makes it */
static RtValue ev_tail_fn;               /* static: scanned by the collector (thread-locals are not) */
static RtValue ev_tail_reg[RT_REG_ARGS];

static void *ev_alloc(size_t bytes) { return rt_region_bump(&rt_gc_region, RT_ROUND(bytes)); }

static EvNode *ev_node(EvRun run, size_t nkids, const char *loc) {
    EvNode *n = ev_alloc(sizeof *n + nkids * sizeof n->kids[0]);
    n->run = run;
    n->n = nkids;
    n->loc = loc;
    return n;
}

/* A frame: a collected object of the vector kind (scanned, rt_heap_alloc's inline free-list
 * pop); every slot is written before it is read (parameters at entry, lets when they run). */
static RtValue *ev_frame(int nslots, RtValue parent) {
    RtValue *fr = rt_heap_alloc(TYPE_ID_VECTOR, (size_t)(nslots + 1) * sizeof *fr);
    fr[0] = parent;
    return fr;
}

static RtValue ev_entry(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3);

/* ---- running ------------------------------------------------------------------------------- */
static RtValue ev_run_const(EvNode *n, RtValue *fr) { (void)fr; return n->value; }

static RtValue *ev_up(RtValue *fr, int depth) {
    while (depth-- > 0) fr = (RtValue *)(uintptr_t)fr[0];
    return fr;
}
static RtValue ev_run_local0(EvNode *n, RtValue *fr) { return fr[n->index]; }
static RtValue ev_run_local1(EvNode *n, RtValue *fr) { return ((RtValue *)(uintptr_t)fr[0])[n->index]; }
static RtValue ev_run_local(EvNode *n, RtValue *fr) { return ev_up(fr, n->depth)[n->index]; }
/* A letrec variable may be read before its initialisation (R7RS 4.2.2: an error). */
static RtValue ev_run_local_checked(EvNode *n, RtValue *fr) {
    RtValue v = ev_up(fr, n->depth)[n->index];
    if (RT_UNLIKELY(v == RT_UNDEFINED))
        rt_error_msg(n->loc, NULL, "variable '%s' used before its definition", (const char *)n->fn);
    return v;
}
static RtValue ev_run_local_set(EvNode *n, RtValue *fr) {
    ev_up(fr, n->depth)[n->index] = n->kids[0]->run(n->kids[0], fr);
    return RT_UNSPEC;
}

static RtValue ev_run_global(EvNode *n, RtValue *fr) {
    (void)fr;
    RtValue v = n->cell->value;
    if (RT_UNLIKELY(v == RT_UNDEFINED)) rt_error_msg(n->loc, NULL, "unbound variable '%s'", n->cell->name);
    return v;
}
static RtValue ev_run_global_set(EvNode *n, RtValue *fr) {
    RtValue v = n->kids[0]->run(n->kids[0], fr);
    if (!n->define && RT_UNLIKELY(n->cell->value == RT_UNDEFINED))
        rt_error_msg(n->loc, "set!", "unbound variable '%s'", n->cell->name);
    n->cell->value = v;
    return RT_UNSPEC;
}

static RtValue ev_run_if(EvNode *n, RtValue *fr) {
    EvNode *k = RT_TRUTHY(n->kids[0]->run(n->kids[0], fr)) ? n->kids[1] : n->kids[2];
    return k->run(k, fr);
}

static RtValue ev_run_seq(EvNode *n, RtValue *fr) {
    size_t last = n->n - 1;
    for (size_t i = 0; i < last; i++) n->kids[i]->run(n->kids[i], fr);
    return n->kids[last]->run(n->kids[last], fr);
}

/* let: inits outside the scope of the variables, into slots index.. of this frame */
static RtValue ev_run_let(EvNode *n, RtValue *fr) {
    size_t m = n->n - 1;
    RtValue vals[m ? m : 1];
    for (size_t i = 0; i < m; i++) vals[i] = n->kids[i]->run(n->kids[i], fr);
    for (size_t i = 0; i < m; i++) fr[n->index + (int)i] = vals[i];
    return n->kids[m]->run(n->kids[m], fr);
}

/* letrec*: slots undefined, then each init in order, stored as soon as it is computed */
static RtValue ev_run_letrec(EvNode *n, RtValue *fr) {
    size_t m = n->n - 1;
    for (size_t i = 0; i < m; i++) fr[n->index + (int)i] = RT_UNDEFINED;
    for (size_t i = 0; i < m; i++) fr[n->index + (int)i] = n->kids[i]->run(n->kids[i], fr);
    return n->kids[m]->run(n->kids[m], fr);
}

static RtValue ev_run_lambda(EvNode *n, RtValue *fr) {
    RtValue c = mk_closure(&rt_gc_region, ev_entry, 2);
    RT_AS(RtClosure, c)->free[0] = (RtValue)(uintptr_t)n->lambda;
    RT_AS(RtClosure, c)->free[1] = (RtValue)(uintptr_t)fr;
    return c;
}

#define EV_ARGS(first)                                                                        \
    size_t argc = n->n - (first);                                                             \
    RtValue args[argc ? argc : 1];                                                            \
    for (size_t i = 0; i < argc; i++) args[i] = n->kids[(first) + i]->run(n->kids[(first) + i], fr)

static RtValue ev_run_call(EvNode *n, RtValue *fr) {
    RtValue f = n->kids[0]->run(n->kids[0], fr);
    EV_ARGS(1);
    return rt_call(&rt_gc_region, n->loc, f, (intptr_t)argc, args);
}

/* A call in tail position: its procedure and arguments where ev_entry takes them. */
static RtValue ev_run_tail_call(EvNode *n, RtValue *fr) {
    RtValue f = n->kids[0]->run(n->kids[0], fr);
    EV_ARGS(1);
    if (RT_UNLIKELY(!RT_IS_PROCEDURE(f))) rt_not_procedure(n->loc, f);
    for (size_t i = 0; i < argc; i++) {
        if (i < RT_REG_ARGS) ev_tail_reg[i] = args[i];
        else rt_xargs[i] = args[i];
    }
    rt_nargs = (intptr_t)argc;
    rt_call_loc = n->loc;   /* (regal.h: with every rt_nargs) */
    ev_tail_fn = f;
    return EV_TAIL;
}

/* (apply f a ... lst) in tail position: spread as compiled code does, then the tail call. */
static RtValue ev_run_tail_apply(EvNode *n, RtValue *fr) {
    EV_ARGS(0);
    RtValue r[RT_REG_ARGS];
    rt_apply_spread(n->loc, (intptr_t)argc, args, r);
    if (RT_UNLIKELY(!RT_IS_PROCEDURE(args[0]))) rt_not_procedure(n->loc, args[0]);
    memcpy(ev_tail_reg, r, sizeof r);
    ev_tail_fn = args[0];
    return EV_TAIL;
}

/* Primitive calls: the entry point of prims.def's row, by its convention and arity. */
typedef RtValue (*EvPrim0)(Region *, const char *);
typedef RtValue (*EvPrim1)(Region *, const char *, RtValue);
typedef RtValue (*EvPrim2)(Region *, const char *, RtValue, RtValue);
typedef RtValue (*EvPrim3)(Region *, const char *, RtValue, RtValue, RtValue);
typedef RtValue (*EvPrim4)(Region *, const char *, RtValue, RtValue, RtValue, RtValue);
typedef RtValue (*EvPrimV)(Region *, const char *, intptr_t, const RtValue *);
static RtValue ev_run_prim0(EvNode *n, RtValue *fr) {
    (void)fr;
    return ((EvPrim0)n->fn)(&rt_gc_region, n->loc);
}
static RtValue ev_run_prim1(EvNode *n, RtValue *fr) {
    RtValue a = n->kids[0]->run(n->kids[0], fr);
    return ((EvPrim1)n->fn)(&rt_gc_region, n->loc, a);
}
static RtValue ev_run_prim2(EvNode *n, RtValue *fr) {
    RtValue a = n->kids[0]->run(n->kids[0], fr);
    RtValue b = n->kids[1]->run(n->kids[1], fr);
    return ((EvPrim2)n->fn)(&rt_gc_region, n->loc, a, b);
}
static RtValue ev_run_prim3(EvNode *n, RtValue *fr) {
    RtValue a = n->kids[0]->run(n->kids[0], fr);
    RtValue b = n->kids[1]->run(n->kids[1], fr);
    RtValue c = n->kids[2]->run(n->kids[2], fr);
    return ((EvPrim3)n->fn)(&rt_gc_region, n->loc, a, b, c);
}
static RtValue ev_run_prim4(EvNode *n, RtValue *fr) {
    RtValue a = n->kids[0]->run(n->kids[0], fr);
    RtValue b = n->kids[1]->run(n->kids[1], fr);
    RtValue c = n->kids[2]->run(n->kids[2], fr);
    RtValue d = n->kids[3]->run(n->kids[3], fr);
    return ((EvPrim4)n->fn)(&rt_gc_region, n->loc, a, b, c, d);
}
static RtValue ev_run_primv(EvNode *n, RtValue *fr) {
    EV_ARGS(0);
    return ((EvPrimV)n->fn)(&rt_gc_region, n->loc, (intptr_t)argc, args);
}
/* + - * < > <= >= = of two operands: the inline fixnum paths compiled code uses (regal.h),
 * the generic operation out of line. */
#define EV_ARITH2(name, expr)                                                                 \
    static RtValue ev_run_##name(EvNode *n, RtValue *fr) {                                    \
        RtValue a = n->kids[0]->run(n->kids[0], fr);                                          \
        RtValue b = n->kids[1]->run(n->kids[1], fr);                                          \
        return expr;                                                                          \
    }
EV_ARITH2(add2, rt_add2(&rt_gc_region, n->loc, a, b))
EV_ARITH2(sub2, rt_sub2(&rt_gc_region, n->loc, a, b))
EV_ARITH2(mul2, rt_mul2(&rt_gc_region, n->loc, a, b))
EV_ARITH2(lt2, RT_BOOL(rt_lt2(n->loc, a, b)))
EV_ARITH2(gt2, RT_BOOL(rt_gt2(n->loc, a, b)))
EV_ARITH2(le2, RT_BOOL(rt_le2(n->loc, a, b)))
EV_ARITH2(ge2, RT_BOOL(rt_ge2(n->loc, a, b)))
EV_ARITH2(eq2, RT_BOOL(rt_eq2(n->loc, a, b)))
static EvRun ev_arith2(PrimId id) {
    switch (id) {
    case PRIM_add: return ev_run_add2;
    case PRIM_sub: return ev_run_sub2;
    case PRIM_mul: return ev_run_mul2;
    case PRIM_num_lt: return ev_run_lt2;
    case PRIM_num_gt: return ev_run_gt2;
    case PRIM_num_le: return ev_run_le2;
    case PRIM_num_ge: return ev_run_ge2;
    case PRIM_num_eq: return ev_run_eq2;
    default: return NULL;
    }
}

static const EvRun ev_prim_runs[5] = {ev_run_prim0, ev_run_prim1, ev_run_prim2, ev_run_prim3,
                                      ev_run_prim4};

typedef void (*EvFn)(void);
static const EvFn ev_prim_fn[PRIM_COUNT] = {
#define RT_PRIM_F(c, ...) [PRIM_##c] = (EvFn)rt_p_##c,
#define RT_PRIM_V(c, ...) [PRIM_##c] = (EvFn)rt_p_##c,
#include "prims.def"
#undef RT_PRIM_F
#undef RT_PRIM_V
};
static RtClosure *const ev_prim_closure[PRIM_COUNT] = {
#define RT_PRIM_F(c, ...) [PRIM_##c] = &rt_pc_##c,
#define RT_PRIM_V(c, ...) [PRIM_##c] = &rt_pc_##c,
#include "prims.def"
#undef RT_PRIM_F
#undef RT_PRIM_V
};

/* Recursion in evaluated code stops with an error that can be caught (the REPL goes on),
 * while EV_STACK_RESERVE bytes are left above the runtime's own limit: room for the raise,
 * the handler and the unwinding. (Compiled code recursing without end still meets the
 * guard page: "stack overflow", status 70.) */
#define EV_STACK_RESERVE ((size_t)2 << 20)
static RT_NORETURN RT_COLD void ev_stack_overflow(const char *loc) {
    rt_error_msg(loc, NULL, "stack overflow (recursion too deep in evaluated code)");
}

/* The generic entry of every interpreted procedure (RtCode): bind the arguments in a new
 * frame and run the body; a pending tail call loops here (interpreted callee) or leaves by a
 * musttail call (compiled callee). */
static RtValue ev_entry(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
    for (;;) {
        RtClosure *c = RT_AS(RtClosure, self);
        EvLambda *l = (EvLambda *)(uintptr_t)c->free[0];
        intptr_t argc = rt_nargs;
        char probe;
        if (RT_UNLIKELY((uintptr_t)&probe < (uintptr_t)rt_stack_limit + EV_STACK_RESERVE))
            ev_stack_overflow(l->loc);
        if (RT_UNLIKELY(argc < l->nreq || (!l->rest && argc > l->nreq)))
            rt_arity_error(l->loc, argc, l->nreq, l->rest ? -1 : l->nreq);
        RtValue rest = l->rest ? rt_make_rest(&rt_gc_region, argc, a0, a1, a2, a3, l->nreq) : RT_NIL;
        RtValue *fr = ev_frame(l->nslots, c->free[1]);
        RtValue regs[RT_REG_ARGS] = {a0, a1, a2, a3};
        for (int i = 0; i < l->nreq; i++) fr[1 + i] = i < RT_REG_ARGS ? regs[i] : rt_xargs[i];
        if (l->rest) fr[1 + l->nreq] = rest;
        RtValue r = l->body->run(l->body, fr);
        if (r != EV_TAIL) return r;
        self = ev_tail_fn;
        a0 = ev_tail_reg[0];
        a1 = ev_tail_reg[1];
        a2 = ev_tail_reg[2];
        a3 = ev_tail_reg[3];
        RtCode code = RT_AS(RtClosure, self)->code;
        if (code != ev_entry) RT_MUSTTAIL return code(rr, self, a0, a1, a2, a3);
    }
}

/* ---- compiling the core AST into nodes -------------------------------------------------------
 * A Scope is one frame: a lambda's (or a top-level form's), with a slot per variable it binds
 * (parameters, then the variables of the lets and letrecs of its body outside inner lambdas). */
typedef struct EvScope {
    struct EvScope *parent;
    PtrMap slots;          /* Var -> slot (1-based: fr[slot]) */
    PtrMap letrec;         /* Var -> 1: bound by letrec (read checked) */
    int nslots;
} EvScope;

static PtrMap ev_cells;    /* global Var -> EvCell * */

static EvCell *ev_cell(Var *v) {
    size_t *slot = ptrmap_slot(&ev_cells, v, true);
    if (*slot == PTRMAP_NONE) {
        EvCell *c = GC_MALLOC_UNCOLLECTABLE(sizeof *c);
        if (!c) rt_out_of_memory();
        c->value = RT_UNDEFINED;
        c->name = scope_base(v->name)->name;
        *slot = (size_t)(uintptr_t)c;
    }
    return (EvCell *)(uintptr_t)*slot;
}

static const char *ev_loc(Loc loc) {
    if (!loc.file || loc.line <= 0) return NULL;
    return xasprintf("%s:%d:%d", loc.file, loc.line, loc.col);
}

static int ev_bind(EvScope *sc, Var *v) {
    int slot = ++sc->nslots;
    *ptrmap_slot(&sc->slots, v, true) = (size_t)slot;
    return slot;
}

/* Values without an external representation in an expression given to eval (a procedure,
 * a record, a port...: `(eval (list f 1))`): each stands in the datum as a DATUM_UNSPEC of its
 * own, which the expander takes for a constant, here mapped back to the value. The map lives
 * with the front end's data; ev_keep holds the expression being evaluated (a root) until its
 * constants are in nodes. */
static PtrMap ev_embedded;   /* Datum -> RtValue */
static RtValue ev_keep;

/* The value of a constant datum, in the collected heap; memo keeps shared and circular
 * structure (datum labels) as it is. */
static RtValue ev_datum_value(Datum *d, PtrMap *memo) {
    Region *r = &rt_gc_region;
    switch (d->kind) {
    case DATUM_NIL: return RT_NIL;
    case DATUM_BOOL: return RT_BOOL(d->b);
    case DATUM_FIXNUM: return RT_FIX(d->fix);
    case DATUM_BIGNUM: case DATUM_RATNUM:
        return rt_number_parse(r, NULL, d->big, strlen(d->big), 10);
    case DATUM_FLONUM: return mk_float(r, d->flo);
    case DATUM_COMPNUM:
        return rt_p_make_rectangular(r, NULL, ev_datum_value(d->cx.re, memo), ev_datum_value(d->cx.im, memo));
    case DATUM_CHAR: return RT_CHAR(d->ch);
    case DATUM_STRING: {
        RtValue s = mk_string_fill(r, d->str.len, ' ');
        if (d->str.len) memcpy(RT_AS(RtString, s)->chars, d->str.chars, d->str.len * sizeof(uint32_t));
        return s;
    }
    case DATUM_SYMBOL: {
        Sym *s = scope_base(d->sym);
        return rt_intern(s->name, s->len);
    }
    case DATUM_BYTEVECTOR: {
        RtValue b = mk_bytevector(r, d->bv.len, 0);
        if (d->bv.len) memcpy(RT_AS(RtBytevector, b)->bytes, d->bv.bytes, d->bv.len);
        return b;
    }
    case DATUM_UNSPEC: {
        size_t *v = ptrmap_slot(&ev_embedded, d, false);
        return v ? (RtValue)*v : RT_UNSPEC;
    }
    case DATUM_PAIR: case DATUM_VECTOR: break;
    }
    size_t *seen = ptrmap_slot(memo, d, true);
    if (*seen != PTRMAP_NONE) return (RtValue)*seen;
    if (d->kind == DATUM_VECTOR) {
        RtValue v = mk_vector(r, d->vec.len, RT_FALSE);
        *seen = (size_t)v;
        for (size_t i = 0; i < d->vec.len; i++)
            RT_AS(RtVector, v)->items[i] = ev_datum_value(d->vec.items[i], memo);
        return v;
    }
    RtValue p = mk_pair(r, RT_NIL, RT_NIL);
    *seen = (size_t)p;
    RT_PAIR(p)->car = ev_datum_value(d->pair.car, memo);
    RT_PAIR(p)->cdr = ev_datum_value(d->pair.cdr, memo);
    return p;
}

static EvNode *ev_compile(Ast *a, EvScope *sc, bool tail);

static EvNode *ev_compile_lambda(Lambda *lam, EvScope *outer) {
    EvScope sc = {.parent = outer};
    EvLambda *l = ev_alloc(sizeof *l);
    l->nreq = (int)lam->params.len;
    l->rest = lam->rest != NULL;
    l->loc = ev_loc(lam->loc);
    for (size_t i = 0; i < lam->params.len; i++) ev_bind(&sc, lam->params.items[i]);
    if (lam->rest) ev_bind(&sc, lam->rest);
    l->body = ev_compile(lam->body, &sc, true);
    l->nslots = sc.nslots;
    ptrmap_free(&sc.slots);
    ptrmap_free(&sc.letrec);
    EvNode *n = ev_node(ev_run_lambda, 0, l->loc);
    n->lambda = l;
    return n;
}

static EvNode *ev_compile_ref(Ast *a, EvScope *sc) {
    Var *v = a->var;
    const char *loc = ev_loc(a->loc);
    if (v->global) {
        if (!v->defined && v->prim) {
            EvNode *n = ev_node(ev_run_const, 0, loc);
            n->value = RT_TAG_AS_OBJ(ev_prim_closure[v->prim->id]);
            return n;
        }
        EvNode *n = ev_node(ev_run_global, 0, loc);
        n->cell = ev_cell(v);
        return n;
    }
    int depth = 0;
    for (EvScope *s = sc; s; s = s->parent, depth++) {
        size_t *slot = ptrmap_slot(&s->slots, v, false);
        if (!slot) continue;
        bool checked = ptrmap_slot(&s->letrec, v, false) != NULL;
        EvNode *n = ev_node(checked ? ev_run_local_checked
                            : depth == 0 ? ev_run_local0 : depth == 1 ? ev_run_local1 : ev_run_local,
                            0, loc);
        n->depth = depth;
        n->index = (int)*slot;
        n->fn = scope_base(v->name)->name;
        return n;
    }
    diag_internal("eval: variable '%s' has no frame", v->name->name);
}

static EvNode *ev_compile_set(Ast *a, EvScope *sc) {
    const char *loc = ev_loc(a->loc);
    EvNode *value = ev_compile(a->value, sc, false);
    if (a->var->global) {
        EvNode *n = ev_node(ev_run_global_set, 1, loc);
        n->cell = ev_cell(a->var);
        n->define = a->is_define;
        n->kids[0] = value;
        return n;
    }
    Ast ref = {.kind = AST_REF, .var = a->var, .loc = a->loc};
    EvNode *r = ev_compile_ref(&ref, sc);
    EvNode *n = ev_node(ev_run_local_set, 1, loc);
    n->depth = r->depth;
    n->index = r->index;
    n->kids[0] = value;
    return n;
}

static EvNode *ev_compile_prim(const Prim *p, AstVec *args, Loc at, EvScope *sc, bool tail) {
    const char *loc = ev_loc(at);
    size_t argc = args->len;
    EvRun run = p->id == PRIM_apply && tail ? ev_run_tail_apply
                : argc == 2 && ev_arith2(p->id) ? ev_arith2(p->id)
                : p->fixed ? ev_prim_runs[p->nreq] : ev_run_primv;
    EvNode *n = ev_node(run, argc, loc);
    n->fn = (const void *)ev_prim_fn[p->id];
    for (size_t i = 0; i < argc; i++) n->kids[i] = ev_compile(args->items[i], sc, false);
    return n;
}

static EvNode *ev_compile(Ast *a, EvScope *sc, bool tail) {
    switch (a->kind) {
    case AST_CONST: {
        PtrMap memo = {0};
        EvNode *n = ev_node(ev_run_const, 0, NULL);
        n->value = ev_datum_value(a->datum, &memo);
        ptrmap_free(&memo);
        return n;
    }
    case AST_REF: return ev_compile_ref(a, sc);
    case AST_SET: return ev_compile_set(a, sc);
    case AST_IF: {
        EvNode *n = ev_node(ev_run_if, 3, NULL);
        n->kids[0] = ev_compile(a->test, sc, false);
        n->kids[1] = ev_compile(a->then, sc, tail);
        n->kids[2] = ev_compile(a->els, sc, tail);
        return n;
    }
    case AST_LAMBDA: return ev_compile_lambda(a->lambda, sc);
    case AST_SEQ: {
        if (a->items.len == 1) return ev_compile(a->items.items[0], sc, tail);
        EvNode *n = ev_node(ev_run_seq, a->items.len, NULL);
        for (size_t i = 0; i < a->items.len; i++)
            n->kids[i] = ev_compile(a->items.items[i], sc, tail && i + 1 == a->items.len);
        return n;
    }
    case AST_PRIMCALL:
        if (prims_arity_ok(a->prim, (int)a->args.len))
            return ev_compile_prim(a->prim, &a->args, a->loc, sc, tail);
        break; /* a call of its procedure reports the count */
    case AST_CALL: {
        Var *f = a->fn->kind == AST_REF ? a->fn->var : NULL;
        if (f && f->global && !f->defined && f->prim && prims_arity_ok(f->prim, (int)a->args.len))
            return ev_compile_prim(f->prim, &a->args, a->loc, sc, tail);
        break;
    }
    case AST_LET: case AST_LETREC: {
        bool rec = a->kind == AST_LETREC;
        size_t m = a->vars.len;
        EvNode *n = ev_node(rec ? ev_run_letrec : ev_run_let, m + 1, NULL);
        int first = sc->nslots + 1;
        if (!rec)
            for (size_t i = 0; i < m; i++) n->kids[i] = ev_compile(a->inits.items[i], sc, false);
        for (size_t i = 0; i < m; i++) {
            ev_bind(sc, a->vars.items[i]);
            if (rec) *ptrmap_slot(&sc->letrec, a->vars.items[i], true) = 1;
        }
        if (rec)
            for (size_t i = 0; i < m; i++) n->kids[i] = ev_compile(a->inits.items[i], sc, false);
        n->index = first;
        n->kids[m] = ev_compile(a->body, sc, tail);
        return n;
    }
    }
    /* a call of a procedure value (or of a primitive with a wrong count: its procedure says so) */
    EvNode *n = ev_node(tail ? ev_run_tail_call : ev_run_call, a->args.len + 1, ev_loc(a->loc));
    if (a->kind == AST_PRIMCALL) {
        EvNode *f = ev_node(ev_run_const, 0, NULL);
        f->value = RT_TAG_AS_OBJ(ev_prim_closure[a->prim->id]);
        n->kids[0] = f;
    } else {
        n->kids[0] = ev_compile(a->fn, sc, false);
    }
    for (size_t i = 0; i < a->args.len; i++) n->kids[i + 1] = ev_compile(a->args.items[i], sc, false);
    return n;
}

/* Compile a top-level form (its own frame for its lets) and run it. */
static RtValue ev_run_top(Ast *a) {
    EvScope sc = {0};
    EV_FRONT_BEGIN();
    EvNode *n = ev_compile(a, &sc, false);
    EV_FRONT_END();
    int nslots = sc.nslots;
    ptrmap_free(&sc.slots);
    ptrmap_free(&sc.letrec);
    RtValue *fr = ev_frame(nslots, 0);
    return n->run(n, fr);
}

/* ---- eval -------------------------------------------------------------------------------------- */
/* Raise what the front end reported (text) as an error at loc. */
static RT_NORETURN void ev_front_end_error(const char *loc, const char *who, Buf *text) {
    char msg[4096];
    snprintf(msg, sizeof msg, "%s", text->len ? buf_cstr(text) : "error");
    buf_free(text);
    if (who) rt_error_msg(loc, who, "%s", msg);
    rt_error_msg(loc, NULL, "%s", msg);
}

RtValue ev_eval_datum(const char *loc, const char *who, Datum *d, TopEnv *env) {
    EV_FRONT_BEGIN();
    Expander *ex = ev_session();
    Buf text = {0};
    Buf *saved = diag_capture(&text);
    AstVec forms = {0};
    bool ok = expand_session_form(ex, env, d, &forms);
    diag_capture(saved);
    EV_FRONT_END();
    if (!ok) ev_front_end_error(loc, who, &text);
    buf_free(&text);
    RtValue r = RT_UNSPEC;
    for (size_t i = 0; i < forms.len; i++) r = ev_run_top(forms.items[i]);
    vec_free(&forms);
    return r;
}

RtValue ev_load_file(const char *loc, const char *path, TopEnv *env) {
    size_t len;
    char *text = util_read_file(path, &len);
    if (!text) rt_error_kind(loc, RT_COND_FILE, "load: cannot read '%s': %s", path, strerror(errno));
    Buf msgs = {0};
    Buf *saved = diag_capture(&msgs);
    DatumVec forms = {0};
    EV_FRONT_BEGIN();
    bool ok = reader_read_all(xstrdup(path), text, len, &forms);
    EV_FRONT_END();
    diag_capture(saved);
    free(text);
    if (!ok) ev_front_end_error(loc, "load", &msgs);
    for (size_t i = 0; i < forms.len; i++) ev_eval_datum(loc, "load", forms.items[i], env);
    vec_free(&forms);
    return RT_UNSPEC;
}

/* ---- runtime values to datums (eval's argument) ----------------------------------------------- */
static Datum *ev_value_datum(const char *loc, RtValue v, PtrMap *memo, int depth) {
    Loc at = {"eval", 0, 0};
    if (depth > READER_MAX_DEPTH) {
        EV_FRONT_END();   /* ev_datum_of's */
        rt_error_msg(loc, "eval", "expression nested too deeply");
    }
    Datum *d;
    switch (rt_type_of(v)) {
    case TYPE_ID_NULL: return datum_nil(at);
    case TYPE_ID_BOOL: d = datum_new(DATUM_BOOL, at); d->b = v == RT_TRUE; return d;
    case TYPE_ID_FIXNUM: d = datum_new(DATUM_FIXNUM, at); d->fix = RT_FIXVAL(v); return d;
    case TYPE_ID_CHAR: d = datum_new(DATUM_CHAR, at); d->ch = RT_CHARVAL(v); return d;
    case TYPE_ID_FLOAT: d = datum_new(DATUM_FLONUM, at); d->flo = RT_FLOVAL(v); return d;
    case TYPE_ID_INT: case TYPE_ID_RATNUM: {
        char *text;
        rt_number_format(v, 10, &text);
        d = datum_new(rt_type_of(v) == TYPE_ID_INT ? DATUM_BIGNUM : DATUM_RATNUM, at);
        d->big = text;
        return d;
    }
    case TYPE_ID_COMPNUM:
        d = datum_new(DATUM_COMPNUM, at);
        d->cx.re = ev_value_datum(loc, rt_p_real_part(&rt_gc_region, loc, v), memo, depth + 1);
        d->cx.im = ev_value_datum(loc, rt_p_imag_part(&rt_gc_region, loc, v), memo, depth + 1);
        return d;
    case TYPE_ID_STRING: {
        size_t n = (size_t)RT_HDR_COUNT(*RT_OBJ(v));
        d = datum_new(DATUM_STRING, at);
        d->str.len = n;
        d->str.chars = xmalloc((n + 1) * sizeof(uint32_t));
        if (n) memcpy(d->str.chars, RT_AS(RtString, v)->chars, n * sizeof(uint32_t));
        return d;
    }
    case TYPE_ID_SYMBOL: {
        const char *name = rt_symbol_utf8(v);
        return datum_sym(sym_intern(name, strlen(name)), at);
    }
    case TYPE_ID_BYTEVECTOR: {
        size_t n = (size_t)RT_HDR_COUNT(*RT_OBJ(v));
        d = datum_new(DATUM_BYTEVECTOR, at);
        d->bv.len = n;
        d->bv.bytes = xmalloc(n + 1);
        if (n) memcpy(d->bv.bytes, RT_AS(RtBytevector, v)->bytes, n);
        return d;
    }
    case TYPE_ID_PAIR: case TYPE_ID_VECTOR: break;
    case TYPE_ID_UNSPEC:
        if (v == RT_UNSPEC) return datum_new(DATUM_UNSPEC, at);
        if (v == RT_EOF || v == RT_DEFAULT || v == RT_UNDEFINED) break;
        __attribute__((fallthrough));
    default: /* a value with no external representation: a constant of its own */
        d = datum_new(DATUM_UNSPEC, at);
        *ptrmap_slot(&ev_embedded, d, true) = (size_t)v;
        return d;
    }
    if (!RT_IS_PAIR(v) && !RT_IS_TYPE(v, TYPE_ID_VECTOR)) {
        EV_FRONT_END();   /* ev_datum_of's */
        rt_type_error(loc, "eval", "an expression (a datum: list, symbol, number, string, ...)", v);
    }
    size_t *seen = ptrmap_slot(memo, (const void *)(uintptr_t)v, true);
    if (*seen != PTRMAP_NONE) return (Datum *)(uintptr_t)*seen;
    if (RT_IS_PAIR(v)) {
        d = datum_cons(NULL, NULL, at);
        *seen = (size_t)(uintptr_t)d;
        d->pair.car = ev_value_datum(loc, RT_CAR(v), memo, depth + 1);
        d->pair.cdr = ev_value_datum(loc, RT_CDR(v), memo, depth + 1);
        return d;
    }
    size_t n = (size_t)RT_HDR_COUNT(*RT_OBJ(v));
    d = datum_new(DATUM_VECTOR, at);
    *seen = (size_t)(uintptr_t)d;
    d->vec.len = n;
    d->vec.items = xmalloc((n + 1) * sizeof *d->vec.items);
    for (size_t i = 0; i < n; i++) d->vec.items[i] = ev_value_datum(loc, RT_AS(RtVector, v)->items[i], memo, depth + 1);
    return d;
}

static Datum *ev_datum_of(const char *loc, RtValue v) {
    PtrMap memo = {0};
    EV_FRONT_BEGIN();
    Datum *d = ev_value_datum(loc, v, &memo, 0);   /* its errors leave with leak detection off */
    EV_FRONT_END();
    ptrmap_free(&memo);
    return d;
}

/* ---- environments --------------------------------------------------------------------------
 * An environment is a TYPE_ID_ENVIRONMENT object whose header count is its index in ev_envs
 * (0: the interaction environment). */
static VEC(TopEnv *) ev_envs;

static RtValue ev_env_value(TopEnv *env) {
    size_t i = 0;
    while (i < ev_envs.len && ev_envs.items[i] != env) i++;
    if (i == ev_envs.len) vec_push(&ev_envs, env);
    RtHeader *h = alloc_obj_typed(&rt_gc_region, TYPE_ID_ENVIRONMENT);
    *h = RT_HDR(TYPE_ID_ENVIRONMENT, i);
    return RT_TAG_AS_OBJ(h);
}

static TopEnv *ev_env_of(const char *loc, RtValue v) {
    if (v == RT_DEFAULT) return ev_interaction();
    RT_CHECK(RT_IS_TYPE(v, TYPE_ID_ENVIRONMENT), "eval", "an environment", v);
    return ev_envs.items[RT_HDR_COUNT(*RT_OBJ(v))];
}

static RtValue ev_hook_interaction(void) { return ev_env_value(ev_interaction()); }

static RtValue ev_hook_eval(const char *loc, RtValue expr, RtValue env) {
    TopEnv *te = ev_env_of(loc, env);
    RtValue kept = ev_keep;
    ev_keep = expr;
    RtValue r = ev_eval_datum(loc, "eval", ev_datum_of(loc, expr), te);
    ev_keep = kept;
    return r;
}

static RtValue ev_make_env(const char *loc, const char *who, Datum *sets, bool keywords_only) {
    EV_FRONT_BEGIN();
    Expander *ex = ev_session();
    Buf text = {0};
    Buf *saved = diag_capture(&text);
    TopEnv *env = expand_session_env(ex, sets, keywords_only, (Loc){"eval", 0, 0});
    diag_capture(saved);
    EV_FRONT_END();
    if (!env) ev_front_end_error(loc, who, &text);
    buf_free(&text);
    /* the libraries it imported run now, once */
    AstVec forms = {0};
    EV_FRONT_BEGIN();
    Datum *nothing = datum_new(DATUM_UNSPEC, (Loc){"eval", 0, 0});
    bool ok = expand_session_form(ex, env, nothing, &forms);
    EV_FRONT_END();
    if (ok)
        for (size_t i = 0; i < forms.len; i++) ev_run_top(forms.items[i]);
    vec_free(&forms);
    return ev_env_value(env);
}

static RtValue ev_hook_environment(const char *loc, intptr_t argc, const RtValue *argv) {
    EV_FRONT_BEGIN();
    Datum *sets = datum_nil((Loc){"eval", 0, 0});
    EV_FRONT_END();
    for (intptr_t i = argc; i-- > 0;) {
        Datum *set = ev_datum_of(loc, argv[i]);
        EV_FRONT_BEGIN();
        sets = datum_cons(set, sets, sets->loc);
        EV_FRONT_END();
    }
    return ev_make_env(loc, "environment", sets, false);
}

static RtValue ev_hook_report(const char *loc, RtValue version, int null) {
    const char *who = null ? "null-environment" : "scheme-report-environment";
    if (version != RT_FIX(5)) rt_type_error(loc, who, "5 (the version supported)", version);
    Loc at = {"eval", 0, 0};
    EV_FRONT_BEGIN();
    Datum *r5rs = datum_cons(datum_sym(sym_cstr("scheme"), at),
                             datum_cons(datum_sym(sym_cstr("r5rs"), at), datum_nil(at), at), at);
    Datum *sets = datum_cons(r5rs, datum_nil(at), at);
    EV_FRONT_END();
    return ev_make_env(loc, who, sets, null != 0);
}

static RtValue ev_hook_load(const char *loc, RtValue file, RtValue env) {
    RT_CHECK(RT_IS_TYPE(file, TYPE_ID_STRING), "load", "a string", file);
    TopEnv *te = ev_env_of(loc, env);
    size_t n;
    char *path = rt_string_to_utf8(file, &n);
    EV_FRONT_BEGIN();
    char *p = xstrdup(path);
    EV_FRONT_END();
    free(path);
    return ev_load_file(loc, p, te);
}

static const RtEvalHooks ev_hooks = {
    .eval = ev_hook_eval,
    .environment = ev_hook_environment,
    .report_environment = ev_hook_report,
    .interaction_environment = ev_hook_interaction,
    .load = ev_hook_load,
};

void rt_eval_install(void) {
    rt_nursery_freeze();   /* the evaluator's frames: stores the nursery's barrier does not see */
    rt_eval_hooks = &ev_hooks;
}
