; = between an exact integer and a fixnum constant is one word compare (issue 14): a bignum is
; never equal to a number in the fixnum range (they are normalised), so no tag test is needed
; even when inference cannot prove the integer is a fixnum (m and n here may grow into bignums:
; n through +, m through - on whatever the caller passes). With -fno-inline-arith the compare
; keeps its fixnum test, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-arith
(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= 0 n) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))
(display (ack 2 3))
; CHECK-LABEL: _ack_direct({{.*}}) {
; CHECK:       if (t{{[0-9]+}} == RT_FIX(0LL)) {
; CHECK:       if (RT_FIX(0LL) == t{{[0-9]+}}) {
