/* numbers.c: Regal's numeric tower (R7RS 6.2): fixnums, bignums and ratnums through GMP,
 * flonums, and complex numbers (compnums); expt, sqrt, the transcendental functions and the
 * complex numbers' primitives are numtrans.c's, over the helpers numbers_internal.h declares.
 *
 * Entry points: the out-of-line generic operations compiled code calls when its inline fixnum
 * or flonum fast path does not apply (rt_add, rt_sub, rt_mul, rt_div, rt_neg, rt_num_eq ...
 * rt_num_ge), the other number primitives of prims.def (rt_p_add ... rt_p_string_to_number),
 * and the text hooks rt_number_format / rt_format_double / rt_number_parse for the printer and
 * the reader (the syntax itself is numsyntax.c's, shared with the compiler).
 *
 * Representation (regal.h): a fixnum is an immediate 61-bit integer; a bignum is an RtBignum
 * (header count = limb count << 1 | sign, magnitude in 64-bit limbs, least significant first);
 * a ratnum an RtRatnum (numerator and denominator limbs in one object); a flonum an RtFlonum;
 * a compnum an RtCompnum (two doubles, or two exact rationals).
 * N1: every exact integer in fixnum range is a fixnum, so a bignum is never zero and never
 *     fits a fixnum. Every exact integer result goes through rt_num_from_mpz / val_from_i128.
 * N2: a ratnum is in lowest terms with a denominator > 1: an integral rational is an integer.
 *     Every exact rational result goes through val_from_mpq.
 * N3: a compnum's parts are both exact or both flonums; an exact one has a non-zero imaginary
 *     part (an exact zero makes a real). Every complex result goes through rt_num_cx_make_exact or
 *     rt_num_cx_make_inexact.
 * So eqv? on exact numbers may compare representations. Big numbers borrow read-only GMP
 * views of their limbs (mpz_roinit_n), compute into temporaries, and copy the result into the
 * region. A number a primitive returns is always fresh in the region it was given or an
 * immediate (rt_num_fresh), never an argument: region inference counts on it (EF_NONE).
 * Contagion: an operation with an inexact operand is done in doubles; with a complex operand,
 * on parts (exact) or in complex doubles (inexact).
 */
#include "numbers_internal.h"
#include "numsyntax.h"

#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

_Static_assert(GMP_NUMB_BITS == 64 && sizeof(mp_limb_t) == sizeof(uint64_t),
               "RtBignum limbs are GMP limbs");
_Static_assert(sizeof(RtRatnum) == 16 && sizeof(RtCompnum) == 24, "number sizes match the type table");

/* ============================================================================================
 * Classification and checks
 * ========================================================================================== */
static inline int flo_is_integer(double d) { return isfinite(d) && floor(d) == d; }

int rt_num_kind_checked(const char *loc, const char *who, RtValue v) {
    int k = rt_num_kind(v);
    if (RT_UNLIKELY(k == NK_NONE)) rt_type_error(loc, who, "a number", v);
    return k;
}

/* A real number: anything but a compnum. */
int rt_num_real_kind_checked(const char *loc, const char *who, RtValue v) {
    int k = rt_num_kind_checked(loc, who, v);
    if (RT_UNLIKELY(k == NK_CPLX)) rt_type_error(loc, who, "a real number", v);
    return k;
}

/* An integer in the R7RS sense: exact, or a flonum with an integral value. */
static int int_kind_checked(const char *loc, const char *who, RtValue v) {
    int k = rt_num_kind(v);
    if (RT_UNLIKELY(k == NK_NONE || k == NK_RAT || k == NK_CPLX ||
                    (k == NK_FLO && !flo_is_integer(RT_FLOVAL(v)))))
        rt_type_error(loc, who, "an integer", v);
    return k;
}

static inline int big_neg(RtValue v) { return (int)(RT_HDR_COUNT(*RT_OBJ(v)) & 1u); }

/* Sign of an exact rational: -1, 0 or 1. */
int rt_num_exact_sign(RtValue v) {
    if (RT_IS_FIXNUM(v)) return (int64_t)v < 0 ? -1 : v != 0;
    return big_neg(v) ? -1 : 1; /* N1, N2: a bignum or a ratnum is never zero */
}

/* ============================================================================================
 * The GMP bridge
 * ========================================================================================== */
/* A read-only mpz view of an exact integer; a fixnum's magnitude lives in `limb`. */
mpz_srcptr rt_num_mpz_view(MpzView *w, RtValue v) {
    if (RT_IS_FIXNUM(v)) {
        int64_t n = RT_FIXVAL(v);
        w->limb = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
        return mpz_roinit_n(w->z, &w->limb, n < 0 ? -1 : n > 0 ? 1 : 0);
    }
    RtBignum *b = RT_AS(RtBignum, v);
    mp_size_t n = (mp_size_t)(RT_HDR_COUNT(b->hdr) >> 1);
    return mpz_roinit_n(w->z, (const mp_limb_t *)b->limbs, big_neg(v) ? -n : n);
}

/* A read-only mpq view of an exact rational (an integer's denominator is 1). */
static const mp_limb_t mpq_one_limb = 1;

mpq_srcptr rt_num_mpq_view(MpqView *w, RtValue v) {
    if (RT_IS_TYPE(v, TYPE_ID_RATNUM)) {
        RtRatnum *r = RT_AS(RtRatnum, v);
        mp_size_t n = (mp_size_t)(RT_HDR_COUNT(r->hdr) >> 1);
        mpz_roinit_n(mpq_numref(w->q), (const mp_limb_t *)r->limbs, big_neg(v) ? -n : n);
        mpz_roinit_n(mpq_denref(w->q), (const mp_limb_t *)r->limbs + n, (mp_size_t)r->nden);
        return w->q;
    }
    if (RT_IS_FIXNUM(v)) {
        int64_t n = RT_FIXVAL(v);
        w->limb = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
        mpz_roinit_n(mpq_numref(w->q), &w->limb, n < 0 ? -1 : n > 0 ? 1 : 0);
    } else {
        RtBignum *b = RT_AS(RtBignum, v);
        mp_size_t n = (mp_size_t)(RT_HDR_COUNT(b->hdr) >> 1);
        mpz_roinit_n(mpq_numref(w->q), (const mp_limb_t *)b->limbs, big_neg(v) ? -n : n);
    }
    mpz_roinit_n(mpq_denref(w->q), &mpq_one_limb, 1);
    return w->q;
}

