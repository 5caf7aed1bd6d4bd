; Recursion unrolled (issue 14): ack calls itself other than in tail position, so its direct
; entry's self call goes to a copy of the body, <name>_rec1, whose self call goes to a second
; copy, rec2, whose self call goes back to the direct entry; the copies are inlined, and a deep
; recursion makes one C call and one return for three levels (the processor's return stack
; predicts at most 16-32 returns).
; With -fno-unroll-recursion there is no copy, so this test must fail then. A procedure that
; only calls itself in tail position (a loop) gets no copy.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-unroll-recursion
(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))
(define (count k acc) (if (= k 0) acc (count (- k 1) (+ acc 1))))
(display (list (ack 2 3) (count 10 0)))
; CHECK-LABEL: RT_UNROLLED RtValue scm_lambda{{[0-9]+}}_ack_rec2({{.*}}) {
; CHECK:       = scm_lambda{{[0-9]+}}_ack_direct(&rt_gc_region, 0,
; CHECK-LABEL: RT_UNROLLED RtValue scm_lambda{{[0-9]+}}_ack_rec1({{.*}}) {
; CHECK:       = scm_lambda{{[0-9]+}}_ack_rec2(&rt_gc_region, 0,
; CHECK-LABEL: static RtValue scm_lambda{{[0-9]+}}_ack_direct({{.*}}) {
; CHECK:       = scm_lambda{{[0-9]+}}_ack_rec1(&rt_gc_region, 0,
; CHECK-NOT:   _count_rec
; CHECK:       {"scm_lambda{{[0-9]+}}_ack_rec1", "ack",
; CHECK-NEXT:  {"scm_lambda{{[0-9]+}}_ack_rec2", "ack",
