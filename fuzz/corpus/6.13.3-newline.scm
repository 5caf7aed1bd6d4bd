; newline and output without a final newline (R7RS 6.13.3).
(newline)
(display "a")
(newline)
(newline)
(display "b")
(display "c")
(newline)
(display "no final newline")
