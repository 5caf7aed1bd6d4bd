; --types on a flonum procedure: parameters from the call sites, result from the body; the
; products and the sum of norm are then double operations, so no generic arithmetic is left.
; RUN: %regal --types %s | FileCheck %s
; RUN-INVERSE: --no-types
(define (norm x y) (+ (* x x) (* y y)))
(define (avg . xs) (/ (apply + xs) (length xs)))
; CHECK: norm: (flonum flonum) -> flonum
; CHECK: avg: (. list) -> fixnum|flonum|bignum
; CHECK: generic arithmetic (fixnum fast path, may allocate in the runtime): 0{{$}}
(display (norm 3.0 4.0))
(display (avg 1 2))
