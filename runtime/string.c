/* string.c: characters (R7RS 6.6) and strings (6.7), with bytevector<->string conversions.
 * Strings hold Unicode code points (uint32_t), so string-ref and string-set! are O(1).
 * Case mapping and character classes use the C library's wide-character functions under the
 * C.UTF-8 locale rt_start selects (simple one-to-one case mappings, no ß -> SS).
 */
#include "rtlib.h"

#include <wctype.h>

uint32_t rt_char_upcase(uint32_t c) {
    if (c < 128) return c >= 'a' && c <= 'z' ? c - 32 : c;
    return (uint32_t)towupper((wint_t)c);
}
uint32_t rt_char_downcase(uint32_t c) {
    if (c < 128) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    return (uint32_t)towlower((wint_t)c);
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
            if (fold) { x = rt_char_downcase(x); y = rt_char_downcase(y); }                   \
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
    return RT_CHAR(rt_char_downcase(RT_CHARARG("char-foldcase", c)));
}
RtValue rt_p_char_alphabetic_p(Region *rr, const char *loc, RtValue c) {
    return RT_BOOL(iswalpha((wint_t)RT_CHARARG("char-alphabetic?", c)));
}
RtValue rt_p_char_numeric_p(Region *rr, const char *loc, RtValue c) {
    uint32_t x = RT_CHARARG("char-numeric?", c);
    return RT_BOOL(x >= '0' && x <= '9');
}
RtValue rt_p_char_whitespace_p(Region *rr, const char *loc, RtValue c) {
    return RT_BOOL(iswspace((wint_t)RT_CHARARG("char-whitespace?", c)));
}
RtValue rt_p_char_upper_case_p(Region *rr, const char *loc, RtValue c) {
    return RT_BOOL(iswupper((wint_t)RT_CHARARG("char-upper-case?", c)));
}
RtValue rt_p_char_lower_case_p(Region *rr, const char *loc, RtValue c) {
    return RT_BOOL(iswlower((wint_t)RT_CHARARG("char-lower-case?", c)));
}
RtValue rt_p_digit_value(Region *rr, const char *loc, RtValue c) {
    uint32_t x = RT_CHARARG("digit-value", c);
    return x >= '0' && x <= '9' ? RT_FIX(x - '0') : RT_FALSE;
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

/* Compare two strings code point by code point (case-folded when fold is set). */
static int rt_string_cmp(RtValue a, RtValue b, int fold) {
    int64_t na = RT_LEN(a), nb = RT_LEN(b), n = na < nb ? na : nb;
    for (int64_t i = 0; i < n; i++) {
        uint32_t x = RT_STR(a)->chars[i], y = RT_STR(b)->chars[i];
        if (fold) { x = rt_char_downcase(x); y = rt_char_downcase(y); }
        if (x != y) return x < y ? -1 : 1;
    }
    return na < nb ? -1 : na > nb;
}

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

static RtValue rt_string_case(Region *rr, const char *loc, const char *who, RtValue s, int up) {
    RT_STRARG(who, s);
    int64_t n = RT_LEN(s);
    RtString *r = rt_string_new(rr, n);
    for (int64_t i = 0; i < n; i++)
        r->chars[i] = up ? rt_char_upcase(RT_STR(s)->chars[i]) : rt_char_downcase(RT_STR(s)->chars[i]);
    return RT_TAG_AS_OBJ(r);
}
RtValue rt_p_string_upcase(Region *rr, const char *loc, RtValue s) {
    return rt_string_case(rr, loc, "string-upcase", s, 1);
}
RtValue rt_p_string_downcase(Region *rr, const char *loc, RtValue s) {
    return rt_string_case(rr, loc, "string-downcase", s, 0);
}
RtValue rt_p_string_foldcase(Region *rr, const char *loc, RtValue s) {
    return rt_string_case(rr, loc, "string-foldcase", s, 0);
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

/* string-for-each / string-map over one or more strings, up to the shortest. */
static int64_t rt_strings_min(const char *loc, const char *who, intptr_t argc, const RtValue *argv) {
    rt_check_proc(loc, who, argv[0]);
    int64_t n = INT64_MAX;
    for (intptr_t i = 1; i < argc; i++) {
        RT_STRARG(who, argv[i]);
        if (RT_LEN(argv[i]) < n) n = RT_LEN(argv[i]);
    }
    return n;
}

RtValue rt_p_string_for_each(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_strings_min(loc, "string-for-each", argc, argv);
    RtValue args[argc];
    for (int64_t k = 0; k < n; k++) {
        for (intptr_t i = 1; i < argc; i++) args[i - 1] = RT_CHAR(RT_STR(argv[i])->chars[k]);
        rt_call(rr, loc, argv[0], argc - 1, args);
    }
    return RT_UNSPEC;
}

RtValue rt_p_string_map(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_strings_min(loc, "string-map", argc, argv);
    RtValue args[argc];
    RtString *r = rt_string_new(rr, n);
    for (int64_t k = 0; k < n; k++) {
        for (intptr_t i = 1; i < argc; i++) args[i - 1] = RT_CHAR(RT_STR(argv[i])->chars[k]);
        RtValue c = rt_call(rr, loc, argv[0], argc - 1, args);
        r->chars[k] = RT_CHARARG("string-map", c);
    }
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
