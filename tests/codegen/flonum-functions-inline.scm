; Flonum functions in doubles (issue 14): sqrt, sin, atan of two arguments, floor and round of
; flonums are C calls on doubles, with no boxed flonum and no runtime call. sqrt stays in
; doubles only where its argument is known non-negative (here a sum of squares; issue 16:
; the sqrt of a negative flonum is a complex number); a NaN goes to the runtime. The same
; with types ignored calls rt_p_sqrt, so this test must fail with --no-types.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (f x y) (+ (sqrt (+ (* x x) (* y y))) (sin y) (atan x y) (floor x) (round y)))
; CHECK-LABEL: _f_direct({{.*}}) {
; CHECK: ({{t[0-9]+}} >= 0 ? __builtin_sqrt({{t[0-9]+}}) : RT_FLOVAL(rt_slow{{[0-9]+}}(
; CHECK: __builtin_sin(
; CHECK: __builtin_atan2(
; CHECK: __builtin_floor(
; CHECK: __builtin_rint(
; CHECK-NOT: rt_p_sqrt
; CHECK: {{^}}}
(display (f 2.0 0.5))
