/* version.c: typed copies of loops selected by one check at their entry (loop versioning).
 *
 * Entry point: version_program. Requires: an analyzed and inferred Program. Guarantees: the
 * same program, where a contified loop whose variables may be flonums but are not known to be
 * (a bound read from the input: ecraven's sumfp, mbrot) gets a typed copy (and so does a
 * top-level procedure that calls itself, fibfp: its copy is a new top-level procedure, called
 * after the same check at its entry):
 *     (letrec ((loop (lambda (i sum) body))) ...)
 * becomes
 *     (letrec ((loop (lambda (i sum)
 *                      (letrec ((loop' (lambda (i' sum' c') body'))) ; c: a free variable
 *                        (if (and (%flonum? i) (%flonum? sum) (%flonum? c))
 *                            (loop' i sum c)
 *                            body)))))
 *       ...)
 * body' is a copy of body whose back edges go to loop' (passing c' on unchanged) and whose
 * every variable is a new one; loop' is contified in loop (one call from its parent, the rest
 * back edges), so it is a C loop too. Inference, run again on the changed program (the caller
 * does), then knows that i', sum' and c' are flonums when the back edges keep them so, and the
 * emitter keeps them in C doubles: no flonum box per iteration. When the check fails (fixnums,
 * bignums, ratnums, anything), the original body runs, with generic arithmetic, and each of its
 * back edges checks again: a loop started on a fixnum enters the copy once its variables have
 * become flonums. The semantics are unchanged: body' runs only on values that body would have
 * run on, and computes what body computes.
 * A variable is checked when it is never assigned, its type includes flonums but is not only
 * flonums, the loop uses it as an operand of arithmetic, and (a loop variable) every back edge
 * gives it a value that is a flonum whenever the checked variables are flonums (a speculative
 * type of the argument: infer.c's rules over the first inference's types, the checked
 * variables taken as flonums), iterated until the set is stable; and only with a sign that
 * flonums come (version_evidence), so that loops over numbers of unknown type that are fixnums
 * (tak's) are not copied. -fno-version turns it off.
 *
 * Fixnum copies. A top-level procedure that calls itself and whose parameters may be fixnums
 * and may be anything else (tak's x, y and z, read from the input) gets a copy entered after
 * (%fixnum? x) ... at its entry, when it has no flonum copy: there inference knows them as
 * fixnums, so comparisons and arithmetic on them test no types (arithmetic still tests for
 * overflow). Fixnums are not closed under arithmetic ((- x 1) may be a bignum), so each of the
 * copy's calls of the procedure checks the arguments it computes and calls the copy when they
 * are fixnums, the procedure otherwise (version_fix_call): one test of a tag per computed
 * argument and call instead of one per operation. (Entering the procedure's check at every
 * call instead, through its generic body's frame, made tak 3.9x slower.) Only when the tests
 * taken away are more than those added (version_fix_profit: ecraven triangl, whose parameters
 * index vectors, which tests nothing more, ran 1.27x slower with a copy; tak breaks even),
 * bodies of at most VERSION_FIX_MAX_NODES nodes, and no closures in them (continuation-passing
 * code: the copy and the procedure calling each other in tail position, passing closures,
 * sent a closure region inference kept in the caller's region to the heap,
 * tests/dump/explain-regions-cps.scm). Breaking even is not enough: ecraven ack would (0.82
 * of the time), but mazefun's list-read and list-write do too (1.04-1.06), and so does every
 * loop counting down to 0 (code twice, a check more at each entry). Telling clang
 * that the copy's parameters are fixnums (__builtin_assume, so that it folds the tests of
 * arguments computed from them) made fib slower, 0.97 of the time instead of 0.87.
 * -fno-fixnum-versions turns this off.
 */
#include "regalc.h"

#include <stdlib.h>

#define VERSION_MAX_NODES 4000   /* a larger loop body is not copied */
#define VERSION_FIX_MAX_NODES 400   /* nor a larger procedure for fixnums */

