/* macro.c: syntax-rules macros (R7RS 4.3.2): parsing a transformer, matching a use against
 * its rules, and instantiating the template, with hygiene by renaming.
 *
 * Entry points: macro_new (parse), macro_expand (one expansion step). Requires: scope.c's
 * identifiers and bindings (literal matching, aliases); it calls nothing of the expander.
 * Guarantees: the result of an expansion is a datum in which every symbol that came from the
 * template (not from a pattern variable) is a fresh alias (scope_alias) of that symbol whose
 * meaning, when no binding form of the expansion binds it, is given by the macro's definition
 * scope (read through &Macro.env, which the expander may complete after macro_new).
 */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

typedef VEC(Sym *) SymVec;

struct Macro {
    Sym *name;            /* the keyword, for messages */
    Loc loc;
    Sym *ellipsis;        /* NULL when the ellipsis is a literal */
    SymVec literals;
    DatumVec patterns, templates;
    Scope *env;           /* where the template's free identifiers are resolved */
    const ScopeTop *top;  /* the top level of env (the program's, a library's, the core) */
    const ScopeTop *use_top; /* while a use is matched: the use's top level */
    Datum *spec;          /* the syntax-rules form (interface.c writes it) */
};

Datum *macro_spec(const Macro *m) { return m->spec; }
Scope *macro_env(const Macro *m) { return m->env; }

/* ---- parsing ------------------------------------------------------------------------------- */
static bool macro_is_ellipsis(Macro *m, Datum *d) {
    return m->ellipsis && d->kind == DATUM_SYMBOL &&
           (d->sym == m->ellipsis || scope_base(d->sym) == scope_base(m->ellipsis));
}

static bool macro_is_literal(Macro *m, Sym *s) {
    for (size_t i = 0; i < m->literals.len; i++)
        if (m->literals.items[i] == s) return true;
    return false;
}

static bool macro_is_underscore(Macro *m, Sym *s) {
    return !macro_is_literal(m, s) && scope_base(s) == sym_cstr("_");
}

static void macro_error(Datum *d, const char *what) {
    Buf b = {0};
    datum_print(&b, scope_strip(d));
    if (b.len > 60) {
        b.len = 57;
        buf_puts(&b, "...");
    }
    diag_error(d->loc, "%s: %s", what, buf_cstr(&b));
    buf_free(&b);
}

/* Check a pattern: at most one ellipsis per list or vector level, never first, no duplicate
 * pattern variables. */
static bool macro_check_pattern(Macro *m, Datum *p, SymVec *vars) {
    switch (p->kind) {
    case DATUM_SYMBOL:
        if (macro_is_ellipsis(m, p)) {
            macro_error(p, "misplaced ellipsis in syntax-rules pattern");
            return false;
        }
        if (macro_is_literal(m, p->sym) || macro_is_underscore(m, p->sym)) return true;
        for (size_t i = 0; i < vars->len; i++)
            if (vars->items[i] == p->sym) {
                macro_error(p, "duplicate pattern variable in syntax-rules");
                return false;
            }
        vec_push(vars, p->sym);
        return true;
    case DATUM_PAIR: {
        bool seen = false;
        Datum *q = p;
        for (; q->kind == DATUM_PAIR; q = q->pair.cdr) {
            Datum *x = q->pair.car;
            if (macro_is_ellipsis(m, x)) {
                if (seen || q == p) {
                    macro_error(x, "misplaced ellipsis in syntax-rules pattern");
                    return false;
                }
                seen = true;
                continue;
            }
            if (!macro_check_pattern(m, x, vars)) return false;
        }
        return q->kind == DATUM_NIL || macro_check_pattern(m, q, vars);
    }
    case DATUM_VECTOR: {
        Datum *lst = datum_nil(p->loc);
        for (size_t i = p->vec.len; i-- > 0;) lst = datum_cons(p->vec.items[i], lst, p->loc);
        return lst->kind == DATUM_NIL || macro_check_pattern(m, lst, vars);
    }
    default:
        return true;
    }
}

