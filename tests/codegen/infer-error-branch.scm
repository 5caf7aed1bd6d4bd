; A call of error never returns, so the result of checked is only the pair branch.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN: %regal --types %s | FileCheck %s --check-prefix=TYPES
; RUN-INVERSE: --no-types
(define (checked x) (if (pair? x) x (error "not a pair" x)))
(define (head x) (car (checked x)))
; TYPES: checked: (unknown) -> pair
; CHECK-LABEL: _head_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (apply head '((1))))   ; apply: head may get anything
