; Type inference (--dump=infer): every expression's type after it, each bound variable's type
; where it is bound, each lambda's result after its id. Pinned here: a predicate narrows its
; argument in the true branch (pair? makes l a pair for cdr), a comparison bounds a fixnum loop
; counter (i < n with n a fixnum: i + 1 stays a fixnum), a flonum let variable is kept unboxed,
; and result types come from prims.def (string-length: fixnum; newline: unspecified).
; RUN: %regal --dump=infer %s | FileCheck %s
(define (len l)
  (if (pair? l) (+ 1 (len (cdr l))) 0))
(define (count-to n)
  (let loop ((i 0))
    (if (< i n) (loop (+ i 1)) i)))
(define (scale x) (let ((y (* x 2.5))) (+ y 1.0)))
(define (show x) (display x) (newline))
(show (len '(1 2 3)))
(show (count-to 10))
(show (scale 4))
(show (string-length "abc"))
; CHECK:      (define len{procedure}
; CHECK-NEXT:   (lambda.{{[0-9]+}} (l.[[L:[0-9]+]]{unknown})
; CHECK-NEXT:     (if (#%pair? l.[[L]]{unknown}){boolean}
; CHECK-NEXT:         (#%+ 1{fixnum} (len{procedure} (#%cdr l.[[L]]{pair}){unknown}){fixnum|bignum}){fixnum|bignum}
; CHECK:      (define count-to{procedure}
; CHECK-NEXT:   (lambda.{{[0-9]+}} (n.[[N:[0-9]+]]{fixnum})
; CHECK:          (if (#%< i.[[I:[0-9]+]]{fixnum} n.[[N]]{fixnum}){boolean}
; CHECK-NEXT:         (loop.{{[0-9]+}}{procedure}
; CHECK-NEXT:           (#%+ i.[[I]]{fixnum} 1{fixnum}){fixnum}){fixnum}
; CHECK:      (let ((y.[[Y:[0-9]+]]{flonum unboxed} (#%* x.{{[0-9]+}}{fixnum} 2.5{flonum}){flonum}))
; CHECK-NEXT:   (#%+ y.[[Y]]{flonum} 1.0{flonum}){flonum}){flonum}){-> flonum}){unspecified}
; CHECK:      (#%newline){unspecified}){unspecified}){-> unspecified}){unspecified}
; CHECK:      (show{procedure} (#%string-length "abc"{string}){fixnum}){unspecified}
