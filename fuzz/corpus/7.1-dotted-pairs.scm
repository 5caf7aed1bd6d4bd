; Dotted pair notation (R7RS 6.4): improper lists read and print in dotted form.
(write '(1 . 2)) (newline)
(write '(1 2 . 3)) (newline)
(write '(1 . (2 3))) (newline)
(write '(1 . (2 . (3 . ())))) (newline)
(write (cons 1 (cons 2 3))) (newline)
(write '((a . b) (c . d))) (newline)
(write (cdr '(x . y))) (newline)
