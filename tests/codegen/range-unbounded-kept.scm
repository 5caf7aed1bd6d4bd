; Without a bounding test, i + 1 of a fixnum i may overflow: the overflow path stays.
; RUN: %regal -S -o - %s | FileCheck %s
(define (next s) (+ (string-length s) 1))
; CHECK-LABEL: _next({{.*}}) {
; CHECK: __builtin_add_overflow(
; CHECK: }
(display (next "ab"))
