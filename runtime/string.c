/* string.c: characters (R7RS 6.6) and strings (6.7), with bytevector<->string conversions.
 * Strings hold Unicode code points (uint32_t), so string-ref and string-set! are O(1).
 * Unicode is utf8proc's (its tables of categories, simple case mappings and full case
 * folding); each property has an ASCII fast path inline before the library call. What
 * utf8proc does not tabulate is derived here from what it does, as the Unicode standard
 * defines it: full upper-casing (SpecialCasing: ß -> SS, ŉ -> ʼN, ﬁ -> FI) from the full
 * case folding, Final_Sigma (R7RS 6.7, string-downcase) from the cased and case-ignorable
 * classes, digit values from the decimal-digit (Nd) runs. See "Unicode" below for the
 * approximations of the derived properties.
 */
#include "rtlib.h"

#include <utf8proc.h>

/* ---- Unicode (utf8proc) --------------------------------------------------------------------
 * The properties R7RS 6.6 names, from the general category (Unicode 4.5) and case mappings:
 *   Alphabetic  L* or Nl, or any other character with a case mapping (Ⓐ, U+0345); the
 *               Other_Alphabetic marks without one (Devanagari vowel signs) are not included
 *   Uppercase   Lu, or a character other than Lt with a lower-case mapping (Ⓐ, Ⅰ)
 *   Lowercase   Ll, or a character other than Lt with an upper-case mapping (ⓐ, ⅰ, U+0345),
 *               or a modifier letter (Lm, Lo) whose decomposition is <super> or <sub> (ª ʰ)
 *   White_Space Zs, Zl, Zp, U+0009-U+000D, U+0085
 *   digits      Nd: Unicode encodes decimal digits in runs of ten, 0 to 9 (Unicode 4.6), so
 *               a digit's value is its distance from the start of its run, modulo 10
 * Case: char-upcase/char-downcase are the simple mappings of UnicodeData (utf8proc gives ß
 * the upper case ẞ, which UnicodeData does not: ß stays ß); char-foldcase is simple case
 * folding (the C and S entries of CaseFolding.txt: a character whose full folding is one
 * character folds to it, one whose full folding is longer to its lower case, İ to itself). */
static inline int rt_uc_cat(uint32_t c) { return (int)utf8proc_category((utf8proc_int32_t)c); }
#define RT_UC(x) UTF8PROC_CATEGORY_##x

uint32_t rt_char_upcase(uint32_t c) {
    if (c < 128) return c >= 'a' && c <= 'z' ? c - 32 : c;
    if (c == 0xdf) return c;
    return (uint32_t)utf8proc_toupper((utf8proc_int32_t)c);
}

uint32_t rt_char_downcase(uint32_t c) {
    if (c < 128) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    return (uint32_t)utf8proc_tolower((utf8proc_int32_t)c);
}

/* The full case folding of c (CaseFolding.txt, C and F entries): 1 to 3 code points. */
size_t rt_char_fold_full(uint32_t c, uint32_t out[3]) {
    if (c < 128) {
        out[0] = c >= 'A' && c <= 'Z' ? c + 32 : c;
        return 1;
    }
    utf8proc_int32_t buf[4];
    int boundclass = 0;
    utf8proc_ssize_t n = utf8proc_decompose_char((utf8proc_int32_t)c, buf, 4, UTF8PROC_CASEFOLD,
                                                 &boundclass);
    if (n < 1 || n > 3) { /* not a code point utf8proc knows: itself */
        out[0] = c;
        return 1;
    }
    for (utf8proc_ssize_t i = 0; i < n; i++) out[i] = (uint32_t)buf[i];
    return (size_t)n;
}

uint32_t rt_char_foldcase(uint32_t c) {
    if (c < 128) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (c == 0x130) return c;
    uint32_t f[3];
    return rt_char_fold_full(c, f) == 1 ? f[0] : rt_char_downcase(c);
}

static int rt_uc_has_lower(uint32_t c) { return (uint32_t)utf8proc_tolower((utf8proc_int32_t)c) != c; }
static int rt_uc_has_upper(uint32_t c) {
    return c != 0xdf && (uint32_t)utf8proc_toupper((utf8proc_int32_t)c) != c;
}

