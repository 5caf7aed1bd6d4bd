; The rest of generic arithmetic on operands that may be flonums (issue 14): + of three
; operands, / of two, unary -, sqrt and negative? test that the operands are flonums, compute in
; doubles and box the result in the site's region (the quotient, an operand of sqrt, stays a
; C double: unboxed operands); other numbers take a cold stub. With
; -fno-inline-arith all of them are runtime calls, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-arith
(define (f a b c)
  (let ((s (+ a b c)))
    (if (negative? s) (- s) (sqrt (/ s a)))))
; CHECK-LABEL: _f_direct({{.*}}) {
; CHECK: if (RT_IS_TYPE([[A:t[0-9]+]], TYPE_ID_FLOAT) && RT_IS_TYPE([[B:t[0-9]+]], TYPE_ID_FLOAT) && RT_IS_TYPE([[C:t[0-9]+]], TYPE_ID_FLOAT)) {
; CHECK: _p->d = RT_FLOVAL([[A]]) + RT_FLOVAL([[B]]) + RT_FLOVAL([[C]]);
; CHECK: if ((RT_IS_FIXNUM([[S:t[0-9]+]]) ? (int64_t)[[S]] < 0 : RT_IS_TYPE([[S]], TYPE_ID_FLOAT) ? RT_FLOVAL([[S]]) < 0 : rt_slow{{[0-9]+}}([[S]]))) {
; CHECK: _p->d = -(RT_FLOVAL(
; CHECK: [[Q:t[0-9]+]]_d = RT_FLOVAL({{t[0-9]+}}) / RT_FLOVAL({{t[0-9]+}});
; CHECK: [[Q]] = RT_UNBOXED;
; CHECK: && !__builtin_signbit(([[R:t[0-9]+]] == RT_UNBOXED ? [[Q]]_d : RT_FLOVAL([[R]])))) {
; CHECK: _p->d = __builtin_sqrt(([[R]] == RT_UNBOXED ? [[Q]]_d : RT_FLOVAL([[R]])));
; CHECK: {{^}}}
(define (hide x) (vector-ref (vector x 0) 0))
(for-each (lambda (args) (write (apply f args)) (newline))
          (list (list 1. 2. 6.) (list -1. -2. -3.) (list 4 5 7) (list 1 2 -6) (list 1/2 1/4 1/4) (list 2. 3 4)))