typedef struct Versioner {
    Program *prog;
    /* the copy */
    PtrMap vmap;          /* Var -> its copy (size_t of the pointer) */
    PtrMap lmap;          /* Lambda -> its copy */
    Lambda *target;       /* calls of target in the copy become calls of clone_var ... */
    Var *clone_var;
    VarVec extra;         /* ... with these variables' copies appended as arguments */
    Lambda *cur;          /* the lambda whose body is being copied (owner of new variables) */
    /* the speculation */
    PtrMap assume;        /* Var -> 1: taken as a flonum */
    PtrMap inits;         /* Var -> its let init (never-assigned let variables of the body) */
    PtrMap done;          /* loops versioned, and every copy: what is in them is left alone */
    bool fixnums;         /* this copy is a fixnum one (below) */
    Lambda *fix_target;   /* ... and its calls of this lambda become guarded calls of clone_var */
    PtrMap fix_known;     /* Var -> 1: a copy of a checked parameter (a fixnum in the copy) */
} Versioner;

static void *version_get(PtrMap *m, const void *k) {
    size_t *s = ptrmap_slot(m, k, false);
    return s && *s != PTRMAP_NONE ? (void *)(uintptr_t)*s : NULL;
}
static void version_put(PtrMap *m, const void *k, const void *v) { *ptrmap_slot(m, k, true) = (size_t)(uintptr_t)v; }

/* ---- the walk over a loop's code: its body and the bodies of the lambdas in it ------------- */
static size_t version_count(const Ast *a) {
    size_t n = 1;
    switch (a->kind) {
    case AST_CONST: case AST_REF: break;
    case AST_SET: n += version_count(a->value); break;
    case AST_IF: n += version_count(a->test) + version_count(a->then) + version_count(a->els); break;
    case AST_LAMBDA: n += version_count(a->lambda->body); break;
    case AST_SEQ: for (size_t i = 0; i < a->items.len; i++) n += version_count(a->items.items[i]); break;
    case AST_CALL: n += version_count(a->fn); /* fallthrough */
    case AST_PRIMCALL: for (size_t i = 0; i < a->args.len; i++) n += version_count(a->args.items[i]); break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) n += version_count(a->inits.items[i]);
        n += version_count(a->body);
        break;
    }
    return n;
}

/* Facts of a loop's code gathered in one walk: the variables it binds, those it uses as
 * operands of arithmetic (a primitive that requires a number there), the variables it refers
 * to, the init of each never-assigned let variable, the calls of the loop itself. */
typedef struct VersionFacts {
    PtrMap bound, numeric;
    VarVec refs;
    PtrMap seen_ref;
    VEC(Ast *) back;      /* calls of the loop (its back edges) */
    bool opaque;          /* something the copy cannot take (an %ffi-call, say) */
    bool closures;        /* a lambda that is not contified: a closure */
} VersionFacts;

