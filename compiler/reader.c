/* reader.c: tokens -> datums (R7RS 2.4, 6.1-6.9 external representations). Entry point:
 * reader_read_all. The reader is iterative: an explicit stack of open lists, vectors, quote
 * prefixes, #; comments and datum labels replaces recursion, so no input can overflow the C
 * stack. Nesting deeper than READER_MAX_DEPTH is reported once and the too-deep part is
 * skipped. Each datum carries the location of its first character; errors name the opening
 * token they concern.
 * Datum labels (R7RS 2.4): #n=<datum> names the datum, #n# is the same Datum (so data may be
 * shared); a reference inside the datum its label names makes a cycle: it is read as a
 * placeholder, patched into the datum when the datum is complete. The scope of a label is the
 * top-level datum it appears in. A cycle is allowed only inside a quoted literal (quote, or a
 * self-evaluating vector); one that the expander would have to walk as code is an error.
 * Requires: nothing. Guarantees: on success, `out` holds every top-level datum in order; the
 * only cycles in them run through quoted literals. */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

typedef enum { FRAME_LIST, FRAME_VECTOR, FRAME_BYTEVECTOR, FRAME_PREFIX, FRAME_COMMENT,
               FRAME_LABEL } FrameKind;

typedef struct Frame {
    FrameKind kind;
    TokKind open;          /* the token that opened it */
    Loc loc;               /* and where */
    Datum *head, *last;    /* FRAME_LIST: the pairs so far */
    int dot;               /* FRAME_LIST: 0, 1 after '.', 2 after the datum that follows it */
    Loc dot_loc;
    Datum *dot_tail;
    DatumVec items;        /* FRAME_VECTOR, FRAME_BYTEVECTOR */
    Sym *prefix;           /* FRAME_PREFIX: quote, quasiquote, unquote, unquote-splicing */
    size_t label;          /* FRAME_LABEL: its index in Reader.labels */
} Frame;

/* A datum label of the current top-level datum: while its datum is open, references read as
 * `hole` (a DATUM_UNSPEC Datum of its own, never read otherwise). */
typedef struct Label {
    int64_t n;
    Loc loc;
    Datum *hole, *value;   /* value: NULL while open */
    bool used_open;        /* referred to while open: the datum is circular */
} Label;

typedef struct Reader {
    Lexer lx;
    VEC(Frame) stack;
    DatumVec *out;
    size_t skip;           /* > 0: inside nesting too deep to keep, this many levels down */
    bool deep_reported;
    bool ended_in_error;   /* an unterminated string or comment ran to the end: said already */
    VEC(Label) labels;     /* of the current top-level datum */
    bool circular;         /* the current top-level datum has a cycle */
    Loc circular_loc;      /* the first reference that made one */
} Reader;

static const char *reader_open_text(TokKind k) {
    switch (k) {
    case TOK_LBRACKET: return "[";
    case TOK_VECTOR: return "#(";
    case TOK_BYTEVECTOR: return "#u8(";
    case TOK_QUOTE: return "'";
    case TOK_QUASIQUOTE: return "`";
    case TOK_UNQUOTE: return ",";
    case TOK_UNQUOTE_SPLICING: return ",@";
    case TOK_DATUM_COMMENT: return "#;";
    case TOK_LABEL_DEF: return "#n=";
    default: return "(";
    }
}

/* ---- datum labels ---------------------------------------------------------------------------- */

/* Replace every reference to `hole` in d by d itself (iteratively, each node once: d may
 * already be circular through inner labels, or shared). */