Macro *macro_new(Sym *name, Datum *spec, Scope *env, const ScopeTop *top) {
    /* spec is (syntax-rules [ellipsis] (literal ...) (pattern template) ...) */
    Macro *m = xcalloc(1, sizeof *m);
    m->name = name;
    m->loc = spec->loc;
    m->spec = spec;
    m->env = env;
    m->top = top;
    m->ellipsis = sym_cstr("...");
    Datum *rest = spec->pair.cdr;
    if (rest->kind == DATUM_PAIR && rest->pair.car->kind == DATUM_SYMBOL) {
        m->ellipsis = rest->pair.car->sym;
        rest = rest->pair.cdr;
    }
    if (rest->kind != DATUM_PAIR || datum_list_length(rest->pair.car) == (size_t)-1) {
        macro_error(spec, "malformed syntax-rules (expected a list of literals)");
        return NULL;
    }
    for (Datum *p = rest->pair.car; p->kind == DATUM_PAIR; p = p->pair.cdr) {
        if (p->pair.car->kind != DATUM_SYMBOL) {
            macro_error(p->pair.car, "syntax-rules literal must be an identifier");
            return NULL;
        }
        Sym *s = p->pair.car->sym;
        if (m->ellipsis && (s == m->ellipsis || scope_base(s) == scope_base(m->ellipsis)))
            m->ellipsis = NULL; /* R7RS 4.3.2: an ellipsis among the literals is a literal */
        vec_push(&m->literals, s);
    }
    if (datum_list_length(rest->pair.cdr) == (size_t)-1) {
        macro_error(spec, "malformed syntax-rules");
        return NULL;
    }
    for (Datum *p = rest->pair.cdr; p->kind == DATUM_PAIR; p = p->pair.cdr) {
        Datum *rule = p->pair.car;
        if (datum_list_length(rule) != 2 || rule->pair.car->kind != DATUM_PAIR) {
            macro_error(rule, "malformed syntax-rules rule (expected (pattern template))");
            return NULL;
        }
        SymVec vars = {0};
        Datum *pat = rule->pair.car;
        bool ok = pat->pair.cdr->kind == DATUM_NIL || macro_check_pattern(m, pat->pair.cdr, &vars);
        vec_free(&vars);
        if (!ok) return NULL;
        vec_push(&m->patterns, pat);
        vec_push(&m->templates, rule->pair.cdr->pair.car);
    }
    return m;
}

void macro_set_env(Macro *m, Scope *env) { m->env = env; }

/* ---- matching ------------------------------------------------------------------------------ */
typedef struct MVal {
    Datum *d;              /* a single form, or NULL for a sequence (under an ellipsis) */
    struct MVal **items;
    size_t n;
} MVal;
typedef VEC(MVal *) MValVec;
typedef struct MBind { Sym *var; MVal *val; } MBind;
typedef VEC(MBind) MEnv;

static MVal *macro_lookup(MEnv *b, Sym *var) {
    for (size_t i = b->len; i-- > 0;)
        if (b->items[i].var == var) return b->items[i].val;
    return NULL;
}

static void macro_pattern_vars(Macro *m, Datum *p, SymVec *out) {
    switch (p->kind) {
    case DATUM_SYMBOL:
        if (!macro_is_ellipsis(m, p) && !macro_is_literal(m, p->sym) && !macro_is_underscore(m, p->sym))
            vec_push(out, p->sym);
        break;
    case DATUM_PAIR:
        macro_pattern_vars(m, p->pair.car, out);
        macro_pattern_vars(m, p->pair.cdr, out);
        break;
    case DATUM_VECTOR:
        for (size_t i = 0; i < p->vec.len; i++) macro_pattern_vars(m, p->vec.items[i], out);
        break;
    default:
        break;
    }
}

static bool macro_datum_equal(Datum *a, Datum *b) {
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case DATUM_NIL: return true;
    case DATUM_BOOL: return a->b == b->b;
    case DATUM_FIXNUM: return a->fix == b->fix;
    case DATUM_BIGNUM: case DATUM_RATNUM: return strcmp(a->big, b->big) == 0;
    case DATUM_FLONUM: return a->flo == b->flo;
    case DATUM_COMPNUM: return macro_datum_equal(a->cx.re, b->cx.re) && macro_datum_equal(a->cx.im, b->cx.im);
    case DATUM_CHAR: return a->ch == b->ch;
    case DATUM_STRING:
        return a->str.len == b->str.len &&
               memcmp(a->str.chars, b->str.chars, a->str.len * sizeof *a->str.chars) == 0;
    default: return false;
    }
}

static Datum *macro_vector_list(Datum *v) {
    Datum *lst = datum_nil(v->loc);
    for (size_t i = v->vec.len; i-- > 0;) lst = datum_cons(v->vec.items[i], lst, v->loc);
    return lst;
}

static bool macro_match(Macro *m, Datum *p, Datum *in, MEnv *b, Scope *use);

/* p is a list pattern whose element pe is followed by the ellipsis (R7RS 4.3.2: P1 ... Pk Pe
 * <ellipsis> Pm+1 ... Pn . Px): pe takes every input element the later patterns leave. */
