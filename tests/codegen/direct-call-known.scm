; Known calls go direct (issue 14): a call of a procedure known at compile time enters its
; direct entry (<name>_direct) with the arguments as C parameters, no argument count (rt_nargs
; is not set) and no closure (0) when the callee has no free variables; the generic entry, the
; closure's code, checks the count and tail-calls the direct one. With -fno-direct-calls the
; call goes through the generic entry, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-direct-calls
(define (add3 a b c) (+ a b c))
(define (use x) (add3 x 1 2))
; CHECK-LABEL: scm_lambda{{[0-9]+}}_add3(Region *rr, RtValue self, RtValue a0, RtValue a1, RtValue a2, RtValue a3) {
; CHECK-NEXT: if (RT_UNLIKELY(rt_nargs != 3)) rt_arity_error(
; CHECK-NEXT: RT_MUSTTAIL return scm_lambda{{[0-9]+}}_add3_direct(rr, self, a0, a1, a2, a3);
; CHECK-LABEL: _use_direct({{.*}}) {
; CHECK-NOT: rt_nargs
; CHECK: RT_MUSTTAIL return scm_lambda{{[0-9]+}}_add3_direct(rr, 0, {{t[0-9]+|v[0-9]+_x}}, RT_FIX(1LL), RT_FIX(2LL), 0);
; CHECK: {{^}}}
(display (use 4))
