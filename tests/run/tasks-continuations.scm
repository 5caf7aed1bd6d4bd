; Continuations and threads or tasks (Regal's rules; Chez Scheme lets a thread call another's
; continuation, so this output is Regal's own): call/cc inside a task or a thread escapes
; within it; a continuation captured outside a task or by another thread and called inside it
; is an error of that task or thread ("called outside the thread or task that captured it"),
; raised at the join as an uncaught-exception; a thread's call/cc is escape-only, so calling
; its continuation after the call/cc returned is an error too; full continuations on the
; program's thread still re-enter.
(import (scheme base) (scheme write) (regal extras) (srfi 18))

(define (reason thunk)
  (guard (e ((uncaught-exception? e)
             (let ((r (uncaught-exception-reason e)))
               (if (error-object? r) (list 'error (error-object-message r)) (list 'raised r)))))
    (list 'value (thunk))))

;; inside a task and a thread: escapes within
(write (touch (spawn (lambda () (call/cc (lambda (k) (+ 1 (k 41))))))))
(newline)
(write (thread-join! (thread-start! (make-thread (lambda () (+ 1 (call/cc (lambda (k) (k 1) 99))))))))
(newline)
(write (touch (spawn (lambda () (guard (e (#t (list 'guarded e))) (raise 'inside))))))
(newline)

;; a continuation from outside, called inside
(write (call/cc (lambda (k) (reason (lambda () (touch (spawn (lambda () (k 'escaped)))))))))
(newline)
(write (call/cc (lambda (k) (reason (lambda () (thread-join! (thread-start! (make-thread (lambda () (k 'escaped))))))))))
(newline)

;; a thread's continuation after its call/cc returned
(write (reason (lambda ()
                 (thread-join!
                  (thread-start!
                   (make-thread (lambda ()
                                  (let ((saved #f) (n 0))
                                    (let ((v (call/cc (lambda (k) (set! saved k) 1))))
                                      (set! n (+ n v)))
                                    (if (< n 3) (saved 1) n)))))))))
(newline)

;; the program's own thread: full re-entry as before
(define n 0)
(define saved #f)
(let ((v (call/cc (lambda (k) (set! saved k) 1))))
  (set! n (+ n v)))
(if (< n 3) (saved 1))
(write n) (newline)
