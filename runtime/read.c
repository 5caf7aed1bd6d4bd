/* read.c: the datum reader at run time, (read [port]) (R7RS 6.13.2, syntax of 2 and 7.1.2).
 * It reads one datum from a textual input port through read-char and peek-char, so it works
 * on every kind of port: lists (with [ ] as well), dotted pairs, vectors #( ), bytevectors
 * #u8( ), strings with escapes (\n \t \x41; and line continuations), characters (#\a #\space
 * #\x3bb), numbers in every syntax rt_number_parse knows (#x #e ... prefixes, bignums,
 * decimals, +inf.0) and the exponent markers s f d l of R5RS (1s2 = 1d2 = 100.0, as Chez
 * reads them), booleans (#t #f #true #false), symbols (with |...| and escapes), the
 * abbreviations ' ` , ,@, the comments ; #| |# (nested) and #; (datum comment), datum labels
 * #n= and #n# (2.4: shared and circular data; a reference inside the datum its label names
 * makes a cycle), and the directives #!fold-case / #!no-fold-case (2.1), which fold the
 * identifiers and character names read after them from the same port, as string-foldcase
 * does (|...| symbols are not folded). Other #! directives are skipped like comments.
 * At end of file it returns the eof object; a syntax error (unbalanced parentheses, end of file
 * inside a datum, an unknown # syntax, an undefined label) raises a condition of kind
 * RT_COND_READ (read-error?) whose message names the place in the port:
 *   read: unexpected closing parenthesis at line 3, column 7 of "data.txt"
 * Data are allocated in rr.
 */
#include "rtlib.h"

#include <pthread.h>

#include <stdarg.h>

/* A datum label: while its datum is being read, references to it read as `hole` (a fresh box:
 * the reader makes no boxes otherwise) and the places they were stored in are remembered as
 * fixups, patched when the datum is complete. */
typedef struct RtRdLabel {
    uint64_t n;
    RtValue hole, value;
    int done;
} RtRdLabel;

typedef struct RtReader {
    Region *rr;
    const char *loc;
    RtValue port;
    RtPortImpl *in;              /* port's, read through the inline fast paths (rtlib.h) */
    int64_t tok_line, tok_col;   /* where the token being read starts */
    RtRdLabel *labels;           /* the labels of this datum (collector memory, scanned) */
    size_t nlabels, labels_cap;
    RtValue **fixups;            /* places holding a hole (collector memory, atomic) */
    size_t nfixups, fixups_cap;
} RtReader;

enum { RT_RD_DATUM, RT_RD_CLOSE, RT_RD_DOT, RT_RD_END };

static int32_t rt_rd_get(RtReader *rd) { return rt_port_getc(rd->in); }
static int32_t rt_rd_peek(RtReader *rd) { return rt_port_peekc(rd->in); }

/* A read error at line:col of the port: "read: <message> at line L, column C of <port>". */
static RT_NORETURN RT_COLD void rt_rd_error_at(RtReader *rd, int64_t line, int64_t col,
                                               const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static RT_NORETURN RT_COLD void rt_rd_error_at(RtReader *rd, int64_t line, int64_t col,
                                               const char *fmt, ...) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rt_error_kind(rd->loc, RT_COND_READ, "read: %s at line %lld, column %lld of %s", msg,
                  (long long)line, (long long)(col > 0 ? col : 1),
                  rt_port_description(rd->port));
}
/* ... where the last character was read */
#define rt_rd_error(rd, ...)                                                                  \
    do {                                                                                      \
        int64_t l_, c_;                                                                       \
        rt_port_position((rd)->port, &l_, &c_);                                               \
        rt_rd_error_at(rd, l_, c_, __VA_ARGS__);                                              \
    } while (0)
/* ... where the current token starts */
#define rt_rd_error_tok(rd, ...) rt_rd_error_at(rd, (rd)->tok_line, (rd)->tok_col, __VA_ARGS__)

