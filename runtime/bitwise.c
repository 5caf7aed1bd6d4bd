/* bitwise.c: bitwise operations on exact integers of any size, in two's complement (SRFI 151's
 * core, the seven operations every other one of lib/srfi/151.sld is written over; R6RS and
 * Chez Scheme name them alike, but for bit-count): bitwise-not, bitwise-and, bitwise-ior,
 * bitwise-xor, arithmetic-shift, bit-count, integer-length.
 *
 * Fixnums take a fast path on the tagged word (and, or, xor and not of fixnums are fixnums;
 * a shift is done in 128 bits); bignums go through GMP, whose mpz_and, mpz_ior, mpz_xor and
 * mpz_com work in two's complement on the sign and magnitude representation. Results keep
 * N1 (numbers.c) through rt_num_from_mpz, and are never an argument (rt_num_fresh).
 */
#include "numbers_internal.h"
#include "rtlib.h"

static void bit_check_int(const char *loc, const char *who, RtValue v) {
    if (!rt_num_is_exact_int(v)) rt_type_error(loc, who, "an exact integer", v);
}

/* (bitwise-not i): -1 - i. */
RtValue rt_p_bitwise_not(Region *rr, const char *loc, RtValue a) {
    if (RT_IS_FIXNUM(a)) return RT_FIX(~RT_FIXVAL(a));
    bit_check_int(loc, "bitwise-not", a);
    MpzView w;
    mpz_t r;
    mpz_init(r);
    mpz_com(r, rt_num_mpz_view(&w, a));
    RtValue v = rt_num_from_mpz(rr, r);
    mpz_clear(r);
    return v;
}

typedef enum { BIT_AND, BIT_IOR, BIT_XOR } BitOp;

static RtValue bit_fold(Region *rr, const char *loc, const char *who, BitOp op, intptr_t argc,
                        const RtValue *argv) {
    int64_t acc = op == BIT_AND ? -1 : 0;
    intptr_t i = 0;
    for (; i < argc && RT_IS_FIXNUM(argv[i]); i++) {
        int64_t x = RT_FIXVAL(argv[i]);
        acc = op == BIT_AND ? acc & x : op == BIT_IOR ? acc | x : acc ^ x;
    }
    if (i == argc) return RT_FIX(acc);
    for (intptr_t j = i; j < argc; j++) bit_check_int(loc, who, argv[j]); /* before any mpz */
    mpz_t r;
    mpz_init_set_si(r, acc);
    for (; i < argc; i++) {
        MpzView w;
        mpz_srcptr x = rt_num_mpz_view(&w, argv[i]);
        if (op == BIT_AND) mpz_and(r, r, x);
        else if (op == BIT_IOR) mpz_ior(r, r, x);
        else mpz_xor(r, r, x);
    }
    RtValue v = rt_num_from_mpz(rr, r);
    mpz_clear(r);
    return v;
}

RtValue rt_p_bitwise_and(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return bit_fold(rr, loc, "bitwise-and", BIT_AND, argc, argv);
}
RtValue rt_p_bitwise_ior(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return bit_fold(rr, loc, "bitwise-ior", BIT_IOR, argc, argv);
}
RtValue rt_p_bitwise_xor(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    return bit_fold(rr, loc, "bitwise-xor", BIT_XOR, argc, argv);
}

/* (arithmetic-shift i count): i * 2^count, rounded toward minus infinity when count < 0. The
 * count is a fixnum; a left shift whose result would pass 2^32 bits is refused (an error, not
 * an attempt to allocate it). */
RtValue rt_p_arithmetic_shift(Region *rr, const char *loc, RtValue a, RtValue c) {
    bit_check_int(loc, "arithmetic-shift", a);
    if (!RT_IS_FIXNUM(c)) rt_type_error(loc, "arithmetic-shift", "a fixnum shift count", c);
    int64_t n = RT_FIXVAL(c);
    if (RT_IS_FIXNUM(a)) {
        int64_t x = RT_FIXVAL(a);
        if (n <= 0) return RT_FIX(n <= -63 ? (x < 0 ? -1 : 0) : x >> -n);
        if (x == 0) return a;
        if (n < 64) {
            __int128 r = (__int128)x * ((__int128)1 << n);
            if (r >= RT_FIXNUM_MIN && r <= RT_FIXNUM_MAX) return RT_FIX((int64_t)r);
        }
    }
    MpzView w;
    mpz_srcptr x = rt_num_mpz_view(&w, a);
    if (n > 0 && mpz_sizeinbase(x, 2) + (uint64_t)n > ((uint64_t)1 << 32))
        rt_error_msg(loc, "arithmetic-shift", "the result would have more than 2^32 bits "
                                              "(shift count %lld)", (long long)n);
    mpz_t r;
    mpz_init(r);
    if (n >= 0) mpz_mul_2exp(r, x, (mp_bitcnt_t)n);
    else mpz_fdiv_q_2exp(r, x, n == RT_FIXNUM_MIN ? ~(mp_bitcnt_t)0 : (mp_bitcnt_t)-n);
    RtValue v = rt_num_from_mpz(rr, r);
    mpz_clear(r);
    return v;
}

/* (bit-count i): the number of 1 bits of i >= 0, of 0 bits of i < 0 (SRFI 151; R6RS's
 * bitwise-bit-count differs on negatives). */
RtValue rt_p_bit_count(Region *rr, const char *loc, RtValue a) {
    (void)rr;
    if (RT_IS_FIXNUM(a)) {
        int64_t x = RT_FIXVAL(a);
        return RT_FIX(__builtin_popcountll((uint64_t)(x < 0 ? ~x : x)));
    }
    bit_check_int(loc, "bit-count", a);
    MpzView w;
    mpz_srcptr x = rt_num_mpz_view(&w, a);
    if (mpz_sgn(x) >= 0) return RT_FIX((int64_t)mpz_popcount(x));
    mpz_t r;
    mpz_init(r);
    mpz_com(r, x);
    int64_t k = (int64_t)mpz_popcount(r);
    mpz_clear(r);
    return RT_FIX(k);
}

/* (integer-length i): the bits i needs besides its sign: of i for i >= 0, of (bitwise-not i)
 * for i < 0; 0 for 0 and -1. */
RtValue rt_p_integer_length(Region *rr, const char *loc, RtValue a) {
    (void)rr;
    if (RT_IS_FIXNUM(a)) {
        int64_t x = RT_FIXVAL(a);
        uint64_t m = (uint64_t)(x < 0 ? ~x : x);
        return RT_FIX(m ? 64 - __builtin_clzll(m) : 0);
    }
    bit_check_int(loc, "integer-length", a);
    MpzView w;
    mpz_srcptr x = rt_num_mpz_view(&w, a);
    if (mpz_sgn(x) >= 0) return RT_FIX((int64_t)mpz_sizeinbase(x, 2));
    mpz_t r;
    mpz_init(r);
    mpz_com(r, x);
    int64_t k = mpz_sgn(r) ? (int64_t)mpz_sizeinbase(r, 2) : 0;
    mpz_clear(r);
    return RT_FIX(k);
}
