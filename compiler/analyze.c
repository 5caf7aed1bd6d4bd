/* analyze.c: the facts code generation needs, computed over the whole program.
 *
 * Entry point: analyze_program. Requires: an expanded Program. Guarantees, in this order:
 *   1. calls of primitives the program does not redefine become AST_PRIMCALL, and calls with
 *      a wrong argument count to primitives or known procedures are reported as errors;
 *   2. Var.nrefs/nsets/ndefs count uses; Var.known names the lambda a never-assigned
 *      variable is bound to;
 *   3. Lambda.contified marks loops (named let, do, local recursive procedures) whose every
 *      call is a tail call from their own body or a single call from their parent: they
 *      compile to a C loop inside the parent, with no closure;
 *   4. escape-only continuations: (call/cc (lambda (k) ...)) whose k is only ever the
 *      operator of calls made from that lambda's own C function (its body and the loops
 *      contified into it) or from helpers known inside it and only called from there, or
 *      passed from there to a known procedure's parameter that is itself only called (or
 *      passed on so) while that procedure runs, becomes %call/cc-escape, the setjmp escape of the runtime: k can only
 *      be called while the call/cc is active. Any other call/cc (or call/cc as a value) may
 *      be re-entered (Program.reentrant): the program then keeps every assigned local variable in a box, since a
 *      re-entry restores the C frames copied at the capture (runtime/control.c) and a Scheme
 *      variable is one location however often its frame is re-entered. Except guard's
 *      %call/1cc (compiler/derive.c): its continuation is re-entered at most once, and only
 *      after the handler escaped to the guard, so the frames it copies have not run since the
 *      capture and go on from where they were: nothing of theirs is seen twice;
 *   4a. Program.uses_eval: whether the program may run the evaluator's code (a primitive
 *      marked RT_PF_EVAL: eval, load, environment...), called or as a value;
 *   4b. Var.captured and Var.boxed (assigned and captured, or assigned in a program that may
 *      re-enter a continuation: lives in a box);
 *   5. Lambda.free: the free variables of each closure, leaving out known procedures without
 *      free variables of their own (they are static closures, referenced as constants);
 *   6. Var.init_first: the globals whose definitions all run before any procedure can be
 *      called (the top level's leading forms that call nothing).
 */
#include "regalc.h"

#include <stdlib.h>

#include "regal.h" /* RT_PF_PURE, RT_PF_EVAL */

/* How a known local lambda is referenced. Tail calls from its own body are loop back edges
 * and are not counted: they never stop contification. A tail call from a lambda nested in it
 * is a back edge too when every lambda between them is contified and entered in tail position
 * (an inner loop that jumps back to an outer one): those are kept, and decided once the inner
 * ones are. */
typedef struct CallInfo {
    int outside;     /* calls from the lambda's parent function */
    bool outside_tail; /* ... all of them in tail position of the parent's body */
    int other;       /* any other reference (nested tail calls included) */
    VEC(Lambda *) nested; /* the lambdas nested in it that tail-call it, once per call */
} CallInfo;

typedef struct Analyzer {
    Program *prog;
    bool reentrant;  /* some continuation may be re-entered (4) */
    bool opt_no_tail_k; /* -fno-tail-continuations */
    bool opt_no_one_shot_guard; /* -fno-one-shot-guard */
    CallInfo *info;  /* indexed by Lambda.id, for known lambdas */
    bool free_changed; /* a free-variable set grew in this round */
} Analyzer;

static void analyze_walk(Analyzer *an, Ast *a, void (*fn)(Analyzer *, Ast *, Lambda *, bool),
                         Lambda *cur, bool tail);

/* Visit every node with the lambda whose body it is in and whether it is in tail position
 * of that lambda's body. */
