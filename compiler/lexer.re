/* lexer.re: the R7RS lexical syntax (sections 2.1-2.4, 7.1.1), compiled to C by re2c at build
 * time. Entry point: lexer_next, one token per call, literals decoded into Datums. The input is
 * UTF-8 with a NUL sentinel at its end (re2c's eof rule, so NULs inside are ordinary bytes);
 * every byte sequence that is not valid UTF-8 is reported where it occurs. Strings, |symbols|,
 * line and block comments have their own small scanners, so an error inside them never makes
 * the rest of their text read as code. Columns count code points (lexer_loc). */
#include "regalc.h"
#include "regal.h" /* RT_FIXNUM_MIN, RT_FIXNUM_MAX */
#include "numsyntax.h"

#include <gmp.h>
#include <math.h>
#include <utf8proc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef const unsigned char *Ptr;
typedef VEC(uint32_t) CodeVec;

const char *const lexer_token_names[TOK_COUNT] = {
#define TOKEN_NAME(kind, name) name,
    TOKEN_KINDS(TOKEN_NAME)
#undef TOKEN_NAME
};

void lexer_init(Lexer *lx, const char *file, const char *text, size_t len) {
    memset(lx, 0, sizeof *lx);
    lx->file = file;
    lx->text = lx->cur = lx->loc_pos = text;
    lx->lim = text + len;
    lx->loc_line = lx->loc_col = 1;
}

Loc lexer_loc(Lexer *lx, const char *p) {
    if (p < lx->loc_pos) { /* rare: a location behind the last one asked for */
        lx->loc_pos = lx->text;
        lx->loc_line = lx->loc_col = 1;
    }
    int line = lx->loc_line, col = lx->loc_col;
    for (Ptr q = (Ptr)lx->loc_pos; q < (Ptr)p; q++) {
        if (*q == '\n') line++, col = 1;
        else if ((*q & 0xc0) != 0x80) col++;
    }
    lx->loc_pos = p;
    lx->loc_line = line;
    lx->loc_col = col;
    return (Loc){lx->file, line, col};
}

void lexer_error(Lexer *lx, Loc loc, const char *fmt, ...) {
    lx->errors++;
    if (lx->quiet || lx->errors > LEXER_MAX_ERRORS) return;
    Buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&b, fmt, ap);
    va_end(ap);
    diag_error(loc, "%s", buf_cstr(&b));
    buf_free(&b);
    if (lx->errors == LEXER_MAX_ERRORS) diag_error(loc, "too many errors; stopping here");
}

/* ---- helpers ----------------------------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at p (shortest form, no surrogates), or 0. */
static size_t lexer_utf8_len(Ptr p, Ptr lim) {
    if (p >= lim) return 0;
    if (p[0] < 0x80) return 1;
    size_t n = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
             : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
    if (n == 0 || (size_t)(lim - p) < n) return 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    if (p[0] == 0xe0 && p[1] < 0xa0) return 0;  /* overlong */
    if (p[0] == 0xed && p[1] >= 0xa0) return 0; /* surrogate */
    if (p[0] == 0xf0 && p[1] < 0x90) return 0;  /* overlong */
    if (p[0] == 0xf4 && p[1] >= 0x90) return 0; /* above U+10FFFF */
    return n;
}

/* Decode one code point of text re2c has already checked to be valid UTF-8. */
static uint32_t lexer_decode(Ptr *pp) {
    Ptr p = *pp;
    uint32_t c = p[0];
    size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    if (n > 1) c &= 0x3f >> (n - 1);
    for (size_t i = 1; i < n; i++) c = (c << 6) | (p[i] & 0x3f);
    *pp = p + n;
    return c;
}

static void lexer_decode_run(Ptr p, Ptr end, CodeVec *out) {
    while (p < end) vec_push(out, lexer_decode(&p));
}

/* The bad bytes at p: report the run once, return where valid text resumes. */
static Ptr lexer_bad_bytes(Lexer *lx, Ptr p) {
    lexer_error(lx, lexer_loc(lx, (const char *)p), "invalid UTF-8 byte sequence");
    p++;
    while (p < (Ptr)lx->lim && lexer_utf8_len(p, (Ptr)lx->lim) == 0) p++;
    return p;
}

