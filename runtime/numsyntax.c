/* numsyntax.c: R7RS 7.1.1 number syntax to exact rationals and doubles (see numsyntax.h), shared
 * by the compiler's lexer and the runtime's string->number and read.
 *
 * A real is read into a Lit: an exact rational (integers, n/d, and decimals, whose digits and
 * exponent are kept so that #e1.5 is exactly 3/2) or infnan. Exactness is applied after the
 * whole number is read: decimals and infnan are inexact unless #e, the rest exact unless #i.
 * An inexact decimal is converted by strtod on its digits (correctly rounded, 1e400 -> +inf.0);
 * an inexact n/d by rt_ns_ratio_to_double.
 */
#include "numsyntax.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

double rt_ns_ratio_to_double(mpz_srcptr n, mpz_srcptr d) {
    int sign = mpz_sgn(n) * mpz_sgn(d);
    if (sign == 0) return 0.0;
    /* scale so that the quotient has 55 or 56 bits: one division decides the rounding */
    long k = 55 + (long)mpz_sizeinbase(d, 2) - (long)mpz_sizeinbase(n, 2);
    mpz_t num, den, q, r;
    mpz_inits(num, den, q, r, NULL);
    mpz_abs(num, n);
    mpz_abs(den, d);
    if (k >= 0) mpz_mul_2exp(num, num, (mp_bitcnt_t)k);
    else mpz_mul_2exp(den, den, (mp_bitcnt_t)-k);
    mpz_tdiv_qr(q, r, num, den);
    int sticky = mpz_sgn(r) != 0;
    unsigned s = (unsigned)mpz_sizeinbase(q, 2) - 53; /* 2 or 3 */
    uint64_t qq = mpz_get_ui(q);
    uint64_t m = qq >> s, rest = qq & ((UINT64_C(1) << s) - 1), half = UINT64_C(1) << (s - 1);
    if (rest > half || (rest == half && (sticky || (m & 1)))) m++;
    mpz_clears(num, den, q, r, NULL);
    double x = ldexp((double)m, (int)((long)s - k));
    return sign < 0 ? -x : x;
}

/* ---- one real ----------------------------------------------------------------------------- */
typedef enum { LIT_RATIONAL, LIT_DECIMAL, LIT_INF, LIT_NAN } LitKind;
typedef struct {
    LitKind kind;
    int neg;
    int zero_den;          /* n/0: only #i gives it a value (+inf.0, -inf.0 or +nan.0) */
    const char *s;         /* LIT_DECIMAL: the text (sign included) for strtod */
    size_t len;
    mpq_t q;               /* LIT_RATIONAL, LIT_DECIMAL: the exact value */
    long e10;              /* LIT_DECIMAL: q = mantissa * 10^e10 (kept for the exact bound) */
} Lit;

static int ns_digit(int c, int radix) {
    int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10
          : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
    return v < radix ? v : -1;
}

static int ns_lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
static int ns_exp_marker(int c) { c = ns_lower(c); return c == 'e' || c == 's' || c == 'f' || c == 'd' || c == 'l'; }

static size_t ns_digits(const char *s, size_t i, size_t end, int radix) {
    while (i < end && ns_digit((unsigned char)s[i], radix) >= 0) i++;
    return i;
}

static void ns_mpz_digits(mpz_t z, const char *s, size_t n, int radix) {
    char small[64];
    char *t = n < sizeof small ? small : malloc(n + 1);
    if (!t) abort();
    memcpy(t, s, n);
    t[n] = '\0';
    mpz_set_str(z, t, radix);
    if (t != small) free(t);
}

/* A real at s[i..end): returns the index after it, or (size_t)-1. A sign is required when
 * need_sign (the imaginary part of a + b i); infnan always has one. */