/* The exact integer z as a value in rr: a fixnum when it fits (N1), else a new bignum. */
RtValue rt_num_from_mpz(Region *rr, mpz_srcptr z) {
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

/* rt_num_from_mpz, then clear the temporary. */
static RtValue val_take_mpz(Region *rr, mpz_t z) {
    RtValue v = rt_num_from_mpz(rr, z);
    mpz_clear(z);
    return v;
}

/* The canonical rational q as a value in rr: an integer when its denominator is 1 (N2). */
static RtValue val_from_mpq(Region *rr, mpq_srcptr q) {
    mpz_srcptr num = mpq_numref(q), den = mpq_denref(q);
    if (mpz_cmp_ui(den, 1) == 0) return rt_num_from_mpz(rr, num);
    size_t nn = mpz_size(num), nd = mpz_size(den);
    RtRatnum *r = alloc_obj_sized(rr, TYPE_ID_RATNUM, (nn + nd) * sizeof(uint64_t));
    r->hdr = RT_HDR(TYPE_ID_RATNUM, ((uint64_t)nn << 1) | (uint64_t)(mpz_sgn(num) < 0));
    r->nden = nd;
    memcpy(r->limbs, mpz_limbs_read(num), nn * sizeof(uint64_t));
    memcpy(r->limbs + nn, mpz_limbs_read(den), nd * sizeof(uint64_t));
    return RT_TAG_AS_OBJ(r);
}

RtValue rt_num_take_mpq(Region *rr, mpq_t q) {
    RtValue v = val_from_mpq(rr, q);
    mpq_clear(q);
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

/* A copy of number v in rr (an immediate as it is): what a primitive returns when its result
 * equals an argument, so that the result never lives in the argument's region. */
RtValue rt_num_fresh(Region *rr, RtValue v) {
    switch (rt_num_kind(v)) {
    case NK_BIG: case NK_RAT: {
        MpqView w;
        return val_from_mpq(rr, rt_num_mpq_view(&w, v));
    }
    case NK_FLO: return rt_num_from_double(rr, RT_FLOVAL(v));
    case NK_CPLX: {
        RtCompnum *c = RT_AS(RtCompnum, v), *n = alloc_obj_typed(rr, TYPE_ID_COMPNUM);
        n->hdr = c->hdr;
        if (RT_HDR_COUNT(c->hdr)) {
            RtValue re = rt_num_fresh(rr, c->re.v), im = rt_num_fresh(rr, c->im.v);
            n->re.v = re;
            n->im.v = im;
        } else {
            n->re.d = c->re.d;
            n->im.d = c->im.d;
        }
        return RT_TAG_AS_OBJ(n);
    }
    default: return v;
    }
}

/* An exact rational to the nearest double (R7RS `inexact`). */
double rt_num_exact_to_double(RtValue v) {
    if (RT_IS_FIXNUM(v)) return (double)RT_FIXVAL(v);
    MpqView w;
    mpq_srcptr q = rt_num_mpq_view(&w, v);
    mpz_srcptr n = mpq_numref(q);
    if (RT_IS_TYPE(v, TYPE_ID_INT)) {
        if (mpz_sizeinbase(n, 2) <= 53) return mpz_get_d(n);
        if (mpz_sizeinbase(n, 2) > 1100) return mpz_sgn(n) < 0 ? -HUGE_VAL : HUGE_VAL;
    }
    return rt_ns_ratio_to_double(n, mpq_denref(q));
}

/* A real number as the nearest double. */
double rt_num_real_to_double(RtValue v) { return rt_num_kind(v) == NK_FLO ? RT_FLOVAL(v) : rt_num_exact_to_double(v); }

double rt_num_to_double(const char *loc, const char *who, RtValue v) {
    rt_num_real_kind_checked(loc, who, v);
    return rt_num_real_to_double(v);
}

double rt_to_double(const char *loc, RtValue v) { return rt_num_to_double(loc, "inexact", v); }

/* A finite double as the exact rational it is. */
RtValue rt_num_exact_from_double(Region *rr, double d) {
    if (d >= -9.2e18 && d <= 9.2e18 && d == (double)(int64_t)d) return val_from_i128(rr, (int64_t)d);
    mpq_t q;
    mpq_init(q);
    mpq_set_d(q, d);
    mpq_canonicalize(q);
    return rt_num_take_mpq(rr, q);
}

RtValue rt_num_values2(Region *rr, RtValue x, RtValue y) {
    RtValues *v = alloc_obj_sized(rr, TYPE_ID_VALUES, 2 * sizeof(RtValue));
    v->hdr = RT_HDR(TYPE_ID_VALUES, 2);
    v->items[0] = x;
    v->items[1] = y;
    return RT_TAG_AS_OBJ(v);
}

/* ============================================================================================
 * Complex numbers: making them, their parts
 * ========================================================================================== */
RtValue rt_num_cx_make_inexact(Region *rr, double re, double im) {
    RtCompnum *c = alloc_obj_typed(rr, TYPE_ID_COMPNUM);
    c->hdr = RT_HDR(TYPE_ID_COMPNUM, 0);
    c->re.d = re;
    c->im.d = im;
    return RT_TAG_AS_OBJ(c);
}

RtValue rt_num_cx_make_cdouble(Region *rr, Cdouble z) { return rt_num_cx_make_inexact(rr, creal(z), cimag(z)); }

/* re + im i of exact rationals: a real when im is 0 (N3); the parts are copied into rr. */
RtValue rt_num_cx_make_exact(Region *rr, RtValue re, RtValue im) {
    if (im == RT_FIX(0)) return rt_num_fresh(rr, re);
    RtValue r = rt_num_fresh(rr, re), i = rt_num_fresh(rr, im);
    RtCompnum *c = alloc_obj_typed(rr, TYPE_ID_COMPNUM);
    c->hdr = RT_HDR(TYPE_ID_COMPNUM, 1);
    c->re.v = r;
    c->im.v = i;
    return RT_TAG_AS_OBJ(c);
}

/* The parts of any number: exact ones as values (a real's imaginary part is exact 0), else
 * as doubles (a flonum's imaginary part is 0.0). */
typedef struct { int exact; RtValue re, im; double dre, dim; } CxParts;

static void cx_parts(RtValue v, int k, CxParts *p) {
    if (k == NK_CPLX) {
        RtCompnum *c = RT_AS(RtCompnum, v);
        p->exact = rt_num_cx_is_exact(v);
        if (p->exact) p->re = c->re.v, p->im = c->im.v;
        else p->dre = c->re.d, p->dim = c->im.d;
    } else if (k == NK_FLO) {
        p->exact = 0;
        p->dre = RT_FLOVAL(v);
        p->dim = 0.0;
    } else {
        p->exact = 1;
        p->re = v;
        p->im = RT_FIX(0);
    }
}

static void cx_inexact(CxParts *p) {
    if (!p->exact) return;
    p->dre = rt_num_exact_to_double(p->re);
    p->dim = rt_num_exact_to_double(p->im);
    p->exact = 0;
}

Cdouble rt_num_cx_cdouble(RtValue v, int k) {
    CxParts p;
    cx_parts(v, k, &p);
    cx_inexact(&p);
    return rt_num_cmk(p.dre, p.dim);
}

/* ============================================================================================
 * Comparison
 * ========================================================================================== */
#define CMP_UNORDERED 2 /* a NaN is involved */

/* Compare an exact rational with a double exactly (not through a rounded conversion). */
static int cmp_exact_double(RtValue a, double d) {
    if (isnan(d)) return CMP_UNORDERED;
    if (RT_IS_FIXNUM(a)) {
        int64_t n = RT_FIXVAL(a);
        if (n >= -(INT64_C(1) << 53) && n <= (INT64_C(1) << 53)) {
            double x = (double)n;
            return x < d ? -1 : x > d;
        }
    }
    int c;
    if (RT_IS_TYPE(a, TYPE_ID_RATNUM)) {
        if (isinf(d)) return d > 0 ? -1 : 1;
        MpqView w;
        mpq_t t;
        mpq_init(t);
        mpq_set_d(t, d);
        c = mpq_cmp(rt_num_mpq_view(&w, a), t);
        mpq_clear(t);
    } else {
        MpzView w;
        c = mpz_cmp_d(rt_num_mpz_view(&w, a), d); /* exact for any finite or infinite d */
    }
    return c < 0 ? -1 : c > 0;
}

/* -1, 0, 1, or CMP_UNORDERED; both arguments must be real numbers (checked, naming `who`). */
static int num_cmp(const char *loc, const char *who, RtValue a, RtValue b) {
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b)) return (int64_t)a < (int64_t)b ? -1 : a != b;
    int ka = rt_num_real_kind_checked(loc, who, a), kb = rt_num_real_kind_checked(loc, who, b);
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
    int c;
    if (ka == NK_RAT || kb == NK_RAT) {
        MpqView wa, wb;
        c = mpq_cmp(rt_num_mpq_view(&wa, a), rt_num_mpq_view(&wb, b));
    } else {
        MpzView wa, wb;
        c = mpz_cmp(rt_num_mpz_view(&wa, a), rt_num_mpz_view(&wb, b));
    }
    return c < 0 ? -1 : c > 0;
}

