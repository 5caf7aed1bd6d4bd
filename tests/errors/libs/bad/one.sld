; (bad one): exports `value`, and a private `secret`
(define-library (bad one)
  (export value)
  (import (scheme base))
  (begin (define value 1) (define secret 2)))
