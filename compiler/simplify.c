/* simplify.c: local rewrites of the core AST that leave fewer procedures to compile, before
 * any analysis.
 *
 * Entry point: simplify_program. Requires: an expanded Program (calls of primitives are still
 * AST_CALLs of their global variables). Guarantees: no lambda the rules below consumed is left
 * in Program.lambdas, whose ids are again 0..n-1 in order; the variables and lambdas of a
 * consumed lambda's body belong to the lambda it was inlined into (Var.owner, Lambda.parent).
 *
 * The rules (each keeps the order of evaluation and every error):
 *   ((lambda (x ...) body) e ...)  with as many arguments as parameters and no rest parameter:
 *       (let ((x e) ...) body), the same variables;
 *   (call-with-values (lambda () p) (lambda (x ...) body)), call-with-values the primitive:
 *       when p ends in (values e ...) with as many values as parameters (through begin and
 *       let), that call becomes (let ((x e) ...) body) in place;
 *       otherwise, with at least one parameter, (let ((t p)) (let ((x (%values-ref t i n)) ...)
 *       body)): %values-ref checks that t holds n values (runtime/control.c).
 *   (p ... (symbol->string e) ...), p a primitive that only reads its arguments (pure, and
 *       EF_NONE: its result holds none of them): (p ... (%symbol-name e) ...), the symbol's own
 *       name instead of a copy (runtime/list.c), which p cannot mutate or keep; browse's
 *       (string-ref (symbol->string x) 0) allocated a string and a region for it at every call.
 * So let-values, let*-values, receive and define-values over literal lambdas, which derive.c
 * writes as call-with-values, make no closure and, for (values ...), no object at all: the
 * primitive took two closures, a call through each and, for more than one value, a values
 * object in the collected heap (the ecraven programs' `hide` at every iteration: 720 MB in
 * deriv). -fno-simplify turns the pass off.
 */
#include "regalc.h"

#include <stdlib.h>

#include "regal.h" /* RT_PF_PURE */

typedef struct Simplifier {
    Program *prog;
    bool *dead;           /* by lambda id: consumed (inlined into its parent) */
} Simplifier;

/* The primitive a call calls, when its operator is a primitive the program does not redefine
 * (as analyze.c's first step decides), or NULL. */
static const Prim *simplify_prim_of(const Ast *a) {
    if (a->kind == AST_PRIMCALL) return a->prim;
    if (a->kind != AST_CALL || a->fn->kind != AST_REF) return NULL;
    const Var *v = a->fn->var;
    return v->global && !v->defined && !v->ext && v->prim ? v->prim : NULL;
}

/* Gives the variables and lambdas of l's body (not those of lambdas nested in it) to `to` (the
 * lambda l is inlined into; NULL: the top level). */
static void simplify_rehome(Ast *a, const Lambda *l, Lambda *to) {
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: simplify_rehome(a->value, l, to); return;
    case AST_IF:
        simplify_rehome(a->test, l, to);
        simplify_rehome(a->then, l, to);
        simplify_rehome(a->els, l, to);
        return;
    case AST_LAMBDA:
        if (a->lambda->parent == l) a->lambda->parent = to;
        return;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) simplify_rehome(a->items.items[i], l, to);
        return;
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL) simplify_rehome(a->fn, l, to);
        for (size_t i = 0; i < a->args.len; i++) simplify_rehome(a->args.items[i], l, to);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++)
            if (a->vars.items[i]->owner == l) a->vars.items[i]->owner = to;
        for (size_t i = 0; i < a->inits.len; i++) simplify_rehome(a->inits.items[i], l, to);
        simplify_rehome(a->body, l, to);
        return;
    }
}

/* Consumes l: its body and parameters now belong to `to`. */
static Ast *simplify_consume(Simplifier *s, Lambda *l, Lambda *to) {
    for (size_t i = 0; i < l->params.len; i++) l->params.items[i]->owner = to;
    simplify_rehome(l->body, l, to);
    s->dead[l->id] = true;
    return l->body;
}

/* (let ((x e) ...) body) over l's parameters, l consumed. */
static Ast *simplify_let(Simplifier *s, Lambda *l, AstVec *inits, Lambda *to, Loc loc) {
    Ast *let = ast_new(AST_LET, loc);
    for (size_t i = 0; i < l->params.len; i++) {
        vec_push(&let->vars, l->params.items[i]);
        vec_push(&let->inits, inits->items[i]);
    }
    let->body = simplify_consume(s, l, to);
    return let;
}

