;; R7RS 4.1 primitive expression types as the expander leaves them: constants (self-evaluating
;; ones as written, the others quoted), global variables by name, local variables with their
;; unique id (the inner x shadows the outer one: two ids), lambdas with their id and a rest
;; parameter after a dot (or alone), if without else (unspecified), set!, define, begin (at
;; the top level its forms are spliced, R7RS 5.6.1); calls of primitives stay calls of the
;; global (only derived forms ask for the primitive itself, #%name).
; RUN: %regal --dump=expand %s | FileCheck %s
(define n 0)
(define (f x . rest)
  (set! n (+ n 1))
  (if (pair? rest) (car rest))
  (let ((x (* x 2)))
    (let ((x (list x 'x "x" #\x 1.5 #(1 2) '(a . b) '() #t)))
      x)))
(define g (lambda args args))
(begin (f 1) (g))
; CHECK:      (define n 0)
; CHECK-NEXT: (define f
; CHECK-NEXT:   (lambda.[[F:[0-9]+]] (x.[[X0:[0-9]+]] . rest.[[R:[0-9]+]])
; CHECK-NEXT:     (begin
; CHECK-NEXT:       (set! n (+ n 1))
; CHECK-NEXT:       (if (pair? rest.[[R]]) (car rest.[[R]]) #!unspecified)
; CHECK-NEXT:       (let ((x.[[X1:[0-9]+]] (* x.[[X0]] 2))) (let ((x.[[X2:[0-9]+]] (list x.[[X1]] 'x "x" #\x 1.5 #(1 2) '(a . b) '() #t))) x.[[X2]])))))
; CHECK-NEXT: (define g (lambda.{{[0-9]+}} args.[[A:[0-9]+]] args.[[A]]))
; CHECK-NEXT: (f 1)
; CHECK-NEXT: (g)
; CHECK-EMPTY:
