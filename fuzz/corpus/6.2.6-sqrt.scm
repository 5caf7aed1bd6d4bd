; sqrt (R7RS 6.2.6) of inexact and non-square exact arguments.
(write (sqrt 16.0)) (newline)
(write (sqrt 2.0)) (newline)
(write (sqrt 0.25)) (newline)
(write (sqrt 2)) (newline)
(write (sqrt 1e100)) (newline)
(write (sqrt 0.0)) (newline)
(write (* (sqrt 10.0) (sqrt 10.0))) (newline)
