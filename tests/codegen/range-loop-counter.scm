; (< i n) with n a fixnum bounds i in the loop body, so i + 1 is a fixnum: no tag test and
; no overflow path, and i stays a fixnum; the accumulator keeps the generic path, its bignums
; (carried from iteration to iteration, replaced each time) in the collected heap.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN: %regal --types %s | FileCheck %s --check-prefix=TYPES
; RUN-INVERSE: --no-types
(define (count-up n) (let loop ((i 0) (acc 0)) (if (< i n) (loop (+ i 1) (+ acc i)) acc)))
; CHECK-LABEL: _count_up_direct({{.*}}) {
; CHECK: if ((int64_t){{t[0-9]+}} < (int64_t){{t[0-9]+}}) {
; CHECK: = (RtValue)((int64_t){{t[0-9]+}} + (int64_t)RT_FIX(1LL));
; CHECK: !__builtin_add_overflow(
; CHECK-SAME: : rt_slow{{[0-9]+}}(
; CHECK: {{^}}}
; TYPES: count-up: (fixnum) -> fixnum|bignum
(display (count-up (string-length "abcdef")))
