; (libtest stack): a stack kept in a private variable; `helper` is private here, and
; (libtest util) and the program define their own.
(define-library (libtest stack)
  (export push! pop! size (rename helper-count stack-helper-count))
  (import (scheme base) (libtest trace))
  (begin
    (define items '())
    (define calls 0)
    (define (helper) (set! calls (+ calls 1)) calls)
    (define (push! x) (helper) (set! items (cons x items)))
    (define (pop!)
      (helper)
      (let ((x (car items)))
        (set! items (cdr items))
        x))
    (define (size) (length items))
    (define (helper-count) calls)
    (note! 'stack)))
