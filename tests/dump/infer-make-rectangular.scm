; Type inference of make-rectangular and make-polar (prims.def's RECT rule, infer.c): a complex
; number (compnum) when the second argument cannot be the fixnum 0, whatever the first (the
; runtime returns the first argument for an exact zero imaginary part or angle, and a compnum
; otherwise, inexact ones included: numtrans.c); any number when it may be 0. With the type a
; compnum, real-part and imag-part read a complex number, and mbrotZ's loop variable, carried a
; sum with one, is a copy variable (regions.c).
; RUN: %regal --dump=infer %s | FileCheck %s
(import (scheme base) (scheme write) (scheme complex))
(define (rect x y) (make-rectangular x y))
(define (polar r t) (make-polar r t))
(display (list (make-rectangular 1.5 -2.0) (make-rectangular 3 1/2) (rect 1 0) (rect 1 2)
               (make-polar 2.0 0.5) (polar 2 0)))
(newline)
; CHECK:      (define rect{procedure}
; CHECK:        (#%make-rectangular x.{{[0-9]+}}{fixnum} y.{{[0-9]+}}{fixnum}){fixnum|flonum|bignum|ratnum|compnum}
; CHECK:      (define polar{procedure}
; CHECK:        (#%make-polar r.{{[0-9]+}}{fixnum} t.{{[0-9]+}}{fixnum}){fixnum|flonum|bignum|ratnum|compnum}
; CHECK:      (#%make-rectangular 1.5{flonum} -2.0{flonum}){compnum}
; CHECK-NEXT: (#%make-rectangular 3{fixnum} 1/2{ratnum}){compnum}
; CHECK:      (#%make-polar 2.0{flonum} 0.5{flonum}){compnum}