static void version_facts(Versioner *vr, VersionFacts *f, Lambda *loop, Ast *a) {
    switch (a->kind) {
    case AST_CONST: break;
    case AST_REF:
        if (!version_get(&f->seen_ref, a->var)) {
            version_put(&f->seen_ref, a->var, a->var);
            vec_push(&f->refs, a->var);
        }
        break;
    case AST_SET: version_facts(vr, f, loop, a->value); break;
    case AST_IF:
        version_facts(vr, f, loop, a->test);
        version_facts(vr, f, loop, a->then);
        version_facts(vr, f, loop, a->els);
        break;
    case AST_LAMBDA: {
        Lambda *l = a->lambda;
        if (!l->contified) f->closures = true;
        if (l->rest) version_put(&f->bound, l->rest, l->rest);
        for (size_t i = 0; i < l->params.len; i++) version_put(&f->bound, l->params.items[i], l->params.items[i]);
        version_facts(vr, f, loop, l->body);
        break;
    }
    case AST_SEQ: for (size_t i = 0; i < a->items.len; i++) version_facts(vr, f, loop, a->items.items[i]); break;
    case AST_CALL:
        if (a->fn->kind == AST_REF && a->fn->var->known == loop) vec_push(&f->back, a);
        version_facts(vr, f, loop, a->fn);
        for (size_t i = 0; i < a->args.len; i++) version_facts(vr, f, loop, a->args.items[i]);
        break;
    case AST_PRIMCALL:
        if (a->ffi) f->opaque = true;
        for (size_t i = 0; i < a->args.len; i++) {
            Ast *x = a->args.items[i];
            Type need = prims_arg_type(a->prim, i);
            if (x->kind == AST_REF && need != TY_ANY && !(need & ~TY_NUM)) version_put(&f->numeric, x->var, x->var);
            version_facts(vr, f, loop, x);
        }
        break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            version_put(&f->bound, v, v);
            if (a->kind == AST_LET && v->nsets == 0) version_put(&vr->inits, v, a->inits.items[i]);
        }
        for (size_t i = 0; i < a->inits.len; i++) version_facts(vr, f, loop, a->inits.items[i]);
        version_facts(vr, f, loop, a->body);
        break;
    }
}

/* ---- speculation: a's type when the assumed variables are flonums ---------------------------- */
static Type version_spec(Versioner *vr, Ast *a, int depth) {
    if (depth > 32) return a->type;
    switch (a->kind) {
    case AST_REF: {
        if (version_get(&vr->assume, a->var)) return TY_FLO;
        Ast *init = version_get(&vr->inits, a->var);
        return init ? version_spec(vr, init, depth + 1) & a->type : a->type;
    }
    case AST_IF: return version_spec(vr, a->then, depth + 1) | version_spec(vr, a->els, depth + 1);
    case AST_SEQ: return version_spec(vr, a->items.items[a->items.len - 1], depth + 1);
    case AST_LET: case AST_LETREC: return version_spec(vr, a->body, depth + 1);
    case AST_PRIMCALL: {
        if (a->ffi || a->prim->rule == RULE_NONE) return a->type;
        size_t n = a->args.len;
        Type *types = xcalloc(n + 1, sizeof *types);
        for (size_t i = 0; i < n; i++) types[i] = version_spec(vr, a->args.items[i], depth + 1);
        Type t = infer_prim_type(a->prim, types, n) & a->type;
        free(types);
        return t;
    }
    default: return a->type;
    }
}

/* Whether v is worth a check for type t (TY_FLO, or TY_FIX for a fixnum copy): never assigned,
 * may be a t and may be something else, an operand of arithmetic. */
static bool version_candidate(const Var *v, const VersionFacts *f, Type t) {
    return !v->global && v->nsets == 0 && !v->boxed && (v->type & t) && v->type != t &&
           ptrmap_slot((PtrMap *)&f->numeric, v, false) != NULL &&
           *ptrmap_slot((PtrMap *)&f->numeric, v, false) != PTRMAP_NONE;
}

/* The type tests a fixnum copy of l takes away, less those it adds, over l's code: each
 * arithmetic operation or comparison with an operand in `checked` tests it once per evaluation
 * (an = with a constant compares words and tests nothing); each call of l in the copy tests
 * each argument for a checked parameter that it cannot prove a fixnum (version_fix_call). */
