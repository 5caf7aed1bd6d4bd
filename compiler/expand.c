/* expand.c: datums to the core AST.
 *
 * Entry point: expand_program. Requires: datums from the reader. Guarantees: every derived
 * form (let*, named let, do, cond, case, and, or, when, unless, quasiquote, internal define)
 * is rewritten into the core kinds of regalc.h; every identifier is resolved to a Var (local
 * by lexical scope, else a global); references to names nobody defines are reported as
 * "unbound variable" errors. Special forms are recognised by name unless a local binding
 * shadows them (R7RS 4.1, 4.2, 5.3). Macros (define-syntax) come later.
 */
#include "regalc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Scope {
    Sym *name;
    Var *var;
    struct Scope *next;
} Scope;

typedef struct Expander {
    Program *prog;
    Lambda *lambda;      /* innermost lambda being expanded, NULL at top level */
    int next_id;
    /* globals, keyed by Sym pointer (open addressing) */
    Var **gtab;
    size_t gcap, gcount;
} Expander;

static Ast *expand_expr(Expander *ex, Datum *d, Scope *sc);
static Ast *expand_body(Expander *ex, Datum *body, Scope *sc, Loc loc);

Ast *ast_new(AstKind kind, Loc loc) {
    Ast *a = xcalloc(1, sizeof *a);
    a->kind = kind;
    a->loc = loc;
    return a;
}

/* ---- variables ---------------------------------------------------------------------------- */
static Var *expand_new_var(Expander *ex, Sym *name, Loc loc) {
    Var *v = xcalloc(1, sizeof *v);
    v->name = name;
    v->loc = loc;
    v->id = ex->next_id++;
    v->owner = ex->lambda;
    return v;
}

static Var *expand_global(Expander *ex, Sym *name, Loc loc) {
    if (ex->gcount * 2 >= ex->gcap) {
        size_t ncap = ex->gcap ? ex->gcap * 2 : 256;
        Var **nt = xcalloc(ncap, sizeof *nt);
        for (size_t i = 0; i < ex->gcap; i++) {
            Var *v = ex->gtab[i];
            if (!v) continue;
            size_t h = (size_t)v->name->hash & (ncap - 1);
            while (nt[h]) h = (h + 1) & (ncap - 1);
            nt[h] = v;
        }
        free(ex->gtab);
        ex->gtab = nt;
        ex->gcap = ncap;
    }
    size_t h = (size_t)name->hash & (ex->gcap - 1);
    while (ex->gtab[h]) {
        if (ex->gtab[h]->name == name) return ex->gtab[h];
        h = (h + 1) & (ex->gcap - 1);
    }
    Var *v = xcalloc(1, sizeof *v);
    v->name = name;
    v->loc = loc;
    v->id = ex->next_id++;
    v->global = true;
    v->prim = prims_lookup(name);
    ex->gtab[h] = v;
    ex->gcount++;
    vec_push(&ex->prog->globals, v);
    return v;
}

static Var *expand_lookup_local(Scope *sc, Sym *name) {
    for (; sc; sc = sc->next)
        if (sc->name == name) return sc->var;
    return NULL;
}

static Scope *expand_bind(Scope *sc, Var *v) {
    Scope *s = xmalloc(sizeof *s);
    s->name = v->name;
    s->var = v;
    s->next = sc;
    return s;
}

/* A name no program can spell, for temporaries of derived forms. */
static Sym *expand_gensym(Expander *ex, const char *hint) {
    char buf[64];
    snprintf(buf, sizeof buf, " %s%d", hint, ex->next_id++);
    return sym_cstr(buf);
}

/* ---- small AST builders -------------------------------------------------------------------- */
static Ast *ast_const(Datum *d, Loc loc) {
    Ast *a = ast_new(AST_CONST, loc);
    a->datum = d;
    return a;
}
static Ast *ast_unspec(Loc loc) { return ast_const(datum_new(DATUM_UNSPEC, loc), loc); }
static Ast *ast_bool(bool b, Loc loc) {
    Datum *d = datum_new(DATUM_BOOL, loc);
    d->b = b;
    return ast_const(d, loc);
}
static Ast *ast_ref(Var *v, Loc loc) {
    Ast *a = ast_new(AST_REF, loc);
    a->var = v;
    return a;
}
static Ast *ast_if(Ast *test, Ast *then, Ast *els, Loc loc) {
    Ast *a = ast_new(AST_IF, loc);
    a->test = test;
    a->then = then;
    a->els = els;
    return a;
}
static Ast *ast_prim(const char *name, Loc loc) {
    Ast *a = ast_new(AST_PRIMCALL, loc);
    a->prim = prims_lookup(sym_cstr(name));
    if (!a->prim) diag_internal("primitive %s missing from prims.def", name);
    return a;
}
static Ast *ast_prim2(const char *name, Ast *x, Ast *y, Loc loc) {
    Ast *a = ast_prim(name, loc);
    vec_push(&a->args, x);
    vec_push(&a->args, y);
    return a;
}

