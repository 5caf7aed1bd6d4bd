/* expand.c: datums to the core AST, the hygienic expander.
 *
 * Entry point: expand_program. Requires: datums from the reader. Guarantees: every macro use
 * is expanded (syntax-rules, macro.c) and every derived form is rewritten by its expander in
 * derive.c, so only the core kinds of regalc.h remain; every identifier is resolved to a Var
 * (scope.c: local by lexical scope, else a global); references to names nobody defines are
 * reported as "unbound variable" errors. This file keeps the core special forms (CORE_FORMS
 * below), bodies with internal definitions, the top levels (the program's, each library's,
 * the core one: what each name means there), include, include-ci and cond-expand; library.c
 * does import and define-library.
 * Keywords are recognised by their binding, not their spelling: a local binding or a macro
 * shadows them (R7RS 4.1, 4.3, 5.3); each is found by one lookup of its Sym in a table.
 */
#include "regalc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The special forms the expander itself implements (every other keyword is a derived form,
 * derive_forms), with the R7RS section of each. unquote and unquote-splicing are keywords only
 * so that a use outside quasiquote is reported. */
#define CORE_FORMS(X)                                                                      \
    X(CORE_QUOTE, "quote", "4.1.2", LIB_BASE | LIB_R5RS)                                   \
    X(CORE_LAMBDA, "lambda", "4.1.4", LIB_BASE | LIB_R5RS)                                 \
    X(CORE_IF, "if", "4.1.5", LIB_BASE | LIB_R5RS)                                         \
    X(CORE_SET, "set!", "4.1.6", LIB_BASE | LIB_R5RS)                                      \
    X(CORE_INCLUDE, "include", "4.1.7", LIB_BASE)                                          \
    X(CORE_INCLUDE_CI, "include-ci", "4.1.7", LIB_BASE)                                    \
    X(CORE_COND_EXPAND, "cond-expand", "4.2.1", LIB_BASE | LIB_SRFI_0)                     \
    X(CORE_BEGIN, "begin", "4.2.3, 5.6.1", LIB_BASE | LIB_R5RS)                            \
    X(CORE_UNQUOTE, "unquote", "4.2.8", LIB_BASE)                                          \
    X(CORE_UNQUOTE_SPLICING, "unquote-splicing", "4.2.8", LIB_BASE)                        \
    X(CORE_LET_SYNTAX, "let-syntax", "4.3.1", LIB_BASE | LIB_R5RS)                         \
    X(CORE_LETREC_SYNTAX, "letrec-syntax", "4.3.1", LIB_BASE | LIB_R5RS)                   \
    X(CORE_SYNTAX_RULES, "syntax-rules", "4.3.2", LIB_BASE | LIB_R5RS)                     \
    X(CORE_SYNTAX_ERROR, "syntax-error", "4.3.3", LIB_BASE)                                \
    X(CORE_IMPORT, "import", "5.2", 0)                                                     \
    X(CORE_DEFINE, "define", "5.3", LIB_BASE | LIB_R5RS)                                   \
    X(CORE_DEFINE_SYNTAX, "define-syntax", "5.4", LIB_BASE | LIB_R5RS)                     \
    X(CORE_DEFINE_LIBRARY, "define-library", "5.6.1", 0)                                   \
    X(CORE_ELSE, "else", "4.2.1 (auxiliary)", LIB_BASE | LIB_R5RS)                         \
    X(CORE_ARROW, "=>", "4.2.1 (auxiliary)", LIB_BASE | LIB_R5RS)                          \
    X(CORE_ELLIPSIS, "...", "4.3.2 (auxiliary)", LIB_BASE | LIB_R5RS)                      \
    X(CORE_UNDERSCORE, "_", "4.3.2 (auxiliary)", LIB_BASE | LIB_R5RS)
typedef enum {
    CORE_NONE,
#define CORE_ENUM(id, keyword, r7rs, libs) id,
    CORE_FORMS(CORE_ENUM)
#undef CORE_ENUM
} CoreForm;

/* A keyword: a core form, or a derived form (core == CORE_NONE). Auxiliary syntax (else, =>,
 * ..., _) is a keyword only so that libraries export it and literals match through renaming
 * imports: it never heads a form, and a top-level definition replaces it. */
struct Keyword {
    Sym *sym;                    /* NULL: an empty slot */
    CoreForm core;
    const DeriveForm *derived;
    LibSet libs;                 /* the built-in libraries that export it */
    bool aux;
};
#define EXPAND_KEYWORD_SLOTS 128 /* a power of two, well above the number of keywords */

struct Expander {
    Program *prog;
    Lambda *lambda;      /* innermost lambda being expanded, NULL at top level */
    int next_id;
    TopEnv *env;         /* the top level being expanded: program, library or (prelude) core */
    TopEnv program, core;
    Var *prim_vars[PRIM_COUNT]; /* each primitive's global, shared by every top level */
    Keyword keywords[EXPAND_KEYWORD_SLOTS]; /* keyed by Sym pointer (open addressing) */
    int macro_depth;     /* nested macro expansions, against runaway recursion */
    int include_depth;
    Libraries *libs;
    const ExpandOptions *opt;
    size_t bodies_done;  /* a session: the library bodies already handed out */
};

#define EXPAND_MAX_MACRO_DEPTH 10000
#define EXPAND_MAX_INCLUDE_DEPTH 64

Ast *ast_new(AstKind kind, Loc loc) {
    Ast *a = xcalloc(1, sizeof *a);
    a->kind = kind;
    a->loc = loc;
    return a;
}

/* ---- variables ---------------------------------------------------------------------------- */
Var *expand_new_var(Expander *ex, Sym *name, Loc loc) {
    Var *v = xcalloc(1, sizeof *v);
    v->name = name;
    v->loc = loc;
    v->id = ex->next_id++;
    v->owner = ex->lambda;
    return v;
}

/* A new global of the program (a top-level variable of the program or of a library). */
static Var *expand_new_global(Expander *ex, Sym *name, Loc loc) {
    Var *v = xcalloc(1, sizeof *v);
    v->name = name;
    v->loc = loc;
    v->id = ex->next_id++;
    v->global = true;
    vec_push(&ex->prog->globals, v);
    return v;
}

Var *expand_extern_var(Expander *ex, Sym *name, const ExtVar *ext, Loc loc) {
    Var *v = expand_new_global(ex, name, loc);
    v->ext = ext;
    return v;
}

/* The global that names primitive p wherever it is bound (never defined by the program). */
static Var *expand_prim_var(Expander *ex, const Prim *p, Loc loc) {
    if (!ex->prim_vars[p->id]) {
        ex->prim_vars[p->id] = expand_new_global(ex, sym_cstr(p->name), loc);
        ex->prim_vars[p->id]->prim = p;
    }
    return ex->prim_vars[p->id];
}