static void reader_patch(Datum *d, Datum *hole) {
    PtrMap seen = {0};
    DatumVec todo = {0};
    vec_push(&todo, d);
    while (todo.len) {
        Datum *x = todo.items[--todo.len];
        size_t *slot = ptrmap_slot(&seen, x, true);
        if (*slot != PTRMAP_NONE) continue;
        *slot = 1;
        if (x->kind == DATUM_PAIR) {
            if (x->pair.car == hole) x->pair.car = d;
            if (x->pair.cdr == hole) x->pair.cdr = d;
            vec_push(&todo, x->pair.car);
            vec_push(&todo, x->pair.cdr);
        } else if (x->kind == DATUM_VECTOR) {
            for (size_t i = 0; i < x->vec.len; i++) {
                if (x->vec.items[i] == hole) x->vec.items[i] = d;
                vec_push(&todo, x->vec.items[i]);
            }
        }
    }
    vec_free(&todo);
    ptrmap_free(&seen);
}

/* Is d (pair) a quote form, (quote x)? */
static bool reader_is_quote(const Datum *d) {
    return d->pair.car->kind == DATUM_SYMBOL && strcmp(d->pair.car->sym->name, "quote") == 0 &&
           d->pair.cdr->kind == DATUM_PAIR && d->pair.cdr->pair.cdr->kind == DATUM_NIL;
}

/* Whether d has a cycle outside its quoted literals: a depth-first walk that does not enter
 * (quote x) or vectors (self-evaluating, R7RS 4.1.2) and looks for an edge back to a node on
 * its path. Iterative: each stack entry is a node and how far its children are done. */
static bool reader_code_cycle(Datum *d) {
    enum { OPEN = 1, DONE = 2 };
    PtrMap state = {0};
    VEC(Datum *) nodes = {0};
    VEC(int) next = {0};
    bool cycle = false;
    vec_push(&nodes, d);
    vec_push(&next, 0);
    *ptrmap_slot(&state, d, true) = OPEN;
    while (nodes.len && !cycle) {
        Datum *x = nodes.items[nodes.len - 1];
        int i = next.items[next.len - 1]++;
        Datum *child = x->kind == DATUM_PAIR && !reader_is_quote(x) && i < 2
                           ? (i == 0 ? x->pair.car : x->pair.cdr) : NULL;
        if (child == NULL) {
            *ptrmap_slot(&state, x, true) = DONE;
            nodes.len--;
            next.len--;
            continue;
        }
        if (child->kind != DATUM_PAIR) continue;
        size_t *st = ptrmap_slot(&state, child, true);
        if (*st == OPEN) cycle = true;
        if (*st != PTRMAP_NONE) continue;
        *st = OPEN;
        vec_push(&nodes, child);
        vec_push(&next, 0);
    }
    vec_free(&nodes);
    vec_free(&next);
    ptrmap_free(&state);
    return cycle;
}

/* The nesting depth of d as the passes that recurse into cars and vector items meet it (a
 * list's spine is a loop, a level for its elements): with datum labels it may exceed the
 * nesting of the text (#1=(#0#) #2=(#1#) ...). Edges back into an open node count nothing. */
static size_t reader_depth(Datum *d) {
    enum { OPEN = (size_t)-2 };
    PtrMap depth = {0};       /* node -> OPEN, then its depth */
    VEC(Datum *) nodes = {0};
    VEC(size_t) next = {0}, acc = {0};
    vec_push(&nodes, d);
    vec_push(&next, 0);
    vec_push(&acc, 0);
    *ptrmap_slot(&depth, d, true) = OPEN;
    size_t result = 0;
    while (nodes.len) {
        Datum *x = nodes.items[nodes.len - 1];
        size_t i = next.items[next.len - 1]++;
        size_t nchild = x->kind == DATUM_PAIR ? 2 : x->vec.len;
        if (i >= nchild) {
            size_t dx = acc.items[acc.len - 1];
            *ptrmap_slot(&depth, x, true) = dx;
            nodes.len--;
            next.len--;
            acc.len--;
            if (!nodes.len) {
                result = dx;
                break;
            }
            Datum *parent = nodes.items[nodes.len - 1];
            size_t via = parent->kind == DATUM_PAIR && next.items[next.len - 1] == 2 ? dx : dx + 1;
            if (via > acc.items[acc.len - 1]) acc.items[acc.len - 1] = via;
            continue;
        }
        Datum *c = x->kind == DATUM_PAIR ? (i == 0 ? x->pair.car : x->pair.cdr) : x->vec.items[i];
        bool cdr = x->kind == DATUM_PAIR && i == 1;
        size_t here = cdr ? 0 : 1;
        if (c->kind != DATUM_PAIR && c->kind != DATUM_VECTOR) {
            if (here > acc.items[acc.len - 1]) acc.items[acc.len - 1] = here;
            continue;
        }
        size_t *st = ptrmap_slot(&depth, c, true);
        if (*st == OPEN) continue;
        if (*st != PTRMAP_NONE) {
            if (*st + here > acc.items[acc.len - 1]) acc.items[acc.len - 1] = *st + here;
            continue;
        }
        *st = OPEN;
        vec_push(&nodes, c);
        vec_push(&next, 0);
        vec_push(&acc, 0);
    }
    vec_free(&nodes);
    vec_free(&next);
    vec_free(&acc);
    ptrmap_free(&depth);
    return result;
}

