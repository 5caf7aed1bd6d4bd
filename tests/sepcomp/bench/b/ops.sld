;; (b ops): three one-line procedures, called across a compiled boundary by loop.scm.
(define-library (b ops)
  (export add3 mk-pair pair-sum)
  (import (scheme base))
  (begin
    (define (add3 a b c) (+ a b c))
    (define (mk-pair a b) (cons a b))
    (define (pair-sum p) (+ (car p) (cdr p)))))