/* A name no program can write, for temporaries of derived forms. */
Sym *expand_gensym(Expander *ex, const char *hint) {
    /* outside the symbol table, so no identifier of the program is this Sym (not even one
     * spelt | t12|); the text " hint<n>" is for messages and C names */
    int n = ex->next_id++;
    Sym *s = xcalloc(1, sizeof *s);
    s->name = xasprintf(" %s%d", hint, n);
    s->len = strlen(s->name);
    s->hash = (uint32_t)n * 2654435761u;
    return s;
}

/* ---- AST builders --------------------------------------------------------------------------- */
Ast *ast_const(Datum *d, Loc loc) {
    Ast *a = ast_new(AST_CONST, loc);
    a->datum = d;
    return a;
}
Ast *ast_unspec(Loc loc) { return ast_const(datum_new(DATUM_UNSPEC, loc), loc); }
Ast *ast_bool(bool b, Loc loc) {
    Datum *d = datum_new(DATUM_BOOL, loc);
    d->b = b;
    return ast_const(d, loc);
}
Ast *ast_ref(Var *v, Loc loc) {
    Ast *a = ast_new(AST_REF, loc);
    a->var = v;
    return a;
}
Ast *ast_if(Ast *test, Ast *then, Ast *els, Loc loc) {
    Ast *a = ast_new(AST_IF, loc);
    a->test = test;
    a->then = then;
    a->els = els;
    return a;
}
Ast *ast_prim(const char *name, Loc loc) {
    Ast *a = ast_new(AST_PRIMCALL, loc);
    a->prim = prims_lookup(sym_cstr(name));
    if (!a->prim) diag_internal("primitive %s missing from prims.def", name);
    return a;
}
Ast *ast_prim2(const char *name, Ast *x, Ast *y, Loc loc) {
    Ast *a = ast_prim(name, loc);
    vec_push(&a->args, x);
    vec_push(&a->args, y);
    return a;
}
Ast *ast_lambda(Lambda *l) {
    Ast *a = ast_new(AST_LAMBDA, l->loc);
    a->lambda = l;
    return a;
}

/* ---- syntax helpers ------------------------------------------------------------------------ */
static Datum *car(Datum *d) { return d->pair.car; }
static Datum *cdr(Datum *d) { return d->pair.cdr; }
static bool is_pair(Datum *d) { return d->kind == DATUM_PAIR; }
static bool is_sym(Datum *d) { return d->kind == DATUM_SYMBOL; }
static bool is_nil(Datum *d) { return d->kind == DATUM_NIL; }

/* ---- keywords ----------------------------------------------------------------------------- */
static void expand_add_keyword(Expander *ex, const char *name, CoreForm core,
                               const DeriveForm *derived, LibSet libs) {
    Sym *s = sym_cstr(name);
    size_t h = s->hash & (EXPAND_KEYWORD_SLOTS - 1);
    while (ex->keywords[h].sym) h = (h + 1) & (EXPAND_KEYWORD_SLOTS - 1);
    bool aux = core == CORE_ELSE || core == CORE_ARROW || core == CORE_ELLIPSIS ||
               core == CORE_UNDERSCORE;
    ex->keywords[h] = (Keyword){s, core, derived, libs, aux};
}

static void expand_init_keywords(Expander *ex) {
#define CORE_ADD(id, keyword, r7rs, libs) expand_add_keyword(ex, keyword, id, NULL, libs);
    CORE_FORMS(CORE_ADD)
#undef CORE_ADD
    for (const DeriveForm *f = derive_forms; f->keyword; f++)
        expand_add_keyword(ex, f->keyword, CORE_NONE, f, f->libs);
}

/* The built-in keyword spelt name, or NULL. */
static const Keyword *expand_builtin_keyword(Expander *ex, Sym *name) {
    size_t h = name->hash & (EXPAND_KEYWORD_SLOTS - 1);
    const Keyword *k = &ex->keywords[h];
    for (; k->sym && k->sym != name; k = &ex->keywords[h]) h = (h + 1) & (EXPAND_KEYWORD_SLOTS - 1);
    return k->sym ? k : NULL;
}

/* ---- top levels (R7RS 5.1, 5.2, 5.6) ------------------------------------------------------------
 * A TopEnv maps each name of a top level to its binding. The open and the core top levels see
 * every built-in keyword and primitive by its name (the bindings are made on first use); a
 * closed one only what it imports or defines. */
static ScopeTop *env_top(TopEnv *env) { return env->kind == ENV_CORE ? scope_core_top() : &env->top; }
static TopEnv *top_env(const ScopeTop *top) { return (TopEnv *)top->env; }

static Binding *env_slot(TopEnv *env, Sym *name) {
    size_t h = (size_t)name->hash & (env->cap - 1);
    while (env->tab[h].name && env->tab[h].name != name) h = (h + 1) & (env->cap - 1);
    return &env->tab[h];
}

static Binding *env_get(TopEnv *env, Sym *name) {
    if (!env->cap) return NULL;
    Binding *b = env_slot(env, name);
    return b->name ? b : NULL;
}

/* Bind b->name to b (replacing its binding, if any). The pointer lasts until the next put. */
static Binding *env_put(TopEnv *env, Binding b) {
    if ((env->count + 1) * 2 >= env->cap) {
        size_t ncap = env->cap ? env->cap * 2 : 64;
        Binding *old = env->tab;
        size_t ocap = env->cap;
        env->tab = xcalloc(ncap, sizeof *env->tab);
        env->cap = ncap;
        for (size_t i = 0; i < ocap; i++)
            if (old[i].name) *env_slot(env, old[i].name) = old[i];
        free(old);
    }
    Binding *slot = env_slot(env, b.name);
    if (!slot->name) env->count++;
    *slot = b;
    return slot;
}

/* The binding of name in env (built-in names of open and core top levels made on first use);
 * NULL when there is none. */
static const Binding *env_find(Expander *ex, TopEnv *env, Sym *name, Loc loc) {
    Binding *b = env_get(env, name);
    if (b) return b;
    const Keyword *k = expand_builtin_keyword(ex, name);
    if (env->kind == ENV_CLOSED) { /* 'x `x ,x ,@x mean quote etc. whatever is imported */
        bool abbrev = k && (k->core == CORE_QUOTE || k->sym == sym_cstr("quasiquote") ||
                            k->core == CORE_UNQUOTE || k->core == CORE_UNQUOTE_SPLICING);
        return abbrev ? env_put(env, (Binding){.name = name, .kw = k}) : NULL;
    }
    if (k) return env_put(env, (Binding){.name = name, .kw = k});
    const Prim *p = prims_lookup(name);
    if (p) return env_put(env, (Binding){.name = name, .var = expand_prim_var(ex, p, loc)});
    return NULL;
}

const Binding *expand_core_binding(Expander *ex, Sym *name) {
    return env_find(ex, &ex->core, name, (Loc){0});
}
Sym *expand_keyword_name(const Keyword *k) { return k->sym; }

