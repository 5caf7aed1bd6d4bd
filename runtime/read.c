/* read.c: the datum reader at run time, (read [port]) (R7RS 6.13.2, syntax of 7.1.2).
 * It reads one datum from a textual input port through read-char and peek-char, so it works
 * on every kind of port: lists (with [ ] as well), dotted pairs, vectors #( ), bytevectors
 * #u8( ), strings with escapes (\n \t \x41; and line continuations), characters (#\a #\space
 * #\x3bb), numbers in every syntax rt_number_parse knows (#x #e ... prefixes, bignums,
 * decimals, +inf.0), booleans (#t #f #true #false), symbols (with |...| and escapes), the
 * abbreviations ' ` , ,@ and the comments ; #| |# (nested) and #; (datum comment).
 * #!fold-case, #!no-fold-case and other #! directives are skipped like comments (case
 * folding itself is not done). Datum labels (#0= #0#) are not supported.
 * At end of file it returns the eof object; a syntax error (unbalanced parentheses, end of file
 * inside a datum, an unknown # syntax) raises a condition of kind RT_COND_READ: read-error?.
 * Data are allocated in rr.
 */
#include "rtlib.h"

typedef struct RtReader {
    Region *rr;
    const char *loc;
    RtValue port;
} RtReader;

enum { RT_RD_DATUM, RT_RD_CLOSE, RT_RD_DOT, RT_RD_END };

static int32_t rt_rd_get(RtReader *rd) {
    RtValue c = rt_p_read_char(rd->rr, rd->loc, 1, &rd->port);
    return c == RT_EOF ? -1 : (int32_t)RT_CHARVAL(c);
}

static int32_t rt_rd_peek(RtReader *rd) {
    RtValue c = rt_p_peek_char(rd->rr, rd->loc, 1, &rd->port);
    return c == RT_EOF ? -1 : (int32_t)RT_CHARVAL(c);
}

#define rt_rd_error(rd, ...) rt_error_kind((rd)->loc, RT_COND_READ, "read: " __VA_ARGS__)

static int rt_rd_space(int32_t c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int rt_rd_delimiter(int32_t c) {
    return c < 0 || rt_rd_space(c) || c == '(' || c == ')' || c == '[' || c == ']' ||
           c == '"' || c == ';' || c == '|';
}

/* A growable buffer of code points. There is one, reused by every token (no two
 * tokens are collected at once), so a read error raised mid-token leaks nothing. */
typedef struct { uint32_t *c; size_t n, cap; } RtRdBuf;
static RtRdBuf rt_rd_scratch; /* not thread-safe, like interning */
static RtRdBuf *rt_rd_buf(void) {
    rt_rd_scratch.n = 0;
    return &rt_rd_scratch;
}

static void rt_rd_push(RtRdBuf *b, uint32_t c) {
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 32;
        uint32_t *nc = realloc(b->c, b->cap * sizeof *nc);
        if (nc == NULL) rt_out_of_memory();
        b->c = nc;
    }
    b->c[b->n++] = c;
}

/* The buffer as UTF-8, malloc'd and NUL-terminated; *len its byte length. */
static char *rt_rd_utf8(const RtRdBuf *b, size_t *len) {
    char *s = malloc(b->n * 4 + 1);
    if (s == NULL) rt_out_of_memory();
    size_t k = 0;
    for (size_t i = 0; i < b->n; i++) k += rt_utf8_encode(b->c[i], s + k);
    s[k] = 0;
    *len = k;
    return s;
}

static RtValue rt_rd_item(RtReader *rd, int *kind);

/* A datum, where only a datum may come (after ' or #;, inside #( )...). */
static RtValue rt_rd_datum(RtReader *rd, const char *after) {
    int kind;
    RtValue v = rt_rd_item(rd, &kind);
    if (kind == RT_RD_END) rt_rd_error(rd, "end of file after %s", after);
    if (kind != RT_RD_DATUM) rt_rd_error(rd, "unexpected %s after %s",
                                         kind == RT_RD_DOT ? "." : "closing parenthesis", after);
    return v;
}

