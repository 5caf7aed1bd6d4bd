; vector-ref of values of unknown type keeps the vector and fixnum tests with the bounds check.
; RUN: %regal -S -o - %s | FileCheck %s
(define (ref v i) (vector-ref v i))
; CHECK-LABEL: _ref_direct({{.*}}) {
; CHECK: RT_IS_TYPE({{.*}}, TYPE_ID_VECTOR) && RT_IS_FIXNUM(
; CHECK: {{^}}}
(display (apply ref (list (vector 1) 0)))
