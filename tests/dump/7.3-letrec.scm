;; R7RS 7.3 letrec: every init evaluated before any variable is assigned, which differs from
;; letrec* only when an init's continuation is re-entered after a variable that can change
;; between passes was assigned. Where no init may capture a continuation (lambdas, constants)
;; or only one may, first among the variables that change, the letrec stays the letrec* it
;; was (f); else the variables whose inits may capture, or that the program sets, take their
;; values from one vector built by the inits (g: even? first, then the vector of x's and y's
;; inits). letrec* is left alone (h).
; RUN: %regal --dump=expand %s | FileCheck %s
(define (f)
  (letrec ((even? (lambda (n) (if (= n 0) #t (odd? (- n 1)))))
           (odd? (lambda (n) (if (= n 0) #f (even? (- n 1)))))
           (zero 0)
           (k (call/cc (lambda (c) c))))
    (list (even? 4) zero k)))
(define (g)
  (letrec ((x (call/cc list))
           (even? (lambda (n) (if (= n 0) #t (not (even? (- n 1))))))
           (y (call/cc list)))
    (list x (even? 2) y)))
(define (h)
  (letrec* ((x (call/cc list)) (y (call/cc list)))
    (list x y)))
; CHECK:      (define f
; CHECK-NEXT:   (lambda.{{[0-9]+}} ()
; CHECK-NEXT:     (letrec* ((even?.[[EV:[0-9]+]] (lambda.{{[0-9]+}} (n.[[N1:[0-9]+]]) (if (= n.[[N1]] 0) #t (odd?.[[OD:[0-9]+]] (- n.[[N1]] 1)))))
; CHECK-NEXT:               (odd?.[[OD]] (lambda.{{[0-9]+}} (n.[[N2:[0-9]+]]) (if (= n.[[N2]] 0) #f (even?.[[EV]] (- n.[[N2]] 1)))))
; CHECK-NEXT:               (zero.[[Z:[0-9]+]] 0)
; CHECK-NEXT:               (k.[[K:[0-9]+]] (call/cc (lambda.{{[0-9]+}} (c.[[C:[0-9]+]]) c.[[C]]))))
; CHECK-NEXT:       (list (even?.[[EV]] 4) zero.[[Z]] k.[[K]]))))
; CHECK-NEXT: (define g
; CHECK-NEXT:   (lambda.{{[0-9]+}} ()
; CHECK-NEXT:     (letrec* ((even?.[[GEV:[0-9]+]] (lambda.{{[0-9]+}} (n.[[N3:[0-9]+]]) (if (= n.[[N3]] 0) #t (not (even?.[[GEV]] (- n.[[N3]] 1))))))
; CHECK-NEXT:               (#:vals.[[V:[0-9]+]] (#%vector (call/cc list) (call/cc list)))
; CHECK-NEXT:               (x.[[X:[0-9]+]] (#%vector-ref #:vals.[[V]] 0))
; CHECK-NEXT:               (y.[[Y:[0-9]+]] (#%vector-ref #:vals.[[V]] 1)))
; CHECK-NEXT:       (list x.[[X]] (even?.[[GEV]] 2) y.[[Y]]))))
; CHECK-NEXT: (define h (lambda.{{[0-9]+}} () (letrec* ((x.[[HX:[0-9]+]] (call/cc list)) (y.[[HY:[0-9]+]] (call/cc list))) (list x.[[HX]] y.[[HY]]))))
