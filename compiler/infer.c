/* infer.c: whole-program, flow-based type inference over the analyzed AST.
 *
 * Entry point: infer_program. Requires: analyze_program has run (Var.known, nsets, captured).
 * Guarantees: infer_type(a) is a superset of the types the value of node a can have at run
 * time (the empty set for nodes that never deliver a value, such as calls of `error`), and
 * infer_var_type(v) the same for every value variable v can hold.
 * A monotone fixpoint over bitsets: constants, a result-type table for the primitives, known
 * procedures (parameters: the union over all call sites when the procedure never escapes as a
 * value; results: the type of the body), variables (the union of every value bound or
 * assigned), type predicates that narrow never-assigned variables in the branches of `if`
 * (and of `and`, which expands to `if`), and everything else unknown.
 */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

/* ---- a map from pointers to types ------------------------------------------------------------ */
/* ---- state ----------------------------------------------------------------------------------- */
/* The results live in the program (Ast.type, Var.type, Lambda.ret_type, Lambda.escapes), joined
 * from 0 up to a fixpoint; the inferrer itself only tracks whether a round changed anything. */
typedef struct Inferrer {
    Program *prog;
    bool changed;
} Inferrer;

/* Narrowed types of never-assigned variables, innermost first. up and down are the largest
 * c for which v + c and v - c are known to stay fixnums when v is one (from comparisons in
 * enclosing tests: in (if (< i n) ...) with n a fixnum, i + 1 is a fixnum). */
typedef struct Env {
    Var *var;
    Type type;
    int64_t up, down;
    struct Env *next;
} Env;
#define INFER_SLACK_MAX ((int64_t)1 << 40)
#define INFER_FIX_MAX (((int64_t)1 << 60) - 1)
#define INFER_FIX_MIN (-((int64_t)1 << 60))

static void infer_join(Inferrer *in, Type *slot, Type t) {
    if ((*slot | t) != *slot) {
        *slot |= t;
        in->changed = true;
    }
}

Type infer_type(const Ast *a) { return a->type; }

Type infer_var_type(const Var *v) {
    if (v->global && !v->defined) return TY_PROC;
    return v->type;
}

bool infer_var_unboxed(const Var *v) {
    if (v->global || v->nsets || v->captured || v->boxed) return false;
    if (infer_var_type(v) != TY_FLO) return false;
    Lambda *o = v->owner;
    if (o && !o->contified)
        for (size_t i = 0; i < o->params.len; i++)
            if (o->params.items[i] == v) return false;
    if (o && o->rest == v) return false;
    return true;
}

Type infer_return_type(const Lambda *l) {
    return l->ret_type;
}

static bool infer_narrowable(const Var *v) {
    return v->nsets == 0 && (!v->global || v->ndefs <= 1);
}

static Type infer_lookup(Inferrer *in, Env *env, Var *v) {
    for (Env *e = env; e; e = e->next)
        if (e->var == v) return e->type;
    if (v->global && !v->defined) return TY_PROC;
    return v->type;
}

static Env *infer_find(Env *env, Var *v) {
    for (Env *e = env; e; e = e->next)
        if (e->var == v) return e;
    return NULL;
}

static Env *infer_narrow(Inferrer *in, Env *env, Var *v, Type t) {
    if (!infer_narrowable(v)) return env;
    Env *old = infer_find(env, v);
    Env *e = xmalloc(sizeof *e);
    e->var = v;
    e->type = infer_lookup(in, env, v) & t;
    e->up = old ? old->up : 0;
    e->down = old ? old->down : 0;
    e->next = env;
    return e;
}

static int64_t infer_clamp(int64_t x) { return x < 0 ? 0 : x > INFER_SLACK_MAX ? INFER_SLACK_MAX : x; }

/* Record that v + up and v - down stay fixnums (when v is a fixnum). */
static Env *infer_bound(Inferrer *in, Env *env, Var *v, int64_t up, int64_t down) {
    if (!infer_narrowable(v) || (!up && !down)) return env;
    Env *e = infer_narrow(in, env, v, TY_ANY);
    if (up > e->up) e->up = up;
    if (down > e->down) e->down = down;
    return e;
}

