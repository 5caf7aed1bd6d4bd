;; ack: Ackermann's function, deep non-tail recursion.
(define (ack m n)
  (cond ((= m 0) (+ n 1))
        ((= n 0) (ack (- m 1) 1))
        (else (ack (- m 1) (ack m (- n 1))))))
(define (run k acc) (if (= k 0) acc (run (- k 1) (+ acc (ack 3 9)))))
(display (run 30 0)) (newline)
