;; (x re): re-exports across a compiled boundary (tests/sepcomp.sh): a primitive renamed, a
;; keyword, macros naming built-in keywords, primitives and a private variable.
(define-library (x re)
  (export (rename car first) when my-if counter-ref twice double-all kons)
  (import (scheme base))
  (begin
    (define counter (vector 0))
    (define (counter-ref) (vector-ref counter 0))
    (define-syntax my-if (syntax-rules () ((_ c a b) (cond (c a) (else b)))))
    (define-syntax twice (syntax-rules () ((_ e) (begin (vector-set! counter 0 (+ 1 (vector-ref counter 0))) e e))))
    (define (double-all xs) (map (lambda (x) (* 2 x)) xs))
    (define kons cons)))
