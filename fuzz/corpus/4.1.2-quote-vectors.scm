; Literal vectors (R7RS 4.1.2, 6.8): quoted and self-evaluating, nested.
(write '#(1 2 3)) (newline)
(write #(a "s" #\c)) (newline)
(write '#(1 #(2 #(3)) (4 5))) (newline)
(write '#()) (newline)
(write (vector-ref '#(a b c) 1)) (newline)
(write (vector-length #(1 2 3 4))) (newline)
(write '(1 #(2 3) 4)) (newline)
