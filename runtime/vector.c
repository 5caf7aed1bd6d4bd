/* vector.c: vectors (R7RS 6.8) and bytevectors (6.9). Indexes are checked
 * ("vector-ref: index 10 out of range for vector of length 3"); sizes must be non-negative
 * fixnums, and a size memory cannot hold ends in "out of memory" from the region allocator.
 */
#include "rtlib.h"

#define RT_VECARG(who, v) RT_CHECK(RT_IS_VECTOR(v), who, "a vector", v)
#define RT_BVARG(who, v) RT_CHECK(RT_IS_BYTEVECTOR(v), who, "a bytevector", v)
#define RT_VEC(v) (RT_AS(RtVector, v)->items)
#define RT_BV(v) (RT_AS(RtBytevector, v)->bytes)

static inline uint8_t rt_byte_arg(const char *loc, const char *who, RtValue v) {
    RT_CHECK(RT_IS_FIXNUM(v) && (uint64_t)RT_FIXVAL(v) < 256, who, "a byte", v);
    return (uint8_t)RT_FIXVAL(v);
}

RtValue rt_p_vector_p(Region *rr, const char *loc, RtValue x) { return RT_BOOL(RT_IS_VECTOR(x)); }

RtValue rt_p_make_vector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_size_arg(loc, "make-vector", argv[0]);
    return mk_vector(rr, (size_t)n, RT_OPT(1, RT_FALSE));
}

RtValue rt_p_vector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue v = mk_vector(rr, (size_t)argc, RT_FALSE);
    if (argc > 0) memcpy(RT_VEC(v), argv, (size_t)argc * sizeof(RtValue));
    return v;
}

RtValue rt_p_vector_length(Region *rr, const char *loc, RtValue v) {
    RT_VECARG("vector-length", v);
    return RT_FIX(RT_LEN(v));
}

RtValue rt_p_vector_ref(Region *rr, const char *loc, RtValue v, RtValue k) {
    RT_VECARG("vector-ref", v);
    return RT_VEC(v)[rt_index(loc, "vector-ref", k, RT_LEN(v), "vector", 0)];
}

RtValue rt_p_vector_set_x(Region *rr, const char *loc, RtValue v, RtValue k, RtValue x) {
    RT_VECARG("vector-set!", v);
    RtValue *slot = &RT_VEC(v)[rt_index(loc, "vector-set!", k, RT_LEN(v), "vector", 0)];
    *slot = x;
    rt_nursery_wb(slot, x);
    return RT_UNSPEC;
}

/* ---- flonum vectors (RtF64Vector, regal.h) -------------------------------------------------- */
#define RT_F64ARG(who, v) RT_CHECK(RT_IS_TYPE(v, TYPE_ID_F64VECTOR), who, "a vector", v)

RtValue rt_f64v_ref(Region *rr, const char *loc, RtValue v, RtValue k) {
    RT_F64ARG("vector-ref", v);
    return mk_float(rr, RT_AS(RtF64Vector, v)->d[rt_index(loc, "vector-ref", k, RT_LEN(v), "vector", 0)]);
}

void rt_f64v_set(const char *loc, RtValue v, RtValue k, double x) {
    RT_F64ARG("vector-set!", v);
    RT_AS(RtF64Vector, v)->d[rt_index(loc, "vector-set!", k, RT_LEN(v), "vector", 0)] = x;
}

RtValue rt_f64v_length(const char *loc, RtValue v) {
    RT_F64ARG("vector-length", v);
    return RT_FIX(RT_LEN(v));
}

RtValue rt_f64v_make(Region *rr, const char *loc, RtValue n, double fill) {
    int64_t len = rt_size_arg(loc, "make-vector", n);
    if (RT_UNLIKELY((uint64_t)len > ((uint64_t)1 << 48) / sizeof(double))) rt_out_of_memory();
    RtF64Vector *v = alloc_obj_sized(rr, TYPE_ID_F64VECTOR, (size_t)len * sizeof(double));
    v->hdr = RT_HDR(TYPE_ID_F64VECTOR, (uint64_t)len);
    for (int64_t i = 0; i < len; i++) v->d[i] = fill;
    return RT_TAG_AS_OBJ(v);
}

/* ---- boolean vectors (RtBoolVector, regal.h): a byte per element, 0 #f and 1 #t ---------- */
#define RT_BOOLVARG(who, v) RT_CHECK(RT_IS_TYPE(v, TYPE_ID_BOOLVECTOR), who, "a vector", v)

RtValue rt_boolv_ref(const char *loc, RtValue v, RtValue k) {
    RT_BOOLVARG("vector-ref", v);
    return RT_BOOL(RT_AS(RtBoolVector, v)->b[rt_index(loc, "vector-ref", k, RT_LEN(v), "vector", 0)]);
}

