; A number that may be a fixnum (generic arithmetic on an argument of unknown type), used only
; in its frame, goes to the collected heap rather than make every call enter a region
; (regions.c's number rule); but where other sites make the procedure enter its local region
; anyway (g's list), it goes there on the paths that have entered it (emit_rg): (* x 3), after
; the list, boxes into rgl; (- x 1), in the test before it, still goes to the heap and does not
; make the path enter rgl early (fib-like procedures keep their entry free). With
; -fno-number-reuse (* x 3) goes to the heap too, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-number-reuse
(define (g x)
  (if (< (- x 1) 0)
      'neg
      (let ((l (list x x)))
        (if (< (* x 3) (length l)) 'small 'big))))
(display (g (read)))
(newline)
; CHECK:       rt_slow[[SUB:[0-9]+]](RtValue s0, RtValue s1) { return rt_sub(&rt_gc_region,
; CHECK-LABEL: _g_direct({{.*}}) {
; CHECK-NOT:   rt_region_enter
; CHECK:       rt_slow[[SUB]](
; CHECK:       Region rgl;
; CHECK-NEXT:  rt_region_enter(&rgl);
; CHECK:       __builtin_mul_overflow({{.*}} : rt_slow{{[0-9]+}}(&rgl,
