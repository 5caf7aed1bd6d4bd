; + with an operand of unknown type keeps the inline fixnum tag test (rt_add2).
; RUN: %regal -S -o - %s | FileCheck %s
(define (inc x) (+ x 1))
; CHECK-LABEL: _inc_direct({{.*}}) {
; CHECK: = RT_BOTH_FIXNUM({{t[0-9]+}}, RT_FIX(1LL)) && !__builtin_add_overflow(
; CHECK-SAME: : rt_slow{{[0-9]+}}(rr,
; CHECK: {{^}}}
(display (apply inc '(1)))   ; apply: inc may get anything
