/* numbers.c: Regal's numeric tower (R7RS 6.2): fixnums, bignums through GMP, and flonums.
 *
 * Entry points: the out-of-line generic operations compiled code calls when its inline fixnum
 * fast path fails (rt_add, rt_sub, rt_mul, rt_div, rt_neg, rt_num_eq ... rt_num_ge), the
 * number primitives of prims.def (rt_p_add ... rt_p_string_to_number), and the text hooks
 * rt_number_format / rt_format_double / rt_number_parse for the printer and the reader.
 *
 * Representation (regal.h): a fixnum is an immediate 61-bit integer; a bignum is an RtBignum
 * in a region (header count = limb count << 1 | sign, magnitude in 64-bit limbs, least
 * significant first); a flonum is an RtFlonum. Invariant N1: every exact integer in fixnum
 * range is a fixnum, so a bignum is never zero and never fits a fixnum. Every exact result
 * goes through val_from_mpz / val_from_i128, which normalise.
 * Bignum arithmetic borrows a read-only mpz view of a bignum's limbs (mpz_roinit_n), computes
 * into an mpz_t temporary, copies the result's limbs into the region, and clears the temporary.
 *
 * Not supported yet: rationals and complex numbers. Where R7RS would produce a non-integral
 * rational, `/` (and expt with a negative exponent, and string->number of "n/d") returns the
 * nearest flonum instead; `exact` of a non-integral flonum is an error. sqrt of a negative
 * exact integer is an error; sqrt and log of a negative flonum give +nan.0.
 */
#include "regal.h"

#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

_Static_assert(GMP_NUMB_BITS == 64 && sizeof(mp_limb_t) == sizeof(uint64_t),
               "RtBignum limbs are GMP limbs");

/* ============================================================================================
 * Classification and checks
 * ========================================================================================== */
enum { NK_FIX, NK_BIG, NK_FLO, NK_NONE };

static inline int num_kind(RtValue v) {
    if (RT_IS_FIXNUM(v)) return NK_FIX;
    if (RT_IS_OBJ(v)) {
        TypeId t = RT_HDR_TYPE(*RT_OBJ(v));
        if (t == TYPE_ID_INT) return NK_BIG;
        if (t == TYPE_ID_FLOAT) return NK_FLO;
    }
    return NK_NONE;
}

static inline int num_is_exact_int(RtValue v) { int k = num_kind(v); return k == NK_FIX || k == NK_BIG; }

static inline int flo_is_integer(double d) { return isfinite(d) && floor(d) == d; }

static int num_kind_checked(const char *loc, const char *who, RtValue v) {
    int k = num_kind(v);
    if (RT_UNLIKELY(k == NK_NONE)) rt_type_error(loc, who, "a number", v);
    return k;
}

/* An integer in the R7RS sense: exact, or a flonum with an integral value. */
static int int_kind_checked(const char *loc, const char *who, RtValue v) {
    int k = num_kind(v);
    if (RT_UNLIKELY(k == NK_NONE || (k == NK_FLO && !flo_is_integer(RT_FLOVAL(v)))))
        rt_type_error(loc, who, "an integer", v);
    return k;
}

static inline int big_neg(RtValue v) { return (int)(RT_HDR_COUNT(*RT_OBJ(v)) & 1u); }

/* Sign of an exact integer: -1, 0 or 1. */
static int exact_sign(RtValue v) {
    if (RT_IS_FIXNUM(v)) return (int64_t)v < 0 ? -1 : v != 0;
    return big_neg(v) ? -1 : 1; /* N1: a bignum is never zero */
}

/* ============================================================================================
 * The GMP bridge
 * ========================================================================================== */
/* A read-only mpz view of an exact integer; a fixnum's magnitude lives in `limb`. */
typedef struct { mpz_t z; mp_limb_t limb; } MpzView;

static mpz_srcptr mpz_view(MpzView *w, RtValue v) {
    if (RT_IS_FIXNUM(v)) {
        int64_t n = RT_FIXVAL(v);
        w->limb = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
        return mpz_roinit_n(w->z, &w->limb, n < 0 ? -1 : n > 0 ? 1 : 0);
    }
    RtBignum *b = RT_AS(RtBignum, v);
    mp_size_t n = (mp_size_t)(RT_HDR_COUNT(b->hdr) >> 1);
    return mpz_roinit_n(w->z, (const mp_limb_t *)b->limbs, big_neg(v) ? -n : n);
}

/* The exact integer z as a value in rr: a fixnum when it fits (N1), else a new bignum. */
static RtValue val_from_mpz(Region *rr, mpz_srcptr z) {
    size_t n = mpz_size(z);
    int neg = mpz_sgn(z) < 0;
    if (n <= 1) {
        uint64_t m = n ? mpz_getlimbn(z, 0) : 0;
        if (m <= (uint64_t)RT_FIXNUM_MAX) return RT_FIX(neg ? -(int64_t)m : (int64_t)m);
        if (neg && m == (uint64_t)RT_FIXNUM_MAX + 1) return RT_FIX(RT_FIXNUM_MIN);
    }
    RtBignum *b = alloc_obj_sized(rr, TYPE_ID_INT, n * sizeof(uint64_t));
    b->hdr = RT_HDR(TYPE_ID_INT, ((uint64_t)n << 1) | (uint64_t)neg);
    memcpy(b->limbs, mpz_limbs_read(z), n * sizeof(uint64_t));
    return RT_TAG_AS_OBJ(b);
}

/* val_from_mpz, then clear the temporary. */
static RtValue val_take_mpz(Region *rr, mpz_t z) {
    RtValue v = val_from_mpz(rr, z);
    mpz_clear(z);
    return v;
}

static RtValue val_from_i128(Region *rr, __int128 x) {
    if (x >= RT_FIXNUM_MIN && x <= RT_FIXNUM_MAX) return RT_FIX((int64_t)x);
    unsigned __int128 m = x < 0 ? (unsigned __int128)0 - (unsigned __int128)x : (unsigned __int128)x;
    size_t n = (m >> 64) ? 2 : 1;
    RtBignum *b = alloc_obj_sized(rr, TYPE_ID_INT, n * sizeof(uint64_t));
    b->hdr = RT_HDR(TYPE_ID_INT, ((uint64_t)n << 1) | (uint64_t)(x < 0));
    b->limbs[0] = (uint64_t)m;
    if (n == 2) b->limbs[1] = (uint64_t)(m >> 64);
    return RT_TAG_AS_OBJ(b);
}

/* An exact integer of magnitude below 2^127 (a fixnum, or a bignum of at most two limbs) as an
 * __int128: the common bignums (a fixnum product, a linear congruential generator's step) are
 * computed without GMP and its malloc'd temporaries. False for any other value. */
