; list-tail and list-ref (R7RS 6.4).
(write (list-tail '(a b c d) 2)) (newline)
(write (list-tail '(a b c d) 0)) (newline)
(write (list-tail '(a b c d) 4)) (newline)
(write (list-ref '(a b c d) 2)) (newline)
(write (list-ref '(a b c d) 0)) (newline)
(write (list-ref '(1 (2 3) 4) 1)) (newline)
(define l (list 1 2 3))
(write (eq? (list-tail l 1) (cdr l))) (newline)
