; (make-vector 10 0): the size is a known fixnum, so only its range is tested before the
; typed allocation and the fill loop; constructors: mk_vector.
; RUN: %regal -S -o - %s | FileCheck %s --check-prefix=TYPED
; RUN: %regal -S --alloc=constructors -o - %s | FileCheck %s --check-prefix=CTOR
; RUN-INVERSE: --no-types
(define (ten) (make-vector 10 0))
; TYPED-LABEL: _ten_direct({{.*}}) {
; TYPED-NOT: RT_IS_FIXNUM
; TYPED: alloc_obj_sized(rr, TYPE_ID_VECTOR,
; TYPED: rt_p_make_vector
; TYPED: {{^}}}
; CTOR-LABEL: _ten_direct({{.*}}) {
; CTOR: mk_vector(rr, (size_t)RT_FIXVAL(
; CTOR: {{^}}}
(display (ten))
