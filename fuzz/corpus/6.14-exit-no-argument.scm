; (exit) with no argument exits normally (R7RS 6.14) from inside nested calls.
(define (deep n) (if (= n 0) (exit) (+ 1 (deep (- n 1)))))
(display "start")
(newline)
(deep 100)
(display "not reached")
