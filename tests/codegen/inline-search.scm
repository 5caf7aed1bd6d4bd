; memq, memv, assq, assv as inline loops (issue 14): the search is a static inline loop of
; regal.h (rt_assq_inline, rt_memq_inline) the C compiler sees at the call, not a call of the
; runtime's rt_p_assq; memv and assv search by eq? unless the key is one eqv? compares by value
; (a bignum, flonum, ...), which goes out of line. With -fno-inline-search every one is a call
; of the runtime, so this test must fail then.
; RUN: %regal -S -o - %s | FileCheck %s
; RUN-INVERSE: -fno-inline-search
(define (lookup k al) (assq k al))
(define (lookupv k al) (assv k al))
(define (in? x l) (memq x l))
(define (inv? x l) (memv x l))
(define al (list (cons 'a 1) (cons 'b 2)))
(display (list (lookup 'b al) (lookupv 'a al) (in? 'b '(a b c)) (inv? 2 '(1 2 3))))
; CHECK-DAG: = rt_assq_inline(
; CHECK-DAG: ? rt_p_assv({{.*}}) : rt_assq_inline(
; CHECK-DAG: = rt_memq_inline(
; CHECK-DAG: ? rt_p_memv({{.*}}) : rt_memq_inline(