/* The rest of a list after its opening parenthesis. */
static RtValue rt_rd_list(RtReader *rd) {
    RtValue head = RT_NIL, *tail = &head;
    for (;;) {
        int kind;
        RtValue v = rt_rd_item(rd, &kind);
        switch (kind) {
        case RT_RD_END: rt_rd_error(rd, "end of file in a list");
        case RT_RD_CLOSE: return head;
        case RT_RD_DOT: {
            if (head == RT_NIL) rt_rd_error(rd, "unexpected . at the start of a list");
            *tail = rt_rd_datum(rd, ".");
            RtValue end = rt_rd_item(rd, &kind);
            (void)end;
            if (kind != RT_RD_CLOSE) rt_rd_error(rd, "expected ) after the datum after .");
            return head;
        }
        default:
            *tail = rt_cons(rd->rr, v, RT_NIL);
            tail = &RT_CDR(*tail);
        }
    }
}

/* #( ... ): the elements are read as a list, then copied. */
static RtValue rt_rd_vector(RtReader *rd) {
    RtValue l = rt_rd_list(rd);
    int64_t n = rt_list_length(l);
    if (n < 0) rt_rd_error(rd, "a dotted list in a vector");
    RtValue v = mk_vector(rd->rr, (size_t)n, RT_FALSE);
    for (int64_t i = 0; i < n; i++, l = RT_CDR(l)) RT_AS(RtVector, v)->items[i] = RT_CAR(l);
    return v;
}

static RtValue rt_rd_bytevector(RtReader *rd) {
    RtValue l = rt_rd_list(rd);
    int64_t n = rt_list_length(l);
    if (n < 0) rt_rd_error(rd, "a dotted list in a bytevector");
    RtValue v = mk_bytevector(rd->rr, (size_t)n, 0);
    for (int64_t i = 0; i < n; i++, l = RT_CDR(l)) {
        RtValue x = RT_CAR(l);
        if (!RT_IS_FIXNUM(x) || RT_FIXVAL(x) < 0 || RT_FIXVAL(x) > 255)
            rt_rd_error(rd, "a bytevector element is not a byte");
        RT_AS(RtBytevector, v)->bytes[i] = (uint8_t)RT_FIXVAL(x);
    }
    return v;
}

/* \xHH...; inside a string or |symbol| (the x already read). */
static uint32_t rt_rd_hex_escape(RtReader *rd) {
    uint32_t v = 0;
    int digits = 0;
    for (;;) {
        int32_t c = rt_rd_get(rd);
        if (c == ';' && digits > 0) break;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0 || ++digits > 8) rt_rd_error(rd, "bad \\x escape");
        v = v * 16 + (uint32_t)d;
    }
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) rt_rd_error(rd, "bad \\x escape");
    return v;
}

/* The text between delimiters `quote` (" for strings, | for symbols), escapes decoded. */
static void rt_rd_quoted(RtReader *rd, int32_t quote, RtRdBuf *b) {
    for (;;) {
        int32_t c = rt_rd_get(rd);
        if (c < 0)
            rt_rd_error(rd, "end of file in a %s", quote == '"' ? "string" : "|symbol|");
        if (c == quote) return;
        if (c != '\\') {
            rt_rd_push(b, (uint32_t)c);
            continue;
        }
        c = rt_rd_get(rd);
        switch (c) {
        case 'a': rt_rd_push(b, 7); break;
        case 'b': rt_rd_push(b, 8); break;
        case 't': rt_rd_push(b, 9); break;
        case 'n': rt_rd_push(b, 10); break;
        case 'r': rt_rd_push(b, 13); break;
        case '"': case '\\': case '|': rt_rd_push(b, (uint32_t)c); break;
        case 'x': case 'X': rt_rd_push(b, rt_rd_hex_escape(rd)); break;
        default:
            if (c == '\n' || rt_rd_space(c)) { /* \ <spaces> newline <spaces>: nothing */
                while (c != '\n' && rt_rd_space(c)) c = rt_rd_get(rd);
                if (c != '\n') rt_rd_error(rd, "bad line continuation in a string");
                while (rt_rd_peek(rd) == ' ' || rt_rd_peek(rd) == '\t') rt_rd_get(rd);
                break;
            }
            rt_rd_error(rd, "unknown escape in a string");
        }
    }
}

