/* derive.c: the derived expression types (R7RS 4.2, 7.3) and derived definitions (5.3.3,
 * 5.5), one expander per keyword, found through the table derive_forms at the end of the file.
 *
 * Entry point: derive_forms, which expand.c consults once per keyword use. Requires: the
 * expander's services (expand_expr, expand_body, expand_lambda, expand_new_var, ...; see the
 * derived forms section of regalc.h) and a use that is a proper list. Guarantees: each
 * expression expander returns core AST (malformed uses are reported and give the unspecified
 * value); each definition expander returns the list of definitions the use stands for. Two
 * styles: the forms the compiler sees most (let, named let, do, cond, case, and, or, when,
 * unless, quasiquote) build core AST directly; the others are rewritten into a datum of simpler
 * forms that is expanded in turn. Keywords and primitives in those rewrites are core aliases
 * (K: scope_core), temporaries are gensyms (G), so they neither capture nor are captured by
 * the program's names.
 */
#include "regalc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- syntax helpers ------------------------------------------------------------------------ */
static Datum *car(Datum *d) { return d->pair.car; }
static Datum *cdr(Datum *d) { return d->pair.cdr; }
static bool is_pair(Datum *d) { return d->kind == DATUM_PAIR; }
static bool is_sym(Datum *d) { return d->kind == DATUM_SYMBOL; }
static bool is_nil(Datum *d) { return d->kind == DATUM_NIL; }

/* ---- datum builders -------------------------------------------------------------------------- */
/* A core alias: the keyword or global `name`, whatever the program binds around the form. */
static Datum *K(const char *name, Loc loc) { return datum_sym(scope_core(name), loc); }

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

/* A string datum from C text (ASCII). */
static Datum *derive_string(const char *text, Loc loc) {
    Datum *s = datum_new(DATUM_STRING, loc);
    size_t n = strlen(text);
    s->str.len = n;
    s->str.chars = xmalloc((n + 1) * sizeof *s->str.chars);
    for (size_t i = 0; i < n; i++) s->str.chars[i] = (uint8_t)text[i];
    return s;
}

/* A temporary: a gensym no program can spell. */
static Datum *G(Expander *ex, const char *hint, Loc loc) {
    return datum_sym(expand_gensym(ex, hint), loc);
}

/* (lambda () . body) */
static Datum *derive_thunk(Datum *body, Loc loc) {
    return datum_cons(K("lambda", loc), datum_cons(datum_nil(loc), body, loc), loc);
}

/* ---- quasiquote (R7RS 4.2.8) ------------------------------------------------------------------ */
static Ast *derive_quasi(Expander *ex, Datum *d, int depth, Scope *sc);

static bool derive_tagged(Datum *d, const char *tag) {
    return is_pair(d) && datum_is_sym(car(d), tag) && is_pair(cdr(d)) && is_nil(cdr(cdr(d)));
}

static Ast *derive_quasi_list(Expander *ex, Datum *d, int depth, Scope *sc) {
    /* d is a pair or the tail of a list */
    if (!is_pair(d)) return derive_quasi(ex, d, depth, sc);
    if (derive_tagged(d, "unquote")) /* (a . ,b) */
        return derive_quasi(ex, d, depth, sc);
    Datum *item = car(d);
    Ast *rest = derive_quasi_list(ex, cdr(d), depth, sc);
    if (depth == 1 && derive_tagged(item, "unquote-splicing")) {
        Ast *spliced = expand_expr(ex, car(cdr(item)), sc);
        if (rest->kind == AST_CONST && is_nil(rest->datum)) return spliced;
        return ast_prim2("append", spliced, rest, item->loc);
    }
    return ast_prim2("cons", derive_quasi(ex, item, depth, sc), rest, item->loc);
}

static Ast *derive_quasi(Expander *ex, Datum *d, int depth, Scope *sc) {
    if (derive_tagged(d, "unquote")) {
        if (depth == 1) return expand_expr(ex, car(cdr(d)), sc);
        return ast_prim2("list", ast_const(scope_strip(car(d)), d->loc),
                         derive_quasi(ex, car(cdr(d)), depth - 1, sc), d->loc);
    }
    if (derive_tagged(d, "quasiquote"))
        return ast_prim2("list", ast_const(scope_strip(car(d)), d->loc),
                         derive_quasi(ex, car(cdr(d)), depth + 1, sc), d->loc);
    if (is_pair(d)) return derive_quasi_list(ex, d, depth, sc);
    if (d->kind == DATUM_VECTOR) {
        Datum *lst = datum_nil(d->loc);
        for (size_t i = d->vec.len; i-- > 0;) lst = datum_cons(d->vec.items[i], lst, d->loc);
        Ast *a = ast_prim("list->vector", d->loc);
        vec_push(&a->args, derive_quasi_list(ex, lst, depth, sc));
        return a;
    }
    return ast_const(scope_strip(d), d->loc);
}