static Label *reader_label(Reader *r, int64_t n) {
    for (size_t i = 0; i < r->labels.len; i++)
        if (r->labels.items[i].n == n) return &r->labels.items[i];
    return NULL;
}

/* A top-level datum is complete: its labels go out of scope; a cycle the expander would walk
 * as code is an error, and the datum is replaced by a stand-in so that nothing walks it. */
static Datum *reader_top_done(Reader *r, Datum *d) {
    bool had_labels = r->labels.len > 0;
    r->labels.len = 0;
    if (had_labels && (d->kind == DATUM_PAIR || d->kind == DATUM_VECTOR) &&
        reader_depth(d) > READER_MAX_DEPTH) {
        r->circular = false;
        lexer_error(&r->lx, d->loc, "nesting deeper than %d levels (through datum labels)",
                    READER_MAX_DEPTH);
        return datum_new(DATUM_BOOL, d->loc);
    }
    if (!r->circular) return d;
    r->circular = false;
    if (!reader_code_cycle(d)) return d;
    lexer_error(&r->lx, r->circular_loc, "this datum label makes a circular program: R7RS 2.4 "
                                         "allows cycles only in quoted literals");
    return datum_new(DATUM_BOOL, d->loc);
}

/* Hand a finished datum to the innermost open frame (or to the output). */
static void reader_deliver(Reader *r, Datum *d) {
    for (;;) {
        if (r->stack.len == 0) {
            vec_push(r->out, reader_top_done(r, d));
            return;
        }
        Frame *f = &r->stack.items[r->stack.len - 1];
        switch (f->kind) {
        case FRAME_PREFIX: {
            Loc loc = f->loc;
            Datum *rest = datum_cons(d, datum_nil(d->loc), d->loc);
            d = datum_cons(datum_sym(f->prefix, loc), rest, loc);
            r->stack.len--;
            continue;
        }
        case FRAME_COMMENT:
            r->stack.len--;
            return;
        case FRAME_LABEL: {
            Label *l = &r->labels.items[f->label];
            r->stack.len--;
            if (d == l->hole) {
                lexer_error(&r->lx, l->loc, "datum label #%lld= refers to itself", (long long)l->n);
                d = datum_new(DATUM_BOOL, d->loc);
            }
            l->value = d;
            if (l->used_open) reader_patch(d, l->hole);
            for (size_t i = 0; i < r->labels.len; i++) /* #1=#0# inside #0='s datum */
                if (r->labels.items[i].value == l->hole) r->labels.items[i].value = d;
            continue;
        }
        case FRAME_LIST:
            if (f->dot == 1) {
                f->dot_tail = d;
                f->dot = 2;
            } else if (f->dot == 2) {
                lexer_error(&r->lx, d->loc, "more than one datum after '.' in a list");
            } else {
                Datum *pair = datum_cons(d, NULL, f->head ? d->loc : f->loc);
                if (f->last) f->last->pair.cdr = pair;
                else f->head = pair;
                f->last = pair;
            }
            return;
        case FRAME_BYTEVECTOR:
            if (d->kind != DATUM_FIXNUM || d->fix < 0 || d->fix > 255) {
                lexer_error(&r->lx, d->loc, "a bytevector element must be an exact integer "
                                            "from 0 to 255");
                return;
            }
            vec_push(&f->items, d);
            return;
        case FRAME_VECTOR:
            vec_push(&f->items, d);
            return;
        }
    }
}

