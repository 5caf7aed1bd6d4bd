;; R7RS 4.2.5 delay and delay-force: the expression becomes a thunk given to the runtime's
;; promise constructors (lazy for delay, delay-force for the iterative forcing chain).
; RUN: %regal --dump=expand %s | FileCheck %s
(define p (delay (begin (display "once") 42)))
(define (stream-tail s n)
  (delay-force (if (= n 0) s (stream-tail (cdr (force s)) (- n 1)))))
; CHECK:      (define p (%make-promise-lazy (lambda.{{[0-9]+}} () (begin (display "once") 42))))
; CHECK-NEXT: (define stream-tail
; CHECK-NEXT:   (lambda.{{[0-9]+}} (s.[[S:[0-9]+]] n.[[N:[0-9]+]])
; CHECK-NEXT:     (%make-promise-delay-force
; CHECK-NEXT:       (lambda.{{[0-9]+}} () (if (= n.[[N]] 0) s.[[S]] (stream-tail (cdr (force s.[[S]])) (- n.[[N]] 1)))))))