/* The (values e ...) call p ends in (through begin and let), or NULL. */
static Ast **simplify_values_tail(Ast **p) {
    Ast *a = *p;
    if (a->kind == AST_SEQ) return simplify_values_tail(&a->items.items[a->items.len - 1]);
    if (a->kind == AST_LET || a->kind == AST_LETREC) return simplify_values_tail(&a->body);
    const Prim *pr = simplify_prim_of(a);
    return pr && pr->id == PRIM_values ? p : NULL;
}

static bool simplify_is_lambda(const Ast *a, size_t nparams, bool any_count) {
    return a->kind == AST_LAMBDA && !a->lambda->rest &&
           (any_count || a->lambda->params.len == nparams);
}

/* a's replacement once its subexpressions are simplified; cur: the lambda a is in. */
static Ast *simplify_node(Simplifier *s, Ast *a, Lambda *cur) {
    if (a->kind == AST_CALL && simplify_is_lambda(a->fn, a->args.len, false))
        return simplify_let(s, a->fn->lambda, &a->args, cur, a->loc);
    const Prim *pr = simplify_prim_of(a);
    if (pr && (pr->flags & RT_PF_PURE) && pr->effect == EF_NONE && !prims_higher_order(pr, a->args.len))
        for (size_t i = 0; i < a->args.len; i++) {
            Ast *x = a->args.items[i];
            const Prim *xp = simplify_prim_of(x);
            if (!xp || xp->id != PRIM_symbol_to_string || x->args.len != 1) continue;
            Ast *name = ast_prim("%symbol-name", x->loc);
            vec_push(&name->args, x->args.items[0]);
            a->args.items[i] = name;
        }
    if (!pr || pr->id != PRIM_call_with_values || a->args.len != 2 ||
        !simplify_is_lambda(a->args.items[0], 0, false) || !simplify_is_lambda(a->args.items[1], 0, true))
        return a;
    Lambda *producer = a->args.items[0]->lambda, *consumer = a->args.items[1]->lambda;
    size_t n = consumer->params.len;
    Ast **tail = simplify_values_tail(&producer->body);
    if (tail && (*tail)->args.len == n) {
        *tail = simplify_let(s, consumer, &(*tail)->args, cur, (*tail)->loc);
        return simplify_consume(s, producer, cur);
    }
    if (n == 0) return a;   /* no value to take: the primitive checks that there is none */
    Var *t = xcalloc(1, sizeof *t);
    t->name = sym_cstr("values");
    t->loc = a->loc;
    t->id = s->prog->next_var_id++;
    t->owner = cur;
    AstVec refs = {0};
    for (size_t i = 0; i < n; i++) {
        Ast *ref = ast_prim("%values-ref", a->loc);
        vec_push(&ref->args, ast_ref(t, a->loc));
        Datum *k = datum_new(DATUM_FIXNUM, a->loc), *count = datum_new(DATUM_FIXNUM, a->loc);
        k->fix = (int64_t)i;
        count->fix = (int64_t)n;
        vec_push(&ref->args, ast_const(k, a->loc));
        vec_push(&ref->args, ast_const(count, a->loc));
        vec_push(&refs, ref);
    }
    Ast *outer = ast_new(AST_LET, a->loc);
    vec_push(&outer->vars, t);
    vec_push(&outer->inits, simplify_consume(s, producer, cur));
    outer->body = simplify_let(s, consumer, &refs, cur, a->loc);
    return outer;
}

/* Simplifies the tree at *p, innermost first, so that a rule sees simplified operands. */
static void simplify_walk(Simplifier *s, Ast **p, Lambda *cur) {
    Ast *a = *p;
    switch (a->kind) {
    case AST_CONST: case AST_REF: break;
    case AST_SET: simplify_walk(s, &a->value, cur); break;
    case AST_IF:
        simplify_walk(s, &a->test, cur);
        simplify_walk(s, &a->then, cur);
        simplify_walk(s, &a->els, cur);
        break;
    case AST_LAMBDA: simplify_walk(s, &a->lambda->body, a->lambda); break;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) simplify_walk(s, &a->items.items[i], cur);
        break;
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL) simplify_walk(s, &a->fn, cur);
        for (size_t i = 0; i < a->args.len; i++) simplify_walk(s, &a->args.items[i], cur);
        break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) simplify_walk(s, &a->inits.items[i], cur);
        simplify_walk(s, &a->body, cur);
        break;
    }
    *p = simplify_node(s, a, cur);
}

void simplify_program(Program *prog) {
    Simplifier s = {.prog = prog, .dead = xcalloc(prog->lambdas.len + 1, sizeof *s.dead)};
    simplify_walk(&s, &prog->body, NULL);
    size_t n = 0;
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (s.dead[l->id]) continue;
        prog->lambdas.items[n] = l;
        l->id = (int)n++;
    }
    prog->lambdas.len = n;
    free(s.dead);
}