static int small_i128(RtValue v, __int128 *out) {
    if (RT_IS_FIXNUM(v)) {
        *out = RT_FIXVAL(v);
        return 1;
    }
    if (!RT_IS_TYPE(v, TYPE_ID_INT)) return 0;
    RtBignum *b = RT_AS(RtBignum, v);
    uint64_t n = RT_HDR_COUNT(b->hdr) >> 1;
    if (n > 2 || (n == 2 && (b->limbs[1] >> 63))) return 0;
    unsigned __int128 m = b->limbs[0] | (n == 2 ? (unsigned __int128)b->limbs[1] << 64 : 0);
    *out = big_neg(v) ? -(__int128)m : (__int128)m;
    return 1;
}

static RtValue val_from_double(Region *rr, double d) { return mk_float(rr, d); }

/* n / d (d != 0) rounded to the nearest double, ties to even (the result may be +-inf).
 * The quotient is scaled to 55 or 56 bits, so one integer division decides the rounding. */
static double ratio_to_double(mpz_srcptr n, mpz_srcptr d) {
    int sign = mpz_sgn(n) * mpz_sgn(d);
    if (sign == 0) return 0.0;
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

/* An exact integer to the nearest double (R7RS `inexact`). */
static double exact_to_double(RtValue v) {
    if (RT_IS_FIXNUM(v)) return (double)RT_FIXVAL(v);
    MpzView w;
    mpz_srcptr z = mpz_view(&w, v);
    if (mpz_sizeinbase(z, 2) <= 53) return mpz_get_d(z);
    if (mpz_sizeinbase(z, 2) > 1100) return mpz_sgn(z) < 0 ? -HUGE_VAL : HUGE_VAL;
    MpzView one;
    return ratio_to_double(z, mpz_view(&one, RT_FIX(1)));
}

static double num_to_double(const char *loc, const char *who, RtValue v) {
    int k = num_kind_checked(loc, who, v);
    return k == NK_FLO ? RT_FLOVAL(v) : exact_to_double(v);
}

double rt_to_double(const char *loc, RtValue v) { return num_to_double(loc, "inexact", v); }

/* An integral, finite double to an exact integer. */
static RtValue exact_from_integral_double(Region *rr, double d) {
    if (d >= -9.2e18 && d <= 9.2e18) return val_from_i128(rr, (int64_t)d);
    mpz_t z;
    mpz_init_set_d(z, d);
    return val_take_mpz(rr, z);
}

static RtValue make_values2(Region *rr, RtValue x, RtValue y) {
    RtValues *v = alloc_obj_sized(rr, TYPE_ID_VALUES, 2 * sizeof(RtValue));
    v->hdr = RT_HDR(TYPE_ID_VALUES, 2);
    v->items[0] = x;
    v->items[1] = y;
    return RT_TAG_AS_OBJ(v);
}

/* ============================================================================================
 * Comparison
 * ========================================================================================== */
#define CMP_UNORDERED 2 /* a NaN is involved */

/* Compare an exact integer with a double exactly (not through a rounded conversion). */
static int cmp_exact_double(RtValue a, double d) {
    if (isnan(d)) return CMP_UNORDERED;
    if (RT_IS_FIXNUM(a)) {
        int64_t n = RT_FIXVAL(a);
        if (n >= -(INT64_C(1) << 53) && n <= (INT64_C(1) << 53)) {
            double x = (double)n;
            return x < d ? -1 : x > d;
        }
    }
    MpzView w;
    int c = mpz_cmp_d(mpz_view(&w, a), d); /* exact for any finite or infinite d */
    return c < 0 ? -1 : c > 0;
}

/* -1, 0, 1, or CMP_UNORDERED; both arguments must be numbers (checked, naming `who`). */
static int num_cmp(const char *loc, const char *who, RtValue a, RtValue b) {
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b)) return (int64_t)a < (int64_t)b ? -1 : a != b;
    int ka = num_kind_checked(loc, who, a), kb = num_kind_checked(loc, who, b);
    if (ka == NK_FLO && kb == NK_FLO) {
        double x = RT_FLOVAL(a), y = RT_FLOVAL(b);
        if (isnan(x) || isnan(y)) return CMP_UNORDERED;
        return x < y ? -1 : x > y;
    }
    if (kb == NK_FLO) return cmp_exact_double(a, RT_FLOVAL(b));
    if (ka == NK_FLO) {
        int c = cmp_exact_double(b, RT_FLOVAL(a));
        return c == CMP_UNORDERED ? c : -c;
    }
    MpzView wa, wb;
    int c = mpz_cmp(mpz_view(&wa, a), mpz_view(&wb, b));
    return c < 0 ? -1 : c > 0;
}

int rt_num_eq(const char *loc, RtValue a, RtValue b) { return num_cmp(loc, "=", a, b) == 0; }
int rt_num_lt(const char *loc, RtValue a, RtValue b) { return num_cmp(loc, "<", a, b) == -1; }
int rt_num_gt(const char *loc, RtValue a, RtValue b) { return num_cmp(loc, ">", a, b) == 1; }
int rt_num_le(const char *loc, RtValue a, RtValue b) {
    int c = num_cmp(loc, "<=", a, b);
    return c == -1 || c == 0;
}
int rt_num_ge(const char *loc, RtValue a, RtValue b) {
    int c = num_cmp(loc, ">=", a, b);
    return c == 1 || c == 0;
}

/* ============================================================================================
 * Arithmetic: + - * / and negation
 * ========================================================================================== */
typedef enum { OP_ADD, OP_SUB, OP_MUL } ArithOp;

static RtValue arith_slow(Region *rr, const char *loc, const char *who, ArithOp op, RtValue a,
                          RtValue b) {
    int ka = num_kind_checked(loc, who, a), kb = num_kind_checked(loc, who, b);
    if (ka == NK_FLO || kb == NK_FLO) {
        double x = ka == NK_FLO ? RT_FLOVAL(a) : exact_to_double(a);
        double y = kb == NK_FLO ? RT_FLOVAL(b) : exact_to_double(b);
        return val_from_double(rr, op == OP_ADD ? x + y : op == OP_SUB ? x - y : x * y);
    }
    __int128 x, y, z;
    if (small_i128(a, &x) && small_i128(b, &y)) { /* fixnums that overflowed, small bignums */
        int ovf = op == OP_ADD ? __builtin_add_overflow(x, y, &z)
                : op == OP_SUB ? __builtin_sub_overflow(x, y, &z) : __builtin_mul_overflow(x, y, &z);
        if (!ovf) return val_from_i128(rr, z);
    }
    MpzView wa, wb;
    mpz_t r;
    mpz_init(r);
    if (op == OP_ADD) mpz_add(r, mpz_view(&wa, a), mpz_view(&wb, b));
    else if (op == OP_SUB) mpz_sub(r, mpz_view(&wa, a), mpz_view(&wb, b));
    else mpz_mul(r, mpz_view(&wa, a), mpz_view(&wb, b));
    return val_take_mpz(rr, r);
}