static void analyze_walk(Analyzer *an, Ast *a, void (*fn)(Analyzer *, Ast *, Lambda *, bool),
                         Lambda *cur, bool tail) {
    fn(an, a, cur, tail);
    switch (a->kind) {
    case AST_CONST: case AST_REF: break;
    case AST_SET: analyze_walk(an, a->value, fn, cur, false); break;
    case AST_IF:
        analyze_walk(an, a->test, fn, cur, false);
        analyze_walk(an, a->then, fn, cur, tail);
        analyze_walk(an, a->els, fn, cur, tail);
        break;
    case AST_LAMBDA: analyze_walk(an, a->lambda->body, fn, a->lambda, true); break;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            analyze_walk(an, a->items.items[i], fn, cur, tail && i + 1 == a->items.len);
        break;
    case AST_CALL:
        analyze_walk(an, a->fn, fn, cur, false);
        /* fallthrough */
    case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) analyze_walk(an, a->args.items[i], fn, cur, false);
        break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) analyze_walk(an, a->inits.items[i], fn, cur, false);
        analyze_walk(an, a->body, fn, cur, tail);
        break;
    }
}

/* ---- 1. primitive calls, counts ------------------------------------------------------------- */
static void analyze_count(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)an; (void)tail; (void)cur;
    if (a->kind == AST_CALL && a->fn->kind == AST_REF && a->fn->var->global &&
        !a->fn->var->defined && a->fn->var->prim) {
        const Prim *p = a->fn->var->prim;
        if (!prims_arity_ok(p, (int)a->args.len)) {   /* R7RS: an error when it runs (a guard may catch it) */
            diag_warning(a->loc, "wrong number of arguments to '%s': got %zu; the call raises an error when it runs",
                         p->name, a->args.len);
            return;
        }
        a->kind = AST_PRIMCALL;
        a->prim = p;
        a->fn = NULL;
        return;
    }
    if (a->kind == AST_REF) a->var->nrefs++;
    if (a->kind == AST_SET) {
        if (a->is_define) a->var->ndefs++;
        else a->var->nsets++;
    }
}

/* ---- 2. known procedures -------------------------------------------------------------------- */
static void analyze_mark_known(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)an; (void)cur; (void)tail;
    if (a->kind == AST_SET && a->is_define && a->var->ndefs == 1 && a->var->nsets == 0 &&
        a->value->kind == AST_LAMBDA) {
        a->var->known = a->value->lambda;
        a->value->lambda->self = a->var;
    }
    if (a->kind == AST_LET || a->kind == AST_LETREC)
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            if (v->nsets == 0 && a->inits.items[i]->kind == AST_LAMBDA) {
                v->known = a->inits.items[i]->lambda;
                v->known->self = v;
            }
            else if (a->kind == AST_LETREC) v->nsets++; /* initialised after the closures */
        }
}

static void analyze_check_arity(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)an; (void)cur; (void)tail;
    const ExtVar *x = a->kind == AST_CALL && a->fn->kind == AST_REF ? a->fn->var->ext : NULL;
    if (x && x->direct && a->args.len != (size_t)x->nreq) /* another unit's (its interface) */
        diag_warning(a->loc, "wrong number of arguments to '%s': expected %d, got %zu; the call "
                     "raises an error when it runs", a->fn->var->name->name, x->nreq, a->args.len);
    if (a->kind != AST_CALL || a->fn->kind != AST_REF || !a->fn->var->known) return;
    Lambda *l = a->fn->var->known;
    size_t n = a->args.len, req = l->params.len;
    if (n < req || (!l->rest && n > req)) {
        /* R7RS: an error when the call runs, which a guard may catch; so a warning here, and
         * the call is compiled as an unknown one (its operator wrapped, so that no pass sees a
         * known callee) whose argument count the callee checks */
        const char *name = a->fn->var->name->name;
        if (l->rest)
            diag_warning(a->loc, "wrong number of arguments to '%s': expected at least %zu, got %zu; "
                         "the call raises an error when it runs", name, req, n);
        else
            diag_warning(a->loc, "wrong number of arguments to '%s': expected %zu, got %zu; "
                         "the call raises an error when it runs", name, req, n);
        Ast *w = ast_new(AST_SEQ, a->fn->loc);
        vec_push(&w->items, a->fn);
        a->fn = w;
    }
}