static int rt_uc_upper(uint32_t c) {
    int k = rt_uc_cat(c);
    return k == RT_UC(LU) || (k != RT_UC(LT) && rt_uc_has_lower(c));
}

static int rt_uc_lower(uint32_t c) {
    int k = rt_uc_cat(c);
    if (k == RT_UC(LL)) return 1;
    if (k == RT_UC(LT)) return 0;
    if (rt_uc_has_upper(c)) return 1;
    if (k != RT_UC(LM) && k != RT_UC(LO)) return 0;
    int t = utf8proc_get_property((utf8proc_int32_t)c)->decomp_type;
    return t == UTF8PROC_DECOMP_TYPE_SUPER || t == UTF8PROC_DECOMP_TYPE_SUB;
}

static int rt_uc_alphabetic(uint32_t c) {
    switch (rt_uc_cat(c)) {
    case RT_UC(LU): case RT_UC(LL): case RT_UC(LT): case RT_UC(LM): case RT_UC(LO):
    case RT_UC(NL):
        return 1;
    default:
        return rt_uc_has_lower(c) || rt_uc_has_upper(c);
    }
}

/* Cased and Case_Ignorable (Unicode 3.13), for Final_Sigma. Case_Ignorable: Mn, Me, Cf, Lm,
 * Sk, and the Word_Break classes MidLetter, MidNumLet and Single_Quote (the list below). */
static int rt_uc_cased(uint32_t c) {
    return rt_uc_cat(c) == RT_UC(LT) || rt_uc_upper(c) || rt_uc_lower(c);
}
static int rt_uc_case_ignorable(uint32_t c) {
    static const uint32_t mid[] = {0x27,   0x2e,   0x3a,   0xb7,   0x387,  0x55f,
                                   0x5f4,  0x2018, 0x2019, 0x2024, 0x2027, 0xfe13,
                                   0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a};
    for (size_t i = 0; i < sizeof mid / sizeof mid[0]; i++)
        if (c == mid[i]) return 1;
    switch (rt_uc_cat(c)) {
    case RT_UC(MN): case RT_UC(ME): case RT_UC(CF): case RT_UC(LM): case RT_UC(SK): return 1;
    default: return 0;
    }
}

/* Whether c prints as itself: letters, marks after a base, numbers, punctuation and symbols;
 * not separators (spaces, line and paragraph separators), controls, format characters,
 * surrogates, private use or unassigned code points. The printer writes the others as
 * \x escapes. */
int rt_char_graphic(uint32_t c) {
    if (c < 128) return c > 32 && c < 127;
    switch (rt_uc_cat(c)) {
    case RT_UC(ZS): case RT_UC(ZL): case RT_UC(ZP): case RT_UC(CC): case RT_UC(CF):
    case RT_UC(CS): case RT_UC(CO): case RT_UC(CN):
        return 0;
    default:
        return 1;
    }
}

/* A combining mark (Mn, Mc, Me): written as #\x300 rather than alone after #\. */
int rt_char_mark(uint32_t c) {
    if (c < 128) return 0;
    int k = rt_uc_cat(c);
    return k == RT_UC(MN) || k == RT_UC(MC) || k == RT_UC(ME);
}

int rt_char_whitespace(uint32_t c) {
    if (c < 128) return c == ' ' || (c >= 9 && c <= 13);
    if (c == 0x85) return 1;
    int k = rt_uc_cat(c);
    return k == RT_UC(ZS) || k == RT_UC(ZL) || k == RT_UC(ZP);
}

/* The value of decimal digit c (category Nd), or -1. */
static int rt_uc_digit(uint32_t c) {
    if (c < 128) return c >= '0' && c <= '9' ? (int)(c - '0') : -1;
    if (rt_uc_cat(c) != RT_UC(ND)) return -1;
    uint32_t start = c;
    while (start > 0 && c - start < 100 && rt_uc_cat(start - 1) == RT_UC(ND)) start--;
    return (int)((c - start) % 10);
}

char *rt_string_to_utf8(RtValue s, size_t *len_out) {
    int64_t n = RT_LEN(s);
    char *b = malloc((size_t)n * 4 + 1);
    if (b == NULL) rt_out_of_memory();
    size_t k = 0;
    for (int64_t i = 0; i < n; i++) k += rt_utf8_encode(RT_STR(s)->chars[i], b + k);
    b[k] = '\0';
    if (len_out != NULL) *len_out = k;
    return b;
}