/* = of any two numbers: complex ones part by part. */
int rt_num_equal(const char *loc, const char *who, RtValue a, RtValue b) {
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b)) return a == b;
    int ka = rt_num_kind_checked(loc, who, a), kb = rt_num_kind_checked(loc, who, b);
    if (ka != NK_CPLX && kb != NK_CPLX) return num_cmp(loc, who, a, b) == 0;
    CxParts x, y;
    cx_parts(a, ka, &x);
    cx_parts(b, kb, &y);
    if (x.exact && y.exact)
        return num_cmp(loc, who, x.re, y.re) == 0 && num_cmp(loc, who, x.im, y.im) == 0;
    if (x.exact != y.exact) { /* compare the exact parts with the doubles exactly */
        CxParts *e = x.exact ? &x : &y, *f = x.exact ? &y : &x;
        return cmp_exact_double(e->re, f->dre) == 0 && cmp_exact_double(e->im, f->dim) == 0;
    }
    return x.dre == y.dre && x.dim == y.dim;
}

int rt_num_eq(const char *loc, RtValue a, RtValue b) { return rt_num_equal(loc, "=", a, b); }
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
 * Arithmetic: + - * / and negation (the fixnum fast paths rt_num_add, rt_num_sub, rt_num_mul
 * are inline in numbers_internal.h)
 * ========================================================================================== */
/* (a1 + b1 i) op (c1 + d1 i) in doubles, as an inexact compnum in rr. A real operand (ra or
 * rb: a flonum or an exact real, whose b1 or d1 is 0.0) combines with each part of the other
 * alone, as Chez Scheme does, so signed zeros, infinities and NaNs of one part do not leak
 * into the other: (* 0.0 1.5-2.0i) is 0.0-0.0i, (* 2.0 +inf.0+0.0i) is +inf.0+0.0i. Two
 * complex operands use the textbook formulas (Chez's too, division included). */
static inline RtValue cx_double_op(Region *rr, NumOp op, double a1, double b1, int ra, double c1,
                                   double d1, int rb) {
    double re, im;
    switch (op) {
    case NUM_OP_ADD: re = a1 + c1, im = ra ? d1 : rb ? b1 : b1 + d1; break;
    case NUM_OP_SUB: re = a1 - c1, im = ra ? -d1 : rb ? b1 : b1 - d1; break;
    case NUM_OP_MUL:
        if (ra) re = a1 * c1, im = a1 * d1;
        else if (rb) re = a1 * c1, im = b1 * c1;
        else re = a1 * c1 - b1 * d1, im = a1 * d1 + b1 * c1;
        break;
    default:
        if (rb) {
            re = a1 / c1, im = b1 / c1;
        } else {
            double den = c1 * c1 + d1 * d1;
            if (ra) re = a1 * c1 / den, im = -a1 * d1 / den;
            else re = (a1 * c1 + b1 * d1) / den, im = (b1 * c1 - a1 * d1) / den;
        }
        break;
    }
    return rt_num_cx_make_inexact(rr, re, im);
}