/* Tagged fixnums add and subtract as words; an int64 overflow is exactly a 61-bit overflow. */
static inline RtValue num_add(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    int64_t r;
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b) && !__builtin_add_overflow((int64_t)a, (int64_t)b, &r))
        return (RtValue)r;
    return arith_slow(rr, loc, who, OP_ADD, a, b);
}
static inline RtValue num_sub(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    int64_t r;
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b) && !__builtin_sub_overflow((int64_t)a, (int64_t)b, &r))
        return (RtValue)r;
    return arith_slow(rr, loc, who, OP_SUB, a, b);
}
/* untagged a times tagged b is the tagged product */
static inline RtValue num_mul(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    int64_t r;
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b) &&
        !__builtin_mul_overflow(RT_FIXVAL(a), (int64_t)b, &r))
        return (RtValue)r;
    return arith_slow(rr, loc, who, OP_MUL, a, b);
}

RtValue rt_add(Region *rr, const char *loc, RtValue a, RtValue b) { return num_add(rr, loc, "+", a, b); }
RtValue rt_sub(Region *rr, const char *loc, RtValue a, RtValue b) { return num_sub(rr, loc, "-", a, b); }
RtValue rt_mul(Region *rr, const char *loc, RtValue a, RtValue b) { return num_mul(rr, loc, "*", a, b); }

static RtValue num_neg(Region *rr, const char *loc, const char *who, RtValue a) {
    int k = num_kind_checked(loc, who, a);
    if (k == NK_FLO) return val_from_double(rr, -RT_FLOVAL(a));
    if (k == NK_FIX) return val_from_i128(rr, -(__int128)RT_FIXVAL(a));
    MpzView w;
    mpz_t r;
    mpz_init(r);
    mpz_neg(r, mpz_view(&w, a));
    return val_take_mpz(rr, r);
}

RtValue rt_neg(Region *rr, const char *loc, RtValue a) { return num_neg(rr, loc, "-", a); }

/* a / b. Exact operands: the exact quotient when b divides a; otherwise, since rationals are
 * not supported yet, the flonum nearest to the true quotient (R7RS would give a ratio).
 * An exact zero divisor is an error; with a flonum operand the IEEE result (+inf.0 ...). */
static RtValue num_div(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    int ka = num_kind_checked(loc, who, a), kb = num_kind_checked(loc, who, b);
    if (ka == NK_FLO || kb == NK_FLO) {
        double x = ka == NK_FLO ? RT_FLOVAL(a) : exact_to_double(a);
        double y = kb == NK_FLO ? RT_FLOVAL(b) : exact_to_double(b);
        return val_from_double(rr, x / y);
    }
    if (b == RT_FIX(0)) rt_error_msg(loc, who, "division by zero");
    if (ka == NK_FIX && kb == NK_FIX) {
        int64_t x = RT_FIXVAL(a), y = RT_FIXVAL(b);
        if (x % y == 0) return val_from_i128(rr, (__int128)x / y);
        if (x >= -(INT64_C(1) << 53) && x <= (INT64_C(1) << 53) && y >= -(INT64_C(1) << 53) &&
            y <= (INT64_C(1) << 53))
            return val_from_double(rr, (double)x / (double)y);
    }
    MpzView wa, wb;
    mpz_srcptr x = mpz_view(&wa, a), y = mpz_view(&wb, b);
    if (mpz_divisible_p(x, y)) {
        mpz_t q;
        mpz_init(q);
        mpz_divexact(q, x, y);
        return val_take_mpz(rr, q);
    }
    return val_from_double(rr, ratio_to_double(x, y));
}

RtValue rt_div(Region *rr, const char *loc, RtValue a, RtValue b) { return num_div(rr, loc, "/", a, b); }

/* ---- the variadic primitives (R7RS 6.2.6) ---- */
RtValue rt_p_add(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 0) return RT_FIX(0);
    RtValue acc = argv[0];
    if (argc == 1) num_kind_checked(loc, "+", acc);
    for (intptr_t i = 1; i < argc; i++) acc = num_add(rr, loc, "+", acc, argv[i]);
    return acc;
}

RtValue rt_p_mul(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 0) return RT_FIX(1);
    RtValue acc = argv[0];
    if (argc == 1) num_kind_checked(loc, "*", acc);
    for (intptr_t i = 1; i < argc; i++) acc = num_mul(rr, loc, "*", acc, argv[i]);
    return acc;
}

RtValue rt_p_sub(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 1) return num_neg(rr, loc, "-", argv[0]);
    RtValue acc = argv[0];
    for (intptr_t i = 1; i < argc; i++) acc = num_sub(rr, loc, "-", acc, argv[i]);
    return acc;
}

RtValue rt_p_div(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 1) return num_div(rr, loc, "/", RT_FIX(1), argv[0]);
    RtValue acc = argv[0];
    for (intptr_t i = 1; i < argc; i++) acc = num_div(rr, loc, "/", acc, argv[i]);
    return acc;
}

/* Chained comparison (R7RS 6.2.6): every argument is checked to be a number. */
static RtValue compare_chain(const char *loc, const char *who, intptr_t argc,
                             const RtValue *argv, int want_lt, int want_eq, int want_gt) {
    for (intptr_t i = 0; i < argc; i++) num_kind_checked(loc, who, argv[i]);
    for (intptr_t i = 0; i + 1 < argc; i++) {
        int c = num_cmp(loc, who, argv[i], argv[i + 1]);
        if (!((c == -1 && want_lt) || (c == 0 && want_eq) || (c == 1 && want_gt))) return RT_FALSE;
    }
    return RT_TRUE;
}

RtValue rt_p_num_eq(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return compare_chain(loc, "=", argc, argv, 0, 1, 0);
}
RtValue rt_p_num_lt(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return compare_chain(loc, "<", argc, argv, 1, 0, 0);
}
RtValue rt_p_num_gt(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return compare_chain(loc, ">", argc, argv, 0, 0, 1);
}
RtValue rt_p_num_le(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return compare_chain(loc, "<=", argc, argv, 1, 1, 0);
}
RtValue rt_p_num_ge(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return compare_chain(loc, ">=", argc, argv, 0, 1, 1);
}

/* ============================================================================================
 * Integer division (R7RS 6.2.6: floor/ truncate/ and the old quotient remainder modulo)
 * ========================================================================================== */
typedef enum { DIV_TRUNC, DIV_FLOOR } DivKind;

/* q and/or r (either may be NULL) of a and b, integers in the R7RS sense; inexact if either
 * operand is. A zero divisor is an error. */