const Binding *expand_env_find(Expander *ex, TopEnv *env, Sym *name) {
    return env_find(ex, env, name, (Loc){env->file, 0, 0});
}

/* scope.c's lookup hook: what a free name means at a top level, as an identity. */
static const void *env_identity(const ScopeTop *top, Sym *base) {
    TopEnv *env = top_env(top);
    const Binding *b = env_find(env->ex, env, base, (Loc){env->file, 0, 0});
    if (!b) return NULL;
    return b->var ? (const void *)b->var : b->kw ? (const void *)b->kw : (const void *)b->macro;
}

void expand_env_init(Expander *ex, TopEnv *env, EnvKind kind, const char *file) {
    memset(env, 0, sizeof *env);
    env->kind = kind;
    env->file = file;
    env->ex = ex;
    env->top.env = env;
    env->top.lookup = env_identity;
}

/* The binding of a free name at a top level for a reference: an unbound name gets a global
 * that is never defined (reported once, at the end, unless a definition comes). */
static const Binding *env_ref(Expander *ex, TopEnv *env, Sym *name, Loc loc) {
    const Binding *b = env_find(ex, env, name, loc);
    if (b) return b;
    return env_put(env, (Binding){.name = name, .var = expand_new_global(ex, name, loc)});
}

/* A top-level definition of name in env: its own global (a definition replaces an imported or
 * built-in variable and auxiliary syntax, never a keyword: that keyword's uses stay uses). */
static Var *env_define(Expander *ex, TopEnv *env, Sym *name, Loc loc) {
    Binding *b = env_get(env, name);
    if (b && b->var && !b->from && !b->var->prim) {   /* its own: defined again, or referenced */
        b->var->defined = true;
        b->var->loc = loc;
        return b->var;
    }
    Var *v = expand_new_global(ex, name, loc);
    v->defined = true;
    if (!b || !b->kw || b->kw->aux || (b->kw->derived && b->kw->derived->extension))
        env_put(env, (Binding){.name = name, .var = v});
    return v;
}

void expand_env_import(Expander *ex, TopEnv *env, const Binding *b, Loc loc) {
    (void)ex;
    Binding *old = env_get(env, b->name);
    if (old && old->from) {
        if (old->var == b->var && old->kw == b->kw && old->macro == b->macro) return;
        diag_error(loc, "'%s' is imported twice with different bindings (from %s and from %s)",
                   b->name->name, library_name(old->from), library_name(b->from));
        return;
    }
    env_put(env, *b);
    if (b->macro) scope_define_macro(&env->top, b->name, b->macro);
}

void expand_builtin_exports(Expander *ex, LibSet lib, BindingVec *out) {
    for (size_t i = 0; i < EXPAND_KEYWORD_SLOTS; i++) {
        const Keyword *k = &ex->keywords[i];
        if (k->sym && (k->libs & lib)) vec_push(out, ((Binding){.name = k->sym, .kw = k}));
    }
    for (size_t i = 0; i < PRIM_COUNT; i++) {
        const Prim *p = prims_get((PrimId)i);
        if (p->libs & lib)
            vec_push(out, ((Binding){.name = sym_cstr(p->name),
                                     .var = expand_prim_var(ex, p, (Loc){0})}));
    }
}

Libraries *expand_libraries(Expander *ex) { return ex->libs; }

/* The keyword a list's head names, if it is one and no local binding or macro shadows it. */
static const Keyword *expand_keyword(Expander *ex, Datum *head, Scope *sc) {
    Sym *base;
    const ScopeTop *ft;
    if (!is_sym(head) || scope_resolve(env_top(ex->env), sc, head->sym, &base, &ft)) return NULL;
    const Binding *b = env_find(ex, top_env(ft), base, head->loc);
    return b && b->kw && !b->kw->aux ? b->kw : NULL;
}

/* At the program's top level, import and define-library are recognised by name whatever the
 * program imports (R7RS 5.1: they are not bindings of any library). */
static const Keyword *expand_top_keyword(Expander *ex, Datum *head, Scope *sc) {
    const Keyword *k = expand_keyword(ex, head, sc);
    if (k || ex->env != &ex->program || !is_sym(head)) return k;
    Sym *base;
    const ScopeTop *ft;
    if (scope_resolve(env_top(ex->env), sc, head->sym, &base, &ft) ||
        env_get(top_env(ft), base))
        return NULL;
    k = expand_builtin_keyword(ex, base);
    return k && (k->core == CORE_IMPORT || k->core == CORE_DEFINE_LIBRARY) ? k : NULL;
}

bool expand_is_aux(Expander *ex, Datum *d, Scope *sc, const char *name) {
    Sym *base;
    const ScopeTop *ft;
    if (!is_sym(d) || scope_resolve(env_top(ex->env), sc, d->sym, &base, &ft)) return false;
    const Binding *b = env_find(ex, top_env(ft), base, d->loc);
    if (!b) return base == sym_cstr(name);
    return b->kw && b->kw->sym == sym_cstr(name);
}

bool expand_is_prim(Expander *ex, Datum *d, Scope *sc, const char *name) {
    Sym *base;
    const ScopeTop *ft;
    if (!is_sym(d) || scope_resolve(env_top(ex->env), sc, d->sym, &base, &ft)) return false;
    const Binding *b = env_find(ex, top_env(ft), base, d->loc);
    return b && !b->kw && !b->macro && b->var && b->var->prim && !b->var->defined && base == sym_cstr(name);
}

/* The macro a form's head names, if any. */
static Macro *expand_macro_use(Expander *ex, Datum *d, Scope *sc) {
    if (!is_pair(d) || !is_sym(car(d))) return NULL;
    Scope *s = scope_resolve(env_top(ex->env), sc, car(d)->sym, NULL, NULL);
    return s ? scope_macro(s) : NULL;
}

