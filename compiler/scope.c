/* scope.c: identifiers and their bindings, the model the expander (expand.c, derive.c) and the
 * macro engine (macro.c) share: plain and renamed identifiers (aliases), chains of local
 * bindings, the top-level macros, and resolution (R7RS 4.3: hygiene by renaming).
 *
 * Entry points: scope_resolve (the binding an identifier refers to), scope_same_binding
 * (literal matching), scope_alias (a macro expansion's renaming). It sits below macro.c and
 * expand.c and calls neither (a top level's lookup hook is the expander's, set by it). Aliases are Syms that are not interned: same text as the
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
    const ScopeTop *top;      /* the top level of that scope (a library's, the program's, or
                                 the core one) */
} ScopeAlias;

static Sym scope_alias_tag; /* aliases' `next`; no interned Sym points here */

/* ---- identifiers --------------------------------------------------------------------------- */
static ScopeTop scope_core_top_level; /* core aliases resolve here; its env is the expander's */

ScopeTop *scope_core_top(void) { return &scope_core_top_level; }

Sym *scope_alias(Sym *orig, Scope *const *env, const ScopeTop *top) {
    ScopeAlias *a = xcalloc(1, sizeof *a);
    a->sym.name = orig->name;
    a->sym.len = orig->len;
    a->sym.hash = orig->hash;
    a->sym.next = &scope_alias_tag;
    a->orig = orig;
    a->env = env;
    a->top = top;
    return &a->sym;
}

Sym *scope_alias_of(Sym *s, Scope **env, const ScopeTop **top) {
    if (s->next != &scope_alias_tag) return NULL;
    ScopeAlias *a = (ScopeAlias *)s;
    *env = a->env ? *a->env : NULL;
    *top = a->top;
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
    Sym *a = scope_alias(base, NULL, &scope_core_top_level);
    vec_push(&cache, a);
    return a;
}

/* d with every alias replaced by its base symbol (quote's datum: R7RS 4.1.2). d may be shared
 * or circular (datum labels) and long: the walks are iterative and visit each node once. When
 * no alias occurs d itself is the answer; otherwise every pair and vector is copied (a map
 * from old node to new keeps sharing and cycles as they were). */
static Datum *scope_strip_atom(Datum *d) {
    if (d->kind != DATUM_SYMBOL) return d;
    Sym *b = scope_base(d->sym);
    return b == d->sym ? d : datum_sym(b, d->loc);
}

Datum *scope_strip(Datum *d) {
    if (d->kind != DATUM_PAIR && d->kind != DATUM_VECTOR) return scope_strip_atom(d);
    PtrMap seen = {0};            /* old compound node -> index in nodes */
    DatumVec nodes = {0}, todo = {0};
    bool alias = false;
    vec_push(&todo, d);
    while (todo.len) {
        Datum *x = todo.items[--todo.len];
        if (x->kind == DATUM_SYMBOL) alias |= scope_base(x->sym) != x->sym;
        if (x->kind != DATUM_PAIR && x->kind != DATUM_VECTOR) continue;
        size_t *slot = ptrmap_slot(&seen, x, true);
        if (*slot != PTRMAP_NONE) continue;
        *slot = nodes.len;
        vec_push(&nodes, x);
        if (x->kind == DATUM_PAIR) {
            vec_push(&todo, x->pair.cdr);
            vec_push(&todo, x->pair.car);
        } else {
            for (size_t i = 0; i < x->vec.len; i++) vec_push(&todo, x->vec.items[i]);
        }
    }
    Datum *r = d;
    if (alias) {
        Datum **copies = xcalloc(nodes.len, sizeof *copies);
        for (size_t i = 0; i < nodes.len; i++) {
            Datum *x = nodes.items[i];
            copies[i] = datum_new(x->kind, x->loc);
            if (x->kind == DATUM_VECTOR) {
                copies[i]->vec.len = x->vec.len;
                copies[i]->vec.items = xmalloc((x->vec.len + 1) * sizeof *x->vec.items);
            }
        }
#define SCOPE_STRIP_MAP(y)                                                                     \
    ((y)->kind == DATUM_PAIR || (y)->kind == DATUM_VECTOR ? copies[*ptrmap_slot(&seen, (y), false)] \
                                                          : scope_strip_atom(y))
        for (size_t i = 0; i < nodes.len; i++) {
            Datum *x = nodes.items[i];
            if (x->kind == DATUM_PAIR) {
                copies[i]->pair.car = SCOPE_STRIP_MAP(x->pair.car);
                copies[i]->pair.cdr = SCOPE_STRIP_MAP(x->pair.cdr);
            } else {
                for (size_t k = 0; k < x->vec.len; k++) copies[i]->vec.items[k] = SCOPE_STRIP_MAP(x->vec.items[k]);
            }
        }
#undef SCOPE_STRIP_MAP
        r = copies[0];
        free(copies);
    }
    vec_free(&nodes);
    vec_free(&todo);
    ptrmap_free(&seen);
    return r;
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
Scope *scope_resolve(const ScopeTop *top, Scope *sc, Sym *id, Sym **base,
                     const ScopeTop **free_top) {
    for (;;) {
        for (Scope *s = sc; s; s = s->next)
            if (s->name == id) {
                if (base) *base = scope_base(id);
                if (free_top) *free_top = NULL;
                return s;
            }
        Scope *env;
        const ScopeTop *atop;
        Sym *orig = scope_alias_of(id, &env, &atop);
        if (!orig) break;
        id = orig;
        sc = env;
        top = atop;
    }
    if (base) *base = id;
    if (free_top) *free_top = top;
    for (Scope *s = top->macros; s; s = s->next)
        if (s->name == id) {
            if (free_top) *free_top = NULL;
            return s;
        }
    return NULL;
}

bool scope_same_binding(const ScopeTop *ta, Sym *a, Scope *sa, const ScopeTop *tb, Sym *b,
                        Scope *sb) {
    Sym *ba, *bb;
    const ScopeTop *fa, *fb;
    Scope *ea = scope_resolve(ta, sa, a, &ba, &fa), *eb = scope_resolve(tb, sb, b, &bb, &fb);
    if (ea || eb) return ea == eb;
    const void *la = fa->lookup ? fa->lookup(fa, ba) : NULL;
    const void *lb = fb->lookup ? fb->lookup(fb, bb) : NULL;
    if (la || lb) return la == lb;
    return ba == bb;
}
