; lambda with fixed parameters (R7RS 4.1.4).
(define square (lambda (x) (* x x)))
(write (square 7)) (newline)
(write ((lambda () 42))) (newline)
(write ((lambda (a b c d e) (list e d c b a)) 1 2 3 4 5)) (newline)
(define reverse-subtract (lambda (x y) (- y x)))
(write (reverse-subtract 7 10)) (newline)
(write ((lambda (x) (define y (* x 2)) (+ x y)) 5)) (newline)
(write (procedure? square)) (newline)