Ast *expand_malformed(Datum *d, const char *what) {
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

/* ---- lambda and bodies (R7RS 4.1.4, 5.3.2) -------------------------------------------------- */
Lambda *expand_lambda_begin(Expander *ex, Sym *name, Loc loc) {
    Lambda *l = xcalloc(1, sizeof *l);
    l->name = name;
    l->loc = loc;
    l->id = (int)ex->prog->lambdas.len;
    l->parent = ex->lambda;
    vec_push(&ex->prog->lambdas, l);
    ex->lambda = l;
    return l;
}
void expand_lambda_end(Expander *ex, Lambda *l, Ast *body) {
    l->body = body;
    ex->lambda = l->parent;
}

Lambda *expand_lambda(Expander *ex, Datum *params, Datum *body, Sym *name, Loc loc, Scope *sc) {
    Lambda *l = expand_lambda_begin(ex, name, loc);
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
        inner = scope_bind_var(inner, v);
    }
    if (is_sym(p)) {
        for (size_t i = 0; i < l->params.len; i++)
            if (l->params.items[i]->name == p->sym)
                diag_error(p->loc, "duplicate parameter '%s'", p->sym->name);
        l->rest = expand_new_var(ex, p->sym, p->loc);
        inner = scope_bind_var(inner, l->rest);
    } else if (!is_nil(p)) {
        diag_error(p->loc, "lambda parameter must be an identifier");
    }
    expand_lambda_end(ex, l, expand_body(ex, body, inner, loc));
    return l;
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


/* One macro expansion step, counted against runaway recursion; NULL after an error. */
static Datum *expand_macro_step(Expander *ex, Macro *m, Datum *d, Scope *sc) {
    if (ex->macro_depth >= EXPAND_MAX_MACRO_DEPTH) {
        diag_error(d->loc, "macro expansion nested more than %d deep (a macro that never stops?)",
                   EXPAND_MAX_MACRO_DEPTH);
        return NULL;
    }
    ex->macro_depth++;
    return macro_expand(m, d, sc, env_top(ex->env));
}

/* (syntax-rules ...) in scope sc, for the keyword name. */
static Macro *expand_transformer(Expander *ex, Sym *name, Datum *spec, Scope *sc) {
    const Keyword *kw = is_pair(spec) ? expand_keyword(ex, car(spec), sc) : NULL;
    if (!kw || kw->core != CORE_SYNTAX_RULES || datum_list_length(spec) == (size_t)-1) {
        diag_error(spec->loc, "the transformer of '%s' must be a syntax-rules form",
                   scope_base(name)->name);
        return NULL;
    }
    return macro_new(name, spec, sc, env_top(ex->env));
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
        scope_define_macro(env_top(ex->env), name->sym, m);
        env_put(ex->env, (Binding){.name = scope_base(name->sym), .macro = m});
        macro_set_env(m, NULL);
    } else {
        *sc = scope_bind_macro(*sc, name->sym, m); /* recursive: its own scope sees it */
        macro_set_env(m, *sc);
        vec_push(macros, m);
    }
}

/* Expand the head of one body or top-level form (macros == NULL) until it is a definition or
 * an expression; `begin`, include, cond-expand and the definition forms of derive.c
 * (define-values, define-record-type) splice their forms in; define-syntax extends *sc (or the
 * top-level macros). */
static void expand_scan(Expander *ex, Datum *d, Scope **sc, BodyFormVec *out, MacroVec *macros) {
    int saved_depth = ex->macro_depth;
    Macro *m;
    while (d && (m = expand_macro_use(ex, d, *sc))) d = expand_macro_step(ex, m, d, *sc);
    const Keyword *kw = d && is_pair(d) ? (macros ? expand_keyword(ex, car(d), *sc)
                                                  : expand_top_keyword(ex, car(d), *sc))
                                        : NULL;
    Datum *splice = NULL;
    bool include = false;
    if (!d) {
        ex->macro_depth = saved_depth; /* already reported */
        return;
    } else if (!kw || datum_list_length(d) == (size_t)-1) {
        vec_push(out, ((BodyForm){.d = d}));
    } else if (kw->derived) {
        if (kw->derived->defs) splice = kw->derived->defs(ex, d);
        else vec_push(out, ((BodyForm){.d = d}));
    } else {
        switch (kw->core) {
        case CORE_DEFINE: {
            BodyForm f = {.d = d, .is_def = true};
            if (expand_define_parts(d, &f.name, &f.vp, &f.body)) vec_push(out, f);
            else expand_malformed(d, "define");
            break;
        }
        case CORE_DEFINE_SYNTAX: expand_define_syntax(ex, d, sc, macros); break;
        case CORE_IMPORT:
            if (macros || ex->env != &ex->program)
                diag_error(d->loc, "import is only allowed at the top level of a program (a "
                                   "library imports in its declarations)");
            else library_import(ex, ex->libs, ex->env, d);
            break;
        case CORE_DEFINE_LIBRARY:
            if (macros || ex->env != &ex->program)
                diag_error(d->loc, "define-library is only allowed at the top level of a program "
                                   "or of a library file");
            else library_declare(ex, ex->libs, d);
            break;
        case CORE_BEGIN: splice = cdr(d); break;
        case CORE_INCLUDE:
        case CORE_INCLUDE_CI:
            splice = expand_include(ex, d, kw->core == CORE_INCLUDE_CI);
            include = true;
            break;
        case CORE_COND_EXPAND: splice = expand_cond_expand(ex, d, *sc); break;
        default: vec_push(out, ((BodyForm){.d = d})); break;
        }
    }
    ex->include_depth += include;
    for (Datum *p = splice; p && is_pair(p); p = cdr(p)) expand_scan(ex, car(p), sc, out, macros);
    ex->include_depth -= include;
    ex->macro_depth = saved_depth;
}

/* A body: internal definitions anywhere become one letrec* (R7RS 5.3.2); expressions between
 * definitions keep their order as bindings of unused temporaries. Internal define-syntax
 * (R7RS 5.4) is in scope in the whole body. */
Ast *expand_body(Expander *ex, Datum *body, Scope *sc, Loc loc) {
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
            inner = scope_bind_var(inner, v);
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

/* (begin form ...) as an expression (R7RS 4.2.3); unspecified when there is none. */
Ast *expand_seq(Expander *ex, Datum *forms, Scope *sc, Loc loc) {
    Ast *seq = ast_new(AST_SEQ, loc);
    for (Datum *p = forms; is_pair(p); p = cdr(p)) vec_push(&seq->items, expand_expr(ex, car(p), sc));
    if (seq->items.len == 0) return ast_unspec(loc);
    return seq->items.len == 1 ? seq->items.items[0] : seq;
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
        inner = scope_bind_macro(inner, car(b)->sym, m);
        vec_push(&macros, m);
    }
    if (rec)
        for (size_t i = 0; i < macros.len; i++) macro_set_env(macros.items[i], inner);
    vec_free(&macros);
    return expand_body(ex, cdr(cdr(d)), inner, d->loc);
}

/* ---- libraries, features and include (R7RS 4.1.7, 4.2.1 cond-expand, 5.2, 5.6.1) ---------- */
/* The feature identifiers cond-expand tests, those (features) returns (runtime/features.def). */
bool expand_feature(Sym *name) {
    static const char *const features[] = {
#define RT_FEATURE(n) n,
#include "features.def"
#undef RT_FEATURE
        NULL};
    for (int i = 0; features[i]; i++)
        if (!strcmp(name->name, features[i])) return true;
    return false;
}