static size_t ns_real(const char *s, size_t i, size_t end, int radix, int need_sign, Lit *out) {
    size_t start = i;
    out->neg = 0;
    out->zero_den = 0;
    int has_sign = i < end && (s[i] == '+' || s[i] == '-');
    if (has_sign) out->neg = s[i++] == '-';
    else if (need_sign) return (size_t)-1;
    if (has_sign && end - i >= 5) {
        char t[5];
        for (int k = 0; k < 5; k++) t[k] = (char)ns_lower((unsigned char)s[i + k]);
        if (!memcmp(t, "inf.0", 5) || !memcmp(t, "nan.0", 5)) {
            out->kind = t[0] == 'i' ? LIT_INF : LIT_NAN;
            return i + 5;
        }
    }
    size_t int_start = i, int_end = ns_digits(s, i, end, radix);
    i = int_end;
    if (int_end > int_start && i < end && s[i] == '/') {
        size_t den_start = i + 1, den_end = ns_digits(s, den_start, end, radix);
        if (den_end == den_start) return (size_t)-1;
        mpz_t d;
        mpz_init(d);
        ns_mpz_digits(mpq_numref(out->q), s + int_start, int_end - int_start, radix);
        ns_mpz_digits(d, s + den_start, den_end - den_start, radix);
        if (mpz_sgn(d) == 0) {
            out->zero_den = 1;
            mpz_set_ui(d, 1);
        }
        mpz_set(mpq_denref(out->q), d);
        mpz_clear(d);
        mpq_canonicalize(out->q);
        if (out->neg) mpq_neg(out->q, out->q);
        out->kind = LIT_RATIONAL;
        return den_end;
    }
    size_t frac_start = i, frac_end = i;
    int point = 0;
    if (radix == 10 && i < end && s[i] == '.') {
        point = 1;
        frac_start = i + 1;
        frac_end = ns_digits(s, frac_start, end, 10);
        i = frac_end;
    }
    if (int_end == int_start && frac_end == frac_start) return (size_t)-1;
    long e10 = 0;
    int exp = 0;
    if (radix == 10 && i < end && ns_exp_marker((unsigned char)s[i])) {
        size_t j = i + 1;
        int eneg = 0;
        if (j < end && (s[j] == '+' || s[j] == '-')) eneg = s[j++] == '-';
        size_t ds = j, de = ns_digits(s, j, end, 10);
        if (de == ds) return (size_t)-1;
        for (size_t k = ds; k < de; k++) /* saturate: strtod and the exact bound cope */
            if (e10 < 100000000L) e10 = e10 * 10 + (s[k] - '0');
        if (eneg) e10 = -e10;
        exp = 1;
        i = de;
    }
    if (!point && !exp) { /* an integer */
        ns_mpz_digits(mpq_numref(out->q), s + int_start, int_end - int_start, radix);
        mpz_set_ui(mpq_denref(out->q), 1);
        if (out->neg) mpq_neg(out->q, out->q);
        out->kind = LIT_RATIONAL;
        return i;
    }
    out->kind = LIT_DECIMAL;
    out->s = s + start;
    out->len = i - start;
    out->e10 = e10 - (long)(frac_end - frac_start);
    return i;
}

/* The exact value of a decimal literal into l->q; 0 when its exponent is out of bounds. */
static int ns_decimal_exact(Lit *l) {
    if (l->e10 > RT_NS_MAX_EXACT_EXP || l->e10 < -RT_NS_MAX_EXACT_EXP) return 0;
    const char *p = l->s, *end = l->s + l->len;
    if (*p == '+' || *p == '-') p++;
    char small[64];
    size_t cap = (size_t)(end - p) + 2;
    char *t = cap <= sizeof small ? small : malloc(cap);
    if (!t) abort();
    size_t n = 0;
    for (; p < end && !ns_exp_marker((unsigned char)*p); p++)
        if (*p != '.') t[n++] = *p;
    t[n++] = '0'; /* never empty; divided out below */
    t[n] = '\0';
    mpz_ptr num = mpq_numref(l->q);
    mpz_set_str(num, t, 10);
    if (t != small) free(t);
    mpz_divexact_ui(num, num, 10);
    mpz_t p10;
    mpz_init(p10);
    mpz_ui_pow_ui(p10, 10, (unsigned long)(l->e10 < 0 ? -l->e10 : l->e10));
    if (l->e10 >= 0) {
        mpz_mul(num, num, p10);
        mpz_set_ui(mpq_denref(l->q), 1);
    } else {
        mpz_set(mpq_denref(l->q), p10);
        mpq_canonicalize(l->q);
    }
    mpz_clear(p10);
    if (l->neg) mpq_neg(l->q, l->q);
    return 1;
}

