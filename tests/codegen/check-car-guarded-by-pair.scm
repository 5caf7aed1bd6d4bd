; (if (pair? x) (car x) ...): x is a pair in the consequent, so car has no pair test there.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (first-or-zero x) (if (pair? x) (car x) 0))
; CHECK-LABEL: _first_or_zero_direct({{.*}}) {
; CHECK: if (RT_IS_PAIR(
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (map first-or-zero '((1) 2)))
