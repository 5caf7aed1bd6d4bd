; call/cc whose continuation is passed to a known procedure whose parameter is itself only
; called (or passed on to such a parameter) while that procedure runs is the setjmp escape:
; ctak passes its k to ctak-aux, which calls it or passes it to itself; fibc passes c to
; addc. A continuation passed to a procedure that stores it (keep) is a full one.
; (-fno-tail-continuations: these continuations are also tail-only, callcc-tail-only.scm.)
; RUN: %regal -fno-tail-continuations -S -o - %s | FileCheck %s
(define (ctak-aux k x y z)
  (if (not (< y x))
      (k z)
      (ctak-aux k (- x 1) y z)))
(define (ctak x y z) (call/cc (lambda (k) (ctak-aux k x y z))))
(define (addc x y k) (if (zero? y) (k x) (addc (+ x 1) (- y 1) k)))
(define (fibc x c)
  (if (< x 2) (c x)
      (addc (call/cc (lambda (c) (fibc (- x 1) c))) (call/cc (lambda (c) (fibc (- x 2) c))) c)))
(define saved '())
(define (keep k) (set! saved (cons k saved)) 0)
(define (kept) (call/cc (lambda (k) (keep k))))
(display (list (ctak 18 12 6) (fibc 10 (lambda (n) n)) (kept)))
(newline)
; CHECK-LABEL: _ctak_direct({{.*}}) {
; CHECK:       rt_p_call_cc_escape(
; CHECK-LABEL: _fibc_direct({{.*}}) {
; CHECK:       rt_p_call_cc_escape(
; CHECK:       rt_p_call_cc_escape(
; CHECK-LABEL: _kept_direct({{.*}}) {
; CHECK:       rt_p_call_cc(