/* ---- 3. contification ----------------------------------------------------------------------- */
static void analyze_calls(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    if (a->kind == AST_CALL && a->fn->kind == AST_REF && a->fn->var->known && !a->fn->var->global) {
        Lambda *l = a->fn->var->known;
        CallInfo *ci = &an->info[l->id];
        if (cur == l && tail) {
            /* a back edge of the loop */
        } else if (cur == l->parent) {
            ci->outside_tail = ci->outside ? ci->outside_tail && tail : tail;
            ci->outside++;
        } else {
            ci->other++;
            bool nested = false;
            for (Lambda *m = cur; m && !nested; m = m->parent) nested = m->parent == l;
            if (tail && nested) vec_push(&ci->nested, cur);
        }
        ci->other--; /* balanced by the visit of the operator's REF that follows */
    }
    if (a->kind == AST_REF && a->var->known && !a->var->global) an->info[a->var->known->id].other++;
}

/* ---- 4. captured variables ------------------------------------------------------------------ */
/* The C function a lambda's code lives in: itself, or its parent's when contified. */
static Lambda *analyze_host(Lambda *l) {
    while (l && l->contified) l = l->parent;
    return l;
}

/* ---- 4. continuations ------------------------------------------------------------------------ */
static bool analyze_is_callcc(const Prim *p) {
    return p == prims_get(PRIM_call_cc) || p == prims_get(PRIM_call_with_current_continuation) ||
           p == prims_get(PRIM_call_1cc);
}

/* Is every reference to k in a the operator of a call that can only run while home's frame
 * is active? That is a call made from home's C function (its body and the loops contified
 * into it), or from a known lambda (bound once, never assigned) whose own every reference is
 * such a call (a helper, recursive or not, defined inside home). `assumed` holds the helpers
 * being checked, taken as fine meanwhile (recursion). */
typedef struct KCheck { Lambda *home; Lambda *assumed[8]; int nassumed; } KCheck;
static bool analyze_k_called_only(KCheck *kc, Ast *a, Var *k, Lambda *cur);

/* Is parameter i of the known lambda l only called while l runs (every reference the operator
 * of a call from l's own C function or its helpers, or passed on to such a parameter)? Then
 * a continuation passed to it from where it may be called is called only while that call
 * runs (ctak passes its k to ctak-aux, fibc its c to addc). Parameters being checked are
 * taken as fine meanwhile (recursion: addc passes k to itself). */
#define ANALYZE_MAX_PARAMS 16
static bool analyze_tail_only(Ast *a, Var *k, bool tail);
static struct { const Var *param; bool tail; } analyze_assumed[ANALYZE_MAX_PARAMS];
static int analyze_nassumed;
/* Whether parameter i of the known lambda l is only called while l runs (tail: only in tail
 * position, below), checked on l's body; the parameters being checked are taken as fine. */
static bool analyze_param_only(Lambda *l, size_t i, bool tail) {
    if (l->contified || l->rest || i >= l->params.len) return false;
    Var *p = l->params.items[i];
    if (p->nsets) return false;
    for (int j = 0; j < analyze_nassumed; j++)
        if (analyze_assumed[j].param == p && analyze_assumed[j].tail == tail) return true;
    if (analyze_nassumed == ANALYZE_MAX_PARAMS) return false;
    analyze_assumed[analyze_nassumed].param = p;
    analyze_assumed[analyze_nassumed++].tail = tail;
    KCheck kc = {.home = l};
    bool ok = tail ? analyze_tail_only(l->body, p, true) : analyze_k_called_only(&kc, l->body, p, l);
    analyze_nassumed--;
    return ok;
}

static bool analyze_runs_inside(KCheck *kc, Lambda *cur) {
    Lambda *h = analyze_host(cur);
    if (h == kc->home) return true;
    for (int i = 0; i < kc->nassumed; i++)
        if (kc->assumed[i] == h) return true;
    Var *v = h->self;
    if (!v || v->global || v->nsets || v->known != h || kc->nassumed == 8) return false;
    kc->assumed[kc->nassumed++] = h;
    bool ok = analyze_k_called_only(kc, kc->home->body, v, kc->home);
    kc->nassumed--;
    return ok;
}

