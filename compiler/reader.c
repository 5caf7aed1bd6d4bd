/* reader.c: tokens -> datums (R7RS 2.4, 6.1-6.9 external representations). Entry point:
 * reader_read_all. The reader is iterative: an explicit stack of open lists, vectors, quote
 * prefixes and #; comments replaces recursion, so no input can overflow the C stack. Nesting
 * deeper than READER_MAX_DEPTH is reported once and the too-deep part is skipped. Each datum
 * carries the location of its first character; errors name the opening token they concern.
 * Requires: nothing. Guarantees: on success, `out` holds every top-level datum in order. */
#include "regalc.h"

#include <stdlib.h>
#include <string.h>

typedef enum { FRAME_LIST, FRAME_VECTOR, FRAME_BYTEVECTOR, FRAME_PREFIX, FRAME_COMMENT } FrameKind;

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
} Frame;

typedef struct Reader {
    Lexer lx;
    VEC(Frame) stack;
    DatumVec *out;
    size_t skip;           /* > 0: inside nesting too deep to keep, this many levels down */
    bool deep_reported;
    bool ended_in_error;   /* an unterminated string or comment ran to the end: said already */
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
    default: return "(";
    }
}

/* Hand a finished datum to the innermost open frame (or to the output). */
static void reader_deliver(Reader *r, Datum *d) {
    for (;;) {
        if (r->stack.len == 0) {
            vec_push(r->out, d);
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

/* Prefixes and #; still waiting for their datum when a list closes or the text ends. */
static void reader_drop_waiting(Reader *r, const char *where) {
    while (r->stack.len) {
        Frame *f = &r->stack.items[r->stack.len - 1];
        if (f->kind != FRAME_PREFIX && f->kind != FRAME_COMMENT) return;
        lexer_error(&r->lx, f->loc, "'%s' must be followed by a datum, not %s",
                    reader_open_text(f->open), where);
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
        if (f->kind == FRAME_PREFIX || f->kind == FRAME_COMMENT) continue;
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
    char *copy = xmalloc(len + 1); /* the lexer wants a NUL sentinel after the text */
    if (len) memcpy(copy, text, len);
    copy[len] = 0;
    Reader r = {0};
    lexer_init(&r.lx, file, copy, len);
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
        case TOK_DOT:
            reader_dot(&r, t);
            break;
        case TOK_EOF: case TOK_COUNT:
            break;
        }
    }
    vec_free(&r.stack);
    free(copy); /* no datum points into it */
    return r.lx.errors == 0;
}
