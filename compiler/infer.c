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
typedef struct TypeMap {
    const void **keys;
    Type *vals;
    size_t cap, len;
} TypeMap;

static size_t infer_hash(const void *p, size_t cap) {
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static Type *infer_map_slot(TypeMap *m, const void *key, bool create) {
    if (!m->cap) {
        if (!create) return NULL;
        m->cap = 1024;
        m->keys = xcalloc(m->cap, sizeof *m->keys);
        m->vals = xcalloc(m->cap, sizeof *m->vals);
    }
    if (create && 2 * (m->len + 1) > m->cap) {
        TypeMap old = *m;
        m->cap *= 2;
        m->len = 0;
        m->keys = xcalloc(m->cap, sizeof *m->keys);
        m->vals = xcalloc(m->cap, sizeof *m->vals);
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i]) *infer_map_slot(m, old.keys[i], true) = old.vals[i];
        free(old.keys);
        free(old.vals);
    }
    for (size_t i = infer_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key) return &m->vals[i];
        if (!m->keys[i]) {
            if (!create) return NULL;
            m->keys[i] = key;
            m->len++;
            return &m->vals[i];
        }
    }
}

/* ---- state ----------------------------------------------------------------------------------- */
typedef struct Inferrer {
    Program *prog;
    TypeMap nodes;      /* Ast -> type of its value */
    TypeMap vars;       /* Var -> union of its values */
    Type *ret;          /* Lambda.id -> type of its result */
    bool *escapes;      /* Lambda.id -> referenced as a value (or anonymous) */
    bool changed;
} Inferrer;

static Inferrer infer_state;

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

static void infer_join(Inferrer *in, TypeMap *m, const void *key, Type t) {
    Type *slot = infer_map_slot(m, key, true);
    if ((*slot | t) != *slot) {
        *slot |= t;
        in->changed = true;
    }
}

Type infer_type(const Ast *a) {
    Type *t = infer_map_slot(&infer_state.nodes, a, false);
    return t ? *t : TY_ANY;
}

Type infer_var_type(const Var *v) {
    if (v->global && !v->defined) return TY_PROC;
    Type *t = infer_map_slot(&infer_state.vars, v, false);
    return t ? *t : TY_ANY;
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
    return infer_state.ret ? infer_state.ret[l->id] : TY_ANY;
}

static bool infer_narrowable(const Var *v) {
    return v->nsets == 0 && (!v->global || v->ndefs <= 1);
}

static Type infer_lookup(Inferrer *in, Env *env, Var *v) {
    for (Env *e = env; e; e = e->next)
        if (e->var == v) return e->type;
    if (v->global && !v->defined) return TY_PROC;
    Type *t = infer_map_slot(&in->vars, v, false);
    return t ? *t : 0;
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
    Type *tp = infer_map_slot(&in->nodes, other, false);
    bool fix = tp && *tp && !(*tp & ~TY_FIX);
    switch (rel) {
    case REL_LT: return infer_bound(in, env, x->var, k ? infer_clamp(INFER_FIX_MAX - c + 1) : fix, 0);
    case REL_LE: return infer_bound(in, env, x->var, k ? infer_clamp(INFER_FIX_MAX - c) : 0, 0);
    case REL_GT: return infer_bound(in, env, x->var, 0, k ? infer_clamp(c - INFER_FIX_MIN + 1) : fix);
    default: return infer_bound(in, env, x->var, 0, k ? infer_clamp(c - INFER_FIX_MIN) : 0);
    }
}

/* The facts of (x op y) in the true branch (negate: the false branch). */
static Env *infer_compare(Inferrer *in, Env *env, const char *op, Ast *x, Ast *y, bool negate) {
    int rel;
    if (!strcmp(op, "<")) rel = REL_LT;
    else if (!strcmp(op, "<=")) rel = REL_LE;
    else if (!strcmp(op, ">")) rel = REL_GT;
    else if (!strcmp(op, ">=")) rel = REL_GE;
    else return env;
    if (negate) rel = rel == REL_LT ? REL_GE : rel == REL_LE ? REL_GT : rel == REL_GT ? REL_LE : REL_LT;
    static const int flip[] = {REL_GT, REL_GE, REL_LT, REL_LE};
    env = infer_relate(in, env, x, rel, y);
    return infer_relate(in, env, y, flip[rel], x);
}

