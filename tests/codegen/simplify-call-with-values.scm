; call-with-values of literal lambdas (simplify.c): the benchmarks' `hide`, which every ecraven
; program calls once per iteration, makes no closure, calls no runtime call-with-values and
; makes no values object: its vector goes to a region of the frame (before: two closures and a
; values object in the collected heap, and two calls through the runtime). (floor/ ...) under
; let-values makes its values object in the frame too and reads it with rt_p_values_ref.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-simplify
(define (hide r x)
  (call-with-values
   (lambda () (values (vector values (lambda (y) y)) (if (< r 100) 0 1)))
   (lambda (v i) ((vector-ref v i) x))))
(define (divmod a b) (let-values (((q r) (floor/ a b))) (+ q r)))
(display (list (hide (read) 'x) (divmod (read) 5)))
(newline)
; CHECK-LABEL: _hide_direct({{.*}}) {
; CHECK-NOT:   TYPE_ID_CLOSURE
; CHECK-NOT:   rt_heap
; CHECK-NOT:   rt_p_call_with_values
; CHECK:       alloc_obj_sized(&rgl, TYPE_ID_VECTOR, 16)
; CHECK-NOT:   rt_p_call_with_values
; CHECK:       return
; CHECK-LABEL: _divmod_direct({{.*}}) {
; CHECK-NOT:   rt_p_call_with_values
; CHECK:       rt_p_floor_div(&rgl,
; CHECK:       rt_p_values_ref(
; CHECK-NOT:   rt_p_call_with_values
; CHECK:       return
