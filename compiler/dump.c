/* dump.c: the core AST as readable S-expressions, for humans and golden tests (--dump=expand).
 *
 * Entry point: dump_program. Requires: an expanded Program (any later pass may have run).
 * Guarantees: one top-level form after another, each starting at column 0; a form that fits
 * in DUMP_WIDTH columns is on one line, a longer one is broken as its Layout says; the hooks
 * are called once per node and per binding. The format is documented in regalc.h (program
 * dumps); later passes add their facts through DumpHooks, printed in braces after each node
 * and each bound variable. Two steps per top-level form: dump_doc turns the AST into a tree
 * of Docs (text pieces and their one-line widths), dump_layout prints it.
 */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

#define DUMP_WIDTH 100

/* How a Doc too wide for its line is broken (c: the column where the Doc starts):
 *   DOC_BLOCK   head, then each kid on its own line at c + 2       (begin, (lambda.3 (x.1), ...)
 *   DOC_HANG    head and the first kid on the first line, the others on their own lines at
 *               c + indent                                        ((f, (if , (let , (x.1 )
 *   DOC_ALIGN   head and the first kid, the others under the first (the bindings of a let) */
typedef enum { DOC_ATOM, DOC_BLOCK, DOC_HANG, DOC_ALIGN } Layout;

typedef struct Doc {
    Layout layout;
    int indent;               /* DOC_HANG */
    Buf head, tail;           /* an atom is all head */
    VEC(struct Doc *) kids;
    size_t width;             /* on one line: head, kids separated by spaces, tail */
} Doc;

typedef struct Dumper {
    Buf *out;
    int col;                  /* the column out's last line has reached */
} Dumper;

/* ---- documents ----------------------------------------------------------------------------- */
static Doc *dump_new(Layout layout, int indent) {
    Doc *d = xcalloc(1, sizeof *d);
    d->layout = layout;
    d->indent = indent;
    return d;
}

static void dump_free(Doc *d) {
    for (size_t i = 0; i < d->kids.len; i++) dump_free(d->kids.items[i]);
    vec_free(&d->kids);
    buf_free(&d->head);
    buf_free(&d->tail);
    free(d);
}

/* The one-line width, once the kids are complete. The first kid of DOC_HANG and DOC_ALIGN
 * follows the head directly (the head ends with its space when one is needed). */
static Doc *dump_done(Doc *d) {
    d->width = d->head.len + d->tail.len;
    for (size_t i = 0; i < d->kids.len; i++)
        d->width += d->kids.items[i]->width + (i > 0 || d->layout == DOC_BLOCK);
    return d;
}

/* ` {text}` after b when the hook says something about the node (or the binding). */
static void dump_note(const DumpHooks *h, Buf *b, const Ast *a, const Var *v) {
    if (!h) return;
    size_t mark = b->len;
    buf_putc(b, '{');
    if (a && h->node) h->node(h->ctx, a, b);
    if (v && h->binding) h->binding(h->ctx, v, b);
    if (b->len == mark + 1) b->len = mark;
    else buf_putc(b, '}');
}

/* A variable: a local as name.id, a global by its name, a temporary of a derived form (a
 * gensym, named " hint<n>", local or global) as #:hint.id. */
static void dump_var_name(Buf *b, const Var *v) {
    const char *name = v->name->name;
    bool gensym = name[0] == ' ';
    if (gensym) {
        size_t n = strlen(name);
        while (n > 1 && name[n - 1] >= '0' && name[n - 1] <= '9') n--;
        buf_puts(b, "#:");
        buf_putn(b, name + 1, n - 1);
    } else {
        datum_print(b, datum_sym(scope_base(v->name), v->loc)); /* a renamed one too */
    }
    if (!v->global || gensym) buf_printf(b, ".%d", v->id);
}

static void dump_binding(const DumpHooks *h, Buf *b, const Var *v) {
    dump_var_name(b, v);
    dump_note(h, b, NULL, v);
}

/* A constant: self-evaluating data as written, the others quoted. */
static void dump_const(Buf *b, const Datum *c) {
    switch (c->kind) {
    case DATUM_UNSPEC: buf_puts(b, "#!unspecified"); return;
    case DATUM_SYMBOL:
    case DATUM_PAIR:
    case DATUM_NIL: buf_putc(b, '\''); break;
    default: break;
    }
    datum_print(b, c);
}

static Doc *dump_doc(const DumpHooks *h, const Ast *a);

static void dump_kid(Doc *d, Doc *kid) { vec_push(&d->kids, kid); }

/* ((x.1 init) ...) of let and letrec*, one binding a line when they do not fit. */
static Doc *dump_bindings(const DumpHooks *h, const Ast *a) {
    Doc *list = dump_new(DOC_ALIGN, 0);
    buf_putc(&list->head, '(');
    for (size_t i = 0; i < a->vars.len; i++) {
        Doc *b = dump_new(DOC_HANG, 2);
        buf_putc(&b->head, '(');
        dump_binding(h, &b->head, a->vars.items[i]);
        buf_putc(&b->head, ' ');
        dump_kid(b, dump_doc(h, a->inits.items[i]));
        buf_putc(&b->tail, ')');
        dump_kid(list, dump_done(b));
    }
    buf_putc(&list->tail, ')');
    return dump_done(list);
}