static int lexer_hex(int c) {
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static bool lexer_valid_code_point(uint32_t c) {
    return c <= 0x10ffff && !(c >= 0xd800 && c <= 0xdfff);
}

/* An identifier; after #!fold-case, folded as string-foldcase folds it (R7RS 2.1: Unicode
 * full case folding, by utf8proc, as the runtime's reader does). */
static Datum *lexer_symbol(Lexer *lx, Ptr s, Ptr e, Loc loc) {
    if (!lx->fold_case) return datum_sym(sym_intern((const char *)s, (size_t)(e - s)), loc);
    utf8proc_uint8_t *t = NULL;
    utf8proc_ssize_t n = utf8proc_map(s, e - s, &t, UTF8PROC_CASEFOLD);
    if (n < 0) diag_internal("lexer: utf8proc_map: %s", utf8proc_errmsg(n));
    Datum *d = datum_sym(sym_intern((const char *)t, (size_t)n), loc);
    free(t);
    return d;
}

static Datum *lexer_fixnum(int64_t v, Loc loc) {
    Datum *d = datum_new(DATUM_FIXNUM, loc);
    d->fix = v;
    return d;
}

static Datum *lexer_flonum(double x, Loc loc) {
    Datum *d = datum_new(DATUM_FLONUM, loc);
    d->flo = x;
    return d;
}

static char *lexer_mpz_decimal(mpz_srcptr z) {
    char *t = xmalloc(mpz_sizeinbase(z, 10) + 2);
    return mpz_get_str(t, 10, z);
}

/* A real of numsyntax's parse as a datum: a fixnum when it fits 61 bits, a bignum or a ratnum
 * holding its decimal text, or a flonum. */
static Datum *lexer_real_datum(RtNsReal *r, Loc loc) {
    if (!r->exact) return lexer_flonum(r->d, loc);
    mpz_srcptr n = mpq_numref(r->q);
    if (mpz_cmp_ui(mpq_denref(r->q), 1) == 0) {
        if (mpz_cmp_si(n, RT_FIXNUM_MIN) >= 0 && mpz_cmp_si(n, RT_FIXNUM_MAX) <= 0)
            return lexer_fixnum(mpz_get_si(n), loc);
        Datum *d = datum_new(DATUM_BIGNUM, loc);
        d->big = lexer_mpz_decimal(n);
        return d;
    }
    Datum *d = datum_new(DATUM_RATNUM, loc);
    char *t = xmalloc(mpz_sizeinbase(n, 10) + mpz_sizeinbase(mpq_denref(r->q), 10) + 3);
    d->big = mpq_get_str(t, 10, r->q);
    return d;
}

/* The number s..e denotes (R7RS 7.1.1, parsed by runtime/numsyntax.c as string->number parses
 * it), or NULL when it is not one (then an identifier, or an invalid # token). */
static Datum *lexer_number(Lexer *lx, Ptr s, Ptr e, Loc loc) {
    RtNsNum n;
    int rc = rt_ns_parse((const char *)s, (size_t)(e - s), 10, &n);
    if (rc == RT_NS_TOO_LARGE) {
        lexer_error(lx, loc, "exponent too large for an exact number: '%.*s'", (int)(e - s), (const char *)s);
        return lexer_fixnum(0, loc);
    }
    if (rc != RT_NS_OK) return NULL;
    Datum *d;
    if (!n.is_complex) d = lexer_real_datum(&n.re, loc);
    else {
        d = datum_new(DATUM_COMPNUM, loc);
        d->cx.re = lexer_real_datum(&n.re, loc);
        d->cx.im = lexer_real_datum(&n.im, loc);
    }
    rt_ns_clear(&n);
    return d;
}

static const struct { const char *name; uint32_t ch; } lexer_char_names[] = {
    {"alarm", 0x07},   {"backspace", 0x08}, {"delete", 0x7f}, {"escape", 0x1b},
    {"newline", 0x0a}, {"null", 0x00},      {"nul", 0x00},    {"return", 0x0d},
    {"space", 0x20},   {"tab", 0x09},       {"linefeed", 0x0a}, {"altmode", 0x1b},
    {"rubout", 0x7f},  {"page", 0x0c},
};

/* #\a, #\space, #\x41, #\λ (R7RS 6.6). s..e is the text after "#\". */
static Datum *lexer_char(Lexer *lx, Ptr s, Ptr e, Loc loc) {
    Datum *d = datum_new(DATUM_CHAR, loc);
    Ptr p = s;
    d->ch = lexer_decode(&p);
    if (p == e) return d;
    size_t n = (size_t)(e - s);
    for (size_t i = 0; i < sizeof lexer_char_names / sizeof *lexer_char_names; i++) {
        const char *name = lexer_char_names[i].name;
        if (strlen(name) != n) continue;
        size_t k = 0;
        while (k < n && (lx->fold_case ? (s[k] | 0x20) : s[k]) == (unsigned char)name[k]) k++;
        if (k == n) {
            d->ch = lexer_char_names[i].ch;
            return d;
        }
    }
    if ((*s | 0x20) == 'x' && n <= 9) {
        uint32_t c = 0;
        bool hex = true;
        for (p = s + 1; p < e; p++) {
            if (!((*p >= '0' && *p <= '9') || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'f'))) hex = false;
            else c = c * 16 + (uint32_t)lexer_hex(*p);
        }
        if (hex) {
            if (lexer_valid_code_point(c)) {
                d->ch = c;
                return d;
            }
            lexer_error(lx, loc, "character '#\\%.*s' is not a Unicode code point", (int)n,
                        (const char *)s);
            return d;
        }
    }
    lexer_error(lx, loc, "unknown character name '#\\%.*s'", n > 40 ? 40 : (int)n,
                (const char *)s);
    return d;
}