/* ---- syntax helpers ------------------------------------------------------------------------ */
static Datum *car(Datum *d) { return d->pair.car; }
static Datum *cdr(Datum *d) { return d->pair.cdr; }
static bool is_pair(Datum *d) { return d->kind == DATUM_PAIR; }
static bool is_sym(Datum *d) { return d->kind == DATUM_SYMBOL; }
static bool is_nil(Datum *d) { return d->kind == DATUM_NIL; }

/* The special form a list's head names, if not shadowed by a local binding. */
static const char *expand_keyword(Expander *ex, Datum *head, Scope *sc) {
    static const char *const keywords[] = {
        "quote", "quasiquote", "lambda", "define", "set!", "if", "begin", "let", "let*",
        "letrec", "letrec*", "do", "cond", "case", "and", "or", "when", "unless", "import",
        "unquote", "unquote-splicing", "define-syntax", "let-syntax", "letrec-syntax",
        "define-record-type", "delay", "delay-force", "case-lambda", "define-values",
        "let-values", "let*-values", "parameterize", "guard", "define-library", "include",
        NULL};
    if (!is_sym(head) || expand_lookup_local(sc, head->sym)) return NULL;
    (void)ex;
    for (int i = 0; keywords[i]; i++)
        if (strcmp(head->sym->name, keywords[i]) == 0) return keywords[i];
    return NULL;
}

static Ast *expand_malformed(Datum *d, const char *what) {
    Buf b = {0};
    datum_print(&b, d);
    if (b.len > 60) {
        b.len = 57;
        buf_puts(&b, "...");
    }
    diag_error(d->loc, "malformed %s: %s", what, buf_cstr(&b));
    buf_free(&b);
    return ast_unspec(d->loc);
}

/* ---- quote and quasiquote (R7RS 4.1.2, 4.2.8) ----------------------------------------------- */
static Ast *expand_quasi(Expander *ex, Datum *d, int depth, Scope *sc);

static bool expand_tagged(Datum *d, const char *tag) {
    return is_pair(d) && datum_is_sym(car(d), tag) && is_pair(cdr(d)) && is_nil(cdr(cdr(d)));
}

static Ast *expand_quasi_list(Expander *ex, Datum *d, int depth, Scope *sc) {
    /* d is a pair or the tail of a list */
    if (!is_pair(d)) return expand_quasi(ex, d, depth, sc);
    if (expand_tagged(d, "unquote")) /* (a . ,b) */
        return expand_quasi(ex, d, depth, sc);
    Datum *item = car(d);
    Ast *rest = expand_quasi_list(ex, cdr(d), depth, sc);
    if (depth == 1 && expand_tagged(item, "unquote-splicing")) {
        Ast *spliced = expand_expr(ex, car(cdr(item)), sc);
        if (rest->kind == AST_CONST && is_nil(rest->datum)) return spliced;
        return ast_prim2("append", spliced, rest, item->loc);
    }
    return ast_prim2("cons", expand_quasi(ex, item, depth, sc), rest, item->loc);
}

static Ast *expand_quasi(Expander *ex, Datum *d, int depth, Scope *sc) {
    if (expand_tagged(d, "unquote")) {
        if (depth == 1) return expand_expr(ex, car(cdr(d)), sc);
        return ast_prim2("list", ast_const(car(d), d->loc),
                         expand_quasi(ex, car(cdr(d)), depth - 1, sc), d->loc);
    }
    if (expand_tagged(d, "quasiquote"))
        return ast_prim2("list", ast_const(car(d), d->loc),
                         expand_quasi(ex, car(cdr(d)), depth + 1, sc), d->loc);
    if (is_pair(d)) return expand_quasi_list(ex, d, depth, sc);
    if (d->kind == DATUM_VECTOR) {
        Datum *lst = datum_nil(d->loc);
        for (size_t i = d->vec.len; i-- > 0;) lst = datum_cons(d->vec.items[i], lst, d->loc);
        Ast *a = ast_prim("list->vector", d->loc);
        vec_push(&a->args, expand_quasi_list(ex, lst, depth, sc));
        return a;
    }
    return ast_const(d, d->loc);
}

