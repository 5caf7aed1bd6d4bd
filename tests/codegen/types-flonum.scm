; --types on a flonum procedure: parameters from the call sites, result from the body.
; RUN: %regal --types %s | FileCheck %s
(define (norm x y) (+ (* x x) (* y y)))
(define (avg . xs) (/ (apply + xs) (length xs)))
; CHECK: norm: (flonum flonum) -> flonum
; CHECK: avg: (. list) -> fixnum|flonum|bignum
(display (norm 3.0 4.0))
(display (avg 1 2))