static bool version_fix_prim(const Prim *p) {
    switch (p->id) {
    case PRIM_add: case PRIM_sub: case PRIM_mul: case PRIM_num_eq: case PRIM_num_lt: case PRIM_num_gt:
    case PRIM_num_le: case PRIM_num_ge: case PRIM_quotient: case PRIM_remainder: case PRIM_modulo:
        return true;
    default:
        return false;
    }
}
static long version_fix_profit(const Versioner *vr, const Lambda *l, const Ast *a) {
    long n = 0;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return 0;
    case AST_SET: return version_fix_profit(vr, l, a->value);
    case AST_IF:
        return version_fix_profit(vr, l, a->test) + version_fix_profit(vr, l, a->then) + version_fix_profit(vr, l, a->els);
    case AST_LAMBDA: return version_fix_profit(vr, l, a->lambda->body);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) n += version_fix_profit(vr, l, a->items.items[i]);
        return n;
    case AST_CALL:
        n += version_fix_profit(vr, l, a->fn);
        for (size_t i = 0; i < a->args.len; i++) {
            const Ast *x = a->args.items[i];
            n += version_fix_profit(vr, l, x);
            if (a->fn->kind == AST_REF && a->fn->var->known == l && i < l->params.len &&
                version_get((PtrMap *)&vr->assume, l->params.items[i]) && x->type != TY_FIX &&
                !(x->kind == AST_REF && version_get((PtrMap *)&vr->assume, x->var)))
                n--;   /* a test of this argument */
        }
        return n;
    case AST_PRIMCALL: {
        bool operand = false, constant = false;
        for (size_t i = 0; i < a->args.len; i++) {
            const Ast *x = a->args.items[i];
            n += version_fix_profit(vr, l, x);
            operand |= x->kind == AST_REF && version_get((PtrMap *)&vr->assume, x->var);
            constant |= x->kind == AST_CONST;
        }
        if (operand && !a->ffi && version_fix_prim(a->prim) && !(a->prim->id == PRIM_num_eq && constant)) n++;
        return n;
    }
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) n += version_fix_profit(vr, l, a->inits.items[i]);
        return n + version_fix_profit(vr, l, a->body);
    }
    return n;
}

/* ---- the copy ---------------------------------------------------------------------------------- */
static Var *version_new_var(Versioner *vr, Var *v) {
    Var *c = xmalloc(sizeof *c);
    *c = *v;
    c->id = vr->prog->next_var_id++;
    c->owner = vr->cur;
    version_put(&vr->vmap, v, c);
    return c;
}
static Var *version_var(Versioner *vr, Var *v) {
    Var *c = version_get(&vr->vmap, v);
    return c ? c : v;
}

static Ast *version_copy(Versioner *vr, Ast *a);

static Ast *version_and(Ast *x, Ast *y, Loc loc) {
    return x ? ast_if(x, y, ast_bool(false, loc), loc) : y;
}

/* In a fixnum copy, a call of the procedure with arguments c->args (copied): the copy itself
 * when every argument for a checked parameter is a fixnum, the procedure otherwise:
 *   (let ((t1 a1) ...) (if (and (%fixnum? t1) ...) (copy t1 ...) (proc t1 ...)))
 * An argument that is a checked parameter of the copy (a fixnum there) is neither bound nor
 * checked. c's fn is the procedure's variable. */
static Ast *version_fix_call(Versioner *vr, Ast *c) {
    Loc loc = c->loc;
    Lambda *l = vr->fix_target;
    Ast *let = ast_new(AST_LET, loc), *test = NULL;
    Ast *fast = ast_new(AST_CALL, loc), *slow = ast_new(AST_CALL, loc);
    fast->fn = ast_ref(vr->clone_var, loc);
    slow->fn = c->fn;   /* (clone_var's references are counted where it is made) */
    for (size_t i = 0; i < c->args.len; i++) {
        Ast *x = c->args.items[i];
        bool check = i < l->params.len && version_get(&vr->assume, l->params.items[i]) && x->type != TY_FIX &&
                     !(x->kind == AST_REF && version_get(&vr->fix_known, x->var));
        if (!check && (x->kind == AST_REF || x->kind == AST_CONST)) {   /* used as it is, twice */
            vec_push(&fast->args, x);
            vec_push(&slow->args, x->kind == AST_REF ? ast_ref(x->var, x->loc) : ast_const(x->datum, x->loc));
            if (x->kind == AST_REF) x->var->nrefs++;
            continue;
        }
        Var *t = xcalloc(1, sizeof *t);
        t->name = i < l->params.len ? l->params.items[i]->name : NULL;
        t->loc = x->loc;
        t->id = vr->prog->next_var_id++;
        t->owner = vr->cur;
        t->nrefs = check ? 3 : 2;
        vec_push(&let->vars, t);
        vec_push(&let->inits, x);
        vec_push(&fast->args, ast_ref(t, loc));
        vec_push(&slow->args, ast_ref(t, loc));
        if (check) {
            Ast *p = ast_prim("%fixnum?", loc);
            vec_push(&p->args, ast_ref(t, loc));
            test = version_and(test, p, loc);
        }
    }
    Ast *body = test ? ast_if(test, fast, slow, loc) : fast;
    if (!let->vars.len) return body;
    let->body = body;
    return let;
}