/* ---- lambda and bodies (R7RS 4.1.4, 5.3.2) -------------------------------------------------- */
static Lambda *expand_lambda(Expander *ex, Datum *params, Datum *body, Sym *name, Loc loc,
                             Scope *sc) {
    Lambda *l = xcalloc(1, sizeof *l);
    l->name = name;
    l->loc = loc;
    l->id = (int)ex->prog->lambdas.len;
    l->parent = ex->lambda;
    vec_push(&ex->prog->lambdas, l);
    Lambda *saved = ex->lambda;
    ex->lambda = l;
    Scope *inner = sc;
    Datum *p = params;
    for (; is_pair(p); p = cdr(p)) {
        Datum *n = car(p);
        if (!is_sym(n)) {
            diag_error(n->loc, "lambda parameter must be an identifier");
            continue;
        }
        for (size_t i = 0; i < l->params.len; i++)
            if (l->params.items[i]->name == n->sym)
                diag_error(n->loc, "duplicate parameter '%s'", n->sym->name);
        Var *v = expand_new_var(ex, n->sym, n->loc);
        vec_push(&l->params, v);
        inner = expand_bind(inner, v);
    }
    if (is_sym(p)) {
        for (size_t i = 0; i < l->params.len; i++)
            if (l->params.items[i]->name == p->sym)
                diag_error(p->loc, "duplicate parameter '%s'", p->sym->name);
        l->rest = expand_new_var(ex, p->sym, p->loc);
        inner = expand_bind(inner, l->rest);
    } else if (!is_nil(p)) {
        diag_error(p->loc, "lambda parameter must be an identifier");
    }
    l->body = expand_body(ex, body, inner, loc);
    ex->lambda = saved;
    return l;
}

static Ast *ast_lambda(Lambda *l) {
    Ast *a = ast_new(AST_LAMBDA, l->loc);
    a->lambda = l;
    return a;
}

/* A definition's name and value expression: (define x e), (define (f . params) body...). */
static bool expand_define_parts(Datum *d, Datum **name, Datum **value_or_params,
                                Datum **body) {
    Datum *rest = cdr(d);
    if (!is_pair(rest)) return false;
    Datum *target = car(rest);
    if (is_sym(target)) {
        *name = target;
        *body = NULL;
        if (is_nil(cdr(rest))) {
            *value_or_params = NULL;
            return true;
        }
        if (!is_pair(cdr(rest)) || !is_nil(cdr(cdr(rest)))) return false;
        *value_or_params = car(cdr(rest));
        return true;
    }
    if (is_pair(target) && is_sym(car(target))) {
        *name = car(target);
        *value_or_params = cdr(target);
        *body = cdr(rest);
        return is_pair(*body);
    }
    return false;
}

static Ast *expand_define_value(Expander *ex, Datum *d, Datum *name, Datum *vp, Datum *body,
                                Scope *sc) {
    if (body) return ast_lambda(expand_lambda(ex, vp, body, name->sym, d->loc, sc));
    if (!vp) return ast_unspec(d->loc);
    Ast *v = expand_expr(ex, vp, sc);
    if (v->kind == AST_LAMBDA && !v->lambda->name) v->lambda->name = name->sym;
    return v;
}

/* Is d a (define ...) or (begin ...) form at this scope? */
static bool expand_is_form(Expander *ex, Datum *d, Scope *sc, const char *kw) {
    if (!is_pair(d)) return false;
    const char *k = expand_keyword(ex, car(d), sc);
    return k && strcmp(k, kw) == 0;
}

/* Flatten (begin ...) forms that contain definitions, into a list of body forms. */
static void expand_collect_body(Expander *ex, Datum *body, Scope *sc, DatumVec *out) {
    for (Datum *p = body; is_pair(p); p = cdr(p)) {
        Datum *f = car(p);
        if (expand_is_form(ex, f, sc, "begin") && datum_list_length(f) != (size_t)-1)
            expand_collect_body(ex, cdr(f), sc, out);
        else
            vec_push(out, f);
    }
}

/* A body: internal definitions anywhere become one letrec* (R7RS 5.3.2); expressions between
 * definitions keep their order as bindings of unused temporaries. */
