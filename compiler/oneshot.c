/* oneshot.c: one-shot closures. Finds the lambdas whose closures are called at most once and
 * referred to by nothing once called, such as the continuations of continuation-passing style
 * (cpstak's), so that each call can give its closure back to the region it was made in
 * (emit.c: rt_region_pop at the body's entry, after the free variables are read). A closure
 * given back is reused at once by the next allocation: CPS continuations, which are called in
 * the reverse order of their making, live in a region as frames live on a stack.
 *
 * Entry point: oneshot_program. Requires analyze and infer. Guarantees Lambda.one_shot and
 * Var.linear as defined in regalc.h; --dump=oneshot prints them.
 *
 * The rule (linearity, over the AST and infer.c's call targets). A variable is LINEAR when it
 * is a local never assigned nor boxed, and in its scope (a lambda's body for a parameter, a
 * let's body for a let variable) at most one of its references is evaluated on any path, each
 * of them either
 *   - the operator of a call (the closure is called: consumed),
 *   - an argument of a call every target of which is a lambda of the program taking it as a
 *     linear parameter (handed on),
 *   - inside a lambda that is itself one-shot and evaluates it at most once (captured: the
 *     capture counts as the one use, the lambda's body is a scope of its own), never inside a
 *     contified loop (its body may run many times).
 * Any other reference (returned, stored, given to a primitive, bound again by let, compared)
 * is a use the rule cannot follow. A lambda is ONE-SHOT when it makes a closure (it has free
 * variables, no rest parameter, no flonum entry) and its lambda expression is an argument of
 * a call at a linear parameter of every target, or the init of a linear let variable. The two
 * definitions refer to each other (tak's k is linear because the closures it is captured by
 * are one-shot, which they are because they are passed to tak's k): the greatest solution is
 * taken, starting from "everything" and removing what breaks the rule until nothing changes.
 * Soundness: a one-shot closure is held by one linear variable at a time (handing on moves it,
 * capture moves it into another one-shot closure), and that variable's one use calls it, hands
 * it on, or is never evaluated: after the call nothing refers to it.
 * Not done at all (every lambda keeps its closure) when a continuation may be re-entered
 * (Program.reentrant: a re-entered frame may call the same closure again), when the program
 * may run eval or load (their code can capture such continuations), in a separately compiled
 * unit and in a program that calls one (their code is not seen), or with -fno-one-shot.
 */
#include "regalc.h"



typedef struct Os {
    Program *prog;
    bool changed;
} Os;

static int os_uses(Os *os, Ast *a, const Var *v, bool *bad);

/* Whether a mentions v (a reference or an assignment), nested lambdas included. */
static bool os_mentions(const Ast *a, const Var *v) {
    if (!a) return false;
    switch (a->kind) {
    case AST_CONST: return false;
    case AST_REF: return a->var == v;
    case AST_SET: return a->var == v || os_mentions(a->value, v);
    case AST_IF: return os_mentions(a->test, v) || os_mentions(a->then, v) || os_mentions(a->els, v);
    case AST_LAMBDA: return os_mentions(a->lambda->body, v);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (os_mentions(a->items.items[i], v)) return true;
        return false;
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL && os_mentions(a->fn, v)) return true;
        for (size_t i = 0; i < a->args.len; i++)
            if (os_mentions(a->args.items[i], v)) return true;
        return false;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (os_mentions(a->inits.items[i], v)) return true;
        return os_mentions(a->body, v);
    }
    return false;
}

/* Whether argument i of call is handed on: every target is a lambda of the program that
 * takes it as a linear parameter. */
#define OS_MAX_TARGETS 8
static bool os_arg_linear(Os *os, const Ast *call, size_t i) {
    CallTarget ts[OS_MAX_TARGETS];
    int nt = infer_call_targets(os->prog, call, ts, OS_MAX_TARGETS);
    if (nt <= 0 || nt > OS_MAX_TARGETS) return false;
    for (int k = 0; k < nt; k++) {
        const Lambda *l = ts[k].lambda;
        if (!l || l->rest || l->params.len != call->args.len || !l->params.items[i]->linear) return false;
    }
    return true;
}

/* The most references of v one evaluation of a evaluates (2 standing for "more than one");
 * *bad when one of them is not in a position the rule follows. */
static int os_uses(Os *os, Ast *a, const Var *v, bool *bad) {
    int n = 0;
    switch (a->kind) {
    case AST_CONST: return 0;
    case AST_REF:
        if (a->var != v) return 0;
        *bad = true;   /* its value delivered somewhere the rule does not follow */
        return 1;
    case AST_SET:
        if (a->var == v) *bad = true;
        return os_uses(os, a->value, v, bad);
    case AST_IF: {
        int t = os_uses(os, a->test, v, bad), x = os_uses(os, a->then, v, bad), y = os_uses(os, a->els, v, bad);
        n = t + (x > y ? x : y);
        break;
    }
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) n += os_uses(os, a->items.items[i], v, bad);
        break;
    case AST_LAMBDA: {
        Lambda *m = a->lambda;
        if (!os_mentions(m->body, v)) return 0;
        if (m->contified || !m->one_shot || os_uses(os, m->body, v, bad) > 1) *bad = true;
        return 1;   /* the capture */
    }
    case AST_CALL:
        if (a->fn->kind == AST_REF && a->fn->var == v) n = 1;   /* called */
        else n = os_uses(os, a->fn, v, bad);
        for (size_t i = 0; i < a->args.len; i++) {
            Ast *x = a->args.items[i];
            if (x->kind == AST_REF && x->var == v) {
                n++;
                if (!os_arg_linear(os, a, i)) *bad = true;
            } else {
                n += os_uses(os, x, v, bad);
            }
        }
        break;
    case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) n += os_uses(os, a->args.items[i], v, bad);
        break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) n += os_uses(os, a->inits.items[i], v, bad);
        n += os_uses(os, a->body, v, bad);
        break;
    }
    return n > 2 ? 2 : n;
}

