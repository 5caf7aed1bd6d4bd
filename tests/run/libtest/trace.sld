; (libtest trace): imported by the three others; its body must run once, first.
(define-library (libtest trace)
  (export note! notes)
  (import (scheme base))
  (begin
    (define log '())
    (define (note! x) (set! log (cons x log)))
    (define (notes) (reverse log))
    (note! 'trace)))
