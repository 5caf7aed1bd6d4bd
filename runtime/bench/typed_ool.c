/* typed_ool.c: the typed allocation the compiler emits, wrapped in out-of-line functions, so
 * that bench_runner can time it like for like with the out-of-line mk_* constructors (issue
 * 19): both a call into another translation unit, compiled with the same flags as the
 * runtime. Each function builds the whole object from its arguments, as the emitted code does
 * in place: header and every field written once (compiler/emit.c, typed mode).
 * Entry points: to_pair, to_float, to_box, to_closure2, to_vector3, to_make_vector,
 * to_make_string, to_record2 (declared in bench_runner.c).
 */
#include "regal.h"

#define OOL __attribute__((noinline))

OOL RtValue to_pair(Region *r, RtValue car, RtValue cdr) {
    RtPair *p = alloc_obj_typed(r, TYPE_ID_PAIR);
    p->car = car;
    p->cdr = cdr;
    return RT_TAG_AS_PAIR(p);
}

OOL RtValue to_float(Region *r, double d) {
    RtFlonum *f = alloc_obj_typed(r, TYPE_ID_FLOAT);
    f->hdr = RT_HDR(TYPE_ID_FLOAT, 0);
    f->d = d;
    return RT_TAG_AS_OBJ(f);
}

OOL RtValue to_box(Region *r, RtValue v) {
    RtBox *b = alloc_obj_typed(r, TYPE_ID_BOX);
    b->hdr = RT_HDR(TYPE_ID_BOX, 0);
    b->value = v;
    return RT_TAG_AS_OBJ(b);
}

OOL RtValue to_closure2(Region *r, RtCode code, RtValue f0, RtValue f1) {
    RtClosure *c = alloc_obj_sized(r, TYPE_ID_CLOSURE, 2 * sizeof(RtValue));
    c->hdr = RT_HDR(TYPE_ID_CLOSURE, 2);
    c->code = code;
    c->free[0] = f0;
    c->free[1] = f1;
    return RT_TAG_AS_OBJ(c);
}

OOL RtValue to_vector3(Region *r, RtValue a, RtValue b, RtValue c) {
    RtVector *v = alloc_obj_sized(r, TYPE_ID_VECTOR, 3 * sizeof(RtValue));
    v->hdr = RT_HDR(TYPE_ID_VECTOR, 3);
    v->items[0] = a;
    v->items[1] = b;
    v->items[2] = c;
    return RT_TAG_AS_OBJ(v);
}

/* (make-vector n fill) with n a proven fixnum in range, as emit.c emits it */
OOL RtValue to_make_vector(Region *r, int64_t n, RtValue fill) {
    RtVector *v = alloc_obj_sized(r, TYPE_ID_VECTOR, (size_t)n * sizeof(RtValue));
    v->hdr = RT_HDR(TYPE_ID_VECTOR, n);
    for (int64_t i = 0; i < n; i++) v->items[i] = fill;
    return RT_TAG_AS_OBJ(v);
}

/* (make-string n c) with n a proven fixnum in range and c a proven char */
OOL RtValue to_make_string(Region *r, int64_t n, uint32_t c) {
    RtString *s = alloc_obj_sized(r, TYPE_ID_STRING, (size_t)n * sizeof(uint32_t));
    s->hdr = RT_HDR(TYPE_ID_STRING, n);
    for (int64_t i = 0; i < n; i++) s->chars[i] = c;
    return RT_TAG_AS_OBJ(s);
}

OOL RtValue to_record2(Region *r, RtValue type, RtValue f0, RtValue f1) {
    RtRecord *rec = alloc_obj_sized(r, TYPE_ID_RECORD, 2 * sizeof(RtValue));
    rec->hdr = RT_HDR(TYPE_ID_RECORD, 2);
    rec->type = type;
    rec->fields[0] = f0;
    rec->fields[1] = f1;
    return RT_TAG_AS_OBJ(rec);
}