RtValue rt_boolv_set(const char *loc, RtValue v, RtValue k, RtValue x) {
    RT_BOOLVARG("vector-set!", v);
    RT_AS(RtBoolVector, v)->b[rt_index(loc, "vector-set!", k, RT_LEN(v), "vector", 0)] = x != RT_FALSE;
    return RT_UNSPEC;
}

RtValue rt_boolv_length(const char *loc, RtValue v) {
    RT_BOOLVARG("vector-length", v);
    return RT_FIX(RT_LEN(v));
}

RtValue rt_boolv_make(Region *rr, const char *loc, RtValue n, RtValue fill) {
    int64_t len = rt_size_arg(loc, "make-vector", n);
    if (RT_UNLIKELY((uint64_t)len > (uint64_t)1 << 48)) rt_out_of_memory();
    RtBoolVector *v = alloc_obj_sized(rr, TYPE_ID_BOOLVECTOR, (size_t)len);
    v->hdr = RT_HDR(TYPE_ID_BOOLVECTOR, (uint64_t)len);
    memset(v->b, fill != RT_FALSE, (size_t)len);
    return RT_TAG_AS_OBJ(v);
}

RtValue rt_p_vector_to_list(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_VECARG("vector->list", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "vector->list", argc, argv, 1, RT_LEN(argv[0]), "vector", &start, &end);
    RtValue l = RT_NIL;
    for (int64_t i = end - 1; i >= start; i--) l = rt_cons(rr, RT_VEC(argv[0])[i], l);
    return l;
}

RtValue rt_p_list_to_vector(Region *rr, const char *loc, RtValue l) {
    int64_t n = rt_list_length(l);
    RT_CHECK(n >= 0, "list->vector", "a proper list", l);
    RtValue v = mk_vector(rr, (size_t)n, RT_FALSE);
    for (int64_t i = 0; i < n; i++, l = RT_CDR(l)) RT_VEC(v)[i] = RT_CAR(l);
    return v;
}

RtValue rt_p_vector_fill_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_VECARG("vector-fill!", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "vector-fill!", argc, argv, 2, RT_LEN(argv[0]), "vector", &start, &end);
    for (int64_t i = start; i < end; i++) {
        RT_VEC(argv[0])[i] = argv[1];
        rt_nursery_wb(&RT_VEC(argv[0])[i], argv[1]);
    }
    return RT_UNSPEC;
}

RtValue rt_p_vector_copy(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_VECARG("vector-copy", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "vector-copy", argc, argv, 1, RT_LEN(argv[0]), "vector", &start, &end);
    RtValue v = mk_vector(rr, (size_t)(end - start), RT_FALSE);
    memcpy(RT_VEC(v), RT_VEC(argv[0]) + start, (size_t)(end - start) * sizeof(RtValue));
    return v;
}

/* (vector-copy! to at from [start [end]]): memmove, so overlapping ranges work. */
RtValue rt_p_vector_copy_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_VECARG("vector-copy!", argv[0]);
    RT_VECARG("vector-copy!", argv[2]);
    int64_t at = rt_index(loc, "vector-copy!", argv[1], RT_LEN(argv[0]), "vector", 1), start, end;
    rt_range_args(loc, "vector-copy!", argc, argv, 3, RT_LEN(argv[2]), "vector", &start, &end);
    if (end - start > RT_LEN(argv[0]) - at)
        rt_range_error(loc, "vector-copy!", at + end - start, "vector", RT_LEN(argv[0]));
    memmove(RT_VEC(argv[0]) + at, RT_VEC(argv[2]) + start, (size_t)(end - start) * sizeof(RtValue));
    for (int64_t i = at; i < at + end - start; i++) rt_nursery_wb(&RT_VEC(argv[0])[i], RT_VEC(argv[0])[i]);
    return RT_UNSPEC;
}

RtValue rt_p_vector_append(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = 0, k = 0;
    for (intptr_t i = 0; i < argc; i++) {
        RT_VECARG("vector-append", argv[i]);
        n += RT_LEN(argv[i]);
    }
    RtValue v = mk_vector(rr, (size_t)n, RT_FALSE);
    for (intptr_t i = 0; i < argc; i++) {
        memcpy(RT_VEC(v) + k, RT_VEC(argv[i]), (size_t)RT_LEN(argv[i]) * sizeof(RtValue));
        k += RT_LEN(argv[i]);
    }
    return v;
}

static int64_t rt_vectors_min(const char *loc, const char *who, intptr_t argc, const RtValue *argv) {
    rt_check_proc(loc, who, argv[0]);
    int64_t n = INT64_MAX;
    for (intptr_t i = 1; i < argc; i++) {
        RT_VECARG(who, argv[i]);
        if (RT_LEN(argv[i]) < n) n = RT_LEN(argv[i]);
    }
    return n;
}