static Ast *expand_body(Expander *ex, Datum *body, Scope *sc, Loc loc) {
    if (datum_list_length(body) == (size_t)-1 || is_nil(body)) {
        diag_error(loc, "a body needs at least one expression");
        return ast_unspec(loc);
    }
    DatumVec forms = {0};
    expand_collect_body(ex, body, sc, &forms);
    size_t ndefs = 0, last_def = 0;
    for (size_t i = 0; i < forms.len; i++)
        if (expand_is_form(ex, forms.items[i], sc, "define")) {
            ndefs++;
            last_def = i + 1;
        }
    Ast *result;
    if (ndefs == 0) {
        Ast *seq = ast_new(AST_SEQ, loc);
        for (size_t i = 0; i < forms.len; i++) vec_push(&seq->items, expand_expr(ex, forms.items[i], sc));
        result = seq->items.len == 1 ? seq->items.items[0] : seq;
    } else {
        Ast *lr = ast_new(AST_LETREC, loc);
        Scope *inner = sc;
        /* bind every defined name first: the scope of each is the whole body */
        for (size_t i = 0; i < last_def; i++) {
            Datum *f = forms.items[i], *name, *vp, *b;
            Var *v;
            if (expand_is_form(ex, f, sc, "define")) {
                if (!expand_define_parts(f, &name, &vp, &b)) {
                    expand_malformed(f, "define");
                    v = expand_new_var(ex, expand_gensym(ex, "bad"), f->loc);
                } else {
                    v = expand_new_var(ex, name->sym, name->loc);
                }
            } else {
                v = expand_new_var(ex, expand_gensym(ex, "seq"), f->loc);
            }
            vec_push(&lr->vars, v);
            inner = expand_bind(inner, v);
        }
        for (size_t i = 0; i < last_def; i++) {
            Datum *f = forms.items[i], *name, *vp, *b;
            if (expand_is_form(ex, f, sc, "define")) {
                if (expand_define_parts(f, &name, &vp, &b))
                    vec_push(&lr->inits, expand_define_value(ex, f, name, vp, b, inner));
                else
                    vec_push(&lr->inits, ast_unspec(f->loc));
            } else {
                vec_push(&lr->inits, expand_expr(ex, f, inner));
            }
        }
        Ast *seq = ast_new(AST_SEQ, loc);
        for (size_t i = last_def; i < forms.len; i++)
            vec_push(&seq->items, expand_expr(ex, forms.items[i], inner));
        if (seq->items.len == 0) vec_push(&seq->items, ast_unspec(loc));
        lr->body = seq->items.len == 1 ? seq->items.items[0] : seq;
        result = lr;
    }
    vec_free(&forms);
    return result;
}

/* ---- binding forms (R7RS 4.2.2) ------------------------------------------------------------- */
/* Parse ((name init) ...) into names and init datums; false when malformed. */
static bool expand_bindings(Datum *bs, DatumVec *names, DatumVec *inits, bool allow_step,
                            DatumVec *steps) {
    if (datum_list_length(bs) == (size_t)-1) return false;
    for (Datum *p = bs; is_pair(p); p = cdr(p)) {
        Datum *b = car(p);
        size_t n = datum_list_length(b);
        if (n == (size_t)-1 || n < 1 || !is_sym(car(b))) return false;
        if (n == 1 && !allow_step) return false;
        if (n > (allow_step ? 3u : 2u)) return false;
        vec_push(names, car(b));
        vec_push(inits, n >= 2 ? car(cdr(b)) : NULL);
        if (steps) vec_push(steps, n == 3 ? car(cdr(cdr(b))) : NULL);
    }
    return true;
}

static void expand_check_dups(DatumVec *names) {
    for (size_t i = 0; i < names->len; i++)
        for (size_t j = 0; j < i; j++)
            if (names->items[i]->sym == names->items[j]->sym)
                diag_error(names->items[i]->loc, "duplicate binding of '%s'",
                           names->items[i]->sym->name);
}

/* (name init ...) call of a fresh loop lambda: named let and do. */
static Ast *expand_loop(Expander *ex, Sym *name, Loc loc, Datum *params, Datum *body,
                        AstVec *args, Scope *sc) {
    Ast *lr = ast_new(AST_LETREC, loc);
    Var *lv = expand_new_var(ex, name, loc);
    vec_push(&lr->vars, lv);
    Scope *inner = expand_bind(sc, lv);
    vec_push(&lr->inits, ast_lambda(expand_lambda(ex, params, body, name, loc, inner)));
    Ast *call = ast_new(AST_CALL, loc);
    call->fn = ast_ref(lv, loc);
    call->args = *args;
    lr->body = call;
    return lr;
}

static Ast *expand_let(Expander *ex, Datum *d, Scope *sc) {
    Datum *rest = cdr(d);
    if (!is_pair(rest)) return expand_malformed(d, "let");
    Sym *loop_name = NULL;
    if (is_sym(car(rest))) {
        loop_name = car(rest)->sym;
        rest = cdr(rest);
        if (!is_pair(rest)) return expand_malformed(d, "named let");
    }
    DatumVec names = {0}, inits = {0};
    if (!expand_bindings(car(rest), &names, &inits, false, NULL) || !is_pair(cdr(rest))) {
        vec_free(&names);
        vec_free(&inits);
        return expand_malformed(d, "let");
    }
    expand_check_dups(&names);
    Ast *result;
    if (loop_name) {
        AstVec args = {0};
        Datum *params = datum_nil(d->loc);
        for (size_t i = names.len; i-- > 0;) params = datum_cons(names.items[i], params, d->loc);
        for (size_t i = 0; i < inits.len; i++) vec_push(&args, expand_expr(ex, inits.items[i], sc));
        result = expand_loop(ex, loop_name, d->loc, params, cdr(rest), &args, sc);
    } else {
        Ast *let = ast_new(AST_LET, d->loc);
        Scope *inner = sc;
        for (size_t i = 0; i < names.len; i++) {
            vec_push(&let->inits, expand_expr(ex, inits.items[i], sc));
            Var *v = expand_new_var(ex, names.items[i]->sym, names.items[i]->loc);
            vec_push(&let->vars, v);
            inner = expand_bind(inner, v);
        }
        let->body = expand_body(ex, cdr(rest), inner, d->loc);
        result = let;
    }
    vec_free(&names);
    vec_free(&inits);
    return result;
}