static const struct { const char *name; uint32_t c; } rt_rd_char_names[] = {
    {"alarm", 7},     {"backspace", 8}, {"delete", 127}, {"escape", 27}, {"newline", 10},
    {"null", 0},      {"return", 13},   {"space", 32},   {"tab", 9},     {"nul", 0},
    {"linefeed", 10}, {"altmode", 27},  {"rubout", 127}, {"page", 12},
};

/* #\<char> (#\ already read). */
static RtValue rt_rd_char(RtReader *rd) {
    RtRdBuf *b = rt_rd_buf();
    int32_t c = rt_rd_get(rd);
    if (c < 0) rt_rd_error(rd, "end of file after #\\");
    rt_rd_push(b, (uint32_t)c);
    while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_push(b, (uint32_t)rt_rd_get(rd));
    uint32_t r = b->c[0];
    if (b->n > 1) {
        size_t len;
        char *s = rt_rd_utf8(b, &len);
        int found = 0;
        for (size_t i = 0; i < sizeof rt_rd_char_names / sizeof rt_rd_char_names[0]; i++)
            if (strcmp(s, rt_rd_char_names[i].name) == 0) {
                r = rt_rd_char_names[i].c;
                found = 1;
            }
        if (!found && (s[0] == 'x' || s[0] == 'U' || s[0] == 'u')) {
            char *end;
            unsigned long v = strtoul(s + 1, &end, 16);
            if (*end == 0 && v <= 0x10ffff && !(v >= 0xd800 && v <= 0xdfff)) {
                r = (uint32_t)v;
                found = 1;
            }
        }
        free(s);
                if (!found) rt_rd_error(rd, "unknown character name");
        return RT_CHAR(r);
    }
        return RT_CHAR(r);
}

/* An atom: a number if rt_number_parse takes it, else a symbol. The first character c has
 * been read; a token starting with # is a number with a prefix or an error. */
static RtValue rt_rd_atom(RtReader *rd, int32_t c) {
    RtRdBuf *b = rt_rd_buf();
    rt_rd_push(b, (uint32_t)c);
    for (;;) {
        int32_t d = rt_rd_peek(rd);
        if (d == '|') { /* abc|def|ghi: the quoted part joins the symbol */
            rt_rd_get(rd);
            rt_rd_quoted(rd, '|', b);
            continue;
        }
        if (rt_rd_delimiter(d)) break;
        rt_rd_push(b, (uint32_t)rt_rd_get(rd));
    }
    size_t len;
    char *s = rt_rd_utf8(b, &len);
        if (len == 1 && s[0] == '.') {
        free(s);
        return RT_UNDEFINED; /* the dot of a dotted pair */
    }
    RtValue v = RT_FALSE;
    int digitish = (s[0] >= '0' && s[0] <= '9') || s[0] == '#' || s[0] == '+' || s[0] == '-' ||
                   s[0] == '.';
    if (digitish) v = rt_number_parse(rd->rr, rd->loc, s, len, 10);
    if (v == RT_FALSE) {
        if (s[0] == '#') {
            free(s);
            rt_rd_error(rd, "bad # syntax");
        }
        v = mk_symbol_n(rd->rr, s, len);
    }
    free(s);
    return v;
}

static RtValue rt_rd_abbrev(RtReader *rd, const char *name, const char *text) {
    RtValue d = rt_rd_datum(rd, text);
    return rt_cons(rd->rr, mk_symbol(rd->rr, name), rt_cons(rd->rr, d, RT_NIL));
}

/* #| ... |# with nesting (#| already read). */
static void rt_rd_block_comment(RtReader *rd) {
    int depth = 1;
    int32_t prev = 0;
    while (depth > 0) {
        int32_t c = rt_rd_get(rd);
        if (c < 0) rt_rd_error(rd, "end of file in a #| comment");
        if (prev == '|' && c == '#') { depth--; c = 0; }
        else if (prev == '#' && c == '|') { depth++; c = 0; }
        prev = c;
    }
}