RtValue rt_p_vector_map(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_vectors_min(loc, "vector-map", argc, argv);
    /* the results in reverse first, then the vector: a re-entered continuation never changes
     * a vector already returned (R7RS 6.10) */
    RtValue args[argc], rev = RT_NIL;
    for (int64_t k = 0; k < n; k++) {
        for (intptr_t i = 1; i < argc; i++) args[i - 1] = RT_VEC(argv[i])[k];
        rev = rt_cons(&rt_gc_region, rt_call(rr, loc, argv[0], argc - 1, args), rev);
    }
    RtValue v = mk_vector(rr, (size_t)n, RT_FALSE);
    for (int64_t k = n - 1; k >= 0; k--, rev = RT_CDR(rev)) RT_VEC(v)[k] = RT_CAR(rev);
    return v;
}

RtValue rt_p_vector_for_each(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_vectors_min(loc, "vector-for-each", argc, argv);
    RtValue args[argc];
    for (int64_t k = 0; k < n; k++) {
        for (intptr_t i = 1; i < argc; i++) args[i - 1] = RT_VEC(argv[i])[k];
        rt_call(rr, loc, argv[0], argc - 1, args);
    }
    return RT_UNSPEC;
}

/* ---- bytevectors ------------------------------------------------------------------------- */

RtValue rt_p_bytevector_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_BYTEVECTOR(x));
}

RtValue rt_p_make_bytevector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = rt_size_arg(loc, "make-bytevector", argv[0]);
    uint8_t fill = argc > 1 ? rt_byte_arg(loc, "make-bytevector", argv[1]) : 0;
    return mk_bytevector(rr, (size_t)n, fill);
}

RtValue rt_p_bytevector(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtValue b = mk_bytevector(rr, (size_t)argc, 0);
    for (intptr_t i = 0; i < argc; i++) RT_BV(b)[i] = rt_byte_arg(loc, "bytevector", argv[i]);
    return b;
}

RtValue rt_p_bytevector_length(Region *rr, const char *loc, RtValue b) {
    RT_BVARG("bytevector-length", b);
    return RT_FIX(RT_LEN(b));
}

RtValue rt_p_bytevector_u8_ref(Region *rr, const char *loc, RtValue b, RtValue k) {
    RT_BVARG("bytevector-u8-ref", b);
    return RT_FIX(RT_BV(b)[rt_index(loc, "bytevector-u8-ref", k, RT_LEN(b), "bytevector", 0)]);
}

RtValue rt_p_bytevector_u8_set_x(Region *rr, const char *loc, RtValue b, RtValue k, RtValue x) {
    RT_BVARG("bytevector-u8-set!", b);
    int64_t i = rt_index(loc, "bytevector-u8-set!", k, RT_LEN(b), "bytevector", 0);
    RT_BV(b)[i] = rt_byte_arg(loc, "bytevector-u8-set!", x);
    return RT_UNSPEC;
}

RtValue rt_p_bytevector_copy(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_BVARG("bytevector-copy", argv[0]);
    int64_t start, end;
    rt_range_args(loc, "bytevector-copy", argc, argv, 1, RT_LEN(argv[0]), "bytevector", &start, &end);
    RtValue b = mk_bytevector(rr, (size_t)(end - start), 0);
    memcpy(RT_BV(b), RT_BV(argv[0]) + start, (size_t)(end - start));
    return b;
}

RtValue rt_p_bytevector_copy_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RT_BVARG("bytevector-copy!", argv[0]);
    RT_BVARG("bytevector-copy!", argv[2]);
    int64_t at = rt_index(loc, "bytevector-copy!", argv[1], RT_LEN(argv[0]), "bytevector", 1);
    int64_t start, end;
    rt_range_args(loc, "bytevector-copy!", argc, argv, 3, RT_LEN(argv[2]), "bytevector", &start, &end);
    if (end - start > RT_LEN(argv[0]) - at)
        rt_range_error(loc, "bytevector-copy!", at + end - start, "bytevector", RT_LEN(argv[0]));
    memmove(RT_BV(argv[0]) + at, RT_BV(argv[2]) + start, (size_t)(end - start));
    return RT_UNSPEC;
}

RtValue rt_p_bytevector_append(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    int64_t n = 0, k = 0;
    for (intptr_t i = 0; i < argc; i++) {
        RT_BVARG("bytevector-append", argv[i]);
        n += RT_LEN(argv[i]);
    }
    RtValue b = mk_bytevector(rr, (size_t)n, 0);
    for (intptr_t i = 0; i < argc; i++) {
        memcpy(RT_BV(b) + k, RT_BV(argv[i]), (size_t)RT_LEN(argv[i]));
        k += RT_LEN(argv[i]);
    }
    return b;
}