static Ast *expand_let_star(Expander *ex, Datum *d, Scope *sc) {
    Datum *rest = cdr(d);
    DatumVec names = {0}, inits = {0};
    if (!is_pair(rest) || !expand_bindings(car(rest), &names, &inits, false, NULL) ||
        !is_pair(cdr(rest))) {
        vec_free(&names);
        vec_free(&inits);
        return expand_malformed(d, "let*");
    }
    /* one AST_LET per binding, innermost holds the body */
    Ast *outer = NULL, *cur = NULL;
    Scope *inner = sc;
    for (size_t i = 0; i < names.len; i++) {
        Ast *let = ast_new(AST_LET, d->loc);
        vec_push(&let->inits, expand_expr(ex, inits.items[i], inner));
        Var *v = expand_new_var(ex, names.items[i]->sym, names.items[i]->loc);
        vec_push(&let->vars, v);
        inner = expand_bind(inner, v);
        if (cur) cur->body = let;
        else outer = let;
        cur = let;
    }
    Ast *body = expand_body(ex, cdr(rest), inner, d->loc);
    if (cur) cur->body = body;
    else outer = body;
    vec_free(&names);
    vec_free(&inits);
    return outer;
}

static Ast *expand_letrec(Expander *ex, Datum *d, Scope *sc) {
    Datum *rest = cdr(d);
    DatumVec names = {0}, inits = {0};
    if (!is_pair(rest) || !expand_bindings(car(rest), &names, &inits, false, NULL) ||
        !is_pair(cdr(rest))) {
        vec_free(&names);
        vec_free(&inits);
        return expand_malformed(d, "letrec");
    }
    expand_check_dups(&names);
    Ast *lr = ast_new(AST_LETREC, d->loc);
    Scope *inner = sc;
    for (size_t i = 0; i < names.len; i++) {
        Var *v = expand_new_var(ex, names.items[i]->sym, names.items[i]->loc);
        vec_push(&lr->vars, v);
        inner = expand_bind(inner, v);
    }
    for (size_t i = 0; i < names.len; i++) {
        Ast *init = expand_expr(ex, inits.items[i], inner);
        if (init->kind == AST_LAMBDA && !init->lambda->name) init->lambda->name = names.items[i]->sym;
        vec_push(&lr->inits, init);
    }
    lr->body = expand_body(ex, cdr(rest), inner, d->loc);
    vec_free(&names);
    vec_free(&inits);
    return lr;
}

/* (do ((var init step)...) (test expr...) command...)  R7RS 4.2.4 */
static Ast *expand_do(Expander *ex, Datum *d, Scope *sc) {
    Datum *rest = cdr(d);
    DatumVec names = {0}, inits = {0}, steps = {0};
    if (!is_pair(rest) || !expand_bindings(car(rest), &names, &inits, true, &steps) ||
        !is_pair(cdr(rest)) || datum_list_length(car(cdr(rest))) == (size_t)-1 ||
        is_nil(car(cdr(rest))) || datum_list_length(cdr(cdr(rest))) == (size_t)-1) {
        vec_free(&names);
        vec_free(&inits);
        vec_free(&steps);
        return expand_malformed(d, "do");
    }
    expand_check_dups(&names);
    for (size_t i = 0; i < inits.len; i++)
        if (!inits.items[i]) return expand_malformed(d, "do");
    Loc loc = d->loc;
    Datum *clause = car(cdr(rest)), *commands = cdr(cdr(rest));
    Sym *loop = expand_gensym(ex, "do");
    /* (lambda (vars) (if test (begin unspec exprs...) (begin commands... (loop steps...)))) */
    Datum *params = datum_nil(loc), *stepcall = datum_nil(loc);
    for (size_t i = names.len; i-- > 0;) {
        params = datum_cons(names.items[i], params, loc);
        stepcall = datum_cons(steps.items[i] ? steps.items[i] : names.items[i], stepcall, loc);
    }
    stepcall = datum_cons(datum_sym(loop, loc), stepcall, loc);
    Datum *unspec = datum_new(DATUM_UNSPEC, loc);
    Datum *then = datum_cons(datum_sym(sym_cstr("begin"), loc),
                             datum_cons(unspec, cdr(clause), loc), loc);
    Datum *cmds = datum_cons(stepcall, datum_nil(loc), loc);
    DatumVec cv = {0};
    for (Datum *p = commands; is_pair(p); p = cdr(p)) vec_push(&cv, car(p));
    for (size_t i = cv.len; i-- > 0;) cmds = datum_cons(cv.items[i], cmds, loc);
    vec_free(&cv);
    Datum *els = datum_cons(datum_sym(sym_cstr("begin"), loc), cmds, loc);
    Datum *body = datum_cons(
        datum_cons(datum_sym(sym_cstr("if"), loc),
                   datum_cons(car(clause), datum_cons(then, datum_cons(els, datum_nil(loc), loc), loc), loc),
                   loc),
        datum_nil(loc), loc);
    AstVec args = {0};
    for (size_t i = 0; i < inits.len; i++) vec_push(&args, expand_expr(ex, inits.items[i], sc));
    /* `begin` and `if` above must mean the special forms even if the program shadows them:
     * the loop body is expanded in a scope where only the do variables are added, so a user
     * binding named `if` would capture it; R7RS hygiene for that case comes with macros. */
    Ast *result = expand_loop(ex, loop, loc, params, body, &args, sc);
    vec_free(&names);
    vec_free(&inits);
    vec_free(&steps);
    return result;
}

