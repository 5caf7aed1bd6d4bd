; Generic arithmetic and comparisons on operands of unknown type have an inline flonum case
; (issue 14): after the fixnum test, two flonums are added in C doubles and the result boxed
; in the site's region (typed allocation); with one operand a known flonum (the constant 1.)
; there is no fixnum path and a fixnum operand converts, as numbers.c does. The comparison
; with a flonum constant tests only the other operand's type. -fno-inline-arith calls the
; runtime for all of them, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-arith
(define (run n)
  (let loop ((i n) (sum 0.))
    (if (< i 0.) sum (loop (- i 1.) (+ i sum)))))
; CHECK-LABEL: _run_direct({{.*}}) {
; CHECK: if ((RT_IS_TYPE([[I:t[0-9]+]], TYPE_ID_FLOAT) ? RT_FLOVAL([[I]]) < 0x0p+0 : rt_slow{{[0-9]+}}(
; CHECK: if ((RT_IS_FIXNUM([[J:t[0-9]+]]) || RT_IS_TYPE([[J]], TYPE_ID_FLOAT))) {
; CHECK-NEXT: RtFlonum *[[B:t[0-9]+]]_p = {{.*}}(TYPE_ID_FLOAT);
; CHECK: [[B]]_p->d = (RT_IS_FIXNUM([[J]]) ? (double)RT_FIXVAL([[J]]) : RT_FLOVAL([[J]])) - 0x1p+0;
; CHECK: if (RT_BOTH_FIXNUM([[X:t[0-9]+]], [[Y:t[0-9]+]]) && !__builtin_add_overflow(
; CHECK-NEXT: else if (RT_IS_TYPE([[X]], TYPE_ID_FLOAT) && RT_IS_TYPE([[Y]], TYPE_ID_FLOAT)) {
; CHECK: _p->d = RT_FLOVAL([[X]]) + RT_FLOVAL([[Y]]);
; CHECK: {{^}}}
(define (hide x) (vector-ref (vector x 0) 0))
(display (apply run (list (hide 10.))))
(newline)
(display (apply run (list (hide 10))))
(newline)
