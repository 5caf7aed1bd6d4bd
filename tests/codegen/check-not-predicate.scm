; (if (not (pair? x)) 0 (car x)): not swaps the branches' narrowing.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (f x) (if (not (pair? x)) 0 (car x)))
; CHECK-LABEL: _f({{.*}}) {
; CHECK: if (!(RT_IS_PAIR(
; CHECK-NOT: rt_type_error
; CHECK: {{^}}}
(display (map f '((1) 2)))
