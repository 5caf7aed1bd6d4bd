; Input of inverse-harness.scm: the same program with the check that inference makes true
; (car needs no pair test in the consequent), which --no-types makes false.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (first x) (if (pair? x) (car x) 0))
; CHECK-LABEL: _first_direct({{.*}}) {
; CHECK: RT_IS_PAIR(
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (first '(1)))