/* a op b with a complex operand: exact parts by the real operations, else complex doubles. */
static RtValue cx_arith(Region *rr, const char *loc, const char *who, NumOp op, RtValue a,
                        int ka, RtValue b, int kb) {
    CxParts x, y;
    cx_parts(a, ka, &x);
    cx_parts(b, kb, &y);
    if (x.exact && y.exact) {
        RtValue re, im;
        switch (op) {
        case NUM_OP_ADD:
            re = rt_num_add(rr, loc, who, x.re, y.re);
            im = rt_num_add(rr, loc, who, x.im, y.im);
            break;
        case NUM_OP_SUB:
            re = rt_num_sub(rr, loc, who, x.re, y.re);
            im = rt_num_sub(rr, loc, who, x.im, y.im);
            break;
        case NUM_OP_MUL: /* (a + bi)(c + di) = (ac - bd) + (ad + bc)i */
            re = rt_num_sub(rr, loc, who, rt_num_mul(rr, loc, who, x.re, y.re), rt_num_mul(rr, loc, who, x.im, y.im));
            im = rt_num_add(rr, loc, who, rt_num_mul(rr, loc, who, x.re, y.im), rt_num_mul(rr, loc, who, x.im, y.re));
            break;
        default: { /* ((ac + bd) + (bc - ad)i) / (c^2 + d^2); the divisor is not 0 (N3) */
            RtValue den = rt_num_add(rr, loc, who, rt_num_mul(rr, loc, who, y.re, y.re), rt_num_mul(rr, loc, who, y.im, y.im));
            re = rt_num_add(rr, loc, who, rt_num_mul(rr, loc, who, x.re, y.re), rt_num_mul(rr, loc, who, x.im, y.im));
            im = rt_num_sub(rr, loc, who, rt_num_mul(rr, loc, who, x.im, y.re), rt_num_mul(rr, loc, who, x.re, y.im));
            re = rt_num_div(rr, loc, who, re, den);
            im = rt_num_div(rr, loc, who, im, den);
            break;
        }
        }
        return rt_num_cx_make_exact(rr, re, im);
    }
    /* an exact zero times anything is exact 0, as in Chez Scheme: (* 0 +inf.0+1.0i) is 0 */
    if (op == NUM_OP_MUL && (a == RT_FIX(0) || b == RT_FIX(0))) return RT_FIX(0);
    cx_inexact(&x);
    cx_inexact(&y);
    return cx_double_op(rr, op, x.dre, x.dim, ka != NK_CPLX, y.dre, y.dim, kb != NK_CPLX);
}

/* The parts of a flonum or an inexact compnum, for cx_inexact_fast; 0 for anything else. */
static inline int cx_inexact_operand(RtValue v, int *cx, double *re, double *im) {
    if (!RT_IS_OBJ(v)) return 0;
    RtHeader h = *RT_OBJ(v);
    if (h == RT_HDR(TYPE_ID_COMPNUM, 0)) {
        *cx = 1, *re = RT_AS(RtCompnum, v)->re.d, *im = RT_AS(RtCompnum, v)->im.d;
        return 1;
    }
    if (RT_HDR_TYPE(h) != TYPE_ID_FLOAT) return 0;
    *cx = 0, *re = RT_FLOVAL(v), *im = 0.0;
    return 1;
}

/* a op b when both are flonums or inexact compnums and one is a compnum: cx_arith's inexact
 * case (cx_double_op, so the same results) without classifying each operand through
 * rt_num_kind_checked and CxParts, whose stores and reloads stall. 1 and the result in *r, or 0
 * when it does not apply. */
static inline int cx_inexact_fast(Region *rr, NumOp op, RtValue a, RtValue b, RtValue *r) {
    int ca, cb;
    double a1, b1, c1, d1;
    if (!cx_inexact_operand(a, &ca, &a1, &b1) || !cx_inexact_operand(b, &cb, &c1, &d1) || !(ca | cb))
        return 0;
    *r = cx_double_op(rr, op, a1, b1, !ca, c1, d1, !cb);
    return 1;
}

RtValue rt_num_arith_slow(Region *rr, const char *loc, const char *who, NumOp op, RtValue a,
                          RtValue b) {
    RtValue cr;
    if (cx_inexact_fast(rr, op, a, b, &cr)) return cr;
    int ka = rt_num_kind_checked(loc, who, a), kb = rt_num_kind_checked(loc, who, b);
    if (RT_UNLIKELY(ka == NK_CPLX || kb == NK_CPLX)) return cx_arith(rr, loc, who, op, a, ka, b, kb);
    if (ka == NK_FLO || kb == NK_FLO) {
        double x = ka == NK_FLO ? RT_FLOVAL(a) : rt_num_exact_to_double(a);
        double y = kb == NK_FLO ? RT_FLOVAL(b) : rt_num_exact_to_double(b);
        return rt_num_from_double(rr, op == NUM_OP_ADD ? x + y : op == NUM_OP_SUB ? x - y : x * y);
    }
    if (ka == NK_RAT || kb == NK_RAT) {
        MpqView wa, wb;
        mpq_t r;
        mpq_init(r);
        if (op == NUM_OP_ADD) mpq_add(r, rt_num_mpq_view(&wa, a), rt_num_mpq_view(&wb, b));
        else if (op == NUM_OP_SUB) mpq_sub(r, rt_num_mpq_view(&wa, a), rt_num_mpq_view(&wb, b));
        else mpq_mul(r, rt_num_mpq_view(&wa, a), rt_num_mpq_view(&wb, b));
        return rt_num_take_mpq(rr, r);
    }
    __int128 x, y, z;
    if (small_i128(a, &x) && small_i128(b, &y)) { /* fixnums that overflowed, small bignums */
        int ovf = op == NUM_OP_ADD ? __builtin_add_overflow(x, y, &z)
                : op == NUM_OP_SUB ? __builtin_sub_overflow(x, y, &z) : __builtin_mul_overflow(x, y, &z);
        if (!ovf) return val_from_i128(rr, z);
    }
    MpzView wa, wb;
    mpz_t r;
    mpz_init(r);
    if (op == NUM_OP_ADD) mpz_add(r, rt_num_mpz_view(&wa, a), rt_num_mpz_view(&wb, b));
    else if (op == NUM_OP_SUB) mpz_sub(r, rt_num_mpz_view(&wa, a), rt_num_mpz_view(&wb, b));
    else mpz_mul(r, rt_num_mpz_view(&wa, a), rt_num_mpz_view(&wb, b));
    return val_take_mpz(rr, r);
}

RtValue rt_add(Region *rr, const char *loc, RtValue a, RtValue b) { return rt_num_add(rr, loc, "+", a, b); }
RtValue rt_sub(Region *rr, const char *loc, RtValue a, RtValue b) { return rt_num_sub(rr, loc, "-", a, b); }
RtValue rt_mul(Region *rr, const char *loc, RtValue a, RtValue b) { return rt_num_mul(rr, loc, "*", a, b); }

RtValue rt_num_neg(Region *rr, const char *loc, const char *who, RtValue a) {
    int k = rt_num_kind_checked(loc, who, a);
    if (k == NK_FIX) return val_from_i128(rr, -(__int128)RT_FIXVAL(a));
    if (k == NK_FLO) return rt_num_from_double(rr, -RT_FLOVAL(a));
    if (k == NK_CPLX) { /* each part negated: (- 0.0+1.0i) is -0.0-1.0i */
        CxParts p;
        cx_parts(a, k, &p);
        if (!p.exact) return rt_num_cx_make_inexact(rr, -p.dre, -p.dim);
        return rt_num_cx_make_exact(rr, rt_num_neg(rr, loc, who, p.re), rt_num_neg(rr, loc, who, p.im));
    }
    MpqView w;
    mpq_t r;
    mpq_init(r);
    mpq_neg(r, rt_num_mpq_view(&w, a));
    return rt_num_take_mpq(rr, r);
}