enum { REL_LT, REL_LE, REL_GT, REL_GE };
/* x REL other holds: the slack it gives x. other is a fixnum constant, or of type t. */
static Env *infer_relate(Inferrer *in, Env *env, Ast *x, int rel, Ast *other) {
    if (x->kind != AST_REF) return env;
    bool k = other->kind == AST_CONST && other->datum->kind == DATUM_FIXNUM;
    int64_t c = k ? other->datum->fix : 0;
    bool fix = other->type && !(other->type & ~TY_FIX);
    switch (rel) {
    case REL_LT: return infer_bound(in, env, x->var, k ? infer_clamp(INFER_FIX_MAX - c + 1) : fix, 0);
    case REL_LE: return infer_bound(in, env, x->var, k ? infer_clamp(INFER_FIX_MAX - c) : 0, 0);
    case REL_GT: return infer_bound(in, env, x->var, 0, k ? infer_clamp(c - INFER_FIX_MIN + 1) : fix);
    default: return infer_bound(in, env, x->var, 0, k ? infer_clamp(c - INFER_FIX_MIN) : 0);
    }
}

/* The facts of (x op y) in the true branch (negate: the false branch). */
static Env *infer_compare(Inferrer *in, Env *env, PrimId op, Ast *x, Ast *y, bool negate) {
    int rel;
    switch (op) {
    case PRIM_num_lt: rel = REL_LT; break;
    case PRIM_num_le: rel = REL_LE; break;
    case PRIM_num_gt: rel = REL_GT; break;
    case PRIM_num_ge: rel = REL_GE; break;
    default: return env;
    }
    if (negate) rel = rel == REL_LT ? REL_GE : rel == REL_LE ? REL_GT : rel == REL_GT ? REL_LE : REL_LT;
    static const int flip[] = {REL_GT, REL_GE, REL_LT, REL_LE};
    env = infer_relate(in, env, x, rel, y);
    return infer_relate(in, env, y, flip[rel], x);
}

/* ---- primitives ------------------------------------------------------------------------------ */
static Type infer_arith(Type *args, size_t n, bool division) {
    bool all_int = true, all_num = true, any_flo = false, all_flo = true;
    for (size_t i = 0; i < n; i++) {
        if (args[i] & ~TY_INT) all_int = false;
        if (args[i] & ~TY_NUM) all_num = false;
        if (args[i] && !(args[i] & ~TY_FLO)) any_flo = true;
        if (args[i] & ~TY_FLO) all_flo = false;
    }
    if (division) return all_flo ? TY_FLO : TY_NUM;
    if (all_num && any_flo) return TY_FLO;
    if (all_int) return TY_INT;
    return TY_NUM;
}

static bool infer_all(Type *args, size_t n, Type t) {
    for (size_t i = 0; i < n; i++)
        if (args[i] & ~t) return false;
    return true;
}

/* The type of a primitive's result from the types of its arguments (prims.def's result
 * column; a call whose argument cannot have the type the primitive requires never returns). */