static double ns_decimal_double(const Lit *l) {
    char small[96];
    char *t = l->len < sizeof small ? small : malloc(l->len + 1);
    if (!t) abort();
    for (size_t k = 0; k < l->len; k++) t[k] = ns_exp_marker((unsigned char)l->s[k]) ? 'e' : l->s[k];
    t[l->len] = '\0';
    double d = strtod(t, NULL);
    if (t != small) free(t);
    return d;
}

/* The literal as a real of the given exactness ('e', 'i' or 0: its own). */
static int ns_apply(Lit *l, int exactness, RtNsReal *r) {
    switch (l->kind) {
    case LIT_INF:
    case LIT_NAN:
        if (exactness == 'e') return RT_NS_NOT_A_NUMBER;
        r->exact = 0;
        r->d = l->kind == LIT_NAN ? NAN : l->neg ? -HUGE_VAL : HUGE_VAL;
        return RT_NS_OK;
    case LIT_RATIONAL:
        if (l->zero_den) {
            if (exactness != 'i') return RT_NS_NOT_A_NUMBER;
            r->exact = 0;
            int zero = mpz_sgn(mpq_numref(l->q)) == 0;
            r->d = zero ? NAN : l->neg ? -HUGE_VAL : HUGE_VAL;
            return RT_NS_OK;
        }
        if (exactness == 'i') {
            r->exact = 0;
            r->d = rt_ns_ratio_to_double(mpq_numref(l->q), mpq_denref(l->q));
            if (r->d == 0 && l->neg) r->d = -0.0;
        } else {
            r->exact = 1;
            mpq_set(r->q, l->q);
        }
        return RT_NS_OK;
    case LIT_DECIMAL:
        if (exactness == 'e') {
            if (!ns_decimal_exact(l)) return RT_NS_TOO_LARGE;
            r->exact = 1;
            mpq_set(r->q, l->q);
        } else {
            r->exact = 0;
            r->d = ns_decimal_double(l);
        }
        return RT_NS_OK;
    }
    return RT_NS_NOT_A_NUMBER;
}

static void ns_to_inexact(RtNsReal *r) {
    if (!r->exact) return;
    r->d = rt_ns_ratio_to_double(mpq_numref(r->q), mpq_denref(r->q));
    r->exact = 0;
}

static void ns_to_exact(RtNsReal *r) {
    if (r->exact) return;
    mpq_set_d(r->q, r->d); /* finite: polar parts computed in doubles */
    r->exact = 1;
}

void rt_ns_clear(RtNsNum *n) {
    mpq_clear(n->re.q);
    mpq_clear(n->im.q);
}