static Lambda *version_new_lambda(Versioner *vr, Lambda *l, Lambda *parent) {
    Lambda *c = xmalloc(sizeof *c);
    *c = *l;
    c->id = (int)vr->prog->lambdas.len;
    c->parent = parent;
    vec_push(&vr->prog->lambdas, c);
    version_put(&vr->lmap, l, c);
    version_put(&vr->done, c, c);
    c->params = (VarVec){0};
    c->free = (VarVec){0};
    return c;
}

static Lambda *version_copy_lambda(Versioner *vr, Lambda *l) {
    Lambda *c = version_new_lambda(vr, l, vr->cur);
    Lambda *outer = vr->cur;
    vr->cur = c;
    for (size_t i = 0; i < l->params.len; i++) vec_push(&c->params, version_new_var(vr, l->params.items[i]));
    if (l->rest) c->rest = version_new_var(vr, l->rest);
    c->body = version_copy(vr, l->body);
    vr->cur = outer;
    for (size_t i = 0; i < l->free.len; i++) vec_push(&c->free, version_var(vr, l->free.items[i]));
    if (l->self) c->self = version_var(vr, l->self);
    return c;
}

static void version_copy_vec(Versioner *vr, AstVec *to, const AstVec *from) {
    *to = (AstVec){0};
    for (size_t i = 0; i < from->len; i++) vec_push(to, version_copy(vr, from->items[i]));
}

static Ast *version_copy(Versioner *vr, Ast *a) {
    Ast *c = ast_new(a->kind, a->loc);
    c->type = a->type;   /* the first inference's (version_fix_call reads it; inference runs again) */
    c->datum = a->datum;
    c->is_define = a->is_define;
    c->prim = a->prim;
    c->ffi = a->ffi;
    switch (a->kind) {
    case AST_CONST: break;
    case AST_REF: c->var = version_var(vr, a->var); break;
    case AST_SET: c->var = version_var(vr, a->var); c->value = version_copy(vr, a->value); break;
    case AST_IF:
        c->test = version_copy(vr, a->test);
        c->then = version_copy(vr, a->then);
        c->els = version_copy(vr, a->els);
        break;
    case AST_LAMBDA: c->lambda = version_copy_lambda(vr, a->lambda); break;
    case AST_SEQ: version_copy_vec(vr, &c->items, &a->items); break;
    case AST_CALL:
        version_copy_vec(vr, &c->args, &a->args);
        if (vr->fix_target && a->fn->kind == AST_REF && a->fn->var->known == vr->fix_target) {
            c->fn = version_copy(vr, a->fn);
            return version_fix_call(vr, c);
        }
        if (vr->target && a->fn->kind == AST_REF && a->fn->var->known == vr->target) {
            c->fn = ast_ref(vr->clone_var, a->fn->loc);
            for (size_t i = 0; i < vr->extra.len; i++)
                vec_push(&c->args, ast_ref(version_var(vr, vr->extra.items[i]), a->loc));
        } else {
            c->fn = version_copy(vr, a->fn);
        }
        break;
    case AST_PRIMCALL: version_copy_vec(vr, &c->args, &a->args); break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) vec_push(&c->vars, version_new_var(vr, a->vars.items[i]));
        version_copy_vec(vr, &c->inits, &a->inits);
        for (size_t i = 0; i < a->vars.len; i++) { /* a letrec's known lambdas are copies now */
            Var *v = c->vars.items[i];
            Lambda *k = v->known ? version_get(&vr->lmap, v->known) : NULL;
            if (k) v->known = k;
        }
        c->body = version_copy(vr, a->body);
        break;
    }
    return c;
}