/* The next datum, or a closing parenthesis, a dot or the end of file (*kind). */
static RtValue rt_rd_item(RtReader *rd, int *kind) {
    RT_STACK_CHECK(rd->loc);
    *kind = RT_RD_DATUM;
    for (;;) {
        int32_t c = rt_rd_get(rd);
        if (c < 0) {
            *kind = RT_RD_END;
            return RT_EOF;
        }
        if (rt_rd_space(c)) continue;
        switch (c) {
        case ';':
            while ((c = rt_rd_get(rd)) >= 0 && c != '\n') {}
            continue;
        case '(': case '[': return rt_rd_list(rd); /* ( ] and [ ) are accepted */
        case ')': case ']': *kind = RT_RD_CLOSE; return RT_UNSPEC;
        case '\'': return rt_rd_abbrev(rd, "quote", "'");
        case '`': return rt_rd_abbrev(rd, "quasiquote", "`");
        case ',':
            if (rt_rd_peek(rd) == '@') {
                rt_rd_get(rd);
                return rt_rd_abbrev(rd, "unquote-splicing", ",@");
            }
            return rt_rd_abbrev(rd, "unquote", ",");
        case '"': {
            RtRdBuf *b = rt_rd_buf();
            rt_rd_quoted(rd, '"', b);
            RtString *s = rt_string_new(rd->rr, (int64_t)b->n);
            if (b->n) memcpy(s->chars, b->c, b->n * sizeof *b->c);
                        return RT_TAG_AS_OBJ(s);
        }
        case '|': {
            RtRdBuf *b = rt_rd_buf();
            rt_rd_quoted(rd, '|', b);
            while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_push(b, (uint32_t)rt_rd_get(rd));
            size_t len;
            char *s = rt_rd_utf8(b, &len);
                        RtValue v = mk_symbol_n(rd->rr, s, len);
            free(s);
            return v;
        }
        case '#': {
            int32_t d = rt_rd_peek(rd);
            if (d == '|') {
                rt_rd_get(rd);
                rt_rd_block_comment(rd);
                continue;
            }
            if (d == ';') {
                rt_rd_get(rd);
                rt_rd_datum(rd, "#;");
                continue;
            }
            if (d == '!') { /* #!fold-case, #!no-fold-case, #!eof...: skipped */
                while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_get(rd);
                continue;
            }
            if (d == '(') {
                rt_rd_get(rd);
                return rt_rd_vector(rd);
            }
            if (d == '\\') {
                rt_rd_get(rd);
                return rt_rd_char(rd);
            }
            if (d == 'u' || d == 'U') {
                rt_rd_get(rd);
                if (rt_rd_get(rd) != '8' || rt_rd_get(rd) != '(')
                    rt_rd_error(rd, "bad # syntax (expected #u8( )");
                return rt_rd_bytevector(rd);
            }
            if (d == 't' || d == 'f') {
                RtRdBuf *b = rt_rd_buf();
                while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_push(b, (uint32_t)rt_rd_get(rd));
                size_t len;
                char *s = rt_rd_utf8(b, &len);
                                int t = strcmp(s, "t") == 0 || strcmp(s, "true") == 0;
                int f = strcmp(s, "f") == 0 || strcmp(s, "false") == 0;
                free(s);
                if (!t && !f) rt_rd_error(rd, "bad # syntax");
                return RT_BOOL(t);
            }
            return rt_rd_atom(rd, c);
        }
        default: {
            RtValue v = rt_rd_atom(rd, c);
            if (v == RT_UNDEFINED) *kind = RT_RD_DOT;
            return v;
        }
        }
    }
}

RtValue rt_p_read(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue port = RT_OPT(0, rt_current_input());
    rt_in_port(loc, "read", port);
    RtReader rd = {rr, loc, port};
    int kind;
    RtValue v = rt_rd_item(&rd, &kind);
    if (kind == RT_RD_CLOSE) rt_rd_error(&rd, "unexpected closing parenthesis");
    if (kind == RT_RD_DOT) rt_rd_error(&rd, "unexpected .");
    return v;
}