/* ---- conditionals (R7RS 4.1.5, 4.2.1) ------------------------------------------------------- */
static Ast *expand_seq_list(Expander *ex, Datum *forms, Scope *sc, Loc loc) {
    Ast *seq = ast_new(AST_SEQ, loc);
    for (Datum *p = forms; is_pair(p); p = cdr(p)) vec_push(&seq->items, expand_expr(ex, car(p), sc));
    if (seq->items.len == 0) return ast_unspec(loc);
    return seq->items.len == 1 ? seq->items.items[0] : seq;
}

static Ast *expand_cond_clauses(Expander *ex, Datum *clauses, Scope *sc, Loc loc) {
    if (is_nil(clauses)) return ast_unspec(loc);
    Datum *c = car(clauses);
    if (datum_list_length(c) == (size_t)-1 || is_nil(c)) return expand_malformed(c, "cond clause");
    if (datum_is_sym(car(c), "else") && !expand_lookup_local(sc, car(c)->sym)) {
        if (!is_nil(cdr(clauses))) diag_error(c->loc, "else clause must be last in cond");
        if (is_nil(cdr(c))) return expand_malformed(c, "cond else clause");
        return expand_seq_list(ex, cdr(c), sc, c->loc);
    }
    Ast *rest = expand_cond_clauses(ex, cdr(clauses), sc, loc);
    Ast *test = expand_expr(ex, car(c), sc);
    if (is_nil(cdr(c))) { /* (test): its value if true */
        Var *t = expand_new_var(ex, expand_gensym(ex, "t"), c->loc);
        Ast *let = ast_new(AST_LET, c->loc);
        vec_push(&let->vars, t);
        vec_push(&let->inits, test);
        let->body = ast_if(ast_ref(t, c->loc), ast_ref(t, c->loc), rest, c->loc);
        return let;
    }
    if (datum_is_sym(car(cdr(c)), "=>") && !expand_lookup_local(sc, car(cdr(c))->sym)) {
        if (datum_list_length(c) != 3) return expand_malformed(c, "cond => clause");
        Var *t = expand_new_var(ex, expand_gensym(ex, "t"), c->loc);
        Ast *let = ast_new(AST_LET, c->loc);
        vec_push(&let->vars, t);
        vec_push(&let->inits, test);
        Ast *call = ast_new(AST_CALL, c->loc);
        call->fn = expand_expr(ex, car(cdr(cdr(c))), sc);
        vec_push(&call->args, ast_ref(t, c->loc));
        let->body = ast_if(ast_ref(t, c->loc), call, rest, c->loc);
        return let;
    }
    return ast_if(test, expand_seq_list(ex, cdr(c), sc, c->loc), rest, c->loc);
}

