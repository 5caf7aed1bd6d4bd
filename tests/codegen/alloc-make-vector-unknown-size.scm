; make-vector with a size of unknown type: the typed allocation is still emitted, behind a
; fixnum test that is kept; anything else goes to rt_p_make_vector.
; RUN: %regal -S -o - %s | FileCheck %s
(define (mk n) (make-vector n #f))
; CHECK-LABEL: _mk_direct({{.*}}) {
; CHECK: RT_IS_FIXNUM(
; CHECK: alloc_obj_sized(rr, TYPE_ID_VECTOR,
; CHECK: else {{.*}} = rt_p_make_vector(
(display (apply mk '(1)))   ; apply: mk may get anything