/* ---- loops ------------------------------------------------------------------------------------- */
/* Whether a holds arithmetic where an operand known to be a flonum meets one that is a flonum
 * only under the assumption. */
static bool version_evidence(Versioner *vr, Ast *a) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: return false;
    case AST_SET: return version_evidence(vr, a->value);
    case AST_IF: return version_evidence(vr, a->test) || version_evidence(vr, a->then) || version_evidence(vr, a->els);
    case AST_LAMBDA: return version_evidence(vr, a->lambda->body);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (version_evidence(vr, a->items.items[i])) return true;
        return false;
    case AST_CALL: case AST_PRIMCALL: {
        if (a->kind == AST_CALL && version_evidence(vr, a->fn)) return true;
        bool known = false, made = false;
        for (size_t i = 0; i < a->args.len; i++) {
            Ast *x = a->args.items[i];
            if (version_evidence(vr, x)) return true;
            if (a->kind != AST_PRIMCALL || a->ffi) continue;
            Type need = prims_arg_type(a->prim, i);
            if (need == TY_ANY || (need & ~TY_NUM)) continue;
            if (x->type == TY_FLO) known = true;
            else if (version_spec(vr, x, 0) == TY_FLO) made = true;
        }
        return known && made;
    }
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (version_evidence(vr, a->inits.items[i])) return true;
        return version_evidence(vr, a->body);
    }
    return false;
}

/* The checked variables of loop l (params first, then free variables), or 0 when none. */
static size_t version_select(Versioner *vr, Lambda *l, VersionFacts *f, VarVec *out) {
    for (size_t i = 0; i < l->params.len; i++)
        if (version_candidate(l->params.items[i], f, TY_FLO)) vec_push(out, l->params.items[i]);
    size_t nparams = out->len;
    for (size_t i = 0; i < f->refs.len; i++) {
        Var *v = f->refs.items[i];
        if (version_get(&f->bound, v) || v->known) continue;
        bool param = false;
        for (size_t j = 0; j < l->params.len; j++) param |= l->params.items[j] == v;
        if (!param && version_candidate(v, f, TY_FLO)) vec_push(out, v);
    }
    /* drop loop variables that a back edge may make something else than a flonum */
    for (bool changed = true; changed;) {
        changed = false;
        ptrmap_free(&vr->assume);
        vr->assume = (PtrMap){0};
        for (size_t i = 0; i < out->len; i++) version_put(&vr->assume, out->items[i], out->items[i]);
        for (size_t i = 0; i < nparams && !changed; i++) {
            Var *p = out->items[i];
            size_t k = 0;
            while (l->params.items[k] != p) k++;
            for (size_t b = 0; b < f->back.len; b++) {
                Type t = version_spec(vr, f->back.items[b]->args.items[k], 0);
                if (t & ~TY_FLO) {
                    for (size_t j = i; j + 1 < out->len; j++) out->items[j] = out->items[j + 1];
                    out->len--;
                    nparams--;
                    changed = true;
                    break;
                }
            }
        }
    }
    /* worth it only with a sign that flonums come: a checked variable that may be a flonum and
     * not every other number, or arithmetic where a known flonum meets what the checked
     * variables make (sumfp's (< i 0.), mbrot's (> (+ zr^2 zi^2) 16.)); tak's x, y, z (unknown,
     * compared with fixnums) show none */
    bool evidence = false;
    for (size_t i = 0; i < out->len; i++) evidence |= (out->items[i]->type & TY_NUM) != TY_NUM;
    ptrmap_free(&vr->assume);
    vr->assume = (PtrMap){0};
    for (size_t i = 0; i < out->len; i++) version_put(&vr->assume, out->items[i], out->items[i]);
    if (!evidence && out->len) evidence = version_evidence(vr, l->body);
    if (!evidence) out->len = 0;
    return out->len;
}


