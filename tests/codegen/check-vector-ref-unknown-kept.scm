; vector-ref of values of unknown type keeps the vector test and the fixnum and bounds test (one rotate and compare, RT_FIX_INDEX).
; RUN: %regal -S -o - %s | FileCheck %s
(define (ref v i) (vector-ref v i))
; CHECK-LABEL: _ref_direct({{.*}}) {
; CHECK: RT_IS_TYPE({{.*}}, TYPE_ID_VECTOR) && RT_FIX_INDEX(
; CHECK: {{^}}}
(display (apply ref (list (vector 1) 0)))