/* ---- primitives ------------------------------------------------------------------------------ */
static bool infer_is(const Prim *p, const char *name) { return strcmp(p->name, name) == 0; }

static bool infer_in(const char *name, const char *const *names) {
    for (; *names; names++)
        if (strcmp(name, *names) == 0) return true;
    return false;
}

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

/* The type of a primitive's result from the types of its arguments. */
static Type infer_prim(const Prim *p, Type *args, size_t n) {
    static const char *const bools[] = {"=", "<", ">", "<=", ">=", NULL};
    static const char *const fixes[] = {"length", "vector-length", "string-length",
        "bytevector-length", "char->integer", "bytevector-u8-ref", "jiffies-per-second", NULL};
    static const char *const lists[] = {"make-list", "reverse", "list-copy", "map", "filter",
        "remove", "iota", "delete", "delete-duplicates", "list-tabulate", "vector->list",
        "string->list", "append-map", "filter-map", "command-line", NULL};
    static const char *const vectors[] = {"vector", "make-vector", "list->vector", "vector-copy",
        "vector-append", "vector-map", "string->vector", NULL};
    static const char *const strings[] = {"string", "make-string", "substring", "string-append",
        "string-copy", "list->string", "vector->string", "string-upcase", "string-downcase",
        "string-foldcase", "symbol->string", "number->string", "string-map", "utf8->string",
        "get-output-string", "string-join", NULL};
    static const char *const chars[] = {"integer->char", "char-upcase", "char-downcase",
        "char-foldcase", "string-ref", NULL};
    static const char *const bytevectors[] = {"bytevector", "make-bytevector", "bytevector-copy",
        "bytevector-append", "string->utf8", NULL};
    static const char *const floats[] = {"sqrt", "exp", "log", "sin", "cos", "tan", "asin",
        "acos", "atan", NULL};
    static const char *const rounding[] = {"floor", "ceiling", "truncate", "round", "abs",
        "square", NULL};
    static const char *const integer_div[] = {"quotient", "remainder", "modulo", "floor-quotient",
        "floor-remainder", "truncate-quotient", "truncate-remainder", NULL};
    static const char *const never[] = {"error", "raise", "exit", "emergency-exit", NULL};
    static const char *const unspec[] = {"set-car!", "set-cdr!", "vector-set!", NULL};
    const char *name = p->name;
    size_t len = strlen(name);
    for (size_t i = 0; i < n; i++) /* an argument never delivered: the call never happens */
        if (!args[i]) return 0;
    if (len > 1 && name[len - 1] == '?') return TY_BOOL;
    if (infer_in(name, bools)) return TY_BOOL;
    if (infer_is(p, "+") || infer_is(p, "-") || infer_is(p, "*"))
        return n == 0 ? TY_FIX : infer_arith(args, n, false);
    if (infer_is(p, "/")) return infer_arith(args, n, true);
    if (infer_in(name, integer_div)) {
        bool fix = n == 2 && !(args[0] & ~TY_FIX) && !(args[1] & ~TY_FIX);
        if (fix && !infer_is(p, "quotient") && !strstr(name, "quotient")) return TY_FIX;
        Type t = infer_arith(args, n, false);
        return t == TY_FLO ? TY_FLO : t;
    }
    if (infer_is(p, "min") || infer_is(p, "max")) {
        Type t = infer_arith(args, n, false);
        bool all_fix = true;
        for (size_t i = 0; i < n; i++)
            if (args[i] & ~TY_FIX) all_fix = false;
        return all_fix ? TY_FIX : t;
    }
    if (infer_in(name, rounding) && n == 1) {
        if (!(args[0] & ~TY_FLO)) return TY_FLO;
        if (!(args[0] & ~TY_FIX) && (infer_is(p, "floor") || infer_is(p, "ceiling") ||
                                     infer_is(p, "truncate") || infer_is(p, "round")))
            return TY_FIX;
        if (!(args[0] & ~TY_INT)) return TY_INT;
        return TY_NUM;
    }
    if (infer_in(name, floats)) {
        for (size_t i = 0; i < n; i++)
            if (args[i] & ~TY_FLO) return TY_NUM;
        return TY_FLO;
    }
    if (infer_is(p, "exact->inexact") || infer_is(p, "inexact") || infer_is(p, "current-second"))
        return TY_FLO;
    if (infer_is(p, "exact") || infer_is(p, "inexact->exact") || infer_is(p, "current-jiffy"))
        return TY_INT;
    if (infer_is(p, "string->number")) return TY_NUM | TY_BOOL;
    if (infer_in(name, fixes)) return TY_FIX;
    if (infer_is(p, "digit-value")) return TY_FIX | TY_BOOL;
    if (infer_is(p, "cons")) return TY_PAIR;
    if (infer_is(p, "list")) return n ? TY_PAIR : TY_NULL;
    if (infer_is(p, "append"))
        return n == 0 ? TY_NULL : (args[n - 1] & ~TY_LIST) ? TY_ANY : TY_LIST;
    if (infer_in(name, lists)) return TY_LIST;
    if (infer_in(name, vectors)) return TY_VEC;
    if (infer_in(name, strings)) return TY_STR;
    if (infer_in(name, chars)) return TY_CHAR;
    if (infer_in(name, bytevectors)) return TY_BVEC;
    if (infer_is(p, "string->symbol")) return TY_SYM;
    if (infer_is(p, "read-line") || infer_is(p, "read-string")) return TY_STR | TY_EOF;
    if (infer_is(p, "read-char") || infer_is(p, "peek-char")) return TY_CHAR | TY_EOF;
    if (infer_is(p, "eof-object")) return TY_EOF;
    if (infer_is(p, "%record")) return TY_REC;
    if (infer_is(p, "make-parameter")) return TY_PROC;
    if (infer_in(name, never)) return 0;
    if (infer_in(name, unspec)) return TY_UNSPEC;
    return TY_ANY;
}

