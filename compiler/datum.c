/* datum.c: constructors and queries for the reader's Datums, and datum_print, which writes a
 * datum in R7RS `write` syntax (6.13.3) so that reading the output gives an equal datum:
 * strings and symbols are escaped, characters use their names, flonums are the shortest text
 * that reads back as the same double, the parts of cycles (datum labels) are labelled. Used
 * by messages, dumps and tests. */
#include "regalc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Datum *datum_new(DatumKind kind, Loc loc) {
    Datum *d = xcalloc(1, sizeof *d);
    d->kind = kind;
    d->loc = loc;
    return d;
}

Datum *datum_cons(Datum *car, Datum *cdr, Loc loc) {
    Datum *d = datum_new(DATUM_PAIR, loc);
    d->pair.car = car;
    d->pair.cdr = cdr;
    return d;
}

Datum *datum_sym(Sym *s, Loc loc) {
    Datum *d = datum_new(DATUM_SYMBOL, loc);
    d->sym = s;
    return d;
}

Datum *datum_nil(Loc loc) { return datum_new(DATUM_NIL, loc); }

bool datum_is_sym(const Datum *d, const char *name) {
    return d && d->kind == DATUM_SYMBOL && strcmp(d->sym->name, name) == 0;
}

/* A circular list (datum labels) is not a proper list: Floyd's tortoise and hare. */
size_t datum_list_length(const Datum *d) {
    size_t n = 0;
    const Datum *slow = d;
    for (; d && d->kind == DATUM_PAIR; d = d->pair.cdr) {
        n++;
        if (n % 2 == 0) {
            slow = slow->pair.cdr;
            if (slow == d->pair.cdr) return (size_t)-1;
        }
    }
    return d && d->kind == DATUM_NIL ? n : (size_t)-1;
}

/* ---- printing ---------------------------------------------------------------------------- */

static const struct { uint32_t ch; const char *name; } datum_char_names[] = {
    {0x07, "alarm"}, {0x08, "backspace"}, {0x7f, "delete"}, {0x1b, "escape"},
    {0x0a, "newline"}, {0x00, "null"}, {0x0d, "return"}, {0x20, "space"}, {0x09, "tab"},
};

static void datum_print_char(Buf *b, uint32_t c) {
    for (size_t i = 0; i < sizeof datum_char_names / sizeof *datum_char_names; i++) {
        if (datum_char_names[i].ch == c) {
            buf_printf(b, "#\\%s", datum_char_names[i].name);
            return;
        }
    }
    if (c > 0x20 && c < 0x7f) buf_printf(b, "#\\%c", (char)c);
    else buf_printf(b, "#\\x%x", (unsigned)c);
}

/* One code point of a string or |symbol| body; `quote` is the delimiter to escape. */
static void datum_print_escaped(Buf *b, uint32_t c, char quote) {
    switch (c) {
    case '\\': buf_puts(b, "\\\\"); return;
    case '\n': buf_puts(b, "\\n"); return;
    case '\t': buf_puts(b, "\\t"); return;
    case '\r': buf_puts(b, "\\r"); return;
    case 0x07: buf_puts(b, "\\a"); return;
    case 0x08: buf_puts(b, "\\b"); return;
    }
    if (c == (uint32_t)quote) {
        buf_putc(b, '\\');
        buf_putc(b, quote);
    } else if (c < 0x20 || c == 0x7f) {
        buf_printf(b, "\\x%x;", (unsigned)c);
    } else {
        buf_put_utf8(b, c);
    }
}

/* Does the symbol's name read back as itself without |bars|? Ask the lexer. */
static bool datum_sym_is_plain(const Sym *s) {
    if (s->len == 0) return false;
    Lexer lx;
    lexer_init(&lx, NULL, s->name, s->len);
    lx.quiet = true;
    Token t = lexer_next(&lx);
    if (t.kind != TOK_SYMBOL || t.value->sym != s || lx.errors) return false;
    return lexer_next(&lx).kind == TOK_EOF && lx.errors == 0;
}

