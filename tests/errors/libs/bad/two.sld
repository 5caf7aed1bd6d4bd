; (bad two): exports a `value` of its own
(define-library (bad two)
  (export value)
  (import (scheme base))
  (begin (define value 2)))