static void int_divide(Region *rr, const char *loc, const char *who, DivKind kind, RtValue a,
                       RtValue b, RtValue *q, RtValue *r) {
    int ka = int_kind_checked(loc, who, a), kb = int_kind_checked(loc, who, b);
    if (ka == NK_FLO || kb == NK_FLO) {
        double x = ka == NK_FLO ? RT_FLOVAL(a) : exact_to_double(a);
        double y = kb == NK_FLO ? RT_FLOVAL(b) : exact_to_double(b);
        if (y == 0) rt_error_msg(loc, who, "division by zero");
        double rem = fmod(x, y);
        if (kind == DIV_FLOOR && rem != 0 && ((rem < 0) != (y < 0))) rem += y;
        if (q) *q = val_from_double(rr, round((x - rem) / y));
        if (r) *r = val_from_double(rr, rem);
        return;
    }
    if (b == RT_FIX(0)) rt_error_msg(loc, who, "division by zero");
    __int128 x, y;
    if (small_i128(a, &x) && small_i128(b, &y)) { /* |x|, |y| < 2^127: no __int128 overflow */
        __int128 qq = x / y, rem = x % y;
        if (kind == DIV_FLOOR && rem != 0 && ((rem < 0) != (y < 0))) {
            rem += y;
            qq -= 1;
        }
        if (q) *q = val_from_i128(rr, qq);
        if (r) *r = val_from_i128(rr, rem);
        return;
    }
    MpzView wa, wb;
    mpz_t qz, rz;
    mpz_inits(qz, rz, NULL);
    if (kind == DIV_FLOOR) mpz_fdiv_qr(qz, rz, mpz_view(&wa, a), mpz_view(&wb, b));
    else mpz_tdiv_qr(qz, rz, mpz_view(&wa, a), mpz_view(&wb, b));
    if (q) *q = val_from_mpz(rr, qz);
    if (r) *r = val_from_mpz(rr, rz);
    mpz_clears(qz, rz, NULL);
}

#define DIV_PRIM(cname, who, kind, want)                                                      \
    RtValue rt_p_##cname(Region *rr, const char *loc, RtValue a0, RtValue a1) {               \
        RtValue q = 0, r = 0;                                                                 \
        int_divide(rr, loc, who, kind, a0, a1, (want) == 'q' ? &q : NULL,                     \
                   (want) == 'r' ? &r : NULL);                                                \
        return (want) == 'q' ? q : r;                                                         \
    }
DIV_PRIM(quotient, "quotient", DIV_TRUNC, 'q')
DIV_PRIM(remainder, "remainder", DIV_TRUNC, 'r')
DIV_PRIM(modulo, "modulo", DIV_FLOOR, 'r')
DIV_PRIM(truncate_quotient, "truncate-quotient", DIV_TRUNC, 'q')
DIV_PRIM(truncate_remainder, "truncate-remainder", DIV_TRUNC, 'r')
DIV_PRIM(floor_quotient, "floor-quotient", DIV_FLOOR, 'q')
DIV_PRIM(floor_remainder, "floor-remainder", DIV_FLOOR, 'r')
#undef DIV_PRIM

/* floor/ and truncate/ return two values as an RtValues object (see regal.h). */
RtValue rt_p_floor_div(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    RtValue q, r;
    int_divide(rr, loc, "floor/", DIV_FLOOR, a0, a1, &q, &r);
    return make_values2(rr, q, r);
}
RtValue rt_p_truncate_div(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    RtValue q, r;
    int_divide(rr, loc, "truncate/", DIV_TRUNC, a0, a1, &q, &r);
    return make_values2(rr, q, r);
}

/* ============================================================================================
 * abs min max gcd lcm square
 * ========================================================================================== */
RtValue rt_p_abs(Region *rr, const char *loc, RtValue a0) {
    int k = num_kind_checked(loc, "abs", a0);
    if (k == NK_FLO) return signbit(RT_FLOVAL(a0)) ? val_from_double(rr, -RT_FLOVAL(a0)) : a0;
    return exact_sign(a0) < 0 ? num_neg(rr, loc, "abs", a0) : a0;
}

static RtValue to_inexact(Region *rr, RtValue v) {
    return num_kind(v) == NK_FLO ? v : val_from_double(rr, exact_to_double(v));
}

/* min and max: the result is inexact if any argument is (R7RS 6.2.6); a NaN wins. */
static RtValue min_max(Region *rr, const char *loc, const char *who, int sign, intptr_t argc,
                       const RtValue *argv) {
    RtValue best = argv[0];
    int inexact = num_kind_checked(loc, who, best) == NK_FLO;
    for (intptr_t i = 1; i < argc; i++) {
        RtValue v = argv[i];
        inexact |= num_kind_checked(loc, who, v) == NK_FLO;
        if (num_kind(best) == NK_FLO && isnan(RT_FLOVAL(best))) continue;
        int c = num_cmp(loc, who, v, best);
        if (c == CMP_UNORDERED || c == sign) best = v;
    }
    return inexact ? to_inexact(rr, best) : best;
}

RtValue rt_p_max(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return min_max(rr, loc, "max", 1, argc, argv);
}
RtValue rt_p_min(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return min_max(rr, loc, "min", -1, argc, argv);
}

/* gcd and lcm of integers; inexact if any argument is. */
static RtValue gcd_lcm(Region *rr, const char *loc, const char *who, int is_lcm, intptr_t argc,
                       const RtValue *argv) {
    mpz_t acc, t;
    mpz_init_set_ui(acc, is_lcm ? 1 : 0);
    mpz_init(t);
    int inexact = 0;
    for (intptr_t i = 0; i < argc; i++) {
        RtValue v = argv[i];
        if (int_kind_checked(loc, who, v) == NK_FLO) {
            inexact = 1;
            mpz_set_d(t, RT_FLOVAL(v));
        } else {
            MpzView w;
            mpz_set(t, mpz_view(&w, v));
        }
        if (is_lcm) mpz_lcm(acc, acc, t);
        else mpz_gcd(acc, acc, t);
    }
    mpz_clear(t);
    if (inexact) {
        MpzView one;
        double d = ratio_to_double(acc, mpz_view(&one, RT_FIX(1)));
        mpz_clear(acc);
        return val_from_double(rr, d);
    }
    return val_take_mpz(rr, acc);
}

RtValue rt_p_gcd(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 2 && RT_IS_FIXNUM(argv[0]) && RT_IS_FIXNUM(argv[1])) {
        int64_t x = RT_FIXVAL(argv[0]), y = RT_FIXVAL(argv[1]);
        x = x < 0 ? -x : x;
        y = y < 0 ? -y : y;
        while (y) { int64_t t = x % y; x = y; y = t; }
        return val_from_i128(rr, x); /* gcd(-2^60, 0) = 2^60 is a bignum */
    }
    return gcd_lcm(rr, loc, "gcd", 0, argc, argv);
}
RtValue rt_p_lcm(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return gcd_lcm(rr, loc, "lcm", 1, argc, argv);
}

