; Fork/join tasks (regal extras): spawn and touch (a divide-and-conquer fib, nested spawns
; touched inside tasks), future?, parallel-map (order kept, an empty list, results built in
; the task's region and copied out: lists, strings, vectors, flonums, bignums, records,
; closures, shared structure and cycles), the same future touched twice, tasks that capture
; and share data made outside, errors in tasks (touch and parallel-map raise SRFI 18's
; uncaught-exception, again at every touch), detached tasks and wait-detached, and 100,000
; short tasks.
(import (scheme base) (scheme write) (scheme cxr) (regal extras) (srfi 18))

(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(define (pfib n)
  (if (< n 12) (fib n)
      (let* ((a (spawn (lambda () (pfib (- n 1)))))
             (b (pfib (- n 2))))
        (+ (touch a) b))))
(write (pfib 22)) (newline)

(define f (spawn (lambda () (* 6 7))))
(write (list (future? f) (future? 42) (touch f) (touch f))) (newline)

(write (parallel-map (lambda (x) (* x x)) '(1 2 3 4 5 6 7 8 9 10 11 12 13))) (newline)
(write (parallel-map (lambda (x) x) '())) (newline)

;; results made in the task and copied out
(define-record-type point (make-point x y) point? (x point-x) (y point-y))
(define out (touch (spawn (lambda ()
                            (let* ((shared (list 'a 'b))
                                   (s (string-append "str" (number->string 12)))
                                   (v (vector shared shared 1.5 (expt 2 100) (make-point 1 2))))
                              (list v s (lambda (k) (+ k (length shared)))))))))
(define v (car out))
(write (list (vector-ref v 0) (eq? (vector-ref v 0) (vector-ref v 1)) (vector-ref v 2)
             (vector-ref v 3) (point? (vector-ref v 4)) (point-y (vector-ref v 4))
             (cadr out) ((caddr out) 40)))
(newline)
(define cyc (touch (spawn (lambda () (let ((l (list 1 2 3))) (set-cdr! (cddr l) l) l)))))
(write (list (car cyc) (cadddr cyc) (eq? cyc (cdddr cyc)))) (newline)
(write (parallel-map (lambda (n) (list n (make-string n #\z) (exact->inexact (/ n 4))))
                     '(1 2 3)))
(newline)

;; data made outside, read by tasks
(define table (list->vector (map (lambda (i) (* i 3)) '(0 1 2 3 4 5 6 7 8 9))))
(write (parallel-map (lambda (i) (vector-ref table i)) '(9 0 5))) (newline)
(define outside (list 1 2 3))
(write (eq? outside (touch (spawn (lambda () outside))))) (newline)

;; errors
(define (reason thunk)
  (guard (e ((uncaught-exception? e)
             (let ((r (uncaught-exception-reason e)))
               (if (error-object? r) (list 'error (error-object-message r) (error-object-irritants r))
                   (list 'raised r)))))
    (thunk)))
(define bad (spawn (lambda () (error "task failed:" 7))))
(write (reason (lambda () (touch bad)))) (newline)
(write (reason (lambda () (touch bad)))) (newline)
(write (reason (lambda () (parallel-map (lambda (x) (if (= x 3) (raise 'three) x)) '(1 2 3 4))))) (newline)
(write (guard (e ((uncaught-exception? e) (error-object? (uncaught-exception-reason e))))
         (touch (spawn (lambda () (car (touch (spawn (lambda () '())))))))))
(newline)
(write (guard (e ((error-object? e) 'error)) (touch 5))) (newline)

;; a handler around touch is not the task's: the task's raise is its own
(write (guard (e (#t (list 'outer (uncaught-exception? e))))
         (touch (spawn (lambda () (raise 'inner))))))
(newline)

;; detached tasks
(define m (make-mutex))
(define total 0)
(let loop ((i 1))
  (when (<= i 100)
    (spawn-detached (lambda () (mutex-lock! m) (set! total (+ total i)) (mutex-unlock! m)))
    (loop (+ i 1))))
(wait-detached)
(write total) (newline)

;; many short tasks
(write (let loop ((i 0) (acc 0))
         (if (= i 100000) acc
             (loop (+ i 1) (+ acc (touch (spawn (lambda () (+ i 1)))))))))
(newline)