static bool analyze_k_called_only(KCheck *kc, Ast *a, Var *k, Lambda *cur) {
    switch (a->kind) {
    case AST_CONST: return true;
    case AST_REF: return a->var != k;
    case AST_SET: return a->var != k && analyze_k_called_only(kc, a->value, k, cur);
    case AST_IF:
        return analyze_k_called_only(kc, a->test, k, cur) &&
               analyze_k_called_only(kc, a->then, k, cur) &&
               analyze_k_called_only(kc, a->els, k, cur);
    case AST_LAMBDA: return analyze_k_called_only(kc, a->lambda->body, k, a->lambda);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (!analyze_k_called_only(kc, a->items.items[i], k, cur)) return false;
        return true;
    case AST_CALL:
        if (a->fn->kind == AST_REF && a->fn->var == k) {
            if (!analyze_runs_inside(kc, cur)) return false;
        } else if (!analyze_k_called_only(kc, a->fn, k, cur)) {
            return false;
        }
        /* fallthrough */
    case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) {
            Ast *x = a->args.items[i];
            if (a->kind == AST_PRIMCALL && a->prim->effect == EF_NONE && a->prim->calls < 0 &&
                x->kind == AST_REF && x->var == k)
                continue;           /* (procedure? k), (%type-error ... k): nothing kept */
            Lambda *m = a->kind == AST_CALL && a->fn->kind == AST_REF && !a->fn->var->nsets ? a->fn->var->known : NULL;
            if (m && x->kind == AST_REF && x->var == k && !m->rest && a->args.len == m->params.len &&
                analyze_runs_inside(kc, cur) && analyze_param_only(m, i, false))
                continue;           /* passed to a known procedure that only calls it */
            if (!analyze_k_called_only(kc, x, k, cur)) return false;
        }
        return true;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (!analyze_k_called_only(kc, a->inits.items[i], k, cur)) return false;
        return analyze_k_called_only(kc, a->body, k, cur);
    }
    return false;
}

/* Tail-only continuations: is every reference to k in a (a in tail position of the lambda
 * being checked when `tail`) the operator of a call in tail position, or an argument of a
 * call in tail position to a known procedure whose parameter is itself tail-only? Then every
 * call of k is the last thing a chain of tail calls from the call/cc's lambda does, so
 * calling k with values is returning those values from the lambda: (call/cc f) is (f
 * values), with no setjmp (ctak, fibc). Parameters being checked are taken as fine meanwhile. */
static bool analyze_tail_only(Ast *a, Var *k, bool tail) {
    switch (a->kind) {
    case AST_CONST: return true;
    case AST_REF: return a->var != k;
    case AST_SET: return a->var != k && analyze_tail_only(a->value, k, false);
    case AST_IF:
        return analyze_tail_only(a->test, k, false) && analyze_tail_only(a->then, k, tail) &&
               analyze_tail_only(a->els, k, tail);
    case AST_LAMBDA: return analyze_tail_only(a->lambda->body, k, false);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (!analyze_tail_only(a->items.items[i], k, tail && i + 1 == a->items.len)) return false;
        return true;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (!analyze_tail_only(a->inits.items[i], k, false)) return false;
        return analyze_tail_only(a->body, k, tail);
    case AST_CALL: case AST_PRIMCALL: {
        Lambda *m = NULL;
        if (a->kind == AST_CALL) {
            if (a->fn->kind == AST_REF && a->fn->var == k) {
                if (!tail) return false;
            } else if (!analyze_tail_only(a->fn, k, false)) {
                return false;
            }
            m = a->fn->kind == AST_REF && !a->fn->var->nsets ? a->fn->var->known : NULL;
        }
        for (size_t i = 0; i < a->args.len; i++) {
            Ast *x = a->args.items[i];
            if (x->kind == AST_REF && x->var == k) {
                if (!(tail && m && a->args.len == m->params.len && analyze_param_only(m, i, true))) return false;
            } else if (!analyze_tail_only(x, k, false)) {
                return false;
            }
        }
        return true;
    }
    }
    return false;
}

