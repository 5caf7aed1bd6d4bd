; apply in tail position is a tail call (R7RS 3.5, 6.10): 1,000,000 iterations.
(define (count-down n) (if (= n 0) 'finished (apply count-down (list (- n 1)))))
(display (count-down 1000000))
(newline)
