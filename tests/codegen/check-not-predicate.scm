; (if (not (pair? x)) 0 (car x)): not swaps the branches' narrowing.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (f x) (if (not (pair? x)) 0 (car x)))
; CHECK-LABEL: _f_direct({{.*}}) {
; CHECK: if (!(RT_IS_PAIR(
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (map f '((1) 2)))