/* #n=: a new label, open until its datum is delivered. */
static void reader_label_def(Reader *r, Token t) {
    int64_t n = t.value->fix;
    if (reader_label(r, n)) {
        lexer_error(&r->lx, t.loc, "datum label #%lld= is defined twice", (long long)n);
        n = -1 - (int64_t)r->labels.len; /* a fresh number no reference can name */
    }
    Label l = {n, t.loc, datum_new(DATUM_UNSPEC, t.loc), NULL, false};
    vec_push(&r->labels, l);
    Frame f = {0};
    f.kind = FRAME_LABEL;
    f.open = t.kind;
    f.loc = t.loc;
    f.label = r->labels.len - 1;
    vec_push(&r->stack, f);
}

/* #n#: the labelled datum, or its placeholder while it is open. */
static void reader_label_ref(Reader *r, Token t) {
    Label *l = reader_label(r, t.value->fix);
    if (!l) {
        lexer_error(&r->lx, t.loc, "datum label #%lld# is not defined before it", (long long)t.value->fix);
        reader_deliver(r, datum_new(DATUM_BOOL, t.loc));
        return;
    }
    if (l->value) {
        reader_deliver(r, l->value);
        return;
    }
    l->used_open = true;
    if (!r->circular) r->circular_loc = t.loc;
    r->circular = true;
    reader_deliver(r, l->hole);
}

static void reader_push(Reader *r, FrameKind kind, Token t) {
    Frame f = {0};
    f.kind = kind;
    f.open = t.kind;
    f.loc = t.loc;
    if (kind == FRAME_PREFIX) {
        f.prefix = sym_cstr(t.kind == TOK_QUOTE ? "quote" : t.kind == TOK_QUASIQUOTE ? "quasiquote"
                            : t.kind == TOK_UNQUOTE ? "unquote" : "unquote-splicing");
    }
    vec_push(&r->stack, f);
}

/* Prefixes, #; and labels still waiting for their datum when a list closes or the text ends. */
static void reader_drop_waiting(Reader *r, const char *where) {
    while (r->stack.len) {
        Frame *f = &r->stack.items[r->stack.len - 1];
        if (f->kind != FRAME_PREFIX && f->kind != FRAME_COMMENT && f->kind != FRAME_LABEL) return;
        if (f->kind == FRAME_LABEL) {
            Label *l = &r->labels.items[f->label];
            lexer_error(&r->lx, f->loc, "datum label #%lld= must be followed by a datum, not %s",
                        (long long)l->n, where);
            l->value = datum_new(DATUM_BOOL, f->loc);
            if (l->used_open) reader_patch(l->value, l->hole);
        } else {
            lexer_error(&r->lx, f->loc, "'%s' must be followed by a datum, not %s",
                        reader_open_text(f->open), where);
        }
        r->stack.len--;
    }
}