/* The global variable naming the primitive `values`, made if the program has none. */
static Var *analyze_values_var(Program *prog) {
    const Prim *values = prims_get(PRIM_values);
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        if (v->prim == values && !v->defined && !v->nsets) return v;
    }
    Var *v = xcalloc(1, sizeof *v);
    v->name = sym_intern("values", 6);
    v->id = prog->next_var_id++;
    v->global = true;
    v->prim = values;
    vec_push(&prog->globals, v);
    return v;
}

static void analyze_continuations(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)cur; (void)tail;
    if (a->kind == AST_REF && a->var->global && !a->var->defined && a->var->prim &&
        analyze_is_callcc(a->var->prim))
        an->reentrant = true;       /* call/cc as a value */
    if (a->kind != AST_PRIMCALL || !analyze_is_callcc(a->prim)) return;
    Ast *f = a->args.len == 1 ? a->args.items[0] : NULL;
    KCheck kc = {.home = f && f->kind == AST_LAMBDA ? f->lambda : NULL};
    if (kc.home && kc.home->params.len == 1 && !kc.home->rest && !an->opt_no_tail_k &&
        analyze_tail_only(kc.home->body, kc.home->params.items[0], true)) {
        /* (call/cc (lambda (k) ...)) is ((lambda (k) ...) values) */
        Ast *v = xcalloc(1, sizeof *v);
        v->kind = AST_REF;
        v->loc = a->loc;
        v->var = analyze_values_var(an->prog);
        v->var->nrefs++;
        a->kind = AST_CALL;
        a->fn = f;
        a->prim = NULL;
        a->args.len = 0;
        vec_push(&a->args, v);
        return;
    }
    if (kc.home && kc.home->params.len == 1 && !kc.home->rest &&
        analyze_k_called_only(&kc, kc.home->body, kc.home->params.items[0], kc.home))
        a->prim = prims_get(PRIM_call_cc_escape);
    else if (a->prim != prims_get(PRIM_call_1cc) || an->opt_no_one_shot_guard)
        an->reentrant = true;   /* (guard's %call/1cc re-enters frames that no longer run) */
}

/* Program.uses_eval: a primitive that forwards to the evaluator, called or as a value; and
 * Program.addr_hash: one that may hash an object's address (regions.c's evacuated calls). */
static void analyze_eval_use(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)cur; (void)tail;
    const Prim *p = a->kind == AST_PRIMCALL ? a->prim
                  : a->kind == AST_REF && a->var->global && !a->var->defined ? a->var->prim : NULL;
    if (p && (p->flags & RT_PF_EVAL)) an->prog->uses_eval = true;
    if (p && (p->flags & RT_PF_ADDR_HASH)) an->prog->addr_hash = true;   /* (the same walk) */
}

static void analyze_capture(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)tail;
    Var *v = (a->kind == AST_REF || a->kind == AST_SET) ? a->var : NULL;
    if (!v || v->global) return;
    if (analyze_host(v->owner) != analyze_host(cur)) v->captured = true;
    v->boxed = (v->captured || an->reentrant) && v->nsets > 0;
}

/* ---- 5. free variables ---------------------------------------------------------------------- */
static bool analyze_is_static(Var *v) {
    return v->known && !v->known->contified && v->known->free.len == 0 && v->nsets == 0;
}

static void analyze_add_free(Lambda *l, Var *v) {
    for (size_t i = 0; i < l->free.len; i++)
        if (l->free.items[i] == v) return;
    vec_push(&l->free, v);
}

static void analyze_init_first(Program *prog);

