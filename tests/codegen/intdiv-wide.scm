; Integer division inline (issue 14): (modulo (+ (* s a) c) m) with fixnum leaves is computed in
; __int128, so the product that leaves the fixnum range never becomes a bignum; the slow path
; (another number, a zero divisor) is a cold stub doing the generic operations. With
; -fno-inline-arith the runtime is called, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-arith
(define (step s) (modulo (+ (* s 1103515245) 12345) 2147483648))
; CHECK: RtValue rt_slow[[SLOW:[0-9]+]]({{.*}}RtValue s0, RtValue s1, RtValue s2, RtValue s3) { return rt_p_modulo({{[^,]+}}, L{{[0-9]+}}, rt_add(&rt_gc_region, L{{[0-9]+}}, rt_mul(&rt_gc_region, L{{[0-9]+}}, s0, s1), s2), s3); }
; CHECK-LABEL: _step_direct({{.*}}) {
; CHECK: __int128 w0 = RT_FIXVAL(
; CHECK: __int128 [[T:t[0-9]+]]_x = ((w0 * w1) + w2), [[T]]_y = RT_FIXVAL(RT_FIX(2147483648LL));
; CHECK: if ([[T]]_r != 0 && (([[T]]_r < 0) != ((int64_t)RT_FIX(2147483648LL) < 0))) { [[T]]_r += [[T]]_y; [[T]]_q -= 1; }
; CHECK: [[T]] = RT_FIX((int64_t)[[T]]_r);
; CHECK: } else [[T]] = rt_slow[[SLOW]](
; CHECK: {{^}}}
(display (step 42))
