; (cyc b): the other half of the cycle
(define-library (cyc b)
  (export b)
  (import (scheme base)
          (cyc a))
  (begin (define (b) 1)))