static void rt_rd_mark(RtReader *rd) { rt_port_position(rd->port, &rd->tok_line, &rd->tok_col); }

/* Whitespace: R7RS's (space, tab, line endings, form feed) and Unicode's White_Space. */
static int rt_rd_space(int32_t c) {
    if (c < 128) return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    return rt_char_whitespace((uint32_t)c);
}

static int rt_rd_delimiter(int32_t c) {
    return c < 0 || rt_rd_space(c) || c == '(' || c == ')' || c == '[' || c == ']' ||
           c == '"' || c == ';' || c == '|';
}

/* A growable buffer of code points. There is one, reused by every token (no two
 * tokens are collected at once), so a read error raised mid-token leaks nothing. */
/* One per thread; a thread that ends frees its buffer (a pthread key's destructor, which is
 * given the buffer: thread-local storage is not scanned by LeakSanitizer once its thread is
 * gone, and the program runs on a thread of its own). */
typedef struct { uint32_t *c; size_t n, cap; } RtRdBuf;
static _Thread_local RtRdBuf rt_rd_scratch;
static pthread_key_t rt_rd_key;
static pthread_once_t rt_rd_once = PTHREAD_ONCE_INIT;
static void rt_rd_make_key(void) { pthread_key_create(&rt_rd_key, free); }
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
        if (b == &rt_rd_scratch) {
            pthread_once(&rt_rd_once, rt_rd_make_key);
            pthread_setspecific(rt_rd_key, nc);
        }
    }
    b->c[b->n++] = c;
}