/* ---- characters ---------------------------------------------------------------------------- */

static inline uint32_t rt_char_arg(const char *loc, const char *who, RtValue v) {
    RT_CHECK(RT_IS_CHAR(v), who, "a character", v);
    return RT_CHARVAL(v);
}
#define RT_CHARARG(who, v) rt_char_arg(loc, who, v)

RtValue rt_p_char_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(RT_IS_CHAR(x)); }
RtValue rt_p_char_to_integer(Region *rr, const char *loc, RtValue c) {
    return RT_FIX(RT_CHARARG("char->integer", c));
}
RtValue rt_p_integer_to_char(Region *rr, const char *loc, RtValue n) {
    RT_CHECK(RT_IS_FIXNUM(n) && RT_FIXVAL(n) >= 0 && RT_FIXVAL(n) <= 0x10ffff &&
                 !(RT_FIXVAL(n) >= 0xd800 && RT_FIXVAL(n) <= 0xdfff),
             "integer->char", "a Unicode scalar value", n);
    return RT_CHAR((uint32_t)RT_FIXVAL(n));
}

#define RT_CHAR_CMP(c, name, op, fold)                                                        \
    RtValue rt_p_##c(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {       \
        for (intptr_t i = 0; i < argc; i++) RT_CHARARG(name, argv[i]);                        \
        for (intptr_t i = 1; i < argc; i++) {                                                 \
            uint32_t x = RT_CHARVAL(argv[i - 1]), y = RT_CHARVAL(argv[i]);                    \
            if (fold) { x = rt_char_foldcase(x); y = rt_char_foldcase(y); }                   \
            if (!(x op y)) return RT_FALSE;                                                   \
        }                                                                                     \
        return RT_TRUE;                                                                       \
    }
RT_CHAR_CMP(char_eq_p, "char=?", ==, 0)
RT_CHAR_CMP(char_lt_p, "char<?", <, 0)
RT_CHAR_CMP(char_gt_p, "char>?", >, 0)
RT_CHAR_CMP(char_le_p, "char<=?", <=, 0)
RT_CHAR_CMP(char_ge_p, "char>=?", >=, 0)
RT_CHAR_CMP(char_ci_eq_p, "char-ci=?", ==, 1)
RT_CHAR_CMP(char_ci_lt_p, "char-ci<?", <, 1)
RT_CHAR_CMP(char_ci_gt_p, "char-ci>?", >, 1)
RT_CHAR_CMP(char_ci_le_p, "char-ci<=?", <=, 1)
RT_CHAR_CMP(char_ci_ge_p, "char-ci>=?", >=, 1)

RtValue rt_p_char_upcase(Region *rr, const char *loc, RtValue c) {
    return RT_CHAR(rt_char_upcase(RT_CHARARG("char-upcase", c)));
}
RtValue rt_p_char_downcase(Region *rr, const char *loc, RtValue c) {
    return RT_CHAR(rt_char_downcase(RT_CHARARG("char-downcase", c)));
}
RtValue rt_p_char_foldcase(Region *rr, const char *loc, RtValue c) {
    return RT_CHAR(rt_char_foldcase(RT_CHARARG("char-foldcase", c)));
}
RtValue rt_p_char_alphabetic_p(Region *rr, const char *loc, RtValue c) {
    uint32_t x = RT_CHARARG("char-alphabetic?", c);
    if (x < 128) return RT_BOOL((x | 0x20) >= 'a' && (x | 0x20) <= 'z');
    return RT_BOOL(rt_uc_alphabetic(x));
}
RtValue rt_p_char_numeric_p(Region *rr, const char *loc, RtValue c) {
    return RT_BOOL(rt_uc_digit(RT_CHARARG("char-numeric?", c)) >= 0);
}
RtValue rt_p_char_whitespace_p(Region *rr, const char *loc, RtValue c) {
    return RT_BOOL(rt_char_whitespace(RT_CHARARG("char-whitespace?", c)));
}
RtValue rt_p_char_upper_case_p(Region *rr, const char *loc, RtValue c) {
    uint32_t x = RT_CHARARG("char-upper-case?", c);
    if (x < 128) return RT_BOOL(x >= 'A' && x <= 'Z');
    return RT_BOOL(rt_uc_upper(x));
}
RtValue rt_p_char_lower_case_p(Region *rr, const char *loc, RtValue c) {
    uint32_t x = RT_CHARARG("char-lower-case?", c);
    if (x < 128) return RT_BOOL(x >= 'a' && x <= 'z');
    return RT_BOOL(rt_uc_lower(x));
}
RtValue rt_p_digit_value(Region *rr, const char *loc, RtValue c) {
    int d = rt_uc_digit(RT_CHARARG("digit-value", c));
    return d >= 0 ? RT_FIX(d) : RT_FALSE;
}

