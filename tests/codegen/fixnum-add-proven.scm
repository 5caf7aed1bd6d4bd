; + of two proven fixnums: no tag test, but overflow is still detected and falls back to
; the generic rt_add (a bignum result).
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (total s v) (+ (string-length s) (vector-length v)))
; CHECK-LABEL: _total({{.*}}) {
; CHECK-NOT: rt_add2
; CHECK: __builtin_add_overflow(
; CHECK-SAME: ? rt_add(rr,
; CHECK: {{^}}}
(display (total "ab" (vector 1)))
