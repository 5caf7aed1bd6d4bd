;; R7RS 4.2.2 let*-values: nested call-with-values, each init a thunk in the scope of the
;; formals before it (b.N in the second init is the first clause's b), formals with a rest
;; variable kept. let-values: every init outside every binding, so the formals are first
;; bound to temporaries and rebound by one let around the body.
; RUN: %regal --dump=expand %s | FileCheck %s
(define (f)
  (let*-values (((a b) (values 1 2))
                ((c . rest) (values (+ a b) a b)))
    (list a b c rest)))
(define (g)
  (let-values (((a b) (values 1 2)) (all (values 3 4)))
    (list a b all)))
; CHECK:      (define f
; CHECK-NEXT:   (lambda.{{[0-9]+}} ()
; CHECK-NEXT:     (call-with-values
; CHECK-NEXT:       (lambda.{{[0-9]+}} () (values 1 2))
; CHECK-NEXT:       (lambda.{{[0-9]+}} (a.[[A:[0-9]+]] b.[[B:[0-9]+]])
; CHECK-NEXT:         (call-with-values
; CHECK-NEXT:           (lambda.{{[0-9]+}} () (values (+ a.[[A]] b.[[B]]) a.[[A]] b.[[B]]))
; CHECK-NEXT:           (lambda.{{[0-9]+}} (c.[[C:[0-9]+]] . rest.[[R:[0-9]+]]) (let () (list a.[[A]] b.[[B]] c.[[C]] rest.[[R]]))))))))
; CHECK-NEXT: (define g
; CHECK-NEXT:   (lambda.{{[0-9]+}} ()
; CHECK-NEXT:     (call-with-values
; CHECK-NEXT:       (lambda.{{[0-9]+}} () (values 1 2))
; CHECK-NEXT:       (lambda.{{[0-9]+}} (#:v.[[V1:[0-9]+]] #:v.[[V2:[0-9]+]])
; CHECK-NEXT:         (call-with-values
; CHECK-NEXT:           (lambda.{{[0-9]+}} () (values 3 4))
; CHECK-NEXT:           (lambda.{{[0-9]+}} #:v.[[V3:[0-9]+]]
; CHECK-NEXT:             (let ((a.[[GA:[0-9]+]] #:v.[[V1]]) (b.[[GB:[0-9]+]] #:v.[[V2]]) (all.[[ALL:[0-9]+]] #:v.[[V3]])) (list a.[[GA]] b.[[GB]] all.[[ALL]]))))))))
