; when and unless (R7RS 4.2.1).
(when (= 1 1.0) (display "1") (display "2") (newline))
(when (= 1 2) (display "never") (newline))
(unless (= 1 2) (display "3") (display "4") (newline))
(unless (= 1 1) (display "never") (newline))
(write (when #t 'a 'b 'c)) (newline)
(write (unless #f 'x 'y)) (newline)
(define (abs2 n) (when (< n 0) (set! n (- n))) n)
(write (list (abs2 -4) (abs2 4))) (newline)
