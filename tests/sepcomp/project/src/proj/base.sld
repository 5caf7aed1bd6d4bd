;; (proj base): the root of the test project's libraries (tests/sepcomp/project/Makefile).
(define-library (proj base)
  (export sq twice log! log-lines)
  (import (scheme base))
  (begin
    (define lines '())
    (define (log! s) (set! lines (cons s lines)))
    (define (log-lines) (reverse lines))
    (define (sq x) (* x x))
    (define (twice f) (lambda (x) (f (f x))))
    (log! "base")))
