; call/cc whose continuation is only called in tail position (of its lambda, or of known
; procedures it is passed to in tail calls, whose parameter is used the same way) is a plain
; call of the lambda with `values` as the continuation (analyze.c, tail-only continuations):
; calling it is returning from the chain of tail calls, so no setjmp and nothing captured.
; ctak's continuations are all such. With -fno-tail-continuations they are setjmp escapes
; (rt_p_call_cc_escape), so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-tail-continuations
(define (ctak x y z) (call/cc (lambda (k) (ctak-aux k x y z))))
(define (ctak-aux k x y z)
  (if (not (< y x)) (k z)
      (call/cc (lambda (k)
        (ctak-aux k
          (call/cc (lambda (k) (ctak-aux k (- x 1) y z)))
          (call/cc (lambda (k) (ctak-aux k (- y 1) z x)))
          (call/cc (lambda (k) (ctak-aux k (- z 1) x y))))))))
(display (ctak 18 12 6))
(newline)
; CHECK-NOT:   rt_p_call_cc
; CHECK-LABEL: _ctak_direct({{.*}}) {
; CHECK-NOT:   rt_p_call_cc
; CHECK:       RtValue [[K:t[0-9]+]] = RT_TAG_AS_OBJ(&rt_pc_values);
; CHECK-NEXT:  RT_MUSTTAIL return scm_lambda{{[0-9]+}}_direct(rr, {{t[0-9]+}}, [[K]], 0, 0, 0);