/* The Doc of a node; the node hook is called once, after the kids' Docs are made. */
static Doc *dump_doc(const DumpHooks *h, const Ast *a) {
    Doc *d;
    switch (a->kind) {
    case AST_CONST:
        d = dump_new(DOC_ATOM, 0);
        dump_const(&d->head, a->datum);
        dump_note(h, &d->head, a, NULL);
        return dump_done(d);
    case AST_REF:
        d = dump_new(DOC_ATOM, 0);
        dump_var_name(&d->head, a->var);
        dump_note(h, &d->head, a, NULL);
        return dump_done(d);
    case AST_SET:
        d = dump_new(DOC_BLOCK, 0);
        buf_puts(&d->head, a->is_define ? "(define " : "(set! ");
        dump_binding(h, &d->head, a->var);
        dump_kid(d, dump_doc(h, a->value));
        break;
    case AST_IF:
        d = dump_new(DOC_HANG, 4);
        buf_puts(&d->head, "(if ");
        dump_kid(d, dump_doc(h, a->test));
        dump_kid(d, dump_doc(h, a->then));
        dump_kid(d, dump_doc(h, a->els));
        break;
    case AST_SEQ:
        d = dump_new(DOC_BLOCK, 0);
        buf_puts(&d->head, "(begin");
        for (size_t i = 0; i < a->items.len; i++) dump_kid(d, dump_doc(h, a->items.items[i]));
        break;
    case AST_CALL:
        d = dump_new(DOC_HANG, 2);
        buf_putc(&d->head, '(');
        dump_kid(d, dump_doc(h, a->fn));
        for (size_t i = 0; i < a->args.len; i++) dump_kid(d, dump_doc(h, a->args.items[i]));
        break;
    case AST_PRIMCALL:
        d = dump_new(DOC_BLOCK, 0);
        buf_printf(&d->head, "(#%%%s", a->prim->name);
        if (a->ffi) {   /* the foreign call's signature: "c_name" (arg-type ...) result-type */
            buf_printf(&d->head, " \"%s\" (", a->ffi->cname);
            for (size_t i = 0; i < a->ffi->nargs; i++) buf_printf(&d->head, "%s%s", i ? " " : "", a->ffi->args[i]->name);
            buf_printf(&d->head, ") %s", a->ffi->result->name);
        }
        for (size_t i = 0; i < a->args.len; i++) dump_kid(d, dump_doc(h, a->args.items[i]));
        break;
    case AST_LET:
    case AST_LETREC:
        d = dump_new(DOC_HANG, 2);
        buf_puts(&d->head, a->kind == AST_LET ? "(let " : "(letrec* ");
        dump_kid(d, dump_bindings(h, a));
        dump_kid(d, dump_doc(h, a->body));
        break;
    case AST_LAMBDA: {
        const Lambda *l = a->lambda;
        d = dump_new(DOC_BLOCK, 0);
        buf_printf(&d->head, "(lambda.%d ", l->id);
        if (l->params.len == 0 && l->rest) {
            dump_binding(h, &d->head, l->rest);
        } else {
            buf_putc(&d->head, '(');
            for (size_t i = 0; i < l->params.len; i++) {
                if (i) buf_putc(&d->head, ' ');
                dump_binding(h, &d->head, l->params.items[i]);
            }
            if (l->rest) {
                buf_puts(&d->head, " . ");
                dump_binding(h, &d->head, l->rest);
            }
            buf_putc(&d->head, ')');
        }
        dump_kid(d, dump_doc(h, l->body));
        break;
    }
    default:
        diag_internal("dump: AST kind %d", (int)a->kind);
    }
    buf_putc(&d->tail, ')');
    dump_note(h, &d->tail, a, NULL);
    return dump_done(d);
}

/* ---- layout -------------------------------------------------------------------------------- */
static void dump_text(Dumper *p, const Buf *b) {
    if (b->len == 0) return; /* an empty Buf has no data */
    buf_putn(p->out, b->data, b->len);
    p->col += (int)b->len;
}

static void dump_newline(Dumper *p, int col) {
    buf_putc(p->out, '\n');
    for (int i = 0; i < col; i++) buf_putc(p->out, ' ');
    p->col = col;
}

static void dump_flat(Dumper *p, const Doc *d) {
    dump_text(p, &d->head);
    for (size_t i = 0; i < d->kids.len; i++) {
        if (i > 0 || d->layout == DOC_BLOCK) {
            buf_putc(p->out, ' ');
            p->col++;
        }
        dump_flat(p, d->kids.items[i]);
    }
    dump_text(p, &d->tail);
}

/* d at the current column: on one line when it fits, else broken as its layout says. */
static void dump_layout(Dumper *p, const Doc *d) {
    int c = p->col;
    if (d->layout == DOC_ATOM || (size_t)c + d->width <= DUMP_WIDTH) {
        dump_flat(p, d);
        return;
    }
    dump_text(p, &d->head);
    int kid_col = d->layout == DOC_BLOCK ? c + 2 : d->layout == DOC_HANG ? c + d->indent : p->col;
    for (size_t i = 0; i < d->kids.len; i++) {
        if (i > 0 || d->layout == DOC_BLOCK) dump_newline(p, kid_col);
        dump_layout(p, d->kids.items[i]);
    }
    dump_text(p, &d->tail);
}

/* ---- the program --------------------------------------------------------------------------- */
void dump_program(const Program *prog, Buf *out, const DumpHooks *hooks) {
    Dumper p = {.out = out};
    if (hooks && hooks->program) {
        Buf note = {0};
        hooks->program(hooks->ctx, prog, &note);
        if (note.len) {
            buf_puts(out, ";; ");
            buf_putn(out, note.data, note.len);
            buf_putc(out, '\n');
        }
        buf_free(&note);
    }
    const Ast *body = prog->body;
    size_t n = body->kind == AST_SEQ ? body->items.len : 1;
    for (size_t i = 0; i < n; i++) {
        Doc *d = dump_doc(hooks, body->kind == AST_SEQ ? body->items.items[i] : body);
        p.col = 0;
        dump_layout(&p, d);
        buf_putc(out, '\n');
        dump_free(d);
    }
}