static void reader_close(Reader *r, Token t) {
    const char *close = t.kind == TOK_RBRACKET ? "]" : ")";
    reader_drop_waiting(r, t.kind == TOK_RBRACKET ? "']'" : "')'");
    if (r->stack.len == 0) {
        lexer_error(&r->lx, t.loc, "unexpected '%s' with no list open", close);
        return;
    }
    Frame f = r->stack.items[--r->stack.len];
    bool bracket = f.open == TOK_LBRACKET;
    if (bracket != (t.kind == TOK_RBRACKET)) {
        lexer_error(&r->lx, t.loc, "'%s' closes '%s' opened at line %d, column %d, which needs '%s'",
                    close, reader_open_text(f.open), f.loc.line, f.loc.col, bracket ? "]" : ")");
    }
    Datum *d;
    if (f.kind == FRAME_LIST) {
        if (f.dot == 1) lexer_error(&r->lx, f.dot_loc, "'.' must be followed by one datum");
        Datum *tail = f.dot == 2 ? f.dot_tail : datum_nil(t.loc);
        if (f.last) f.last->pair.cdr = tail;
        d = f.head ? f.head : datum_nil(f.loc);
    } else if (f.kind == FRAME_VECTOR) {
        d = datum_new(DATUM_VECTOR, f.loc);
        d->vec.items = f.items.items;
        d->vec.len = f.items.len;
    } else {
        d = datum_new(DATUM_BYTEVECTOR, f.loc);
        d->bv.len = f.items.len;
        d->bv.bytes = xmalloc(f.items.len);
        for (size_t i = 0; i < f.items.len; i++) d->bv.bytes[i] = (uint8_t)f.items.items[i]->fix;
        free(f.items.items);
    }
    reader_deliver(r, d);
}

static void reader_dot(Reader *r, Token t) {
    Frame *f = r->stack.len ? &r->stack.items[r->stack.len - 1] : NULL;
    if (!f || f->kind != FRAME_LIST) {
        lexer_error(&r->lx, t.loc, "unexpected '.' outside a list");
    } else if (!f->head) {
        lexer_error(&r->lx, t.loc, "'.' must follow at least one datum in a list");
    } else if (f->dot) {
        lexer_error(&r->lx, t.loc, "more than one '.' in a list");
    } else {
        f->dot = 1;
        f->dot_loc = t.loc;
    }
}

/* At the end of the text: name the outermost list that is still open (R7RS 2.4). */
static void reader_eof(Reader *r, Token t) {
    if (r->ended_in_error) return;
    for (size_t i = 0; i < r->stack.len; i++) {
        Frame *f = &r->stack.items[i];
        if (f->kind == FRAME_PREFIX || f->kind == FRAME_COMMENT || f->kind == FRAME_LABEL) continue;
        const char *what = f->kind == FRAME_VECTOR ? "vector" : f->kind == FRAME_BYTEVECTOR
                                                                 ? "bytevector" : "list";
        lexer_error(&r->lx, f->loc, "unterminated %s: '%s' opened here has no '%s'", what,
                    reader_open_text(f->open), f->open == TOK_LBRACKET ? "]" : ")");
        return;
    }
    reader_drop_waiting(r, "the end of the file");
}

static bool reader_opens(TokKind k) {
    return k == TOK_LPAREN || k == TOK_LBRACKET || k == TOK_VECTOR || k == TOK_BYTEVECTOR;
}

bool reader_read_all(const char *file, const char *text, size_t len, DatumVec *out) {
    return reader_read_all_ci(file, text, len, false, out);
}

