; The sqrt and log of a flonum that may be negative are complex numbers (R7RS 6.2.6, issue
; 16): inference gives them flonum|compnum; sqrt is computed in doubles only after a test that
; its operand is not negative (a negative one goes to the runtime through the stub), log always
; goes to the runtime; a let-bound sum of squares is known non-negative and stays in doubles.
; (-fno-flonum-entries: the procedure under test keeps its direct entry with boxed flonums, the
; subject here; tests/codegen/flonum-entry.scm tests the flonum entries.)
; RUN: %regal -fno-flonum-entries -S -o - %s | FileCheck %s
(define (g x) (sqrt (- x 1.0)))
; CHECK: rt_slow[[S:[0-9]+]](Region *sr, RtValue s0) { return rt_p_sqrt(sr,
; CHECK-LABEL: _g_direct({{.*}}) {
; CHECK: if (!__builtin_signbit(RT_FLOVAL([[X:t[0-9]+]]))) {
; CHECK: __builtin_sqrt(RT_FLOVAL([[X]]))
; CHECK: rt_slow[[S]](rr, [[X]])
; CHECK: {{^}}}
(define (h x) (log (- x 1.0)))
; CHECK-LABEL: _h_direct({{.*}}) {
; CHECK: rt_p_log(
; CHECK-NOT: __builtin_log
; CHECK: {{^}}}
(define (d x y) (let ((d2 (+ (* x x) (* y y)))) (* d2 (sqrt d2) (log d2))))
; CHECK-LABEL: _d_direct({{.*}}) {
; CHECK: __builtin_sqrt(
; CHECK: __builtin_log(
; CHECK-NOT: rt_p_sqrt
; CHECK: {{^}}}
(display (list (g 0.5) (h 0.5) (d 3.0 4.0)))