/* Whether v, whose scope is body, is (still) linear. */
static bool os_var_ok(Os *os, const Var *v, Ast *body) {
    if (v->global || v->nsets > 0 || v->boxed) return false;
    bool bad = false;
    return os_uses(os, body, v, &bad) <= 1 && !bad;
}

static void os_drop_var(Os *os, Var *v, Ast *body) {
    if (v->linear && !os_var_ok(os, v, body)) v->linear = false, os->changed = true;
}

/* One round over a: variables and lambdas that break the rule lose their mark. The position
 * of each lambda expression (an argument of `call` at index `arg`, or the init of let variable
 * `let`) decides whether it stays one-shot. */
static void os_round(Os *os, Ast *a, const Ast *call, size_t arg, Var *let) {
    if (!a) return;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: os_round(os, a->value, NULL, 0, NULL); return;
    case AST_IF:
        os_round(os, a->test, NULL, 0, NULL);
        os_round(os, a->then, NULL, 0, NULL);
        os_round(os, a->els, NULL, 0, NULL);
        return;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) os_round(os, a->items.items[i], NULL, 0, NULL);
        return;
    case AST_LAMBDA: {
        Lambda *l = a->lambda;
        if (l->one_shot && !(call ? os_arg_linear(os, call, arg) : let && let->linear))
            l->one_shot = false, os->changed = true;
        for (size_t i = 0; i < l->params.len; i++) os_drop_var(os, l->params.items[i], l->body);
        os_round(os, l->body, NULL, 0, NULL);
        return;
    }
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL) os_round(os, a->fn, NULL, 0, NULL);
        for (size_t i = 0; i < a->args.len; i++)
            os_round(os, a->args.items[i], a->kind == AST_CALL ? a : NULL, i, NULL);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            if (a->kind == AST_LET) os_drop_var(os, v, a->body);
            else if (v->linear) v->linear = false, os->changed = true;
            os_round(os, a->inits.items[i], NULL, 0, a->kind == AST_LET ? v : NULL);
        }
        os_round(os, a->body, NULL, 0, NULL);
        return;
    }
}

/* Whether the program calls code oneshot.c cannot see: eval's, or another unit's. */
static bool os_unseen(const Program *prog) {
    if (prog->uses_eval) return true;
    for (size_t i = 0; i < prog->globals.len; i++)
        if (prog->globals.items[i]->ext) return true;
    return false;
}

static void os_mark_vars(Ast *a, bool on);

void oneshot_program(Program *prog, const OneshotOptions *opt) {
    bool on = !opt->off && !opt->separate && !prog->reentrant && !os_unseen(prog);
    for (size_t i = 0; i < prog->lambdas.len; i++) {   /* what the body does not reach: none */
        Lambda *l = prog->lambdas.items[i];
        l->one_shot = false;
        for (size_t k = 0; k < l->params.len; k++) l->params.items[k]->linear = false;
        if (l->rest) l->rest->linear = false;
    }
    os_mark_vars(prog->body, on);
    if (!on) return;
    Os os = {.prog = prog};
    do {
        os.changed = false;
        os_round(&os, prog->body, NULL, 0, NULL);
    } while (os.changed);
}

/* The starting point (when the pass is on): the lambdas a reaches that make a closure (free
 * variables, no rest parameter, no flonum entry, not contified) one-shot, their parameters and
 * let variables linear; letrec variables never. */
static void os_mark_vars(Ast *a, bool on) {
    if (!a) return;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: os_mark_vars(a->value, on); return;
    case AST_IF: os_mark_vars(a->test, on); os_mark_vars(a->then, on); os_mark_vars(a->els, on); return;
    case AST_LAMBDA: {
        Lambda *l = a->lambda;
        l->one_shot = on && !l->contified && l->free.len > 0 && !l->rest && !l->flo_entry;
        for (size_t k = 0; k < l->params.len; k++) l->params.items[k]->linear = on;
        os_mark_vars(l->body, on);
        return;
    }
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) os_mark_vars(a->items.items[i], on);
        return;
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL) os_mark_vars(a->fn, on);
        for (size_t i = 0; i < a->args.len; i++) os_mark_vars(a->args.items[i], on);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) a->vars.items[i]->linear = on && a->kind == AST_LET;
        for (size_t i = 0; i < a->inits.len; i++) os_mark_vars(a->inits.items[i], on);
        os_mark_vars(a->body, on);
        return;
    }
}

/* --dump=oneshot: {one-shot} at each one-shot lambda, {linear} at each linear variable. */
static void os_dump_node(void *ctx, const Ast *a, Buf *out) {
    (void)ctx;
    if (a->kind == AST_LAMBDA && a->lambda->one_shot) buf_puts(out, "one-shot");
}
static void os_dump_binding(void *ctx, const Var *v, Buf *out) {
    (void)ctx;
    if (v->linear) buf_puts(out, "linear");
}
void oneshot_dump(Program *prog, Buf *out) {
    DumpHooks h = {.node = os_dump_node, .binding = os_dump_binding};
    dump_program(prog, out, &h);
}
