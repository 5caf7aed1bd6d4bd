; SRFI 18: an uncaught raise in a thread ends that thread, not the program, and reaches
; thread-join! as an uncaught-exception (uncaught-exception?, uncaught-exception-reason):
; a primitive's error, `error` with irritants, a raised non-condition; joining a failed thread
; again raises again; a thread's own handlers and guard work as on the program's thread; the
; dynamic-wind after thunks of a failed thread run; thread-join! with a timeout (a timeout
; value, or join-timeout-exception?); thread-start! twice and joining a non-thread are errors.
(import (scheme base) (scheme write) (srfi 18))

(define (reason-of t)
  (guard (e ((uncaught-exception? e)
             (let ((r (uncaught-exception-reason e)))
               (if (error-object? r)
                   (list 'error (error-object-message r) (error-object-irritants r))
                   (list 'raised r)))))
    (list 'value (thread-join! t))))

(define (kind-of t)   ; a primitive's error: its text is the implementation's own
  (guard (e ((uncaught-exception? e) (list 'error-object (error-object? (uncaught-exception-reason e)))))
    (list 'value (thread-join! t))))
(define t1 (thread-start! (make-thread (lambda () (car 5)))))
(write (kind-of t1)) (newline)
(write (kind-of t1)) (newline)                     ; a failed thread fails every join
(define t2 (thread-start! (make-thread (lambda () (error "bad thing:" 1 '(2 3))))))
(write (reason-of t2)) (newline)
(define t3 (thread-start! (make-thread (lambda () (raise (list 'my-condition 42))))))
(write (reason-of t3)) (newline)
(define t4 (thread-start! (make-thread (lambda () (vector-ref (vector 1 2) 2)))))
(write (kind-of t4)) (newline)

;; the thread's own guard catches what it raises
(define t5 (thread-start! (make-thread (lambda () (guard (e (#t (list 'caught-inside e))) (raise 'oops))))))
(write (reason-of t5)) (newline)

;; the after thunks of a failed thread run before it ends
(define log '())
(define m (make-mutex))
(define (note x) (mutex-lock! m) (set! log (cons x log)) (mutex-unlock! m))
(define t6 (thread-start! (make-thread (lambda ()
                                         (dynamic-wind
                                          (lambda () (note 'before))
                                          (lambda () (raise 'in-wind))
                                          (lambda () (note 'after)))))))
(write (reason-of t6)) (newline)
(write (reverse log)) (newline)

;; the program goes on after failed threads; with-exception-handler in the joiner
(write (call/cc
        (lambda (k)
          (with-exception-handler
           (lambda (e) (k (if (uncaught-exception? e) 'handled 'other)))
           (lambda () (thread-join! (thread-start! (make-thread (lambda () (raise 'x))))))))))
(newline)

;; timeouts
(define cv (make-condition-variable))
(define blocker (make-mutex))
(mutex-lock! blocker)
(define slow (thread-start! (make-thread (lambda () (mutex-lock! blocker) (mutex-unlock! blocker) 'finally))))
(write (thread-join! slow 0.01 'not-yet)) (newline)
(write (guard (e ((join-timeout-exception? e) 'timed-out)) (thread-join! slow 0.01))) (newline)
(mutex-unlock! blocker)
(write (thread-join! slow)) (newline)

;; misuse
(write (guard (e ((error-object? e) 'error)) (thread-start! slow))) (newline)
(write (guard (e ((error-object? e) 'error)) (thread-join! 'not-a-thread))) (newline)