static Type infer_prim(const Prim *p, Type *args, size_t n) {
    for (size_t i = 0; i < n; i++) /* an argument never delivered: the call never happens */
        if (!args[i] || !(args[i] & prims_arg_type(p, i))) return 0;
    switch (p->rule) {
    case RULE_NONE: return p->result;
    case RULE_ARITH: return n == 0 ? TY_FIX : infer_arith(args, n, false);
    case RULE_DIV: return infer_arith(args, n, true);
    case RULE_QUO: /* the quotient of fixnums may overflow (most negative / -1) */
    case RULE_REM: {
        /* a remainder is smaller than its divisor: exact by a fixnum is a fixnum */
        if (p->rule == RULE_REM && n == 2 && !(args[0] & ~TY_INT) && !(args[1] & ~TY_FIX)) return TY_FIX;
        return infer_arith(args, n, false);
    }
    case RULE_MINMAX: return infer_all(args, n, TY_FIX) ? TY_FIX : infer_arith(args, n, false);
    case RULE_ROUND:
    case RULE_ROUNDI:
        if (n != 1) return TY_NUM;
        if (!(args[0] & ~TY_FLO)) return TY_FLO;
        if (p->rule == RULE_ROUNDI && !(args[0] & ~TY_FIX)) return TY_FIX;
        if (!(args[0] & ~TY_INT)) return TY_INT;
        return TY_NUM;
    case RULE_TRANSC: return infer_all(args, n, TY_FLO) ? TY_FLO : TY_NUM;
    case RULE_LIST: return n ? TY_PAIR : TY_NULL;
    case RULE_APPEND: return n == 0 ? TY_NULL : (args[n - 1] & ~TY_LIST) ? TY_ANY : TY_LIST;
    }
    diag_internal("infer_prim: rule %d", p->rule);
}

/* ---- the walk -------------------------------------------------------------------------------- */
static Type infer_expr(Inferrer *in, Ast *a, Env *env);

/* Infer a test and the environments of its true and false branches. */
static void infer_test(Inferrer *in, Ast *t, Env *env, Env **tenv, Env **fenv) {
    infer_expr(in, t, env);
    *tenv = *fenv = env;
    if (t->kind == AST_REF) {
        *fenv = infer_narrow(in, env, t->var, TY_BOOL);
        return;
    }
    if (t->kind == AST_IF) {
        /* (and a b): (if a b #f); the true branch knows both */
        if (t->els->kind == AST_CONST && t->els->datum->kind == DATUM_BOOL && !t->els->datum->b) {
            Env *t1, *f1, *t2, *f2;
            infer_test(in, t->test, env, &t1, &f1);
            infer_test(in, t->then, t1, &t2, &f2);
            *tenv = t2;
        }
        return;
    }
    if (t->kind != AST_PRIMCALL) return;
    const Prim *p = t->prim;
    if (p->id == PRIM_not && t->args.len == 1) {
        infer_test(in, t->args.items[0], env, fenv, tenv);
        return;
    }
    if (t->args.len == 2) {
        *tenv = infer_compare(in, env, p->id, t->args.items[0], t->args.items[1], false);
        *fenv = infer_compare(in, env, p->id, t->args.items[0], t->args.items[1], true);
    }
    if (t->args.len == 1 && t->args.items[0]->kind == AST_REF && p->pred_yes) {
        Var *v = t->args.items[0]->var;
        *tenv = infer_narrow(in, env, v, p->pred_yes);
        *fenv = infer_narrow(in, env, v, TY_ANY & ~p->pred_no);
        return;
    }
    if ((p->id == PRIM_eq_p || p->id == PRIM_eqv_p || p->id == PRIM_equal_p) && t->args.len == 2) {
        for (int i = 0; i < 2; i++) {
            Ast *x = t->args.items[i], *k = t->args.items[1 - i];
            if (x->kind == AST_REF && k->kind == AST_CONST && k->datum->kind == DATUM_NIL) {
                *tenv = infer_narrow(in, env, x->var, TY_NULL);
                *fenv = infer_narrow(in, env, x->var, TY_ANY & ~TY_NULL);
            }
        }
    }
}

static Type infer_const(Datum *d) {
    switch (d->kind) {
    case DATUM_NIL: return TY_NULL;
    case DATUM_BOOL: return TY_BOOL;
    case DATUM_FIXNUM: return TY_FIX;
    case DATUM_BIGNUM: return TY_BIG;
    case DATUM_FLONUM: return TY_FLO;
    case DATUM_CHAR: return TY_CHAR;
    case DATUM_STRING: return TY_STR;
    case DATUM_SYMBOL: return TY_SYM;
    case DATUM_PAIR: return TY_PAIR;
    case DATUM_VECTOR: return TY_VEC;
    case DATUM_BYTEVECTOR: return TY_BVEC;
    case DATUM_UNSPEC: return TY_UNSPEC;
    }
    return TY_ANY;
}