static bool expand_requirement(Expander *ex, Datum *r, Scope *sc) {
    if (is_sym(r)) {
        Sym *f = scope_base(r->sym);
        for (size_t i = 0; i < ex->opt->nfeatures; i++)
            if (!strcmp(f->name, ex->opt->features[i])) return true;   /* -D NAME */
        return expand_feature(f);
    }
    if (!is_pair(r) || !is_sym(car(r)) || datum_list_length(r) == (size_t)-1) {
        expand_malformed(r, "cond-expand feature requirement");
        return false;
    }
    const char *h = scope_base(car(r)->sym)->name;
    if (!strcmp(h, "and") || !strcmp(h, "or")) {
        bool is_and = h[0] == 'a';
        for (Datum *p = cdr(r); is_pair(p); p = cdr(p))
            if (expand_requirement(ex, car(p), sc) != is_and) return !is_and;
        return is_and;
    }
    if (!strcmp(h, "not") && datum_list_length(r) == 2) return !expand_requirement(ex, car(cdr(r)), sc);
    if (!strcmp(h, "library") && datum_list_length(r) == 2)
        return library_available(ex->libs, car(cdr(r)), r->loc.file);
    expand_malformed(r, "cond-expand feature requirement");
    return false;
}

/* The forms of the first clause whose requirement holds (nothing when none does). */
Datum *expand_cond_expand(Expander *ex, Datum *d, Scope *sc) {
    for (Datum *p = cdr(d); is_pair(p); p = cdr(p)) {
        Datum *c = car(p);
        if (!is_pair(c) || datum_list_length(c) == (size_t)-1) {
            expand_malformed(c, "cond-expand clause");
            return datum_nil(d->loc);
        }
        if ((is_sym(car(c)) && !strcmp(scope_base(car(c)->sym)->name, "else")) ||
            expand_requirement(ex, car(c), sc))
            return cdr(c);
    }
    return datum_nil(d->loc);
}

/* (include "file" ...): the forms of each file, read relative to the including file's
 * directory, with their own locations; include-ci reads them as #!fold-case would. */
Datum *expand_include(Expander *ex, Datum *d, bool fold_case) {
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
        reader_read_all_ci(path, text, len, fold_case, &forms); /* errors: diag_error */
        for (size_t i = 0; i < forms.len; i++) vec_push(&all, forms.items[i]);
        vec_free(&forms);
    }
    Datum *r = datum_nil(d->loc);
    for (size_t i = all.len; i-- > 0;) r = datum_cons(all.items[i], r, d->loc);
    vec_free(&all);
    return r;
}

/* ---- expressions ----------------------------------------------------------------------------- */
/* A reference to the variable d; *from (when not NULL) is the library it is imported from. */
static Ast *expand_ref_from(Expander *ex, Datum *d, Scope *sc, const Library **from) {
    Sym *base;
    const ScopeTop *ft;
    Scope *s = scope_resolve(env_top(ex->env), sc, d->sym, &base, &ft);
    const Binding *b = s ? NULL : env_ref(ex, top_env(ft), base, d->loc);
    if ((s && scope_macro(s)) || (b && !b->var)) {
        diag_error(d->loc, "syntax keyword '%s' used as a variable", base->name);
        return ast_unspec(d->loc);
    }
    if (from) *from = b ? b->from : NULL;
    Var *v = s ? scope_var(s) : b->var;
    if (v->global && !v->defined && !v->prim && !v->ext && v->nrefs++ == 0) v->loc = d->loc;
    return ast_ref(v, d->loc);
}

static Ast *expand_ref(Expander *ex, Datum *d, Scope *sc) { return expand_ref_from(ex, d, sc, NULL); }

/* A use of a keyword: a derived form goes to its expander in derive.c, a core form is here. */
static Ast *expand_special(Expander *ex, const Keyword *kw, Datum *d, Scope *sc) {
    const char *name = kw->sym->name;
    size_t n = datum_list_length(d);
    if (n == (size_t)-1) return expand_malformed(d, name);
    Datum *args = cdr(d);
    Loc loc = d->loc;
    if (kw->derived) {
        if (kw->derived->expr) return kw->derived->expr(ex, d, sc);
        diag_error(loc, "%s is only allowed at the top level or in a body", name);
        return ast_unspec(loc);
    }
    switch (kw->core) {
    case CORE_QUOTE:
        if (n != 2) return expand_malformed(d, "quote");
        return ast_const(scope_strip(car(args)), loc);
    case CORE_LAMBDA:
        if (n < 3) return expand_malformed(d, "lambda");
        return ast_lambda(expand_lambda(ex, car(args), cdr(args), NULL, loc, sc));
    case CORE_IF:
        if (n != 3 && n != 4) return expand_malformed(d, "if");
        return ast_if(expand_expr(ex, car(args), sc), expand_expr(ex, car(cdr(args)), sc),
                      n == 4 ? expand_expr(ex, car(cdr(cdr(args))), sc) : ast_unspec(loc), loc);
    case CORE_SET: {
        if (n != 3 || !is_sym(car(args))) return expand_malformed(d, "set!");
        Ast *a = ast_new(AST_SET, loc);
        const Library *from;
        Ast *target = expand_ref_from(ex, car(args), sc, &from);
        if (target->kind != AST_REF) return target;
        a->var = target->var;
        if (a->var->global && !a->var->defined && a->var->prim)
            diag_error(car(args)->loc, "cannot assign to '%s': it is a primitive (define it first)",
                       a->var->name->name);
        else if (from)
            diag_error(car(args)->loc, "cannot assign to '%s': it is imported from %s (R7RS 5.2)",
                       scope_base(car(args)->sym)->name, library_name(from));
        else if (a->var->ext)
            diag_error(car(args)->loc, "cannot assign to '%s': it belongs to %s, compiled "
                                       "separately", a->var->name->name, a->var->ext->lib);
        a->value = expand_expr(ex, car(cdr(args)), sc);
        return a;
    }
    case CORE_BEGIN:
        if (n == 1) return ast_unspec(loc);
        return expand_seq(ex, args, sc, loc);
    case CORE_DEFINE:
    case CORE_DEFINE_SYNTAX:
        diag_error(loc, "%s is only allowed at the top level or in a body", name);
        return ast_unspec(loc);
    case CORE_IMPORT:
        diag_error(loc, "import is only allowed at the top level");
        return ast_unspec(loc);
    case CORE_LET_SYNTAX: return expand_let_syntax(ex, d, sc, false);
    case CORE_LETREC_SYNTAX: return expand_let_syntax(ex, d, sc, true);
    case CORE_INCLUDE:
    case CORE_INCLUDE_CI:
    case CORE_COND_EXPAND: {
        bool include = kw->core != CORE_COND_EXPAND;
        Datum *forms = include ? expand_include(ex, d, kw->core == CORE_INCLUDE_CI)
                               : expand_cond_expand(ex, d, sc);
        ex->include_depth += include;
        Ast *a = expand_seq(ex, forms, sc, loc);
        ex->include_depth -= include;
        return a;
    }
    case CORE_DEFINE_LIBRARY:
        diag_error(loc, "define-library is only allowed at the top level of a program or of a "
                        "library file");
        return ast_unspec(loc);
    case CORE_SYNTAX_ERROR: { /* R7RS 4.3.3: an error when the form is expanded */
        if (n < 2 || car(args)->kind != DATUM_STRING) return expand_malformed(d, "syntax-error");
        Buf b = {0};
        for (size_t i = 0; i < car(args)->str.len; i++) buf_put_utf8(&b, car(args)->str.chars[i]);
        for (Datum *p = cdr(args); is_pair(p); p = cdr(p)) {
            buf_puts(&b, " ");
            datum_print(&b, scope_strip(car(p)));
        }
        diag_error(loc, "%s", buf_cstr(&b));
        buf_free(&b);
        return ast_unspec(loc);
    }
    case CORE_SYNTAX_RULES:
        diag_error(loc, "syntax-rules is only allowed as the transformer of define-syntax, "
                        "let-syntax or letrec-syntax");
        return ast_unspec(loc);
    case CORE_ELSE: case CORE_ARROW: case CORE_ELLIPSIS: case CORE_UNDERSCORE: /* never heads */
    case CORE_UNQUOTE:
    case CORE_UNQUOTE_SPLICING:
    case CORE_NONE:
        break;
    }
    diag_error(loc, "'%s' is not supported yet", name);
    return ast_unspec(loc);
}

