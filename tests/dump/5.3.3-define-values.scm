;; R7RS 5.3.3 define-values: the values collected into a vector bound to a temporary (a
;; global gensym at the top level, a letrec* variable in a body), each name defined as one
;; of its elements; a single identifier as formals takes the list of all values.
; RUN: %regal --dump=expand %s | FileCheck %s
(define-values (q r) (floor/ 7 2))
(define-values all (values 1 2))
(define (f)
  (define-values (a . b) (values 1 2 3))
  (list a b))
; CHECK:      (define #:dv.[[DV:[0-9]+]]
; CHECK-NEXT:   (call-with-values (lambda.{{[0-9]+}} () (floor/ 7 2)) (lambda.{{[0-9]+}} (#:v.[[V1:[0-9]+]] #:v.[[V2:[0-9]+]]) (vector #:v.[[V1]] #:v.[[V2]]))))
; CHECK-NEXT: (define q (vector-ref #:dv.[[DV]] 0))
; CHECK-NEXT: (define r (vector-ref #:dv.[[DV]] 1))
; CHECK-NEXT: (define all (call-with-values (lambda.{{[0-9]+}} () (values 1 2)) list))
; CHECK-NEXT: (define f
; CHECK-NEXT:   (lambda.{{[0-9]+}} ()
; CHECK-NEXT:     (letrec* ((#:dv.[[LDV:[0-9]+]] (call-with-values
; CHECK-NEXT:                          (lambda.{{[0-9]+}} () (values 1 2 3))
; CHECK-NEXT:                          (lambda.{{[0-9]+}} (#:v.[[W1:[0-9]+]] . #:v.[[W2:[0-9]+]]) (vector #:v.[[W1]] #:v.[[W2]]))))
; CHECK-NEXT:               (a.[[A:[0-9]+]] (vector-ref #:dv.[[LDV]] 0))
; CHECK-NEXT:               (b.[[B:[0-9]+]] (vector-ref #:dv.[[LDV]] 1)))
; CHECK-NEXT:       (list a.[[A]] b.[[B]]))))