RtValue rt_p_square(Region *rr, const char *loc, RtValue a0) { return num_mul(rr, loc, "square", a0, a0); }

/* ============================================================================================
 * expt, sqrt, exact-integer-sqrt, transcendental functions (R7RS 6.2.6)
 * ========================================================================================== */
#define RT_EXPT_MAX_BITS (UINT64_C(1) << 32) /* refuse exact powers beyond 512 MB */

/* base^e for an exact base and an exact e >= 0, or 0 when the result would be too large. */
static int exact_pow(mpz_t out, RtValue base, RtValue e) {
    MpzView wb;
    mpz_srcptr b = mpz_view(&wb, base);
    if (mpz_cmpabs_ui(b, 1) <= 0) { /* 0, 1, -1: any exponent */
        if (mpz_sgn(b) == 0) mpz_set_ui(out, e == RT_FIX(0) ? 1 : 0);
        else if (mpz_sgn(b) > 0) mpz_set_ui(out, 1);
        else {
            MpzView we;
            mpz_set_si(out, mpz_odd_p(mpz_view(&we, e)) ? -1 : 1);
        }
        return 1;
    }
    if (!RT_IS_FIXNUM(e)) return 0;
    uint64_t n = (uint64_t)RT_FIXVAL(e);
    uint64_t bits = mpz_sizeinbase(b, 2);
    if (n > RT_EXPT_MAX_BITS / bits) return 0;
    mpz_pow_ui(out, b, (unsigned long)n);
    return 1;
}

/* (expt z1 z2): exact for an exact base and an exact non-negative exponent; an exact zero
 * exponent gives exact 1 (R7RS: (expt z 0) = 1). A negative exact exponent with an exact base
 * gives the nearest flonum, since rationals are not supported (1 and -1 stay exact). A
 * negative base with a non-integral exponent gives +nan.0 (no complex numbers). */
RtValue rt_p_expt(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    int kb = num_kind_checked(loc, "expt", a0), ke = num_kind_checked(loc, "expt", a1);
    if (a1 == RT_FIX(0)) return RT_FIX(1);
    if (kb != NK_FLO && ke != NK_FLO) {
        mpz_t r;
        mpz_init(r);
        if (exact_sign(a1) > 0) {
            if (!exact_pow(r, a0, a1)) {
                mpz_clear(r);
                rt_error_msg(loc, "expt", "the result is too large");
            }
            return val_take_mpz(rr, r);
        }
        if (a0 == RT_FIX(0)) {
            mpz_clear(r);
            rt_error_msg(loc, "expt", "division by zero");
        }
        mpz_t ne;
        mpz_init(ne);
        MpzView we;
        mpz_neg(ne, mpz_view(&we, a1));
        RtValue pos = val_from_mpz(rr, ne);
        mpz_clear(ne);
        if (exact_pow(r, a0, pos)) {
            MpzView one;
            int unit = mpz_cmpabs_ui(r, 1) == 0;
            if (unit) return val_take_mpz(rr, r); /* (expt -1 -3) = -1 */
            double d = ratio_to_double(mpz_view(&one, RT_FIX(1)), r);
            mpz_clear(r);
            return val_from_double(rr, d);
        }
        mpz_clear(r);
        return val_from_double(rr, pow(exact_to_double(a0), exact_to_double(a1)));
    }
    double x = kb == NK_FLO ? RT_FLOVAL(a0) : exact_to_double(a0);
    double y = ke == NK_FLO ? RT_FLOVAL(a1) : exact_to_double(a1);
    return val_from_double(rr, pow(x, y));
}

static RtValue check_exact_nonneg(const char *loc, const char *who, RtValue v) {
    if (!num_is_exact_int(v) || exact_sign(v) < 0)
        rt_type_error(loc, who, "an exact non-negative integer", v);
    return v;
}

RtValue rt_p_exact_integer_sqrt(Region *rr, const char *loc, RtValue a0) {
    check_exact_nonneg(loc, "exact-integer-sqrt", a0);
    MpzView w;
    mpz_t s, r;
    mpz_inits(s, r, NULL);
    mpz_sqrtrem(s, r, mpz_view(&w, a0));
    RtValue vs = val_from_mpz(rr, s), vr = val_from_mpz(rr, r);
    mpz_clears(s, r, NULL);
    return make_values2(rr, vs, vr);
}

/* sqrt: an exact perfect square gives an exact root (R7RS 6.2.6); other exact arguments give
 * the nearest flonum. No complex numbers: a negative exact argument is an error and a
 * negative flonum gives +nan.0. */
RtValue rt_p_sqrt(Region *rr, const char *loc, RtValue a0) {
    int k = num_kind_checked(loc, "sqrt", a0);
    if (k == NK_FLO) {
        double x = RT_FLOVAL(a0);
        if (x < 0) /* R7RS: a complex number; compiled code's inline sqrt comes here too */
            rt_error_msg(loc, "sqrt", "no real square root of a negative number (complex numbers are "
                                      "not supported)");
        return val_from_double(rr, sqrt(x));
    }
    if (exact_sign(a0) < 0)
        rt_error_msg(loc, "sqrt", "no real square root of a negative exact number "
                                  "(complex numbers are not supported)");
    MpzView w;
    mpz_srcptr z = mpz_view(&w, a0);
    mpz_t s;
    mpz_init(s);
    if (mpz_perfect_square_p(z)) {
        mpz_sqrt(s, z);
        return val_take_mpz(rr, s);
    }
    double d;
    if (mpz_sizeinbase(z, 2) < 1000) d = sqrt(exact_to_double(a0));
    else { /* beyond double range: the integer root is accurate to far more than 53 bits */
        mpz_sqrt(s, z);
        MpzView one;
        d = ratio_to_double(s, mpz_view(&one, RT_FIX(1)));
    }
    mpz_clear(s);
    return val_from_double(rr, d);
}

/* Natural log of any real; a bignum beyond double range goes through its binary exponent. */
static double num_log(const char *loc, const char *who, RtValue v) {
    if (num_kind_checked(loc, who, v) == NK_BIG) {
        MpzView w;
        mpz_srcptr z = mpz_view(&w, v);
        if (mpz_sgn(z) < 0) return NAN;
        if (mpz_sizeinbase(z, 2) < 1000) return log(exact_to_double(v));
        long e;
        double m = mpz_get_d_2exp(&e, z);
        return log(m) + (double)e * M_LN2;
    }
    return log(num_to_double(loc, who, v));
}

/* Like Chez Scheme, a transcendental function of the exact argument where its value is an
 * exact integer returns that integer: (exp 0) = 1, (sin 0) = 0, (log 1) = 0. */
