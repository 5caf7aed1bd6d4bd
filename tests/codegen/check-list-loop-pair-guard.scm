; A loop over a list guarded by pair?: no pair test is left in the loop.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (sum l)
  (let loop ((l l) (acc 0))
    (if (pair? l) (loop (cdr l) (+ acc (car l))) acc)))
; CHECK-LABEL: _sum_direct({{.*}}) {
; CHECK: loop{{[0-9]+}}:;
; CHECK-NOT: rt_err
; CHECK: goto loop
; CHECK: {{^}}}
(display (sum (list 1 2 3)))