RtValue rt_neg(Region *rr, const char *loc, RtValue a) { return rt_num_neg(rr, loc, "-", a); }

/* a / b. Exact operands give the exact quotient, a ratnum when b does not divide a (N2); an
 * exact zero divisor is an error; with a flonum operand the IEEE result (+inf.0 ...). */
RtValue rt_num_div(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    RtValue cr;
    if (cx_inexact_fast(rr, NUM_OP_DIV, a, b, &cr)) return cr;
    int ka = rt_num_kind_checked(loc, who, a), kb = rt_num_kind_checked(loc, who, b);
    if ((ka == NK_FLO || kb == NK_FLO) && ka != NK_CPLX && kb != NK_CPLX) { /* (/ 1.0 0): +inf.0 */
        double x = ka == NK_FLO ? RT_FLOVAL(a) : rt_num_exact_to_double(a);
        double y = kb == NK_FLO ? RT_FLOVAL(b) : rt_num_exact_to_double(b);
        return rt_num_from_double(rr, x / y);
    }
    if (b == RT_FIX(0)) rt_error_msg(loc, who, "division by zero");
    if (RT_UNLIKELY(ka == NK_CPLX || kb == NK_CPLX)) return cx_arith(rr, loc, who, NUM_OP_DIV, a, ka, b, kb);
    if (ka == NK_FIX && kb == NK_FIX) {
        int64_t x = RT_FIXVAL(a), y = RT_FIXVAL(b);
        if (x % y == 0) return val_from_i128(rr, (__int128)x / y);
    }
    MpqView wa, wb;
    mpq_t r;
    mpq_init(r);
    mpq_div(r, rt_num_mpq_view(&wa, a), rt_num_mpq_view(&wb, b));
    return rt_num_take_mpq(rr, r);
}

RtValue rt_div(Region *rr, const char *loc, RtValue a, RtValue b) { return rt_num_div(rr, loc, "/", a, b); }

/* ---- the variadic primitives (R7RS 6.2.6) ---- */
RtValue rt_p_add(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 0) return RT_FIX(0);
    RtValue acc = argv[0];
    if (argc == 1) {
        rt_num_kind_checked(loc, "+", acc);
        return rt_num_fresh(rr, acc);
    }
    for (intptr_t i = 1; i < argc; i++) acc = rt_num_add(rr, loc, "+", acc, argv[i]);
    return acc;
}

RtValue rt_p_mul(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 0) return RT_FIX(1);
    RtValue acc = argv[0];
    if (argc == 1) {
        rt_num_kind_checked(loc, "*", acc);
        return rt_num_fresh(rr, acc);
    }
    for (intptr_t i = 1; i < argc; i++) acc = rt_num_mul(rr, loc, "*", acc, argv[i]);
    return acc;
}

RtValue rt_p_sub(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 1) return rt_num_neg(rr, loc, "-", argv[0]);
    RtValue acc = argv[0];
    for (intptr_t i = 1; i < argc; i++) acc = rt_num_sub(rr, loc, "-", acc, argv[i]);
    return acc;
}

RtValue rt_p_div(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 1) return rt_num_div(rr, loc, "/", RT_FIX(1), argv[0]);
    RtValue acc = argv[0];
    for (intptr_t i = 1; i < argc; i++) acc = rt_num_div(rr, loc, "/", acc, argv[i]);
    return acc;
}

/* Chained comparison (R7RS 6.2.6): every argument is checked to be a number (a real one for
 * the orderings). */
