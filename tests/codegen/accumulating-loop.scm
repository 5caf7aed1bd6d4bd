; Accumulating loops (issue 14): fib's tail (+ (fib (- n 1)) (fib (- n 2))) adds the first
; call's result to an accumulator and jumps back with n - 2, and the base case returns the
; accumulator plus n, since fib's results are exact integers (+ is associative there). With
; -fno-accumulate both calls stay calls, so this test must fail then. A flonum version is left
; alone: reassociating flonum sums would change their rounding.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-accumulate
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(define (ffib n) (if (< n 2) (* 1.5 n) (+ (ffib (- n 1)) (ffib (- n 2)))))
(display (list (fib 20) (ffib 10)))
; CHECK-LABEL: _fib_direct({{.*}}) {
; CHECK:       RtValue racc = RT_FIX(0);
; CHECK-NEXT:  top:;
; CHECK:       __builtin_add_overflow((int64_t)racc, (int64_t)[[N:t[0-9]+]]
; CHECK:       return
; CHECK:       = scm_lambda{{[0-9]+}}_fib_{{direct|rec[0-9]+}}(rr, 0,
; CHECK:       racc = t{{[0-9]+}};
; CHECK:       goto top;
; CHECK-LABEL: _ffib_direct({{.*}}) {
; CHECK-NOT:   racc
; CHECK:       {{^}}}
