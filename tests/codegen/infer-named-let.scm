; A named-let variable that is a pair on entry and on every iteration stays a pair.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (build n)
  (let loop ((p (cons 0 '())) (n n))
    (if (= n 0) (car p) (loop (cons n p) (- n 1)))))
; CHECK-LABEL: _build_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (build 5))
