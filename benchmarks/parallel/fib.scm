;; parallel fib (issue 18): a divide-and-conquer fib 42 that spawns the first branch of every
;; call above n = 25 as a task and touches it after computing the second (nested fork/join:
;; a touch inside a task runs other tasks while it waits).
(import (scheme base) (scheme write) (regal extras))
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(define (pfib n)
  (if (< n 25) (fib n)
      (let* ((a (spawn (lambda () (pfib (- n 1)))))
             (b (pfib (- n 2))))
        (+ (touch a) b))))
(display (pfib 42)) (newline)