/* Give l its typed copy (the file's comment). A loop's copy is contified in it; a procedure's
 * (proc: a top-level one without free variables, defined once by the form defs->items[at]) is
 * a new top-level procedure defined just before it. */
static bool version_lambda(Versioner *vr, Lambda *l, Ast *defs, size_t at) {
    bool proc = defs != NULL;
    if (l->rest || version_count(l->body) > VERSION_MAX_NODES) return false;
    VersionFacts f = {0};
    ptrmap_free(&vr->inits);
    vr->inits = (PtrMap){0};
    version_facts(vr, &f, l, l->body);
    VarVec checked = {0};
    bool ok;
    if (vr->fixnums) {   /* (fixnum copies, above): parameters only, l's own recursion checks */
        ptrmap_free(&vr->assume);
        vr->assume = (PtrMap){0};
        for (size_t i = 0; i < l->params.len; i++)
            if (version_candidate(l->params.items[i], &f, TY_FIX)) {
                vec_push(&checked, l->params.items[i]);
                version_put(&vr->assume, l->params.items[i], l->params.items[i]);
            }
        ok = !f.opaque && !f.closures && checked.len > 0 && version_count(l->body) <= VERSION_FIX_MAX_NODES &&
             version_fix_profit(vr, l, l->body) > 0;
    } else {
        ok = !f.opaque && version_select(vr, l, &f, &checked) > 0;
    }
    ptrmap_free(&vr->vmap);
    ptrmap_free(&vr->lmap);
    vr->vmap = vr->lmap = (PtrMap){0};
    vr->extra = (VarVec){0};
    for (size_t i = 0; ok && i < checked.len; i++) {
        bool param = false;
        for (size_t j = 0; j < l->params.len; j++) param |= l->params.items[j] == checked.items[i];
        if (!param) vec_push(&vr->extra, checked.items[i]);
    }
    /* a procedure only when it calls itself (fibfp): its copy's recursion then stays typed; a
     * copy of one that does not would add a call to each of its calls for one pass through its
     * body (ray's minroot) */
    if (proc && (vr->extra.len || f.back.len == 0)) ok = false;
    if (ok) {
        Loc loc = l->body->loc;
        /* the copy: its parameters l's and the checked free variables */
        Var *cv = xcalloc(1, sizeof *cv);
        cv->name = l->self->name;
        cv->loc = l->loc;
        cv->id = vr->prog->next_var_id++;
        cv->owner = proc ? NULL : l;
        Lambda *c = version_new_lambda(vr, l, proc ? l->parent : l);
        cv->known = c;
        c->self = cv;
        c->contified = !proc;
        vr->target = vr->fixnums ? NULL : l;   /* a fixnum copy's calls of l: version_fix_call */
        vr->fix_target = vr->fixnums ? l : NULL;
        vr->clone_var = cv;
        vr->cur = c;
        ptrmap_free(&vr->assume);
        ptrmap_free(&vr->fix_known);
        vr->assume = vr->fix_known = (PtrMap){0};
        for (size_t i = 0; i < checked.len; i++) version_put(&vr->assume, checked.items[i], checked.items[i]);
        for (size_t i = 0; i < l->params.len; i++) {
            Var *p = version_new_var(vr, l->params.items[i]);
            vec_push(&c->params, p);
            if (vr->fixnums && version_get(&vr->assume, l->params.items[i])) version_put(&vr->fix_known, p, p);
        }
        for (size_t i = 0; i < vr->extra.len; i++) {
            Var *p = version_new_var(vr, vr->extra.items[i]);
            p->captured = vr->extra.items[i]->captured;
            vec_push(&c->params, p);
        }
        c->body = version_copy(vr, l->body);
        vr->fix_target = NULL;
        for (size_t i = 0; i < l->free.len; i++) {
            Var *v = l->free.items[i];
            bool extra = false;
            for (size_t j = 0; j < vr->extra.len; j++) extra |= vr->extra.items[j] == v;
            if (!extra) vec_push(&c->free, version_var(vr, v));
        }
        vr->cur = l;
        /* the entry: the check, then the copy with l's variables, else the original body */
        Ast *test = NULL;
        for (size_t i = checked.len; i-- > 0;) {
            Ast *t = ast_prim(vr->fixnums ? "%fixnum?" : "%flonum?", loc);
            vec_push(&t->args, ast_ref(checked.items[i], loc));
            test = test ? version_and(t, test, loc) : t;
        }
        Ast *call = ast_new(AST_CALL, loc);
        call->fn = ast_ref(cv, loc);
        for (size_t i = 0; i < l->params.len; i++) vec_push(&call->args, ast_ref(l->params.items[i], loc));
        for (size_t i = 0; i < vr->extra.len; i++) vec_push(&call->args, ast_ref(vr->extra.items[i], loc));
        cv->nrefs = 1 + (int)f.back.len;
        Ast *lam = ast_new(AST_LAMBDA, loc);
        lam->lambda = c;
        if (proc) {
            cv->global = cv->defined = true;
            cv->ndefs = 1;
            vec_push(&vr->prog->globals, cv);
            Ast *def = ast_new(AST_SET, l->loc);
            def->var = cv;
            def->is_define = true;
            def->value = lam;
            vec_push(&defs->items, NULL);
            for (size_t i = defs->items.len - 1; i > at; i--) defs->items.items[i] = defs->items.items[i - 1];
            defs->items.items[at] = def;
            l->body = ast_if(test, call, l->body, loc);
        } else {
            Ast *lr = ast_new(AST_LETREC, loc);
            vec_push(&lr->vars, cv);
            vec_push(&lr->inits, lam);
            lr->body = ast_if(test, call, l->body, loc);
            l->body = lr;
        }
    }
    vec_free(&checked);
    vec_free(&f.refs);
    vec_free(&f.back);
    ptrmap_free(&f.bound);
    ptrmap_free(&f.numeric);
    ptrmap_free(&f.seen_ref);
    return ok;
}

