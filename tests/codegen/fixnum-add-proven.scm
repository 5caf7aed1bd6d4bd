; + of two proven fixnums: no tag test, but overflow is still detected and falls back to
; the generic rt_add (a bignum result).
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (total s v) (+ (string-length s) (vector-length v)))
; CHECK-LABEL: _total_direct({{.*}}) {
; CHECK-NOT: RT_BOTH_FIXNUM
; CHECK: = !__builtin_add_overflow(
; CHECK-SAME: : rt_slow{{[0-9]+}}(rr,
; CHECK: {{^}}}
(display (total "ab" (vector 1)))
