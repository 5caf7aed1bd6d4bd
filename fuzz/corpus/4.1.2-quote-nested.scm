; Nested quotes (R7RS 4.1.2): 'x inside quoted data is the list (quote x).
(write ''a) (newline)
(write '(quote a)) (newline)
(write (car ''a)) (newline)
(write (length ''a)) (newline)
(write '(a 'b)) (newline)
(write (cadr '(a 'b))) (newline)
(write (eq? (car ''a) 'quote)) (newline)