/* b[from..] replaced by its full case folding (#!fold-case). */
static void rt_rd_fold(RtRdBuf *b, size_t from) {
    size_t n = b->n;
    uint32_t *copy = malloc((n - from) * sizeof *copy + 1);
    if (copy == NULL) rt_out_of_memory();
    memcpy(copy, b->c + from, (n - from) * sizeof *copy);
    b->n = from;
    for (size_t i = 0; i < n - from; i++) {
        uint32_t f[3];
        size_t k = rt_char_fold_full(copy[i], f);
        for (size_t j = 0; j < k; j++) rt_rd_push(b, f[j]);
    }
    free(copy);
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

/* ---- datum labels (R7RS 2.4) ---------------------------------------------------------------- */

static int rt_rd_is_hole(RtValue v) { return RT_IS_TYPE(v, TYPE_ID_BOX); }

/* Remember that *place holds a hole, to patch when its label's datum is complete. */
static void rt_rd_fixup(RtReader *rd, RtValue *place) {
    if (!rt_rd_is_hole(*place)) return;
    if (rd->nfixups == rd->fixups_cap) {
        rd->fixups_cap = rd->fixups_cap ? 2 * rd->fixups_cap : 16;
        RtValue **f = rt_gc_malloc_atomic(rd->fixups_cap * sizeof *f);
        if (rd->nfixups) memcpy(f, rd->fixups, rd->nfixups * sizeof *f);
        rd->fixups = f;
    }
    rd->fixups[rd->nfixups++] = place;
}

static RtRdLabel *rt_rd_label(RtReader *rd, uint64_t n) {
    for (size_t i = 0; i < rd->nlabels; i++)
        if (rd->labels[i].n == n) return &rd->labels[i];
    return NULL;
}

static RtValue rt_rd_datum(RtReader *rd, const char *after);

/* #n= <datum> or #n# (the # already read, the next character a digit). */
static RtValue rt_rd_label_use(RtReader *rd) {
    uint64_t n = 0;
    int32_t c;
    while ((c = rt_rd_peek(rd)) >= '0' && c <= '9') {
        rt_rd_get(rd);
        if (n > (UINT64_MAX - 9) / 10) rt_rd_error_tok(rd, "datum label too large");
        n = n * 10 + (uint64_t)(c - '0');
    }
    c = rt_rd_get(rd);
    if (c == '#') {
        RtRdLabel *l = rt_rd_label(rd, n);
        if (l == NULL) rt_rd_error_tok(rd, "undefined datum label #%llu#", (unsigned long long)n);
        return l->done ? l->value : l->hole;
    }
    if (c != '=') rt_rd_error_tok(rd, "bad # syntax (expected #%llu= or #%llu#)",
                                  (unsigned long long)n, (unsigned long long)n);
    if (rt_rd_label(rd, n) != NULL)
        rt_rd_error_tok(rd, "datum label #%llu= defined twice", (unsigned long long)n);
    if (rd->nlabels == rd->labels_cap) {
        rd->labels_cap = rd->labels_cap ? 2 * rd->labels_cap : 8;
        RtRdLabel *ls = rt_gc_malloc(rd->labels_cap * sizeof *ls);
        if (rd->nlabels) memcpy(ls, rd->labels, rd->nlabels * sizeof *ls);
        rd->labels = ls;
    }
    int64_t line = rd->tok_line, col = rd->tok_col;
    RtValue hole = mk_box(rd->rr, RT_FALSE);
    size_t li = rd->nlabels++;
    rd->labels[li] = (RtRdLabel){n, hole, RT_FALSE, 0};
    char after[32];
    snprintf(after, sizeof after, "#%llu=", (unsigned long long)n);
    RtValue v = rt_rd_datum(rd, after);
    if (v == hole)
        rt_rd_error_at(rd, line, col, "datum label #%llu= refers to itself",
                       (unsigned long long)n);
    rd->labels[li].value = v;
    rd->labels[li].done = 1;
    for (size_t i = 0; i < rd->nfixups; i++)
        if (*rd->fixups[i] == hole) *rd->fixups[i] = v;
    for (size_t i = 0; i < rd->nlabels; i++) /* #1=#0# inside #0='s datum */
        if (rd->labels[i].value == hole) rd->labels[i].value = v;
    return v;
}

/* ---- data ----------------------------------------------------------------------------------- */

static RtValue rt_rd_item(RtReader *rd, int *kind);

/* A datum, where only a datum may come (after ' or #;, inside #( )...). */
static RtValue rt_rd_datum(RtReader *rd, const char *after) {
    int kind;
    RtValue v = rt_rd_item(rd, &kind);
    if (kind == RT_RD_END) rt_rd_error(rd, "end of file after %s", after);
    if (kind != RT_RD_DATUM)
        rt_rd_error_tok(rd, "unexpected %s after %s",
                        kind == RT_RD_DOT ? "." : "closing parenthesis", after);
    return v;
}

/* The rest of a list after its opening parenthesis (opened at line:col). */
static RtValue rt_rd_list(RtReader *rd, int64_t line, int64_t col) {
    RtValue head = RT_NIL, *tail = &head;
    for (;;) {
        int kind;
        RtValue v = rt_rd_item(rd, &kind);
        switch (kind) {
        case RT_RD_END:
            rt_rd_error_at(rd, line, col, "end of file in a list, opened");
        case RT_RD_CLOSE: return head;
        case RT_RD_DOT: {
            if (head == RT_NIL) rt_rd_error_tok(rd, "unexpected . at the start of a list");
            *tail = rt_rd_datum(rd, ".");
            rt_rd_fixup(rd, tail);
            rt_rd_item(rd, &kind);
            if (kind != RT_RD_CLOSE) rt_rd_error_tok(rd, "expected ) after the datum after .");
            return head;
        }
        default:
            *tail = rt_cons(rd->rr, v, RT_NIL);
            rt_rd_fixup(rd, &RT_CAR(*tail));
            tail = &RT_CDR(*tail);
        }
    }
}

/* #( ... ): the elements are read as a list, then copied. */
static RtValue rt_rd_vector(RtReader *rd, int64_t line, int64_t col) {
    RtValue l = rt_rd_list(rd, line, col);
    int64_t n = rt_list_length(l);
    if (n < 0) rt_rd_error_at(rd, line, col, "a dotted list in the vector");
    RtValue v = mk_vector(rd->rr, (size_t)n, RT_FALSE);
    for (int64_t i = 0; i < n; i++, l = RT_CDR(l)) {
        RT_AS(RtVector, v)->items[i] = RT_CAR(l);
        rt_rd_fixup(rd, &RT_AS(RtVector, v)->items[i]);
    }
    return v;
}

static RtValue rt_rd_bytevector(RtReader *rd, int64_t line, int64_t col) {
    RtValue l = rt_rd_list(rd, line, col);
    int64_t n = rt_list_length(l);
    if (n < 0) rt_rd_error_at(rd, line, col, "a dotted list in the bytevector");
    RtValue v = mk_bytevector(rd->rr, (size_t)n, 0);
    for (int64_t i = 0; i < n; i++, l = RT_CDR(l)) {
        RtValue x = RT_CAR(l);
        if (!RT_IS_FIXNUM(x) || RT_FIXVAL(x) < 0 || RT_FIXVAL(x) > 255)
            rt_rd_error_at(rd, line, col, "an element that is not a byte in the bytevector");
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
        if (d < 0 || ++digits > 8) rt_rd_error(rd, "bad \\x escape (expected hex digits and ;)");
        v = v * 16 + (uint32_t)d;
    }
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        rt_rd_error(rd, "\\x%x; is not a Unicode scalar value", v);
    return v;
}

/* The text between delimiters `quote` (" for strings, | for symbols), escapes decoded
 * (R7RS 6.7: \a \b \t \n \r \" \\ \| \xHH; and \<spaces><newline><spaces>). */
static void rt_rd_quoted(RtReader *rd, int32_t quote, RtRdBuf *b) {
    int64_t line, col;
    rt_port_position(rd->port, &line, &col);
    for (;;) {
        int32_t c = rt_rd_get(rd);
        if (c < 0)
            rt_rd_error_at(rd, line, col, "end of file in a %s, opened",
                           quote == '"' ? "string" : "|symbol|");
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
            if (c == '\n' || c == ' ' || c == '\t' || c == '\r') { /* a line continuation */
                while (c == ' ' || c == '\t' || c == '\r') c = rt_rd_get(rd);
                if (c != '\n') rt_rd_error(rd, "bad line continuation (\\ then spaces, not a newline)");
                while (rt_rd_peek(rd) == ' ' || rt_rd_peek(rd) == '\t') rt_rd_get(rd);
                break;
            }
            if (c < 0) continue; /* reported as end of file above */
            char e[8];
            e[rt_utf8_encode((uint32_t)c, e)] = 0;
            rt_rd_error(rd, "unknown escape \\%s in a %s", e, quote == '"' ? "string" : "|symbol|");
        }
    }
}

