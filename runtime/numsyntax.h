/* numsyntax.h: the number syntax of R7RS 7.1.1, parsed once for both the compiler's lexer
 * (compiler/lexer.re, literals in source) and the runtime (string->number, read: numbers.c).
 * Pure C over GMP: no runtime object is touched, so the compiler links numsyntax.c as it is.
 *
 * rt_ns_parse reads prefixes (#x #b #o #d #e #i), integers, n/d, decimals with exponent markers
 * (e, and R5RS's s f d l), +inf.0 -inf.0 +nan.0, and complex numbers (1+2i, +i, -2.5i, 1@2,
 * +inf.0+nan.0i). The result is normalised: exact parts are canonical rationals, an exact zero
 * imaginary part makes a real, and a complex number's parts are both exact or both inexact.
 */
#ifndef RT_NUMSYNTAX_H
#define RT_NUMSYNTAX_H

#include <gmp.h>
#include <stddef.h>

typedef struct RtNsReal {
    int exact;   /* 1: the value is q (canonical); 0: the value is d */
    double d;
    mpq_t q;     /* always initialised by rt_ns_parse, cleared by rt_ns_clear */
} RtNsReal;

typedef struct RtNsNum {
    int is_complex;     /* 0: a real, re; 1: re + im i with im not an exact zero */
    RtNsReal re, im;
} RtNsNum;

enum {
    RT_NS_OK = 1,
    RT_NS_NOT_A_NUMBER = 0,    /* string->number gives #f; the lexer: an identifier */
    RT_NS_TOO_LARGE = -1,      /* #e with an exponent beyond RT_NS_MAX_EXACT_EXP */
};
#define RT_NS_MAX_EXACT_EXP 1000000L

/* Parse s[0..len) in `radix` (2, 8, 10, 16) unless a prefix says otherwise. On RT_NS_OK, *out
 * holds the number and must be released with rt_ns_clear; otherwise nothing is held. */
int rt_ns_parse(const char *s, size_t len, int radix, RtNsNum *out);
void rt_ns_clear(RtNsNum *n);

/* n / d (d != 0) rounded to the nearest double, ties to even (may be +-inf). */
double rt_ns_ratio_to_double(mpz_srcptr n, mpz_srcptr d);

#endif