static void analyze_free_visit(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)tail;
    Var *v = (a->kind == AST_REF || a->kind == AST_SET) ? a->var : NULL;
    if (!v || v->global) return;
    if (a->kind == AST_REF && analyze_is_static(v)) return;
    Lambda *owner_host = analyze_host(v->owner);
    /* every non-contified lambda from cur outwards that does not host v needs v */
    for (Lambda *l = analyze_host(cur); l && l != owner_host; l = analyze_host(l->parent)) {
        size_t before = l->free.len;
        analyze_add_free(l, v);
        if (l->free.len != before) an->free_changed = true;
    }
}

/* ---- 7. letrec variables read before their init --------------------------------------------
 * A letrec (letrec*, internal defines) binds its known procedures first, then assigns the
 * other variables in order (emit.c, emit_letrec). A read of such a variable v_i can run before
 * its assignment when it is in init 0..i, or in the body of one of the letrec's known
 * procedures that those inits may call (by references, transitively); a known procedure's own
 * body runs only when called, so an init that is one is not looked into. Those reads are
 * checked (Ast.check_init); a procedure called only from the letrec's body, or from later
 * inits, reads nothing unassigned and is left alone. R7RS 4.2.2: "it is an error"; Chez raises
 * it too, where Regal read #<undefined> on. */
static bool analyze_is_known_init(const Ast *lr, const Ast *x, size_t *k) {
    for (size_t j = 0; j < lr->inits.len; j++)
        if (lr->inits.items[j] == x && lr->vars.items[j]->known) {
            if (k) *k = j;
            return true;
        }
    return false;
}
/* Visits x (not into the known procedures of lr that are its inits): references to lr's
 * known variables set reach[k]; with v, reads of v are marked. */
static void analyze_letrec_scan(Ast *x, Ast *lr, uint8_t *reach, Var *v) {
    if (!x) return;
    switch (x->kind) {
    case AST_CONST: return;
    case AST_REF:
        if (v && x->var == v) x->check_init = true;
        for (size_t k = 0; reach && k < lr->vars.len; k++)
            if (x->var == lr->vars.items[k] && x->var->known) reach[k] = 1;
        return;
    case AST_SET: analyze_letrec_scan(x->value, lr, reach, v); return;
    case AST_IF:
        analyze_letrec_scan(x->test, lr, reach, v);
        analyze_letrec_scan(x->then, lr, reach, v);
        analyze_letrec_scan(x->els, lr, reach, v);
        return;
    case AST_LAMBDA:
        if (!analyze_is_known_init(lr, x, NULL)) analyze_letrec_scan(x->lambda->body, lr, reach, v);
        return;
    case AST_SEQ:
        for (size_t i = 0; i < x->items.len; i++) analyze_letrec_scan(x->items.items[i], lr, reach, v);
        return;
    case AST_CALL: analyze_letrec_scan(x->fn, lr, reach, v); /* fall through */
    case AST_PRIMCALL:
        for (size_t i = 0; i < x->args.len; i++) analyze_letrec_scan(x->args.items[i], lr, reach, v);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < x->inits.len; i++) analyze_letrec_scan(x->inits.items[i], lr, reach, v);
        analyze_letrec_scan(x->body, lr, reach, v);
        return;
    }
}
static void analyze_letrec_reads(Analyzer *an, Ast *a, Lambda *cur, bool tail) {
    (void)an; (void)cur; (void)tail;
    if (a->kind != AST_LETREC) return;
    size_t n = a->vars.len;
    uint8_t *reach = xcalloc(n + 1, 1), *done = xcalloc(n + 1, 1);
    for (size_t i = 0; i < n; i++) {
        Var *v = a->vars.items[i];
        if (v->known) continue;
        memset(reach, 0, n);
        memset(done, 0, n);
        for (size_t j = 0; j <= i; j++) analyze_letrec_scan(a->inits.items[j], a, reach, NULL);
        for (bool grew = true; grew;) {   /* the known procedures those inits may run */
            grew = false;
            for (size_t k = 0; k < n; k++)
                if (reach[k] && !done[k]) {
                    done[k] = 1;
                    grew = true;
                    analyze_letrec_scan(a->vars.items[k]->known->body, a, reach, NULL);
                }
        }
        for (size_t j = 0; j <= i; j++) analyze_letrec_scan(a->inits.items[j], a, NULL, v);
        for (size_t k = 0; k < n; k++)
            if (reach[k]) analyze_letrec_scan(a->vars.items[k]->known->body, a, NULL, v);
    }
    free(reach);
    free(done);
}

