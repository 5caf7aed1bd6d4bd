/* ctor_inline.h: the mk_* constructors of runtime/object.c as static inline functions, so that
 * bench_runner can time the constructor path inlined, like for like with the typed path that
 * the compiler emits inline (issue 19). The bodies are object.c's, copied statement for
 * statement; bench_runner checks before timing that each one builds the same bytes as the
 * shipped mk_* (verify_like_for_like), so a change in object.c that changes what a
 * constructor builds stops the run instead of going unnoticed.
 * Entry points: ci_pair, ci_float, ci_box, ci_closure, ci_vector, ci_string_fill, ci_record.
 */
#ifndef REGAL_BENCH_CTOR_INLINE_H
#define REGAL_BENCH_CTOR_INLINE_H

#include "regal.h"

static inline size_t ci_extra_bytes(size_t n, size_t elem) {
    if (RT_UNLIKELY(n > ((size_t)1 << 48) / elem)) rt_out_of_memory();
    return n * elem;
}

static inline RtValue ci_float(Region *r, double d) {
    RtFlonum *f = alloc_obj_typed(r, TYPE_ID_FLOAT);
    f->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
    f->d = d;
    return RT_TAG_AS_OBJ(f);
}

static inline RtValue ci_pair(Region *r, RtValue car, RtValue cdr) {
    RtPair *p = alloc_obj_typed(r, TYPE_ID_PAIR);
    p->car = car;
    p->cdr = cdr;
    return RT_TAG_AS_PAIR(p);
}

static inline RtValue ci_box(Region *r, RtValue v) {
    RtBox *b = alloc_obj_typed(r, TYPE_ID_BOX);
    b->hdr = RT_HDR(TYPE_ID_BOX, 0);
    b->value = v;
    return RT_TAG_AS_OBJ(b);
}

static inline RtValue ci_string_fill(Region *r, size_t len, uint32_t fill) {
    RtString *s = alloc_obj_sized(r, TYPE_ID_STRING, ci_extra_bytes(len, sizeof(uint32_t)));
    s->hdr = RT_HDR(TYPE_ID_STRING, len);
    for (size_t i = 0; i < len; i++) s->chars[i] = fill;
    return RT_TAG_AS_OBJ(s);
}

static inline RtValue ci_vector(Region *r, size_t len, RtValue fill) {
    RtVector *v = alloc_obj_sized(r, TYPE_ID_VECTOR, ci_extra_bytes(len, sizeof(RtValue)));
    v->hdr = RT_HDR(TYPE_ID_VECTOR, len);
    for (size_t i = 0; i < len; i++) v->items[i] = fill;
    return RT_TAG_AS_OBJ(v);
}

static inline RtValue ci_closure(Region *r, RtCode code, size_t nfree) {
    RtClosure *c = alloc_obj_sized(r, TYPE_ID_CLOSURE, ci_extra_bytes(nfree, sizeof(RtValue)));
    c->hdr = RT_HDR(TYPE_ID_CLOSURE, nfree);
    c->code = code;
    for (size_t i = 0; i < nfree; i++) c->free[i] = RT_UNSPEC;
    return RT_TAG_AS_OBJ(c);
}

static inline RtValue ci_record(Region *r, RtValue type, size_t nfields) {
    RtRecord *rec = alloc_obj_sized(r, TYPE_ID_RECORD, ci_extra_bytes(nfields, sizeof(RtValue)));
    rec->hdr = RT_HDR(TYPE_ID_RECORD, nfields);
    rec->type = type;
    for (size_t i = 0; i < nfields; i++) rec->fields[i] = RT_UNSPEC;
    return RT_TAG_AS_OBJ(rec);
}

#endif