static void infer_lambda(Inferrer *in, Lambda *l, Env *env) {
    if (l->escapes) {
        for (size_t i = 0; i < l->params.len; i++) infer_join(in, &(l->params.items[i])->type, TY_ANY);
    }
    if (l->rest) infer_join(in, &(l->rest)->type, TY_LIST);
    Type r = infer_expr(in, l->body, env);
    infer_join(in, &l->ret_type, r);
}

static Type infer_call(Inferrer *in, Ast *a, Env *env) {
    Var *fv = a->fn->kind == AST_REF ? a->fn->var : NULL;
    Lambda *known = fv ? fv->known : NULL;
    infer_expr(in, a->fn, env);
    Type *args = xcalloc(a->args.len + 1, sizeof *args);
    for (size_t i = 0; i < a->args.len; i++) args[i] = infer_expr(in, a->args.items[i], env);
    if (!known) {
        free(args);
        return TY_ANY;
    }
    for (size_t i = 0; i < known->params.len && i < a->args.len; i++)
        infer_join(in, &(known->params.items[i])->type, args[i]);
    free(args);
    return known->ret_type;
}

static Type infer_expr_kind(Inferrer *in, Ast *a, Env *env) {
    switch (a->kind) {
    case AST_CONST: return infer_const(a->datum);
    case AST_REF: return infer_lookup(in, env, a->var);
    case AST_SET: {
        Type t = infer_expr(in, a->value, env);
        infer_join(in, &(a->var)->type, t);
        return TY_UNSPEC;
    }
    case AST_IF: {
        Env *tenv, *fenv;
        infer_test(in, a->test, env, &tenv, &fenv);
        return infer_expr(in, a->then, tenv) | infer_expr(in, a->els, fenv);
    }
    case AST_LAMBDA: infer_lambda(in, a->lambda, env); return TY_PROC;
    case AST_SEQ: {
        Type t = 0;
        for (size_t i = 0; i < a->items.len; i++) t = infer_expr(in, a->items.items[i], env);
        return t;
    }
    case AST_CALL: return infer_call(in, a, env);
    case AST_PRIMCALL: {
        Type *args = xcalloc(a->args.len + 1, sizeof *args);
        for (size_t i = 0; i < a->args.len; i++) args[i] = infer_expr(in, a->args.items[i], env);
        Type t = infer_prim(a->prim, args, a->args.len);
        /* x + c and x - c for a fixnum x the enclosing tests bound: a fixnum */
        bool add = a->prim->id == PRIM_add, sub = a->prim->id == PRIM_sub;
        if ((add || sub) && a->args.len == 2 && t == TY_INT) {
            for (int i = 0; i < 2; i++) {
                Ast *x = a->args.items[i], *k = a->args.items[1 - i];
                if (x->kind != AST_REF || !(args[i] && !(args[i] & ~TY_FIX)) || (sub && i == 1) ||
                    k->kind != AST_CONST || k->datum->kind != DATUM_FIXNUM)
                    continue;
                int64_t c = sub ? -k->datum->fix : k->datum->fix;
                Env *e = infer_find(env, x->var);
                if (c == 0 || (e && c > 0 && c <= e->up) || (e && c < 0 && -c <= e->down)) t = TY_FIX;
            }
        }
        free(args);
        return t;
    }
    case AST_LET:
        for (size_t i = 0; i < a->vars.len; i++)
            infer_join(in, &(a->vars.items[i])->type, infer_expr(in, a->inits.items[i], env));
        return infer_expr(in, a->body, env);
    case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            if (!v->known) infer_join(in, &(v)->type, TY_OTHER); /* read before its init */
            infer_join(in, &(v)->type, infer_expr(in, a->inits.items[i], env));
        }
        return infer_expr(in, a->body, env);
    }
    return TY_ANY;
}

static Type infer_expr(Inferrer *in, Ast *a, Env *env) {
    Type t = infer_expr_kind(in, a, env);
    infer_join(in, &a->type, t);
    return t;
}