static Ast *expand_case(Expander *ex, Datum *d, Scope *sc) {
    if (datum_list_length(d) == (size_t)-1 || datum_list_length(d) < 2)
        return expand_malformed(d, "case");
    Loc loc = d->loc;
    Var *k = expand_new_var(ex, expand_gensym(ex, "key"), loc);
    Ast *let = ast_new(AST_LET, loc);
    vec_push(&let->vars, k);
    vec_push(&let->inits, expand_expr(ex, car(cdr(d)), sc));
    /* build the if chain from the last clause backwards */
    DatumVec clauses = {0};
    for (Datum *p = cdr(cdr(d)); is_pair(p); p = cdr(p)) vec_push(&clauses, car(p));
    Ast *chain = ast_unspec(loc);
    for (size_t i = clauses.len; i-- > 0;) {
        Datum *c = clauses.items[i];
        if (datum_list_length(c) == (size_t)-1 || datum_list_length(c) < 2) {
            chain = expand_malformed(c, "case clause");
            continue;
        }
        Ast *body;
        if (datum_is_sym(car(cdr(c)), "=>")) {
            Ast *call = ast_new(AST_CALL, c->loc);
            call->fn = expand_expr(ex, car(cdr(cdr(c))), sc);
            vec_push(&call->args, ast_ref(k, c->loc));
            body = call;
        } else {
            body = expand_seq_list(ex, cdr(c), sc, c->loc);
        }
        if (datum_is_sym(car(c), "else")) {
            if (i != clauses.len - 1) diag_error(c->loc, "else clause must be last in case");
            chain = body;
            continue;
        }
        if (datum_list_length(car(c)) == (size_t)-1) {
            chain = expand_malformed(c, "case clause");
            continue;
        }
        Ast *test = NULL;
        for (Datum *p = car(c); is_pair(p); p = cdr(p)) {
            Ast *eq = ast_prim2("eqv?", ast_ref(k, c->loc), ast_const(car(p), car(p)->loc), c->loc);
            test = test ? ast_if(test, ast_bool(true, c->loc), eq, c->loc) : eq;
        }
        chain = test ? ast_if(test, body, chain, c->loc) : chain;
    }
    vec_free(&clauses);
    let->body = chain;
    return let;
}

static Ast *expand_and_or(Expander *ex, Datum *args, bool is_and, Scope *sc, Loc loc) {
    if (is_nil(args)) return ast_bool(is_and, loc);
    if (is_nil(cdr(args))) return expand_expr(ex, car(args), sc);
    Ast *first = expand_expr(ex, car(args), sc);
    Ast *rest = expand_and_or(ex, cdr(args), is_and, sc, loc);
    if (is_and) return ast_if(first, rest, ast_bool(false, loc), loc);
    Var *t = expand_new_var(ex, expand_gensym(ex, "or"), loc);
    Ast *let = ast_new(AST_LET, loc);
    vec_push(&let->vars, t);
    vec_push(&let->inits, first);
    let->body = ast_if(ast_ref(t, loc), ast_ref(t, loc), rest, loc);
    return let;
}

/* ---- expressions ----------------------------------------------------------------------------- */
static Ast *expand_ref(Expander *ex, Datum *d, Scope *sc) {
    Var *v = expand_lookup_local(sc, d->sym);
    if (!v) v = expand_global(ex, d->sym, d->loc);
    if (v->global && !v->defined && !v->prim && v->nrefs++ == 0) v->loc = d->loc;
    return ast_ref(v, d->loc);
}

static Ast *expand_special(Expander *ex, const char *kw, Datum *d, Scope *sc) {
    size_t n = datum_list_length(d);
    if (n == (size_t)-1) return expand_malformed(d, kw);
    Datum *args = cdr(d);
    Loc loc = d->loc;
    if (!strcmp(kw, "quote")) {
        if (n != 2) return expand_malformed(d, "quote");
        return ast_const(car(args), loc);
    }
    if (!strcmp(kw, "quasiquote")) {
        if (n != 2) return expand_malformed(d, "quasiquote");
        return expand_quasi(ex, car(args), 1, sc);
    }
    if (!strcmp(kw, "lambda")) {
        if (n < 3) return expand_malformed(d, "lambda");
        return ast_lambda(expand_lambda(ex, car(args), cdr(args), NULL, loc, sc));
    }
    if (!strcmp(kw, "if")) {
        if (n != 3 && n != 4) return expand_malformed(d, "if");
        return ast_if(expand_expr(ex, car(args), sc), expand_expr(ex, car(cdr(args)), sc),
                      n == 4 ? expand_expr(ex, car(cdr(cdr(args))), sc) : ast_unspec(loc), loc);
    }
    if (!strcmp(kw, "set!")) {
        if (n != 3 || !is_sym(car(args))) return expand_malformed(d, "set!");
        Ast *a = ast_new(AST_SET, loc);
        Ast *target = expand_ref(ex, car(args), sc);
        a->var = target->var;
        if (a->var->global && !a->var->defined && a->var->prim)
            diag_error(car(args)->loc, "cannot assign to '%s': it is a primitive (define it first)",
                       a->var->name->name);
        a->value = expand_expr(ex, car(cdr(args)), sc);
        return a;
    }
    if (!strcmp(kw, "begin")) {
        if (n == 1) return ast_unspec(loc);
        return expand_seq_list(ex, args, sc, loc);
    }
    if (!strcmp(kw, "let")) return expand_let(ex, d, sc);
    if (!strcmp(kw, "let*")) return expand_let_star(ex, d, sc);
    if (!strcmp(kw, "letrec") || !strcmp(kw, "letrec*")) return expand_letrec(ex, d, sc);
    if (!strcmp(kw, "do")) return expand_do(ex, d, sc);
    if (!strcmp(kw, "cond")) {
        for (Datum *p = args; is_pair(p); p = cdr(p))
            if (!is_pair(car(p))) return expand_malformed(d, "cond");
        return expand_cond_clauses(ex, args, sc, loc);
    }
    if (!strcmp(kw, "case")) return expand_case(ex, d, sc);
    if (!strcmp(kw, "and")) return expand_and_or(ex, args, true, sc, loc);
    if (!strcmp(kw, "or")) return expand_and_or(ex, args, false, sc, loc);
    if (!strcmp(kw, "when") || !strcmp(kw, "unless")) {
        if (n < 3) return expand_malformed(d, kw);
        Ast *test = expand_expr(ex, car(args), sc);
        Ast *body = expand_seq_list(ex, cdr(args), sc, loc);
        return kw[0] == 'w' ? ast_if(test, body, ast_unspec(loc), loc)
                            : ast_if(test, ast_unspec(loc), body, loc);
    }
    if (!strcmp(kw, "define")) {
        diag_error(loc, "define is only allowed at the top level or at the start of a body");
        return ast_unspec(loc);
    }
    if (!strcmp(kw, "import")) {
        diag_error(loc, "import is only allowed at the top level");
        return ast_unspec(loc);
    }
    diag_error(loc, "'%s' is not supported yet", kw);
    return ast_unspec(loc);
}

