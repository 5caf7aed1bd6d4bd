/* numtrans.c: the functions of R7RS 6.2.6 that leave the field operations: expt, sqrt and
 * exact-integer-sqrt, exp, log, sin, cos, tan, asin, acos, atan, and the complex numbers'
 * primitives (make-rectangular, make-polar, real-part, imag-part, magnitude, angle).
 * Entry points: their rt_p_* functions (prims.def). Exact where R7RS and Chez Scheme are
 * ((sqrt -4) = +2i, (expt 2/3 -2) = 9/4, (exp 0) = 1), else in doubles or complex doubles.
 * Built on numbers.c's helpers (numbers_internal.h), which keep the invariants N1-N3; every
 * result is fresh in the region given or an immediate, as numbers.c's are.
 */
#include "numbers_internal.h"
#include "numsyntax.h"

/* ============================================================================================
 * expt, sqrt, exact-integer-sqrt, transcendental functions (R7RS 6.2.6)
 * ========================================================================================== */
#define RT_EXPT_MAX_BITS (UINT64_C(1) << 32) /* refuse exact powers beyond 512 MB */

/* base^e for an exact integer base and an exact e >= 0, or 0 when the result would be too
 * large. */
static int exact_pow(mpz_t out, mpz_srcptr b, RtValue e) {
    if (mpz_cmpabs_ui(b, 1) <= 0) { /* 0, 1, -1: any exponent */
        if (mpz_sgn(b) == 0) mpz_set_ui(out, e == RT_FIX(0) ? 1 : 0);
        else if (mpz_sgn(b) > 0) mpz_set_ui(out, 1);
        else {
            MpzView we;
            mpz_set_si(out, mpz_odd_p(rt_num_mpz_view(&we, e)) ? -1 : 1);
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

/* An exact rational to an exact integer power (R7RS: (expt 2/3 -2) = 9/4). */
static RtValue rational_pow(Region *rr, const char *loc, RtValue base, RtValue e) {
    int neg = rt_num_exact_sign(e) < 0;
    if (neg && base == RT_FIX(0)) rt_error_msg(loc, "expt", "division by zero");
    MpzView we;
    mpz_t ne;
    mpz_init(ne);
    mpz_abs(ne, rt_num_mpz_view(&we, e));
    RtValue pe = rt_num_from_mpz(rr, ne);
    mpz_clear(ne);
    MpqView wb;
    mpq_srcptr b = rt_num_mpq_view(&wb, base);
    mpq_t r;
    mpq_init(r);
    if (!exact_pow(mpq_numref(r), mpq_numref(b), pe) || !exact_pow(mpq_denref(r), mpq_denref(b), pe)) {
        mpq_clear(r);
        rt_error_msg(loc, "expt", "the result is too large");
    }
    if (neg) mpq_inv(r, r);
    else mpq_canonicalize(r);
    return rt_num_take_mpq(rr, r);
}

static Cdouble c_log(Cdouble z) { return clog(z); }
static Cdouble c_exp(Cdouble z) { return cexp(z); }

/* (expt z1 z2): exact for an exact base and an exact integer exponent; (expt z 0) = 1; a
 * negative or complex base with a non-integral exponent, or a complex exponent, is
 * exp(z2 log z1) in complex doubles (R7RS 6.2.6). */
RtValue rt_p_expt(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    int kb = rt_num_kind_checked(loc, "expt", a0), ke = rt_num_kind_checked(loc, "expt", a1);
    if (a1 == RT_FIX(0)) return RT_FIX(1);
    int e_int = ke == NK_FIX || ke == NK_BIG;
    if (rt_num_kind_exact_rational(kb) && e_int) return rational_pow(rr, loc, a0, a1);
    if (kb == NK_CPLX && e_int && rt_num_cx_is_exact(a0) && RT_IS_FIXNUM(a1)) { /* exact, by squaring */
        int64_t n = RT_FIXVAL(a1);
        uint64_t m = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
        RtValue acc = RT_FIX(1), sq = a0;
        while (m) {
            if (m & 1) acc = rt_num_mul(rr, loc, "expt", acc, sq);
            m >>= 1;
            if (m) sq = rt_num_mul(rr, loc, "expt", sq, sq);
        }
        return n < 0 ? rt_num_div(rr, loc, "expt", RT_FIX(1), acc) : acc;
    }
    if (kb != NK_CPLX && ke != NK_CPLX) {
        double x = rt_num_real_to_double(a0), y = rt_num_real_to_double(a1);
        if (!(x < 0) || y == floor(y) || isnan(y)) return rt_num_from_double(rr, pow(x, y));
    }
    /* a complex operand, or a negative base and a non-integral exponent */
    Cdouble b = rt_num_cx_cdouble(a0, kb), e = rt_num_cx_cdouble(a1, ke);
    if (b == 0) { /* (expt 0 z) = 0 when the real part of z is positive */
        if (!(creal(e) > 0)) rt_error_msg(loc, "expt", "undefined for a zero base and this exponent");
        return rt_num_kind_exact_rational(kb) ? RT_FIX(0) : rt_num_from_double(rr, 0.0);
    }
    return rt_num_cx_make_cdouble(rr, c_exp(e * c_log(b)));
}

static RtValue check_exact_nonneg(const char *loc, const char *who, RtValue v) {
    if (!rt_num_is_exact_int(v) || rt_num_exact_sign(v) < 0)
        rt_type_error(loc, who, "an exact non-negative integer", v);
    return v;
}

RtValue rt_p_exact_integer_sqrt(Region *rr, const char *loc, RtValue a0) {
    check_exact_nonneg(loc, "exact-integer-sqrt", a0);
    MpzView w;
    mpz_t s, r;
    mpz_inits(s, r, NULL);
    mpz_sqrtrem(s, r, rt_num_mpz_view(&w, a0));
    RtValue vs = rt_num_from_mpz(rr, s), vr = rt_num_from_mpz(rr, r);
    mpz_clears(s, r, NULL);
    return rt_num_values2(rr, vs, vr);
}

/* The square root of an exact rational >= 0: exact when numerator and denominator are perfect
 * squares, else the nearest flonum. */
static RtValue sqrt_exact_nonneg(Region *rr, RtValue v) {
    MpqView w;
    mpq_srcptr q = rt_num_mpq_view(&w, v);
    if (mpz_perfect_square_p(mpq_numref(q)) && mpz_perfect_square_p(mpq_denref(q))) {
        mpq_t r;
        mpq_init(r);
        mpz_sqrt(mpq_numref(r), mpq_numref(q));
        mpz_sqrt(mpq_denref(r), mpq_denref(q));
        return rt_num_take_mpq(rr, r);
    }
    double d;
    if (RT_IS_TYPE(v, TYPE_ID_INT) && mpz_sizeinbase(mpq_numref(q), 2) >= 1000) {
        /* beyond double range: the integer root is accurate to far more than 53 bits */
        mpz_t s;
        mpz_init(s);
        mpz_sqrt(s, mpq_numref(q));
        MpzView one;
        d = rt_ns_ratio_to_double(s, rt_num_mpz_view(&one, RT_FIX(1)));
        mpz_clear(s);
    } else d = sqrt(rt_num_exact_to_double(v));
    return rt_num_from_double(rr, d);
}

/* sqrt (R7RS 6.2.6): the principal root. A negative real's root is imaginary: exact when
 * exactly representable ((sqrt -4) = +2i), else inexact. A flonum with its sign bit set
 * (-0.0 too, as in Chez Scheme) counts as negative; compiled code's inline sqrt of a proven
 * non-negative flonum comes here only for a NaN. */
RtValue rt_p_sqrt(Region *rr, const char *loc, RtValue a0) {
    int k = rt_num_kind_checked(loc, "sqrt", a0);
    if (k == NK_FLO) {
        double x = RT_FLOVAL(a0);
        if (isnan(x) || !signbit(x)) return rt_num_from_double(rr, sqrt(x));
        return rt_num_cx_make_inexact(rr, 0.0, sqrt(-x));
    }
    if (k == NK_CPLX) {
        Cdouble r = csqrt(rt_num_cx_cdouble(a0, k));
        if (rt_num_cx_is_exact(a0)) { /* exact when the rounded root squares back exactly */
            double re = creal(r), im = cimag(r);
            if (isfinite(re) && isfinite(im)) {
                RtValue e = rt_num_cx_make_exact(rr, rt_num_exact_from_double(rr, re), rt_num_exact_from_double(rr, im));
                if (rt_num_equal(loc, "sqrt", rt_num_mul(rr, loc, "sqrt", e, e), a0)) return e;
            }
        }
        return rt_num_cx_make_cdouble(rr, r);
    }
    if (rt_num_exact_sign(a0) >= 0) return sqrt_exact_nonneg(rr, a0);
    RtValue r = sqrt_exact_nonneg(rr, rt_num_neg(rr, loc, "sqrt", a0));
    if (rt_num_kind(r) == NK_FLO) return rt_num_cx_make_inexact(rr, 0.0, RT_FLOVAL(r));
    return rt_num_cx_make_exact(rr, RT_FIX(0), r);
}

/* Natural log of a positive exact rational; bignums beyond double range go through their
 * binary exponent. */
static double exact_log(RtValue v) {
    if (RT_IS_TYPE(v, TYPE_ID_INT)) {
        MpzView w;
        mpz_srcptr z = rt_num_mpz_view(&w, v);
        if (mpz_sizeinbase(z, 2) < 1000) return log(rt_num_exact_to_double(v));
        long e;
        double m = mpz_get_d_2exp(&e, z);
        return log(m) + (double)e * M_LN2;
    }
    return log(rt_num_exact_to_double(v));
}

/* log of any number: a negative real's is complex, log|x| + pi i (R7RS 6.2.6). */
static RtValue num_log(Region *rr, const char *loc, RtValue v) {
    int k = rt_num_kind_checked(loc, "log", v);
    if (k == NK_CPLX) return rt_num_cx_make_cdouble(rr, c_log(rt_num_cx_cdouble(v, k)));
    if (k == NK_FLO) {
        double x = RT_FLOVAL(v);
        if (isnan(x) || !signbit(x)) return rt_num_from_double(rr, log(x));
        return rt_num_cx_make_inexact(rr, log(-x), M_PI);
    }
    if (v == RT_FIX(0)) rt_error_msg(loc, "log", "undefined for 0");
    if (v == RT_FIX(1)) return RT_FIX(0);
    if (rt_num_exact_sign(v) > 0) return rt_num_from_double(rr, exact_log(v));
    return rt_num_cx_make_inexact(rr, exact_log(rt_num_neg(rr, loc, "log", v)), M_PI);
}

/* (log z) and (log z1 z2) = log z1 / log z2 */
RtValue rt_p_log(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue x = num_log(rr, loc, argv[0]);
    if (argc == 1) return x;
    return rt_num_div(rr, loc, "log", x, num_log(rr, loc, argv[1]));
}

/* Complex arguments: C's casin, and acos z = pi/2 - asin z (R7RS 6.2.6, as Chez Scheme). */
static Cdouble c_asin(Cdouble z) { return casin(z); }
static Cdouble c_acos(Cdouble z) { return M_PI / 2 - casin(z); }
/* asin and acos of a real beyond [-1, 1], whose imaginary part is an exact zero (C's complex
 * arithmetic would give it a sign and pick the other side of the branch cut):
 * asin x = pi/2 - i acosh x for x > 1, -pi/2 + i acosh(-x) for x < -1. */
static Cdouble r_asin(double x) { return x > 0 ? rt_num_cmk(M_PI / 2, -acosh(x)) : rt_num_cmk(-M_PI / 2, acosh(-x)); }
static Cdouble r_acos(double x) { Cdouble a = r_asin(x); return rt_num_cmk(M_PI / 2 - creal(a), -cimag(a)); }


/* Like Chez Scheme, a transcendental function of the exact argument where its value is an
 * exact integer returns that integer: (exp 0) = 1, (sin 0) = 0. A real outside the real
 * domain (asin and acos beyond [-1, 1]) and a complex argument go through complex doubles. */
#define UNARY_FLO_PRIM(cname, who, fn, cfn, rfn, exact_arg, exact_res, in_domain)              \
    RtValue rt_p_##cname(Region *rr, const char *loc, RtValue a0) {                           \
        if (a0 == RT_FIX(exact_arg)) return RT_FIX(exact_res);                                \
        int k = rt_num_kind_checked(loc, who, a0);                                                \
        if (k != NK_CPLX) {                                                                    \
            double x = rt_num_real_to_double(a0);                                                     \
            if (in_domain) return rt_num_from_double(rr, fn(x));                                  \
            return rt_num_cx_make_cdouble(rr, rfn(x));                                                \
        }                                                                                      \
        return rt_num_cx_make_cdouble(rr, cfn(rt_num_cx_cdouble(a0, k)));                                    \
    }
UNARY_FLO_PRIM(exp, "exp", exp, c_exp, c_exp, 0, 1, 1)
UNARY_FLO_PRIM(sin, "sin", sin, csin, csin, 0, 0, 1)
UNARY_FLO_PRIM(cos, "cos", cos, ccos, ccos, 0, 1, 1)
UNARY_FLO_PRIM(tan, "tan", tan, ctan, ctan, 0, 0, 1)
UNARY_FLO_PRIM(asin, "asin", asin, c_asin, r_asin, 0, 0, !(x < -1 || x > 1))
UNARY_FLO_PRIM(acos, "acos", acos, c_acos, r_acos, 1, 0, !(x < -1 || x > 1))
#undef UNARY_FLO_PRIM

/* (atan z) and (atan y x) */
RtValue rt_p_atan(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    if (argc == 1) {
        if (argv[0] == RT_FIX(0)) return RT_FIX(0);
        int k = rt_num_kind_checked(loc, "atan", argv[0]);
        if (k == NK_CPLX) return rt_num_cx_make_cdouble(rr, catan(rt_num_cx_cdouble(argv[0], k)));
        return rt_num_from_double(rr, atan(rt_num_real_to_double(argv[0])));
    }
    double y = rt_num_to_double(loc, "atan", argv[0]), x = rt_num_to_double(loc, "atan", argv[1]);
    return rt_num_from_double(rr, atan2(y, x));
}


/* ============================================================================================
 * Complex numbers (R7RS 6.2.6: make-rectangular ... angle)
 * ========================================================================================== */
/* re + im i of two reals: a real when im is an exact 0, else exact or inexact as both are. */
static RtValue make_rect(Region *rr, RtValue re, int kre, RtValue im, int kim) {
    if (im == RT_FIX(0)) return rt_num_fresh(rr, re);
    if (kre == NK_FLO || kim == NK_FLO) return rt_num_cx_make_inexact(rr, rt_num_real_to_double(re), rt_num_real_to_double(im));
    return rt_num_cx_make_exact(rr, re, im);
}

RtValue rt_p_make_rectangular(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    int kr = rt_num_real_kind_checked(loc, "make-rectangular", a0), ki = rt_num_real_kind_checked(loc, "make-rectangular", a1);
    return make_rect(rr, a0, kr, a1, ki);
}

/* magnitude * (cos angle + i sin angle); an exact zero angle leaves the magnitude. */
RtValue rt_p_make_polar(Region *rr, const char *loc, RtValue a0, RtValue a1) {
    rt_num_real_kind_checked(loc, "make-polar", a0);
    rt_num_real_kind_checked(loc, "make-polar", a1);
    if (a1 == RT_FIX(0)) return rt_num_fresh(rr, a0);
    double m = rt_num_real_to_double(a0), t = rt_num_real_to_double(a1);
    return rt_num_cx_make_inexact(rr, m * cos(t), m * sin(t));
}

RtValue rt_p_real_part(Region *rr, const char *loc, RtValue a0) {
    if (RT_IS_OBJ(a0) && *RT_OBJ(a0) == RT_HDR(TYPE_ID_COMPNUM, 0))
        return rt_num_from_double(rr, RT_AS(RtCompnum, a0)->re.d);
    int k = rt_num_kind_checked(loc, "real-part", a0);
    if (k != NK_CPLX) return rt_num_fresh(rr, a0);
    if (rt_num_cx_is_exact(a0)) return rt_num_fresh(rr, RT_AS(RtCompnum, a0)->re.v);
    return rt_num_from_double(rr, RT_AS(RtCompnum, a0)->re.d);
}

/* A real's imaginary part is exact 0 (as Chez Scheme has it, flonums included). */
RtValue rt_p_imag_part(Region *rr, const char *loc, RtValue a0) {
    if (RT_IS_OBJ(a0) && *RT_OBJ(a0) == RT_HDR(TYPE_ID_COMPNUM, 0))
        return rt_num_from_double(rr, RT_AS(RtCompnum, a0)->im.d);
    int k = rt_num_kind_checked(loc, "imag-part", a0);
    if (k != NK_CPLX) return RT_FIX(0);
    if (rt_num_cx_is_exact(a0)) return rt_num_fresh(rr, RT_AS(RtCompnum, a0)->im.v);
    return rt_num_from_double(rr, RT_AS(RtCompnum, a0)->im.d);
}

RtValue rt_p_magnitude(Region *rr, const char *loc, RtValue a0) {
    int k = rt_num_kind_checked(loc, "magnitude", a0);
    if (k != NK_CPLX) return rt_p_abs(rr, loc, a0);
    if (rt_num_cx_is_exact(a0)) { /* sqrt(re^2 + im^2): exact when that is a perfect square */
        RtCompnum *c = RT_AS(RtCompnum, a0);
        RtValue s = rt_num_add(rr, loc, "magnitude", rt_num_mul(rr, loc, "magnitude", c->re.v, c->re.v),
                            rt_num_mul(rr, loc, "magnitude", c->im.v, c->im.v));
        return sqrt_exact_nonneg(rr, s);
    }
    return rt_num_from_double(rr, hypot(RT_AS(RtCompnum, a0)->re.d, RT_AS(RtCompnum, a0)->im.d));
}

/* The angle: exact 0 for a positive exact real, else atan2(im, re). */
RtValue rt_p_angle(Region *rr, const char *loc, RtValue a0) {
    int k = rt_num_kind_checked(loc, "angle", a0);
    if (rt_num_kind_exact_rational(k)) {
        if (rt_num_exact_sign(a0) >= 0) return RT_FIX(0);
        return rt_num_from_double(rr, M_PI);
    }
    Cdouble z = rt_num_cx_cdouble(a0, k);
    return rt_num_from_double(rr, atan2(cimag(z), creal(z)));
}