/* ---- strings ------------------------------------------------------------------------------- */

#define RT_STRARG(who, v) RT_CHECK(RT_IS_STRING(v), who, "a string", v)

RtValue rt_p_string_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(RT_IS_STRING(x)); }

RtValue rt_p_make_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_size_arg(loc, "make-string", argv[0]);
    RtValue fill = RT_OPT(1, RT_CHAR(' '));
    return mk_string_fill(rr, (size_t)n, RT_CHARARG("make-string", fill));
}

RtValue rt_p_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtString *s = rt_string_new(rr, argc);
    for (intptr_t i = 0; i < argc; i++) s->chars[i] = RT_CHARARG("string", argv[i]);
    return RT_TAG_AS_OBJ(s);
}

RtValue rt_p_string_length(Region *rr, const char *loc, RtValue s) {
    RT_STRARG("string-length", s);
    return RT_FIX(RT_LEN(s));
}

RtValue rt_p_string_ref(Region *rr, const char *loc, RtValue s, RtValue k) {
    RT_STRARG("string-ref", s);
    return RT_CHAR(RT_STR(s)->chars[rt_index(loc, "string-ref", k, RT_LEN(s), "string", 0)]);
}

RtValue rt_p_string_set_x(Region *rr, const char *loc, RtValue s, RtValue k, RtValue c) {
    RT_STRARG("string-set!", s);
    int64_t i = rt_index(loc, "string-set!", k, RT_LEN(s), "string", 0);
    RT_STR(s)->chars[i] = RT_CHARARG("string-set!", c);
    return RT_UNSPEC;
}

static RtValue rt_substring(Region *rr, RtValue s, int64_t start, int64_t end) {
    RtString *r = rt_string_new(rr, end - start);
    memcpy(r->chars, RT_STR(s)->chars + start, (size_t)(end - start) * sizeof(uint32_t));
    return RT_TAG_AS_OBJ(r);
}

RtValue rt_p_substring(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_STRARG("substring", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "substring", argc, argv, 1, RT_LEN(argv[0]), "string", &start, &end);
    return rt_substring(rr, argv[0], start, end);
}

RtValue rt_p_string_copy(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_STRARG("string-copy", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "string-copy", argc, argv, 1, RT_LEN(argv[0]), "string", &start, &end);
    return rt_substring(rr, argv[0], start, end);
}

RtValue rt_p_string_append(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = 0;
    for (intptr_t i = 0; i < argc; i++) {
        RT_STRARG("string-append", argv[i]);
        n += RT_LEN(argv[i]);
    }
    RtString *r = rt_string_new(rr, n);
    int64_t k = 0;
    for (intptr_t i = 0; i < argc; i++) {
        memcpy(r->chars + k, RT_STR(argv[i])->chars, (size_t)RT_LEN(argv[i]) * sizeof(uint32_t));
        k += RT_LEN(argv[i]);
    }
    return RT_TAG_AS_OBJ(r);
}

/* (string-copy! to at from [start [end]]): memmove, so overlapping ranges work. */
RtValue rt_p_string_copy_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_STRARG("string-copy!", argv[0]);
    RT_STRARG("string-copy!", argv[2]);
    int64_t at = rt_index(loc, "string-copy!", argv[1], RT_LEN(argv[0]), "string", 1), start, end;
    rt_range_args(loc, "string-copy!", argc, argv, 3, RT_LEN(argv[2]), "string", &start, &end);
    if (end - start > RT_LEN(argv[0]) - at)
        rt_range_error(loc, "string-copy!", at + end - start, "string", RT_LEN(argv[0]));
    memmove(RT_STR(argv[0])->chars + at, RT_STR(argv[2])->chars + start,
            (size_t)(end - start) * sizeof(uint32_t));
    return RT_UNSPEC;
}

