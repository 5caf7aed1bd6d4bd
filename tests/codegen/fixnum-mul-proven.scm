; * of proven fixnums: __builtin_mul_overflow on the untagged left operand, rt_mul on overflow.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (area s) (* (string-length s) (string-length s)))
; CHECK-LABEL: _area({{.*}}) {
; CHECK: __builtin_mul_overflow((int64_t){{t[0-9]+}} >> 3,
; CHECK-SAME: ? rt_mul(rr,
; CHECK-NOT: rt_mul2
; CHECK: {{^}}}
(display (area "abc"))