static RtValue compare_chain(const char *loc, const char *who, intptr_t argc,
                             const RtValue *argv, int want_lt, int want_eq, int want_gt) {
    int eq_only = want_eq && !want_lt && !want_gt;
    if (argc == 2 && RT_IS_FIXNUM(argv[0]) && RT_IS_FIXNUM(argv[1])) {
        /* the common call through a procedure value ((apply < l), (sort l <)): two fixnums */
        int64_t a = (int64_t)argv[0], b = (int64_t)argv[1];
        return RT_BOOL((a < b && want_lt) || (a == b && want_eq) || (a > b && want_gt));
    }
    for (intptr_t i = 0; i < argc; i++)
        eq_only ? rt_num_kind_checked(loc, who, argv[i]) : rt_num_real_kind_checked(loc, who, argv[i]);
    for (intptr_t i = 0; i + 1 < argc; i++) {
        if (eq_only) {
            if (!rt_num_equal(loc, who, argv[i], argv[i + 1])) return RT_FALSE;
            continue;
        }
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
        double x = ka == NK_FLO ? RT_FLOVAL(a) : rt_num_exact_to_double(a);
        double y = kb == NK_FLO ? RT_FLOVAL(b) : rt_num_exact_to_double(b);
        if (y == 0) rt_error_msg(loc, who, "division by zero");
        double rem = fmod(x, y);
        if (kind == DIV_FLOOR && rem != 0 && ((rem < 0) != (y < 0))) rem += y;
        if (q) *q = rt_num_from_double(rr, round((x - rem) / y));
        if (r) *r = rt_num_from_double(rr, rem);
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
    if (kind == DIV_FLOOR) mpz_fdiv_qr(qz, rz, rt_num_mpz_view(&wa, a), rt_num_mpz_view(&wb, b));
    else mpz_tdiv_qr(qz, rz, rt_num_mpz_view(&wa, a), rt_num_mpz_view(&wb, b));
    if (q) *q = rt_num_from_mpz(rr, qz);
    if (r) *r = rt_num_from_mpz(rr, rz);
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
    return rt_num_values2(rr, q, r);
}
RtValue rt_p_truncate_div(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    RtValue q, r;
    int_divide(rr, loc, "truncate/", DIV_TRUNC, a0, a1, &q, &r);
    return rt_num_values2(rr, q, r);
}

/* ============================================================================================
 * abs min max gcd lcm square
 * ========================================================================================== */
RtValue rt_p_abs(Region *rr, const char *loc, RtValue a0) {
    int k = rt_num_real_kind_checked(loc, "abs", a0);
    if (k == NK_FLO) return rt_num_from_double(rr, fabs(RT_FLOVAL(a0)));
    return rt_num_exact_sign(a0) < 0 ? rt_num_neg(rr, loc, "abs", a0) : rt_num_fresh(rr, a0);
}

static RtValue to_inexact(Region *rr, RtValue v) {
    switch (rt_num_kind(v)) {
    case NK_FLO: return rt_num_fresh(rr, v);
    case NK_CPLX: {
        CxParts p;
        cx_parts(v, NK_CPLX, &p);
        cx_inexact(&p);
        return rt_num_cx_make_inexact(rr, p.dre, p.dim);
    }
    default: return rt_num_from_double(rr, rt_num_exact_to_double(v));
    }
}

/* min and max: the result is inexact if any argument is (R7RS 6.2.6); a NaN wins. */
static RtValue min_max(Region *rr, const char *loc, const char *who, int sign, intptr_t argc,
                       const RtValue *argv) {
    RtValue best = argv[0];
    int inexact = rt_num_real_kind_checked(loc, who, best) == NK_FLO;
    for (intptr_t i = 1; i < argc; i++) {
        RtValue v = argv[i];
        inexact |= rt_num_real_kind_checked(loc, who, v) == NK_FLO;
        if (rt_num_kind(best) == NK_FLO && isnan(RT_FLOVAL(best))) continue;
        int c = num_cmp(loc, who, v, best);
        if (c == CMP_UNORDERED || c == sign) best = v;
    }
    return inexact ? to_inexact(rr, best) : rt_num_fresh(rr, best);
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
    for (intptr_t i = 0; i < argc; i++) int_kind_checked(loc, who, argv[i]); /* before any mpz */
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
            mpz_set(t, rt_num_mpz_view(&w, v));
        }
        if (is_lcm) mpz_lcm(acc, acc, t);
        else mpz_gcd(acc, acc, t);
    }
    mpz_clear(t);
    if (inexact) {
        MpzView one;
        double d = rt_ns_ratio_to_double(acc, rt_num_mpz_view(&one, RT_FIX(1)));
        mpz_clear(acc);
        return rt_num_from_double(rr, d);
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

RtValue rt_p_square(Region *rr, const char *loc, RtValue a0) { return rt_num_mul(rr, loc, "square", a0, a0); }

/* ============================================================================================
 * numerator, denominator, rationalize (R7RS 6.2.6)
 * ========================================================================================== */
/* The exact rational a real stands for: itself, or a finite flonum's exact value. */
static RtValue real_exact(Region *rr, const char *loc, const char *who, RtValue v) {
    int k = rt_num_real_kind_checked(loc, who, v);
    if (k != NK_FLO) return v;
    double d = RT_FLOVAL(v);
    if (!isfinite(d)) {
        char buf[RT_FLONUM_BUF];
        rt_format_double(d, buf);
        rt_error_msg(loc, who, "no exact representation of %s", buf);
    }
    return rt_num_exact_from_double(rr, d);
}

static RtValue num_part(Region *rr, const char *loc, const char *who, RtValue v, int den) {
    int inexact = rt_num_real_kind_checked(loc, who, v) == NK_FLO;
    RtValue x = real_exact(rr, loc, who, v), r;
    MpqView w;
    mpq_srcptr q = rt_num_mpq_view(&w, x);
    r = rt_num_from_mpz(rr, den ? mpq_denref(q) : mpq_numref(q));
    return inexact ? rt_num_from_double(rr, rt_num_exact_to_double(r)) : r;
}

RtValue rt_p_numerator(Region *rr, const char *loc, RtValue a0) { return num_part(rr, loc, "numerator", a0, 0); }
RtValue rt_p_denominator(Region *rr, const char *loc, RtValue a0) { return num_part(rr, loc, "denominator", a0, 1); }

/* The simplest rational in [lo, hi] (0 < lo <= hi), as a continued fraction: floor(lo) when lo
 * is an integer; floor(lo) + 1 when that is in the interval; else floor(lo) + 1 / the simplest
 * in [1 / (hi - floor(lo)), 1 / (lo - floor(lo))]. The terms are collected, then folded. */
static void simplest_pos(mpq_t out, mpq_srcptr lo0, mpq_srcptr hi0) {
    mpq_t lo, hi, t;
    mpz_t fl, fh;
    mpq_inits(lo, hi, t, NULL);
    mpz_inits(fl, fh, NULL);
    mpq_set(lo, lo0);
    mpq_set(hi, hi0);
    size_t nterms = 0, cap = 8;
    mpz_t *terms = malloc(cap * sizeof *terms);
    if (!terms) rt_out_of_memory();
    for (;;) {
        mpz_fdiv_q(fl, mpq_numref(lo), mpq_denref(lo));
        mpz_fdiv_q(fh, mpq_numref(hi), mpq_denref(hi));
        if (mpz_cmp_ui(mpq_denref(lo), 1) == 0) break;
        if (mpz_cmp(fl, fh) < 0) {
            mpz_add_ui(fl, fl, 1);
            break;
        }
        if (nterms == cap) {
            cap *= 2;
            terms = realloc(terms, cap * sizeof *terms);
            if (!terms) rt_out_of_memory();
        }
        mpz_init_set(terms[nterms++], fl);
        mpq_set_z(t, fl);
        mpq_sub(lo, lo, t);
        mpq_sub(hi, hi, t);
        mpq_inv(t, lo);   /* the new interval: [1/(hi - fl), 1/(lo - fl)] */
        mpq_inv(lo, hi);
        mpq_set(hi, t);
    }
    mpq_set_z(out, fl);
    while (nterms > 0) {
        nterms--;
        mpq_inv(out, out);
        mpq_set_z(t, terms[nterms]);
        mpq_add(out, out, t);
        mpz_clear(terms[nterms]);
    }
    free(terms);
    mpq_clears(lo, hi, t, NULL);
    mpz_clears(fl, fh, NULL);
}

/* (rationalize x y): the simplest rational within y of x (R7RS 6.2.6); inexact if either is. */
RtValue rt_p_rationalize(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    int kx = rt_num_real_kind_checked(loc, "rationalize", a0), ky = rt_num_real_kind_checked(loc, "rationalize", a1);
    int inexact = kx == NK_FLO || ky == NK_FLO;
    if (inexact) {
        double x = rt_num_real_to_double(a0), y = rt_num_real_to_double(a1);
        if (isnan(x) || isnan(y)) return rt_num_from_double(rr, NAN);
        if (isinf(y)) return rt_num_from_double(rr, isinf(x) ? NAN : 0.0);
        if (isinf(x)) return rt_num_from_double(rr, x);
    }
    MpqView wx, wy;
    mpq_t lo, hi, r, e;
    mpq_inits(lo, hi, r, e, NULL);
    RtValue xv = real_exact(rr, loc, "rationalize", a0), yv = real_exact(rr, loc, "rationalize", a1);
    mpq_abs(e, rt_num_mpq_view(&wy, yv));
    mpq_sub(lo, rt_num_mpq_view(&wx, xv), e);
    mpq_add(hi, rt_num_mpq_view(&wx, xv), e);
    if (mpq_sgn(lo) > 0) simplest_pos(r, lo, hi);
    else if (mpq_sgn(hi) < 0) {
        mpq_neg(lo, lo);
        mpq_neg(hi, hi);
        simplest_pos(r, hi, lo);
        mpq_neg(r, r);
    } else mpq_set_ui(r, 0, 1);
    RtValue v = val_from_mpq(rr, r);
    mpq_clears(lo, hi, r, e, NULL);
    return inexact ? rt_num_from_double(rr, rt_num_exact_to_double(v)) : v;
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

typedef enum { RND_FLOOR, RND_CEILING, RND_TRUNCATE, RND_ROUND } RoundKind;

/* A ratnum rounded to an integer; round takes the even integer at a tie. */
static RtValue ratnum_round(Region *rr, RtValue v, RoundKind kind) {
    MpqView w;
    mpq_srcptr q = rt_num_mpq_view(&w, v);
    mpz_t r, rem;
    mpz_inits(r, rem, NULL);
    switch (kind) {
    case RND_FLOOR: mpz_fdiv_q(r, mpq_numref(q), mpq_denref(q)); break;
    case RND_CEILING: mpz_cdiv_q(r, mpq_numref(q), mpq_denref(q)); break;
    case RND_TRUNCATE: mpz_tdiv_q(r, mpq_numref(q), mpq_denref(q)); break;
    case RND_ROUND: { /* floor, then up when 2 rem > den, or at a tie when the floor is odd */
        mpz_fdiv_qr(r, rem, mpq_numref(q), mpq_denref(q));
        mpz_mul_2exp(rem, rem, 1);
        int c = mpz_cmp(rem, mpq_denref(q));
        if (c > 0 || (c == 0 && mpz_odd_p(r))) mpz_add_ui(r, r, 1);
        break;
    }
    }
    mpz_clear(rem);
    return val_take_mpz(rr, r);
}

#define ROUND_PRIM(cname, who, fn, kind)                                                      \
    RtValue rt_p_##cname(Region *rr, const char *loc, RtValue a0) {                           \
        int k = rt_num_real_kind_checked(loc, who, a0);                                               \
        if (k == NK_FLO) return rt_num_from_double(rr, fn(RT_FLOVAL(a0)));                        \
        if (k == NK_RAT) return ratnum_round(rr, a0, kind);                                    \
        return rt_num_fresh(rr, a0);                                                              \
    }
ROUND_PRIM(floor, "floor", floor, RND_FLOOR)
ROUND_PRIM(ceiling, "ceiling", ceil, RND_CEILING)
ROUND_PRIM(truncate, "truncate", trunc, RND_TRUNCATE)
ROUND_PRIM(round, "round", round_even, RND_ROUND)
#undef ROUND_PRIM

/* exact (R7RS 6.2.6): a flonum's exact value ((exact 0.1) = 3602879701896397/36028797018963968),
 * an inexact compnum's parts likewise; infinities and NaNs have none. */
static RtValue num_exact(Region *rr, const char *loc, const char *who, RtValue v) {
    int k = rt_num_kind_checked(loc, who, v);
    if (k == NK_FLO) return real_exact(rr, loc, who, v);
    if (k == NK_CPLX && !rt_num_cx_is_exact(v)) {
        RtCompnum *c = RT_AS(RtCompnum, v);
        if (!isfinite(c->re.d) || !isfinite(c->im.d)) {
            char *s, buf[2 * RT_FLONUM_BUF + 4];
            rt_number_format(v, 10, &s);
            snprintf(buf, sizeof buf, "%s", s);
            free(s);
            rt_error_msg(loc, who, "no exact representation of %s", buf);
        }
        return rt_num_cx_make_exact(rr, rt_num_exact_from_double(rr, c->re.d), rt_num_exact_from_double(rr, c->im.d));
    }
    return rt_num_fresh(rr, v);
}

static RtValue num_inexact(Region *rr, const char *loc, const char *who, RtValue v) {
    rt_num_kind_checked(loc, who, v);
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
RtValue rt_p_number_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(rt_num_kind(a0) != NK_NONE); }
RtValue rt_p_complex_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(rt_num_kind(a0) != NK_NONE); }
RtValue rt_p_real_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(rt_num_kind(a0) < NK_CPLX); }
RtValue rt_p_rational_p(Region *rr, const char *loc, RtValue a0) {
    int k = rt_num_kind(a0);
    return RT_BOOL(rt_num_kind_exact_rational(k) || (k == NK_FLO && isfinite(RT_FLOVAL(a0))));
}
RtValue rt_p_integer_p(Region *rr, const char *loc, RtValue a0) {
    int k = rt_num_kind(a0);
    return RT_BOOL(k == NK_FIX || k == NK_BIG || (k == NK_FLO && flo_is_integer(RT_FLOVAL(a0))));
}
RtValue rt_p_exact_integer_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(rt_num_is_exact_int(a0)); }
/* %flonum?: the test compiler/version.c puts at the entry of a typed copy */
RtValue rt_p_flonum_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(rt_num_kind(a0) == NK_FLO); }
RtValue rt_p_fixnum_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(RT_IS_FIXNUM(a0)); }
static int num_is_exact(const char *loc, const char *who, RtValue v) {
    int k = rt_num_kind_checked(loc, who, v);
    return rt_num_kind_exact_rational(k) || (k == NK_CPLX && rt_num_cx_is_exact(v));
}
RtValue rt_p_exact_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(num_is_exact(loc, "exact?", a0)); }
RtValue rt_p_inexact_p(Region *rr, const char *loc, RtValue a0) { return RT_BOOL(!num_is_exact(loc, "inexact?", a0)); }

