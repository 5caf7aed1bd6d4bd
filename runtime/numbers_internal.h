/* numbers_internal.h: what numbers.c shares with numtrans.c and bitwise.c, and nothing else
 * includes: the number kinds, the GMP views of exact numbers, the constructors that keep the
 * invariants N1-N3 (numbers.c's opening comment), and the generic arithmetic with its fixnum
 * fast paths inline. Every name here is numbers.c's (rt_num_); generated code never sees them (regal.h
 * is its one header). Grouped like numbers.c's sections.
 */
#ifndef NUMBERS_INTERNAL_H
#define NUMBERS_INTERNAL_H
#include "regal.h"

#include <complex.h>
#include <gmp.h>
#include <math.h>
#undef complex
#undef I

typedef _Complex double Cdouble;

/* re + im i, without the NaNs that re + im * I makes of infinite parts (C11 6.2.5p13). */
static inline Cdouble rt_num_cmk(double re, double im) {
    union { Cdouble z; double d[2]; } u;
    u.d[0] = re;
    u.d[1] = im;
    return u.z;
}

/* ---- classification and checks ---- */
enum { NK_FIX, NK_BIG, NK_RAT, NK_FLO, NK_CPLX, NK_NONE };

static inline int rt_num_kind(RtValue v) {
    if (RT_IS_FIXNUM(v)) return NK_FIX;
    if (RT_IS_OBJ(v)) {
        switch (RT_HDR_TYPE(*RT_OBJ(v))) {
        case TYPE_ID_INT: return NK_BIG;
        case TYPE_ID_FLOAT: return NK_FLO;
        case TYPE_ID_RATNUM: return NK_RAT;
        case TYPE_ID_COMPNUM: return NK_CPLX;
        default: break;
        }
    }
    return NK_NONE;
}

static inline int rt_num_is_exact_int(RtValue v) { int k = rt_num_kind(v); return k == NK_FIX || k == NK_BIG; }
static inline int rt_num_kind_exact_rational(int k) { return k <= NK_RAT; }
/* A compnum's exactness (N3: both parts alike). */
static inline int rt_num_cx_is_exact(RtValue v) { return RT_HDR_COUNT(*RT_OBJ(v)) != 0; }

int rt_num_kind_checked(const char *loc, const char *who, RtValue v);      /* a number */
int rt_num_real_kind_checked(const char *loc, const char *who, RtValue v); /* not a compnum */
int rt_num_exact_sign(RtValue v);                                          /* -1, 0, 1 */

/* ---- the GMP bridge: read-only views, results into a region ---- */
typedef struct { mpz_t z; mp_limb_t limb; } MpzView; /* a fixnum's magnitude lives in `limb` */
typedef struct { mpq_t q; mp_limb_t limb; } MpqView;
mpz_srcptr rt_num_mpz_view(MpzView *w, RtValue v); /* an exact integer */
mpq_srcptr rt_num_mpq_view(MpqView *w, RtValue v); /* an exact rational */
RtValue rt_num_from_mpz(Region *rr, mpz_srcptr z); /* N1 */
RtValue rt_num_take_mpq(Region *rr, mpq_t q);      /* N2; canonical q, cleared */
static inline RtValue rt_num_from_double(Region *rr, double d) { return mk_float(rr, d); }
double rt_num_exact_to_double(RtValue v);          /* R7RS `inexact` of an exact rational */
double rt_num_real_to_double(RtValue v);
double rt_num_to_double(const char *loc, const char *who, RtValue v); /* a real, checked */
RtValue rt_num_exact_from_double(Region *rr, double d);               /* a finite double */
RtValue rt_num_values2(Region *rr, RtValue x, RtValue y);             /* two values */

/* ---- complex numbers (N3) ---- */
RtValue rt_num_cx_make_inexact(Region *rr, double re, double im);
RtValue rt_num_cx_make_cdouble(Region *rr, Cdouble z);
RtValue rt_num_cx_make_exact(Region *rr, RtValue re, RtValue im);
Cdouble rt_num_cx_cdouble(RtValue v, int k); /* any number of kind k in complex doubles */

/* ---- comparison and arithmetic; who names the primitive in error messages ---- */
int rt_num_equal(const char *loc, const char *who, RtValue a, RtValue b);

typedef enum { NUM_OP_ADD, NUM_OP_SUB, NUM_OP_MUL, NUM_OP_DIV } NumOp;
/* a op b when the fixnum fast path below does not apply */
RtValue rt_num_arith_slow(Region *rr, const char *loc, const char *who, NumOp op, RtValue a,
                          RtValue b);

/* Tagged fixnums add and subtract as words; an int64 overflow is exactly a 61-bit overflow. */
static inline RtValue rt_num_add(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    int64_t r;
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b) && !__builtin_add_overflow((int64_t)a, (int64_t)b, &r))
        return (RtValue)r;
    return rt_num_arith_slow(rr, loc, who, NUM_OP_ADD, a, b);
}
static inline RtValue rt_num_sub(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    int64_t r;
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b) && !__builtin_sub_overflow((int64_t)a, (int64_t)b, &r))
        return (RtValue)r;
    return rt_num_arith_slow(rr, loc, who, NUM_OP_SUB, a, b);
}
/* untagged a times tagged b is the tagged product */
static inline RtValue rt_num_mul(Region *rr, const char *loc, const char *who, RtValue a, RtValue b) {
    int64_t r;
    if (RT_IS_FIXNUM(a) && RT_IS_FIXNUM(b) &&
        !__builtin_mul_overflow(RT_FIXVAL(a), (int64_t)b, &r))
        return (RtValue)r;
    return rt_num_arith_slow(rr, loc, who, NUM_OP_MUL, a, b);
}
RtValue rt_num_div(Region *rr, const char *loc, const char *who, RtValue a, RtValue b);
RtValue rt_num_neg(Region *rr, const char *loc, const char *who, RtValue a);

#endif
