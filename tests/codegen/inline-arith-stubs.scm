; Inline arithmetic with cold stubs (issue 14): (+ x 1) and (< x y) on operands of unknown type
; test both fixnum tags inline and add with an overflow check; the slow path (overflow, other
; numbers, errors) is a per-site cold function (rt_slow<n>) holding the location and the
; collected heap, so the hot function never mentions them. With -fno-inline-arith every
; operation calls the runtime, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-arith
(define (f x y) (if (< x y) (+ x 1) (- y 1)))
; CHECK: static RT_COLD int rt_slow[[LT:[0-9]+]](RtValue s0, RtValue s1) { return rt_num_lt(L{{[0-9]+}}, s0, s1); }
; CHECK: static RT_COLD RtValue rt_slow[[ADD:[0-9]+]](Region *sr, RtValue s0, RtValue s1) { return rt_add(sr, L{{[0-9]+}}, s0, s1); }
; CHECK-LABEL: _f_direct({{.*}}) {
; CHECK: if ((RT_BOTH_FIXNUM([[X:t[0-9]+]], [[Y:t[0-9]+]]) ? (int64_t)[[X]] < (int64_t)[[Y]] : rt_slow[[LT]]([[X]], [[Y]]))) {
; CHECK: = RT_BOTH_FIXNUM({{t[0-9]+}}, RT_FIX(1LL)) && !__builtin_add_overflow(
; CHECK-SAME: : rt_slow[[ADD]](rr,
; CHECK-NOT: rt_gc_region
; CHECK-NOT: (L{{[0-9]+}},
; CHECK: {{^}}}
(display (apply f (list 1 2)))   ; f escapes: its parameters are of unknown type