RtValue rt_p_string_fill_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_STRARG("string-fill!", argv[0]);
    uint32_t c = RT_CHARARG("string-fill!", argv[1]);
    int64_t start, end;
    rt_range_args(loc, "string-fill!", argc, argv, 2, RT_LEN(argv[0]), "string", &start, &end);
    for (int64_t i = start; i < end; i++) RT_STR(argv[0])->chars[i] = c;
    return RT_UNSPEC;
}

RtValue rt_p_string_to_list(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_STRARG("string->list", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "string->list", argc, argv, 1, RT_LEN(argv[0]), "string", &start, &end);
    RtValue l = RT_NIL;
    for (int64_t i = end - 1; i >= start; i--) l = rt_cons(rr, RT_CHAR(RT_STR(argv[0])->chars[i]), l);
    return l;
}

RtValue rt_p_list_to_string(Region *rr, const char *loc, RtValue l) {
    int64_t n = rt_list_length(l);
    RT_CHECK(n >= 0, "list->string", "a list of characters", l);
    RtString *s = rt_string_new(rr, n);
    for (int64_t i = 0; i < n; i++, l = RT_CDR(l)) s->chars[i] = RT_CHARARG("list->string", RT_CAR(l));
    return RT_TAG_AS_OBJ(s);
}

RtValue rt_p_string_to_vector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_STRARG("string->vector", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "string->vector", argc, argv, 1, RT_LEN(argv[0]), "string", &start, &end);
    RtValue v = mk_vector(rr, (size_t)(end - start), RT_FALSE);
    for (int64_t i = start; i < end; i++)
        RT_AS(RtVector, v)->items[i - start] = RT_CHAR(RT_STR(argv[0])->chars[i]);
    return v;
}

RtValue rt_p_vector_to_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_VECTOR(argv[0]), "vector->string", "a vector", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "vector->string", argc, argv, 1, RT_LEN(argv[0]), "vector", &start, &end);
    RtString *s = rt_string_new(rr, end - start);
    for (int64_t i = start; i < end; i++)
        s->chars[i - start] = RT_CHARARG("vector->string", RT_AS(RtVector, argv[0])->items[i]);
    return RT_TAG_AS_OBJ(s);
}

/* A string's code points after full case folding, one at a time (string-ci=? and the other
 * -ci comparisons compare strings as string-foldcase would make them, R7RS 6.7). */
typedef struct RtFoldIter {
    const uint32_t *s;
    int64_t i, n;
    uint32_t pend[3];
    size_t pi, pn;
} RtFoldIter;

static int64_t rt_fold_next(RtFoldIter *it) {
    if (it->pi < it->pn) return it->pend[it->pi++];
    if (it->i == it->n) return -1;
    uint32_t c = it->s[it->i++];
    if (c < 128) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    it->pn = rt_char_fold_full(c, it->pend);
    it->pi = 1;
    return it->pend[0];
}

/* Compare two strings' code points (-1, 0, 1), case-folded when fold is set; ASCII text is
 * compared without folding tables. */
static int rt_string_cmp(RtValue a, RtValue b, int fold) {
    int64_t na = RT_LEN(a), nb = RT_LEN(b), n = na < nb ? na : nb, i = 0;
    const uint32_t *x = RT_STR(a)->chars, *y = RT_STR(b)->chars;
    if (!fold) {
        for (; i < n; i++)
            if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
        return na < nb ? -1 : na > nb;
    }
    for (; i < n && (x[i] | y[i]) < 128; i++) {
        uint32_t p = x[i] - 'A' < 26 ? x[i] + 32 : x[i], q = y[i] - 'A' < 26 ? y[i] + 32 : y[i];
        if (p != q) return p < q ? -1 : 1;
    }
    if (i == n) return na - i == nb - i ? 0 : na < nb ? -1 : 1;
    RtFoldIter fa = {x + i, 0, na - i, {0}, 0, 0}, fb = {y + i, 0, nb - i, {0}, 0, 0};
    for (;;) {
        int64_t p = rt_fold_next(&fa), q = rt_fold_next(&fb);
        if (p != q) return p < q ? -1 : 1;
        if (p < 0) return 0;
    }
}

