; --types summary: every inline allocation site of this program is typed, and the checks
; the types prove are counted as removed.
; RUN: %regal --types %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (pairs n) (cons (list n n) (vector n)))
(define (first p) (if (pair? p) (car p) #f))
; CHECK: pairs: (fixnum) -> pair
; CHECK: first: (pair) -> unknown
; CHECK: allocation sites typed: 4/4
; CHECK: calls of allocating runtime primitives: 0
; CHECK: checks removed: 1/1
(display (first (pairs 1)))
