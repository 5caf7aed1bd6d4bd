;; (proj right): imports (proj base).
(define-library (proj right)
  (export right-quad right-words)
  (import (scheme base) (proj base))
  (begin
    (define (right-quad x) ((twice sq) x))
    (define (right-words) (list 'alpha 'beta))
    (log! "right")))