#define UNARY_FLO_PRIM(cname, who, fn, exact_arg, exact_res)                                  \
    RtValue rt_p_##cname(Region *rr, const char *loc, RtValue a0) {                           \
        if (a0 == RT_FIX(exact_arg)) return RT_FIX(exact_res);                                \
        return val_from_double(rr, fn(num_to_double(loc, who, a0)));                          \
    }
UNARY_FLO_PRIM(exp, "exp", exp, 0, 1)
UNARY_FLO_PRIM(sin, "sin", sin, 0, 0)
UNARY_FLO_PRIM(cos, "cos", cos, 0, 1)
UNARY_FLO_PRIM(tan, "tan", tan, 0, 0)
UNARY_FLO_PRIM(asin, "asin", asin, 0, 0)
UNARY_FLO_PRIM(acos, "acos", acos, 1, 0)
#undef UNARY_FLO_PRIM

/* (log z) and (log z1 z2) = log z1 / log z2 */
RtValue rt_p_log(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 1 && argv[0] == RT_FIX(1)) return RT_FIX(0);
    double x = num_log(loc, "log", argv[0]);
    if (argc == 2) x /= num_log(loc, "log", argv[1]);
    return val_from_double(rr, x);
}

/* (atan z) and (atan y x) */
RtValue rt_p_atan(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 1) {
        if (argv[0] == RT_FIX(0)) return RT_FIX(0);
        return val_from_double(rr, atan(num_to_double(loc, "atan", argv[0])));
    }
    double y = num_to_double(loc, "atan", argv[0]), x = num_to_double(loc, "atan", argv[1]);
    return val_from_double(rr, atan2(y, x));
}

/* ============================================================================================
 * Rounding and exactness (R7RS 6.2.6)
 * ========================================================================================== */
/* Round to nearest, ties to even (R7RS `round`), independent of the FPU rounding mode. */
static double round_even(double d) {
    double r = round(d); /* ties away from zero */
    if (fabs(d - trunc(d)) == 0.5) r = 2.0 * round(d / 2.0);
    return r;
}

#define ROUND_PRIM(cname, who, fn)                                                            \
    RtValue rt_p_##cname(Region *rr, const char *loc, RtValue a0) {                           \
        if (num_kind_checked(loc, who, a0) != NK_FLO) return a0;                              \
        return val_from_double(rr, fn(RT_FLOVAL(a0)));                                        \
    }
ROUND_PRIM(floor, "floor", floor)
ROUND_PRIM(ceiling, "ceiling", ceil)
ROUND_PRIM(truncate, "truncate", trunc)
ROUND_PRIM(round, "round", round_even)
#undef ROUND_PRIM

static RtValue num_exact(Region *rr, const char *loc, const char *who, RtValue v) {
    if (num_kind_checked(loc, who, v) != NK_FLO) return v;
    double d = RT_FLOVAL(v);
    if (flo_is_integer(d)) return exact_from_integral_double(rr, d);
    char buf[RT_FLONUM_BUF];
    rt_format_double(d, buf);
    if (!isfinite(d)) rt_error_msg(loc, who, "no exact representation of %s", buf);
    rt_error_msg(loc, who, "no exact representation of %s (rationals are not supported)", buf);
}

static RtValue num_inexact(Region *rr, const char *loc, const char *who, RtValue v) {
    num_kind_checked(loc, who, v);
    return to_inexact(rr, v);
}

RtValue rt_p_exact(Region *rr, const char *loc, RtValue a0) { return num_exact(rr, loc, "exact", a0); }
RtValue rt_p_inexact_to_exact(Region *rr, const char *loc, RtValue a0) {
    return num_exact(rr, loc, "inexact->exact", a0);
}
RtValue rt_p_inexact(Region *rr, const char *loc, RtValue a0) {
    return num_inexact(rr, loc, "inexact", a0);
}
RtValue rt_p_exact_to_inexact(Region *rr, const char *loc, RtValue a0) {
    return num_inexact(rr, loc, "exact->inexact", a0);
}

/* ============================================================================================
 * Predicates (R7RS 6.2.6)
 * ========================================================================================== */
RtValue rt_p_number_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(num_kind(a0) != NK_NONE); }
RtValue rt_p_complex_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(num_kind(a0) != NK_NONE); }
RtValue rt_p_real_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(num_kind(a0) != NK_NONE); }
RtValue rt_p_rational_p(Region *rr, const char *loc, RtValue a0) {
    int k = num_kind(a0);
    return RT_BOOL(k == NK_FIX || k == NK_BIG || (k == NK_FLO && isfinite(RT_FLOVAL(a0))));
}
RtValue rt_p_integer_p(Region *rr, const char *loc, RtValue a0) {
    int k = num_kind(a0);
    return RT_BOOL(k == NK_FIX || k == NK_BIG || (k == NK_FLO && flo_is_integer(RT_FLOVAL(a0))));
}
RtValue rt_p_exact_integer_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(num_is_exact_int(a0)); }
RtValue rt_p_exact_p(Region *rr, const char *loc, RtValue a0) {
    return RT_BOOL(num_kind_checked(loc, "exact?", a0) != NK_FLO);
}
RtValue rt_p_inexact_p(Region *rr, const char *loc, RtValue a0) {
    return RT_BOOL(num_kind_checked(loc, "inexact?", a0) == NK_FLO);
}
RtValue rt_p_nan_p(Region *rr, const char *loc, RtValue a0) {
    return RT_BOOL(num_kind_checked(loc, "nan?", a0) == NK_FLO && isnan(RT_FLOVAL(a0)));
}
RtValue rt_p_infinite_p(Region *rr, const char *loc, RtValue a0) {
    return RT_BOOL(num_kind_checked(loc, "infinite?", a0) == NK_FLO && isinf(RT_FLOVAL(a0)));
}
RtValue rt_p_finite_p(Region *rr, const char *loc, RtValue a0) {
    return RT_BOOL(num_kind_checked(loc, "finite?", a0) != NK_FLO || isfinite(RT_FLOVAL(a0)));
}

/* Sign of a real: -1, 0, 1, or CMP_UNORDERED for a NaN. */
static int num_sign(const char *loc, const char *who, RtValue v) {
    if (num_kind_checked(loc, who, v) != NK_FLO) return exact_sign(v);
    double d = RT_FLOVAL(v);
    return isnan(d) ? CMP_UNORDERED : d < 0 ? -1 : d > 0;
}
RtValue rt_p_zero_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(num_sign(loc, "zero?", a0) == 0); }
RtValue rt_p_positive_p(Region *rr, const char *loc, RtValue a0) {
    return RT_BOOL(num_sign(loc, "positive?", a0) == 1);
}
RtValue rt_p_negative_p(Region *rr, const char *loc, RtValue a0) {
    return RT_BOOL(num_sign(loc, "negative?", a0) == -1);
}