/* ---- the walk -------------------------------------------------------------------------------- */
static Type infer_expr(Inferrer *in, Ast *a, Env *env);

/* The narrowing a predicate call gives its argument in each branch: true/false masks. */
static bool infer_predicate(const Prim *p, Type *yes, Type *no) {
    static const struct { const char *name; Type yes; Type no_removes; } preds[] = {
        {"pair?", TY_PAIR, TY_PAIR}, {"null?", TY_NULL, TY_NULL},
        {"number?", TY_NUM, TY_NUM}, {"complex?", TY_NUM, TY_NUM}, {"real?", TY_NUM, TY_NUM},
        {"rational?", TY_NUM, TY_INT}, {"integer?", TY_NUM, TY_INT},
        {"exact-integer?", TY_INT, TY_INT}, {"exact?", TY_INT, TY_INT},
        {"inexact?", TY_FLO, TY_FLO}, {"symbol?", TY_SYM, TY_SYM},
        {"string?", TY_STR, TY_STR}, {"char?", TY_CHAR, TY_CHAR},
        {"boolean?", TY_BOOL, TY_BOOL}, {"vector?", TY_VEC, TY_VEC},
        {"bytevector?", TY_BVEC, TY_BVEC}, {"procedure?", TY_PROC, TY_PROC},
        {"list?", TY_LIST, TY_NULL}, {"eof-object?", TY_EOF, TY_EOF},
        {"record?", TY_REC, TY_REC}, {"%record?", TY_REC, 0},
    };
    for (size_t i = 0; i < sizeof preds / sizeof *preds; i++)
        if (strcmp(p->name, preds[i].name) == 0) {
            *yes = preds[i].yes;
            *no = TY_ANY & ~preds[i].no_removes;
            return true;
        }
    return false;
}

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
    if (infer_is(p, "not") && t->args.len == 1) {
        infer_test(in, t->args.items[0], env, fenv, tenv);
        return;
    }
    if (t->args.len == 2) {
        *tenv = infer_compare(in, env, p->name, t->args.items[0], t->args.items[1], false);
        *fenv = infer_compare(in, env, p->name, t->args.items[0], t->args.items[1], true);
    }
    Type yes, no;
    if (t->args.len == 1 && t->args.items[0]->kind == AST_REF && infer_predicate(p, &yes, &no)) {
        Var *v = t->args.items[0]->var;
        *tenv = infer_narrow(in, env, v, yes);
        *fenv = infer_narrow(in, env, v, no);
        return;
    }
    if ((infer_is(p, "eq?") || infer_is(p, "eqv?") || infer_is(p, "equal?")) && t->args.len == 2) {
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
    if (in->escapes[l->id]) {
        for (size_t i = 0; i < l->params.len; i++) infer_join(in, &in->vars, l->params.items[i], TY_ANY);
    }
    if (l->rest) infer_join(in, &in->vars, l->rest, TY_LIST);
    Type r = infer_expr(in, l->body, env);
    if ((in->ret[l->id] | r) != in->ret[l->id]) {
        in->ret[l->id] |= r;
        in->changed = true;
    }
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
        infer_join(in, &in->vars, known->params.items[i], args[i]);
    free(args);
    return in->ret[known->id];
}