/* (quasiquote template)  R7RS 4.2.8: cons, append and list->vector calls around the unquoted
 * expressions; nested quasiquotes raise the level, unquotes at deeper levels stay data. */
static Ast *derive_quasiquote(Expander *ex, Datum *d, Scope *sc) {
    if (datum_list_length(d) != 2) return expand_malformed(d, "quasiquote");
    return derive_quasi(ex, car(cdr(d)), 1, sc);
}

/* ---- binding constructs and iteration (R7RS 4.2.2, 4.2.4) ---------------------------------- */
/* Parse ((name init) ...) into names and init datums; false when malformed. */
static bool derive_bindings(Datum *bs, DatumVec *names, DatumVec *inits, bool allow_step,
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

static void derive_check_dups(DatumVec *names) {
    for (size_t i = 0; i < names->len; i++)
        for (size_t j = 0; j < i; j++)
            if (names->items[i]->sym == names->items[j]->sym)
                diag_error(names->items[i]->loc, "duplicate binding of '%s'",
                           names->items[i]->sym->name);
}

/* (name init ...) call of a fresh loop lambda: named let and do (R7RS 4.2.4). */
static Ast *derive_loop(Expander *ex, Sym *name, Loc loc, Datum *params, Datum *body,
                        AstVec *args, Scope *sc) {
    Ast *lr = ast_new(AST_LETREC, loc);
    Var *lv = expand_new_var(ex, name, loc);
    vec_push(&lr->vars, lv);
    Scope *inner = scope_bind_var(sc, lv);
    vec_push(&lr->inits, ast_lambda(expand_lambda(ex, params, body, name, loc, inner)));
    Ast *call = ast_new(AST_CALL, loc);
    call->fn = ast_ref(lv, loc);
    call->args = *args;
    lr->body = call;
    return lr;
}

/* (let ((name init) ...) body...)  R7RS 4.2.2: one AST_LET; (let name ((var init) ...) body...)
 * R7RS 4.2.4, named let: a loop procedure bound by letrec and called with the inits. */
static Ast *derive_let(Expander *ex, Datum *d, Scope *sc) {
    Datum *rest = cdr(d);
    if (!is_pair(rest)) return expand_malformed(d, "let");
    Sym *loop_name = NULL;
    if (is_sym(car(rest))) {
        loop_name = car(rest)->sym;
        rest = cdr(rest);
        if (!is_pair(rest)) return expand_malformed(d, "named let");
    }
    DatumVec names = {0}, inits = {0};
    if (!derive_bindings(car(rest), &names, &inits, false, NULL) || !is_pair(cdr(rest))) {
        vec_free(&names);
        vec_free(&inits);
        return expand_malformed(d, "let");
    }
    derive_check_dups(&names);
    Ast *result;
    if (loop_name) {
        AstVec args = {0};
        Datum *params = datum_nil(d->loc);
        for (size_t i = names.len; i-- > 0;) params = datum_cons(names.items[i], params, d->loc);
        for (size_t i = 0; i < inits.len; i++) vec_push(&args, expand_expr(ex, inits.items[i], sc));
        result = derive_loop(ex, loop_name, d->loc, params, cdr(rest), &args, sc);
    } else {
        Ast *let = ast_new(AST_LET, d->loc);
        Scope *inner = sc;
        for (size_t i = 0; i < names.len; i++) {
            vec_push(&let->inits, expand_expr(ex, inits.items[i], sc));
            Var *v = expand_new_var(ex, names.items[i]->sym, names.items[i]->loc);
            vec_push(&let->vars, v);
            inner = scope_bind_var(inner, v);
        }
        let->body = expand_body(ex, cdr(rest), inner, d->loc);
        result = let;
    }
    vec_free(&names);
    vec_free(&inits);
    return result;
}

/* (let* ((name init) ...) body...)  R7RS 4.2.2: nested AST_LETs, one per binding. */
static Ast *derive_let_star(Expander *ex, Datum *d, Scope *sc) {
    Datum *rest = cdr(d);
    DatumVec names = {0}, inits = {0};
    if (!is_pair(rest) || !derive_bindings(car(rest), &names, &inits, false, NULL) ||
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
        inner = scope_bind_var(inner, v);
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

/* An init that cannot capture a continuation: a lambda, a constant, a variable's value. */
static bool derive_init_simple(const Ast *init) {
    return init->kind == AST_LAMBDA || init->kind == AST_CONST || init->kind == AST_REF;
}

/* assigned[i] set when a set! in a assigns vars[i]. */
static void derive_mark_sets(const Ast *a, const VarVec *vars, bool *assigned) {
    if (!a) return;
    switch (a->kind) {
    case AST_CONST: case AST_REF: return;
    case AST_SET:
        for (size_t i = 0; i < vars->len; i++)
            if (a->var == vars->items[i]) assigned[i] = true;
        derive_mark_sets(a->value, vars, assigned);
        return;
    case AST_IF:
        derive_mark_sets(a->test, vars, assigned);
        derive_mark_sets(a->then, vars, assigned);
        derive_mark_sets(a->els, vars, assigned);
        return;
    case AST_LAMBDA: derive_mark_sets(a->lambda->body, vars, assigned); return;
    case AST_SEQ:
        for (size_t i = 0; i < a->items.len; i++) derive_mark_sets(a->items.items[i], vars, assigned);
        return;
    case AST_CALL: case AST_PRIMCALL:
        derive_mark_sets(a->fn, vars, assigned);
        for (size_t i = 0; i < a->args.len; i++) derive_mark_sets(a->args.items[i], vars, assigned);
        return;
    case AST_LET: case AST_LETREC:
        for (size_t i = 0; i < a->inits.len; i++) derive_mark_sets(a->inits.items[i], vars, assigned);
        derive_mark_sets(a->body, vars, assigned);
        return;
    }
}

/* letrec, not letrec* (R7RS 7.3): every init is evaluated, into a temporary, before any
 * variable is assigned; re-entering the continuation of an init then evaluates the later
 * inits again and assigns every variable again, from the values of the pass that captured
 * it (r5rs_pitfalls 1.1 and 1.2). lr, as derive_letrec builds it, is letrec*: each variable
 * assigned as its init returns, so a re-entry assigns only the variables from that init on,
 * and one assigned before keeps the value of a later pass or of a set!. The two differ only
 * when a variable assigned before an init that may capture (neither a lambda, a constant nor
 * a reference) can change between passes: its own init may capture, or the program sets it.
 * Then lr becomes, the inits of those variables c evaluated into one vector:
 *   (letrec* ((s init) ...                         the others, in order, first
 *             (#:vals (vector c-init ...))
 *             (c (vector-ref #:vals 0)) ...) body)
 * where analyze.c still checks the reads of c in the inits (before c's own init), and a
 * re-entry builds the vector again from the other values of its pass, then assigns every c.
 * Otherwise (no init may capture, or one may and no variable before it is set!: every
 * letrec of procedures and constants) lr stays as it is, known procedures and all. */
static void derive_letrec_temps(Expander *ex, Ast *lr) {
    size_t n = lr->vars.len;
    bool *changes = xcalloc(n + 1, sizeof *changes), any = false, differ = false;
    for (size_t i = 0; i < n; i++) derive_mark_sets(lr->inits.items[i], &lr->vars, changes);
    derive_mark_sets(lr->body, &lr->vars, changes);
    for (size_t i = 0; i < n; i++) {
        bool captures = !derive_init_simple(lr->inits.items[i]);
        if (captures && any) differ = true;   /* it may capture, after a variable that changes */
        if (captures) changes[i] = true;
        any = any || changes[i];
    }
    if (!differ) {
        free(changes);
        return;
    }
    Loc loc = lr->loc;
    AstVec inits = lr->inits;
    VarVec vars = lr->vars;
    lr->inits = (AstVec){0};
    lr->vars = (VarVec){0};
    for (size_t i = 0; i < n; i++)
        if (!changes[i]) {
            vec_push(&lr->vars, vars.items[i]);
            vec_push(&lr->inits, inits.items[i]);
        }
    Var *tv = expand_new_var(ex, expand_gensym(ex, "vals"), loc);
    Ast *vec = ast_prim("vector", loc);
    for (size_t i = 0; i < n; i++)
        if (changes[i]) vec_push(&vec->args, inits.items[i]);
    vec_push(&lr->vars, tv);
    vec_push(&lr->inits, vec);
    int64_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (changes[i]) {
            Datum *idx = datum_new(DATUM_FIXNUM, loc);
            idx->fix = k++;
            vec_push(&lr->vars, vars.items[i]);
            vec_push(&lr->inits, ast_prim2("vector-ref", ast_ref(tv, loc), ast_const(idx, loc), loc));
        }
    vec_free(&inits);
    vec_free(&vars);
    free(changes);
}

/* (letrec ((name init) ...) body...) and letrec*  R7RS 4.2.2: one AST_LETREC, letrec* (inits
 * evaluated and assigned in order), which derive_letrec_temps makes letrec's where the two
 * can differ. */
static Ast *derive_letrec_form(Expander *ex, Datum *d, Scope *sc, bool star) {
    Datum *rest = cdr(d);
    DatumVec names = {0}, inits = {0};
    if (!is_pair(rest) || !derive_bindings(car(rest), &names, &inits, false, NULL) ||
        !is_pair(cdr(rest))) {
        vec_free(&names);
        vec_free(&inits);
        return expand_malformed(d, star ? "letrec*" : "letrec");
    }
    derive_check_dups(&names);
    Ast *lr = ast_new(AST_LETREC, d->loc);
    Scope *inner = sc;
    for (size_t i = 0; i < names.len; i++) {
        Var *v = expand_new_var(ex, names.items[i]->sym, names.items[i]->loc);
        vec_push(&lr->vars, v);
        inner = scope_bind_var(inner, v);
    }
    for (size_t i = 0; i < names.len; i++) {
        Ast *init = expand_expr(ex, inits.items[i], inner);
        if (init->kind == AST_LAMBDA && !init->lambda->name) init->lambda->name = names.items[i]->sym;
        vec_push(&lr->inits, init);
    }
    lr->body = expand_body(ex, cdr(rest), inner, d->loc);
    if (!star) derive_letrec_temps(ex, lr);
    vec_free(&names);
    vec_free(&inits);
    return lr;
}
static Ast *derive_letrec(Expander *ex, Datum *d, Scope *sc) {
    return derive_letrec_form(ex, d, sc, false);
}
static Ast *derive_letrec_star(Expander *ex, Datum *d, Scope *sc) {
    return derive_letrec_form(ex, d, sc, true);
}

/* (do ((var init step)...) (test expr...) command...)  R7RS 4.2.4 */
static Ast *derive_do(Expander *ex, Datum *d, Scope *sc) {
    Datum *rest = cdr(d);
    DatumVec names = {0}, inits = {0}, steps = {0};
    if (!is_pair(rest) || !derive_bindings(car(rest), &names, &inits, true, &steps) ||
        !is_pair(cdr(rest)) || datum_list_length(car(cdr(rest))) == (size_t)-1 ||
        is_nil(car(cdr(rest))) || datum_list_length(cdr(cdr(rest))) == (size_t)-1) {
        vec_free(&names);
        vec_free(&inits);
        vec_free(&steps);
        return expand_malformed(d, "do");
    }
    derive_check_dups(&names);
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
    Ast *result = derive_loop(ex, loop, loc, params, body, &args, sc);
    vec_free(&names);
    vec_free(&inits);
    vec_free(&steps);
    return result;
}

/* ---- conditionals (R7RS 4.2.1) ------------------------------------------------------------------ */
static Ast *derive_cond_clauses(Expander *ex, Datum *clauses, Scope *sc, Loc loc) {
    if (is_nil(clauses)) return ast_unspec(loc);
    Datum *c = car(clauses);
    if (datum_list_length(c) == (size_t)-1 || is_nil(c)) return expand_malformed(c, "cond clause");
    if (expand_is_aux(ex, car(c), sc, "else")) {
        if (!is_nil(cdr(clauses))) diag_error(c->loc, "else clause must be last in cond");
        if (is_nil(cdr(c))) return expand_malformed(c, "cond else clause");
        return expand_seq(ex, cdr(c), sc, c->loc);
    }
    Ast *rest = derive_cond_clauses(ex, cdr(clauses), sc, loc);
    Ast *test = expand_expr(ex, car(c), sc);
    if (is_nil(cdr(c))) { /* (test): its value if true */
        Var *t = expand_new_var(ex, expand_gensym(ex, "t"), c->loc);
        Ast *let = ast_new(AST_LET, c->loc);
        vec_push(&let->vars, t);
        vec_push(&let->inits, test);
        let->body = ast_if(ast_ref(t, c->loc), ast_ref(t, c->loc), rest, c->loc);
        return let;
    }
    if (expand_is_aux(ex, car(cdr(c)), sc, "=>")) {
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
    return ast_if(test, expand_seq(ex, cdr(c), sc, c->loc), rest, c->loc);
}

/* (cond clause ...)  R7RS 4.2.1: an if chain; a (test) clause and a (test => f) clause keep the
 * test's value in a temporary. */
static Ast *derive_cond(Expander *ex, Datum *d, Scope *sc) {
    for (Datum *p = cdr(d); is_pair(p); p = cdr(p))
        if (!is_pair(car(p))) return expand_malformed(d, "cond");
    return derive_cond_clauses(ex, cdr(d), sc, d->loc);
}

/* (case key clause ...)  R7RS 4.2.1: the key in a temporary, an if chain of eqv? tests; `=>`
 * clauses call their procedure on the key. */
static Ast *derive_case(Expander *ex, Datum *d, Scope *sc) {
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
        if (expand_is_aux(ex, car(cdr(c)), sc, "=>")) {
            Ast *call = ast_new(AST_CALL, c->loc);
            call->fn = expand_expr(ex, car(cdr(cdr(c))), sc);
            vec_push(&call->args, ast_ref(k, c->loc));
            body = call;
        } else {
            body = expand_seq(ex, cdr(c), sc, c->loc);
        }
        if (expand_is_aux(ex, car(c), sc, "else")) {
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
            Ast *eq = ast_prim2("eqv?", ast_ref(k, c->loc), ast_const(scope_strip(car(p)), car(p)->loc), c->loc);
            test = test ? ast_if(test, ast_bool(true, c->loc), eq, c->loc) : eq;
        }
        chain = test ? ast_if(test, body, chain, c->loc) : chain;
    }
    vec_free(&clauses);
    let->body = chain;
    return let;
}

static Ast *derive_and_or(Expander *ex, Datum *args, bool is_and, Scope *sc, Loc loc) {
    if (is_nil(args)) return ast_bool(is_and, loc);
    if (is_nil(cdr(args))) return expand_expr(ex, car(args), sc);
    Ast *first = expand_expr(ex, car(args), sc);
    Ast *rest = derive_and_or(ex, cdr(args), is_and, sc, loc);
    if (is_and) return ast_if(first, rest, ast_bool(false, loc), loc);
    Var *t = expand_new_var(ex, expand_gensym(ex, "or"), loc);
    Ast *let = ast_new(AST_LET, loc);
    vec_push(&let->vars, t);
    vec_push(&let->inits, first);
    let->body = ast_if(ast_ref(t, loc), ast_ref(t, loc), rest, loc);
    return let;
}

/* (and test ...)  R7RS 4.2.1: nested ifs, #t for none. */
static Ast *derive_and(Expander *ex, Datum *d, Scope *sc) {
    return derive_and_or(ex, cdr(d), true, sc, d->loc);
}

/* (or test ...)  R7RS 4.2.1: each value but the last in a temporary, #f for none. */
static Ast *derive_or(Expander *ex, Datum *d, Scope *sc) {
    return derive_and_or(ex, cdr(d), false, sc, d->loc);
}

/* (when test body...) and (unless test body...)  R7RS 4.2.1: one if, unspecified otherwise. */
static Ast *derive_when_unless(Expander *ex, Datum *d, Scope *sc, bool when) {
    Loc loc = d->loc;
    if (datum_list_length(d) < 3) return expand_malformed(d, when ? "when" : "unless");
    Ast *test = expand_expr(ex, car(cdr(d)), sc);
    Ast *body = expand_seq(ex, cdr(cdr(d)), sc, loc);
    return when ? ast_if(test, body, ast_unspec(loc), loc) : ast_if(test, ast_unspec(loc), body, loc);
}
static Ast *derive_when(Expander *ex, Datum *d, Scope *sc) { return derive_when_unless(ex, d, sc, true); }
static Ast *derive_unless(Expander *ex, Datum *d, Scope *sc) { return derive_when_unless(ex, d, sc, false); }

/* ---- derived forms rewritten as datums -------------------------------------------------- */
/* Copy formals (a b . c) with a fresh temporary for each name; pairs (name, temp) in names and
 * temps. False when formals is not a lambda list of identifiers. */
static bool derive_temp_formals(Expander *ex, Datum *formals, Datum **out, DatumVec *names,
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
static Datum *derive_define_values(Expander *ex, Datum *d) {
    Loc loc = d->loc;
    if (datum_list_length(d) != 3) {
        expand_malformed(d, "define-values");
        return datum_nil(loc);
    }
    Datum *formals = car(cdr(d)), *thunk = derive_thunk(cdr(cdr(d)), loc);
    if (is_sym(formals))
        return L(loc, L(loc, K("define", loc), formals,
                        L(loc, K("call-with-values", loc), thunk, K("list", loc), NULL), NULL),
                 NULL);
    DatumVec names = {0}, temps = {0};
    Datum *tformals;
    if (!derive_temp_formals(ex, formals, &tformals, &names, &temps)) {
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
static Datum *derive_record_type(Expander *ex, Datum *d) {
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
            if (scope_base(fields.items[i]->sym) == scope_base(car(f)->sym))
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
            while (i < fields.len && !(is_sym(car(p)) && scope_base(fields.items[i]->sym) == scope_base(car(p)->sym))) i++;
            if (i == fields.len) {
                Buf b = {0};
                datum_print(&b, scope_strip(car(p)));
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
static Ast *derive_let_values_common(Expander *ex, Datum *d, Scope *sc, bool star) {
    Loc loc = d->loc;
    if (datum_list_length(d) < 3 || datum_list_length(car(cdr(d))) == (size_t)-1)
        return expand_malformed(d, star ? "let*-values" : "let-values");
    DatumVec formals = {0}, inits = {0}, names = {0}, temps = {0};
    for (Datum *p = car(cdr(d)); is_pair(p); p = cdr(p)) {
        Datum *b = car(p), *f = NULL;
        if (datum_list_length(b) != 2 ||
            (!star && !derive_temp_formals(ex, car(b), &f, &names, &temps))) {
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
        form = L(loc, K("call-with-values", loc), derive_thunk(L(loc, inits.items[i], NULL), loc),
                 L(loc, K("lambda", loc), formals.items[i], form, NULL), NULL);
    vec_free(&formals);
    vec_free(&inits);
    vec_free(&names);
    vec_free(&temps);
    return expand_expr(ex, form, sc);
}
static Ast *derive_let_values(Expander *ex, Datum *d, Scope *sc) {
    return derive_let_values_common(ex, d, sc, false);
}
static Ast *derive_let_star_values(Expander *ex, Datum *d, Scope *sc) {
    return derive_let_values_common(ex, d, sc, true);
}

/* (case-lambda (formals body...) ...)  R7RS 4.2.9: each clause is a lambda; the procedure takes
 * any arguments and applies the first clause whose arity accepts them. */
static Ast *derive_case_lambda(Expander *ex, Datum *d, Scope *sc) {
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
    Datum *msg = derive_string("case-lambda: no clause matches", loc);
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
static Ast *derive_parameterize(Expander *ex, Datum *d, Scope *sc) {
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
                    L(loc, K("dynamic-wind", loc), swap, derive_thunk(cdr(cdr(d)), loc), swap, NULL),
                    NULL);
    vec_free(&binds);
    vec_free(&swaps);
    return expand_expr(ex, form, sc);
}

/* A guard clause's test that can neither fail nor tell where it runs: the guard's variable,
 * constants, and type predicates, eq?, eqv?, equal? and not of those, under and and or (the
 * primitives as the test names them here: a top-level redefinition later in the program is
 * not seen). */
static bool guard_test_pure(Expander *ex, Datum *t, Datum *var, Scope *sc) {
    static const char *const preds[] = {
        "symbol?", "string?", "pair?", "null?", "list?", "number?", "integer?", "rational?",
        "real?", "complex?", "char?", "boolean?", "vector?", "bytevector?",
        "procedure?", "error-object?", "file-error?", "read-error?", "eof-object?", "eq?",
        "eqv?", "equal?", "not",
    };
    if (is_sym(t)) return t->sym == var->sym;
    if (!is_pair(t)) return t->kind != DATUM_NIL;   /* a literal (the empty list is no expression) */
    Datum *h = car(t);
    if (expand_is_aux(ex, h, sc, "quote")) return true;
    bool known = expand_is_aux(ex, h, sc, "and") || expand_is_aux(ex, h, sc, "or");
    for (size_t i = 0; !known && i < sizeof preds / sizeof *preds; i++) known = expand_is_prim(ex, h, sc, preds[i]);
    if (!known) return false;
    for (Datum *a = cdr(t); is_pair(a); a = cdr(a))
        if (!guard_test_pure(ex, car(a), var, sc)) return false;
    return true;
}

/* (k (lambda () (let ((var c)) (cond clause ...)))): to the guard, there to run the clauses */
static Datum *guard_to_k(Datum *k, Datum *var, Datum *c, DatumVec *cl, Loc loc) {
    return L(loc, k,
             derive_thunk(L(loc, L(loc, K("let", loc), L(loc, L(loc, var, c, NULL), NULL),
                                   datum_cons(K("cond", loc), LT(loc, datum_nil(loc), cl), loc), NULL),
                            NULL),
                          loc),
             NULL);
}

/* (guard (var clause...) body...)  R7RS 4.2.7, as regal.h (Control) describes: the clauses run
 * after unwinding to the guard. With no else clause an unmatched condition is raised again by
 * raise-continuable "within the dynamic environment of the original call to raise": the
 * handler first takes a full continuation hk (%call/1cc, a copy of the stack: paid only when a
 * condition reaches such a guard), and the added else clause re-enters it to raise there, as
 * R7RS's reference expansion does, so the dynamic-winds left are entered again and what the
 * outer handler returns goes back to the raise (it went to the guard's caller). */
static Ast *derive_guard(Expander *ex, Datum *d, Scope *sc) {
    Loc loc = d->loc;
    if (datum_list_length(d) < 3 || !is_pair(car(cdr(d))) || !is_sym(car(car(cdr(d)))) ||
        datum_list_length(car(cdr(d))) == (size_t)-1)
        return expand_malformed(d, "guard");
    Datum *var = car(car(cdr(d))), *clauses = cdr(car(cdr(d)));
    Datum *k = G(ex, "k", loc), *c = G(ex, "c", loc), *vals = G(ex, "vals", loc), *hk = G(ex, "hk", loc);
    DatumVec cl = {0};
    bool has_else = false, pure = true;
    DatumVec tests = {0};
    for (Datum *p = clauses; is_pair(p); p = cdr(p)) {
        if (!is_pair(car(p))) {
            vec_free(&cl);
            return expand_malformed(d, "guard clause");
        }
        has_else = expand_is_aux(ex, car(car(p)), sc, "else");
        vec_push(&cl, car(p));
        if (!has_else) {
            vec_push(&tests, car(car(p)));
            pure = pure && guard_test_pure(ex, car(car(p)), var, sc);
        }
    }
    Datum *to_guard_matched = guard_to_k(k, var, c, &cl, loc);   /* the clauses as written */
    if (!has_else)   /* (else (hk (lambda () (raise-continuable c)))) */
        vec_push(&cl, L(loc, K("else", loc),
                        L(loc, hk, derive_thunk(L(loc, L(loc, K("raise-continuable", loc), c, NULL), NULL), loc), NULL),
                        NULL));
    Datum *to_guard = guard_to_k(k, var, c, &cl, loc);
    /* with else: (lambda (c) to_guard); without: (lambda (c) ((call/cc (lambda (hk) to_guard)))),
     * and when every test is pure (guard_test_pure: evaluating it in the handler as well is
     * unobservable), a condition that some clause takes goes to the guard without the copy:
     * (lambda (c) (if (let ((var c)) (or test ...)) to_guard_matched ((call/cc ...)))) */
    Datum *reraise = L(loc, L(loc, K("%call/1cc", loc), L(loc, K("lambda", loc), L(loc, hk, NULL), to_guard, NULL), NULL), NULL);
    Datum *body_h = has_else ? to_guard : reraise;
    if (!has_else && pure && tests.len > 0)
        body_h = L(loc, K("if", loc),
                   L(loc, K("let", loc), L(loc, L(loc, var, c, NULL), NULL),
                     datum_cons(K("or", loc), LT(loc, datum_nil(loc), &tests), loc), NULL),
                   to_guard_matched, reraise, NULL);
    vec_free(&tests);
    Datum *handler = L(loc, K("lambda", loc), L(loc, c, NULL), body_h, NULL);
    Datum *body =
        derive_thunk(L(loc, L(loc, K("call-with-values", loc), derive_thunk(cdr(cdr(d)), loc),
                              L(loc, K("lambda", loc), vals,
                                L(loc, k,
                                  derive_thunk(L(loc, L(loc, K("apply", loc), K("values", loc), vals, NULL), NULL), loc),
                                  NULL),
                                NULL),
                              NULL),
                       NULL),
                     loc);
    Datum *form = L(loc, L(loc, K("%call/cc-escape", loc),
                           L(loc, K("lambda", loc), L(loc, k, NULL),
                             L(loc, K("with-exception-handler", loc), handler, body, NULL), NULL),
                           NULL),
                    NULL);
    vec_free(&cl);
    return expand_expr(ex, form, sc);
}

/* (delay expr) and (delay-force expr)  R7RS 4.2.5: a promise made from (lambda () expr) by the
 * runtime (regal.h, Control). */
static Ast *derive_delay_common(Expander *ex, Datum *d, Scope *sc, bool force) {
    Loc loc = d->loc;
    if (datum_list_length(d) != 2) return expand_malformed(d, force ? "delay-force" : "delay");
    const char *maker = force ? "%make-promise-delay-force" : "%make-promise-lazy";
    return expand_expr(ex, L(loc, K(maker, loc), derive_thunk(cdr(d), loc), NULL), sc);
}
static Ast *derive_delay(Expander *ex, Datum *d, Scope *sc) { return derive_delay_common(ex, d, sc, false); }
static Ast *derive_delay_force(Expander *ex, Datum *d, Scope *sc) { return derive_delay_common(ex, d, sc, true); }

/* (receive formals expr body...)  SRFI 8: (call-with-values (lambda () expr) (lambda formals
 * body...)). */
static Ast *derive_receive(Expander *ex, Datum *d, Scope *sc) {
    Loc loc = d->loc;
    if (datum_list_length(d) < 4) return expand_malformed(d, "receive");
    Datum *args = cdr(d);
    Datum *form = L(loc, K("call-with-values", loc), derive_thunk(L(loc, car(cdr(args)), NULL), loc),
                    datum_cons(K("lambda", loc), datum_cons(car(args), cdr(cdr(args)), loc), loc), NULL);
    return expand_expr(ex, form, sc);
}

/* (assert expr)  not R7RS (R6RS 12.9's assert): (if expr #t (error "assertion failed" 'expr)). */
static Ast *derive_assert(Expander *ex, Datum *d, Scope *sc) {
    Loc loc = d->loc;
    if (datum_list_length(d) != 2) return expand_malformed(d, "assert");
    Datum *t = datum_new(DATUM_BOOL, loc);
    t->b = true;
    Datum *form = L(loc, K("if", loc), car(cdr(d)), t,
                    L(loc, K("error", loc), derive_string("assertion failed", loc),
                      L(loc, K("quote", loc), car(cdr(d)), NULL), NULL),
                    NULL);
    return expand_expr(ex, form, sc);
}

/* ---- the table ----------------------------------------------------------------------------- */
#define DERIVE_EXPR(keyword, fn, r7rs, libs) {keyword, r7rs, fn, NULL, false, libs},
#define DERIVE_DEFS(keyword, fn, r7rs, libs) {keyword, r7rs, NULL, fn, false, libs},
#define DERIVE_EXTENSION(keyword, fn, r7rs, libs) {keyword, r7rs, fn, NULL, true, libs},
const DeriveForm derive_forms[] = {
    DERIVE_EXPR("let", derive_let, "4.2.2, 4.2.4", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("let*", derive_let_star, "4.2.2", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("letrec", derive_letrec, "4.2.2, 7.3", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("letrec*", derive_letrec_star, "4.2.2", LIB_BASE)
    DERIVE_EXPR("let-values", derive_let_values, "4.2.2", LIB_BASE | LIB_SRFI_11)
    DERIVE_EXPR("let*-values", derive_let_star_values, "4.2.2", LIB_BASE | LIB_SRFI_11)
    DERIVE_EXPR("cond", derive_cond, "4.2.1", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("case", derive_case, "4.2.1", LIB_BASE | LIB_R5RS | LIB_SRFI_87)
    DERIVE_EXPR("and", derive_and, "4.2.1", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("or", derive_or, "4.2.1", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("when", derive_when, "4.2.1", LIB_BASE)
    DERIVE_EXPR("unless", derive_unless, "4.2.1", LIB_BASE)
    DERIVE_EXPR("do", derive_do, "4.2.4", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("delay", derive_delay, "4.2.5", LIB_LAZY | LIB_R5RS)
    DERIVE_EXPR("delay-force", derive_delay_force, "4.2.5", LIB_LAZY)
    DERIVE_EXPR("parameterize", derive_parameterize, "4.2.6", LIB_BASE | LIB_SRFI_39)
    DERIVE_EXPR("guard", derive_guard, "4.2.7", LIB_BASE)
    DERIVE_EXPR("quasiquote", derive_quasiquote, "4.2.8", LIB_BASE | LIB_R5RS)
    DERIVE_EXPR("case-lambda", derive_case_lambda, "4.2.9", LIB_CASE_LAMBDA | LIB_SRFI_16)
    DERIVE_DEFS("define-values", derive_define_values, "5.3.3", LIB_BASE)
    DERIVE_DEFS("define-record-type", derive_record_type, "5.5", LIB_BASE | LIB_SRFI_9)
    DERIVE_EXTENSION("receive", derive_receive, "SRFI 8", LIB_SRFI_8 | LIB_REGAL)
    DERIVE_EXTENSION("assert", derive_assert, "not R7RS", LIB_REGAL)
    DERIVE_EXTENSION("foreign-procedure", ffi_expand, "Chez Scheme's FFI (compiler/ffi.c)", LIB_FFI)
    {NULL, NULL, NULL, NULL, false, 0},
};
