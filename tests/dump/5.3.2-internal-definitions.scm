;; R7RS 5.3.2 internal definitions: the definitions of a body and the expressions between them
;; become one letrec* (an expression before the last definition is bound to an unused
;; temporary, so the order is kept); the expressions after the last definition are its body.
;; Each defined name is visible in every init (even was used before its definition).
; RUN: %regal --dump=expand %s | FileCheck %s
(define (f)
  (define (even? n) (if (= n 0) #t (odd? (- n 1))))
  (display "between")
  (define (odd? n) (if (= n 0) #f (even? (- n 1))))
  (even? 10))
; CHECK:      (define f
; CHECK-NEXT:   (lambda.{{[0-9]+}} ()
; CHECK-NEXT:     (letrec* ((even?.[[E:[0-9]+]] (lambda.{{[0-9]+}} (n.[[N1:[0-9]+]]) (if (= n.[[N1]] 0) #t (odd?.[[O:[0-9]+]] (- n.[[N1]] 1)))))
; CHECK-NEXT:               (#:seq.{{[0-9]+}} (display "between"))
; CHECK-NEXT:               (odd?.[[O]] (lambda.{{[0-9]+}} (n.[[N2:[0-9]+]]) (if (= n.[[N2]] 0) #f (even?.[[E]] (- n.[[N2]] 1))))))
; CHECK-NEXT:       (even?.[[E]] 10))))