Ast *expand_expr(Expander *ex, Datum *d, Scope *sc) {
    switch (d->kind) {
    case DATUM_SYMBOL:
        if (expand_keyword(ex, d, sc)) {
            diag_error(d->loc, "syntax keyword '%s' used as a variable", d->sym->name);
            return ast_unspec(d->loc);
        }
        return expand_ref(ex, d, sc);
    case DATUM_PAIR: {
        Macro *m = expand_macro_use(ex, d, sc);
        if (m) {
            int saved = ex->macro_depth;
            Datum *e = expand_macro_step(ex, m, d, sc);
            Ast *a = e ? expand_expr(ex, e, sc) : ast_unspec(d->loc);
            ex->macro_depth = saved;
            return a;
        }
        const Keyword *kw = expand_keyword(ex, car(d), sc);
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
/* The top-level forms of a program or a library body at top level env: definitions first
 * bound (so uses before a definition resolve to it), then every form expanded in order into
 * out. */
void expand_top_forms(Expander *ex, TopEnv *env, DatumVec *forms, AstVec *out) {
    TopEnv *saved_env = ex->env;
    Lambda *saved_lambda = ex->lambda;
    int saved_depth = ex->include_depth;
    ex->env = env;
    ex->lambda = NULL;
    ex->include_depth = 0;
    BodyFormVec top = {0};
    VarVec defined = {0};
    Scope *tsc = NULL;
    for (size_t i = 0; i < forms->len; i++) expand_scan(ex, forms->items[i], &tsc, &top, NULL);
    for (size_t i = 0; i < top.len; i++) {
        if (!top.items[i].is_def) continue;
        Datum *name = top.items[i].name;
        vec_push(&defined, env_define(ex, env, scope_base(name->sym), name->loc));
    }
    for (size_t i = 0, k = 0; i < top.len; i++) {
        BodyForm *f = &top.items[i];
        if (f->is_def) {
            Ast *a = ast_new(AST_SET, f->d->loc);
            a->var = defined.items[k++];
            a->is_define = true;
            a->value = expand_define_value(ex, f->d, f->name, f->vp, f->body, NULL);
            vec_push(out, a);
            continue;
        }
        vec_push(out, expand_expr(ex, f->d, NULL));
    }
    vec_free(&top);
    vec_free(&defined);
    ex->env = saved_env;
    ex->lambda = saved_lambda;
    ex->include_depth = saved_depth;
}

/* ---- the prelude (compiler/prelude.scm) ------------------------------------------------------
 * Templates of library procedures in Scheme, expanded in place of the program's calls of the
 * primitives they stand for (the file's opening comment has the rules). A template is expanded
 * as (let ((p1 #f) ...) body ...) at the core top level (its free names are primitives and
 * keywords, never the program's or a library's),
 * inside the lambda of the call; its let's inits then become the call's arguments, or a
 * parameter whose argument is a constant or names a procedure is replaced by that argument. */
extern const char prelude_text[];

typedef struct Prelude {
    Expander *ex;
    DatumVec forms;          /* the templates: (define (NAME/N p ...) body ...) */
} Prelude;

static Datum *prelude_template(Prelude *pl, const char *name, size_t nargs) {
    char *key = xasprintf("%s/%zu", name, nargs);
    Datum *found = NULL;
    for (size_t i = 0; i < pl->forms.len && !found; i++) {
        Datum *d = pl->forms.items[i];   /* (define (key . params) . body) */
        Datum *head = d->pair.cdr->pair.car;
        if (datum_is_sym(head->pair.car, key)) found = d;
    }
    free(key);
    return found;
}

/* d, with every datum at loc (the expansion's nodes then name the program's call). */
static Datum *prelude_copy(const Datum *d, Loc loc) {
    Datum *c = xmalloc(sizeof *c);
    *c = *d;
    c->loc = loc;
    if (d->kind == DATUM_PAIR) {
        c->pair.car = prelude_copy(d->pair.car, loc);
        c->pair.cdr = prelude_copy(d->pair.cdr, loc);
    } else if (d->kind == DATUM_VECTOR) {
        c->vec.items = xmalloc((d->vec.len + 1) * sizeof *c->vec.items);
        for (size_t i = 0; i < d->vec.len; i++) c->vec.items[i] = prelude_copy(d->vec.items[i], loc);
    }
    return c;
}

/* A global the program defines once, as a procedure, and never assigns: naming it is naming
 * that procedure wherever the name is evaluated. counts: per var id, defines and set!s. */
typedef struct GlobalUse { int defs, sets; bool lambda; } GlobalUse;
typedef VEC(GlobalUse) GlobalUseVec;
static GlobalUse *prelude_use(GlobalUseVec *u, const Var *v) {
    while (u->len <= (size_t)v->id) vec_push(u, ((GlobalUse){0}));
    return &u->items[v->id];
}
static void prelude_count(GlobalUseVec *u, Ast *a) {
    if (!a) return;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET:
        if (a->var->global) {
            GlobalUse *g = prelude_use(u, a->var);
            if (a->is_define) { g->defs++; g->lambda = a->value->kind == AST_LAMBDA; }
            else g->sets++;
        }
        prelude_count(u, a->value);
        return;
    case AST_IF: prelude_count(u, a->test); prelude_count(u, a->then); prelude_count(u, a->els); return;
    case AST_LAMBDA: prelude_count(u, a->lambda->body); return;
    case AST_SEQ: for (size_t i = 0; i < a->items.len; i++) prelude_count(u, a->items.items[i]); return;
    case AST_CALL: case AST_PRIMCALL:
        prelude_count(u, a->fn);
        for (size_t i = 0; i < a->args.len; i++) prelude_count(u, a->args.items[i]);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) prelude_count(u, a->inits.items[i]);
        prelude_count(u, a->body);
        return;
    }
}

/* The argument names a procedure that stays the same while the template runs: a primitive, or
 * a program procedure defined once and never assigned. */
static bool prelude_names_proc(GlobalUseVec *u, const Ast *arg) {
    if (arg->kind != AST_REF || !arg->var->global) return false;
    Var *v = arg->var;
    if (!v->defined) return v->prim != NULL;
    GlobalUse *g = prelude_use(u, v);
    return g->defs == 1 && g->sets == 0 && g->lambda;
}

/* Whether every call of p in a passes a number of arguments primitive pr accepts (else the
 * call stays an unknown call, whose count is checked when it runs, as the primitive's is). */
static bool prelude_arity_ok(Ast *a, Var *p, const Prim *pr) {
    if (!a) return true;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return true;
    case AST_SET: return prelude_arity_ok(a->value, p, pr);
    case AST_IF:
        return prelude_arity_ok(a->test, p, pr) && prelude_arity_ok(a->then, p, pr) &&
               prelude_arity_ok(a->els, p, pr);
    case AST_LAMBDA: return prelude_arity_ok(a->lambda->body, p, pr);
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++)
            if (!prelude_arity_ok(a->items.items[i], p, pr)) return false;
        return true;
    case AST_CALL: case AST_PRIMCALL:
        if (a->kind == AST_CALL && a->fn->kind == AST_REF && a->fn->var == p &&
            !prims_arity_ok(pr, (int)a->args.len))
            return false;
        if (!prelude_arity_ok(a->fn, p, pr)) return false;
        for (size_t i = 0; i < a->args.len; i++)
            if (!prelude_arity_ok(a->args.items[i], p, pr)) return false;
        return true;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++)
            if (!prelude_arity_ok(a->inits.items[i], p, pr)) return false;
        return prelude_arity_ok(a->body, p, pr);
    }
    return true;
}