bool reader_read_all_ci(const char *file, const char *text, size_t len, bool fold_case,
                        DatumVec *out) {
    char *copy = xmalloc(len + 1); /* the lexer wants a NUL sentinel after the text */
    if (len) memcpy(copy, text, len);
    copy[len] = 0;
    Reader r = {0};
    lexer_init(&r.lx, file, copy, len);
    r.lx.fold_case = fold_case;
    r.out = out;
    for (;;) {
        Token t = lexer_next(&r.lx);
        if (t.kind == TOK_EOF) {
            reader_eof(&r, t);
            break;
        }
        if (r.skip) {
            if (reader_opens(t.kind)) r.skip++;
            else if (t.kind == TOK_RPAREN || t.kind == TOK_RBRACKET) r.skip--;
            continue;
        }
        switch (t.kind) {
        case TOK_NUMBER: case TOK_STRING: case TOK_CHAR: case TOK_BOOL: case TOK_SYMBOL:
            reader_deliver(&r, t.value);
            break;
        case TOK_ERROR: /* reported; a stand-in keeps the structure around it intact */
            r.ended_in_error = t.start + t.len == r.lx.lim;
            if (!r.ended_in_error) reader_deliver(&r, datum_new(DATUM_BOOL, t.loc));
            break;
        case TOK_LPAREN: case TOK_LBRACKET: case TOK_VECTOR: case TOK_BYTEVECTOR:
        case TOK_QUOTE: case TOK_QUASIQUOTE: case TOK_UNQUOTE: case TOK_UNQUOTE_SPLICING:
        case TOK_DATUM_COMMENT:
            if (r.stack.len >= READER_MAX_DEPTH) {
                if (!r.deep_reported)
                    lexer_error(&r.lx, t.loc, "nesting deeper than %d levels", READER_MAX_DEPTH);
                r.deep_reported = true;
                if (reader_opens(t.kind)) r.skip = 1;
                break;
            }
            reader_push(&r, t.kind == TOK_VECTOR ? FRAME_VECTOR
                            : t.kind == TOK_BYTEVECTOR ? FRAME_BYTEVECTOR
                            : t.kind == TOK_DATUM_COMMENT ? FRAME_COMMENT
                            : reader_opens(t.kind) ? FRAME_LIST : FRAME_PREFIX, t);
            break;
        case TOK_RPAREN: case TOK_RBRACKET:
            reader_close(&r, t);
            break;
        case TOK_LABEL_DEF:
            if (r.stack.len >= READER_MAX_DEPTH) {
                if (!r.deep_reported)
                    lexer_error(&r.lx, t.loc, "nesting deeper than %d levels", READER_MAX_DEPTH);
                r.deep_reported = true;
                break;
            }
            reader_label_def(&r, t);
            break;
        case TOK_LABEL_REF:
            reader_label_ref(&r, t);
            break;
        case TOK_DOT:
            reader_dot(&r, t);
            break;
        case TOK_EOF: case TOK_COUNT:
            break;
        }
    }
    vec_free(&r.stack);
    vec_free(&r.labels);
    free(copy); /* no datum points into it */
    return r.lx.errors == 0;
}

/* ---- incomplete input (the REPL, eval/repl.c) ------------------------------------------------
 * Whether text ends inside a datum: a list, vector or bytevector still open, a prefix (' ` ,
 * ,@ #; #n=) still waiting for its datum, or a string, block comment or |identifier| running
 * to the end. Only tokens are looked at (quietly: nothing is reported); whatever else is wrong
 * is the reader's to report once the text is complete. */
bool reader_incomplete(const char *text, size_t len) {
    char *copy = xmalloc(len + 1);
    if (len) memcpy(copy, text, len);
    copy[len] = 0;
    Lexer lx;
    lexer_init(&lx, "", copy, len);
    lx.quiet = true;
    VEC(bool) open = {0};   /* per open frame: true for a prefix waiting for one datum */
    bool incomplete = false;
    for (;;) {
        Token t = lexer_next(&lx);
        if (t.kind == TOK_EOF) break;
        if (t.kind == TOK_ERROR) {
            if (t.start + t.len == lx.lim) { incomplete = true; break; }
            continue;
        }
        bool datum_done = false;
        switch (t.kind) {
        case TOK_LPAREN: case TOK_LBRACKET: case TOK_VECTOR: case TOK_BYTEVECTOR:
            vec_push(&open, false);
            break;
        case TOK_QUOTE: case TOK_QUASIQUOTE: case TOK_UNQUOTE: case TOK_UNQUOTE_SPLICING:
        case TOK_DATUM_COMMENT: case TOK_LABEL_DEF:
            vec_push(&open, true);
            break;
        case TOK_RPAREN: case TOK_RBRACKET:
            while (open.len && open.items[open.len - 1]) open.len--; /* malformed: the reader says */
            if (open.len) open.len--;
            datum_done = true;
            break;
        default:
            datum_done = true;
            break;
        }
        if (datum_done)
            while (open.len && open.items[open.len - 1]) open.len--;
    }
    if (open.len) incomplete = true;
    vec_free(&open);
    free(copy);
    return incomplete;
}