bool version_program(Program *prog, bool fixnums) {
    Versioner vr = {.prog = prog};
    bool any = false;
    /* procedures defined once at top level, without free variables, not seen by other units */
    AstVec *forms = &prog->body->items;
    for (size_t i = 0; i < forms->len; i++) {
        Ast *d = forms->items[i];
        if (d->kind != AST_SET || !d->is_define || d->value->kind != AST_LAMBDA) continue;
        Lambda *l = d->value->lambda;
        Var *v = d->var;
        if (l->self != v || v->known != l || v->nsets || v->ndefs != 1 || v->cname || l->free.len) continue;
        vr.fixnums = false;
        bool copied = version_lambda(&vr, l, prog->body, i);
        if (!copied && fixnums) {
            vr.fixnums = true;
            copied = version_lambda(&vr, l, prog->body, i);
            vr.fixnums = false;
        }
        if (copied) {
            any = true;
            i++;   /* past the copy's definition, now at i; l's own loops may be versioned */
        }
    }
    size_t n = prog->lambdas.len;
    for (size_t i = 0; i < n; i++) {
        Lambda *l = prog->lambdas.items[i];
        bool inside = version_get(&vr.done, l) != NULL;
        for (Lambda *p = l->parent; p && !inside; p = p->parent) inside = version_get(&vr.done, p) != NULL;
        if (inside || !l->contified || !l->self) continue;
        if (version_lambda(&vr, l, NULL, 0)) {
            any = true;
            version_put(&vr.done, l, l);
        }
    }
    ptrmap_free(&vr.done);
    ptrmap_free(&vr.vmap);
    ptrmap_free(&vr.lmap);
    ptrmap_free(&vr.assume);
    ptrmap_free(&vr.inits);
    ptrmap_free(&vr.fix_known);
    return any;
}
