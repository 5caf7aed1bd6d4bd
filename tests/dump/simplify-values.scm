; simplify.c (--dump=simplify): call-with-values of two literal lambdas, as written or as
; let-values and receive make it, becomes let: straight bindings when the producer ends in a
; (values ...) of the right count (through let), %values-ref of the producer's result
; otherwise; a consumer with a rest parameter stays a call; a lambda applied on the spot is a
; let. With -fno-simplify (OFF) the calls stay, so the checks of the pass fail there.
; RUN: %regal --dump=simplify %s | FileCheck %s
; RUN: %regal -fno-simplify --dump=simplify %s | FileCheck --check-prefix=OFF %s
(define (hide r x)
  (call-with-values
   (lambda () (values (vector values (lambda (y) y)) (if (< r 100) 0 1)))
   (lambda (v i) ((vector-ref v i) x))))
(define (divmod a b) (let-values (((q r) (floor/ a b))) (list q r)))
(define (swap p) (receive (a b) (let ((d (cdr p))) (values d (car p))) (cons a b)))
(define (rest-formals) (call-with-values (lambda () (values 1 2 3)) (lambda (a . r) (list a r))))
(define (applied x) ((lambda (y z) (+ y z)) x 1))
(display (list (hide 5 'x) (divmod 17 5) (swap '(1 . 2)) (rest-formals) (applied 2)))
(newline)
; CHECK-LABEL: (define hide
; CHECK-NEXT:    (lambda.{{[0-9]+}} (r.{{[0-9]+}} x.{{[0-9]+}})
; CHECK-NEXT:      (let ((v.{{[0-9]+}} (vector values (lambda.{{[0-9]+}} (y.{{[0-9]+}}) y.{{[0-9]+}}))) (i.{{[0-9]+}} (if
; CHECK-NEXT:        ((vector-ref v.{{[0-9]+}} i.{{[0-9]+}}) x.{{[0-9]+}}))))
; CHECK-LABEL: (define divmod
; CHECK:         (let ((values.[[T:[0-9]+]] (floor/ a.{{[0-9]+}} b.{{[0-9]+}})))
; CHECK-NEXT:      (let ((#:v.{{[0-9]+}} (#%%values-ref values.[[T]] 0 2)) (#:v.{{[0-9]+}} (#%%values-ref values.[[T]] 1 2)))
; CHECK-LABEL: (define swap
; CHECK-NEXT:    (lambda.{{[0-9]+}} (p.{{[0-9]+}}) (let ((d.[[D:[0-9]+]] (cdr p.{{[0-9]+}}))) (let ((a.{{[0-9]+}} d.[[D]]) (b.{{[0-9]+}} (car p.{{[0-9]+}}))) (cons
; CHECK-LABEL: (define rest-formals
; CHECK:         (call-with-values (lambda.{{[0-9]+}} () (values 1 2 3)) (lambda.{{[0-9]+}} (a.{{[0-9]+}} . r.{{[0-9]+}})
; CHECK-LABEL: (define applied
; CHECK-SAME:    (lambda.{{[0-9]+}} (x.[[X:[0-9]+]]) (let ((y.{{[0-9]+}} x.[[X]]) (z.{{[0-9]+}} 1)) (+
; OFF-LABEL: (define hide
; OFF:         (call-with-values
; OFF-LABEL: (define divmod
; OFF:         (call-with-values
; OFF-LABEL: (define applied
; OFF-SAME:    (lambda.{{[0-9]+}} (x.{{[0-9]+}}) ((lambda.{{[0-9]+}} (y.{{[0-9]+}} z.{{[0-9]+}})