static const struct { const char *name; uint32_t c; } rt_rd_char_names[] = {
    {"alarm", 7},     {"backspace", 8}, {"delete", 127}, {"escape", 27}, {"newline", 10},
    {"null", 0},      {"return", 13},   {"space", 32},   {"tab", 9},     {"nul", 0},
    {"linefeed", 10}, {"altmode", 27},  {"rubout", 127}, {"page", 12},
};

/* #\<char> (#\ already read). A name is looked up folded under #!fold-case. */
static RtValue rt_rd_char(RtReader *rd) {
    RtRdBuf *b = rt_rd_buf();
    int32_t c = rt_rd_get(rd);
    if (c < 0) rt_rd_error(rd, "end of file after #\\");
    rt_rd_push(b, (uint32_t)c);
    while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_push(b, (uint32_t)rt_rd_get(rd));
    if (b->n == 1) return RT_CHAR(b->c[0]);
    if (rt_port_fold_case(rd->port)) rt_rd_fold(b, 0);
    size_t len;
    char *s = rt_rd_utf8(b, &len);
    for (size_t i = 0; i < sizeof rt_rd_char_names / sizeof rt_rd_char_names[0]; i++)
        if (strcmp(s, rt_rd_char_names[i].name) == 0) {
            free(s);
            return RT_CHAR(rt_rd_char_names[i].c);
        }
    if ((s[0] == 'x' || s[0] == 'X' || s[0] == 'U' || s[0] == 'u') && len <= 9) {
        unsigned long v = 0;
        int hex = 1;
        for (size_t i = 1; i < len; i++) {
            int d = s[i] >= '0' && s[i] <= '9' ? s[i] - '0' : (s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'f' ? (s[i] | 0x20) - 'a' + 10 : -1;
            if (d < 0) hex = 0;
            else v = v * 16 + (unsigned long)d;
        }
        if (hex && v <= 0x10ffff && !(v >= 0xd800 && v <= 0xdfff)) {
            free(s);
            return RT_CHAR((uint32_t)v);
        }
    }
    char shown[64];
    snprintf(shown, sizeof shown, "%.40s", s);
    free(s);
    rt_rd_error_tok(rd, "unknown character name #\\%s", shown);
}

/* R5RS's exponent markers s, f, d and l (R7RS keeps e): in decimal number syntax, the marker
 * is replaced by e in place, so that rt_number_parse reads 1s2, 1.5f-3, #i2L10. */
static void rt_rd_exponent_markers(char *s, size_t len) {
    size_t i = 0;
    while (i + 1 < len && s[i] == '#') {
        char p = (char)(s[i + 1] | 0x20);
        if (p != 'd' && p != 'e' && p != 'i') return; /* #x #b #o: d and f are digits there */
        i += 2;
    }
    if (i < len && (s[i] == '+' || s[i] == '-')) i++;
    size_t digits = 0;
    int dot = 0;
    for (; i < len && ((s[i] >= '0' && s[i] <= '9') || (s[i] == '.' && !dot)); i++) {
        if (s[i] == '.') dot = 1;
        else digits++;
    }
    if (digits == 0 || i >= len || !strchr("sfdlSFDL", s[i])) return;
    size_t m = i++;
    if (i < len && (s[i] == '+' || s[i] == '-')) i++;
    if (i == len) return;
    for (; i < len; i++)
        if (s[i] < '0' || s[i] > '9') return;
    s[m] = 'e';
}

/* An atom: a number if rt_number_parse takes it, else a symbol (folded under #!fold-case).
 * The first character c has been read; a token starting with # is a number with a prefix or
 * an error. A vertical line ends it (R7RS 7.1.1: a delimiter), as in the compiler's reader:
 * abc|def| is the symbols abc and def. */
static RtValue rt_rd_atom(RtReader *rd, int32_t c) {
    RtRdBuf *b = rt_rd_buf();
    int fold = rt_port_fold_case(rd->port);
    rt_rd_push(b, (uint32_t)c);
    while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_push(b, (uint32_t)rt_rd_get(rd));
    size_t len;
    char *s = rt_rd_utf8(b, &len);
    if (len == 1 && s[0] == '.') {
        free(s);
        return RT_UNDEFINED; /* the dot of a dotted pair */
    }
    RtValue v = RT_FALSE;
    int digitish = (s[0] >= '0' && s[0] <= '9') || s[0] == '#' || s[0] == '+' || s[0] == '-' ||
                   s[0] == '.';
    if (digitish) {
        rt_rd_exponent_markers(s, len);
        v = rt_number_parse(rd->rr, rd->loc, s, len, 10);
    }
    if (v == RT_FALSE) {
        if (s[0] == '#') {
            char shown[64];
            snprintf(shown, sizeof shown, "%.40s", s);
            free(s);
            rt_rd_error_tok(rd, "bad # syntax %s", shown);
        }
        if (fold) {
            free(s);
            rt_rd_fold(b, 0);
            s = rt_rd_utf8(b, &len);
        }
        v = mk_symbol_n(rd->rr, s, len);
    }
    free(s);
    return v;
}

static RtValue rt_rd_abbrev(RtReader *rd, const char *name, const char *text) {
    RtValue d = rt_rd_datum(rd, text);
    RtValue rest = rt_cons(rd->rr, d, RT_NIL);
    rt_rd_fixup(rd, &RT_CAR(rest));
    return rt_cons(rd->rr, mk_symbol(rd->rr, name), rest);
}

/* #| ... |# with nesting (#| already read). */
static void rt_rd_block_comment(RtReader *rd) {
    int depth = 1;
    int32_t prev = 0;
    int64_t line = rd->tok_line, col = rd->tok_col;
    while (depth > 0) {
        int32_t c = rt_rd_get(rd);
        if (c < 0)
            rt_rd_error_at(rd, line, col, "end of file in a #| comment, opened");
        if (prev == '|' && c == '#') { depth--; c = 0; }
        else if (prev == '#' && c == '|') { depth++; c = 0; }
        prev = c;
    }
}

/* #!fold-case, #!no-fold-case (R7RS 2.1) and other directives (#!eof, #!r6rs...: skipped). */
static void rt_rd_directive(RtReader *rd) {
    RtRdBuf *b = rt_rd_buf();
    while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_push(b, (uint32_t)rt_rd_get(rd));
    size_t len;
    char *s = rt_rd_utf8(b, &len);
    if (strcmp(s, "fold-case") == 0) rt_port_set_fold_case(rd->port, 1);
    else if (strcmp(s, "no-fold-case") == 0) rt_port_set_fold_case(rd->port, 0);
    free(s);
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
        rt_rd_mark(rd);
        int64_t line = rd->tok_line, col = rd->tok_col;
        switch (c) {
        case ';':
            while ((c = rt_rd_get(rd)) >= 0 && c != '\n') {}
            continue;
        case '(': case '[': return rt_rd_list(rd, line, col); /* ( ] and [ ) are accepted */
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
            rt_rd_quoted(rd, '|', b);   /* |abc| alone: what follows is another token */
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
            if (d == '!') {
                rt_rd_get(rd);
                rt_rd_directive(rd);
                continue;
            }
            if (d == '(') {
                rt_rd_get(rd);
                return rt_rd_vector(rd, line, col);
            }
            if (d == '\\') {
                rt_rd_get(rd);
                return rt_rd_char(rd);
            }
            if (d >= '0' && d <= '9') return rt_rd_label_use(rd);
            if (d == 'u' || d == 'U') {
                rt_rd_get(rd);
                if (rt_rd_get(rd) != '8' || rt_rd_get(rd) != '(')
                    rt_rd_error_tok(rd, "bad # syntax (expected #u8( )");
                return rt_rd_bytevector(rd, line, col);
            }
            if (d == 't' || d == 'f' || d == 'T' || d == 'F') {
                RtRdBuf *b = rt_rd_buf();
                while (!rt_rd_delimiter(rt_rd_peek(rd))) rt_rd_push(b, (uint32_t)rt_rd_get(rd));
                rt_rd_fold(b, 0);
                size_t len;
                char *s = rt_rd_utf8(b, &len);
                int t = strcmp(s, "t") == 0 || strcmp(s, "true") == 0;
                int f = strcmp(s, "f") == 0 || strcmp(s, "false") == 0;
                char shown[64];
                snprintf(shown, sizeof shown, "#%.40s", s);
                free(s);
                if (!t && !f) rt_rd_error_tok(rd, "bad # syntax %s", shown);
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
    RtReader rd = {.rr = rr, .loc = loc, .port = port, .in = rt_in_port(loc, "read", port)};
    int kind;
    int was = rt_nursery_pause();   /* fix-ups point into what it builds */
    RtValue v = rt_rd_item(&rd, &kind);
    rt_nursery_resume(was);
    if (kind == RT_RD_CLOSE) rt_rd_error_tok(&rd, "unexpected closing parenthesis");
    if (kind == RT_RD_DOT) rt_rd_error_tok(&rd, "unexpected .");
    return v;
}
