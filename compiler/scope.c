/* scope.c: identifiers and their bindings, the model the expander (expand.c, derive.c) and the
 * macro engine (macro.c) share: plain and renamed identifiers (aliases), chains of local
 * bindings, the top-level macros, and resolution (R7RS 4.3: hygiene by renaming).
 *
 * Entry points: scope_resolve (the binding an identifier refers to), scope_same_binding
 * (literal matching), scope_alias (a macro expansion's renaming). It sits below macro.c and
 * expand.c and calls neither. Aliases are Syms that are not interned: same text as the
 * original (so messages read well), `next` points at scope_alias_tag, and the Sym is the first
 * member of a ScopeAlias.
 */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

struct Scope {
    Sym *name;           /* a plain symbol or an alias */
    Var *var;            /* a variable binding, or */
    Macro *macro;        /* a macro binding (define-syntax, let-syntax, letrec-syntax) */
    Scope *next;
};

typedef struct ScopeAlias {
    Sym sym;                  /* first: a ScopeAlias * is a Sym * */
    Sym *orig;
    Scope *const *env;        /* the renaming macro's definition scope, read when resolved
                                 (it is completed after the macro is made); NULL: a core
                                 alias, resolved at the top level */
} ScopeAlias;

static Sym scope_alias_tag; /* aliases' `next`; no interned Sym points here */

/* ---- identifiers --------------------------------------------------------------------------- */
Sym *scope_alias(Sym *orig, Scope *const *env) {
    ScopeAlias *a = xcalloc(1, sizeof *a);
    a->sym.name = orig->name;
    a->sym.len = orig->len;
    a->sym.hash = orig->hash;
    a->sym.next = &scope_alias_tag;
    a->orig = orig;
    a->env = env;
    return &a->sym;
}

Sym *scope_alias_of(Sym *s, Scope **env) {
    if (s->next != &scope_alias_tag) return NULL;
    ScopeAlias *a = (ScopeAlias *)s;
    *env = a->env ? *a->env : NULL;
    return a->orig;
}

Sym *scope_base(Sym *s) {
    while (s->next == &scope_alias_tag) s = ((ScopeAlias *)s)->orig;
    return s;
}

Sym *scope_core(const char *name) {
    static VEC(Sym *) cache; /* one alias per name: a memo, the same answer every time */
    Sym *base = sym_cstr(name);
    for (size_t i = 0; i < cache.len; i++)
        if (((ScopeAlias *)cache.items[i])->orig == base) return cache.items[i];
    Sym *a = scope_alias(base, NULL);
    vec_push(&cache, a);
    return a;
}

Datum *scope_strip(Datum *d) {
    switch (d->kind) {
    case DATUM_SYMBOL: {
        Sym *b = scope_base(d->sym);
        return b == d->sym ? d : datum_sym(b, d->loc);
    }
    case DATUM_PAIR: {
        Datum *a = scope_strip(d->pair.car), *b = scope_strip(d->pair.cdr);
        return a == d->pair.car && b == d->pair.cdr ? d : datum_cons(a, b, d->loc);
    }
    case DATUM_VECTOR: {
        Datum *v = NULL;
        for (size_t i = 0; i < d->vec.len; i++) {
            Datum *x = scope_strip(d->vec.items[i]);
            if (x == d->vec.items[i] && !v) continue;
            if (!v) {
                v = datum_new(DATUM_VECTOR, d->loc);
                v->vec.len = d->vec.len;
                v->vec.items = xmalloc((d->vec.len + 1) * sizeof *v->vec.items);
                memcpy(v->vec.items, d->vec.items, d->vec.len * sizeof *v->vec.items);
            }
            v->vec.items[i] = x;
        }
        return v ? v : d;
    }
    default:
        return d;
    }
}

/* ---- bindings ------------------------------------------------------------------------------ */
Scope *scope_bind_var(Scope *sc, Var *v) {
    Scope *s = xcalloc(1, sizeof *s);
    s->name = v->name;
    s->var = v;
    s->next = sc;
    return s;
}

Scope *scope_bind_macro(Scope *sc, Sym *name, Macro *m) {
    Scope *s = xcalloc(1, sizeof *s);
    s->name = name;
    s->macro = m;
    s->next = sc;
    return s;
}

void scope_define_macro(ScopeTop *top, Sym *name, Macro *m) {
    top->macros = scope_bind_macro(top->macros, scope_base(name), m);
}

Var *scope_var(const Scope *binding) { return binding->var; }
Macro *scope_macro(const Scope *binding) { return binding->macro; }

/* ---- resolution ---------------------------------------------------------------------------- */
Scope *scope_resolve(const ScopeTop *top, Scope *sc, Sym *id, Sym **base) {
    for (;;) {
        for (Scope *s = sc; s; s = s->next)
            if (s->name == id) {
                if (base) *base = scope_base(id);
                return s;
            }
        Scope *env;
        Sym *orig = scope_alias_of(id, &env);
        if (!orig) break;
        id = orig;
        sc = env;
    }
    if (base) *base = id;
    for (Scope *s = top->macros; s; s = s->next)
        if (s->name == id) return s;
    return NULL;
}

bool scope_same_binding(const ScopeTop *top, Sym *a, Scope *sa, Sym *b, Scope *sb) {
    Sym *ba, *bb;
    Scope *ea = scope_resolve(top, sa, a, &ba), *eb = scope_resolve(top, sb, b, &bb);
    if (ea || eb) return ea == eb;
    return ba == bb;
}