/* Every reference to p in a becomes a fresh copy of arg (a constant or a global's name). */
static void prelude_subst(Ast *a, Var *p, const Ast *arg) {
    if (!a) return;
    switch (a->kind) {
    case AST_CONST: return;
    case AST_REF:
        if (a->var == p) {
            Loc loc = a->loc;
            *a = *arg;
            a->loc = loc;
        }
        return;
    case AST_SET: prelude_subst(a->value, p, arg); return;
    case AST_IF: prelude_subst(a->test, p, arg); prelude_subst(a->then, p, arg); prelude_subst(a->els, p, arg); return;
    case AST_LAMBDA: prelude_subst(a->lambda->body, p, arg); return;
    case AST_SEQ: for (size_t i = 0; i < a->items.len; i++) prelude_subst(a->items.items[i], p, arg); return;
    case AST_CALL: case AST_PRIMCALL:
        prelude_subst(a->fn, p, arg);
        for (size_t i = 0; i < a->args.len; i++) prelude_subst(a->args.items[i], p, arg);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) prelude_subst(a->inits.items[i], p, arg);
        prelude_subst(a->body, p, arg);
        return;
    }
}

/* The call a (NAME arg ...) of primitive NAME, replaced in place by the expansion of its
 * template t inside lambda cur. */
static void prelude_expand_call(Prelude *pl, GlobalUseVec *u, Ast *a, Datum *t, Lambda *cur) {
    Expander *ex = pl->ex;
    Loc loc = a->loc;
    /* (let ((p1 #f) ...) . body) at the call's place */
    Datum *params = t->pair.cdr->pair.car->pair.cdr, *binds = NULL, **tail = &binds;
    for (Datum *p = params; p->kind == DATUM_PAIR; p = p->pair.cdr) {
        Datum *f = datum_new(DATUM_BOOL, loc);
        Datum *b = datum_cons(p->pair.car, datum_cons(f, datum_nil(loc), loc), loc);
        *tail = datum_cons(b, NULL, loc);
        tail = &(*tail)->pair.cdr;
    }
    *tail = datum_nil(loc);
    Datum *let = datum_cons(datum_sym(sym_cstr("let"), loc), datum_cons(binds, t->pair.cdr->pair.cdr, loc), loc);
    let = prelude_copy(let, loc);
    /* at the core top level, inside the call's lambda */
    TopEnv *env = ex->env;
    Lambda *lambda = ex->lambda;
    ex->env = &ex->core;
    ex->lambda = cur;
    int errors = diag_error_count();
    Ast *e = expand_expr(ex, let, NULL);
    if (diag_error_count() != errors || e->kind != AST_LET || e->vars.len != a->args.len)
        diag_internal("prelude.scm: the template of '%s' does not expand", a->fn->var->name->name);
    ex->env = env;
    ex->lambda = lambda;
    /* the arguments: in place of their parameters, or bound to them */
    size_t n = 0;
    for (size_t i = 0; i < a->args.len; i++) {
        Ast *arg = a->args.items[i];
        Var *p = e->vars.items[i];
        bool place = arg->kind == AST_CONST || (prelude_names_proc(u, arg) &&
                     (arg->var->defined || prelude_arity_ok(e->body, p, arg->var->prim)));
        if (place) {
            prelude_subst(e->body, p, arg);
            continue;
        }
        e->vars.items[n] = p;
        e->inits.items[n] = arg;
        n++;
    }
    e->vars.len = e->inits.len = n;
    *a = *e;
}

/* Expand the templates for the calls in a (in lambda cur), innermost first. */
static void prelude_walk(Prelude *pl, GlobalUseVec *u, Ast *a, Lambda *cur) {
    if (!a) return;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET: prelude_walk(pl, u, a->value, cur); return;
    case AST_IF:
        prelude_walk(pl, u, a->test, cur);
        prelude_walk(pl, u, a->then, cur);
        prelude_walk(pl, u, a->els, cur);
        return;
    case AST_LAMBDA: prelude_walk(pl, u, a->lambda->body, a->lambda); return;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) prelude_walk(pl, u, a->items.items[i], cur);
        return;
    case AST_CALL: case AST_PRIMCALL:
        prelude_walk(pl, u, a->fn, cur);
        for (size_t i = 0; i < a->args.len; i++) prelude_walk(pl, u, a->args.items[i], cur);
        if (a->kind == AST_CALL && a->fn->kind == AST_REF && a->fn->var->global &&
            !a->fn->var->defined && a->fn->var->prim) {
            Datum *t = prelude_template(pl, a->fn->var->name->name, a->args.len);
            if (t) prelude_expand_call(pl, u, a, t, cur);
        }
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) prelude_walk(pl, u, a->inits.items[i], cur);
        prelude_walk(pl, u, a->body, cur);
        return;
    }
}