static Ast *expand_expr(Expander *ex, Datum *d, Scope *sc) {
    switch (d->kind) {
    case DATUM_SYMBOL:
        if (expand_keyword(ex, d, sc)) {
            diag_error(d->loc, "syntax keyword '%s' used as a variable", d->sym->name);
            return ast_unspec(d->loc);
        }
        return expand_ref(ex, d, sc);
    case DATUM_PAIR: {
        const char *kw = expand_keyword(ex, car(d), sc);
        if (kw) return expand_special(ex, kw, d, sc);
        if (datum_list_length(d) == (size_t)-1) return expand_malformed(d, "procedure call");
        Ast *fn = expand_expr(ex, car(d), sc);
        Ast *call = ast_new(AST_CALL, d->loc);
        call->fn = fn;
        for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) vec_push(&call->args, expand_expr(ex, car(p), sc));
        return call;
    }
    case DATUM_NIL:
        diag_error(d->loc, "empty combination (): missing procedure");
        return ast_unspec(d->loc);
    case DATUM_VECTOR: /* vectors self-evaluate (R7RS 4.1.2) */
    default:
        return ast_const(d, d->loc);
    }
}

/* ---- the program (R7RS 5.1, 5.2, 5.3.1) ------------------------------------------------------ */
static void expand_collect_toplevel(Expander *ex, Datum *d, DatumVec *out) {
    if (expand_is_form(ex, d, NULL, "begin") && datum_list_length(d) != (size_t)-1) {
        for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) expand_collect_toplevel(ex, car(p), out);
        return;
    }
    vec_push(out, d);
}

Program *expand_program(const char *file, DatumVec *forms) {
    Program *prog = xcalloc(1, sizeof *prog);
    prog->file = file;
    Expander ex = {.prog = prog};
    DatumVec top = {0};
    for (size_t i = 0; i < forms->len; i++) expand_collect_toplevel(&ex, forms->items[i], &top);
    /* first mark every global the program defines, so uses before the definition resolve */
    for (size_t i = 0; i < top.len; i++) {
        Datum *f = top.items[i], *name, *vp, *b;
        if (expand_is_form(&ex, f, NULL, "define") && expand_define_parts(f, &name, &vp, &b)) {
            Var *v = expand_global(&ex, name->sym, name->loc);
            v->defined = true;
            v->prim = NULL;
            v->loc = name->loc;
        }
    }
    Ast *seq = ast_new(AST_SEQ, (Loc){file, 1, 1});
    for (size_t i = 0; i < top.len; i++) {
        Datum *f = top.items[i], *name, *vp, *b;
        if (expand_is_form(&ex, f, NULL, "import")) continue; /* the standard libraries are built in */
        if (expand_is_form(&ex, f, NULL, "define")) {
            if (!expand_define_parts(f, &name, &vp, &b)) {
                expand_malformed(f, "define");
                continue;
            }
            Ast *a = ast_new(AST_SET, f->loc);
            a->var = expand_global(&ex, name->sym, name->loc);
            a->is_define = true;
            a->value = expand_define_value(&ex, f, name, vp, b, NULL);
            vec_push(&seq->items, a);
            continue;
        }
        vec_push(&seq->items, expand_expr(&ex, f, NULL));
    }
    if (seq->items.len == 0) vec_push(&seq->items, ast_unspec(seq->loc));
    prog->body = seq;
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        if (!v->defined && !v->prim) diag_error(v->loc, "unbound variable '%s'", v->name->name);
    }
    vec_free(&top);
    free(ex.gtab);
    return prog;
}
