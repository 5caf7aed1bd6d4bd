/* ffi.c: the out-of-line halves of foreign calls' conversions (regal.h, "Foreign calls"):
 * integers that are bignums (checked against the C type's range), strings to UTF-8 for C and
 * back, the error a value that does not convert raises, and the procedures %ffi-call and
 * %ffi-call-keep stand for (never called by compiled code: the compiler writes each foreign
 * call inline, compiler/emit_ffi.c).
 */
#include "rtlib.h"

#include "numbers_internal.h"

RT_COLD void rt_ffi_arg_error(const char *loc, const char *who, const char *what, RtValue got) {
    rt_type_error(loc, who, what, got);
}

/* A bignum in [lo, hi] (a fixnum out of range comes here too, and is refused). */
int64_t rt_ffi_s64_slow(RtValue v, int64_t lo, int64_t hi, const char *loc, const char *who,
                        const char *what) {
    if (RT_IS_TYPE(v, TYPE_ID_INT)) {
        MpzView w;
        mpz_srcptr z = rt_num_mpz_view(&w, v);
        if (mpz_fits_slong_p(z)) {
            long x = mpz_get_si(z);
            if (x >= lo && x <= hi) return x;
        }
    }
    rt_ffi_arg_error(loc, who, what, v);
}

uint64_t rt_ffi_u64_slow(RtValue v, uint64_t hi, const char *loc, const char *who,
                         const char *what) {
    if (RT_IS_TYPE(v, TYPE_ID_INT)) {
        MpzView w;
        mpz_srcptr z = rt_num_mpz_view(&w, v);
        if (mpz_sgn(z) > 0 && mpz_fits_ulong_p(z)) {
            unsigned long x = mpz_get_ui(z);
            if (x <= hi) return x;
        }
    }
    rt_ffi_arg_error(loc, who, what, v);
}

/* A string as NUL-terminated UTF-8 in scratch memory the collector reclaims once the call's
 * frame drops it; #f is NULL. C cannot see past a NUL, so a string holding one is refused. */
char *rt_ffi_string(RtValue v, const char *loc, const char *who, const char *what) {
    if (v == RT_FALSE) return NULL;
    if (!RT_IS_TYPE(v, TYPE_ID_STRING)) rt_ffi_arg_error(loc, who, what, v);
    int64_t n = RT_LEN(v);
    char *b = rt_gc_malloc_atomic((size_t)n * 4 + 1);
    size_t k = 0;
    for (int64_t i = 0; i < n; i++) {
        uint32_t c = RT_STR(v)->chars[i];
        if (c == 0) rt_error_msg(loc, who, "a string passed to C cannot hold the character U+0000");
        k += rt_utf8_encode(c, b + k);
    }
    b[k] = '\0';
    return b;
}

RtValue rt_ffi_from_u64_slow(Region *r, uint64_t x) {
    mpz_t z;
    mpz_init_set_ui(z, x);
    RtValue v = rt_num_from_mpz(r, z);
    mpz_clear(z);
    return v;
}

RtValue rt_ffi_from_string(Region *r, const char *s) { return s ? mk_string(r, s) : RT_FALSE; }

/* %ffi-call as a procedure value (a program that imports nothing can name it). */
RtValue rt_p_ffi_call(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_error_msg(loc, "%ffi-call", "only a foreign-procedure's own call can call C");
}
RtValue rt_p_ffi_call_keep(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    rt_error_msg(loc, "%ffi-call-keep", "only a foreign-procedure's own call can call C");
}