static bool macro_match_ellipsis(Macro *m, Datum *p, Datum *q, size_t pre, Datum *in, MEnv *b,
                                 Scope *use) {
    Datum *pe = q->pair.car, *after = q->pair.cdr->pair.cdr;
    size_t npost = 0, nin = 0;
    Datum *ptail = after;
    for (; ptail->kind == DATUM_PAIR; ptail = ptail->pair.cdr) npost++;
    for (Datum *x = in; x->kind == DATUM_PAIR; x = x->pair.cdr) nin++;
    if (nin < pre + npost) return false;
    Datum *x = in, *pp = p;
    for (size_t i = 0; i < pre; i++, pp = pp->pair.cdr, x = x->pair.cdr)
        if (!macro_match(m, pp->pair.car, x->pair.car, b, use)) return false;
    SymVec vars = {0};
    macro_pattern_vars(m, pe, &vars);
    size_t nrep = nin - pre - npost;
    MVal **seqs = xcalloc(vars.len + 1, sizeof *seqs);
    for (size_t v = 0; v < vars.len; v++) {
        seqs[v] = xcalloc(1, sizeof *seqs[v]);
        seqs[v]->items = xcalloc(nrep + 1, sizeof *seqs[v]->items);
        seqs[v]->n = nrep;
    }
    bool ok = true;
    for (size_t r = 0; r < nrep && ok; r++, x = x->pair.cdr) {
        MEnv sub = {0};
        ok = macro_match(m, pe, x->pair.car, &sub, use);
        for (size_t v = 0; ok && v < vars.len; v++) seqs[v]->items[r] = macro_lookup(&sub, vars.items[v]);
        vec_free(&sub);
    }
    for (size_t v = 0; ok && v < vars.len; v++) vec_push(b, ((MBind){vars.items[v], seqs[v]}));
    vec_free(&vars);
    free(seqs);
    if (!ok) return false;
    for (pp = after; pp->kind == DATUM_PAIR; pp = pp->pair.cdr, x = x->pair.cdr)
        if (!macro_match(m, pp->pair.car, x->pair.car, b, use)) return false;
    return macro_match(m, ptail, x, b, use);
}

static bool macro_match(Macro *m, Datum *p, Datum *in, MEnv *b, Scope *use) {
    switch (p->kind) {
    case DATUM_SYMBOL: {
        if (macro_is_literal(m, p->sym))
            return in->kind == DATUM_SYMBOL && scope_same_binding(m->top, p->sym, m->env, m->use_top, in->sym, use);
        if (macro_is_underscore(m, p->sym)) return true;
        MVal *v = xcalloc(1, sizeof *v);
        v->d = in;
        vec_push(b, ((MBind){p->sym, v}));
        return true;
    }
    case DATUM_PAIR: {
        Datum *q = p;
        size_t pre = 0;
        while (q->kind == DATUM_PAIR &&
               !(q->pair.cdr->kind == DATUM_PAIR && macro_is_ellipsis(m, q->pair.cdr->pair.car))) {
            q = q->pair.cdr;
            pre++;
        }
        if (q->kind == DATUM_PAIR) return macro_match_ellipsis(m, p, q, pre, in, b, use);
        if (in->kind != DATUM_PAIR) return false;
        return macro_match(m, p->pair.car, in->pair.car, b, use) &&
               macro_match(m, p->pair.cdr, in->pair.cdr, b, use);
    }
    case DATUM_VECTOR:
        if (in->kind != DATUM_VECTOR) return false;
        return macro_match(m, macro_vector_list(p), macro_vector_list(in), b, use);
    default:
        return macro_datum_equal(p, in);
    }
}

/* ---- instantiation ------------------------------------------------------------------------- */
typedef struct Inst {
    Macro *m;
    Loc loc;                       /* the use's location, for every pair the template builds */
    SymVec from, to;           /* this expansion's renaming */
    bool failed;
} Inst;

static Datum *macro_inst(Inst *st, Datum *t, MEnv *b, bool ell_ok);

static void macro_seq_vars(Inst *st, Datum *t, MEnv *b, MValVec *vals, SymVec *vars) {
    switch (t->kind) {
    case DATUM_SYMBOL: {
        MVal *v = macro_lookup(b, t->sym);
        if (!v || v->d) return;
        for (size_t i = 0; i < vars->len; i++)
            if (vars->items[i] == t->sym) return;
        vec_push(vars, t->sym);
        vec_push(vals, v);
        return;
    }
    case DATUM_PAIR:
        macro_seq_vars(st, t->pair.car, b, vals, vars);
        macro_seq_vars(st, t->pair.cdr, b, vals, vars);
        return;
    case DATUM_VECTOR:
        for (size_t i = 0; i < t->vec.len; i++) macro_seq_vars(st, t->vec.items[i], b, vals, vars);
        return;
    default:
        return;
    }
}