static int int_is_odd(const char *loc, const char *who, RtValue v) {
    int k = int_kind_checked(loc, who, v);
    if (k == NK_FIX) return (int)(RT_FIXVAL(v) & 1);
    if (k == NK_BIG) return (int)(RT_AS(RtBignum, v)->limbs[0] & 1); /* parity of magnitude */
    return fmod(RT_FLOVAL(v), 2.0) != 0;
}
RtValue rt_p_odd_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(int_is_odd(loc, "odd?", a0)); }
RtValue rt_p_even_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(!int_is_odd(loc, "even?", a0)); }

/* ============================================================================================
 * Text: number->string and string->number (R7RS 6.2.7)
 * ========================================================================================== */
/* When d lies exactly halfway between two nd-digit decimals, printf rounded to the even one;
 * Chez Scheme prints the one farther from zero (902181818181818.25 -> 9.021818181818183e14),
 * so take it when it also reads back as d. A tie needs an exact expansion of nd + 1 <= 18
 * digits, so 40 digits decide. */
static void round_tie_up(double d, char *digits, int *nd, int *exp10) {
    char big[64], alt[48];
    snprintf(big, sizeof big, "%.40e", fabs(d));
    char all[48];
    int n = 0;
    for (const char *p = big; *p != 'e'; p++)
        if (*p != '.') all[n++] = *p;
    if (*nd >= n || all[*nd] != '5') return;
    for (int i = *nd + 1; i < n; i++)
        if (all[i] != '0') return;
    char up[24];
    memcpy(up, all, (size_t)*nd);
    int i = *nd - 1, e = *exp10;
    while (i >= 0 && up[i] == '9') up[i--] = '0';
    if (i >= 0) up[i]++;
    else { /* 99.5 -> 100: one more leading digit */
        memmove(up + 1, up, (size_t)*nd - 1);
        up[0] = '1';
        e++;
    }
    snprintf(alt, sizeof alt, "%c.%.*se%d", up[0], *nd - 1, up + 1, e);
    if (strtod(alt, NULL) != fabs(d)) return;
    memcpy(digits, up, (size_t)*nd);
    *exp10 = e;
}

/* The shortest decimal text that reads back as d, laid out like Chez Scheme: positional
 * notation when 1e-3 <= |d| < 1e10 (always with a decimal point: 1.0, 0.001, 1234567.0),
 * otherwise d.ddde<exp> (1e21, 1.5e-7); +inf.0 -inf.0 +nan.0. */
size_t rt_format_double(double d, char *buf) {
    if (isnan(d)) return (size_t)snprintf(buf, RT_FLONUM_BUF, "+nan.0");
    if (isinf(d)) return (size_t)snprintf(buf, RT_FLONUM_BUF, d < 0 ? "-inf.0" : "+inf.0");
    if (d == 0) return (size_t)snprintf(buf, RT_FLONUM_BUF, signbit(d) ? "-0.0" : "0.0");
    char tmp[48];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, d);
        if (strtod(tmp, NULL) == d) break;
    }
    /* tmp is [-]D[.DDD]e[+-]XX: collect the digits and the decimal exponent */
    char digits[24];
    int nd = 0, exp10 = 0;
    const char *p = tmp;
    int neg = *p == '-';
    if (neg) p++;
    for (; *p != 'e'; p++)
        if (*p != '.') digits[nd++] = *p;
    exp10 = atoi(p + 1);
    round_tie_up(d, digits, &nd, &exp10);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    char *o = buf;
    if (neg) *o++ = '-';
    double ad = fabs(d);
    if (ad >= 1e-3 && ad < 1e10) {
        if (exp10 >= 0) {
            for (int i = 0; i <= exp10; i++) *o++ = i < nd ? digits[i] : '0';
            *o++ = '.';
            if (nd > exp10 + 1) for (int i = exp10 + 1; i < nd; i++) *o++ = digits[i];
            else *o++ = '0';
        } else {
            *o++ = '0';
            *o++ = '.';
            for (int i = 0; i < -exp10 - 1; i++) *o++ = '0';
            for (int i = 0; i < nd; i++) *o++ = digits[i];
        }
        *o = '\0';
        return (size_t)(o - buf);
    }
    *o++ = digits[0];
    if (nd > 1) {
        *o++ = '.';
        for (int i = 1; i < nd; i++) *o++ = digits[i];
    }
    o += snprintf(o, 8, "e%d", exp10);
    return (size_t)(o - buf);
}

size_t rt_number_format(RtValue v, int radix, char **out) {
    int k = num_kind(v);
    char *s;
    if (k == NK_FLO) {
        s = malloc(RT_FLONUM_BUF);
        if (!s) rt_out_of_memory();
        size_t n = rt_format_double(RT_FLOVAL(v), s);
        *out = s;
        return n;
    }
    if (k == NK_NONE) {
        s = malloc(2);
        if (!s) rt_out_of_memory();
        memcpy(s, "?", 2);
        *out = s;
        return 1;
    }
    MpzView w;
    mpz_srcptr z = mpz_view(&w, v);
    size_t cap = mpz_sizeinbase(z, radix) + 2;
    s = malloc(cap);
    if (!s) rt_out_of_memory();
    mpz_get_str(s, -radix, z); /* upper-case hex digits, as Chez Scheme prints them */
    *out = s;
    return strlen(s);
}

static int check_radix(const char *loc, const char *who, RtValue r) {
    if (r == RT_FIX(2) || r == RT_FIX(8) || r == RT_FIX(10) || r == RT_FIX(16))
        return (int)RT_FIXVAL(r);
    rt_type_error(loc, who, "a radix (2, 8, 10 or 16)", r);
}

RtValue rt_p_number_to_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int k = num_kind_checked(loc, "number->string", argv[0]);
    int radix = argc > 1 ? check_radix(loc, "number->string", argv[1]) : 10;
    if (k == NK_FLO && radix != 10)
        rt_error_msg(loc, "number->string", "radix %d is not supported for inexact numbers", radix);
    char *s;
    size_t n = rt_number_format(argv[0], radix, &s);
    RtValue str = mk_string_n(rr, s, n);
    free(s);
    return str;
}

static int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

