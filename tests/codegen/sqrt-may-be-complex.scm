; The sqrt and log of a flonum that may be negative are complex numbers (R7RS 6.2.6, issue
; 16), so they are not computed in doubles: inference gives them flonum|compnum and the call
; goes to the runtime; a let-bound sum of squares is known non-negative and stays in doubles.
; RUN: %regal -S -o - %s | FileCheck %s
(define (g x) (sqrt (- x 1.0)))
; CHECK-LABEL: _g_direct({{.*}}) {
; CHECK: rt_p_sqrt(
; CHECK-NOT: __builtin_sqrt
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