void analyze_program(Program *prog, const AnalyzeOptions *opt) {
    Analyzer an = {.prog = prog, .opt_no_tail_k = opt && opt->no_tail_continuations,
                   .opt_no_one_shot_guard = opt && opt->no_one_shot_guard};
    an.info = xcalloc(prog->lambdas.len + 1, sizeof *an.info);
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        v->nrefs = v->nsets = v->ndefs = 0;
        v->init_first = false;
    }
    analyze_walk(&an, prog->body, analyze_count, NULL, false);
    analyze_walk(&an, prog->body, analyze_mark_known, NULL, false);
    for (size_t i = 0; i < prog->globals.len; i++) { /* a redefined global is not known */
        Var *v = prog->globals.items[i];
        if (v->ndefs != 1 || v->nsets) {
            if (v->known) v->known->self = NULL;
            v->known = NULL;
        }
    }
    analyze_walk(&an, prog->body, analyze_check_arity, NULL, false);

    analyze_walk(&an, prog->body, analyze_calls, NULL, false);
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        CallInfo *ci = &an.info[l->id];
        bool seen_outside = l->self && l->self->cname; /* other units call it (interface.c) */
        if (!l->rest && ci->other == 0 && ci->outside == 1 && !seen_outside) l->contified = true;
    }
    /* loops whose other calls are all tail calls from inner loops (contified, entered in tail
     * position, up to it): contifying one may let an outer one be, so until nothing changes */
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < prog->lambdas.len; i++) {
            Lambda *l = prog->lambdas.items[i];
            CallInfo *ci = &an.info[l->id];
            if (l->contified || l->rest || ci->outside != 1 || ci->other == 0 ||
                (l->self && l->self->cname) ||
                (size_t)ci->other != ci->nested.len)
                continue;
            bool back = true;
            for (size_t k = 0; k < ci->nested.len && back; k++)
                for (Lambda *m = ci->nested.items[k]; m != l; m = m->parent)
                    if (!m->contified || !an.info[m->id].outside_tail) { back = false; break; }
            if (back) l->contified = grew = true;
        }
    }
    for (size_t i = 0; i < prog->lambdas.len; i++) vec_free(&an.info[prog->lambdas.items[i]->id].nested);
    analyze_walk(&an, prog->body, analyze_continuations, NULL, false);
    prog->reentrant = an.reentrant;
    prog->uses_eval = false;
    prog->addr_hash = false;
    analyze_walk(&an, prog->body, analyze_eval_use, NULL, false);
    analyze_walk(&an, prog->body, analyze_capture, NULL, false);
    /* free variables: iterate, since whether a known procedure is static depends on its own
     * free variables (monotone: sets only grow) */
    do {
        an.free_changed = false;
        analyze_walk(&an, prog->body, analyze_free_visit, NULL, false);
    } while (an.free_changed);
    if (!(opt && opt->no_early_globals)) analyze_init_first(prog);
    analyze_walk(&an, prog->body, analyze_letrec_reads, NULL, false);
    free(an.info);
}

/* ---- 6. globals defined before anything can read them ---------------------------------------
 * The top level's forms run in order. While none of them has called a procedure (a lambda's
 * body runs only when called), a global can only be read by the top-level code itself: a
 * global defined once, never assigned, by a define in that call-free prefix, and not read by
 * the prefix before its define, holds its value whenever any reference to it runs. Only
 * primitives that are pure and call none of their arguments count as calling nothing (force,
 * hash-table-set! and the like call procedures an argument holds, and are not pure), and calls
 * of known procedures whose bodies call nothing in turn (a procedure that makes a closure, as
 * (define getter (make-getter car)) does): their bodies' reads count as the prefix's, read at
 * their first call. `done` holds each known lambda looked into: 1 calls nothing, 0 does (or
 * is being looked into: a recursion is a call). */