/* Instantiate t followed by `depth` ellipses, pushing each result onto out. */
static void macro_inst_ellipsis(Inst *st, Datum *t, MEnv *b, int depth, DatumVec *out) {
    MValVec vals = {0};
    SymVec vars = {0};
    macro_seq_vars(st, t, b, &vals, &vars);
    if (vars.len == 0) {
        if (!st->failed) macro_error(t, "no pattern variable with an ellipsis depth in this template");
        st->failed = true;
        return;
    }
    size_t n = vals.items[0]->n;
    for (size_t i = 1; i < vals.len; i++)
        if (vals.items[i]->n != n) {
            if (!st->failed)
                macro_error(t, "pattern variables under one ellipsis matched different lengths");
            st->failed = true;
            return;
        }
    for (size_t r = 0; r < n && !st->failed; r++) {
        size_t save = b->len;
        for (size_t i = 0; i < vars.len; i++) vec_push(b, ((MBind){vars.items[i], vals.items[i]->items[r]}));
        if (depth > 1) macro_inst_ellipsis(st, t, b, depth - 1, out);
        else vec_push(out, macro_inst(st, t, b, true));
        b->len = save;
    }
    vec_free(&vals);
    vec_free(&vars);
}

static Datum *macro_inst(Inst *st, Datum *t, MEnv *b, bool ell_ok) {
    switch (t->kind) {
    case DATUM_SYMBOL: {
        MVal *v = macro_lookup(b, t->sym);
        if (v) {
            if (v->d) return v->d;
            if (!st->failed) macro_error(t, "pattern variable used without its ellipsis in template");
            st->failed = true;
            return t;
        }
        for (size_t i = 0; i < st->from.len; i++)
            if (st->from.items[i] == t->sym) return datum_sym(st->to.items[i], st->loc);
        Sym *a = scope_alias(t->sym, &st->m->env, st->m->top);
        vec_push(&st->from, t->sym);
        vec_push(&st->to, a);
        return datum_sym(a, st->loc);
    }
    case DATUM_PAIR: {
        /* (... template): the escape, ellipses in template are ordinary identifiers */
        if (ell_ok && macro_is_ellipsis(st->m, t->pair.car) && t->pair.cdr->kind == DATUM_PAIR &&
            t->pair.cdr->pair.cdr->kind == DATUM_NIL)
            return macro_inst(st, t->pair.cdr->pair.car, b, false);
        DatumVec items = {0};
        Datum *x = t;
        for (; x->kind == DATUM_PAIR; x = x->pair.cdr) {
            Datum *e = x->pair.car;
            int depth = 0;
            while (ell_ok && x->pair.cdr->kind == DATUM_PAIR &&
                   macro_is_ellipsis(st->m, x->pair.cdr->pair.car)) {
                depth++;
                x = x->pair.cdr;
            }
            if (depth) macro_inst_ellipsis(st, e, b, depth, &items);
            else vec_push(&items, macro_inst(st, e, b, ell_ok));
        }
        Datum *r = x->kind == DATUM_NIL ? datum_nil(st->loc) : macro_inst(st, x, b, ell_ok);
        for (size_t i = items.len; i-- > 0;) r = datum_cons(items.items[i], r, st->loc);
        vec_free(&items);
        return r;
    }
    case DATUM_VECTOR: {
        Datum *lst = macro_inst(st, macro_vector_list(t), b, ell_ok);
        Datum *v = datum_new(DATUM_VECTOR, t->loc);
        size_t n = 0;
        for (Datum *p = lst; p->kind == DATUM_PAIR; p = p->pair.cdr) n++;
        v->vec.items = xmalloc((n + 1) * sizeof *v->vec.items);
        for (Datum *p = lst; p->kind == DATUM_PAIR; p = p->pair.cdr) v->vec.items[v->vec.len++] = p->pair.car;
        return v;
    }
    default:
        return t;
    }
}

Datum *macro_expand(Macro *m, Datum *use, Scope *use_env, const ScopeTop *use_top) {
    m->use_top = use_top;
    for (size_t r = 0; r < m->patterns.len; r++) {
        MEnv b = {0};
        Datum *pat = m->patterns.items[r];
        /* the keyword position is ignored (R7RS 4.3.2) */
        if (use->kind != DATUM_PAIR || !macro_match(m, pat->pair.cdr, use->pair.cdr, &b, use_env)) {
            vec_free(&b);
            continue;
        }
        Inst st = {.m = m, .loc = use->loc};
        Datum *out = macro_inst(&st, m->templates.items[r], &b, true);
        vec_free(&b);
        vec_free(&st.from);
        vec_free(&st.to);
        return st.failed ? NULL : out;
    }
    Buf msg = {0};
    buf_printf(&msg, "no syntax-rules clause of '%s' matches this use", scope_base(m->name)->name);
    macro_error(use, buf_cstr(&msg));
    buf_free(&msg);
    return NULL;
}