static void prelude_expand(Expander *ex, AstVec *program) {
    Prelude pl = {.ex = ex};
    int errors = diag_error_count();
    if (!reader_read_all("prelude.scm", prelude_text, strlen(prelude_text), &pl.forms) ||
        diag_error_count() != errors)
        diag_internal("prelude.scm does not read");
    for (size_t i = 0; i < pl.forms.len; i++) {   /* (define (NAME/N . params) . body) */
        Datum *d = pl.forms.items[i];
        if (datum_list_length(d) < 3 || !datum_is_sym(d->pair.car, "define") ||
            d->pair.cdr->pair.car->kind != DATUM_PAIR)
            diag_internal("prelude.scm: form %zu is not a template", i + 1);
    }
    GlobalUseVec u = {0};
    for (size_t i = 0; i < program->len; i++) prelude_count(&u, program->items[i]);
    for (size_t i = 0; i < program->len; i++) prelude_walk(&pl, &u, program->items[i], NULL);
    vec_free(&u);
}

/* Whether the program imports: a top-level import, or one in a clause of a top-level
 * cond-expand or begin (R7RS 5.1: a program that imports sees only what it imports; one that
 * does not sees every built-in name, as before libraries). */
static bool expand_imports(Datum *forms) {
    for (Datum *p = forms; is_pair(p); p = cdr(p)) {
        Datum *d = car(p);
        if (!is_pair(d) || !is_sym(car(d)) || datum_list_length(d) == (size_t)-1) continue;
        if (datum_is_sym(car(d), "import")) return true;
        if (datum_is_sym(car(d), "begin") && expand_imports(cdr(d))) return true;
        if (datum_is_sym(car(d), "cond-expand"))
            for (Datum *c = cdr(d); is_pair(c); c = cdr(c))
                if (is_pair(car(c)) && expand_imports(cdr(car(c)))) return true;
    }
    return false;
}

Program *expand_program(const char *file, DatumVec *forms, const ExpandOptions *opt) {
    Program *prog = xcalloc(1, sizeof *prog);
    prog->file = file;
    Expander *ex = xcalloc(1, sizeof *ex);
    ex->prog = prog;
    ex->opt = opt;
    expand_init_keywords(ex);
    expand_env_init(ex, &ex->core, ENV_CORE, "");
    ScopeTop *core = scope_core_top();
    *core = ex->core.top;
    Datum *list = datum_nil((Loc){file, 1, 1});
    for (size_t i = forms->len; i-- > 0;) list = datum_cons(forms->items[i], list, list->loc);
    expand_env_init(ex, &ex->program, expand_imports(list) ? ENV_CLOSED : ENV_OPEN, file);
    ex->env = &ex->program;
    ex->libs = library_new(opt, file);
    for (size_t i = 0; i < opt->ninterfaces; i++) /* the object files' libraries (interface.c) */
        interface_load(ex, ex->libs, opt->interfaces[i], true, (Loc){0});
    AstVec items = {0};
    expand_top_forms(ex, &ex->program, forms, &items);
    AstVec *libs = library_bodies(ex->libs);   /* the libraries' bodies run first */
    AstVec all = {0};
    for (size_t i = 0; i < libs->len; i++) vec_push(&all, libs->items[i]);
    for (size_t i = 0; i < items.len; i++) vec_push(&all, items.items[i]);
    vec_free(&items);
    if (opt->prelude && !diag_error_count()) prelude_expand(ex, &all);
    Ast *seq = ast_new(AST_SEQ, (Loc){file, 1, 1});
    seq->items = all;
    if (seq->items.len == 0) vec_push(&seq->items, ast_unspec(seq->loc));
    prog->body = seq;
    for (size_t i = 0; i < prog->globals.len; i++) {
        Var *v = prog->globals.items[i];
        if (v->defined || v->prim || v->ext) continue;
        const Prim *p = prims_lookup(v->name);
        const Keyword *k = expand_builtin_keyword(ex, v->name);
        LibSet in = p ? p->libs : k ? k->libs : 0;
        if (!in) {
            diag_error(v->loc, "unbound variable '%s'", v->name->name);
            continue;
        }
        int first = 0;
        while (!(in & ((LibSet)1 << first))) first++;
        /* (regal lists) is what lib/srfi/1.sld re-exports: name the library users import */
        diag_error(v->loc, "unbound variable '%s' (it is exported by %s, not imported here)",
                   v->name->name, ((LibSet)1 << first) == LIB_LISTS ? "(srfi 1)" : lib_builtin_names[first]);
    }
    prog->next_var_id = ex->next_id;
    if (opt->libraries_out) { /* interface.c reads the libraries' top levels after this */
        *opt->libraries_out = ex->libs;
        return prog;
    }
    *core = (ScopeTop){0};
    free(ex);
    return prog;
}

/* ---- sessions: incremental expansion for the evaluator (eval/) -------------------------------
 * One Expander that lives as long as the process: its program top level is the interaction
 * environment; environment makes closed top levels that share its libraries (each library is
 * expanded, and its body run, once per process). The core top level stays installed. */
Expander *expand_session_new(const ExpandOptions *opt, const char *file) {
    Program *prog = xcalloc(1, sizeof *prog);
    prog->file = file;
    Expander *ex = xcalloc(1, sizeof *ex);
    ex->prog = prog;
    expand_init_keywords(ex);
    expand_env_init(ex, &ex->core, ENV_CORE, "");
    *scope_core_top() = ex->core.top;
    expand_env_init(ex, &ex->program, ENV_OPEN, file);
    ex->env = &ex->program;
    ex->libs = library_new(opt, file);
    return ex;
}

TopEnv *expand_session_program(Expander *ex) { return &ex->program; }

TopEnv *expand_session_env(Expander *ex, Datum *sets, bool keywords_only, Loc loc) {
    int errors = diag_error_count();
    TopEnv *env = xcalloc(1, sizeof *env);
    expand_env_init(ex, env, ENV_CLOSED, loc.file);
    Datum *import = datum_cons(datum_sym(sym_cstr("import"), loc), sets, loc);
    if (!keywords_only) {
        library_import(ex, ex->libs, env, import);
        return diag_error_count() == errors ? env : NULL;
    }
    TopEnv all;
    expand_env_init(ex, &all, ENV_CLOSED, loc.file);
    library_import(ex, ex->libs, &all, import);
    for (size_t i = 0; i < all.cap; i++) {
        Binding *b = &all.tab[i];
        if (!b->name || b->var) continue;
        env_put(env, *b);
        if (b->macro) scope_define_macro(&env->top, b->name, b->macro);
    }
    free(all.tab);
    return diag_error_count() == errors ? env : NULL;
}

bool expand_session_form(Expander *ex, TopEnv *env, Datum *d, AstVec *out) {
    int errors = diag_error_count();
    DatumVec forms = {0};
    vec_push(&forms, d);
    AstVec items = {0};
    expand_top_forms(ex, env, &forms, &items);
    AstVec *libs = library_bodies(ex->libs);   /* the libraries it imported run first */
    for (; ex->bodies_done < libs->len; ex->bodies_done++) vec_push(out, libs->items[ex->bodies_done]);
    for (size_t i = 0; i < items.len; i++) vec_push(out, items.items[i]);
    vec_free(&items);
    vec_free(&forms);
    return diag_error_count() == errors;
}