/* Which lambdas escape: anonymous ones, and known ones referenced other than as an operator. */
static void infer_escapes(Inferrer *in, Ast *a, bool operator) {
    switch (a->kind) {
    case AST_CONST: break;
    case AST_REF:
        if (!operator && a->var->known) a->var->known->escapes = true;
        break;
    case AST_SET: infer_escapes(in, a->value, false); break;
    case AST_IF:
        infer_escapes(in, a->test, false);
        infer_escapes(in, a->then, false);
        infer_escapes(in, a->els, false);
        break;
    case AST_LAMBDA:
        if (!a->lambda->self) a->lambda->escapes = true;
        infer_escapes(in, a->lambda->body, false);
        break;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) infer_escapes(in, a->items.items[i], false);
        break;
    case AST_CALL: infer_escapes(in, a->fn, true);
        /* fallthrough */
    case AST_PRIMCALL:
        for (size_t i = 0; i < a->args.len; i++) infer_escapes(in, a->args.items[i], false);
        break;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) infer_escapes(in, a->inits.items[i], false);
        infer_escapes(in, a->body, false);
        break;
    }
}

void infer_program(Program *prog) {
    Inferrer state = {.prog = prog}, *in = &state;
    infer_escapes(in, prog->body, false);
    /* a known lambda whose binding is not the one its self var names (a global defined
     * twice, say) is treated as escaping */
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (!l->self || l->self->known != l) l->escapes = true;
    }
    do {
        in->changed = false;
        infer_expr(in, prog->body, NULL);
    } while (in->changed);
    prog->inferred = true;
}

/* ---- --types --------------------------------------------------------------------------------- */
static const char *const infer_type_names[] = {
#define INFER_NAME(name, bit, text) text,
    TYPE_BITS(INFER_NAME)
#undef INFER_NAME
};

void infer_type_print(Buf *b, Type t) {
    if (t == TY_ANY) { buf_puts(b, "unknown"); return; }
    if (t == 0) { buf_puts(b, "none"); return; }
    const char *sep = "";
    for (int i = 0; i < TY_NBITS; i++)
        if (t & (1u << i)) {
            buf_printf(b, "%s%s", sep, infer_type_names[i]);
            sep = "|";
        }
}

void infer_print(Program *prog, Buf *out) {
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        Lambda *l = v->known;
        if (!v->defined || !l) continue;
        Buf b = {0};
        buf_printf(&b, "%s: (", v->name->name);
        for (size_t j = 0; j < l->params.len; j++) {
            if (j) buf_putc(&b, ' ');
            infer_type_print(&b, infer_var_type(l->params.items[j]));
        }
        if (l->rest) buf_puts(&b, l->params.len ? " . list" : ". list");
        buf_puts(&b, ") -> ");
        infer_type_print(&b, infer_return_type(l));
        buf_printf(out, "%s\n", buf_cstr(&b));
        buf_free(&b);
    }
}

/* ---- --dump=infer ------------------------------------------------------------------------------
 * The expanded program with each expression's type after it (constants and variable references
 * too: narrowing shows there), each bound variable's type where it is bound, and each lambda's
 * result type after its id: (lambda.3{-> fixnum} (n.4{fixnum}) ...). */
static void infer_dump_node(void *ctx, const Ast *a, Buf *out) {
    (void)ctx;
    if (a->kind == AST_LAMBDA) {
        buf_puts(out, "-> ");
        infer_type_print(out, a->lambda->ret_type);
        return;
    }
    infer_type_print(out, a->type);
}
static void infer_dump_binding(void *ctx, const Var *v, Buf *out) {
    (void)ctx;
    infer_type_print(out, infer_var_type(v));
    if (infer_var_unboxed(v)) buf_puts(out, " unboxed");
}
void infer_dump(Program *prog, Buf *out) {
    DumpHooks h = {.node = infer_dump_node, .binding = infer_dump_binding};
    dump_program(prog, out, &h);
}
