; A do loop variable bound to a vector and never stepped is a vector inside the loop: the
; vector test of vector-set! goes (the index, a constant, needs no fixnum test); the bounds
; check stays.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (fill! n)
  (do ((v (make-vector 3 0)) (i 0 (+ i 1))) ((= i n) v)
    (vector-set! v 0 i)))
; CHECK-LABEL: _fill_21_direct({{.*}}) {
; CHECK-NOT: RT_IS_TYPE({{.*}}, TYPE_ID_VECTOR)
; CHECK: if (RT_LIKELY((uint64_t)RT_FIXVAL(RT_FIX(0LL)) < RT_HDR_COUNT(
; CHECK-NOT: RT_IS_TYPE({{.*}}, TYPE_ID_VECTOR)
; CHECK: {{^}}}
(display (fill! 3))