typedef struct InitFirst { PtrMap read, done; } InitFirst;
static bool analyze_calls_nothing(Ast *a, InitFirst *st) {
    switch (a->kind) {
    case AST_CONST: case AST_LAMBDA: return true;
    case AST_REF:
        if (a->var->global) *ptrmap_slot(&st->read, a->var, true) = 1;
        return true;
    case AST_SET: return analyze_calls_nothing(a->value, st);
    case AST_IF:
        return analyze_calls_nothing(a->test, st) && analyze_calls_nothing(a->then, st) &&
               analyze_calls_nothing(a->els, st);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (!analyze_calls_nothing(a->items.items[i], st)) return false;
        return true;
    case AST_CALL: {
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (!k || k->rest || k->params.len != a->args.len || !analyze_calls_nothing(a->fn, st)) return false;
        for (size_t i = 0; i < a->args.len; i++)
            if (!analyze_calls_nothing(a->args.items[i], st)) return false;
        size_t *d = ptrmap_slot(&st->done, k, true);
        if (*d != PTRMAP_NONE) return *d == 1;
        *d = 0;
        bool ok = analyze_calls_nothing(k->body, st);
        *ptrmap_slot(&st->done, k, true) = ok;
        return ok;
    }
    case AST_PRIMCALL:
        if (!(a->prim->flags & RT_PF_PURE) || (a->prim->flags & RT_PF_EVAL) || a->prim->calls >= 0 || a->ffi)
            return false;
        for (size_t i = 0; i < a->args.len; i++)
            if (!analyze_calls_nothing(a->args.items[i], st)) return false;
        return true;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (!analyze_calls_nothing(a->inits.items[i], st)) return false;
        return analyze_calls_nothing(a->body, st);
    }
    return false;
}

static void analyze_init_first(Program *prog) {
    InitFirst st = {0};   /* st.read: the globals the prefix has read so far */
    Ast *body = prog->body;
    size_t n = body->kind == AST_SEQ ? body->items.len : 1;
    for (size_t i = 0; i < n; i++) {
        Ast *f = body->kind == AST_SEQ ? body->items.items[i] : body;
        if (!analyze_calls_nothing(f, &st)) break;
        Var *v = f->kind == AST_SET && f->is_define ? f->var : NULL;
        if (v && v->global && v->defined && !v->ext && v->ndefs == 1 && v->nsets == 0 &&
            *ptrmap_slot(&st.read, v, true) == PTRMAP_NONE)
            v->init_first = true;
    }
    ptrmap_free(&st.read);
    ptrmap_free(&st.done);
}

/* ---- a query for later passes ----------------------------------------------------------------- */
static bool analyze_tail_calls_in(const Ast *a, const Lambda *target, PtrMap *seen) {
    switch (a->kind) {
    case AST_IF: return analyze_tail_calls_in(a->then, target, seen) || analyze_tail_calls_in(a->els, target, seen);
    case AST_SEQ: return analyze_tail_calls_in(a->items.items[a->items.len - 1], target, seen);
    case AST_LET: case AST_LETREC: return analyze_tail_calls_in(a->body, target, seen);
    case AST_CALL: {
        Lambda *k = a->fn->kind == AST_REF ? a->fn->var->known : NULL;
        if (k == target) return true;
        size_t *mark = k && k->contified ? ptrmap_slot(seen, k, true) : NULL;
        if (!mark || *mark != PTRMAP_NONE) return false;   /* a body looked into once */
        *mark = 1;
        return analyze_tail_calls_in(k->body, target, seen);
    }
    default: return false;
    }
}
bool analyze_tail_calls(const Ast *a, const Lambda *target) {
    PtrMap seen = {0};
    bool r = analyze_tail_calls_in(a, target, &seen);
    ptrmap_free(&seen);
    return r;
}
