; (> i 0) bounds i from below: i - 1 cannot overflow, and the loop's result is a fixnum.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN: %regal --types %s | FileCheck %s --check-prefix=TYPES
; RUN-INVERSE: --no-types
(define (count-down n) (let loop ((i n)) (if (> i 0) (loop (- i 1)) i)))
; CHECK-LABEL: _count_down_direct({{.*}}) {
; CHECK: = (RtValue)((int64_t){{t[0-9]+}} - (int64_t)RT_FIX(1LL));
; CHECK-NOT: __builtin_sub_overflow
; CHECK: {{^}}}
; TYPES: count-down: (fixnum) -> fixnum
(display (count-down 5))
