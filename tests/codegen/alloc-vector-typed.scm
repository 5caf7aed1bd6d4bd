; (vector a b): one sized allocation with TYPE_ID_VECTOR and the header written directly.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
(define (two a b) (vector a b))
; TYPED-LABEL: _two_direct({{.*}}) {
; TYPED: alloc_obj_sized(rr, TYPE_ID_VECTOR, 16)
; TYPED-NEXT: ->hdr = RT_HDR(TYPE_ID_VECTOR, 2);
; TYPED-NOT: mk_vector
; TYPED: {{^}}}
; CTOR-LABEL: _two_direct({{.*}}) {
; CTOR: mk_vector(rr, 2, RT_FALSE)
; CTOR-NOT: alloc_obj_sized
; CTOR: {{^}}}
(display (two 1 2))
