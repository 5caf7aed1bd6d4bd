;; tasks: N short fork/join tasks (issue 18): each spawned, run by the pool (or by the thread
;; that touches it), and touched; each builds a small list in its own region and returns a
;; number, and every 1000th returns a fresh list, copied out of its region into the collected
;; heap, which the next iteration drops. Detached tasks and parallel-map in the same loop.
;; Memory must not grow with the number of tasks (tests/memory.sh: peak at N = 1,000,000
;; within 1.2x of the peak at N = 100,000).
;; Usage: tasks N (default 1000). Prints N and the checksum.
(import (scheme base) (scheme write) (scheme process-context) (regal extras))
(define (arg k default)
  (let ((args (command-line)))
    (if (> (length args) k) (string->number (list-ref args k)) default)))
(define n (arg 1 1000))

(define (run n)
  (let loop ((i 0) (acc 0))
    (if (= i n)
        acc
        (let* ((f (spawn (lambda ()
                           (let ((l (list i (+ i 1) (+ i 2))))
                             (if (= 0 (remainder i 1000)) (reverse l) (apply + l))))))
               (v (touch f))
               (x (if (pair? v) (car v) v)))
          (when (= 0 (remainder i 100)) (spawn-detached (lambda () (make-vector 10 i))))
          (loop (+ i 1)
                (+ acc x (if (= 0 (remainder i 10000))
                             (apply + (parallel-map (lambda (k) (* k k)) (list i 1 2 3)))
                             0)))))))

(define r (run n))
(wait-detached)
(display n) (display " ") (display r) (newline)
; OUTPUT 100000: 100000 43490250040
; OUTPUT 1000000: 1000000 34334002500400
