; odd? and even? test a fixnum's low bit inline (only a bignum, a flonum or an error goes to the
; runtime), and exact-integer? is a tag test and a type test. With -fno-inline-arith odd? and
; even? call the runtime, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-arith
(define (f x) (if (odd? x) 'odd 'even))
(define (g x) (if (even? x) 'even 'odd))
(define (h x) (exact-integer? x))
(display (map f (list 1 2 (expt 2 70))))
(display (map g (list 1 2.0)))
(display (map h (list 1 'a)))
; CHECK-LABEL: _f_direct({{.*}}) {
; CHECK: (RT_IS_FIXNUM([[X:t[0-9]+]]) ? !!([[X]] & RT_FIX(1)) :
; CHECK: {{^}}}
; CHECK-LABEL: _g_direct({{.*}}) {
; CHECK: (RT_IS_FIXNUM([[Y:t[0-9]+]]) ? !([[Y]] & RT_FIX(1)) :
; CHECK: {{^}}}
; CHECK-LABEL: _h_direct({{.*}}) {
; CHECK: RT_IS_EXACT_INTEGER(
; CHECK: {{^}}}
