; Exception handlers and re-entrant continuations (R7RS 6.10, 6.11): a continuation captured
; inside guard's body and re-entered after the guard returned is inside the guard again, so
; a raise there is caught by that guard; with-exception-handler's handler is back on
; re-entry and gone after each exit; a continuation captured in a handler is re-entered;
; an error inside a re-entered dynamic-wind runs its after thunk.
(define (guard-again)
  (let ((k #f) (n 0) (log '()))
    (let ((r (guard (e ((symbol? e) (list 'caught e)))
               (let ((v (call/cc (lambda (c) (set! k c) 0))))
                 (if (> v 0) (raise (string->symbol (string-append "boom" (number->string v)))))
                 'normal))))
      (set! log (cons r log))
      (set! n (+ n 1))
      (if (< n 3) (k n))
      (reverse log))))
(write (guard-again)) (newline)

(define (handler-restored)
  (let ((k #f) (n 0) (log '()))
    (with-exception-handler
      (lambda (e) (set! log (cons (list 'handled e) log)) 42)
      (lambda ()
        (let ((v (call/cc (lambda (c) (set! k c) 'first))))
          (set! log (cons (list 'value v (raise-continuable v)) log)))))
    (set! n (+ n 1))
    (if (< n 3) (k n))
    (reverse log)))
(write (handler-restored)) (newline)

(define (outside-handler)
  ;; after leaving with-exception-handler the outer guard sees the raise, not the handler
  (let ((k #f) (phase 0))
    (guard (e (#t (list 'outer-caught e phase)))
      (with-exception-handler
        (lambda (e) 'inner)
        (lambda () (call/cc (lambda (c) (set! k c)))))
      (set! phase (+ phase 1))
      (if (= phase 1) (k #f))
      (raise 'after-handler))))
(write (outside-handler)) (newline)

(define (capture-in-handler)
  (let ((k #f) (n 0))
    (let ((r (guard (e (#t (call/cc (lambda (c) (set! k c) (list 'handler e)))))
               (raise 'oops))))
      (set! n (+ n 1))
      (if (< n 3) (k (list 're-entered n)))
      r)))
(write (capture-in-handler)) (newline)

(define (error-in-reentered-wind)
  (let ((k #f) (log '()) (n 0))
    (guard (e (#t (set! log (cons 'error log))))
      (dynamic-wind
        (lambda () (set! log (cons 'in log)))
        (lambda ()
          (call/cc (lambda (c) (set! k c)))
          (if (> n 0) (raise 'failed-on-re-entry)))
        (lambda () (set! log (cons 'out log)))))
    (set! n (+ n 1))
    (if (< n 2) (k #f))
    (reverse log)))
(write (error-in-reentered-wind)) (newline)