static Type infer_expr_kind(Inferrer *in, Ast *a, Env *env) {
    switch (a->kind) {
    case AST_CONST: return infer_const(a->datum);
    case AST_REF: return infer_lookup(in, env, a->var);
    case AST_SET: {
        Type t = infer_expr(in, a->value, env);
        infer_join(in, &in->vars, a->var, t);
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
        bool add = infer_is(a->prim, "+"), sub = infer_is(a->prim, "-");
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
            infer_join(in, &in->vars, a->vars.items[i], infer_expr(in, a->inits.items[i], env));
        return infer_expr(in, a->body, env);
    case AST_LETREC:
        for (size_t i = 0; i < a->vars.len; i++) {
            Var *v = a->vars.items[i];
            if (!v->known) infer_join(in, &in->vars, v, TY_OTHER); /* read before its init */
            infer_join(in, &in->vars, v, infer_expr(in, a->inits.items[i], env));
        }
        return infer_expr(in, a->body, env);
    }
    return TY_ANY;
}

static Type infer_expr(Inferrer *in, Ast *a, Env *env) {
    Type t = infer_expr_kind(in, a, env);
    infer_join(in, &in->nodes, a, t);
    return t;
}

/* Which lambdas escape: anonymous ones, and known ones referenced other than as an operator. */
static void infer_escapes(Inferrer *in, Ast *a, bool operator) {
    switch (a->kind) {
    case AST_CONST: break;
    case AST_REF:
        if (!operator && a->var->known) in->escapes[a->var->known->id] = true;
        break;
    case AST_SET: infer_escapes(in, a->value, false); break;
    case AST_IF:
        infer_escapes(in, a->test, false);
        infer_escapes(in, a->then, false);
        infer_escapes(in, a->els, false);
        break;
    case AST_LAMBDA:
        if (!a->lambda->self) in->escapes[a->lambda->id] = true;
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
    Inferrer *in = &infer_state;
    in->prog = prog;
    in->ret = xcalloc(prog->lambdas.len + 1, sizeof *in->ret);
    in->escapes = xcalloc(prog->lambdas.len + 1, sizeof *in->escapes);
    infer_escapes(in, prog->body, false);
    /* a known lambda whose binding is not the one its self var names (a global defined
     * twice, say) is treated as escaping */
    for (size_t i = 0; i < prog->lambdas.len; i++) {
        Lambda *l = prog->lambdas.items[i];
        if (!l->self || l->self->known != l) in->escapes[l->id] = true;
    }
    do {
        in->changed = false;
        infer_expr(in, prog->body, NULL);
    } while (in->changed);
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
