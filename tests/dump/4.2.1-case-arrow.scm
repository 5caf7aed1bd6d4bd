;; R7RS 4.2.1 case: the key is evaluated once into a temporary, each clause is an or of
;; primitive eqv? tests against its data (quoted: symbols, characters, strings), a clause
;; with no data never matches; `=>` calls the procedure with the key, in a clause and in
;; else; without else the result is unspecified.
; RUN: %regal --dump=expand %s | FileCheck %s
(define (classify x)
  (case (* x 2)
    ((2 4) 'small)
    ((a #\b "s") => (lambda (k) (list 'odd k)))
    (() 'never)
    (else => (lambda (k) k))))
(define (no-else x) (case x ((1) 'one)))
; CHECK:      (define classify
; CHECK-NEXT:   (lambda.{{[0-9]+}} (x.[[X:[0-9]+]])
; CHECK-NEXT:     (let ((#:key.[[K:[0-9]+]] (* x.[[X]] 2)))
; CHECK-NEXT:       (if (if (#%eqv? #:key.[[K]] 2) #t (#%eqv? #:key.[[K]] 4))
; CHECK-NEXT:           'small
; CHECK-NEXT:           (if (if (if (#%eqv? #:key.[[K]] 'a) #t (#%eqv? #:key.[[K]] #\b)) #t (#%eqv? #:key.[[K]] "s"))
; CHECK-NEXT:               ((lambda.{{[0-9]+}} (k.[[K1:[0-9]+]]) (list 'odd k.[[K1]])) #:key.[[K]])
; CHECK-NEXT:               ((lambda.{{[0-9]+}} (k.[[K2:[0-9]+]]) k.[[K2]]) #:key.[[K]]))))))
; CHECK-NOT:  never
; CHECK-NEXT: (define no-else (lambda.{{[0-9]+}} (x.[[Y:[0-9]+]]) (let ((#:key.[[KY:[0-9]+]] x.[[Y]])) (if (#%eqv? #:key.[[KY]] 1) 'one #!unspecified))))
