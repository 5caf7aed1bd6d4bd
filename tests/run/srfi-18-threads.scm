; SRFI 18 threads: make-thread, thread-start!, thread-join! (the thunk's value), thread-name,
; thread-specific, current-thread, thread?, thread-yield!, thread-sleep!, many threads at
; once, threads that make threads, a thread's own allocation (lists, strings, vectors) handed
; to its joiner, the creator's parameterize bindings seen by a new thread while its own
; parameterize stays its own (SRFI 18's dynamic environment), and time objects.
(import (scheme base) (scheme write) (srfi 18))

(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))

(define t (make-thread (lambda () (fib 20)) 'fib-thread))
(write (list (thread? t) (thread? 5) (thread-name t))) (newline)
(write (eq? t (thread-start! t))) (newline)
(write (thread-join! t)) (newline)
(write (thread-join! t)) (newline)                  ; joining again gives the value again

;; the value of a thread: what it built, handed to the joiner
(define (build k)
  (let loop ((i 0) (acc '()))
    (if (= i k) (list (reverse acc) (number->string k) (make-vector 3 k))
        (loop (+ i 1) (cons (* i i) acc)))))
(write (thread-join! (thread-start! (make-thread (lambda () (build 6)))))) (newline)

;; many threads, each with its own loop, joined in order
(define ts
  (map (lambda (k) (thread-start! (make-thread (lambda () (apply + (car (build (* k 100)))))))) 
       '(1 2 3 4 5 6 7 8)))
(write (map thread-join! ts)) (newline)

;; threads that make threads
(define (tree-sum depth)
  (if (= depth 0) 1
      (let ((l (thread-start! (make-thread (lambda () (tree-sum (- depth 1))))))
            (r (tree-sum (- depth 1))))
        (+ 1 (thread-join! l) r))))
(write (tree-sum 5)) (newline)

;; current-thread and thread-specific
(define me (current-thread))
(write (eq? me (current-thread))) (newline)
(define t2 (make-thread (lambda () (eq? (current-thread) me))))
(thread-specific-set! t2 '(some data))
(write (list (thread-join! (thread-start! t2)) (thread-specific t2))) (newline)
(define t3 (make-thread (lambda () (thread-specific-set! (current-thread) 'set-inside) 'done)))
(thread-start! t3)
(write (list (thread-join! t3) (thread-specific t3))) (newline)

;; yield and sleep
(define t4 (thread-start! (make-thread (lambda () (thread-yield!) (thread-sleep! 0.01) 'slept))))
(write (thread-join! t4)) (newline)

;; parameters: a new thread sees the bindings in force when it was made; its own bindings are
;; its own
(define p (make-parameter 'global))
(define seen
  (parameterize ((p 'outer))
    (let ((t (make-thread (lambda ()
                            (list (p) (parameterize ((p 'in-thread)) (p)) (p))))))
      (thread-start! t)
      (let ((mine (parameterize ((p 'main-inner)) (p))))
        (list (thread-join! t) mine (p))))))
(write (list seen (p))) (newline)

;; time objects
(define t0 (current-time))
(write (list (time? t0) (time? 1.5) (real? (time->seconds t0))
             (= 100.0 (time->seconds (seconds->time 100)))))
(newline)