int rt_string_ci_cmp(RtValue a, RtValue b) { return rt_string_cmp(a, b, 1); }

#define RT_STRING_CMP(c, name, op, fold)                                                      \
    RtValue rt_p_##c(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {       \
        for (intptr_t i = 0; i < argc; i++) RT_STRARG(name, argv[i]);                         \
        for (intptr_t i = 1; i < argc; i++)                                                   \
            if (!(rt_string_cmp(argv[i - 1], argv[i], fold) op 0)) return RT_FALSE;           \
        return RT_TRUE;                                                                       \
    }
RT_STRING_CMP(string_eq_p, "string=?", ==, 0)
RT_STRING_CMP(string_lt_p, "string<?", <, 0)
RT_STRING_CMP(string_gt_p, "string>?", >, 0)
RT_STRING_CMP(string_le_p, "string<=?", <=, 0)
RT_STRING_CMP(string_ge_p, "string>=?", >=, 0)
RT_STRING_CMP(string_ci_eq_p, "string-ci=?", ==, 1)
RT_STRING_CMP(string_ci_lt_p, "string-ci<?", <, 1)
RT_STRING_CMP(string_ci_gt_p, "string-ci>?", >, 1)
RT_STRING_CMP(string_ci_le_p, "string-ci<=?", <=, 1)
RT_STRING_CMP(string_ci_ge_p, "string-ci>=?", >=, 1)

/* Full case mapping of s[i] (Unicode 3.13, R7RS 6.7) into out (3 code points at most); the
 * count. Upper case: a character that is not upper case and whose full folding is longer
 * than one character (ß, ŉ, ﬁ, ᾳ: the unconditional SpecialCasing entries) maps to the upper
 * case of each character of its folding; İ lower-cases to i + U+0307; Σ lower-cases to ς
 * where it ends a word (Final_Sigma: a cased letter before it, none after it, skipping
 * case-ignorable characters both ways). */
enum { RT_CASE_UP, RT_CASE_DOWN, RT_CASE_FOLD };
static size_t rt_case_full(const uint32_t *s, int64_t n, int64_t i, int how, uint32_t out[3]) {
    uint32_t c = s[i];
    if (how == RT_CASE_FOLD) return rt_char_fold_full(c, out);
    if (how == RT_CASE_UP) {
        if (c != 0x130 && rt_uc_cat(c) != RT_UC(LU)) {
            size_t k = rt_char_fold_full(c, out);
            if (k > 1) {
                for (size_t j = 0; j < k; j++) out[j] = rt_char_upcase(out[j]);
                return k;
            }
        }
        out[0] = rt_char_upcase(c);
        return 1;
    }
    if (c == 0x130) {
        out[0] = 'i';
        out[1] = 0x307;
        return 2;
    }
    if (c == 0x3a3) {
        int64_t j = i - 1, k = i + 1;
        while (j >= 0 && rt_uc_case_ignorable(s[j])) j--;
        while (k < n && rt_uc_case_ignorable(s[k])) k++;
        if (j >= 0 && rt_uc_cased(s[j]) && !(k < n && rt_uc_cased(s[k]))) {
            out[0] = 0x3c2;
            return 1;
        }
    }
    out[0] = rt_char_downcase(c);
    return 1;
}

static RtValue rt_string_case(Region *rr, const char *loc, const char *who, RtValue s, int how) {
    RT_STRARG(who, s);
    const uint32_t *c = RT_STR(s)->chars;
    int64_t n = RT_LEN(s), len = 0;
    uint32_t buf[3];
    for (int64_t i = 0; i < n; i++) len += c[i] < 128 ? 1 : (int64_t)rt_case_full(c, n, i, how, buf);
    RtString *r = rt_string_new(rr, len);
    c = RT_STR(s)->chars;
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++) {
        uint32_t x = c[i];
        if (x < 128) {
            if (how == RT_CASE_UP) r->chars[k++] = x - 'a' < 26 ? x - 32 : x;
            else r->chars[k++] = x - 'A' < 26 ? x + 32 : x;
            continue;
        }
        size_t m = rt_case_full(c, n, i, how, buf);
        for (size_t j = 0; j < m; j++) r->chars[k++] = buf[j];
    }
    return RT_TAG_AS_OBJ(r);
}
/* (string-upcase s [start end]), (string-downcase s [start end]): R7RS's with SRFI 13's range
 * (the result is the range's characters mapped). */
