; --types: per top-level procedure, its parameter and result types; then the summary.
; In the else branch n >= 2, so n - 1 and n - 2 are fixnums (no overflow path) and n stays a
; fixnum; the sum of two results may overflow into a bignum. (-fno-accumulate: the count of
; generic arithmetic sites is that of the plain recursion, see accumulating-loop.scm.)
; RUN: %regal --types -fno-accumulate %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
; CHECK: fib: (fixnum) -> fixnum|bignum
; CHECK: allocation sites typed: 0/0
; CHECK: generic arithmetic (fixnum fast path, may allocate in the runtime): 1
; CHECK: checks removed: {{[0-9]+}}/{{[0-9]+}}
(display (fib 20))
