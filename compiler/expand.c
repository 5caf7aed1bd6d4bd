/* expand.c: datums to the core AST.
 *
 * Entry point: expand_program. Requires: datums from the reader. Guarantees: every macro use
 * is expanded (syntax-rules, macro.c) and every derived form (let*, named let, do, cond, case,
 * and, or, when, unless, quasiquote, internal define, let-values, define-values, receive,
 * case-lambda, parameterize, delay, guard, define-record-type, include, cond-expand) is
 * rewritten into the core kinds of regalc.h; every identifier is resolved to a Var (local by
 * lexical scope, else a global); references to names nobody defines are reported as
 * "unbound variable" errors. Special forms are recognised by name unless a local binding
 * shadows them (R7RS 4.1, 4.2, 4.3, 5.3). Identifiers may be macro aliases: expand_resolve
 * gives each its binding (see the macros section of regalc.h).
 */
#include "regalc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Scope {
    Sym *name;           /* a plain symbol or a macro alias */
    Var *var;            /* a variable binding, or */
    Macro *macro;        /* a macro binding (define-syntax, let-syntax, letrec-syntax) */
    Scope *next;
};

typedef struct Expander {
    Program *prog;
    Lambda *lambda;      /* innermost lambda being expanded, NULL at top level */
    int next_id;
    /* globals, keyed by Sym pointer (open addressing) */
    Var **gtab;
    size_t gcap, gcount;
    Scope *gmacros;      /* top-level macros, newest first */
    int macro_depth;     /* nested macro expansions, against runaway recursion */
    int include_depth;
} Expander;

#define EXPAND_MAX_MACRO_DEPTH 10000
#define EXPAND_MAX_INCLUDE_DEPTH 64

static Expander *expand_cur; /* for expand_same_binding, called back from macro.c */

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

/* The binding of identifier id in sc: its Scope entry (a local variable, a local macro or a
 * top-level macro), or NULL when it is free. *base is the plain name id stands for. An alias
 * that no binding of the alias itself captures is resolved, as its original, in its macro's
 * definition scope. */
static Scope *expand_resolve(Scope *sc, Sym *id, Sym **base) {
    for (;;) {
        for (Scope *s = sc; s; s = s->next)
            if (s->name == id) {
                if (base) *base = macro_base(id);
                return s;
            }
        Scope *env;
        Sym *orig = macro_alias_of(id, &env);
        if (!orig) break;
        id = orig;
        sc = env;
    }
    if (base) *base = id;
    for (Scope *s = expand_cur ? expand_cur->gmacros : NULL; s; s = s->next)
        if (s->name == id) return s;
    return NULL;
}

bool expand_same_binding(Sym *a, Scope *sa, Sym *b, Scope *sb) {
    Sym *ba, *bb;
    Scope *ea = expand_resolve(sa, a, &ba), *eb = expand_resolve(sb, b, &bb);
    if (ea || eb) return ea == eb;
    return ba == bb;
}

static Scope *expand_bind(Scope *sc, Var *v) {
    Scope *s = xcalloc(1, sizeof *s);
    s->name = v->name;
    s->var = v;
    s->next = sc;
    return s;
}

