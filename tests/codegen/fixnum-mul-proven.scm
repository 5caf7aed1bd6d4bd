; * of proven fixnums: __builtin_mul_overflow on the untagged left operand, rt_mul on overflow.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (area s) (* (string-length s) (string-length s)))
; CHECK-LABEL: _area_direct({{.*}}) {
; CHECK: = !__builtin_mul_overflow((int64_t){{t[0-9]+}} >> 3,
; CHECK-SAME: : rt_slow{{[0-9]+}}(rr,
; CHECK: {{^}}}
(display (area "abc"))
