;; fib.scm for Chez Scheme threads: fib 42 cut into the calls at n = 25 (as fib.scm's tasks),
;; which WORKERS threads take from a shared list (pool.ss).
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(define (leaves n)    ; the calls below n = 25 that pfib would make, as a list
  (if (< n 25) (list n) (append (leaves (- n 1)) (leaves (- n 2)))))
(display (apply + (run-jobs fib (leaves 42)))) (newline)