static RtValue rt_string_case_range(Region *rr, const char *loc, const char *who, intptr_t argc,
                                    const RtValue *argv, int how) {
    RT_STRARG(who, argv[0]);
    if (argc == 1) return rt_string_case(rr, loc, who, argv[0], how);
    int64_t start, end;
    rt_range_args(loc, who, argc, argv, 1, RT_LEN(argv[0]), "string", &start, &end);
    RtString *sub = rt_string_new(&rt_gc_region, end - start);
    memcpy(sub->chars, RT_STR(argv[0])->chars + start, (size_t)(end - start) * sizeof(uint32_t));
    return rt_string_case(rr, loc, who, RT_TAG_AS_OBJ(sub), how);
}
RtValue rt_p_string_upcase(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_string_case_range(rr, loc, "string-upcase", argc, argv, RT_CASE_UP);
}
RtValue rt_p_string_downcase(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return rt_string_case_range(rr, loc, "string-downcase", argc, argv, RT_CASE_DOWN);
}
RtValue rt_p_string_foldcase(Region *rr, const char *loc, RtValue s) {
    return rt_string_case(rr, loc, "string-foldcase", s, RT_CASE_FOLD);
}

/* (string-index s pred-or-char): SRFI 13, the index of the first match or #f. */
RtValue rt_p_string_index(Region *rr, const char *loc, RtValue s, RtValue pred) {
    RT_STRARG("string-index", s);
    RT_CHECK(RT_IS_CHAR(pred) || RT_IS_PROCEDURE(pred), "string-index",
             "a character or a predicate", pred);
    for (int64_t i = 0; i < RT_LEN(s); i++) {
        RtValue c = RT_CHAR(RT_STR(s)->chars[i]);
        if (RT_IS_CHAR(pred) ? c == pred : rt_call1(rr, loc, pred, c) != RT_FALSE) return RT_FIX(i);
    }
    return RT_FALSE;
}

/* (string-contains s1 s2): SRFI 13, the index of the first occurrence of s2 in s1, or #f. */
RtValue rt_p_string_contains(Region *rr, const char *loc, RtValue s, RtValue t) {
    RT_STRARG("string-contains", s);
    RT_STRARG("string-contains", t);
    int64_t n = RT_LEN(s), m = RT_LEN(t);
    for (int64_t i = 0; i + m <= n; i++)
        if (memcmp(RT_STR(s)->chars + i, RT_STR(t)->chars, (size_t)m * sizeof(uint32_t)) == 0)
            return RT_FIX(i);
    return RT_FALSE;
}

RtValue rt_p_string_null_p(Region *rr, const char *loc, RtValue s) {
    RT_STRARG("string-null?", s);
    return RT_BOOL(RT_LEN(s) == 0);
}

/* (string-join list [delimiter]): delimiter defaults to " ". */
RtValue rt_p_string_join(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue l = argv[0], d = RT_OPT(1, RT_FALSE);
    if (d != RT_FALSE) RT_STRARG("string-join", d);
    int64_t n = rt_list_length(l), total = 0, dl = d == RT_FALSE ? 1 : RT_LEN(d);
    RT_CHECK(n >= 0, "string-join", "a list of strings", l);
    for (RtValue k = l; RT_IS_PAIR(k); k = RT_CDR(k)) {
        RT_STRARG("string-join", RT_CAR(k));
        total += RT_LEN(RT_CAR(k));
    }
    if (n > 1) total += (n - 1) * dl;
    RtString *r = rt_string_new(rr, total);
    int64_t at = 0;
    for (RtValue k = l; RT_IS_PAIR(k); k = RT_CDR(k)) {
        if (k != l) {
            if (d == RT_FALSE) r->chars[at] = ' ';
            else memcpy(r->chars + at, RT_STR(d)->chars, (size_t)dl * sizeof(uint32_t));
            at += dl;
        }
        memcpy(r->chars + at, RT_STR(RT_CAR(k))->chars, (size_t)RT_LEN(RT_CAR(k)) * sizeof(uint32_t));
        at += RT_LEN(RT_CAR(k));
    }
    return RT_TAG_AS_OBJ(r);
}

