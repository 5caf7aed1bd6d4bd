; case clauses with => (R7RS 4.2.1): the key is passed to the receiver.
(define (f x)
  (case x
    ((1 2 3) => (lambda (n) (* n 100)))
    ((a b) => symbol->string)
    (else => (lambda (v) (list 'other v)))))
(write (f 2)) (newline)
(write (f 'b)) (newline)
(write (f "z")) (newline)
(write (case (* 2 3)
         ((2 3 5 7) 'prime)
         ((1 4 6 8 9) => (lambda (n) (list n 'composite)))))
(newline)