/* nan?, infinite?, finite? of any number (R7RS: (finite? 3+inf.0i) is #f), by its parts. */
static void num_double_parts(const char *loc, const char *who, RtValue v, double *re, double *im) {
    int k = rt_num_kind_checked(loc, who, v);
    *re = *im = 0.0;
    if (k == NK_FLO) *re = RT_FLOVAL(v);
    else if (k == NK_CPLX && !rt_num_cx_is_exact(v)) *re = RT_AS(RtCompnum, v)->re.d, *im = RT_AS(RtCompnum, v)->im.d;
}
RtValue rt_p_nan_p(Region *rr, const char *loc, RtValue a0) {
    double re, im;
    num_double_parts(loc, "nan?", a0, &re, &im);
    return RT_BOOL(isnan(re) || isnan(im));
}
RtValue rt_p_infinite_p(Region *rr, const char *loc, RtValue a0) {
    double re, im;
    num_double_parts(loc, "infinite?", a0, &re, &im);
    return RT_BOOL(isinf(re) || isinf(im));
}
RtValue rt_p_finite_p(Region *rr, const char *loc, RtValue a0) {
    double re, im;
    num_double_parts(loc, "finite?", a0, &re, &im);
    return RT_BOOL(isfinite(re) && isfinite(im));
}

/* Sign of a real: -1, 0, 1, or CMP_UNORDERED for a NaN. */
static int num_sign(const char *loc, const char *who, RtValue v) {
    if (rt_num_real_kind_checked(loc, who, v) != NK_FLO) return rt_num_exact_sign(v);
    double d = RT_FLOVAL(v);
    return isnan(d) ? CMP_UNORDERED : d < 0 ? -1 : d > 0;
}
RtValue rt_p_zero_p(Region *rr, const char *loc, RtValue a0) {
    if (rt_num_kind_checked(loc, "zero?", a0) == NK_CPLX) /* an exact one is never 0 (N3) */
        return RT_BOOL(!rt_num_cx_is_exact(a0) && RT_AS(RtCompnum, a0)->re.d == 0 && RT_AS(RtCompnum, a0)->im.d == 0);
    return RT_BOOL(num_sign(loc, "zero?", a0) == 0);
}
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

/* An exact rational's text in radix into the growable buffer (*s, *n, *cap). */
static void text_put(char **s, size_t *n, size_t *cap, const char *t, size_t len) {
    if (*n + len + 1 > *cap) {
        *cap = (*n + len + 1) * 2;
        *s = realloc(*s, *cap);
        if (!*s) rt_out_of_memory();
    }
    memcpy(*s + *n, t, len);
    *n += len;
    (*s)[*n] = '\0';
}

static void text_exact(char **s, size_t *n, size_t *cap, RtValue v, int radix) {
    if (RT_IS_FIXNUM(v)) {   /* the common case, without GMP and malloc */
        char b[72], *e = b + sizeof b, *p = e;
        int64_t x = RT_FIXVAL(v);
        uint64_t u = x < 0 ? -(uint64_t)x : (uint64_t)x;
        do {
            unsigned d = (unsigned)(u % (uint64_t)radix);
            *--p = (char)(d < 10 ? '0' + d : 'A' + d - 10);   /* upper case, as below */
            u /= (uint64_t)radix;
        } while (u);
        if (x < 0) *--p = '-';
        text_put(s, n, cap, p, (size_t)(e - p));
        return;
    }
    MpqView w;
    mpq_srcptr q = rt_num_mpq_view(&w, v);
    size_t need = mpz_sizeinbase(mpq_numref(q), radix) + mpz_sizeinbase(mpq_denref(q), radix) + 3;
    char *t = malloc(need);
    if (!t) rt_out_of_memory();
    mpz_get_str(t, -radix, mpq_numref(q)); /* upper-case hex digits, as Chez Scheme prints them */
    text_put(s, n, cap, t, strlen(t));
    if (mpz_cmp_ui(mpq_denref(q), 1) != 0) {
        text_put(s, n, cap, "/", 1);
        mpz_get_str(t, -radix, mpq_denref(q));
        text_put(s, n, cap, t, strlen(t));
    }
    free(t);
}

static void text_real(char **s, size_t *n, size_t *cap, int exact, RtValue v, double d, int radix) {
    if (exact) {
        text_exact(s, n, cap, v, radix);
        return;
    }
    char b[RT_FLONUM_BUF];
    text_put(s, n, cap, b, rt_format_double(d, b));
}

size_t rt_number_format(RtValue v, int radix, char **out) {
    int k = rt_num_kind(v);
    size_t n = 0, cap = 48;
    char *s = malloc(cap);
    if (!s) rt_out_of_memory();
    s[0] = '\0';
    if (k == NK_NONE) text_put(&s, &n, &cap, "?", 1);
    else if (k == NK_FLO) text_real(&s, &n, &cap, 0, v, RT_FLOVAL(v), 10);
    else if (k != NK_CPLX) text_exact(&s, &n, &cap, v, radix);
    else { /* re, then im with its sign (+inf.0 and -inf.0 carry theirs), then i */
        CxParts p;
        cx_parts(v, k, &p);
        text_real(&s, &n, &cap, p.exact, p.re, p.dre, radix);
        size_t at = n;
        text_real(&s, &n, &cap, p.exact, p.im, p.dim, radix);
        if (s[at] != '-' && s[at] != '+') {
            text_put(&s, &n, &cap, " ", 1);
            memmove(s + at + 1, s + at, n - at - 1);
            s[at] = '+';
        }
        text_put(&s, &n, &cap, "i", 1);
    }
    *out = s;
    return n;
}

static int check_radix(const char *loc, const char *who, RtValue r) {
    if (r == RT_FIX(2) || r == RT_FIX(8) || r == RT_FIX(10) || r == RT_FIX(16))
        return (int)RT_FIXVAL(r);
    rt_type_error(loc, who, "a radix (2, 8, 10 or 16)", r);
}

RtValue rt_p_number_to_string(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_num_kind_checked(loc, "number->string", argv[0]);
    int radix = argc > 1 ? check_radix(loc, "number->string", argv[1]) : 10;
    if (radix != 10 && !num_is_exact(loc, "number->string", argv[0]))
        rt_error_msg(loc, "number->string", "radix %d is not supported for inexact numbers", radix);
    char *s;
    size_t n = rt_number_format(argv[0], radix, &s);
    RtValue str = mk_string_n(rr, s, n);
    free(s);
    return str;
}

static RtValue ns_real_value(Region *rr, RtNsReal *r) {
    return r->exact ? val_from_mpq(rr, r->q) : rt_num_from_double(rr, r->d);
}

RtValue rt_number_parse(Region *rr, const char *loc, const char *s, size_t len, int radix) {
    RtNsNum n;
    int rc = rt_ns_parse(s, len, radix, &n);
    if (rc == RT_NS_TOO_LARGE)
        rt_error_msg(loc, "string->number", "exponent too large in %.*s", (int)len, s);
    if (rc != RT_NS_OK) return RT_FALSE;
    RtValue v;
    if (!n.is_complex) v = ns_real_value(rr, &n.re);
    else if (n.re.exact) {
        RtValue re = ns_real_value(rr, &n.re), im = ns_real_value(rr, &n.im);
        v = rt_num_cx_make_exact(rr, re, im);
    } else v = rt_num_cx_make_inexact(rr, n.re.d, n.im.d);
    rt_ns_clear(&n);
    return v;
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
