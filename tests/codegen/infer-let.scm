; A let variable bound to a cons is a pair: car needs no test.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (f a) (let ((p (cons a 1))) (car p)))
; CHECK-LABEL: _f_direct({{.*}}) {
; CHECK-NOT: rt_err
; CHECK: {{^}}}
(display (f 1))
