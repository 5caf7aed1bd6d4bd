; + with an operand of unknown type keeps the inline fixnum tag test (rt_add2).
; RUN: %regal -S -o - %s | FileCheck %s
(define (inc x) (+ x 1))
; CHECK-LABEL: _inc({{.*}}) {
; CHECK: rt_add2(rr,
; CHECK-NOT: __builtin_add_overflow
; CHECK: {{^}}}
(display (map inc '(1 2)))