static Scope *expand_bind_macro(Scope *sc, Sym *name, Macro *m) {
    Scope *s = xcalloc(1, sizeof *s);
    s->name = name;
    s->macro = m;
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

/* The special form a list's head names, if not shadowed by a local binding or a macro. */
static const char *expand_keyword(Expander *ex, Datum *head, Scope *sc) {
    static const char *const keywords[] = {
        "quote", "quasiquote", "lambda", "define", "set!", "if", "begin", "let", "let*",
        "letrec", "letrec*", "do", "cond", "case", "and", "or", "when", "unless", "import",
        "unquote", "unquote-splicing", "define-syntax", "let-syntax", "letrec-syntax",
        "define-record-type", "delay", "delay-force", "case-lambda", "define-values",
        "let-values", "let*-values", "parameterize", "guard", "define-library", "include",
        "cond-expand", "syntax-rules",
        /* not R7RS syntax: a top-level definition of the name turns these off */
        "receive", "assert", NULL};
    Sym *base;
    if (!is_sym(head) || expand_resolve(sc, head->sym, &base)) return NULL;
    for (int i = 0; keywords[i]; i++)
        if (strcmp(base->name, keywords[i]) == 0) {
            if (!strcmp(keywords[i], "receive") || !strcmp(keywords[i], "assert")) {
                for (size_t j = 0; j < ex->prog->globals.len; j++)
                    if (ex->prog->globals.items[j]->name == base && ex->prog->globals.items[j]->defined)
                        return NULL;
            }
            return keywords[i];
        }
    return NULL;
}

/* Is d the auxiliary syntax `name` (else, =>) free in sc? (R7RS 4.3.2 literal matching) */
static bool expand_is_aux(Datum *d, Scope *sc, const char *name) {
    Sym *base;
    return is_sym(d) && !expand_resolve(sc, d->sym, &base) && strcmp(base->name, name) == 0;
}

/* The macro a form's head names, if any. */
static Macro *expand_macro_use(Datum *d, Scope *sc) {
    if (!is_pair(d) || !is_sym(car(d))) return NULL;
    Scope *s = expand_resolve(sc, car(d)->sym, NULL);
    return s ? s->macro : NULL;
}

/* ---- datum builders for derived forms -------------------------------------------------------- */
/* A core alias: the keyword or global `name`, whatever the program binds around the form. */
static Datum *K(const char *name, Loc loc) { return datum_sym(macro_core(name), loc); }

/* (x ...) from the arguments up to NULL. */
static Datum *L(Loc loc, ...) {
    DatumVec v = {0};
    va_list ap;
    va_start(ap, loc);
    for (Datum *d; (d = va_arg(ap, Datum *));) vec_push(&v, d);
    va_end(ap);
    Datum *r = datum_nil(loc);
    for (size_t i = v.len; i-- > 0;) r = datum_cons(v.items[i], r, loc);
    vec_free(&v);
    return r;
}

/* (x ... . tail) */
static Datum *LT(Loc loc, Datum *tail, DatumVec *items) {
    for (size_t i = items->len; i-- > 0;) tail = datum_cons(items->items[i], tail, loc);
    return tail;
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
        return ast_prim2("list", ast_const(macro_strip(car(d)), d->loc),
                         expand_quasi(ex, car(cdr(d)), depth - 1, sc), d->loc);
    }
    if (expand_tagged(d, "quasiquote"))
        return ast_prim2("list", ast_const(macro_strip(car(d)), d->loc),
                         expand_quasi(ex, car(cdr(d)), depth + 1, sc), d->loc);
    if (is_pair(d)) return expand_quasi_list(ex, d, depth, sc);
    if (d->kind == DATUM_VECTOR) {
        Datum *lst = datum_nil(d->loc);
        for (size_t i = d->vec.len; i-- > 0;) lst = datum_cons(d->vec.items[i], lst, d->loc);
        Ast *a = ast_prim("list->vector", d->loc);
        vec_push(&a->args, expand_quasi_list(ex, lst, depth, sc));
        return a;
    }
    return ast_const(macro_strip(d), d->loc);
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

/* ---- definitions: bodies and the top level (R7RS 4.3.1, 5.2, 5.3, 5.4, 4.1.7) --------------- */
/* A form of a body or of the top level after its head is expanded: a definition, or an
 * expression (whose macro uses at the head are already expanded). */
typedef struct BodyForm {
    Datum *d;
    bool is_def;
    Datum *name, *vp, *body;   /* a definition, as expand_define_parts gives them */
} BodyForm;
typedef VEC(BodyForm) BodyFormVec;
typedef VEC(Macro *) MacroVec;

static Datum *expand_define_values(Expander *ex, Datum *d);
static Datum *expand_record_type(Expander *ex, Datum *d);
static Datum *expand_include(Expander *ex, Datum *d);
static Datum *expand_cond_expand(Expander *ex, Datum *d, Scope *sc);
static void expand_import(Datum *d);

/* One macro expansion step, counted against runaway recursion; NULL after an error. */
static Datum *expand_macro_step(Expander *ex, Macro *m, Datum *d, Scope *sc) {
    if (ex->macro_depth >= EXPAND_MAX_MACRO_DEPTH) {
        diag_error(d->loc, "macro expansion nested more than %d deep (a macro that never stops?)",
                   EXPAND_MAX_MACRO_DEPTH);
        return NULL;
    }
    ex->macro_depth++;
    return macro_expand(m, d, sc);
}

/* (syntax-rules ...) in scope sc, for the keyword name. */
static Macro *expand_transformer(Expander *ex, Sym *name, Datum *spec, Scope *sc) {
    const char *kw = is_pair(spec) ? expand_keyword(ex, car(spec), sc) : NULL;
    if (!kw || strcmp(kw, "syntax-rules") != 0 || datum_list_length(spec) == (size_t)-1) {
        diag_error(spec->loc, "the transformer of '%s' must be a syntax-rules form",
                   macro_base(name)->name);
        return NULL;
    }
    return macro_new(name, spec, sc);
}

/* (define-syntax name spec): a top-level macro (macros == NULL) or one of a body. */
static void expand_define_syntax(Expander *ex, Datum *d, Scope **sc, MacroVec *macros) {
    if (datum_list_length(d) != 3 || !is_sym(car(cdr(d)))) {
        expand_malformed(d, "define-syntax");
        return;
    }
    Datum *name = car(cdr(d));
    Macro *m = expand_transformer(ex, name->sym, car(cdr(cdr(d))), *sc);
    if (!m) return;
    if (!macros) {
        ex->gmacros = expand_bind_macro(ex->gmacros, macro_base(name->sym), m);
        macro_set_env(m, NULL);
    } else {
        *sc = expand_bind_macro(*sc, name->sym, m); /* recursive: its own scope sees it */
        macro_set_env(m, *sc);
        vec_push(macros, m);
    }
}

/* Expand the head of one body or top-level form (macros == NULL) until it is a definition or
 * an expression; `begin`, define-values, define-record-type, include and cond-expand splice
 * their forms in; define-syntax extends *sc (or the top-level macros). */
static void expand_scan(Expander *ex, Datum *d, Scope **sc, BodyFormVec *out, MacroVec *macros) {
    int saved_depth = ex->macro_depth;
    Macro *m;
    while (d && (m = expand_macro_use(d, *sc))) d = expand_macro_step(ex, m, d, *sc);
    const char *kw = d && is_pair(d) ? expand_keyword(ex, car(d), *sc) : NULL;
    if (!d) {
        /* already reported */
    } else if (!kw || datum_list_length(d) == (size_t)-1) {
        vec_push(out, ((BodyForm){.d = d}));
    } else if (!strcmp(kw, "define")) {
        BodyForm f = {.d = d, .is_def = true};
        if (expand_define_parts(d, &f.name, &f.vp, &f.body)) vec_push(out, f);
        else expand_malformed(d, "define");
    } else if (!strcmp(kw, "define-syntax")) {
        expand_define_syntax(ex, d, sc, macros);
    } else if (!strcmp(kw, "import")) {
        if (macros) diag_error(d->loc, "import is only allowed at the top level");
        else expand_import(d);
    } else if (!strcmp(kw, "define-library")) {
        diag_error(d->loc, "define-library is not supported (put the program in one file, or "
                           "use include)");
    } else if (!strcmp(kw, "begin") || !strcmp(kw, "define-values") ||
               !strcmp(kw, "define-record-type") || !strcmp(kw, "include") ||
               !strcmp(kw, "cond-expand")) {
        Datum *forms = !strcmp(kw, "begin")              ? cdr(d)
                       : !strcmp(kw, "define-values")    ? expand_define_values(ex, d)
                       : !strcmp(kw, "define-record-type") ? expand_record_type(ex, d)
                       : !strcmp(kw, "include")          ? expand_include(ex, d)
                                                         : expand_cond_expand(ex, d, *sc);
        bool inc = !strcmp(kw, "include");
        ex->include_depth += inc;
        for (Datum *p = forms; is_pair(p); p = cdr(p)) expand_scan(ex, car(p), sc, out, macros);
        ex->include_depth -= inc;
    } else {
        vec_push(out, ((BodyForm){.d = d}));
    }
    ex->macro_depth = saved_depth;
}

/* A body: internal definitions anywhere become one letrec* (R7RS 5.3.2); expressions between
 * definitions keep their order as bindings of unused temporaries. Internal define-syntax
 * (R7RS 5.4) is in scope in the whole body. */
static Ast *expand_body(Expander *ex, Datum *body, Scope *sc, Loc loc) {
    if (datum_list_length(body) == (size_t)-1 || is_nil(body)) {
        diag_error(loc, "a body needs at least one expression");
        return ast_unspec(loc);
    }
    BodyFormVec forms = {0};
    MacroVec macros = {0};
    for (Datum *p = body; is_pair(p); p = cdr(p)) expand_scan(ex, car(p), &sc, &forms, &macros);
    size_t ndefs = 0, last_def = 0;
    for (size_t i = 0; i < forms.len; i++)
        if (forms.items[i].is_def) {
            ndefs++;
            last_def = i + 1;
        }
    Ast *result;
    if (ndefs == 0) {
        Ast *seq = ast_new(AST_SEQ, loc);
        for (size_t i = 0; i < forms.len; i++) vec_push(&seq->items, expand_expr(ex, forms.items[i].d, sc));
        if (seq->items.len == 0) vec_push(&seq->items, ast_unspec(loc));
        result = seq->items.len == 1 ? seq->items.items[0] : seq;
    } else {
        Ast *lr = ast_new(AST_LETREC, loc);
        Scope *inner = sc;
        /* bind every defined name first: the scope of each is the whole body */
        for (size_t i = 0; i < last_def; i++) {
            BodyForm *f = &forms.items[i];
            Var *v = f->is_def ? expand_new_var(ex, f->name->sym, f->name->loc)
                               : expand_new_var(ex, expand_gensym(ex, "seq"), f->d->loc);
            if (f->is_def)
                for (size_t j = 0; j < lr->vars.len; j++)
                    if (lr->vars.items[j]->name == v->name)
                        diag_error(f->name->loc, "duplicate definition of '%s'", v->name->name);
            vec_push(&lr->vars, v);
            inner = expand_bind(inner, v);
        }
        for (size_t i = 0; i < macros.len; i++) macro_set_env(macros.items[i], inner);
        for (size_t i = 0; i < last_def; i++) {
            BodyForm *f = &forms.items[i];
            if (f->is_def)
                vec_push(&lr->inits, expand_define_value(ex, f->d, f->name, f->vp, f->body, inner));
            else
                vec_push(&lr->inits, expand_expr(ex, f->d, inner));
        }
        Ast *seq = ast_new(AST_SEQ, loc);
        for (size_t i = last_def; i < forms.len; i++)
            vec_push(&seq->items, expand_expr(ex, forms.items[i].d, inner));
        if (seq->items.len == 0) vec_push(&seq->items, ast_unspec(loc));
        lr->body = seq->items.len == 1 ? seq->items.items[0] : seq;
        result = lr;
    }
    vec_free(&forms);
    vec_free(&macros);
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
    Datum *then = datum_cons(K("begin", loc),
                             datum_cons(unspec, cdr(clause), loc), loc);
    Datum *cmds = datum_cons(stepcall, datum_nil(loc), loc);
    DatumVec cv = {0};
    for (Datum *p = commands; is_pair(p); p = cdr(p)) vec_push(&cv, car(p));
    for (size_t i = cv.len; i-- > 0;) cmds = datum_cons(cv.items[i], cmds, loc);
    vec_free(&cv);
    Datum *els = datum_cons(K("begin", loc), cmds, loc);
    Datum *body = datum_cons(
        datum_cons(K("if", loc),
                   datum_cons(car(clause), datum_cons(then, datum_cons(els, datum_nil(loc), loc), loc), loc),
                   loc),
        datum_nil(loc), loc);
    AstVec args = {0};
    for (size_t i = 0; i < inits.len; i++) vec_push(&args, expand_expr(ex, inits.items[i], sc));
    /* `begin` and `if` above are core aliases: they mean the special forms even where the
     * program binds those names */
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
    if (expand_is_aux(car(c), sc, "else")) {
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
    if (expand_is_aux(car(cdr(c)), sc, "=>")) {
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
        if (expand_is_aux(car(cdr(c)), sc, "=>")) {
            Ast *call = ast_new(AST_CALL, c->loc);
            call->fn = expand_expr(ex, car(cdr(cdr(c))), sc);
            vec_push(&call->args, ast_ref(k, c->loc));
            body = call;
        } else {
            body = expand_seq_list(ex, cdr(c), sc, c->loc);
        }
        if (expand_is_aux(car(c), sc, "else")) {
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
            Ast *eq = ast_prim2("eqv?", ast_ref(k, c->loc), ast_const(macro_strip(car(p)), car(p)->loc), c->loc);
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

/* ---- derived forms rewritten as datums (R7RS 4.2.5-4.2.7, 4.3, 5.3.3, 5.5, 7.3) ----------- */
/* Keywords and primitives in these rewrites are core aliases (K); temporaries are gensyms, so
 * neither captures nor is captured by the program's names. */
static Datum *G(Expander *ex, const char *hint, Loc loc) {
    return datum_sym(expand_gensym(ex, hint), loc);
}

/* (lambda () . body) */
static Datum *expand_thunk(Datum *body, Loc loc) {
    return datum_cons(K("lambda", loc), datum_cons(datum_nil(loc), body, loc), loc);
}

/* Copy formals (a b . c) with a fresh temporary for each name; pairs (name, temp) in names and
 * temps. False when formals is not a lambda list of identifiers. */
static bool expand_temp_formals(Expander *ex, Datum *formals, Datum **out, DatumVec *names,
                                DatumVec *temps) {
    DatumVec req = {0};
    Datum *p = formals, *tail;
    for (; is_pair(p); p = cdr(p)) {
        if (!is_sym(car(p))) {
            vec_free(&req);
            return false;
        }
        Datum *t = G(ex, "v", car(p)->loc);
        vec_push(names, car(p));
        vec_push(temps, t);
        vec_push(&req, t);
    }
    if (is_sym(p)) {
        tail = G(ex, "v", p->loc);
        vec_push(names, p);
        vec_push(temps, tail);
    } else if (is_nil(p)) {
        tail = p;
    } else {
        vec_free(&req);
        return false;
    }
    *out = LT(formals->loc, tail, &req);
    vec_free(&req);
    return true;
}

/* (define-values formals expr) => (define tmp (call-with-values (lambda () expr)
 *   (lambda temps (vector temp ...)))) (define name (vector-ref tmp i)) ...   R7RS 5.3.3 */
static Datum *expand_define_values(Expander *ex, Datum *d) {
    Loc loc = d->loc;
    if (datum_list_length(d) != 3) {
        expand_malformed(d, "define-values");
        return datum_nil(loc);
    }
    Datum *formals = car(cdr(d)), *thunk = expand_thunk(cdr(cdr(d)), loc);
    if (is_sym(formals))
        return L(loc, L(loc, K("define", loc), formals,
                        L(loc, K("call-with-values", loc), thunk, K("list", loc), NULL), NULL),
                 NULL);
    DatumVec names = {0}, temps = {0};
    Datum *tformals;
    if (!expand_temp_formals(ex, formals, &tformals, &names, &temps)) {
        vec_free(&names);
        vec_free(&temps);
        expand_malformed(d, "define-values");
        return datum_nil(loc);
    }
    Datum *tv = G(ex, "dv", loc);
    Datum *vec = LT(loc, datum_nil(loc), &temps);
    vec = datum_cons(K("vector", loc), vec, loc);
    DatumVec forms = {0};
    vec_push(&forms, L(loc, K("define", loc), tv,
                       L(loc, K("call-with-values", loc), thunk,
                         L(loc, K("lambda", loc), tformals, vec, NULL), NULL),
                       NULL));
    for (size_t i = 0; i < names.len; i++) {
        Datum *idx = datum_new(DATUM_FIXNUM, loc);
        idx->fix = (int64_t)i;
        vec_push(&forms, L(loc, K("define", loc), names.items[i],
                           L(loc, K("vector-ref", loc), tv, idx, NULL), NULL));
    }
    Datum *r = LT(loc, datum_nil(loc), &forms);
    vec_free(&forms);
    vec_free(&names);
    vec_free(&temps);
    return r;
}

/* (define-record-type name ctor pred field ...)  R7RS 5.5. ctor is (make field ...), a bare
 * identifier (every field, in order) or #f; pred an identifier or #f; field is
 * (name [accessor [modifier]]). Expands to definitions calling the %record primitives. */
static Datum *expand_record_type(Expander *ex, Datum *d) {
    Loc loc = d->loc;
    size_t n = datum_list_length(d);
    if (n < 4 || !is_sym(car(cdr(d)))) {
        expand_malformed(d, "define-record-type");
        return datum_nil(loc);
    }
    Datum *tname = car(cdr(d)), *ctor = car(cdr(cdr(d))), *pred = car(cdr(cdr(cdr(d))));
    DatumVec fields = {0}, specs = {0}, forms = {0};
    for (Datum *p = cdr(cdr(cdr(cdr(d)))); is_pair(p); p = cdr(p)) {
        Datum *f = car(p);
        size_t fl = datum_list_length(f);
        if (is_sym(f)) f = L(f->loc, f, NULL), fl = 1;
        if (fl == (size_t)-1 || fl < 1 || fl > 3) {
            expand_malformed(f, "define-record-type field");
            continue;
        }
        for (Datum *q = f; is_pair(q); q = cdr(q))
            if (!is_sym(car(q))) expand_malformed(f, "define-record-type field");
        for (size_t i = 0; i < fields.len; i++)
            if (macro_base(fields.items[i]->sym) == macro_base(car(f)->sym))
                diag_error(car(f)->loc, "duplicate field '%s' in define-record-type", car(f)->sym->name);
        vec_push(&fields, car(f));
        vec_push(&specs, f);
    }
    Datum *qname = L(loc, K("quote", loc), tname, NULL);
    Datum *qfields = L(loc, K("quote", loc), LT(loc, datum_nil(loc), &fields), NULL);
    vec_push(&forms, L(loc, K("define", loc), tname,
                       L(loc, K("%make-record-type", loc), qname, qfields, NULL), NULL));
    /* constructor */
    Datum *cname = NULL, *cfields = NULL;
    if (is_sym(ctor)) {
        cname = ctor;
        cfields = LT(loc, datum_nil(loc), &fields);
    } else if (is_pair(ctor) && is_sym(car(ctor)) && datum_list_length(ctor) != (size_t)-1) {
        cname = car(ctor);
        cfields = cdr(ctor);
    } else if (!(ctor->kind == DATUM_BOOL && !ctor->b)) {
        expand_malformed(ctor, "define-record-type constructor");
    }
    if (cname) {
        Datum **vals = xcalloc(fields.len + 1, sizeof *vals);
        DatumVec params = {0};
        for (Datum *p = cfields; is_pair(p); p = cdr(p)) {
            Datum *t = G(ex, "f", car(p)->loc);
            size_t i = 0;
            while (i < fields.len && !(is_sym(car(p)) && macro_base(fields.items[i]->sym) == macro_base(car(p)->sym))) i++;
            if (i == fields.len) {
                Buf b = {0};
                datum_print(&b, macro_strip(car(p)));
                diag_error(car(p)->loc, "constructor field '%s' is not a field of the record type",
                           buf_cstr(&b));
                buf_free(&b);
            } else {
                if (vals[i]) diag_error(car(p)->loc, "field '%s' appears twice in the constructor",
                                        fields.items[i]->sym->name);
                vals[i] = t;
            }
            vec_push(&params, t);
        }
        DatumVec args = {0};
        vec_push(&args, K("%record", loc));
        vec_push(&args, tname);
        for (size_t i = 0; i < fields.len; i++) {
            Datum *f = vals[i];
            if (!f) {
                f = datum_new(DATUM_BOOL, loc);
                f->b = false;
            }
            vec_push(&args, f);
        }
        vec_push(&forms, L(loc, K("define", loc), cname,
                           L(loc, K("lambda", loc), LT(loc, datum_nil(loc), &params),
                             LT(loc, datum_nil(loc), &args), NULL),
                           NULL));
        vec_free(&args);
        vec_free(&params);
        free(vals);
    }
    if (is_sym(pred)) {
        Datum *t = G(ex, "obj", loc);
        vec_push(&forms, L(loc, K("define", loc), pred,
                           L(loc, K("lambda", loc), L(loc, t, NULL),
                             L(loc, K("%record?", loc), t, tname, NULL), NULL),
                           NULL));
    } else if (!(pred->kind == DATUM_BOOL && !pred->b)) {
        expand_malformed(pred, "define-record-type predicate");
    }
    for (size_t i = 0; i < specs.len; i++) {
        Datum *f = specs.items[i], *acc = is_pair(cdr(f)) ? car(cdr(f)) : NULL;
        Datum *mod = acc && is_pair(cdr(cdr(f))) ? car(cdr(cdr(f))) : NULL;
        Datum *idx = datum_new(DATUM_FIXNUM, loc);
        idx->fix = (int64_t)i;
        Datum *t = G(ex, "obj", loc), *v = G(ex, "val", loc);
        if (acc && is_sym(acc))
            vec_push(&forms, L(loc, K("define", loc), acc,
                               L(loc, K("lambda", loc), L(loc, t, NULL),
                                 L(loc, K("%record-ref", loc), t, tname, idx,
                                   L(loc, K("quote", loc), acc, NULL), NULL),
                                 NULL),
                               NULL));
        if (mod && is_sym(mod))
            vec_push(&forms, L(loc, K("define", loc), mod,
                               L(loc, K("lambda", loc), L(loc, t, v, NULL),
                                 L(loc, K("%record-set!", loc), t, tname, idx, v,
                                   L(loc, K("quote", loc), mod, NULL), NULL),
                                 NULL),
                               NULL));
    }
    Datum *r = LT(loc, datum_nil(loc), &forms);
    vec_free(&forms);
    vec_free(&fields);
    vec_free(&specs);
    return r;
}

/* (let-values (((formals) init) ...) body...)  R7RS 4.2.2: every init outside every binding;
 * let*-values: each init in the scope of the bindings before it. */
static Ast *expand_let_values(Expander *ex, Datum *d, Scope *sc, bool star) {
    Loc loc = d->loc;
    if (datum_list_length(d) < 3 || datum_list_length(car(cdr(d))) == (size_t)-1)
        return expand_malformed(d, star ? "let*-values" : "let-values");
    DatumVec formals = {0}, inits = {0}, names = {0}, temps = {0};
    for (Datum *p = car(cdr(d)); is_pair(p); p = cdr(p)) {
        Datum *b = car(p), *f = NULL;
        if (datum_list_length(b) != 2 ||
            (!star && !expand_temp_formals(ex, car(b), &f, &names, &temps))) {
            vec_free(&formals);
            vec_free(&inits);
            vec_free(&names);
            vec_free(&temps);
            return expand_malformed(d, star ? "let*-values" : "let-values");
        }
        vec_push(&formals, star ? car(b) : f);
        vec_push(&inits, car(cdr(b)));
    }
    Datum *form;
    if (star) {
        form = datum_cons(K("let", loc), datum_cons(datum_nil(loc), cdr(cdr(d)), loc), loc);
    } else {
        DatumVec bs = {0};
        for (size_t i = 0; i < names.len; i++) vec_push(&bs, L(loc, names.items[i], temps.items[i], NULL));
        form = datum_cons(K("let", loc), datum_cons(LT(loc, datum_nil(loc), &bs), cdr(cdr(d)), loc), loc);
        vec_free(&bs);
    }
    for (size_t i = formals.len; i-- > 0;)
        form = L(loc, K("call-with-values", loc), expand_thunk(L(loc, inits.items[i], NULL), loc),
                 L(loc, K("lambda", loc), formals.items[i], form, NULL), NULL);
    vec_free(&formals);
    vec_free(&inits);
    vec_free(&names);
    vec_free(&temps);
    return expand_expr(ex, form, sc);
}

/* (case-lambda (formals body...) ...)  R7RS 4.2.9: each clause is a lambda; the procedure takes
 * any arguments and applies the first clause whose arity accepts them. */
static Ast *expand_case_lambda(Expander *ex, Datum *d, Scope *sc) {
    Loc loc = d->loc;
    if (datum_list_length(d) == (size_t)-1) return expand_malformed(d, "case-lambda");
    Datum *args = G(ex, "args", loc), *n = G(ex, "n", loc);
    DatumVec binds = {0}, clauses = {0};
    for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) {
        Datum *c = car(p);
        if (datum_list_length(c) == (size_t)-1 || datum_list_length(c) < 2) {
            vec_free(&binds);
            vec_free(&clauses);
            return expand_malformed(c, "case-lambda clause");
        }
        int64_t nreq = 0;
        Datum *f = car(c);
        for (; is_pair(f); f = cdr(f)) nreq++;
        Datum *cl = G(ex, "clause", c->loc);
        vec_push(&binds, L(loc, cl, datum_cons(K("lambda", c->loc), c, c->loc), NULL));
        Datum *k = datum_new(DATUM_FIXNUM, c->loc);
        k->fix = nreq;
        vec_push(&clauses, L(loc, L(loc, K(is_nil(f) ? "=" : ">=", loc), n, k, NULL),
                             L(loc, K("apply", loc), cl, args, NULL), NULL));
    }
    Datum *msg = datum_new(DATUM_STRING, loc);
    static const char text[] = "case-lambda: no clause matches";
    msg->str.len = sizeof text - 1;
    msg->str.chars = xmalloc(sizeof text * sizeof *msg->str.chars);
    for (size_t i = 0; i < sizeof text - 1; i++) msg->str.chars[i] = (uint8_t)text[i];
    vec_push(&clauses, L(loc, K("else", loc), L(loc, K("error", loc), msg, args, NULL), NULL));
    Datum *dispatch =
        L(loc, K("lambda", loc), args,
          L(loc, K("let", loc), L(loc, L(loc, n, L(loc, K("length", loc), args, NULL), NULL), NULL),
            datum_cons(K("cond", loc), LT(loc, datum_nil(loc), &clauses), loc), NULL),
          NULL);
    Datum *form = L(loc, K("let", loc), LT(loc, datum_nil(loc), &binds), dispatch, NULL);
    vec_free(&binds);
    vec_free(&clauses);
    return expand_expr(ex, form, sc);
}

/* (parameterize ((param value) ...) body...)  R7RS 4.2.6, as regal.h (Control) describes. */
static Ast *expand_parameterize(Expander *ex, Datum *d, Scope *sc) {
    Loc loc = d->loc;
    if (datum_list_length(d) < 3 || datum_list_length(car(cdr(d))) == (size_t)-1)
        return expand_malformed(d, "parameterize");
    DatumVec binds = {0}, swaps = {0};
    for (Datum *p = car(cdr(d)); is_pair(p); p = cdr(p)) {
        Datum *b = car(p);
        if (datum_list_length(b) != 2) {
            vec_free(&binds);
            vec_free(&swaps);
            return expand_malformed(d, "parameterize");
        }
        Datum *pv = G(ex, "p", b->loc), *vv = G(ex, "v", b->loc);
        vec_push(&binds, L(loc, pv, car(b), NULL));
        vec_push(&binds, L(loc, vv, L(loc, K("%parameter-convert", loc), pv, car(cdr(b)), NULL), NULL));
        vec_push(&swaps, L(loc, K("set!", loc), vv, L(loc, K("%parameter-swap!", loc), pv, vv, NULL), NULL));
    }
    Datum *swap = datum_cons(K("lambda", loc), datum_cons(datum_nil(loc), LT(loc, datum_nil(loc), &swaps), loc), loc);
    if (swaps.len == 0) swap = L(loc, K("lambda", loc), datum_nil(loc), L(loc, K("void", loc), NULL), NULL);
    Datum *form = L(loc, K("let*", loc), LT(loc, datum_nil(loc), &binds),
                    L(loc, K("dynamic-wind", loc), swap, expand_thunk(cdr(cdr(d)), loc), swap, NULL),
                    NULL);
    vec_free(&binds);
    vec_free(&swaps);
    return expand_expr(ex, form, sc);
}

/* (guard (var clause...) body...)  R7RS 4.2.7, as regal.h (Control) describes: the clauses run
 * after unwinding to the guard; with no else clause an unmatched condition is raised again
 * (raise-continuable) from there. */
static Ast *expand_guard(Expander *ex, Datum *d, Scope *sc) {
    Loc loc = d->loc;
    if (datum_list_length(d) < 3 || !is_pair(car(cdr(d))) || !is_sym(car(car(cdr(d)))) ||
        datum_list_length(car(cdr(d))) == (size_t)-1)
        return expand_malformed(d, "guard");
    Datum *var = car(car(cdr(d))), *clauses = cdr(car(cdr(d)));
    Datum *k = G(ex, "k", loc), *c = G(ex, "c", loc), *vals = G(ex, "vals", loc);
    DatumVec cl = {0};
    bool has_else = false;
    for (Datum *p = clauses; is_pair(p); p = cdr(p)) {
        if (!is_pair(car(p))) {
            vec_free(&cl);
            return expand_malformed(d, "guard clause");
        }
        has_else = expand_is_aux(car(car(p)), sc, "else");
        vec_push(&cl, car(p));
    }
    if (!has_else)
        vec_push(&cl, L(loc, K("else", loc), L(loc, K("raise-continuable", loc), c, NULL), NULL));
    Datum *handler =
        L(loc, K("lambda", loc), L(loc, c, NULL),
          L(loc, k,
            expand_thunk(L(loc, L(loc, K("let", loc), L(loc, L(loc, var, c, NULL), NULL),
                                  datum_cons(K("cond", loc), LT(loc, datum_nil(loc), &cl), loc), NULL),
                           NULL),
                         loc),
            NULL),
          NULL);
    Datum *body =
        expand_thunk(L(loc, L(loc, K("call-with-values", loc), expand_thunk(cdr(cdr(d)), loc),
                              L(loc, K("lambda", loc), vals,
                                L(loc, k,
                                  expand_thunk(L(loc, L(loc, K("apply", loc), K("values", loc), vals, NULL), NULL), loc),
                                  NULL),
                                NULL),
                              NULL),
                       NULL),
                     loc);
    Datum *form = L(loc, L(loc, K("call/cc", loc),
                           L(loc, K("lambda", loc), L(loc, k, NULL),
                             L(loc, K("with-exception-handler", loc), handler, body, NULL), NULL),
                           NULL),
                    NULL);
    vec_free(&cl);
    return expand_expr(ex, form, sc);
}

/* (let-syntax ((name spec) ...) body...) and letrec-syntax  R7RS 4.3.1 */
static Ast *expand_let_syntax(Expander *ex, Datum *d, Scope *sc, bool rec) {
    const char *what = rec ? "letrec-syntax" : "let-syntax";
    if (datum_list_length(d) < 3 || datum_list_length(car(cdr(d))) == (size_t)-1)
        return expand_malformed(d, what);
    Scope *inner = sc;
    MacroVec macros = {0};
    for (Datum *p = car(cdr(d)); is_pair(p); p = cdr(p)) {
        Datum *b = car(p);
        if (datum_list_length(b) != 2 || !is_sym(car(b))) {
            vec_free(&macros);
            return expand_malformed(d, what);
        }
        Macro *m = expand_transformer(ex, car(b)->sym, car(cdr(b)), sc);
        if (!m) continue;
        inner = expand_bind_macro(inner, car(b)->sym, m);
        vec_push(&macros, m);
    }
    if (rec)
        for (size_t i = 0; i < macros.len; i++) macro_set_env(macros.items[i], inner);
    vec_free(&macros);
    return expand_body(ex, cdr(cdr(d)), inner, d->loc);
}

/* ---- libraries, features and include (R7RS 4.1.7, 4.2.1 cond-expand, 5.2, 5.6.1) ---------- */
static const char *const expand_srfis[] = {"0", "1", "6", "8", "9", "11", "16", "23", "30", "39",
                                           "62", "69", "87", "98", NULL};

bool expand_feature(Sym *name) {
    static const char *const features[] = {"r7rs", "regal", "full-unicode", "ieee-float",
                                           "posix", "exact-integers", NULL};
    for (int i = 0; features[i]; i++)
        if (!strcmp(name->name, features[i])) return true;
    if (!strncmp(name->name, "srfi-", 5))
        for (int i = 0; expand_srfis[i]; i++)
            if (!strcmp(name->name + 5, expand_srfis[i])) return true;
    return false;
}

bool expand_library_known(Datum *name) {
    static const char *const scheme_libs[] = {
        "base", "case-lambda", "char", "complex", "cxr", "eval", "file", "inexact", "lazy",
        "load", "process-context", "read", "repl", "time", "write", "r5rs", NULL};
    if (datum_list_length(name) != 2 || !is_sym(car(name))) return false;
    const char *lib = macro_base(car(name)->sym)->name;
    Datum *x = car(cdr(name));
    if (!strcmp(lib, "scheme") && is_sym(x)) {
        for (int i = 0; scheme_libs[i]; i++)
            if (!strcmp(macro_base(x->sym)->name, scheme_libs[i])) return true;
    } else if (!strcmp(lib, "srfi") && x->kind == DATUM_FIXNUM) {
        char buf[32];
        snprintf(buf, sizeof buf, "%lld", (long long)x->fix);
        for (int i = 0; expand_srfis[i]; i++)
            if (!strcmp(buf, expand_srfis[i])) return true;
    }
    return false;
}

static void expand_import_set(Datum *set) {
    if (is_pair(set) && is_sym(car(set)) && datum_list_length(set) != (size_t)-1) {
        const char *h = macro_base(car(set)->sym)->name;
        if (!strcmp(h, "only") || !strcmp(h, "except")) {
            if (is_pair(cdr(set))) expand_import_set(car(cdr(set)));
            return;
        }
        if ((!strcmp(h, "prefix") || !strcmp(h, "rename")) && is_pair(cdr(set))) {
            diag_error(set->loc, "import %s is not supported", h);
            return;
        }
    }
    if (!expand_library_known(set)) {
        Buf b = {0};
        datum_print(&b, macro_strip(set));
        diag_error(set->loc, "unknown library %s", buf_cstr(&b));
        buf_free(&b);
    }
}

/* (import set ...): the standard libraries are built in; anything else is an error. */
static void expand_import(Datum *d) {
    for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) expand_import_set(car(p));
}

static bool expand_requirement(Datum *r, Scope *sc) {
    if (is_sym(r)) return expand_feature(macro_base(r->sym));
    if (!is_pair(r) || !is_sym(car(r)) || datum_list_length(r) == (size_t)-1) {
        expand_malformed(r, "cond-expand feature requirement");
        return false;
    }
    const char *h = macro_base(car(r)->sym)->name;
    if (!strcmp(h, "and") || !strcmp(h, "or")) {
        bool is_and = h[0] == 'a';
        for (Datum *p = cdr(r); is_pair(p); p = cdr(p))
            if (expand_requirement(car(p), sc) != is_and) return !is_and;
        return is_and;
    }
    if (!strcmp(h, "not") && datum_list_length(r) == 2) return !expand_requirement(car(cdr(r)), sc);
    if (!strcmp(h, "library") && datum_list_length(r) == 2) return expand_library_known(car(cdr(r)));
    expand_malformed(r, "cond-expand feature requirement");
    return false;
}

/* The forms of the first clause whose requirement holds (nothing when none does). */
static Datum *expand_cond_expand(Expander *ex, Datum *d, Scope *sc) {
    (void)ex;
    for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) {
        Datum *c = car(p);
        if (!is_pair(c) || datum_list_length(c) == (size_t)-1) {
            expand_malformed(c, "cond-expand clause");
            return datum_nil(d->loc);
        }
        if ((is_sym(car(c)) && !strcmp(macro_base(car(c)->sym)->name, "else")) ||
            expand_requirement(car(c), sc))
            return cdr(c);
    }
    return datum_nil(d->loc);
}

/* (include "file" ...): the forms of each file, read relative to the including file's
 * directory, with their own locations. */
static Datum *expand_include(Expander *ex, Datum *d) {
    DatumVec all = {0};
    if (ex->include_depth >= EXPAND_MAX_INCLUDE_DEPTH) {
        diag_error(d->loc, "include nested more than %d deep (a file that includes itself?)",
                   EXPAND_MAX_INCLUDE_DEPTH);
        return datum_nil(d->loc);
    }
    if (is_nil(cdr(d))) expand_malformed(d, "include");
    for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) {
        Datum *f = car(p);
        if (f->kind != DATUM_STRING) {
            expand_malformed(d, "include (expected file names as strings)");
            continue;
        }
        Buf name = {0};
        for (size_t i = 0; i < f->str.len; i++) buf_put_utf8(&name, f->str.chars[i]);
        const char *from = f->loc.file ? f->loc.file : "";
        const char *slash = strrchr(from, '/');
        char *path = name.len && buf_cstr(&name)[0] != '/' && slash
                         ? xasprintf("%.*s/%s", (int)(slash - from), from, buf_cstr(&name))
                         : xstrdup(buf_cstr(&name));
        buf_free(&name);
        size_t len;
        char *text = util_read_file(path, &len);
        if (!text) {
            diag_error(f->loc, "cannot include '%s': %s", path, strerror(errno));
            continue;
        }
        DatumVec forms = {0};
        reader_read_all(path, text, len, &forms); /* errors are counted by diag_error */
        for (size_t i = 0; i < forms.len; i++) vec_push(&all, forms.items[i]);
        vec_free(&forms);
    }
    Datum *r = LT(d->loc, datum_nil(d->loc), &all);
    vec_free(&all);
    return r;
}

/* ---- expressions ----------------------------------------------------------------------------- */
static Ast *expand_ref(Expander *ex, Datum *d, Scope *sc) {
    Sym *base;
    Scope *s = expand_resolve(sc, d->sym, &base);
    if (s && s->macro) {
        diag_error(d->loc, "syntax keyword '%s' used as a variable", base->name);
        return ast_unspec(d->loc);
    }
    Var *v = s ? s->var : expand_global(ex, base, d->loc);
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
        return ast_const(macro_strip(car(args)), loc);
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
        if (target->kind != AST_REF) return target;
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
    if (!strcmp(kw, "define") || !strcmp(kw, "define-syntax") || !strcmp(kw, "define-values") ||
        !strcmp(kw, "define-record-type")) {
        diag_error(loc, "%s is only allowed at the top level or in a body", kw);
        return ast_unspec(loc);
    }
    if (!strcmp(kw, "import")) {
        diag_error(loc, "import is only allowed at the top level");
        return ast_unspec(loc);
    }
    if (!strcmp(kw, "let-values")) return expand_let_values(ex, d, sc, false);
    if (!strcmp(kw, "let*-values")) return expand_let_values(ex, d, sc, true);
    if (!strcmp(kw, "receive")) { /* SRFI 8 */
        if (n < 4) return expand_malformed(d, "receive");
        Datum *form = L(loc, K("call-with-values", loc), expand_thunk(L(loc, car(cdr(args)), NULL), loc),
                        datum_cons(K("lambda", loc), datum_cons(car(args), cdr(cdr(args)), loc), loc), NULL);
        return expand_expr(ex, form, sc);
    }
    if (!strcmp(kw, "case-lambda")) return expand_case_lambda(ex, d, sc);
    if (!strcmp(kw, "parameterize")) return expand_parameterize(ex, d, sc);
    if (!strcmp(kw, "guard")) return expand_guard(ex, d, sc);
    if (!strcmp(kw, "delay") || !strcmp(kw, "delay-force")) { /* R7RS 4.2.5 */
        if (n != 2) return expand_malformed(d, kw);
        const char *maker = kw[5] ? "%make-promise-delay-force" : "%make-promise-lazy";
        return expand_expr(ex, L(loc, K(maker, loc), expand_thunk(args, loc), NULL), sc);
    }
    if (!strcmp(kw, "assert")) {
        if (n != 2) return expand_malformed(d, "assert");
        Datum *msg = datum_new(DATUM_STRING, loc);
        static const char text[] = "assertion failed";
        msg->str.len = sizeof text - 1;
        msg->str.chars = xmalloc(sizeof text * sizeof *msg->str.chars);
        for (size_t i = 0; i < sizeof text - 1; i++) msg->str.chars[i] = (uint8_t)text[i];
        Datum *t = datum_new(DATUM_BOOL, loc);
        t->b = true;
        Datum *form = L(loc, K("if", loc), car(args), t,
                        L(loc, K("error", loc), msg, L(loc, K("quote", loc), car(args), NULL), NULL),
                        NULL);
        return expand_expr(ex, form, sc);
    }
    if (!strcmp(kw, "let-syntax")) return expand_let_syntax(ex, d, sc, false);
    if (!strcmp(kw, "letrec-syntax")) return expand_let_syntax(ex, d, sc, true);
    if (!strcmp(kw, "include") || !strcmp(kw, "cond-expand")) {
        Datum *forms = kw[0] == 'i' ? expand_include(ex, d) : expand_cond_expand(ex, d, sc);
        ex->include_depth += kw[0] == 'i';
        Ast *a = expand_seq_list(ex, forms, sc, loc);
        ex->include_depth -= kw[0] == 'i';
        return a;
    }
    if (!strcmp(kw, "define-library")) {
        diag_error(loc, "define-library is not supported (put the program in one file, or use "
                        "include)");
        return ast_unspec(loc);
    }
    if (!strcmp(kw, "syntax-rules")) {
        diag_error(loc, "syntax-rules is only allowed as the transformer of define-syntax, "
                        "let-syntax or letrec-syntax");
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
        Macro *m = expand_macro_use(d, sc);
        if (m) {
            int saved = ex->macro_depth;
            Datum *e = expand_macro_step(ex, m, d, sc);
            Ast *a = e ? expand_expr(ex, e, sc) : ast_unspec(d->loc);
            ex->macro_depth = saved;
            return a;
        }
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
Program *expand_program(const char *file, DatumVec *forms) {
    Program *prog = xcalloc(1, sizeof *prog);
    prog->file = file;
    Expander ex = {.prog = prog};
    expand_cur = &ex;
    BodyFormVec top = {0};
    Scope *tsc = NULL;
    for (size_t i = 0; i < forms->len; i++) expand_scan(&ex, forms->items[i], &tsc, &top, NULL);
    /* first mark every global the program defines, so uses before the definition resolve */
    for (size_t i = 0; i < top.len; i++) {
        if (!top.items[i].is_def) continue;
        Datum *name = top.items[i].name;
        Var *v = expand_global(&ex, macro_base(name->sym), name->loc);
        v->defined = true;
        v->prim = NULL;
        v->loc = name->loc;
    }
    Ast *seq = ast_new(AST_SEQ, (Loc){file, 1, 1});
    for (size_t i = 0; i < top.len; i++) {
        BodyForm *f = &top.items[i];
        if (f->is_def) {
            Ast *a = ast_new(AST_SET, f->d->loc);
            a->var = expand_global(&ex, macro_base(f->name->sym), f->name->loc);
            a->is_define = true;
            a->value = expand_define_value(&ex, f->d, f->name, f->vp, f->body, NULL);
            vec_push(&seq->items, a);
            continue;
        }
        vec_push(&seq->items, expand_expr(&ex, f->d, NULL));
    }
    if (seq->items.len == 0) vec_push(&seq->items, ast_unspec(seq->loc));
    prog->body = seq;
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        if (!v->defined && !v->prim) diag_error(v->loc, "unbound variable '%s'", v->name->name);
    }
    vec_free(&top);
    free(ex.gtab);
    expand_cur = NULL;
    return prog;
}
