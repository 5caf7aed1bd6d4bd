; (and (pair? x) (pair? y)) narrows both variables in the consequent.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (both x y) (if (and (pair? x) (pair? y)) (cons (car x) (car y)) #f))
; CHECK-LABEL: _both_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (map both '((1) 2) '((3) (4))))