/* The number of a datum label, its digits s..e (too many digits: an error, label 0). */
static Datum *lexer_label(Lexer *lx, Ptr s, Ptr e, Loc loc) {
    int64_t n = 0;
    if (e - s > 18) lexer_error(lx, loc, "datum label '#%.*s' has too many digits", 20, (const char *)s);
    else
        for (Ptr p = s; p < e; p++) n = n * 10 + (*p - '0');
    return lexer_fixnum(n, loc);
}

/*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = cur;
    re2c:define:YYMARKER = mar;
    re2c:define:YYLIMIT = lim;
    re2c:yyfill:enable = 0;
    re2c:eof = 0;

    any = [\x00-\uD7FF\uE000-\U0010FFFF]; // a code point; UTF-8 excludes surrogates
    hexdigit = [0-9a-fA-F];
    ascii_sub = [a-zA-Z0-9!$%&*/:<=>?^_~+.@-];
    non_ascii = [\u0080-\uD7FF\uE000-\U0010FFFF] \ [\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff];
    sub = ascii_sub | non_ascii;
    intraline = [ \t];
    escape_char = "\\" [abtnr0"\\|];
    hex_escape = "\\" [xX] hexdigit+ ";";
    continuation = "\\" intraline* "\r"? "\n" intraline*;
*/

/* The body of a string (quote '"') or a |symbol| (quote '|'), after the opening quote.
 * R7RS 6.7 escapes: \a \b \t \n \r \" \\ \| \xHH; and \<newline> line continuation;
 * \0 is accepted as U+0000. Returns false when the text ends first. */
static bool lexer_quoted(Lexer *lx, Ptr *pcur, char quote, CodeVec *out) {
    Ptr cur = *pcur, lim = (Ptr)lx->lim, mar, tok;
    (void)mar;
    for (;;) {
        tok = cur;
        /*!re2c
            ["|] {
                if (tok[0] == (unsigned char)quote) break;
                vec_push(out, tok[0]);
                continue;
            }
            (any \ ["|\\])+ { lexer_decode_run(tok, cur, out); continue; }
            escape_char {
                static const char from[] = "abtnr0\"\\|", to[] = "\a\b\t\n\r\0\"\\|";
                vec_push(out, (uint32_t)(unsigned char)to[strchr(from, tok[1]) - from]);
                continue;
            }
            hex_escape {
                uint32_t c = 0;
                bool big = cur - tok > 12;
                for (Ptr p = tok + 2; p < cur - 1; p++) c = c * 16 + (uint32_t)lexer_hex(*p);
                if (big || !lexer_valid_code_point(c)) {
                    lexer_error(lx, lexer_loc(lx, (const char *)tok),
                                "escape '%.*s' is not a Unicode code point",
                                big ? 12 : (int)(cur - tok), (const char *)tok);
                    c = 0xfffd;
                }
                vec_push(out, c);
                continue;
            }
            continuation { continue; }
            "\\" [xX] hexdigit* {
                lexer_error(lx, lexer_loc(lx, (const char *)tok),
                            "escape '\\x' needs hex digits and a closing ';'");
                continue;
            }
            "\\" any {
                Ptr p = tok + 1;
                uint32_t c = lexer_decode(&p);
                if (c < 0x20 || c == 0x7f)
                    lexer_error(lx, lexer_loc(lx, (const char *)tok), "unknown escape '\\x%x;'", c);
                else
                    lexer_error(lx, lexer_loc(lx, (const char *)tok), "unknown escape '%.*s'",
                                (int)(cur - tok), (const char *)tok);
                continue;
            }
            "\\" { continue; }
            $ { *pcur = cur; return false; }
            * { cur = lexer_bad_bytes(lx, tok); continue; }
        */
    }
    *pcur = cur;
    return true;
}

/* A ';' comment, after the ';'. */
static Ptr lexer_line_comment(Lexer *lx, Ptr cur) {
    Ptr lim = (Ptr)lx->lim, mar, tok;
    (void)mar;
    for (;;) {
        tok = cur;
        /*!re2c
            "\n" { return cur; }
            (any \ [\n])+ { continue; }
            $ { return cur; }
            * { cur = lexer_bad_bytes(lx, tok); continue; }
        */
    }
}

/* A nested '#|' comment (R7RS 2.2), after the '#|'. Returns NULL when it never ends. */
static Ptr lexer_block_comment(Lexer *lx, Ptr cur) {
    Ptr lim = (Ptr)lx->lim, mar, tok;
    (void)mar;
    int depth = 1;
    for (;;) {
        tok = cur;
        /*!re2c
            "#|" { depth++; continue; }
            "|#" { if (--depth == 0) return cur; continue; }
            (any \ [|#])+ | [|#] { continue; }
            $ { return NULL; }
            * { cur = lexer_bad_bytes(lx, tok); continue; }
        */
    }
}

Token lexer_next(Lexer *lx) {
    Ptr cur = (Ptr)lx->cur, lim = (Ptr)lx->lim, mar, tok;
    Token t = {0};
    for (;;) {
        tok = cur;
        if (lx->errors >= LEXER_MAX_ERRORS) {
            tok = cur = lim;
            t.kind = TOK_EOF;
            t.loc = lexer_loc(lx, (const char *)tok);
            break;
        }
        t.loc = lexer_loc(lx, (const char *)tok);
        /*!re2c
            $ { t.kind = TOK_EOF; break; }
            [ \t\r\n\f\v]+ { continue; }
            ";" { cur = lexer_line_comment(lx, cur); continue; }
            "#|" {
                Ptr end = lexer_block_comment(lx, cur);
                if (end) {
                    cur = end;
                    continue;
                }
                lexer_error(lx, t.loc, "unterminated block comment: '#|' opened here has no '|#'");
                cur = lim;
                t.kind = TOK_ERROR; /* reaches the end, so the reader says no more about it */
                break;
            }
            "#;" { t.kind = TOK_DATUM_COMMENT; break; }
            "(" { t.kind = TOK_LPAREN; break; }
            ")" { t.kind = TOK_RPAREN; break; }
            "[" { t.kind = TOK_LBRACKET; break; }
            "]" { t.kind = TOK_RBRACKET; break; }
            "#(" { t.kind = TOK_VECTOR; break; }
            '#u8(' { t.kind = TOK_BYTEVECTOR; break; }
            "'" { t.kind = TOK_QUOTE; break; }
            "`" { t.kind = TOK_QUASIQUOTE; break; }
            "," { t.kind = TOK_UNQUOTE; break; }
            ",@" { t.kind = TOK_UNQUOTE_SPLICING; break; }

            ["] {
                CodeVec chars = {0};
                if (!lexer_quoted(lx, &cur, '"', &chars)) {
                    lexer_error(lx, t.loc, "unterminated string: '\"' opened here has no closing '\"'");
                    free(chars.items);
                    t.kind = TOK_ERROR;
                    break;
                }
                t.kind = TOK_STRING;
                t.value = datum_new(DATUM_STRING, t.loc);
                t.value->str.chars = chars.items;
                t.value->str.len = chars.len;
                break;
            }
            "|" {
                CodeVec chars = {0};
                bool closed = lexer_quoted(lx, &cur, '|', &chars);
                if (!closed) {
                    lexer_error(lx, t.loc, "unterminated identifier: '|' opened here has no closing '|'");
                    free(chars.items);
                    t.kind = TOK_ERROR;
                    break;
                }
                Buf b = {0};
                for (size_t i = 0; i < chars.len; i++) buf_put_utf8(&b, chars.items[i]);
                t.kind = TOK_SYMBOL;
                t.value = datum_sym(sym_intern(b.data ? b.data : "", b.len), t.loc);
                buf_free(&b);
                free(chars.items);
                break;
            }

            "#\\" any sub* {
                t.kind = TOK_CHAR;
                t.value = lexer_char(lx, tok + 2, cur, t.loc);
                break;
            }
            "#\\" {
                if (cur < lim) /* anything but the end matches the rule above unless invalid */
                    cur = lexer_bad_bytes(lx, cur);
                else
                    lexer_error(lx, t.loc, "'#\\' must be followed by a character");
                t.kind = TOK_ERROR;
                break;
            }

            "." { t.kind = TOK_DOT; break; }
            // Numbers (R7RS 7.1.1) are the identifier-like tokens numsyntax.c takes; "1+" or
            // "1.2.3" is an identifier, as in Chez Scheme.
            sub+ {
                if ((*tok >= '0' && *tok <= '9') || *tok == '+' || *tok == '-' || *tok == '.') {
                    t.value = lexer_number(lx, tok, cur, t.loc);
                    if (t.value) {
                        t.kind = TOK_NUMBER;
                        break;
                    }
                }
                t.kind = TOK_SYMBOL;
                t.value = lexer_symbol(lx, tok, cur, t.loc);
                break;
            }

            // Datum labels (R7RS 2.4): #n= and #n#.
            "#" [0-9]+ [=#] {
                t.kind = cur[-1] == '=' ? TOK_LABEL_DEF : TOK_LABEL_REF;
                t.value = lexer_label(lx, tok + 1, cur - 1, t.loc);
                break;
            }

            "#!" sub* {
                size_t n = (size_t)(cur - tok);
                if (n == 11 && !memcmp(tok, "#!fold-case", 11)) lx->fold_case = true;
                else if (n == 14 && !memcmp(tok, "#!no-fold-case", 14)) lx->fold_case = false;
                else if (tok == (Ptr)lx->text && n > 2 && tok[2] == '/') /* #!/usr/bin/env ... */
                    cur = lexer_line_comment(lx, cur);
                else
                    lexer_error(lx, t.loc, "unknown directive '%.*s'", n > 40 ? 40 : (int)n,
                                (const char *)tok);
                continue;
            }

            // Numbers with prefixes: #x1F #e1.5 #i1/3 #x#e1/2 (R7RS 7.1.1).
            ("#" [eEiIxXbBoOdD]){1,2} sub* {
                size_t n = (size_t)(cur - tok);
                t.value = lexer_number(lx, tok, cur, t.loc);
                if (t.value) {
                    t.kind = TOK_NUMBER;
                    break;
                }
                lexer_error(lx, t.loc, "invalid number '%.*s'", n > 40 ? 40 : (int)n, (const char *)tok);
                t.kind = TOK_ERROR;
                break;
            }

            "#" sub* {
                Ptr q = tok + 1;
                while (q < cur && *q >= '0' && *q <= '9') q++;
                if (q > tok + 1 && q < cur && *q == '=') { /* #0=abc: the label, then abc */
                    cur = q + 1;
                    t.kind = TOK_LABEL_DEF;
                    t.value = lexer_label(lx, tok + 1, q, t.loc);
                    break;
                }
                size_t n = (size_t)(cur - tok);
                char low[8] = {0};
                for (size_t i = 0; i < n && i < sizeof low - 1; i++) low[i] = (char)(tok[i] | 0x20);
                if (n <= 6 && (!strcmp(low, "#t") || !strcmp(low, "#true") ||
                               !strcmp(low, "#f") || !strcmp(low, "#false"))) {
                    t.kind = TOK_BOOL;
                    t.value = datum_new(DATUM_BOOL, t.loc);
                    t.value->b = low[1] == 't';
                    break;
                }
                lexer_error(lx, t.loc, "invalid token '%.*s'", n > 40 ? 40 : (int)n,
                            (const char *)tok);
                t.kind = TOK_ERROR;
                break;
            }
            * {
                size_t n = lexer_utf8_len(tok, lim);
                if (n == 0) {
                    cur = lexer_bad_bytes(lx, tok);
                    continue;
                }
                Ptr p = tok;
                uint32_t c = lexer_decode(&p);
                cur = p;
                if (c > 0x20 && c < 0x7f)
                    lexer_error(lx, t.loc, "invalid character '%c'", (char)c);
                else
                    lexer_error(lx, t.loc, "invalid character U+%04X", (unsigned)c);
                t.kind = TOK_ERROR;
                break;
            }
        */
    }
    lx->cur = (const char *)cur;
    t.start = (const char *)tok;
    t.len = (size_t)(cur - tok);
    return t;
}