/* string-for-each / string-map over one or more strings, up to the shortest (R7RS 6.10); or,
 * when the third argument is not a string, over the range [start, end) of one string (SRFI 13's
 * (string-map proc s [start end])). *s0 and *n: the first index and the count. */
static void rt_strings_range(const char *loc, const char *who, intptr_t argc, const RtValue *argv,
                             int64_t *s0, int64_t *n) {
    rt_check_proc(loc, who, argv[0]);
    RT_STRARG(who, argv[1]);
    if (argc >= 3 && !RT_IS_STRING(argv[2])) {
        int64_t start, end;
        if (argc > 4) rt_type_error(loc, who, "a string", argv[2]);
        rt_range_args(loc, who, argc, argv, 2, RT_LEN(argv[1]), "string", &start, &end);
        *s0 = start;
        *n = end - start;
        return;
    }
    int64_t m = INT64_MAX;
    for (intptr_t i = 1; i < argc; i++) {
        RT_STRARG(who, argv[i]);
        if (RT_LEN(argv[i]) < m) m = RT_LEN(argv[i]);
    }
    *s0 = 0;
    *n = m;
}

RtValue rt_p_string_for_each(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t s0, n;
    rt_strings_range(loc, "string-for-each", argc, argv, &s0, &n);
    intptr_t ns = s0 || (argc >= 3 && !RT_IS_STRING(argv[2])) ? 1 : argc - 1;
    RtValue args[argc];
    for (int64_t k = 0; k < n; k++) {
        for (intptr_t i = 0; i < ns; i++) args[i] = RT_CHAR(RT_STR(argv[i + 1])->chars[s0 + k]);
        rt_call(rr, loc, argv[0], ns, args);
    }
    return RT_UNSPEC;
}

RtValue rt_p_string_map(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t s0, n;
    rt_strings_range(loc, "string-map", argc, argv, &s0, &n);
    intptr_t ns = s0 || (argc >= 3 && !RT_IS_STRING(argv[2])) ? 1 : argc - 1;
    /* the characters in reverse first, then the string: a re-entered continuation never
     * changes a string already returned (R7RS 6.10) */
    RtValue args[argc], rev = RT_NIL;
    for (int64_t k = 0; k < n; k++) {
        for (intptr_t i = 0; i < ns; i++) args[i] = RT_CHAR(RT_STR(argv[i + 1])->chars[s0 + k]);
        RtValue c = rt_call(rr, loc, argv[0], ns, args);
        RT_CHARARG("string-map", c);
        rev = rt_cons(&rt_gc_region, c, rev);
    }
    RtString *r = rt_string_new(rr, n);
    for (int64_t k = n - 1; k >= 0; k--, rev = RT_CDR(rev)) r->chars[k] = RT_CHARVAL(RT_CAR(rev));
    return RT_TAG_AS_OBJ(r);
}

/* ---- UTF-8 conversions (R7RS 6.9) ------------------------------------------------------------ */

RtValue rt_p_utf8_to_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_CHECK(RT_IS_BYTEVECTOR(argv[0]), "utf8->string", "a bytevector", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "utf8->string", argc, argv, 1, RT_LEN(argv[0]), "bytevector", &start, &end);
    return mk_string_n(rr, (const char *)RT_AS(RtBytevector, argv[0])->bytes + start,
                       (size_t)(end - start));
}

RtValue rt_p_string_to_utf8(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_STRARG("string->utf8", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "string->utf8", argc, argv, 1, RT_LEN(argv[0]), "string", &start, &end);
    size_t k = 0;
    char b[4];
    for (int64_t i = start; i < end; i++) k += rt_utf8_encode(RT_STR(argv[0])->chars[i], b);
    RtValue bv = mk_bytevector(rr, k, 0);
    k = 0;
    for (int64_t i = start; i < end; i++)
        k += rt_utf8_encode(RT_STR(argv[0])->chars[i], (char *)RT_AS(RtBytevector, bv)->bytes + k);
    return bv;
}
