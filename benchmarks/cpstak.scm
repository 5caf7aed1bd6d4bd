;; cpstak: tak in continuation-passing style; every call allocates a closure.
(define (cpstak x y z)
  (define (tak x y z k)
    (if (not (< y x))
        (k z)
        (tak (- x 1) y z
             (lambda (v1)
               (tak (- y 1) z x
                    (lambda (v2)
                      (tak (- z 1) x y
                           (lambda (v3) (tak v1 v2 v3 k)))))))))
  (tak x y z (lambda (a) a)))
(define (run n acc) (if (= n 0) acc (run (- n 1) (+ acc (cpstak 22 16 8)))))
(display (run 120 0)) (newline)