int rt_ns_parse(const char *s, size_t len, int radix, RtNsNum *out) {
    int exactness = 0, have_radix = 0;
    while (len >= 2 && s[0] == '#') {
        int c = ns_lower((unsigned char)s[1]);
        if ((c == 'e' || c == 'i') && !exactness) exactness = c;
        else if (c == 'x' && !have_radix) radix = 16, have_radix = 1;
        else if (c == 'b' && !have_radix) radix = 2, have_radix = 1;
        else if (c == 'o' && !have_radix) radix = 8, have_radix = 1;
        else if (c == 'd' && !have_radix) radix = 10, have_radix = 1;
        else return RT_NS_NOT_A_NUMBER;
        s += 2;
        len -= 2;
    }
    if (len == 0) return RT_NS_NOT_A_NUMBER;
    Lit a, b;
    mpq_inits(a.q, b.q, out->re.q, out->im.q, NULL);
    int rc = RT_NS_NOT_A_NUMBER, polar = 0;
    out->is_complex = 0;
    size_t i = ns_real(s, 0, len, radix, 0, &a);
    int have_b = 0;
    if (i == (size_t)-1) { /* +i, -i */
        if (len == 2 && (s[0] == '+' || s[0] == '-') && ns_lower((unsigned char)s[1]) == 'i') {
            a.kind = LIT_RATIONAL;
            a.zero_den = 0;
            mpq_set_ui(a.q, 0, 1);
            b.kind = LIT_RATIONAL;
            b.zero_den = 0;
            mpq_set_si(b.q, s[0] == '-' ? -1 : 1, 1);
            have_b = 1;
            goto apply;
        }
        goto done;
    }
    if (i == len) goto apply;
    if (s[i] == '@') {
        size_t j = ns_real(s, i + 1, len, radix, 0, &b);
        if (j != len) goto done;
        have_b = polar = 1;
        goto apply;
    }
    if (ns_lower((unsigned char)s[i]) == 'i' && i + 1 == len && (s[0] == '+' || s[0] == '-')) {
        b.kind = a.kind; /* a pure imaginary: 0 + a i */
        b.neg = a.neg;
        b.zero_den = a.zero_den;
        b.s = a.s;
        b.len = a.len;
        b.e10 = a.e10;
        mpq_set(b.q, a.q);
        a.kind = LIT_RATIONAL;
        a.zero_den = 0;
        mpq_set_ui(a.q, 0, 1);
        have_b = 1;
        goto apply;
    }
    if (s[i] == '+' || s[i] == '-') {
        if (len - i == 2 && ns_lower((unsigned char)s[i + 1]) == 'i') {
            b.kind = LIT_RATIONAL;
            b.zero_den = 0;
            mpq_set_si(b.q, s[i] == '-' ? -1 : 1, 1);
            have_b = 1;
            goto apply;
        }
        size_t j = ns_real(s, i, len, radix, 1, &b);
        if (j == (size_t)-1 || j + 1 != len || ns_lower((unsigned char)s[j]) != 'i') goto done;
        have_b = 1;
        goto apply;
    }
    goto done;
apply:
    rc = ns_apply(&a, exactness, &out->re);
    if (rc != RT_NS_OK || !have_b) goto done;
    rc = ns_apply(&b, exactness, &out->im);
    if (rc != RT_NS_OK) goto done;
    if (polar) { /* magnitude @ angle: an exact zero angle leaves the magnitude as it is */
        if (out->im.exact && mpq_sgn(out->im.q) == 0) goto done;
        ns_to_inexact(&out->re);
        ns_to_inexact(&out->im);
        double m = out->re.d, t = out->im.d;
        out->re.d = m * cos(t);
        out->im.d = m * sin(t);
        if (exactness == 'e') {
            if (!isfinite(out->re.d) || !isfinite(out->im.d)) {
                rc = RT_NS_NOT_A_NUMBER;
                goto done;
            }
            ns_to_exact(&out->re);
            ns_to_exact(&out->im);
        }
    }
    if (out->im.exact && mpq_sgn(out->im.q) == 0) goto done; /* 1+0i is 1 */
    if (out->re.exact != out->im.exact) {
        ns_to_inexact(&out->re);
        ns_to_inexact(&out->im);
    }
    out->is_complex = 1;
done:
    mpq_clears(a.q, b.q, NULL);
    if (rc != RT_NS_OK) rt_ns_clear(out);
    return rc;
}
