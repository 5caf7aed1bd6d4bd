;; The library of separate-direct-entry.scm, compiled with regal -c.
(define-library (b ops)
  (export add3 mk-pair pair-sum tag)
  (import (scheme base))
  (begin
    (define (add3 a b c) (+ a b c))
    (define (mk-pair a b) (cons a b))
    (define (pair-sum p) (+ (car p) (cdr p)))
    (define (tag x) (if (pair? x) 'pair 'other))))
