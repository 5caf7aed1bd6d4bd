; Without a bounding test, i + 1 of a fixnum i may overflow: the overflow path stays. (i is a
; fixnum because string-length is inferred to return one: no tag test, hence RUN-INVERSE.)
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (next s) (+ (string-length s) 1))
; CHECK-LABEL: _next_direct({{.*}}) {
; CHECK-NOT: RT_BOTH_FIXNUM
; CHECK: = !__builtin_add_overflow(
; CHECK-SAME: : rt_slow{{[0-9]+}}(rr,
; CHECK: {{^}}}
(display (next "ab"))