static int lower(char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* The length of the run of radix digits at s[0..len). */
static size_t scan_digits(const char *s, size_t len, int radix) {
    size_t i = 0;
    while (i < len && digit_value(s[i]) < radix) i++;
    return i;
}

/* An unsigned integer in digits s[0..n) (all valid in radix, n >= 1) into z. */
static void mpz_from_digits(mpz_t z, const char *s, size_t n, int radix) {
    char *tmp = malloc(n + 1);
    if (!tmp) rt_out_of_memory();
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    mpz_set_str(z, tmp, radix);
    free(tmp);
}

RtValue rt_number_parse(Region *rr, const char *loc, const char *s, size_t len, int radix) {
    int exactness = 0, have_radix = 0;
    while (len >= 2 && s[0] == '#') {
        int c = lower(s[1]);
        if ((c == 'e' || c == 'i') && !exactness) exactness = c;
        else if (c == 'x' && !have_radix) radix = 16, have_radix = 1;
        else if (c == 'b' && !have_radix) radix = 2, have_radix = 1;
        else if (c == 'o' && !have_radix) radix = 8, have_radix = 1;
        else if (c == 'd' && !have_radix) radix = 10, have_radix = 1;
        else return RT_FALSE;
        s += 2;
        len -= 2;
    }
    if (len == 0) return RT_FALSE;
    /* +inf.0 -inf.0 +nan.0 -nan.0 */
    if (len == 6 && (s[0] == '+' || s[0] == '-')) {
        char t[6];
        for (int i = 0; i < 5; i++) t[i] = (char)lower(s[i + 1]);
        t[5] = '\0';
        int inf = !strcmp(t, "inf.0"), nan = !strcmp(t, "nan.0");
        if (inf || nan) {
            if (exactness == 'e') return RT_FALSE;
            return val_from_double(rr, nan ? NAN : s[0] == '-' ? -HUGE_VAL : HUGE_VAL);
        }
    }
    size_t i = 0;
    int neg = 0;
    if (s[0] == '+' || s[0] == '-') neg = s[0] == '-', i = 1;
    size_t int_start = i, nint = scan_digits(s + i, len - i, radix);
    i += nint;
    if (i < len && s[i] == '/') { /* n/d: exact when d divides n, else a flonum (no rationals) */
        size_t den_start = i + 1, nden = scan_digits(s + den_start, len - den_start, radix);
        if (nint == 0 || nden == 0 || den_start + nden != len) return RT_FALSE;
        mpz_t n, d;
        mpz_inits(n, d, NULL);
        mpz_from_digits(n, s + int_start, nint, radix);
        mpz_from_digits(d, s + den_start, nden, radix);
        if (neg) mpz_neg(n, n);
        RtValue r = RT_FALSE;
        if (mpz_sgn(d) != 0) {
            RtValue vn = val_from_mpz(rr, n), vd = val_from_mpz(rr, d);
            if (exactness == 'e' && !mpz_divisible_p(n, d)) {
                mpz_clears(n, d, NULL);
                rt_error_msg(loc, "string->number", "no exact representation of %.*s "
                             "(rationals are not supported)", (int)len, s);
            }
            r = num_div(rr, loc, "string->number", vn, vd);
            if (exactness == 'i') r = to_inexact(rr, r);
        }
        mpz_clears(n, d, NULL);
        return r;
    }
    size_t frac_start = i, nfrac = 0, exp_start = len;
    if (radix == 10 && i < len && s[i] == '.') {
        frac_start = ++i;
        nfrac = scan_digits(s + i, len - i, 10);
        i += nfrac;
    }
    if (nint == 0 && nfrac == 0) return RT_FALSE;
    int decimal = frac_start != int_start + nint || nfrac > 0;
    if (radix == 10 && i < len && lower(s[i]) == 'e') {
        exp_start = ++i;
        if (i < len && (s[i] == '+' || s[i] == '-')) i++;
        size_t nexp = scan_digits(s + i, len - i, 10);
        if (nexp == 0) return RT_FALSE;
        i += nexp;
        decimal = 1;
    }
    if (i != len) return RT_FALSE;
    if (!decimal) { /* an integer of any size */
        RtValue r;
        if (nint <= 15 && radix == 10) {
            int64_t n = 0;
            for (size_t j = 0; j < nint; j++) n = n * 10 + (s[int_start + j] - '0');
            r = RT_FIX(neg ? -n : n);
        } else {
            mpz_t z;
            mpz_init(z);
            mpz_from_digits(z, s + int_start, nint, radix);
            if (neg) mpz_neg(z, z);
            r = val_take_mpz(rr, z);
        }
        return exactness == 'i' ? to_inexact(rr, r) : r;
    }
    if (exactness != 'e') { /* glibc strtod rounds correctly */
        char *tmp = malloc(len + 1);
        if (!tmp) rt_out_of_memory();
        memcpy(tmp, s, len);
        tmp[len] = '\0';
        double d = strtod(tmp, NULL);
        free(tmp);
        return val_from_double(rr, d);
    }
    /* #e with a decimal point or exponent: exact when the value is an integer */
    long e10 = 0;
    if (exp_start < len) {
        char *tmp = malloc(len - exp_start + 1);
        if (!tmp) rt_out_of_memory();
        memcpy(tmp, s + exp_start, len - exp_start);
        tmp[len - exp_start] = '\0';
        e10 = strtol(tmp, NULL, 10);
        free(tmp);
        if (e10 > 1000000 || e10 < -1000000)
            rt_error_msg(loc, "string->number", "exponent too large in %.*s", (int)len, s);
    }
    e10 -= (long)nfrac;
    mpz_t m, p;
    mpz_inits(m, p, NULL);
    char *tmp = malloc(nint + nfrac + 2);
    if (!tmp) rt_out_of_memory();
    memcpy(tmp, s + int_start, nint);
    memcpy(tmp + nint, s + frac_start, nfrac);
    tmp[nint + nfrac] = '0';
    tmp[nint + nfrac + 1] = '\0';
    mpz_set_str(m, tmp, 10); /* the trailing '0' keeps the string non-empty; divide it out */
    free(tmp);
    mpz_divexact_ui(m, m, 10);
    if (neg) mpz_neg(m, m);
    mpz_ui_pow_ui(p, 10, (unsigned long)(e10 < 0 ? -e10 : e10));
    if (e10 >= 0) mpz_mul(m, m, p);
    else if (mpz_divisible_p(m, p)) mpz_divexact(m, m, p);
    else {
        mpz_clears(m, p, NULL);
        rt_error_msg(loc, "string->number", "no exact representation of %.*s "
                     "(rationals are not supported)", (int)len, s);
    }
    mpz_clear(p);
    return val_take_mpz(rr, m);
}

RtValue rt_p_string_to_number(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue str = argv[0];
    if (!RT_IS_TYPE(str, TYPE_ID_STRING)) rt_type_error(loc, "string->number", "a string", str);
    int radix = argc > 1 ? check_radix(loc, "string->number", argv[1]) : 10;
    RtString *sp = RT_AS(RtString, str);
    size_t len = RT_HDR_COUNT(sp->hdr);
    char small[64];
    char *buf = len < sizeof small ? small : malloc(len + 1);
    if (!buf) rt_out_of_memory();
    RtValue r = RT_FALSE;
    size_t j = 0;
    for (; j < len; j++) {
        if (sp->chars[j] >= 128) break;
        buf[j] = (char)sp->chars[j];
    }
    if (j == len) r = rt_number_parse(rr, loc, buf, len, radix);
    if (buf != small) free(buf);
    return r;
}