static void datum_print_sym(Buf *b, const Sym *s) {
    if (datum_sym_is_plain(s)) {
        buf_putn(b, s->name, s->len);
        return;
    }
    buf_putc(b, '|');
    for (size_t i = 0; i < s->len; i++) {
        uint8_t c = (uint8_t)s->name[i];
        if (c < 0x80) datum_print_escaped(b, c, '|');
        else buf_putc(b, (char)c); /* UTF-8 sequences are copied as they are */
    }
    buf_putc(b, '|');
}

/* Shortest decimal that reads back as the same double, in Scheme syntax (R7RS 6.2.6):
 * positional from 1e-6 up to 1e21 ("100.0", "0.001"), else "1e21", "1.5e-7". */
static void datum_print_flonum(Buf *b, double x) {
    if (isnan(x)) { buf_puts(b, "+nan.0"); return; }
    if (isinf(x)) { buf_puts(b, x > 0 ? "+inf.0" : "-inf.0"); return; }
    char s[40];
    for (int prec = 0; prec <= 16; prec++) {
        snprintf(s, sizeof s, "%.*e", prec, x);
        if (strtod(s, NULL) == x) break;
    }
    /* s is "-d.ddde+XX": split into sign, digits and decimal exponent */
    char digits[24];
    size_t nd = 0;
    const char *p = s;
    if (*p == '-') buf_putc(b, *p++);
    for (; *p != 'e'; p++)
        if (*p != '.') digits[nd++] = *p;
    int exp = atoi(p + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    if (exp >= 21 || exp <= -7) {
        buf_putc(b, digits[0]);
        if (nd > 1) {
            buf_putc(b, '.');
            buf_putn(b, digits + 1, nd - 1);
        }
        buf_printf(b, "e%d", exp);
    } else if (exp < 0) {
        buf_puts(b, "0.");
        for (int i = -1; i > exp; i--) buf_putc(b, '0');
        buf_putn(b, digits, nd);
    } else {
        for (int i = 0; i <= exp; i++) buf_putc(b, (size_t)i < nd ? digits[i] : '0');
        buf_putc(b, '.');
        if ((size_t)exp + 1 < nd) buf_putn(b, digits + exp + 1, nd - (size_t)exp - 1);
        else buf_putc(b, '0');
    }
}

static const char *datum_abbreviation(const Datum *d) {
    if (d->kind != DATUM_PAIR || d->pair.car->kind != DATUM_SYMBOL) return NULL;
    const Datum *rest = d->pair.cdr;
    if (rest->kind != DATUM_PAIR || rest->pair.cdr->kind != DATUM_NIL) return NULL;
    const char *name = d->pair.car->sym->name;
    if (!strcmp(name, "quote")) return "'";
    if (!strcmp(name, "quasiquote")) return "`";
    if (!strcmp(name, "unquote")) return ",";
    if (!strcmp(name, "unquote-splicing")) return ",@";
    return NULL;
}

/* Datum labels for the printer (R7RS 2.4): the pairs and vectors a depth-first walk reaches
 * again while inside them (the parts of cycles) get labels, so printing terminates. labels:
 * node -> PTRMAP_NONE until printed, then its number. */
typedef struct DatumPrinter { PtrMap labels; size_t next; } DatumPrinter;

static bool datum_compound(const Datum *d) { return d->kind == DATUM_PAIR || d->kind == DATUM_VECTOR; }

static void datum_find_cycles(const Datum *d, PtrMap *labels) {
    enum { OPEN = 1, DONE = 2 };
    PtrMap state = {0};
    VEC(const Datum *) nodes = {0};
    VEC(size_t) next = {0};
    vec_push(&nodes, d);
    vec_push(&next, 0);
    *ptrmap_slot(&state, d, true) = OPEN;
    while (nodes.len) {
        const Datum *x = nodes.items[nodes.len - 1];
        size_t i = next.items[next.len - 1]++;
        size_t nchild = x->kind == DATUM_PAIR ? 2 : x->vec.len;
        if (i >= nchild) {
            *ptrmap_slot(&state, x, true) = DONE;
            nodes.len--;
            next.len--;
            continue;
        }
        const Datum *c = x->kind == DATUM_PAIR ? (i == 0 ? x->pair.car : x->pair.cdr) : x->vec.items[i];
        if (!datum_compound(c)) continue;
        size_t *st = ptrmap_slot(&state, c, true);
        if (*st == OPEN) ptrmap_slot(labels, c, true);
        if (*st != PTRMAP_NONE) continue;
        *st = OPEN;
        vec_push(&nodes, c);
        vec_push(&next, 0);
    }
    vec_free(&nodes);
    vec_free(&next);
    ptrmap_free(&state);
}

/* #n# for a labelled node printed already (true: done), #n= before its first printing. */
static bool datum_print_label(Buf *b, DatumPrinter *pr, const Datum *d) {
    size_t *slot = pr && pr->labels.len ? ptrmap_slot(&pr->labels, d, false) : NULL;
    if (!slot) return false;
    if (*slot != PTRMAP_NONE) {
        buf_printf(b, "#%zu#", *slot);
        return true;
    }
    *slot = pr->next++;
    buf_printf(b, "#%zu=", *slot);
    return false;
}

static void datum_print_in(Buf *b, const Datum *d, DatumPrinter *pr);

void datum_print(Buf *b, const Datum *d) {
    DatumPrinter pr = {{0}, 0};
    if (datum_compound(d)) datum_find_cycles(d, &pr.labels);
    datum_print_in(b, d, &pr);
    ptrmap_free(&pr.labels);
}

static void datum_print_in(Buf *b, const Datum *d, DatumPrinter *pr) {
    if (datum_compound(d) && datum_print_label(b, pr, d)) return;
    switch (d->kind) {
    case DATUM_NIL: buf_puts(b, "()"); break;
    case DATUM_BOOL: buf_puts(b, d->b ? "#t" : "#f"); break;
    case DATUM_FIXNUM: buf_printf(b, "%lld", (long long)d->fix); break;
    case DATUM_BIGNUM: case DATUM_RATNUM: buf_puts(b, d->big); break;
    case DATUM_FLONUM: datum_print_flonum(b, d->flo); break;
    case DATUM_COMPNUM: { /* as the runtime prints it: 1+2i, 1.5-inf.0i */
        datum_print_in(b, d->cx.re, pr);
        size_t at = b->len;
        datum_print_in(b, d->cx.im, pr);
        if (b->data[at] != '-' && b->data[at] != '+') {
            buf_putc(b, ' ');
            memmove(b->data + at + 1, b->data + at, b->len - at - 1);
            b->data[at] = '+';
        }
        buf_putc(b, 'i');
        break;
    }
    case DATUM_CHAR: datum_print_char(b, d->ch); break;
    case DATUM_STRING:
        buf_putc(b, '"');
        for (size_t i = 0; i < d->str.len; i++) datum_print_escaped(b, d->str.chars[i], '"');
        buf_putc(b, '"');
        break;
    case DATUM_SYMBOL: datum_print_sym(b, d->sym); break;
    case DATUM_PAIR: {
        const char *abbrev = datum_abbreviation(d);
        if (abbrev && !(pr->labels.len && ptrmap_slot(&pr->labels, d->pair.cdr, false))) {
            buf_puts(b, abbrev);
            datum_print_in(b, d->pair.cdr->pair.car, pr);
            break;
        }
        buf_putc(b, '(');
        for (;;) {
            datum_print_in(b, d->pair.car, pr);
            d = d->pair.cdr;
            if (d->kind != DATUM_PAIR || (pr->labels.len && ptrmap_slot(&pr->labels, d, false))) break;
            buf_putc(b, ' ');
        }
        if (d->kind != DATUM_NIL) {
            buf_puts(b, " . ");
            datum_print_in(b, d, pr);
        }
        buf_putc(b, ')');
        break;
    }
    case DATUM_VECTOR:
        buf_puts(b, "#(");
        for (size_t i = 0; i < d->vec.len; i++) {
            if (i) buf_putc(b, ' ');
            datum_print_in(b, d->vec.items[i], pr);
        }
        buf_putc(b, ')');
        break;
    case DATUM_BYTEVECTOR:
        buf_puts(b, "#u8(");
        for (size_t i = 0; i < d->bv.len; i++) buf_printf(b, i ? " %u" : "%u", d->bv.bytes[i]);
        buf_putc(b, ')');
        break;
    case DATUM_UNSPEC: buf_puts(b, "#<unspecified>"); break;
    }
}
